"""The Diced Veggies rules engine: setup, cuts (checked against a brute force), restock, chef token, cooking and
hype conditions, drawing, hand limits, the end sequence, scoring and the solo bands, random playouts to the end and
the JSON facade. What every engine must do (determinism, player counts, census, refusals, rule ids and messages) is
in tests/test_engines.py and tests/test_engine_games.py; every worked example's replay and golden playthrough in
tests/test_replays.py.
"""
from __future__ import annotations

import itertools
import random
from functools import partial

import engine_tools
import pytest
from engine_tools import compiled, engine_for, example, random_game

from tischlein.engine import Move, MoveError, api, replay
from tischlein.games.diced_veggies import engine as dv_module

GAME = "diced-veggies"
EMPTY = [".", ".", ".", ".", ".", ".", "."]

dv = engine_for(GAME)
reject = partial(engine_tools.reject, dv)
play = partial(engine_tools.play, dv)


def block(*rows):
    """Rows of cells, padded to 5 x 7 with empty cells."""
    out = [list(r) + ["."] * (7 - len(r)) for r in rows]
    return out + [list(EMPTY) for _ in range(5 - len(out))]


def setup(**spec):
    spec.setdefault("players", [{"name": "Ada"}, {"name": "Ben"}])
    spec.setdefault("block", block(["die-onion-1:2", "die-tomato-1:3", "die-carrot-1:4", "die-broccoli-1:6",
                                     "die-eggplant-1:5"]))
    return dv.start(spec)


# --- setup ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_new_game_follows_the_setup(players):
    s = dv.new_game([f"P{i}" for i in range(players)], 7)
    assert dv.census(s) == []
    assert len(s.block_dice()) == 35 and s.used == []
    assert all(len(p.recipes) == 2 and len(p.hype) == 1 and p.chef and not p.dice for p in s.players)
    assert len(s.display) == 3
    assert len(s.recipe_deck) == 44 - 3 - 2 * players and len(s.hype_deck) == 34 - players
    assert all(f in (2, 3, 4, 5, 6) for f in s.faces.values())
    assert (s.phase, s.stage, s.turn) == ("cut", "normal", 0)


# --- cut ----------------------------------------------------------------------------------------------------

SHAPES = block(["die-broccoli-1:5", "die-onion-2:6", "die-carrot-1:3"],
               ["die-tomato-1:4", "die-eggplant-2:2", "die-broccoli-2:6"],
               ["die-onion-1:3", "die-carrot-2:5", "die-tomato-2:6"],
               ["die-eggplant-1:5"])


@pytest.mark.parametrize("dice, key", [
    (["die-eggplant-2"], "cut.not_from_outside"),
    (["die-onion-1"], "cut.block_split"),                # the eggplant 5 would hang on by a corner
    (["die-carrot-2", "die-tomato-2"], "cut.too_much"),  # 11
    (["die-broccoli-1", "die-carrot-1"], "cut.not_one_piece"),
    (["die-onion-9"], "cut.not_in_block"),
    (["die-onion-1", "die-onion-1"], "cut.duplicate"),
])
def test_illegal_cuts_name_the_cut_rule(dice, key):
    s = setup(block=SHAPES)
    reject(s, ("Ada", "cut", {"dice": dice}), "diced-veggies.turn.cut", key)


def test_a_legal_cut_moves_the_dice_into_the_hand():
    s = play(setup(block=SHAPES), ("Ada", "cut", {"dice": ["die-eggplant-1", "die-onion-1"]}))
    assert s.players[0].dice == ["die-eggplant-1", "die-onion-1"]
    assert s.phase == "cook" and len(s.block_dice()) == 8
    reject(s, ("Ada", "cut", {"dice": ["die-tomato-1"]}), "diced-veggies.turn.cut", "cut.done")


def test_small_block_is_taken_whole_and_only_whole():
    s = setup()   # 2 + 3 + 4 + 6 + 5 = 20: too much to take whole
    reject(s, ("Ada", "take_all", {}), "diced-veggies.turn.cut", "take_all.too_much")
    small = setup(block=block(["die-onion-1:2", "die-tomato-1:3", "die-carrot-1:4"]))
    reject(small, ("Ada", "cut", {"dice": ["die-onion-1"]}), "diced-veggies.turn.cut", "cut.take_all_instead")
    assert [m.name for m in dv.legal_moves(small)] == ["restock", "take_all"]   # broccoli, eggplant missing
    after = play(small, ("Ada", "take_all", {}))
    assert after.block_dice() == [] and len(after.players[0].dice) == 3


