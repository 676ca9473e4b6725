"""The Schwarzwälder Kirsch rules engine: setup, legality (rule id + untouched state), the first-reveal rule,
jokers, action cards, rounds and the tie round, determinism, random playouts with a card census, the worked
examples (replays and golden playthroughs), messages and the browser facade.

Golden files: tests/golden/schwarzwaelder-kirsch/<example id>.txt; rewrite with
`UPDATE_GOLDEN=1 .venv/bin/pytest tests/test_engine_schwarzwaelder_kirsch.py` and review the diff.
"""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from golden_tools import assert_matches_golden
from click.testing import CliRunner

from tischlein.cli import main
from tischlein.engine import GAMES, api, core
from tischlein.engine import schwarzwaelder_kirsch as sk
from tischlein.engine.core import IllegalMove, Move, render_replay, run_replay

GAME = "schwarzwaelder-kirsch"
ENGINE_FILE = Path(sk.__file__).resolve()
CONTENT = Path(__file__).resolve().parents[1] / "content"
EXAMPLES = CONTENT / "games" / GAME / "examples"
GOLDEN = Path(__file__).resolve().parent / "golden" / GAME
IDS = sorted(p.stem for p in EXAMPLES.glob("*.yaml"))
FULL = {"eier": "eier-1", "zucker": "zucker-1", "mehl": "mehl-1", "kakao": "kakao-1", "kirschen": "kirschen-1",
        "sahne": "sahne-1", "kirschwasser": "kirschwasser-1", "schokoraspeln": "joker-1"}


@pytest.fixture(scope="module")
def game(content):
    return content.games[GAME]


@pytest.fixture(scope="module")
def data(game):
    return game.model.engine_data()


@pytest.fixture(scope="module")
def rules(data):
    return sk.Rules(data)


def setup(rules, anna=None, ben=None, **spec):
    """Anna (to move) and Ben; `anna`/`ben` are their player specs without the name."""
    spec.setdefault("players", [{"name": "Anna", **(anna or {})}, {"name": "Ben", **(ben or {})}])
    return sk.start(rules, spec)


def play(state, *moves):
    for move in moves:
        state = sk.apply(state, Move(*move) if isinstance(move, tuple) else move)
    return state


def reject(state, move, rule, key):
    """Assert `move` is rejected with `rule` and `key`, and that the state was not touched."""
    before = json.dumps(state.to_dict(), sort_keys=True)
    with pytest.raises(IllegalMove) as info:
        sk.apply(state, Move(*move))
    assert (info.value.rule, info.value.key) == (rule, key), info.value.params
    assert json.dumps(state.to_dict(), sort_keys=True) == before
    return info.value


# --- setup ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_new_game_spreads_the_whole_pantry_face_down(rules, players):
    s = sk.new_game(rules, ["A", "B", "C", "D"][:players], 7)
    assert sk.census(s) == []
    assert sorted(s.pantry) == sorted(rules.cards) and len(s.pantry) == 36
    assert (s.rounds, s.round, s.turn, s.start, s.phase) == (players, 1, 0, 0, "turn-start")
    assert all(not p.collection and p.action is None for p in s.players)


def test_new_game_is_deterministic_and_rejects_bad_player_lists(rules):
    assert sk.new_game(rules, ["A", "B"], 3).to_dict() == sk.new_game(rules, ["A", "B"], 3).to_dict()
    assert sk.new_game(rules, ["A", "B"], 3).pantry != sk.new_game(rules, ["A", "B"], 4).pantry
    for names in (["A"], ["A", "B", "C", "D", "E"], ["A", "A"]):
        with pytest.raises(ValueError):
            sk.new_game(rules, names, 1)


def test_start_rejects_bad_specs(rules):
    with pytest.raises(core.StartError, match="neither a zucker card nor a joker"):
        setup(rules, anna={"collection": {"zucker": "eier-1"}})
    with pytest.raises(core.StartError, match="already in"):
        setup(rules, anna={"collection": {"eier": "eier-1"}}, pantry=["eier-1"])
    with pytest.raises(core.StartError, match="not an action card"):
        setup(rules, anna={"action": "joker-1"})
    with pytest.raises(core.StartError, match="unknown field"):
        setup(rules, hand=[])


