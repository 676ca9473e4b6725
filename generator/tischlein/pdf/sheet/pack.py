"""Pieces of different sizes sharing sheets: whole-sheet grids first, then a 2-D packing (rectpack) of the rest.

`impose(stacks, paper, bleed_mm, duplex)` turns stacks of pieces (one size each, two-sided or not) into pages:

1. A stack that fills whole sheets gets them as uniform grids (`plan` / `plan_fold`): that is the densest layout
   for one size, and every cut runs across the sheet.
2. What is left of every stack is cut into **blocks**: pieces of one size butted together in a row or a few rows
   (they share their inner cut lines, and the block has bleed all round), or single pieces. rectpack packs the
   blocks of the two-sided pieces onto shared pages with its Guillotine algorithm (free space is always split by a
   straight cut, and merging of free areas is off, so every page can be cut apart with straight cuts that cross
   no piece, as a guillotine does). Blocks may be turned on their side.
3. One-sided blocks go into the free space left on those two-sided pages first (the back page simply has nothing
   behind them), then onto pages of their own.

The three ways of cutting the rest into blocks (rows merged into one block, single rows, single pieces), a few
of rectpack's guillotine heuristics and orderings are all tried (`_cost`): the packing with fewest sheets wins,
then the one with fewer near-empty one-sided sheets (under a third covered), fewer duplex sheets without room
for registration targets, fewer backs to print, and fewer blocks (fewer cuts). One-sided pages of their own
are packed largest first, and again with a near-empty page's pieces first (`_spread`): two rows of player aids
then a board alone become a board and a row, then a row.

Every piece keeps its full bleed on every side: the packing area is the paper less the printer margin and the
room its crop marks need, and bleed never reaches into it. Sizes go to rectpack in hundredths of a millimetre (integers).
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

from ..units import MM, Size, margin_of, mm, to_mm
from . import FOLD_CLEARANCE_MM, MARK_GAP_MM, MARK_VISIBLE_MM, Cell, Rect, plan, plan_fold
from .page import Page, from_layout

UNIT = 100                      # rectpack works in 1/100 mm
OPTIONS = ("block", "rows", "single")
# rectpack's guillotine variants and orderings tried; the packing with fewest pages wins (a few ms each)
ALGORITHMS = ("GuillotineBssfSas", "GuillotineBafSas", "GuillotineBlsfSas", "GuillotineBssfLas")
SORTS = ("SORT_AREA", "SORT_LSIDE", "SORT_SSIDE")


@dataclass(frozen=True)
class Stack:
    """Pieces of one trim size to impose; `items` are the caller's handles, in print order."""

    size: Size
    items: tuple
    two_sided: bool
    bleed_mm: float | None = None     # None: the document's bleed; shaped pieces (dice nets) use a clearance
    grid: bool = True                 # may fill whole sheets with a uniform grid first
    butt: bool = True                 # pieces may touch at their trim lines (shared cuts)
    cut: bool = True                  # cut on the trim rectangle (False: the piece draws its own cut outline)


@dataclass(frozen=True)
class Placed:
    """A page and the handle of each of its cells (same order)."""

    page: Page
    items: tuple


def region(paper: Size) -> Rect:
    """Where a piece's bleed may lie: the paper less the printer margin and the room its crop marks need."""
    e = margin_of(paper) + mm(MARK_GAP_MM + MARK_VISIBLE_MM)
    return Rect(e, e, paper.width - 2 * e, paper.height - 2 * e)


def fold_regions(paper: Size) -> dict[str, Rect]:
    """The fronts' half of a gutter-fold page, for a vertical fold (fronts left) or a horizontal one (on top)."""
    W, H = paper.width, paper.height
    edge, gutter = margin_of(paper) + mm(MARK_GAP_MM + MARK_VISIBLE_MM), mm(FOLD_CLEARANCE_MM)
    return {"vertical": Rect(edge, edge, W / 2 - gutter - edge, H - 2 * edge),
            "horizontal": Rect(edge, H / 2 + gutter, W - 2 * edge, H / 2 - gutter - edge)}


def fits(size: Size, paper: Size, bleed_mm: float) -> bool:
    """Whether one piece of `size` (either way round) fits the packing area with its bleed."""
    r = region(paper)
    w, h = size.width + 2 * mm(bleed_mm), size.height + 2 * mm(bleed_mm)
    return (w <= r.w + 1e-6 and h <= r.h + 1e-6) or (h <= r.w + 1e-6 and w <= r.h + 1e-6)


