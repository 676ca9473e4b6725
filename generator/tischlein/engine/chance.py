"""The game's random numbers, one namespace for a rules author: `rng = chance.shuffle(chance.seed(seed), pile)`.

The state's `rng` is a plain integer (rng.py: mulberry32), so a seed and the moves replay a game exactly:
`chance.seed(n)` starts it, `chance.shuffle(rng, items)` shuffles a list in place and gives the next state,
`chance.below(rng, n)` gives (next state, a number in 0..n-1).
"""
from __future__ import annotations

from .rng import rng_below as below
from .rng import rng_seed as seed
from .rng import rng_shuffle as shuffle

__all__ = ["below", "seed", "shuffle"]