def test_empty_block_forces_a_restock():
    s = setup(block=block())
    reject(s, ("Ada", "cut", {"dice": ["die-onion-1"]}), "diced-veggies.turn.restock", "restock.must")
    reject(s, ("Ada", "take_all", {}), "diced-veggies.turn.restock", "restock.must")
    assert [m.name for m in dv.legal_moves(s)] == ["restock"]


def _cut_ok(s, dice):
    try:
        dv.check_cut(s, dice)
    except MoveError:
        return False
    return True


def _brute_force_cuts(s):
    cells = {(r, c): d for r, row in enumerate(s.block) for c, d in enumerate(row) if d}
    total = sum(s.faces[d] for d in cells.values())
    found = set()
    for n in range(1, len(cells)):
        for subset in itertools.combinations(sorted(cells), n):
            if sum(s.faces[cells[x]] for x in subset) > 10:
                continue
            if _cut_ok(s, [cells[x] for x in subset]):
                found.add(frozenset(cells[x] for x in subset))
    return found if total > 10 else set()


@pytest.mark.parametrize("seed", range(6))
def test_cut_enumeration_matches_a_brute_force(seed):
    """Every subset of a random small block is checked by the cut rule itself; cuts() must list exactly the
    legal ones, and each listed cut must be accepted by apply."""
    rng = random.Random(seed)
    dice = dv.dice[:]
    rng.shuffle(dice)
    shape = [(0, 0)]
    while len(shape) < 11:                      # grow a random connected shape without holes problems
        r, c = rng.choice(shape)
        nr, nc = rng.choice([(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)])
        if 0 <= nr < 5 and 0 <= nc < 7 and (nr, nc) not in shape:
            shape.append((nr, nc))
    grid = [["."] * 7 for _ in range(5)]
    for (r, c), die in zip(shape, dice):
        grid[r][c] = f"{die}:{rng.choice([2, 2, 3, 4, 5, 6])}"
    s = setup(block=grid)
    listed = {frozenset(c) for c in dv.cuts(s)}
    assert listed == _brute_force_cuts(s)
    for cut in dv.cuts(s)[:15]:
        assert dv.census(dv.apply(s, Move("Ada", "cut", {"dice": cut}))) == []


def _plain_cuts(s):
    """The cuts of a block without ESU or bit masks: every connected group of dice adding up to at most 10, grown
    as sets one neighbour at a time, each checked by the cut rule itself."""
    at = {(r, c): d for r, row in enumerate(s.block) for c, d in enumerate(row) if d}
    where = {d: rc for rc, d in at.items()}
    groups, todo = set(), [frozenset([d]) for d in at.values() if s.faces[d] <= 10]
    while todo:
        group = todo.pop()
        if group in groups:
            continue
        groups.add(group)
        total = sum(s.faces[d] for d in group)
        for d in group:
            r, c = where[d]
            for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if at.get(nb) and at[nb] not in group and total + s.faces[at[nb]] <= 10:
                    todo.append(group | {at[nb]})
    return {g for g in groups if len(g) < len(at) and _cut_ok(s, sorted(g))}


@pytest.mark.parametrize("seed", range(3))
def test_cut_listing_matches_a_plain_enumeration_on_played_blocks(seed):
    """The blocks a random game really cuts (full, ragged, with holes and necks): cuts() lists exactly the groups
    that a plain set-based enumeration checked by the cut rule finds, each once, shortest first."""
    rng, s, seen = random.Random(seed), dv.new_game(["Ada", "Ben", "Cem"], 100 + seed), 0
    while not dv.is_over(s) and seen < 25:
        if s.phase == "cut" and sum(s.faces[d] for d in s.block_dice()) > dv.take_all_max:   # else: take_all
            cuts = dv.cuts(s)
            assert len({frozenset(c) for c in cuts}) == len(cuts)
            assert {frozenset(c) for c in cuts} == _plain_cuts(s)
            assert [len(c) for c in cuts] == sorted(len(c) for c in cuts)
            seen += 1
        s = dv.apply(s, dv.random_move(s, rng))
    assert seen == 25


