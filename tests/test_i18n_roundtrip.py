"""Translators' files stay as they were: an export → import round trip of a language changes no byte, and an
import or an accept changes only the lines of the strings that changed (a `text: |` block stays a block, a
one-line `{text: …, source: …}` entry stays one line, comments and order stay)."""
from __future__ import annotations

from pathlib import Path

import pytest

from content_tools import copy_content, run_cli as run

@pytest.fixture()
def content(tmp_path) -> Path:
    return copy_content(tmp_path)


def _files(content: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in sorted(content.rglob("*.yaml"))}


@pytest.mark.parametrize("fmt", ["po", "xliff"])
@pytest.mark.parametrize("lang", ["de", "pt"])
def test_an_unchanged_round_trip_changes_no_byte(content, tmp_path, lang, fmt):
    before = _files(content)
    exported = tmp_path / f"{lang}.{fmt}"
    run("i18n", "export", lang, "--format", fmt, "-o", str(exported), "--content", str(content))
    run("i18n", "import", str(exported), "--content", str(content))
    changed = [p.relative_to(content).as_posix() for p, data in _files(content).items() if before[p] != data]
    assert changed == []


def _diff_lines(old: bytes, new: bytes) -> list[str]:
    import difflib
    return [line for line in difflib.unified_diff(old.decode().splitlines(), new.decode().splitlines(), lineterm="",
                                                  n=0) if line[:1] in "+-" and line[:3] not in ("+++", "---")]


def test_an_import_changes_only_the_lines_of_the_changed_strings(content, tmp_path):
    po = tmp_path / "de.po"
    run("i18n", "export", "de", "--game", "mahlzeit", "-o", str(po), "--content", str(content))
    import polib
    catalog = polib.pofile(str(po))
    block = next(e for e in catalog if "\n\n" in e.msgstr and e.msgctxt.endswith("components.body"))
    block.msgstr = block.msgstr.replace("110 Karten", "110 Spielkarten")
    short = next(e for e in catalog if e.msgctxt.endswith("rules:mahlzeit.overview.title"))
    short.msgstr = "Auf einen Blick"
    catalog.save(str(po))
    rules = content / "games" / "mahlzeit" / "i18n" / "de" / "rules.yaml"
    old = rules.read_bytes()
    others = {p: d for p, d in _files(content).items() if p != rules}
    run("i18n", "import", str(po), "--content", str(content))
    assert {p: d for p, d in _files(content).items() if p != rules} == others
    diff = _diff_lines(old, rules.read_bytes())
    # the text lines, and the English each was made from, recorded from now on (for `i18n status --diff`)
    assert diff == ['-  text: "Überblick"', '+  text: "Auf einen Blick"', '+  english: "Overview"',
                    "-    Das Spiel besteht aus **110 Karten**:", "+    Das Spiel besteht aus **110 Spielkarten**:",
                    "+  english: |", "+    The game has **110 cards**:"] + diff[7:]
    assert all(line.startswith("+    ") or line == "+" for line in diff[7:])


def test_accept_changes_only_the_hash_and_english_lines(content):
    english = content / "games" / "mahlzeit" / "rules.yaml"
    text = english.read_text(encoding="utf-8")
    assert "The game has **110 cards**" in text
    english.write_text(text.replace("The game has **110 cards**", "The game has **110 playing cards**"),
                       encoding="utf-8")
    rules = content / "games" / "mahlzeit" / "i18n" / "de" / "rules.yaml"
    old = rules.read_bytes()
    run("i18n", "accept", "--lang", "de", "rules:mahlzeit.components.body", "--content", str(content))
    diff = _diff_lines(old, rules.read_bytes())
    assert [line for line in diff if line.startswith("-")] == ["-  source: f0bd66fd59a6"]
    assert diff[1].startswith("+  source: ") and diff[2].startswith("+  english: |")
    assert "text: |" in rules.read_text(encoding="utf-8").split("mahlzeit.components.body:")[1][:20]
