"""The Mahlzeit rules engine: setup, legality (with rule ids), scoring, end of game, Dirty Pots, random playouts
whose listed moves agree with the moves accepted, the pinned PRNG and the JSON facade. What every engine must do
(determinism, player counts, census, refusals, rule ids and messages) is in tests/test_engines.py and
tests/test_engine_games.py."""
from __future__ import annotations

import json
import random
from functools import partial

import engine_tools
import pytest
from engine_tools import engine_for, example, pick

from tischlein.engine import Move, MoveError, StartError, api, messages, rng
from tischlein.games.mahlzeit import engine as mahlzeit_module

GAME = "mahlzeit"
m = engine_for(GAME)
reject = partial(engine_tools.reject, m)


ROWS = [["rostzwiebeln-1"], ["beize-2", "bratenfleisch-1"], ["kartoffeln-2"], ["currysauce-4"], ["brezel-2"]]


def setup(**spec):
    """A replay start with defaults: Max (to move) and Silke, the rows above."""
    spec.setdefault("players", [{"name": "Max", "hand": []}, {"name": "Silke", "hand": []}])
    spec.setdefault("rows", ROWS)
    return m.start(spec)


# --- setup ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(30))
def test_new_game_follows_the_setup(seed):
    s = m.new_game(["Max", "Silke", "Koko"], seed)
    assert m.census(s) == []
    assert [len(p.hand) for p in s.players] == [6, 6, 6]
    assert all(len(r) == 1 and m.kind_of.get(r[0]) == "ingredient" for r in s.rows)
    assert not any(m.is_dirty_pots(c) for p in s.players for c in p.hand)
    assert "dirty-pots-1" in s.stack
    assert sorted(s.box) == sorted(c for c in m.cards if m.kind_of.get(c) == "special")
    assert len(s.stack) == 83 - 18 - 5 - 5
    assert (s.phase, s.turn, s.final) == ("before-draw", 0, False)


def test_new_game_with_special_cards_shuffles_them_in():
    s = m.new_game(["Max", "Silke"], 5, specials=True)
    assert s.box == [] and s.variant
    placed = [c for p in s.players for c in p.hand] + s.stack
    assert all(c in placed for c in m.cards if m.kind_of.get(c) == "special")


def test_prng_is_mulberry32_and_pinned():
    state, out = rng.rng_seed(0), []
    for _ in range(3):
        state, value = rng.rng_next(state)
        out.append(value)
    assert out == [1144304738, 1416247, 958946056]   # mulberry32(0), as in the JavaScript reference
    items = list(range(10))
    rng.rng_shuffle(rng.rng_seed(42), items)
    assert items == [1, 3, 9, 5, 2, 8, 4, 0, 7, 6]
    assert all(0 <= rng.rng_below(s, 7)[1] < 7 for s in range(200))


# --- legality: every rejection names a rule id and leaves the state alone ----------------------------------

