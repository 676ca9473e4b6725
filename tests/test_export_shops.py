"""`tischlein export --shop tgc|mpc|dtc`: the zips a print shop takes, read back as the shop would.

Pixel sizes are opened with Pillow (a shop rejects an image one pixel off), the DriveThruCards PDF with pypdf
(page and trim boxes in points, the order of its sides by the forms each page draws), and every zip is compared
with the game's print set: every card of every deck, front and back, and nothing else.
"""
from __future__ import annotations

import io
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from pdf_helpers import content  # noqa: F401  (fixture)
from pdf_helpers import read_page
from PIL import Image
from pypdf import PdfReader

from tischlein.pdf import document
from tischlein.pdf.component import print_set
from tischlein.pdf.export import BLANK_BACK, export_game, shop_decks
from tischlein.pdf.shops import SHOPS

GAME = "suppenkasper"       # two decks of poker cards (one with a printed back, the weight tables with none) and
                            # pieces no shop export holds (standees, chips, the board)
ROOT = Path(__file__).resolve().parents[1]
POINTS = 72


@pytest.fixture(scope="module")
def exported(content, tmp_path_factory):
    out = tmp_path_factory.mktemp("export")
    paths = export_game(content, GAME, "en", ["tgc", "mpc", "dtc"], out)
    return out, {p.name: p for p in paths}


def _decks(content, shop_id):
    return shop_decks(print_set(content, GAME, "en", SHOPS[shop_id].card), SHOPS[shop_id])


def test_one_zip_per_shop_and_deck_named_as_the_downloads_page_reads_them(content, exported):
    _, zips = exported
    expected = {f"{GAME}-en-{shop}-{deck.name}.zip" for shop in ("tgc", "mpc", "dtc")
                for deck in _decks(content, shop)} | {f"{GAME}-en-tgc-board-weight-board.zip"}
    assert set(zips) == expected
    assert len(expected) == 7          # 3 shops × (the deck, the weight tables), and the board for The Game Crafter


@pytest.mark.parametrize("shop_id, size", [("tgc", (825, 1125)), ("mpc", (816, 1110))])
def test_every_image_has_the_shops_exact_pixel_size_at_300_dpi(exported, shop_id, size):
    _, zips = exported
    checked = 0
    for name, path in zips.items():
        if f"-{shop_id}-" not in name or "-board-" in name:        # boards: test_export_shop_parts.py
            continue
        with zipfile.ZipFile(path) as zf:
            for entry in zf.namelist():
                if not entry.endswith(".png"):
                    continue
                with Image.open(io.BytesIO(zf.read(entry))) as image:
                    assert image.size == size, (name, entry)
                    assert image.mode == "RGB"
                    assert tuple(round(v) for v in image.info["dpi"]) == (300, 300)
                checked += 1
    assert checked == 72 + 1 + 6 + 1             # every front of both decks and their two backs


@pytest.mark.parametrize("shop_id", ["tgc", "mpc"])
def test_image_zip_holds_readme_back_then_every_front_in_deck_order(content, exported, shop_id):
    _, zips = exported
    for deck in _decks(content, shop_id):
        with zipfile.ZipFile(zips[f"{GAME}-en-{shop_id}-{deck.name}.zip"]) as zf:
            names = zf.namelist()
            assert names[:2] == ["README.txt", "back.png"]
            assert names[2:] == [f"front-{i:03d}-{p.id}.png" for i, p in enumerate(deck.pieces, 1)]
            # copies are separate files; distinct faces are distinct pictures, and no front is its back
            by_face: dict[str, bytes] = {}
            for i, p in enumerate(deck.pieces, 1):
                data = zf.read(f"front-{i:03d}-{p.id}.png")
                assert by_face.setdefault(p.face, data) == data
                assert data != zf.read("back.png")
            if len(by_face) > 1:
                assert len(set(by_face.values())) == len(by_face)


def test_the_decks_hold_every_poker_card_front_and_back(content):
    ps = print_set(content, GAME, "en", SHOPS["tgc"].card)
    poker = [p for deck in ps.decks if SHOPS["tgc"].fits(deck.size) for p in deck.pieces]
    decks = _decks(content, "tgc")
    assert sorted(p.id for d in decks for p in d.pieces) == sorted(p.id for p in poker)
    for deck in decks:
        assert {p.back for p in deck.pieces} == {deck.back}


def test_a_printed_back_is_drawn(exported):
    _, zips = exported
    with zipfile.ZipFile(zips[f"{GAME}-en-tgc-deck.zip"]) as zf, \
            Image.open(io.BytesIO(zf.read("back.png"))) as back:
        assert len(back.getcolors(1 << 20) or []) > 10             # the deck's back art, not a flat fill


