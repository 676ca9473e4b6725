"""The Suppenkasper rules engine: setup and the 3-player removal, leading, adding, eating through the weight table
with the side-dish multiplier, red and special cards, the round end with menus, red chips, the end at either end
of the track and the winner, random playouts to an end of the track, the phase messages, the required worked
examples and the JSON facade. What every engine must do (determinism, census, refusals, rule ids and messages) is in
tests/test_engines.py and tests/test_engine_games.py; every example's replay and golden playthrough in
tests/test_replays.py.
"""
from __future__ import annotations

import re
from functools import partial

import engine_tools
import pytest
from engine_tools import compiled, engine_for, engine_source, example, random_game

from tischlein.engine import IllegalMove, InvalidMove, api, replay
from tischlein.games.suppenkasper import engine as sk_module

GAME = "suppenkasper"
sk = engine_for(GAME)
reject = partial(engine_tools.reject, sk)
play = partial(engine_tools.play, sk)


def setup(hands, **spec):
    """Four players Anna, Ben, Cleo, Dora with these hands (a list of lists, or a dict by name)."""
    names = ["Anna", "Ben", "Cleo", "Dora"][:len(hands)] if isinstance(hands, list) else list(hands)
    hands = hands if isinstance(hands, list) else list(hands.values())
    players = spec.pop("players", None) or [{"name": n, "hand": h} for n, h in zip(names, hands)]
    return sk.start({"players": players, **spec})


def pos(state, name):
    return state.players[state.player_index(name)].position


# --- setup ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players, sizes", [(3, [18, 18, 18]), (4, [18] * 4), (5, [15, 15, 14, 14, 14]),
                                            (6, [12] * 6)])
def test_new_game_deals_every_card(players, sizes):
    s = sk.new_game([f"P{i}" for i in range(players)], 3)
    assert sk.census(s) == []
    assert len(s.box) == (18 if players == 3 else 0)
    holder = s.leader
    dealt = [len(p.hand) + (1 if i == holder else 0) for i, p in enumerate(s.players)]
    assert dealt == sizes
    assert s.aside == ["tischlein-deck-dich-1"]
    assert (s.phase, s.turn, s.round) == ("chips", holder, 1)
    assert all(p.position == 0 and p.chips == 3 for p in s.players)


def test_three_players_remove_the_seeds_list():
    s = sk.new_game(["A", "B", "C"], 1)
    removed = [sk.type_of[c] for c in s.box]
    counts = {t: removed.count(t) for t in set(removed)}
    assert counts == {"muesli": 1, "fast-food": 2, "fertiggericht": 2, "torte": 1, "fisch": 1, "fleisch": 1,
                      "sahne": 1, "kartoffeln": 1, "knoedel": 1, "nulldiaet": 1, "fdh": 1, "koernerkur": 2,
                      "abfuehrpille": 1, "nein-ess-ich-nicht": 2}
    assert {sk.value_of[c] for c in s.box if sk.type_of[c] in ("torte", "fisch", "fleisch")} == {600, 700, 1000}
    assert not any(c in s.box for p in s.players for c in p.hand)


# --- leading ------------------------------------------------------------------------------------------------------

def test_leading():
    s = setup([["fleisch-2", "knoedel-1", "kartoffeln-1", "sahne-1", "muesli-1", "fast-food-1",
                       "fast-food-2", "fdh-1"], ["fisch-1"], ["fisch-2"], ["fisch-3"]])
    rule = "suppenkasper.trick.lead"
    reject(s, ("Anna", "lead", {"cards": ["fleisch-2", "kartoffeln-1"]}), rule, "lead.wrong_side")
    reject(s, ("Anna", "lead", {"cards": ["fleisch-2", "fast-food-1"]}), rule, "lead.one_dish")
    reject(s, ("Anna", "lead", {"cards": ["fast-food-1", "fast-food-2"]}), rule, "lead.one_dish")
    reject(s, ("Anna", "lead", {"cards": ["fast-food-1", "muesli-1"]}), rule, "lead.alone")
    reject(s, ("Anna", "lead", {"cards": ["knoedel-1"]}), rule, "lead.cannot_lead")
    reject(s, ("Anna", "lead", {"cards": ["muesli-1"]}), rule, "lead.cannot_lead")
    reject(s, ("Anna", "lead", {"cards": ["fdh-1"]}), rule, "lead.cannot_lead")
    reject(s, ("Anna", "lead", {"cards": ["fisch-1"]}), rule, "card.not_in_hand")
    reject(s, ("Ben", "lead", {"cards": ["fisch-1"]}), rule, "turn.not_your_turn")
    reject(s, ("Anna", "eat", {}), "suppenkasper.trick.lead", "phase.lead")
    t = play(s, ("Anna", "lead", {"cards": ["fleisch-2", "knoedel-1"]}))
    assert sorted(t.plate) == ["fleisch-2", "knoedel-1"] and t.turn == 1 and t.phase == "respond"


