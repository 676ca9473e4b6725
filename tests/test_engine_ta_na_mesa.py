"""The Tá na Mesa rules engine: setup, the collection draft, preparation (cards, counter symbols, buying, the
sum), comparing sums, the spice snake draft, flipping, spice scoring, the stove bonus, presentation and the
vegetarian prize, rounds per player count and the recipe reshuffle erratum, random playouts, messages and the
browser facade. What every engine must do (determinism, player counts, census, refusals, rule ids and messages) is
in tests/test_engines.py and tests/test_engine_games.py; the worked examples (replays, golden playthroughs,
`tischlein replay`) in tests/test_replays.py.
"""
from __future__ import annotations

import random

import engine_tools
import pytest
from engine_tools import compiled, engine_for, example, random_game

from tischlein import games
from tischlein.engine import IllegalMove, InvalidMove, Move, StartError, api, messages, replay
from tischlein.games.ta_na_mesa import engine as module
from tischlein.games.ta_na_mesa.engine_state import Placed

GAME = "ta-na-mesa"
tn = engine_for(GAME)


def two(ana=None, bia=None, **spec):
    """Ana (Fogão a lenha, A Feirante, the chef) and Bia (Panela de barro, O Raizeiro)."""
    spec.setdefault("players", [{"name": "Ana", "character": "feirante", **(ana or {})},
                                {"name": "Bia", "character": "raizeiro", **(bia or {})}])
    return tn.start(spec)


def play(state, *moves):
    return engine_tools.play(tn, state, *moves)


def reject(state, move, rule, key, kind=IllegalMove):
    """Refused as forbidden (IllegalMove) unless `kind` says malformed (InvalidMove)."""
    return engine_tools.reject(tn, state, move, rule, key, kind)


# --- setup and rounds ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("players,rounds,recipes", [(2, 4, 4), (3, 3, 6), (4, 4, 8)])
def test_new_game_starts_round_one(players, rounds, recipes):
    s = tn.new_game(["A", "B", "C", "D"][:players], 3)
    assert tn.census(s) == [] and s.rounds == rounds and s.phase == "collect"
    assert len(s.recipes.display) == recipes
    assert [len(p.hand) for p in s.players] == [1] * players and all(s.face_up)
    assert len({p.character for p in s.players}) == players
    assert [p.counter for p in s.players] == list(tn.counters)[:players]


def test_new_game_deals_the_characters_asked_for():
    s = tn.new_game(["A", "B"], 9, characters=["moleiro", "confeiteira"])
    assert [p.character for p in s.players] == ["moleiro", "confeiteira"]


def test_start_rejects_bad_specs():
    with pytest.raises(StartError, match="already in"):
        two(ana={"hand": ["arroz-1"]}, face_up=["arroz-1", None])
    with pytest.raises(StartError, match="unknown recipe"):
        two(display=["pizza"])
    with pytest.raises(StartError, match="unknown field"):
        two(ana={"cards": []})


# --- collection ---------------------------------------------------------------------------------------------

def test_collection_illegal_moves():
    s = two(face_up=["arroz-5", None], pile=["ovo-1"])
    reject(s, ("Ana", "cook", {}), "ta-na-mesa.round", "move.unknown", InvalidMove)
    reject(s, ("Bia", "take", {"from": "pile"}), "ta-na-mesa.collect", "turn.not_your_turn")
    reject(s, ("Ana", "take", {"from": "right"}), "ta-na-mesa.collect", "take.empty")
    reject(s, ("Ana", "take", {"from": "middle"}), "ta-na-mesa.collect", "take.bad_source")
    reject(s, ("Ana", "pass", {}), "ta-na-mesa.prepare", "phase.wrong")
    empty = two(pile_size=0, face_up=[None, None])
    empty.discard = []
    empty.players[0].hand = list(tn.cards)
    assert tn.census(empty) == []
    reject(empty, ("Ana", "take", {"from": "pile"}), "ta-na-mesa.collect", "take.pile_empty")


