"""Properties every rules engine in GAMES must have, checked over random playouts whose game seed and choice seed
hypothesis draws (so an engine added to GAMES is covered without touching this file):

  * no card, die or token is created or lost: `census` is empty after every move;
  * a move the rules forbid raises IllegalMove with a rule id of the game and leaves the state untouched (the
    forbidden moves are made by mutating legal ones: wrong player, unknown move, bogus or missing arguments);
    no other exception escapes `apply`;
  * the final scores can be recomputed from the final state alone: score(from_dict(to_dict(final))) gives the
    same totals and the same winners.

Deterministic for CI: derandomized, no example database, a few examples per game.
"""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tischlein.engine import GAMES
from tischlein.engine.core import IllegalMove, Move
from tischlein.engine.simulate import max_moves_of

NAMES = ("Ada", "Ben", "Cem", "Dana", "Eli", "Fay")
# No shrinking: a failing playout is reported with its seeds at once (shrinking whole games takes minutes).
PROFILE = settings(max_examples=3, deadline=None, derandomize=True, database=None,
                   phases=[Phase.explicit, Phase.reuse, Phase.generate],
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

@pytest.fixture(scope="module")
def bundles(content):
    """Per game: (engine, data for new_game, player-count range, rule ids)."""
    out = {}
    for game_id, engine in GAMES.items():
        model = content.games[game_id].model
        raw = model.engine_data()
        data = engine.Rules(raw) if hasattr(engine, "Rules") else raw
        players = raw.get("players", {"min": 2, "max": 4})
        low, high = players["min"], min(players["max"], len(NAMES))
        out[game_id] = (engine, data, (low, high), {r.id for r in content.games[game_id].rules})
    return out


def _snapshot(engine, state) -> str:
    return json.dumps(engine.to_dict(state), sort_keys=True, default=str)


def _mutations(move: Move, names: list[str], rng: random.Random) -> list[Move]:
    """Moves derived from a legal one that are (almost always) illegal."""
    out = [Move("Nobody", move.name, dict(move.args)), Move(move.player, "no-such-move", dict(move.args))]
    others = [n for n in names if n != move.player]
    if others:
        out.append(Move(rng.choice(others), move.name, dict(move.args)))
    for key in move.args:
        args = dict(move.args)
        del args[key]
        out.append(Move(move.player, move.name, args))
        for bogus in ("zzz-99", None, 99, -1, [], ["zzz-99"], {"x": 1}):
            out.append(Move(move.player, move.name, {**move.args, key: bogus}))
    rng.shuffle(out)
    return out[:6]


def _check_rejection(engine, state, move: Move, rule_ids: set[str]) -> None:
    before = _snapshot(engine, state)
    try:
        engine.apply(state, move)
    except IllegalMove as err:
        assert err.rule in rule_ids, f"{move}: rejected under unknown rule id {err.rule!r}"
        assert err.key, f"{move}: rejection without a message key"
    # a mutation may happen to be legal (another card of the same kind): then nothing to check but the input
    assert _snapshot(engine, state) == before, f"{move} changed the state it was applied to"


def _play(bundle, players: int, seed: int, rng: random.Random, probe_every: int, probes: int = 20):
    """Play one random game, checking the census after every move and probing `probes` times (every
    `probe_every` moves) with mutated moves. Returns (engine, data, final state)."""
    engine, data, _, rule_ids = bundle
    names = list(NAMES[:players])
    state = engine.new_game(data, names, seed)
    assert engine.census(state) == []
    for step in range(max_moves_of(engine)):
        if engine.is_over(state):
            return engine, data, state
        legal = engine.legal_moves(state)
        assert legal, f"seed {seed}: no legal move after {step} moves and the game is not over"
        kind = rng.choice(sorted({m.name for m in legal}))
        move = rng.choice([m for m in legal if m.name == kind])
        if step % probe_every == 0 and step // probe_every < probes:
            for bad in _mutations(move, names, rng):
                _check_rejection(engine, state, bad, rule_ids)
        state = engine.apply(state, move)
        problems = engine.census(state)
        assert problems == [], f"seed {seed}, move {step + 1} ({move}): {problems}"
    raise AssertionError(f"seed {seed}: the game did not end within {max_moves_of(engine)} moves")


GAME_IDS = sorted(GAMES)


@pytest.mark.parametrize("game_id", GAME_IDS)
@PROFILE
@given(seed=st.integers(0, 2**32 - 1), choice_seed=st.integers(0, 2**32 - 1), which=st.integers(0, 5))
def test_random_playouts_keep_every_component_and_reject_cleanly(bundles, game_id, seed, choice_seed, which):
    low, high = bundles[game_id][2]
    players = low + which % (high - low + 1)
    _play(bundles[game_id], players, seed, random.Random(choice_seed), probe_every=7)


@pytest.mark.parametrize("game_id", GAME_IDS)
@PROFILE
@given(seed=st.integers(0, 2**32 - 1), choice_seed=st.integers(0, 2**32 - 1))
def test_final_scores_can_be_recomputed_from_the_final_state(bundles, game_id, seed, choice_seed):
    low, high = bundles[game_id][2]
    engine, data, final = _play(bundles[game_id], max(low, min(2, high)), seed, random.Random(choice_seed),
                                probe_every=10**9)
    again = engine.from_dict(data, engine.to_dict(final))
    assert [(s["player"], s["total"]) for s in engine.score(again)] == \
           [(s["player"], s["total"]) for s in engine.score(final)]
    assert engine.winners(again) == engine.winners(final)
    assert engine.is_over(again)


# --- `tischlein simulate` -----------------------------------------------------------------------------------------

def _simulate(*args):
    from click.testing import CliRunner

    from tischlein.cli import main
    result = CliRunner().invoke(main, ["simulate", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def test_simulate_is_deterministic_and_reports_the_figures():
    first = _simulate("suppenkasper", "--games", "4", "--seed", "5", "--json")
    assert first.exit_code == 0, first.output
    assert first.output == _simulate("suppenkasper", "--games", "4", "--seed", "5", "--json").output
    report = json.loads(first.output)
    assert report["games"] == 4 and report["failures"] == [] and "games_per_second" not in report
    assert {"moves", "rounds"} <= set(report["length"]) and report["length"]["moves"]["min"] > 0
    assert set(report["score"]) == {"min", "mean", "max", "stdev"}
    assert 0 <= report["first_player_win_rate"] <= 1 and len(report["seat_win_rate"]) == report["players"] == 3


def test_simulate_text_timing_and_errors():
    text = _simulate("suppenkasper", "--games", "2", "--players", "5")
    assert text.exit_code == 0 and "5 players" in text.output and "games/s" in text.output
    assert "rounds:" in text.output and "first player:" in text.output
    stuck = _simulate("mahlzeit", "--games", "2", "--max-moves", "3", "--json", "--timing")
    assert stuck.exit_code == 1
    report = json.loads(stuck.output)
    assert report["games_per_second"] > 0 and len(report["failures"]) == 2
    assert "did not end within 3 moves" in report["failures"][0]
    assert _simulate("no-such-game").exit_code == 2
    assert _simulate("suppenkasper", "--players", "2").exit_code == 2