# --- adding and eating ---------------------------------------------------------------------------------------------

def served(plate, responder_hand, **spec):
    return setup([["fisch-4"], responder_hand, ["fisch-2"], ["fisch-3"]], plate=plate, leader="Anna",
                 turn="Ben", **spec)


@pytest.mark.parametrize("plate, card, ok", [
    (["torte-1"], "sahne-1", True), (["torte-1"], "kartoffeln-1", False), (["torte-1"], "knoedel-1", False),
    (["fisch-1"], "kartoffeln-1", True), (["fleisch-1"], "knoedel-1", True), (["fleisch-1"], "sahne-1", False),
    (["fast-food-1"], "fast-food-2", True), (["fast-food-1"], "fertiggericht-1", False),
    (["fertiggericht-1"], "fertiggericht-2", True), (["fertiggericht-1"], "fast-food-2", False),
    (["torte-1"], "muesli-1", True), (["fast-food-1"], "muesli-1", True), (["fertiggericht-1"], "muesli-1", True),
    (["torte-1"], "torte-2", False), (["fast-food-1"], "fleisch-3", False), (["fisch-1"], "knoedel-1", False),
])
def test_what_may_be_added(plate, card, ok):
    s = served(plate, [card])
    if ok:
        after = play(s, ("Ben", "add", {"cards": [card]}))
        assert card in after.plate and after.turn == 2
    else:
        key = "add.entree" if sk.type_of[card] in sk.entrees else (
            "add.side_no_entree" if sk.type_of[card] in sk.sides else "add.meal_mismatch")
        reject(s, ("Ben", "add", {"cards": [card]}), "suppenkasper.trick.add", key)


@pytest.mark.parametrize("cards, kcal, steps", [
    (["fleisch-2"], 800, 2),                                          # alone: face value
    (["fleisch-2", "knoedel-1"], 800, 2),                             # one side dish changes nothing
    (["fleisch-2", "knoedel-1", "knoedel-2"], 1600, 3),               # x2
    (["fleisch-2", "knoedel-1", "knoedel-2", "knoedel-3", "muesli-3"], 2600, 4),   # the rules' example
    (["fleisch-4", "knoedel-1", "knoedel-2", "knoedel-3", "knoedel-4"], 4800, 6),  # x4, top of the table
    (["fast-food-1", "fast-food-2", "muesli-1"], 600, 2),
    (["muesli-1"], 100, 1), (["torte-2"], 500, 1), (["fisch-1", "kartoffeln-1", "kartoffeln-2"], 600, 2),
])
def test_calories_and_the_weight_table(cards, kcal, steps):
    assert sk.calories(cards) == kcal
    assert sk.steps_for(kcal) == steps


@pytest.mark.parametrize("kcal, steps", [(0, 0), (1, 1), (500, 1), (501, 2), (1000, 2), (1001, 3), (2000, 3),
                                         (3000, 4), (4000, 5), (4001, 6), (99999, 6)])
def test_weight_table_boundaries(kcal, steps):
    assert sk.steps_for(kcal) == steps


def test_eating_moves_up_and_the_eater_leads():
    s = served(["fleisch-2", "knoedel-1", "knoedel-2"], ["fast-food-3"])
    after = play(s, ("Ben", "eat", {}))
    assert pos(after, "Ben") == 3 and after.phase == "lead" and after.turn == 1 and after.plate == []
    assert {"fleisch-2", "knoedel-1", "knoedel-2"} <= set(after.aside)


# --- red cards -----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("card, position", [("fdh-1", 2), ("nulldiaet-1", 0), ("abfuehrpille-1", 1),
                                            ("koernerkur-1", 1)])
def test_red_cards_that_eat(card, position):
    # 1600 + 200 Müsli = 1800 kcal = 3 spaces; FdH 900 -> 2; null 0; -2: 3 - 2 = 1; KUR: Müsli 200 -> 1
    s = served(["fleisch-2", "knoedel-1", "knoedel-2", "muesli-3"], [card, "fast-food-3"])
    after = play(s, ("Ben", "diet", {"card": card}))
    assert pos(after, "Ben") == position and card in after.aside and after.turn == 1 and after.phase == "lead"


