"""Game-independent engine parts: moves, illegal-move errors, the in-state PRNG, messages and replays.

Pure standard library, so the same code runs in CPython 3.11+ and in Pyodide. Nothing here knows a game:
a game module (see `mahlzeit.py`) provides

    start(data, start_dict) -> state        explicit starting state of a replay (raises StartError)
    apply(state, move) -> state             a NEW state, or raises IllegalMove
    check_expect(state, expect) -> [str]    differences between a state and a replay's `expect`
    render(state) -> str                    the state as compact text
    events(state) -> [(key, params)]        what the last move did, as message keys
    to_dict(state) -> dict                  JSON-able state

and `run_replay` drives any such module through a replay dict (the format of
content/schema/example.schema.json).

Replay semantics: the `moves` are applied from `start` and must all be legal; then `expect` must hold; then each
`illegal` item is tried from the end state (or from the start with `from: start`) and must be rejected with
exactly its `rule`, leaving the state unchanged. A rejected *variant* of a worked example that needs its own
starting state (the rulebook's Silke example as printed) is a companion example file whose legal moves lead
up to the point and whose `illegal` items show the rejection (silke-currywurst-as-printed).
"""
from __future__ import annotations

import string
from dataclasses import dataclass, field
from typing import Any, Mapping

MASK32 = 0xFFFFFFFF


class IllegalMove(Exception):
    """A move the rules forbid: the rule id it breaks, a message key and the message's parameters."""

    def __init__(self, rule: str, key: str, params: Mapping[str, Any] | None = None, move: "Move | None" = None):
        self.rule = rule
        self.key = key
        self.params = dict(params or {})
        self.move = move
        super().__init__(f"{rule}: {key} {self.params}")

    def to_dict(self) -> dict:
        return {"rule": self.rule, "key": self.key, "params": dict(self.params),
                "move": self.move.to_dict() if self.move else None}


class StartError(ValueError):
    """A replay's `start` (or `expect`) cannot be read: unknown card, card used twice, bad field."""


@dataclass(frozen=True)
class Move:
    """One player decision: `Move("Max", "take", {"row": 1})`."""

    player: str
    name: str
    args: dict = field(default_factory=dict)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Move":
        return cls(str(d.get("player", "")), str(d.get("move", "")), dict(d.get("args") or {}))

    def to_dict(self) -> dict:
        return {"player": self.player, "move": self.name, "args": dict(self.args)}

    def __str__(self) -> str:
        return f"{self.player}: {self.name}" + (f" {format_args(self.args)}" if self.args else "")


def format_args(args: Mapping[str, Any]) -> str:
    parts = []
    for key, value in args.items():
        if isinstance(value, (list, tuple)):
            value = "[" + ", ".join(str(v) for v in value) + "]"
        parts.append(f"{key}={value}")
    return " ".join(parts)


def no_unknown_fields(spec: Any, known: set, where: str) -> None:
    """A replay's `start`/`expect` may only use the fields the engine knows: a typo is an error, not ignored."""
    if not isinstance(spec, dict):
        raise StartError(f"{where}: expected a mapping")
    extra = sorted(set(spec) - known)
    if extra:
        raise StartError(f"{where}: unknown field {', '.join(map(str, extra))}; allowed: {', '.join(sorted(known))}")


class Ledger:
    """Where each component named in a replay's `start` was put: an unknown id, or one named twice, is a
    StartError naming both places; what was never named is `unused` (the engines shuffle it into the supply)."""

    def __init__(self, known: Any, what: str = "card", hint: str = "", gaps: bool = False):
        self.known, self.what, self.hint, self.gaps = known, what, hint, gaps
        self.where: dict[str, str] = {}

    def take(self, items: Any, where: str) -> list:
        """Record `items` (a list of ids; with `gaps`, None marks an empty place) as lying at `where`."""
        if not isinstance(items, list):
            raise StartError(f"{where}: expected a list of {self.what} ids, got {items!r}")
        for item in items:
            if item is None and self.gaps:
                continue
            if item not in self.known:
                raise StartError(f"{where}: unknown {self.what} {item!r}{self.hint}")
            if item in self.where:
                raise StartError(f"{where}: {self.what} {item} is already in {self.where[item]}")
            self.where[item] = where
        return list(items)

    def __contains__(self, item: str) -> bool:
        return item in self.where

    def unused(self, items: Any) -> list:
        return [item for item in items if item not in self.where]


