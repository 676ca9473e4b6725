"""Tá na Mesa content: the shipped files load with the seed's totals, and broken content names file, line, field."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from content_tools import CONTENT, copy_content, edit, run_check

from tischlein.content import loader
from tischlein.games.ta_na_mesa import model as ta_na_mesa

GAME = Path("games/ta-na-mesa/game.yaml")
GAME_ID = "ta-na-mesa"


@pytest.fixture()
def copy(tmp_path: Path) -> Path:
    return copy_content(tmp_path)


@pytest.fixture(scope="module")
def game():
    content = loader.load(CONTENT, [GAME_ID])
    assert not content.problems.errors, "\n".join(map(str, content.problems.errors))
    return content.games[GAME_ID]


# ---- the shipped content --------------------------------------------------------------------------------------

def test_component_totals_match_the_seed(game):
    """The seed's list: 4 counters, 8 characters, 1 hat, 50 ingredients, 25 recipes, 12 spices, 1 prize, 8 markers."""
    model = game.model
    cards, pieces = model.cards(), model.pieces()
    assert sum(1 for c in cards if c.kind == "ingredient") == 50
    assert sum(1 for c in cards if c.kind == "character") == 8
    kinds = {}
    for p in pieces:
        kinds[p.kind] = kinds.get(p.kind, 0) + 1
    assert kinds == {"counter": 4, "recipe-tile": 25, "spice-token": 12, "scoring-board": 1, "marker": 8,
                     "vegetarian-prize": 1, "chefs-hat": 1}
    assert all(len(p.faces) == 2 and p.faces[0] != p.faces[1] for p in pieces if p.kind == "spice-token")
    ids = [c.id for c in cards] + [p.id for p in pieces]
    assert len(ids) == len(set(ids)), "component ids must be unique"


def test_five_classes_ten_cards_each(game):
    model = game.model
    per_class: dict[str, int] = {}
    for card in model.cards():
        if card.kind == "ingredient":
            cls = model.ingredients[card.ref].cls
            per_class[cls] = per_class.get(cls, 0) + 1
    assert per_class == {"graos": 10, "verduras": 10, "derivados": 10, "carnes": 10, "frango": 10}
    assert {c.colour for c in model.classes.values()} == {"yellow", "green", "blue", "red", "orange"}


def test_recipes_need_three_and_bonus_fits(game):
    for recipe in game.model.recipes.values():
        assert len(recipe.needs) == 3
        if recipe.bonus:
            assert game.model.ingredients[recipe.bonus[0]].cls in recipe.needs
    assert sum(r.vegetarian for r in game.model.recipes.values()) == 8


def test_rounds_and_spices_per_player_count(game):
    counts = game.model.player_counts
    assert {n: (p.rounds, p.spices_each) for n, p in counts.items()} == {2: (4, 3), 3: (3, 4), 4: (4, 3)}
    assert not counts[2].lowest_sum_discard and counts[3].lowest_sum_discard
    # the seed: 0 to 5 spice points with 3 tokens, up to 6 with three players (4 tokens)
    assert game.model.max_spice_points(3) == 5
    assert game.model.max_spice_points(4) == 6


def test_four_players_need_the_reshuffle_erratum(game):
    """32 recipe draws from 25 tiles: the content must carry the erratum."""
    facts = game.model.raw["facts"]
    assert facts["recipe_reshuffle"] is True
    assert "recipe_reshuffle" in facts["errata"]
    pc = game.model.player_counts[4]
    assert pc.rounds * 4 * game.model.facts["recipes_per_player"] == 32 > len(game.model.recipes)


def test_presentation_example_scores_eight(game):
    """The seed's presentation example scores 8; our replay file reproduces it with our components."""
    example = next(e for e in game.examples if e["id"] == "presentation-8")
    ana = next(p for p in example["start"]["players"] if p["name"] == "Ana")
    final = example["expect"]["players"]["Ana"]
    placements = {space: (spot["recipe"], spot["turns"]) for space, spot in final["stove"].items()}
    result = game.model.presentation(ana["counter"], placements)
    assert result == {"frame": 6, "inner": 2, "points": 8}
    assert (final["scoring"]["frame"], final["scoring"]["inner"], final["scoring"]["presentation"]) == (6, 2, 8)


