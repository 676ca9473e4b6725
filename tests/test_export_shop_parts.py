"""The Game Crafter's boards and custom dice: the product each board goes on, exact image sizes, a board at its
real size in the middle of the product, six faces per die, and READMEs that stop calling these "left out".

Diced Veggies has a board (the 5 × 7 frame) and 35 dice, Suppenkasper a board and no dice, Tá na Mesa a board.
"""
from __future__ import annotations

import io
import json
import zipfile

import pytest
from content_tools import load_game
from PIL import Image, ImageChops

from tischlein.pdf.component import print_set
from tischlein.pdf.export import export_game
from tischlein.pdf.shops import SHOPS, board_product

DPI = 300
INCH_MM = 25.4
GAMES = ("diced-veggies", "suppenkasper", "ta-na-mesa")


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    out = tmp_path_factory.mktemp("parts")
    zips, sets = {}, {}
    for game_id in GAMES:
        content = load_game(game_id)
        sets[game_id] = print_set(content, game_id, "en", SHOPS["tgc"].card)
        for path in export_game(content, game_id, "en", ["tgc", "mpc"], out):
            with zipfile.ZipFile(path) as zf:
                zips[path.name] = {name: zf.read(name) for name in zf.namelist()}
    return out, zips, sets


@pytest.mark.parametrize("size_mm, product", [((147, 113), "HalfBoard"), ((113, 147), "HalfBoard"),
                                              ((290, 209), "BiFoldBoard"), ((110, 110), "QuarterBoard"),
                                              ((128, 128), "SquareBoard"), ((280, 190.4), "AccordionBoard")])
def test_a_board_goes_on_the_smallest_product_that_holds_it_at_its_real_size(size_mm, product):
    chosen = board_product(SHOPS["tgc"], *size_mm)
    assert chosen.id == product
    assert all(p.width_in * p.height_in >= chosen.width_in * chosen.height_in
               for p in SHOPS["tgc"].boards if p.fits(*size_mm))


def test_a_board_larger_than_every_product_is_left_to_the_print_and_play_pdf():
    assert board_product(SHOPS["tgc"], 800, 800) is None
    assert board_product(SHOPS["mpc"], 100, 100) is None        # no board figures for MakePlayingCards


@pytest.mark.parametrize("game_id", GAMES)
def test_every_board_image_has_the_products_exact_size_and_a_plain_back_where_it_has_one(exported, game_id):
    _, zips, sets = exported
    for board in sets[game_id].boards:
        product = board_product(SHOPS["tgc"], board.width_mm, board.height_mm)
        entries = zips[f"{game_id}-en-tgc-board-{board.id}.zip"]
        assert list(entries) == ["README.txt", "front.png"] + (["back.png"] if product.two_sided else [])
        for name in entries:
            if name.endswith(".png"):
                with Image.open(io.BytesIO(entries[name])) as image:
                    assert image.size == product.image_px == (round((product.width_in + 0.25) * DPI),
                                                              round((product.height_in + 0.25) * DPI))
                    assert tuple(round(v) for v in image.info["dpi"]) == (DPI, DPI)
                    if name == "back.png":
                        assert image.convert("RGB").getcolors() == [(image.width * image.height, (255, 255, 255))]
        assert product.id in entries["README.txt"].decode("utf-8")


# Tá na Mesa's board has a flat edge colour its art does not use inside the trim, so the art's bounding box is
# the board; Diced Veggies' frame is drawn on its own edge colour (only its centring can be seen)
@pytest.mark.parametrize("game_id, real_size", [("ta-na-mesa", True), ("diced-veggies", False)])
def test_a_board_keeps_its_real_size_in_the_middle_of_the_product(exported, game_id, real_size):
    _, zips, sets = exported
    for board in sets[game_id].boards:
        with Image.open(io.BytesIO(zips[f"{game_id}-en-tgc-board-{board.id}.zip"]["front.png"])) as image:
            image = image.convert("RGB")
            edge = image.getpixel((0, 0))
            solid = Image.new("RGB", image.size, edge)
            left, top, right, bottom = ImageChops.difference(image, solid).getbbox()
        drawn = sorted((right - left, bottom - top))
        real = sorted(round(v / INCH_MM * DPI) for v in (board.width_mm, board.height_mm))
        assert not real_size or all(0 <= d - r <= 6 for d, r in zip(drawn, real)), (drawn, real)   # outlines reach 0.3 mm past the trim
        assert abs((left + right) - image.width) <= 3 and abs((top + bottom) - image.height) <= 3


