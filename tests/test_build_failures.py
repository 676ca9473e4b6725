"""A build ends, always: a task that raises, a worker that dies or is killed, SIGTERM or Ctrl-C at a random
moment — each run through the build's own pool (tischlein.workers) with fake tasks, under a hard time limit,
ends within seconds, exits with the documented code and says one clear line, with no traceback. And a real
build into an output folder it cannot write ends the same way.

(concurrent.futures' pool hung for ever when a worker was stopped holding its result queue's lock, and printed
tracebacks for a task's error or a dead worker.)"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TISCHLEIN = str(Path(sys.executable).parent / "tischlein")

# `tischlein build` with fake tasks: each sleeps a random while and returns a result larger than a pipe's buffer
# (a worker then blocks while it sends it), one of them fails as `how` says at a random moment of its run.
FAKE_BUILD = r"""
import errno, os, random, signal, sys, threading, time, types
from pathlib import Path
from tischlein import buildplan
import tischlein.cli.build as build_command
from tischlein.cli import main

seed, how, jobs, out = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
rng = random.Random(seed)
count = rng.randint(jobs == "2" and 3 or 4, 10)
bad = rng.randrange(count)
delays = [rng.uniform(0.0, 0.3) for _ in range(count)]
fault_at = rng.uniform(0.0, 1.0)
tasks = [buildplan.Task("pdf", "fake", "en", f"p{i:02}") for i in range(count)]

def fake(task, out_dir):
    i = tasks.index(task)
    time.sleep(delays[i] * (fault_at if i == bad else 1.0))
    if i == bad and how == "raise":
        raise ValueError("injected fault")
    if i == bad and how == "oserror":
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), os.path.join(out_dir, "pdf", "fake.pdf"))
    if i == bad and how == "exit":
        os._exit(3)
    if i == bad and how == "sigkill":
        os.kill(os.getpid(), signal.SIGKILL)
    time.sleep(delays[i] * (1.0 - fault_at) if i == bad else 0.0)
    return [f"pdf/fake/{i}/{k:06}.pdf" for k in range(8000)], [f"pdf   fake {i}"], 0.0

def plan(*args, **kwargs):
    if how in ("sigterm", "sigint"):     # the user stops the build at a random moment of its run
        stop = signal.SIGTERM if how == "sigterm" else signal.SIGINT
        threading.Timer(sum(delays) * fault_at / int(jobs), os.kill, (os.getpid(), stop)).start()
    return tasks

buildplan._execute = fake
buildplan.plan = plan
if how == "startup":                     # every worker dies as it starts, before or after it is handed a task
    buildplan._worker_start = lambda: (time.sleep(delays[0] * fault_at), os._exit(3))
build_command.load_or_exit = lambda *a, **k: types.SimpleNamespace(games={}, languages=["en"], root=Path(out))
sys.argv = ["tischlein", "build", "--no-site", "--jobs", jobs, "--out", out, "--content", out]
main()
"""

EXIT = {"raise": 70, "oserror": 3, "exit": 1, "sigkill": 1, "startup": 1, "sigterm": 143, "sigint": 130}
RUNS = [(seed, how, jobs) for seed in range(4) for how in EXIT for jobs in ("2", "3")]


@pytest.mark.parametrize("seed, how, jobs", RUNS)
def test_a_failing_or_stopped_build_ends_with_one_line(tmp_path, seed, how, jobs):
    done = _run_fake_build(tmp_path, str(seed), how, jobs)
    said = done.stdout + done.stderr
    assert "Traceback" not in said and "Exception ignored" not in said, said[-3000:]
    assert done.returncode == EXIT[how], (done.returncode, said[-3000:])
    errors = [line for line in done.stderr.splitlines() if line.strip()]
    if how == "sigterm":
        assert errors == [], errors
        return
    assert len(errors) == 1, errors
    line = errors[0]
    if how == "sigint":
        assert line == "tischlein build stopped (Ctrl-C)"
    elif how == "oserror":
        assert line == (f"Error: tischlein build stopped: {tmp_path / 'out' / 'pdf' / 'fake.pdf'}: the disk is full "
                        "(No space left on device). Free some space, then run it again.")
    elif how == "raise":
        assert line.startswith("Error: tischlein build stopped while building pdf/fake/en/p"), line
        assert line.endswith("by a bug in tischlein (ValueError: injected fault). Run it again with --debug (or "
                             "TISCHLEIN_DEBUG=1) to see where, and report it."), line
    else:
        assert line.startswith("Error: pdf/fake/en/p") and ": a worker process ended unexpectedly (" in line, line
        assert line.endswith("; nothing half-written was kept, run the build again"), line
    # every worker is gone: no process still holds the output folder's pipe or files
    assert not _leftover_workers(), "a worker outlived the build"


def _run_fake_build(tmp_path: Path, seed: str, how: str, jobs: str, **env: str) -> subprocess.CompletedProcess:
    """The fake build in a session of its own, so that a hung one is ended with every worker it started."""
    proc = subprocess.Popen([sys.executable, "-c", FAKE_BUILD, seed, how, jobs, str(tmp_path / "out")], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                            env=dict(os.environ, TMPDIR=str(tmp_path), **env))
    try:
        stdout, stderr = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        pytest.fail(f"the build hung ({how}, seed {seed}, {jobs} jobs)")
    return subprocess.CompletedProcess(proc.args, proc.returncode, stdout, stderr)


def _leftover_workers() -> list[str]:
    """Processes still running the fake build's script (a worker the build left behind)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            if b"injected fault" in stat.read_bytes():
                found.append(stat.parent.name)
        except OSError:
            pass
    return found


def test_debug_shows_the_workers_traceback(tmp_path):
    done = _run_fake_build(tmp_path, "0", "raise", "2", TISCHLEIN_DEBUG="1")
    assert done.returncode == 1 and "Traceback" in done.stderr and "in fake" in done.stderr, done.stderr[-2000:]


def test_a_real_build_into_a_folder_it_cannot_write_ends_with_one_line(tmp_path):
    """A file where the PDFs' folder should be: the first task fails, the others are stopped."""
    out = tmp_path / "out"
    (out / "pdf").mkdir(parents=True)
    (out / "pdf" / "suppenkasper").write_text("a file, not a folder")
    done = subprocess.run([TISCHLEIN, "build", "--game", "suppenkasper", "--lang", "en", "--no-site", "--jobs", "2",
                           "--out", str(out)], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, TMPDIR=str(tmp_path)))
    assert "Traceback" not in done.stdout + done.stderr, done.stderr[-3000:]
    assert done.returncode == 3, done.stderr[-3000:]
    assert done.stderr.strip().splitlines() == [
        f"Error: tischlein build stopped: {out / 'pdf' / 'suppenkasper'}: a file is where a folder should be (File "
        "exists). Move or delete that file, or choose another folder."]
    assert not [p for p in tmp_path.iterdir() if p.name.startswith("tischlein-")]