def test_illegal_moves_name_their_rule():
    s = setup(players=[{"name": "Max", "hand": ["cooking-spoon-1", "kaese-1", "spaetzle-1", "wine-1",
                                                        "beer-1", "dirty-pots-1"]},
                              {"name": "Silke", "hand": ["bratwurst-1"]}])
    reject(s, ("Silke", "draw", {}), "mahlzeit.turn", "turn.not_your_turn")
    reject(s, ("Nobody", "draw", {}), "mahlzeit.turn", "turn.unknown_player")
    reject(s, ("Max", "fly", {}), "mahlzeit.turn", "move.unknown")
    reject(s, ("Max", "take", {"row": 6}), "mahlzeit.turn.take", "row.no_such_row")
    reject(s, ("Max", "take", {"row": True}), "mahlzeit.turn.take", "move.bad_arg")
    reject(s, ("Max", "take", {}), "mahlzeit.turn.take", "move.missing_arg")
    reject(s, ("Max", "end_turn", {}), "mahlzeit.turn.draw", "end_turn.before_draw")
    reject(s, ("Max", "discard", {"card": "kaese-1", "row": 1}), "mahlzeit.turn.discard", "discard.before_draw")
    reject(s, ("Max", "lay", {"dish": "kaesespaetzle", "ingredients": ["kaese-1"]}), "mahlzeit.turn.lay",
           "lay.before_draw")
    reject(s, ("Max", "swap", {}), "mahlzeit.dirty-pots", "dirty_pots.no_decision")
    spoon = {"card": "cooking-spoon-1", "from_row": 2, "count": 1, "to_row": 2}
    reject(s, ("Max", "spoon", spoon), "mahlzeit.spoon", "spoon.same_row")
    reject(s, ("Max", "spoon", dict(spoon, to_row=3, count=2)), "mahlzeit.spoon", "spoon.count")
    reject(s, ("Max", "spoon", dict(spoon, to_row=3, count=0)), "mahlzeit.spoon", "spoon.count")
    reject(s, ("Max", "spoon", dict(spoon, from_row=1, to_row=3)), "mahlzeit.spoon", "spoon.row_too_small")
    reject(s, ("Max", "spoon", dict(spoon, card="kaese-1", to_row=3)), "mahlzeit.spoon", "spoon.not_spoon")
    reject(s, ("Max", "spoon", dict(spoon, card="cooking-spoon-2", to_row=3)), "mahlzeit.spoon",
           "card.not_in_hand")
    reject(s, ("Max", "take", {"row": "1"}), "mahlzeit.turn.take", "move.bad_arg")

    after = m.apply(s, Move("Max", "take", {"row": 1}))     # Max now holds 7 cards
    reject(after, ("Max", "draw", {}), "mahlzeit.turn.draw", "phase.draw_done")
    reject(after, ("Max", "take", {"row": 2}), "mahlzeit.turn.take", "phase.draw_done")
    reject(after, ("Max", "spoon", dict(spoon, to_row=3)), "mahlzeit.spoon", "spoon.after_phase1")
    reject(after, ("Max", "end_turn", {}), "mahlzeit.turn.discard", "end_turn.over_limit")
    reject(after, ("Max", "discard", {"card": "dirty-pots-1", "row": 1}), "mahlzeit.turn.discard",
           "discard.dirty_pots")
    reject(after, ("Max", "discard", {"card": "bratwurst-1", "row": 1}), "mahlzeit.turn.discard",
           "card.not_in_hand")
    lay = {"dish": "kaesespaetzle", "ingredients": ["rostzwiebeln-1", "kaese-1", "spaetzle-1"]}
    reject(after, ("Max", "lay", dict(lay, dish="pizza")), "mahlzeit.dishes", "lay.unknown_dish")
    reject(after, ("Max", "lay", dict(lay, drink="beer-1")), "mahlzeit.turn.drink", "lay.wrong_drink")
    reject(after, ("Max", "lay", dict(lay, drink="kaese-1")), "mahlzeit.turn.lay", "lay.duplicate_card")
    reject(after, ("Max", "lay", dict(lay, ingredients=["rostzwiebeln-1", "kaese-1"])), "mahlzeit.turn.lay",
           "lay.missing_ingredient")
    reject(after, ("Max", "lay", dict(lay, ingredients=["rostzwiebeln-1", "kaese-1", "cooking-spoon-1"])),
           "mahlzeit.spoon", "lay.spoon_not_joker")
    reject(after, ("Max", "lay", dict(lay, ingredients=["rostzwiebeln-1", "kaese-1", "wine-1"])),
           "mahlzeit.turn.lay", "lay.not_ingredient")
    reject(after, ("Max", "lay", dict(lay, ingredients=["rostzwiebeln-1", "kaese-1", "spaetzle-2"])),
           "mahlzeit.turn.lay", "card.not_in_hand")
    reject(after, ("Max", "lay", dict(lay, ingredients=["rostzwiebeln-1", "kaese-1", "nudeln-1"])),
           "mahlzeit.turn.lay", "card.unknown")
    reject(after, ("Max", "lay", dict(lay, ingredients="kaese-1")), "mahlzeit.turn.lay", "move.bad_list")
    # the legal version of the same lay goes through
    laid = m.apply(after, Move("Max", "lay", dict(lay, drink="wine-1")))
    assert [d.to_dict() for d in laid.players[0].dishes] == [{"dish": "kaesespaetzle", "value": 5, "drink": "wine-1", "specials": [],
                                       "apron": False}]
    assert len(laid.players[0].hand) == 3                           # within the limit: nothing to discard
    reject(laid, ("Max", "discard", {"card": "beer-1", "row": 4}), "mahlzeit.turn.discard", "discard.not_needed")


