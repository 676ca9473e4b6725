"""Writing output files so that a crash or an interrupted build never leaves a half-written one behind, and
nothing is written outside the output folder a user gave."""
from __future__ import annotations

import os
import re
import shutil
import signal
import sys
import tempfile
import threading
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
        with _stops_held():
            fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
            tmp = Path(name)
        os.close(fd)
        yield tmp
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException as exc:
        if tmp is not None:
            tmp.unlink(missing_ok=True)
        if isinstance(exc, OSError) and exc.filename is None:
            exc.filename = str(path)       # a write to a full disk names no file: the message names this one
        raise


def new_temporary_folder(prefix: str) -> Path:
    """A new folder in the temporary directory (tempfile.mkdtemp), made with stops held like `atomic`'s file: a stop
    arriving inside mkdtemp would leave the folder behind, its name unknown to the caller. Its name carries this
    process's PID and start time (`tischlein-export-<pid>.<start>-…`), so a later build can tell a folder that
    a killed process left (`remove_orphans`) from one still in use."""
    made = None
    try:
        with _stops_held():
            made = Path(tempfile.mkdtemp(prefix=f"{prefix}{os.getpid()}.{process_start(os.getpid()) or 0}-"))
    except BaseException:
        if made is not None:
            shutil.rmtree(made, ignore_errors=True)
        raise
    return made


@contextmanager
def temporary_folder(prefix: str) -> Iterator[Path]:
    """A temporary folder for the block, removed when it ends, an interrupt included."""
    folder = new_temporary_folder(prefix)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def _stops_held() -> Iterator[None]:
    """SIGTERM and Ctrl-C held back while a temporary file is created: a stop arriving after the file exists but
    before its name is known would leave it behind. Held, the stop comes once the name is known, and the caller's
    cleanup removes the file. The handlers are swapped for ones that note the stop, not the signals masked: a
    process with other threads (a test runner's) gets the signal in one that does not mask it, and Python runs the
    handler in the main thread all the same. (Only the main thread runs handlers; elsewhere there is nothing to
    hold.)"""
    stops = (signal.SIGTERM, signal.SIGINT)
    before = {s: signal.getsignal(s) for s in stops}
    if threading.current_thread() is not threading.main_thread() or None in before.values():
        yield                          # None: a handler not set from Python, which could not be put back
        return
    caught: list[int] = []
    for s in stops:
        signal.signal(s, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        for s, handler in before.items():
            signal.signal(s, handler)
        for s in caught:
            signal.raise_signal(s)


# -- what a killed build leaves behind -----------------------------------------------------------------------

_OWN_TEMPORARY = re.compile(r"^\..+\.[a-z0-9_]{8}\.tmp$")           # atomic's: .<name>.<8 random>.tmp
_OWNED_FOLDER = re.compile(r"^tischlein-[a-z]+-(\d+)\.(\d+)-")       # new_temporary_folder's


def process_start(pid: int) -> int | None:
    """When the process started, in clock ticks since boot (Linux); None when there is no such process."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return int(stat.rsplit(")", 1)[1].split()[19])


def alive(pid: int, start: int | None) -> bool:
    """Whether that process still runs: the PID exists and, where a start time is given and known, it is the
    same process (not a new one that got the PID of a dead one)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    now = process_start(pid)
    return not start or now is None or now == start


def remove_orphans(out_dir: Path) -> list[str]:
    """Remove the temporary files a killed build left in `out_dir` (the caller holds its lock, so no build is
    writing them) and the working folders in the temporary directory whose process is gone. The names removed."""
    removed = []
    for folder, _, names in os.walk(out_dir):
        for name in names:
            if _OWN_TEMPORARY.match(name):
                (Path(folder) / name).unlink(missing_ok=True)
                removed.append(str(Path(folder) / name))
    try:
        entries = list(os.scandir(tempfile.gettempdir()))
    except OSError:
        entries = []
    for entry in entries:
        found = _OWNED_FOLDER.match(entry.name)
        if found and entry.is_dir(follow_symlinks=False) and not alive(int(found[1]), int(found[2])):
            shutil.rmtree(entry.path, ignore_errors=True)
            removed.append(entry.path)
    return removed


def remove_empty_folders(folder: Path, root: Path) -> None:
    """`folder` and each parent up to (not including) `root`, as long as they are empty."""
    folder, root = Path(folder), Path(root)
    while folder != root and folder.is_relative_to(root):
        try:
            folder.rmdir()
        except OSError:           # not empty (or gone): the parents are not empty either
            if folder.exists():
                return
        folder = folder.parent


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


_STOPS: list[int] = []          # the stop signals this process received, oldest first


def _raise_stop(signum: int) -> None:
    if signum == signal.SIGINT:
        raise KeyboardInterrupt
    raise SystemExit(128 + signum)


def exit_on_sigterm() -> None:
    """Let SIGTERM unwind like Ctrl-C does (finally blocks run, temporary folders go), exiting with 143.
    The signal is also noted: raised inside a finalizer or a weakref callback, where Python prints and ignores
    exceptions, it would be lost, and `stop_if_asked` raises it again at the next safe point."""
    def stop(signum: int, frame: object) -> None:
        note_stop(signum)
        _raise_stop(signum)
    signal.signal(signal.SIGTERM, stop)
    sys.unraisablehook = _quiet_about_noted_stops(sys.unraisablehook)


def _quiet_about_noted_stops(hook):
    """The unraisable hook, but silent about a stop raised where Python ignores it: that stop is noted and
    raised again, so its "Exception ignored … SystemExit: 143" traceback on stderr would only alarm the user."""
    def quiet(info) -> None:
        if _STOPS and isinstance(info.exc_value, (SystemExit, KeyboardInterrupt)):
            return
        hook(info)
    return quiet


def note_stop(signum: int) -> None:
    """Note a stop signal for `stop_if_asked` (from a signal handler)."""
    _STOPS.append(signum)


def stop_if_asked() -> None:
    """Raise the stop a signal asked for, if one came (see `exit_on_sigterm` and `stops_noted`)."""
    if _STOPS:
        _raise_stop(_STOPS[0])


@contextmanager
def stops_noted() -> Iterator[None]:
    """Inside, SIGTERM and Ctrl-C are only noted, to be raised by `stop_if_asked` where the caller holds no lock.
    Raised at a random point, they can leave one of concurrent.futures' locks held (its `wait` takes the
    futures' locks one by one, with no `finally`), and the pool's shutdown then waits for it forever."""
    previous = {number: signal.signal(number, lambda signum, frame: note_stop(signum))
                for number in (signal.SIGTERM, signal.SIGINT)}
    yield           # leaving with an exception, the process is stopping: a second signal is noted, not raised
    for number, handler in previous.items():
        signal.signal(number, handler)
