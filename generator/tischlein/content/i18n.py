"""Translatable texts: English source strings by key, translations that remember their source hash."""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from typing import Iterator

from .plural import Plural

SOURCE_LANGUAGE = "en"

# Field names whose string values are translated; everything else (ids, German dish names) is not.
TRANSLATABLE_FIELDS = frozenset({
    "gloss", "text", "title", "body", "term", "definition", "question", "answer", "description", "note",
})
# Provenance mappings: each value is a reason, keyed by the field it explains.
TRANSLATABLE_MAPPINGS = frozenset({"reconstructed"})
TRANSLATABLE_ERRATUM_FIELDS = frozenset({"why"})

_TOKEN = re.compile(r"\{[a-z_]+(?::[^{}\s]+)?\}")


def source_hash(text: "str | Plural") -> str:
    """The hash a translation records of the English text it was made from (of all its forms for a plural)."""
    if isinstance(text, Plural):
        text = text.canonical()
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def tokens(text: "str | Plural") -> list[str]:
    """Placeholders and link tokens a translation must keep: {player}, {rule:mahlzeit.spoon}, {term:row}
    (of a plural text: those of its `other` form, which every form keeps but a one-number form's count)."""
    if isinstance(text, Plural):
        text = text.get("other", "")
    return sorted(_TOKEN.findall(text))


@dataclass(frozen=True)
class Translation:
    text: "str | Plural"
    source: str  # hash of the English text it was made from
    file: str
    line: int | None
    english: "str | dict | None" = None     # the English text it was made from, when the file keeps it


@dataclass(frozen=True)
class Resolved:
    """A text in the language asked for, or the English fallback, with its state."""

    text: str
    lang: str          # the language the text is actually in
    status: str        # "source", "current", "stale" or "missing"

    @property
    def fallback(self) -> bool:
        return self.status == "missing"


@dataclass
class Catalog:
    """English texts by key and their translations per language."""

    source: dict[str, str] = field(default_factory=dict)
    source_where: dict[str, tuple[str, int | None]] = field(default_factory=dict)
    translations: dict[str, dict[str, Translation]] = field(default_factory=dict)

    def add_source(self, key: str, text: str, file: str, line: int | None) -> None:
        self.source[key] = text
        self.source_where[key] = (file, line)

    def add_translation(self, lang: str, key: str, tr: Translation) -> None:
        self.translations.setdefault(lang, {})[key] = tr

    def status(self, key: str, lang: str) -> str:
        if lang == SOURCE_LANGUAGE:
            return "source"
        tr = self.translations.get(lang, {}).get(key)
        if tr is None:
            return "missing"
        return "current" if tr.source == source_hash(self.source[key]) else "stale"

    def get(self, key: str, lang: str) -> Resolved:
        english = self.source[key]
        state = self.status(key, lang)
        if state in ("current", "stale"):
            return Resolved(self.translations[lang][key].text, lang, state)
        return Resolved(english, SOURCE_LANGUAGE, state)

    def text(self, key: str, lang: str) -> str:
        return self.get(key, lang).text

    def keys(self, prefix: str = "") -> Iterator[str]:
        return (k for k in self.source if k.startswith(prefix))

    def subset(self, prefix: str) -> "Catalog":
        """The keys that start with `prefix`, with their translations."""
        out = Catalog()
        out.merge(self, prefix)
        return out

    def merge(self, other: "Catalog", prefix: str = "") -> None:
        """Add `other`'s keys (those starting with `prefix`) and their translations; `other` wins."""
        self.source.update({k: v for k, v in other.source.items() if k.startswith(prefix)})
        self.source_where.update({k: v for k, v in other.source_where.items() if k.startswith(prefix)})
        for lang, entries in other.translations.items():
            self.translations.setdefault(lang, {}).update({k: v for k, v in entries.items() if k.startswith(prefix)})