def test_lay_is_not_allowed_after_discarding():
    s = setup(phase="after-draw",
              players=[{"name": "Max", "hand": ["kaese-1", "spaetzle-1", "rostzwiebeln-2", "beer-1", "beer-2",
                                                "beer-3", "beize-1"]},
                       {"name": "Silke", "hand": []}])
    s = m.apply(s, Move("Max", "discard", {"card": "beize-1", "row": 2}))
    assert s.phase == "discard"
    reject(s, ("Max", "lay", {"dish": "kaesespaetzle", "ingredients": ["kaese-1", "spaetzle-1",
                                                                       "rostzwiebeln-2"]}),
           "mahlzeit.turn.lay", "lay.after_discard")


def test_wrong_ingredient_and_sold_out():
    players = [{"name": "Silke", "hand": ["weisswurst-1", "bratwurst-1", "pommes-1", "beer-1", "rote-beeren-1",
                                          "speisestaerke-1", "vanillesosse-1"],
                "dishes": [{"dish": "rote-gruetze"}]},
               {"name": "Max", "hand": [], "dishes": [{"dish": "rote-gruetze"}]}]
    s = setup(players=players, phase="after-draw")
    err = reject(s, ("Silke", "lay", {"dish": "currywurst", "ingredients": ["bratwurst-1", "pommes-1",
                                                                             "weisswurst-1"], "drink": "beer-1"}),
                 "mahlzeit.turn.lay", "lay.wrong_ingredient")
    assert err.params["type"] == "weisswurst" and err.params["dish"] == "currywurst"
    reject(s, ("Silke", "lay", {"dish": "rote-gruetze", "ingredients": ["rote-beeren-1", "speisestaerke-1",
                                                                         "vanillesosse-1"]}),
           "mahlzeit.turn.lay", "lay.sold_out")


def test_special_cards_rules():
    hand = ["bratwurst-1", "pommes-1", "currysauce-1", "beer-1", "cutlery-1", "cutlery-2", "dish-towel-1",
            "apron-1", "cooking-hat-1", "rote-beeren-1", "speisestaerke-1", "vanillesosse-1", "coffee-rum-1"]
    s = setup(variant=True, phase="after-draw", players=[{"name": "Max", "hand": hand},
                                                               {"name": "Silke", "hand": []}])
    curry = {"dish": "currywurst", "ingredients": ["bratwurst-1", "pommes-1", "currysauce-1"]}
    gruetze = {"dish": "rote-gruetze", "ingredients": ["rote-beeren-1", "speisestaerke-1", "vanillesosse-1"]}
    reject(s, ("Max", "lay", dict(curry, specials=["cutlery-1"])), "mahlzeit.special.cutlery",
           "special.needs_drink")
    reject(s, ("Max", "lay", dict(gruetze, drink="coffee-rum-1", specials=["cutlery-1"])),
           "mahlzeit.special.cutlery", "special.wrong_dish")
    reject(s, ("Max", "lay", dict(gruetze, drink="coffee-rum-1", specials=["dish-towel-1"])),
           "mahlzeit.special.towel", "special.wrong_drink")
    reject(s, ("Max", "lay", dict(curry, drink="beer-1", specials=["cooking-hat-1"])), "mahlzeit.special.hat",
           "hat.not_laid")
    reject(s, ("Max", "lay", dict(curry, drink="beer-1", specials=["cutlery-1", "cutlery-2"])),
           "mahlzeit.special", "lay.special_twice")
    reject(s, ("Max", "lay", dict(curry, drink="beer-1", specials=["beer-1"])), "mahlzeit.turn.lay",
           "lay.duplicate_card")
    reject(s, ("Max", "lay", dict(curry, drink="beer-1", specials=["coffee-rum-1"])), "mahlzeit.special",
           "lay.not_special")
    s = m.apply(s, Move("Max", "lay", dict(curry, drink="beer-1",
                                           specials=["cutlery-1", "dish-towel-1", "apron-1"])))
    dish = s.players[0].dishes[0]
    assert dish.to_dict() == {"dish": "currywurst", "value": 2, "drink": "beer-1", "specials": ["cutlery-1", "dish-towel-1"],
                    "apron": True}
    assert "apron-1" in s.box
    sc = m.score(s)[0]
    assert (sc["dishes"], sc["drinks"], sc["specials"]) == (2, 6, 4)     # beer doubled, Cutlery 4
    assert sc["hand_drinks"] == -7 and sc["hat"] == 7                    # the hat cancels the coffee


