"""Game states as dataclasses whose copy, to_dict and from_dict follow from their field types.

A game declares its state (and the records inside it, such as a player) as dataclasses deriving from `Record`,
with every field annotated in these terms:

    int, str, bool, float          a plain value
    list[T], dict[str, T]          T one of these forms
    T | None                       may be missing
    a Record subclass              a nested record
    list, dict, Any (bare)         any JSON value (copied deeply)

`copy()` and `to_dict()` are compiled once per class from the annotations (states are copied on every move, so
this is the engine's hottest path), and `from_dict()` checks every value against its type, so that a state sent
by a browser is refused with the field that is wrong instead of failing somewhere inside a move.
"""
from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, ClassVar, Mapping

from .errors import StartError, short

ATOMS = (int, str, bool, float, type(None))
_ATOM_NAMES = {int: "an integer", str: "a string", bool: "true or false", float: "a number"}


def clone(value: Any) -> Any:
    """A deep copy of a JSON value (dicts, lists and plain values)."""
    if isinstance(value, list):
        return [clone(v) for v in value]
    if isinstance(value, dict):
        return {k: clone(v) for k, v in value.items()}
    return value


def _is_record(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, Record)


def _optional(tp: Any) -> Any | None:
    """T for `T | None`, else None."""
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        rest = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(rest) == 1 and len(typing.get_args(tp)) == 2:
            return rest[0]
    return None


class _Code:
    """Python expressions that copy (or turn into plain data) a value of a given type."""

    def __init__(self, plain: bool):
        self.plain, self.depth = plain, 0
        self.records: set[type] = set()       # the record types of nested values (built before any copy runs)

    def expr(self, tp: Any, var: str) -> str:
        inner = _optional(tp)
        if inner is not None:
            return var if inner in ATOMS else f"(None if {var} is None else {self.expr(inner, var)})"
        if tp in ATOMS:
            return var
        if _is_record(tp):
            # A nested record's compiled copy is called directly: Record.copy, which builds it on first use,
            # would be one more call per player and per record on every move that copies a state.
            self.records.add(tp)
            return f"{var}.{'to_dict' if self.plain else '_copy'}()"
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        if origin in (list, tuple) and len(args) == 1 or (origin is tuple and len(args) == 2 and args[1] is ...):
            if args[0] in ATOMS or _optional(args[0]) in ATOMS:
                return f"list({var})"
            self.depth += 1
            x = f"x{self.depth}"
            return f"[{self.expr(args[0], x)} for {x} in {var}]"
        if origin is dict and len(args) == 2:
            if args[1] in ATOMS or _optional(args[1]) in ATOMS:
                return f"dict({var})"
            self.depth += 1
            x = f"x{self.depth}"
            return f"{{k{self.depth}: {self.expr(args[1], x)} for k{self.depth}, {x} in {var}.items()}}"
        return f"_clone({var})"


def _compile(cls: type, name: str, lines: list[str], env: dict) -> Any:
    source = f"def {name}(self{', fresh=False' if name == 'copy' else ''}):\n" + "\n".join(
        "    " + line for line in lines) + "\n"
    namespace: dict[str, Any] = {}
    exec(compile(source, f"<{cls.__qualname__}.{name}>", "exec"), env, namespace)
    return namespace[name]


def _build(cls: type) -> None:
    """Compile copy() and to_dict() of a Record dataclass from its type hints."""
    hints = typing.get_type_hints(cls)
    fields = [f for f in dataclasses.fields(cls)]
    env = {"_clone": clone, "_new": object.__new__, "_cls": cls}
    transient = set(getattr(cls, "TRANSIENT", ()))
    copy_lines = ["new = _new(_cls)"]
    code = _Code(plain=False)
    for f in fields:
        expr = code.expr(hints[f.name], f"self.{f.name}")
        if f.name in transient:
            expr = f"([] if fresh else {expr})"
        copy_lines.append(f"new.{f.name} = {expr}")
    copy_lines.append("return new")
    head = [f"'game': {cls.GAME!r}"] if getattr(cls, "GAME", None) else []
    parts = head + [f"{f.name!r}: {_Code(plain=True).expr(hints[f.name], 'self.' + f.name)}" for f in fields]
    cls._copy = _compile(cls, "copy", copy_lines, env)
    cls._to_dict = _compile(cls, "to_dict", ["return {" + ", ".join(parts) + "}"], env)
    cls._hints = {f.name: hints[f.name] for f in fields}
    for record in code.records:
        if "_copy" not in record.__dict__:
            _build(record)


