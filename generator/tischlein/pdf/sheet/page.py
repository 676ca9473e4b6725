"""One printed page of pieces, whatever put them there: a uniform grid (`plan`) or the packer (`pack.py`).

A `Page` knows its cells (trim and bleed of each piece, in page points), the blocks they came in (pieces of one
size butted together share their inner cut lines; each block has bleed all round), and from those it derives:

* **cut marks** (`marks`): a trim line that runs across the whole page without crossing any piece gets crop marks
  in the margin, as on a grid sheet (a guillotine cuts it straight through); every other trim line gets short
  ticks where it leaves its block, inside that block's own bleed (and on into free paper or the margin when there
  is room), so a craft knife and a ruler find it. No mark ever lies on a piece's trim.
* **backs** (`back_placement`): where each piece's back goes on the following page (long- or short-edge duplex) or
  across the fold (gutter fold), and whether it is turned, so that it lands exactly behind its front.
* **registration targets** (`registration_points`): free spots in the margin of a duplex page; the same target
  drawn at the mirrored spot on the back lets a crafter check front/back alignment against the light.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..units import MM, Size, margin_of
from . import Cell, Line, OnPaper, Rect, margin_lines, MARK_GAP_MM, MARK_LENGTH_MM, \
    FOLD_MARK_CLEARANCE_MM

TICK_CLEARANCE_MM = 0.3      # a tick stops this far before the next piece's bleed
REG_RADIUS_MM = 2.0          # registration target: circle radius (its cross reaches 30 % further)
REG_CLEARANCE_MM = 0.6       # free paper around a target
EPS = 1e-4
LABEL_GAP_MM = 0.8           # the sheet's label: this far outside the pieces' bleed
LABEL_SIZE_PT = 6.5          # at most this size
LABEL_ROOM_MM = 6.0          # free paper at the ends of its stretch between two crop marks
LABEL_LENGTH_MM = 90.0       # at most this long (the rest of the margin is left for registration targets)
LABEL_WANT_MM = 75.0         # a label at full size fits this length


@dataclass(frozen=True)
class Page(OnPaper):
    paper: Size
    cells: tuple[Cell, ...]                 # one per piece, in print order
    blocks: tuple[tuple[int, ...], ...]     # indices into cells: the pieces butted together
    region: Rect                            # where bleed may reach (printer margin and room for marks kept)
    fold: str = ""                          # "vertical" | "horizontal" for a gutter-fold page
    bleed: float = 0.0                      # requested bleed (pt)
    two_sided: bool = True                  # has backs (a back page, or the other half of a fold)
    grid: object = field(default=None, repr=False)   # the SheetLayout when the page is a uniform grid
    cut: tuple[bool, ...] = ()              # per cell: cut on its trim (False: it draws its own cut outline)

    def is_cut(self, i: int) -> bool:
        return not self.cut or self.cut[i]

    @property
    def envelope(self) -> Rect:
        """The bounding box of every cell's bleed: margin marks start outside it."""
        xs = [c.clip.x for c in self.cells] + [c.clip.x1 for c in self.cells]
        ys = [c.clip.y for c in self.cells] + [c.clip.y1 for c in self.cells]
        return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))

    @property
    def min_bleed(self) -> float:
        """The least bleed any piece has on any side (reduced at the sheet's edges where room is short)."""
        out = self.bleed
        for c in self.cells:
            for inner in (c.trim.x - c.clip.x, c.clip.x1 - c.trim.x1, c.trim.y - c.clip.y, c.clip.y1 - c.trim.y1):
                if inner > EPS:
                    out = min(out, inner)
        return out

    def bounds(self) -> Rect:
        """Where marks may go: the paper less the printer margin, and on a fold page only the fronts' half."""
        clear = margin_of(self.paper)
        b = Rect(clear, clear, self.page_w - 2 * clear, self.page_h - 2 * clear)
        stop = FOLD_MARK_CLEARANCE_MM * MM
        if self.fold == "vertical":
            return Rect(b.x, b.y, self.page_w / 2 - stop - b.x, b.h)
        if self.fold == "horizontal":
            return Rect(b.x, self.page_h / 2 + stop, b.w, b.y1 - self.page_h / 2 - stop)
        return b

    # -- cut lines --------------------------------------------------------------------------------------------

    def spans(self, vertical: bool, at: float) -> bool:
        """True when the full line at x (vertical) or y crosses no piece's trim."""
        for c in self.cells:
            lo, hi = (c.trim.x, c.trim.x1) if vertical else (c.trim.y, c.trim.y1)
            if lo + EPS < at < hi - EPS:
                return False
        return True

    def marks(self, full: bool = False) -> tuple[Line, ...]:
        return tuple(self.margin_marks(full)) + tuple(self.ticks())

    def _once(self, key, make) -> list:
        """A page's marks are asked for by its front, its back, their registration targets and footers: work them
        out once (a Page never changes) and hand each caller a list of its own."""
        memo = self.__dict__.setdefault("_marks_memo", {})
        if key not in memo:
            memo[key] = make()
        return list(memo[key])

    def margin_marks(self, full: bool = False) -> list[Line]:
        """Crop marks in the margin for the trim lines that run across the whole page."""
        return self._once(("margin", full), lambda: self._margin_marks(full))

    def _margin_marks(self, full: bool) -> list[Line]:
        cut = [c for i, c in enumerate(self.cells) if self.is_cut(i)]
        xs = sorted({round(v, 4) for c in cut for v in (c.trim.x, c.trim.x1) if self.spans(True, v)})
        ys = sorted({round(v, 4) for c in cut for v in (c.trim.y, c.trim.y1) if self.spans(False, v)})
        return margin_lines(xs, ys, self.envelope, self.bounds(), full)

    def ticks(self) -> list[Line]:
        """Short marks where a block's trim lines that do not cross the whole page leave the block."""
        return self._once("ticks", self._ticks)

    def _ticks(self) -> list[Line]:
        gap, length = MARK_GAP_MM * MM, MARK_LENGTH_MM * MM
        stop = TICK_CLEARANCE_MM * MM
        # ticks stay inside the pieces' envelope: a mark in the margin means "this cut crosses the whole sheet"
        bounds = self.envelope
        out = []
        for members in self.blocks:
            if not all(self.is_cut(i) for i in members):
                continue
            cells = [self.cells[i] for i in members]
            trim = _union([c.trim for c in cells])
            others = [c.clip for i, c in enumerate(self.cells) if i not in members]
            xs = sorted({round(v, 4) for c in cells for v in (c.trim.x, c.trim.x1)})
            ys = sorted({round(v, 4) for c in cells for v in (c.trim.y, c.trim.y1)})
            for x in xs:
                if self.spans(True, x):
                    continue
                up = min([o.y for o in others if o.x - EPS <= x <= o.x1 + EPS and o.y >= trim.y1 - EPS] +
                         [bounds.y1 + stop])
                down = max([o.y1 for o in others if o.x - EPS <= x <= o.x1 + EPS and o.y1 <= trim.y + EPS] +
                           [bounds.y])
                _add(out, Line(x, trim.y1 + gap, x, min(trim.y1 + gap + length, up - stop)))
                _add(out, Line(x, max(trim.y - gap - length, down + stop), x, trim.y - gap))
            for y in ys:
                if self.spans(False, y):
                    continue
                right = min([o.x for o in others if o.y - EPS <= y <= o.y1 + EPS and o.x >= trim.x1 - EPS] +
                            [bounds.x1])
                left = max([o.x1 for o in others if o.y - EPS <= y <= o.y1 + EPS and o.x1 <= trim.x + EPS] +
                           [bounds.x])
                _add(out, Line(trim.x1 + gap, y, min(trim.x1 + gap + length, right - stop), y))
                _add(out, Line(max(trim.x - gap - length, left + stop), y, trim.x - gap, y))
        return out

    # -- backs ------------------------------------------------------------------------------------------------

    def back_placement(self, cell: Cell, duplex: str) -> tuple[Cell, bool]:
        """(the back's cell, turned by 180°) so that the back lands behind `cell`.

        Long-edge duplex of a portrait page mirrors x, short-edge mirrors y; a fold page mirrors across its fold.
        A back is drawn as it reads when the piece is turned over its own vertical axis (a card over its long side:
        a shaped piece's outline on the back is its front's mirrored left to right). A flip across the page's
        vertical axis does that to an upright piece; a piece lying on its side, or any flip across the horizontal
        axis (short edge, horizontal fold) of an upright one, turns it over the other axis: its back is turned.
        """
        axis = duplex if duplex != "fold" else "long" if self.fold == "vertical" else "short"
        turn = cell.rotated if axis == "long" else not cell.rotated
        if axis == "long":
            flip = lambda r: Rect(self.page_w - r.x - r.w, r.y, r.w, r.h)  # noqa: E731
        elif axis == "short":
            flip = lambda r: Rect(r.x, self.page_h - r.y - r.h, r.w, r.h)  # noqa: E731
        else:
            raise ValueError(f"no back pages for duplex mode {duplex!r}")
        return Cell(cell.col, cell.row, flip(cell.trim), flip(cell.clip), cell.rotated), turn

    # -- registration -----------------------------------------------------------------------------------------

    def registration_points(self, full: bool = False, want: int = 4) -> list[tuple[float, float]]:
        """Up to `want` target centres in free paper inside the printable area (one per side of the page, nearest
        the middle of that side), clear of every piece's bleed, every mark and the sheet's label (on the front and
        where the back's label lands after the flip)."""
        r = (REG_RADIUS_MM * 1.3 + REG_CLEARANCE_MM) * MM
        m = margin_of(self.paper)
        marks = self.marks(full)
        env = self.envelope
        W, H = self.page_w, self.page_h
        label = self.label_box()
        labels = [label[0]] if label else []
        sides = [("left", (m + r, env.x - r), True), ("right", (env.x1 + r, W - m - r), True),
                 ("top", (env.y1 + r, H - m - r), False), ("bottom", (m + r, env.y - r), False)]
        found = []
        for _, (lo, hi), vertical in sides:
            if hi < lo:
                continue
            fixed = (lo + hi) / 2
            centre = H / 2 if vertical else W / 2
            span = H if vertical else W
            best = None
            for k in range(int(span / MM)):
                for sign in (1, -1):
                    along = centre + sign * k * MM
                    x, y = (fixed, along) if vertical else (along, fixed)
                    if self._free(x, y, r, marks) and not any(_hits(Rect(x - r, y - r, 2 * r, 2 * r), b)
                                                                  for b in labels):
                        best = (x, y)
                        break
                if best:
                    break
            if best:
                found.append(best)
        return found[:want]

    def label_box(self) -> tuple[Rect, bool] | None:
        """Where the sheet's label goes (document._footer: a line of small text), as (box, reads upwards): in the
        printable margin beside the pieces: between two of the margin's crop marks, or beyond their ends where
        the margin is wide — the left margin if it has room for a label at full size, else the bottom, top or right
        one, else the longest place — at most LABEL_LENGTH_MM long and centred in its stretch.
        The back's label is drawn behind it (the box mirrored like the pieces); None when no margin has room."""
        return self._once_value("label", self._label_box)

    def _label_box(self) -> tuple[Rect, bool] | None:
        env, m = self.envelope, margin_of(self.paper)
        gap, thick, room = LABEL_GAP_MM * MM, LABEL_SIZE_PT * 1.3, LABEL_ROOM_MM * MM
        far = (MARK_GAP_MM + MARK_LENGTH_MM) * MM + gap          # beyond the crop marks' ends
        W, H = self.page_w, self.page_h
        marks = self.margin_marks()
        xs = sorted({round(s.x0, 3) for s in marks if abs(s.x0 - s.x1) < EPS})
        ys = sorted({round(s.y0, 3) for s in marks if abs(s.y0 - s.y1) < EPS})
        candidates = []
        for name, vertical in (("left", True), ("bottom", False), ("top", False), ("right", True)):
            lo, hi = (env.y, env.y1) if vertical else (env.x, env.x1)
            stops = [lo] + [v for v in (ys if vertical else xs) if lo < v < hi] + [hi]
            near = max(zip(stops, stops[1:]), key=lambda ab: ab[1] - ab[0])
            edge = {"left": env.x, "bottom": env.y, "top": env.y1, "right": env.x1}[name]
            for offset, (a, b) in ((gap, near), (far, (m, (H if vertical else W) - m))):
                at = edge - offset - thick if name in ("left", "bottom") else edge + offset
                if at < m - EPS or at + thick > (W if vertical else H) - m + EPS:
                    continue
                length = min(b - a - room, LABEL_LENGTH_MM * MM)
                if length >= room:
                    start = (a + b - length) / 2
                    box = Rect(at, start, thick, length) if vertical else Rect(start, at, length, thick)
                    if not (self.fold and _hits(box, self.fold_area())):      # never on a fold page's backs
                        candidates.append((box, vertical))
        if not candidates:
            return None
        # the first in that order long enough for a label at full size, else the longest
        enough = [c for c in candidates if (c[0].h if c[1] else c[0].w) >= LABEL_WANT_MM * MM - EPS]
        return enough[0] if enough else max(candidates, key=lambda c: c[0].h if c[1] else c[0].w)

    def _once_value(self, key, make):
        memo = self.__dict__.setdefault("_marks_memo", {})
        if key not in memo:
            memo[key] = make()
        return memo[key]

    def _free(self, x: float, y: float, r: float, marks) -> bool:
        m = margin_of(self.paper)
        if x - r < m or y - r < m or x + r > self.page_w - m or y + r > self.page_h - m:
            return False
        if self.fold and _hits(Rect(x - r, y - r, 2 * r, 2 * r), self.fold_area()):
            return False
        box = Rect(x - r, y - r, 2 * r, 2 * r)
        if any(_hits(box, c.clip) for c in self.cells):
            return False
        return not any(_hits(box, _line_box(s)) for s in marks)

    def fold_area(self) -> Rect:
        if self.fold == "vertical":
            return Rect(self.page_w / 2, 0, self.page_w / 2, self.page_h)
        return Rect(0, 0, self.page_w, self.page_h / 2)


