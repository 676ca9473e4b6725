"""JSON in, JSON out: the engine facade the browser calls through Pyodide. Standard library only.

`game` is the compiled game JSON: {"data": engine_data, "messages": {"en": {key: text}, "de": {...}}}.
Messages are looked up in `lang`, then in English.

    run(game, example, moves=None, lang="en") -> {"ok", "steps": [{"move", "legal", "text", "state"}],
                                                   "error": None | {"index", "rule", "key", "params", "message"}}
    check_move(game, state, move, lang="en")  -> {"legal", "text", "state"} or {"legal": False, "error": {...}}
"""
from __future__ import annotations

from typing import Any

from . import GAMES
from .core import IllegalMove, Move, StartError, describe_error, describe_events


def _engine(game: dict):
    data = game["data"]
    return GAMES[data["game"]], data


def _messages(game: dict, lang: str) -> tuple[dict, dict]:
    messages = game.get("messages") or {}
    english = messages.get("en") or {}
    return messages.get(lang) or english, english


def _error(err: IllegalMove, index: int | None, messages: dict, english: dict) -> dict:
    return {"index": index, "rule": err.rule, "key": err.key, "params": err.params,
            "message": describe_error(err, messages, english)}


def run(game: dict, example: dict, moves: list[dict] | None = None, lang: str = "en") -> dict:
    """Replay `moves` (default: the example's own) from the example's start; stop at the first illegal move."""
    engine, data = _engine(game)
    messages, english = _messages(game, lang)
    try:
        state = engine.start(data, example.get("start") or {})
    except StartError as exc:
        return {"ok": False, "start": None, "steps": [],
                "error": {"index": None, "rule": None, "key": "start", "params": {}, "message": str(exc)}}
    out: dict[str, Any] = {"ok": True, "start": {"text": engine.render(state), "state": engine.to_dict(state)},
                           "steps": [], "error": None}
    for index, raw in enumerate(example.get("moves", []) if moves is None else moves):
        move = Move.from_dict(raw)
        try:
            state = engine.apply(state, move)
        except IllegalMove as err:
            out["ok"] = False
            out["error"] = _error(err, index, messages, english)
            break
        out["steps"].append({"move": move.to_dict(), "legal": True,
                             "text": describe_events(engine.events(state), messages, english),
                             "render": engine.render(state), "state": engine.to_dict(state)})
    return out


def check_move(game: dict, state: dict, move: dict, lang: str = "en") -> dict:
    """Is `move` legal in `state`? If so, the text of what it does and the new state."""
    engine, data = _engine(game)
    messages, english = _messages(game, lang)
    try:
        current = engine.from_dict(data, state)
    except (StartError, KeyError, TypeError, ValueError) as exc:
        return {"legal": False, "error": {"index": None, "rule": None, "key": "state", "params": {},
                                          "message": f"not a valid state: {exc}"}}
    try:
        new = engine.apply(current, Move.from_dict(move))
    except IllegalMove as err:
        return {"legal": False, "error": _error(err, None, messages, english)}
    return {"legal": True, "text": describe_events(engine.events(new), messages, english),
            "render": engine.render(new), "state": engine.to_dict(new), "error": None}


def legal_moves(game: dict, state: dict) -> list[dict]:
    """The legal moves in `state` (for a move picker)."""
    engine, data = _engine(game)
    return [m.to_dict() for m in engine.legal_moves(engine.from_dict(data, state))]
