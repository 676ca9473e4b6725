"""Helpers for tests that break a copy of the content on purpose and read what `tischlein check` says."""
from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner, Result

from tischlein.cli import main

CONTENT = Path(__file__).resolve().parents[1] / "content"


def copy_content(tmp_path: Path, game_id: str | None = None) -> Path:
    """A copy of the content tree; with `game_id`, only that game (plus the UI strings), so that work
    in progress on other games cannot interfere."""
    target = tmp_path / "content"
    if game_id is None:
        shutil.copytree(CONTENT, target)
    else:
        shutil.copytree(CONTENT / "ui", target / "ui")
        shutil.copytree(CONTENT / "games" / game_id, target / "games" / game_id)
    return target


def edit(root: Path, relative: Path | str, old: str, new: str, count: int = 1) -> int:
    """Replace text in a copied file and return the 1-based line where the (first) change starts."""
    path = root / relative
    text = path.read_text(encoding="utf-8")
    assert old in text, f"fixture text {old!r} not found in {relative}"
    line = text[: text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    return line


def run_check(content: Path, *extra: str) -> Result:
    """`tischlein check --content DIR`; never a traceback, whatever the content says."""
    result = CliRunner().invoke(main, ["check", "--content", str(content), *extra])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result
