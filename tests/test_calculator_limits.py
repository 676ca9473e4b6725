"""The calculators' limits (what the players can hold together) are the content model's counts, the ones the
PDFs print: one per dish card, per drink, special card and single card in Mahlzeit, per recipe and hype card in
Diced Veggies, the vegetarian recipes of Tá na Mesa; a count changed in the content changes the limit."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tischlein.content import loader
from tischlein.site import calculator

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def content():
    return loader.load(ROOT / "content")


def _limits(game, lang="en"):
    return calculator.description(game, lang)["limits"]


def test_mahlzeit_limits_are_the_cards_of_the_content(content):
    game = content.games["mahlzeit"]
    m = game.model
    limits = _limits(game)
    dish_cards = [lim for lim in limits if lim["from"][0].get("where", {}).get("dish")]
    assert sum(lim["count"] for lim in dish_cards) == sum(len(d.values) for d in m.dishes.values())
    assert {lim["label"]: lim["count"] for lim in dish_cards}["Rote Grütze 8"] == 1
    drinks = {lim["from"][1]["field"]: lim["count"] for lim in limits if len(lim["from"]) == 2}
    assert drinks == {f"hand.{d.id}": d.count for d in m.drinks.values()}
    singles = {lim["from"][0]["field"]: lim["count"] for lim in limits if len(lim["from"]) == 1 and "field" in lim["from"][0]}
    assert singles == {"hand.cooking-hat": m.specials["cooking-hat"].count, "hand.dirty-pots": m.actions["dirty-pots"].count}


def test_other_games_limits(content):
    dv = content.games["diced-veggies"]
    counts = {lim["from"][0]["where"].get("recipe") or lim["from"][0]["where"].get("hype"): lim["count"]
              for lim in _limits(dv)}
    assert counts == {**{r.id: r.count for r in dv.model.recipes.values()},
                      **{h.id: h.count for h in dv.model.hype.values()}}
    tnm = content.games["ta-na-mesa"]
    assert [lim["count"] for lim in _limits(tnm)] == [sum(r.vegetarian for r in tnm.model.recipes.values())]
    # the names are the reader's language's
    assert _limits(tnm, "de")[0]["label"] != _limits(tnm, "en")[0]["label"]


def test_a_count_changed_in_the_content_changes_the_limit(tmp_path):
    shutil.copytree(ROOT / "content", tmp_path / "content")
    path = tmp_path / "content" / "games" / "mahlzeit" / "game.yaml"
    text = path.read_text(encoding="utf-8")
    beer = "  - id: beer\n    name: Bier\n    gloss: beer\n    points: 3\n    count: 8\n"
    wine = "  - id: wine\n    name: Wein\n    gloss: wine\n    points: 5\n    count: 3\n"
    assert beer in text and wine in text
    # one wine card becomes a beer card: the rulebook's 13 drink cards still add up
    text = text.replace(beer, beer.replace("count: 8", "count: 9")).replace(wine, wine.replace("count: 3", "count: 2"))
    path.write_text(text, encoding="utf-8")
    content = loader.load(tmp_path / "content")
    assert not content.problems.errors, [str(e) for e in content.problems.errors]
    game = content.games["mahlzeit"]
    beer_limit = next(lim for lim in _limits(game) if lim["from"][-1].get("field") == "hand.beer")
    assert beer_limit["count"] == 9
