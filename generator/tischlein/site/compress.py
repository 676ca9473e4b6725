"""Precompressed copies of the site's text files: `x.js.gz` beside `x.js`, for `tischlein site --serve`
(serve.py) and for static hosts that send them as they are (nginx `gzip_static`, and the like).

gzip only: every browser takes it, and Python has it. Brotli at its best (quality 11) makes Pyodide's wasm 2.7 MB
instead of 3.5 MB (a first deal 5.7 MB instead of 6.5 MB) but takes 24 s a build and a native package (`brotli`);
at quality 9 it gains a tenth. A host that wants brotli compresses by itself.
A copy is deterministic (level 9, no name, no time in the header): two builds of the same files are byte for byte
the same. It is written only where it pays (below, the original is sent), and counts only while it is at least
as new as its original: a page edited by hand after the build is sent as it is.
"""
from __future__ import annotations

import gzip
import hashlib
import json
import os
from pathlib import Path

from ..files import atomic

SUFFIX = ".gz"
ENCODING = "gzip"
# text, and Pyodide's wasm (9.6 MB → 3.5 MB); not zips, PDFs or images, which are compressed already
TYPES = frozenset({".html", ".css", ".js", ".mjs", ".json", ".svg", ".wasm", ".xml", ".txt"})
SMALLEST = 1024           # bytes: a smaller response crosses in one packet either way
PAYS = 0.9                # a copy is kept when it is at most this share of the original


def wanted(name: str, size: int) -> bool:
    """Whether a file of this name and size gets a compressed copy, if the copy pays."""
    return Path(name).suffix.lower() in TYPES and size >= SMALLEST


def packed(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=9, mtime=0)


def copy_of(path: Path) -> Path:
    return path.with_name(path.name + SUFFIX)


def current(path: Path) -> bool:
    """Whether `path` has a compressed copy at least as new as itself (else the copy is stale or missing)."""
    copy = copy_of(path)
    try:
        return copy.stat().st_mtime_ns >= path.stat().st_mtime_ns
    except FileNotFoundError:
        return False


def date_like(copy: Path, original: Path) -> None:
    """Give a copy its original's modification time: written first, it is current with it (see `current`)."""
    stat = original.stat()
    os.utime(copy, ns=(stat.st_atime_ns, stat.st_mtime_ns))


def write_copy(source: Path, target: Path | None = None) -> Path | None:
    """Write the compressed copy of `source` to `target` (default: beside it) when that pays, else remove a
    stale one there; return the copy written or kept."""
    target = target or copy_of(source)
    data = source.read_bytes()
    body = packed(data) if wanted(source.name, len(data)) else None
    if body is None or len(body) > PAYS * len(data):
        target.unlink(missing_ok=True)
        return None
    if not (target.is_file() and target.read_bytes() == body):
        target.parent.mkdir(parents=True, exist_ok=True)
        with atomic(target) as tmp:
            tmp.write_bytes(body)
    return target


def sent_bytes(paths: list[Path], cache: Path | None = None) -> int:
    """What a server that sends the copies sends for these files: each copy's size where one pays, else the
    file's. `cache` (a JSON file) keeps the sizes by content hash: compressing Pyodide takes a second."""
    known = {}
    if cache is not None and cache.is_file():
        try:
            known = json.loads(cache.read_text(encoding="utf-8"))
        except ValueError:
            known = {}
    total = 0
    for path in paths:
        data = path.read_bytes()
        key = hashlib.sha256(data).hexdigest()
        if key not in known:
            size = len(packed(data)) if wanted(path.name, len(data)) else len(data)
            known[key] = size if size <= PAYS * len(data) else len(data)
        total += known[key]
    if cache is not None:
        cache.parent.mkdir(parents=True, exist_ok=True)
        with atomic(cache) as tmp:
            tmp.write_text(json.dumps(known, sort_keys=True), encoding="utf-8")
    return total
