"""The one replay driver: `tischlein replay`, the browser API and the site build all replay examples with it.

A replay (content/games/<game>/examples/*.yaml; tischlein/content/schema/example.schema.json) gives a `start`
(an explicit state, or `new_game: {players, seed, options}` for a game set up by the rules),
the `moves`, what must hold afterwards (`expect`) and moves the rules must refuse (`illegal`). Semantics: the
moves are applied from `start` and must all be legal; then `expect` must hold; then each `illegal` item is tried
from the end state (or from the start with `from: start`) and must be refused with exactly its `rule`, leaving
the state unchanged. A refused *variant* of a worked example that needs its own starting state is a companion
example whose legal moves lead up to the point and whose `illegal` items show the refusal.
"""
from __future__ import annotations

from typing import Any, Mapping

from .errors import MoveError, StartError
from .messages import describe_error, describe_events, rule_title
from .moves import Move


def refused(err: MoveError, index: int | None, messages: Mapping[str, str], fallback: Mapping[str, str] | None) -> dict:
    """A refused move as a replay result and the browser API (api.py) give it, with its message in words and
    the title of the rule it breaks (`rule_title`: what a reader sees; `rule`, the id, is only the link's anchor)."""
    return {"kind": err.kind, "index": index, "rule": err.rule, "rule_title": rule_title(err.rule, messages, fallback),
            "key": err.key, "params": dict(err.params), "message": describe_error(err, messages, fallback)}


def invalid_answer(key: str, message: str) -> dict:
    """What cannot be replayed or answered at all (a start it cannot read, moves that are no list), as an error."""
    return {"kind": "invalid", "index": None, "rule": None, "rule_title": None, "key": key, "params": {},
            "message": message}


def run(engine: Any, example: Mapping[str, Any], messages: Mapping[str, str] | None = None,
        fallback: Mapping[str, str] | None = None, moves: list | None = None) -> dict:
    """Replay an example and check it. With `moves` (a reader's own moves) those are played from the example's
    start instead, and `expect` and `illegal` are not checked. Messages are looked up in `messages`, then in
    `fallback`. Returns a JSON-able result; `ok` is False when anything differs."""
    messages = messages or {}
    result: dict[str, Any] = {"id": example.get("id", ""), "ok": True, "error": None, "start": None, "steps": [],
                              "expect": {"ok": True, "differences": []}, "illegal": []}
    try:
        start = _start(engine, example.get("start") or {})
    except (StartError, LookupError, TypeError, ValueError, AttributeError) as exc:
        # an engine names the field of what it cannot read; a start of a shape it never expected is caught here
        text = str(exc) if isinstance(exc, StartError) else f"cannot be read ({type(exc).__name__}: {exc})"
        result.update(ok=False, error=invalid_answer("start", f"start: {text}"))
        return result
    result["start"] = {"text": engine.render(start), "state": engine.to_dict(start)}
    state = start
    checked = moves is None                 # the example's own moves: then its checks too
    moves = (example.get("moves") or []) if checked else moves
    illegal = example.get("illegal") or []
    if not isinstance(moves, list) or not isinstance(illegal, list):
        result.update(ok=False, error=invalid_answer("moves", "the moves and the illegal moves must be lists"))
        return result
    for index, raw in enumerate(moves):
        step: dict[str, Any] = {"index": index, "note": raw.get("note") if isinstance(raw, dict) else None}
        try:
            move = Move.from_dict(raw)
            step["move"] = move.to_dict()
            state = engine.apply(state, move)
        except MoveError as err:
            error = refused(err, index, messages, fallback)
            step.setdefault("move", raw if isinstance(raw, dict) else {"value": repr(raw)})
            step.update(legal=False, rule=err.rule, key=err.key, params=error["params"], text=error["message"])
            result["steps"].append(step)
            result.update(ok=False, error=error)
            return result
        step.update(legal=True, text=describe_events(engine.events(state), messages, fallback),
                    render=engine.render(state), state=engine.to_dict(state))
        result["steps"].append(step)
    if checked:
        try:
            differences = engine.check_expect(state, example.get("expect") or {})
        except StartError as exc:
            differences = [f"expect: {exc}"]
        result["expect"] = {"ok": not differences, "differences": differences}
        result["ok"] = not differences
        for index, item in enumerate(illegal):
            outcome = _check_illegal(engine, start, state, index, item, messages, fallback)
            result["illegal"].append(outcome)
            result["ok"] = result["ok"] and outcome["ok"]
    return result


