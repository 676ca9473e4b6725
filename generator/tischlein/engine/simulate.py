"""Playouts: whole games played by policies, all randomness seeded, so a seed replays; and their statistics.

`playout` plays one game; `summarize` turns many playouts into the figures `tischlein simulate` reports.
Game length counts `moves`, `turns` when the game has an `end_turn` move, and whatever the engine's `length`
adds (rounds played …).
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any, Iterable

PLAYER_NAMES = ("Ada", "Ben", "Cem", "Dana", "Eli", "Fay")


@dataclass(frozen=True)
class Playout:
    seed: int
    players: int
    moves: int
    scores: dict[str, int]
    winners: tuple[str, ...]
    length: dict[str, int] = field(default_factory=dict)    # moves, turns, rounds … as the engine knows them
    names: tuple[str, ...] = ()                             # in seat order; names[0] moved first


def playout(engine: Any, players: int, seed: int, max_moves: int | None = None,
            options: dict | None = None) -> Playout:
    """One game of `players` random players (the engine's random policy). `options` go to `new_game`. A game
    longer than `max_moves` (default: the engine's PLAYOUT_MOVES) counts as one that never ends."""
    max_moves = max_moves or engine.PLAYOUT_MOVES
    rng = random.Random(seed)
    names = list(PLAYER_NAMES[:players])
    state = engine.new_game(names, seed, **(options or {}))
    moves = turns = 0
    while not engine.is_over(state):
        try:
            move = engine.random_move(state, rng)
        except RuntimeError:
            raise RuntimeError(f"seed {seed}: no legal move after {moves} moves") from None
        state = engine.apply(state, move, in_place=True)
        moves += 1
        turns += move.name == "end_turn"
        if moves >= max_moves:
            raise RuntimeError(f"seed {seed}: the game did not end within {max_moves} moves")
    totals = {breakdown["player"]: breakdown["total"] for breakdown in engine.score(state)}
    length = {"moves": moves, **({"turns": turns} if turns else {}), **engine.length(state)}
    return Playout(seed, players, moves, totals, tuple(engine.winners(state)), length, tuple(names))


def _spread(values: list[float]) -> dict[str, float]:
    if not values:
        return {"min": 0, "mean": 0.0, "max": 0, "stdev": 0.0}
    mean = sum(values) / len(values)
    var = sum((v - mean) ** 2 for v in values) / len(values)
    return {"min": min(values), "mean": round(mean, 3), "max": max(values), "stdev": round(math.sqrt(var), 3)}


def summarize(playouts: Iterable[Playout]) -> dict[str, Any]:
    """Game length per measure, score spread over all players' totals, the winner's total, and how often each
    seat wins (shared wins count for every winner; `first_player_win_rate` = seat 1)."""
    games = list(playouts)
    n = len(games)
    measures = sorted({k for g in games for k in g.length})
    length = {k: _spread([g.length[k] for g in games if k in g.length]) for k in measures}
    totals = [t for g in games for t in g.scores.values()]
    best = [max(g.scores.values()) for g in games if g.scores]
    seats = max((g.players for g in games), default=0)
    wins = [0] * seats
    shared = 0
    for g in games:
        names = g.names or PLAYER_NAMES[:g.players]
        shared += len(g.winners) > 1
        for seat, name in enumerate(names):
            wins[seat] += name in g.winners
    rate = [round(w / n, 4) if n else 0.0 for w in wins]
    return {"games": n, "length": length, "score": _spread(totals), "winning_score": _spread(best),
            "seat_win_rate": rate, "first_player_win_rate": rate[0] if rate else 0.0,
            "shared_wins": round(shared / n, 4) if n else 0.0}
