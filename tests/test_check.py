"""`tischlein check` on the Mahlzeit content: bad YAML, several problems at once, rule references and translation
tokens, stale and missing translations, a new language, the editor's schema mapping. Each game's broken values
(`path:line: field: message`, exit 1, never a traceback) are in tests/test_content.py."""
from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner
from content_tools import CONTENT, edit, run_check

from tischlein.cli import main

GAME = "mahlzeit"
GAME_FILE = Path("games/mahlzeit/game.yaml")


def lines_of(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.strip()]


def test_shipped_content_is_valid():
    result = run_check(CONTENT)
    assert result.exit_code == 0, result.output
    assert "ok: " in result.output and "mahlzeit" in result.output


def test_bad_yaml_names_file_and_line(copy):
    line = edit(copy, GAME_FILE, "values: [1, 1, 1, 2, 2]", "values: [1, 1, 1, 2, 2")
    result = run_check(copy)
    assert result.exit_code == 1
    first = lines_of(result.output)[0]
    match = re.match(r"(.+game\.yaml):(\d+): invalid YAML", first)
    assert match, first
    assert abs(int(match.group(2)) - line) <= 2  # the parser notices a line or two after the bracket


def test_several_problems_are_reported_together(copy):
    edit(copy, GAME_FILE, "    points: 5\n", "    points: fünf\n")
    edit(copy, GAME_FILE, "  hand_limit: 6\n", "  hand_limit: -6\n")
    edit(copy, Path("games/mahlzeit/glossary.yaml"), "  - id: ", "  - id: Not An Id\n    idx: ")
    result = run_check(copy)
    assert result.exit_code == 1
    assert "drinks.wine.points: expected an integer" in result.output
    assert "facts.hand_limit: -6" in result.output
    assert "glossary.yaml" in result.output
    assert "errors in" in result.output.splitlines()[-1]


def test_unknown_rule_reference_in_rules_text(copy):
    rules = Path("games/mahlzeit/rules.yaml")
    text = (copy / rules).read_text(encoding="utf-8")
    token = re.search(r"\{rule:([a-z0-9.-]+)\}", text).group(0)
    line = edit(copy, rules, token, "{rule:mahlzeit.nowhere}")
    result = run_check(copy)
    assert result.exit_code == 1
    match = re.search(r"rules\.yaml:(\d+): (\S+): unknown rule id 'mahlzeit\.nowhere'", result.output)
    assert match, result.output
    # named where the text that holds the reference starts: its field's line, at or above the edited one
    reported, field = int(match.group(1)), match.group(2).rsplit(".", 1)[1]
    assert reported <= line and text.splitlines()[reported - 1].strip().startswith(f"{field}:"), match.group(0)


def test_translation_that_drops_a_token_is_broken(copy):
    de = copy / "games/mahlzeit/i18n/de/rules.yaml"
    text = de.read_text(encoding="utf-8")
    token = re.search(r"\{(rule|term):[a-z0-9.-]+\}", text).group(0)
    de.write_text(text.replace(token, "", 1), encoding="utf-8")
    result = run_check(copy)
    assert result.exit_code == 1
    assert re.search(r"i18n/de/rules\.yaml:\d+: .+: the translation must keep the tokens", result.output)


def test_changed_english_marks_translation_stale_with_a_warning(copy):
    edit(copy, GAME_FILE, "text: Dish goal", "text: Dish goals")
    result = run_check(copy)
    assert result.exit_code == 0, result.output
    assert re.search(r"i18n/de/game\.yaml:\d+: warning: backs\.light\.text: stale", result.output)
    status = CliRunner().invoke(main, ["i18n", "status", "--lang", "de", "--content", str(copy)])
    assert status.exit_code == 0
    assert "stale    game:backs.light.text" in status.output


def test_missing_translation_is_listed_and_falls_back(copy):
    de = copy / "games/mahlzeit/i18n/de/game.yaml"
    text = de.read_text(encoding="utf-8")
    de.write_text(re.sub(r"overview\.title:\n  text: .*\n  source: .*\n", "", text), encoding="utf-8")
    status = CliRunner().invoke(main, ["i18n", "status", "--lang", "de", "--content", str(copy)])
    assert status.exit_code == 0
    assert "missing  game:overview.title" in status.output
    from tischlein.content import loader
    game = loader.load(copy).games["mahlzeit"]
    resolved = game.catalog.get("game:overview.title", "de")
    assert (resolved.text, resolved.lang, resolved.fallback) == ("Your turn", "en", True)


def test_missing_content_folder(tmp_path):
    result = run_check(tmp_path / "nowhere")
    assert result.exit_code == 1
    assert "missing" in result.output


def test_a_mistyped_game_names_the_games_there_are():
    result = CliRunner().invoke(main, ["pdf", "diced_veggies", "--content", str(CONTENT)])
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert "no such game 'diced_veggies'; the games here: diced-veggies, mahlzeit," in result.output


def test_a_new_language_is_checked_and_counted_before_it_is_published(copy):
    (copy / "ui" / "fr.yaml").write_text((copy / "ui" / "de.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    french = copy / "games/mahlzeit/i18n/fr"
    french.mkdir()
    text = (copy / "games/mahlzeit/i18n/de/rules.yaml").read_text(encoding="utf-8")
    (french / "rules.yaml").write_text(text, encoding="utf-8")
    status = CliRunner().invoke(main, ["i18n", "status", "--summary", "--content", str(copy)])
    assert status.exit_code == 0
    assert re.search(r"^mahlzeit\s+fr\s+\d+/\d+", status.output, re.M), status.output
    token = re.search(r"\{(rule|term):[a-z0-9.-]+\}", text).group(0)
    (french / "rules.yaml").write_text(text.replace(token, "", 1), encoding="utf-8")
    result = run_check(copy)
    assert result.exit_code == 1
    assert re.search(r"i18n/fr/rules\.yaml:\d+: .+: the translation must keep the tokens", result.output)


def test_editor_schema_mapping_covers_every_content_file(tmp_path):
    """Translators' editors find a JSON Schema for every content file (.vscode/settings.json, YAML extension)."""
    import json

    result = CliRunner().invoke(main, ["editor-config", "--content", str(CONTENT), "--workspace", str(tmp_path)])
    assert result.exit_code == 0, result.output
    mapping = json.loads((tmp_path / ".vscode" / "settings.json").read_text(encoding="utf-8"))["yaml.schemas"]
    root = tmp_path
    schema_of: dict[Path, list[str]] = {}
    for schema, globs in mapping.items():
        assert (root / schema).resolve().is_file(), schema
        for pattern in globs:               # editor globs: * does not cross a /, like Path.glob
            for path in root.glob(pattern):
                schema_of.setdefault(path.resolve(), []).append(schema)
    for path in CONTENT.rglob("*.yaml"):
        assert len(schema_of.get(path.resolve(), [])) == 1, f"{path}: schemas {schema_of.get(path.resolve())}"