# --- legality ---------------------------------------------------------------------------------------------

def test_illegal_moves_name_their_rule_and_leave_the_state(rules):
    s = setup(rules, pantry=["eier-2", "joker-1", "stehlen-1"])
    reject(s, ("Anna", "cook", {}), "schwarzwaelder-kirsch.turn", "move.unknown")
    reject(s, ("Zoe", "stop", {}), "schwarzwaelder-kirsch.turn", "turn.unknown_player")
    reject(s, ("Ben", "reveal", {"position": 1}), "schwarzwaelder-kirsch.turn", "turn.not_your_turn")
    reject(s, ("Anna", "reveal", {"position": 99}), "schwarzwaelder-kirsch.turn.reveal", "reveal.no_such_position")
    reject(s, ("Anna", "reveal", {}), "schwarzwaelder-kirsch.turn.reveal", "move.missing_arg")
    reject(s, ("Anna", "stop", {}), "schwarzwaelder-kirsch.turn", "stop.nothing_revealed")
    reject(s, ("Anna", "play", {}), "schwarzwaelder-kirsch.actions", "play.no_card")
    reject(s, ("Anna", "joker", {"ingredient": "eier"}), "schwarzwaelder-kirsch.turn.joker", "joker.none_revealed")
    reject(s, ("Anna", "take", {}), "schwarzwaelder-kirsch.turn.action-card", "take.none_revealed")
    s = play(s, ("Anna", "reveal", {"position": 1}), ("Anna", "reveal", {"position": 2}))   # eier, then a joker
    assert s.phase == "joker"
    reject(s, ("Anna", "reveal", {"position": 3}), "schwarzwaelder-kirsch.turn.joker", "joker.pending")
    reject(s, ("Anna", "stop", {}), "schwarzwaelder-kirsch.turn.joker", "joker.pending")
    reject(s, ("Anna", "joker", {"ingredient": "eier"}), "schwarzwaelder-kirsch.turn.joker", "joker.already_have")
    reject(s, ("Anna", "joker", {"ingredient": "butter"}), "schwarzwaelder-kirsch.turn.joker",
           "joker.unknown_ingredient")
    s = play(s, ("Anna", "joker", {"ingredient": "mehl"}))
    reject(s, ("Anna", "reveal", {"position": 1}), "schwarzwaelder-kirsch.turn.reveal", "reveal.gap")
    s = play(s, ("Anna", "reveal", {"position": 3}))
    reject(s, ("Anna", "stop", {}), "schwarzwaelder-kirsch.turn.action-card", "action.pending")
    s = play(s, ("Anna", "take", {}))
    reject(s, ("Anna", "play", {"target": "Ben", "ingredient": "eier"}), "schwarzwaelder-kirsch.turn.action-card",
           "play.fresh")


def test_an_older_action_card_cannot_be_played_after_revealing(rules):
    s = setup(rules, anna={"action": "tauschen-1"}, pantry=["eier-1"])
    s = play(s, ("Anna", "reveal", {"position": 1}))
    reject(s, ("Anna", "play", {"target": "Ben"}), "schwarzwaelder-kirsch.turn", "play.after_reveal")


def test_first_reveal_duplicate_is_free_later_one_loses_everything(rules):
    anna = {"collection": {"eier": "eier-1", "zucker": "zucker-1"}, "action": "garnieren-1"}
    s = setup(rules, anna=anna, pantry=["eier-2", "kakao-1"])
    free = play(s, ("Anna", "reveal", {"position": 1}))
    assert free.players[0].collection == {"eier": "eier-1", "zucker": "zucker-1"}
    assert free.pantry[0] == "eier-2" and free.current.name == "Ben"
    assert [k for k, _ in sk.events(free)] == ["step.reveal", "step.duplicate_safe", "step.next"]
    lost = play(s, ("Anna", "reveal", {"position": 2}), ("Anna", "reveal", {"position": 1}))
    assert lost.players[0].collection == {} and lost.players[0].action == "garnieren-1"
    assert None not in lost.pantry and len(lost.pantry) == 35 and sk.census(lost) == []
    assert lost.current.name == "Ben" and lost.phase == "turn-start"