def test_minus_two_below_zero_moves_down():
    s = served(["muesli-1"], ["abfuehrpille-1", "fast-food-3"])
    assert pos(play(s, ("Ben", "diet", {"card": "abfuehrpille-1"})), "Ben") == -1


def test_refusing_passes_the_meal_and_stops_it_growing():
    s = served(["fast-food-1"], ["nein-ess-ich-nicht-1"])
    s = setup([["fisch-4"], ["nein-ess-ich-nicht-1"], ["muesli-1", "fast-food-2", "nein-ess-ich-nicht-2",
                                                              "mecker-ziege-1"], ["fisch-3"]],
              plate=["fast-food-1"], leader="Anna", turn="Ben")
    t = play(s, ("Ben", "diet", {"card": "nein-ess-ich-nicht-1"}))
    assert pos(t, "Ben") == -1 and t.refused and t.turn == 2 and t.plate == ["fast-food-1"]
    reject(t, ("Cleo", "add", {"cards": ["muesli-1"]}), "suppenkasper.trick.respond", "add.after_refusal")
    assert {m.name for m in sk.legal_moves(t)} == {"eat", "diet", "special"}
    u = play(t, ("Cleo", "diet", {"card": "nein-ess-ich-nicht-2"}))
    assert u.turn == 3 and pos(u, "Cleo") == -1
    v = play(t, ("Cleo", "special", {"card": "mecker-ziege-1"}))
    assert pos(v, "Cleo") == 1 and not v.refused
    reject(s, ("Ben", "diet", {"card": "fast-food-2"}), "suppenkasper.diet", "card.not_in_hand")


# --- special cards -----------------------------------------------------------------------------------------------------

def test_special_cards():
    s = served(["torte-2", "sahne-1"], ["nasch-katze-1", "fress-sack-1", "suppen-kasper-1", "fisch-1"])
    reject(s, ("Ben", "special", {"card": "fress-sack-1"}), "suppenkasper.special.fress-sack", "special.no_match")
    reject(s, ("Ben", "special", {"card": "fisch-1"}), "suppenkasper.special", "special.not_special")
    cat = play(s, ("Ben", "special", {"card": "nasch-katze-1"}))
    assert pos(cat, "Ben") == 1
    kasper = play(s, ("Ben", "special", {"card": "suppen-kasper-1"}))
    assert pos(kasper, "Ben") == -3 and kasper.turn == 1


# --- round end -----------------------------------------------------------------------------------------------------

def test_menus():
    cards = ["torte-1", "torte-4", "sahne-1", "sahne-2", "sahne-3", "knoedel-1", "fast-food-1", "fast-food-2",
             "muesli-1", "fertiggericht-1"]
    assert sk.menus(cards) == [["torte-4", "sahne-1", "sahne-3"], ["torte-1", "sahne-2"],
                               ["fast-food-1", "fast-food-2"], ["fertiggericht-1"], ["muesli-1"]]


def test_round_end_when_the_leader_cannot_lead():
    hands = {"Anna": ["fisch-4"], "Ben": ["fress-sack-1", "knoedel-1", "suppen-kasper-1", "nein-ess-ich-nicht-1",
                                          "abfuehrpille-1"],
             "Cleo": ["fertiggericht-7", "muesli-2"], "Dora": ["fertiggericht-8", "fdh-1"]}
    s = setup(hands, plate=["fast-food-1"], leader="Anna", turn="Ben", seed=3)
    t = play(s, ("Ben", "eat", {}))
    # Ben: +1 (200 kcal), Fress Sack: Cleo's 700 and Dora's 800 = 1500 -> +3, Suppen-Kasper: -1 -2 -> total +1
    # Cleo: Müsli 100 -> +1. Dora: nothing to eat. Anna: Fisch 900 -> +2.
    assert [pos(t, n) for n in ("Anna", "Ben", "Cleo", "Dora")] == [2, 1, 1, 0]
    assert t.round == 2 and t.phase == "chips" and sum(len(p.hand) for p in t.players) == 71
    keys = [k for k, _ in sk.events(t)]
    assert keys.index("step.round_end") < keys.index("step.collect") < keys.index("step.kasper_held") \
        < keys.index("step.new_round")


def test_a_round_end_reaching_an_end_finishes_the_eating_first():
    hands = {"Anna": ["fleisch-4", "knoedel-1", "knoedel-2"], "Ben": ["sahne-1"], "Cleo": ["fisch-1"],
             "Dora": ["fisch-2"]}
    players = [{"name": n, "hand": h, "position": 22 if n == "Anna" else 0} for n, h in hands.items()]
    s = sk.start({"players": players, "plate": ["muesli-1"], "leader": "Anna", "turn": "Ben"})
    t = play(s, ("Ben", "eat", {}))
    assert t.phase == "over" and pos(t, "Anna") == 25 and pos(t, "Cleo") == 1 and pos(t, "Dora") == 1