def test_malformed_arguments_are_invalid_moves_under_the_rule_of_the_move():
    """A missing argument, one of the wrong type and an unknown card id, also one nested in a symbol or a
    purchase, are malformed moves with the kernel's keys (before the port: IllegalMove with take.bad_source,
    move.bad_args, place.turns, pick.not_on_table or flip.not_yours for a value of the wrong type)."""
    def bad(state, args_move, rule, key):
        reject(state, args_move, rule, key, InvalidMove)
    s = two(face_up=["arroz-5", None], pile=["ovo-1"])
    bad(s, ("Ana", "take", {}), "ta-na-mesa.collect", "move.missing_arg")
    bad(s, ("Ana", "take", {"from": 1}), "ta-na-mesa.collect", "move.bad_arg")
    s = two(phase="prepare", display=["galinhada"],
            ana={"hand": ["arroz-4", "peito-de-frango-3", "queijo-1", "ovo-1"]})
    cook = {"recipe": "galinhada", "cards": ["arroz-4", "peito-de-frango-3"]}
    symbol = {"counter": "fogao-a-lenha", "class": "verduras", "pay": "queijo-1"}
    bad(s, ("Ana", "prepare", {"cards": []}), "ta-na-mesa.prepare", "move.missing_arg")
    bad(s, ("Ana", "prepare", dict(cook, cards="arroz-4")), "ta-na-mesa.prepare", "move.bad_list")
    bad(s, ("Ana", "prepare", dict(cook, cards=["pizza-1"])), "ta-na-mesa.prepare", "card.unknown")
    bad(s, ("Ana", "prepare", dict(cook, symbols=symbol)), "ta-na-mesa.prepare", "move.bad_list")
    bad(s, ("Ana", "prepare", dict(cook, symbols=["verduras"])), "ta-na-mesa.prepare.counter", "move.bad_args")
    bad(s, ("Ana", "prepare", dict(cook, symbols=[dict(symbol, pay=None)])), "ta-na-mesa.prepare.counter",
        "move.missing_arg")
    bad(s, ("Ana", "prepare", dict(cook, symbols=[dict(symbol, pay="pizza-1")])), "ta-na-mesa.prepare.counter",
        "card.unknown")
    buy = {"class": "frango", "pay": ["queijo-1", "pizza-1"]}
    bad(s, ("Ana", "prepare", dict(cook, cards=["arroz-4"], buy=[buy])), "ta-na-mesa.prepare.missing",
        "card.unknown")
    bad(s, ("Ana", "prepare", dict(cook, cards=["arroz-4"], buy=["frango"])), "ta-na-mesa.prepare.missing",
        "move.bad_args")
    assert play(s, ("Ana", "prepare", dict(cook, symbols=[symbol]))).players[0].sum == 8
    s = two(phase="season", ana={"hand": ["arroz-1"], "prepared": "galinhada", "sum": 5, "tokens": ["spice-token-1"]})
    bad(s, ("Ana", "flip", {"token": 1, "pay": "arroz-1"}), "ta-na-mesa.season.flip", "move.bad_arg")
    bad(s, ("Ana", "flip", {"token": "spice-token-1", "pay": "arroz-9"}), "ta-na-mesa.season.flip", "card.unknown")
    bad(s, ("Ana", "place", {"space": "nw", "turns": "1"}), "ta-na-mesa.season.stove", "move.bad_arg")
    bad(s, ("Ana", "place", {"turns": 1}), "ta-na-mesa.season.stove", "move.missing_arg")
    s = two(phase="draft", table=["spice-token-1"])
    bad(s, ("Ana", "pick", {"token": ["spice-token-1"]}), "ta-na-mesa.season.draft", "move.bad_arg")


def test_three_laps_give_four_cards_each_and_the_feirante_peeks():
    s = tn.new_game(["A", "B", "C"], 4, characters=["feirante", "moleiro", "raizeiro"])
    while s.phase == "collect":
        s = tn.apply(s, Move(s.current.name, "take", {"from": "pile"}))
        if s.phase == "collect" and s.current.name == "A":
            assert ("step.peek", {"player": "A", "card": s.pile[-1]}) in [(k, p) for k, p in tn.events(s)]
    assert [len(p.hand) for p in s.players] == [4, 4, 4] and s.phase == "prepare" and s.current.name == "A"


