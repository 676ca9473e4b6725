"""The Schwarzwälder Kirsch rules engine: setup, legality (rule id + untouched state), the first-reveal rule,
jokers, action cards, rounds and the tie round, seeded reshuffles, random playouts, messages and the browser facade.
What every engine must do (determinism, player counts, census, refusals, rule ids and messages) is in
tests/test_engines.py and tests/test_engine_games.py; every worked example is replayed against its golden file by
tests/test_replays.py.
"""
from __future__ import annotations

import random
from functools import partial

import engine_tools
import pytest
from engine_tools import ENGINE_GAMES, compiled, engine_for, example, random_game

from tischlein.engine import IllegalMove, InvalidMove, Move, StartError, api, messages, replay
from tischlein.games.schwarzwaelder_kirsch import engine as sk_module

GAME = "schwarzwaelder-kirsch"
sk = engine_for(GAME)
reject = partial(engine_tools.reject, sk)
play = partial(engine_tools.play, sk)

FULL = {"eier": "eier-1", "zucker": "zucker-1", "mehl": "mehl-1", "kakao": "kakao-1", "kirschen": "kirschen-1",
        "sahne": "sahne-1", "kirschwasser": "kirschwasser-1", "schokoraspeln": "joker-1"}


def setup(anna=None, ben=None, **spec):
    """Anna (to move) and Ben; `anna`/`ben` are their player specs without the name."""
    spec.setdefault("players", [{"name": "Anna", **(anna or {})}, {"name": "Ben", **(ben or {})}])
    return sk.start(spec)


# --- setup ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_new_game_spreads_the_whole_pantry_face_down(players):
    s = sk.new_game(["A", "B", "C", "D"][:players], 7)
    assert sk.census(s) == []
    assert sorted(s.pantry) == sorted(sk.cards) and len(s.pantry) == 44
    assert (s.rounds, s.round, s.turn, s.start, s.phase) == (players, 1, 0, 0, "turn-start")
    assert all(not p.collection and p.action is None for p in s.players)


def test_start_rejects_bad_specs():
    with pytest.raises(StartError, match="neither a zucker card nor a joker"):
        setup(anna={"collection": {"zucker": "eier-1"}})
    with pytest.raises(StartError, match="already in"):
        setup(anna={"collection": {"eier": "eier-1"}}, pantry=["eier-1"])
    with pytest.raises(StartError, match="not an action card"):
        setup(anna={"action": "joker-1"})
    with pytest.raises(StartError, match="unknown field"):
        setup(hand=[])


# --- legality ---------------------------------------------------------------------------------------------

def test_illegal_moves_name_their_rule_and_leave_the_state():
    s = setup(pantry=["eier-2", "joker-1", "stehlen-1"])
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


def test_malformed_arguments_are_invalid_and_a_move_out_of_turn_is_told_so_first():
    """A wrong argument type gets the kernel's key (it used to be reveal.no_such_position / joker.unknown_
    ingredient); whose turn it is is checked before the phase, as before the port."""
    s = setup(pantry=["joker-1", "stehlen-1"])
    for position in ("1", True, 1.5):
        err = reject(s, ("Anna", "reveal", {"position": position}), "schwarzwaelder-kirsch.turn.reveal",
                     "move.bad_arg")
        assert isinstance(err, InvalidMove)
    assert isinstance(reject(s, ("Anna", "reveal", {}), "schwarzwaelder-kirsch.turn.reveal", "move.missing_arg"),
                      InvalidMove)
    s = play(s, ("Anna", "reveal", {"position": 1}))
    assert s.phase == "joker"
    assert isinstance(reject(s, ("Anna", "joker", {"ingredient": 3}), "schwarzwaelder-kirsch.turn.joker",
                             "move.bad_arg"), InvalidMove)
    reject(s, ("Ben", "reveal", {"position": 2}), "schwarzwaelder-kirsch.turn", "turn.not_your_turn")
    reject(s, ("Ben", "joker", {"ingredient": "eier"}), "schwarzwaelder-kirsch.turn", "turn.not_your_turn")
    reject(s, ("Anna", "take", {}), "schwarzwaelder-kirsch.turn.action-card", "take.none_revealed")
    err = reject(s, ("Anna", "play", {}), "schwarzwaelder-kirsch.turn.joker", "joker.pending")
    assert isinstance(err, IllegalMove) and err.params == {"card": "joker-1"}


