"""Imposition: where cards sit on a sheet, their bleed, crop marks and the mirrored back cells.

This package is the only place that does sheet layout arithmetic: this module plans uniform grids of one size
(`plan`, `plan_fold`); `pack.py` packs pieces of different sizes onto shared pages (rectpack) around those grids;
`page.py` is the page they all produce (cut marks, backs, registration targets, the sheet's label). Cards are
never scaled. The paper (`units.Paper`) carries the printer's margin, the border it cannot print (5 mm unless
the crafter says otherwise): crop marks, registration targets and labels stay inside the printable area, and
every piece keeps its full bleed on every side (the art may run into the margin, where the printer leaves it
off). Two arrangements are weighed per paper, with the cards upright or on their side:

* **separate**: every card carries its own bleed on all four sides (cells of w+2b × h+2b that touch);
* **butted**: cards touch at their trim lines, so neighbours share cut lines and only the outside of the grid has
  bleed.

Crop marks are 0.25 pt lines in the margin only, one per cut line, starting just outside the outer bleed, so no
mark can ever be printed on a card; at least MARK_VISIBLE_MM of each lies inside the printable area.

`crop_marks="full"` (`marks_for(used, full=True)`) runs every mark from the grid to the printer margin, so the
marks of one axis survive the first guillotine cut; marks never cross a card either way.

Gutter fold (`plan_fold`): the fronts fill one half of the portrait page, their backs the mirror-image half; the
fold is the page's centre line (vertical or horizontal, whichever holds more cards; cards may lie on their side
when that fits more, e.g. 2 × 2 poker cards per A4 half instead of 3) and every bleed edge keeps
FOLD_CLEARANCE_MM from it. `back_cell(cell, "fold")` reflects a cell across the fold.

The arrangement with more cards per sheet wins; on a tie, upright cards, then separate. With 63 × 88 mm and 3 mm
bleed: A4 gets 3 × 3 butted; US Letter 2 × 4 cards on their side (3 × 3 upright would leave 0.2 mm of bleed at
the top and bottom once the marks are printable). Only when no layout with full bleed fits one card is the outer
bleed of a butted grid reduced (the guide says so).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..units import MM, PRINTER_MARGIN_MM, Size, margin_of, mm, to_mm

MIN_MARGIN_MM = PRINTER_MARGIN_MM   # the default printer margin (Options.printer_margin_mm changes it)
MARK_GAP_MM = 0.5        # between the outer bleed edge and the start of a crop mark
MARK_VISIBLE_MM = 1.5    # how much of each mark must lie inside the printable area (two 95 mm aids side by side on A4)
MARK_LENGTH_MM = 7.0
MARK_WIDTH_PT = 0.25
DUPLEX_MODES = ("long", "short", "fold", "none")
CROP_MARK_STYLES = ("short", "full")
FOLD_CLEARANCE_MM = 6.0  # gutter fold: from the fold line to the nearest bleed edge (at least 5 mm)
FOLD_MARK_CLEARANCE_MM = 1.0   # crop marks in the gutter stop this far before the fold line


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def x1(self) -> float:
        return self.x + self.w

    @property
    def y1(self) -> float:
        return self.y + self.h


@dataclass(frozen=True)
class Cell:
    """One card position: `trim` is the finished card, `clip` the area its art may cover (trim + bleed)."""

    col: int
    row: int            # 0 = top row
    trim: Rect
    clip: Rect
    rotated: bool = False   # the piece lies on its side (turned 90° counter-clockwise)


@dataclass(frozen=True)
class Line:
    x0: float
    y0: float
    x1: float
    y1: float


class OnPaper:
    """A page of `paper` (a Size): its width and height in points."""

    paper: Size

    @property
    def page_w(self) -> float:
        return self.paper.width

    @property
    def page_h(self) -> float:
        return self.paper.height


@dataclass(frozen=True)
class SheetLayout(OnPaper):
    paper: Size
    card: Size
    arrangement: str            # "separate" | "butted"
    cols: int
    rows: int
    bleed_x: float              # outer bleed actually used left/right (pt)
    bleed_y: float              # outer bleed actually used top/bottom (pt)
    requested_bleed: float      # pt
    cells: tuple[Cell, ...] = field(repr=False)
    outer: Rect = field(repr=False)           # the outer bleed edge of the full grid
    fold: str = ""              # gutter fold only: "vertical" (fronts left) or "horizontal" (fronts on top)
    rotated: bool = False       # gutter fold only: cards lie on their side (turned 90° counter-clockwise)

    @property
    def marks(self) -> tuple[Line, ...]:
        return self.marks_for(len(self.cells))

    @property
    def fold_line(self) -> Line | None:
        """The gutter-fold line (the page's centre line), or None for duplex/simplex sheets."""
        m = margin_of(self.paper)
        if self.fold == "vertical":
            return Line(self.page_w / 2, m, self.page_w / 2, self.page_h - m)
        if self.fold == "horizontal":
            return Line(m, self.page_h / 2, self.page_w - m, self.page_h / 2)
        return None

    def marks_for(self, used: int, full: bool = False) -> tuple[Line, ...]:
        """Crop marks for the first `used` cells (a part-filled last sheet gets marks for its cards only).

        `full`: each mark runs from the grid all the way to the paper edge (less 1 mm), so the marks of one axis
        survive the first guillotine cut. On a gutter-fold sheet the marks on the fold side stop before the fold.
        """
        clearance = margin_of(self.paper)
        bounds = Rect(clearance, clearance, self.page_w - 2 * clearance, self.page_h - 2 * clearance)
        stop = FOLD_MARK_CLEARANCE_MM * MM
        if self.fold == "vertical":
            bounds = Rect(bounds.x, bounds.y, self.page_w / 2 - stop - bounds.x, bounds.h)
        elif self.fold == "horizontal":
            bounds = Rect(bounds.x, self.page_h / 2 + stop, bounds.w, bounds.y1 - self.page_h / 2 - stop)
        return tuple(_crop_marks(bounds, list(self.cells[:used]), self.outer, full))

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    @property
    def bleed_reduced(self) -> bool:
        return self.bleed_x < self.requested_bleed - 1e-6 or self.bleed_y < self.requested_bleed - 1e-6

    @property
    def grid(self) -> Rect:
        return self.outer

    def describe(self) -> dict[str, str]:
        """Numbers for the print guide, in millimetres."""
        g = self.grid
        return {
            "cols": str(self.cols), "rows": str(self.rows), "arrangement": self.arrangement,
            "bleed_x": _fmt(to_mm(self.bleed_x)), "bleed_y": _fmt(to_mm(self.bleed_y)),
            "bleed": _fmt(to_mm(self.requested_bleed)),
            "margin_x": _fmt(to_mm(g.x)), "margin_y": _fmt(to_mm(min(g.y, self.page_h - g.y1))),
        }

    def back_cell(self, cell: Cell, duplex: str) -> Cell:
        """Where the back of `cell` goes on the following page so it lands behind the front.

        Portrait sheets: long-edge flip mirrors the columns (x → W − x − w), short-edge flip the rows. A gutter-fold
        sheet mirrors the cell across its fold line (the page's centre line), on the same page.
        """
        if duplex == "fold":
            duplex = "long" if self.fold == "vertical" else "short"
        if duplex == "long":
            return Cell(self.cols - 1 - cell.col, cell.row, _mirror_x(cell.trim, self.page_w),
                        _mirror_x(cell.clip, self.page_w))
        if duplex == "short":
            return Cell(cell.col, self.rows - 1 - cell.row, _mirror_y(cell.trim, self.page_h),
                        _mirror_y(cell.clip, self.page_h))
        raise ValueError(f"no back pages for duplex mode {duplex!r}")


def _fmt(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _mirror_x(r: Rect, page_w: float) -> Rect:
    return Rect(page_w - r.x - r.w, r.y, r.w, r.h)


def _mirror_y(r: Rect, page_h: float) -> Rect:
    return Rect(r.x, page_h - r.y - r.h, r.w, r.h)


def plan(paper: Size, card: Size, bleed_mm: float = 3.0, min_margin_mm: float | None = None) -> SheetLayout:
    """The best honest layout of `card` on portrait `paper`; raises ValueError when not one card fits.

    Every card keeps its full bleed and every crop mark its MARK_VISIBLE_MM inside the printer margin (the
    paper's, or `min_margin_mm`); cards lie on their side when that holds more (US Letter: 2 × 4 poker cards on
    their side, where 3 × 3 upright would leave 0.2 mm of bleed at the top and bottom). Only when no layout
    with full bleed fits one card is the outer bleed of a butted grid reduced (the guide then says so)."""
    if bleed_mm < 0:
        raise ValueError("bleed must not be negative")
    margin = to_mm(margin_of(paper)) if min_margin_mm is None else min_margin_mm
    W, H, b, m = paper.width, paper.height, mm(bleed_mm), mm(margin)
    marks = mm(MARK_GAP_MM + MARK_VISIBLE_MM)        # room the marks need outside the bleed
    eps = 1e-6
    full, reduced = [], []
    for rotated in (False, True):
        w, h = (card.height, card.width) if rotated else (card.width, card.height)
        # separate: each card with its own bleed, and room for printable marks around the grid
        cols = math.floor((W - 2 * (m + marks) + eps) / (w + 2 * b))
        rows = math.floor((H - 2 * (m + marks) + eps) / (h + 2 * b))
        if cols > 0 and rows > 0:
            full.append((cols * rows, rotated, 0, "separate", cols, rows, b, b))
        # butted: shared cut lines, bleed only round the grid
        cols = math.floor((W - 2 * (m + marks + b) + eps) / w)
        rows = math.floor((H - 2 * (m + marks + b) + eps) / h)
        if cols > 0 and rows > 0:
            full.append((cols * rows, rotated, 1, "butted", cols, rows, b, b))
        # the last resort: the trims keep the printer margin, the outer bleed takes what the marks leave
        cols, rows = math.floor((W - 2 * m + eps) / w), math.floor((H - 2 * m + eps) / h)
        if cols > 0 and rows > 0:
            bx = _floor_tenth(max(0.0, min(b, (W - cols * w) / 2 - m - marks)))
            by = _floor_tenth(max(0.0, min(b, (H - rows * h) / 2 - m - marks)))
            reduced.append((cols * rows, rotated, -round(bx + by, 6), "butted", cols, rows, bx, by))
    if not full and not reduced:
        raise ValueError(f"a {card.label} mm card does not fit on {paper.name} with {margin:g} mm margins")
    # most cards first; then upright; then separate (each card its own bleed)
    _, rotated, _, arrangement, cols, rows, bx, by = min(full or reduced, key=lambda c: (-c[0], c[1], c[2]))
    cell_size = Size(card.name, card.height_mm, card.width_mm) if rotated else card
    grid = _layout(paper, cell_size, arrangement, cols, rows, bx, by, b)
    if not rotated:
        return grid
    cells = tuple(Cell(c.col, c.row, c.trim, c.clip, True) for c in grid.cells)
    return SheetLayout(paper, card, arrangement, cols, rows, bx, by, b, cells, grid.outer, rotated=True)


def plan_fold(paper: Size, card: Size, bleed_mm: float = 3.0, min_margin_mm: float | None = None) -> SheetLayout:
    """Gutter fold: fronts in one half of the portrait `paper`, their backs mirrored into the other half.

    The fold is the page's centre line, vertical (fronts left) or horizontal (fronts on top), whichever holds more
    cards; cards lie on their side (`rotated`, cells of h × w) when that holds more. Ties prefer upright cards,
    then a bleed per card, then the vertical fold. Every bleed edge keeps FOLD_CLEARANCE_MM from the fold, so a
    fold a little off the line never shows on a card, and there is room for the crop marks in the gutter. Cards
    keep their full bleed.
    """
    if bleed_mm < 0:
        raise ValueError("bleed must not be negative")
    W, H, b = paper.width, paper.height, mm(bleed_mm)
    margin = to_mm(margin_of(paper)) if min_margin_mm is None else min_margin_mm
    edge = mm(margin + MARK_GAP_MM + MARK_VISIBLE_MM)     # printer margin + printable marks
    gutter = mm(FOLD_CLEARANCE_MM)
    eps = 1e-6
    regions = {
        "vertical": Rect(edge, edge, W / 2 - gutter - edge, H - 2 * edge),
        "horizontal": Rect(edge, H / 2 + gutter, W - 2 * edge, H / 2 - gutter - edge),
    }
    best = None
    for rotated in (False, True):
        w, h = (card.height, card.width) if rotated else (card.width, card.height)
        for order, (fold, region) in enumerate(regions.items()):
            for arrangement in ("separate", "butted"):
                if arrangement == "separate":
                    cols = math.floor((region.w + eps) / (w + 2 * b))
                    rows = math.floor((region.h + eps) / (h + 2 * b))
                else:
                    cols = math.floor((region.w - 2 * b + eps) / w)
                    rows = math.floor((region.h - 2 * b + eps) / h)
                if cols <= 0 or rows <= 0:
                    continue
                # most cards, then upright, then separate (each card its own bleed), then the vertical fold
                key = (-cols * rows, rotated, arrangement != "separate", order)
                if best is None or key < best[0]:
                    best = (key, fold, region, arrangement, cols, rows, rotated)
    if best is None:
        raise ValueError(f"a {card.label} mm card does not fit half of {paper.name} for a gutter fold")
    _, fold, region, arrangement, cols, rows, rotated = best
    cell_size = Size(card.name, card.height_mm, card.width_mm) if rotated else card
    half = _layout(Size("half", to_mm(region.w), to_mm(region.h)), cell_size, arrangement, cols, rows, b, b, b)
    cells = tuple(Cell(c.col, c.row, _shift(c.trim, region.x, region.y), _shift(c.clip, region.x, region.y))
                  for c in half.cells)
    return SheetLayout(paper, card, arrangement, cols, rows, b, b, b, cells,
                       _shift(half.outer, region.x, region.y), fold, rotated)


def _shift(r: Rect, dx: float, dy: float) -> Rect:
    return Rect(r.x + dx, r.y + dy, r.w, r.h)


def _floor_tenth(points: float) -> float:
    """Round a bleed down to 0.1 mm, so the guide can state it exactly."""
    return mm(math.floor(to_mm(points) * 10 + 1e-6) / 10)


def _layout(paper: Size, card: Size, arrangement: str, cols: int, rows: int, bx: float, by: float,
            b: float) -> SheetLayout:
    W, H, w, h = paper.width, paper.height, card.width, card.height
    if arrangement == "separate":
        pitch_x, pitch_y, inner = w + 2 * bx, h + 2 * by, True
    else:
        pitch_x, pitch_y, inner = w, h, False
    grid_w = cols * pitch_x + (0 if inner else 2 * bx)
    grid_h = rows * pitch_y + (0 if inner else 2 * by)
    gx, gy = (W - grid_w) / 2, (H - grid_h) / 2          # lower-left of the outer bleed edge
    cells = []
    for row in range(rows):
        for col in range(cols):
            x = gx + bx + col * pitch_x
            y = gy + grid_h - by - (row + 1) * pitch_y + (2 * by if inner else 0)   # separate: centred in its pitch
            trim = Rect(x, y, w, h)
            if inner:
                clip = Rect(x - bx, y - by, w + 2 * bx, h + 2 * by)
            else:   # butted: bleed only on the sides that face the paper edge
                left = bx if col == 0 else 0
                right = bx if col == cols - 1 else 0
                top = by if row == 0 else 0
                bottom = by if row == rows - 1 else 0
                clip = Rect(x - left, y - bottom, w + left + right, h + bottom + top)
            cells.append(Cell(col, row, trim, clip))
    return SheetLayout(paper, card, arrangement, cols, rows, bx, by, b, tuple(cells), Rect(gx, gy, grid_w, grid_h))


def _crop_marks(bounds: Rect, cells: list[Cell], grid: Rect, full: bool = False) -> list[Line]:
    """One mark per cut line at each end of the grid, between the grid and `bounds`, never on a card."""
    xs = sorted({round(v, 4) for c in cells for v in (c.trim.x, c.trim.x1)})
    ys = sorted({round(v, 4) for c in cells for v in (c.trim.y, c.trim.y1)})
    return margin_lines(xs, ys, grid, bounds, full)


def margin_lines(xs: list[float], ys: list[float], inner: Rect, bounds: Rect, full: bool = False) -> list[Line]:
    """Marks for the cut lines at x in `xs` and y in `ys`, in the margin between `inner` and `bounds`.

    Short marks are MARK_LENGTH_MM long; full marks reach the bounds (the paper edge less a clearance).
    """
    gap = MARK_GAP_MM * MM
    length = math.inf if full else MARK_LENGTH_MM * MM
    marks = []
    top0, top1 = inner.y1 + gap, min(inner.y1 + gap + length, bounds.y1)
    bot0, bot1 = inner.y - gap, max(inner.y - gap - length, bounds.y)
    left0, left1 = inner.x - gap, max(inner.x - gap - length, bounds.x)
    right0, right1 = inner.x1 + gap, min(inner.x1 + gap + length, bounds.x1)
    for x in xs:
        if top1 > top0:
            marks.append(Line(x, top0, x, top1))
        if bot0 > bot1:
            marks.append(Line(x, bot1, x, bot0))
    for y in ys:
        if left0 > left1:
            marks.append(Line(left1, y, left0, y))
        if right1 > right0:
            marks.append(Line(right0, y, right1, y))
    return marks


def draw_lines(canvas, lines, halo: bool = True) -> None:
    """Cut marks: black, MARK_WIDTH_PT, over a thin white halo so that a tick on a dark bleed still shows."""
    lines = list(lines)
    if not lines:
        return
    for width, grey in (((MARK_WIDTH_PT * 3.2, 1.0),) if halo else ()) + ((MARK_WIDTH_PT, 0.0),):
        canvas.saveState()
        canvas.setLineWidth(width)
        canvas.setStrokeGray(grey)
        path = canvas.beginPath()
        for line in lines:
            path.moveTo(line.x0, line.y0)
            path.lineTo(line.x1, line.y1)
        canvas.drawPath(path, stroke=1, fill=0)
        canvas.restoreState()
