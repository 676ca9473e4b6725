"""Message keys and their parameters turned into text in the reader's language.

An engine never writes sentences: it names a key (`step.take`, `lay.wrong_drink`) and parameters; the game's
messages (content/games/<game>/messages.yaml, translated like any text) give the words. Ids among the
parameters read as the printed names the messages give as `name.<id>`.
"""
from __future__ import annotations

import string
from typing import Any, Mapping


def format_args(args: Mapping[str, Any]) -> str:
    parts = []
    for key, value in args.items():
        if isinstance(value, (list, tuple)):
            value = "[" + ", ".join(str(v) for v in value) + "]"
        parts.append(f"{key}={value}")
    return " ".join(parts)


class _Keep(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def format_message(messages: Mapping[str, str], key: str, params: Mapping[str, Any] | None = None,
                   fallback: Mapping[str, str] | None = None) -> str:
    """The text for `key` with {placeholders} filled in; unknown placeholders stay visible, never crash."""
    text = messages.get(key)
    if text is None and fallback is not None:
        text = fallback.get(key)
    if text is None:
        return key + (" " + format_args(params) if params else "")
    names = {**(fallback or {}), **messages}
    values = _Keep({k: _plain_text(v, names) for k, v in (params or {}).items()})
    try:
        return string.Formatter().vformat(text, (), values)
    except (ValueError, IndexError, KeyError, AttributeError):
        return text


def _plain_text(value: Any, names: Mapping[str, str]) -> str:
    """Parameters as readers know them: ids become the printed names the catalog gives as `name.<id>`
    (`weisswurst-1` and `weisswurst` both read "Weißwurst"); anything else stays as it is."""
    if isinstance(value, (list, tuple)):
        return ", ".join(_plain_text(v, names) for v in value)
    text = str(value)
    if f"name.{text}" in names:
        return names[f"name.{text}"]
    kind, dash, copy = text.rpartition("-")
    if dash and copy.isdigit() and f"name.{kind}" in names:
        return names[f"name.{kind}"]
    return text


def describe_error(err: Any, messages: Mapping[str, str], fallback: Mapping[str, str] | None = None) -> str:
    return format_message(messages, err.key, err.params, fallback)


def describe_events(events: list, messages: Mapping[str, str], fallback: Mapping[str, str] | None = None) -> str:
    return " ".join(format_message(messages, key, params, fallback) for key, params in events)
