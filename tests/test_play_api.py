"""engine.api.choices: the legal moves of a position in the reader's words, what the table on example pages
(site/assets/js/play.js) lists as buttons. Each text is the engine's own text of what that move does."""
from __future__ import annotations

import re
from collections import Counter

import pytest

from engine_tools import ENGINE_GAMES, engine_for, repository_content
from tischlein.engine import api, replay, table
from tischlein.site.assets import game_payload


def _positions(game_id: str) -> tuple[dict, list[dict]]:
    """(the game's payload, every position of every example: starts and the states after each legal move)."""
    content = repository_content()
    game = content.games[game_id]
    payload = game_payload(game, content.languages)
    engine = engine_for(game_id)
    states = []
    for ex in game.examples:
        result = replay.run(engine, ex, game.engine_messages("en"))
        states += [result["start"]["state"]] + [s["state"] for s in result["steps"] if s.get("state")]
    return payload, states


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_choices_are_the_legal_moves_each_with_the_engines_text_of_what_it_does(game_id):
    payload, states = _positions(game_id)
    ids = {k[len("name."):] for k in payload["messages"]["en"] if k.startswith("name.") and "-" in k}
    listed = 0
    for state in states[:12]:
        answer = api.choices(payload, state, "en")
        assert answer["error"] is None
        legal = api.legal_moves(payload, state)
        assert [c["move"] for c in answer["moves"]] == legal[:200] and answer["more"] == max(0, len(legal) - 200)
        assert answer["over"] == (not legal)
        for choice in answer["moves"][:8]:
            checked = api.check_move(payload, state, choice["move"], "en")
            assert checked["legal"] and choice["text"] == checked["text"] and choice["text"].strip()
            assert not set(re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)+", choice["text"])) & ids, choice["text"]
            listed += 1
    assert listed >= 10


def test_choices_speak_the_readers_language():
    payload, states = _positions("mahlzeit")
    english = api.choices(payload, states[0], "en")["moves"]
    german = api.choices(payload, states[0], "de")["moves"]
    assert [c["move"] for c in english] == [c["move"] for c in german]
    assert any(" takes " in c["text"] for c in english) and any(" nimmt " in c["text"] for c in german)


def test_a_finished_game_has_no_moves_and_names_the_engines_winners():
    game = repository_content().games["suppenkasper"]
    payload, engine = game_payload(game, ["en"]), engine_for("suppenkasper")
    ex = next(x for x in game.examples if x["id"] == "game-end")
    last = replay.run(engine, ex, game.engine_messages("en"))["steps"][-1]["state"]
    answer = api.choices(payload, last)
    assert answer["over"] and answer["moves"] == []
    assert answer["winners"] == engine.winners(engine.from_dict(last)) == ["Cleo"]
    assert [r["player"] for r in answer["ranking"]][0] == "Cleo"


def test_choices_answer_a_bad_state_and_cap_a_long_list():
    payload, states = _positions("diced-veggies")
    for bad in (None, "x", {"players": "nobody"}):
        answer = api.choices(payload, bad)
        assert answer["moves"] == [] and answer["error"]["kind"] == "invalid"
    # the cap is per kind: the many places a Cooking Spoon may lift cards to never push drawing or taking a row
    # off the list (the engine lists the spoon's moves first)
    payload, states = _positions("mahlzeit")
    state = next(st for st in states if Counter(m["move"] for m in api.legal_moves(payload, st))["spoon"] > 3)
    legal = api.legal_moves(payload, state)
    short = api.choices(payload, state, "en", limit=3)
    kinds = Counter(m["move"] for m in legal)
    assert kinds["draw"] == 1 and kinds["take"] > 1 and [m["move"] for m in legal][:4] == ["spoon"] * 4
    assert Counter(c["move"]["move"] for c in short["moves"]) == {k: min(n, 3) for k, n in kinds.items()}
    assert [c["move"] for c in short["moves"]] == [m for m in legal if m in [c["move"] for c in short["moves"]]]
    assert short["more"] == len(legal) - len(short["moves"]) > 0


def test_builders_offer_every_option_the_legal_moves_use_by_its_printed_name():
    content = repository_content()
    game = content.games["diced-veggies"]
    ex = next(x for x in game.examples if x["id"] == "cut-shapes")
    payload = game_payload(game, content.languages)
    start = replay.run(engine_for("diced-veggies"), ex, game.engine_messages("en"))["start"]["state"]
    answer = api.choices(payload, start, "de")           # cut-shapes' start: Ada cuts
    assert [b["move"] for b in answer["builders"]] == ["cut"]
    cut = answer["builders"][0]
    (dice,) = cut["args"]
    legal = [c["move"] for c in answer["moves"] if c["move"]["move"] == "cut"]
    assert dice["name"] == "dice" and dice["many"]
    assert {o["value"] for o in dice["options"]} == {d for m in legal for d in m["args"]["dice"]}
    # a die reads as the picture shows it, its colour's vegetable and the number on top
    assert dice["options"][0] == {"value": "die-broccoli-1", "text": f"Brokkoli {start['faces']['die-broccoli-1']}"}
    assert cut["player"] == "Ada" and cut["fixed"] == {}


