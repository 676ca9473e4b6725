"""Which piece goes on which page of a game's PDF, and the page ranges the print guide names.

The PrintSet's decks, the boards that fit a sheet and the dice become `sheet.pack.Stack`s; `sheet.pack.impose`
lays them out. The file is then, in this order:

1. the print guide and the credits;
2. the one-sided sheets (player aids, small boards, anything without a back), then boards larger than a sheet
   (tiled, `board.py`), then each **alternative** (dice as fold-up nets, or stickers for blank dice: print one);
3. the two-sided sheets, each front page followed by its back page (duplex long or short) — or, for the gutter
   fold, the fold sheets.

So a duplex file has exactly two ranges, "single-sided: pages 1–k" and "double-sided: pages k+1–n", and no blank
page: a back page always carries the backs of the pieces on its front.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .component import Board, DiceSet, Die, PrintSet
from .errors import PdfBuildError
from .sheet.pack import Placed, Stack, fits, impose
from .units import Size, mm, to_mm

NET_CLEARANCE_MM = 1.5          # free paper round a die net (it is cut on its own outline)
STICKER_CLEARANCE_MM = 0.75


@dataclass(frozen=True)
class NetPiece:
    die: Die
    dice: DiceSet


@dataclass(frozen=True)
class StickerPiece:
    die: Die
    dice: DiceSet


@dataclass
class Section:
    """A run of pages printed the same way."""

    role: str                     # "front" | "one-sided" | "board" | "alternative" | "two-sided"
    sided: str                    # "single" | "double" | "fold"
    pages: list = field(default_factory=list)   # Placed (sheets) or (Board, tile) (board tiles)
    kinds: list[str] = field(default_factory=list)
    choice: str = ""              # alternatives: "nets" | "stickers"
    first: int = 0
    last: int = 0

    @property
    def count(self) -> int:
        """Pages this section adds (a two-sided sheet is two pages)."""
        per = 2 if self.sided == "double" else 1
        return len(self.pages) * per


@dataclass
class Plan:
    sections: list[Section]
    min_bleed: float              # pt: the least bleed any piece has (reduced at sheet edges)

    def of(self, role: str) -> list[Section]:
        return [s for s in self.sections if s.role == role]

    @property
    def labelled_sheets(self) -> int:
        """The sheets whose label says "sheet n of this": every sheet of pieces in the file (both alternatives),
        not the tiles of a board larger than a sheet (numbered on their own)."""
        return sum(len(s.pages) for s in self.sections if s.role not in ("front", "board"))

    @property
    def sheet_count(self) -> int:
        """Physical sheets of paper for the pieces (front matter excluded), one alternative (the first) only."""
        n, alt_done = 0, False
        for s in self.sections:
            if s.role == "front":
                continue
            if s.role == "alternative":
                if alt_done:
                    continue
                alt_done = True
            n += len(s.pages)
        return n


def stacks_of(ps: PrintSet, opts) -> tuple[list[Stack], list[Board]]:
    """The pieces to pack, and the boards too big for one sheet (they are tiled)."""
    stacks, tiled = [], []
    for deck in ps.decks:
        with_back = tuple(p for p in deck.pieces if p.back is not None)
        without = tuple(p for p in deck.pieces if p.back is None)
        if with_back:
            stacks.append(Stack(deck.size, with_back, True))
        if without:
            stacks.append(Stack(deck.size, without, False))
    for b in ps.boards:
        size = Size(b.id, b.width_mm, b.height_mm)
        if fits(size, opts.paper_size, opts.bleed_mm):
            stacks.append(Stack(size, (b,), False, grid=False))
        else:
            tiled.append(b)
    return stacks, tiled


def dice_stacks(ds: DiceSet) -> dict[str, Stack]:
    from .die import STICKER_GAP_MM, net_layout     # only a game with dice needs die.py (a card game's PDF does not)
    out = {}
    if ds.nets:
        net = net_layout(mm(ds.size_mm))
        size = Size("die net", to_mm(net.width), to_mm(net.height))
        out["nets"] = Stack(size, tuple(NetPiece(d, ds) for d in ds.dice), False, NET_CLEARANCE_MM,
                            grid=False, butt=False, cut=False)
    if ds.stickers:
        size = Size("sticker row", 6 * ds.sticker_mm + 5 * STICKER_GAP_MM, ds.sticker_mm)
        out["stickers"] = Stack(size, tuple(StickerPiece(d, ds) for d in ds.dice), False, STICKER_CLEARANCE_MM,
                                grid=False, butt=False, cut=False)
    return out


@dataclass(frozen=True)
class Imposed:
    """Every piece of a print set on its pages, before the pages are numbered."""

    placed: list[Placed]
    alternatives: list[tuple]         # (role, choice, dice kind, pages)
    tiled: list                        # boards printed in tiles


def impose_pieces(ps: PrintSet, opts) -> Imposed:
    stacks, tiled = stacks_of(ps, opts)
    try:
        placed = impose(stacks, opts.paper_size, opts.bleed_mm, opts.duplex)
        alternatives = []
        for ds in ps.dice:
            choices = dice_stacks(ds)
            for choice, st in choices.items():
                role = "alternative" if len(choices) > 1 else "one-sided"
                alternatives.append((role, choice, ds.kind, impose([st], opts.paper_size, opts.bleed_mm, "none")))
    except ValueError as exc:
        raise PdfBuildError(f"{ps.game_id}: {exc}") from None
    return Imposed(placed, alternatives, tiled)


def plan(ps: PrintSet, opts, front_pages: int, imposed: Imposed | None = None) -> Plan:
    """Lay out every piece of `ps` for `opts`; `front_pages` is the guide and credits. `imposed`: the pieces
    already imposed (the guide counts its pages from a first plan; imposing again would give the same pages)."""
    imposed = imposed or impose_pieces(ps, opts)
    placed, alternatives, tiled = imposed.placed, imposed.alternatives, imposed.tiled
    two_side = "fold" if opts.duplex == "fold" else "double"
    two = Section("two-sided", two_side, [p for p in placed if p.page.two_sided])
    one = Section("one-sided", "single", [p for p in placed if not p.page.two_sided])
    sections = [Section("front", "single", [None] * front_pages)]
    sections.append(one)
    for b in tiled:
        from . import board as board_mod            # only a board larger than a sheet needs board.py
        tiles = board_mod.plan_tiles(mm(b.width_mm), mm(b.height_mm), opts.paper_size, mm(opts.bleed_mm)).tiles
        sections.append(Section("board", "single", [(b, t) for t in tiles], [b.kind]))
    for role, choice, kind, pages in alternatives:
        target = one if role == "one-sided" else None
        if target is not None:
            target.pages += pages
        else:
            sections.append(Section("alternative", "single", pages, [kind], choice))
    if opts.duplex == "long" or opts.duplex == "short" or two.pages:
        sections.append(two)
    sections = [s for s in sections if s.pages]
    page = 1
    for s in sections:
        s.first, s.last = page, page + s.count - 1
        page += s.count
        if not s.kinds:
            s.kinds = _kinds(s.pages)
    bleeds = [p.page.min_bleed for s in sections for p in s.pages if isinstance(p, Placed)
              and any(p.page.is_cut(i) for i in range(len(p.page.cells)))]
    return Plan(sections, min(bleeds) if bleeds else mm(opts.bleed_mm))


def _kinds(pages) -> list[str]:
    seen: list[str] = []
    for p in pages:
        if not isinstance(p, Placed):
            continue
        for item in p.items:
            kind = item.kind if hasattr(item, "kind") else item.dice.kind
            if kind not in seen:
                seen.append(kind)
    return seen