def impose(stacks: list[Stack], paper: Size, bleed_mm: float, duplex: str) -> list[Placed]:
    """Pages for every stack: two-sided pages (grids, then packed) followed by one-sided ones. Whole-sheet grids
    first, or everything packed (25 tiles of which a grid holds 24 pack better together): fewer pages wins.
    One-sided pieces are also packed without grids (four player aids in a grid leave a board a sheet of its
    own): that wins with fewer near-empty sheets or fewer backs at the same count of sheets."""
    with_grids = _impose(stacks, paper, bleed_mm, duplex, "all")
    if not any(st.grid and st.cut for st in stacks):
        return with_grids
    packed = _impose(stacks, paper, bleed_mm, duplex, "none", beat=len(with_grids))
    if packed is not None and len(packed) < len(with_grids):
        return packed
    if not any(p.page.grid is not None and not p.page.two_sided for p in with_grids):
        return with_grids
    shared = _impose(stacks, paper, bleed_mm, duplex, "two-sided")
    return shared if _cost(shared, duplex) < _cost(with_grids, duplex) else with_grids


def _cost(pages: list[Placed], duplex: str, above: tuple | None = None) -> tuple:
    """Sheets, near-empty sheets, duplex sheets without room for their registration targets (a crafter could
    not check the back's alignment), then printed backs: what costs a crafter most first. With `above`, a cost
    whose sheets and near-empty sheets already exceed it is returned without the rest (finding room for the
    targets is the slow part)."""
    head = (len(pages), sum(map(near_empty, pages)))
    if above is not None and head > above[:2]:
        return head
    aligned = duplex in ("long", "short")
    blind = sum(1 for p in pages if aligned and p.page.two_sided and not p.page.registration_points())
    return (*head, blind, sum(p.page.two_sided for p in pages))


NEAR_EMPTY = 1 / 3      # of a sheet's packing area covered by pieces


def near_empty(placed: Placed) -> bool:
    """Whether a one-sided page's pieces cover less than NEAR_EMPTY of its packing area: a crafter's wasted sheet.
    Two-sided pages are not counted: their free room takes the one-sided pieces first, then spare cards."""
    page = placed.page
    covered = sum(c.trim.w * c.trim.h for c in page.cells)
    return not page.two_sided and covered < NEAR_EMPTY * page.region.w * page.region.h


def _impose(stacks: list[Stack], paper: Size, bleed_mm: float, duplex: str, grids: str,
            beat: int | None = None) -> list[Placed] | None:
    """The best packing, with whole-sheet grids for `grids` stacks ("all", "two-sided" or "none"); with `beat`,
    only one of fewer pages matters (None if none can have fewer)."""
    backs = duplex != "none"
    fold = duplex == "fold"
    grids_done: list[Placed] = []
    rest: list[tuple[Stack, tuple]] = []
    for st in stacks:
        two = st.two_sided and backs
        items = st.items
        if st.grid and st.cut and (grids == "all" or grids == "two-sided" and two):
            layout = _grid(st, paper, bleed_mm, fold and two)
            if layout is not None and len(items) >= layout.per_sheet:
                per = layout.per_sheet
                full = len(items) // per
                for k in range(full):
                    grids_done.append(Placed(from_layout(layout, per, two), items[k * per:(k + 1) * per]))
                items = items[full * per:]
        if items:
            rest.append((st, items))
    best = None
    # every fold sheet of a file folds the same way: the way the first two-sided stack's grid folds
    first = next((st for st in stacks if st.two_sided), None)
    orient = plan_fold(paper, first.size, bleed_mm).fold if fold and first else "vertical" if fold else ""
    # in a fold file, one-sided pieces are cut into blocks for the fronts' half (to share its free space) or
    # for a whole sheet (their pages of their own are whole sheets): both are tried where they differ
    for option, whole in itertools.product(OPTIONS, (False, True) if orient else (False,)):
        two, one = _split(rest, paper, bleed_mm, backs, orient, option, whole)
        if whole and _shapes(one) == _shapes(_split(rest, paper, bleed_mm, backs, orient, option)[1]):
            continue
        # no packing of these blocks beats this floor: skip what cannot win (the result is the same)
        pages, blocks = _floor(two, one, paper, bleed_mm, orient)
        floor = (pages, 0, 0, _floor(two, [], paper, bleed_mm, orient)[0] if two else 0, blocks)
        for algo, order in itertools.product(ALGORITHMS, SORTS):
            if (best is not None and floor >= best[0]) or (beat is not None and pages >= beat):
                break
            packed = _pack(rest, paper, bleed_mm, backs, orient, option, whole, algo, order)
            if packed is None:
                continue
            key = (*_cost(packed, duplex, best[0] if best else None), sum(len(p.page.blocks) for p in packed))
            if best is None or key < best[0]:
                best = (key, packed)
    if best is None and rest and beat is not None:
        return None
    if best is None and rest:
        raise ValueError("a piece is larger than the sheet's printable area")
    packed = best[1] if best else []
    pages = grids_done + packed
    return [p for p in pages if p.page.two_sided] + [p for p in pages if not p.page.two_sided]


