"""Scoring calculator: per game a JSON description, built from the content model, that the browser turns into a
form (site/assets/js/calc/ui.js) and scores with the game's pure JavaScript `score(data, input)`
(site/assets/js/calc/<game>.js).

The description has two parts:

* `data`   — the language-independent facts the JS scoring reads: point values, dish card values, which drink
             goes with which dish … all from content, never written into the JS;
* `form`, `breakdown`, `strings` — what the form shows, in one language (names from content, interface strings
             from content/ui/*.yaml `site.calc.*`).

Field types of `form.player` (each player fills one of these): `number {min,max}`, `check` (0/1),
`select {options, depends?, allowed?}` (with `depends` the options are limited to `allowed[<value of that
field>]`), `multi {options: [{value, label, when?}]}` (a list of the ticked values; `when` = {field: [values]}
shows an option only when each field's value is in its list, `["*"]` = any non-empty value), `group {fields}`
(an object) and `rows {fields}` (a list of objects, rows added and removed by the reader).

`to_input(game_id, data, state)` turns an engine state (`to_dict()`) into the calculator's input: the agreement
tests (tests/browser/test_calculator.py) score the same final states with the engine and with the JS.

Nothing here knows MkDocs; `widget(ctx)` returns the HTML block the calculator page template places.
"""
from __future__ import annotations

import json
from typing import Any, Callable

from markupsafe import Markup

from . import markdown as md

# The JS module per game under site/assets/js/calc/ is <module>.js.
MODULES = {"mahlzeit": "mahlzeit", "diced-veggies": "diced-veggies", "suppenkasper": "suppenkasper",
           "schwarzwaelder-kirsch": "schwarzwaelder-kirsch", "ta-na-mesa": "ta-na-mesa"}

GENERIC_STRINGS = ("title", "players", "player", "name", "add_player", "remove_player", "add_row", "remove_row",
                   "none", "results", "total", "rank", "winner", "winners", "tie_broken", "tie_shared",
                   "no_winner", "breakdown", "player_label", "solo")


class Labels:
    """Names and translated strings for one game in one language."""

    def __init__(self, game: Any, ui: Any, lang: str):
        self.game, self.ui_catalog, self.lang = game, ui, lang

    def ui(self, key: str, default: str | None = None) -> str:
        full = f"ui:site.calc.{key}"
        if full not in self.ui_catalog.source:
            if default is not None:
                return default
            raise KeyError(f"missing interface string 'site.calc.{key}' in content/ui/en.yaml")
        return self.ui_catalog.text(full, self.lang)

    def record(self, rec: Any) -> str:
        """'Käsespätzle (cheese spätzle)': the printed name, with the translated gloss when it differs."""
        key = f"game:{rec.key}gloss"
        gloss = self.game.catalog.text(key, self.lang) if key in self.game.catalog.source else ""
        if gloss and gloss.casefold() != rec.name.casefold():
            return f"{rec.name} ({gloss})"
        return rec.name


def _signed(n: int) -> str:
    return f"−{-n}" if n < 0 else f"+{n}" if n > 0 else "0"


# --- Mahlzeit -------------------------------------------------------------------------------------------------

HAND_KINDS_MAHLZEIT = ("drink", "dirty-pots", "cooking-hat")


def _mahlzeit_data(data: dict) -> dict:
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


def _mahlzeit(game: Any, labels: Labels, data: dict) -> dict:
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
        hand_fields.append({"type": "check", "id": dirty.id, "label": f"{labels.record(dirty)} ({_signed(dirty.points)})"})
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
    }


def _mahlzeit_input(data: dict, state: dict) -> dict:
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


# --- Diced Veggies -------------------------------------------------------------------------------------------

def _diced_veggies_data(data: dict) -> dict:
    """Recipe points and dice per recipe, the hype cards' scoring, the solo table (diced-veggies.js)."""
    return {
        "recipes": {k: {"points": v["points"], "dice": sum(v["needs"].values())} for k, v in data["recipes"].items()},
        "hype": {k: dict(v["score"]) for k, v in data["hype"].items()},
        "solo": [dict(row) for row in data.get("solo", [])],
    }


def _hype_effect(score: dict, labels: Labels) -> str:
    parts = []
    if score.get("points"):
        parts.append(_signed(score["points"]))
    if score.get("multiply_recipe", 1) != 1:
        parts.append(f"×{score['multiply_recipe']}")
    if score.get("per_recipe_die"):
        parts.append(labels.ui("diced_veggies.per_die").replace("{n}", _signed(score["per_recipe_die"])))
    if score.get("per_cooked_recipe"):
        parts.append(labels.ui("diced_veggies.per_recipe").replace("{n}", _signed(score["per_cooked_recipe"])))
    return ", ".join(parts)


def _diced_veggies(game: Any, labels: Labels, data: dict) -> dict:
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
        "solo": [{"min": r.min, "max": r.max,
                  "text": game.catalog.text(f"game:{r.key}", labels.lang) if r.key else labels.ui("diced_veggies.solo_missing")}
                 for r in m.solo],
    }


