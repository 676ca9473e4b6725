"""PNG previews and Tabletop Simulator sheets of the Mahlzeit cards, rasterised from the PDF with pypdfium2."""
from __future__ import annotations

import json

import pytest
from pdf_helpers import content  # noqa: F401  (fixture)
from PIL import Image

from tischlein.pdf.component import print_set
from tischlein.pdf.previews import DPI, TTS_COLS, TTS_MAX_PX, TTS_ROWS, build_previews, trim_pixels, tts_sheet
from tischlein.pdf.units import CARD_SIZES

GAME = "mahlzeit"


@pytest.fixture(scope="module")
def previews(content, tmp_path_factory):
    out = tmp_path_factory.mktemp("previews")
    written = build_previews(content, "mahlzeit", ["en"], out)
    folder = out / "previews" / "mahlzeit" / "en"
    return folder, written, json.loads((folder / "faces.json").read_text(encoding="utf-8"))


def test_one_png_per_distinct_face_and_back(content, previews):
    folder, written, index = previews
    ps = print_set(content, "mahlzeit", "en", CARD_SIZES["poker"])
    faces = {p.face for p in ps.pieces()}
    backs = {p.back for p in ps.pieces() if p.back}
    pngs = {p.name for p in folder.glob("*.png") if not p.name.startswith("tts-")}
    assert len(pngs) == len(faces) + len(backs)
    assert len(index["faces"]) == len(faces) and {f["face"] for f in index["faces"]} == faces
    assert {b["back"] for b in index["backs"]} == backs
    assert set(written) >= {folder / name for name in pngs}


def test_face_pngs_have_the_trim_size_at_the_dpi(previews):
    folder, _, index = previews
    w, h = trim_pixels(63, 88, DPI)
    assert (w, h) == (372, 520)
    for entry in index["faces"] + index["backs"]:
        image = Image.open(folder / entry["png"])
        assert image.mode == "RGB"
        assert abs(image.width - w) <= 1 and abs(image.height - h) <= 1, entry["png"]
        assert (entry["width"], entry["height"]) == image.size


def test_index_maps_every_piece_with_a_name(content, previews):
    folder, _, index = previews
    ps = print_set(content, "mahlzeit", "en", CARD_SIZES["poker"])
    assert set(index["pieces"]) == {p.id for p in ps.pieces()}
    for piece in ps.pieces():
        entry = index["pieces"][piece.id]
        assert (folder / entry["png"]).is_file()
        assert entry["kind"] == piece.kind and entry["name"] and entry["name"] != piece.id
        assert (folder / entry["back"]).is_file()
    # identical pieces share one PNG; different faces never do
    by_png = {}
    for piece in ps.pieces():
        by_png.setdefault(index["pieces"][piece.id]["png"], set()).add(piece.face)
    assert all(len(faces) == 1 for faces in by_png.values())
    assert index["pieces"]["dish-kloesse-1"]["name"] == "Thüringer Klöße"


def test_distinct_faces_look_different(previews):
    folder, _, index = previews
    digests = {Image.open(folder / f["png"]).tobytes() for f in index["faces"]}
    assert len(digests) == len(index["faces"])


def test_tts_sheets(content, previews):
    folder, _, index = previews
    assert index["tts"]
    total = 0
    for deck in index["tts"]:
        back = Image.open(folder / deck["back"])
        assert back.mode == "RGB"
        for sheet in deck["sheets"]:
            image = Image.open(folder / sheet["png"])
            assert image.mode == "RGB"
            assert image.width <= TTS_MAX_PX and image.height <= TTS_MAX_PX
            assert sheet["cols"] <= TTS_COLS and sheet["rows"] <= TTS_ROWS
            assert sheet["count"] <= sheet["cols"] * sheet["rows"]
            assert image.size == (sheet["cols"] * sheet["card_width"], sheet["rows"] * sheet["card_height"])
            total += sheet["count"]
        assert deck["count"] == sum(s["count"] for s in deck["sheets"])
    assert total == 110
    assert {d["deck"] for d in index["tts"]} == {"light", "dark"}


def test_tts_sheet_scales_down_to_4096():
    big = [Image.new("RGB", (750, 1050), (200, 100, 50))] * 70
    image, cols, rows, cw, ch = tts_sheet(big)
    assert (cols, rows) == (10, 7)
    assert image.width <= 4096 and image.height <= 4096 and image.mode == "RGB"
    assert cw / ch == pytest.approx(750 / 1050, abs=0.01)
    with pytest.raises(ValueError):
        tts_sheet(big + big[:1])
