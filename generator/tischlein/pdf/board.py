"""Boards and tracks at real size, tiled over several sheets with a glue overlap when larger than one sheet.

A game describes a board as `component.Board(id, kind, label, width_mm, height_mm, draw)` and appends it to
`PrintSet.boards`; `draw(c, w, h, bleed)` paints the whole board once (it becomes one Form XObject) with its
lower-left trim corner at (0, 0) and `bleed` points of art beyond every edge. imposition.py packs a board that fits one sheet
like any other piece and has the others tiled here (document.py draws each tile with `draw_tile`). Nothing is ever scaled.

Tiling (`plan_tiles`, pure arithmetic, all lengths in points):

* The usable area of a sheet is the paper minus the 5 mm printer margin, the room crop marks need and the bleed,
  minus a header strip at the top (sheet name, how to assemble, the assembly diagram).
* A board that fits is one tile, "A1". Otherwise it is cut into the fewest columns × rows whose tiles fit, all
  tiles of a row the same width, neighbours overlapping by exactly `overlap` (10–15 mm; default 12 mm).
* Rows are letters from the top, columns numbers from the left: A1 A2 / B1 B2. Each tile carries a glue strip
  (hatched, "glue A2 here") along its right and bottom edge where the next sheet to the right or below is laid
  on top, so the art lines up; the union of all tiles is exactly the board.
* Every tile is cut on its own crop marks (outside its bleed, in the margin). The art runs `bleed` past every cut,
  so the top sheet of an overlap never shows a white edge.

On the page each tile is placed like a card: an unpainted `re n` rectangle (the tile in page coordinates)
followed by the board form, so tests read tiles with tests/pdf_helpers.read_page. Board pages are one-sided and
sit in the file's single-sided range (imposition.py), so they need no blank backs. A board that fits one
sheet is not tiled at all: it is packed like any other piece.
"""
from __future__ import annotations

import math
import string
from dataclasses import dataclass

from . import fonts
from .card import wrap
from .component import Board
from .errors import PdfBuildError
from .icons import color
from .sheet import MARK_GAP_MM, MARK_LENGTH_MM, MARK_VISIBLE_MM, MARK_WIDTH_PT, Rect
from .units import Size, margin_of, mm, to_mm

OVERLAP_MM = 12.0          # glue overlap between neighbouring tiles
OVERLAP_RANGE_MM = (10.0, 15.0)
HEADER_MM = 16.0           # sheet name, instructions and assembly diagram above the tile
TOP_MARK_MM = 3.0          # extra room so the top crop marks stay clear of the header
INK = "#3b2417"
MUTED = "#7a6a5a"
HATCH = "#8a7b6b"


@dataclass(frozen=True)
class BoardTile:
    """One sheet's part of a board. `region` is in board coordinates (points, origin lower-left of the board)."""

    label: str              # "A1"
    row: int                # 0 = top row
    col: int
    region: Rect            # the part of the board printed (and kept) on this sheet, glue strips included
    glue: tuple[Rect, ...]  # strips of `region` (board coordinates) that the right/lower neighbour covers
    glue_to: tuple[str, ...]  # the label of the neighbour laid on each strip
    page: Rect              # where `region` lands on the sheet (page coordinates)


@dataclass(frozen=True)
class BoardPlan:
    width: float
    height: float
    cols: int
    rows: int
    overlap: float
    bleed: float
    tiles: tuple[BoardTile, ...]

    def label(self, row: int, col: int) -> str:
        return _label(row, col)


def _label(row: int, col: int) -> str:
    return f"{string.ascii_uppercase[row]}{col + 1}"


def usable_area(paper: Size, bleed: float) -> Rect:
    """The page rectangle a tile may fill (page coordinates): margins, mark room, bleed and header removed."""
    edge = margin_of(paper) + mm(MARK_GAP_MM + MARK_VISIBLE_MM) + bleed
    top = edge + mm(HEADER_MM + TOP_MARK_MM)
    return Rect(edge, edge, paper.width - 2 * edge, paper.height - edge - top)


