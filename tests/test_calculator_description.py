"""The scoring calculator's build-time side: the JSON description per game and language (from content), the
engine-state → calculator-input conversion, and the page block's escaping."""
from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from tischlein.content import loader
from engine_tools import CALCULATORS, ENGINE_GAMES, engine_for
from tischlein import games
from tischlein.engine import api
from tischlein.site import calculator
from tischlein.site.context import PageContext
from tischlein.site.pages import SiteWriter

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def content():
    c = loader.load(ROOT / "content")
    assert not c.problems.errors
    return c


def _fields(form):
    for f in form:
        yield f
        yield from _fields(f.get("fields", []))


@pytest.mark.parametrize("game_id", CALCULATORS)
def test_every_game_has_a_description_module_and_strings(content, game_id):
    assert games.spec(game_id).calculator_js.is_file()
    for lang in ("en", "de", "pt"):
        desc = calculator.description(content.games[game_id], lang)
        json.dumps(desc)                                        # JSON-able
        assert desc["game"] == game_id and desc["lang"] == lang
        lo, hi = desc["players"]["min"], desc["players"]["max"]
        assert 1 <= lo <= hi
        assert desc["form"]["player"] and all(f["label"] for f in _fields(desc["form"]["player"]))
        assert all(f["type"] in {"number", "check", "select", "multi", "group", "rows"}
                   for f in _fields(desc["form"]["player"]))
        assert set(desc["strings"]) == set(calculator.GENERIC_STRINGS)


def test_game_strings_are_translated(content):
    en = calculator.description(content.games["mahlzeit"], "en")
    de = calculator.description(content.games["mahlzeit"], "de")
    pt = calculator.description(content.games["mahlzeit"], "pt")
    assert en["strings"]["title"] == "Scoring calculator"
    assert de["strings"]["title"] == "Punkterechner" and pt["strings"]["title"] == "Calculadora de pontos"
    dish = lambda d: d["form"]["player"][0]["fields"][0]
    assert (dish(en)["label"], dish(de)["label"], dish(pt)["label"]) == ("Dish", "Gericht", "Prato")
    # printed names stay German, the gloss follows the language
    labels = {o["value"]: o["label"] for o in dish(de)["options"]}
    assert labels["kaesespaetzle"].startswith("Käsespätzle")
    assert en["data"] == de["data"] == pt["data"]              # the scoring data does not depend on the language


def test_mahlzeit_data_comes_from_content(content):
    game = content.games["mahlzeit"]
    data = calculator.description(game, "en")["data"]
    assert data["drinks"] == {"beer": 3, "wine": 5, "coffee-rum": 7}
    assert data["dishes"]["rote-gruetze"] == {"values": [7, 8], "drinks": ["coffee-rum"]}
    assert data["specials"] == {"cutlery": {"points": 4, "doubles": []},
                                "dish-towel": {"points": 0, "doubles": ["beer", "wine"]}}
    assert data["hat"] == "cooking-hat" and data["penalties"] == {"dirty-pots": -10}
    changed = copy.deepcopy(game.model.engine_data())
    changed["drinks"]["beer"]["points"] = 4
    assert calculator.score_data("mahlzeit", changed)["drinks"]["beer"] == 4


def test_js_has_no_point_values():
    """Point values live in the description: the scoring modules contain no number but 0 and 1."""
    for path in (games.spec(g).calculator_js for g in CALCULATORS):
        code = re.sub(r"//.*", "", path.read_text(encoding="utf-8"))
        numbers = set(re.findall(r"(?<![\w.])\d+(?:\.\d+)?(?![\w])", code))
        assert numbers <= {"0", "1", "2"}, (path.name, numbers)
        assert "2" not in numbers or path.parent.name == "mahlzeit", path   # the Dish Towel's "double"


def test_engine_state_to_input_rulebook_example(content):
    """The rulebook's example, replayed by the engine, becomes the calculator input a player would type."""
    game = content.games["mahlzeit"]
    payload = {"data": game.model.engine_data(), "messages": {}}
    example = next(e for e in game.examples if e["id"] == "example-scoring")
    result = api.run(payload, {k: v for k, v in example.items() if not k.startswith("_")})
    assert result["ok"]
    got = calculator.to_input("mahlzeit", payload["data"], result["steps"][-1]["state"])
    silke = got["players"][0]
    assert silke == {"player": "Silke", "hand": {"beer": 1, "dirty-pots": 1}, "dishes": [
        {"dish": "rote-gruetze", "value": 8, "drink": "coffee-rum", "specials": []},
        {"dish": "kaesespaetzle", "value": 5, "drink": "wine", "specials": []},
        {"dish": "sauerbraten", "value": 3, "drink": "beer", "specials": []},
        {"dish": "brotzeit", "value": 3, "drink": None, "specials": []}]}
    assert got["players"][1]["hand"] == {"wine": 1}                # Kartoffeln score nothing: not in the input


@pytest.mark.parametrize("game_id", sorted(set(CALCULATORS) & set(ENGINE_GAMES)))
def test_to_input_of_a_fresh_game(content, game_id):
    data = content.games[game_id].model.engine_data()
    engine = engine_for(game_id)
    state = engine.new_game(["Ada", "Ben", "Cem"][:max(2, data["players"]["min"])], 3)
    got = calculator.to_input(game_id, data, state.to_dict())
    assert [p["player"] for p in got["players"]] == [p["player"] for p in engine.score(state)]
    json.dumps(got)


def test_widget_escapes_content(content):
    game = copy.deepcopy(content.games["mahlzeit"])
    game.model.dishes["currywurst"].__dict__["name"] = '<script>alert(1)</script>"x'
    c = copy.copy(content)
    c.games = dict(content.games, mahlzeit=game)
    site = SiteWriter(c, ["en", "de", "pt"])
    ctx = PageContext(site, game, "mahlzeit/calculator", "de")
    html = str(calculator.widget(ctx))
    assert "<script>alert" not in html and "&lt;script&gt;alert&#40;1&#41;&lt;/script&gt;&#92;&quot;x" in html
    assert "<script" not in html                              # pages hold no script: calc/ui.js is site-wide
    assert 'data-module="../../../assets/js/calc/mahlzeit.js"' in html   # de/mahlzeit/calculator/ -> the root
    start = html.index('data-calc="') + len('data-calc="')
    import html as h
    desc = json.loads(h.unescape(html[start:html.index('"', start)]))
    assert desc["lang"] == "de" and desc["game"] == "mahlzeit"


@pytest.mark.parametrize("game_id", CALCULATORS)
def test_linked_scoring_rules_exist(content, game_id):
    """The calculator page links these rules; a renamed rule id must not silently drop its link."""
    rules = calculator.widget.rules(game_id)
    assert rules
    for rule in rules:
        assert f"rules:{rule}.title" in content.games[game_id].catalog.source, rule
