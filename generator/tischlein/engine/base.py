"""The Engine: what every game's rules engine is, and everything a game does not write itself.

A game subclasses Engine (tischlein/games/<game>/engine.py): its __init__ indexes the game data compiled from
content, its `@move` handlers change a fresh copy of the state, and it writes only what is its own (contract.py
lists it: what it declares, what it must write — setup, `start` (a replay's explicit starting state), legal
moves, scoring, which components it has where, the text picture of a state — and the hooks it may write). The kernel does the rest once for every game: reading and checking a move (game over,
player, phase, turn, argument types), copying and serialising states, the census of components, phase and
turn, ranking with tie-breaks, `expect` checks, winners, events and a random policy. Callers (the replay
driver, the browser API, simulations, the CLI) use only these methods.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any, Iterable, Mapping

from .errors import IllegalMove, InvalidMove, MoveError, StartError
from .contract import GameRules
from .declared import check_declared
from .expect import Check, hand_checks
from .moves import Move, MoveSpec
from .setup import no_unknown_fields
from .state import GameState


def count_components(what: str, known: Iterable[str], held: Iterable[str | None]) -> list[str]:
    """The census of one kind of component: ids unknown, held in two places, or missing."""
    seen = Counter(item for item in held if item is not None)
    known = list(known)
    known_set = set(known)
    problems = [f"unknown {what} {item}" if item not in known_set else f"{what} {item} is in {n} places"
                for item, n in seen.items() if item not in known_set or n > 1]
    missing = [item for item in known if item not in seen]
    return problems + ([f"{what}s missing: {', '.join(missing)}"] if missing else [])


# The message keys the kernel itself names (a game's messages.yaml may word them its own way; otherwise the
# interface strings' engine.<key> texts are used).
KERNEL_KEYS = frozenset({"move.not_a_move", "move.unknown", "game.over", "turn.unknown_player", "move.bad_args",
                         "phase.wrong", "turn.not_your_turn", "move.missing_arg", "move.bad_list", "move.bad_arg",
                         "card.unknown", "name_not_id"})


class Engine(GameRules):
    """A game's rules engine, bound to the game's data (the JSON that the content model compiles): the contract
    (contract.py: what a game declares, must write and may write) and the kernel's machinery below."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        table = dict(cls.MOVES)
        for value in vars(cls).values():
            spec = getattr(value, "move_spec", None)
            if isinstance(spec, MoveSpec):
                table[spec.name] = spec
        cls.MOVES = table
        if "GAME" in vars(cls):               # a game (not a mixin on the way): check what it names
            check_declared(cls)

    def __init__(self, data: Mapping[str, Any]):
        self.data = data
        players = data.get("players") or {}
        self.min_players: int = players.get("min", 1)
        self.max_players: int = players.get("max", 6)

    def render(self, state: GameState) -> str:
        """The state as compact text (golden files, `tischlein replay`): the game's lines, then, once the game is
        over, its result."""
        return "\n".join(self.render_lines(state) + (self.result_lines(state) if self.is_over(state) else []))

    # --- whose move, and checking a move -----------------------------------------------------------------
    def turn_rule(self, state: GameState) -> str:
        """The rule named when someone moves out of turn."""
        return self.PHASE_RULES.get(state.phase, self.TURN_RULE)

    def apply(self, state: GameState, move: Move | Mapping[str, Any], in_place: bool = False,
              listed: bool = False, actor: int | None = None) -> GameState:
        """The state after `move`, a new state; InvalidMove or IllegalMove (with its rule id) if the move is
        malformed or forbidden. `state` is never changed — unless `in_place`, for a caller that throws the old
        state away (a playout): then the move changes `state` itself, and a refusal may leave it half changed.

        `listed`: the caller vouches that `move` is one of the moves legal_moves (or moves_by_kind) lists for
        this very `state` (a random pick, a greedy policy's look-ahead). Such a move passes the kernel's checks
        by construction (it is the actor's, of a known kind, allowed in this phase), so they are skipped; they
        were a third of a random playout's time. The handler still checks its rule. A test plays games both
        ways and compares every state (tests/test_engine_listed.py). With `listed`, `actor` may give
        `self.actor(state)`, when the caller has just asked for it (a playout asks at every move)."""
        if listed:
            spec = self.MOVES[move.name]
            player = self.actor(state) if actor is None else actor
            # A listed move's plain arguments are of their types already; a copy, as read_args gives.
            args = dict(move.args) if spec.plain else spec.read_args(self, move.args)
        else:
            if type(move) is not Move:
                try:
                    move = Move.from_dict(move)
                except InvalidMove as err:
                    err.rule = err.rule or self.TURN_RULE
                    raise
            try:
                spec, player, args = self._check(state, move)
            except MoveError as err:
                err.move = move
                raise
        if in_place:
            new = state
            # What copy(fresh=True) resets: the last move's events (a game's state may name more fields). Written
            # out for the events alone, as a playout comes here at every move.
            if state.TRANSIENT == ("events",):
                new.events = []
            else:
                for name in state.TRANSIENT:
                    setattr(new, name, [])
        else:
            new = state.copy(fresh=True)
        try:
            getattr(self, spec.handler)(new, player, args)
        except MoveError as err:
            err.move = move
            raise
        return new

    def _check(self, state: GameState, move: Move) -> tuple[MoveSpec, int, dict]:
        spec = self.MOVES.get(move.name)
        if spec is None:
            raise InvalidMove(self.TURN_RULE, "move.unknown", {"move": move.name, "moves": list(self.MOVES)})
        if self.is_over(state):
            raise IllegalMove(self.END_RULE, "game.over")
        player = state.player_index(move.player)
        if player is None:
            raise InvalidMove(self.TURN_RULE, "turn.unknown_player",
                              {"player": move.player, "players": state.names})
        if not isinstance(move.args, dict):
            raise InvalidMove(self.TURN_RULE, "move.bad_args", {"move": move.name})
        if type(self).blocked is not Engine.blocked:      # most games block nothing: no call on every move
            self.blocked(state, move)
        if not self.TURN_BEFORE_PHASE:
            self.check_phase(state, move, spec)
        actor = self.actor(state)
        if player != actor:
            raise IllegalMove(self.turn_rule(state), "turn.not_your_turn",
                              {"player": move.player, "current": state.players[actor].name})
        if self.TURN_BEFORE_PHASE:
            self.check_phase(state, move, spec)
        return spec, player, spec.read_args(self, move.args)

    def refusal(self, state: GameState, move: Move | Mapping[str, Any]) -> MoveError | None:
        """Why `move` is refused in `state`, or None when it is legal."""
        try:
            self.apply(state, move)
        except MoveError as err:
            return err
        return None

    # --- the rest every game shares ----------------------------------------------------------------------
    def new_game(self, players: list[str], seed: int, **options: Any) -> GameState:
        names = [str(n) for n in players]
        if not self.min_players <= len(names) <= self.max_players:
            raise ValueError(f"{self.GAME} takes {self.min_players} to {self.max_players} players, got {len(names)}")
        if len(set(names)) != len(names) or not all(names):
            raise ValueError("player names must be distinct and not empty")
        return self.setup(names, seed, **options)

    def is_over(self, state: GameState) -> bool:
        return state.phase == self.OVER

    def ranking(self, state: GameState) -> list[dict]:
        """The players best first, by total and then the TIE_BREAKS parts of their score; equal on all of them
        share a rank. Each: {player, rank, total, *TIE_BREAKS}."""
        parts = ("total", *self.TIE_BREAKS)
        scores = [{"player": x["player"], **{k: x[k] for k in parts}} for x in self.score(state)]
        key = {x["player"]: tuple(x[k] for k in parts) for x in scores}
        return [dict(x, rank=1 + sum(1 for o in scores if key[o["player"]] > key[x["player"]]))
                for x in sorted(scores, key=lambda x: key[x["player"]], reverse=True)]

    def winners(self, state: GameState) -> list[str]:
        return [r["player"] for r in self.ranking(state) if r["rank"] == 1]

    def census(self, state: GameState) -> list[str]:
        """What is wrong with a state: a component unknown, lost or in two places, a phase or a turn that does
        not exist, and whatever the game's own checks find. Empty when the state is sound."""
        problems = []
        for what, (known, held) in self.components(state).items():
            problems += count_components(what, known, held)
        if state.phase not in self.PHASES:
            problems.append(f"unknown phase {state.phase!r}")
        if not 0 <= state.turn < len(state.players):
            problems.append(f"turn {state.turn} is not a player")
        return problems + self.checks(state)

    def events(self, state: GameState) -> list[tuple[str, dict]]:
        """What the last move did, as (message key, parameters)."""
        return [(k, p) for k, p in state.events]

    def to_dict(self, state: GameState) -> dict:
        return state.to_dict()

    def from_dict(self, d: Any) -> GameState:
        """A state from its JSON form, checked field by field and by the census (StartError when not valid)."""
        return self.sound(self.State.from_dict(d), "")

    def sound(self, state: GameState, where: str = "start") -> GameState:
        """`state` when the census finds nothing wrong with it, else StartError naming every problem."""
        problems = self.census(state)
        if problems:
            raise StartError((f"{where}: " if where else "") + "; ".join(problems))
        return state

    def standings(self, state: GameState, detail: Any = None) -> str:
        """The final ranking as render shows it: "Game over. 1. Ada 21 2. Ben 18" (`detail(r)` adds to each)."""
        return "Game over. " + " ".join(f"{r['rank']}. {r['player']} {r['total']}{detail(r) if detail else ''}"
                                        for r in self.ranking(state))

    def read_state(self, d: Any) -> GameState:
        """A state from outside (a browser, a saved game): from_dict, and the engine must be able to draw it, score
        it and list its moves — a state that breaks any of them is refused as not valid (StartError)."""
        state = self.from_dict(d)
        try:
            self.render(state)
            self.score(state)
            self.legal_moves(state)
        except (LookupError, TypeError, ValueError, AttributeError, ArithmeticError) as exc:
            raise StartError(f"the state does not hold together ({type(exc).__name__}: {exc})") from None
        return state

    def random_move(self, state: GameState, rng: random.Random) -> Move:
        """The random policy: a kind of move first, then one of that kind, so that kinds with many variants
        (where to put a spoon) do not swamp the rest."""
        if type(self).moves_by_kind is not Engine.moves_by_kind:
            groups = self.moves_by_kind(state)
            kinds = sorted(filter(groups.get, groups))       # the kinds that have a move
            if not kinds:
                raise RuntimeError("no legal move")
            # rng.choice(seq) is seq[rng._randbelow(len(seq))] (CPython 3.11-3.13, Pyodide's too), written out:
            # the same draws, without a call of choice at every move of a playout.
            below = rng._randbelow
            group = groups[kinds[below(len(kinds))] if len(kinds) > 1 else kinds[0]]
            return group[below(len(group))]
        legal = self.legal_moves(state)
        kinds = sorted({m.name for m in legal})
        if not kinds:
            raise RuntimeError("no legal move")
        if len(kinds) == 1:
            return rng.choice(legal)
        kind = rng.choice(kinds)
        return rng.choice([m for m in legal if m.name == kind])

    def check_expect(self, state: GameState, expect: Mapping[str, Any]) -> list[str]:
        """Differences between `state` and a replay's `expect` (empty: as expected)."""
        fields = {"turn": Check(lambda s: s.current.name), "phase": Check(lambda s: s.phase),
                  "winners": Check(self.winners), **self.expect_fields()}
        no_unknown_fields(expect, {*fields, "players"}, "expect")
        diffs: list[str] = []
        for key, want in expect.items():
            if key != "players":
                fields[key].compare(key, want, (state,), diffs)
        players = expect.get("players") or {}
        if not isinstance(players, Mapping):
            diffs.append("players: expected a mapping of player names")
        elif players:
            self._check_players(state, players, diffs)
        return diffs

    def _check_players(self, state: GameState, wanted: Mapping[str, Any], diffs: list[str]) -> None:
        scores = {x["player"]: x for x in self.score(state)}
        fields = {**(hand_checks() if hasattr(state.players[0], "hand") else {}),
                  "score": Check(lambda s, i: scores[s.players[i].name]["total"]),
                  **self.player_expect_fields()}
        for name, want in wanted.items():
            i = state.player_index(name)
            if i is None:
                diffs.append(f"players.{name}: no such player ({', '.join(state.names)})")
                continue
            no_unknown_fields(want, {*fields, "scoring"}, f"expect.players.{name}")
            path = f"players.{name}"
            for key, value in want.items():
                if key == "scoring":
                    self._check_scoring(path, value, scores[name], diffs)
                else:
                    fields[key].compare(f"{path}.{key}", value, (state, i), diffs)

    @staticmethod
    def _check_scoring(path: str, want: Any, score: dict, diffs: list[str]) -> None:
        for key, value in (want or {}).items():
            if key not in score:
                diffs.append(f"{path}.scoring.{key}: no such part of the score; known: "
                             f"{', '.join(k for k in score if k != 'player')}")
            elif value != score[key]:
                diffs.append(f"{path}.scoring.{key}: expected {value!r}, got {score[key]!r}")
