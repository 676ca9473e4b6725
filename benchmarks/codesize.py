"""Engine code size (`python benchmarks/run.py codesize`): the lines of the rules engines now, next to the two
commits issue 9 measures against, read from git so all three are counted by the same rule in the same run.

- baseline `e71eca6`: before the redesign, five 750-1,200-line engine modules and a small shared core;
- redesign `cfcabce`: one game, one folder, and the shared kernel;
- now: the working tree.

Engine code is `tischlein/engine/*.py` (the kernel; at the baseline also its CLI modules, since moved to
`tischlein/cli/`) and each game's `engine*.py` (its rules). A game's `policy.py` and `picture.py` (bots and the
table's picture, features that came after the baseline) are not counted, as the kernel's modules that serve the
same later features are shown apart. Lines are physical lines; code lines leave out blank lines, comments and
docstrings.
"""
from __future__ import annotations

import io
import re
import subprocess
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE, REDESIGN = "e71eca6", "cfcabce"
ENGINE_FILE = re.compile(r"generator/tischlein/(engine/[^/]+|games/[^/]+/engine[^/]*)\.py$")
LATER = {       # kernel modules of features added after the baseline, and what they serve
    "picture": "the table's picture", "privacy": "hidden information per viewer", "policy": "bots",
    "stats": "bot statistics", "coverage": "rule coverage"}
SKIPPED = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER}


def code_lines(source: str) -> int:
    """Lines holding a token that is not a comment or a docstring (a string that is a statement by itself)."""
    tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    lines: set[int] = set()
    for i, tok in enumerate(tokens):
        if tok.type in SKIPPED:
            continue
        if tok.type == tokenize.STRING:
            before = next((t for t in reversed(tokens[:i]) if t.type not in SKIPPED - {tokenize.NEWLINE}), None)
            after = tokens[i + 1]
            if (before is None or before.type == tokenize.NEWLINE or before.string == ":") \
                    and after.type in (tokenize.NEWLINE, tokenize.ENDMARKER):
                continue
        lines.update(range(tok.start[0], tok.end[0] + 1))
    return len(lines)


def _files(rev: str | None) -> dict[str, str]:
    """Engine file path -> source, at `rev` (None: the working tree)."""
    if rev is None:
        paths = [str(p.relative_to(ROOT)) for p in (ROOT / "generator/tischlein").rglob("*.py")]
        return {p: (ROOT / p).read_text(encoding="utf-8") for p in sorted(paths) if ENGINE_FILE.search(p)}
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-tree", "-r", "--name-only", rev],
                            capture_output=True, text=True, check=True).stdout.split()
    return {p: subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:{p}"], capture_output=True, text=True,
                              check=True).stdout for p in listed if ENGINE_FILE.search(p)}


def measure(rev: str | None) -> dict[str, tuple[int, int]]:
    """(lines, code lines) of the kernel's modules for the baseline's features, of the later features' modules,
    and of the games' rules."""
    out = {"kernel": (0, 0), "later": (0, 0), "games": (0, 0)}
    for path, source in _files(rev).items():
        stem = Path(path).stem
        part = ("games" if "/games/" in path or stem in ("mahlzeit", "diced_veggies", "suppenkasper",
                                                         "schwarzwaelder_kirsch", "ta_na_mesa")
                else "later" if stem in LATER else "kernel")
        lines, code = out[part]
        out[part] = (lines + len(source.splitlines()), code + code_lines(source))
    return out


def bench_codesize() -> None:
    try:
        rows = [("baseline " + BASELINE, measure(BASELINE)), ("redesign " + REDESIGN, measure(REDESIGN)),
                ("now", measure(None))]
    except (OSError, subprocess.CalledProcessError) as exc:   # a checkout without the history
        print(f"codesize: the baseline commits cannot be read ({exc}); now: {measure(None)}")
        return
    base = sum(v[0] for v in rows[0][1].values())
    print(f"codesize: engine lines (code lines) — kernel | later features ({', '.join(LATER)}) | game rules | total")
    for label, parts in rows:
        total = tuple(sum(v[k] for v in parts.values()) for k in (0, 1))
        cells = " | ".join(f"{parts[p][0]:,} ({parts[p][1]:,})" for p in ("kernel", "later", "games"))
        same = total[0] - parts["later"][0]
        print(f"  {label:<17} {cells} | {total[0]:,} ({total[1]:,}); {total[0] / base:.2f}x the baseline, "
              f"{same / base:.2f}x without the later features; aim ≤ 0.70x")