def _diced_veggies_input(data: dict, state: dict) -> dict:
    types = {c["id"]: c["type"] for c in data["cards"]}
    return {"players": [{"player": p["name"], "cooked": [
        {"recipe": types[e["recipe"]], "hype": types[e["hype"]] if e.get("hype") else None} for e in p["cooked"]]}
        for p in state["players"]]}


# --- Schwarzwälder Kirsch ------------------------------------------------------------------------------------

def _sk_data(data: dict) -> dict:
    return {"rounds": dict(data.get("rounds", {}))}


def _sk(game: Any, labels: Labels, data: dict) -> dict:
    return {
        "form": {"player": [{"type": "number", "id": "rounds_won", "min": 0, "max": 20,
                             "label": labels.ui("schwarzwaelder_kirsch.rounds_won")}]},
        "breakdown": [],
        "tiebreak": [],
        "text": {"winner": labels.ui("schwarzwaelder_kirsch.winner"),
                 "winners": labels.ui("schwarzwaelder_kirsch.playoff"), "total": labels.ui("schwarzwaelder_kirsch.total")},
    }


def _sk_input(data: dict, state: dict) -> dict:
    return {"players": [{"player": p["name"], "rounds_won": p["wins"]} for p in state["players"]]}


# --- Suppenkasper --------------------------------------------------------------------------------------------

def _suppenkasper_data(data: dict) -> dict:
    """The weight track: position -> weight class; the red chips per player (suppenkasper.js)."""
    spaces = data["track"]["spaces"]
    return {"track": {str(sp["position"]): sp["class"] for sp in spaces},
            "low": spaces[0]["position"], "high": spaces[-1]["position"], "chips": data["chips_per_player"]}


def _suppenkasper(game: Any, labels: Labels, data: dict) -> dict:
    m = game.model
    def cls(c: str) -> str:
        rec = m.classes.get(c)
        return labels.record(rec) if rec else c
    positions = sorted((int(k) for k in data["track"]), reverse=True)
    return {
        "form": {"player": [
            {"type": "select", "id": "position", "label": labels.ui("suppenkasper.position"), "number": True,
             "default": 0, "options": [{"value": p, "label": f"{_signed(p) if p else '0'} · {cls(data['track'][str(p)])}"}
                                       for p in positions]},
            {"type": "number", "id": "chips", "min": 0, "max": data["chips"], "default": data["chips"],
             "label": labels.ui("suppenkasper.chips")},
        ]},
        "breakdown": [{"key": "distance", "label": labels.ui("suppenkasper.distance")},
                      {"key": "class", "label": labels.ui("suppenkasper.class")},
                      {"key": "chips", "label": labels.ui("suppenkasper.chips")}],
        "names": {"class": {c: cls(c) for c in set(data["track"].values())}},
        "tiebreak": [{"key": "chips", "label": labels.ui("suppenkasper.chips")}],
        "text": {"winner": labels.ui("suppenkasper.winner"), "winners": labels.ui("suppenkasper.winners"),
                 "tie_shared": labels.ui("suppenkasper.tie_shared")},
        "hide_total": True,
    }


def _suppenkasper_input(data: dict, state: dict) -> dict:
    return {"players": [{"player": p["name"], "position": p["position"], "chips": p["chips"]}
                        for p in state["players"]]}


# --- Tá na Mesa ----------------------------------------------------------------------------------------------

TNM_PARTS = ("recipes", "sum_bonus", "spices")      # the engine's points per player (state players[].points)


def _tnm_data(data: dict) -> dict:
    layout = data["stove_layout"]
    return {"parts": list(TNM_PARTS), "frame": len(layout["frame"]), "inner": len(layout["inner"]),
            "spaces": len(layout["spaces"]), "prize": data["vegetarian_prize"]["points"],
            "prize_tied": data["vegetarian_prize"]["tied_points"]}