def apply_move(move: "Move | Mapping[str, Any]", fresh: Any, dispatch: Any) -> Any:
    """The shape of every engine's `apply`: run `dispatch(new_state, move)` on `fresh()`, a copy of the state
    without the last move's events, so the caller's state stays untouched whatever happens; an IllegalMove
    learns which move it rejected."""
    if not isinstance(move, Move):
        move = Move.from_dict(move)
    new = fresh()
    try:
        dispatch(new, move)
    except IllegalMove as err:
        err.move = move
        raise
    return new


# --- PRNG -------------------------------------------------------------------------------------------------
# mulberry32: a 32-bit state, plain integer arithmetic. The state fits in a JSON number (JavaScript included),
# and the sequence is the same on every Python version, unlike `random` whose algorithms may change.

def rng_seed(seed: int) -> int:
    return int(seed) & MASK32


def rng_next(state: int) -> tuple[int, int]:
    """Advance the state; return (new_state, a 32-bit output)."""
    state = (state + 0x6D2B79F5) & MASK32
    t = state
    t = ((t ^ (t >> 15)) * (t | 1)) & MASK32
    t ^= (t + (((t ^ (t >> 7)) * (t | 61)) & MASK32)) & MASK32
    return state, (t ^ (t >> 14)) & MASK32


def rng_below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in [0, n) without modulo bias; returns (new_state, value)."""
    if n <= 0:
        raise ValueError("rng_below needs n >= 1")
    limit = (MASK32 + 1) - ((MASK32 + 1) % n)
    while True:
        state, value = rng_next(state)
        if value < limit:
            return state, value % n


def rng_shuffle(state: int, items: list) -> int:
    """Fisher-Yates shuffle of `items` in place; returns the new PRNG state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = rng_below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


# --- messages ---------------------------------------------------------------------------------------------

