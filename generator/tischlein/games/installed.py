"""The entry points of one group, read from the installed distributions without importing importlib.metadata.

Importing importlib.metadata costs about 30 ms (it brings email, csv, zipfile and more), as much as packing a
card PDF's leftover cards, to read what is a few small text files: the entry_points.txt of each `*.dist-info`
or `*.egg-info` folder directly in a folder on sys.path. This reads them as importlib.metadata's
`entry_points(group=…)` does: folders in sys.path order, one distribution per normalised name (the first
found), sections and `name = value` lines alike. Anything it does not handle the same way — a zip file or egg
on sys.path, a finder of distributions other than the standard one, a file it cannot parse — sends the whole
question to importlib.metadata, which then answers (or fails) exactly as before.
"""
from __future__ import annotations

import os
import re
import sys
from importlib.machinery import PathFinder

SUFFIXES = (".dist-info", ".egg-info")
# what EntryPoint.module reads from a value (importlib.metadata.EntryPoint.pattern)
VALUE = re.compile(r"(?P<module>[\w.]+)\s*(:\s*(?P<attr>[\w.]+)\s*)?((?P<extras>\[.*\])\s*)?$")


class _Unusual(Exception):
    """Something importlib.metadata might treat otherwise: let it answer."""


def entry_point_modules(group: str) -> list[tuple[str, str]]:
    """(name, module) of every entry point in `group`, in importlib.metadata's order."""
    try:
        return _read(group)
    except _Unusual:
        from importlib.metadata import entry_points
        return [(e.name, e.module) for e in entry_points(group=group)]


def _read(group: str) -> list[tuple[str, str]]:
    finders = [f for f in sys.meta_path if getattr(f, "find_distributions", None) is not None]
    if finders != [PathFinder]:
        raise _Unusual
    seen: set[str] = set()
    found = []
    for root in sys.path:
        for name, folder in _infos(root):
            if name not in seen:
                seen.add(name)
                found += _entries(folder, group)
    return found


def _infos(root) -> list[tuple[str, str]]:
    """(normalised name, path) of the distributions in one sys.path folder, grouped by name as importlib.metadata's
    Lookup does (in the order the folder lists them)."""
    if not isinstance(root, str) or os.path.basename(root).lower().endswith(".egg"):
        raise _Unusual
    try:
        children = os.listdir(root or ".")
    except NotADirectoryError:
        raise _Unusual from None                      # a zip file on sys.path
    except OSError:
        return []
    by_name: dict[str, list[str]] = {}
    for child in children:
        low = child.lower()
        if low.endswith(SUFFIXES):
            if not child.endswith(SUFFIXES):         # its name would come from its metadata instead
                raise _Unusual
            name = re.sub(r"[-_.]+", "-", low.rpartition(".")[0].partition("-")[0]).replace("-", "_")
            by_name.setdefault(name, []).append(os.path.join(root, child))
    return [(name, path) for name, paths in by_name.items() for path in paths]


def _entries(folder: str, group: str) -> list[tuple[str, str]]:
    try:
        with open(os.path.join(folder, "entry_points.txt"), encoding="utf-8") as f:
            text = f.read()
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError, PermissionError):
        return []
    except (OSError, ValueError):
        raise _Unusual from None
    out = []
    section = None
    for line in map(str.strip, text.splitlines()):
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line.strip("[]")
            continue
        if section is None:
            continue
        if "=" not in line:
            raise _Unusual
        name, value = (part.strip() for part in line.split("=", 1))
        if section == group:
            match = VALUE.match(value)
            if match is None:
                raise _Unusual
            out.append((name, match.group("module")))
    return out
