"""YAML reading that remembers where every key and list item stands, so errors can name a line."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from .errors import Problems


class LineDict(dict):
    """A mapping from YAML that knows its own line and the line of each key (1-based)."""

    line: int = 0
    key_lines: dict


class LineList(list):
    """A sequence from YAML that knows its own line and the line of each item (1-based)."""

    line: int = 0
    item_lines: list


class _Loader(yaml.SafeLoader):
    pass


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> LineDict:
    loader.flatten_mapping(node)
    result = LineDict()
    result.line = node.start_mark.line + 1
    result.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in result:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r}", key_node.start_mark)
        result[key] = loader.construct_object(value_node, deep=True)
        result.key_lines[key] = key_node.start_mark.line + 1
    return result


def _construct_sequence(loader: _Loader, node: yaml.SequenceNode) -> LineList:
    result = LineList(loader.construct_object(child, deep=True) for child in node.value)
    result.line = node.start_mark.line + 1
    result.item_lines = [child.start_mark.line + 1 for child in node.value]
    return result


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def read_yaml(path: Path, problems: Problems, display: str | None = None) -> Any:
    """Parse one file; on a syntax error record it (with its line) and return None."""
    shown = display or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        problems.error(shown, None, "", f"not UTF-8 text ({exc.reason} at byte {exc.start})")
        return None
    try:
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - _Loader derives from SafeLoader
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        problems.error(shown, line, "", f"invalid YAML: {exc.problem or exc.context}")
        return None


def line_of(data: Any, path: tuple) -> int | None:
    """The line of the deepest node along `path` (keys and list indexes) that carries a line."""
    best = getattr(data, "line", None)
    node = data
    for step in path:
        if isinstance(node, LineDict) and step in node:
            best = node.key_lines.get(step, best)
            node = node[step]
        elif isinstance(node, LineList) and isinstance(step, int) and step < len(node):
            best = node.item_lines[step]
            node = node[step]
        else:
            break
    return best


def field_name(path: tuple, data: Any = None) -> str:
    """A dotted field path that prefers ids over list indexes: `dishes.currywurst.values`."""
    parts: list[str] = []
    node = data
    for step in path:
        if isinstance(step, int):
            item = node[step] if isinstance(node, list) and step < len(node) else None
            parts.append(str(item["id"]) if isinstance(item, dict) and "id" in item else f"[{step}]")
        else:
            parts.append(str(step))
        try:
            node = node[step] if node is not None else None
        except (KeyError, IndexError, TypeError):
            node = None
    return ".".join(parts)
