"""The English a stale translation was made from: recorded beside it from now on, and found again in the git
history (by its `source` hash) for translations written before tischlein kept it. `i18n status --diff` shows
old → new with a word diff; the PO export gives it as the previous msgid (`#| msgid`) of the fuzzy entry;
`accept --record-english` writes it into the file."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import polib
import pytest

from content_tools import run_cli as run
from tischlein.content.english_history import word_diff

ROOT = Path(__file__).resolve().parents[1]
OLD = "Each card shows its name and its value."


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.org", *args],
                   check=True, capture_output=True)


@pytest.fixture()
def repo(tmp_path) -> Path:
    """The content in a git repository of its own, with German's entry for mahlzeit.turn.draw.title written
    before files kept the English (no `english:`), then the English changed in a later commit."""
    if not shutil.which("git"):
        pytest.skip("git is not installed")
    content = tmp_path / "repo" / "content"
    shutil.copytree(ROOT / "content", content)
    rules = content / "games" / "mahlzeit" / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    draw = text[text.index("title:", text.index("- id: mahlzeit.turn.draw\n")):].split("\n", 1)[0]
    assert draw.startswith("title: ")
    git(content.parent, "init", "-q")
    git(content.parent, "add", "-A")
    git(content.parent, "commit", "-qm", "content")
    rules.write_text(text.replace(draw, 'title: "Draw two cards, or take one from the table"', 1), encoding="utf-8")
    git(content.parent, "commit", "-qam", "English changed")
    return content


def _lacks_english(content: Path) -> str:
    de = content / "games" / "mahlzeit" / "i18n" / "de" / "rules.yaml"
    text = de.read_text(encoding="utf-8")
    start = text.index("mahlzeit.turn.draw.title:")
    entry = text[start:text.index("\nmahlzeit.", start + 1)]
    assert "english:" not in entry, entry
    return entry


def test_status_diff_finds_the_old_english_in_git_and_shows_a_word_diff(repo):
    _lacks_english(repo)
    said = run("i18n", "status", "--lang", "de", "--game", "mahlzeit", "--diff", "--content", str(repo))
    block = said[said.index("stale    rules:mahlzeit.turn.draw.title"):].split("\n")[1:5]
    assert block[0].startswith("        - ") and block[0].endswith("(from the git history)")
    assert block[1] == "        + Draw two cards, or take one from the table"
    assert block[2] == "        changed: [-Phase 1: -]Draw two{+ cards,+} or take one{+ from the table+}"
    assert "not recorded" not in said


def test_the_po_export_gives_the_previous_msgid_and_accept_records_it(repo, tmp_path):
    entry = _lacks_english(repo)
    run("i18n", "export", "de", "--game", "mahlzeit", "-o", str(tmp_path / "de.po"), "--content", str(repo))
    fuzzy = next(e for e in polib.pofile(str(tmp_path / "de.po")) if e.msgctxt.endswith("turn.draw.title"))
    assert "fuzzy" in fuzzy.flags and fuzzy.previous_msgid and fuzzy.previous_msgid != fuzzy.msgid
    run("i18n", "accept", "--lang", "de", "--record-english", "--game", "mahlzeit", "--content", str(repo))
    de = (repo / "games" / "mahlzeit" / "i18n" / "de" / "rules.yaml").read_text(encoding="utf-8")
    start = de.index("mahlzeit.turn.draw.title:")
    after = de[start:de.index("\nmahlzeit.", start + 1)]
    assert after.startswith(entry) and f'english: "{fuzzy.previous_msgid}"' in after


def test_word_diff_marks_the_words_taken_out_and_put_in():
    assert word_diff(OLD, "Each card shows its name and its points.") == \
        "Each card shows its name and its [-value.-]{+points.+}"
    assert word_diff("a b c", "a x b c") == "a{+ x+} b c"
