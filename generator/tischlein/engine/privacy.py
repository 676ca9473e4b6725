"""What one player at the table may know of a move: the engine's events told to a viewer. Standard library only.

An engine records every move in full (the card drawn, the card given), which the examples and the build show. At
a real table some of it is secret: a card drawn from the face-down stack is seen by its drawer only, a card passed
from hand to hand by the two players concerned, and the next card of a shuffled pile by nobody before it is
turned. Each game lists those events as `Secret`s (its ENGINE.SECRETS, in its engine.py); `told` swaps an
event a viewer may not see for its public message (a game message key: "Max draws a card"), with the secret
parameter left out so that no translation can show it.

`before=True` tells a move's label (the text on its button, before it is played): then an outcome the shuffle
decides (`chance`) is hidden from everyone, the mover included, since nobody has seen that card yet, and so is
all the move does after it (a duplicate found, a collection lost): that follows from the card nobody knows.

`later=True` tells a move from a game's log after the viewer has moved since: a `memory` secret (a card of a
memory game, turned up for all to see and then put back face down) is then told by its public message, since a
player at a real table has to remember it, and a log that shows it again would defeat the game.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping


@dataclass(frozen=True)
class Secret:
    public: str                                     # the message key of what the others hear
    hides: str = "card"                             # the secret parameter (a card, or a list of them)
    seen_by: tuple[str, ...] | None = ("player",)   # the parameters naming who sees it; None: all, once it happened
    chance: bool = False                            # decided by the shuffle: unknown to all before the move
    when: Callable[[Mapping[str, Any]], bool] | None = None     # only events with these parameters are secret
    memory: bool = False                            # seen when it happens, then to be remembered (told later: hidden)


def knows(secret: Secret, params: Mapping[str, Any], viewer: str, before: bool) -> bool:
    if before and secret.chance:
        return False
    if secret.seen_by is None:              # all see it once it happened (a memory card: as it lies face up)
        return not before or secret.memory
    names: list[Any] = []
    for key in secret.seen_by:
        value = params.get(key)
        names += value if isinstance(value, (list, tuple)) else [value]
    return viewer in names


def public(secret: Secret, params: Mapping[str, Any]) -> dict:
    """The event's parameters without its secret; `n` counts what was hidden (for "draws 2 cards")."""
    hidden = params.get(secret.hides)
    out = {k: v for k, v in params.items() if k != secret.hides}
    out["n"] = len(hidden) if isinstance(hidden, (list, tuple)) else 1
    return out


def told(events: Iterable[tuple[str, Mapping[str, Any]]], secrets: Mapping[str, Secret], viewer: str | None,
         before: bool = False, later: bool = False) -> list[tuple[str, dict]]:
    """The events as `viewer` (a player's name) may hear them; everything for viewer None (an open table).
    A parameter an event lacks is read from the events before it (Diced Veggies' hype card follows the cook)."""
    events = [(k, dict(p)) for k, p in events]
    if viewer is None or not secrets:
        return events
    out, context = [], {}
    for key, params in events:
        context.update(params)
        secret = secrets.get(key)
        if secret is None or (secret.when is not None and not secret.when(params)) \
                or (not (later and secret.memory) and knows(secret, context, viewer, before)):
            out.append((key, params))
        else:
            out.append((secret.public, public(secret, params)))
            if before and secret.chance:
                break
    return out


def sees(viewer: str | None, player: Any) -> bool:
    """May `viewer` see this player's hidden things (their hand)? Everyone may at an open table (viewer None)."""
    return viewer is None or viewer == player.name