def test_spoon_moves_a_bundle_and_a_taken_spoon_waits():
    s = setup(rows=[["rostzwiebeln-1"], ["pommes-1", "brezel-1", "beize-1"], ["kartoffeln-2"],
                           ["cooking-spoon-2"], ["brezel-2"]],
              players=[{"name": "Max", "hand": ["cooking-spoon-1"]}, {"name": "Silke", "hand": []}])
    moved = m.apply(s, Move("Max", "spoon", {"card": "cooking-spoon-1", "from_row": 2, "count": 2, "to_row": 1}))
    assert moved.rows[1] == ["pommes-1"]
    assert moved.rows[0] == ["rostzwiebeln-1", "brezel-1", "beize-1", "cooking-spoon-1"]
    assert moved.phase == "before-draw" and moved.players[0].hand == []
    took = m.apply(moved, Move("Max", "take", {"row": 4}))                    # a spoon from a row
    assert took.players[0].spoons_taken == ["cooking-spoon-2"]
    reject(took, ("Max", "spoon", {"card": "cooking-spoon-2", "from_row": 1, "count": 1, "to_row": 2}),
           "mahlzeit.spoon", "spoon.taken_this_turn")
    after = m.apply(m.apply(took, Move("Max", "end_turn", {})), Move("Silke", "draw", {}))
    after = m.apply(m.apply(after, Move("Silke", "end_turn", {})), Move("Max", "spoon", {
        "card": "cooking-spoon-2", "from_row": 1, "count": 3, "to_row": 2}))    # next turn it works
    assert after.rows[0] == ["rostzwiebeln-1"]


# --- end of game ------------------------------------------------------------------------------------------

def test_refill_with_the_last_card_starts_the_final_phase():
    s = setup(stack=["dirty-pots-1"], stack_size=1,
              players=[{"name": "Max", "hand": []}, {"name": "Silke", "hand": []}])
    s = m.apply(s, Move("Max", "take", {"row": 1}))
    assert s.rows[0] == ["dirty-pots-1"] and s.stack == [] and s.final and s.phase == "after-draw"
    s = m.apply(s, Move("Max", "end_turn", {}))
    assert s.phase == "over" and m.legal_moves(s) == []
    reject(s, ("Silke", "take", {"row": 1}), "mahlzeit.end", "game.over")


def test_taking_without_emptying_a_row_does_not_end_the_game():
    s = setup(stack=["beer-1"], stack_size=1)
    s = m.apply(s, Move("Max", "take", {"row": 2}))
    assert not s.final and s.stack == ["beer-1"]
    assert m.apply(s, Move("Max", "end_turn", {})).phase == "before-draw"


def test_drawing_the_last_card_ends_after_the_turn():
    s = setup(stack=["beer-1"], stack_size=1)
    s = m.apply(s, Move("Max", "draw", {}))
    assert s.players[0].hand == ["beer-1"] and s.final
    s = m.apply(s, Move("Max", "end_turn", {}))
    assert s.phase == "over"
    empty = setup(stack_size=0, final=False)
    reject(empty, ("Max", "draw", {}), "mahlzeit.turn.draw", "draw.stack_empty")


def test_the_player_who_took_the_last_card_still_lays_without_a_swap():
    s = setup(stack=["beer-1"], stack_size=1,
              players=[{"name": "Max", "hand": ["kaese-1", "spaetzle-1"]},
                       {"name": "Silke", "hand": ["dirty-pots-1"]}])
    s = m.apply(s, Move("Max", "take", {"row": 1}))
    s = m.apply(s, Move("Max", "lay", {"dish": "kaesespaetzle",
                                       "ingredients": ["rostzwiebeln-1", "kaese-1", "spaetzle-1"]}))
    assert s.phase == "after-draw" and s.pending is None
    assert [k for k, _ in s.events][-1] == "step.no_swap_final"


# --- Dirty Pots -------------------------------------------------------------------------------------------

def koko_lays(koko_hand, seed=3):
    s = setup(seed=seed, phase="after-draw",
              players=[{"name": "Koko", "hand": koko_hand},
                       {"name": "Thorsten", "hand": ["dirty-pots-1", "bratwurst-4"]}])
    return m.apply(s, Move("Koko", "lay", {"dish": "rote-gruetze", "ingredients": [
        "rote-beeren-1", "speisestaerke-1", "vanillesosse-1"]}))


