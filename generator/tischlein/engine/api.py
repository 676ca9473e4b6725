"""JSON in, JSON out: the engine facade the browser calls through Pyodide. Standard library only.

`game` is the compiled game JSON the site ships: {"engine": module name, "data": engine data, "messages":
{"en": {key: text}, "de": {...}}}. Messages are looked up in `lang`, then in English.

    run(game, example, moves=None, lang="en")  the replay result of tischlein.engine.replay.run
    check_move(game, state, move, lang="en")   {"legal": True, "text", "render", "state", "error": None}
                                               or {"legal": False, "error": {kind, rule, key, params, message}}
    legal_moves(game, state)                   [move, ...] (or {"error": ...} for a state it cannot read)
    check_expect(game, state, expect)          [difference, ...]

None of them raises for anything a caller sends: a malformed move or state is answered with an error of kind
"invalid" (a rule violation has kind "illegal"), so the page can always say why.
"""
from __future__ import annotations

import importlib
from typing import Any

from . import replay
from .errors import MoveError, StartError
from .messages import describe_error, describe_events


def engine_of(game: dict) -> Any:
    """The game's Engine, bound to its data."""
    module = game.get("engine")
    if module is None:                      # a payload without the module name: find the game package
        from ..games import spec
        module = spec(game["data"]["game"]).engine_module
    return importlib.import_module(module).ENGINE(game["data"])


def _messages(game: dict, lang: str) -> tuple[dict, dict]:
    messages = game.get("messages") or {}
    english = messages.get("en") or {}
    return messages.get(lang) or english, english


def _invalid(key: str, message: str) -> dict:
    return {"kind": "invalid", "index": None, "rule": None, "key": key, "params": {}, "message": message}


def run(game: dict, example: dict, moves: list | None = None, lang: str = "en") -> dict:
    """Replay `moves` (default: the example's own, with its checks) from the example's start."""
    messages, english = _messages(game, lang)
    if moves is not None and not isinstance(moves, list):
        return {"id": example.get("id", ""), "ok": False, "start": None, "steps": [], "illegal": [],
                "expect": {"ok": True, "differences": []}, "error": _invalid("moves", "the moves must be a list")}
    return replay.run(engine_of(game), example, messages, english, moves)


def check_move(game: dict, state: Any, move: Any, lang: str = "en") -> dict:
    """Is `move` legal in `state`? If so, the text of what it does and the new state."""
    engine = engine_of(game)
    messages, english = _messages(game, lang)
    try:
        current = engine.from_dict(state)
    except StartError as exc:
        return {"legal": False, "error": _invalid("state", f"not a valid state: {exc}")}
    try:
        new = engine.apply(current, move)
    except MoveError as err:
        return {"legal": False, "error": {"kind": err.kind, "index": None, "rule": err.rule, "key": err.key,
                                          "params": dict(err.params),
                                          "message": describe_error(err, messages, english)}}
    return {"legal": True, "text": describe_events(engine.events(new), messages, english),
            "render": engine.render(new), "state": engine.to_dict(new), "error": None}


def legal_moves(game: dict, state: Any) -> Any:
    """The legal moves in `state` (for a move picker)."""
    engine = engine_of(game)
    try:
        current = engine.from_dict(state)
    except StartError as exc:
        return {"error": _invalid("state", f"not a valid state: {exc}")}
    return [m.to_dict() for m in engine.legal_moves(current)]


def check_expect(game: dict, state: Any, expect: Any) -> list[str]:
    engine = engine_of(game)
    try:
        return list(engine.check_expect(engine.from_dict(state), expect or {}))
    except StartError as exc:
        return [f"expect: {exc}"]
