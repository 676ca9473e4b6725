"""Playouts: whole games played by policies, all randomness seeded, so a seed replays; and their statistics.

`playout` plays one game; `plan` says which game of a run is played how (game i: seed + i, a player count and
a policy per seat); `play` plays a plan, over several processes if asked, and `summarize` (stats.py) turns
the playouts into the figures `tischlein simulate` reports and the site draws. Game i of a run is the same
game whatever the number of processes or shards it is played in, so the figures are too.
"""
from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field
from typing import Any, Iterable, Sequence

from .policy import policy, random_policy

PLAYER_NAMES = ("Ada", "Ben", "Cem", "Dana", "Eli", "Fay")


@dataclass(frozen=True)
class Playout:
    seed: int
    players: int
    moves: int
    scores: dict[str, int]
    winners: tuple[str, ...]
    length: dict[str, int] = field(default_factory=dict)    # moves, turns, rounds … as the engine knows them
    names: tuple[str, ...] = ()                             # in seat order; names[0] moved first
    policies: tuple[str, ...] = ()                          # the policy of each seat
    ending: str = "end"                                     # how the game ended (Engine.ending)
    index: int = 0                                          # the game's number in its run

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict) -> "Playout":
        d = dict(d)
        for key in ("winners", "names", "policies"):
            d[key] = tuple(d.get(key) or ())
        return cls(**d)


@dataclass(frozen=True)
class Game:
    """One game of a run: its number, seed, player count and the policy of each seat."""
    index: int
    seed: int
    players: int
    policies: tuple[str, ...]


def seat_policies(policies: Sequence[str], players: int, index: int = 0, rotate: bool = False) -> tuple[str, ...]:
    """The policy of each seat: `policies` in seat order, the last one filling the remaining seats
    (["greedy", "random"] at four players: greedy and three random). With `rotate` the table turns by one
    seat per game, so over a run every policy sits in every seat equally often."""
    if not policies:
        policies = ["random"]
    seats = [policies[min(i, len(policies) - 1)] for i in range(players)]
    if len(policies) > players:
        raise ValueError(f"{len(policies)} policies for {players} players")
    if rotate:
        k = index % players
        seats = seats[-k:] + seats[:-k] if k else seats
    return tuple(seats)


def plan(count: int, seed: int, players: Sequence[int], policies: Sequence[str] = ("random",),
         rotate: bool = False) -> list[Game]:
    """The games of a run: game i has seed `seed + i` and `players[i % len(players)]` players."""
    games = []
    for i in range(count):
        n = players[i % len(players)]
        games.append(Game(i, seed + i, n, seat_policies(policies, n, i // len(players), rotate)))
    return games


def playout(engine: Any, players: int, seed: int, max_moves: int | None = None,
            options: dict | None = None, policies: Sequence[str] = ("random",), index: int = 0) -> Playout:
    """One game of `players` players, seat i moved by `policies[i]` (the last one fills the rest; default all
    random). `options` go to `new_game`. A game longer than `max_moves` (default: the engine's PLAYOUT_MOVES)
    counts as one that never ends (RuntimeError), as does a state with no legal move."""
    max_moves = max_moves or engine.PLAYOUT_MOVES
    rng = random.Random(seed)
    names = list(PLAYER_NAMES[:players])
    seats = seat_policies(policies, players)
    choose = [policy(engine, name) for name in seats]
    listed = [getattr(c, "listed", False) for c in choose]      # seats whose moves come from legal_moves
    # The random policy is the engine's random_move, called as such: one call less at every move.
    choose = [type(engine).random_move if c is random_policy else c for c in choose]
    state = engine.new_game(names, seed, **(options or {}))
    moves = turns = 0
    actor_of, apply = engine.actor, engine.apply    # looked up once: a game has thousands of moves
    # actor() is None exactly when the game is over (Engine.actor), so it is asked once per move, not is_over too.
    actor = actor_of(state)
    while actor is not None:
        try:
            move = choose[actor](engine, state, rng)
        except RuntimeError:
            raise RuntimeError(f"seed {seed}: no legal move after {moves} moves") from None
        state = apply(state, move, True, listed[actor], actor)      # in place, listed, the actor known
        moves += 1
        turns += move.name == "end_turn"
        if moves >= max_moves:
            raise RuntimeError(f"seed {seed}: the game did not end within {max_moves} moves")
        actor = actor_of(state)
    totals = {breakdown["player"]: breakdown["total"] for breakdown in engine.score(state)}
    length = {"moves": moves, **({"turns": turns} if turns else {}), **engine.length(state)}
    return Playout(seed, players, moves, totals, tuple(engine.winners(state)), length, tuple(names), seats,
                   engine.ending(state), index)


def play_one(engine: Any, game: Game, max_moves: int | None = None) -> Playout | str:
    """A game of a plan: its playout, or the reason it failed (a game that cannot go on or does not end)."""
    try:
        return playout(engine, game.players, game.seed, max_moves, policies=game.policies, index=game.index)
    except RuntimeError as exc:
        return f"game {game.index}: {exc}"


# --- over several processes ---------------------------------------------------------------------------------
_WORKER: dict[str, Any] = {}


def _init_worker(module: str, data: dict, max_moves: int | None) -> None:
    import importlib
    _WORKER["engine"] = importlib.import_module(module).ENGINE(data)
    _WORKER["max_moves"] = max_moves


def _play_chunk(games: list[Game]) -> list[Playout | str]:
    return [play_one(_WORKER["engine"], g, _WORKER["max_moves"]) for g in games]


def play(engine: Any, games: Iterable[Game], jobs: int = 1, max_moves: int | None = None) -> list[Playout | str]:
    """Every game of `games`, in their order: a Playout or the failure's text. With `jobs` > 1 over that many
    processes (each builds the engine from its data); the results are the same games either way."""
    games = list(games)
    if jobs <= 1 or len(games) < 2:
        return [play_one(engine, g, max_moves) for g in games]
    import multiprocessing

    size = max(1, min(50, len(games) // (jobs * 4)))
    chunks = [games[i:i + size] for i in range(0, len(games), size)]
    module = type(engine).__module__
    with multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn").Pool(
            jobs, initializer=_init_worker, initargs=(module, engine.data, max_moves)) as pool:
        return [result for chunk in pool.imap(_play_chunk, chunks) for result in chunk]