def _shapes(blocks: list[_Block]) -> list[tuple[int, int]]:
    return [(blk.cols, blk.rows) for blk in blocks]


def _grid(st: Stack, paper: Size, bleed_mm: float, fold: bool):
    try:
        return plan_fold(paper, st.size, bleed_mm) if fold else plan(paper, st.size, bleed_mm)
    except ValueError:
        return None


@dataclass
class _Block:
    stack: Stack
    items: tuple
    cols: int
    rows: int
    bleed: float                 # pt

    @property
    def outer(self) -> tuple[float, float]:
        s = self.stack.size
        return self.cols * s.width + 2 * self.bleed, self.rows * s.height + 2 * self.bleed


def _blocks(st: Stack, items: tuple, room_w: float, room_h: float, bleed: float, option: str) -> list[_Block]:
    w, h = st.size.width, st.size.height
    across = max(1, math.floor((room_w - 2 * bleed + 1e-6) / w)) if st.butt else 1
    tall = max(1, math.floor((room_h - 2 * bleed + 1e-6) / h))
    if option == "single" or across == 1 or not st.butt:
        return [_Block(st, (it,), 1, 1, bleed) for it in items]
    rows = [items[i:i + across] for i in range(0, len(items), across)]
    full = [r for r in rows if len(r) == across]
    part = [r for r in rows if len(r) < across]
    if option == "block" and len(full) > 1:
        out = [_Block(st, tuple(x for r in full[i:i + tall] for x in r), across, len(full[i:i + tall]), bleed)
               for i in range(0, len(full), tall)]
    else:
        out = [_Block(st, r, across, 1, bleed) for r in full]
    return out + [_Block(st, r, len(r), 1, bleed) for r in part]


def _bins(paper: Size, bleed_mm: float, orient: str) -> tuple[Rect, Rect]:
    """The packing area and the bin of a (fold) page."""
    return (fold_regions(paper)[orient],) * 2 if orient else _full_bin(paper, bleed_mm)


def _split(rest, paper: Size, bleed_mm: float, backs: bool, orient: str, option: str,
           whole: bool = False) -> tuple[list, list]:
    """The blocks the pieces left over are cut into: those printed with backs, and the one-sided ones (sized
    for a whole sheet if `whole`, else like the others)."""
    bin_rect = _bins(paper, bleed_mm, orient)[1]
    sheet = _full_bin(paper, bleed_mm)[1] if whole else bin_rect
    two, one = [], []
    for st, items in rest:
        b = mm(bleed_mm if st.bleed_mm is None else st.bleed_mm)
        if st.two_sided and backs:
            two.extend(_blocks(st, items, bin_rect.w, bin_rect.h, b, option))
        else:
            one.extend(_blocks(st, items, sheet.w, sheet.h, b, option))
    return two, one


