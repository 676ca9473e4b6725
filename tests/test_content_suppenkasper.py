"""Suppenkasper content: the seed's totals, the 3-player removal list, the weight track and table. What every game's
content must do (loading clean, totals, provenance, broken content named precisely, translations) is
tests/test_content.py."""
from __future__ import annotations

from collections import Counter

from content_tools import missing_rules

GAME = "suppenkasper"

# The seed's 3-player list, category by category (1+2+2+3+3+1+1+2+1+2 = 18).
SEED_REMOVAL = {"muesli": 1, "fast-food": 2, "fertiggericht": 2, "entree": 3, "side": 3, "nulldiaet": 1, "fdh": 1,
                "koernerkur": 2, "abfuehrpille": 1, "nein-ess-ich-nicht": 2}


# -- the shipped content ---------------------------------------------------------------------------------------

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


def test_the_rules_have_every_section(game):
    assert not missing_rules(game, "setup", "setup.three-players", "round", "round.chips", "trick", "trick.lead",
                             "trick.respond", "trick.add", "weight", "diet", "special", "round-end", "end", "board")


def test_engine_data(data):
    assert len(data["cards"]) == 72 and len(data["three_players_remove"]) == 18
    assert data["track"]["spaces"][data["track"]["start"]]["class"] == "traumfigur"
    assert data["diets"]["nein-ess-ich-nicht"] == {"effect": "refuse", "steps": 1}
    assert data["meals"]["muesli"]["adds_to"] == "any"