def test_a_joker_or_action_card_first_does_not_make_a_later_duplicate_safe(rules):
    """FAQ first-reveal: only the first card of the turn is safe, whatever it was."""
    s = setup(rules, anna={"collection": {"eier": "eier-1"}}, pantry=["stehlen-1", "eier-2"])
    s = play(s, ("Anna", "reveal", {"position": 1}), ("Anna", "leave", {}), ("Anna", "reveal", {"position": 2}))
    assert s.players[0].collection == {} and s.current.name == "Ben"


def test_a_joker_for_a_complete_cake_goes_back_face_down(rules):
    s = setup(rules, anna={"collection": FULL}, pantry=["joker-2"])
    s = play(s, ("Anna", "reveal", {"position": 1}))
    assert s.phase == "revealing" and s.pantry[0] == "joker-2"
    assert ("step.joker_no_place" in [k for k, _ in sk.events(s)])


def test_taking_a_second_action_card_swaps_it_into_the_old_place(rules):
    s = setup(rules, anna={"action": "stehlen-1"}, pantry=["kakao-1", "garnieren-2"])
    s = play(s, ("Anna", "reveal", {"position": 2}), ("Anna", "take", {}))
    assert s.players[0].action == "garnieren-2" and s.pantry[1] == "stehlen-1"
    s = play(s, ("Anna", "stop", {}), ("Ben", "reveal", {"position": 1}), ("Ben", "stop", {}))
    assert not s.players[0].fresh
    reject(s, ("Anna", "play", {}), "schwarzwaelder-kirsch.actions.garnieren", "garnieren.incomplete")


def test_stehlen_rules(rules):
    anna = {"collection": {"eier": "eier-1"}, "action": "stehlen-1"}
    s = setup(rules, anna=anna, ben={"collection": {"eier": "eier-2"}})
    reject(s, ("Anna", "play", {"target": "Ben", "ingredient": "eier"}), "schwarzwaelder-kirsch.actions.stehlen",
           "stehlen.nothing")
    s = setup(rules, anna=anna, ben={"collection": {"eier": "eier-2", "mehl": "mehl-2"}})
    reject(s, ("Anna", "play", {"target": "Anna", "ingredient": "mehl"}), "schwarzwaelder-kirsch.actions.stehlen",
           "play.bad_target")
    reject(s, ("Anna", "play", {"target": "Ben", "ingredient": "kakao"}), "schwarzwaelder-kirsch.actions.stehlen",
           "stehlen.not_held")
    reject(s, ("Anna", "play", {"target": "Ben", "ingredient": "eier"}), "schwarzwaelder-kirsch.actions.stehlen",
           "stehlen.already_have")
    reject(s, ("Anna", "play", {"target": "Ben", "ingredient": "mehl", "as": "kakao"}),
           "schwarzwaelder-kirsch.actions.stehlen", "stehlen.as_not_joker")
    after = play(s, ("Anna", "play", {"target": "Ben", "ingredient": "mehl"}))
    assert after.players[0].collection == {"eier": "eier-1", "mehl": "mehl-2"}
    assert after.players[1].collection == {"eier": "eier-2"} and after.players[0].action is None
    assert "stehlen-1" in after.pantry and sk.census(after) == []


def test_tauschen_needs_another_player_and_keeps_action_cards(rules):
    s = setup(rules, anna={"collection": {"eier": "eier-1"}, "action": "tauschen-1"},
              ben={"collection": {"mehl": "joker-1"}, "action": "stehlen-2"})
    reject(s, ("Anna", "play", {}), "schwarzwaelder-kirsch.actions.tauschen", "move.missing_arg")
    s = play(s, ("Anna", "play", {"target": "Ben"}))
    assert s.players[0].collection == {"mehl": "joker-1"} and s.players[1].collection == {"eier": "eier-1"}
    assert s.players[1].action == "stehlen-2"


# --- rounds and the end ------------------------------------------------------------------------------------

def test_garnish_in_the_last_round_ends_the_game_with_a_unique_leader(rules):
    s = setup(rules, anna={"collection": FULL, "action": "garnieren-1", "wins": 1}, round=2)
    s = play(s, ("Anna", "play", {}))
    assert sk.is_over(s) and sk.winners(s) == ["Anna"] and s.history == [0]
    assert sk.score(s)[0]["total"] == 2
    reject(s, ("Ben", "reveal", {"position": 1}), "schwarzwaelder-kirsch.end", "game.over")
    assert sk.legal_moves(s) == []


