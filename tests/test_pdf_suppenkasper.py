"""The Suppenkasper print-and-play PDF: 72 cards plus 6 weight tables, 6 fold-over figures, 18 two-sided red chips
registered for duplex, the board with the weight track tiled over sheets with a 12 mm glue overlap.
"""
from __future__ import annotations

import re
from collections import Counter

import pytest
from pdf_helpers import MM, assert_game_text_does_not_fit
from pdf_helpers import built, content, pages, readers  # noqa: F401  (fixtures)

import tischlein.cli  # noqa: F401  (load the CLI before pdf.cli, which imports from it)
from tischlein.games.suppenkasper import board as suppenkasper_board
from tischlein.games.suppenkasper import faces as suppenkasper
from tischlein.pdf import board
from tischlein.pdf.document import build_pdfs
from tischlein.pdf.units import PAPERS

GAME = "suppenkasper"
EDITIONS = [("en", "a4"), ("de", "letter")]
TOL = 0.01


@pytest.mark.parametrize("key", ["en-a4", "de-letter"])
def test_piece_counts_equal_the_model(pages, model, key):
    forms = Counter(p.form for places, _ in pages[key][1] for p in places)
    kinds = Counter()
    for form, n in forms.items():
        if form.startswith("face-"):
            kinds[form[len("face-"):].split("-")[0]] += n
    deck = kinds["entree"] + kinds["side"] + kinds["meal"] + kinds["diet"] + kinds["special"]
    assert deck == model.totals["cards"] == 72
    assert kinds["entree"] == sum(len(e.values) for e in model.entrees.values())
    assert kinds["diet"] == sum(d.count for d in model.diets.values())
    assert kinds["weight"] == model.weight_tables == 6
    assert kinds["figure"] == len(model.figure_colours) == 6
    assert kinds["chip"] == forms["back-chip"] == model.chips == 18


def test_red_chips_are_registered_behind_their_fronts(pages):
    reader, pgs = pages["en-a4"]
    W = float(reader.pages[0].mediabox[2])
    checked = 0
    for i, (places, _) in enumerate(pgs):
        fronts = [p for p in places if p.form == "face-chip"]
        if not fronts:
            continue
        backs = [p for p in pgs[i + 1][0] if p.form == "back-chip"]
        assert len(backs) == len(fronts)
        for f, b in zip(fronts, backs):
            assert abs(f.w - suppenkasper.CHIP_MM * MM) < TOL and abs(f.h - f.w) < TOL
            assert abs(b.x - (W - f.x - f.w)) < TOL and abs(b.y - f.y) < TOL and abs(b.w - f.w) < TOL
            checked += 1
    assert checked == 18


def test_figures_are_fold_over_standees(pages):
    figs = [p for places, _ in pages["en-a4"][1] for p in places if p.form.startswith("face-figure-")]
    size = suppenkasper.FIGURE
    assert len(figs) == 6 and len({f.form for f in figs}) == 6
    # either way round: packed beside other pieces, a figure may lie on its side
    assert all(sorted((f.w, f.h)) == pytest.approx(sorted((size.width, size.height)), abs=TOL) for f in figs)


@pytest.mark.parametrize("key,paper", [("en-a4", "a4"), ("de-letter", "letter")])
def test_board_is_tiled_with_the_glue_overlap(pages, model, key, paper):
    reader, pgs = pages[key]
    w, h = suppenkasper_board.board_size(len(model.track))
    plan = board.plan_tiles(w * MM, h * MM, PAPERS[paper])
    assert len(plan.tiles) >= 2                                  # larger than one sheet
    tiles = [(i, p) for i, (places, _) in enumerate(pgs) for p in places if p.form == "board-weight-board"]
    assert len(tiles) == len(plan.tiles)
    for (i, placed), planned in zip(tiles, plan.tiles):
        assert abs(placed.w - planned.region.w) < TOL and abs(placed.h - planned.region.h) < TOL
        # one-sided, in the file's single-sided range: the following page is the next sheet, never a blank back
        assert pgs[i + 1][0] and not any(p.form.startswith("back-") for p in pgs[i + 1][0])
    regions = sorted((t.region for t in plan.tiles), key=lambda r: r.x)
    assert abs(regions[0].x) < TOL and abs(regions[-1].x1 - w * MM) < TOL
    for a, b in zip(regions, regions[1:]):
        if abs(a.y - b.y) < TOL:
            assert abs(a.x1 - b.x - 12 * MM) < TOL
    text = reader.pages[tiles[0][0]].extract_text()
    assert "A1" in text and ("A2" in text or "B1" in text)


def test_track_has_every_space_and_names_the_classes(pages, model):
    reader, pgs = pages["en-a4"]
    index = next(i for i, (places, _) in enumerate(pgs) if any(p.form == "board-weight-board" for p in places))
    form = reader.pages[index]["/Resources"]["/XObject"]["/FormXob.board-weight-board"].get_object()
    data = form.get_data().decode("latin-1")
    assert len(suppenkasper_board.ring_positions(*suppenkasper_board.ring(len(model.track)))) == len(model.track) == 30
    # every weight class and both ends are named on the board (text is drawn in the form)
    text = reader.pages[index].extract_text()
    for cl in model.classes.values():
        assert cl.name.split()[0] in text, cl.name
    assert data


def test_german_weight_table_and_credits(pages, model):
    reader, pgs = pages["de-letter"]
    index = next(i for i, (places, _) in enumerate(pgs) if any(p.form.startswith("face-weight") for p in places))
    text = reader.pages[index].extract_text()
    assert "Gewichtstabelle" in text and "FELDER HOCH" in text and "1001–2000" in text
    credits = reader.pages[1].extract_text() + reader.pages[2].extract_text()     # the guide may run on
    assert "Rekonstruiert" in credits or "rekonstruiert" in credits


def test_diet_text_that_does_not_fit_is_a_build_error(content, monkeypatch, tmp_path):
    assert_game_text_does_not_fit(content, GAME, "diets.fdh.text",
                                  "Eat the meal, but count only half its calories. " * 20, r"card fdh-1.*diet text",
                                  tmp_path, monkeypatch)


def test_guide_names_the_board_pages(pages):
    reader, pgs = pages["en-a4"]
    guide = reader.pages[0].extract_text().replace("\n", " ")
    match = re.search(r"Pages (\d+)–(\d+), single-sided: Board with the weight track, on 2 sheets", guide)
    assert match, guide
    first, last = int(match.group(1)), int(match.group(2))
    assert last == first + 1
    for page in range(first, last + 1):
        assert any(p.form == "board-weight-board" for p in pgs[page - 1][0])
    assert "dice" not in guide.lower()          # no section for parts the game does not have


def test_two_builds_are_byte_identical(content, tmp_path):
    a = build_pdfs(content, "suppenkasper", ["en"], ["a4"], tmp_path / "a")[0]
    b = build_pdfs(content, "suppenkasper", ["en"], ["a4"], tmp_path / "b")[0]
    assert a.read_bytes() == b.read_bytes()


def test_cards_left_out_for_three_players_are_marked(pages, model):
    forms = Counter(p.form for places, _ in pages["en-a4"][1] for p in places)
    marked = sum(n for form, n in forms.items() if form.startswith("face-") and form.endswith("-not3"))
    assert marked == len(model.three_player_removal) == model.totals["removed_for_three"]
