"""Boards and custom dice as a print shop takes them: one image per board side, six per die (see shops.py).

A board keeps its real size, so that the game's pieces still fit its spaces: it is centred on the smallest board
product that holds it (turned a quarter if that is what fits), and its own edge colour fills the rest, since a
board's drawing paints whatever bleed it is given (component.Board). A die face is drawn at the size of the image
the shop prints on the die, without bleed. Both go through the same rasteriser and cache as the cards (raster.py).
"""
from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from . import document, fonts, raster
from .component import Board, DiceSet, PrintSet
from .shops import DPI, INCH_MM, Product, Shop, board_product, safe
from .units import mm

POINTS_PER_INCH = 72


@dataclass
class Part:
    """One zip's worth: what it holds (name → PNG bytes, in order) and how the README and downloads page name it."""
    name: str                 # in the zip's file name: "board-<id>" or "dice-<kind>"
    kind: str                 # "board" or "dice": which README text and downloads label describe it
    label: str                # translated
    count: int                # boards or dice in it
    files: list[tuple[str, bytes]]
    product: str              # the shop's product name
    size: dict                # for the README: the parameters of export.size.<kind> ("5 × 10 in, 1575 × 3075 px")


def parts(ps: PrintSet, shop: Shop, tmp: Path, cache) -> list[Part]:
    out = []
    for board in ps.boards:
        product = board_product(shop, board.width_mm, board.height_mm)
        if product is not None:
            out.append(_board_part(ps, board, product, tmp, cache))
    if shop.die is not None:
        out += [_dice_part(ps, dice, shop, tmp, cache) for dice in ps.dice]
    return out


def _board_part(ps: PrintSet, board: Board, product: Product, tmp: Path, cache) -> Part:
    px = product.image_px
    pdf = document.write_atomically(tmp / f"board-{safe(board.id)}.pdf",
                                    lambda path: _board_page(path, ps, board, product))
    files = [("front.png", raster.png_pages(pdf, px, DPI, cache)[0])]
    if product.two_sided:
        files.append(("back.png", _white(px)))
    return Part(f"board-{safe(board.id)}", "board", board.label, 1, files, product.id,
                {"width": product.width_in, "height": product.height_in, "px_w": px[0], "px_h": px[1]})


def _canvas(path: Path, size: tuple[float, float], ps: PrintSet) -> Canvas:
    c = Canvas(str(path), pagesize=size, invariant=1, initialFontName=fonts.BODY, pageCompression=1)
    for name in ps.icons:                  # boards and faces draw the game's icons as forms, as on the sheets
        document.icons.define(c, name)
    return c


def _board_page(path: Path, ps: PrintSet, board: Board, product: Product) -> None:
    bleed = mm(INCH_MM / 8)
    page_w, page_h = (v * POINTS_PER_INCH + 2 * bleed for v in (product.width_in, product.height_in))
    w, h = mm(board.width_mm), mm(board.height_mm)
    turned = not (w <= page_w - 2 * bleed and h <= page_h - 2 * bleed)
    c = _canvas(path, (page_w, page_h), ps)
    c.translate(page_w / 2, page_h / 2)
    if turned:
        c.rotate(90)
    c.translate(-w / 2, -h / 2)
    board.draw(c, w, h, max(page_w, page_h))          # the board's edge colour out to the product's edges
    c.showPage()
    c.save()


def _white(px: tuple[int, int]) -> bytes:
    """A plain white back at the product's size, as a PNG like the rasterised ones (300 dpi recorded)."""
    buf = io.BytesIO()
    Image.new("RGB", px, "white").save(buf, format="PNG", dpi=(DPI, DPI))
    return buf.getvalue()


def _dice_part(ps: PrintSet, dice: DiceSet, shop: Shop, tmp: Path, cache) -> Part:
    die = shop.die
    size = die.face_px * 72 / DPI
    keys = list(dict.fromkeys(key for d in dice.dice for key in d.faces))
    pdf = document.write_atomically(tmp / f"dice-{safe(dice.kind)}.pdf",
                                    lambda path: _face_pages(path, ps, dice, keys, size))
    png = dict(zip(keys, raster.png_pages(pdf, (die.face_px, die.face_px), DPI, cache)))
    files = [(f"die-{n:02d}-{safe(d.label or d.id)}/face-{i}.png", png[key])
             for n, d in enumerate(dice.dice, 1) for i, key in enumerate(d.faces, 1)]
    label = next((k.label for k in ps.kinds if k.id == dice.kind), dice.kind)
    return Part(f"dice-{safe(dice.kind)}", "dice", label, len(dice.dice), files, die.id,
                {"px": die.face_px, "mm": die.edge_mm})


def _face_pages(path: Path, ps: PrintSet, dice: DiceSet, keys: list[str], size: float) -> None:
    c = _canvas(path, (size, size), ps)
    for key in keys:
        dice.faces[key](c, size, 0)
        c.showPage()
    c.save()