def test_a_builder_keeps_what_it_cannot_offer_as_a_choice():
    moves = [{"player": "Ana", "move": "prepare", "args": {"recipe": "tapioca", "cards": ["ovo-1", "queijo-2"],
                                                            "symbols": [{"counter": "x"}], "free": False}},
             {"player": "Ana", "move": "prepare", "args": {"recipe": "omelete", "cards": ["ovo-1"],
                                                            "symbols": [], "free": True}},
             {"player": "Ana", "move": "pass", "args": {}}]
    (prepare,) = api.builders(moves, {"name.tapioca": "Tapioca"})
    assert [(a["name"], a["many"]) for a in prepare["args"]] == [("recipe", False), ("cards", True)]
    assert prepare["args"][0]["options"] == [{"value": "tapioca", "text": "Tapioca"},
                                             {"value": "omelete", "text": "omelete"}]
    assert prepare["fixed"] == {"symbols": [], "free": False}       # a list of parts: none; else the first's


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_the_shipped_game_json_sets_up_and_draws_as_the_build_does(tmp_path, game_id):
    """The browser's engine reads assets/games/<game>.json: the same seed must deal the same game and the same
    state must be drawn alike (sorted keys once dealt Ta na Mesa differently and put Diced Veggies' colour key
    in another order)."""
    import json

    from tischlein.site.assets import write_game_json
    content = repository_content()
    payload = game_payload(content.games[game_id], ["en"])
    write_game_json(tmp_path / "game.json", payload)
    shipped = json.loads((tmp_path / "game.json").read_text(encoding="utf-8"))
    built, browser = api.engine_of(payload), api.engine_of(shipped)
    names = ["Ada", "Ben", "Cem"][:max(2, built.min_players)]
    state = built.to_dict(built.new_game(names, 11))
    assert browser.to_dict(browser.new_game(names, 11)) == state
    assert api.draw(shipped, state)["html"] == api.draw(payload, state)["html"]


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_a_whole_bot_game_deals_as_the_engine_and_ends_with_the_engines_winners(game_id):
    payload = game_payload(repository_content().games[game_id], ["en"])
    engine = engine_for(game_id)
    names = ["Ada", "Ben", "Cem"][:max(2, engine.min_players)]
    dealt = api.new_game(payload, names, 4)
    assert dealt["error"] is None and dealt["policies"][-1] == "random"
    assert dealt["state"] == engine.to_dict(engine.new_game(names, 4))
    state, moves = dealt["state"], []
    for step in range(3000):
        bot = api.bot_move(payload, state, 4 * 7919 + step)
        assert bot["error"] is None and bot["policy"] == dealt["policies"][0]
        assert bot == api.bot_move(payload, state, 4 * 7919 + step)               # seeded: the same move
        moves.append(bot["move"])
        state = bot["state"]
        if bot["over"]:
            break
    assert bot["over"]
    # the same moves from the same deal, checked one by one: the engine's own winners
    replayed = engine.new_game(names, 4)
    for move in moves:
        replayed = engine.apply(replayed, move)
    assert api.choices(payload, state)["winners"] == engine.winners(replayed)


def test_a_policy_a_game_adds_is_offered_before_random():
    base = type(engine_for("mahlzeit"))

    class Cautious(base):
        POLICIES = {**base.POLICIES, "last": lambda engine, state, rng: engine.legal_moves(state)[-1]}
    assert api.policies(engine_for("mahlzeit")) == ["greedy", "random"]
    assert api.policies(Cautious(engine_for("mahlzeit").data)) == ["greedy", "last", "random"]


def test_new_game_and_bot_move_answer_bad_input():
    payload = game_payload(repository_content().games["mahlzeit"], ["en"])
    assert api.new_game(payload, "Ada", 1)["error"]["kind"] == "invalid"
    assert api.new_game(payload, ["Ada", "Ada"], 1)["error"]["kind"] == "invalid"         # names must differ
    assert api.new_game(payload, ["Ada", "Ben"], "x")["error"]["kind"] == "invalid"
    assert api.bot_move(payload, {"nonsense": 1}, 1)["error"]["kind"] == "invalid"


# --- one worker call per click and per run of bots (api.view, api.play, table.bots_move; issue 10's speed) -----

