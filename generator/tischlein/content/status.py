"""Translation coverage: per game (and the UI) and language, what is current, stale, missing or copied.

A text copied unchanged from another language is not a translation: a French file made by copying the German
one (as translators used to be told) would otherwise show French at 100 %. A text counts as copied when it is
the same as the text of that key in another language that is further along in that part (more of its texts
are translations of their own), or, between two languages equally far along, that comes first by code: the
guide's copy of German is German's, not French's. Short texts that read the same in many languages (a name,
"OK"), and texts the same in English too (a card name kept in every language, "{name}: {kcal} kcal"), are not
counted as copies of one another unless the whole language is a copy, and nothing counts as a copy in a game's
own language (its names are printed as they are).

Counts are of distinct strings: a sentence repeated across records (a reconstruction note on 97 recipes) is one
string, exported and translated once.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .i18n import SOURCE_LANGUAGE, Catalog
from .loader import Content
from .translation_files import string_groups

SAME_IN_MANY_LANGUAGES = 12       # characters: "FAQ", "Currywurst", "OK" may rightly read the same


@dataclass
class Coverage:
    scope: str                 # a game id, or "ui"
    lang: str
    total: int = 0
    current: int = 0
    stale: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    copied: list[str] = field(default_factory=list)       # copied unchanged from `copied_from`
    copied_from: str = ""

    @property
    def percent(self) -> float:
        return 100.0 * self.current / self.total if self.total else 100.0


def translated_languages(content: Content) -> list[str]:
    """Every language (a ui/<lang>.yaml) but English, then any a translator has started with game files only."""
    found = set(content.ui.translations)
    for game in content.games.values():
        found |= set(game.catalog.translations)
    languages = content.languages[1:]
    return languages + sorted(found - set(languages) - {SOURCE_LANGUAGE})


def _copies(catalog: Catalog, lang: str, languages: list[str]) -> tuple[list[str], str]:
    """The keys whose text in `lang` is another language's unchanged, and the language most copied."""
    own = catalog.translations.get(lang, {})
    rank = {other: len(catalog.translations.get(other, {})) for other in languages}
    copied: dict[str, str] = {}
    for other in languages:
        if other == lang or (rank[other], -languages.index(other)) < (rank.get(lang, 0), -languages.index(lang)):
            continue                                   # only a language further along can be the original
        theirs = catalog.translations.get(other, {})
        same = [k for k, tr in own.items() if k in theirs and theirs[k].text == tr.text]
        whole = len(same) >= max(1, len(own) // 2)
        for key in same:
            text = own[key].text
            if whole or not isinstance(text, str) or (len(text) > SAME_IN_MANY_LANGUAGES and
                                                      text != catalog.source.get(key)):
                copied.setdefault(key, other)
    counts: dict[str, int] = {}
    for other in copied.values():
        counts[other] = counts.get(other, 0) + 1
    return sorted(copied), max(counts, key=counts.get) if counts else ""


def coverage(content: Content, langs: list[str] | None = None, games: list[str] | None = None) -> list[Coverage]:
    scopes: list[tuple[str, Catalog]] = ([] if games else [("ui", content.ui)]) + [
        (g.id, g.catalog) for g in content.games.values() if not games or g.id in games]
    every = translated_languages(content)
    result = []
    for lang in langs or every:
        for scope, catalog in scopes:
            game = content.games.get(scope)
            original = game.model.raw.get("original_language") if game is not None else None
            # in the game's own language, names read as they are printed: the same text is no copy
            copied, source = ([], "") if lang == original else _copies(
                catalog, lang, [lg for lg in every if lg != SOURCE_LANGUAGE] + ([lang] if lang not in every else []))
            strings = string_groups(catalog)
            cov = Coverage(scope, lang, total=len(strings), copied=copied, copied_from=source)
            skip = set(copied)
            for keys in strings:
                if keys[0] in skip:
                    continue
                states = {catalog.status(key, lang) for key in keys}
                state = next(s for s in ("missing", "stale", "current", "source") if s in states)
                key = keys[0]
                if state == "current":
                    cov.current += 1
                elif state == "stale":
                    cov.stale.append(key)
                elif state == "missing":
                    cov.missing.append(key)
            result.append(cov)
    return result


def stale_warnings(content: Content) -> list[str]:
    """One line per stale translation, naming the translation file and line."""
    lines = []
    scopes = [content.ui] + [g.catalog for g in content.games.values()]
    for catalog in scopes:
        for lang, entries in catalog.translations.items():
            for key, tr in entries.items():
                if catalog.status(key, lang) == "stale":
                    where = f"{tr.file}:{tr.line}" if tr.line else tr.file
                    lines.append(f"{where}: warning: {key.split(':', 1)[1]}: stale: the English text changed "
                                 f"since this was translated")
    return lines
