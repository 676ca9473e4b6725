"""Translation coverage: per game (and the UI) and language, what is current, stale or missing."""
from __future__ import annotations

from dataclasses import dataclass, field

from .i18n import SOURCE_LANGUAGE, Catalog
from .loader import Content


@dataclass
class Coverage:
    scope: str                 # a game id, or "ui"
    lang: str
    total: int = 0
    current: int = 0
    stale: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)

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


def coverage(content: Content, langs: list[str] | None = None) -> list[Coverage]:
    scopes: list[tuple[str, Catalog]] = [("ui", content.ui)] + [(g.id, g.catalog) for g in content.games.values()]
    result = []
    for lang in langs or translated_languages(content):
        for scope, catalog in scopes:
            cov = Coverage(scope, lang, total=len(catalog.source))
            for key in catalog.source:
                state = catalog.status(key, lang)
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
