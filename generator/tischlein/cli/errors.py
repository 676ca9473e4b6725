"""One place where every command's errors become one line a user can act on, with an exit code of its own.

A full disk, a read-only or a mistyped output folder, a symbolic-link loop: what failed, the path, and what to do,
never a traceback. `tischlein --debug …` (or TISCHLEIN_DEBUG=1) shows the traceback instead.
"""
from __future__ import annotations

import errno
import os
import re
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

import click

# The exit codes `tischlein --help` and the README list.
EXIT_FAILED = 1        # content errors, a failed check or replay, a task of the build that failed
EXIT_USAGE = 2         # a mistyped command or option
EXIT_FILES = 3         # a file or folder could not be read or written
EXIT_LOCKED = 4        # another build is writing into the output folder (build --no-wait)
EXIT_BUG = 70          # a bug in tischlein: the message says how to see where
EXIT_INTERRUPTED = 130  # Ctrl-C
EXIT_STOPPED = 143     # SIGTERM
EXIT_CODES = f"""Exit codes: 0 done; {EXIT_FAILED} content errors or a failed task; {EXIT_USAGE} a mistyped command
or option; {EXIT_FILES} a file or folder could not be read or written; {EXIT_LOCKED} another build is writing into
the output folder (build --no-wait); {EXIT_BUG} a bug in tischlein; {EXIT_INTERRUPTED} stopped by Ctrl-C;
{EXIT_STOPPED} stopped by SIGTERM."""

DEBUG_VARIABLE = "TISCHLEIN_DEBUG"

# errno → (what is wrong, what to do)
_REASONS = {
    errno.ENOSPC: ("the disk is full", "Free some space, then run it again."),
    errno.EDQUOT: ("the disk quota is used up", "Free some space, then run it again."),
    errno.EROFS: ("the file system is read-only", "Choose another folder to write to, or make this one writable."),
    errno.EACCES: ("permission denied", "Choose another folder to write to, or get the right to write there."),
    errno.EPERM: ("not permitted", "Choose another folder to write to, or get the right to write there."),
    errno.ENOTDIR: ("a file is where a folder should be",
                    "Move or delete that file, or choose another folder."),
    errno.EISDIR: ("a folder is where a file should be", "Move or delete that folder, or choose another name."),
    errno.ENAMETOOLONG: ("the name is too long for the file system", "Choose a folder with a shorter path."),
    errno.ELOOP: ("symbolic links point at each other in a loop", "Fix or remove that link."),
    errno.ENOENT: ("not found", "Check the path."),
    errno.EEXIST: ("something is already there", "Move or delete it, or choose another folder."),
    errno.EMFILE: ("too many files are open", "Close other programs, or raise the limit (ulimit -n)."),
    errno.EIO: ("the disk reported a read or write error", "Check the disk, then run it again."),
}


class Failure(click.ClickException):
    """An error shown as one line, `Error: …`, ending the command with `exit_code`."""

    def __init__(self, message: str, exit_code: int):
        super().__init__(message)
        self.exit_code = exit_code


def debugging() -> bool:
    return os.environ.get(DEBUG_VARIABLE, "") not in ("", "0")


def _shown(path: object) -> str:
    text = os.fsdecode(path) if isinstance(path, (str, bytes, os.PathLike)) else str(path)
    return text if len(text) <= 160 else f"{text[:70]}…{text[-70:]}"


def _culprit(path: str, code: int) -> str:
    """For "not a directory", the file that stands where a folder should be; for a loop, the first link of it.
    Otherwise the path itself."""
    if code not in (errno.ENOTDIR, errno.ELOOP):
        return path
    probe = Path(path)
    for part in [*reversed(probe.parents)][1:] + [probe]:
        try:
            if code == errno.ENOTDIR and part.exists() and not part.is_dir():
                return str(part)
            if code == errno.ELOOP and part.is_symlink():
                part.stat()
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                return str(part)
        except RuntimeError:
            return str(part)
    return path


def describe(exc: OSError, command: str) -> str:
    """`<command> stopped: <path>: <what is wrong> (<the system's words>). <What to do>.`"""
    code = exc.errno or 0
    if code == errno.EEXIST and exc.filename is not None and os.path.isfile(exc.filename):
        code = errno.ENOTDIR          # mkdir(exist_ok=True) finding a file there
    reason, advice = _REASONS.get(code, (exc.strerror or str(exc), "Check the path, then run it again."))
    words = exc.strerror or (errno.errorcode.get(code, "") if code else "")
    path = exc.filename2 if exc.filename2 is not None and code not in (errno.ENOSPC, errno.EIO) else exc.filename
    where = f"{_shown(_culprit(os.fsdecode(path), code))}: " if path is not None else ""
    said = f" ({words})" if words and words.lower() != reason.lower() else ""
    return f"{command} stopped: {where}{reason}{said}. {advice}"


_LOOP = re.compile(r"^Symlink loop from '(.*)'$")


def _as_os_error(exc: BaseException) -> OSError | None:
    """pathlib's resolve() reports a symbolic-link loop as a RuntimeError (Python 3.11 and 3.12)."""
    if isinstance(exc, OSError):
        return exc
    found = _LOOP.match(str(exc)) if isinstance(exc, RuntimeError) else None
    if found:
        return OSError(errno.ELOOP, os.strerror(errno.ELOOP), found.group(1))
    return None


@contextmanager
def handled(name: Callable[[], str]) -> Iterator[None]:
    """Run a command: a stop, an operating-system error or a bug ends it with one line and its exit code.
    `name()`: the command's name ("tischlein build"), known once the command runs."""
    try:
        yield
    except (click.ClickException, click.exceptions.Exit, click.Abort):
        raise
    except KeyboardInterrupt:
        command = name()
        if debugging():
            raise
        click.echo(f"\n{command} stopped (Ctrl-C)", err=True)
        sys.exit(EXIT_INTERRUPTED)
    except Exception as exc:
        command = name()
        if debugging():
            details = getattr(exc, "details", None)        # a worker's traceback (tischlein.workers.TaskFailed)
            if details:
                click.echo(details, err=True)
            raise
        found = _as_os_error(exc)
        if found is not None:
            raise Failure(describe(found, command), EXIT_FILES) from None
        task = getattr(exc, "task", None)
        where = f" while building {task}" if task else ""
        kind = getattr(exc, "kind", type(exc).__name__)
        message = getattr(exc, "message", str(exc))
        raise Failure(f"{command} stopped{where} by a bug in tischlein ({kind}: {message}). Run it again with "
                      f"--debug (or {DEBUG_VARIABLE}=1) to see where, and report it.", EXIT_BUG) from None
