"""A whole game at one table, kept where the rules engine runs: JSON in, JSON out. Standard library only.

The play page plays a game against bots, or with several people at one phone. The full positions of that game
hold every player's hidden cards, so they stay here (in the browser: inside the engine's worker), and the page is
answered only with what the person looking may know — as a server of an online game would answer. The page holds
a table number, the pictures and texts told to its viewer, that viewer's own legal moves, and the game's record:
the seed and, for each move, its number among the legal moves of its position (no card is named in it).

    open_table(game, players, seed, bots, moves=(), lang="en")
        {"table": number, "policies", "error": None, "at": None}: a game dealt for `players` (names in seat
        order) from `seed` and the record's `moves` played (numbers, or move mappings of an older record); `bots`
        maps each bot's name to its policy (null: the game's best). A move that cannot be played: "error" says
        why and "at" is its index (the table is not kept).
    look(game, table, viewer=None, at=None, lang="en", limit=200)
        {"at", "last", "draw": {html, text, actor}, "actor", "bot", "choices" (the viewer's legal moves as
        api.choices gives them, or null when the viewer is not the one to decide at the end of the line),
        "over", "ranking", "winners", "log": [{"at", "player", "text", "travel"}, ...], "undo", "record",
        "error"}: position `at` (default: the last) as `viewer` sees it.
    play_move(game, table, move, viewer=None, lang="en", limit=200)
        {"legal": True, ...look of the new position} or {"legal": False, "error"}: the viewer's move at the end of
        the line, checked by the engine (a bot's seat, another player's turn or a move the rules forbid is
        refused, the line untouched).
    whose(game, table)
        {"actor", "bot", "over", "error"}: who decides at the end of the line.
    bots_move(game, table, most=1, takeover=False)
        {"played", "over", "actor", "error"}: the bots play on while a bot is to decide, at most `most` moves;
        they never move a human's seat, unless `takeover` (the people asked the bots to finish the game: from then
        on every seat is a bot's). Each move is the policy's for its position with the seed
        `seed * 7919 + position`, so a game replays alike.
    undo(game, table, viewer)
        {"at", "error"}: the line cut back to the viewer's own last decision (as on Board Game Arena: no other
        human has decided since); the bots' moves after it are gone too.
    close_table(game, table)

A memory game's log (Schwarzwälder Kirsch: a card turned up and put back) tells what happened before the viewer's
own last decision by the public messages (`privacy.Secret.memory`), and the page cannot travel back to those
positions: a player remembers them or not, as at a real table.
"""
from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from typing import Any

from . import privacy
from .api import _drawn, _choices, _messages, _policy, engine_of, policies
from .errors import MoveError, StartError
from .messages import describe_events, format_message, rule_title
from .policy import policies as policy_table
from .replay import invalid_answer, refused

MOST_TABLES = 8                     # a page opens one table at a time; a few old ones are kept, then dropped


@dataclass
class Step:
    state: Any
    mover: str | None = None        # who made the move that led here (None: the deal)
    record: Any = None              # that move as the record keeps it: its number among the legal moves, or itself


@dataclass
class Table:
    game: dict
    engine: Any
    names: list[str]
    seed: int
    bots: dict[str, str]
    line: list[Step] = field(default_factory=list)

    def actor(self, at: int) -> str | None:
        actor = self.engine.actor(self.line[at].state)
        return None if actor is None else self.line[at].state.players[actor].name

    def last(self) -> int:
        return len(self.line) - 1

    def decisions(self, viewer: str) -> list[int]:
        """The positions where `viewer` decided (the ones they moved from), oldest first."""
        return [i for i in range(self.last()) if self.line[i + 1].mover == viewer]

    def horizon(self, viewer: str | None) -> int:
        """In a memory game, the first position the viewer may still look at and hear in full: their own last
        decision (what happened since, they have just watched); 0 for every other game or an open table."""
        if viewer is None or not remembered(self.engine):
            return 0
        mine = self.decisions(viewer)
        return mine[-1] if mine else 0

    def push(self, move: Any, mover: str) -> None:
        """Play `move` (a mapping or a Move) at the end of the line (MoveError if the rules refuse it)."""
        state = self.line[-1].state
        move = move.to_dict() if hasattr(move, "to_dict") else move
        new = self.engine.apply(state, move)
        self.line.append(Step(new, mover, self.numbered(state, move)))

    def numbered(self, state: Any, move: dict) -> Any:
        """The move's number among the position's legal moves (a record that names no card), or the move itself
        where the engine lists another way of making it (listed_as)."""
        for number, listed in enumerate(self.engine.legal_moves(state)):
            if listed.to_dict() == _plain(move):
                return number
        return _plain(move)


