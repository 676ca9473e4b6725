"""The Mahlzeit print-and-play PDF: geometry in points, duplex backs, fonts, viewer preferences, determinism,
translations, atomic writes and a golden dump of one sheet's drawing operations.

Set UPDATE_GOLDEN=1 to rewrite tests/golden/pdf_mahlzeit_sheet.txt after an intended layout change.
"""
from __future__ import annotations

import re
from collections import Counter

import pytest
from click.testing import CliRunner
from golden_tools import GOLDEN, assert_matches_golden
from pdf_helpers import FRONT_MATTER, MM, dump, fonts_of, form_operations, operations, printed_set, read_page, \
    segment_touches_rect, sheets
from pdf_helpers import built, content, readers  # noqa: F401  (fixtures)
from pypdf import PdfReader

from tischlein.cli import main
from tischlein.pdf import document, sheet
from tischlein.pdf.document import default_path
from tischlein.pdf.errors import PdfBuildError
from tischlein.pdf.options import Options
from tischlein.pdf.units import CARD_SIZES, PAPERS

GAME = "mahlzeit"
EDITIONS = [(lang, paper) for lang in ("en", "de") for paper in ("a4", "letter")]
CARD_W, CARD_H = 63 * MM, 88 * MM
TOL = 0.1 * MM
PAGE_SIZES = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}


