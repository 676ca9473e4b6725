"""Policies: what picks a player's move in a simulation, and for the site's bot opponents (through api.py).

A policy is a function `(engine, state, rng) -> Move` that returns one of `engine.legal_moves(state)` for the
player who decides (`engine.actor(state)`); all its randomness comes from `rng`, so a seeded simulation replays.
Every engine has `random` (the kernel's: a kind of move first, then one of that kind); a game adds its own in
`ENGINE.POLICIES` (`greedy` for every game of tischlein, in the game package's policy.py).

A greedy policy looks one move ahead: `one_ply` applies each legal move to a copy of the state and keeps the
move whose result the game's evaluation rates highest for the player who made it. A move whose outcome the
player cannot know (a card drawn from a face-down pile, a pantry card turned over) must not be applied to
look at it: the state knows the hidden cards and the policy would be cheating. For those moves the game's
`estimate` gives the value the player can expect from what they can see.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Iterable

from .moves import Move

Policy = Callable[[Any, Any, random.Random], Move]
Value = Callable[[Any, int, Move], float]           # (state after the move, the mover's index, the move) -> rating
Estimate = Callable[[Any, Move], "float | None"]    # (state before, move) -> expected value, None: look ahead


def random_policy(engine: Any, state: Any, rng: random.Random) -> Move:
    """Any legal move: a kind of move first, then one of that kind (Engine.random_move)."""
    return engine.random_move(state, rng)


# The random policy's move is always one legal_moves lists for the state: a playout applies it with
# `listed=True` (Engine.apply), skipping the kernel's checks it passes by construction. Greedy policies may
# build a move of their own (a joker's place, a row), so they do not say so.
random_policy.listed = True      # type: ignore[attr-defined]


def policies(engine: Any) -> dict[str, Policy]:
    """The policies this engine can play: random, and the game's own (POLICIES)."""
    return {"random": random_policy, **getattr(engine, "POLICIES", {})}


def policy(engine: Any, name: str) -> Policy:
    """The policy called `name`; ValueError naming the known ones."""
    known = policies(engine)
    if name not in known:
        raise ValueError(f"no policy {name!r} for {engine.GAME}; known: {', '.join(known)}")
    return known[name]


def one_ply(engine: Any, state: Any, rng: random.Random, value: Value, estimate: Estimate | None = None,
            moves: Iterable[Move] | None = None) -> Move:
    """The legal move (or the best of `moves`, some of the moves legal_moves lists for `state`) rated highest
    for the player who decides: `estimate(state, move)` for a move whose outcome is hidden, else `value(state
    after the move, player, move)`. Equal ratings are broken at random. Each move is tried as a listed move
    (Engine.apply's `listed`): it comes from legal_moves, so the kernel's checks would pass anyway."""
    player = engine.actor(state)
    best: list[Move] = []
    top = float("-inf")
    for move in engine.legal_moves(state) if moves is None else moves:
        rating = estimate(state, move) if estimate else None
        if rating is None:
            rating = value(engine.apply(state, move, listed=True), player, move)
        if rating > top + 1e-9:
            top, best = rating, [move]
        elif rating >= top - 1e-9:
            best.append(move)
    if not best:
        raise RuntimeError("no legal move")
    return best[0] if len(best) == 1 else rng.choice(best)