class _Keep(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def format_message(messages: Mapping[str, str], key: str, params: Mapping[str, Any] | None = None,
                   fallback: Mapping[str, str] | None = None) -> str:
    """The text for `key` with {placeholders} filled in; unknown placeholders stay visible, never crash."""
    text = messages.get(key)
    if text is None and fallback is not None:
        text = fallback.get(key)
    if text is None:
        return key + (" " + format_args(params) if params else "")
    names = {**(fallback or {}), **messages}
    values = _Keep({k: _plain_text(v, names) for k, v in (params or {}).items()})
    try:
        return string.Formatter().vformat(text, (), values)
    except (ValueError, IndexError, KeyError):
        return text


def _plain_text(value: Any, names: Mapping[str, str]) -> str:
    """Parameters as readers know them: ids become the printed names the catalog gives as `name.<id>`
    (`weisswurst-1` and `weisswurst` both read "Weißwurst"); anything else stays as it is."""
    if isinstance(value, (list, tuple)):
        return ", ".join(_plain_text(v, names) for v in value)
    text = str(value)
    if f"name.{text}" in names:
        return names[f"name.{text}"]
    kind, dash, copy = text.rpartition("-")
    if dash and copy.isdigit() and f"name.{kind}" in names:
        return names[f"name.{kind}"]
    return text


def describe_error(err: IllegalMove, messages: Mapping[str, str], fallback: Mapping[str, str] | None = None) -> str:
    return format_message(messages, err.key, err.params, fallback)


def describe_events(events: list, messages: Mapping[str, str], fallback: Mapping[str, str] | None = None) -> str:
    return " ".join(format_message(messages, key, params, fallback) for key, params in events)


# --- replays ----------------------------------------------------------------------------------------------

def run_replay(game: Any, data: dict, example: Mapping[str, Any], messages: Mapping[str, str] | None = None,
               moves: list | None = None) -> dict:
    """Replay an example: every move must be legal, `expect` must hold, every `illegal` item must be rejected
    with its rule id. Returns a JSON-able result; `ok` is False when anything differs."""
    messages = messages or {}
    result: dict[str, Any] = {
        "id": example.get("id", ""), "ok": True, "error": None, "start": None, "start_state": None, "steps": [],
        "expect": {"ok": True, "differences": []}, "illegal": [],
    }
    try:
        start = game.start(data, example.get("start") or {})
    except StartError as exc:
        result.update(ok=False, error=f"start: {exc}")
        return result
    result["start"], result["start_state"] = game.render(start), game.to_dict(start)
    state = start
    for index, raw in enumerate(example.get("moves", []) if moves is None else moves):
        move = Move.from_dict(raw)
        step: dict[str, Any] = {"index": index, "move": move.to_dict(), "note": raw.get("note")}
        try:
            state = game.apply(state, move)
        except IllegalMove as err:
            step.update(legal=False, rule=err.rule, key=err.key, params=err.params,
                        text=describe_error(err, messages))
            result["steps"].append(step)
            result.update(ok=False, error=f"move {index + 1} ({move}) is illegal: {err.rule}: {step['text']}")
            return result
        step.update(legal=True, text=describe_events(game.events(state), messages), render=game.render(state),
                    state=game.to_dict(state))
        result["steps"].append(step)
    if moves is None:
        try:
            differences = game.check_expect(state, example.get("expect") or {})
        except StartError as exc:
            differences = [f"expect: {exc}"]
        result["expect"] = {"ok": not differences, "differences": differences}
        if differences:
            result["ok"] = False
        for index, item in enumerate(example.get("illegal", []) or []):
            outcome = _check_illegal(game, start, state, index, item, messages)
            result["illegal"].append(outcome)
            if not outcome["ok"]:
                result["ok"] = False
    return result


def _check_illegal(game: Any, start: Any, end: Any, index: int, item: Mapping[str, Any],
                   messages: Mapping[str, str]) -> dict:
    origin = item.get("from", "end")
    state = start if origin == "start" else end
    move = Move.from_dict(item)
    before = game.to_dict(state)
    out: dict[str, Any] = {"index": index, "from": origin, "move": move.to_dict(), "rule": item.get("rule"),
                           "note": item.get("note"), "ok": False, "got": None, "problem": None}
    try:
        game.apply(state, move)
    except IllegalMove as err:
        out["got"] = {"rule": err.rule, "key": err.key, "params": err.params,
                      "message": describe_error(err, messages)}
        if err.rule != item.get("rule"):
            out["problem"] = f"rejected under {err.rule}, expected {item.get('rule')}"
        elif game.to_dict(state) != before:
            out["problem"] = "the rejected move changed the state"
        else:
            out["ok"] = True
        return out
    out["problem"] = "the move was accepted, expected a rejection"
    return out


def render_replay(result: Mapping[str, Any], example: Mapping[str, Any], notes: bool = True) -> str:
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
        lines += ["", "Start:", _indent(result["start"])]
    for step in result["steps"]:
        lines += ["", f"{step['index'] + 1}. {Move.from_dict(step['move'])}"]
        if notes and step.get("note"):
            lines.append(f"   Note: {step['note']}")
        if step["legal"]:
            lines.append(f"   {step['text']}")
            lines.append(_indent(step["render"]))
        else:
            lines.append(f"   ILLEGAL {step['rule']} ({step['key']}): {step['text']}")
    if result.get("error"):
        lines += ["", f"ERROR: {result['error']}"]
    expect = result["expect"]
    lines += ["", "Expect: " + ("OK" if expect["ok"] else "DIFFERS")]
    lines += [f"   - {d}" for d in expect["differences"]]
    for item in result["illegal"]:
        lines.append(f"Illegal {item['index'] + 1} (from {item['from']}): {Move.from_dict(item['move'])}")
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