def test_dirty_pots_swap_takes_a_seeded_random_card():
    hand = ["rote-beeren-1", "speisestaerke-1", "vanillesosse-1", "beer-2", "kartoffeln-3", "brezel-3"]
    s = koko_lays(hand)
    assert s.phase == "dirty-pots" and s.pending == {"holder": 1, "layer": 0}
    reject(s, ("Koko", "end_turn", {}), "mahlzeit.dirty-pots", "dirty_pots.pending")
    reject(s, ("Koko", "swap", {}), "mahlzeit.dirty-pots", "turn.not_your_turn")
    got = set()
    for seed in range(40):
        t = m.apply(koko_lays(hand, seed), Move("Thorsten", "swap", {}))
        card = t.players[1].hand[-1]
        assert card in ("beer-2", "kartoffeln-3", "brezel-3")
        assert "dirty-pots-1" in t.players[0].hand and len(t.players[0].hand) == 3
        assert t.phase == "after-draw" and m.census(t) == []
        again = m.apply(koko_lays(hand, seed), Move("Thorsten", "swap", {}))
        assert again.to_dict() == t.to_dict()
        got.add(card)
    assert got == {"beer-2", "kartoffeln-3", "brezel-3"}       # every card can be drawn


def test_dirty_pots_into_an_empty_hand_and_decline():
    s = koko_lays(["rote-beeren-1", "speisestaerke-1", "vanillesosse-1"])
    swapped = m.apply(s, Move("Thorsten", "swap", {}))
    assert swapped.players[0].hand == ["dirty-pots-1"] and swapped.players[1].hand == ["bratwurst-4"]
    assert swapped.rng == s.rng                                      # nothing was drawn
    declined = m.apply(s, Move("Thorsten", "decline", {}))
    assert declined.players[0].hand == [] and "dirty-pots-1" in declined.players[1].hand
    assert declined.phase == "after-draw"


def test_no_swap_offered_to_the_holder_himself():
    s = setup(phase="after-draw", players=[
        {"name": "Max", "hand": ["dirty-pots-1", "kaese-1", "spaetzle-1", "rostzwiebeln-2"]},
        {"name": "Silke", "hand": []}])
    s = m.apply(s, Move("Max", "lay", {"dish": "kaesespaetzle",
                                       "ingredients": ["kaese-1", "spaetzle-1", "rostzwiebeln-2"]}))
    assert s.phase == "after-draw" and s.pending is None


# --- scoring ----------------------------------------------------------------------------------------------

def test_rulebook_example_scoring_34_minus_13():
    s = setup(phase="over", stack_size=0, players=[
        {"name": "Silke", "hand": ["beize-1", "bratwurst-1", "beer-2", "brezel-1", "dirty-pots-1"],
         "dishes": [{"dish": "rote-gruetze", "value": 8, "drink": "coffee-rum-1"},
                    {"dish": "kaesespaetzle", "drink": "wine-1"},
                    {"dish": "sauerbraten", "value": 3, "drink": "beer-1"},
                    {"dish": "brotzeit"}]},
        {"name": "Max", "hand": []}])
    silke = m.score(s)[0]
    assert silke["laid"] == 3 + 3 + 7 + 5 + 3 + 5 + 8 == 34
    assert silke["hand"] == -13 and silke["total"] == 21
    assert (silke["dishes"], silke["drinks"], silke["hand_drinks"], silke["dirty_pots"]) == (19, 15, -3, -10)


def test_tie_break_by_drink_points_then_shared():
    def ended(*dishes):
        return setup(phase="over", stack_size=0, players=[
            {"name": name, "hand": [], "dishes": list(d)} for name, d in zip("ABC", dishes)])
    a = [{"dish": "kaesespaetzle", "drink": "wine-1"}]                                   # 5 + 5 = 10, drinks 5
    b = [{"dish": "kloesse", "drink": "wine-2"}, {"dish": "sauerbraten"}, {"dish": "sauerbraten"}]  # 1+5+2+2
    c = [{"dish": "currywurst", "drink": "beer-1"}, {"dish": "kloesse"}, {"dish": "brotzeit"},
         {"dish": "kloesse"}]                                                            # 2+3+1+3+1, drinks 3
    s = ended(a, b, c)
    assert [(r["player"], r["total"], r["drinks"], r["rank"]) for r in m.ranking(s)] == [
        ("A", 10, 5, 1), ("B", 10, 5, 1), ("C", 10, 3, 3)]
    assert m.winners(s) == ["A", "B"]                   # tied on drinks too: shared
    s = ended(c, a, [])
    assert m.winners(s) == ["B"]                        # tied on points, B has more from drinks


