"""The game table kept where the engine runs (tischlein.engine.table): a play page is told only what its viewer may
know. Over seeded games of every game, against bots and with two people at one phone, every answer the page gets
draws the viewer's picture (never another seat's hidden cards), lists moves only for the viewer's own decision,
tells the log as the viewer may hear it, and records moves without naming a card. Bots never move a human's seat;
undo goes back to the viewer's own last decision; a memory game's log forgets what was put back."""
from __future__ import annotations

import json
import random

import pytest

from engine_tools import ENGINE_GAMES, engine_for, repository_content
from test_table_privacy import NAMES, hidden_names
from tischlein.engine import api, privacy, table
from tischlein.engine.messages import describe_events
from tischlein.site.assets import game_payload
from tischlein.site.simulation import player_range

ANSWER_KEYS = {"at", "last", "draw", "actor", "bot", "choices", "over", "ranking", "winners", "log", "undo", "record",
               "error"}


def _payload(game_id: str) -> dict:
    return game_payload(repository_content().games[game_id], ["en"])


def _names(game_id: str, players: int) -> list[str]:
    counts = player_range(repository_content().games[game_id].model)
    return NAMES[:min(max(counts), max(players, min(counts)))]


def _state(number: int):
    """The position at the end of an open table's line, as the engine holds it (what the page must not get)."""
    return table._TABLES[number].line[-1].state


def _hidden_names(payload: dict, state, owner: str) -> set[str]:
    return hidden_names(payload, engine_for(payload["data"]["game"]).to_dict(state), owner)


def _told(engine, payload, events, viewer, later) -> str:
    return describe_events(privacy.told(events, engine.SECRETS, viewer, later=later), payload["messages"]["en"])


def _check_answer(payload, engine, number, viewer, answer, humans):
    """Everything in one answer to `viewer` is theirs to know."""
    state = _state(number)
    assert set(answer) == ANSWER_KEYS and answer["error"] is None
    assert answer["draw"]["html"] == api.draw(payload, engine.to_dict(state), "en", viewer)["html"]
    shown = answer["draw"]["html"] + json.dumps(answer["choices"] or {}, ensure_ascii=False)
    if not answer["over"]:
        for owner in set(NAMES) & {p.name for p in state.players} - {viewer}:
            for name in _hidden_names(payload, state, owner):
                assert name not in shown, (viewer, owner, name)
    actor = answer["actor"]
    assert (answer["choices"] is not None) == (answer["over"] or (actor == viewer and actor in humans))
    if answer["choices"] and not answer["over"]:
        assert {c["move"]["player"] for c in answer["choices"]["moves"]} == {viewer}
    # the log: every step, each told as the viewer may hear it (privacy.told: tests/test_table_privacy.py)
    line = table._TABLES[number].line
    assert [e["at"] for e in answer["log"]] == list(range(len(line)))
    horizon = table._TABLES[number].horizon(viewer)
    for entry, step in zip(answer["log"], line):
        assert entry["text"] == _told(engine, payload, engine.events(step.state), viewer, 0 < entry["at"] <= horizon)
    # the record names no card: another seat's moves are numbers
    for step, kept in zip(line[1:], answer["record"]["m"]):
        assert isinstance(kept, int) or step.mover == viewer, (step.mover, kept)