def _start(engine: Any, spec: Any) -> Any:
    """The replay's starting state: the explicit state the engine reads from `start`, or, for `start: {new_game:
    {players: [...], seed: 3, options: {...}}}`, a new game set up by the rules (a replay of the setup)."""
    if isinstance(spec, Mapping) and "new_game" in spec:
        if set(spec) != {"new_game"} or not isinstance(spec["new_game"], Mapping):
            raise StartError("start: new_game stands alone, as {new_game: {players: [...], seed: N, options: {}}}")
        setup = spec["new_game"]
        extra = sorted(set(setup) - {"players", "seed", "options"})
        if extra:
            raise StartError(f"start.new_game: unknown field {', '.join(extra)}; allowed: options, players, seed")
        players, seed, options = setup.get("players"), setup.get("seed", 0), setup.get("options") or {}
        if not isinstance(players, list) or not isinstance(seed, int) or not isinstance(options, Mapping):
            raise StartError("start.new_game: players is a list of names, seed an integer, options a mapping")
        return engine.new_game(players, seed, **options)
    return engine.start(spec)


def _check_illegal(engine: Any, start: Any, end: Any, index: int, item: Mapping[str, Any],
                   messages: Mapping[str, str], fallback: Mapping[str, str] | None) -> dict:
    origin = item.get("from", "end") if isinstance(item, Mapping) else "end"
    state = start if origin == "start" else end
    out: dict[str, Any] = {"index": index, "from": origin, "move": None, "rule": None, "note": None, "ok": False,
                           "got": None, "problem": None}
    try:
        move = Move.from_dict(item)
    except MoveError as err:
        out.update(move={"value": repr(item)[:80]}, problem=f"not a move: {describe_error(err, messages, fallback)}")
        return out
    before = engine.to_dict(state)
    out.update(move=move.to_dict(), rule=item.get("rule"), note=item.get("note"))
    err = engine.refusal(state, move)
    if err is None:
        out["problem"] = "the move was accepted, expected a rejection"
        return out
    out["got"] = refused(err, None, messages, fallback)
    if err.rule != item.get("rule"):
        out["problem"] = f"rejected under {err.rule}, expected {item.get('rule')}"
    elif engine.to_dict(state) != before:
        out["problem"] = "the rejected move changed the state"
    else:
        out["ok"] = True
    return out


def render(result: Mapping[str, Any], example: Mapping[str, Any], notes: bool = True) -> str:
    """A replay result as text: the start, each step with its outcome and state, the checks, OK/DIFFERS.
    With notes=False (golden files) only engine output appears, no reader-facing prose."""
    lines = [f"== {result['id']} =="]
    if notes:
        if example.get("title"):
            lines.append(example["title"])
        lines.append(f"Rules: {', '.join(example.get('rules', []))}   Source: {example.get('source', '')}")
        erratum = example.get("erratum")
        if erratum:
            lines += [f"Erratum: the rulebook says: {erratum['says']}", f"  We use: {erratum['uses']}",
                      f"  Why: {erratum['why']}"]
    if result.get("start") is not None:
        lines += ["", "Start:", _indent(result["start"]["text"])]
    for step in result["steps"]:
        lines += ["", f"{step['index'] + 1}. {Move.from_dict(step['move']) if 'player' in step['move'] else step['move']}"]
        if notes and step.get("note"):
            lines.append(f"   Note: {step['note']}")
        if step["legal"]:
            lines.append(f"   {step['text']}")
            lines.append(_indent(step["render"]))
        else:
            lines.append(f"   ILLEGAL {step['rule']} ({step['key']}): {step['text']}")
    error = result.get("error")
    if error:
        where = "" if error["index"] is None else f"move {error['index'] + 1} is refused: {error['rule']}: "
        lines += ["", f"ERROR: {where}{error['message']}"]
    expect = result["expect"]
    lines += ["", "Expect: " + ("OK" if expect["ok"] else "DIFFERS")]
    lines += [f"   - {d}" for d in expect["differences"]]
    for item in result["illegal"]:
        shown = Move.from_dict(item["move"]) if "player" in item["move"] else item["move"]["value"]
        lines.append(f"Illegal {item['index'] + 1} (from {item['from']}): {shown}")
        if notes and item.get("note"):
            lines.append(f"   Note: {item['note']}")
        got = item["got"]
        if got:
            lines.append(f"   rejected: {got['rule']} ({got['key']}): {got['message']}")
        lines.append("   " + ("OK" if item["ok"] else f"DIFFERS: {item['problem']}"))
    lines += ["", f"Result: {'OK' if result['ok'] else 'DIFFERS'}"]
    return "\n".join(lines) + "\n"


def _indent(text: str, prefix: str = "   ") -> str:
    return "\n".join(prefix + line if line else line for line in text.splitlines())
