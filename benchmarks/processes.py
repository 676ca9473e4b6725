"""Whole processes, as a user runs them: each figure is a command's wall (and CPU) time next to a baseline
process measured in the same run, interleaved, so a busy machine slows both alike.

- `tischlein --help` against a bare `python -c pass` (the interpreter's own start-up); aim ≤ 0.2 s.
- `tischlein check` against a script that only parses every content file with PyYAML's C loader.
- `tischlein pdf mahlzeit` against a bare reportlab script drawing the same cards with backs (run.bare_reportlab)
  as its own process; aim ≤ 2×.
- `tischlein build` from an empty output folder: sequential (`--jobs 1`) against the default pool; aim ≤ 0.6×.
- a rebuild after editing one German string of one game against that full build; aim ≤ 15 %.

Run `python benchmarks/run.py cli` and `python benchmarks/run.py build` (both are part of `make bench`).
"""
from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
TISCHLEIN = str(BIN / "tischlein")

PARSE_ONLY = """import sys, yaml
from pathlib import Path
for p in sorted(Path(sys.argv[1]).rglob('*.yaml')):
    yaml.load(p.read_bytes(), Loader=yaml.CSafeLoader)
"""
BARE_PDF = """import sys
sys.path[:0] = [sys.argv[1], sys.argv[2]]
from pathlib import Path
from run import bare_reportlab
bare_reportlab(Path(sys.argv[3]), int(sys.argv[4]))
"""


def process(args: list[str], env: dict | None = None, cwd: Path = ROOT) -> tuple[float, float]:
    """Wall time and CPU time (user + system, of the process and its children) of one command; exits on error.
    Bytecode is cached as in a user's shell: some machines set PYTHONDONTWRITEBYTECODE, which would charge every
    run of tischlein (not of the baselines, whose libraries come with their .pyc) with compiling it from source."""
    env = {k: v for k, v in (os.environ if env is None else env).items() if k != "PYTHONDONTWRITEBYTECODE"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(args)} failed ({done.returncode}):\n{done.stderr.decode()[-2000:]}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def interleaved(commands: dict[str, list[str]], repeat: int, env: dict | None = None) -> dict[str, tuple]:
    """Median wall and CPU time of each command over `repeat` rounds, the commands alternating within a round,
    after one warm-up round (the page cache holds the files and .pyc from then on, as for a user's second run)."""
    for args in commands.values():
        process(args, env)
    runs: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for _ in range(repeat):
        for name, args in commands.items():
            runs[name].append(process(args, env))
    return {name: (statistics.median(w for w, _ in r), statistics.median(c for _, c in r))
            for name, r in runs.items()}


def _line(what: str, ours: tuple, base: tuple, base_name: str, aim: str) -> None:
    print(f"cli    {what}: {ours[0] * 1000:.0f} ms wall ({ours[1] * 1000:.0f} ms CPU); {base_name} "
          f"{base[0] * 1000:.0f} ms ({base[1] * 1000:.0f} ms CPU); ratio {ours[0] / base[0]:.2f}x wall, "
          f"{ours[1] / base[1]:.2f}x CPU {aim}")


def _load() -> str:
    """The machine's load while measuring: with more runnable processes than cores, wall times grow for
    ours and the baseline alike (the ratio holds up), but a figure in seconds does not; the CPU time does."""
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (1 min), {five:.1f} (5 min) on {os.cpu_count()} cores"