def test_rounds_equal_players_and_the_start_player_rotates(rules):
    state = sk.start(rules, {"players": [{"name": "A", "collection": FULL, "action": "garnieren-1"},
                                         {"name": "B"}, {"name": "C"}]})
    assert state.rounds == 3
    state = play(state, ("A", "play", {}))
    assert (state.round, state.start, state.turn) == (2, 1, 1)
    assert all(not p.collection and p.action is None for p in state.players) and len(state.pantry) == 36


def test_a_tie_after_the_regular_rounds_adds_a_round(rules):
    s = setup(rules, anna={"collection": FULL, "action": "garnieren-1"}, ben={"wins": 1}, round=2)
    s = play(s, ("Anna", "play", {}))
    assert not sk.is_over(s) and s.round == 3 and s.current.name == "Ben"
    assert sk.winners(s) == ["Anna", "Ben"]


# --- randomness, playouts ----------------------------------------------------------------------------------

def test_prng_reshuffles_are_seeded(rules):
    anna = {"collection": {"eier": "eier-1"}}
    a = play(setup(rules, anna=anna, pantry=["kakao-1", "eier-2"], seed=1),
             ("Anna", "reveal", {"position": 1}), ("Anna", "reveal", {"position": 2}))
    b = play(setup(rules, anna=anna, pantry=["kakao-1", "eier-2"], seed=1),
             ("Anna", "reveal", {"position": 1}), ("Anna", "reveal", {"position": 2}))
    c = play(setup(rules, anna=anna, pantry=["kakao-1", "eier-2"], seed=2),
             ("Anna", "reveal", {"position": 1}), ("Anna", "reveal", {"position": 2}))
    assert a.to_dict() == b.to_dict() and a.pantry != c.pantry


def random_game(rules, players: int, seed: int, check_every: int = 1, max_moves: int = 20000):
    rng = random.Random(seed)
    state = sk.new_game(rules, ["Ada", "Ben", "Cem", "Dana"][:players], seed)
    moves = 0
    while not sk.is_over(state):
        legal = sk.legal_moves(state)
        assert legal, f"seed {seed}: no legal move"
        if moves % check_every == 0:
            assert sk.census(state) == [], sk.census(state)
            d = sk.to_dict(state)
            assert sk.to_dict(sk.from_dict(rules, json.loads(json.dumps(d)))) == d
        kind = rng.choice(sorted({m.name for m in legal}))
        state = sk.apply(state, rng.choice([m for m in legal if m.name == kind]))
        moves += 1
        assert moves < max_moves, f"seed {seed}: the game did not end"
    return state, moves


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_random_playouts_end_and_keep_every_card(rules, players, seed):
    state, moves = random_game(rules, players, seed, check_every=1 if players == 2 else 7)
    assert sk.census(state) == [] and moves > 10
    wins = [p.wins for p in state.players]
    assert sum(wins) == len(state.history) >= players and wins.count(max(wins)) == 1
    again = sk.from_dict(rules, json.loads(json.dumps(sk.to_dict(state))))
    assert sk.score(again) == sk.score(state) and sk.winners(again) == sk.winners(state)


def test_every_listed_move_is_legal_and_illegal_moves_are_not_listed(rules):
    rng = random.Random(5)
    state = sk.new_game(rules, ["A", "B", "C"], 5)
    for _ in range(400):
        legal = sk.legal_moves(state)
        for move in legal:
            sk.apply(state, move)
        for pos in range(1, len(state.pantry) + 1):
            move = Move(state.current.name, "reveal", {"position": pos})
            if move not in legal:
                with pytest.raises(IllegalMove):
                    sk.apply(state, move)
        state = sk.apply(state, rng.choice(legal))
        if sk.is_over(state):
            break


def test_same_seed_and_moves_replay_exactly(rules):
    a, _ = random_game(rules, 2, 11, check_every=50)
    b, _ = random_game(rules, 2, 11, check_every=50)
    assert a.to_dict() == b.to_dict()


