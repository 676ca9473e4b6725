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
        self._around = around_table()
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
        Otherwise (a neck, or x alone in a part of its own) the fill decides."""
        w = self.width
        if was:
            v = rest << w + 1 >> x                    # x's 3 x 3 neighbourhood at bits 0-2, w-(w+2), 2w-(2w+2)
            if self._around[v & 7 | (v >> w & 7) << 3 | (v >> 2 * w & 7) << 6]:
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
        (`still_joined`), so most groups need no fill of the rest. This is the engine's hottest loop: groups are
        bit masks, and dice are named only for the cuts found. The cuts of the last block listed are kept
        (`_listed_cuts`): a cut made from the list needs no check_cut."""
        w, near, room0, faces, still_joined = self.width, self.near, self.cut_max, s.faces, self.still_joined
        cells: dict[int, str] = {}
        face: dict[int, int] = {}
        for r, row in enumerate(s.block):
            for c, die in enumerate(row):
                if die is not None:
                    cells[r * w + c] = die
                    face[r * w + c] = faces[die]
        block = 0
        for i in cells:
            block |= 1 << i
        outer, found = self.outer(block), []
        for root, f in face.items():
            if f > room0:
                continue
            higher = block & ~((2 << root) - 1)          # a group only grows into cells above its lowest
            rest = block & ~(1 << root)
            # A group, the sum still allowed, cells that may join, the group and its neighbours, and whether the
            # rest of the block is one piece (the block itself is: a state's checks see to that).
            stack = [(1 << root, room0 - f, near[root] & higher, near[root],
                      still_joined(rest, root, True, near[root] & rest))]
            while stack:
                sub, room, ext, seen, joined = stack.pop()
                if joined and sub & outer and sub != block:
                    found.append(sub)
                while ext:
                    bit = ext & -ext
                    ext ^= bit
                    i = bit.bit_length() - 1
                    if face[i] <= room:
                        rest = block & ~sub & ~bit
                        grown = seen | near[i]
                        stack.append((sub | bit, room - face[i], ext | near[i] & higher & ~seen, grown,
                                      still_joined(rest, i, joined, grown & rest)))
        named = []
        for sub in found:
            dice = []
            while sub:
                bit = sub & -sub
                sub ^= bit
                dice.append(cells[bit.bit_length() - 1])
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