def test_full_block_cuts_are_from_the_outside():
    s = dv.new_game(["A", "B"], 3)
    interior = {s.block[r][c] for r in range(1, 4) for c in range(1, 6)}
    cuts = dv.cuts(s)
    assert cuts and all(set(c) - interior for c in cuts)
    assert all(sum(s.faces[d] for d in c) <= 10 for c in cuts)


@pytest.mark.parametrize("players", [1, 2, 4])
def test_cooks_are_listed_later_and_said_to_exist_exactly_when_there_are_some(players):
    """The cooks come as LaterMoves: whether there is one is told without listing them (all the random policy
    asks unless it picks cooking), so it must agree with the list; and the list, made only after the state has
    moved on (in place, as in a playout), is still the one of the state it was listed for."""
    rng, some, none = random.Random(players), 0, 0
    for seed in range(4):
        s = dv.new_game(["Ada", "Ben", "Cem", "Dana"][:players], 40 + seed)
        while not dv.is_over(s):
            cooks = dv.moves_by_kind(s).get("cook")
            listed = list(dv.moves_by_kind(s).get("cook") or [])
            s = dv.apply(s, dv.random_move(s, rng), in_place=True)
            if cooks is not None:
                assert bool(cooks) == bool(listed) and list(cooks) == listed and len(cooks) == len(listed)
                some, none = some + bool(listed), none + (not listed)
    assert some > 20 and none > 20


# --- restock ------------------------------------------------------------------------------------------------

def test_restock_only_when_a_vegetable_is_missing():
    full = dv.new_game(["A", "B"], 4)
    reject(full, ("A", "restock", {}), "diced-veggies.turn.restock", "restock.nothing_missing")
    s = setup(players=[{"name": "Ada", "chef": False, "dice": ["die-eggplant-3:4"]},
                              {"name": "Ben", "chef": False}],
              block=block(["die-onion-1:2", "die-tomato-1:3", "die-carrot-1:4", "die-broccoli-1:6"]))
    after = play(s, ("Ada", "restock", {}))
    assert len(after.block_dice()) == 34 and after.used == []
    assert all(p.chef for p in after.players) and after.phase == "cut"
    reject(after, ("Ada", "restock", {}), "diced-veggies.turn.restock", "restock.once")
    cut = play(after, ("Ada", "cut", {"dice": dv.cuts(after)[0]}))
    reject(cut, ("Ada", "restock", {}), "diced-veggies.turn.restock", "restock.not_now")


# --- chef token and cooking -------------------------------------------------------------------------------------

def cook_state(dice, recipes, hype=(), chef=True):
    return setup(players=[{"name": "Ada", "dice": list(dice), "recipes": list(recipes), "hype": list(hype),
                                  "chef": chef}, {"name": "Ben"}],
                 block=block(["die-onion-7:2", "die-tomato-7:3", "die-carrot-7:4"]), phase="cook")


def test_improvise_rules():
    s = cook_state(["die-onion-1:2", "die-broccoli-1:6"], ["salsa-1"])
    rule = "diced-veggies.turn.improvise"
    reject(s, ("Ada", "improvise", {"die": "die-onion-1"}), rule, "improvise.one_change")
    reject(s, ("Ada", "improvise", {"die": "die-onion-1", "face": 2}), rule, "improvise.same")
    reject(s, ("Ada", "improvise", {"die": "die-onion-1", "face": 7}), rule, "improvise.bad_face")
    reject(s, ("Ada", "improvise", {"die": "die-onion-1", "veggie": "kale"}), rule, "improvise.unknown_veggie")
    reject(s, ("Ada", "improvise", {"die": "die-tomato-1", "face": 3}), rule, "die.not_in_hand")
    t = play(s, ("Ada", "improvise", {"die": "die-broccoli-1", "veggie": "tomato"}))
    assert dv.veggie(s, "die-broccoli-1") == "broccoli" and dv.veggie(t, "die-broccoli-1") == "tomato"
    reject(t, ("Ada", "improvise", {"die": "die-onion-1", "face": 4}), rule, "improvise.no_token")
    cooked = play(t, ("Ada", "cook", {"recipe": "salsa-1", "dice": ["die-onion-1", "die-broccoli-1"]}))
    assert cooked.improvised == {}
    assert [c.to_dict() for c in cooked.players[0].cooked] == [{"recipe": "salsa-1", "hype": None}]
    fresh = cook_state(["die-onion-1:2", "die-tomato-1:3", "die-carrot-1:4"], ["salsa-1"])
    after = play(fresh, ("Ada", "cook", {"recipe": "salsa-1", "dice": ["die-onion-1", "die-tomato-1"]}))
    reject(after, ("Ada", "improvise", {"die": "die-carrot-1", "face": 6}), rule, "improvise.after_cook")