# --- red chips -----------------------------------------------------------------------------------------------------

def test_red_chip_actions():
    hands = [["fisch-1", "fdh-1", "muesli-1", "torte-1"], ["fast-food-1", "fast-food-2", "fertiggericht-1"],
             ["fleisch-1"]]
    s = setup(hands, phase="chips", turn="Anna", box=[])
    rule = "suppenkasper.round.chips"
    reject(s, ("Anna", "chip", {"action": "nap"}), rule, "chip.bad_action")
    reject(s, ("Anna", "chip", {"action": "give", "cards": ["fisch-1", "fdh-1"], "to": ["Ben", "Cleo"]}),
           rule, "chip.give_count")
    reject(s, ("Anna", "chip", {"action": "give", "cards": ["fisch-1", "fdh-1", "muesli-1"],
                                "to": ["Ben", "Ben", "Ben"]}), rule, "chip.give_spread")
    reject(s, ("Anna", "chip", {"action": "give", "cards": ["fisch-1", "fdh-1", "muesli-1"],
                                "to": ["Ben", "Anna", "Cleo"]}), rule, "chip.give_target")
    reject(s, ("Anna", "lead", {"cards": ["fisch-1"]}), rule, "phase.chips")
    # With three players the three cards go to both others, one of them twice.
    t = play(s, ("Anna", "chip", {"action": "give", "cards": ["fisch-1", "fdh-1", "muesli-1"],
                                  "to": ["Ben", "Cleo", "Ben"]}))
    assert t.players[0].chips == 2 and t.chips_spent == 1 and len(t.players[1].hand) == 5
    t = play(t, ("Ben", "chip", {"action": "ask"}))
    assert t.phase == "give" and t.pending == {"asker": 1, "giver": 2, "got": 0}     # Cleo holds Anna's FdH
    reject(t, ("Cleo", "give", {"card": "fleisch-1"}), rule, "give.not_red")
    t = play(t, ("Cleo", "give", {"card": "fdh-1"}))
    assert t.phase == "chips" and t.turn == 2, "nobody else holds a red card: asking stops after one"
    assert "fdh-1" in t.players[1].hand
    t = play(t, ("Cleo", "chip", {"action": "down"}))
    assert pos(t, "Cleo") == -3 and t.phase == "lead" and t.turn == 0
    assert sk.census(t) == []


def test_players_without_chips_are_not_asked():
    players = [{"name": "Anna", "hand": ["fisch-1"], "chips": 0}, {"name": "Ben", "hand": ["fisch-2"], "chips": 1},
               {"name": "Cleo", "hand": ["fisch-4"], "chips": 0}, {"name": "Dora", "hand": [], "chips": 0}]
    s = sk.start({"players": players, "phase": "lead", "turn": "Anna"})
    sk._new_round(s)                                 # deal round 2
    assert (s.phase, s.chip_queue, s.turn, s.round) == ("chips", [1], 1, 2)
    assert sk.census(s) == []


# --- the end -------------------------------------------------------------------------------------------------------

def test_reaching_the_thin_end_ends_the_game_at_once():
    players = [{"name": "Anna", "hand": ["fisch-1"], "position": 0}, {"name": "Ben", "hand": ["suppen-kasper-1"],
                                                                       "position": -2},
               {"name": "Cleo", "hand": ["fisch-2"], "position": 4}]
    s = sk.start({"players": players, "plate": ["fast-food-1"], "leader": "Anna", "turn": "Ben"})
    t = play(s, ("Ben", "special", {"card": "suppen-kasper-1"}))
    assert t.phase == "over" and pos(t, "Ben") == -4 and sk.winners(t) == ["Anna"]
    assert sk.legal_moves(t) == []
    reject(t, ("Cleo", "lead", {"cards": ["fisch-2"]}), "suppenkasper.end", "game.over")


def test_winner_nearest_then_most_chips_then_shared():
    def standing(*spots):
        players = [{"name": n, "hand": [], "position": p, "chips": c} for n, (p, c) in zip("ABCD", spots)]
        return sk.start({"players": players})
    assert sk.winners(standing((3, 0), (-2, 0), (25, 3), (5, 3))) == ["B"]
    assert sk.winners(standing((2, 1), (-2, 2), (25, 3), (5, 3))) == ["B"]
    assert sk.winners(standing((2, 2), (-2, 2), (25, 3), (5, 3))) == ["A", "B"]
    assert [x["total"] for x in sk.score(standing((2, 2), (-2, 2), (25, 3), (-4, 3)))] == [-2, -2, -25, -4]