def test_an_older_action_card_cannot_be_played_after_revealing():
    s = setup(anna={"action": "tauschen-1"}, pantry=["eier-1"])
    s = play(s, ("Anna", "reveal", {"position": 1}))
    reject(s, ("Anna", "play", {"target": "Ben"}), "schwarzwaelder-kirsch.turn", "play.after_reveal")


def test_first_reveal_duplicate_is_free_later_one_loses_everything():
    anna = {"collection": {"eier": "eier-1", "zucker": "zucker-1"}, "action": "garnieren-1"}
    s = setup(anna=anna, pantry=["eier-2", "kakao-1"])
    free = play(s, ("Anna", "reveal", {"position": 1}))
    assert free.players[0].collection == {"eier": "eier-1", "zucker": "zucker-1"}
    assert free.pantry[0] == "eier-2" and free.current.name == "Ben"
    assert [k for k, _ in sk.events(free)] == ["step.reveal", "step.duplicate_safe", "step.next"]
    lost = play(s, ("Anna", "reveal", {"position": 2}), ("Anna", "reveal", {"position": 1}))
    assert lost.players[0].collection == {} and lost.players[0].action == "garnieren-1"
    assert None not in lost.pantry and len(lost.pantry) == 43 and sk.census(lost) == []
    assert lost.current.name == "Ben" and lost.phase == "turn-start"


def test_a_joker_or_action_card_first_does_not_make_a_later_duplicate_safe():
    """FAQ first-reveal: only the first card of the turn is safe, whatever it was."""
    s = setup(anna={"collection": {"eier": "eier-1"}}, pantry=["stehlen-1", "eier-2"])
    s = play(s, ("Anna", "reveal", {"position": 1}), ("Anna", "leave", {}), ("Anna", "reveal", {"position": 2}))
    assert s.players[0].collection == {} and s.current.name == "Ben"


def test_a_joker_for_a_complete_cake_goes_back_face_down():
    s = setup(anna={"collection": FULL}, pantry=["joker-2"])
    s = play(s, ("Anna", "reveal", {"position": 1}))
    assert s.phase == "revealing" and s.pantry[0] == "joker-2"
    assert ("step.joker_no_place" in [k for k, _ in sk.events(s)])


def test_taking_a_second_action_card_swaps_it_into_the_old_place():
    s = setup(anna={"action": "stehlen-1"}, pantry=["kakao-1", "garnieren-2"])
    s = play(s, ("Anna", "reveal", {"position": 2}), ("Anna", "take", {}))
    assert s.players[0].action == "garnieren-2" and s.pantry[1] == "stehlen-1"
    s = play(s, ("Anna", "stop", {}), ("Ben", "reveal", {"position": 1}), ("Ben", "stop", {}))
    assert not s.players[0].fresh
    reject(s, ("Anna", "play", {}), "schwarzwaelder-kirsch.actions.garnieren", "garnieren.incomplete")


def test_stehlen_rules():
    anna = {"collection": {"eier": "eier-1"}, "action": "stehlen-1"}
    s = setup(anna=anna, ben={"collection": {"eier": "eier-2"}})
    reject(s, ("Anna", "play", {"target": "Ben", "ingredient": "eier"}), "schwarzwaelder-kirsch.actions.stehlen",
           "stehlen.nothing")
    s = setup(anna=anna, ben={"collection": {"eier": "eier-2", "mehl": "mehl-2"}})
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


