"""Tá na Mesa's greedy policy: one move ahead, rating points scored and the prospects of the hand and tokens.

The rating of a state for a player: their score as it stands (recipes, sum bonuses, spices, the presentation
of their stove, the vegetarian prize), plus before they have prepared this round the best recipe on the table
their hand covers (its points times the share of its three classes the hand holds), plus once prepared a
little for the sum (the highest sum earns a bonus), plus the spices their tokens show while they still wait
to be scored, plus a little per card in hand (cards pay for symbols and flips). Every move is tried on a copy
but taking the top card of the pile, which the player cannot see: it is worth the flat worth of a card. After
a move that draws bonus cards the hand counts by its size only, so drawn cards are not looked at.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ...engine.policy import one_ply

PROSPECT, SUM, CARD, BLIND_CARD, WIN = 0.7, 0.15, 0.2, 0.35, 1000.0


def prospect(engine: Any, s: Any, p: int) -> float:
    """The best recipe on the table for the hand: points (with its bonus if a bonus card is held) times the
    share of the recipe's classes the hand covers."""
    hand = s.players[p].hand
    have = Counter(engine.cls[c] for c in hand)
    names = {engine.ingredient[c] for c in hand}
    best = 0.0
    for recipe in s.recipes.display:
        r = engine.recipes[recipe]
        needs = Counter(r["needs"])
        share = sum(min(n, have[c]) for c, n in needs.items()) / sum(needs.values())
        bonus = r["bonus"]["points"] if r["bonus"] and r["bonus"]["ingredient"] in names else 0
        best = max(best, share * (r["points"] + bonus))
    return best


def rating(engine: Any, s: Any, p: int, blind_hand: bool) -> float:
    player = s.players[p]
    if engine.is_over(s):
        return WIN if player.name in engine.winners(s) else -WIN
    value = engine.score(s)[p]["total"] + CARD * len(player.hand)
    if player.prepared is None and s.phase in ("collect", "prepare") and not blind_hand:
        value += PROSPECT * prospect(engine, s, p)
    if player.sum is not None and s.phase == "prepare":
        value += SUM * player.sum
    if player.tokens:
        value += engine.spice_score(player.counter, [engine.face(s, t) for t in player.tokens])[0]
    return value


def greedy(engine: Any, s: Any, rng: random.Random):
    p = engine.actor(s)
    blind = s.phase == "season"             # bonus cards drawn when a recipe is placed stay unseen
    now = rating(engine, s, p, blind)

    def estimate(before: Any, move: Any) -> float | None:
        return now + BLIND_CARD if move.name == "take" and move.args.get("from") == "pile" else None

    return one_ply(engine, s, rng, lambda after, q, _: rating(engine, after, q, blind), estimate)
