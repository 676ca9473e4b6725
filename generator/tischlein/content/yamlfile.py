"""YAML reading that remembers where every key and list item stands, so errors can name a line.

Content is untrusted input (a translation pull request, a designer's folder): whatever bytes a file holds give a
file:line error, never a traceback, a hang or a memory blow-up. Files are capped in size and nesting, and in the
number of values they hold once every alias (`*name`) is written out — aliases that repeat a reason are fine,
the "billion laughs" bomb is not; control characters and invalid UTF-8 are named with their line. Parsing uses libyaml when PyYAML has it (the C parser keeps every line mark).
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import Any

from .errors import Problems

MAX_BYTES = 2_000_000          # the largest content file today is about 60 kB
MAX_DEPTH = 40                 # nesting of mappings and lists
MAX_NODES = 200_000            # scalars, mappings and lists in one file
# C0 controls but tab, newline and carriage return; DEL; C1 controls; unpaired surrogates; BOM inside a text
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\x80-\x9f\ud800-\udfff\ufeff]")


class LineDict(dict):
    """A mapping from YAML that knows its own line and the line of each key (1-based)."""

    line: int = 0
    key_lines: dict


class LineList(list):
    """A sequence from YAML that knows its own line and the line of each item (1-based)."""

    line: int = 0
    item_lines: list


class UnsafeYaml(Exception):
    """A YAML document that is well formed but refused: an alias, or too deep or too large."""

    def __init__(self, message: str, line: int | None):
        super().__init__(message)
        self.line = line


@lru_cache(maxsize=None)
def _loader() -> type:
    """The loader class, made on the first parse: PyYAML is imported only when a file is parsed (about 20 ms; a run
    whose files all come from the parse cache needs none of it)."""
    import yaml

    class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):      # type: ignore[misc]
        pass

    _Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
    _Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)
    return _Loader


def _construct_mapping(loader, node) -> LineDict:
    import yaml
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


def _construct_sequence(loader, node) -> LineList:
    result = LineList(loader.construct_object(child, deep=True) for child in node.value)
    result.line = node.start_mark.line + 1
    result.item_lines = [child.start_mark.line + 1 for child in node.value]
    return result


def read_yaml(path: Path, problems: Problems, display: str | None = None, empty: Any = None) -> Any:
    """Parse one file; on any problem record it (with its line) and return None. A file with nothing in it but
    comments is an error, unless `empty` says what it stands for (a translation file not started yet)."""
    shown = display or str(path)
    try:
        text = decode(path.read_bytes(), path)
    except UnsafeYaml as exc:
        problems.error(shown, exc.line, "", str(exc))
        return None
    except OSError as exc:
        problems.error(shown, None, "", f"cannot read the file: {exc.strerror}")
        return None
    import yaml
    loader = _loader()(text)
    try:
        node = loader.get_single_node()
        if node is None:
            if empty is None:
                problems.error(shown, 1, "", "the file is empty (or holds only comments)")
            return empty
        _check_nodes(node)
        return loader.construct_document(node)
    except UnsafeYaml as exc:
        problems.error(shown, exc.line, "", str(exc))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        what = exc.problem or exc.context
        problems.error(shown, mark.line + 1 if mark else None, "", f"invalid YAML: {what}{hint(what, text, mark)}")
    except yaml.YAMLError as exc:          # the reader's errors carry no mark
        problems.error(shown, 1, "", f"invalid YAML: {exc}")
    finally:
        loader.dispose()
    return None


# What libyaml says about the mistakes translators make, and what to do about them.
_HINTS = (
    ("mapping values are not allowed", "a text with \": \" in it must be in quotes: text: \"…\""),
    ("could not find expected ':'", "a text that goes on over several lines must be in quotes, or each "
                                    "further line indented under the first"),
    ("cannot start any token", "a text that starts with @, ` or % must be in quotes: text: \"…\""),
    ("found unknown escape character", "inside \"double quotes\" a backslash starts an escape: write \\\\ "
                                       "or put the text in 'single quotes'"),
    ("did not find expected key", "check the indentation, and put a text with \" or : in quotes"),
    ("found undefined alias", "a text that starts with * must be in quotes: text: \"…\""),
    ("expected <document start>", "a text that starts with % must be in quotes"),
)


def hint(problem: str | None, text: str = "", mark=None) -> str:
    """` (hint: …)` for a YAML error a translator can fix by quoting, or nothing."""
    for needle, advice in _HINTS:
        if problem and needle in problem:
            return f" (hint: {advice}{_quoted(text, mark)})"
    return ""


_KEY_VALUE = re.compile(r"^(?P<key>\s*[\w.-]+:) (?P<value>[^\"'{\[|>].*?)\s*$")


def _quoted(text: str, mark) -> str:
    """The line the error is on, as it reads quoted (`; write: text: "possède : face"`), when it is a plain
    `key: value` line: the translator sees their own text fixed, not an example."""
    if not text or mark is None:
        return ""
    lines = text.split("\n")
    line = lines[mark.line] if 0 <= mark.line < len(lines) else ""
    found = _KEY_VALUE.match(line)
    if not found:
        return ""
    value = found["value"].replace("\\", "\\\\").replace('"', '\\"')
    return f"; write: {found['key'].strip()} \"{value}\""


def decode(data: bytes, path: Path | str = "") -> str:
    """The text of a content file, or UnsafeYaml naming the line of what is wrong with it."""
    if len(data) > MAX_BYTES:
        raise UnsafeYaml(f"the file is larger than {MAX_BYTES // 1_000_000} MB", 1)
    try:
        text = data.decode("utf-8-sig" if data.startswith(b"\xef\xbb\xbf") else "utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise UnsafeYaml(f"not UTF-8 text: the byte 0x{data[exc.start]:02x} cannot start or continue a character "
                         "(save the file as UTF-8)", line) from None
    bad = _CONTROL.search(text)
    if bad:
        line = text.count("\n", 0, bad.start()) + 1
        column = bad.start() - (text.rfind("\n", 0, bad.start()) + 1) + 1
        raise UnsafeYaml(f"column {column}: the control character U+{ord(bad.group()):04X} has no place in a "
                         "text (delete it; write a line break as a new line)", line)
    # One form for every text from here on (NFC: "è" as one character, not "e" and a combining accent, which some
    # editors and macOS file names write): an accent the fonts draw precomposed would otherwise fail the glyph
    # check and set the whole PDF in the fallback typeface, and two spellings of one name would differ.
    return unicodedata.normalize("NFC", text)


def _check_nodes(root) -> None:
    """Refuse deep nesting and documents that hold too many values once their aliases are written out, before
    anything walks the data (an alias is the same node reached twice: counted each time it is reached)."""
    import yaml
    sizes: dict[int, int] = {}

    def size(node, depth: int) -> int:
        if depth > MAX_DEPTH:
            raise UnsafeYaml(f"the file nests deeper than {MAX_DEPTH} levels", node.start_mark.line + 1)
        if id(node) not in sizes:
            children = [n for pair in node.value for n in pair] if isinstance(node, yaml.MappingNode) else \
                node.value if isinstance(node, yaml.SequenceNode) else []
            sizes[id(node)] = 1 + sum(size(child, depth + 1) for child in children)
            if sizes[id(node)] > MAX_NODES:
                raise UnsafeYaml(f"the file holds more than {MAX_NODES:,} values once its aliases (*name) are "
                                 "written out", node.start_mark.line + 1)
        return sizes[id(node)]

    size(root, 1)


def line_of(data: Any, path: tuple) -> int | None:
    """The line of the deepest node along `path` (keys and list indexes) that carries a line. A document that is
    a bare word or number (a file cut short after its first few letters) has no node with a line: it is line 1."""
    best = getattr(data, "line", None if isinstance(data, (dict, list)) else 1)
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
