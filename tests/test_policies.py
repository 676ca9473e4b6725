"""Policies: greedy beats random in every game, a greedy bot uses only what its player can see, the browser API
answers a bot move without raising, and a simulation is the same run over any number of processes or shards."""
from __future__ import annotations

import json
import random

import pytest

from engine_tools import ENGINE_GAMES, engine_for
from tischlein import games
from tischlein.engine import api
from tischlein.engine.policy import policies, policy
from tischlein.engine.simulate import PLAYER_NAMES, plan, play
from tischlein.engine.stats import summarize, wilson


def test_every_engine_plays_random_and_greedy():
    for game_id in ENGINE_GAMES:
        assert {"random", "greedy"} <= set(policies(engine_for(game_id))), game_id
    with pytest.raises(ValueError, match="known: random, greedy"):
        policy(engine_for("mahlzeit"), "clever")


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_greedy_beats_random(game_id):
    """One greedy player against random ones, the table turned every game: the greedy seat's 95 % interval
    lies above the fair share, and it wins most games outright."""
    engine = engine_for(game_id)
    players = max(engine.min_players, 2)
    played = play(engine, plan(24, 100, [players], ["greedy", "random"], rotate=True))
    assert all(not isinstance(p, str) for p in played), [p for p in played if isinstance(p, str)]
    greedy = summarize(played)["policy_win_rate"]["greedy"]
    assert greedy["ci95"][0] > greedy["fair"], greedy
    assert greedy["rate"] > 0.7, greedy


def _swap_hidden(rng: random.Random, hands: list[list[str]], piles: list[list[str]]) -> None:
    """Deal the cards of `hands` and `piles` anew, each list keeping its size (in place)."""
    places = hands + piles
    pool = [c for place in places for c in place]
    rng.shuffle(pool)
    for place in places:
        place[:], pool = pool[:len(place)], pool[len(place):]


def scramble(game_id: str, engine, s, p: int, rng: random.Random):
    """A state that looks the same to player p: what p cannot see dealt anew (the order of face-down piles,
    the other players' hands, the face-down pantry) and another seed for what is still to be shuffled."""
    s = s.copy()
    s.rng = rng.randrange(2 ** 32)
    others = [q for i, q in enumerate(s.players) if i != p]
    if game_id == "mahlzeit":
        dirty = {c for q in others for c in q.hand if engine.is_dirty_pots(c)}       # its holder is known
        hands = [[c for c in q.hand if c not in dirty] for q in others]
        _swap_hidden(rng, hands, [s.stack])
        for q, hand in zip(others, hands):
            q.hand = hand + [c for c in q.hand if c in dirty]
    elif game_id == "diced-veggies":
        _swap_hidden(rng, [q.recipes for q in others], [s.recipe_deck])
        _swap_hidden(rng, [q.hype for q in others], [s.hype_deck])
    elif game_id == "suppenkasper":
        _swap_hidden(rng, [q.hand for q in others], [])
    elif game_id == "schwarzwaelder-kirsch":
        down = [i for i, c in enumerate(s.pantry) if c is not None and i + 1 != s.revealed]
        cards = [s.pantry[i] for i in down]
        rng.shuffle(cards)
        for i, c in zip(down, cards):
            s.pantry[i] = c
    elif game_id == "ta-na-mesa":
        _swap_hidden(rng, [q.hand for q in others], [s.pile])
        rng.shuffle(s.recipes.pile)
    assert engine.census(s) == [], engine.census(s)
    return s


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_greedy_uses_only_what_its_player_can_see(game_id):
    """In states of greedy games, the hidden cards dealt anew (and another seed): greedy picks the same move."""
    engine, bot = engine_for(game_id), policy(engine_for(game_id), "greedy")
    players = max(engine.min_players, 2) + 1
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        s = engine.new_game(list(PLAYER_NAMES[:players]), seed)
        step = 0
        while not engine.is_over(s):
            if step % 3 == 0:
                p = engine.actor(s)
                other = scramble(game_id, engine, s, p, random.Random(step))
                assert bot(engine, s, random.Random(step)) == bot(engine, other, random.Random(step)), (seed, step)
                checked += 1
            s = engine.apply(s, bot(engine, s, rng), in_place=True)
            step += 1
    assert checked > 30


