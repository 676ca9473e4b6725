"""Schwarzwälder Kirsch content: the totals and facts the content fixes, the labelled reconstructions and the FAQ
that fills the seed's gaps. What every game's content must do (loading clean, totals, provenance, broken content
named precisely, translations) is tests/test_content.py."""
from __future__ import annotations

from content_tools import missing_rules

GAME = "schwarzwaelder-kirsch"


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


def test_engine_data(data):
    assert data["game"] == GAME
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


def test_the_rules_have_every_section(game):
    assert not missing_rules(game, "setup", "round", "round.new", "turn", "turn.reveal", "turn.duplicate",
                             "turn.joker", "turn.action-card", "actions.stehlen", "actions.tauschen",
                             "actions.garnieren", "end", "end.tie")


def test_faq_covers_the_seed_gaps(game):
    ids = {e["id"] for e in game.faq}
    assert {"tauschen-effect", "pieces-or-cards", "round-or-game", "player-count"} <= ids
