"""Tá na Mesa content: the seed's totals, classes, recipes, rounds per player count, the reshuffle erratum, the
presentation scoring and the Portuguese translation. What every game's content must do (loading clean, totals,
provenance, broken content named precisely, translations) is tests/test_content.py."""
from __future__ import annotations

from content_tools import edit, line_of, run_check

from tischlein.games.ta_na_mesa import model as ta_na_mesa

GAME = "ta-na-mesa"
GAME_FILE = f"games/{GAME}/game.yaml"


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


def test_engine_data(data):
    assert data["game"] == GAME
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


def test_faq_covers_the_seed_gaps(game):
    ids = {e["id"] for e in game.faq}
    assert {"recipe-shortfall", "player-count", "presentation-example", "characters"} <= ids


def test_the_portuguese_translation_is_complete(game):
    """Tá na Mesa is a Brazilian game: Portuguese is complete, like the German of every game."""
    missing = [k for k in game.catalog.source if game.catalog.status(k, "pt") != "current"]
    assert not missing, missing


# ---- broken content ---------------------------------------------------------------------------------------------

def test_marker_total_is_reported_at_the_total_not_at_the_edit(copy):
    line = edit(copy, GAME_FILE, "markers_per_player: 2", "markers_per_player: 3")
    result = run_check(copy)
    assert result.exit_code == 1
    marker_line = line_of(copy, GAME_FILE, "markers: 8")
    assert (f"game.yaml:{marker_line}: totals.markers: the rulebook says 8, but player colours × markers per player "
            f"add up to 12") in result.output
    assert line > marker_line


def test_model_rotation():
    recipe = ta_na_mesa.Recipe(id="x", name="x", key="", mark="*", raw={}, edges=("yellow", "green", "blue", "red"))
    assert recipe.rotated(1) == ("red", "yellow", "green", "blue")   # the old top edge is now on the right
    assert recipe.rotated(4) == recipe.edges
