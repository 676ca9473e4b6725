"""Mahlzeit's scoring calculator: its description (form, breakdown) and the data calculator.js scores with.
See tischlein.site.calculator for the description format."""
from __future__ import annotations

from typing import Any

from ...site.calculator import Labels, signed

# The rules the calculator page links to.
RULES = ["mahlzeit.scoring", "mahlzeit.scoring.tie", "mahlzeit.special"]


HAND_KINDS_MAHLZEIT = ("drink", "dirty-pots", "cooking-hat")


def score_data(data: dict) -> dict:
    """What mahlzeit.js scores with, from the engine data (so the calculator and the engine read the same
    values): dish card values and drinks per dish, drink points, the laid special cards' points and doublings,
    the Cooking Hat, the hand penalties."""
    specials = data.get("specials", {})
    return {
        "dishes": {d["id"]: {"values": list(d["values"]), "drinks": list(d["drinks"])} for d in data["dishes"]},
        "drinks": {k: v["points"] for k, v in data["drinks"].items()},
        "specials": {k: {"points": v.get("points", 0), "doubles": list(v.get("doubles", []))}
                     for k, v in specials.items() if v.get("points") or v.get("doubles")},
        "hat": "cooking-hat" if "cooking-hat" in specials else None,
        "penalties": {k: v["points"] for k, v in data.get("actions", {}).items() if v.get("points")},
    }


def describe(game: Any, labels: Labels, data: dict) -> dict:
    m = game.model
    specials_laid = [m.specials[k] for k in data["specials"]]        # kept with a dish at scoring
    hat = m.specials.get(data["hat"]) if data["hat"] else None
    dirty = m.actions.get("dirty-pots")
    special_options = []
    for s in specials_laid:
        when: dict[str, list] = {}
        if s.dishes:
            when["dish"] = list(s.dishes)
        if s.doubles:
            when["drink"] = list(s.doubles)
        elif s.needs_drink:
            when["drink"] = ["*"]
        special_options.append({"value": s.id, "label": labels.record(s), "when": when})
    dish_fields = [
        {"type": "select", "id": "dish", "label": labels.ui("field.dish"),
         "options": [{"value": d.id, "label": labels.record(d)} for d in m.dishes.values()]},
        {"type": "select", "id": "value", "label": labels.ui("field.value"), "number": True, "depends": "dish",
         "options": [{"value": v, "label": str(v)} for v in sorted({v for d in m.dishes.values() for v in d.values})],
         "allowed": {d.id: sorted(set(d.values)) for d in m.dishes.values()}},
        {"type": "select", "id": "drink", "label": labels.ui("field.drink"), "depends": "dish", "empty": True,
         "options": [{"value": d.id, "label": f"{labels.record(d)} · {d.points}"} for d in m.drinks.values()],
         "allowed": {d.id: list(d.drinks) for d in m.dishes.values()}},
    ]
    if special_options:
        dish_fields.append({"type": "multi", "id": "specials", "label": labels.ui("field.specials"),
                            "options": special_options})
    hand_fields = [{"type": "number", "id": d.id, "min": 0, "max": d.count,
                    "label": labels.ui("in_hand").replace("{name}", labels.record(d)) + f" (−{d.points})"}
                   for d in m.drinks.values()]
    if dirty:
        hand_fields.append({"type": "check", "id": dirty.id, "label": f"{labels.record(dirty)} ({signed(dirty.points)})"})
    if hat:
        hand_fields.append({"type": "check", "id": hat.id, "label": labels.record(hat)})
    parts = ["dishes", "drinks"] + (["specials"] if special_options else []) + ["hand_drinks"] + \
        (["hat"] if hat else []) + (["dirty_pots"] if dirty else [])
    names = {"hat": labels.record(hat) if hat else "", "dirty_pots": labels.record(dirty) if dirty else ""}
    return {
        "form": {"player": [
            {"type": "rows", "id": "dishes", "label": labels.ui("field.dishes"), "add": labels.ui("add_dish"),
             "fields": dish_fields},
            {"type": "group", "id": "hand", "label": labels.ui("field.hand"), "note": labels.ui("mahlzeit.hand_note"),
             "fields": hand_fields},
        ]},
        "breakdown": [{"key": k, "label": names.get(k) or labels.ui(f"part.{k}")} for k in parts],
        "tiebreak": [{"key": "drinks", "label": labels.ui("part.drinks")}],
        "limits": limits(m, hat, dirty, specials_laid, labels),
    }


def limits(m: Any, hat: Any, dirty: Any, specials_laid: list, labels: Labels) -> list[dict]:
    """The cards there are of each kind the form counts, from the model (tischlein.site.calculator, `limits`):
    each dish card (a dish's card values, one card each), each drink laid or in hand, the special cards, the Cooking
    Hat and Dirty Pots."""
    out = []
    for d in m.dishes.values():
        for value in sorted(set(d.values)):
            out.append({"label": f"{d.name} {value}", "count": d.values.count(value),
                        "from": [{"rows": "dishes", "where": {"dish": d.id, "value": value}}]})
    for d in m.drinks.values():
        out.append({"label": labels.record(d), "count": d.count,
                    "from": [{"rows": "dishes", "where": {"drink": d.id}}, {"field": f"hand.{d.id}"}]})
    for s in specials_laid:
        out.append({"label": labels.record(s), "count": s.count,
                    "from": [{"rows": "dishes", "where": {"specials": s.id}}]})
    for card in (hat, dirty):
        if card:
            out.append({"label": labels.record(card), "count": card.count, "from": [{"field": f"hand.{card.id}"}]})
    return out


def to_input(data: dict, state: dict) -> dict:
    """An engine state of Mahlzeit (State.to_dict()) as the calculator's input."""
    types = {c["id"]: c["type"] for c in data["cards"]}
    kinds = {c["id"]: c["kind"] for c in data["cards"]}
    players = []
    for p in state["players"]:
        hand: dict[str, int] = {}
        for card in p["hand"]:
            t = types[card]
            if kinds[card] == "drink" or t in HAND_KINDS_MAHLZEIT:
                hand[t] = hand.get(t, 0) + 1
        players.append({"player": p["name"], "hand": hand, "dishes": [
            {"dish": d["dish"], "value": d["value"], "drink": types[d["drink"]] if d.get("drink") else None,
             "specials": [types[s] for s in d.get("specials", [])]} for d in p["dishes"]]})
    return {"players": players}