def test_a_collection_with_no_card_left_skips_the_picks():
    s = two(pile=["ovo-1"], pile_size=1, face_up=[None, None])
    s.discard = []
    rest = [c for c in tn.cards if c != "ovo-1"]
    s.players[0].hand, s.players[1].hand = rest[:30], rest[30:]
    assert tn.census(s) == []
    s = play(s, ("Ana", "take", {"from": "pile"}))
    assert s.phase == "prepare" and [k for k, _ in tn.events(s)].count("step.no_card") == 5


# --- preparation ------------------------------------------------------------------------------------------

def test_preparation_illegal_moves():
    s = two(phase="prepare", display=["galinhada", "feijoada", "pudim-de-leite"],
            ana={"hand": ["arroz-4", "peito-de-frango-3", "queijo-1", "tomate-2", "ovo-5"]})
    rule = "ta-na-mesa.prepare"
    reject(s, ("Ana", "prepare", {"recipe": "tapioca", "cards": []}), rule, "prepare.not_on_display")
    reject(s, ("Ana", "prepare", {"recipe": "galinhada", "cards": ["arroz-4", "peito-de-frango-3"]}), rule,
           "prepare.missing")
    reject(s, ("Ana", "prepare", {"recipe": "galinhada", "cards": ["arroz-4", "peito-de-frango-3", "tomate-2",
                                                                   "queijo-1"]}), rule, "prepare.extra")
    reject(s, ("Ana", "prepare", {"recipe": "galinhada", "cards": ["arroz-4", "arroz-4", "tomate-2"]}), rule,
           "card.twice")
    reject(s, ("Ana", "prepare", {"recipe": "galinhada", "cards": ["arroz-1", "peito-de-frango-3", "tomate-2"]}),
           rule, "card.not_in_hand")
    sym = {"counter": "fogao-a-lenha", "class": "verduras", "pay": "queijo-1"}
    reject(s, ("Ana", "prepare", {"recipe": "galinhada", "cards": ["arroz-4", "peito-de-frango-3"],
                                  "symbols": [sym]}), "ta-na-mesa.prepare.counter", "prepare.not_missing")
    reject(s, ("Ana", "prepare", {"recipe": "galinhada", "cards": ["arroz-4", "peito-de-frango-3"],
                                  "symbols": [dict(sym, counter="tacho")]}),
           "ta-na-mesa.prepare.counter", "symbol.no_counter")
    reject(s, ("Ana", "prepare", {"recipe": "galinhada", "cards": ["arroz-4", "tomate-2"], "free": True}),
           "ta-na-mesa.characters.free-symbol", "free.none")
    reject(s, ("Ana", "prepare", {"recipe": "galinhada", "cards": ["arroz-4", "tomate-2"],
                                  "buy": [{"class": "frango", "pay": ["queijo-1"]}]}),
           "ta-na-mesa.prepare.missing", "buy.pay")
    reject(s, ("Bia", "pass", {}), rule, "turn.not_your_turn")


def test_the_rules_text_example_galinhada_sum_8():
    s = two(phase="prepare", display=["galinhada"], ana={"hand": ["arroz-4", "peito-de-frango-3",
                                                                          "queijo-1"]})
    s = play(s, ("Ana", "prepare", {"recipe": "galinhada", "cards": ["arroz-4", "peito-de-frango-3"],
                                    "symbols": [{"counter": "fogao-a-lenha", "class": "verduras",
                                                 "pay": "queijo-1"}]}))
    ana = s.players[0]
    assert (ana.sum, ana.points.recipes, ana.hand) == (8, 4, []) and "queijo-1" in s.discard


def test_paying_another_counter_gives_the_card_to_its_owner():
    s = two(phase="prepare", display=["galinhada"], turn="Bia", step=1,
            ana={"hand": ["ovo-1"]}, bia={"hand": ["arroz-2", "queijo-2", "peito-de-frango-1"]})
    s = play(s, ("Bia", "prepare", {"recipe": "galinhada", "cards": ["arroz-2", "peito-de-frango-1"],
                                    "symbols": [{"counter": "fogao-a-lenha", "class": "verduras",
                                                 "pay": "queijo-2"}]}))
    assert sorted(s.players[0].hand) == ["ovo-1", "queijo-2"] and s.players[1].hand == []
    assert s.players[1].sum == 2 + 1 + 1 and "queijo-2" not in s.discard