def plan_tiles(width: float, height: float, paper: Size, bleed: float = mm(3),
               overlap: float = mm(OVERLAP_MM)) -> BoardPlan:
    """Split a width × height board (points) into sheets of `paper`; see the module docstring."""
    lo, hi = OVERLAP_RANGE_MM
    if not mm(lo) - 1e-6 <= overlap <= mm(hi) + 1e-6:
        raise PdfBuildError(f"board glue overlap must be {lo:g}–{hi:g} mm, got {to_mm(overlap):.1f} mm")
    area = usable_area(paper, bleed)
    cols = _count(width, area.w, overlap)
    rows = _count(height, area.h, overlap)
    tw = (width + (cols - 1) * overlap) / cols
    th = (height + (rows - 1) * overlap) / rows
    tiles = []
    for row in range(rows):
        for col in range(cols):
            x = col * (tw - overlap)
            top = height - row * (th - overlap)
            region = Rect(x, top - th, tw, th)
            glue, glue_to = [], []
            if col < cols - 1:
                glue.append(Rect(region.x1 - overlap, region.y, overlap, th))
                glue_to.append(_label(row, col + 1))
            if row < rows - 1:
                glue.append(Rect(region.x, region.y, tw, overlap))
                glue_to.append(_label(row + 1, col))
            page = Rect(area.x + (area.w - tw) / 2, area.y1 - th, tw, th)
            tiles.append(BoardTile(_label(row, col), row, col, region, tuple(glue), tuple(glue_to), page))
    return BoardPlan(width, height, cols, rows, overlap, bleed, tuple(tiles))


def _count(length: float, room: float, overlap: float) -> int:
    if length <= room + 1e-6:
        return 1
    if room <= overlap:
        raise PdfBuildError("the sheet is too small to tile a board")
    return math.ceil((length - overlap - 1e-6) / (room - overlap))


def form_name(board: Board) -> str:
    return f"board-{board.id}"


def define(c, board: Board, bleed: float) -> None:
    """The board's art, once, as a Form XObject (bleed included)."""
    w, h = mm(board.width_mm), mm(board.height_mm)
    c.beginForm(form_name(board), -bleed, -bleed, w + bleed, h + bleed)
    board.draw(c, w, h, bleed)
    c.endForm()


def draw_tile(c, board: Board, plan: BoardPlan, tile: BoardTile, paper: Size, ui, n: int, title: str) -> None:
    b = plan.bleed
    r, p = tile.region, tile.page
    dx, dy = p.x - r.x, p.y - r.y             # board -> page
    # the art: clipped to the tile plus bleed (only where the board has art: its own bleed at the outer edges)
    clip_x0 = max(r.x - b, -b) + dx
    clip_y0 = max(r.y - b, -b) + dy
    clip_x1 = min(r.x1 + b, plan.width + b) + dx
    clip_y1 = min(r.y1 + b, plan.height + b) + dy
    c.saveState()
    marker = c.beginPath()
    marker.rect(p.x, p.y, p.w, p.h)
    c.drawPath(marker, stroke=0, fill=0)        # "re n": the tile's cut rectangle
    clip = c.beginPath()
    clip.rect(clip_x0, clip_y0, clip_x1 - clip_x0, clip_y1 - clip_y0)
    c.clipPath(clip, stroke=0, fill=0)
    c.translate(dx, dy)
    c.doForm(form_name(board))
    c.restoreState()
    for strip, neighbour in zip(tile.glue, tile.glue_to):
        _glue_strip(c, Rect(strip.x + dx, strip.y + dy, strip.w, strip.h), tile.label, neighbour,
                    ui("pdf.board.glue", label=neighbour))
    _marks(c, p, b, paper, ceiling=paper.height - margin_of(paper) - mm(HEADER_MM))
    _header(c, board, plan, tile, paper, ui, n, title)