def _payload(game_id: str) -> dict:
    from engine_tools import repository_content
    game = repository_content().games[game_id]
    return {"engine": games.spec(game_id).engine_module, "data": game.model.engine_data(),
            "messages": {"en": game.engine_messages("en")}}


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_bot_move_through_the_browser_api(game_id):
    engine, payload = engine_for(game_id), _payload(game_id)
    state = engine.to_dict(engine.new_game(list(PLAYER_NAMES[:max(engine.min_players, 2)]), 7))
    answer = api.bot_move(payload, state, 3, "greedy")
    assert answer["error"] is None and answer["text"] and answer["render"]
    move = answer["move"]
    assert move in [m.to_dict() for m in engine.legal_moves(engine.from_dict(state))]
    assert answer == api.bot_move(payload, state, 3, "greedy")                   # same seed, same move
    assert api.check_move(payload, state, move)["state"] == answer["state"]
    assert api.bot_move(payload, state, 3, "clever")["error"]["key"] == "policy"
    assert api.bot_move(payload, {"players": "?"}, 3, "random")["error"]["key"] == "state"
    assert api.bot_move(payload, state, "3", "random")["error"]["key"] == "seed"
    assert api.bot_move({"engine": "tischlein.nothing"}, state, 3, "random")["error"]["key"] == "engine.failed"


def test_bot_move_when_the_game_is_over():
    engine, payload = engine_for("ta-na-mesa"), _payload("ta-na-mesa")
    rng, s = random.Random(1), engine.new_game(["Ada", "Ben"], 1)
    while not engine.is_over(s):
        s = engine.apply(s, engine.random_move(s, rng))
    assert api.bot_move(payload, engine.to_dict(s), 0, "greedy")["error"]["key"] == "game.over"


def test_wilson_interval():
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(100, 100)[1] == 1.0 and wilson(100, 100)[0] > 0.96


# --- the command line: --jobs, --shard and simulate-merge ----------------------------------------------------

def _cli(*args):
    from click.testing import CliRunner

    from tischlein.cli import main
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


RUN = ("simulate", "suppenkasper", "--games", "12", "--seed", "3", "--players", "3-4",
       "--policies", "greedy,random", "--rotate", "--json")


def test_the_same_run_over_two_processes():
    one, two = _cli(*RUN), _cli(*RUN, "--jobs", "2")
    assert one.exit_code == 0, one.output
    assert json.loads(one.output) == json.loads(two.output)
    report = json.loads(one.output)
    assert report["player_counts"] == [3, 4] and set(report["by_players"]) == {"3", "4"}
    assert report["by_players"]["3"]["games"] == 6 and set(report["policy_win_rate"]) == {"greedy", "random"}
    assert sum(report["endings"].values()) == pytest.approx(1.0)


def test_shards_merge_into_the_whole_run(tmp_path):
    whole = json.loads(_cli(*RUN).output)
    files = []
    for i in (1, 2, 3):
        shard = _cli(*RUN, "--shard", f"{i}/3")
        assert shard.exit_code == 0, shard.output
        assert json.loads(shard.output)["played"] == 4
        files.append(tmp_path / f"shard{i}.json")
        files[-1].write_text(shard.output, encoding="utf-8")
    merged = _cli("simulate-merge", *map(str, files), "--json")
    assert merged.exit_code == 0, merged.output
    assert json.loads(merged.output) == whole
    missing = _cli("simulate-merge", str(files[0]), str(files[2]))
    assert missing.exit_code == 2 and "expected shards 1 to 3" in missing.output
    other = tmp_path / "other.json"
    other.write_text(_cli(*RUN, "--shard", "2/3", "--seed", "4").output, encoding="utf-8")    # another run
    mixed = _cli("simulate-merge", str(files[0]), str(other), str(files[2]))
    assert mixed.exit_code == 2 and "different runs" in mixed.output
    assert _cli("simulate-merge", str(files[0]), str(files[0]), str(files[2])).exit_code == 2


def test_bad_policies_and_shards_are_usage_errors():
    assert _cli("simulate", "mahlzeit", "--policy", "clever").exit_code == 2
    assert _cli("simulate", "mahlzeit", "--policies", "greedy,random,random").exit_code == 2   # 2 players
    assert _cli("simulate", "mahlzeit", "--shard", "4/3").exit_code == 2
    assert _cli("simulate", "mahlzeit", "--players", "9").exit_code == 2
