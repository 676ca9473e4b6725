"""Old engine oddities, each shown fixed: a state the rules allow that the engines got wrong before."""
from __future__ import annotations

import copy

import pytest

from engine_tools import engine_for, repository_content
from tischlein import games
from tischlein.engine import Move, StartError


def _example(game_id: str, example_id: str) -> dict:
    return next(e for e in repository_content().games[game_id].examples if e["id"] == example_id)


def test_schwarzwaelder_kirsch_lists_every_place_for_a_stolen_joker():
    """A stolen joker may be laid on any ingredient the thief lacks; legal_moves listed only the first."""
    sk = engine_for("schwarzwaelder-kirsch")
    s = sk.start(_example("schwarzwaelder-kirsch", "stehlen-joker")["start"])
    steals = [m.args for m in sk.legal_moves(s) if m.name == "play" and m.args["ingredient"] == "sahne"]
    lacking = [i for i in sk.cake if i not in s.players[0].collection]
    assert sorted(a["as"] for a in steals) == sorted(lacking) and len(lacking) == 6
    assert {"target": "Ben", "ingredient": "sahne", "as": "kirschen"} in steals      # the example's own move
    for args in steals:
        assert sk.refusal(s, Move("Anna", "play", args)) is None


def test_suppenkasper_start_refuses_a_plate_outside_the_respond_phase():
    sk = engine_for("suppenkasper")
    players = [{"name": n, "hand": []} for n in ("Anna", "Ben", "Cleo")]
    players[0]["hand"] = ["fisch-1"]
    with pytest.raises(StartError, match="plate goes with the respond phase"):
        sk.start({"players": players, "plate": ["fleisch-1"], "phase": "lead"})
    with pytest.raises(StartError, match="plate goes with the respond phase"):
        sk.start({"players": players, "phase": "respond"})
    assert sk.start({"players": players, "plate": ["fleisch-1"], "phase": "respond"}).plate == ["fleisch-1"]


def test_diced_veggies_over_a_limit_with_nothing_left_to_draw():
    """Every card cooked or in a hand, and Ada over the dice limit after cooking: she could neither draw,
    discard nor end her turn. Now step 3 is skipped: she discards down to the limit and ends the turn."""
    dv = engine_for("diced-veggies")
    s = dv.new_game(["Ada", "Ben"], 4)
    s.phase = "cook"
    ada, ben = s.players
    cards = s.recipe_deck + s.display + s.hype_deck
    recipes = [c for c in cards if dv.kind_of[c] == "recipe"]
    hype = [c for c in cards if dv.kind_of[c] == "hype"]
    from tischlein.games.diced_veggies.engine_state import Cooked
    for i, recipe in enumerate(recipes):
        (ada if i % 2 else ben).cooked.append(Cooked(recipe, hype[i] if i < len(hype) else None))
    s.recipe_deck, s.display, s.hype_deck = [], [], []
    ada.dice, s.used = s.used + [d for row in s.block for d in row if d][:9], []
    s.block = [[None if d in ada.dice else d for d in row] for row in s.block]
    assert dv.census(s) == [] and len(ada.dice) == 9 and not dv.can_draw(s)
    legal = dv.legal_moves(s)
    assert {m.name for m in legal} <= {"discard", "cook", "improvise"} and any(m.name == "discard" for m in legal)
    refused = dv.refusal(s, Move("Ada", "end_turn", {}))
    assert refused.rule == "diced-veggies.turn.limits" and refused.key == "end_turn.over_limit"
    s = dv.apply(s, Move("Ada", "discard", {"item": ada.dice[0]}))
    assert s.phase == "limits" and dv.legal_moves(s) == [Move("Ada", "end_turn", {})]
    assert dv.apply(s, Move("Ada", "end_turn", {})).current.name == "Ben"
    with_cards = dv.new_game(["Ada", "Ben"], 4)
    with_cards.phase = "cook"
    assert dv.refusal(with_cards, Move("Ada", "discard", {"item": "x"})).key == "discard.not_now"


def test_ta_na_mesa_spices_score_the_best_split_whatever_the_points():
    """The spice score tried triples first. With the printed points (1, 3, 5) that is best, but the engine must
    not depend on it: with a triple worth only 3, a pair and a single (3 + 1) beat it."""
    tn = engine_for("ta-na-mesa")
    assert tn.spice_score("fogao-a-lenha", ["alho", "cebolinha", "coentro"]) == (5, {"alho", "cebolinha", "coentro"})
    assert tn.spice_score("fogao-a-lenha", ["alho", "alho", "cebolinha", "coentro"])[0] == 6
    assert tn.spice_score("fogao-a-lenha", ["cebolinha", "cebolinha"]) == (0, set())
    data = copy.deepcopy(tn.data)
    for combo in data["counters"]["fogao-a-lenha"]["combos"]:
        if len(combo["spices"]) == 3:
            combo["points"] = 3
    other = games.spec("ta-na-mesa").engine_class(data)
    assert other.spice_score("fogao-a-lenha", ["alho", "cebolinha", "coentro"]) == (4, {"alho", "cebolinha", "coentro"})
    assert other.spice_score("fogao-a-lenha", ["alho", "alho", "cebolinha", "coentro"])[0] == 5


def test_an_argument_the_move_would_ignore_is_refused():
    """Found by the invariant bench (benchmarks/engines.py): a deck draw naming a card drew the deck's top card
    instead, and a red chip going down accepted cards to give; both are refused now, the state untouched."""
    dv = engine_for("diced-veggies")
    s = dv.new_game(["Ada", "Ben"], 4)
    s.phase = "cook"
    named = dv.refusal(s, Move("Ada", "draw", {"source": "recipes", "card": s.display[0]}))
    assert named.rule == "diced-veggies.turn.draw" and named.key == "draw.card_from_deck"
    assert dv.refusal(s, Move("Ada", "draw", {"source": "recipes"})) is None
    sk = engine_for("suppenkasper")
    players = [{"name": n, "hand": [f"fisch-{i}", f"fleisch-{i}"]} for i, n in enumerate(("Anna", "Ben", "Cleo"), 1)]
    t = sk.start({"players": players, "phase": "chips", "turn": "Anna"})
    extra = sk.refusal(t, Move("Anna", "chip", {"action": "down", "cards": ["fisch-1"], "to": ["Ben"]}))
    assert extra.rule == "suppenkasper.round.chips" and extra.key == "chip.cards_only_give"
    assert sk.refusal(t, Move("Anna", "chip", {"action": "down"})) is None
