"""Random legal playouts: every move drawn from `legal_moves`, all randomness seeded, so a seed replays."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

PLAYER_NAMES = ("Ada", "Ben", "Cem", "Dana", "Eli", "Fay")


@dataclass(frozen=True)
class Playout:
    seed: int
    players: int
    moves: int
    scores: dict[str, int]
    winners: tuple[str, ...]


def playout(engine: Any, data: dict, players: int, seed: int, max_moves: int = 5000) -> Playout:
    """One game of `players` random players. Move kinds are chosen first, then a move of that kind, so that
    kinds with many variants (where to put a spoon) do not swamp the rest."""
    rng = random.Random(seed)
    names = list(PLAYER_NAMES[:players])
    state = engine.new_game(data, names, seed)
    moves = 0
    while not engine.is_over(state):
        legal = engine.legal_moves(state)
        if not legal:
            raise RuntimeError(f"seed {seed}: no legal move after {moves} moves")
        kind = rng.choice(sorted({m.name for m in legal}))
        state = engine.apply(state, rng.choice([m for m in legal if m.name == kind]))
        moves += 1
        if moves >= max_moves:
            raise RuntimeError(f"seed {seed}: the game did not end within {max_moves} moves")
    totals = {breakdown["player"]: breakdown["total"] for breakdown in engine.score(state)}
    return Playout(seed, players, moves, totals, tuple(engine.winners(state)))
