"""Tuck boxes (pdf/tuckbox.py), read back from the PDF with pypdf: every panel of the flat template is an
unpainted `re n` rectangle, so its size in points is on the page, turned or not.

The sizes a crafter relies on: front and back are the card plus the play, the sides, lid and bottom are as deep as
the deck (pieces × the card-stock thickness + play), and the template lies on the page without panels overlapping.
"""
from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from pdf_helpers import operations, overlapping_glyphs, printed_set, spare_fronts, unpainted_rects
from pypdf import PdfReader

from content_tools import load_game
from tischlein.pdf.component import print_set
from tischlein.pdf.document import build_pdf
from tischlein.pdf.options import Options
from tischlein.pdf import tuckbox
from tischlein.pdf.tuckbox import CARD_MM, MIN_PIECES, PLAY_MM, build_tuckboxes, decks_to_box

MM = 72 / 25.4
GAMES = ("diced-veggies", "mahlzeit", "schwarzwaelder-kirsch", "suppenkasper", "ta-na-mesa")
TOL = 0.05          # points


def panels(reader: PdfReader, index: int) -> list[tuple[float, float, float, float]]:
    return unpainted_rects(reader, index)


@pytest.fixture(scope="module")
def mahlzeit(tmp_path_factory):
    content = load_game("mahlzeit")
    path = build_tuckboxes(content, "mahlzeit", Options(lang="en", paper="a4"),
                           tmp_path_factory.mktemp("tuck") / "mahlzeit-en-a4-tuckbox.pdf")
    return content, PdfReader(path)


def _sizes(rects):
    return sorted((round(w, 1), round(h, 1)) for _, _, w, h in rects)


def test_panels_are_card_plus_play_and_deck_deep(mahlzeit, tmp_path):
    content, reader = mahlzeit
    ps = print_set(content, "mahlzeit", "en", Options().card)
    (deck,) = decks_to_box(ps)
    spares = spare_fronts(PdfReader(build_pdf(content, "mahlzeit", Options(), tmp_path / "cards.pdf")))
    assert len(deck.pieces) == 110 and spares == 7 and len(reader.pages) == 1
    rects = panels(reader, 0)
    assert len(rects) == 13        # glue, front, side, back, side, lid, tongue, bottom, tab and four dust flaps
    W, H = (deck.size.width_mm + PLAY_MM) * MM, (deck.size.height_mm + PLAY_MM) * MM
    D = ((110 + spares) * CARD_MM + PLAY_MM) * MM          # the blank spares go in the box too
    assert round(D / MM, 2) == 38.44
    sizes = [(min(w, h), max(w, h)) for _, _, w, h in rects]        # the template may be turned on the page

    def count(a, b):
        a, b = min(a, b), max(a, b)
        return sum(1 for w, h in sizes if abs(w - a) < TOL and abs(h - b) < TOL)

    assert count(W, H) == 2              # front and back
    assert count(D, H) == 2              # the sides
    assert count(W, D) == 2              # lid and bottom
    assert count(10 * MM, H) == 1        # the glue strip


def _lies_apart_on_the_page(reader: PdfReader, index: int) -> None:
    page_w, page_h = float(reader.pages[index].mediabox.width), float(reader.pages[index].mediabox.height)
    rects = panels(reader, index)
    for x, y, w, h in rects:
        m = 5 * MM - TOL                    # the card sheets' margin, which the boxes keep too
        assert x >= m and y >= m and x + w <= page_w - m and y + h <= page_h - m
    for i, (x, y, w, h) in enumerate(rects):
        for (x2, y2, w2, h2) in rects[i + 1:]:
            overlap_w = min(x + w, x2 + w2) - max(x, x2)
            overlap_h = min(y + h, y2 + h2) - max(y, y2)
            assert overlap_w <= TOL or overlap_h <= TOL, ((x, y, w, h), (x2, y2, w2, h2))


def test_template_lies_on_the_page_and_no_panels_overlap(mahlzeit):
    _, reader = mahlzeit
    _lies_apart_on_the_page(reader, 0)


def test_the_page_states_the_thickness_assumption(mahlzeit):
    _, reader = mahlzeit
    text = reader.pages[0].extract_text()
    assert "117 pieces × 0.32 mm" in text and "300 g/m²" in text and "38.44 mm deep" in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_deck_of_every_game_gets_a_box_that_fits_the_paper(paper, tmp_path):
    """Boxes share pages (panels of two boxes never overlap): no small box of chips or tokens takes a sheet."""
    pages = {}
    for game_id in GAMES:
        content = load_game(game_id)
        decks = decks_to_box(printed_set(content, game_id, Options(paper=paper)))     # with the spares
        assert all(len(d.pieces) >= MIN_PIECES for d in decks)
        path = build_tuckboxes(content, game_id, Options(lang="en", paper=paper), tmp_path / f"{game_id}.pdf")
        reader = PdfReader(path)
        pages[game_id] = len(reader.pages)
        rects = [r for i in range(len(reader.pages)) for r in panels(reader, i)]
        assert len(rects) == 13 * len(decks), game_id
        for i in range(len(reader.pages)):
            _lies_apart_on_the_page(reader, i)
        for deck in decks:
            depth = (len(deck.pieces) * CARD_MM + PLAY_MM) * MM
            sides = [r for r in rects if abs(min(r[2], r[3]) - depth) < TOL]
            assert len(sides) >= 4, (game_id, len(deck.pieces))    # two sides, lid and bottom: the deck's depth
    # one sheet for every game, though Tá na Mesa has three boxes and Suppenkasper two (they had a sheet each;
    # on Letter, Tá na Mesa's token box had one until the margins were the card sheets' 5 mm)
    assert pages == {g: 1 for g in GAMES}, pages