def test_a_symbol_must_be_of_a_needed_class():
    s = two(phase="prepare", display=["galinhada"], turn="Bia", step=1,
            bia={"character": "hortelao", "hand": ["arroz-2", "queijo-2", "peito-de-frango-1"]})
    reject(s, ("Bia", "prepare", {"recipe": "galinhada", "cards": ["arroz-2", "peito-de-frango-1"], "free": True,
                                  "symbols": [{"counter": "fogao-a-lenha", "class": "carnes", "pay": "queijo-2"}]}),
           "ta-na-mesa.prepare", "prepare.extra")
    after = play(s, ("Bia", "prepare", {"recipe": "galinhada", "cards": ["arroz-2", "peito-de-frango-1"],
                                        "free": True}))
    assert after.players[1].sum == 2 + 1 + 1 and after.players[1].hand == ["queijo-2"]


def test_compare_sums_rules():
    def compare(sums, players=3):
        names = ["A", "B", "C", "D"][:players]
        s = tn.start({"players": [{"name": n, "hand": [f"ovo-{i + 1}"]} for i, n in enumerate(names)],
                            "phase": "prepare", "display": ["tapioca"]})
        for p, value in zip(s.players, sums):
            p.sum = value
        s.step = players - 1
        s.turn = players - 1
        s.players[-1].sum = None
        return play(s, (names[-1], "pass", {}))

    s = compare([7, 5, None])
    assert [p.points.sum_bonus for p in s.players] == [3, 0, 0] and s.phase == "lowest-discard"
    assert s.current.name == "B"
    reject(s, ("B", "discard", {"card": "ovo-1"}), "ta-na-mesa.prepare.compare", "card.not_in_hand")
    s = compare([7, 7, 2, None], players=4)
    assert [p.points.sum_bonus for p in s.players] == [1, 1, 0, 0] and s.current.name == "C"
    s = compare([7, 3, 3, None], players=4)
    assert s.phase == "draft"                                              # a tie for the lowest: nobody
    s = compare([7, None], players=2)
    assert s.phase == "draft" and s.players[0].points.sum_bonus == 3   # two players: nobody discards
    s = compare([None, None, None])
    assert s.phase == "draft" and all(p.points.sum_bonus == 0 for p in s.players)


# --- seasoning ----------------------------------------------------------------------------------------------

def test_snake_draft_order_for_each_player_count():
    for players, each in ((2, 3), (3, 4), (4, 3)):
        names = ["A", "B", "C", "D"][:players]
        s = tn.start({"players": [{"name": n} for n in names], "phase": "draft", "chef": "B",
                            "turn": "B", "table": list(tn.tokens)})
        order = []
        while s.phase == "draft":
            order.append(s.current.name)
            s = tn.apply(s, tn.legal_moves(s)[0])
        assert [len(p.tokens) for p in s.players] == [each] * players
        lap = names[1:] + names[:1]
        assert order[:2 * players] == lap + lap[::-1]
        assert s.phase == "season" and s.current.name == "B"


def test_spice_scoring():
    def points(faces):
        return tn.spice_score("fogao-a-lenha", faces)[0]
    assert points(["alho", "cebolinha", "coentro"]) == 5
    assert points(["alho", "alho", "alho"]) == 3
    assert points(["cebolinha", "coentro", "pimenta"]) == 3
    assert points(["pimenta", "louro", "colorau"]) == 0
    assert points(["alho", "cebolinha", "coentro", "alho"]) == 6                   # the seed: up to 6 with four
    assert max(points([a, b, c]) for a in tn.spaces for b in tn.spaces for c in tn.spaces) == 0
    spices = sorted({s for faces in tn.tokens.values() for s in faces})
    assert max(points([a, b, c]) for a in spices for b in spices for c in spices) == 5


