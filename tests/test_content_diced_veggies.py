"""Diced Veggies content: the seed's totals, components, hype examples, the reconstructed recipe deck and the solo
table's missing row. What every game's content must do (loading clean, totals, provenance, broken content named
precisely, translations) is tests/test_content.py."""
from __future__ import annotations

from collections import Counter

from content_tools import CONTENT, missing_rules

from tischlein.content.errors import Problems
from tischlein.content.yamlfile import read_yaml

GAME = "diced-veggies"


# -- the shipped content ---------------------------------------------------------------------------------------

def test_published_totals(game):
    m = game.model
    assert m.totals == {"dice": 35, "recipe_cards": 44, "hype_cards": 34}
    assert m.block == (5, 7) and m.block[0] * m.block[1] == 35
    assert m.faces == (2, 2, 3, 4, 5, 6)
    assert m.hand_limits == {"dice": 8, "recipes": 2, "hype": 2}
    assert m.cut_max_sum == 10 and m.recipes_to_end == 6
    assert (m.start_recipes, m.start_hype, m.recipe_display) == (2, 1, 3)
    assert len(m.veggies) == 5
    colours = {v.colour: v for v in m.veggies.values()}
    assert {"green", "beige"} <= set(colours)  # the two published colours
    # The vegetable names are reconstructed, and the record says so.
    assert all(v.prov("name").kind == "reconstructed" for v in m.veggies.values())
    assert colours["green"].prov("colour").kind == "rulebook"


def test_components(game):
    m = game.model
    cards = m.cards()
    assert len(cards) == 44 + 34
    assert Counter(c.kind for c in cards) == {"recipe": 44, "hype": 34}
    dice = [p for p in m.pieces() if p.component == "die"]
    assert len(dice) == 35 and all(p.faces == ("2", "2", "3", "4", "5", "6") for p in dice)
    tokens = [p for p in m.pieces() if p.kind == "chef-token"]
    assert len(tokens) == m.players[1] == 4 and all(len(p.faces) == 2 for p in tokens)
    assert {p.kind for p in m.pieces() if p.component in ("board", "tile")} == {"frame", "cleaver"}


def test_published_hype_examples(game):
    hype = game.model.hype
    assert hype["nineteen"].condition == {"kind": "sum", "equals": 19}
    assert hype["straight-cut"].condition == {"kind": "sequential"}
    assert hype["double-portion"].condition == {"kind": "double_ingredients"}
    assert hype["double-portion"].score == {"multiply_recipe": 2}


def test_reconstructed_recipe_deck_is_balanced(game):
    """The rule stated in game.yaml: every vegetable equally often; points by number of dice (+1 for a triple)."""
    recipes = game.model.recipes.values()
    needed = Counter()
    for r in recipes:
        for veg, n in r.needs:
            needed[veg] += n
    assert len(set(needed.values())) == 1, needed
    base = {2: 3, 3: 5, 4: 7, 5: 10}
    for r in recipes:
        assert r.points == base[r.size] + (1 if max(n for _, n in r.needs) >= 3 else 0), r.id
        assert r.prov("needs").kind == "reconstructed"
    assert Counter(r.size for r in recipes) == {2: 10, 3: 15, 4: 10, 5: 9}


def test_solo_table_keeps_the_missing_row(game):
    solo = game.model.solo
    assert [(r.min, r.max) for r in solo] == [(0, 30), (31, 40), (41, 50), (51, 60), (61, 70), (71, 80), (81, None)]
    missing = [r for r in solo if r.missing_in_source]
    assert len(missing) == 1 and (missing[0].min, missing[0].max) == (71, 80)
    assert missing[0].key is None and f"game:{missing[0].note_key}" in game.catalog.source


def test_the_rules_have_every_section(game):
    assert not missing_rules(game, "setup", "turn", "turn.restock", "turn.cut", "turn.cook", "turn.improvise",
                             "turn.draw", "turn.limits", "recipes", "hype", "end", "scoring", "solo")


def test_engine_data(data):
    assert data["block"] == {"rows": 5, "columns": 7, "connectivity": "edge"}
    assert len(data["cards"]) == 78 and len(data["dice"]["ids"]) == 35
    assert data["solo"][5] == {"min": 71, "max": 80, "missing_in_source": True}


def test_raw_yaml_still_parses_with_line_numbers():
    data = read_yaml(CONTENT / "games" / GAME / "game.yaml", Problems())
    assert data.key_lines["solo"] > data.key_lines["hype"]
