"""The contract between a game's rules engine and the kernel: what a game declares, what it must write, and the
hooks it may write. `Engine` (base.py) is this plus the kernel's machinery; a game subclasses Engine.

* Declared (class attributes): the game id, its State class, PHASES and RULE_IDS, the rules named for a move out of
  turn or after the end, and the optional tables below. When the class is made, the kernel checks (rules.py) that
  every rule id the game names (`@move(rule=…)`, `fail`/`require`/`invalid`, PHASE_RULES, TURN_RULE, END_RULE) is
  in RULE_IDS and every phase it names (`@move(phases=…)`, `state.phase == …`, PHASE_RULES) in PHASES: a typo
  stops the import, not a game in a reader's browser.
* Must write (abstract): setup, start, score, components, render_lines; and legal_moves or moves_by_kind.
* Hooks (a default that suits most games): listed_as, named, checks, result_lines, expect_fields,
  player_expect_fields, length, ending; and, for a game whose move checks differ from the kernel's, actor,
  blocked, wrong_phase, check_phase.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar, Iterable, Mapping

from .errors import IllegalMove, MoveError
from .expect import Check
from .moves import Move, MoveSpec
from .state import GameState

MUST_WRITE = ("setup", "start", "score", "components", "render_lines")
ONE_OF = ("legal_moves", "moves_by_kind")
HOOKS = ("listed_as", "named", "checks", "result_lines", "expect_fields", "player_expect_fields", "length",
         "ending", "actor", "blocked", "wrong_phase", "check_phase")


class GameRules(ABC):
    """What a game is to the kernel: its declarations, the methods it must write, the hooks it may write."""

    # --- what a game declares (class attributes); the kernel checks them when the class is made ----------------
    GAME: ClassVar[str]                       # the game id
    State: ClassVar[type[GameState]]          # the game's state dataclass
    PHASES: ClassVar[tuple[str, ...]]         # every phase a state can be in, OVER among them
    OVER: ClassVar[str] = "over"              # the phase of a finished game
    TURN_RULE: ClassVar[str]                  # the rule of turn order, named for a malformed move
    END_RULE: ClassVar[str]                   # the rule named for a move after the game's end
    RULE_IDS: ClassVar[frozenset[str]] = frozenset()   # every rule id the engine may name
    PHASE_RULES: ClassVar[Mapping[str, str]] = {}   # phase -> the rule someone moving out of turn breaks there
    TURN_BEFORE_PHASE: ClassVar[bool] = False    # refuse a move out of turn before one out of phase
    TIE_BREAKS: ClassVar[tuple[str, ...]] = ()   # score parts that decide between equal totals, in order
    PLAYOUT_MOVES: ClassVar[int] = 5000       # a random game longer than this counts as one that never ends
    POLICIES: ClassVar[Mapping[str, Any]] = {}  # the game's own policies besides random (see policy.py)
    SECRETS: ClassVar[Mapping[str, Any]] = {}   # event key -> privacy.Secret: what not every player sees
    # rule id -> why no move can break the limits its text states (rule coverage, engine/coverage.py)
    NO_REFUSAL: ClassVar[Mapping[str, str]] = {}
    MOVES: ClassVar[dict[str, MoveSpec]] = {}   # filled by the kernel from the game's @move handlers

    # --- what a game must write ------------------------------------------------------------------------------
    @abstractmethod
    def setup(self, names: list[str], seed: int, **options: Any) -> GameState:
        """A new game set up as the rulebook says, for these players (in turn order)."""

    @abstractmethod
    def start(self, spec: Mapping[str, Any]) -> GameState:
        """The explicit starting state a replay's `start` describes (StartError when it cannot be read)."""

    @abstractmethod
    def score(self, state: GameState) -> list[dict]:
        """Each player's score breakdown, with `player` and `total`, in seat order."""

    @abstractmethod
    def components(self, state: GameState) -> dict[str, tuple[Iterable[str], Iterable[str | None]]]:
        """Each kind of component: (every id the game has, every id the state holds, None for an empty place)."""

    @abstractmethod
    def render_lines(self, state: GameState) -> list[str]:
        """The state as lines of text: turn and phase, the table, each player."""

    # --- legal moves: a game writes one of the two -----------------------------------------------------------
    def legal_moves(self, state: GameState) -> list[Move]:
        """Every legal move. A game writes this or `moves_by_kind` (then this lists its groups in order)."""
        if type(self).moves_by_kind is GameRules.moves_by_kind:
            raise NotImplementedError
        return [m for group in self.moves_by_kind(state).values() for m in group]

    def moves_by_kind(self, state: GameState) -> dict[str, list[Move]]:
        """The legal moves grouped by name, in the order legal_moves lists them. A game with many moves of a
        few kinds in every state (a pantry of positions to reveal) may build the groups itself, and the random
        policy, which picks a kind first, then does not sort them out again."""
        groups: dict[str, list[Move]] = {}
        for m in self.legal_moves(state):
            groups.setdefault(m.name, []).append(m)
        return groups

    # --- hooks: a default that suits most games ----------------------------------------------------------------
    def listed_as(self, state: GameState, move: Move) -> Any:
        """Which choice `move` is: every move that apply accepts is listed_as some move legal_moves lists. By default
        the move itself, the order of its `cards` aside (cards laid together are a set); a game that lists one
        canonical way of several equivalent ones (one payment of a recipe) gives what is left without that way."""
        args = move.args if isinstance(move.args, Mapping) else {"": move.args}
        return (move.player, move.name, tuple(sorted(
            (k, repr(sorted(v, key=str) if k == "cards" and isinstance(v, list) else v)) for k, v in args.items())))

    def named(self, state: GameState, value: Any) -> Any:
        """A move's argument or a message's parameter as a player tells it apart in `state`: the value itself (an id
        the messages give a printed name), or, for a thing that only its looks in this state tell from its
        twins (a die showing a number), {"id": value, "shows": what it shows} ("Broccoli 5"; see
        engine.messages). Move builders and the example pages name what a move uses with it."""
        return value

    def checks(self, state: GameState) -> list[str]:
        """The game's own checks of a state besides its components, phase and turn."""
        return []

    def result_lines(self, state: GameState) -> list[str]:
        """What render adds when the game is over: the final ranking."""
        return [self.standings(state)]

    def expect_fields(self) -> dict[str, Check]:
        """The game's own fields of a replay's `expect`, besides turn, phase and winners."""
        return {}

    def player_expect_fields(self) -> dict[str, Check]:
        """The game's own fields of `expect.players.<name>`, besides score and scoring (and the hand fields)."""
        return {}

    def length(self, state: GameState) -> dict[str, int]:
        """Measures of a finished game's length besides its moves, for simulations: by default the rounds played,
        for a state that counts them in `round`."""
        return {"rounds": state.round} if hasattr(state, "round") else {}

    def ending(self, state: GameState) -> str:
        """How a finished game ended, as a short id the simulations count (which end of a track was reached,
        whether a tie needed another round …). A game with a single way to end keeps "end"."""
        return "end"

    # --- hooks of checking a move (whose move it is, and in which phase) ---------------------------------------
    def actor(self, state: GameState) -> int | None:
        """The index of the player who decides next (None once the game is over: is_over, written out, as a
        playout asks at every move)."""
        return None if state.phase == self.OVER else state.turn

    def blocked(self, state: GameState, move: Move) -> None:
        """Refuse every move but those a pending decision allows (a Dirty Pots swap …), before whose turn it is
        is even asked. By default nothing is pending."""

    def wrong_phase(self, state: GameState, move: Move, spec: MoveSpec) -> MoveError:
        actor = self.actor(state)
        return IllegalMove(spec.phase_rule or spec.rule, spec.wrong_phase,
                           {"move": move.name, "phase": state.phase,
                            "player": state.players[actor].name if actor is not None else ""})

    def check_phase(self, state: GameState, move: Move, spec: MoveSpec) -> None:
        if spec.phases and state.phase not in spec.phases:
            raise self.wrong_phase(state, move, spec)