# --- content: rule ids and messages ------------------------------------------------------------------------

def used_keys() -> set[str]:
    src = ENGINE_FILE.read_text(encoding="utf-8")
    keys = set(re.findall(r'_fail\(\s*[^,]+,\s*"([a-z0-9_.]+)"', src))
    keys |= set(re.findall(r'_event\(\s*s,\s*"([a-z0-9_.]+)"', src))
    return keys


def test_every_message_key_has_english_and_german_text(game):
    keys = used_keys()
    assert len(keys) > 35
    assert keys == set(game.messages), (sorted(keys - set(game.messages)), sorted(set(game.messages) - keys))
    for key in keys:
        assert game.catalog.status(f"messages:{key}", "de") == "current", key


def test_every_rule_id_exists_in_the_rules(game):
    known = {r.id for r in game.rules}
    literal = set(re.findall(r'"(schwarzwaelder-kirsch(?:\.[a-z-]+)+)"', ENGINE_FILE.read_text(encoding="utf-8")))
    assert literal <= known and set(sk.RULE_IDS) <= known


def test_messages_show_printed_names(game, rules):
    s = setup(rules, anna={"collection": {"eier": "eier-1"}}, pantry=["eier-2"])
    s = play(s, ("Anna", "reveal", {"position": 1}))
    text = core.describe_events(sk.events(s), game.engine_messages("de"))
    assert "Anna deckt Platz 1 auf (1. Karte in diesem Zug): Eier." in text


# --- worked examples ---------------------------------------------------------------------------------------

def example(game, example_id: str) -> dict:
    return next(e for e in game.examples if e["id"] == example_id)


def test_every_example_is_loaded_and_the_first_reveal_case_exists(game):
    assert sorted(e["id"] for e in game.examples) == IDS
    assert {"first-reveal-safe", "later-duplicate-loses", "tie-another-round"} <= set(IDS)


@pytest.mark.parametrize("example_id", IDS)
def test_example_replays_and_matches_its_golden_playthrough(game, data, example_id):
    ex = example(game, example_id)
    result = run_replay(sk, data, ex, game.engine_messages("en"))
    assert result["error"] is None, result["error"]
    assert result["expect"]["differences"] == []
    assert all(item["ok"] for item in result["illegal"]), [i["problem"] for i in result["illegal"]]
    assert result["ok"] and ex["expect"]
    text = render_replay(result, ex, notes=False)
    assert_matches_golden(text, GOLDEN / f"{example_id}.txt")


def test_no_stale_golden_files():
    assert sorted(p.stem for p in GOLDEN.glob("*.txt")) == IDS


def test_a_tampered_expect_differs(game, data):
    ex = json.loads(json.dumps(example(game, "first-reveal-safe")))
    ex["expect"]["players"]["Anna"]["collection"] = {"eier": "eier-1"}
    result = run_replay(sk, data, ex)
    assert not result["ok"] and "players.Anna.collection" in result["expect"]["differences"][0]


def test_replay_command_passes():
    result = CliRunner().invoke(main, ["replay", GAME, "--content", str(CONTENT)])
    assert result.exit_code == 0, result.output
    assert f"{len(IDS)} example(s): all OK" in result.output


def test_registered_and_the_browser_facade_works(game, data):
    assert GAMES[GAME] is sk
    compiled = json.loads(json.dumps({"data": data, "messages": {"en": game.engine_messages("en"),
                                                                 "de": game.engine_messages("de")}}))
    ex = {k: v for k, v in example(game, "joker-and-action-card").items() if k != "_file"}
    out = api.run(compiled, json.loads(json.dumps(ex)), lang="de")
    assert out["ok"] and len(out["steps"]) == 5
    state = sk.new_game(data, ["A", "B"], 1).to_dict()
    assert api.check_move(compiled, state, {"player": "A", "move": "reveal", "args": {"position": 3}})["legal"]
    bad = api.check_move(compiled, state, {"player": "B", "move": "reveal", "args": {"position": 3}}, lang="de")
    assert bad["error"]["rule"] == "schwarzwaelder-kirsch.turn" and bad["error"]["message"] == "A ist am Zug, nicht B."
    assert len(api.legal_moves(compiled, state)) == 36