def test_tauschen_needs_another_player_and_keeps_action_cards():
    s = setup(anna={"collection": {"eier": "eier-1"}, "action": "tauschen-1"},
              ben={"collection": {"mehl": "joker-1"}, "action": "stehlen-2"})
    reject(s, ("Anna", "play", {}), "schwarzwaelder-kirsch.actions.tauschen", "move.missing_arg")
    s = play(s, ("Anna", "play", {"target": "Ben"}))
    assert s.players[0].collection == {"mehl": "joker-1"} and s.players[1].collection == {"eier": "eier-1"}
    assert s.players[1].action == "stehlen-2"


# --- rounds and the end ------------------------------------------------------------------------------------

def test_garnish_in_the_last_round_ends_the_game_with_a_unique_leader():
    s = setup(anna={"collection": FULL, "action": "garnieren-1", "wins": 1}, round=2)
    s = play(s, ("Anna", "play", {}))
    assert sk.is_over(s) and sk.winners(s) == ["Anna"] and s.history == [0]
    assert sk.score(s)[0]["total"] == 2
    reject(s, ("Ben", "reveal", {"position": 1}), "schwarzwaelder-kirsch.end", "game.over")
    assert sk.legal_moves(s) == []


def test_rounds_equal_players_and_the_start_player_rotates():
    state = sk.start({"players": [{"name": "A", "collection": FULL, "action": "garnieren-1"},
                                         {"name": "B"}, {"name": "C"}]})
    assert state.rounds == 3
    state = play(state, ("A", "play", {}))
    assert (state.round, state.start, state.turn) == (2, 1, 1)
    assert all(not p.collection and p.action is None for p in state.players) and len(state.pantry) == 44


def test_a_tie_after_the_regular_rounds_adds_a_round():
    s = setup(anna={"collection": FULL, "action": "garnieren-1"}, ben={"wins": 1}, round=2)
    s = play(s, ("Anna", "play", {}))
    assert not sk.is_over(s) and s.round == 3 and s.current.name == "Ben"
    assert sk.winners(s) == ["Anna", "Ben"]


# --- randomness, playouts ----------------------------------------------------------------------------------

def test_prng_reshuffles_are_seeded():
    anna = {"collection": {"eier": "eier-1"}}
    a = play(setup(anna=anna, pantry=["kakao-1", "eier-2"], seed=1),
             ("Anna", "reveal", {"position": 1}), ("Anna", "reveal", {"position": 2}))
    b = play(setup(anna=anna, pantry=["kakao-1", "eier-2"], seed=1),
             ("Anna", "reveal", {"position": 1}), ("Anna", "reveal", {"position": 2}))
    c = play(setup(anna=anna, pantry=["kakao-1", "eier-2"], seed=2),
             ("Anna", "reveal", {"position": 1}), ("Anna", "reveal", {"position": 2}))
    assert a.to_dict() == b.to_dict() and a.pantry != c.pantry


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_random_playouts_end_and_keep_every_card(players, seed):
    """Census and JSON round trip of the state after every move (every 7th with more players); one winner."""
    state, moves = random_game(sk, ["Ada", "Ben", "Cem", "Dana"][:players], seed, round_trip=True,
                               check_every=1 if players == 2 else 7, max_moves=sk.PLAYOUT_MOVES)
    assert sk.census(state) == [] and len(moves) > 10
    wins = [p.wins for p in state.players]
    assert sum(wins) == len(state.history) >= players and wins.count(max(wins)) == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_random_move_draws_as_the_kernels(players):
    """The engine's own random_move (moves of the kinds it does not pick are never made) against the kernel's
    (a kind from moves_by_kind, then a move of it): the same move and the same draws after, in every phase,
    on the states of games played by random and greedy players (the greedy ones reach Stehlen, Tauschen and
    Garnieren more often, where the plays are a kind of their own)."""
    kernel = partial(sk_module.Engine.random_move, sk)
    greedy = sk.POLICIES["greedy"]
    phases, seen, plays = set(), 0, 0
    for seed in range(6):
        state, pick = sk.new_game(["Ada", "Ben", "Cem", "Dana"][:players], seed), random.Random(seed)
        for _ in range(600):
            if sk.is_over(state):
                break
            draws = random.Random(seed * 1000 + seen)
            mine, theirs = random.Random(), random.Random()
            for _ in range(3):                     # from a few states of the policy's generator
                mine.setstate(draws.getstate())
                theirs.setstate(draws.getstate())
                assert sk.random_move(state, mine) == kernel(state, theirs), sk.render(state)
                assert mine.getstate() == theirs.getstate()
                draws.random()
            phases.add(state.phase)
            seen += 1
            plays += bool(sk.moves_by_kind(state).get("play"))
            policy = greedy if seed % 2 else sk.random_move
            state = sk.apply(state, policy(sk, state, pick) if seed % 2 else policy(state, pick))
    assert phases == {"turn-start", "revealing", "joker", "action"} and seen > 1000 and plays > 10
    over = sk.new_game(["Ada", "Ben"], 1)
    over.phase = sk.OVER
    with pytest.raises(RuntimeError, match="no legal move"):
        sk.random_move(over, random.Random(1))


