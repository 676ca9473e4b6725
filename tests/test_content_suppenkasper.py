"""Suppenkasper content: the shipped files load with the seed's totals, and broken content is named precisely."""
from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from content_tools import CONTENT, copy_content, edit, run_check

from tischlein.content import loader

GAME_ID = "suppenkasper"
GAME = Path(f"games/{GAME_ID}/game.yaml")

# The seed's 3-player list, category by category (1+2+2+3+3+1+1+2+1+2 = 18).
SEED_REMOVAL = {"muesli": 1, "fast-food": 2, "fertiggericht": 2, "entree": 3, "side": 3, "nulldiaet": 1, "fdh": 1,
                "koernerkur": 2, "abfuehrpille": 1, "nein-ess-ich-nicht": 2}


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
    assert len(m.deck()) == 72
    assert m.players == (3, 6) and m.chips_per_player == 3
    assert m.chips == 18 == m.players[1] * m.chips_per_player
    assert len(m.figure_colours) == 6 and m.weight_tables == 6
    assert Counter(c.kind for c in m.cards() if c.back == "aid") == {"weight-table": 6}
    assert set(m.specials) == {"suppen-kasper", "fress-sack", "mecker-ziege", "nasch-katze", "tischlein-deck-dich"}
    assert set(m.diets) == {"fdh", "nulldiaet", "abfuehrpille", "nein-ess-ich-nicht", "koernerkur"}
    assert {m.entrees[e].side for e in ("torte", "fisch", "fleisch")} == {"sahne", "kartoffeln", "knoedel"}
    assert m.entrees["fleisch"].side == "knoedel" and m.entrees["fisch"].side == "kartoffeln"
    assert m.entrees["torte"].side == "sahne"


def test_three_player_removal_is_the_seeds_list_and_a_subset(game):
    m = game.model
    removed = m.three_player_removal
    deck_ids = {c.id for c in m.deck()}
    assert len(removed) == 18 and len(set(removed)) == 18 and set(removed) <= deck_ids
    by_id = {c.id: c for c in m.deck()}
    categories = Counter("entree" if by_id[i].ref in m.entrees else "side" if by_id[i].ref in m.sides
                         else by_id[i].ref for i in removed)
    assert categories == SEED_REMOVAL
    # The three entree values the seed names.
    assert sorted((by_id[i].ref, by_id[i].value) for i in removed if by_id[i].ref in m.entrees) == [
        ("fisch", 700), ("fleisch", 1000), ("torte", 600)]
    deals = {n: len(m.deck(n)) / n for n in (3, 4, 5, 6)}
    assert deals[3] == deals[4] == 18 and deals[6] == 12 and len(m.deck(5)) == 72
    assert not any(by_id[i].ref in m.specials for i in removed)


def test_composition_is_not_four_times_the_removal_list(game):
    """games-facts warning: 4 x the list is 72 and would leave no room for the special cards."""
    m = game.model
    per_category = Counter()
    for c in m.deck():
        per_category["entree" if c.ref in m.entrees else "side" if c.ref in m.sides else c.ref] += 1
    assert sum(per_category[k] for k in SEED_REMOVAL) + len(m.specials) == 72
    assert any(per_category[k] != 4 * n for k, n in SEED_REMOVAL.items())


def test_weight_track(game):
    m = game.model
    track = m.track
    assert (track[0].weight_class, track[0].role) == ("suppenkasper", "end")
    assert (track[-1].weight_class, track[-1].role) == ("dicker-brocken", "end")
    start = [s for s in track if s.role == "start"]
    assert len(start) == 1 and start[0].weight_class == "traumfigur" and start[0].position == 0
    positions = {s.weight_class: s.position for s in reversed(track)}  # first space of each class
    assert 0 < positions["rubensfigur"] < positions["brummer"]
    assert m.classes["rubensfigur"].prov("name").kind == "rulebook"
    assert m.classes["hungerhaken"].prov("name").kind == "reconstructed"


def test_weight_table(game):
    m = game.model
    assert m.steps_for(0) == 0
    assert m.steps_for(350) == 1           # FdH on a 700 meal
    assert m.steps_for(800 * 3 + 200) == 4  # the rules' example
    assert m.steps_for(10_000) == 6
    steps = [s for _, s in m.weight_table]
    assert steps == sorted(steps)


def test_rule_references_exist(game):
    rule_ids = {r.id for r in game.rules}
    for special in game.model.specials.values():
        assert special.rule in rule_ids
    for section in ("setup", "setup.three-players", "round", "round.chips", "trick", "trick.lead", "trick.respond",
                    "trick.add", "weight", "diet", "special", "round-end", "end", "board"):
        assert f"{GAME_ID}.{section}" in rule_ids


