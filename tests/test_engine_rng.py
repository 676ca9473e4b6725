"""The game PRNG's shuffle (engine/rng.py) against Fisher-Yates written plainly with rng_below: the shuffle is
written for speed, and every seeded game, golden replay and simulation depends on it drawing exactly this."""
from __future__ import annotations

import random

from tischlein.engine import rng


def reference_shuffle(state: int, items: list, below=rng.rng_below) -> int:
    for i in range(len(items) - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


def test_shuffle_draws_as_fisher_yates_with_rng_below():
    pick = random.Random(12)
    for _ in range(3000):
        state, size = pick.getrandbits(32), pick.randrange(0, 70)
        mine, theirs = list(range(size)), list(range(size))
        assert rng.rng_shuffle(state, mine) == reference_shuffle(state, theirs)
        assert mine == theirs


def test_a_rejected_draw_is_drawn_again(monkeypatch):
    """A rejection (an output at or above the bound) happens about once in 100 million draws, so the bounds are
    lowered here to make them frequent, for the shuffle and for the reference alike."""
    def low(n: int) -> int:
        return 2 ** 31 + n * 7919          # about half of all outputs are rejected

    def below(state: int, n: int) -> tuple[int, int]:
        while True:
            state, value = rng.rng_next(state)
            if value < low(n):
                return state, value % n

    draws = {size: [(n, n - 1, low(n)) for n in range(size, 1, -1)] for size in range(40)}
    monkeypatch.setattr(rng, "_DRAWS", draws)
    pick = random.Random(5)
    for _ in range(300):
        state, size = pick.getrandbits(32), pick.randrange(0, 40)
        mine, theirs = list(range(size)), list(range(size))
        assert rng.rng_shuffle(state, mine) == reference_shuffle(state, theirs, below)
        assert mine == theirs
