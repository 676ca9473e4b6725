"""A translator's loop, tried as a translator would: start French with `i18n new` (or by copying the German
files, as the guide used to say), read `i18n status`, fix a stale string and `i18n accept` it, and take the texts
to a PO or XLIFF tool and back. Everything through the command line, on a copy of the content."""
from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from content_tools import copy_content, run_cli as run
from tischlein.cli import main
from tischlein.content import loader

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture()
def content(tmp_path) -> Path:
    return copy_content(tmp_path)


def _row(output: str, scope: str, lang: str) -> list[str]:
    return next(line.split() for line in output.splitlines() if line.split()[:2] == [scope, lang])


def test_a_new_language_starts_empty_with_the_english_beside_each_text(content):
    said = run("i18n", "new", "fr", "--content", str(content))
    assert "ui/fr.yaml" in said and "games/mahlzeit/i18n/fr/rules.yaml" in said
    text = (content / "games" / "mahlzeit" / "i18n" / "fr" / "rules.yaml").read_text(encoding="utf-8")
    assert 'mahlzeit.turn.draw.title:\n  text: ""\n  source: "' in text and "\n  english: " in text
    assert 'language.name:\n  text: "français"' in (content / "ui" / "fr.yaml").read_text(encoding="utf-8")
    assert "ok:" in run("check", "--content", str(content))
    status = run("i18n", "status", "--lang", "fr", "--summary", "--content", str(content))
    assert _row(status, "mahlzeit", "fr")[2].startswith("0/")
    assert run("i18n", "new", "fr", "--content", str(content)).count("wrote") == 0      # nothing overwritten


def test_a_copied_german_file_is_not_a_french_translation(content):
    shutil.copy(content / "ui" / "de.yaml", content / "ui" / "fr.yaml")
    shutil.copytree(content / "games" / "mahlzeit" / "i18n" / "de", content / "games" / "mahlzeit" / "i18n" / "fr")
    path = content / "games" / "mahlzeit" / "i18n" / "fr" / "glossary.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace('text: "Gerichtskarte"', 'text: "Carte de plat"'),
                    encoding="utf-8")
    status = run("i18n", "status", "--summary", "--content", str(content), code=None)
    fr, de = _row(status, "mahlzeit", "fr"), _row(status, "mahlzeit", "de")
    assert fr[2].startswith("1/"), fr                   # only the string actually translated counts
    assert int(fr[-1]) > 300                             # the rest: copied
    assert de[3] == "100.0" and de[-1] == "0"            # German itself is untouched


def test_a_name_kept_in_every_language_is_not_a_copy_but_a_german_sentence_is():
    """A title the English keeps too ("Tischlein deck dich", placeholders only) reads the same everywhere; a
    German sentence in the Portuguese file is a copy."""
    from tischlein.content.status import _copies
    catalog = loader.load(ROOT / "content", ["suppenkasper"]).games["suppenkasper"].catalog
    de, pt = catalog.translations["de"], catalog.translations["pt"]
    kept = next(k for k, tr in de.items() if tr.text == catalog.source[k] and len(tr.text) > 12 and k in pt)
    sentence = next(k for k, tr in de.items() if tr.text != catalog.source[k] and len(tr.text) > 40 and k in pt)
    pt[kept] = replace(pt[kept], text=de[kept].text)
    pt[sentence] = replace(pt[sentence], text=de[sentence].text)
    copied, source = _copies(catalog, "pt", ["de", "pt"])
    assert sentence in copied and kept not in copied and source == "de"