def test_a_changed_vegetable_lasts_only_for_the_turn():
    s = cook_state(["die-broccoli-1:6"], [])
    s = play(s, ("Ada", "improvise", {"die": "die-broccoli-1", "veggie": "tomato"}),
             ("Ada", "draw", {"source": "hype"}), ("Ada", "end_turn", {}))
    assert s.improvised == {} and dv.veggie(s, "die-broccoli-1") == "broccoli"


def test_cook_checks_the_ingredients():
    s = cook_state(["die-onion-1:2", "die-onion-2:3", "die-tomato-1:3"], ["salsa-1"])
    rule = "diced-veggies.turn.cook"
    reject(s, ("Ada", "cook", {"recipe": "salsa-1", "dice": ["die-onion-1", "die-onion-2"]}), rule, "cook.wrong_dice")
    reject(s, ("Ada", "cook", {"recipe": "salsa-1", "dice": ["die-onion-1", "die-tomato-1", "die-onion-2"]}),
           rule, "cook.wrong_dice")
    reject(s, ("Ada", "cook", {"recipe": "salsa-1", "dice": ["die-onion-1", "die-onion-1"]}), rule, "cook.duplicate")
    reject(s, ("Ada", "cook", {"recipe": "moussaka-1", "dice": ["die-onion-1"]}), rule, "card.not_in_hand")
    reject(s, ("Ada", "cook", {"recipe": "salsa-1", "dice": ["die-onion-1", "die-tomato-1"], "hype": "big-pot-1"}),
           "diced-veggies.hype", "card.not_in_hand")
    before_cut = setup(players=[{"name": "Ada", "recipes": ["salsa-1"]}, {"name": "Ben"}])
    reject(before_cut, ("Ada", "cook", {"recipe": "salsa-1", "dice": []}), rule, "cook.not_now")


@pytest.mark.parametrize("hype, faces, ok", [
    ("nineteen", [6, 4, 5, 4], True), ("nineteen", [6, 4, 5, 2], False),
    ("straight-cut", [2, 3, 4, 5], True), ("straight-cut", [2, 3, 5], False), ("straight-cut", [3, 3], False),
    ("perfect-twelve", [6, 6], True), ("big-pot", [6, 6, 6, 6], True), ("big-pot", [6, 6, 6, 5], False),
    ("light-lunch", [5, 5], True), ("light-lunch", [5, 6], False),
    ("even-steven", [2, 4, 6], True), ("even-steven", [2, 3], False),
    ("odd-job", [3, 5], True), ("odd-job", [3, 4], False),
    ("identical-twins", [4, 4, 4], True), ("identical-twins", [4, 5], False),
    ("mixed-bag", [2, 3, 6], True), ("mixed-bag", [2, 2], False),
    ("high-heat", [5, 6], True), ("high-heat", [4, 6], False),
    ("gentle-simmer", [2, 3], True), ("gentle-simmer", [2, 4], False),
    ("two-by-two", [2, 2, 5, 5], True), ("two-by-two", [2, 2, 2], False),
    ("snack-attack", [2, 6], True), ("snack-attack", [2, 6, 3], False),
    ("double-six", [6, 2, 6], True), ("double-six", [6, 2], False),
    ("big-batch", [2], True), ("family-feast", [6], True),
])
def test_hype_conditions(hype, faces, ok):
    assert dv_module.condition_met(dv.hype[hype]["condition"], faces) is ok


def test_hype_condition_is_checked_when_cooking():
    s = cook_state(["die-onion-1:2", "die-tomato-1:3"], ["salsa-1"], ["high-heat-1", "light-lunch-1"])
    reject(s, ("Ada", "cook", {"recipe": "salsa-1", "dice": ["die-onion-1", "die-tomato-1"], "hype": "high-heat-1"}),
           "diced-veggies.hype", "hype.condition")
    ok = play(s, ("Ada", "cook", {"recipe": "salsa-1", "dice": ["die-onion-1", "die-tomato-1"],
                                  "hype": "light-lunch-1"}))
    assert dv.score(ok)[0]["total"] == 3 + 3