def test_twelve_points_are_reachable_on_every_stove(game):
    """The seed's maximum of 12: each stove has at least one arrangement of four recipes that scores it."""
    model = game.model
    oriented = [(r.id, t, r.rotated(t)) for r in model.recipes.values() for t in range(4)]
    for counter in model.counters.values():
        f = counter.frame      # nw top, ne top, ne right, se right, se bottom, sw bottom, sw left, nw left
        found = False
        for nw in (o for o in oriented if o[2][0] == f[0] and o[2][3] == f[7]):
            for ne in (o for o in oriented if o[0] != nw[0] and o[2][0] == f[1] and o[2][1] == f[2]
                       and o[2][3] == nw[2][1]):
                for sw in (o for o in oriented if o[0] not in (nw[0], ne[0]) and o[2][2] == f[5]
                           and o[2][3] == f[6] and o[2][0] == nw[2][2]):
                    for se in (o for o in oriented if o[0] not in (nw[0], ne[0], sw[0]) and o[2][1] == f[3]
                               and o[2][2] == f[4] and o[2][3] == sw[2][1] and o[2][0] == ne[2][2]):
                        layout = {"nw": nw[:2], "ne": ne[:2], "sw": sw[:2], "se": se[:2]}
                        assert model.presentation(counter.id, layout)["points"] == 12
                        found = True
                        break
                    if found:
                        break
                if found:
                    break
            if found:
                break
        assert found, f"12 presentation points are not reachable on {counter.id}"


def test_score_track_is_long_enough(game):
    assert max(game.model.max_score(n) for n in (2, 3, 4)) <= game.model.tracks["score"].last
    assert game.model.tracks["sum"].spaces[-1] == 16


def test_engine_data_is_json(game):
    data = json.loads(json.dumps(game.model.engine_data()))
    assert data["game"] == GAME_ID
    assert len(data["ingredient_cards"]) == 50
    assert data["ingredient_cards"][0] == {"id": "arroz-1", "type": "arroz", "value": 1}
    assert data["player_counts"]["3"] == {"rounds": 3, "spices_each": 4, "lowest_sum_discard": True}
    assert data["rules"]["recipe_reshuffle"] is True
    assert len(data["spice_tokens"]) == 12


def test_reconstructions_are_labelled(game):
    fields = {(n.record, n.field) for n in game.model.notes}
    for wanted in [("recipes.feijoada", "needs"), ("characters.feirante", "ability"), ("counters.tacho", "stove"),
                   ("spice_tokens", "faces"), ("vegetarian_prize", "text"), ("facts", "recipe_reshuffle"),
                   ("ingredients.arroz", "values")]:
        assert wanted in fields, wanted
    assert any(n.kind == "erratum" and n.field == "recipe_reshuffle" for n in game.model.notes)
    assert "2 to 5" in game.catalog.source["game:facts.note"]


def test_rule_references_in_game_yaml_exist(game):
    rules = {r.id for r in game.rules}
    assert game.model.vegetarian_prize["rule"] in rules
    assert game.model.chefs_hat["rule"] in rules
    for example in game.examples:
        assert set(example["rules"]) <= rules


def test_faq_covers_the_seed_gaps(game):
    ids = {e["id"] for e in game.faq}
    assert {"recipe-shortfall", "player-count", "presentation-example", "characters"} <= ids


@pytest.mark.parametrize("lang", ["de", "pt"])
def test_translations_are_complete(game, lang):
    missing = [k for k in game.catalog.source if game.catalog.status(k, lang) != "current"]
    assert not missing, missing


# ---- broken content ---------------------------------------------------------------------------------------------

def test_without_the_reshuffle_four_players_run_out(copy):
    edit(copy, GAME, "  recipe_reshuffle: true\n", "  recipe_reshuffle: false\n")
    result = run_check(copy)
    assert result.exit_code == 1
    assert re.search(r"game\.yaml:\d+: player_counts\.\[2\]\.rounds: with 4 players the recipe pile runs out in "
                     r"round 4 without reshuffling the discarded recipes", result.output), result.output
    # 2 and 3 players fit in 25 tiles
    assert "with 2 players" not in result.output and "with 3 players" not in result.output


def test_vegetarian_flag_must_match_the_classes(copy):
    line = edit(copy, GAME, "needs: [carnes, carnes, frango], points: 5, bonus: {ingredient: linguica, points: 1}, "
                            "vegetarian: false",
                "needs: [carnes, carnes, frango], points: 5, bonus: {ingredient: linguica, points: 1}, "
                "vegetarian: true")
    result = run_check(copy)
    assert result.exit_code == 1
    assert (f"game.yaml:{line}: recipes.churrasco.vegetarian: expected false: a recipe is vegetarian exactly when "
            f"it needs no meat or chicken") in result.output


def test_bonus_ingredient_must_be_needed(copy):
    line = edit(copy, GAME, "bonus: {ingredient: couve, points: 1}", "bonus: {ingredient: queijo, points: 1}")
    result = run_check(copy)
    assert result.exit_code == 1
    assert (f"game.yaml:{line}: recipes.caldo-verde.bonus.ingredient: 'queijo' is a 'derivados' ingredient, "
            f"which this recipe does not need") in result.output


