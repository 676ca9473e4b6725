"""Tá na Mesa's scoring calculator: its description (form, breakdown) and the data calculator.js scores with.
See tischlein.site.calculator for the description format."""
from __future__ import annotations

from typing import Any

from ...site.calculator import Labels
from .engine import ENGINE, Player          # the stove geometry lives in the engine

# The rules the calculator page links to.
RULES = ["ta-na-mesa.season.score", "ta-na-mesa.presentation", "ta-na-mesa.vegetarian", "ta-na-mesa.end"]


TNM_PARTS = ("recipes", "sum_bonus", "spices")      # the engine's points per player (state players[].points)


def score_data(data: dict) -> dict:
    layout = data["stove_layout"]
    return {"parts": list(TNM_PARTS), "frame": len(layout["frame"]), "inner": len(layout["inner"]),
            "spaces": len(layout["spaces"]), "prize": data["vegetarian_prize"]["points"],
            "prize_tied": data["vegetarian_prize"]["tied_points"], "most": most_points(data)}


def most_points(data: dict) -> dict[str, int]:
    """The most a player can score on the track in a whole game, per part (the calculator refuses more): every
    round the best recipe with its bonus ingredient, the highest-sum bonus, and the best spice combinations the
    player's tokens can show on any counter — with the most rounds and tokens any player count has."""
    engine, rules = ENGINE(data), data["rules"]
    counts = data["player_counts"].values()
    rounds = max(c["rounds"] for c in counts)
    recipe = max(r["points"] + (r["bonus"]["points"] if r["bonus"] else 0) for r in data["recipes"].values())

    def best_spices(counter: str, tokens: int) -> int:
        spices = sorted({s for combo in data["counters"][counter]["combos"] for s in combo["spices"]})
        return max(engine.spice_score(counter, [spices[0]] * a + [spices[1]] * b + [spices[2]] * (tokens - a - b))[0]
                   for a in range(tokens + 1) for b in range(tokens + 1 - a))
    spice = max(best_spices(k, c["spices_each"]) for k in data["counters"] for c in counts)
    most = {"recipes": rounds * rules["recipes_per_round"] * recipe, "sum_bonus": rounds * rules["highest_sum_bonus"],
            "spices": rounds * spice}
    # the form lets a player who only knows their track total enter it under recipes (track_note)
    return {**most, "recipes": sum(most.values())}


def describe(game: Any, labels: Labels, data: dict) -> dict:
    ui = labels.ui
    return {
        "form": {"player": [
            {"type": "group", "id": "points", "label": ui("ta_na_mesa.track"), "note": ui("ta_na_mesa.track_note"),
             "fields": [{"type": "number", "id": k, "min": 0, "max": data["most"][k], "label": ui(f"ta_na_mesa.{k}")}
                        for k in TNM_PARTS]},
            {"type": "group", "id": "stove", "label": ui("ta_na_mesa.stove"), "fields": [
                {"type": "number", "id": "frame", "min": 0, "max": data["frame"], "label": ui("ta_na_mesa.frame")},
                {"type": "number", "id": "inner", "min": 0, "max": data["inner"], "label": ui("ta_na_mesa.inner")},
                {"type": "number", "id": "vegetarian_recipes", "min": 0, "max": data["spaces"],
                 "label": ui("ta_na_mesa.vegetarian_recipes")}]},
        ]},
        "breakdown": [{"key": k, "label": ui(f"ta_na_mesa.{k}")} for k in TNM_PARTS]
        + [{"key": "presentation", "label": ui("ta_na_mesa.presentation")},
           {"key": "vegetarian", "label": ui("ta_na_mesa.vegetarian")}],
        "tiebreak": [{"key": "presentation", "label": ui("ta_na_mesa.presentation")}],
        # the vegetarian recipe tiles on all stoves together: no more than the game has
        "limits": [{"label": ui("ta_na_mesa.vegetarian_recipes"), "count": sum(r.vegetarian for r in game.model.recipes.values()),
                    "from": [{"field": "stove.vegetarian_recipes"}]}],
    }


def to_input(data: dict, state: dict) -> dict:
    """Tá na Mesa: the points scored during the game come from the state; the presentation matches and the
    vegetarian recipes are what a player counts on their stove — computed here with the engine's own
    presentation() so the input is exactly what the players would count."""
    engine = ENGINE(data)
    players = []
    for raw in state["players"]:
        p = Player.from_dict(raw)
        frame, inner = engine.presentation(p.stove, p.counter)
        players.append({"player": p.name, "points": {k: raw["points"].get(k, 0) for k in TNM_PARTS},
                        "stove": {"frame": frame, "inner": inner, "vegetarian_recipes": engine.vegetarian_recipes(p)}})
    return {"players": players}
