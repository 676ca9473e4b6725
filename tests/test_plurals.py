"""Plural forms: texts that count something have the CLDR forms of their language; Babel picks one at build
time, the engine kernel picks one from a table the build gives it (no Babel in Pyodide), the browser uses
Intl.PluralRules. `check` names file:line when a translation lacks a form its language needs."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from content_tools import copy_content, run_check
from tischlein.content import plural
from tischlein.content.i18n import source_hash
from tischlein.engine.messages import format_message, plural_category
from tischlein.pdf.texts import Texts

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ["en", "de", "pt", "fr", "pl", "ru", "uk", "cs", "lt", "lv", "ar", "ga", "cy", "sl", "he", "el",
             "tr", "vi", "ro", "mt"]


def test_englishs_categories_known_without_babel_are_cldrs():
    from babel import Locale
    tags = Locale.parse("en").plural_form.tags | {"other"}
    assert plural.categories("en") == tuple(k for k in plural.CATEGORIES if k in tags) == ("one", "other")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_engines_table_agrees_with_cldr(lang):
    rule = plural.rule_table(lang)
    numbers = list(range(0, 2000)) + list(range(2000, 300000, 997)) + [10**6, 2 * 10**6, 2 * 10**6 + 1,
                                                                       10**6 + 100, 10**9, 7 * 10**9]
    wrong = [n for n in numbers if plural_category(rule, n) != plural.category(lang, n)]
    assert wrong == [], wrong[:10]


def test_engine_messages_pick_the_form(content):
    de = content.games["ta-na-mesa"].engine_messages("de")
    en = content.games["ta-na-mesa"].engine_messages("en")
    assert format_message(de, "step.spices", {"player": "Ana", "points": 1, "spices": "Alho"}, en) == \
        "Ana bekommt 1 Punkt für die Gewürze Alho."
    assert format_message(de, "step.spices", {"player": "Ana", "points": 3, "spices": "Alho"}, en) == \
        "Ana bekommt 3 Punkte für die Gewürze Alho."
    assert format_message(en, "step.spices", {"player": "Ana", "points": 0, "spices": "Alho"}) == \
        "Ana scores 0 points for the spices Alho."
    json.dumps(de)                          # the browser gets the same messages as JSON


def test_interface_strings_pick_the_form(content):
    ui = content.games["mahlzeit"].ui
    assert Texts(ui, "en").ui_text("site.setup.players", n=1) == "1 player"
    assert Texts(ui, "en").ui_text("site.setup.players", n=4) == "4 players"
    assert Texts(ui, "de").ui_text("site.calc.winner", names="Anna", total=1) == "Anna gewinnt mit 1 Punkt."
    assert Texts(ui, "de").ui_text("site.calc.winner", names="Anna", total=12) == "Anna gewinnt mit 12 Punkten."
    assert Texts(ui, "pt").ui_text("site.home.all_downloads", n=1) == "o 1 arquivo"


def _add_language(content: Path, code: str, body: str) -> Path:
    path = content / "ui" / f"{code}.yaml"
    english = {"count": "n", "one": "{n} player", "other": "{n} players"}
    head = f'language.name:\n  text: "{code}"\n  source: "{source_hash("English")}"\n'
    path.write_text(head + body.replace("HASH", source_hash(plural.Plural(english, "n"))), encoding="utf-8")
    return path


def test_check_names_a_missing_plural_form(tmp_path):
    content = copy_content(tmp_path, "mahlzeit")
    _add_language(content, "pl", 'site.setup.players:\n  text: {one: "{n} gracz", other: "{n} gracza"}\n'
                                 '  source: "HASH"\n')
    result = run_check(content)
    assert result.exit_code == 1
    assert "ui/pl.yaml:4: site.setup.players: the plural forms few, many are missing: pl needs one, few, many, " \
           "other" in result.output


def test_check_refuses_a_form_the_language_lacks_and_a_dropped_number(tmp_path):
    content = copy_content(tmp_path, "mahlzeit")
    _add_language(content, "tr", 'site.setup.players:\n  text: {one: "{n} oyuncu", few: "x {n}", other: "{n} oyuncu"}\n'
                                 '  source: "HASH"\n')
    _add_language(content, "ru", 'site.setup.players:\n  text: {one: "один игрок", few: "{n} игрока", '
                                 'many: "{n} игроков", other: "{n} игрока"}\n  source: "HASH"\n')
    result = run_check(content)
    assert "ui/tr.yaml:4: site.setup.players: few: not a plural form of tr (it has one, other)" in result.output
    # Russian `one` is 1, 21, 31 …: that form must show the number
    assert "ui/ru.yaml:4: site.setup.players: the translation must keep the tokens ['{n}'], has [] (form one)" \
        in result.output


def test_a_one_number_form_may_spell_the_number_out(tmp_path):
    content = copy_content(tmp_path, "mahlzeit")
    path = content / "ui" / "de.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace('site.setup.players: {text: {one: "{n} Spieler"', 'site.setup.players: {text: {one: "ein Spieler"')
    path.write_text(text, encoding="utf-8")
    assert run_check(content).exit_code == 0


def test_english_plural_needs_englishs_forms(tmp_path):
    content = copy_content(tmp_path, "mahlzeit")
    path = content / "games" / "mahlzeit" / "messages.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("  step.spoon:\n")
    line = text[:start].count("\n") + 1
    path.write_text(text.replace("  step.spoon:\n    count: count\n    one:", "  step.spoon:\n    count: count\n    few:"),
                    encoding="utf-8")
    result = run_check(content)
    assert result.exit_code == 1
    assert f"messages.yaml:{line}: messages.step.spoon: missing required field 'one'" in result.output


def test_english_plural_with_a_form_english_lacks(tmp_path):
    content = copy_content(tmp_path, "mahlzeit")
    path = content / "games" / "mahlzeit" / "messages.yaml"
    text = path.read_text(encoding="utf-8")
    line = text[:text.index("  step.spoon:\n")].count("\n") + 1
    path.write_text(text.replace("  step.spoon:\n    count: count\n", "  step.spoon:\n    count: count\n    few: x {count}\n"),
                    encoding="utf-8")
    result = run_check(content)
    assert result.exit_code == 1
    assert f"messages.yaml:{line}: step.spoon: few: not a plural form of en (it has one, other)" in result.output


TEXT_JS = """import { fmt, num } from %s;
const points = { count: "n", one: "{n} Punkt", other: "{n} Punkte" };
const out = {
  de1: fmt(points, { n: 1 }, "de"), de2: fmt(points, { n: 2 }, "de"), de15: fmt(points, { n: 1.5 }, "de"),
  en: fmt({ count: "n", one: "{n} point", other: "{n} points" }, { n: 1 }, "en"),
  pl: fmt({ count: "n", one: "{n} punkt", few: "{n} punkty", many: "{n} punktów", other: "{n} punktu" },
          { n: 22 }, "pl"),
  minus: num(-3, "en"), decimal: num(1.5, "de"), plain: fmt("{a} and {b}", { a: "x" }, "de"),
};
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js (make setup needs it too)")
def test_the_browser_strings_use_intl(tmp_path):
    script = tmp_path / "probe.mjs"
    script.write_text(TEXT_JS % json.dumps((ROOT / "site" / "assets" / "js" / "text.js").as_uri()), encoding="utf-8")
    done = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out == {"de1": "1 Punkt", "de2": "2 Punkte", "de15": "1,5 Punkte", "en": "1 point", "pl": "22 punkty",
                   "minus": "\u22123", "decimal": "1,5", "plain": "x and {b}"}


def test_a_recipe_counts_its_dice_in_the_readers_language(content):
    ui = content.games["diced-veggies"].ui
    assert [Texts(ui, "en").ui_text("pdf.dv.dice_count", n=n) for n in (1, 3)] == ["1 die", "3 dice"]
    assert [Texts(ui, "de").ui_text("pdf.dv.dice_count", n=n) for n in (1, 3)] == ["1 Würfel", "3 Würfel"]
    assert [Texts(ui, "pt").ui_text("pdf.dv.dice_count", n=n) for n in (1, 3)] == ["1 dado", "3 dados"]