def _glue_strip(c, s: Rect, own: str, neighbour: str, text: str) -> None:
    """Hatching and faint labels on a strip that the neighbouring sheet will cover."""
    c.saveState()
    p = c.beginPath()
    p.rect(s.x, s.y, s.w, s.h)
    c.clipPath(p, stroke=0, fill=0)
    c.setFillColor(color("#ffffff"))
    c.setFillAlpha(0.45)
    c.rect(s.x, s.y, s.w, s.h, stroke=0, fill=1)
    c.setFillAlpha(1)
    c.setStrokeColor(color(HATCH))
    c.setStrokeAlpha(0.6)
    c.setLineWidth(0.5)
    step = mm(3)
    hatch = c.beginPath()
    span = s.w + s.h
    k = 0.0
    while k <= span:
        hatch.moveTo(s.x + k, s.y)
        hatch.lineTo(s.x + k - s.h, s.y + s.h)
        k += step
    c.drawPath(hatch, stroke=1, fill=0)
    c.setStrokeAlpha(1)
    c.setFillColor(color(INK))
    c.setFillAlpha(0.55)
    vertical = s.h > s.w
    c.translate(s.x + s.w / 2, s.y + s.h / 2)
    if vertical:
        c.rotate(90)
    length = s.h if vertical else s.w
    label = f"{own}  ·  {text}  ·  {neighbour}"
    size = 7.0
    c.setFont(fonts.BOLD, size)
    if fonts.width(label, fonts.BOLD, size) > length - mm(4):
        label = text
    reps = max(1, int(length // mm(90)))
    for i in range(reps):
        off = (i + 0.5) * length / reps - length / 2
        c.drawCentredString(off, -size * 0.35, label)
    c.restoreState()


def _marks(c, p: Rect, bleed: float, paper: Size, ceiling: float) -> None:
    """Crop marks at the tile's four cut lines, outside the bleed, never on the art."""
    gap, length, clear = mm(MARK_GAP_MM), mm(MARK_LENGTH_MM), margin_of(paper)     # marks end where printing does
    W, H = paper.width, paper.height
    c.saveState()
    c.setLineWidth(MARK_WIDTH_PT)
    c.setStrokeColorRGB(0, 0, 0)
    path = c.beginPath()
    top0, bot0 = p.y1 + bleed + gap, p.y - bleed - gap
    left0, right0 = p.x - bleed - gap, p.x1 + bleed + gap
    for x in (p.x, p.x1):
        path.moveTo(x, top0)
        path.lineTo(x, min(top0 + length, H - clear, ceiling))
        path.moveTo(x, bot0)
        path.lineTo(x, max(bot0 - length, clear))
    for y in (p.y, p.y1):
        path.moveTo(left0, y)
        path.lineTo(max(left0 - length, clear), y)
        path.moveTo(right0, y)
        path.lineTo(min(right0 + length, W - clear), y)
    c.drawPath(path, stroke=1, fill=0)
    c.restoreState()


def _header(c, board: Board, plan: BoardPlan, tile: BoardTile, paper: Size, ui, n: int, title: str) -> None:
    """Sheet name, how to assemble and (right) the assembly diagram with this sheet highlighted."""
    top = paper.height - margin_of(paper) - mm(1)
    x0 = margin_of(paper) + mm(3)
    # diagram: one small box per sheet
    cell = min(mm(7), mm(13) / plan.rows, mm(40) / plan.cols)
    cw = cell * max(1.0, min(1.6, plan.width / plan.height * plan.rows / plan.cols))
    dw, dh = cw * plan.cols, cell * plan.rows
    dx = paper.width - margin_of(paper) - mm(3) - dw
    dy = top - dh - mm(1)
    for t in plan.tiles:
        x, y = dx + t.col * cw, dy + dh - (t.row + 1) * cell
        here = t.label == tile.label
        c.setFillColor(color("#e0642c" if here else "#f3e6cf"))
        c.setStrokeColor(color(INK))
        c.setLineWidth(0.6)
        c.rect(x, y, cw, cell, stroke=1, fill=1)
        c.setFillColor(color("#ffffff" if here else INK))
        c.setFont(fonts.BOLD, min(6.5, cell * 0.55))
        c.drawCentredString(x + cw / 2, y + cell / 2 - 2.2, t.label)
    # text
    width = dx - x0 - mm(4)
    c.setFillColor(color(INK))
    head = ui("pdf.board.sheet", board=board.label, label=tile.label, n=n, total=len(plan.tiles))
    size = 11.0
    while fonts.width(head, fonts.TITLE, size) > width and size > 7:
        size -= 0.5
    c.setFont(fonts.TITLE, size)
    c.drawString(x0, top - size * 0.85, head)
    how_key = "pdf.board.how_tiled" if len(plan.tiles) > 1 else "pdf.board.how_single"
    how = ui(how_key, size=ui.size(board.width_mm, board.height_mm),
             overlap=to_mm(plan.overlap), game=title)
    s = 7.5
    while True:
        lines = wrap(how, fonts.BODY, s, width)
        if lines is not None and len(lines) * s * 1.2 <= mm(HEADER_MM) - size - mm(1) or s <= 6:
            break
        s -= 0.25
    if lines is None or len(lines) * s * 1.2 > mm(HEADER_MM) - size - mm(1) + 1e-6:
        raise PdfBuildError(f"board {board.id}: the assembly note does not fit the sheet header: {how!r}")
    c.setFont(fonts.BODY, s)
    c.setFillColor(color(MUTED))
    y = top - size - mm(1) - s * 0.85
    for line in lines:
        c.drawString(x0, y, line)
        y -= s * 1.2
