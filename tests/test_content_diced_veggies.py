"""Diced Veggies content: the shipped files load with the seed's totals, and broken content is named precisely."""
from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from content_tools import CONTENT, copy_content, edit, run_check

from tischlein.content import loader
from tischlein.content.yamlfile import read_yaml
from tischlein.content.errors import Problems

GAME_ID = "diced-veggies"
GAME = Path(f"games/{GAME_ID}/game.yaml")


@pytest.fixture()
def copy(tmp_path: Path) -> Path:
    return copy_content(tmp_path, GAME_ID)


@pytest.fixture(scope="module")
def game():
    content = loader.load(CONTENT, [GAME_ID])
    assert not content.problems.errors, "\n".join(map(str, content.problems.errors))
    return content.games[GAME_ID]


# -- the shipped content ---------------------------------------------------------------------------------------

def test_shipped_game_checks_clean(copy):
    result = run_check(copy)
    assert result.exit_code == 0, result.output
    assert "0 warning(s)" in result.output, result.output


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
    assert len({c.id for c in cards}) == len(cards)
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


def test_rule_references_in_game_file_exist(game):
    rule_ids = {r.id for r in game.rules}
    for c in game.model.components.values():
        assert c.rule in rule_ids, c.rule
    for section in ("setup", "turn", "turn.restock", "turn.cut", "turn.cook", "turn.improvise", "turn.draw",
                    "turn.limits", "recipes", "hype", "end", "scoring", "solo"):
        assert f"{GAME_ID}.{section}" in rule_ids


def test_engine_data_is_json(game):
    data = json.loads(json.dumps(game.model.engine_data()))
    assert data["block"] == {"rows": 5, "columns": 7, "connectivity": "edge"}
    assert len(data["cards"]) == 78 and len(data["dice"]["ids"]) == 35
    assert data["solo"][5] == {"min": 71, "max": 80, "missing_in_source": True}


def test_german_translation_is_complete(game):
    missing = [k for k in game.catalog.source if game.catalog.status(k, "de") != "current"]
    assert not missing, missing[:10]


# -- broken content --------------------------------------------------------------------------------------------

def test_dice_that_do_not_add_up_to_35(copy):
    edit(copy, GAME, "    colour: red\n    dice: 7\n", "    colour: red\n    dice: 8\n")
    result = run_check(copy)
    assert result.exit_code == 1
    assert re.search(r"game\.yaml:\d+: totals\.dice: the rulebook says 35, but the dice of the vegetables add up "
                     r"to 36", result.output), result.output


def test_block_that_does_not_hold_the_dice(copy):
    line = edit(copy, GAME, "block: {rows: 5, columns: 7}", "block: {rows: 5, columns: 6}")
    result = run_check(copy)
    assert result.exit_code == 1
    assert f"game.yaml:{line}: dice.block: a block of 5 x 6 holds 30 dice, but the game has 35" in result.output


def test_recipe_with_unknown_vegetable(copy):
    line = edit(copy, GAME, "needs: {onion: 1, tomato: 1}, points: 3", "needs: {onion: 1, potato: 1}, points: 3")
    result = run_check(copy)
    assert result.exit_code == 1
    assert f"game.yaml:{line}: recipes.salsa.needs: unknown vegetable id 'potato'" in result.output


def test_recipe_larger_than_the_dice_limit(copy):
    edit(copy, GAME, "needs: {tomato: 3, eggplant: 2}, points: 11", "needs: {tomato: 6, eggplant: 3}, points: 11")
    result = run_check(copy)
    assert result.exit_code == 1
    assert "recipes.marinara.needs: needs 9 dice, but a player may hold only 8" in result.output


def test_recipe_count_no_longer_44(copy):
    edit(copy, GAME, "needs: {eggplant: 3, broccoli: 2}, points: 11,",
         "needs: {eggplant: 3, broccoli: 2}, points: 11, count: 2,")
    result = run_check(copy)
    assert result.exit_code == 1
    assert "totals.recipe_cards: the rulebook says 44, but the recipes listed add up to 45" in result.output


def test_dropping_the_missing_solo_row_is_a_gap(copy):
    text = (copy / GAME).read_text(encoding="utf-8")
    start = text.index("    - min: 71\n")
    end = text.index("    - {min: 81")
    (copy / GAME).write_text(text[:start] + text[end:], encoding="utf-8")
    result = run_check(copy)
    assert result.exit_code == 1
    assert re.search(r"game\.yaml:\d+: solo\.ranks\.5\.min: expected 71 .* got 81: a gap in the table; keep a row "
                     r"the source skips as missing_in_source", result.output), result.output


def test_inventing_text_for_the_missing_row_is_an_error(copy):
    edit(copy, GAME, "      missing_in_source: true\n", "      missing_in_source: true\n      text: Master chef!\n")
    result = run_check(copy)
    assert result.exit_code == 1
    assert "solo.ranks.5: a row missing in the source has a note and no text" in result.output


def test_hype_condition_without_its_parameter(copy):
    line = edit(copy, GAME, "condition: {kind: sum, equals: 12}", "condition: {kind: sum}")
    result = run_check(copy)
    assert result.exit_code == 1
    assert (f"game.yaml:{line}: hype.perfect-twelve.condition: a 'sum' condition needs exactly 1 of "
            "at_least, at_most, equals") in result.output


def test_hype_sum_no_hand_can_reach(copy):
    edit(copy, GAME, "condition: {kind: sum, equals: 19}", "condition: {kind: sum, equals: 60}")
    result = run_check(copy)
    assert result.exit_code == 1
    assert "hype.nineteen.condition: no hand of dice can add up to 60" in result.output


def test_hype_total(copy):
    text = (copy / GAME).read_text(encoding="utf-8")
    start = text.index("  - id: family-feast")
    (copy / GAME).write_text(text[:start] + text[start:].replace("    count: 2\n", "    count: 1\n", 1),
                             encoding="utf-8")
    result = run_check(copy)
    assert result.exit_code == 1
    assert "totals.hype_cards: the rulebook says 34, but the hype cards listed add up to 33" in result.output


def test_too_few_chef_tokens(copy):
    edit(copy, GAME, "    count: 4\n    faces: [chef, chef]", "    count: 3\n    faces: [chef, chef]")
    result = run_check(copy)
    assert result.exit_code == 1
    assert "tokens.chef.count: every player gets a chef token: need 4, got 3" in result.output


def test_changed_english_marks_german_stale(copy):
    edit(copy, GAME, "text: The dice add up to exactly 19.", "text: The dice add up to 19 exactly.")
    result = run_check(copy)
    assert result.exit_code == 0, result.output
    assert re.search(r"i18n/de/game\.yaml:\d+: warning: hype\.nineteen\.text: stale", result.output)


def test_raw_yaml_still_parses_with_line_numbers():
    data = read_yaml(CONTENT / GAME, Problems())
    assert data.key_lines["solo"] > data.key_lines["hype"]