@pytest.mark.parametrize("lang", ["en", "de", "pt"])
def test_no_letter_of_a_box_runs_over_the_edge_of_its_panel(lang, tmp_path):
    """The front label was 11 pt whatever the box: on a 25 mm token box it ran over the glue strip and the side.
    Every glyph lies inside one panel or outside all of them (the captions above the templates). And none is
    printed over another: the label lay on the front, over the card back's own title banner (Diced Veggies'
    'Diced Veggies' half covered, 'RECIPE' peeking out under it); it is on the plain back now."""
    for game_id in GAMES:
        content = load_game(game_id)
        path = build_tuckboxes(content, game_id, Options(lang=lang, paper="letter"), tmp_path / f"{game_id}.pdf")
        assert overlapping_glyphs(path) == [], game_id
        reader, pdf = PdfReader(path), pdfium.PdfDocument(str(path))
        for index in range(len(pdf)):
            rects = panels(reader, index)
            text = pdf[index].get_textpage()
            for k in range(text.count_chars()):
                char = text.get_text_range(k, 1)
                if not char.strip():
                    continue
                left, bottom, right, top = text.get_charbox(k)
                touched = [(x, y, w, h) for x, y, w, h in rects
                           if left < x + w - TOL and right > x + TOL and bottom < y + h - TOL and top > y + TOL]
                inside = [r for r in touched if r[0] - TOL <= left and right <= r[0] + r[2] + TOL
                          and r[1] - TOL <= bottom and top <= r[1] + r[3] + TOL]
                assert not touched or (len(touched) == 1 and inside), (game_id, lang, char, (left, bottom))


@pytest.mark.parametrize("options,piece,extra", [
    ({"card_thickness_mm": 0.5}, 0.5, PLAY_MM), ({"sleeves": True}, CARD_MM + 0.12, PLAY_MM + 3),
    ({"duplex": "fold"}, 2 * CARD_MM, PLAY_MM)])
def test_the_box_fits_thicker_cards_sleeves_and_folded_cards(tmp_path, options, piece, extra):
    """Schwarzwälder Kirsch's 49 cards and the spares its card PDF of these options prints: the sides as deep as
    that many pieces of that thickness (folded cards are two layers), front and back as large as a sleeve."""
    content = load_game("schwarzwaelder-kirsch")
    opts = Options(**options)
    cards = {k: v for k, v in options.items() if k == "duplex"}
    spares = spare_fronts(PdfReader(build_pdf(content, "schwarzwaelder-kirsch", Options(**cards), tmp_path / "c.pdf")))
    if options.get("duplex") == "fold":     # a fold sheet prints each spare's front once, beside its back
        spares = spare_fronts(PdfReader(tmp_path / "c.pdf"))
    reader = PdfReader(build_tuckboxes(content, "schwarzwaelder-kirsch", opts, tmp_path / "box.pdf"))
    W, H = (63 + extra) * MM, (88 + extra) * MM
    D = ((49 + spares) * piece + PLAY_MM) * MM
    sizes = [(min(w, h), max(w, h)) for _, _, w, h in panels(reader, 0)]
    for a, b, n in ((W, H, 2), (D, H, 2), (W, D, 2)):
        lo, hi = min(a, b), max(a, b)
        assert sum(1 for w, h in sizes if abs(w - lo) < TOL and abs(h - hi) < TOL) == n, (options, a / MM, b / MM)


def test_the_front_has_a_thumb_notch(mahlzeit, tmp_path, monkeypatch):
    """A half circle cut into the middle of the front's top edge: the template has one arc (two Bézier curves) more
    than without the notch."""
    content, reader = mahlzeit
    monkeypatch.setattr(tuckbox, "NOTCH_MM", 0.0)
    plain = PdfReader(build_tuckboxes(content, "mahlzeit", Options(), tmp_path / "plain.pdf"))
    arcs = [(operands, op) for operands, op in operations(reader, 0) if op in (b"c", "c")]
    assert len(arcs) - sum(1 for _, op in operations(plain, 0) if op in (b"c", "c")) == 2
