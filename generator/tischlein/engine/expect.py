"""Comparing a state with what a replay's `expect` says it should be.

Each field of `expect` is a `Check`: how to read the value from the state and how to compare it with what the
replay wants. The kernel knows the fields every game shares (turn, phase, winners, and per player score,
scoring and, where players hold a hand, hand, hand_has, hand_lacks, hand_size); a game adds its own.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

MISSING = object()


@dataclass(frozen=True)
class Check:
    """One field of `expect`.

    get   the value in the state (a function of the state, or of the state and the player's index)
    how   equal: the same value · any_order: the same items in any order · has / lacks: these items are / are
          not among the state's · prefix: the first items are these · keyed: a mapping, each key compared
          with get(key), where get returns MISSING for a key that names nothing · fields: a list of mappings
          in order, each compared on the fields it gives
    norm  the wanted value as the state writes it (defaults filled in, "." for an empty cell …)
    what  for has / lacks: where the items are ("the hand")
    """

    get: Callable[..., Any]
    how: str = "equal"
    norm: Callable[[Any], Any] | None = None
    what: str = ""

    def compare(self, path: str, want: Any, args: tuple, diffs: list[str]) -> None:
        """Add to `diffs` how the state differs from `want`; a `want` of the wrong shape is a difference too."""
        try:
            self._compare(path, want, args, diffs)
        except (LookupError, TypeError, ValueError, AttributeError):
            text = repr(want)
            diffs.append(f"{path}: cannot be compared with {text if len(text) <= 60 else text[:59] + '…'}")

    def _compare(self, path: str, want: Any, args: tuple, diffs: list[str]) -> None:
        if self.norm is not None:
            want = self.norm(want)
        if self.how == "keyed":
            for key, value in (want or {}).items():
                got = self.get(*args, key)
                if got is MISSING:
                    diffs.append(f"{path}.{key}: there is no such {self.what or 'place'}")
                elif value != got:
                    diffs.append(f"{path}.{key}: expected {value!r}, got {got!r}")
            return
        got = self.get(*args)
        if self.how == "fields":
            got = [g.to_dict() if hasattr(g, "to_dict") else g for g in got]
            if len(want or []) != len(got):
                diffs.append(f"{path}: expected {len(want or [])} {self.what or 'items'}, got {len(got)}")
            for j, (w, g) in enumerate(zip(want or [], got)):
                diffs += [f"{path}.{j}.{key}: expected {value!r}, got {g.get(key)!r}"
                          for key, value in w.items() if g.get(key) != value]
        elif self.how == "has":
            diffs += [f"{path}: {item} is not in {self.what}" for item in want or [] if item not in got]
        elif self.how == "lacks":
            diffs += [f"{path}: {item} is in {self.what}" for item in want or [] if item in got]
        else:
            if self.how == "any_order":
                want, got = sorted(want or [], key=repr), sorted(got, key=repr)
            elif self.how == "prefix":
                want = list(want or [])
                got = list(got)[:len(want)]
            if want != got:
                diffs.append(f"{path}: expected {want!r}, got {got!r}")


def hand_checks() -> dict[str, Check]:
    """The player fields of a game whose players hold a `hand`."""
    hand = lambda s, i: s.players[i].hand          # noqa: E731
    return {"hand": Check(hand, "any_order"), "hand_has": Check(hand, "has", what="the hand"),
            "hand_lacks": Check(hand, "lacks", what="the hand"),
            "hand_size": Check(lambda s, i: len(s.players[i].hand))}


def at(items: list, key: Any, offset: int = 1) -> Any:
    """For a keyed check: the item at a (1-based by default) position of a list, or MISSING."""
    try:
        n = int(key) - offset
    except (TypeError, ValueError):
        return MISSING
    return items[n] if 0 <= n < len(items) else MISSING