def _plain(move: Any) -> Any:
    """A move mapping as Move.to_dict writes it (the arguments a caller left out are left out)."""
    return {"player": move.get("player"), "move": move.get("move"), "args": dict(move.get("args") or {})} \
        if isinstance(move, dict) else move


def remembered(engine: Any) -> bool:
    """Is this a memory game: does some secret of it have to be remembered?"""
    return any(secret.memory for secret in engine.SECRETS.values())


_TABLES: dict[int, Table] = {}
_NUMBERS = itertools.count(1)


def _table(number: Any) -> Table:
    table = _TABLES.get(number) if isinstance(number, int) else None
    if table is None:
        raise StartError("this table is closed: deal a new game")
    return table


def _answer(failed: dict, body: Any) -> dict:
    """Run body(); a caller's mistake or an engine failure is an answer with an error, never an exception."""
    try:
        return body()
    except StartError as exc:
        return {**failed, "error": invalid_answer("table", str(exc))}
    except Exception as exc:          # noqa: BLE001 - the browser must get an answer whatever happens
        return {**failed, "error": invalid_answer("engine.failed", f"the rules engine failed ({type(exc).__name__}: "
                                                                    f"{exc})")}


def open_table(game: dict, players: Any, seed: Any, bots: Any, moves: Any = (), lang: str = "en") -> dict:
    failed = {"table": None, "policies": [], "at": None}

    def body() -> dict:
        engine = engine_of(game)
        messages, english = _messages(game, lang)
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players) \
                or not isinstance(seed, int) or isinstance(seed, bool) or not isinstance(bots, dict) \
                or not isinstance(moves, (list, tuple)):
            return {**failed, "error": invalid_answer("players", "players are a list of names, seed a number, "
                                                                 "bots a mapping and moves a list")}
        try:
            dealt = engine.new_game(list(players), seed)
        except ValueError as exc:
            return {**failed, "error": invalid_answer("players", str(exc))}
        for name, policy in bots.items():
            if name not in players:
                return {**failed, "error": invalid_answer("players", f"no player {str(name)[:40]!r} to be a bot")}
            _, error = _policy(engine, policy)
            if error is not None:
                return {**failed, "error": error}
        table = Table(game, engine, list(players), seed, {n: p for n, p in bots.items()}, [Step(dealt)])
        for index, move in enumerate(moves):
            state = table.line[-1].state
            if isinstance(move, int) and not isinstance(move, bool):
                listed = engine.legal_moves(state)
                if not 0 <= move < len(listed):
                    return {**failed, "at": index, "error": invalid_answer("moves", f"move {index + 1} is not "
                                                                                     f"in the record's game")}
                move = listed[move]
            try:
                table.push(move, table.actor(table.last()))
            except MoveError as err:
                return {**failed, "at": index, "error": refused(err, index, messages, english)}
        number = next(_NUMBERS)
        _TABLES[number] = table
        for old in sorted(_TABLES)[:-MOST_TABLES]:
            del _TABLES[old]
        return {"table": number, "policies": policies(engine), "at": None, "error": None}
    return _answer(failed, body)


def close_table(game: dict, table: Any) -> dict:
    _TABLES.pop(table, None)
    return {"error": None}


def look(game: dict, table: Any, viewer: Any = None, at: Any = None, lang: str = "en", limit: int = 200) -> dict:
    return _answer({"draw": None, "choices": None, "log": []}, lambda: _look(_table(table), viewer, at, lang, limit))


def _look(table: Table, viewer: Any, at: Any, lang: str, limit: int) -> dict:
    if viewer is not None and viewer not in table.names:
        raise StartError("the viewer must be one of the players")
    last = table.last()
    at = last if at is None else at
    horizon = table.horizon(viewer)
    if not isinstance(at, int) or isinstance(at, bool) or not horizon <= at <= last:
        raise StartError("there is no such position to look at")
    engine, state = table.engine, table.line[at].state
    over = engine.is_over(state)
    actor = table.actor(at)
    drawn = _drawn(table.game, engine, state, lang, viewer)
    drawn["text"] = _told(table, at, viewer, lang, later=0 < at <= horizon)
    mine = viewer is not None and actor == viewer and actor not in table.bots
    choices = _choices(table.game, engine, state, lang, limit, viewer) if at == last and (mine or over) else None
    return {"at": at, "last": last, "draw": drawn, "actor": actor, "bot": actor in table.bots, "choices": choices,
            "over": over, "ranking": engine.ranking(state) if over else [],
            "winners": engine.winners(state) if over else [], "log": _log(table, viewer, lang, horizon),
            "undo": _undo_to(table, viewer), "record": {"s": table.seed, "m": [s.record for s in table.line[1:]]},
            "error": None}


