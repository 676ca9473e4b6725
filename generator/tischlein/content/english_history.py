"""The English a translation was made from, found again in the content's git history.

A translation records the hash of its English (`source`); files written before tischlein kept the English itself
beside it (`english:`) say nothing more. When the content folder is in a git repository, every English text it
ever held is in the history: the one whose hash is the translation's `source` is the English it was translated
from, and `i18n status --diff` can show what changed since.
"""
from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any, Iterable, Iterator

from .i18n import source_hash
from .plural import CATEGORIES, from_yaml

MAX_BLOBS = 5000          # file versions read at most: a long history is searched from its newest commits


def _git(root: Path, *args: str, data: bytes | None = None) -> bytes | None:
    try:
        done = subprocess.run(["git", "-C", str(root), *args], input=data, capture_output=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout if done.returncode == 0 else None


def _texts(value: Any) -> Iterator["str | Any"]:
    """Every English text in a parsed file: strings, and plural mappings (they have a `one` or `other` form)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        if "other" in value and all(k in (*CATEGORIES, "count") for k in value) and \
                all(isinstance(v, str) for v in value.values()):
            yield from_yaml(value)
        for item in value.values():
            yield from _texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from _texts(item)


def _english_paths(names: Iterable[str]) -> list[str]:
    return sorted({n for n in names if n.endswith(".yaml") and "/i18n/" not in n and
                   (n.endswith("ui/en.yaml") or "/games/" in n or n.startswith("games/"))})


def find(root: Path, wanted: set[str]) -> dict[str, "str | dict"]:
    """hash -> the English text with that hash, for the hashes in `wanted` found in the git history of the
    English files of the content folder `root` (and tischlein's own ui/en.yaml, when it is in the same
    repository). Empty when `root` is not in a git repository."""
    import yaml
    found: dict[str, Any] = {}
    top = _git(Path(root), "rev-parse", "--show-toplevel")
    if not wanted or top is None:
        return found
    top_dir = Path(top.decode().strip())
    package_ui = Path(__file__).resolve().parent / "ui" / "en.yaml"
    scopes = [str(Path(root).resolve())] + ([str(package_ui)] if package_ui.is_relative_to(top_dir) else [])
    log = _git(top_dir, "log", "--format=@%H", "--name-only", "--", *scopes)
    if log is None:
        return found
    blobs: list[str] = []
    commit = ""
    for line in log.decode("utf-8", "replace").splitlines():
        if line.startswith("@"):
            commit = line[1:]
        elif line.strip() and _english_paths([line]):
            blobs.append(f"{commit}:{line}")
    blobs = blobs[:MAX_BLOBS]
    out = _git(top_dir, "cat-file", "--batch", data="\n".join(blobs).encode() + b"\n")
    if out is None:
        return found
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    at = 0
    while at < len(out) and len(found) < len(wanted):
        end = out.index(b"\n", at)
        header = out[at:end].split()
        at = end + 1
        if len(header) < 3 or header[1] == b"missing":
            continue
        size = int(header[2])
        body, at = out[at:at + size], at + size + 1
        try:
            doc = yaml.load(body.decode("utf-8"), Loader=loader)        # noqa: S506 (a safe loader)
        except (yaml.YAMLError, UnicodeDecodeError):
            continue
        for text in _texts(doc):
            digest = source_hash(text)
            if digest in wanted and digest not in found:
                found[digest] = text.as_message() if hasattr(text, "as_message") else text
    return found


def recover(content, langs: Iterable[str] | None = None) -> list[tuple[str, str, "str | dict"]]:
    """Give every stale translation that does not keep its English the English of its `source` hash from the
    git history (in memory: `i18n accept --record-english` writes it); (file, key, English) of each recovered."""
    from dataclasses import replace
    catalogs = [content.ui] + [g.catalog for g in content.games.values()]
    lacking = [(catalog, lang, key, tr) for catalog in catalogs for lang, entries in catalog.translations.items()
               if langs is None or lang in langs for key, tr in entries.items()
               if tr.english is None and catalog.status(key, lang) == "stale"]
    found = find(Path(content.root), {tr.source for *_, tr in lacking}) if lacking else {}
    done = []
    for catalog, lang, key, tr in lacking:
        if tr.source in found:
            catalog.translations[lang][key] = replace(tr, english=found[tr.source])
            done.append((tr.file, key, found[tr.source]))
    return done


def word_diff(old: str, new: str) -> str:
    """`old` → `new` as one text with the words taken out [-so-] and the words put in {+so+}."""
    import difflib
    import re
    a, b = re.split(r"(\s+)", old), re.split(r"(\s+)", new)
    out = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            out.append("".join(a[i1:i2]))
            continue
        if i2 > i1:
            out.append("[-" + "".join(a[i1:i2]) + "-]")
        if j2 > j1:
            out.append("{+" + "".join(b[j1:j2]) + "+}")
    return "".join(out)
