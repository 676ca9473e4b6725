"""Incremental builds of one game (`python benchmarks/run.py incremental`, part of `make bench`): a clean build of
Mahlzeit (every language it has, both papers, the site), then three edits, each followed by a build into the same
folder, as a fraction of the clean build's wall time and with the tasks it ran:

- one English rules paragraph (aim ≤ 10 %);
- one card's text in the German translation, a drink's gloss (card names stay in the game's language; aim ≤ 10 %);
- one of the game's interface strings, English (aim ≤ 15 %).

A copy of the content holds Mahlzeit alone (and the interface translations), so the figures are that game's.
"""
from __future__ import annotations

import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from processes import ROOT, TISCHLEIN, _load

GAME = "mahlzeit"


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _edit_rules(content: Path) -> None:
    path = content / "games" / GAME / "rules.yaml"
    body = re.search(r"^      (\S.*)$", path.read_text(encoding="utf-8"), re.M)[1]
    _replace(path, body, body + " Enjoy!")


def _edit_german_card_name(content: Path) -> None:
    path = content / "games" / GAME / "i18n" / "de" / "game.yaml"
    found = re.search(r"^(\S+\.gloss):\n  text: (.+)$", path.read_text(encoding="utf-8"), re.M)
    _replace(path, f"{found[1]}:\n  text: {found[2]}", f"{found[1]}:\n  text: {found[2]} (neu)")


def _edit_ui_string(content: Path) -> None:
    path = content / "games" / GAME / "ui.yaml"
    line = next(ln for ln in path.read_text(encoding="utf-8").split("\n") if re.match(r'^\S+: ".*"$', ln))
    _replace(path, line, line[:-1] + ' (neu)"')


EDITS = [("one English rules paragraph", _edit_rules, 0.10),
         ("one card's text in German (a drink's gloss)", _edit_german_card_name, 0.10),
         ("one interface string of the game (English)", _edit_ui_string, 0.15)]


def _build(args: list[str]) -> tuple[tuple[float, float], str]:
    """Wall and CPU time of one build, and what it printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True,
                          env={k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"})
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(args)} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    return (wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime), done.stdout


def _built(stdout: str) -> str:
    found = re.search(r"built (\d+) of (\d+)", stdout)
    return f"{found[1]} of {found[2]} tasks" if found else "?"


def bench_incremental() -> None:
    print(f"incr   {_load()}")
    tmp = Path(tempfile.mkdtemp(prefix="tischlein-bench-incremental-"))
    try:
        content, out = tmp / "content", tmp / "out"
        shutil.copytree(ROOT / "content" / "games" / GAME, content / "games" / GAME)
        shutil.copytree(ROOT / "content" / "ui", content / "ui")
        build = [TISCHLEIN, "build", "--content", str(content), "--out", str(out)]
        clean, said = _build(build)
        print(f"incr   clean build of {GAME}: {clean[0]:.1f} s wall, {clean[1]:.1f} s CPU ({_built(said)})")
        for what, edit, aim in EDITS:
            edit(content)
            again, said = _build(build)
            ratio = again[0] / clean[0]
            print(f"incr   after {what}: {again[0]:.1f} s wall, {again[1]:.1f} s CPU = {ratio:.0%} of the clean "
                  f"build ({_built(said)}; aim ≤ {aim:.0%}: {'met' if ratio <= aim else 'MISSED'})")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