def _bot_line(payload: dict, names: list[str], seed: int) -> list[dict]:
    """A bot game played move by move: bot_move with seed * 7919 + position, as the table's bots play."""
    state, line = api.new_game(payload, names, seed)["state"], []
    while True:
        out = api.bot_move(payload, state, seed * 7919 + len(line))
        assert out["error"] is None, out["error"]
        line.append({"move": out["move"], "state": out["state"]})
        state = out["state"]
        if out["over"]:
            return line


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_bots_finishing_a_game_play_the_same_game_as_bot_move_one_move_at_a_time(game_id):
    """"Bots play to the end" asks the table for chunks of moves: the line must be the one bot_move plays move by
    move (a game shared or reloaded is replayed from those moves), whatever the chunk size."""
    payload = game_payload(repository_content().games[game_id], ["en"])
    names = ["Ada", "Ben", "Cem"][:max(2, engine_for(game_id).min_players)]
    expected = _bot_line(payload, names, 4)
    number = table.open_table(payload, names, 4, {"Ada": "greedy", **{n: None for n in names[1:]}})["table"]
    while True:
        out = table.bots_move(payload, number, 23)
        assert out["error"] is None, out["error"]
        assert set(out) == {"played", "over", "actor", "error"}        # no text, no picture: nothing told to all
        if out["over"]:
            break
        assert out["played"] == 23
    line = table._TABLES[number].line
    engine = engine_for(game_id)
    assert [engine.to_dict(s.state) for s in line[1:]] == [e["state"] for e in expected]


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_view_and_play_answer_what_draw_choices_and_check_move_answer(game_id):
    """One call per click: api.view is api.draw and api.choices of the same state and viewer; api.play is
    check_move's verdict with the new state and its view, its text told as the viewer may hear it."""
    payload = game_payload(repository_content().games[game_id], ["en", "de"])
    names = ["Ada", "Ben", "Cem"][:max(2, engine_for(game_id).min_players)]
    line = _bot_line(payload, names, 6)
    for before, after in list(zip(line, line[1:]))[::9]:
        for viewer in [None, *names]:
            seen = api.view(payload, before["state"], "de", viewer)
            assert seen == {"draw": api.draw(payload, before["state"], "de", viewer),
                            "choices": api.choices(payload, before["state"], "de", 200, viewer)}
            played = api.play(payload, before["state"], after["move"], "de", viewer)
            assert played["legal"] and played["error"] is None and played["state"] == after["state"]
            assert played["view"] == api.view(payload, after["state"], "de", viewer)
            assert played["text"] == played["view"]["draw"]["text"]       # told to the viewer, as the picture's
            assert "render" not in played                                 # the open table's text: not to a player
    bad = {**line[0]["move"], "args": {"nonsense": 1}}
    assert api.play(payload, line[0]["state"], bad, "en")["error"] == \
        api.check_move(payload, line[0]["state"], bad, "en")["error"]
    assert api.view(payload, {"nonsense": 1})["draw"]["error"]["key"] == "state"
    assert api.view(payload, line[0]["state"], "en", 7)["choices"]["error"]["kind"] == "invalid"
    assert api.play(payload, line[0]["state"], "take", "en")["error"]["kind"] == "invalid"


def test_a_move_of_several_choices_gets_a_builder_without_a_list_argument():
    """A Cooking Spoon's move chooses a card, a row, how many cards and another row: hundreds of combinations in a
    long game, more than the list shows. The builder offers each choice (numbers in their order), so every legal
    spoon move can be built; a kind with one choice (take a row) is named whole by the list."""
    payload, states = _positions("mahlzeit")
    state = next(st for st in states if Counter(m["move"] for m in api.legal_moves(payload, st))["spoon"] > 3)
    answer = api.choices(payload, state, "en")
    spoon = next(b for b in answer["builders"] if b["move"] == "spoon")
    options = {a["name"]: [o["value"] for o in a["options"]] for a in spoon["args"]}
    assert set(options) == {"card", "from_row", "count", "to_row"} and not any(a["many"] for a in spoon["args"])
    assert options["to_row"] == sorted(options["to_row"]) and len(options["to_row"]) > 1
    spoons = [m for m in api.legal_moves(payload, state) if m["move"] == "spoon"]
    assert all(m["args"][k] in options[k] for m in spoons for k in options)
    assert not any(b["move"] in ("take", "draw") for b in answer["builders"])


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_a_move_is_told_without_the_ids_of_its_arguments(game_id):
    """The table's text of each legal move, in every language, along the examples: no argument value shows as
    the id the engine uses ("draws Salsa (display)" read "from the recipe display" once the deck had words)."""
    payload, states = _positions(game_id)
    for state in states:
        for lang in ("en", "de", "pt"):
            for choice in api.choices(payload, state, lang)["moves"]:
                words = {v for v in choice["move"]["args"].values() if isinstance(v, str)}
                shown = set(re.findall(r"\(([^()]+)\)", choice["text"]))
                assert not words & shown, (lang, choice)
