"""Diced Veggies' dice block as bit masks: which groups of dice are legal cuts, and the geometry they need. Part of
the engine (engine.py: `DicedVeggies(BlockCuts, Engine)`); standard library only.

Cell r, c is bit r * width + c; a spare bit at the end of each row keeps a shift by one from wrapping round to
the next row. The rule itself, for one cut, is the engine's check_cut; `cuts` lists every cut, and a test checks
the list against check_cut by brute force.
"""
from __future__ import annotations

from .engine_state import State


class BlockCuts:
    """The block geometry and cut listing of the engine; needs `cut_max` (the sum a cut may reach)."""

    def block_grid(self, rows: int, columns: int) -> None:
        self.width = w = columns + 1
        self.full = full = sum(1 << (r * w + c) for r in range(rows) for c in range(columns))
        self.edge = full & ~(full >> 1 & full << 1 & full >> w & full << w)     # not all four neighbours on the grid
        self.near = [self.expand(1 << i) for i in range(rows * w)]           # each cell and those next to it
        # x's 3 x 3 neighbourhood, shifted to bits 0-2, w-(w+2), 2w-(2w+2): the ones whose side neighbours are
        # joined around x (around_table), as such windows of bits
        self._window = 7 | 7 << w | 7 << 2 * w
        self._around = {key & 7 | (key >> 3 & 7) << w | (key >> 6 & 7) << 2 * w
                        for key, joined in enumerate(around_table()) if joined}
        self._near_of = {1 << i: self.near[i] for i in range(rows * w)}     # by a cell's bit, as cuts looks up
        self._index_of = {1 << i: i for i in range(rows * w)}
        self._listed_cuts: tuple[tuple, set] = ((), set())   # (block layout, its cuts as tuples) of the last cuts()

    def expand(self, m: int) -> int:
        """`m` plus every cell that shares an edge with it (never a corner)."""
        return (m | m << 1 | m >> 1 | m << self.width | m >> self.width) & self.full

    def connected(self, m: int, must: int | None = None) -> bool:
        """Is `m` one edge-connected piece (or empty)? With `must` (cells of `m`): are those joined within `m`?
        Enough for what is left after a cut from a connected block: every path that ran through the cut dice can
        go round between the dice next to the cut."""
        must = m if must is None else must
        fill = must & -must
        while fill & must != must:
            if (grown := self.expand(fill) & m) == fill:
                return False
            fill = grown
        return True

    def still_joined(self, rest: int, x: int, was: bool, must: int) -> bool:
        """Is `rest` one piece, where `rest` plus cell x was one piece (`was`) or not? `must`: the cells of `rest`
        next to the group that x joined (see `connected`). Decided without a fill of `rest` where it can be:
        * it was one piece, and x's side neighbours left in `rest` are joined around x, within the 3 x 3 cells
          about it (`_around`): any path through x can go round it, so it still is;
        * it was not, and x touched another cell of `rest`: taking x cannot join the parts, so it still is not.
        Otherwise (a neck, or x alone in a part of its own) the fill decides. (`cuts` runs this very test
        written out, once per group it grows: a call there cost a sixth of the listing.)"""
        w = self.width
        if was:
            if rest << w + 1 >> x & self._window in self._around:
                return True
        elif self.near[x] & rest:
            return False
        fill = must & -must                           # `connected(rest, must)` with `expand` written out
        while fill & must != must:
            grown = (fill | fill << 1 | fill >> 1 | fill << w | fill >> w) & rest
            if grown == fill:
                return False
            fill = grown
        return True

    def cells(self, s: State) -> dict[int, str]:
        return {r * self.width + c: d for r, row in enumerate(s.block) for c, d in enumerate(row) if d is not None}

    def outer(self, block: int) -> int:
        """The dice that touch the outside: the grid's edge or an empty cell reached from beyond the grid."""
        outside, holes = self.edge & ~block, self.full & ~block
        while (grown := self.expand(outside) & holes) != outside:
            outside = grown
        return block & (self.edge | self.expand(outside))

    def cuts(self, s: State) -> list[list[str]]:
        """Every legal cut, as die lists in block order (shortest first). Each connected group of dice adding up
        to at most 10 is grown once, from its lowest cell, one die at a time (ESU enumeration; the sum bound
        keeps groups to at most 5 dice); it is a cut when it touches the outside and leaves the rest of the block
        one piece. Whether the rest is one piece is carried from a group to the groups grown from it
        (`still_joined`, written out here), so most groups need no fill of the rest. This is the engine's
        hottest loop: groups are bit masks, cells are looked up by their bit (no bit_length), and dice are named
        only for the cuts found. The cuts of the last block listed are kept (`_listed_cuts`): a cut made from
        the list needs no check_cut."""
        w, room0, near_of, index_of = self.width, self.cut_max, self._near_of, self._index_of
        w1, window, around = w + 1, self._window, self._around
        faces = s.faces
        cells: dict[int, str] = {}                   # a cell's bit -> its die
        face: dict[int, int] = {}                    # a cell's bit -> its number
        bit = 1
        for row in s.block:
            for die in row:
                if die is not None:
                    cells[bit] = die
                    face[bit] = faces[die]
                bit <<= 1
            bit <<= 1                                # the spare bit at the end of each row
        block = sum(cells)
        outer, found = self.outer(block), []
        for root in face:
            higher = block & ~((root << 1) - 1)     # a group only grows into cells above its lowest
            # A group, the sum still allowed, cells that may join, the group and its neighbours, and whether the
            # rest of the block is one piece. The root grows from the empty group, whose rest, the block, is one
            # piece (a state's checks see to that).
            stack = [(0, room0, root, 0, True)]
            while stack:
                sub, room, ext, seen, joined = stack.pop()
                if joined and sub & outer and sub != block:
                    found.append(sub)
                while ext:
                    bit = ext & -ext
                    ext ^= bit
                    number = face[bit]
                    if number > room:
                        continue
                    near, grown = near_of[bit], sub | bit
                    rest, around_me = block ^ grown, seen | near
                    # still_joined(rest, x, joined, around_me & rest), written out
                    if joined and rest << w1 >> index_of[bit] & window in around:
                        ok = True
                    elif not joined and near & rest:
                        ok = False
                    else:
                        must = around_me & rest
                        fill = must & -must
                        while fill & must != must:
                            more = (fill | fill << 1 | fill >> 1 | fill << w | fill >> w) & rest
                            if more == fill:
                                break
                            fill = more
                        ok = fill & must == must
                    stack.append((grown, room - number, ext | near & higher & ~seen, around_me, ok))
        named = []
        for sub in found:
            dice = []
            while sub:
                bit = sub & -sub
                sub ^= bit
                dice.append(cells[bit])
            named.append(dice)
        named = sorted(sorted(named), key=len)
        self._listed_cuts = (self.layout(s), set(map(tuple, named)))
        return named

    @staticmethod
    def layout(s: State) -> tuple:
        """Where each die lies in the block: all a cut's legality depends on besides the dice's numbers."""
        return tuple(map(tuple, s.block))


def around_table() -> list[bool]:
    """For each 3 x 3 neighbourhood of a cell (9 bits, row by row; the centre, bit 4, is left out): are the side
    neighbours present (bits 1, 3, 5, 7) joined to each other through the cells present around the centre?"""
    steps = {0: (1, 3), 1: (0, 2), 2: (1, 5), 3: (0, 6), 5: (2, 8), 6: (3, 7), 7: (6, 8), 8: (5, 7)}
    table = []
    for key in range(512):
        sides = [b for b in (1, 3, 5, 7) if key >> b & 1]
        reached, todo = set(sides[:1]), sides[:1]
        while todo:
            for b in steps[todo.pop()]:
                if key >> b & 1 and b not in reached:
                    reached.add(b)
                    todo.append(b)
        table.append(all(b in reached for b in sides))
    return table
