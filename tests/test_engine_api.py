"""The engine API the browser calls never raises, whatever it is sent: malformed moves and states are answered
with an error of kind "invalid" (a move the rules forbid: "illegal"), and the engine never fails on a state it
accepted. Random inputs derived from real positions of seeded random games, for every game with an engine.

`TISCHLEIN_FUZZ_CALLS` sets the calls per game and kind (default 400; `make bench` runs more)."""
from __future__ import annotations

import json
import os
import random

import pytest
from engine_tools import ENGINE_GAMES, engine_for, repository_content

from tischlein.engine import api, table
from tischlein.site.assets import game_payload

CALLS = int(os.environ.get("TISCHLEIN_FUZZ_CALLS", "400"))
JUNK = [None, True, 0, -1, 2**40, 1.5, "", "x", "zzz-99", [], [None], ["zzz-99"], [[1]], {}, {"x": 1}, {"card": []}]


def junk(rng: random.Random, depth: int = 0):
    """A random JSON value, sometimes nested."""
    if depth < 2 and rng.random() < 0.2:
        return [junk(rng, depth + 1) for _ in range(rng.randint(0, 3))] if rng.random() < 0.5 else \
            {rng.choice(["card", "row", "dish", "x", "from", "cards"]): junk(rng, depth + 1)}
    return rng.choice(JUNK)


def positions(game_id: str, count: int, seed: int = 7) -> list[dict]:
    """States of seeded random games, as the browser holds them (JSON)."""
    engine, rng = engine_for(game_id), random.Random(seed)
    out: list[dict] = []
    while len(out) < count:
        state = engine.new_game(["Ada", "Ben", "Cem"][:max(2, engine.min_players)], rng.randrange(2**31))
        for _ in range(rng.randint(0, 60)):
            if engine.is_over(state):
                break
            state = engine.apply(state, engine.random_move(state, rng))
        out.append(json.loads(json.dumps(engine.to_dict(state))))
    return out


def mutated_move(rng: random.Random, legal: list[dict], names: list[str]):
    move = json.loads(json.dumps(rng.choice(legal))) if legal else {"player": rng.choice(names), "move": "x"}
    roll = rng.random()
    if roll < 0.1:
        return junk(rng)                                              # not a move at all
    if roll < 0.2:
        move["player"] = junk(rng) if rng.random() < 0.5 else "Nobody"
    elif roll < 0.3:
        move["move"] = junk(rng)
    elif roll < 0.4:
        move["args"] = junk(rng)
    elif move.get("args"):
        key = rng.choice(sorted(move["args"]))
        if rng.random() < 0.3:
            del move["args"][key]
        else:
            move["args"][key] = junk(rng)
    else:
        move["args"] = {rng.choice(["card", "row", "x"]): junk(rng)}
    return move


def mutated_state(rng: random.Random, state: dict) -> dict:
    """The state with one value somewhere in it replaced by junk (or removed)."""
    state = json.loads(json.dumps(state))
    node, path = state, []
    while isinstance(node, (dict, list)) and node and rng.random() < 0.7:
        key = rng.choice(sorted(node) if isinstance(node, dict) else range(len(node)))
        path.append((node, key))
        node = node[key]
    if path:
        parent, key = path[-1]
        if isinstance(parent, dict) and rng.random() < 0.2:
            del parent[key]
        else:
            parent[key] = junk(rng)
    return state


def answered(reply, where: str) -> None:
    assert isinstance(reply, (dict, list)), where
    error = reply.get("error") if isinstance(reply, dict) else None
    if error:
        assert error["kind"] in ("invalid", "illegal"), (where, error)
        assert error["key"] != "engine.failed", (where, error["message"])
        assert isinstance(error["message"], str) and error["message"], where


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_malformed_moves_are_answered_never_raised(game_id):
    game, rng = repository_content().games[game_id], random.Random(11)
    payload = json.loads(json.dumps(game_payload(game, ["en"])))
    states = positions(game_id, 12)
    for i in range(CALLS):
        state = states[i % len(states)]
        legal = api.legal_moves(payload, state)
        move = mutated_move(rng, legal, [p["name"] for p in state["players"]])
        reply = api.check_move(payload, state, move)
        answered(reply, f"{game_id}: move {move!r}")
        if reply["legal"]:
            assert reply["state"] != state or move in legal


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_malformed_states_are_refused_or_answered_never_raised(game_id):
    game, rng = repository_content().games[game_id], random.Random(13)
    payload = json.loads(json.dumps(game_payload(game, ["en"])))
    states = positions(game_id, 12)
    for i in range(CALLS):
        state = mutated_state(rng, states[i % len(states)])
        legal = api.legal_moves(payload, state)
        answered(legal, f"{game_id}: legal_moves")
        move = rng.choice(legal) if isinstance(legal, list) and legal else {"player": "Ada", "move": "x"}
        answered(api.check_move(payload, state, move), f"{game_id}: check_move on a mutated state")


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_replays_of_malformed_examples_are_answered(game_id):
    game, rng = repository_content().games[game_id], random.Random(17)
    payload = json.loads(json.dumps(game_payload(game, ["en"])))
    examples = [{k: v for k, v in e.items() if not k.startswith("_")} for e in game.examples]
    for i in range(max(40, CALLS // 10)):
        example = mutated_state(rng, examples[i % len(examples)])
        reply = api.run(payload, example, None if rng.random() < 0.5 else junk(rng))
        answered(reply, f"{game_id}: run")
        json.dumps(reply)


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_every_endpoint_answers_a_game_payload_it_cannot_read(game_id):
    """A payload whose engine data is cut short (a stale or broken download): the engine cannot even be made, and
    every endpoint still answers, with the engine's failure named, instead of raising into the page."""
    game = repository_content().games[game_id]
    payload = json.loads(json.dumps(game_payload(game, ["en"])))
    payload["data"] = {"game": payload["data"]["game"]}
    state = positions(game_id, 1)[0]
    move = {"player": state["players"][0]["name"], "move": "x", "args": {}}
    calls = {
        "check_move": lambda: api.check_move(payload, state, move),
        "legal_moves": lambda: api.legal_moves(payload, state),
        "choices": lambda: api.choices(payload, state),
        "draw": lambda: api.draw(payload, state),
        "view": lambda: api.view(payload, state)["draw"],
        "play": lambda: api.play(payload, state, move),
        "new_game": lambda: api.new_game(payload, ["Ada", "Ben"], 1),
        "bot_move": lambda: api.bot_move(payload, state, 1),
        "open_table": lambda: table.open_table(payload, ["Ada", "Ben"], 1, {}),
    }
    for name, call in calls.items():
        error = call()["error"]
        assert error["kind"] == "invalid" and error["key"] == "engine.failed", (name, error)
    assert api.check_expect(payload, state, {"turn": "Ada"})[0].startswith("expect: the rules engine failed")


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_check_expect_names_an_expect_it_cannot_read_in_its_own_words(game_id):
    game = repository_content().games[game_id]
    payload = json.loads(json.dumps(game_payload(game, ["en"])))
    state = positions(game_id, 1)[0]
    said = api.check_expect(payload, state, {"no_such_field": 1})
    assert len(said) == 1 and "unknown field no_such_field" in said[0] and "not a valid state" not in said[0], said