def test_engine_data_is_json(game):
    data = json.loads(json.dumps(game.model.engine_data()))
    assert len(data["cards"]) == 72 and len(data["three_players_remove"]) == 18
    assert data["track"]["spaces"][data["track"]["start"]]["class"] == "traumfigur"
    assert data["diets"]["nein-ess-ich-nicht"] == {"effect": "refuse", "steps": 1}
    assert data["meals"]["muesli"]["adds_to"] == "any"


def test_german_translation_is_complete(game):
    missing = [k for k in game.catalog.source if game.catalog.status(k, "de") != "current"]
    assert not missing, missing[:10]


# -- broken content --------------------------------------------------------------------------------------------

def test_card_total_no_longer_72(copy):
    edit(copy, GAME, "    entree: torte\n    count: 5\n", "    entree: torte\n    count: 6\n")
    result = run_check(copy)
    assert result.exit_code == 1
    assert re.search(r"game\.yaml:\d+: totals\.cards: the rulebook says 72, but the cards listed add up to 73 "
                     r"\(12 entrees \+ 16 side dishes", result.output), result.output


def test_removal_card_that_is_not_in_the_deck(copy):
    line = edit(copy, GAME, "{kind: torte, value: 600, count: 1}", "{kind: torte, value: 650, count: 1}")
    result = run_check(copy)
    assert result.exit_code == 1
    assert (f"game.yaml:{line}: three_players.remove.torte: takes out 1 torte 650 card(s), but the deck has only 0 "
            "left to take: the 3-player list must be part of the deck") in result.output


def test_removal_taking_more_copies_than_exist(copy):
    edit(copy, GAME, "{kind: koernerkur, count: 2}", "{kind: koernerkur, count: 6}")
    result = run_check(copy)
    assert result.exit_code == 1
    assert "three_players.remove.koernerkur: takes out 6 koernerkur card(s), but the deck has only 5" in result.output


def test_removal_that_differs_from_the_seed_list(copy):
    edit(copy, GAME, "    - {kind: fdh, count: 1}\n", "    - {kind: nulldiaet, count: 1}\n")
    result = run_check(copy)
    assert result.exit_code == 1
    assert "three_players.remove: the seed's list takes out 1 fdh card(s), the cards named here are 0" in result.output
    assert "the seed's list takes out 1 nulldiaet card(s), the cards named here are 2" in result.output


def test_seed_list_that_no_longer_sums_to_18(copy):
    edit(copy, GAME, "{category: muesli, count: 1}", "{category: muesli, count: 2}")
    result = run_check(copy)
    assert result.exit_code == 1
    assert "totals.removed_for_three: the rulebook says 18, but its list adds up to 19" in result.output


def test_special_cards_cannot_be_removed(copy):
    edit(copy, GAME, "    - {kind: muesli, value: 100, count: 1}\n",
         "    - {kind: muesli, value: 100, count: 1}\n    - {kind: fress-sack, count: 1}\n")
    result = run_check(copy)
    assert result.exit_code == 1
    assert "three_players.remove.fress-sack: special cards are never taken out" in result.output


def test_side_dish_pointing_at_the_wrong_entree(copy):
    edit(copy, GAME, "    gloss: dumplings\n    entree: fleisch\n", "    gloss: dumplings\n    entree: fisch\n")
    result = run_check(copy)
    assert result.exit_code == 1
    assert "entrees.fleisch.side: side dish 'knoedel' says it goes with 'fisch'" in result.output


def test_weight_table_out_of_order(copy):
    line = edit(copy, GAME, "    - {up_to: 2000, steps: 3}\n", "    - {up_to: 900, steps: 3}\n")
    result = run_check(copy)
    assert result.exit_code == 1
    assert (f"game.yaml:{line}: weight_table.rows.3.up_to: expected more than 1000: the rows go from few calories "
            "to many") in result.output


def test_weight_table_without_open_last_row(copy):
    edit(copy, GAME, "    - {steps: 6}\n", "    - {up_to: 5000, steps: 6}\n")
    result = run_check(copy)
    assert result.exit_code == 1
    assert "weight_table.rows.6.up_to: the last row is open-ended" in result.output


def test_board_without_a_start(copy):
    edit(copy, GAME, "      gloss: dream figure\n      role: start\n", "      gloss: dream figure\n      role: class\n")
    result = run_check(copy)
    assert result.exit_code == 1
    assert "board.classes: expected one start space (Traumfigur), got 0" in result.output


def test_chips_that_do_not_match_players(copy):
    edit(copy, GAME, "  colour: red\n  count: 18\n", "  colour: red\n  count: 17\n")
    result = run_check(copy)
    assert result.exit_code == 1
    assert "totals.chips: the rulebook says 18, but chips.count gives 17" in result.output
    assert "chips.count: 6 players x 3 chips each = 18, not 17" in result.output


def test_diet_effect_without_steps(copy):
    edit(copy, GAME, "    effect: minus_steps\n    steps: 2\n", "    effect: minus_steps\n")
    result = run_check(copy)
    assert result.exit_code == 1
    assert "diets.abfuehrpille.steps: effect 'minus_steps' needs steps" in result.output