def test_flip_place_and_done_rules():
    s = two(phase="season", ana={"hand": ["arroz-1"], "prepared": "galinhada", "sum": 5,
                                        "tokens": ["spice-token-1"], "stove": {"ne": {"recipe": "tapioca"}}},
            bia={"tokens": ["spice-token-2"]}, table=[])
    reject(s, ("Ana", "flip", {"token": "spice-token-2", "pay": "arroz-1"}), "ta-na-mesa.season.flip",
           "flip.not_yours")
    reject(s, ("Ana", "flip", {"token": "spice-token-1"}), "ta-na-mesa.season.flip", "flip.needs_card")
    reject(s, ("Ana", "place", {"space": "ne", "turns": 0}), "ta-na-mesa.season.stove", "place.taken")
    reject(s, ("Ana", "place", {"space": "middle", "turns": 0}), "ta-na-mesa.season.stove", "place.no_space")
    reject(s, ("Ana", "place", {"space": "nw", "turns": 4}), "ta-na-mesa.season.stove", "place.turns")
    reject(s, ("Ana", "done", {}), "ta-na-mesa.season.stove", "done.must_place")
    reject(s, ("Ana", "pick", {"token": "spice-token-3"}), "ta-na-mesa.season.draft", "phase.wrong")
    s = play(s, ("Ana", "place", {"space": "sw", "turns": 3}))
    reject(s, ("Bia", "place", {"space": "nw", "turns": 0}), "ta-na-mesa.season.stove", "place.nothing")
    s = play(s, ("Bia", "flip", {"token": "spice-token-2"}))
    reject(s, ("Bia", "flip", {"token": "spice-token-2"}), "ta-na-mesa.characters.raizeiro", "flip.needs_card")


def test_presentation_counts_frame_and_inner_matches():
    stove = {"nw": Placed("churrasco", 1), "ne": Placed("feijoada", 1), "sw": Placed("pudim-de-leite", 2),
             "se": Placed("pao-de-queijo", 0)}
    assert tn.presentation(stove, "fogao-a-lenha") == (6, 2)
    assert tn.presentation({}, "fogao-a-lenha") == (0, 0)
    best = 0
    for counter in tn.counters:
        for sp in tn.spaces:
            for recipe in tn.recipes:
                for k in range(4):
                    best = max(best, sum(tn.presentation({sp: Placed(recipe, k)}, counter)))
    assert best <= 2                                       # one tile touches two frame edges at most


def test_vegetarian_prize_and_tie_break():
    s = two(ana={"stove": {"nw": {"recipe": "tapioca"}, "ne": {"recipe": "omelete"}}},
            bia={"stove": {"nw": {"recipe": "pudim-de-leite"}, "ne": {"recipe": "feijoada"}}})
    scores = {x["player"]: x for x in tn.score(s)}
    assert (scores["Ana"]["vegetarian"], scores["Bia"]["vegetarian"]) == (3, 0)
    s = two(ana={"stove": {"nw": {"recipe": "tapioca"}}}, bia={"stove": {"nw": {"recipe": "omelete"}}})
    assert [x["vegetarian"] for x in tn.score(s)] == [1, 1]


def test_the_last_round_ends_the_game_and_others_start_the_next():
    spec = dict(phase="season", round=4, ana={"tokens": []}, bia={"tokens": []}, step=1, turn="Bia")
    s = play(two(**spec), ("Bia", "done", {}))
    assert tn.is_over(s) and tn.legal_moves(s) == []
    reject(s, ("Ana", "take", {"from": "pile"}), "ta-na-mesa.end", "game.over")
    s = play(two(**dict(spec, round=2)), ("Bia", "done", {}))
    assert (s.round, s.chef, s.phase, s.current.name) == (3, 1, "collect", "Bia")
    assert not s.discard and len(s.pile) == 50 - 2 - 2 and len(s.supply) == 12


def test_three_players_play_three_rounds():
    s = tn.new_game(["A", "B", "C"], 1)
    rounds = set()
    rng = random.Random(1)
    while not tn.is_over(s):
        rounds.add((s.round, s.chef))
        s = tn.apply(s, rng.choice(tn.legal_moves(s)))
    assert rounds == {(1, 0), (2, 1), (3, 2)}


# --- randomness, playouts ----------------------------------------------------------------------------------

