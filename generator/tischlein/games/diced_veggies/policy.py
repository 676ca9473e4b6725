"""Diced Veggies' greedy policy: one move ahead, rating points banked and the dice that fit the recipes in hand.

The rating of a state for a player: their score (cooked recipes and paired hype cards), plus for each recipe in
hand its points times the share of its ingredients the dice in hand already cover (half weight: a recipe not
yet cooked may never be), plus a little for each hype card in hand. Cuts, cooking, the chef token, taking a
face-up recipe and discards are tried on a copy of the state. What the player cannot see is estimated, never
looked at: the top card of a deck (the average rating of the recipes not in sight; a hype card's flat worth)
and a restock's roll (worth it when a vegetable the recipes in hand need is missing from the block).
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ...engine.policy import one_ply

PROGRESS, HYPE_IN_HAND = 0.5, 1.0


def _progress(needs: dict[str, int], have: Counter) -> float:
    want = sum(needs.values())
    return sum(min(n, have[v]) for v, n in needs.items()) / want


def rating(engine: Any, s: Any, p: int) -> float:
    """Score and prospects (a finished game by the score: the others' cooked recipes lie face down)."""
    player = s.players[p]
    score = engine.score_of(player)["total"]
    if engine.is_over(s):
        return score
    have = Counter(engine.veggie(s, d) for d in player.dice)
    recipes = sum(engine.recipes[engine.type_of[r]]["points"] * _progress(engine.recipes[engine.type_of[r]]["needs"],
                                                                          have) for r in player.recipes)
    return score + PROGRESS * recipes + HYPE_IN_HAND * len(player.hype)


def unseen_recipe(engine: Any, s: Any, p: int) -> float:
    """The rating a recipe drawn blind from the deck adds on average: over the recipe cards the player cannot
    see (not in the display, the discard pile, their hand or anyone's cooked recipes)."""
    seen = set(s.display) | set(s.recipe_discard) | set(s.players[p].recipes)
    seen |= {e.recipe for q in s.players for e in q.cooked}
    hidden = [c for c in engine.cards if engine.kind_of[c] == "recipe" and c not in seen]
    if not hidden:
        return 0.0
    have = Counter(engine.veggie(s, d) for d in s.players[p].dice)
    return sum(PROGRESS * engine.recipes[engine.type_of[c]]["points"] *
               _progress(engine.recipes[engine.type_of[c]]["needs"], have) for c in hidden) / len(hidden)


def greedy(engine: Any, s: Any, rng: random.Random):
    p = engine.actor(s)
    now = rating(engine, s, p)

    def estimate(before: Any, move: Any) -> float | None:
        if move.name == "draw" and move.args.get("source") == "hype":
            return now + HYPE_IN_HAND
        if move.name == "draw" and move.args.get("source") == "recipes":
            return now + unseen_recipe(engine, before, p)
        if move.name == "restock":
            needed = {v for r in before.players[p].recipes for v in engine.recipes[engine.type_of[r]]["needs"]}
            return now + (1.0 if needed & set(engine.missing_veggies(before)) or not before.block_dice() else -1.0)
        return None

    # A die's number matters only for a hype card's condition: without one in hand, changing it is no use.
    moves = [m for m in engine.legal_moves(s) if not (m.name == "improvise" and "face" in m.args
                                                       and not s.players[p].hype)]
    return one_ply(engine, s, rng, lambda after, q, _: rating(engine, after, q), estimate, moves)
