"""Broken content never gives a traceback, a hang or a memory blow-up: every mutant of every kind of content file
(empty, truncated, NUL and control characters, invalid UTF-8, alias bombs, deep nesting, huge counts, duplicate
ids, lines lost) makes `tischlein check` exit 1 with a file:line error within a few seconds — or, when the
mutation happens to leave valid content, exit 0.

`TISCHLEIN_FUZZ_MUTANTS` sets the random mutants per file kind (default 6; `make bench` runs more)."""
from __future__ import annotations

import os
import random
import re
import resource
import shutil
import signal
from pathlib import Path

import pytest
from click.testing import CliRunner

from tischlein.cli import main

CONTENT = Path(__file__).resolve().parents[1] / "content"
MUTANTS = int(os.environ.get("TISCHLEIN_FUZZ_MUTANTS", "6"))
SECONDS = 20                     # per check run; a sound one takes about 1 s on this machine
FILES = ["games/mahlzeit/game.yaml", "games/mahlzeit/rules.yaml", "games/mahlzeit/glossary.yaml",
         "games/mahlzeit/faq.yaml", "games/mahlzeit/messages.yaml", "games/mahlzeit/examples/tie-break.yaml",
         "games/mahlzeit/i18n/de/rules.yaml", "games/mahlzeit/ui.yaml", "ui/de.yaml"]
BOMB = "bomb0: &b0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"bomb{i}: &b{i} [{', '.join([f'*b{i - 1}'] * 9)}]\n" for i in range(1, 9))


def _shapes(rng: random.Random, data: bytes) -> list[tuple[str, bytes]]:
    """Named mutations of one file's bytes."""
    lines = data.split(b"\n")
    cut = rng.randrange(1, max(2, len(data)))
    at = rng.randrange(len(lines))
    out = [
        ("empty", b""),
        ("only a comment", b"# nothing here\n"),
        ("truncated", data[:cut]),
        ("NUL byte", data[:cut] + b"\x00" + data[cut:]),
        ("control character", data[:cut] + b"\x1b" + data[cut:]),
        ("invalid UTF-8", data[:cut] + b"\xff\xfe" + data[cut:]),
        ("alias bomb", data + b"\n" + BOMB.encode()),
        ("deep nesting", data + b"\ndeep: " + b"[" * 200 + b"]" * 200 + b"\n"),
        ("huge count", re.sub(rb"(count|points|value): \d+", rb"\1: 1000000000", data, count=1)),
        ("line lost", b"\n".join(lines[:at] + lines[at + 1:])),
        ("tab indentation", data.replace(b"\n  ", b"\n\t", 1)),
        ("a list for a mapping", b"- " + data.replace(b"\n", b"\n  ")),
        ("duplicate item", b"\n".join(lines[:at + 1] + [lines[at]] + lines[at + 1:])),
    ]
    return out + [(f"random bytes {i}", bytes(rng.randrange(256) for _ in range(rng.randrange(1, 60))))
                  for i in range(MUTANTS)]


# Mutants that can never be valid content; a translation file that is empty is one not started yet.
BROKEN = ("empty", "only a comment", "NUL byte", "invalid UTF-8", "alias bomb", "deep nesting", "control character")
NOT_STARTED = ("empty", "only a comment")


def _check(root: Path) -> tuple[int, str]:
    def timeout(signum, frame):
        raise TimeoutError(f"check ran longer than {SECONDS} s")
    previous = signal.signal(signal.SIGALRM, timeout)
    signal.alarm(SECONDS)
    try:
        result = CliRunner().invoke(main, ["check", "--content", str(root)])
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def base(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("fuzz") / "content"
    shutil.copytree(CONTENT / "ui", root / "ui")
    shutil.copytree(CONTENT / "games" / "mahlzeit", root / "games" / "mahlzeit")
    return root


@pytest.mark.parametrize("relative", FILES)
def test_every_broken_mutant_is_a_file_line_error(base, relative):
    rng = random.Random(relative)
    original = (base / relative).read_bytes()
    translation = "/i18n/" in relative or relative.startswith("ui/")
    limit = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (4 * 2**30, limit[1]))       # a blow-up fails here, not the machine
    tried = 0
    try:
        for name, data in _shapes(rng, original):
            (base / relative).write_bytes(data)
            code, output = _check(base)
            tried += 1
            assert "Traceback" not in output, (name, output)
            assert code in (0, 1), (name, code, output)
            if code == 1:        # every error names a file and a line (the mutant's own, or one it breaks)
                errors = [line for line in output.splitlines() if line.startswith(str(base)) and
                          "warning:" not in line]
                assert errors, (name, output[-600:])
                assert all(re.match(r"[^:]+\.yaml:\d+: ", line) for line in errors), (name, errors)
            elif name in BROKEN and data != original and not (translation and name in NOT_STARTED):
                pytest.fail(f"{relative}: the {name} mutant passed check")
    finally:
        (base / relative).write_bytes(original)
        resource.setrlimit(resource.RLIMIT_AS, limit)
    print(f"\n{relative}: {tried} mutants")