def test_legal_cook_moves_are_all_legal_and_cover_the_hype_options():
    s = cook_state(["die-onion-1:2", "die-onion-2:5", "die-tomato-1:3", "die-tomato-2:2"], ["salsa-1"],
                   ["double-portion-1", "light-lunch-1"])
    cooks = [m for m in dv.legal_moves(s) if m.name == "cook"]
    assert {m.args.get("hype") for m in cooks} == {None, "double-portion-1", "light-lunch-1"}
    for m in cooks:
        assert dv.census(dv.apply(s, m)) == []


# --- draw and limits ------------------------------------------------------------------------------------------

def test_draw_from_the_display_refills_it_and_an_empty_deck_is_reshuffled():
    s = setup(players=[{"name": "Ada", "dice": ["die-onion-4:2"]}, {"name": "Ben"}],
              display=["salsa-1", "moussaka-1", "frittata-1"], recipe_deck=["gazpacho-1"], phase="cook")
    after = play(s, ("Ada", "draw", {"source": "display", "card": "moussaka-1"}))
    assert sorted(after.display) == ["frittata-1", "gazpacho-1", "salsa-1"] and "moussaka-1" in after.players[0].recipes
    reject(s, ("Ada", "draw", {"source": "display", "card": "mirepoix-1"}), "diced-veggies.turn.draw",
           "draw.not_in_display")
    reject(s, ("Ada", "draw", {"source": "pantry"}), "diced-veggies.turn.draw", "draw.bad_source")
    empty = dv.from_dict({**dv.to_dict(s), "recipe_deck": [], "recipe_discard": list(s.recipe_deck)})
    drawn = play(empty, ("Ada", "draw", {"source": "recipes"}))
    assert drawn.recipe_discard == [] and len(drawn.recipe_deck) == len(s.recipe_deck) - 1
    reject(drawn, ("Ada", "draw", {"source": "hype"}), "diced-veggies.turn.draw", "draw.not_now")


def test_hand_limits_at_the_end_of_the_turn():
    dice = [f"die-{v}-{i}:2" for v in ("onion", "tomato", "carrot") for i in (1, 2, 3)]    # 9 dice
    s = setup(players=[{"name": "Ada", "dice": dice, "recipes": ["salsa-1"], "hype": ["big-pot-1"]},
                              {"name": "Ben"}], phase="cook", hype_deck=["odd-job-1"],
              block=block(["die-broccoli-5:2", "die-eggplant-5:3"]))
    s = play(s, ("Ada", "draw", {"source": "hype"}))
    reject(s, ("Ada", "end_turn", {}), "diced-veggies.turn.limits", "end_turn.over_limit")
    reject(s, ("Ada", "discard", {"item": "big-pot-1"}), "diced-veggies.turn.limits", "discard.not_needed")
    reject(s, ("Ada", "discard", {"item": "die-eggplant-1"}), "diced-veggies.turn.limits", "discard.not_held")
    assert {m.args["item"] for m in dv.legal_moves(s)} == {d.split(":")[0] for d in dice}
    s = play(s, ("Ada", "discard", {"item": "die-onion-1"}), ("Ada", "end_turn", {}))
    assert "die-onion-1" in s.used and s.turn == 1


# --- the end ------------------------------------------------------------------------------------------------------

def _finish_turn(s):
    """Let the current player do the least: cut (or take all / restock), draw, discard down, end."""
    name = s.current.name
    while s.phase == "cut":
        s = dv.apply(s, next(m for m in dv.legal_moves(s) if m.name in ("cut", "take_all", "restock")))
    if s.phase == "cook":
        s = dv.apply(s, Move(name, "draw", {"source": "hype"}))
    while s.phase == "limits" and dv.over_limits(s, s.current):
        s = dv.apply(s, next(m for m in dv.legal_moves(s) if m.name == "discard"))
    return dv.apply(s, Move(name, "end_turn", {}))


