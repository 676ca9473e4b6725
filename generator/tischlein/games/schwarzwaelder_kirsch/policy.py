"""Schwarzwälder Kirsch's greedy policy: push your luck only while the odds are good.

What the player knows: every card was seen when it was taken, and collections lie face up, so what is still
face down in the pantry is known as a mix (how many eggs, jokers, action cards …), never where each lies: the
policy reads the mix, not the positions, and picks the card to turn over at random. One move ahead:

- another reveal is worth its expected gain, +1 for an ingredient still lacking (or a joker while one is
  lacking), a little for an action card better than the one held,
  minus the whole collection for an ingredient already held (nothing
  on the turn's first, free reveal); stopping keeps what is collected;
- Garnieren, Stehlen and Tauschen are played on a copy and rated by the collection that results against the
  best other one (a round won rates highest);
- a joker goes on the lacking ingredient with the fewest copies still face down (the hardest to find), and
  a face-up action card is taken when it is worth more than the one held (Garnieren > Stehlen > Tauschen).
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ...engine import Move
from ...engine.policy import one_ply

ACTION_WORTH = {"garnieren": 3.0, "stehlen": 1.0, "tauschen": 0.5}
UNFINISHABLE = 0.2         # Garnieren while the cake cannot be finished by turning cards over
ACTION_FIND = 0.3          # the worth of turning over an action card (it may be taken)
WIN = 100.0


def face_down(engine: Any, s: Any) -> Counter:
    """The mix of face-down pantry cards by type (ingredient id, joker, or action type)."""
    return Counter(engine.type_of[c] for i, c in enumerate(s.pantry, 1) if c is not None and i != s.revealed)


def action_worth(engine: Any, s: Any, player: Any, card: str | None, missing: float = 0.0) -> float:
    """What holding action card `card` is worth to `player` (`missing` when there is none). Garnieren is worth
    little while the cake lacks an ingredient that no face-down card can give (every copy and joker lies in
    collections): only a Stehlen or Tauschen can get it then, and holding on to Garnieren would block the
    player for ever (a table of greedy players holding Garnieren and waiting was seen to never end)."""
    return missing if card is None else kind_worth(engine, s, player, engine.type_of[card])


def kind_worth(engine: Any, s: Any, player: Any, kind: str) -> float:
    """What holding an action card of this kind is worth to `player` (see action_worth)."""
    if kind == engine.garnish and len(player.collection) < len(engine.cake):
        mix = face_down(engine, s)
        if not mix["joker"] and not any(mix[i] for i in engine.cake if i not in player.collection):
            return UNFINISHABLE
    return ACTION_WORTH.get(kind, 0.0)


def rating(engine: Any, s: Any, p: int, wins_before: int) -> float:
    player = s.players[p]
    if player.wins > wins_before:
        return WIN
    others = max((len(o.collection) for o in s.players if o is not player), default=0)
    return len(player.collection) - 0.5 * others + action_worth(engine, s, player, player.action)


def reveal_gain(engine: Any, s: Any, p: int) -> float:
    """The expected change of the rating from turning over one more face-down card."""
    player, mix = s.players[p], face_down(engine, s)
    total = sum(mix.values())
    if not total:
        return float("-inf")
    lacking = [i for i in engine.cake if i not in player.collection]
    gain = sum(mix[i] for i in lacking) + (mix["joker"] if lacking else 0)
    held = sum(mix[i] for i in player.collection)
    # only an action card better than the one held is worth finding (else it is left where it lies)
    worth = action_worth(engine, s, player, player.action, missing=-1.0)
    actions = sum(n for t, n in mix.items() if t in ACTION_WORTH and kind_worth(engine, s, player, t) > worth)
    if s.reveals >= total:      # as many cards turned over (and back) this turn as lie face down: give up the
        actions = 0             # search, or a turn among unwanted action cards would never end
    loss = 0 if s.reveals < engine.safe_reveals else held * len(player.collection)
    return (gain + ACTION_FIND * actions - loss) / total


def greedy(engine: Any, s: Any, rng: random.Random):
    p, player = engine.actor(s), s.current
    if s.phase == "joker":
        mix = face_down(engine, s)
        lacking = [i for i in engine.cake if i not in player.collection]
        fewest = min(mix[i] for i in lacking)
        return Move(player.name, "joker", {"ingredient": rng.choice([i for i in lacking if mix[i] == fewest])})
    if s.phase == "action":
        new = action_worth(engine, s, player, s.face_up)
        old = action_worth(engine, s, player, player.action, missing=-1.0)
        return Move(player.name, "take" if new > old else "leave", {})
    groups = engine.moves_by_kind(s)
    now = rating(engine, s, p, player.wins)
    moves = [*groups.get("stop", []), *groups.get("play", [])]
    gain = reveal_gain(engine, s, p)
    best_reveal = now + gain
    # Which position is a guess: the player cannot see the cards. A reveal that can gain nothing is no choice
    # while another move is open: with a finished cake and only unwanted action cards face down, turning them
    # over and back for ever would never end the turn.
    if groups.get("reveal") and (gain > 0 or not moves):
        moves.append(rng.choice(groups["reveal"]))
    return one_ply(engine, s, rng, lambda after, q, _: rating(engine, after, q, player.wins),
                   lambda before, m: best_reveal if m.name == "reveal" else None, moves)
