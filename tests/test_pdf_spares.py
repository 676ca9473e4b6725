"""Blank spare cards fill the room on a game's last sheets (pdf/spares.py): Mahlzeit's last sheet, two cards
before, is a full sheet of nine; no game gets a sheet more for them; the checklist lists them; the print-shop
files, which print the game's own cards, have none."""
from __future__ import annotations

from collections import Counter

import pytest
from content_tools import load_game
from engine_tools import repository_content
from pdf_helpers import FRONT_MATTER, printed_set, read_page, sheets, spare_fronts
from pypdf import PdfReader

from tischlein.buildplan import languages_of
from tischlein.pdf import document, imposition, spares
from tischlein.pdf.component import print_set
from tischlein.pdf.options import Options


@pytest.fixture(scope="module")
def mahlzeit(tmp_path_factory):
    content = load_game("mahlzeit")
    out = tmp_path_factory.mktemp("spares")
    return PdfReader(document.build_pdf(content, "mahlzeit", Options(), out / "mahlzeit.pdf"))


def test_mahlzeits_last_sheet_is_full_of_cards_and_spares_with_the_dark_back(mahlzeit):
    pairs = list(sheets(mahlzeit))
    assert len(pairs) == 13                          # 110 cards nine to a sheet: 13 sheets, as before the spares
    fronts, _, backs = pairs[-1]
    assert len(fronts) == 9
    assert Counter(f.form for f in fronts)["face-spare"] == 7
    spare_spots = {(round(f.x, 1), round(f.y, 1)) for f in fronts if f.form == "face-spare"}
    page_w = float(mahlzeit.pages[0].mediabox.width)
    behind = {(round(page_w - b.x - b.w, 1), round(b.y, 1)): b.form for b in backs}
    assert {behind[spot] for spot in spare_spots} == {"back-dark"}     # the back 83 of the 110 cards have
    # no other sheet has a spare
    assert all(f.form != "face-spare" for fr, _, _ in pairs[:-1] for f in fr)


def test_the_checklist_lists_the_spares_and_the_total_counts_them(mahlzeit):
    text = " ".join(mahlzeit.pages[0].extract_text().split())
    assert "Blank spare cards" in text and "write a lost card on one, or a house rule" in text
    assert "Total 117" in text                       # 110 cards and 7 spares


@pytest.mark.parametrize("duplex", ["long", "fold"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_spares_never_cost_a_sheet_in_any_game(paper, duplex):
    content = repository_content()
    for game in sorted(content.games):
        opts = Options(paper=paper, duplex=duplex)
        plain = imposition.impose_pieces(print_set(content, game, "en", opts.card), opts)
        with_spares = printed_set(content, game, opts)
        again = imposition.impose_pieces(with_spares, opts)
        sided = lambda imposed: Counter(p.page.two_sided for p in imposed.placed)           # noqa: E731
        assert sided(again) == sided(plain), (game, paper, duplex)
        spares = [p for p in with_spares.pieces() if p.kind == "spare"]
        assert all(p.back is not None and p.face == "spare" for p in spares), game
        assert len(spares) < 9, game                 # never a whole sheet of them


def test_print_shop_and_tabletop_files_print_no_spares():
    from tischlein.pdf.shops import SHOPS, shop_decks
    ps = print_set(load_game("mahlzeit"), "mahlzeit", "en", Options().card)
    assert all(p.kind != "spare" for deck in shop_decks(ps, SHOPS["tgc"]) for p in deck.pieces)


def test_a_card_sheet_front_page_never_carries_only_a_few_cards(mahlzeit):
    """What a crafter saw before: a whole sheet printed for two cards."""
    for i in range(FRONT_MATTER, len(mahlzeit.pages), 2):
        assert len(read_page(mahlzeit, i)[0]) == 9, i + 1


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_schwarzwaelder_kirschs_sheets_are_full_on_both_papers(paper, tmp_path):
    """49 cards and 5 spares fill six sheets of nine on A4; on Letter (eight cards on their side a sheet, for the
    full bleed) 49 cards and 7 spares fill seven sheets of eight."""
    content = load_game("schwarzwaelder-kirsch")
    reader = PdfReader(document.build_pdf(content, "schwarzwaelder-kirsch", Options(paper=paper), tmp_path / "sk.pdf"))
    pairs = list(sheets(reader))
    per, count = (9, 6) if paper == "a4" else (8, 7)
    assert [len(fronts) for fronts, _, _ in pairs] == [per] * count
    assert spare_fronts(reader) == per * count - 49


def test_the_ink_saver_and_other_languages_get_the_spares_a_fresh_search_gives(monkeypatch):
    """A file whose sheets are those of a file searched before (its ink saver, another language) takes the count
    found then; it must be what a search of its own would find."""
    content = repository_content()
    count = lambda game, opts: sum(p.kind == "spare" for p in printed_set(content, game, opts).pieces())  # noqa: E731
    for game in sorted(content.games):
        other = next(lang for lang in languages_of(content, content.games[game]) if lang != "en")
        for paper in ("a4", "letter"):
            monkeypatch.setattr(spares, "_FOUND", {})
            # Tá na Mesa's last Letter sheet has no room a spare tile fits
            assert count(game, Options(paper=paper)) > 0 or game in ("diced-veggies", "suppenkasper") or \
                (game, paper) == ("ta-na-mesa", "letter")
            taken = count(game, Options(lang=other, paper=paper, ink_saver=True))      # from the English search
            monkeypatch.setattr(spares, "_FOUND", {})
            assert taken == count(game, Options(lang=other, paper=paper, ink_saver=True)), (game, paper)