def _floor(two: list, one: list, paper: Size, bleed_mm: float, orient: str) -> tuple[int, int]:
    """The best key any packing of these blocks can reach (the number of blocks does not depend on the packing).
    Pages: every page is at most the largest bin (a whole sheet's dominates a fold half in both sides), so the
    area gives a floor; and a block larger than half a bin has a page to itself, shared only with blocks that
    fit beside it — over it or under it (then no taller than the bin's height less its own) or to its side."""
    bins = [_bins(paper, bleed_mm, orient)[1], _full_bin(paper, bleed_mm)[1]]
    W, H = max(_units(r.w) for r in bins), max(_units(r.h) for r in bins)
    sizes = [tuple(map(_units, blk.outer)) for blk in two + one]
    big = [s for s in sizes if 2 * s[0] * s[1] > W * H]
    kinds = set(big)

    def beside(small: tuple[int, int]) -> bool:
        return any((sw <= W - bw and sh <= H) or (sh <= H - bh and sw <= W)
                   for b in kinds for bw, bh in (b, b[::-1]) if bw <= W and bh <= H
                   for sw, sh in (small, small[::-1]))

    fits = {s: beside(s) for s in set(sizes) - kinds}
    alone = sum(s[0] * s[1] for s in sizes if s in fits and not fits[s])
    area = sum(s[0] * s[1] for s in sizes)
    dims = {d for s in sizes for d in s}
    room = _reach(W, dims) * _reach(H, dims) if sizes else W * H
    return max(-(-area // room), len(big) + -(-alone // room)), len(sizes)


def _reach(length: int, dims: set[int]) -> int:
    """The longest row of block sides (any of them, repeated) no longer than `length`. Any packing can be pushed
    left and down until every block touches a neighbour or the edge (Herz's normal patterns), so each block's far
    edge is such a row: a page holds no more block area than reach(width) × reach(height). For 110 poker cards
    that is 13 pages where the area alone allows 12 (rows of three cards leave strips no card fits), which spares
    trying a dozen packings of the leftover rows that cannot beat the grids."""
    sums = {0}
    for d in sorted(dims):
        new = {s + d for s in sums if s + d <= length}
        while new - sums:
            sums |= new
            new = {s + d for s in new if s + d <= length}
        if len(sums) > 4096:           # many small sides: nearly every length is reachable anyway
            return length
    return max(sums)


def _pack(rest, paper: Size, bleed_mm: float, backs: bool, orient: str, option: str, whole: bool, algo: str,
          order: str) -> list[Placed] | None:
    import rectpack
    from rectpack import PackingBin, PackingMode, newPacker

    area, bin_rect = _bins(paper, bleed_mm, orient)
    two, one = _split(rest, paper, bleed_mm, backs, orient, option, whole)

    def packer(rect: Rect, sort_algo=getattr(rectpack, order), pack_algo=algo):
        p = newPacker(mode=PackingMode.Offline, bin_algo=PackingBin.BFF, pack_algo=getattr(rectpack, pack_algo),
                      sort_algo=sort_algo, rotation=True)
        p.add_bin(_units(rect.w), _units(rect.h), count=float("inf"), merge=False)
        return p

    bins: list[tuple[object, bool]] = []            # (rectpack bin, two-sided)
    if two:
        p = packer(bin_rect)
        for i, blk in enumerate(two):
            p.add_rect(*map(_units, blk.outer), rid=("two", i))
        p.pack()
        if len(p.rect_list()) != len(two):
            return None
        bins += [(b, True) for b in p]
    left = []
    for i, blk in sorted(enumerate(one), key=lambda ib: -ib[1].outer[0] * ib[1].outer[1]):
        w, h = map(_units, blk.outer)
        if not any(b.add_rect(w, h, rid=("one", i)) is not None for b, _ in bins):
            left.append(i)
    # one-sided pages of their own are never folded: in a fold file they use the whole sheet (a board or a
    # counter larger than half a sheet still fits)
    one_area, one_rect = (area, bin_rect) if not orient else _full_bin(paper, bleed_mm)
    if left:
        p = packer(one_rect)
        for i in left:
            p.add_rect(*map(_units, one[i].outer), rid=("one", i))
        p.pack()
        if len(p.rect_list()) != len(left):
            return None
        own = _spread(list(p), left, one, lambda algo: packer(one_rect, rectpack.SORT_NONE, algo),
                      NEAR_EMPTY * one_area.w * one_area.h)
        bins += [(b, False) for b in own]
    pools = {"two": two, "one": one}
    out = []
    for b, is_two in bins:
        own = is_two or any(r.rid[0] == "two" for r in b)
        out.append(_page(paper, area if own else one_area, bin_rect if own else one_rect,
                         [(pools[r.rid[0]][r.rid[1]], r) for r in b], is_two, orient if own else "",
                         mm(bleed_mm)))
    return out


def _spread(own: list, left: list[int], one: list[_Block], packer, least: float) -> list:
    """The one-sided pages of their own (rectpack bins), with none under `least` covered if as many pages can
    do: largest first fills the first pages and can leave the last near-empty (two rows of player aids, then a
    board alone), so the near-empty pages' blocks go first instead, the rest after them (`left` is largest
    first), with each guillotine heuristic in turn."""
    sparse = [b for b in own if _covered(one, b) < least]
    if not sparse or len(own) == 1:
        return own
    firsts = [r.rid[1] for b in sparse for r in b]
    for algo in ALGORITHMS:
        again = packer(algo)
        for i in firsts + [i for i in left if i not in firsts]:
            again.add_rect(*map(_units, one[i].outer), rid=("one", i))
        again.pack()
        redone = list(again)
        if len(again.rect_list()) == len(left) and len(redone) == len(own) and \
                sum(_covered(one, b) < least for b in redone) < len(sparse):
            return redone
    return own


def _covered(blocks: list[_Block], packed_bin) -> float:
    """The trim area (pt²) of the pieces rectpack put in one bin."""
    return sum(len(blk.items) * blk.stack.size.width * blk.stack.size.height
               for blk in (blocks[r.rid[1]] for r in packed_bin))


def _full_bin(paper: Size, bleed_mm: float) -> tuple[Rect, Rect]:
    """The packing area of a whole sheet, and the bin rectpack fills (the same: every bleed is kept whole)."""
    area = region(paper)
    return area, area


def _units(points: float) -> int:
    return int(round(to_mm(points) * UNIT))


def _page(paper: Size, area: Rect, bin_rect: Rect, placed, two_sided: bool, fold: str, bleed: float) -> Page:
    """Cells of the blocks rectpack placed, in print order (blocks by their first piece's stack order)."""
    placed = sorted(placed, key=lambda br: (-(br[1].y + br[1].height), br[1].x))     # top to bottom, left to right
    cells, items, blocks = [], [], []
    for blk, r in placed:
        bx, by = bin_rect.x + r.x / UNIT * MM, bin_rect.y + r.y / UNIT * MM
        ow, oh = blk.outer
        rotated = abs(r.width / UNIT * MM - ow) > 0.01 * MM and abs(ow - oh) > 0.01 * MM
        members = []
        for k, item in enumerate(blk.items):
            col, row = k % blk.cols, k // blk.cols
            trim, clip = _local(blk, col, row)
            if rotated:
                trim, clip = _turn(trim, oh), _turn(clip, oh)
            trim = Rect(trim.x + bx, trim.y + by, trim.w, trim.h)
            clip = _clamp(Rect(clip.x + bx, clip.y + by, clip.w, clip.h), area)
            members.append(len(cells))
            cells.append(Cell(col, row, trim, clip, rotated))
            items.append(item)
        blocks.append(tuple(members))
    cut = tuple(blk.stack.cut for blk, _ in placed for _ in blk.items)
    page = Page(paper, tuple(cells), tuple(blocks), area, fold, bleed, two_sided, cut=cut)
    return Placed(page, tuple(items))


def _local(blk: _Block, col: int, row: int) -> tuple[Rect, Rect]:
    """A piece's trim and bleed in its block (origin at the block's lower-left bleed corner, unturned)."""
    s, b = blk.stack.size, blk.bleed
    x, y = b + col * s.width, b + (blk.rows - 1 - row) * s.height
    trim = Rect(x, y, s.width, s.height)
    left = b if col == 0 else 0.0
    right = b if col == blk.cols - 1 else 0.0
    top = b if row == 0 else 0.0
    bottom = b if row == blk.rows - 1 else 0.0
    return trim, Rect(x - left, y - bottom, s.width + left + right, s.height + bottom + top)


def _turn(r: Rect, block_h: float) -> Rect:
    """The rectangle after turning its block 90° counter-clockwise (the block's height becomes its width)."""
    return Rect(block_h - r.y - r.h, r.x, r.h, r.w)


def _clamp(r: Rect, area: Rect) -> Rect:
    x0, y0 = max(r.x, area.x), max(r.y, area.y)
    return Rect(x0, y0, min(r.x1, area.x1) - x0, min(r.y1, area.y1) - y0)
