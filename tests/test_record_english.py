"""Languages translated before files kept the English beside each text (German, Portuguese): `i18n accept
--record-english` writes it next to every up-to-date string, so the next change of the English shows in
`i18n status --diff` as old → new instead of "not recorded". Nothing else of a file changes meaning."""
from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from tischlein.cli import main
from tischlein.content import loader

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0 and "Traceback" not in result.output, result.output[-3000:]
    return result.output


def test_record_english_then_a_change_shows_old_and_new(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content)
    glossary = content / "games" / "mahlzeit" / "i18n" / "de" / "glossary.yaml"
    assert "english:" not in glossary.read_text(encoding="utf-8")
    before = loader.load(content, ["mahlzeit"]).games["mahlzeit"].catalog.translations["de"]

    said = run("i18n", "accept", "--lang", "de", "--game", "mahlzeit", "--record-english", "--content", str(content))
    assert "games/mahlzeit/i18n/de/glossary.yaml" in said
    after = loader.load(content, ["mahlzeit"]).games["mahlzeit"].catalog.translations["de"]
    assert {k: (t.text, t.source) for k, t in after.items()} == {k: (t.text, t.source) for k, t in before.items()}
    english = loader.load(content, ["mahlzeit"]).games["mahlzeit"].catalog.source
    assert all(t.english is not None for t in after.values())
    assert after["glossary:dish-card.term"].english == english["glossary:dish-card.term"] == "Dish card"
    assert "ok:" in run("check", "--content", str(content))
    again = run("i18n", "accept", "--lang", "de", "--game", "mahlzeit", "--record-english", "--content", str(content))
    assert again.endswith("0 string(s) accepted\n")          # nothing left to record

    source = content / "games" / "mahlzeit" / "glossary.yaml"
    source.write_text(source.read_text(encoding="utf-8").replace("term: Dish card\n", "term: Dish card (light)\n", 1),
                      encoding="utf-8")
    status = run("i18n", "status", "--lang", "de", "--game", "mahlzeit", "--diff", "--content", str(content))
    assert "stale    glossary:dish-card.term" in status
    assert "- Dish card\n" in status and "+ Dish card (light)" in status and "not recorded" not in status
