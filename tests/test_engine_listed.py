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


def plain_random_move(engine, state, rng):
    """The random policy as it reads: the kinds that have a move, sorted, one picked with random.choice, then
    one of its moves with random.choice (Engine.random_move writes choice out and lists some kinds as rows)."""
    groups = {k: list(g) for k, g in engine.moves_by_kind(state).items()}
    kinds = sorted(k for k, g in groups.items() if g)
    return rng.choice(groups[rng.choice(kinds) if len(kinds) > 1 else kinds[0]])


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_the_random_move_is_the_plain_random_policy_draw_for_draw(game_id):
    """The same move and the same random draws after it as the plain policy, at every step of a random game:
    the seeded simulations and the bots of shared tables depend on both."""
    engine = engine_for(game_id)
    players = max(2, engine.min_players) if engine.max_players >= 2 else engine.min_players
    state, ours, plain = engine.new_game(list(PLAYER_NAMES[:players]), 4), random.Random(4), random.Random(4)
    for _ in range(STEPS):
        if engine.is_over(state):
            break
        move = engine.random_move(state, ours)
        assert move == plain_random_move(engine, state, plain)
        assert ours.getstate() == plain.getstate()
        state = engine.apply(state, move)


def test_a_move_row_is_the_list_it_stands_for():
    """MoveRow (moves made when asked for): length, items, negative items, slices, iteration, equality and
    random.choice as for the list, and no item past its end."""
    from tischlein.engine import Move, MoveRow

    moves = [Move("Ada", "cut", {"dice": [f"d{i}"]}) for i in range(7)]
    row = MoveRow(len(moves), lambda i: Move("Ada", "cut", {"dice": [f"d{i}"]}))
    assert len(row) == 7 and row[3] == moves[3] and row[-1] == moves[-1] and row[2:5] == moves[2:5]
    assert list(row) == moves and row == moves and row != moves[:-1] and bool(MoveRow(0, moves.__getitem__)) is False
    assert [random.Random(k).choice(row) for k in range(20)] == [random.Random(k).choice(moves) for k in range(20)]
    with pytest.raises(IndexError):
        row[7]
