"""Reading a replay's `start`: the explicit starting state a worked example describes.

Every game's `start` names its players (in turn order), whose turn it is, the phase and a seed; the components
it places are recorded in a `Ledger`, so that an unknown id or a component named twice is an error naming both
places, and what is never named can be dealt out by the engine. Every problem is a StartError naming the field.
"""
from __future__ import annotations

from typing import Any, Iterable

from .errors import StartError


def no_unknown_fields(spec: Any, known: Iterable[str], where: str) -> None:
    """A replay's `start`/`expect` may only use the fields the engine knows: a typo is an error, not ignored."""
    if not isinstance(spec, dict):
        raise StartError(f"{where}: expected a mapping")
    known = set(known)
    extra = sorted(str(k) for k in set(spec) - known)
    if extra:
        raise StartError(f"{where}: unknown field {', '.join(extra)}; allowed: {', '.join(sorted(known))}")


class Ledger:
    """Where each component named in a replay's `start` was put: an unknown id, or one named twice, is a
    StartError naming both places; what was never named is `unused` (the engines shuffle it into the supply)."""

    def __init__(self, known: Any, what: str = "card", hint: str = "", gaps: bool = False):
        self.known, self.what, self.hint, self.gaps = known, what, hint, gaps
        self.where: dict[str, str] = {}

    def take(self, items: Any, where: str, kind: str = "") -> list:
        """Record `items` (a list of ids; with `gaps`, None marks an empty place) as lying at `where`. With `kind`,
        each must be a `kind` card: then `known` maps each id to its kind."""
        if not isinstance(items, list):
            raise StartError(f"{where}: expected a list of {self.what} ids, got {items!r}")
        for item in items:
            self.take_one(item, where)
        wrong = [item for item in items if kind and self.known[item] != kind]
        if wrong:
            raise StartError(f"{where}: {wrong[0]} is not a {kind} card")
        return list(items)

    def take_one(self, item: Any, where: str) -> Any:
        if item is None and self.gaps:
            return item
        if not isinstance(item, str) or item not in self.known:
            raise StartError(f"{where}: unknown {self.what} {item!r}{self.hint}")
        if item in self.where:
            raise StartError(f"{where}: {self.what} {item} is already in {self.where[item]}")
        self.where[item] = where
        return item

    def __contains__(self, item: str) -> bool:
        return item in self.where

    def unused(self, items: Any) -> list:
        return [item for item in items if item not in self.where]


class Start:
    """A replay's `start` mapping, read field by field."""

    def __init__(self, spec: Any, fields: Iterable[str], where: str = "start"):
        no_unknown_fields(spec, set(fields), where)
        self.spec, self.where = spec, where

    def get(self, key: str, default: Any = None) -> Any:
        value = self.spec.get(key)
        return default if value is None else value

    def __contains__(self, key: str) -> bool:
        return self.spec.get(key) is not None

    def players(self, fields: Iterable[str], low: int = 1, high: int = 99) -> list[dict]:
        """The `players` list: mappings with a distinct `name` and only `fields` besides it."""
        raw = self.spec.get("players")
        if not isinstance(raw, list) or not raw:
            raise StartError(f"{self.where}.players: expected a list of players, each a mapping with a name")
        if not low <= len(raw) <= high:
            raise StartError(f"{self.where}.players: expected {low} to {high} players")
        for i, rp in enumerate(raw):
            if not isinstance(rp, dict) or not isinstance(rp.get("name"), str) or not rp["name"]:
                raise StartError(f"{self.where}.players.{i}: expected a mapping with a name")
            no_unknown_fields(rp, {"name", *fields}, f"{self.where}.players.{i}")
        names = [rp["name"] for rp in raw]
        if len(set(names)) != len(names):
            raise StartError(f"{self.where}.players: player names must be distinct")
        return raw

    def player(self, key: str, names: list[str], default: str | None = None) -> int | None:
        """The index of the player the field names (default: `default`, else None)."""
        name = self.get(key, default)
        return None if name is None else self.seat(name, names, f"{self.where}.{key}")

    @staticmethod
    def seat(name: Any, names: list[str], where: str) -> int:
        """The index of the player called `name`; StartError naming `where` when no player is."""
        if name not in names:
            raise StartError(f"{where}: {name!r} is not a player ({', '.join(names)})")
        return names.index(name)

    def choice(self, key: str, choices: Iterable[str], default: str) -> str:
        choices = tuple(choices)
        value = self.get(key, default)
        if value not in choices:
            raise StartError(f"{self.where}.{key}: expected one of {', '.join(choices)}, got {value!r}")
        return value

    def integer(self, key: str, default: int = 0, low: int | None = None, high: int | None = None) -> int:
        value = self.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool) or (low is not None and value < low) or (
                high is not None and value > high):
            span = f" from {low} to {high}" if low is not None and high is not None else ""
            raise StartError(f"{self.where}.{key}: expected an integer{span}, got {value!r}")
        return value

    def flag(self, key: str, default: bool = False) -> bool:
        value = self.get(key, default)
        if not isinstance(value, bool):
            raise StartError(f"{self.where}.{key}: expected true or false, got {value!r}")
        return value

    def seed(self) -> int:
        return self.integer("seed", 0)
