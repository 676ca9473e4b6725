"""Engine.apply(..., listed=True), the playouts' trusted path, against the checked one it stands in for.

A random playout and a greedy look-ahead apply moves that legal_moves listed for the very state, so the kernel
skips its checks of turn, phase and arguments for them. These tests keep that honest: on random games of every
engine, every listed move at a sample of steps gives the same state and events both ways, and a playout through
simulate gives what the checked path gives move by move.
"""
from __future__ import annotations

import json
import random

import pytest

from engine_tools import ENGINE_GAMES, engine_for
from tischlein.engine.simulate import PLAYER_NAMES, playout

STEPS = 250       # moves per game looked at: enough to pass through every phase of every game, and fast


def snapshot(engine, state) -> str:
    return json.dumps([engine.to_dict(state), engine.events(state)], sort_keys=True, default=str)


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
@pytest.mark.parametrize("seed", [3, 8])
def test_every_listed_move_gives_the_same_state_checked_or_trusted(game_id, seed):
    engine = engine_for(game_id)
    players = max(2, engine.min_players) if engine.max_players >= 2 else engine.min_players
    rng = random.Random(seed)
    state = engine.new_game(list(PLAYER_NAMES[:players]), seed)
    kinds = set()
    for step in range(STEPS):
        if engine.is_over(state):
            break
        moves = engine.legal_moves(state)
        for move in moves if step % 5 == 0 else [rng.choice(moves)]:
            kinds.add(move.name)
            checked = engine.apply(state, move)
            trusted = engine.apply(state, move, listed=True)
            assert snapshot(engine, trusted) == snapshot(engine, checked), (step, str(move))
        state = engine.apply(state, engine.random_move(state, rng))
    assert len(kinds) >= 2, kinds        # the sample saw more than one kind of move


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_a_playout_is_the_checked_playout_move_by_move(game_id):
    """simulate's playout (random seats, listed moves applied in place) ends as the checked path ends: same
    number of moves, scores and winners."""
    engine = engine_for(game_id)
    players = max(2, engine.min_players) if engine.max_players >= 2 else engine.min_players
    seed = 5
    result = playout(engine, players, seed)
    rng = random.Random(seed)
    state = engine.new_game(list(PLAYER_NAMES[:players]), seed)
    moves = 0
    while not engine.is_over(state):
        state = engine.apply(state, engine.random_move(state, rng))
        moves += 1
    assert result.moves == moves
    assert result.scores == {x["player"]: x["total"] for x in engine.score(state)}
    assert list(result.winners) == engine.winners(state)
