"""Where each translatable string lives for a language, and writing translation entries into those YAML files
without disturbing the rest of a file (a translator's comments and order stay as they are).

A catalog key is `<namespace>:<key>`. tischlein's interface strings (`ui:` keys of content.ui) are translated in
content/ui/<lang>.yaml; a game's strings in content/games/<game>/i18n/<lang>/<namespace>.yaml, its own interface
strings (its ui.yaml) in …/i18n/<lang>/ui.yaml.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from ..files import write_text
from .i18n import Catalog, source_hash
from .plural import CATEGORIES, Plural, as_json


@dataclass(frozen=True)
class Unit:
    """One translatable string of one scope ("ui" or a game id)."""

    scope: str
    key: str              # the catalog key, namespace:key
    english: "str | Plural"
    where: tuple[str, int | None]          # the English file and line

    @property
    def namespace(self) -> str:
        return self.key.split(":", 1)[0]

    @property
    def file_key(self) -> str:
        return self.key.split(":", 1)[1]


def scopes(content, games: list[str] | None = None) -> Iterator[tuple[str, Catalog]]:
    """("ui", tischlein's interface strings), then (game id, that game's strings), for every game or `games`."""
    if not games:
        yield "ui", content.ui
    for game in content.games.values():
        if not games or game.id in games:
            yield game.id, game.catalog


def units(content, games: list[str] | None = None) -> Iterator[Unit]:
    for scope, catalog in scopes(content, games):
        for key, text in catalog.source.items():
            yield Unit(scope, key, text, catalog.source_where[key])


def path_of(root: Path, scope: str, namespace: str, lang: str) -> Path:
    """The translation file of a scope's namespace in `lang`."""
    if scope == "ui":
        return Path(root) / "ui" / f"{lang}.yaml"
    return Path(root) / "games" / scope / "i18n" / lang / f"{namespace}.yaml"


def relative(root: Path, path: Path) -> str:
    return Path(path).resolve().relative_to(Path(root).resolve()).as_posix()


def quote(text: str) -> str:
    """A YAML double-quoted scalar (JSON's string syntax is YAML's): no translator text can break the file."""
    return json.dumps(text, ensure_ascii=False)


def render_text(text: "str | Plural | dict") -> str:
    if isinstance(text, dict):
        return "{" + ", ".join(f"{k}: {quote(text[k])}" for k in CATEGORIES if k in text) + "}"
    return quote(text)


def render_entry(key: str, text: "str | dict", english: "str | Plural") -> str:
    """A translation entry in block style: the text, the hash of the English and the English itself (kept so
    `i18n status --diff` can show what changed when the English changes)."""
    english_plain = as_json(english)
    return (f"{key}:\n  text: {render_text(text)}\n  source: \"{source_hash(english)}\"\n"
            f"  english: {render_text(english_plain) if isinstance(english_plain, str) else _flow(english_plain)}\n")


def _flow(value: dict) -> str:
    return "{" + ", ".join(f"{k}: {quote(v)}" for k, v in value.items()) + "}"


_TOP_KEY = re.compile(r"^(?P<key>[^\s#][^:]*?|\"[^\"]*\"|'[^']*'):(?:\s|$)")


def entry_spans(text: str) -> dict[str, tuple[int, int]]:
    """Top-level key -> (first line index, end line index) of its entry in a translation file's text."""
    lines = text.split("\n")
    starts = [(i, m.group("key").strip("\"'")) for i, line in enumerate(lines) if (m := _TOP_KEY.match(line))]
    spans = {}
    for n, (i, key) in enumerate(starts):
        end = starts[n + 1][0] if n + 1 < len(starts) else len(lines)
        while end - 1 > i and (not lines[end - 1].strip() or lines[end - 1].lstrip().startswith("#")):
            end -= 1                        # comments and blank lines before the next key belong to it
        spans[key] = (i, end)
    return spans


def set_entries(path: Path, entries: dict[str, str], header: str = "") -> None:
    """Replace (or append) whole entries of a translation file, atomically; everything else stays as it is."""
    text = Path(path).read_text(encoding="utf-8") if Path(path).exists() else header
    for key, entry in entries.items():
        spans = entry_spans(text)
        lines = text.split("\n")
        if key in spans:
            start, end = spans[key]
            lines[start:end] = entry.rstrip("\n").split("\n")
            text = "\n".join(lines)
        else:
            text = text.rstrip("\n") + ("\n" if text.strip() else "") + entry
    write_text(Path(path), text if text.endswith("\n") else text + "\n")
