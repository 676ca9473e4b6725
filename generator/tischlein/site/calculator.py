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

`limits` (optional): what the players hold together can be no more than the game has — `[{label, count, from}]`,
the component's name and its count from the content model (what the PDFs print), and where a player's input
holds it: `{field: "hand.beer"}` (a number or check field, dotted path) or `{rows: "dishes", where: {dish: …,
value: 8}}` (the rows whose fields have these values; a multi field's list holds it). calc/ui.js refuses to
score, naming the component and its count, when the players' sum is larger.

`to_input(game_id, data, state)` turns an engine state (`to_dict()`) into the calculator's input: the agreement
tests (tests/test_calculator_node.py, under Node) score the same states with the engine and with the JS.

Nothing here knows MkDocs; `widget(ctx)` returns the HTML block the calculator page template places.
"""
from __future__ import annotations

import json
from typing import Any

from markupsafe import Markup

from ..content.plural import as_json
from . import markdown as md
from .cardinfo import gloss

GENERIC_STRINGS = ("title", "players", "player", "name", "add_player", "remove_player", "add_row", "remove_row",
                   "none", "results", "total", "rank", "winner", "winners", "tie_broken", "tie_shared",
                   "no_winner", "breakdown", "player_label", "solo", "fix", "impossible", "not_whole", "between",
                   "at_least", "incomplete", "too_many")


class Labels:
    """Names and translated strings for one game in one language."""

    def __init__(self, game: Any, ui: Any, lang: str):
        self.game, self.ui_catalog, self.lang = game, ui, lang

    def ui(self, key: str, default: str | None = None) -> str:
        full = f"ui:site.calc.{key}"
        if full not in self.ui_catalog.source:
            if default is not None:
                return default
            raise KeyError(f"missing interface string 'site.calc.{key}' in tischlein/content/ui/en.yaml")
        text = self.ui_catalog.text(full, self.lang)
        # a text with plural forms goes to the browser whole: calc/ui.js picks the form (Intl.PluralRules)
        return as_json(text)

    def record(self, rec: Any) -> str:
        """'Käsespätzle (cheese spätzle)': the printed name, with the translated gloss when it differs."""
        meaning = gloss(self.game, rec.key, rec.name, self.lang)
        return f"{rec.name} ({meaning})" if meaning else rec.name


def signed(n: int) -> str:
    return f"−{-n}" if n < 0 else f"+{n}" if n > 0 else "0"


# --- public -----------------------------------------------------------------------------------------------

def _module(game_id: str) -> Any | None:
    """The game package's calculator module (describe, score_data, to_input, RULES, NOT_SCORED), or None."""
    from .. import games
    spec = games.spec(game_id)
    return spec.calculator if spec else None


def has_calculator(game_id: str) -> bool:
    return _module(game_id) is not None


def engine_available(game_id: str) -> bool:
    from .. import games
    spec = games.spec(game_id)
    return spec is not None and spec.engine_class is not None


def not_scored(game_id: str) -> set[str]:
    """Keys of the engine's score() breakdown the calculator does not compute (checked by the agreement test)."""
    return set(getattr(_module(game_id), "NOT_SCORED", ()))


def description(game: Any, lang: str) -> dict:
    """The calculator description of `game` in `lang` (see the module docstring)."""
    labels = Labels(game, game.ui, lang)
    data = score_data(game.id, game.model.engine_data())
    desc = _module(game.id).describe(game, labels, data)
    desc["data"] = data
    lo, hi = game.model.players
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
    return _module(game_id).score_data(engine_data)


def to_input(game_id: str, data: dict, state: dict) -> dict:
    """An engine state (to_dict()) as the calculator input of that game."""
    return _module(game_id).to_input(data, state)


class _Widget:
    """What the calculator page template calls: `calculator(c)` for the block, `calculator.rules(id)`."""

    def __call__(self, ctx: Any) -> Markup:
        return _widget(ctx)

    @staticmethod
    def rules(game_id: str) -> list[str]:
        """The rules the calculator page links to (those that exist in the game's rules are shown)."""
        return list(getattr(_module(game_id), "RULES", []))


widget = _Widget()


def _widget(ctx: Any) -> Markup:
    """The calculator block for a calculator page (PageContext `ctx`): the form is built by calc/ui.js (loaded on
    every page, like its stylesheet: pages hold no script) from the description in data-calc; without
    JavaScript the reader gets a pointer to the scoring rules."""
    game = ctx.game
    if not has_calculator(game.id):
        return Markup(f'<p class="tl-calc-missing">{md.attr(ctx.ui("site.calc.missing"))}</p>')
    desc = description(game, ctx.lang)
    payload = json.dumps(desc, ensure_ascii=False, separators=(",", ":"))
    module = ctx.href(f"assets/js/calc/{game.id}.js")
    pending = "" if desc["engine_checked"] else (
        f'<p class="tl-calc-pending">{md.attr(ctx.ui("site.calc.engine_pending"))}</p>')
    return Markup(
        f'<div class="tl-calc-block" markdown="0">'
        f'{pending}'
        f'<div class="tl-calc" data-module="{md.attr(module)}" data-calc="{md.attr(payload)}">'
        f'<noscript><p>{md.attr(ctx.ui("site.calc.noscript"))}</p></noscript></div></div>')