# --- malformed and refused moves, messages, playouts ----------------------------------------------------------------

def test_generic_rejections():
    s = served(["fast-food-1"], ["muesli-1"])
    malformed = [reject(s, ("Zoe", "eat", {}), "suppenkasper.trick", "turn.unknown_player"),
                 reject(s, ("Ben", "juggle", {}), "suppenkasper.trick", "move.unknown"),
                 reject(s, ("Ben", "eat", []), "suppenkasper.trick", "move.bad_args"),
                 reject(s, ("Ben", "add", {"cards": []}), "suppenkasper.trick.add", "move.bad_list"),
                 # malformed argument types now get the kernel's keys (formerly card.not_in_hand)
                 reject(s, ("Ben", "add", {"cards": ["muesli-9"]}), "suppenkasper.trick.add", "card.unknown"),
                 reject(s, ("Ben", "diet", {}), "suppenkasper.diet", "move.missing_arg"),
                 reject(s, ("Ben", "diet", {"card": 5}), "suppenkasper.diet", "card.unknown")]
    assert all(isinstance(err, InvalidMove) for err in malformed)
    assert malformed[1].params["moves"] == ["chip", "no_chip", "give", "lead", "eat", "add", "diet", "special"]
    refused = [reject(s, ("Cleo", "eat", {}), "suppenkasper.trick.respond", "turn.not_your_turn"),
               reject(s, ("Ben", "add", {"cards": ["muesli-1", "muesli-1"]}), "suppenkasper.trick.add", "card.twice"),
               reject(s, ("Ben", "add", {"cards": ["muesli-2"]}), "suppenkasper.trick.add", "card.not_in_hand"),
               reject(s, ("Ben", "no_chip", {}), "suppenkasper.trick.respond", "phase.respond")]
    assert all(isinstance(err, IllegalMove) for err in refused)


def test_the_phase_rules_and_the_special_cards_rules_are_rule_ids_with_messages(game):
    """Beyond the scans of tests/test_engines.py: the phase messages are named as f"phase.{phase}"."""
    assert set(sk_module.SPECIAL_RULES.values()) <= sk.RULE_IDS
    assert set(sk.PHASE_RULES.values()) <= set(re.findall(r'"(suppenkasper(?:\.[a-z-]+)+)"', engine_source(GAME)))
    phases = {f"phase.{p}" for p in sk.PHASE_RULES}
    assert phases <= set(game.messages), phases - set(game.messages)


@pytest.mark.parametrize("players, seed", [(3, 1), (4, 2), (5, 3), (6, 4)])
def test_random_playouts_keep_the_census_and_end_at_an_end_of_the_track(players, seed):
    s, _ = random_game(sk, [f"P{i}" for i in range(players)], seed)
    assert any(p.position in (sk.low, sk.high) for p in s.players)


# --- worked examples (each replays and matches its golden file: tests/test_replays.py) -----------------------------

def test_the_required_examples_exist(game):
    assert {"multiplier", "adding", "refuse-and-half", "after-refusal", "special-cards", "round-end", "red-chips",
            "game-end"} <= {e["id"] for e in game.examples}


def test_the_multiplier_example_fails_if_the_figure_is_wrong(game):
    ex = example(GAME, "multiplier")
    ex["expect"]["players"]["Cleo"]["position"] = 3
    result = replay.run(sk, ex, game.engine_messages("en"))
    assert not result["ok"] and "players.Cleo.position: expected 3, got 4" in result["expect"]["differences"]


# --- JSON facade ----------------------------------------------------------------------------------------------------

def test_api_refuses_a_side_dish_alone_in_german(game):
    """(The facade replays every example: tests/test_engine_games.py.)"""
    bundle = compiled(game, "en", "de")
    state = api.run(bundle, example(GAME, "adding"))["start"]["state"]
    add = {"player": "Ben", "move": "add", "args": {"cards": ["knoedel-1"]}}
    bad = api.check_move(bundle, state, add, lang="de")
    assert (bad["legal"], bad["error"]["rule"]) == (False, "suppenkasper.trick.add")
    assert "Knödel" in bad["error"]["message"]
    assert {"player": "Ben", "move": "eat", "args": {}} in api.legal_moves(bundle, state)