NAMES = ["Ada", "Ben", "Cem", "Dana"]


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (4, 20)])
def test_random_playouts_end_and_keep_every_component(players, seed):
    """After every move: the census, a JSON round trip, and every listed move is accepted."""
    state, _ = random_game(tn, NAMES[:players], seed, round_trip=True, try_legal=True, max_moves=2000)
    assert tn.census(state) == [] and state.round == state.rounds
    assert all(x["presentation"] <= 12 for x in tn.score(state))


def test_many_quick_playouts_end():
    for seed in range(30):
        state, _ = random_game(tn, NAMES[:2 + seed % 3], 100 + seed, check_every=0, max_moves=2000)
        assert tn.is_over(state) and tn.census(state) == []


# --- messages ------------------------------------------------------------------------------------------------

def test_messages_show_printed_names_and_values(game):
    s = two(face_up=["arroz-5", "couve-1"], pile=["ovo-2"])
    s = play(s, ("Ana", "take", {"from": "left"}))
    assert messages.describe_events(tn.events(s), game.engine_messages("pt")).startswith(
        "Ana pega Arroz 5 do lado esquerdo. Ovo 2 é virada no lugar dela.")


# --- worked examples ---------------------------------------------------------------------------------------

def test_the_seed_examples_exist(game):
    assert {"presentation-8", "galinhada-sum", "recipe-reshuffle", "spice-draft"} <= {e["id"] for e in game.examples}
    assert "32 recipes" in example(GAME, "recipe-reshuffle")["erratum"]["says"]


def test_the_presentation_example_scores_8_and_a_changed_turn_differs():
    ex = example(GAME, "presentation-8")
    assert ex["expect"]["players"]["Ana"]["scoring"]["presentation"] == 8
    ex["moves"][0]["args"]["turns"] = 1
    result = replay.run(tn, ex)
    assert not result["ok"] and any("presentation" in d for d in result["expect"]["differences"])


def test_registered_and_the_browser_facade_works(game):
    assert games.spec(GAME).engine_class is module.ENGINE
    bundle = compiled(game, "en", "pt")
    out = api.run(bundle, example(GAME, "counters-and-buying"), lang="pt")
    assert out["ok"] and len(out["steps"]) == 2
    state = tn.new_game(["A", "B"], 1).to_dict()
    take = {"player": "A", "move": "take", "args": {"from": "pile"}}
    assert api.check_move(bundle, state, take)["legal"] and take in api.legal_moves(bundle, state)
    bad = api.check_move(bundle, state, {**take, "player": "B"}, lang="pt")
    assert bad["error"]["rule"] == "ta-na-mesa.collect" and bad["error"]["message"] == "É a vez de A, não de B."


def test_a_prepare_paid_another_way_is_listed_as_the_canonical_one():
    """legal_moves lists one `prepare` per recipe, paid with the lowest spare cards; apply also takes another
    payment, and listed_as names it as that listed move (the invariants bench checks that every accepted move is
    listed so), while two recipes stay two choices."""
    engine = engine_for("ta-na-mesa")
    found = 0
    for seed in range(40):
        rng, state = random.Random(seed), engine.new_game(["Ada", "Ben", "Cem"], seed)
        while not engine.is_over(state) and found < 5:
            legal = engine.legal_moves(state)
            prepares = [m for m in legal if m.name == "prepare"]
            assert len({engine.listed_as(state, m) for m in prepares}) == len(prepares)
            for m in prepares:
                paid = set(m.args["cards"]) | {x["pay"] for x in m.args.get("symbols", [])} | \
                       {c for b in m.args.get("buy", []) for c in b["pay"]}
                for sym_at, sym in enumerate(m.args.get("symbols", [])):
                    for other in sorted(set(state.current.hand) - paid):
                        symbols = list(m.args["symbols"])
                        symbols[sym_at] = {**sym, "pay": other}
                        alt = Move(m.player, "prepare", {**m.args, "symbols": symbols})
                        if engine.refusal(state, alt) is None:
                            assert alt not in legal
                            assert engine.listed_as(state, alt) == engine.listed_as(state, m)
                            found += 1
            state = engine.apply(state, engine_tools.pick(rng, legal))
    assert found >= 5
