"""Moves, and the declarative move table a game writes instead of checking turn, phase and arguments itself.

A game's engine marks each handler with `@move(...)`: the move's name, the rule it belongs to, the phases in
which it may be made, and the type of each argument. The kernel (base.py) checks all of that once for every
game before the handler runs, so a handler starts from a well-formed move by the right player.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from .errors import InvalidMove, short
from .messages import format_args


class Move:
    """One player decision: `Move("Max", "take", {"row": 1})`. A plain class with slots, not a dataclass:
    legal_moves builds thousands of them per game, and a frozen dataclass's __init__ costs three times as much.
    Treat a Move as immutable."""

    __slots__ = ("player", "name", "args")

    def __init__(self, player: str, name: str, args: Any = None):
        self.player, self.name, self.args = player, name, {} if args is None else args

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and (self.player, self.name, self.args) == (other.player, other.name,
                                                                                   other.args)

    __hash__ = None          # type: ignore[assignment]  # args is a dict

    def __repr__(self) -> str:
        return f"Move({self.player!r}, {self.name!r}, {self.args!r})"

    @classmethod
    def from_dict(cls, d: Any) -> "Move":
        """A move from its JSON form {player, move, args}; InvalidMove when it is not of that form."""
        if isinstance(d, Move):
            return d
        if not isinstance(d, Mapping):
            raise InvalidMove("", "move.not_a_move", {"value": short(d)})
        player, name, args = d.get("player", ""), d.get("move", ""), d.get("args")
        if not isinstance(player, str) or not isinstance(name, str):
            raise InvalidMove("", "move.not_a_move", {"value": short(d)})
        return cls(player, name, {} if args is None else args if isinstance(args, dict) else args)

    def to_dict(self) -> dict:
        return {"player": self.player, "move": self.name,
                "args": dict(self.args) if isinstance(self.args, dict) else self.args}

    def __str__(self) -> str:
        args = format_args(self.args) if isinstance(self.args, dict) else repr(self.args)
        return f"{self.player}: {self.name}" + (f" {args}" if self.args else "")


class MoveRow(Sequence):
    """`count` moves of one kind, each made only when asked for: move i is `make(i)`. For a kind with many
    variants in every state (a die's improvisations): the random policy picks a kind, then one move of it
    (random.choice asks only len and one item), so the moves of the kinds it does not pick are never made.
    Iterating, comparing and slicing give the same moves as the list would. `make` must read nothing that a
    later move changes (copy what it needs when the row is made)."""

    __slots__ = ("count", "make")

    def __init__(self, count: int, make: Callable[[int], Move]):
        self.count, self.make = count, make

    def __len__(self) -> int:
        return self.count

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self.make(k) for k in range(*i.indices(self.count))]
        if i < 0:
            i += self.count
        if not 0 <= i < self.count:
            raise IndexError("move row index out of range")
        return self.make(i)

    def __iter__(self) -> Any:
        return map(self.make, range(self.count))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, (list, MoveRow)) and list(self) == list(other)

    __hash__ = None          # type: ignore[assignment]  # like a list

    def __repr__(self) -> str:
        return f"MoveRow({list(self)!r})"


class LaterMoves(Sequence):
    """The moves of one kind, listed only when they are asked for: `build()` lists them, `some` says (cheaply,
    when the row is made) whether there is one. For a kind the random policy mostly does not pick: it asks only
    whether a kind has a move unless it picks that kind. Iterating, comparing and indexing give the list
    `build()` gives, which is made once. Like MoveRow's `make`, `build` must read nothing that a later move
    changes (copy what it needs when the row is made)."""

    __slots__ = ("some", "build", "moves")

    def __init__(self, some: bool, build: Callable[[], list[Move]]):
        self.some, self.build, self.moves = some, build, None

    def listed(self) -> list[Move]:
        if self.moves is None:
            self.moves = self.build()
        return self.moves

    def __bool__(self) -> bool:
        return self.some

    def __len__(self) -> int:
        return len(self.listed())

    def __getitem__(self, i: Any) -> Any:
        return self.listed()[i]

    def __iter__(self) -> Any:
        return iter(self.listed())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, (list, MoveRow, LaterMoves)) and list(self) == list(other)

    __hash__ = None          # type: ignore[assignment]  # like a list

    def __repr__(self) -> str:
        return f"LaterMoves({self.listed()!r})"


# The lazy lists reached from Move, so a rules author needs no more names: Move.Row(count, make), Move.Later(...)
Move.Row = MoveRow                      # type: ignore[attr-defined]
Move.Later = LaterMoves                 # type: ignore[attr-defined]


# --- argument types -----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Arg:
    """The type of one argument.

    kind      int | str | bool | id | ids | ints | list
    ids       for id/ids: the name of the engine attribute holding the known ids (a set or a mapping)
    choices   for str: the allowed values
    optional  the argument may be left out (or null); the handler then sees None
    empty     for ids/ints/list: an empty list is allowed
    rule      the rule named when this argument is malformed (default: the move's rule)
    """

    kind: str
    ids: str = ""
    choices: tuple = ()
    optional: bool = False
    empty: bool = True
    rule: str = ""

    def read(self, engine: Any, move: str, name: str, value: Any, rule: str) -> Any:
        # Every move of every playout passes here: a plain int or str with no choices to check is accepted
        # without the general checks below (`type(...) is`: a bool is not an int here, as in _one).
        if type(value) is _PLAIN.get(self.kind) and not self.choices:
            return value
        rule = self.rule or rule
        if value is None:
            if self.optional:
                return None
            raise InvalidMove(rule, "move.missing_arg", {"move": move, "arg": name})
        if self.kind in ("ids", "ints", "list"):
            if not isinstance(value, list) or (not value and not self.empty):
                raise InvalidMove(rule, "move.bad_list", {"move": move, "arg": name})
            for item in value:
                self._one(engine, move, name, item, rule, "id" if self.kind == "ids" else
                          "int" if self.kind == "ints" else "any")
            return list(value)
        self._one(engine, move, name, value, rule, self.kind)
        return value

    def _one(self, engine: Any, move: str, name: str, value: Any, rule: str, kind: str) -> None:
        if kind == "id":
            known = getattr(engine, self.ids)
            if not isinstance(value, str) or value not in known:
                raise InvalidMove(rule, "card.unknown", {"card": value if isinstance(value, str) else short(value)})
            return
        expected = _PLAIN.get(kind)
        if expected is None:
            return
        if not isinstance(value, expected) or (expected is int and isinstance(value, bool)) or (
                self.choices and value not in self.choices):
            raise InvalidMove(rule, "move.bad_arg", {"move": move, "arg": name, "value": short(value),
                                                     "choices": list(self.choices)})


_PLAIN = {"int": int, "str": str, "bool": bool}        # the argument kinds that are one plain value
INT, STR, BOOL = Arg("int"), Arg("str"), Arg("bool")


def ids(attr: str = "card_ids", **options: Any) -> Arg:
    """A list of ids the engine knows in its attribute `attr`."""
    return Arg("ids", ids=attr, **options)


def one_id(attr: str = "card_ids", **options: Any) -> Arg:
    """One id the engine knows in its attribute `attr`."""
    return Arg("id", ids=attr, **options)


def choice(*values: str, **options: Any) -> Arg:
    return Arg("str", choices=tuple(values), **options)


# --- the move table ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class MoveSpec:
    """One row of a game's move table."""

    name: str
    rule: str                              # the rule the move belongs to: named when it is malformed
    handler: str                           # the engine's method: handler(state, player_index, args)
    phases: tuple[str, ...] = ()           # the phases in which it may be made; () = any but the end
    wrong_phase: str = "phase.wrong"       # the message key when it is made in another phase
    phase_rule: str = ""                   # the rule named then (default: the move's rule)
    args: dict[str, Arg] = field(default_factory=dict)

    # Every argument is one plain value that must be given (no list, id, choice or optional): a listed move's
    # arguments then read as they are (Engine.apply's `listed`). Worked out once per row (__post_init__).
    plain: bool = field(init=False, repr=False, compare=False, default=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "plain", all(a.kind in _PLAIN and not a.choices and not a.optional
                                              for a in self.args.values()))

    def read_args(self, engine: Any, args: Mapping[str, Any]) -> dict:
        """The arguments, each checked against its type; arguments the move does not take stay as given."""
        out = dict(args)
        for name, arg in self.args.items():
            value = args.get(name)
            # A plain int or str where one is due passes without a call (see Arg.read): every move comes here.
            out[name] = value if type(value) is _PLAIN.get(arg.kind) and not arg.choices else \
                arg.read(engine, self.name, name, value, self.rule)
        return out


def move(name: str, *, rule: str, phases: tuple[str, ...] | str = (), wrong_phase: str = "phase.wrong",
         phase_rule: str = "", **args: Arg) -> Callable:
    """Mark an engine method as the handler of move `name` (see MoveSpec)."""
    def mark(handler: Callable) -> Callable:
        handler.move_spec = MoveSpec(name, rule, handler.__name__, (phases,) if isinstance(phases, str) else
                                     tuple(phases), wrong_phase, phase_rule, dict(args))
        return handler
    return mark
