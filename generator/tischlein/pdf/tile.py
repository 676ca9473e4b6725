"""Tiles: square or rectangular pieces that are not cards (recipe tiles, a cleaver, stoves), on the card sheets.

A tile is imposed exactly like a card: it is a `Deck` of its own size, so `sheet.plan()` does the arithmetic
(never scaled, 5 mm printer margin, bleed, crop marks outside the trim) and document.py places it, with its back
behind it on the duplex back page when the piece has one. Nothing here knows a game.

How to use it from a game module (pdf/games/<game>.py)::

    from ..tile import tile_deck, tile_frame, shaped_cut
    size = tile_size("recipe tile", 60)                      # 60 × 60 mm; tile_size("stove", 90, 60) for a rectangle
    pieces = [Piece(f"recipe-tile-{i}", "recipe-tile", f"recipe-{r.id}", "tile-back") for i, r in ...]
    decks.append(tile_deck(size, pieces, paper=PAPERS["a4"]))  # raises PdfBuildError if it cannot fit a sheet
    faces[f"recipe-{r.id}"] = partial(my_tile_face, ...)       # draw(c, box: FaceBox), origin = trim lower-left

    def my_tile_face(c, box, ...):
        inner = tile_frame(c, box, fill="#d9a441", rim="#fbf1dc")    # bleed + rim + rounded panel
        ...                                                        # draw inside `inner` (x, y, w, h)
        card.corner_mark(c, box, mark, ink)                        # provenance mark, as on cards

Tiles that are not rectangles (the Diced Veggies cleaver) still sit in a rectangular cell; draw the shape with
`shaped_cut()` so the crafter sees a solid cut line around it, and keep the rest of the cell plain.
Pieces larger than a sheet are boards (pdf/board.py), not tiles.
"""
from __future__ import annotations

from collections.abc import Callable

from .card import FaceBox, background, panel
from .component import Deck, Piece
from .errors import PdfBuildError
from .icons import color
from .sheet import plan
from .units import Size, mm

CUT_LINE_PT = 0.6


def tile_size(name: str, width_mm: float, height_mm: float | None = None) -> Size:
    """A tile size: square when only one side is given."""
    return Size(name, width_mm, width_mm if height_mm is None else height_mm)


def tile_deck(size: Size, pieces: list[Piece], paper: Size | None = None, bleed_mm: float = 3.0) -> Deck:
    """A deck of tiles for PrintSet.decks. With `paper`, check now that the tile fits a sheet (else: a board)."""
    if paper is not None:
        try:
            plan(paper, size, bleed_mm)
        except ValueError:
            raise PdfBuildError(f"tile {size.name} ({size.label} mm) does not fit on {paper.name}; "
                                "print it as a board (pdf/board.py)") from None
    return Deck(size, list(pieces))


def tile_frame(c, box: FaceBox, fill: str, rim: str, radius_mm: float = 2.5, rim_mm: float = 2.0) -> tuple[
        float, float, float, float]:
    """Paint the bleed in `rim` and a rounded `fill` panel inside it; returns the panel (x, y, w, h)."""
    background(c, box, rim)
    r = mm(rim_mm)
    panel(c, r, r, box.w - 2 * r, box.h - 2 * r, fill, radius=mm(radius_mm))
    return r, r, box.w - 2 * r, box.h - 2 * r


def shaped_cut(c, outline: Callable, fill: str, ink: str = "#3b2417", width: float = CUT_LINE_PT) -> None:
    """A non-rectangular piece: `outline(path)` adds the shape to a path; it is filled and stroked as the cut."""
    p = c.beginPath()
    outline(p)
    p.close()
    c.setFillColor(color(fill))
    c.setStrokeColor(color(ink))
    c.setLineWidth(width)
    c.setLineJoin(1)
    c.drawPath(p, stroke=1, fill=1)