def test_cooking_hat_cancels_only_the_highest_drink():
    s = setup(variant=True, phase="over", stack_size=0, players=[
        {"name": "Max", "hand": ["cooking-hat-1", "beer-1", "wine-1", "coffee-rum-1"]},
        {"name": "Silke", "hand": ["beer-2", "wine-2"]}])
    max_, silke = m.score(s)
    assert (max_["hand_drinks"], max_["hat"], max_["total"]) == (-15, 7, -8)
    assert (silke["hat"], silke["total"]) == (0, -8)


# --- state: copy, JSON round trip, random playouts ----------------------------------------------------------

def playout(seed: int, check_every: int = 0) -> tuple[m.State, int]:
    rng = random.Random(seed)
    names = ["Max", "Silke", "Koko", "Thorsten", "Lea"][:2 + seed % 4]
    s = m.new_game(names, seed, specials=bool(seed % 2))
    steps = 0
    while s.phase != "over":
        moves = m.legal_moves(s)
        assert moves, f"no legal move in phase {s.phase}"
        if check_every and steps % check_every == 0:
            check_legal_moves_agree(s, moves)
        before = s.to_dict()
        s2 = m.apply(s, pick(rng, moves))
        assert s.to_dict() == before, "apply changed its input"
        assert m.census(s2) == [], m.census(s2)
        s, steps = s2, steps + 1
        assert steps < 3000, "the game does not end"
    return s, steps


def check_legal_moves_agree(s: m.State, moves: list[Move]) -> None:
    """Every listed move is accepted; simple candidate moves are accepted exactly when they are listed."""
    listed = {json.dumps(mv.to_dict(), sort_keys=True) for mv in moves}
    for mv in moves:
        m.apply(s, mv)
    actor = s.players[m.actor(s)].name
    candidates = [Move(actor, "draw", {}), Move(actor, "end_turn", {}), Move(actor, "swap", {}),
                  Move(actor, "decline", {})]
    candidates += [Move(actor, "take", {"row": r}) for r in range(1, 6)]
    candidates += [Move(actor, "discard", {"card": c, "row": r}) for c in s.players[m.actor(s)].hand
                   for r in (1, 5)]
    for mv in candidates:
        try:
            m.apply(s, mv)
            accepted = True
        except MoveError:
            accepted = False
        assert accepted == (json.dumps(mv.to_dict(), sort_keys=True) in listed), (mv, s.phase)


def test_random_playouts_finish_and_keep_every_card():
    lengths = []
    for seed in range(200):
        end, steps = playout(seed, check_every=25 if seed < 20 else 0)
        lengths.append(steps)
        scores = m.score(end)
        assert len(scores) == len(end.players)
        assert m.winners(end)
    assert min(lengths) > 10


def test_the_variant_with_special_cards_replays_exactly_from_its_seed():
    """(The base game, for every number of players: tests/test_engine_games.py.)"""
    a, _ = playout(7)                                   # 5 players, special cards shuffled in
    b, _ = playout(7)
    assert a.variant and a.to_dict() == b.to_dict()


def test_state_round_trips_through_json():
    s = m.new_game(["Max", "Silke"], 3)
    s = m.apply(s, Move("Max", "draw", {}))
    back = m.from_dict(json.loads(json.dumps(s.to_dict())))
    assert back.to_dict() == s.to_dict()
    assert m.render(back) == m.render(s)
    broken = s.to_dict()
    broken["players"][0]["hand"].append(broken["stack"][0])         # a card in two places
    with pytest.raises(StartError):
        m.from_dict(broken)


def test_start_rejects_bad_specs():
    with pytest.raises(StartError, match="already in"):
        setup(players=[{"name": "Max", "hand": ["beer-1"]}, {"name": "Silke", "hand": ["beer-1"]}])
    with pytest.raises(StartError, match="unknown card"):
        setup(players=[{"name": "Max", "hand": ["bier-1"]}, {"name": "Silke", "hand": []}])
    with pytest.raises(StartError, match="5 rows"):
        setup(rows=ROWS[:4])
    with pytest.raises(StartError, match="unknown field"):
        setup(seeed=3)
    with pytest.raises(StartError, match="worth 9"):
        setup(players=[{"name": "Max", "hand": [], "dishes": [{"dish": "kloesse", "value": 9}]},
                              {"name": "Silke", "hand": []}])