def bench_cli(repeat: int = 7) -> None:
    print(f"cli    {_load()}")
    from tischlein.content import loader
    cards = len(loader.load(ROOT / "content", ["mahlzeit"]).games["mahlzeit"].model.cards())
    py = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        t = interleaved({"help": [TISCHLEIN, "--help"], "python": [py, "-c", "pass"]}, repeat)
        _line("tischlein --help", t["help"], t["python"], "bare `python -c pass`",
              f"(aim: ≤ 0.2 s wall: {'met' if t['help'][0] <= 0.2 else 'MISSED'}; "
              f"CPU {'≤' if t['help'][1] <= 0.2 else '>'} 0.2 s)")
        t = interleaved({"check": [TISCHLEIN, "check"], "parse": [py, "-c", PARSE_ONLY, str(ROOT / "content")]},
                        max(3, repeat // 2))
        _line("tischlein check", t["check"], t["parse"], "parsing every content file only", "")
        # check measures every card with the PDF's code unless it measured the same content clean before: the
        # first run after an edit (its own cache folder, the measured results removed before each run) against
        # a run that finds them (aim: a translator's next run costs at most 2x the check without measuring)
        cache = Path(tmp) / "cache"
        env = {**os.environ, "TISCHLEIN_CACHE_DIR": str(cache)}
        t = interleaved({"measuring": ["sh", "-c", f'rm -rf "{cache}/fitted" && exec "$0" check', TISCHLEIN],
                         "remembered": [TISCHLEIN, "check"]}, max(3, repeat // 2), env)
        ratio = t["measuring"][1] / t["remembered"][1]
        _line("tischlein check measuring every card", t["measuring"], t["remembered"],
              "check that remembers them clean", f"(aim: ≤ 2x CPU: {'met' if ratio <= 2 else 'MISSED'})")
        t = interleaved({
            "pdf": [TISCHLEIN, "pdf", "mahlzeit", "-o", f"{tmp}/ours.pdf"],
            "bare": [py, "-c", BARE_PDF, str(ROOT / "benchmarks"), str(ROOT / "generator"), f"{tmp}/bare.pdf",
                     str(cards)]}, repeat)
        ratio = t["pdf"][0] / t["bare"][0]
        _line(f"tischlein pdf mahlzeit ({cards} cards with backs)", t["pdf"], t["bare"],
              "bare reportlab script", f"(aim: ≤ 2x wall: {'met' if ratio <= 2 else 'MISSED'})")


def _supports_jobs() -> bool:
    done = subprocess.run([TISCHLEIN, "build", "--help"], capture_output=True, text=True)
    return "--jobs" in done.stdout


def _digest(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and ".cache" not in p.parts}


def _stamps(folder: Path) -> dict[str, int]:
    return {str(p.relative_to(folder)): p.stat().st_mtime_ns for p in folder.rglob("*")
            if p.is_file() and ".cache" not in p.parts}


def edit_one_string(text: str) -> str:
    """The file with its first double-quoted translation changed, as a translator's one-word fix."""
    lines = text.split("\n")
    i = next(i for i, line in enumerate(lines) if line.lstrip().startswith("text: "))
    quoted = lines[i].endswith('"')
    lines[i] = lines[i][:-1] + ' (neu)"' if quoted else lines[i] + " (neu)"
    return "\n".join(lines)


def bench_build() -> None:
    """Full builds from an empty output folder (the simulation cache empty too), then one German string."""
    print(f"build  {_load()}")
    jobs = _supports_jobs()
    cores = os.cpu_count() or 1
    tmp = Path(tempfile.mkdtemp(prefix="tischlein-bench-build-"))
    try:
        content = tmp / "content"
        shutil.copytree(ROOT / "content", content)
        seq_out, par_out = tmp / "seq", tmp / "par"
        seq = process([TISCHLEIN, "build", "--content", str(content), "--out", str(seq_out)]
                      + (["--jobs", "1"] if jobs else []))
        print(f"build  full, sequential{' (--jobs 1)' if jobs else ''}: {seq[0]:.1f} s wall, {seq[1]:.1f} s CPU")
        if jobs:
            par = process([TISCHLEIN, "build", "--content", str(content), "--out", str(par_out)])
            same = _digest(seq_out) == _digest(par_out)
            print(f"build  full, parallel (default --jobs = {cores} cores): {par[0]:.1f} s wall, {par[1]:.1f} s CPU; "
                  f"ratio {par[0] / seq[0]:.2f}x the sequential build (aim: ≤ 0.6x: "
                  f"{'met' if par[0] / seq[0] <= 0.6 else 'MISSED'}); outputs byte-identical: {same}")
        else:
            par = seq
        full = min(seq[0], par[0])
        target = content / "games" / "mahlzeit" / "i18n" / "de" / "game.yaml"
        target.write_text(edit_one_string(target.read_text(encoding="utf-8")), encoding="utf-8")
        out = seq_out if not jobs else par_out
        started = _stamps(out)
        again = process([TISCHLEIN, "build", "--content", str(content), "--out", str(out)])
        now = _stamps(out)
        changed = [name for name, stamp in started.items() if now.get(name) != stamp]
        pdfs = [n for n in started if n.startswith("pdf/")]
        site = [n for n in started if n.startswith("site/")]
        print(f"build  after editing one German string of mahlzeit: {again[0]:.1f} s wall ({again[1]:.1f} s CPU) = "
              f"{again[0] / full:.0%} of the full build's wall time, {again[1] / par[1]:.0%} of its CPU time "
              f"(aim: ≤ 15 %: {'met' if again[0] / full <= 0.15 else 'MISSED'}); rewritten: "
              f"{sum(n in changed for n in pdfs)} of {len(pdfs)} PDFs ({', '.join(n for n in changed if n in pdfs)}), "
              f"{sum(n in changed for n in site)} of {len(site)} site files")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