def _read(tp: Any, value: Any, path: str) -> Any:
    """`value` as a `tp`, or StartError naming `path`."""
    inner = _optional(tp)
    if inner is not None:
        return None if value is None else _read(inner, value, path)
    if tp in _ATOM_NAMES:
        ok = isinstance(value, tp) and (tp is bool or not isinstance(value, bool)) or (
            tp is float and isinstance(value, int) and not isinstance(value, bool))
        if not ok:
            raise StartError(f"{path}: expected {_ATOM_NAMES[tp]}, got {short(value)}")
        return value
    if _is_record(tp):
        return tp.from_dict(value, path)
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (list, tuple) and args:
        if not isinstance(value, list):
            raise StartError(f"{path}: expected a list, got {short(value)}")
        return [_read(args[0], v, f"{path}.{i}") for i, v in enumerate(value)]
    if origin is dict and len(args) == 2:
        if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
            raise StartError(f"{path}: expected a mapping, got {short(value)}")
        return {k: _read(args[1], v, f"{path}.{k}") for k, v in value.items()}
    if tp in (list, dict) or typing.get_origin(tp) in (list, dict):
        kind = typing.get_origin(tp) or tp
        if not isinstance(value, kind):
            raise StartError(f"{path}: expected {'a list' if kind is list else 'a mapping'}, got {short(value)}")
    return clone(value)


class Record:
    """Base of a game's state dataclasses; see the module docstring for the field types it understands."""

    TRANSIENT: ClassVar[tuple[str, ...]] = ()     # fields that copy(fresh=True) resets (a move's events)

    def copy(self, fresh: bool = False) -> Any:
        if "_copy" not in type(self).__dict__:
            _build(type(self))
        return self._copy(fresh)

    def to_dict(self) -> dict:
        if "_to_dict" not in type(self).__dict__:
            _build(type(self))
        return self._to_dict()

    @classmethod
    def from_dict(cls, data: Any, path: str = "state") -> Any:
        """Read a record from plain data, checking every field's type; StartError names the first wrong one."""
        if "_hints" not in cls.__dict__:
            _build(cls)
        if not isinstance(data, Mapping):
            raise StartError(f"{path}: expected a mapping, got {short(data)}")
        known = set(cls._hints) | ({"game"} if getattr(cls, "GAME", None) else set())
        extra = sorted(str(k) for k in data if k not in known)
        if extra:
            raise StartError(f"{path}: unknown field {', '.join(extra)}")
        if getattr(cls, "GAME", None) and data.get("game", cls.GAME) != cls.GAME:
            raise StartError(f"{path}.game: this is a state of {data.get('game')!r}, not of {cls.GAME!r}")
        values = {}
        for f in dataclasses.fields(cls):
            if f.name in data:
                values[f.name] = _read(cls._hints[f.name], data[f.name], f"{path}.{f.name}")
            elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise StartError(f"{path}: missing field {f.name}")
        return cls(**values)


class GameState(Record):
    """A whole game's state. Subclasses are dataclasses with at least `players` (records with a `name`),
    `turn` (index of the player whose turn it is), `phase` (a name; the engine's OVER phase ends the game),
    `rng` (see rng.py) and `events` (what the last move did, as [key, params] pairs)."""

    GAME: ClassVar[str] = ""
    TRANSIENT = ("events",)

    def player_index(self, name: Any) -> int | None:
        for i, p in enumerate(self.players):
            if p.name == name:
                return i
        return None

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    @property
    def current(self) -> Any:
        return self.players[self.turn]

    def event(self, key: str, **params: Any) -> None:
        """Record what a move did, as a message key and its parameters."""
        self.events.append([key, params])
