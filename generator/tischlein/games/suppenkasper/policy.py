"""Suppenkasper's greedy policy: one move ahead, aiming at the Traumfigur with what the player can see.

The rating of a state for a player is how far from the Traumfigur their figure would stand once the food
still in their hand is eaten as menus at the round end (everyone eats what is left), so serving and adding
food counts as well as eating little; a red card in hand is worth a little (it lets a meal pass later), a red
chip a little less (it breaks ties). A game that the move ends is rated by who wins: the figures and chips
are on the table for everyone to see.

Only the player's own hand, the figures and the chips are looked at, never another hand. A move that ends the
round makes everyone eat their hands, which the player cannot see (another player's Fress Sack may even take
food from theirs): such a move is rated by the player's own eating alone, the meal just eaten and the menus
of what is left in their own hand, as if nobody else's hand mattered; the new deal is never looked at.
"""
from __future__ import annotations

import random
from typing import Any

from ...engine.policy import one_ply

RED_CARD, CHIP, WIN = 0.25, 0.2, 100.0
OWN_STEPS = ("step.eat", "step.eat_with", "step.refuse", "step.chip_down")       # events that move the player who made them


def projected(engine: Any, position: int, hand: list[str]) -> int:
    """Where a figure at `position` would stand after eating the food of `hand` as the round end's menus (and,
    holding the Suppen-Kasper, going down for the −1 and −2 cards held)."""
    food = [c for c in hand if engine.kind_of[c] in ("entree", "side", "meal")]
    steps = sum(engine.steps_for(engine.calories(menu)) for menu in engine.menus(food))
    if any(engine.effect_of[c] == "eat_down" for c in hand):
        steps -= sum(engine.record_of[c]["steps"] for c in hand if engine.effect_of[c] in ("refuse", "minus_steps"))
    return max(engine.low, min(engine.high, position + steps))


def rating(engine: Any, before: Any, after: Any, p: int, played: list[str]) -> float:
    player = after.players[p]
    keys = [key for key, _ in after.events]
    if "step.round_end" in keys:              # everyone ate their hands: rate the player's own eating alone
        mine = before.players[p]
        moved = sum(params.get("steps", 0) for key, params in after.events[:keys.index("step.round_end")]
                    if key in OWN_STEPS and params.get("player") == mine.name)
        left = [c for c in mine.hand if c not in played]
        return -abs(projected(engine, mine.position + moved, left)) + CHIP * player.chips
    if engine.is_over(after):
        winners = engine.winners(after)
        return WIN / len(winners) if player.name in winners else -WIN
    reds = sum(1 for c in player.hand if engine.kind_of[c] == "diet")
    return -abs(projected(engine, player.position, player.hand)) + RED_CARD * reds + CHIP * player.chips


def played_cards(move: Any) -> list[str]:
    args = move.args
    return list(args.get("cards") or []) + ([args["card"]] if args.get("card") else [])


def greedy(engine: Any, s: Any, rng: random.Random):
    return one_ply(engine, s, rng, lambda after, p, move: rating(engine, s, after, p, played_cards(move)))
