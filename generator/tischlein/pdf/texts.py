"""Translated texts for one PDF: game strings and interface strings, with {placeholder} filling."""
from __future__ import annotations

from typing import Any

from .. import locale
from ..content.plural import choose


class Texts:
    """Looks texts up in one language and remembers whether any fell back to English."""

    def __init__(self, ui, lang: str, game=None):
        self.ui, self.lang, self.game = ui, lang, game
        self.fallback = False

    def game_text(self, key: str) -> str:
        resolved = self.game.catalog.get("game:" + key, self.lang)
        self.fallback |= resolved.fallback
        return resolved.text

    def ui_text(self, key: str, **values: Any) -> str:
        """The interface string `key` with its placeholders filled; a float is a measure, written as the reader's
        language writes numbers (`number`)."""
        resolved = self.ui.get("ui:" + key, self.lang)
        self.fallback |= resolved.fallback
        return fill(choose(resolved.text, self.lang, values),
                    **{k: self.number(v) if isinstance(v, float) else v for k, v in values.items()})

    def number(self, value: float) -> str:
        """A measure as the reader's language writes it: "0,32" in German, to the thousandth (0,125 in)."""
        return locale.measure(value, self.lang)

    def size(self, width_mm: float, height_mm: float) -> str:
        """"63,5 × 88,9": two measures in millimetres, in the reader's language."""
        return f"{self.number(width_mm)} × {self.number(height_mm)}"

    __call__ = ui_text

    @property
    def in_own_language(self) -> bool:
        """True when this PDF is in the game's original language, whose names need no gloss."""
        return self.lang == self.game.model.raw.get("original_language")

    def gloss(self, record) -> str | None:
        """What a name kept in the game's language means in this one: the `gloss` text of a record (or of a
        catalog key prefix such as "scoring_board."); None in the game's own language."""
        if self.in_own_language:
            return None
        return self.game_text((record if isinstance(record, str) else record.key) + "gloss")

    def has_ui(self, key: str) -> bool:
        return "ui:" + key in self.ui.source


def fill(text: str, **values: Any) -> str:
    for name, value in values.items():
        text = text.replace("{" + name + "}", str(value))
    return text