def test_a_card_without_a_back_gets_a_white_one_and_the_readme_says_so(content, tmp_path, monkeypatch):
    """No game has a one-sided poker card yet: make the weight tables one-sided, as a new game could."""
    import dataclasses

    from tischlein.pdf import export

    real = export.game_print_set

    def one_sided_aids(*args):
        ps = real(*args)
        for deck in ps.decks:
            deck.pieces = [dataclasses.replace(p, back=None) if p.back == "aid" else p for p in deck.pieces]
        return ps

    monkeypatch.setattr(export, "game_print_set", one_sided_aids)
    zips = {p.name: p for p in export_game(content, GAME, "en", ["tgc"], tmp_path)}
    one_sided = [name for name in zips if name.endswith("-front.zip")]
    assert len(one_sided) == 1 and f"{GAME}-en-tgc-deck.zip" in zips        # "<kind>-front": no back to name it
    with zipfile.ZipFile(zips[one_sided[0]]) as zf:
        with Image.open(io.BytesIO(zf.read("back.png"))) as back:
            assert back.getcolors() == [(825 * 1125, (255, 255, 255))]
        assert len(zf.namelist()) == 2 + 6
        assert "nothing printed on their back" in zf.read("README.txt").decode("utf-8")


def test_drivethrucards_pdf_is_back_front_per_card_with_an_eighth_inch_of_bleed(content, exported):
    _, zips = exported
    for deck in _decks(content, "dtc"):
        with zipfile.ZipFile(zips[f"{GAME}-en-dtc-{deck.name}.zip"]) as zf:
            names = zf.namelist()
            assert names == ["README.txt", f"{GAME}-en-dtc-{deck.name}.pdf"]
            reader = PdfReader(io.BytesIO(zf.read(names[1])))
        assert len(reader.pages) == 2 * len(deck.pieces)
        for page in reader.pages:
            assert [round(float(v), 2) for v in page.mediabox] == [0, 0, 2.75 * POINTS, 3.75 * POINTS]
            assert [round(float(v), 2) for v in page.trimbox] == [9, 9, 2.625 * POINTS, 3.625 * POINTS]
        back = document.BACK_PREFIX + (deck.back or BLANK_BACK)
        forms = [[pl.form for pl in read_page(reader, i)[0]] for i in range(len(reader.pages))]
        assert forms == [f for p in deck.pieces for f in ([back], [document.FACE_PREFIX + p.face])]


def test_readme_names_the_sources_says_unverified_and_lists_what_is_left_out(exported):
    _, zips = exported
    with zipfile.ZipFile(zips[f"{GAME}-en-tgc-deck.zip"]) as zf:
        readme = zf.read("README.txt").decode("utf-8")
    assert "825 × 1125 px" in readme and "netninja.com" in readme
    assert "Not checked against the specification The Game Crafter publishes" in readme
    assert "Red chips (two-sided) (18)" in readme and "Board with the weight track" not in readme   # its own zip
    with zipfile.ZipFile(zips[f"{GAME}-en-mpc-deck.zip"]) as zf:
        assert "Board with the weight track (1)" in zf.read("README.txt").decode("utf-8")
    with zipfile.ZipFile(zips[f"{GAME}-en-dtc-deck.zip"]) as zf:
        readme = zf.read("README.txt").decode("utf-8")
    assert "back, front, back, front" in readme and "the back of card 1 on page 1" in readme   # DriveThruCards' own words
    assert "Not checked against" not in readme and "PDF/X-1a:2003" in readme and "240 %" in readme


def test_zips_are_byte_identical_when_written_again(content, exported, tmp_path):
    _, zips = exported
    again = {p.name: p for p in export_game(content, GAME, "en", ["tgc"], tmp_path)}
    for name, path in again.items():
        assert path.read_bytes() == zips[name].read_bytes(), name


def test_cli_refuses_an_unknown_shop_and_writes_nothing(tmp_path):
    done = subprocess.run([str(Path(sys.executable).parent / "tischlein"), "export", GAME, "--shop", "xyz",
                           "--out", str(tmp_path)], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode != 0 and "xyz" in done.stderr
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("shop_id", sorted(SHOPS))
def test_every_games_cards_are_drawn_at_the_shops_size(shop_id):
    """Without rendering: every game's shop decks are the shop's card, so the page is the shop's pixel size (a
    63 × 88 mm player aid is MPC's card, and is drawn at MPC's 2.48 × 3.46 in, not 0.1 mm off)."""
    from content_tools import load_game

    shop = SHOPS[shop_id]
    for game_id in ("diced-veggies", "mahlzeit", "schwarzwaelder-kirsch", "suppenkasper", "ta-na-mesa"):
        decks = shop_decks(print_set(load_game(game_id), game_id, "en", shop.card), shop)
        assert decks, game_id
        assert {d.size for d in decks} == {shop.card}, game_id
    if shop.image_px:
        px = [(side + 2 * shop.bleed_mm) / 25.4 * 300 for side in (shop.card.width_mm, shop.card.height_mm)]
        assert [round(v, 6) for v in px] == list(shop.image_px)


def test_a_german_readme_writes_its_measures_and_counts_in_german(tmp_path):
    """'1 Karten zu 63.5 × 88.9 mm (2.5 × 3.5 in)' and '0.125 in' stood in the German READMEs."""
    from content_tools import load_game
    content = load_game("schwarzwaelder-kirsch")
    paths = export_game(content, "schwarzwaelder-kirsch", "de", ["dtc"], tmp_path)
    start = next(p for p in paths if p.name.endswith("-start.zip"))        # the one Küchenmaschinenkarte
    with zipfile.ZipFile(start) as zf:
        readme = zf.read("README.txt").decode("utf-8")
    assert "1 Karte zu 63,5 × 88,9 mm (2,5 × 3,5 in)" in readme, readme
    assert "2,75 × 3,75 in" in readme and "0,125 in Beschnittzugabe" in readme
