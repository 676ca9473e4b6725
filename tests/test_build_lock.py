"""One build at a time per output folder: while one builds, a second waits for it (saying so) and then finds
everything up to date, or with --no-wait stops at once with exit code 4, naming the holder and the lock file; a
lock left by a process that is gone is taken over; a finished build leaves no lock file."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TISCHLEIN = str(Path(sys.executable).parent / "tischlein")
BUILD = [TISCHLEIN, "build", "--game", "suppenkasper", "--lang", "en", "--paper", "a4", "--no-site", "--jobs", "2"]


def _start(out: Path, *extra: str) -> subprocess.Popen:
    return subprocess.Popen(BUILD + ["--out", str(out), *extra], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=dict(os.environ, TMPDIR=str(out.parent)))


def _held_by(lock: Path, pid: int, within: float = 60.0) -> dict:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            found = json.loads(lock.read_text())
            if found.get("pid") == pid:
                return found
        except (OSError, ValueError):
            pass
        time.sleep(0.05)
    raise AssertionError("the first build never took the lock")


def test_a_second_build_waits_or_refuses(tmp_path):
    out = tmp_path / "out"
    lock = out / ".tischlein.lock"
    first = _start(out)
    try:
        held = _held_by(lock, first.pid)
        refused = subprocess.run(BUILD + ["--out", str(out), "--no-wait"], cwd=ROOT, capture_output=True, text=True,
                                 timeout=120)
        waiting = _start(out)
        first_out, first_err = first.communicate(timeout=300)
        waited_out, waited_err = waiting.communicate(timeout=300)
    finally:
        first.kill()
    assert first.returncode == 0, first_err[-2000:]
    assert "built 3 of 3" in first_out
    assert refused.returncode == 4, refused.stderr[-2000:]
    assert refused.stderr.strip() == (
        f"Error: another tischlein build (PID {first.pid}, started {held['started']}) is writing into {out}. Wait "
        f"for it to end, or stop it; if no build is running, delete {lock}")
    assert waiting.returncode == 0, waited_err[-2000:]
    assert (f"another tischlein build (PID {first.pid}, started {held['started']}) is writing into {out}; waiting "
            "for it to end (Ctrl-C to stop) …") in waited_err
    assert "built 0 of 3" in waited_out, waited_out      # it built after the first, not beside it
    assert not lock.exists()


HOLD_THE_LOCK = """
import sys, time
from tischlein import outlock
with outlock.held(sys.argv[1], "tischlein build"):
    print("held", flush=True)
    time.sleep(600)
"""


def test_a_lock_left_by_a_killed_build_is_taken_over(tmp_path):
    import signal

    from tischlein import outlock
    out = tmp_path / "out"
    holder = subprocess.Popen([sys.executable, "-c", HOLD_THE_LOCK, str(out)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline() == "held\n"
        try:
            with outlock.held(out, "tischlein build", wait=False):
                raise AssertionError("the lock of a running build was taken")
        except outlock.Locked:
            pass
        holder.send_signal(signal.SIGKILL)        # its lock file stays, with its PID
        holder.wait(timeout=30)
    finally:
        holder.kill()
    assert json.loads((out / ".tischlein.lock").read_text())["pid"] == holder.pid
    with outlock.held(out, "tischlein build", wait=False):
        assert json.loads((out / ".tischlein.lock").read_text())["pid"] == os.getpid()
    assert not (out / ".tischlein.lock").exists()


def test_a_lock_whose_pid_now_belongs_to_another_process_is_taken_over(tmp_path, monkeypatch):
    """Without flock (a network share), the record decides: this test process's PID with another start time
    is a process that reused a dead build's PID."""
    import errno
    import fcntl

    from tischlein import outlock
    out = tmp_path / "out"
    out.mkdir()
    me = os.getpid()
    (out / ".tischlein.lock").write_text(json.dumps({"pid": os.getppid(), "start": outlock.process_start(
        os.getppid()) + 1, "command": "tischlein build", "started": "2026-01-01 00:00:00"}))

    def no_flock(fd, how):
        raise OSError(errno.ENOLCK, os.strerror(errno.ENOLCK))
    monkeypatch.setattr(fcntl, "flock", no_flock)
    with outlock.held(out, "tischlein build", wait=False):
        assert json.loads((out / ".tischlein.lock").read_text())["pid"] == me
    (out / ".tischlein.lock").write_text(json.dumps({"pid": os.getppid(), "start": outlock.process_start(
        os.getppid()), "command": "tischlein build", "started": "2026-01-01 00:00:00"}))
    try:
        with outlock.held(out, "tischlein build", wait=False):
            raise AssertionError("a live holder's lock was taken")
    except outlock.Locked as exc:
        assert f"(PID {os.getppid()}, started 2026-01-01 00:00:00)" in str(exc)