def test_recipe_takes_three_ingredients(copy):
    line = edit(copy, GAME, "needs: [derivados, derivados, derivados]", "needs: [derivados, derivados]")
    result = run_check(copy)
    assert result.exit_code == 1
    assert f"game.yaml:{line}: recipes.pudim-de-leite.needs: a recipe takes 3 ingredients (seed), got 2" \
        in result.output


def test_spice_combination_points_come_from_the_seed(copy):
    line = edit(copy, GAME, "{spices: [pimenta, colorau, louro], points: 5}",
                "{spices: [pimenta, colorau, louro], points: 4}")
    result = run_check(copy)
    assert result.exit_code == 1
    assert (f"game.yaml:{line}: counters.panela-de-barro.combos: a combination of 3 spice(s) is worth 5 (seed), "
            f"got 4") in result.output


def test_rounds_must_share_the_start_equally(copy):
    path = copy / GAME
    text = path.read_text(encoding="utf-8")
    old = "  - players: 2\n    rounds: 4\n"
    line = text[: text.index(old)].count("\n") + 2
    path.write_text(text.replace(old, "  - players: 2\n    rounds: 3\n", 1), encoding="utf-8")
    result = run_check(copy)
    assert result.exit_code == 1
    assert (f"game.yaml:{line}: player_counts.[0].rounds: 3 rounds cannot give each of 2 players the same number "
            f"of starts") in result.output


def test_spice_tokens_must_suffice(copy):
    path = copy / GAME
    text = path.read_text(encoding="utf-8")
    old = "  - players: 3\n    rounds: 3\n    spices_each: 4\n"
    path.write_text(text.replace(old, "  - players: 3\n    rounds: 3\n    spices_each: 5\n", 1), encoding="utf-8")
    result = run_check(copy)
    assert result.exit_code == 1
    assert "player_counts.[1].spices_each: 3 players × 5 tokens need more than the 12 spice tokens" in result.output


def test_marker_total(copy):
    line = edit(copy, GAME, "markers_per_player: 2", "markers_per_player: 3")
    result = run_check(copy)
    assert result.exit_code == 1
    marker_line = next(i for i, l in enumerate((copy / GAME).read_text(encoding="utf-8").splitlines(), 1)
                       if l.strip().startswith("markers: 8"))
    assert (f"game.yaml:{marker_line}: totals.markers: the rulebook says 8, but player colours × markers per player "
            f"add up to 12") in result.output
    assert line > marker_line


def test_sum_track_must_hold_the_highest_sum(copy):
    line = edit(copy, GAME, "      last: 16\n", "      last: 12\n")
    result = run_check(copy)
    assert result.exit_code == 1
    assert f"game.yaml:{line}: scoring_board.tracks.sum.last: a sum can reach 16 (3 × 5 + 1), the track ends at 12" \
        in result.output


def test_presentation_maximum_follows_the_stove(copy):
    line = edit(copy, GAME, "presentation_max: 12", "presentation_max: 10")
    result = run_check(copy)
    assert result.exit_code == 1
    assert (f"game.yaml:{line}: facts.presentation_max: a 2 × 2 stove has 8 frame edges and 4 inner edges, so at "
            f"most 12 points, not 10") in result.output


def test_unknown_colour_on_a_recipe_edge(copy):
    line = edit(copy, GAME, "edges: [blue, orange, blue, green]", "edges: [blue, orange, blue, purple]")
    result = run_check(copy)
    assert result.exit_code == 1
    assert f"game.yaml:{line}: recipes.omelete.edges: unknown colour 'purple'" in result.output


def test_portuguese_translation_must_keep_tokens(copy):
    pt = copy / "games/ta-na-mesa/i18n/pt/rules.yaml"
    text = pt.read_text(encoding="utf-8")
    pt.write_text(text.replace("{term:bancada}", "bancada", 1), encoding="utf-8")
    result = run_check(copy)
    assert result.exit_code == 1
    assert re.search(r"ta-na-mesa/i18n/pt/rules\.yaml:\d+: ta-na-mesa\.overview\.body: the translation must keep "
                     r"the tokens", result.output)


def test_model_rotation():
    recipe = ta_na_mesa.Recipe(id="x", name="x", key="", mark="*", raw={}, edges=("yellow", "green", "blue", "red"))
    assert recipe.rotated(1) == ("red", "yellow", "green", "blue")   # the old top edge is now on the right
    assert recipe.rotated(4) == recipe.edges
