"""A content file parsed and checked against its schema, remembered by the hash of its bytes.

Parsing YAML and validating it with jsonschema is most of what loading costs, and most files do not change
between two runs. A file that parsed and validated without a single problem is kept (pickled, with its line
marks) under the hash of its bytes, of the schemas and of the code that reads it; the next run with the same
bytes skips both steps (and never imports jsonschema when every file is known). Anything with a problem is
never kept, so every error is found afresh and keeps its file:line message. The cache lives in
$TISCHLEIN_CACHE_DIR (default $XDG_CACHE_HOME/tischlein, else ~/.cache/tischlein); `off` turns it off.
"""
from __future__ import annotations

import hashlib
import importlib.util
import os
import pickle
import sys
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

from .errors import Problems
from .yamlfile import read_yaml

HERE = Path(__file__).resolve().parent
SCHEMAS = HERE / "schema"


def cache_dir() -> Path | None:
    configured = os.environ.get("TISCHLEIN_CACHE_DIR")
    if configured == "off":
        return None
    if configured:
        return Path(configured) / "parsed"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "tischlein" / "parsed"


@lru_cache(maxsize=None)
def _code_digest() -> bytes:
    """What the cached result depends on besides the file: the reading code, the schemas, the libraries."""
    h = hashlib.sha256(f"{sys.version}\0".encode() + _yaml_identity())
    for path in [HERE / "yamlfile.py", HERE / "schema.py", Path(__file__)] + sorted(SCHEMAS.glob("*.json")):
        h.update(path.read_bytes())
    return h.digest()


def _yaml_identity() -> bytes:
    """PyYAML's version and whether it has libyaml, read from its files without importing it (about 20 ms, which a
    run whose every file is cached needs for nothing else): its __init__.py, which names the version and picks
    the C loader, and the names of its compiled parts."""
    spec = importlib.util.find_spec("yaml")
    if spec is None or spec.origin is None:
        return b"no yaml"
    init = Path(spec.origin)
    compiled = sorted(p.name for p in init.parent.iterdir() if p.name.startswith("_yaml"))
    return init.read_bytes() + "\0".join(compiled).encode()


@lru_cache(maxsize=None)
def _schema_digest(schema: str | Path) -> bytes:
    return hashlib.sha256(str(schema).encode() + b"\0" + (Path(schema).read_bytes() if isinstance(schema, Path)
                                                          else b"")).digest()


def load_checked(path: Path, schema_ref: str | Path, problems: Problems, shown: str,
                 empty: Any = None) -> tuple[Any, bool]:
    """(the document, whether it is valid against `schema_ref`); (None, False) when it cannot be read. Every
    problem goes into `problems`, exactly as read_yaml and schema.validate report them."""
    folder = cache_dir()
    key = None
    if folder is not None:
        try:
            data = Path(path).read_bytes()
        except OSError:
            data = None
        if data is not None:
            key = hashlib.sha256(_code_digest() + _schema_digest(schema_ref) + repr(empty).encode() + data
                                 ).hexdigest()
            try:
                with open(folder / key[:2] / key, "rb") as f:
                    return pickle.load(f), True
            except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ValueError):
                pass
    before = (len(problems.errors), len(problems.warnings))
    doc = read_yaml(path, problems, shown, empty=empty)
    if doc is None:
        return None, False
    from . import schema
    valid = schema.validate(doc, schema_ref, shown, problems)
    if key is not None and valid and (len(problems.errors), len(problems.warnings)) == before:
        _store(folder / key[:2] / key, doc)
    return doc, valid


def _store(target: Path, doc: Any) -> None:
    """Keep a result; a cache that cannot be written (a read-only home) only means no speed-up."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".tmp-")
        with os.fdopen(fd, "wb") as f:
            pickle.dump(doc, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, target)
    except OSError:
        pass