def _told(table: Table, at: int, viewer: str | None, lang: str, later: bool) -> str:
    messages, english = _messages(table.game, lang)
    events = table.engine.events(table.line[at].state)
    return describe_events(privacy.told(events, table.engine.SECRETS, viewer, later=later), messages, english)


def _log(table: Table, viewer: str | None, lang: str, horizon: int) -> list[dict]:
    """Every step so far as the viewer may hear it now: the deal, then each move by whoever made it."""
    return [{"at": i, "player": step.mover, "text": _told(table, i, viewer, lang, later=0 < i <= horizon),
             "travel": i >= horizon} for i, step in enumerate(table.line)]


def _undo_to(table: Table, viewer: str | None) -> int | None:
    """The viewer's last decision before the end of the line, if no other human decided after it."""
    if viewer is None:
        return None
    mine = table.decisions(viewer)
    if not mine:
        return None
    back = mine[-1]
    humans = set(table.names) - set(table.bots)
    if any(table.line[i].mover in humans - {viewer} for i in range(back + 1, len(table.line))):
        return None
    return back


def play_move(game: dict, table: Any, move: Any, viewer: Any = None, lang: str = "en", limit: int = 200) -> dict:
    def body() -> dict:
        t = _table(table)
        messages, english = _messages(t.game, lang)
        actor = t.actor(t.last())
        mover = move.get("player") if isinstance(move, dict) else None
        if actor is not None and (actor in t.bots or mover != actor or (viewer is not None and viewer != actor)):
            # a tap never moves a bot's seat, nor another human's (hot-seat: the phone is not theirs)
            params = {"player": viewer if viewer is not None else mover, "current": actor}
            rule = t.engine.TURN_RULE
            return {"legal": False, "error": {"kind": "illegal", "index": None, "rule": rule,
                                              "rule_title": rule_title(rule, messages, english),
                                              "key": "turn.not_your_turn", "params": params,
                                              "message": format_message(messages, "turn.not_your_turn", params,
                                                                        english)}}
        try:
            t.push(move, actor)
        except MoveError as err:
            return {"legal": False, "error": refused(err, None, messages, english)}
        return {"legal": True, **_look(t, viewer, None, lang, limit)}
    return _answer({"legal": False}, body)


def whose(game: dict, table: Any) -> dict:
    """Who decides at the end of the line, and whether a bot plays that seat: all a page needs to know before it
    asks for a view (several people at one phone: the phone goes to that player first)."""
    def body() -> dict:
        t = _table(table)
        actor = t.actor(t.last())
        return {"actor": actor, "bot": actor in t.bots, "over": actor is None, "error": None}
    return _answer({"actor": None, "bot": False, "over": False}, body)


def bots_move(game: dict, table: Any, most: Any = 1, takeover: Any = False) -> dict:
    def body() -> dict:
        t = _table(table)
        if not isinstance(most, int) or isinstance(most, bool):
            raise StartError("most is a number of moves")
        if takeover is True:              # the people at the table asked the bots to finish the game for them
            t.bots.update({name: None for name in t.names if name not in t.bots})
        played = 0
        strategies = policy_table(t.engine)
        while played < max(0, min(most, 5000)):
            at = t.last()
            name = t.actor(at)
            if name is None or name not in t.bots:
                break
            chosen, error = _policy(t.engine, t.bots[name])
            if error is not None:
                return {"played": played, "over": False, "actor": name, "error": error}
            t.push(strategies[chosen](t.engine, t.line[at].state, random.Random(t.seed * 7919 + at)), name)
            played += 1
        at = t.last()
        return {"played": played, "over": t.engine.is_over(t.line[at].state), "actor": t.actor(at), "error": None}
    return _answer({"played": 0, "over": False, "actor": None}, body)


def undo(game: dict, table: Any, viewer: Any) -> dict:
    def body() -> dict:
        t = _table(table)
        back = _undo_to(t, viewer if isinstance(viewer, str) else None)
        if back is None:
            raise StartError("there is no move of yours to take back")
        del t.line[back + 1:]
        return {"at": back, "error": None}
    return _answer({"at": None}, body)
