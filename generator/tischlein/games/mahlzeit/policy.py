"""Mahlzeit's greedy policy: one move ahead, rating points in front of the player and dishes within reach.

The rating of a state for a player: their score as it stands (laid dishes, drinks and specials, minus drinks
and Dirty Pots in hand), plus for each dish still to be had the share of its ingredients in hand times the
value of its next dish card and of the best matching drink in hand (half weight: a dish in hand is not a dish
laid). Taking a row's top card, spoons, laying and discarding are tried on a copy. Drawing from the stack is
blind, worth a flat amount per card; a Dirty Pots swap takes a card the holder cannot see, so it is worth
getting rid of the Dirty Pots card and no more. Drawing the stack's last cards ends the game after the turn:
a player in the lead by the points laid down (or sharing it) wants that, everyone else does not (without it
two players can pass cards between the rows for ever, each waiting for the other to end a game they would lose).
"""
from __future__ import annotations

import random
from typing import Any

from ...engine import Move
from ...engine.policy import one_ply

PROSPECT, BLIND_CARD, WIN = 0.5, 0.4, 1000.0


def prospect(engine: Any, s: Any, p: int) -> float:
    hand = s.players[p].hand
    types = {engine.type_of[c] for c in hand}
    drinks = [c for c in hand if engine.kind_of[c] == "drink"]
    total = 0.0
    for dish_id, dish in engine.dishes.items():
        if not s.columns[dish_id]:
            continue
        share = sum(1 for t in dish["ingredients"] if t in types) / len(dish["ingredients"])
        drink = max((engine.drink_points(c) for c in drinks if engine.type_of[c] in dish["drinks"]), default=0)
        total += share * (s.columns[dish_id][0] + drink)
    return total


def rating(engine: Any, s: Any, p: int) -> float:
    """Score and prospects; a finished game by the score alone (the others' hands, which count at the end,
    are hidden)."""
    total = engine.score(s)[p]["total"]
    return total if engine.is_over(s) else total + PROSPECT * prospect(engine, s, p)


def in_the_lead(engine: Any, s: Any, p: int) -> bool:
    """Does p lead by what everyone can see, the points laid down? The same measure for every player, so at
    least one of them leads and wants the game to end. (p's own total, with the drinks and Dirty Pots in p's
    hand, against the others' laid points made every player trail at times: two greedy players then passed
    cards between the rows for ever, 6 of 300 greedy games within 5,000 moves.)"""
    scores = engine.score(s)
    return scores[p]["laid"] >= max((x["laid"] for i, x in enumerate(scores) if i != p), default=0)


def greedy(engine: Any, s: Any, rng: random.Random):
    p = engine.actor(s)
    now = rating(engine, s, p)
    legal = engine.legal_moves(s)
    # The rating does not look at the rows, so a spoon (which only moves row cards) is never worth more than
    # doing nothing, and the five rows a card may be put down on rate alike: one is tried, on a row at random.
    moves = [m for m in legal if m.name != "spoon" and (m.name != "discard" or m.args["row"] == 1)] or legal
    def estimate(before: Any, move: Any) -> float | None:
        if move.name == "draw" and len(before.stack) <= 2:                # the game ends after this turn
            return WIN if in_the_lead(engine, before, p) else -WIN
        if move.name == "draw":
            return now + BLIND_CARD * min(2, len(before.stack))
        if move.name == "swap":
            return now - engine.actions["dirty-pots"]["points"]        # −10 no longer in hand
        return None

    pick = one_ply(engine, s, rng, lambda after, q, _: rating(engine, after, q), estimate, moves)
    if pick.name == "discard":
        pick = Move(pick.player, "discard", {"card": pick.args["card"], "row": rng.randint(1, engine.open_rows)})
    return pick
