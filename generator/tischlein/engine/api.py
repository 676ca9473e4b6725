"""JSON in, JSON out: the engine facade the browser calls through Pyodide. Standard library only.

`game` is the compiled game JSON the site ships: {"engine": module name, "data": engine data, "messages":
{"en": {key: text}, "de": {...}}}. Messages are looked up in `lang`, then in English.

    run(game, example, moves=None, lang="en")  the replay result of tischlein.engine.replay.run
    check_move(game, state, move, lang="en")   {"legal": True, "text", "render", "state", "error": None}
                                               or {"legal": False, "error": {kind, rule, key, params, message}}
    legal_moves(game, state)                   [move, ...] (or {"error": ...} for a state it cannot read)
    check_expect(game, state, expect)          [difference, ...]
    bot_move(game, state, policy, seed, lang="en")   {"move", "text", "render", "state", "error": None}: the
                                               move a bot (random, greedy …) makes for the player to decide,
                                               or {"move": None, "error": {...}} (a bad state, an unknown
                                               policy, a finished game)

None of them raises for anything a caller sends: a malformed move or state is answered with an error of kind
"invalid" (a rule violation has kind "illegal"), so the page can always say why. A state is read with
Engine.read_state: it must pass the census and the engine must be able to draw, score and list its moves.
"""
from __future__ import annotations

import importlib
from typing import Any

from . import replay
from .errors import MoveError, StartError
from .messages import describe_error, describe_events
from .policy import policies


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
    failed = {"id": str(example.get("id", "")) if isinstance(example, dict) else "", "ok": False, "start": None,
              "steps": [], "illegal": [], "expect": {"ok": True, "differences": []}}
    if not isinstance(example, dict) or (moves is not None and not isinstance(moves, list)):
        return {**failed, "error": _invalid("moves", "the example must be a mapping and the moves a list")}
    try:
        return replay.run(engine_of(game), example, messages, english, moves)
    except Exception as exc:           # noqa: BLE001 - the browser must get an answer whatever happens
        return {**failed, "error": _engine_failed(exc)}


def _engine_failed(exc: Exception) -> dict:
    """What a caller gets if the engine itself fails: an answer, never a traceback (and a bug to fix)."""
    return _invalid("engine.failed", f"the rules engine failed on this input ({type(exc).__name__}: {exc})")


def check_move(game: dict, state: Any, move: Any, lang: str = "en") -> dict:
    """Is `move` legal in `state`? If so, the text of what it does and the new state."""
    engine = engine_of(game)
    messages, english = _messages(game, lang)
    try:
        current = engine.read_state(state)
    except StartError as exc:
        return {"legal": False, "error": _invalid("state", f"not a valid state: {exc}")}
    try:
        new = engine.apply(current, move)
        return {"legal": True, "text": describe_events(engine.events(new), messages, english),
                "render": engine.render(new), "state": engine.to_dict(new), "error": None}
    except MoveError as err:
        return {"legal": False, "error": {"kind": err.kind, "index": None, "rule": err.rule, "key": err.key,
                                          "params": dict(err.params),
                                          "message": describe_error(err, messages, english)}}
    except Exception as exc:           # noqa: BLE001 - the browser must get an answer whatever happens
        return {"legal": False, "error": _engine_failed(exc)}


def legal_moves(game: dict, state: Any) -> Any:
    """The legal moves in `state` (for a move picker)."""
    engine = engine_of(game)
    try:
        return [m.to_dict() for m in engine.legal_moves(engine.read_state(state))]
    except StartError as exc:
        return {"error": _invalid("state", f"not a valid state: {exc}")}


def check_expect(game: dict, state: Any, expect: Any) -> list[str]:
    engine = engine_of(game)
    try:
        return list(engine.check_expect(engine.read_state(state), expect or {}))
    except StartError as exc:
        return [f"expect: {exc}"]


def bot_move(game: dict, state: Any, policy: Any = "greedy", seed: Any = 0, lang: str = "en") -> dict:
    """The move the bot `policy` makes in `state` for the player to decide, already applied: the move, what it
    did, the new state's picture and the new state. The same state, policy and seed give the same move."""
    try:
        engine = engine_of(game)
        messages, english = _messages(game, lang)
        current = engine.read_state(state)
    except StartError as exc:
        return {"move": None, "error": _invalid("state", f"not a valid state: {exc}")}
    except Exception as exc:           # noqa: BLE001 - a game payload it cannot read still gets an answer
        return {"move": None, "error": _engine_failed(exc)}
    known = policies(engine)
    if not isinstance(policy, str) or policy not in known:
        return {"move": None, "error": _invalid("policy", f"no policy {str(policy)[:40]!r}; known: "
                                                          f"{', '.join(known)}")}
    if engine.is_over(current):
        return {"move": None, "error": _invalid("game.over", "the game is over: nobody has a move")}
    if isinstance(seed, bool) or not isinstance(seed, int):
        return {"move": None, "error": _invalid("seed", "the seed must be an integer")}
    try:
        import random
        move = known[policy](engine, current, random.Random(seed))
        new = engine.apply(current, move)
        return {"move": move.to_dict(), "text": describe_events(engine.events(new), messages, english),
                "render": engine.render(new), "state": engine.to_dict(new), "error": None}
    except Exception as exc:           # noqa: BLE001 - the browser must get an answer whatever happens
        return {"move": None, "error": _engine_failed(exc)}