def test_end_sequence_with_three_players():
    """Ben cooks his 6th recipe: Ben finishes, Cleo and Ada get one more turn, then Cleo, Ada and Ben cook."""
    cooked = [{"recipe": r} for r in ("crudites-1", "garden-pasta-1", "green-curry-1", "glazed-carrots-1",
                                      "tomato-carrot-soup-1")]
    s = dv.start({"players": [{"name": "Ada"}, {"name": "Ben", "dice": ["die-onion-1:2", "die-tomato-1:3"],
                                                       "recipes": ["salsa-1"], "cooked": cooked}, {"name": "Cleo"}],
                         "block": block(), "turn": "Ben",
                         "phase": "cook"})
    s = play(s, ("Ben", "cook", {"recipe": "salsa-1", "dice": ["die-onion-1", "die-tomato-1"]}))
    assert s.trigger == 1 and s.stage == "normal"
    order = []
    while s.phase != "over":
        order.append((s.current.name, s.stage))
        if s.stage == "final":
            reject(s, (s.current.name, "draw", {"source": "hype"}), "diced-veggies.end", "final.cook_only")
            s = dv.apply(s, Move(s.current.name, "end_turn", {}))
        else:
            s = _finish_turn(s)
        assert dv.census(s) == []
    assert order == [("Ben", "normal"), ("Cleo", "extra"), ("Ada", "extra"), ("Cleo", "final"), ("Ada", "final"),
                     ("Ben", "final")]
    assert dv.winners(s) == ["Ben"]


def test_end_sequence_solo():
    cooked = [{"recipe": r} for r in ("crudites-1", "garden-pasta-1", "green-curry-1", "glazed-carrots-1",
                                      "tomato-carrot-soup-1")]
    s = dv.start({"players": [{"name": "Sam", "dice": ["die-onion-1:2", "die-tomato-1:3"],
                                      "recipes": ["salsa-1"], "cooked": cooked}], "block": block(), "phase": "cook"})
    s = play(s, ("Sam", "cook", {"recipe": "salsa-1", "dice": ["die-onion-1", "die-tomato-1"]}),
             ("Sam", "draw", {"source": "hype"}), ("Sam", "end_turn", {}))
    assert (s.stage, s.phase) == ("final", "final-cook")
    s = play(s, ("Sam", "end_turn", {}))
    assert s.phase == "over"
    assert dv.score(s)[0]["solo"] == {"min": 0, "max": 30, "missing_in_source": False}
    reject(s, ("Sam", "end_turn", {}), "diced-veggies.end", "game.over")


# --- scoring ------------------------------------------------------------------------------------------------------

def test_scoring_of_recipes_and_every_kind_of_hype_score():
    s = setup(players=[{"name": "Ada", "cooked": [
        {"recipe": "salsa-1", "hype": "double-portion-1"},          # 3 x 2
        {"recipe": "rainbow-bowl-1", "hype": "big-batch-1"},        # 10 + 5 ingredients
        {"recipe": "moussaka-1", "hype": "family-feast-1"},         # 7 + 4 cooked recipes
        {"recipe": "crudites-1", "hype": "nineteen-1"}]},           # 3 + 5
        {"name": "Ben", "cooked": [{"recipe": "marinara-1"}]}])
    ada, ben = dv.score(s)
    assert ada == {"player": "Ada", "cooked": 4, "recipes": 3 + 10 + 7 + 3, "hype": 3 + 5 + 4 + 5,
                   "total": 40}
    assert ben["total"] == 11 and dv.winners(s) == ["Ada"]
    assert "solo" not in ada


def test_ties_are_shared_wins():
    s = setup(players=[{"name": "Ada", "cooked": [{"recipe": "salsa-1"}]},
                              {"name": "Ben", "cooked": [{"recipe": "crudites-1"}]}])
    assert dv.winners(s) == ["Ada", "Ben"]


@pytest.mark.parametrize("total, band", [(0, (0, 30, False)), (30, (0, 30, False)), (31, (31, 40, False)),
                                         (70, (61, 70, False)), (71, (71, 80, True)), (80, (71, 80, True)),
                                         (81, (81, None, False)), (140, (81, None, False))])
def test_solo_bands_report_the_missing_row(total, band):
    got = dv.solo_band(total)
    assert (got["min"], got["max"], got["missing_in_source"]) == band


# --- turn order and malformed moves -----------------------------------------------------------------------------

def test_generic_rejections():
    s = setup()
    reject(s, ("Ben", "cut", {"dice": ["die-onion-1"]}), "diced-veggies.turn", "turn.not_your_turn")
    reject(s, ("Zoe", "cut", {"dice": ["die-onion-1"]}), "diced-veggies.turn", "turn.unknown_player")
    reject(s, ("Ada", "juggle", {}), "diced-veggies.turn", "move.unknown")
    reject(s, ("Ada", "cut", {}), "diced-veggies.turn.cut", "move.missing_arg")
    reject(s, ("Ada", "end_turn", {}), "diced-veggies.turn.cut", "end_turn.cut_first")
    reject(s, ("Ada", "cut", {"dice": []}), "diced-veggies.turn.cut", "move.bad_list")
    reject(s, ("Ada", "cut", "die-onion-1"), "diced-veggies.turn", "move.bad_args")
    reject(s, ("Ben", "cook", {"recipe": "salsa-1", "dice": []}), "diced-veggies.turn", "turn.not_your_turn")