def _add(out: list[Line], line: Line) -> None:
    if math.hypot(line.x1 - line.x0, line.y1 - line.y0) > 0.5 * MM:
        out.append(line)


def _union(rects: list[Rect]) -> Rect:
    x0, y0 = min(r.x for r in rects), min(r.y for r in rects)
    return Rect(x0, y0, max(r.x1 for r in rects) - x0, max(r.y1 for r in rects) - y0)


def _hits(a: Rect, b: Rect) -> bool:
    return a.x < b.x1 and b.x < a.x1 and a.y < b.y1 and b.y < a.y1


def _line_box(s: Line) -> Rect:
    return Rect(min(s.x0, s.x1), min(s.y0, s.y1), abs(s.x1 - s.x0), abs(s.y1 - s.y0))


def from_layout(layout, used: int, two_sided: bool = True) -> Page:
    """A uniform grid sheet (`plan` / `plan_fold`) with its first `used` cells as a Page: one block."""
    cells = tuple(Cell(c.col, c.row, c.trim, c.clip, layout.rotated) for c in layout.cells[:used])
    m = margin_of(layout.paper)
    region = Rect(m, m, layout.page_w - 2 * m, layout.page_h - 2 * m)
    return Page(layout.paper, cells, (tuple(range(used)),), region, layout.fold, layout.requested_bleed,
                two_sided, layout)


def draw_marks(c, page: Page, full: bool = False) -> None:
    """Margin marks in plain black; ticks, which may lie on a dark bleed, over a white halo."""
    from . import draw_lines

    draw_lines(c, page.margin_marks(full), halo=False)
    draw_lines(c, page.ticks())