def test_every_die_is_six_face_images_of_the_products_size_in_print_order(exported):
    _, zips, sets = exported
    dice = sets["diced-veggies"].dice[0]
    entries = zips["diced-veggies-en-tgc-dice-die.zip"]
    faces = [name for name in entries if name.endswith(".png")]
    assert len(faces) == 6 * len(dice.dice) == 6 * 35
    assert faces[:6] == [f"die-01-broccoli-1/face-{i}.png" for i in range(1, 7)]
    for name in faces:
        with Image.open(io.BytesIO(entries[name])) as image:
            assert image.size == (SHOPS["tgc"].die.face_px,) * 2 == (180, 180)
    for n, die in enumerate(dice.dice):             # the same face key gives the same image, another key another
        pngs = [entries[faces[6 * n + i]] for i in range(6)]
        for i in range(6):
            for j in range(6):
                assert (pngs[i] == pngs[j]) == (die.faces[i] == die.faces[j])


def test_the_readmes_no_longer_leave_out_what_the_shop_now_takes(exported):
    _, zips, sets = exported
    tgc = zips["diced-veggies-en-tgc-recipe.zip"]["README.txt"].decode("utf-8")
    mpc = zips["diced-veggies-en-mpc-recipe.zip"]["README.txt"].decode("utf-8")
    board, dice = sets["diced-veggies"].boards[0], sets["diced-veggies"].dice[0]
    labels = {k.id: k.label for k in sets["diced-veggies"].kinds}
    for what in (labels[board.kind], labels[dice.kind]):
        assert what not in tgc.split("Not in these files")[1]
        assert what in mpc.split("Not in these files")[1]
    assert "Templative" in zips["diced-veggies-en-tgc-board-frame.zip"]["README.txt"].decode("utf-8")


def test_the_downloads_page_is_told_what_each_part_zip_holds(exported):
    out, _, _ = exported
    manifest = json.loads((out / "export" / "diced-veggies" / "en" / "exports.json").read_text(encoding="utf-8"))
    assert manifest["diced-veggies-en-tgc-dice-die.zip"] == {
        "target": "tgc", "label": "site.variant.shop_dice",
        "params": {"shop": "The Game Crafter", "part": "Vegetable dice", "n": 35}}
    assert manifest["diced-veggies-en-tgc-board-frame.zip"] == {
        "target": "tgc", "label": "site.variant.shop_board",
        "params": {"shop": "The Game Crafter", "part": "Frame for the 5 × 7 block", "n": 1}}


def test_the_readmes_give_the_parts_sizes_in_the_readers_language(exported):
    """'180 × 180 px a face, for a 16 mm die' stood in English in the German and Portuguese READMEs."""
    from tischlein.pdf.export import _part_readme
    from tischlein.pdf.shop_parts import Part
    from tischlein.pdf.texts import Texts
    _, zips, sets = exported
    shop = SHOPS["tgc"]
    edge = f"{shop.die.edge_mm:g}"
    english = zips["diced-veggies-en-tgc-dice-die.zip"]["README.txt"].decode("utf-8")
    assert f"{shop.die.face_px} × {shop.die.face_px} px a face, for a {edge} mm die" in english
    content = load_game("diced-veggies")
    dice = Part("dice-die", "dice", "Würfel", 35, [], shop.die.id, {"px": shop.die.face_px, "mm": shop.die.edge_mm})
    board = Part("board-frame", "board", "Rahmen", 1, [], "HalfBoard",
                 {"width": 5.5, "height": 10.0, "px_w": 1725, "px_h": 3075})
    for lang, says in (("de", f"px je Seite, für einen Würfel von {edge.replace('.', ',')} mm"),
                       ("pt", f"px por face, para um dado de {edge.replace('.', ',')} mm")):
        ui = Texts(content.games["diced-veggies"].ui, lang, content.games["diced-veggies"])
        text = _part_readme(sets["diced-veggies"], ui, shop, dice, [])
        assert says in text and "px a face" not in text, text
        assert "5,5 × 10 in, 1725 × 3075 px" in _part_readme(sets["diced-veggies"], ui, shop, board, [])
