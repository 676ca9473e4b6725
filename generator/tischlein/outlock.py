"""One build at a time per output folder: `<out>/.tischlein.lock`.

The lock is the kernel's (flock) on that file, so it goes when its holder dies, however it dies (kill -9
included), and a later build takes it over at once; forked workers share it, so it lasts as long as any of them.
The file holds the holder's PID, the process's start time (to tell a reused PID apart) and when it started, for
the message a second build prints. Where the file system has no flock (some network shares), the PID and start
time decide: a lock whose process is gone, or whose PID now belongs to another process, is taken over.
"""
from __future__ import annotations

import errno
import fcntl
import json
import os
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from .files import alive, process_start

LOCK_NAME = ".tischlein.lock"
POLL = 0.25        # seconds between two tries while waiting


class Locked(Exception):
    """Another build holds the output folder."""

    def __init__(self, path: Path, holder: str):
        self.path, self.holder = path, holder
        super().__init__(f"{holder} is writing into {path.parent}. Wait for it to end, or stop it; if no build is "
                         f"running, delete {path}")


def _read(path: Path) -> dict:
    try:
        found = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}


def _holder(found: dict) -> str:
    if not found.get("pid"):
        return "another build"
    return f"another {found.get('command', 'build')} (PID {found['pid']}, started {found.get('started', '?')})"


def _claim(fd: int, command: str) -> None:
    record = {"pid": os.getpid(), "start": process_start(os.getpid()), "command": command,
              "started": time.strftime("%Y-%m-%d %H:%M:%S")}
    os.ftruncate(fd, 0)
    os.pwrite(fd, (json.dumps(record) + "\n").encode(), 0)


def _try(fd: int, path: Path) -> bool:
    """Take the lock if free. Without flock, the record decides."""
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        return False
    except OSError as exc:
        if exc.errno not in (errno.ENOLCK, errno.EOPNOTSUPP, errno.EINVAL):
            raise
    found = _read(path)
    return not (isinstance(found.get("pid"), int) and found["pid"] != os.getpid()
                and alive(found["pid"], found.get("start")))


@contextmanager
def held(out_dir: Path, command: str, wait: bool = True, say: Callable[[str], None] = print) -> Iterator[Path]:
    """Hold `<out_dir>/.tischlein.lock` for the block; raise Locked at once when another build holds it and
    `wait` is false, else say so once and wait (Ctrl-C and SIGTERM stop the wait)."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / LOCK_NAME
    said = False
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            if _try(fd, path):
                try:          # the holder before us may have deleted the file: then lock the new one
                    if os.stat(path).st_ino == os.fstat(fd).st_ino:
                        break
                except FileNotFoundError:
                    pass
            elif not wait:
                raise Locked(path, _holder(_read(path)))
            elif not said:
                say(f"{_holder(_read(path))} is writing into {out_dir}; waiting for it to end (Ctrl-C to stop) …")
                said = True
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)
        time.sleep(POLL)
    try:
        _claim(fd, command)
        yield path
    finally:
        try:
            path.unlink(missing_ok=True)       # no lock file left in a finished output folder
        finally:
            os.close(fd)                        # the lock goes with the last descriptor (a worker's copy too)