@pytest.mark.parametrize("humans", [1, 2], ids=["against-bots", "two-at-one-phone"])
@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_every_answer_tells_the_viewer_only_what_they_may_know(game_id, humans):
    payload = _payload(game_id)
    engine = engine_for(game_id)
    names = _names(game_id, 4)
    people = names[:humans]
    opened = table.open_table(payload, names, 11, {n: None for n in names[humans:]})
    assert opened["error"] is None
    number, rng, looked = opened["table"], random.Random(5), 0
    for _ in range(20):
        moved = table.bots_move(payload, number, 200)
        assert moved["error"] is None
        if moved["over"]:
            break
        viewer = moved["actor"]
        assert viewer in people                                # the bots stop where a person decides
        for looker in people:                                  # the one to move, and the other holding no phone
            answer = table.look(payload, number, looker)
            _check_answer(payload, engine, number, looker, answer, people)
            looked += 1
        answer = table.look(payload, number, viewer)
        played = table.play_move(payload, number, rng.choice(answer["choices"]["moves"])["move"], viewer)
        assert played["legal"], played
        _check_answer(payload, engine, number, viewer, {k: v for k, v in played.items() if k != "legal"}, people)
    assert looked >= 10


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_a_record_reopens_the_same_game_and_names_no_card(game_id):
    payload = _payload(game_id)
    names = _names(game_id, 3)
    bots = {n: None for n in names[1:]}
    number = table.open_table(payload, names, 4, bots)["table"]
    for _ in range(8):
        if table.bots_move(payload, number, 200)["over"]:
            break
        answer = table.look(payload, number, names[0])
        table.play_move(payload, number, answer["choices"]["moves"][-1]["move"], names[0])
    answer = table.look(payload, number, names[0])
    again = table.open_table(payload, names, 4, bots, answer["record"]["m"])
    assert again["error"] is None
    assert table.look(payload, again["table"], names[0]) == answer
    assert all(isinstance(m, int) for m in answer["record"]["m"])
    broken = table.open_table(payload, names, 4, bots, answer["record"]["m"][:3] + [10_000])
    assert broken["at"] == 3 and broken["error"]["message"] and broken["table"] is None
    refused = table.open_table(payload, names, 4, bots, answer["record"]["m"][:2] + [
        {"player": names[0], "move": "no_such_move", "args": {}}])
    assert refused["at"] == 2 and refused["error"]["kind"] in ("invalid", "illegal") and refused["error"]["message"]


def test_a_bot_never_moves_a_persons_seat_nor_a_person_a_bots():
    payload = _payload("mahlzeit")
    number = table.open_table(payload, ["Ana", "Bot"], 2, {"Bot": None})["table"]
    assert table.whose(payload, number)["actor"] == "Ana"
    assert table.bots_move(payload, number, 50) == {"played": 0, "over": False, "actor": "Ana", "error": None}
    mine = table.look(payload, number, "Ana")["choices"]["moves"][0]["move"]
    assert table.play_move(payload, number, mine, "Ana")["legal"]
    while table.whose(payload, number)["actor"] == "Ana":
        table.play_move(payload, number, table.look(payload, number, "Ana")["choices"]["moves"][0]["move"], "Ana")
    before = len(table._TABLES[number].line)
    bots_move = engine_for("mahlzeit").legal_moves(_state(number))[0].to_dict()
    refused = table.play_move(payload, number, bots_move, "Ana")
    assert not refused["legal"] and refused["error"]["message"] == "It is Bot's move, not Ana's."
    assert len(table._TABLES[number].line) == before                      # nothing changed
    moved = table.bots_move(payload, number, 500)
    assert moved["played"] >= 1 and moved["actor"] == "Ana"
    # asked to finish, the bots take Ana's seat too and play to the end
    finished = table.bots_move(payload, number, 5000, True)
    assert finished["over"] and finished["error"] is None