def test_status_filters_by_game_gives_the_summary_first_and_runs_despite_errors(content):
    broken = content / "games" / "ta-na-mesa" / "rules.yaml"
    broken.write_text("sections: [", encoding="utf-8")
    result = CliRunner().invoke(main, ["i18n", "status", "--game", "mahlzeit", "--content", str(content)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("part")
    rows = [line for line in lines[1:] if line and not line.startswith((" ", "note"))]
    assert rows and all(line.startswith("mahlzeit") for line in rows[:2]), rows
    assert "ta-na-mesa" not in "\n".join(rows) and "ui " not in "\n".join(rows)
    assert "stale" in result.output.splitlines()[0]


def test_a_stale_string_shows_its_diff_and_is_accepted(content):
    run("i18n", "new", "fr", "--game", "mahlzeit", "--content", str(content))
    fr = content / "games" / "mahlzeit" / "i18n" / "fr" / "glossary.yaml"
    fr.write_text(fr.read_text(encoding="utf-8").replace('dish-card.term:\n  text: ""', 'dish-card.term:\n  text: "Carte plat"'),
                  encoding="utf-8")
    english = content / "games" / "mahlzeit" / "glossary.yaml"
    text = english.read_text(encoding="utf-8")
    assert "term: Dish card\n" in text
    english.write_text(text.replace("term: Dish card\n", "term: Dish card (light back)\n", 1), encoding="utf-8")
    status = run("i18n", "status", "--lang", "fr", "--game", "mahlzeit", "--diff", "--content", str(content))
    assert "stale    glossary:dish-card.term" in status
    assert "- Dish card\n" in status and "+ Dish card (light back)" in status
    de_status = run("i18n", "status", "--lang", "de", "--game", "mahlzeit", "--diff", "--content", str(content))
    assert "not recorded" in de_status                   # German keeps no English yet: says so

    before = fr.read_text(encoding="utf-8")
    said = run("i18n", "accept", "--lang", "fr", "glossary:dish-card.term", "--content", str(content))
    assert "1 string(s) accepted" in said
    after = fr.read_text(encoding="utf-8")
    changed = [(a, b) for a, b in zip(before.splitlines(), after.splitlines()) if a != b]
    assert len(changed) == 2 and all("source:" in b or "english:" in b for _, b in changed), changed
    status = run("i18n", "status", "--lang", "fr", "--game", "mahlzeit", "--content", str(content))
    assert "stale    glossary:dish-card.term" not in status
    assert run("i18n", "accept", "--lang", "de", "--all-reviewed", "--content", str(content)).endswith(
        "1 string(s) accepted\n")
    run("i18n", "accept", "--lang", "de", "glossary:no.such", "--content", str(content), code=1)


def _translations(content: Path, lang: str) -> dict:
    loaded = loader.load(content)
    assert not loaded.problems.errors, loaded.problems.errors[:3]
    catalogs = {"ui": loaded.ui, **{g.id: g.catalog for g in loaded.games.values()}}
    return {(scope, key): (dict(tr.text) if isinstance(tr.text, dict) else tr.text, catalog.status(key, lang))
            for scope, catalog in catalogs.items() for key, tr in catalog.translations.get(lang, {}).items()}


@pytest.mark.parametrize("fmt", ["po", "xliff"])
def test_export_and_import_lose_nothing(content, tmp_path, fmt):
    english = content / "games" / "suppenkasper" / "glossary.yaml"          # make one German string stale
    english.write_text(english.read_text(encoding="utf-8").replace("definition: ", "definition: Newly ", 1),
                       encoding="utf-8")
    before = _translations(content, "de")
    assert {s for _, s in before.values()} == {"current", "stale"}
    exported = tmp_path / f"de.{fmt}"
    assert "strings" in run("i18n", "export", "de", "--format", fmt, "-o", str(exported), "--content", str(content))
    body = exported.read_text(encoding="utf-8")
    assert "mahlzeit:rules:mahlzeit.turn.draw.title" in body and "rule: mahlzeit.turn.draw" in body
    shutil.rmtree(content / "games" / "mahlzeit" / "i18n" / "de")
    (content / "ui" / "de.yaml").unlink()
    run("i18n", "import", str(exported), "--content", str(content))
    after = _translations(content, "de")
    current = {k: v for k, v in before.items() if v[1] == "current"}
    assert {k: v for k, v in after.items() if k in current} == current
    # a stale string goes out for review and is not taken back: the YAML keeps it as it was
    assert [k for k, v in before.items() if v[1] == "stale"] == [k for k, v in after.items() if v[1] == "stale"]


def test_an_import_is_checked_like_yaml_and_writes_nothing_when_it_fails(content, tmp_path):
    po = tmp_path / "de.po"
    run("i18n", "export", "de", "-o", str(po), "--game", "mahlzeit", "--content", str(content))
    text = po.read_text(encoding="utf-8")
    target = 'msgstr "{player} zieht {cards} vom Nachziehstapel."'
    assert target in text
    line = text[:text.index(target)].count("\n") + 1
    po.write_text(text.replace(target, 'msgstr "{spieler} zieht {cards} vom Nachziehstapel."'), encoding="utf-8")
    files = {p: p.read_bytes() for p in content.rglob("*.yaml")}
    result = CliRunner().invoke(main, ["i18n", "import", str(po), "--content", str(content)])
    assert result.exit_code == 1
    assert f"{po}:{line}: mahlzeit:messages:step.draw: the translation must keep the tokens" in result.output
    assert "nothing was written" in result.output
    assert {p: p.read_bytes() for p in content.rglob("*.yaml")} == files


def test_an_unquoted_colon_gets_a_hint_to_quote(content):
    path = content / "games" / "mahlzeit" / "i18n" / "de" / "glossary.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('text: "Gerichtskarte"', "text: Gerichtskarte : eine Karte"), encoding="utf-8")
    line = text[:text.index('text: "Gerichtskarte"')].count("\n") + 1
    out = run("check", "--content", str(content), code=1)
    assert f"glossary.yaml:{line}: invalid YAML: mapping values are not allowed in this context (hint: a text " \
           f"with \": \" in it must be in quotes: text: \"…\"; write: text: \"Gerichtskarte : eine Karte\")" in out
