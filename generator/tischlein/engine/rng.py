"""The random numbers of a game, kept in its state so that a seed and the moves replay a game exactly.

mulberry32: a 32-bit state and plain integer arithmetic. The state fits in a JSON number (JavaScript included),
and the sequence is the same on every Python version, unlike `random`, whose algorithms may change.
"""
from __future__ import annotations

MASK32 = 0xFFFFFFFF


def rng_seed(seed: int) -> int:
    return int(seed) & MASK32


def rng_next(state: int) -> tuple[int, int]:
    """Advance the state; return (new_state, a 32-bit output)."""
    state = (state + 0x6D2B79F5) & MASK32
    t = state
    t = ((t ^ (t >> 15)) * (t | 1)) & MASK32
    t ^= (t + (((t ^ (t >> 7)) * (t | 61)) & MASK32)) & MASK32
    return state, (t ^ (t >> 14)) & MASK32


def rng_below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in [0, n) without modulo bias; returns (new_state, value)."""
    if n <= 0:
        raise ValueError("rng_below needs n >= 1")
    limit = (MASK32 + 1) - ((MASK32 + 1) % n)
    while True:
        state, value = rng_next(state)
        if value < limit:
            return state, value % n


def rng_shuffle(state: int, items: list) -> int:
    """Fisher-Yates shuffle of `items` in place; returns the new PRNG state. The same draws as rng_below, with
    rng_next written out inline: engines reshuffle decks and pantries thousands of times per simulation (a third
    of a random Schwarzwälder Kirsch game is spent here). So each draw's range, the place it fills and its
    rejection bound come from a table per list length (`_draws`), a rejected output (rare) is drawn again in a loop
    of its own, and two masks are left out: the one inside the second step (the sum is masked, and
    (a + (b mod 2**32)) mod 2**32 = (a + b) mod 2**32) and the last one (t is below 2**32 there, so t ^ (t >> 14)
    is too)."""
    for n, last, limit in _draws(len(items)):
        state = (state + 0x6D2B79F5) & 0xFFFFFFFF
        t = (state ^ state >> 15) * (state | 1) & 0xFFFFFFFF
        t ^= (t + (t ^ t >> 7) * (t | 61)) & 0xFFFFFFFF
        while (value := t ^ t >> 14) >= limit:      # rejected (about once in 100 million draws): the next one
            state = (state + 0x6D2B79F5) & 0xFFFFFFFF
            t = (state ^ state >> 15) * (state | 1) & 0xFFFFFFFF
            t ^= (t + (t ^ t >> 7) * (t | 61)) & 0xFFFFFFFF
        j = value % n
        items[last], items[j] = items[j], items[last]
    return state


_DRAWS: dict[int, list[tuple[int, int, int]]] = {}


def _draws(size: int) -> list[tuple[int, int, int]]:
    """The draws of a shuffle of `size` items: (range n, the place n - 1 it fills, rng_below's bound below which
    an output is taken)."""
    draws = _DRAWS.get(size)
    if draws is None:
        draws = _DRAWS[size] = [(n, n - 1, (MASK32 + 1) - ((MASK32 + 1) % n)) for n in range(size, 1, -1)]
    return draws
