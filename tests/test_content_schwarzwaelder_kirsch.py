"""Schwarzwälder Kirsch content: the shipped files load, and broken content names file, line and field."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from content_tools import CONTENT, copy_content, edit, run_check

from tischlein.content import loader

GAME = Path("games/schwarzwaelder-kirsch/game.yaml")
GAME_ID = "schwarzwaelder-kirsch"


@pytest.fixture()
def copy(tmp_path: Path) -> Path:
    return copy_content(tmp_path)


def line_of(root: Path, relative: Path, startswith: str) -> int:
    lines = (root / relative).read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if line.strip().startswith(startswith))


@pytest.fixture(scope="module")
def game():
    content = loader.load(CONTENT, [GAME_ID])
    assert not content.problems.errors, "\n".join(map(str, content.problems.errors))
    return content.games[GAME_ID]


# ---- the shipped content --------------------------------------------------------------------------------------

def test_totals_add_up(game):
    model = game.model
    cards = model.cards()
    assert len(cards) == model.totals["cards"] == 45
    pantry = [c for c in cards if c.back == "pantry"]
    assert len(pantry) == 44
    assert sum(1 for c in pantry if c.kind == "ingredient") == 32
    assert sum(1 for c in pantry if c.kind == "joker") == 4
    assert {a.id: a.count for a in model.actions.values()} == {"stehlen": 3, "tauschen": 2, "garnieren": 3}
    assert len({c.id for c in cards}) == len(cards), "card ids must be unique"
    assert [c.id for c in cards if c.kind == "start"] == ["kuechenmaschine-1"]


def test_seed_facts(game):
    """What the seed fixes: rounds = players, one action card held, the first reveal is safe, Garnieren ends."""
    model = game.model
    assert [model.rounds(n) for n in range(model.players[0], model.players[1] + 1)] == [2, 3, 4]
    assert model.action_card_limit == 1
    assert model.safe_reveals == 1
    assert model.actions["garnieren"].after_play == "end-round"
    assert model.actions["stehlen"].after_play == "shuffle"
    assert set(model.cake.ingredients) == set(model.ingredients)
    assert model.cake.garnish == "garnieren"


def test_engine_data_is_json(game):
    import json
    data = json.loads(json.dumps(game.model.engine_data()))
    assert data["game"] == GAME_ID
    assert len(data["pantry"]) == 44
    assert data["pantry"][0] == {"id": "eier-1", "type": "eier", "kind": "ingredient"}
    assert data["rounds"] == {"2": 2, "3": 3, "4": 4}


def test_reconstructions_are_labelled(game):
    """Nothing about the game is published: counts, Tauschen and the player count carry a reason."""
    fields = {(n.record, n.field) for n in game.model.notes}
    for wanted in [("facts", "players"), ("totals", "pantry_cards"), ("actions.tauschen", "text"),
                   ("cake", "ingredients"), ("joker", "count"), ("ingredients.eier", "count")]:
        assert wanted in fields, wanted
    assert "theme source, not the game's card list" in game.catalog.source["game:theme.text"]


def test_rule_references_in_game_yaml_exist(game):
    rules = {r.id for r in game.rules}
    model = game.model
    for ref in [model.joker.rule, model.start_card.rule, *(a.rule for a in model.actions.values())]:
        assert ref in rules, ref
    for wanted in ("setup", "round", "round.new", "turn", "turn.reveal", "turn.duplicate", "turn.joker",
                   "turn.action-card", "actions.stehlen", "actions.tauschen", "actions.garnieren", "end", "end.tie"):
        assert f"{GAME_ID}.{wanted}" in rules


def test_faq_covers_the_seed_gaps(game):
    ids = {e["id"] for e in game.faq}
    assert {"tauschen-effect", "pieces-or-cards", "round-or-game", "player-count"} <= ids


def test_german_is_complete(game):
    missing = [k for k in game.catalog.source if game.catalog.status(k, "de") != "current"]
    assert not missing, missing


# ---- broken content ---------------------------------------------------------------------------------------------

def test_ingredient_count_changes_the_totals(copy):
    edit(copy, GAME, "{id: zucker, name: Zucker, gloss: sugar, count: 4",
         "{id: zucker, name: Zucker, gloss: sugar, count: 5")
    result = run_check(copy)
    assert result.exit_code == 1
    line = line_of(copy, GAME, "ingredient_cards:")
    assert (f"game.yaml:{line}: totals.ingredient_cards: the content says 32, "
            f"but the cards listed add up to 33") in result.output
    assert "totals.pantry_cards: the content says 44, but ingredients + jokers + action cards add up to 45" \
        in result.output
    assert "totals.cards: the content says 45" in result.output


def test_cake_needs_a_known_ingredient(copy):
    line = edit(copy, GAME, "ingredients: [eier, zucker,", "ingredients: [eier, butter,")
    result = run_check(copy)
    assert result.exit_code == 1
    assert f"game.yaml:{line}: cake.ingredients: unknown ingredient id 'butter'" in result.output
    # and zucker is now an ingredient card the cake does not use
    assert re.search(r"game\.yaml:\d+: ingredients\.zucker: this ingredient is not in cake\.ingredients",
                     result.output)


def test_garnish_must_end_the_round(copy):
    line = edit(copy, GAME, "  garnish: garnieren", "  garnish: stehlen")
    result = run_check(copy)
    assert result.exit_code == 1
    assert f"game.yaml:{line}: cake.garnish: the garnish card 'stehlen' must end the round" in result.output
    assert "actions.garnieren.after_play: only the garnish card ends the round" in result.output


def test_every_named_action_card_is_needed(copy):
    path = copy / GAME
    text = path.read_text(encoding="utf-8")
    start = text.index("  - id: tauschen")
    end = text.index("  - id: garnieren")
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    result = run_check(copy)
    assert result.exit_code == 1
    assert "actions: missing the 'tauschen' action card the rulebook names" in result.output
    assert "totals.action_cards: the content says 8, but the cards listed add up to 6" in result.output


def test_one_kuechenmaschinenkarte(copy):
    line = edit(copy, GAME, "  count: 1\n  back: start", "  count: 2\n  back: start")
    result = run_check(copy)
    assert result.exit_code == 1
    assert f"game.yaml:{line}: start_card.count: the rulebook has one Küchenmaschinenkarte, got 2" in result.output


def test_unknown_after_play_is_a_schema_error(copy):
    line = edit(copy, GAME, "    after_play: shuffle\n    text: Swap", "    after_play: keep\n    text: Swap")
    result = run_check(copy)
    assert result.exit_code == 1
    assert f"game.yaml:{line}: actions.tauschen.after_play: expected one of 'shuffle', 'end-round', got 'keep'" \
        in result.output


def test_too_many_players_for_the_copies(copy):
    edit(copy, GAME, "players: {min: 2, max: 4}", "players: {min: 2, max: 9}")
    result = run_check(copy)
    assert result.exit_code == 1
    assert re.search(r"game\.yaml:\d+: ingredients\.eier\.count: 4 copies plus 4 jokers cannot give all 9 players",
                     result.output)


def test_stale_german_translation_warns(copy):
    edit(copy, GAME, "text: Pantry", "text: Larder")
    result = run_check(copy)
    assert result.exit_code == 0, result.output
    assert re.search(r"schwarzwaelder-kirsch/i18n/de/game\.yaml:\d+: warning: backs\.pantry\.text: stale",
                     result.output)
