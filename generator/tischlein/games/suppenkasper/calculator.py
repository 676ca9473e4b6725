"""Suppenkasper's scoring calculator: its description (form, breakdown) and the data calculator.js scores with.
See tischlein.site.calculator for the description format."""
from __future__ import annotations

from typing import Any

from ...site.calculator import Labels, signed

# The rules the calculator page links to.
RULES = ["suppenkasper.end"]


def score_data(data: dict) -> dict:
    """The weight track: position -> weight class; the red chips per player (suppenkasper.js)."""
    spaces = data["track"]["spaces"]
    return {"track": {str(sp["position"]): sp["class"] for sp in spaces},
            "low": spaces[0]["position"], "high": spaces[-1]["position"], "chips": data["chips_per_player"]}


def describe(game: Any, labels: Labels, data: dict) -> dict:
    m = game.model
    def cls(c: str) -> str:
        rec = m.classes.get(c)
        return labels.record(rec) if rec else c
    positions = sorted((int(k) for k in data["track"]), reverse=True)
    return {
        "form": {"player": [
            {"type": "select", "id": "position", "label": labels.ui("suppenkasper.position"), "number": True,
             "default": 0, "options": [{"value": p, "label": f"{signed(p) if p else '0'} · {cls(data['track'][str(p)])}"}
                                       for p in positions]},
            {"type": "number", "id": "chips", "min": 0, "max": data["chips"], "default": data["chips"],
             "label": labels.ui("suppenkasper.chips")},
        ]},
        "breakdown": [{"key": "distance", "label": labels.ui("suppenkasper.distance")},
                      {"key": "class", "label": labels.ui("suppenkasper.class")},
                      {"key": "chips", "label": labels.ui("suppenkasper.chips")}],
        "names": {"class": {c: cls(c) for c in sorted(set(data["track"].values()))}},
        "tiebreak": [{"key": "chips", "label": labels.ui("suppenkasper.chips")}],
        "text": {"winner": labels.ui("suppenkasper.winner"), "winners": labels.ui("suppenkasper.winners"),
                 "tie_shared": labels.ui("suppenkasper.tie_shared")},
        "hide_total": True,
    }


def to_input(data: dict, state: dict) -> dict:
    return {"players": [{"player": p["name"], "position": p["position"], "chips": p["chips"]}
                        for p in state["players"]]}