def test_default_output_path(built, tmp_path):
    assert default_path(tmp_path, "mahlzeit", Options()) == tmp_path / "pdf" / "mahlzeit" / "mahlzeit-en-a4.pdf"
    assert {key: path.relative_to(path.parents[2]).as_posix() for key, path in built.items()} == {
        f"{lang}-{paper}": f"pdf/mahlzeit/mahlzeit-{lang}-{paper}.pdf" for lang, paper in EDITIONS}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_page_size_and_card_trims(readers, paper):
    reader = readers[f"en-{paper}"]
    w, h = PAGE_SIZES[paper]
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(w, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(h, abs=0.01)
    cards = spares = 0
    for index in range(FRONT_MATTER, len(reader.pages)):
        placements, _ = read_page(reader, index)
        for p in placements:
            cards += 1
            spares += p.form == "face-spare"
            # upright, or on its side where that holds more cards (US Letter)
            assert sorted((p.w, p.h)) == pytest.approx([CARD_W, CARD_H], abs=TOL), p
            # inside the paper with at least the 5 mm printer margin (plus at most the bleed)
            assert p.x >= 5 * MM and p.y >= 5 * MM and p.x + p.w <= w - 5 * MM and p.y + p.h <= h - 5 * MM
    assert cards == 2 * (110 + spares)          # every card (and blank spare) once as a front, once as a back


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_lie_outside_every_trim(readers, paper):
    reader = readers[f"en-{paper}"]
    w, h = PAGE_SIZES[paper]
    for index in range(FRONT_MATTER, len(reader.pages)):
        placements, segments = read_page(reader, index)
        assert segments, f"page {index + 1} has no crop marks"
        for s in segments:
            assert 0 <= min(s.x0, s.x1) and max(s.x0, s.x1) <= w and 0 <= min(s.y0, s.y1) and max(s.y0, s.y1) <= h
            for p in placements:
                assert not segment_touches_rect(s, p.x, p.y, p.w, p.h), (index + 1, s, p)
        # each mark sits on a cut line: an x or y of some trim edge
        xs = {round(v, 2) for p in placements for v in (p.x, p.x + p.w)}
        ys = {round(v, 2) for p in placements for v in (p.y, p.y + p.h)}
        for s in segments:
            assert round(s.x0, 2) in xs if s.x0 == s.x1 else round(s.y0, 2) in ys


@pytest.mark.parametrize("key", ["en-a4", "en-letter"])
def test_backs_lie_exactly_behind_fronts_for_long_edge_duplex(readers, content, key):
    reader = readers[key]
    page_w = float(reader.pages[0].mediabox.width)
    pieces = {p.id: p for p in printed_set(content, "mahlzeit", Options(paper=key.split("-")[1])).pieces()}
    back_of_face = {}
    for p in pieces.values():
        assert back_of_face.setdefault(p.face, p.back) == p.back, "identical faces must share a back"
    faces, backs = Counter(), Counter()
    for fronts, _, back_page in sheets(reader):
        by_position = {(round(b.x, 2), round(b.y, 2)): b.form for b in back_page}
        assert len(back_page) == len(fronts)
        for f in fronts:
            assert f.form.startswith("face-")
            face = f.form[len("face-"):]
            faces[face] += 1
            mirrored = (round(page_w - f.x - f.w, 2), round(f.y, 2))
            assert mirrored in by_position, f"no back behind {f}"
            assert by_position[mirrored] == f"back-{back_of_face[face]}"
            backs[by_position[mirrored]] += 1
    assert sum(faces.values()) - faces["spare"] == 110
    assert faces == Counter(p.face for p in pieces.values())
    # independent of the print set: the rulebook's 23 dish cards + 4 overview cards light, 83 dark; the blank
    # spares on the last sheet take the back most cards have
    model_backs = Counter(c.back for c in content.games["mahlzeit"].model.cards())
    assert model_backs == {"light": 27, "dark": 83}
    assert backs == {"back-light": 27, "back-dark": 83 + faces["spare"]}


def test_viewer_preferences_metadata_and_bookmarks(readers):
    reader = readers["en-a4"]
    root = reader.trailer["/Root"]
    prefs = root["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"
    assert prefs["/Duplex"] == "/DuplexFlipLongEdge"
    assert root["/Lang"] == "en" and readers["de-a4"].trailer["/Root"]["/Lang"] == "de"
    meta = reader.metadata
    assert "Mahlzeit" in meta.title and meta.author and meta.subject
    outline = reader.outline
    titles = [o.title for o in outline if not isinstance(o, list)]
    assert titles == ["Print guide", "Credits and sources", "Two-sided sheets"]
    kinds = [o.title for o in outline[-1]]
    assert kinds == ["Dish cards", "Overview cards", "Ingredient cards", "Drink cards", "Action cards",
                     "Special cards (advanced variant)", "Blank spare cards"]


def test_only_embedded_truetype_fonts(readers):
    for key in ("en-a4", "de-letter"):
        found = fonts_of(readers[key])
        assert found
        for font in found.values():
            name = str(font["/BaseFont"])
            assert "Helvetica" not in name and "Times" not in name and "Courier" not in name, name
            assert font["/Subtype"] == "/TrueType", name
            assert "/FontFile2" in font["/FontDescriptor"], f"{name} is not embedded"


def test_no_helvetica_anywhere(built):
    data = built["en-a4"].read_bytes()
    assert b"Helvetica" not in data and b"ASCII85Decode" not in data


def test_two_builds_are_byte_identical(content, built, tmp_path):
    again = document.build_pdf(content, "mahlzeit", Options(lang="en", paper="a4"), tmp_path / "again.pdf")
    assert again.read_bytes() == built["en-a4"].read_bytes()


def test_umlauts_extract(readers):
    text = "".join(readers["en-a4"].pages[i].extract_text() for i in range(FRONT_MATTER, FRONT_MATTER + 7, 2))
    assert "Käsespätzle" in text
    assert "Süßer Senf" in text
    guide = readers["de-a4"].pages[0].extract_text()
    assert "Gerichtkarten" in guide and "RÜCKEN" in guide and "Süßer Senf" in guide


def test_german_pdf_drops_the_redundant_gloss(readers):
    en = readers["en-a4"].pages[FRONT_MATTER].extract_text()
    de = readers["de-a4"].pages[FRONT_MATTER].extract_text()
    assert "Thuringian dumplings" in en and "Thuringian dumplings" not in de
    assert "Punkte" in de


def test_the_guide_gives_the_subtitle_in_the_readers_language(readers):
    """The German subtitle heads the German guide; an English crafter reads what it means."""
    en, de = (" ".join(readers[f"{lang}-a4"].pages[0].extract_text().split()) for lang in ("en", "de"))
    assert "A card game about traditional German cooking" in en and "Ein Kartenspiel" not in en
    assert "Ein Kartenspiel über die traditionelle deutsche Küche" in de


def test_the_guide_writes_measures_as_the_readers_language_does(readers):
    """'0.32 mm pro Karte' in the German guide: every measure was written with an English decimal point."""
    en, de = (" ".join(readers[f"{lang}-a4"].pages[0].extract_text().split()) for lang in ("en", "de"))
    assert "0.32 mm" in en and "0,32 mm" in de
    assert not re.search(r"\d\.\d", de), re.findall(r"\S*\d\.\d\S*", de)


def test_credits_list_every_reconstruction(readers, content):
    text = readers["en-a4"].pages[1].extract_text()
    model = content.games["mahlzeit"].model
    assert len(model.notes) > 0
    for note in model.notes:
        reason = content.games["mahlzeit"].catalog.text("game:" + note.reason_key, "en")
        assert " ".join(reason.split()[:6]) in " ".join(text.split()), note


def test_layout_per_paper():
    poker = CARD_SIZES["poker"]
    a4 = sheet.plan(PAPERS["a4"], poker, 3)
    assert (a4.cols, a4.rows, a4.arrangement) == (3, 3, "butted")
    assert a4.bleed_x == pytest.approx(3 * MM) and a4.bleed_y == pytest.approx(3 * MM)
    letter = sheet.plan(PAPERS["letter"], poker, 3)
    # 3 × 3 upright would leave 7.7 mm between trim and paper edge: with a 5 mm printer margin and printable crop
    # marks that is 0.2 mm of bleed; 2 × 4 on their side keep the full 3 mm
    assert (letter.cols, letter.rows, letter.arrangement, letter.rotated) == (2, 4, "butted", True)
    assert not letter.bleed_reduced and letter.bleed_y == pytest.approx(3 * MM)
    tarot = sheet.plan(PAPERS["a4"], CARD_SIZES["tarot"], 3)
    assert (tarot.cols, tarot.rows, tarot.arrangement) == (2, 2, "separate")
    for layout in (a4, letter, tarot):
        for cell in layout.cells:
            mirrored = layout.back_cell(cell, "long")
            assert mirrored.trim.x == pytest.approx(layout.page_w - cell.trim.x - cell.trim.w)
            assert mirrored.trim.y == cell.trim.y


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", sorted(CARD_SIZES))
def test_every_layout_keeps_the_margin_and_printable_marks(paper, size):
    layout = sheet.plan(PAPERS[paper], CARD_SIZES[size], 3)
    W, H = layout.page_w, layout.page_h
    for cell in layout.cells:
        card = CARD_SIZES[size]
        assert sorted((cell.trim.w, cell.trim.h)) == pytest.approx(sorted((card.width, card.height)))  # not scaled
        assert (cell.trim.w == pytest.approx(card.height)) == layout.rotated
        k, t = cell.clip, cell.trim
        assert min(k.x, k.y, W - k.x1, H - k.y1) >= 5 * MM - 1e-6
        # full bleed wherever the card does not share its cut with a neighbour
        for past, shared in ((t.x - k.x, cell.col > 0), (k.x1 - t.x1, cell.col < layout.cols - 1),
                             (k.y1 - t.y1, cell.row > 0), (t.y - k.y, cell.row < layout.rows - 1)):
            assert past == pytest.approx(3 * MM) or (shared and past == pytest.approx(0.0)), (paper, size, cell)
    for line in layout.marks:
        inner = min(line.x0, line.x1, W - max(line.x0, line.x1)) if line.y0 == line.y1 else \
            min(line.y0, line.y1, H - max(line.y0, line.y1))
        length = abs(line.x1 - line.x0) + abs(line.y1 - line.y0)
        # every mark lies in the printable area (at least 5 mm from the paper edge), and is at least 1.5 mm long
        assert inner >= 5 * MM - 1e-6 and length >= 1.5 * MM - 1e-6, (paper, size, line)


def test_duplex_none_has_no_back_pages(content, tmp_path):
    path = document.build_pdf(content, "mahlzeit", Options(duplex="none", bleed_mm=0), tmp_path / "single.pdf")
    reader = PdfReader(path)
    assert len(reader.pages) == FRONT_MATTER + 13
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/Simplex"
    assert all(p.form.startswith("face-") for i in range(FRONT_MATTER, len(reader.pages))
               for p in read_page(reader, i)[0])


def test_short_edge_duplex_mirrors_the_rows(content, tmp_path):
    path = document.build_pdf(content, "mahlzeit", Options(duplex="short", paper="letter"), tmp_path / "short.pdf")
    reader = PdfReader(path)
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipShortEdge"
    page_h = float(reader.pages[0].mediabox.height)
    fronts, backs = read_page(reader, FRONT_MATTER)[0], read_page(reader, FRONT_MATTER + 1)[0]
    behind = {(round(b.x, 2), round(b.y, 2)) for b in backs}
    assert {(round(f.x, 2), round(page_h - f.y - f.h, 2)) for f in fronts} == behind


def test_back_offset_shifts_only_the_backs(content, tmp_path):
    path = document.build_pdf(content, "mahlzeit", Options(back_offset_mm=(1.0, -0.5)), tmp_path / "offset.pdf")
    reader = PdfReader(path)
    fronts, backs = read_page(reader, FRONT_MATTER)[0], read_page(reader, FRONT_MATTER + 1)[0]
    page_w = float(reader.pages[0].mediabox.width)
    for f, b in zip(fronts, backs):
        assert b.x == pytest.approx(page_w - f.x - f.w + 1.0 * MM, abs=0.01)
        assert b.y == pytest.approx(f.y - 0.5 * MM, abs=0.01)


# --- failures leave nothing behind ------------------------------------------------------------------------------

def test_text_too_long_names_the_card_and_writes_nothing(copy, tmp_path):
    game = copy / "games" / "mahlzeit" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    old = "text: Keep it in your hand to the end. Then one drink in your hand costs you nothing."
    assert old in text
    game.write_text(text.replace(old, "text: " + "Keep it in your hand to the very end of the game. " * 12),
                    encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["pdf", "mahlzeit", "--content", str(copy), "--out", str(out)])
    assert result.exit_code == 1, result.output
    assert "cooking-hat-1" in result.output and "does not fit" in result.output
    assert "Traceback" not in result.output
    assert not list(out.rglob("*.pdf")) and not list(out.rglob("*.tmp"))


def test_exception_mid_build_leaves_no_file(content, tmp_path, monkeypatch):
    target = tmp_path / "m.pdf"

    def boom(*args, **kwargs):
        raise RuntimeError("injected")

    monkeypatch.setattr(document, "draw_marks", boom)
    with pytest.raises(RuntimeError, match="injected"):
        document.build_pdf(content, "mahlzeit", Options(), target)
    assert list(tmp_path.iterdir()) == []


def test_failed_rebuild_keeps_the_previous_file(content, tmp_path, monkeypatch):
    target = document.build_pdf(content, "mahlzeit", Options(paper="letter"), tmp_path / "m.pdf")
    before = target.read_bytes()

    def boom(*args, **kwargs):
        raise PdfBuildError("card x: injected")

    monkeypatch.setattr(document.guide, "credits_pages", boom)
    with pytest.raises(PdfBuildError):
        document.build_pdf(content, "mahlzeit", Options(), target)
    assert target.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.pdf"]


def test_cli_writes_the_default_path(copy, tmp_path):
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["pdf", "mahlzeit", "--content", str(copy), "--out", str(out),
                                       "--lang", "de", "--paper", "letter"])
    assert result.exit_code == 0, result.output
    assert (out / "pdf" / "mahlzeit" / "mahlzeit-de-letter.pdf").is_file()


# --- golden dump ------------------------------------------------------------------------------------------------

def test_golden_sheet_operations(readers):
    """The first card sheet's page operations and one dish face: any layout change shows up as a diff."""
    reader = readers["en-a4"]
    lines = ["# page 3 (first card sheet, front), operators rounded to 0.01 pt"]
    lines += dump(operations(reader, FRONT_MATTER))
    lines += ["", "# form face-dish-currywurst-4"]
    page = next(i for i in range(FRONT_MATTER, len(reader.pages), 2)
                if any(p.form == "face-dish-currywurst-4" for p in read_page(reader, i)[0]))
    lines += [line for line in form_operations(reader, page, "face-dish-currywurst-4") if " Tj" not in line]
    assert_matches_golden("\n".join(lines) + "\n", GOLDEN / "pdf_mahlzeit_sheet.txt")
