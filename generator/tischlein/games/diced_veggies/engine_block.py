"""Diced Veggies' dice block as bit masks: which groups of dice are legal cuts, and the geometry they need. Part of
the engine (engine.py: `DicedVeggies(BlockCuts, Engine)`); standard library only.

Cell r, c is bit r * width + c; a spare bit at the end of each row keeps a shift by one from wrapping round to
the next row. The rule itself, for one cut, is the engine's check_cut; `cuts` lists every cut, and a test checks
the list against check_cut by brute force.
"""
from __future__ import annotations

from .engine_state import State


class BlockCuts:
    """The block geometry and cut listing of the engine; needs `cut_max` (the sum a cut may reach) and `smallest`
    (the smallest number a die shows)."""

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
        self._trees: dict[int, tuple] = {}           # cut_trees(), made when cuts are first listed
        self._listed_cuts: tuple[tuple, list] = ((), [])     # (block layout, its cuts) of the last cuts()

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
        to at most 10 is grown once, from its lowest cell, one die at a time (ESU enumeration); it is a cut when
        it touches the outside and leaves the rest of the block one piece. The growth does not depend on the
        block: it is the grid's own (`cut_trees`, made once), with the groups that leave the block or pass the
        sum cut off. Whether the rest is one piece is carried from a group to the groups grown from it
        (see the loop), so most groups need no fill of the rest. This is the engine's
        hottest loop: groups are bit masks, cells are looked up by their bit, and dice are named only for the
        cuts found. The cuts of the last block listed are kept (`_listed_cuts`): a cut made from the list needs
        no check_cut."""
        w, room0, trees = self.width, self.cut_max, self._trees or self.cut_trees()
        w1, window, around, smallest = w + 1, self._window, self._around, self.smallest
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
        # A group (its tree node), the sum still allowed, and whether the rest of the block was one piece before
        # the group's last die was taken. The empty group's rest, the block, is (a state's checks see to that).
        todo = [(trees[root], room0 - number, True) for root, number in face.items() if number <= room0]
        while todo:
            (sub, x, near, seen, children, bits), room, joined = todo.pop()
            rest = block ^ sub
            # Is `rest` still one piece, now that x is taken too? Decided without a fill of it where it can be:
            # * it was one piece (`joined`), and x's side neighbours left in it are joined around x, within the
            #   3 x 3 cells about it (`_around`): any path through x can go round it, so it still is; if they
            #   are not, a fill decides whether they are joined at all (then it still is, as a path through x
            #   can go round x through them);
            # * it was not, and x touched another cell of it: taking x cannot join the parts, so it still is not;
            # * it was not, and x was a part of its own: a fill decides whether the group's neighbours in it are
            #   joined (`connected`: enough, as the block is one piece).
            # `must`: the cells that fill has to join (none: decided).
            must = 0
            if joined:
                if not rest << w1 >> x & window in around:
                    must = near & rest
            elif near & rest:
                joined = False
            else:
                must = seen & rest
            if must:
                fill = must & -must
                while fill & must != must:
                    more = (fill | fill << 1 | fill >> 1 | fill << w | fill >> w) & rest
                    if more == fill:
                        break
                    fill = more
                joined = fill & must == must
            elif not joined and not near & rest:
                joined = True
            if joined and sub & outer and sub != block:
                found.append(bits)
            if room >= smallest:                     # else no die fits any more
                for bit, child in children:
                    if bit & block and face[bit] <= room:
                        todo.append((child, room - face[bit], joined))
        die_at = cells.__getitem__
        named = sorted(sorted([list(map(die_at, bits)) for bits in found]), key=len)
        self._listed_cuts = (self.layout(s), named)
        return named

    def cut_trees(self) -> dict[int, tuple]:
        """The grid's connected groups of at most `cut_max // smallest number` cells (no larger group can add up
        to `cut_max`), as ESU growth trees, one per lowest cell (by its bit). A node: (the group's cells, the
        index of the cell it grew by, that cell and its neighbours, the group and its neighbours, the groups
        grown from it as (the bit of the cell it grows by, its node), the group's cells' bits in block order).
        The growth restricted to a block's cells is the block's own ESU growth: a cell may join a group in the
        block exactly when it may in the grid and is in the block."""
        size, near = self.cut_max // self.smallest, self.near

        def grow(sub: int, x: int, ext: int, seen: int, higher: int, n: int) -> tuple:
            children = []
            while ext and n < size:
                bit = ext & -ext
                ext ^= bit
                i = bit.bit_length() - 1
                children.append((bit, grow(sub | bit, i, ext | near[i] & higher & ~seen, seen | near[i], higher,
                                           n + 1)))
            return sub, x, near[x], seen, tuple(children), tuple(1 << i for i in range(len(near)) if sub >> i & 1)

        self._trees = {1 << i: grow(1 << i, i, near[i] & self.full & ~((2 << i) - 1), near[i],
                                    self.full & ~((2 << i) - 1), 1)
                       for i in range(len(near)) if self.full >> i & 1}
        return self._trees

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
