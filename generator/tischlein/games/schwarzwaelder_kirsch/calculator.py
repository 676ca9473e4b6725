"""Schwarzwälder Kirsch's scoring calculator: its description (form, breakdown) and the data calculator.js scores with.
See tischlein.site.calculator for the description format."""
from __future__ import annotations

from typing import Any

from ...site.calculator import Labels

# The rules the calculator page links to.
RULES = ["schwarzwaelder-kirsch.end", "schwarzwaelder-kirsch.end.tie"]
# Parts of the engine's score() the calculator does not compute: the cards collected and the action card held
# in the round being played are the state of a round, not points (checked by the agreement test).
NOT_SCORED = {"collected", "action"}


def score_data(data: dict) -> dict:
    return {"rounds": dict(data.get("rounds", {}))}


def describe(game: Any, labels: Labels, data: dict) -> dict:
    return {
        "form": {"player": [{"type": "number", "id": "rounds_won", "min": 0, "max": 20,
                             "label": labels.ui("schwarzwaelder_kirsch.rounds_won")}]},
        "breakdown": [],
        "tiebreak": [],
        "text": {"winner": labels.ui("schwarzwaelder_kirsch.winner"),
                 "winners": labels.ui("schwarzwaelder_kirsch.playoff"), "total": labels.ui("schwarzwaelder_kirsch.total")},
    }


def to_input(data: dict, state: dict) -> dict:
    return {"players": [{"player": p["name"], "rounds_won": p["wins"]} for p in state["players"]]}