def _tnm(game: Any, labels: Labels, data: dict) -> dict:
    ui = labels.ui
    return {
        "form": {"player": [
            {"type": "group", "id": "points", "label": ui("ta_na_mesa.track"), "note": ui("ta_na_mesa.track_note"),
             "fields": [{"type": "number", "id": k, "min": 0, "max": 200, "label": ui(f"ta_na_mesa.{k}")}
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
    }


def _tnm_input(data: dict, state: dict) -> dict:
    """Tá na Mesa: the points scored during the game come from the state; the presentation matches and the
    vegetarian recipes are what a player counts on their stove — computed here with the engine's own
    presentation() so the input is exactly what the players would count."""
    from ..engine import ta_na_mesa as engine          # the stove geometry lives in the engine
    rules = engine.Rules(data)
    players = []
    for p in state["players"]:
        frame, inner = engine.presentation(rules, p["stove"], p["counter"])
        veg = sum(1 for v in p["stove"].values() if rules.recipes[v["recipe"]]["vegetarian"])
        players.append({"player": p["name"], "points": {k: p["points"].get(k, 0) for k in TNM_PARTS},
                        "stove": {"frame": frame, "inner": inner, "vegetarian_recipes": veg}})
    return {"players": players}


DESCRIBE: dict[str, Callable[[Any, Labels, dict], dict]] = {
    "mahlzeit": _mahlzeit, "diced-veggies": _diced_veggies, "suppenkasper": _suppenkasper,
    "schwarzwaelder-kirsch": _sk, "ta-na-mesa": _tnm}
SCORE_DATA: dict[str, Callable[[dict], dict]] = {
    "mahlzeit": _mahlzeit_data, "diced-veggies": _diced_veggies_data, "suppenkasper": _suppenkasper_data,
    "schwarzwaelder-kirsch": _sk_data, "ta-na-mesa": _tnm_data}
TO_INPUT: dict[str, Callable[[dict, dict], dict]] = {
    "mahlzeit": _mahlzeit_input, "diced-veggies": _diced_veggies_input, "suppenkasper": _suppenkasper_input,
    "schwarzwaelder-kirsch": _sk_input, "ta-na-mesa": _tnm_input}
# Keys of an engine's score() breakdown the calculator does not compute, and why (checked by the agreement test).
NOT_SCORED: dict[str, set[str]] = {
    # the cards collected and the action card held in the round being played: the state of a round, not points
    "schwarzwaelder-kirsch": {"collected", "action"},
}


# --- public -----------------------------------------------------------------------------------------------

def has_calculator(game_id: str) -> bool:
    return game_id in DESCRIBE


def engine_available(game_id: str) -> bool:
    try:
        from ..engine import GAMES  # type: ignore[attr-defined]
    except ImportError:
        return False
    return game_id in GAMES


def description(game: Any, ui: Any, lang: str) -> dict:
    """The calculator description of `game` in `lang` (see the module docstring)."""
    labels = Labels(game, ui, lang)
    data = score_data(game.id, game.model.engine_data())
    desc = DESCRIBE[game.id](game, labels, data)
    desc["data"] = data
    players = getattr(game.model, "players", (2, 5))
    lo, hi = (players if isinstance(players, (tuple, list)) else (players["min"], players["max"]))[:2]
    desc.update({
        "game": game.id,
        "lang": lang,
        "players": {"min": max(1, int(lo)), "max": int(hi)},
        "engine_checked": engine_available(game.id),
        "strings": {k: labels.ui(k) for k in GENERIC_STRINGS},
    })
    return desc


def score_data(game_id: str, engine_data: dict) -> dict:
    """The `data` part of the description: what the game's JS `score(data, input)` reads, derived from the same
    engine data the rules engine reads."""
    return SCORE_DATA[game_id](engine_data)


def to_input(game_id: str, data: dict, state: dict) -> dict:
    """An engine state (to_dict()) as the calculator input of that game."""
    return TO_INPUT[game_id](data, state)


# The rules a calculator page links to, per game (those that exist in the game's rules are shown).
RULES = {
    "mahlzeit": ["mahlzeit.scoring", "mahlzeit.scoring.tie", "mahlzeit.special"],
    "diced-veggies": ["diced-veggies.scoring", "diced-veggies.solo"],
    "suppenkasper": ["suppenkasper.end"],
    "schwarzwaelder-kirsch": ["schwarzwaelder-kirsch.end", "schwarzwaelder-kirsch.end.tie"],
    "ta-na-mesa": ["ta-na-mesa.season.score", "ta-na-mesa.presentation", "ta-na-mesa.vegetarian", "ta-na-mesa.end"],
}


class _Widget:
    """What the calculator page template calls: `calculator(c)` for the block, `calculator.rules(id)`."""

    def __call__(self, ctx: Any) -> Markup:
        return _widget(ctx)

    @staticmethod
    def rules(game_id: str) -> list[str]:
        return RULES.get(game_id, [])


widget = _Widget()


def _widget(ctx: Any) -> Markup:
    """The calculator block for a calculator page (PageContext `ctx`): the form is built by calc/ui.js from the
    description in data-calc; without JavaScript the reader gets a pointer to the scoring rules."""
    game = ctx.game
    if not has_calculator(game.id):
        return Markup(f'<p class="tl-calc-missing">{md.attr(ctx.ui("site.calc.missing"))}</p>')
    desc = description(game, ctx.site.content.ui, ctx.lang)
    payload = json.dumps(desc, ensure_ascii=False, separators=(",", ":"))
    module = ctx.href(f"assets/js/calc/{MODULES[game.id]}.js")
    ui_js = ctx.href("assets/js/calc/ui.js")
    css = ctx.href("assets/css/calculator.css")
    pending = "" if desc["engine_checked"] else (
        f'<p class="tl-calc-pending">{md.attr(ctx.ui("site.calc.engine_pending"))}</p>')
    return Markup(
        f'<div class="tl-calc-block" markdown="0">'
        f'<link rel="stylesheet" href="{md.attr(css)}">'
        f'{pending}'
        f'<div class="tl-calc" data-module="{md.attr(module)}" data-calc="{md.attr(payload)}">'
        f'<noscript><p>{md.attr(ctx.ui("site.calc.noscript"))}</p></noscript></div>'
        f'<script type="module" src="{md.attr(ui_js)}"></script></div>')
