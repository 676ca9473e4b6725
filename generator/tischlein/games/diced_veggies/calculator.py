"""Diced Veggies's scoring calculator: its description (form, breakdown) and the data calculator.js scores with.
See tischlein.site.calculator for the description format."""
from __future__ import annotations

from typing import Any

from ...site.calculator import Labels, signed

# The rules the calculator page links to.
RULES = ["diced-veggies.scoring", "diced-veggies.solo"]


def score_data(data: dict) -> dict:
    """Recipe points and dice per recipe, the hype cards' scoring, the solo table (diced-veggies.js)."""
    return {
        "recipes": {k: {"points": v["points"], "dice": sum(v["needs"].values())} for k, v in data["recipes"].items()},
        "hype": {k: dict(v["score"]) for k, v in data["hype"].items()},
        "solo": [dict(row) for row in data.get("solo", [])],
    }


def _hype_effect(score: dict, labels: Labels) -> str:
    parts = []
    if score.get("points"):
        parts.append(signed(score["points"]))
    if score.get("multiply_recipe", 1) != 1:
        parts.append(f"×{score['multiply_recipe']}")
    if score.get("per_recipe_die"):
        parts.append(labels.ui("diced_veggies.per_die").replace("{n}", signed(score["per_recipe_die"])))
    if score.get("per_cooked_recipe"):
        parts.append(labels.ui("diced_veggies.per_recipe").replace("{n}", signed(score["per_cooked_recipe"])))
    return ", ".join(parts)


def describe(game: Any, labels: Labels, data: dict) -> dict:
    m = game.model
    recipes = sorted(m.recipes.values(), key=lambda r: (r.points, labels.record(r).casefold()))
    return {
        "form": {"player": [
            {"type": "rows", "id": "cooked", "label": labels.ui("diced_veggies.cooked"),
             "add": labels.ui("diced_veggies.add_recipe"), "fields": [
                 {"type": "select", "id": "recipe", "label": labels.ui("diced_veggies.recipe"),
                  "options": [{"value": r.id, "label": f"{labels.record(r)} · {r.points}"} for r in recipes]},
                 {"type": "select", "id": "hype", "label": labels.ui("diced_veggies.hype"), "empty": True,
                  "options": [{"value": h.id, "label": f"{labels.record(h)} ({_hype_effect(data['hype'][h.id], labels)})"}
                              for h in m.hype.values()]},
             ]},
        ]},
        "breakdown": [{"key": k, "label": labels.ui(f"part.{k}")} for k in ("cooked", "recipes", "hype")],
        "tiebreak": [],
        # each recipe card and hype card cooked or paired by the players together: no more than the game has
        "limits": [{"label": labels.record(r), "count": r.count, "from": [{"rows": "cooked", "where": {"recipe": r.id}}]}
                   for r in recipes]
        + [{"label": labels.record(h), "count": h.count, "from": [{"rows": "cooked", "where": {"hype": h.id}}]}
           for h in m.hype.values()],
        "solo": [{"min": r.min, "max": r.max,
                  "text": game.catalog.text(f"game:{r.key}", labels.lang) if r.key else labels.ui("diced_veggies.solo_missing")}
                 for r in m.solo],
    }


def to_input(data: dict, state: dict) -> dict:
    types = {c["id"]: c["type"] for c in data["cards"]}
    return {"players": [{"player": p["name"], "cooked": [
        {"recipe": types[e["recipe"]], "hype": types[e["hype"]] if e.get("hype") else None} for e in p["cooked"]]}
        for p in state["players"]]}