def test_a_state_with_an_unknown_face_up_card_is_refused_not_a_crash():
    d = sk.new_game(["A", "B"], 1).to_dict()
    d["pantry"][0], d["phase"], d["revealed"] = "bogus", "joker", 1
    with pytest.raises(StartError, match="unknown card bogus"):
        sk.from_dict(d)


def test_the_census_names_a_turn_and_a_start_player_that_are_no_players():
    d = sk.new_game(["A", "B"], 1).to_dict()
    d["turn"], d["start"] = 2, -1
    with pytest.raises(StartError, match="^turn 2 is not a player; start player -1 is not a player$"):
        sk.from_dict(d)


def test_every_listed_move_is_legal_and_illegal_moves_are_not_listed():
    rng = random.Random(5)
    state = sk.new_game(["A", "B", "C"], 5)
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


# --- messages ---------------------------------------------------------------------------------------------

def test_messages_show_printed_names(game):
    s = setup(anna={"collection": {"eier": "eier-1"}}, pantry=["eier-2"])
    s = play(s, ("Anna", "reveal", {"position": 1}))
    text = messages.describe_events(sk.events(s), game.engine_messages("de"))
    assert "Anna deckt Platz 1 auf (1. Karte in diesem Zug): Eier." in text


# --- worked examples ---------------------------------------------------------------------------------------

def test_the_first_reveal_cases_exist(game):
    assert {"first-reveal-safe", "later-duplicate-loses", "tie-another-round"} <= {e["id"] for e in game.examples}


def test_a_tampered_expect_differs():
    ex = example(GAME, "first-reveal-safe")
    ex["expect"]["players"]["Anna"]["collection"] = {"eier": "eier-1"}
    result = replay.run(sk, ex)
    assert not result["ok"] and "players.Anna.collection" in result["expect"]["differences"][0]


def test_registered_and_the_browser_facade_works(game):
    assert GAME in ENGINE_GAMES and type(sk) is sk_module.ENGINE
    bundle = compiled(game, "en", "de")
    out = api.run(bundle, example(GAME, "joker-and-action-card"), lang="de")
    assert out["ok"] and len(out["steps"]) == 5
    state = sk.new_game(["A", "B"], 1).to_dict()
    assert api.check_move(bundle, state, {"player": "A", "move": "reveal", "args": {"position": 3}})["legal"]
    bad = api.check_move(bundle, state, {"player": "B", "move": "reveal", "args": {"position": 3}}, lang="de")
    assert bad["error"]["rule"] == "schwarzwaelder-kirsch.turn" and bad["error"]["message"] == "A ist am Zug, nicht B."
    assert len(api.legal_moves(bundle, state)) == 44
