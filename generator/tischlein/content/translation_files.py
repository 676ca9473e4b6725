"""Where each translatable string lives for a language, and writing translation entries into those YAML files
without disturbing the rest of a file: a translator's comments, order and quoting stay as they are, and an
entry that changes has only the lines of its changed fields rewritten (`set_fields`): a `text: |` block stays a
block, a one-line `key: {text: …, source: …}` stays one line. (A line-level editor rather than a round-trip YAML
library: the translation files are flat — key, then text/source/english — and no such library is in the lock.)

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


SENTENCE_WORDS = 4         # a text of this many words or more is a sentence: said once, translated once


def shared_key(english: "str | Plural") -> str | None:
    """What makes texts of one scope one string: the same English sentence. Short labels ("Close", "Drink")
    and plural texts stay one string per place, since a language may need different words in different places."""
    if isinstance(english, str) and len(english.split()) >= SENTENCE_WORDS:
        return english
    return None


def string_groups(catalog: Catalog) -> list[list[str]]:
    """The keys of each distinct string of a catalog, in the order each first appears: the places of one
    English sentence (shared_key) together, unless some language has translated them differently there (the
    places then need their own words: each stays a string of its own)."""
    out: list[list[str]] = []
    shared: dict[str, list[str]] = {}
    for key, english in catalog.source.items():
        text = shared_key(english)
        if text is None:
            out.append([key])
        elif text in shared:
            shared[text].append(key)
        else:
            shared[text] = [key]
            out.append(shared[text])
    result = []
    for keys in out:
        if len(keys) > 1 and any(len({repr(entries[k].text) for k in keys if k in entries}) > 1
                                 for entries in catalog.translations.values()):
            result += [[k] for k in keys]
        else:
            result.append(keys)
    return result


def groups(content, games: list[str] | None = None) -> list[list[Unit]]:
    """The units of each distinct string (string_groups), scope by scope."""
    out = []
    for scope, catalog in scopes(content, games):
        for keys in string_groups(catalog):
            out.append([Unit(scope, k, catalog.source[k], catalog.source_where[k]) for k in keys])
    return out


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


def block(text: str, indent: str) -> str | None:
    """`|` block-scalar lines of a multi-line text (after `field:`), or None when a block would not read back as
    the same text (a first line starting with a space, trailing blank lines): then the text is quoted."""
    from .yamlfile import _CONTROL
    if "\n" not in text.rstrip("\n") or text.startswith((" ", "\n")) or text.endswith("\n\n") or \
            any(line != line.rstrip(" \t") for line in text.split("\n")) or _CONTROL.search(text) or "\r" in text:
        return None
    chomp = "" if text.endswith("\n") else "-"
    body = "\n".join(indent + line if line else "" for line in text.rstrip("\n").split("\n"))
    return f"|{chomp}\n{body}"


def render_value(value: "str | dict", indent: str = "    ") -> str:
    """A field's value after `field: `: a block for multi-line text, else a quoted string or flow mapping."""
    if isinstance(value, str):
        return block(value, indent) or quote(value)
    return render_text(value) if "count" not in value else _flow(value)


_FIELD = re.compile(r"^  (?P<field>[A-Za-z_]+):(?:\s|$)")


def _field_spans(lines: list[str], start: int, end: int) -> dict[str, list[int]]:
    """Field -> [first line, end line] within the block-style entry lines[start:end] (key line excluded)."""
    spans: dict[str, list[int]] = {}
    current = None
    for i in range(start + 1, end):
        found = _FIELD.match(lines[i])
        if found:
            current = found["field"]
            spans[current] = [i, i + 1]
        elif current and (lines[i].startswith("   ") or not lines[i].strip()):
            spans[current][1] = i + 1
        else:
            current = None
    for span in spans.values():                 # blank lines after a value stand between fields
        while span[1] - 1 > span[0] and not lines[span[1] - 1].strip():
            span[1] -= 1
    return spans


def _one_line(key: str, fields: dict[str, str]) -> str:
    return f"{key}: {{" + ", ".join(f"{name}: {value}" for name, value in fields.items()) + "}"


def set_fields(path: Path, changes: dict[str, dict[str, "str | dict"]], header: str = "") -> None:
    """Change fields (text, source, english) of entries of a translation file, rewriting only their lines; an
    entry not in the file is appended whole, in block style."""
    import yaml
    text = Path(path).read_text(encoding="utf-8") if Path(path).exists() else header
    for key, fields in changes.items():
        lines = text.split("\n")
        spans = entry_spans(text)
        if key not in spans:
            text = text.rstrip("\n") + ("\n" if text.strip() else "") + _new_entry(key, fields)
            continue
        start, end = spans[key]
        field_lines = _field_spans(lines, start, end)
        if not field_lines:                     # `key: {text: …, source: …}` on one line: it stays one line
            old = yaml.safe_load("\n".join(lines[start:end])) or {}
            merged = {**(old.get(key) or {}), **fields}
            lines[start:end] = [_one_line(key, {n: render_text(v) if n != "english" or isinstance(v, str) else
                                                _flow(v) for n, v in merged.items()})]
        else:
            missing = [line for name, value in fields.items() if name not in field_lines
                       for line in f"  {name}: {render_value(value)}".split("\n")]
            at = max(span[1] for span in field_lines.values())
            lines[at:at] = missing              # after every field, before any edit moves a line
            for name in sorted((n for n in fields if n in field_lines), key=lambda n: -field_lines[n][0]):
                first, last = field_lines[name]
                lines[first:last] = f"  {name}: {render_value(fields[name])}".split("\n")
        text = "\n".join(lines)
    write_text(Path(path), text if text.endswith("\n") else text + "\n")


def _new_entry(key: str, fields: dict) -> str:
    return f"{key}:\n" + "".join(f"  {name}: {render_value(value)}\n" for name, value in fields.items())


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
