"""Writing output files so that a crash or an interrupted build never leaves a half-written one behind, and
nothing is written outside the output folder a user gave."""
from __future__ import annotations

import os
import signal
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator


@contextmanager
def atomic(path: Path) -> Iterator[Path]:
    """A temporary path beside `path` to write to; renamed to `path` when the block ends without an error,
    deleted otherwise (an interrupt included)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = None
    try:
        fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        tmp = Path(name)
        os.close(fd)
        yield tmp
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        if tmp is not None:
            tmp.unlink(missing_ok=True)
        raise


def write_text(path: Path, text: str) -> Path:
    with atomic(path) as tmp:
        tmp.write_text(text, encoding="utf-8")
    return Path(path)


def inside(root: Path, path: Path) -> Path:
    """`path`, resolved, after checking it lies inside `root`: an id from content must never lead elsewhere."""
    resolved = Path(path).resolve()
    if not resolved.is_relative_to(Path(root).resolve()):
        raise ValueError(f"{path} is outside {root}")
    return resolved


def exit_on_sigterm() -> None:
    """Let SIGTERM unwind like Ctrl-C does (finally blocks run, temporary folders go), exiting with 143."""
    def stop(signum: int, frame: object) -> None:
        raise SystemExit(128 + signum)
    signal.signal(signal.SIGTERM, stop)
