"""The Diced Veggies print-and-play PDF: piece counts equal the model's, dice as 16 mm nets and 14 mm stickers,
the frame board at its size, two-sided chef tokens registered, provenance and the solo table's missing band,
text that does not fit is a build error naming the card.
"""
from __future__ import annotations

from collections import Counter

import pytest
from click.testing import CliRunner
from content_tools import CONTENT
from pdf_helpers import MM, assert_game_text_does_not_fit
from pdf_helpers import built, content, pages, readers  # noqa: F401  (fixtures)
from pypdf import PdfReader

from tischlein.cli import main
from tischlein.games.diced_veggies import faces as diced_veggies
from tischlein.pdf import board
from tischlein.pdf.units import PAPERS

GAME = "diced-veggies"
EDITIONS = [("en", "a4"), ("de", "letter")]
TOL = 0.01


def _forms(pages) -> Counter:
    return Counter(p.form for places, _ in pages for p in places)


@pytest.mark.parametrize("key", ["en-a4", "de-letter"])
def test_piece_counts_equal_the_model(pages, model, key):
    forms = _forms(pages[key][1])
    fronts = Counter()
    for form, n in forms.items():
        if form.startswith("face-"):
            fronts[form.split("-")[1]] += n
    assert fronts["recipe"] == model.totals["recipe_cards"] == 44
    assert fronts["hype"] == model.totals["hype_cards"] == 34
    assert fronts["chef"] == model.components["chef"].count
    assert fronts["cleaver"] == model.components["cleaver"].count
    assert fronts["aid"] == model.players[1]
    die_faces = sum(n for form, n in forms.items() if form.startswith("die-face-"))
    assert die_faces == 2 * 6 * model.totals["dice"]                 # every die as a net and as stickers
    assert forms["board-frame"] == 1
    # one die face form per vegetable and number
    veg = Counter(form.split("-")[2] for form in forms if form.startswith("die-face-"))
    assert set(veg) == set(model.veggies)


def test_die_faces_are_16_mm_on_nets_and_14_mm_stickers(pages, model):
    faces = [p for places, _ in pages["en-a4"][1] for p in places if p.form.startswith("die-face-")]
    nets = [p for p in faces if abs(p.w - 16 * MM) < TOL and abs(p.h - 16 * MM) < TOL]
    stickers = [p for p in faces if abs(p.w - 14 * MM) < TOL and abs(p.h - 14 * MM) < TOL]
    assert len(nets) == len(stickers) == 6 * model.totals["dice"]
    # each die's faces show its vegetable and the numbers 2 2 3 4 5 6
    per_die = Counter(p.form for p in nets)
    for veg, v in model.veggies.items():
        assert per_die[f"die-face-{veg}-2"] == 2 * v.dice
        for n in (3, 4, 5, 6):
            assert per_die[f"die-face-{veg}-{n}"] == v.dice


def test_frame_board_has_its_size_and_fits_one_sheet(pages, model):
    reader, pgs = pages["en-a4"]
    frames = [p for places, _ in pgs for p in places if p.form == "board-frame"]
    w, h = diced_veggies.frame_size(*model.block)
    assert abs(frames[0].w - w * MM) < TOL and abs(frames[0].h - h * MM) < TOL
    assert len(board.plan_tiles(w * MM, h * MM, PAPERS["a4"]).tiles) == 1
    # the 5 × 7 cells hold 16 mm dice
    assert w >= model.block[1] * 16 and h >= model.block[0] * 16


def test_chef_tokens_are_two_sided_and_registered(pages):
    reader, pgs = pages["en-a4"]
    W = float(reader.pages[0].mediabox[2])
    for i, (places, _) in enumerate(pgs):
        fronts = [p for p in places if p.form == "face-chef"]
        if fronts:
            backs = [p for p in pgs[i + 1][0] if p.form == "back-chef"]
            assert len(backs) == len(fronts) == 4
            for f, b in zip(fronts, backs):
                assert abs(f.w - 25 * MM) < TOL
                assert abs(b.x - (W - f.x - f.w)) < TOL and abs(b.y - f.y) < TOL
            return
    pytest.fail("no chef tokens found")


def _aid_page(reader, pgs) -> str:
    index = next(i for i, (places, _) in enumerate(pgs) if any(p.form == "face-aid" for p in places))
    return reader.pages[index].extract_text()


def test_aid_shows_the_solo_table_and_the_credits_say_once_that_a_row_is_missing(pages):
    """Issue 11: no "missing in the source" on every aid; the band stays (with a dash: no verdict is known) and
    the credits page says once that the source skips it."""
    reader, pgs = pages["en-a4"]
    text = _aid_page(reader, pgs)
    assert "71–80" in text and "81+" in text and "—" in text
    assert "missing in the source" not in text
    credits = [i for i, page in enumerate(reader.pages) if "Credits and sources" in page.extract_text()]
    assert len(credits) == 1
    credit_text = reader.pages[credits[0]].extract_text()
    assert "missing in the source" in credit_text.lower() and "Solo score table 71–80: verdict" in credit_text
    whole = "".join(page.extract_text() for page in reader.pages)
    assert whole.count("Solo score table 71–80") == 1
    de_reader, de_pages = pages["de-letter"]
    assert "fehlt in der Vorlage" not in _aid_page(de_reader, de_pages)
    assert any("fehlt in der vorlage" in page.extract_text().lower() for page in de_reader.pages)
    assert "Rezeptkarten" in de_reader.pages[0].extract_text()


def test_credits_list_reconstructions(pages, model, content):
    reader, _ = pages["en-a4"]
    credits = reader.pages[1].extract_text() + reader.pages[2].extract_text()
    assert "Reconstructed" in credits
    reasons = {content.games["diced-veggies"].catalog.get("game:" + n.reason_key, "en").text
               for n in model.notes if n.kind == "reconstructed"}
    assert any(r[:40].split("\n")[0] in credits.replace("\n", " ") for r in reasons)


def test_hype_text_that_does_not_fit_is_a_build_error(content, monkeypatch, tmp_path):
    assert_game_text_does_not_fit(content, GAME, "hype.nineteen.text", "The dice add up to exactly nineteen, " * 30,
                                  r"card nineteen-1.*condition", tmp_path, monkeypatch)


def test_cli_builds_letter_and_german(tmp_path):
    out = tmp_path / "dv.pdf"
    result = CliRunner().invoke(main, ["pdf", "diced-veggies", "--lang", "de", "--paper", "letter", "-o", str(out),
                                       "--content", str(CONTENT)])
    assert result.exit_code == 0, result.output
    reader = PdfReader(out)
    assert abs(float(reader.pages[0].mediabox[2]) - 612) < 0.01
