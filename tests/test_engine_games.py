"""What every game's engine must do besides the properties of tests/test_engines.py, checked for every game package
with an engine: the same seed sets up the same game and another seed another one; an impossible list of players is
refused; a game replays exactly from its seed and moves, and its state survives JSON; every rule id the engine's
source names is one it declares; every message of the game's own has a German text of its own; the browser's facade
replays every worked example and accepts the moves it lists.
"""
from __future__ import annotations

import json
import re
from importlib import import_module

import pytest
from engine_tools import ENGINE_GAMES, compiled, engine_for, engine_source, example, random_game, repository_content

from tischlein import games
from tischlein.engine import api

NAMES = ["Ada", "Ben", "Cem", "Dana", "Eli", "Fay"]


def _names(engine, players: int | None = None) -> list[str]:
    players = players or max(2, engine.min_players)
    return NAMES[:players] if players <= len(NAMES) else [f"P{i}" for i in range(players)]


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_new_game_is_deterministic_per_seed(game_id):
    engine = engine_for(game_id)
    a, b, c = (engine.new_game(_names(engine), seed) for seed in (11, 11, 12))
    assert engine.to_dict(a) == engine.to_dict(b) != engine.to_dict(c)


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_new_game_refuses_an_impossible_list_of_players(game_id):
    engine = engine_for(game_id)
    names = _names(engine)
    for players in (NAMES[:engine.min_players - 1], _names(engine, engine.max_players + 1), [*names[:-1], names[0]],
                    [*names[:-1], ""]):
        with pytest.raises(ValueError):
            engine.new_game(players, 1)


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_a_game_replays_exactly_from_its_seed_and_moves(game_id):
    """For every number of players: the same seed and the same choices give the same game, the moves replayed on a
    new game of the same seed give the same final state, and that state survives JSON."""
    engine = engine_for(game_id)
    for players in range(engine.min_players, engine.max_players + 1):
        names, seed = _names(engine, players), players
        final, moves = random_game(engine, names, seed, check_every=0, max_moves=engine.PLAYOUT_MOVES)
        assert engine.is_over(final) and moves
        again, _ = random_game(engine, names, seed, check_every=0, max_moves=engine.PLAYOUT_MOVES)
        assert engine.to_dict(again) == engine.to_dict(final)
        replayed = engine.new_game(names, seed)
        for move in moves:
            replayed = engine.apply(replayed, move)
        assert engine.to_dict(replayed) == engine.to_dict(final), players
        d = engine.to_dict(final)
        assert engine.to_dict(engine.from_dict(json.loads(json.dumps(d)))) == d


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_every_rule_id_the_engine_names_is_one_it_declares(game_id):
    """The rule ids written out in the engine's source and its modules' rule constants (tests/test_engines.py checks
    them against the rules; here: against the engine's own RULE_IDS)."""
    named = set(re.findall(rf'"({re.escape(game_id)}(?:\.[a-z0-9-]+)+)"', engine_source(game_id)))
    named |= {value for module in games.spec(game_id).engine_modules for value in vars(import_module(module)).values()
              if isinstance(value, str) and value.startswith(f"{game_id}.") and value != f"{game_id}."}
    declared = set(engine_for(game_id).RULE_IDS)
    assert named and named <= declared, sorted(named - declared)


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_every_message_of_the_game_has_a_german_text_of_its_own(game_id):
    game = repository_content().games[game_id]
    german = game.engine_messages("de")
    assert game.messages
    untranslated = [key for key, english in game.messages.items() if german[key] == english]
    assert not untranslated, untranslated


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_the_browser_facade_replays_every_example_and_accepts_the_moves_it_lists(game_id):
    """tischlein.engine.api with the bundle the site ships (tests/test_replays.py replays the examples in Python,
    tests/test_engine_api.py sends it malformed input)."""
    game = repository_content().games[game_id]
    bundle = compiled(game, *repository_content().languages)
    for ex in game.examples:
        sent = example(game_id, ex["id"])
        out = api.run(bundle, sent, lang="de")
        assert out["ok"] and out["error"] is None, (ex["id"], out["error"])
        assert len(out["steps"]) == len(sent["moves"]) and all(step["legal"] for step in out["steps"]), ex["id"]
        json.dumps(out)
        state = out["start"]["state"]
        legal = api.legal_moves(bundle, state)
        assert legal, ex["id"]
        for move in legal[:20]:
            assert api.check_move(bundle, state, move)["legal"], (ex["id"], move)
