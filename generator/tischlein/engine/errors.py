"""Why a move or a state is refused.

`InvalidMove` is a move that is not well formed: an unknown move or player, an argument missing or of the wrong
type, an id that names nothing (python-chess's InvalidMoveError). `IllegalMove` is a well-formed move the rules
forbid here, with the rule id that forbids it (IllegalMoveError). Both carry a message key and its parameters,
translated at display time; both leave the state untouched. `StartError` is a replay start, an `expect` or a
state that cannot be read.
"""
from __future__ import annotations

from typing import Any, Mapping


class MoveError(Exception):
    """A refused move: the rule it breaks (or the rule of the move, when it is malformed), a message key and
    the message's parameters."""

    kind = "illegal"

    def __init__(self, rule: str, key: str, params: Mapping[str, Any] | None = None, move: Any = None):
        super().__init__(rule, key)
        self.rule, self.key, self.params, self.move = rule, key, dict(params or {}), move

    def __str__(self) -> str:       # formatted only when shown: engines refuse moves by the thousand
        return f"{self.rule}: {self.key} {self.params}"

    def to_dict(self) -> dict:
        return {"kind": self.kind, "rule": self.rule, "key": self.key, "params": dict(self.params),
                "move": self.move.to_dict() if self.move else None}


class IllegalMove(MoveError):
    """A well-formed move the rules forbid in this state."""


class InvalidMove(MoveError):
    """A move that is not well formed: no such move, player or id, or an argument missing or of the wrong type."""

    kind = "invalid"


class StartError(ValueError):
    """A replay's `start` or `expect`, or a state, cannot be read: unknown card, card used twice, bad field."""


def short(value: Any) -> str:
    """A value as a refusal or a StartError quotes it: its repr, cut to 60 characters."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def fail(rule: str, key: str, **params: Any) -> None:
    """Refuse the move being applied: the rules forbid it (`rule`), as the message `key` says."""
    raise IllegalMove(rule, key, params)


def require(condition: Any, rule: str, key: str, **params: Any) -> None:
    """What the rules demand: refuse the move being applied (as `fail`) unless `condition` holds."""
    if not condition:
        raise IllegalMove(rule, key, params)


def invalid(rule: str, key: str, **params: Any) -> None:
    """Refuse a malformed move."""
    raise InvalidMove(rule, key, params)