def test_malformed_arguments_get_the_kernel_keys():
    """A wrong argument type is refused as malformed (InvalidMove) under the move's rule (the hype card's rule
    for `hype`), before the game's own checks."""
    s = cook_state(["die-onion-1:2", "die-tomato-1:3"], ["salsa-1"], ["light-lunch-1"])
    for move, rule, key in [
            (("Ada", "cook", {"recipe": 7, "dice": []}), "diced-veggies.turn.cook", "move.bad_arg"),
            (("Ada", "cook", {"recipe": "salsa-1", "dice": "die-onion-1"}), "diced-veggies.turn.cook", "move.bad_list"),
            (("Ada", "cook", {"recipe": "salsa-1"}), "diced-veggies.turn.cook", "move.missing_arg"),
            (("Ada", "cook", {"recipe": "salsa-1", "dice": [], "hype": 3}), "diced-veggies.hype", "move.bad_arg"),
            (("Ada", "improvise", {"die": "die-onion-1", "face": "3"}), "diced-veggies.turn.improvise",
             "move.bad_arg"),
            (("Ada", "improvise", {"die": "die-onion-1", "veggie": 5}), "diced-veggies.turn.improvise",
             "move.bad_arg"),
            (("Ada", "improvise", {"veggie": "tomato"}), "diced-veggies.turn.improvise", "move.missing_arg"),
            (("Ada", "draw", {"source": 7}), "diced-veggies.turn.draw", "move.bad_arg"),
            (("Ada", "draw", {"source": "display"}), "diced-veggies.turn.draw", "move.missing_arg")]:
        assert reject(s, move, rule, key).kind == "invalid"
    drawn = play(s, ("Ada", "draw", {"source": "hype"}))
    reject(drawn, ("Ada", "discard", {"item": 7}), "diced-veggies.turn.limits", "move.bad_arg")
    reject(drawn, ("Ada", "discard", {"item": "light-lunch-1"}), "diced-veggies.turn.limits", "discard.not_needed")


@pytest.mark.parametrize("players, seed", [(1, 1), (2, 2), (3, 3), (4, 4)])
def test_random_playouts_keep_the_census_and_end_with_a_sixth_recipe(players, seed):
    s, _ = random_game(dv, [f"P{i}" for i in range(players)], seed)
    assert s.phase == "over" and s.trigger is not None
    assert len(s.players[s.trigger].cooked) >= 6


# --- worked examples (tests/test_replays.py replays them) -----------------------------------------------------------

def test_the_required_examples_exist(game):
    assert {"take-all", "cut-shapes", "solo-71-80", "sixth-recipe-end", "chef-token-nineteen", "double-portion",
            "hand-limits", "restock"} <= {e["id"] for e in game.examples}


def test_a_changed_expectation_is_reported(game):
    ex = example(GAME, "solo-71-80")
    ex["expect"]["solo"]["missing_in_source"] = False
    result = replay.run(dv, ex, game.engine_messages("en"))
    assert not result["ok"] and "solo" in result["expect"]["differences"][0]


# --- JSON facade ----------------------------------------------------------------------------------------------------

def test_api_refuses_a_cut_from_inside_in_german_and_lists_the_cuts_from_outside(game):
    """(The facade replays every example: tests/test_engine_games.py.)"""
    bundle = compiled(game, "en", "de")
    state = api.run(bundle, example(GAME, "cut-shapes"))["start"]["state"]
    bad = api.check_move(bundle, state, {"player": "Ada", "move": "cut", "args": {"dice": ["die-eggplant-2"]}},
                         lang="de")
    assert not bad["legal"] and bad["error"]["rule"] == "diced-veggies.turn.cut" and "Rand" in bad["error"]["message"]
    cut = {"player": "Ada", "move": "cut", "args": {"dice": ["die-onion-1", "die-eggplant-1"]}}
    assert cut in api.legal_moves(bundle, state)