# --- messages, rule ids ------------------------------------------------------------------------------------

def test_special_cards_name_rules_that_exist(game):
    assert set(mahlzeit_module.SPECIAL_RULES.values()) <= {r.id for r in game.rules}


def test_messages_format_with_their_parameters(game):
    with pytest.raises(MoveError) as info:
        m.apply(setup(), Move("Max", "take", {"row": 9}))
    assert messages.describe_error(info.value, game.messages) == "There is no row 9: the rows are numbered 1 to 5."
    assert messages.format_message({"k": "{a} and {b}"}, "k", {"a": 1}) == "1 and {b}"
    assert messages.format_message({}, "missing.key", {"a": 1}) == "missing.key a=1"


# --- the browser facade ----------------------------------------------------------------------------------

def catalog_bundle(game) -> dict:
    """A bundle of the catalog's messages alone, without the printed names: messages show card ids."""
    de = {k: game.t(f"messages:{k}", "de") for k in game.messages}
    return json.loads(json.dumps({"data": game.model.engine_data(), "messages": {"en": game.messages, "de": de}}))


def test_api_run_replays_and_stops_at_the_first_illegal_move(game):
    g = catalog_bundle(game)
    silke = example(GAME, "silke-currywurst")
    out = api.run(g, silke)
    assert out["ok"] and out["error"] is None and len(out["steps"]) == 3
    assert out["steps"][1]["state"]["players"][0]["dishes"][0]["value"] == 2
    json.dumps(out)                                                  # JSON-able all the way
    moves = [{"player": "Silke", "move": "draw"},
             {"player": "Silke", "move": "lay", "args": {"dish": "currywurst",
                                                         "ingredients": ["bratwurst-1", "pommes-1", "weisswurst-1"]}}]
    bad = api.run(g, silke, moves, lang="de")
    assert not bad["ok"] and len(bad["steps"]) == 2 and not bad["steps"][1]["legal"]
    assert bad["error"]["index"] == 1 and bad["error"]["rule"] == "mahlzeit.turn.lay"
    assert bad["error"]["key"] == "card.not_in_hand"            # she holds Currysauce, not Weißwurst
    assert bad["error"]["message"] == "Silke hat weisswurst-1 nicht auf der Hand."


def test_api_check_move(game):
    g = catalog_bundle(game)
    state = m.new_game(["Max", "Silke"], 2).to_dict()
    ok = api.check_move(g, state, {"player": "Max", "move": "draw"})
    assert ok["legal"] and ok["state"]["phase"] == "after-draw" and ok["text"].startswith("Max draws")
    no = api.check_move(g, state, {"player": "Silke", "move": "draw"}, lang="de")
    assert not no["legal"] and no["error"]["rule"] == "mahlzeit.turn"
    assert no["error"]["message"] == "Max ist am Zug, nicht Silke."
    fallback = api.check_move(g, state, {"player": "Silke", "move": "draw"}, lang="pt")
    assert fallback["error"]["message"] == "It is Max's move, not Silke's."
    assert api.check_move(g, {"players": []}, {"player": "Max", "move": "draw"})["legal"] is False
    assert {"player": "Max", "move": "draw", "args": {}} in api.legal_moves(g, state)


# --- the rulebook's worked examples ---------------------------------------------------------------------------

# The rulebook's worked examples that must each have a replay, by example id (tests/test_replays.py replays them).
REQUIRED = {"max-takes-onions", "silke-currywurst", "max-discards-two", "thorsten-dirty-pots",
            "thorsten-dirty-pots-empty-hand", "spoon-picture-d", "example-scoring"}


def test_the_rulebook_examples_exist(game):
    assert REQUIRED <= {e["id"] for e in game.examples}


def test_silke_erratum_is_recorded(game):
    for example_id in ("silke-currywurst", "silke-currywurst-as-printed"):
        erratum = next(e for e in game.examples if e["id"] == example_id)["erratum"]
        assert "Weißwurst" in erratum["says"] and "Currysauce" in erratum["uses"]
