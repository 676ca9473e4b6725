"""Find the translatable strings of a content file and give each a stable key."""
from __future__ import annotations

from typing import Any, Callable

from .i18n import TRANSLATABLE_ERRATUM_FIELDS, TRANSLATABLE_FIELDS, TRANSLATABLE_MAPPINGS
from .yamlfile import LineDict

OnText = Callable[[str, str, "int | None"], None]

# Subtrees that hold engine state or move arguments, never reader-facing text.
_SKIP = frozenset({"start", "expect", "args"})


def walk_texts(node: Any, on_text: OnText, prefix: str = "", flat_ids: bool = False) -> None:
    """Call on_text(key, text, line) for every translatable string below `node`.

    Keys are dotted paths that use ids for list items (`dishes.currywurst.gloss`). With `flat_ids`, an item
    with an id starts a fresh key (`mahlzeit.turn.draw.title`), for files whose ids are already unique.
    """
    if isinstance(node, dict):
        lines = node.key_lines if isinstance(node, LineDict) else {}
        for key, value in node.items():
            line = lines.get(key)
            if key in _SKIP:
                continue
            if key in TRANSLATABLE_FIELDS and isinstance(value, str):
                on_text(f"{prefix}{key}", value, line)
            elif key in TRANSLATABLE_MAPPINGS and isinstance(value, dict):
                for field_, reason in value.items():
                    if isinstance(reason, str):
                        on_text(f"{prefix}{key}.{field_}", reason, _line(value, field_, line))
            elif key in ("errata", "erratum") and isinstance(value, dict):
                entries = {"": value} if key == "erratum" else value
                for field_, entry in entries.items():
                    if isinstance(entry, dict):
                        base = f"{prefix}{key}." + (f"{field_}." if field_ else "")
                        for part in ("says", "uses", *TRANSLATABLE_ERRATUM_FIELDS):
                            if isinstance(entry.get(part), str):
                                on_text(base + part, entry[part], _line(entry, part, line))
            elif isinstance(value, (dict, list)):
                walk_texts(value, on_text, f"{prefix}{key}.", flat_ids)
    elif isinstance(node, list):
        for index, item in enumerate(node):
            has_id = isinstance(item, dict) and isinstance(item.get("id"), str)
            if has_id and flat_ids:
                walk_texts(item, on_text, f"{item['id']}.", flat_ids)
            else:
                walk_texts(item, on_text, f"{prefix}{item['id'] if has_id else index}.", flat_ids)


def _line(node: Any, key: str, default: int | None) -> int | None:
    return node.key_lines.get(key, default) if isinstance(node, LineDict) else default
