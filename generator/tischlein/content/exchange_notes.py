"""What a translator reads beside a string in Poedit, Weblate or an XLIFF editor: where the string appears and
what each {placeholder} will be filled with (exchange.py writes these as gettext's extracted comments `#.` and
XLIFF's developer notes).

Placeholders are named by the code that fills them; the common ones are described here, a link token names the
rules section or glossary term it links to (in English, from the same catalog), anything else says it is filled
in by tischlein and must stay as it is.
"""
from __future__ import annotations

import re

from .i18n import tokens

# What the program puts in the common placeholders: words a translator can build a sentence around.
MEANINGS = {
    "player": "a player's name", "players": "a number of players", "name": "a name", "names": "a list of names",
    "winners": "the winners' names, as a list", "holder": "a player's name", "owner": "a player's name",
    "chef": "a player's name (the chef)", "card": "a card's printed name", "cards": "a list of card names",
    "dish": "a dish's printed name", "cls": "a kind of ingredient, in words",
    "recipe": "a recipe card's printed name", "recipes": "a list of recipe names",
    "ingredient": "an ingredient's printed name", "drink": "a drink's printed name", "spice": "a spice's name",
    "spices": "a list of spice names", "veggie": "a vegetable's name", "die": "a die's name",
    "dice": "the dice, as a list", "deck": "the name of a deck", "row": "the name of a row", "side": "a side, in words "
    "(for example: left)", "shop": "a print shop's name", "game": "the game's name", "file": "a file name",
    "phase": "the phase of the game, in words", "move": "a move, in words", "what": "what the move names, in words",
    "n": "a number", "count": "a number", "total": "a number (a total)", "points": "a number of points",
    "sum": "a number (a sum)", "max": "a number (the largest allowed)", "min": "a number (the smallest allowed)",
    "size": "a size (for example: 63 × 88)", "value": "a number or value", "round": "the round's number",
    "turns": "a number of turns", "moves": "a number of moves", "steps": "a number of steps", "step": "a step's number",
    "need": "a number (how many are needed)", "got": "a number (how many were given)", "held": "a number "
    "(how many are held)", "first": "a number", "last": "a number", "current": "a number",
    "position": "a place in the order (a number)", "width": "a width in millimetres", "height": "a height in "
    "millimetres", "bleed": "a bleed width in millimetres", "sheets": "a number of sheets", "rate": "a percentage",
}
_LINK = re.compile(r"\{(rule|term):([^{}\s]+)\}")


def placeholder_notes(text: "str", catalog, count: str | None = None) -> list[str]:
    """One line per placeholder of a text: `{player}: a player's name`, `{rule:…}: a link to …`."""
    notes = []
    for token in dict.fromkeys(tokens(text)):
        link = _LINK.fullmatch(token)
        if link:
            kind, target = link.groups()
            title = catalog.source.get(f"rules:{target}.title" if kind == "rule" else f"glossary:{target}.term")
            what = "a link to the rules section" if kind == "rule" else "the glossary term"
            named = f" “{title}”" if isinstance(title, str) else ""
            notes.append(f"{token}: {what}{named}, shown in your language: keep it exactly as it is")
            continue
        name = token.strip("{}").split(":", 1)[0]
        if name == count:
            notes.append(f"{token}: the number that chooses the plural form")
        else:
            notes.append(f"{token}: {MEANINGS.get(name, 'filled in by tischlein')}: keep it, in braces")
    return notes


_UI_PLACES = (
    ("site.play.", "the play page's game table"), ("site.calc", "the website's calculator"),
    ("site.simulation", "the website's simulation page"), ("site.", "the website"),
    ("pdf.", "the print-and-play PDFs"), ("booklet.", "the rules booklet (PDF)"),
    ("engine.", "the game table's messages (a move refused or shown)"), ("export.", "exported files"),
    ("language.", "the language menu"),
)
_GAME_PLACES = {
    "game": "the game's page and its cards", "rules": "the rules (website and PDF booklet)",
    "glossary": "the glossary (website and PDF booklet)", "faq": "the FAQ page", "examples": "a worked example",
    "messages": "the game table (play page): what happened, or why a move is refused",
    "ui": "this game's labels on the website and in its PDFs",
}


def place(scope: str, namespace: str, key: str) -> str:
    """Where a reader meets the string, in words."""
    if scope == "ui":
        return next((where for prefix, where in _UI_PLACES if key.startswith(prefix)), "tischlein's interface")
    return _GAME_PLACES.get(namespace, "the game's texts")