def test_undo_goes_back_to_the_viewers_own_last_decision_and_no_further():
    payload = _payload("ta-na-mesa")
    names = ["Ana", "Bot 1", "Bot 2"]
    number = table.open_table(payload, names, 3, {"Bot 1": None, "Bot 2": None})["table"]
    table.bots_move(payload, number, 200)
    assert table.look(payload, number, "Ana")["undo"] is None                      # nothing of Ana's yet
    decided = table.look(payload, number, "Ana")["at"]
    table.play_move(payload, number, table.look(payload, number, "Ana")["choices"]["moves"][0]["move"], "Ana")
    table.bots_move(payload, number, 200)
    answer = table.look(payload, number, "Ana")
    assert answer["undo"] == decided and answer["last"] > decided
    assert table.undo(payload, number, "Ana") == {"at": decided, "error": None}
    assert table.look(payload, number, "Ana")["last"] == decided
    assert table.undo(payload, number, "Ana")["error"]["message"]                  # no earlier decision
    # with a second person at the phone, undo never takes back the other's moves
    two = table.open_table(payload, ["Ana", "Bia"], 3, {})["table"]
    for _ in range(30):
        actor = table.whose(payload, two)["actor"]
        table.play_move(payload, two, table.look(payload, two, actor)["choices"]["moves"][0]["move"], actor)
        line = table._TABLES[two].line
        if len({s.mover for s in line[1:]}) == 2:
            break
    last_mover = table._TABLES[two].line[-1].mover
    other = "Bia" if last_mover == "Ana" else "Ana"
    assert table.look(payload, two, other)["undo"] is None


def test_a_memory_games_log_forgets_a_card_put_back_once_the_viewer_has_moved_again():
    """Schwarzwälder Kirsch: what someone turned up and put back is told in full until the viewer moves next; the
    log then says only that a card at a position was turned up, and the page cannot look back there."""
    payload = _payload("schwarzwaelder-kirsch")
    names = ["Ana", "Bot 1", "Bot 2"]
    number = table.open_table(payload, names, 8, {"Bot 1": "random", "Bot 2": "random"})["table"]
    messages = payload["messages"]["en"]
    forgotten = 0
    for _ in range(60):
        if table.bots_move(payload, number, 500)["over"]:
            break
        answer = table.look(payload, number, "Ana")
        horizon = table._TABLES[number].horizon("Ana")
        for entry, step in zip(answer["log"], table._TABLES[number].line):
            put_back = [p for k, p in step.state.events if k in ("step.leave", "step.duplicate_safe")]
            if entry["at"] <= horizon and entry["at"] > 0 and put_back:
                for params in put_back:
                    name = messages[f"name.{params['card']}"] if f"name.{params['card']}" in messages else params["card"]
                    assert name not in entry["text"], entry
                    forgotten += 1
            assert entry["travel"] == (entry["at"] >= horizon)
        if horizon > 0:
            assert table.look(payload, number, "Ana", horizon - 1)["error"]["key"] == "table"
            assert table.look(payload, number, "Ana", horizon)["error"] is None
        # Ana leaves every action card she turns up and stops after two cards: cards go back face down
        moves = {c["move"]["move"]: c["move"] for c in answer["choices"]["moves"]}
        turned = _state(number).reveals
        choice = moves.get("leave") or (moves.get("stop") if turned >= 2 else None) or moves.get("reveal") \
            or answer["choices"]["moves"][0]["move"]
        table.play_move(payload, number, choice, "Ana")
    assert forgotten, "no card was put back in this game: choose another seed"
    # the open table of an example tells everything, always
    assert table.look(payload, number, None)["log"][1]["travel"]


def test_a_table_answers_a_bad_request_with_a_reason():
    payload = _payload("suppenkasper")
    assert table.open_table(payload, ["Ana", "Bia"], 1, {})["error"]["message"].startswith("suppenkasper takes 3")
    assert table.open_table(payload, ["A", "B", "C"], 1, {"Z": None})["error"]["key"] == "players"
    assert table.open_table(payload, ["A", "B", "C"], 1, {"B": "nobody"})["error"]["key"] == "policy"
    assert table.look(payload, 10**9, "A")["error"]["message"] == "this table is closed: deal a new game"
    number = table.open_table(payload, ["A", "B", "C"], 1, {})["table"]
    assert table.look(payload, number, "Zed")["error"]["key"] == "table"
    assert table.play_move(payload, number, {"player": "A", "move": "nope", "args": {}}, "A")["legal"] is False
    table.close_table(payload, number)
    assert table.whose(payload, number)["error"]["key"] == "table"
