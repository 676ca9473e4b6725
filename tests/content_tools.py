"""Helpers for tests that read one game's content, or break a copy of it on purpose and read what `tischlein check`
says."""
from __future__ import annotations

import shutil
from functools import cache
from pathlib import Path

from click.testing import CliRunner, Result

from tischlein.cli import main
from tischlein.content import loader

CONTENT = Path(__file__).resolve().parents[1] / "content"


@cache
def load_game(game_id: str) -> loader.Content:
    """The repository's content of one game alone (plus the UI strings), loaded once per test run; it must load
    without errors, so that a test of one game never reads content another game's work in progress broke."""
    loaded = loader.load(CONTENT, [game_id])
    assert not loaded.problems.errors, "\n".join(map(str, loaded.problems.errors))
    return loaded


def missing_rules(game, *sections: str) -> list[str]:
    """The sections of the game's rules (rule ids `<game id>.<section>`) that its rules do not have."""
    known = {r.id for r in game.rules}
    return [section for section in sections if f"{game.id}.{section}" not in known]


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


def run_cli(*args: str, code: int | None = 0) -> str:
    """`tischlein ARGS` in this process: its output, after checking it printed no traceback and (unless `code` is
    None) exited with `code`."""
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output
    if code is not None:
        assert result.exit_code == code, result.output[-3000:]
    return result.output


def edit(root: Path, relative: Path | str, old: str, new: str, count: int = 1) -> int:
    """Replace text in a copied file and return the 1-based line where the (first) change starts."""
    path = root / relative
    text = path.read_text(encoding="utf-8")
    assert old in text, f"fixture text {old!r} not found in {relative}"
    line = text[: text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    return line


def line_of(root: Path, relative: Path | str, startswith: str) -> int:
    """The 1-based line of a copied file that starts (after indentation) with `startswith`."""
    lines = (root / relative).read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if line.strip().startswith(startswith))


def run_check(content: Path, *extra: str) -> Result:
    """`tischlein check --content DIR`; never a traceback, whatever the content says."""
    result = CliRunner().invoke(main, ["check", "--content", str(content), *extra])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result
