"""Schwarzwälder Kirsch rules engine: state, moves, legality, scoring, replay start/expect and text rendering.

Reads only the JSON from `SchwarzwaelderKirsch.engine_data()` (never YAML, never `tischlein.content`); pure stdlib.

The game hides information (the pantry lies face down), the state does not: it knows every card, and moves name
a pantry *position*, never a card, so a move cannot use what the player cannot see.

State (`State.to_dict()`; JSON-able; every pantry card by instance id, e.g. `eier-2`, `joker-1`)
    players   [{name, collection: {ingredient: card}, action: card|None, fresh: bool, wins: int}]
              collection: the card lying on each collected ingredient (a joker on the one it stands for);
              fresh: the action card was taken this turn (it cannot be played before the next turn)
    pantry    [card|None]              the spread, position 1 first; None = a gap where a card was taken
    revealed  None | position          a card lying face up, waiting for its finder's decision
    turn      index of the player whose turn it is
    start     index of the Küchenmaschinenkarte's holder (the round's start player)
    phase     turn-start | revealing | joker | action | over
    reveals   cards revealed this turn
    round     1-based round number; rounds: the game's regular number of rounds (= players)
    history   [player index] round winners, in order
    rng       mulberry32 state (see core.py)
    events    [[key, params]]          what the last move did, as message keys

Moves (`Move(player, name, args)`; pantry positions are numbered 1..n):
    reveal  {position}                 turn over a face-down pantry card
    joker   {ingredient}               lay the revealed joker on an ingredient you lack
    take    {}  / leave {}             take the revealed action card (swapping a held one) or turn it back
    stop    {}                         end the turn after at least one reveal
    play    {target?, ingredient?, as?}   at the start of a turn, play the held action card:
            stehlen {target, ingredient, as?}  (as: where a stolen joker goes; default: the same ingredient)
            tauschen {target}  ·  garnieren {}

Decisions where the rulebook is silent (the content's reconstructions, plus engine-only details):
  * Ingredients and jokers found are taken at once (the rulebook: "lege diese offen vor dir ab"); only a joker's
    place and an action card are the finder's decisions.
  * A card turned back face down keeps its position; a card taken leaves a gap; a reshuffle respreads the
    pantry without gaps (positions 1..n), in an order drawn from the state's PRNG.
  * After Stehlen or Tauschen the card goes into the pantry and all pantry cards are reshuffled (content); a
    Stehlen that cannot take anything (nobody holds an ingredient you lack) is illegal, not a wasted turn.
  * Garnieren ends the round; every card goes back into the pantry, which is reshuffled; the start player card
    passes clockwise and the next round starts with that player. After `rounds` rounds, a unique leader in
    round wins ends the game, otherwise another round is played (all players).
  * The first name in `players` holds the Küchenmaschinenkarte in round 1.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .core import IllegalMove, Move, StartError, apply_move, no_unknown_fields, rng_seed, rng_shuffle

GAME_ID = "schwarzwaelder-kirsch"
# Random players push their luck blindly and lose their collection to duplicates again and again, so random
# 4-player games reach several thousand moves (longest seen: 8,806) before someone garnishes. They do end.
RANDOM_PLAYOUT_MOVES = 20_000
PHASES = ("turn-start", "revealing", "joker", "action", "over")
MOVE_NAMES = ("reveal", "joker", "take", "leave", "stop", "play")

R_TURN = "schwarzwaelder-kirsch.turn"
R_REVEAL = "schwarzwaelder-kirsch.turn.reveal"
R_DUPLICATE = "schwarzwaelder-kirsch.turn.duplicate"
R_JOKER = "schwarzwaelder-kirsch.turn.joker"
R_ACTION_CARD = "schwarzwaelder-kirsch.turn.action-card"
R_ACTIONS = "schwarzwaelder-kirsch.actions"
R_STEHLEN = "schwarzwaelder-kirsch.actions.stehlen"
R_TAUSCHEN = "schwarzwaelder-kirsch.actions.tauschen"
R_GARNIEREN = "schwarzwaelder-kirsch.actions.garnieren"
R_END = "schwarzwaelder-kirsch.end"
R_TIE = "schwarzwaelder-kirsch.end.tie"
R_ROUND = "schwarzwaelder-kirsch.round"

# Every rule id the engine may name in an IllegalMove (all exist in rules.yaml).
RULE_IDS = frozenset({R_TURN, R_REVEAL, R_DUPLICATE, R_JOKER, R_ACTION_CARD, R_ACTIONS, R_STEHLEN, R_TAUSCHEN,
                      R_GARNIEREN, R_END, R_TIE, R_ROUND})


def _fail(rule: str, key: str, **params: Any) -> None:
    raise IllegalMove(rule, key, params)


# --- rules data -------------------------------------------------------------------------------------------

class Rules:
    """The facts of the game, indexed for the engine. Built once from engine_data()."""

    def __init__(self, data: Mapping[str, Any]):
        self.data = data
        self.min_players: int = data["players"]["min"]
        self.max_players: int = data["players"]["max"]
        self.rounds: dict[int, int] = {int(k): v for k, v in data["rounds"].items()}
        self.safe_reveals: int = data["safe_reveals"]
        self.cake: list[str] = list(data["cake"]["ingredients"])
        self.garnish: str = data["cake"]["garnish"]
        self.cards: list[str] = [c["id"] for c in data["pantry"]]
        self.type_of: dict[str, str] = {c["id"]: c["type"] for c in data["pantry"]}
        self.kind_of: dict[str, str] = {c["id"]: c["kind"] for c in data["pantry"]}
        self.after_play: dict[str, str] = {k: v["after_play"] for k, v in data["actions"].items()}
        self._reveal_moves: dict[str, list[Move]] = {}

    def reveal_moves(self, name: str, size: int) -> list[Move]:
        """`name`'s reveal moves for positions 1..size (at least), index 0 = position 1. They are listed at
        every step of every turn, so they are built once (a Move is immutable)."""
        row = self._reveal_moves.setdefault(name, [])
        while len(row) < size:
            row.append(Move(name, "reveal", {"position": len(row) + 1}))
        return row

    def kind(self, card: str) -> str:
        return self.kind_of[card]

    def type(self, card: str) -> str:
        return self.type_of[card]


# --- state ------------------------------------------------------------------------------------------------

@dataclass
class Player:
    name: str
    collection: dict = field(default_factory=dict)
    action: str | None = None
    fresh: bool = False
    wins: int = 0

    def copy(self) -> "Player":
        return Player(self.name, dict(self.collection), self.action, self.fresh, self.wins)

    def to_dict(self) -> dict:
        return {"name": self.name, "collection": dict(self.collection), "action": self.action,
                "fresh": self.fresh, "wins": self.wins}


@dataclass
class State:
    rules: Rules = field(repr=False, compare=False)
    players: list
    pantry: list
    revealed: int | None = None
    turn: int = 0
    start: int = 0
    phase: str = "turn-start"
    reveals: int = 0
    round: int = 1
    rounds: int = 2
    history: list = field(default_factory=list)
    rng: int = 0
    events: list = field(default_factory=list)

    def copy(self, with_events: bool = True) -> "State":
        return State(self.rules, [p.copy() for p in self.players], list(self.pantry), self.revealed, self.turn,
                     self.start, self.phase, self.reveals, self.round, self.rounds, list(self.history), self.rng,
                     [[k, dict(p)] for k, p in self.events] if with_events else [])

    def to_dict(self) -> dict:
        return {"game": GAME_ID, "players": [p.to_dict() for p in self.players], "pantry": list(self.pantry),
                "revealed": self.revealed, "turn": self.turn, "start": self.start, "phase": self.phase,
                "reveals": self.reveals, "round": self.round, "rounds": self.rounds, "history": list(self.history),
                "rng": self.rng, "events": [[k, dict(p)] for k, p in self.events]}

    @classmethod
    def from_dict(cls, data_or_rules: Mapping[str, Any] | Rules, d: Mapping[str, Any]) -> "State":
        rules = data_or_rules if isinstance(data_or_rules, Rules) else Rules(data_or_rules)
        players = [Player(p["name"], dict(p.get("collection") or {}), p.get("action"), bool(p.get("fresh")),
                          int(p.get("wins", 0))) for p in d["players"]]
        state = cls(rules, players, list(d["pantry"]), d.get("revealed"), int(d["turn"]), int(d.get("start", 0)),
                    d["phase"], int(d.get("reveals", 0)), int(d.get("round", 1)),
                    int(d.get("rounds", len(players))), [int(x) for x in d.get("history", [])],
                    int(d.get("rng", 0)), [[k, dict(p)] for k, p in d.get("events", [])])
        problems = census(state)
        if problems:
            raise StartError("; ".join(problems))
        return state

    @property
    def current(self) -> Player:
        return self.players[self.turn]

    def player_index(self, name: str) -> int | None:
        for i, p in enumerate(self.players):
            if p.name == name:
                return i
        return None

    def face_down(self) -> list[int]:
        """Positions (1-based) of the face-down pantry cards."""
        return [i for i, c in enumerate(self.pantry, 1) if c is not None and i != self.revealed]


def to_dict(state: State) -> dict:
    return state.to_dict()


def from_dict(data: Mapping[str, Any] | Rules, d: Mapping[str, Any]) -> State:
    return State.from_dict(data, d)


def events(state: State) -> list:
    return [(k, p) for k, p in state.events]


def census(state: State) -> list[str]:
    """Invariants: every pantry card exactly once (pantry, collections, held action cards), collections hold
    only ingredients of the cake (a joker on any, a real card on its own), a valid phase and pending decision."""
    rules = state.rules
    problems: list[str] = []
    seen: dict[str, int] = {}
    places = [c for c in state.pantry if c is not None]
    for p in state.players:
        places += list(p.collection.values()) + ([p.action] if p.action else [])
        for ing, card in p.collection.items():
            if ing not in rules.cake:
                problems.append(f"{p.name}: {ing} is not an ingredient of the cake")
            elif card in rules.kind_of and rules.kind(card) != "joker" and rules.type(card) != ing:
                problems.append(f"{p.name}: {card} lies on {ing}")
        if p.action and p.action in rules.kind_of and rules.kind(p.action) != "action":
            problems.append(f"{p.name}: {p.action} is held as an action card")
    for card in places:
        seen[card] = seen.get(card, 0) + 1
    for card, n in seen.items():
        if card not in rules.type_of:
            problems.append(f"unknown card {card}")
        elif n > 1:
            problems.append(f"card {card} is in {n} places")
    missing = [c for c in rules.cards if c not in seen]
    if missing:
        problems.append(f"cards missing: {', '.join(missing)}")
    if state.phase not in PHASES:
        problems.append(f"unknown phase {state.phase!r}")
    pending = state.phase in ("joker", "action")
    if pending != (state.revealed is not None):
        problems.append("a face-up pantry card goes with the joker and action phases and only with them")
    elif pending:
        if not 1 <= state.revealed <= len(state.pantry) or state.pantry[state.revealed - 1] is None:
            problems.append(f"revealed position {state.revealed} holds no card")
        elif rules.kind(state.pantry[state.revealed - 1]) != state.phase:
            problems.append(f"the revealed card does not go with phase {state.phase}")
    if not 0 <= state.turn < len(state.players) or not 0 <= state.start < len(state.players):
        problems.append("turn or start player is not a player")
    return problems


# --- setup ------------------------------------------------------------------------------------------------

def new_game(data: Mapping[str, Any] | Rules, players: list[str], seed: int) -> State:
    """Shuffle the pantry face down; the first player holds the Küchenmaschinenkarte and starts."""
    rules = data if isinstance(data, Rules) else Rules(data)
    names = [str(n) for n in players]
    if not rules.min_players <= len(names) <= rules.max_players:
        raise ValueError(f"Schwarzwälder Kirsch takes {rules.min_players} to {rules.max_players} players, "
                         f"got {len(names)}")
    if len(set(names)) != len(names) or not all(names):
        raise ValueError("player names must be distinct and not empty")
    pantry = list(rules.cards)
    rng = rng_shuffle(rng_seed(seed), pantry)
    return State(rules, [Player(n) for n in names], pantry, rounds=rules.rounds[len(names)], rng=rng)


def start(data: Mapping[str, Any] | Rules, spec: Mapping[str, Any]) -> State:
    """Build the explicit starting state of a replay from its `start` block.

    start:
      seed: 7                       # PRNG seed (default 0): the order of unnamed cards and of every reshuffle
      players:                      # in turn (clockwise) order
        - name: Anna
          collection: {eier: eier-1, mehl: joker-2}   # ingredient -> the card lying on it (jokers included)
          action: stehlen-1          # the action card held face down (optional)
          wins: 0                    # rounds won so far (optional)
      pantry: [eier-2, null, zucker-1]   # positions 1, 2, 3, ... of the spread (null = a gap); every card not
                                         # named anywhere is shuffled (with `seed`) into the positions after
      turn: Anna                    # default: the start player
      start_player: Anna            # holder of the Küchenmaschinenkarte (default: the first player)
      round: 1                      # default 1
      rounds: 2                     # default: one per player
    """
    rules = data if isinstance(data, Rules) else Rules(data)
    no_unknown_fields(spec, {"seed", "players", "pantry", "turn", "start_player", "round", "rounds"}, "start")
    used: dict[str, str] = {}

    def take(card: Any, where: str) -> str:
        if card not in rules.type_of:
            raise StartError(f"{where}: unknown card {card!r} (card ids look like eier-1, joker-2, stehlen-1)")
        if card in used:
            raise StartError(f"{where}: card {card} is already in {used[card]}")
        used[card] = where
        return card

    raw_players = spec.get("players")
    if not isinstance(raw_players, list) or len(raw_players) < 1:
        raise StartError("start.players: expected a list of players")
    players: list[Player] = []
    for i, rp in enumerate(raw_players):
        if not isinstance(rp, dict) or not isinstance(rp.get("name"), str):
            raise StartError(f"start.players.{i}: expected a mapping with a name")
        no_unknown_fields(rp, {"name", "collection", "action", "wins"}, f"start.players.{i}")
        where = f"start.players.{rp['name']}"
        player = Player(rp["name"], wins=int(rp.get("wins", 0)))
        collection = rp.get("collection") or {}
        if not isinstance(collection, dict):
            raise StartError(f"{where}.collection: expected a mapping ingredient -> card")
        for ing, card in collection.items():
            if ing not in rules.cake:
                raise StartError(f"{where}.collection: {ing!r} is not an ingredient; known: {', '.join(rules.cake)}")
            take(card, f"{where}.collection.{ing}")
            if rules.kind(card) != "joker" and rules.type(card) != ing:
                raise StartError(f"{where}.collection.{ing}: {card} is neither a {ing} card nor a joker")
            player.collection[ing] = card
        player.collection = _ordered(rules, player.collection)
        if rp.get("action") is not None:
            player.action = take(rp["action"], f"{where}.action")
            if rules.kind(player.action) != "action":
                raise StartError(f"{where}.action: {player.action} is not an action card")
        players.append(player)
    names = [p.name for p in players]
    if len(set(names)) != len(names):
        raise StartError("start.players: player names must be distinct")
    raw_pantry = spec.get("pantry") or []
    if not isinstance(raw_pantry, list):
        raise StartError("start.pantry: expected a list of card ids (null for a gap)")
    pantry = [None if c is None else take(c, f"start.pantry.{i + 1}") for i, c in enumerate(raw_pantry)]
    seed = spec.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise StartError(f"start.seed: expected an integer, got {seed!r}")
    rest = [c for c in rules.cards if c not in used]
    rng = rng_shuffle(rng_seed(seed), rest)
    pantry += rest
    starter = spec.get("start_player", names[0])
    turn = spec.get("turn", starter)
    for key, value in (("start_player", starter), ("turn", turn)):
        if value not in names:
            raise StartError(f"start.{key}: {value!r} is not a player ({', '.join(names)})")
    state = State(rules, players, pantry, None, names.index(turn), names.index(starter), "turn-start", 0,
                  int(spec.get("round", 1)), int(spec.get("rounds", len(players))), [], rng)
    problems = census(state)
    if problems:
        raise StartError("start: " + "; ".join(problems))
    return state


def _ordered(rules: Rules, collection: dict) -> dict:
    """A collection in the cake's order, so renders and dicts compare stably."""
    return {ing: collection[ing] for ing in rules.cake if ing in collection}


# --- moves ------------------------------------------------------------------------------------------------

def apply(state: State, move: Move | Mapping[str, Any]) -> State:
    """Return the state after `move`; raise IllegalMove (and leave `state` untouched) if the rules forbid it."""
    return apply_move(move, lambda: state.copy(with_events=False), _dispatch)


def _dispatch(s: State, move: Move) -> None:
    handler = _HANDLERS.get(move.name)
    if handler is None:
        _fail(R_TURN, "move.unknown", move=move.name, moves=list(MOVE_NAMES))
    if s.phase == "over":
        _fail(R_END, "game.over")
    p = s.player_index(move.player)
    if p is None:
        _fail(R_TURN, "turn.unknown_player", player=move.player, players=[x.name for x in s.players])
    if not isinstance(move.args, dict):
        _fail(R_TURN, "move.bad_args", move=move.name)
    if p != s.turn:
        _fail(R_TURN, "turn.not_your_turn", player=move.player, current=s.current.name)
    handler(s, p, move.args)


def _event(s: State, key: str, **params: Any) -> None:
    s.events.append([key, params])


def _arg(args: dict, name: str, rule: str, move: str) -> Any:
    if args.get(name) is None:
        _fail(rule, "move.missing_arg", move=move, arg=name)
    return args[name]


def _pending(s: State) -> None:
    """A revealed joker or action card must be dealt with before anything else."""
    if s.phase == "joker":
        _fail(R_JOKER, "joker.pending", card=s.pantry[s.revealed - 1])
    if s.phase == "action":
        _fail(R_ACTION_CARD, "action.pending", card=s.pantry[s.revealed - 1])


def _complete(s: State, p: int) -> bool:
    return len(s.players[p].collection) == len(s.rules.cake)


def _move_reveal(s: State, p: int, args: dict) -> None:
    player, rules = s.players[p], s.rules
    _pending(s)
    pos = _arg(args, "position", R_REVEAL, "reveal")
    if not isinstance(pos, int) or isinstance(pos, bool) or not 1 <= pos <= len(s.pantry):
        _fail(R_REVEAL, "reveal.no_such_position", position=str(pos), size=len(s.pantry))
    card = s.pantry[pos - 1]
    if card is None:
        _fail(R_REVEAL, "reveal.gap", position=pos)
    s.reveals += 1
    s.phase = "revealing"
    _event(s, "step.reveal", player=player.name, position=pos, card=card, count=s.reveals)
    kind = rules.kind(card)
    if kind == "ingredient":
        ing = rules.type(card)
        if ing not in player.collection:
            s.pantry[pos - 1] = None
            player.collection = _ordered(rules, {**player.collection, ing: card})
            _event(s, "step.collect", player=player.name, card=card, count=len(player.collection),
                   total=len(rules.cake))
        elif s.reveals <= rules.safe_reveals:
            _event(s, "step.duplicate_safe", player=player.name, card=card, position=pos)
            _end_turn(s)
        else:
            lost = list(player.collection.values())
            player.collection = {}
            s.pantry = [c for c in s.pantry if c is not None] + lost
            s.rng = rng_shuffle(s.rng, s.pantry)
            _event(s, "step.duplicate_lost", player=player.name, card=card, cards=lost, count=len(lost))
            _end_turn(s)
    elif kind == "joker":
        if _complete(s, p):
            _event(s, "step.joker_no_place", player=player.name, card=card)
        else:
            s.revealed, s.phase = pos, "joker"
    else:
        s.revealed, s.phase = pos, "action"


def _move_joker(s: State, p: int, args: dict) -> None:
    player, rules = s.players[p], s.rules
    if s.phase != "joker":
        _fail(R_JOKER, "joker.none_revealed")
    ing = _arg(args, "ingredient", R_JOKER, "joker")
    if not isinstance(ing, str) or ing not in rules.cake:
        _fail(R_JOKER, "joker.unknown_ingredient", ingredient=str(ing), ingredients=list(rules.cake))
    if ing in player.collection:
        _fail(R_JOKER, "joker.already_have", ingredient=ing, card=player.collection[ing])
    card = s.pantry[s.revealed - 1]
    s.pantry[s.revealed - 1] = None
    player.collection = _ordered(rules, {**player.collection, ing: card})
    s.revealed, s.phase = None, "revealing"
    _event(s, "step.joker", player=player.name, card=card, ingredient=ing, count=len(player.collection),
           total=len(rules.cake))


def _move_take(s: State, p: int, args: dict) -> None:
    player = s.players[p]
    if s.phase != "action":
        _fail(R_ACTION_CARD, "take.none_revealed")
    pos = s.revealed
    card = s.pantry[pos - 1]
    old = player.action
    s.pantry[pos - 1] = old            # the held card goes face down where the new one lay (or leaves a gap)
    player.action, player.fresh = card, True
    s.revealed, s.phase = None, "revealing"
    if old:
        _event(s, "step.take_swap", player=player.name, card=card, old=old, position=pos)
    else:
        _event(s, "step.take", player=player.name, card=card)


def _move_leave(s: State, p: int, args: dict) -> None:
    if s.phase != "action":
        _fail(R_ACTION_CARD, "take.none_revealed")
    card = s.pantry[s.revealed - 1]
    _event(s, "step.leave", player=s.players[p].name, card=card, position=s.revealed)
    s.revealed, s.phase = None, "revealing"


def _move_stop(s: State, p: int, args: dict) -> None:
    _pending(s)
    if s.phase != "revealing":
        _fail(R_TURN, "stop.nothing_revealed", player=s.players[p].name)
    _event(s, "step.stop", player=s.players[p].name, count=len(s.players[p].collection))
    _end_turn(s)


def _move_play(s: State, p: int, args: dict) -> None:
    player, rules = s.players[p], s.rules
    _pending(s)
    if player.action is None:
        _fail(R_ACTIONS, "play.no_card", player=player.name)
    if s.phase != "turn-start":
        if player.fresh:
            _fail(R_ACTION_CARD, "play.fresh", card=player.action)
        _fail(R_TURN, "play.after_reveal", player=player.name)
    card = player.action
    kind = rules.type(card)
    if kind == rules.garnish:
        if not _complete(s, p):
            _fail(R_GARNIEREN, "garnieren.incomplete", player=player.name, count=len(player.collection),
                  total=len(rules.cake), missing=[i for i in rules.cake if i not in player.collection])
        player.action = None
        s.pantry.append(card)
        _event(s, "step.garnish", player=player.name, card=card)
        _end_round(s, p)
        return
    target = _target(s, p, args, R_STEHLEN if kind == "stehlen" else R_TAUSCHEN, kind)
    other = s.players[target]
    if kind == "stehlen":
        _steal(s, player, other, args)
    else:
        player.collection, other.collection = other.collection, player.collection
        _event(s, "step.swap", player=player.name, target=other.name, got=len(player.collection),
               gave=len(other.collection))
    player.action = None
    s.pantry = [c for c in s.pantry if c is not None] + [card]
    s.rng = rng_shuffle(s.rng, s.pantry)
    _event(s, "step.action_shuffled", card=card)
    _end_turn(s)


def _target(s: State, p: int, args: dict, rule: str, kind: str) -> int:
    name = _arg(args, "target", rule, kind)
    t = s.player_index(str(name))
    if t is None or t == p:
        _fail(rule, "play.bad_target", target=str(name), players=[x.name for i, x in enumerate(s.players) if i != p])
    return t


def _steal(s: State, player: Player, other: Player, args: dict) -> None:
    rules = s.rules
    if not _stealable(rules, player, other):
        _fail(R_STEHLEN, "stehlen.nothing", target=other.name)
    ing = _arg(args, "ingredient", R_STEHLEN, "stehlen")
    if not isinstance(ing, str) or ing not in other.collection:
        _fail(R_STEHLEN, "stehlen.not_held", target=other.name, ingredient=str(ing), held=list(other.collection))
    card = other.collection[ing]
    place = args.get("as", ing) if rules.kind(card) == "joker" else ing
    if rules.kind(card) != "joker" and args.get("as") not in (None, ing):
        _fail(R_STEHLEN, "stehlen.as_not_joker", card=card)
    if not isinstance(place, str) or place not in rules.cake:
        _fail(R_JOKER, "joker.unknown_ingredient", ingredient=str(place), ingredients=list(rules.cake))
    if place in player.collection:
        _fail(R_STEHLEN, "stehlen.already_have", ingredient=place, card=player.collection[place])
    del other.collection[ing]
    player.collection = _ordered(rules, {**player.collection, place: card})
    _event(s, "step.steal", player=player.name, target=other.name, card=card, ingredient=place)


def _stealable(rules: Rules, player: Player, other: Player) -> list[tuple[str, str]]:
    """(ingredient taken, ingredient it lands on) for each steal `player` can make from `other`: a real card
    lands on its own ingredient, a joker on the first one the thief lacks."""
    lacking = [i for i in rules.cake if i not in player.collection]
    out = []
    for ing, card in other.collection.items():
        if rules.kind(card) == "joker":
            if lacking:
                out.append((ing, ing if ing in lacking else lacking[0]))
        elif ing in lacking:
            out.append((ing, ing))
    return out


def _end_turn(s: State) -> None:
    s.players[s.turn].fresh = False
    s.reveals, s.phase, s.revealed = 0, "turn-start", None
    s.turn = (s.turn + 1) % len(s.players)
    _event(s, "step.next", player=s.current.name)


def _end_round(s: State, winner: int) -> None:
    """The garnisher wins the round; after the regular rounds a unique leader wins the game (else a tie
    round); otherwise every card goes back, the pantry is reshuffled and the start player card moves on."""
    s.players[winner].wins += 1
    s.history.append(winner)
    _event(s, "step.round_won", player=s.players[winner].name, round=s.round, wins=s.players[winner].wins)
    for p in s.players:
        s.pantry += list(p.collection.values()) + ([p.action] if p.action else [])
        p.collection, p.action, p.fresh = {}, None, False
    s.pantry = [c for c in s.pantry if c is not None]
    s.reveals, s.revealed = 0, None
    if s.round >= s.rounds and len(_leaders(s)) == 1:
        s.phase = "over"
        _event(s, "step.game_over", winners=winners(s))
        return
    if s.round >= s.rounds:
        _event(s, "step.tie_round", players=[s.players[i].name for i in _leaders(s)])
    s.rng = rng_shuffle(s.rng, s.pantry)
    s.round += 1
    s.start = (s.start + 1) % len(s.players)
    s.turn, s.phase = s.start, "turn-start"
    _event(s, "step.new_round", round=s.round, player=s.current.name)


def _leaders(s: State) -> list[int]:
    best = max(p.wins for p in s.players)
    return [i for i, p in enumerate(s.players) if p.wins == best]


_HANDLERS = {"reveal": _move_reveal, "joker": _move_joker, "take": _move_take, "leave": _move_leave,
             "stop": _move_stop, "play": _move_play}


# --- legal moves ------------------------------------------------------------------------------------------

def legal_moves(state: State) -> list[Move]:
    """Every legal move. Stehlen lists each ingredient it can take (a stolen joker on its old ingredient)."""
    s, rules = state, state.rules
    if s.phase == "over":
        return []
    player = s.current
    name = player.name
    if s.phase == "joker":
        return [Move(name, "joker", {"ingredient": i}) for i in rules.cake if i not in player.collection]
    if s.phase == "action":
        return [Move(name, "take", {}), Move(name, "leave", {})]
    row = rules.reveal_moves(name, len(s.pantry))
    moves = [row[i] for i, card in enumerate(s.pantry) if card is not None and i + 1 != s.revealed]
    if s.phase == "revealing":
        moves.append(Move(name, "stop", {}))
        return moves
    if player.action:
        kind = rules.type(player.action)
        others = [o for o in s.players if o is not player]
        if kind == rules.garnish:
            if _complete(s, s.turn):
                moves.append(Move(name, "play", {}))
        elif kind == "tauschen":
            moves += [Move(name, "play", {"target": o.name}) for o in others]
        else:
            moves += [Move(name, "play", {"target": o.name, "ingredient": ing, "as": place})
                      for o in others for ing, place in _stealable(rules, player, o)]
    return moves


# --- scoring ----------------------------------------------------------------------------------------------

def score(state: State) -> list[dict]:
    """Each player's rounds won (the game's score) and the ingredients collected in the current round."""
    return [{"player": p.name, "rounds_won": p.wins, "collected": len(p.collection),
             "action": state.rules.type(p.action) if p.action else None, "total": p.wins}
            for p in state.players]


def ranking(state: State) -> list[dict]:
    """Players by rounds won; equal wins share a rank."""
    scores = score(state)
    ranked = sorted(scores, key=lambda x: x["total"], reverse=True)
    return [{"player": x["player"], "total": x["total"],
             "rank": 1 + sum(1 for o in scores if o["total"] > x["total"])} for x in ranked]


def is_over(state: State) -> bool:
    return state.phase == "over"


def winners(state: State) -> list[str]:
    """The player(s) with the most round wins (one player once the game is over)."""
    return [r["player"] for r in ranking(state) if r["rank"] == 1]

def length(state: State) -> dict:
    """Game length beyond moves, for `tischlein simulate`: rounds played (tie rounds included)."""
    return {"rounds": len(state.history)}


# --- expect -----------------------------------------------------------------------------------------------

EXPECT_FIELDS = {"turn", "phase", "round", "start_player", "pantry", "pantry_size", "face_down", "revealed",
                 "players", "winners", "history"}
PLAYER_FIELDS = {"collection", "collection_size", "action", "wins", "score"}


def check_expect(state: State, expect: Mapping[str, Any]) -> list[str]:
    """Differences between `state` and a replay's `expect` (empty = as expected). Every field is optional:

    expect:
      turn: Ben                    # whose turn it is
      phase: turn-start            # turn-start | revealing | joker | action | over
      round: 2
      start_player: Ben            # holder of the Küchenmaschinenkarte
      pantry: {1: eier-2, 2: null} # cards at these positions (null = a gap)
      pantry_size: 30              # cards in the pantry (gaps not counted)
      face_down: 30                # face-down cards in the pantry
      revealed: 3                  # position of the face-up card waiting for a decision, or null
      players:
        Anna:
          collection: {eier: eier-1, mehl: joker-2}   # the whole collection
          collection_size: 2
          action: stehlen-1         # the held action card, or null
          wins: 1
          score: 1                  # total (rounds won)
      history: [Anna]              # round winners, in order
      winners: [Anna]
    """
    diffs: list[str] = []
    no_unknown_fields(expect, EXPECT_FIELDS, "expect")
    names = [p.name for p in state.players]

    def same(path: str, want: Any, got: Any) -> None:
        if want != got:
            diffs.append(f"{path}: expected {want!r}, got {got!r}")

    for key, got in (("turn", state.current.name), ("phase", state.phase), ("round", state.round),
                     ("start_player", names[state.start]), ("revealed", state.revealed),
                     ("pantry_size", sum(1 for c in state.pantry if c is not None)),
                     ("face_down", len(state.face_down())), ("history", [names[i] for i in state.history])):
        if key in expect:
            same(key, expect[key], got)
    for pos, want in (expect.get("pantry") or {}).items():
        n = int(pos)
        got = state.pantry[n - 1] if 1 <= n <= len(state.pantry) else "(no such position)"
        same(f"pantry.{n}", want, got)
    scores = {x["player"]: x for x in score(state)}
    for name, want in (expect.get("players") or {}).items():
        i = state.player_index(name)
        if i is None:
            diffs.append(f"players.{name}: no such player ({', '.join(names)})")
            continue
        no_unknown_fields(want, PLAYER_FIELDS, f"expect.players.{name}")
        player, path = state.players[i], f"players.{name}"
        if "collection" in want:
            same(f"{path}.collection", dict(want["collection"] or {}), player.collection)
        if "collection_size" in want:
            same(f"{path}.collection_size", want["collection_size"], len(player.collection))
        if "action" in want:
            same(f"{path}.action", want["action"], player.action)
        if "wins" in want:
            same(f"{path}.wins", want["wins"], player.wins)
        if "score" in want:
            same(f"{path}.score", want["score"], scores[name]["total"])
    if "winners" in expect:
        same("winners", list(expect["winners"]), winners(state))
    return diffs


# --- text -------------------------------------------------------------------------------------------------

def render(state: State) -> str:
    """The state as compact text: round, turn and phase, the pantry (face-down cards as their id in brackets,
    since the state knows them; the face-up card marked), the players' collections, action cards and wins."""
    s = state
    number = f"Round {s.round} of {s.rounds}" if s.round <= s.rounds else f"Round {s.round} (tie round)"
    lines = [f"{number} · start player {s.players[s.start].name} · "
             + (f"turn: {s.current.name} · phase: {s.phase} · reveals this turn: {s.reveals}"
                if s.phase != "over" else "game over")]
    cells = []
    for i, card in enumerate(s.pantry, 1):
        cells.append(f"{i}:" + ("--" if card is None else f"*{card}*" if i == s.revealed else f"[{card}]"))
    size = sum(1 for c in s.pantry if c is not None)
    lines.append(f"Pantry ({size} card{'s' if size != 1 else ''}, [face down], *face up*):")
    for start_i in range(0, len(cells), 8):
        lines.append("  " + " ".join(cells[start_i:start_i + 8]))
    width = max(len(p.name) for p in s.players)
    for i, p in enumerate(s.players):
        mark = ">" if i == s.turn and s.phase != "over" else " "
        coll = " ".join(card if s.rules.kind(card) != "joker" else f"{card}={ing}"
                        for ing, card in p.collection.items()) or "-"
        action = (p.action + (" (new)" if p.fresh else "")) if p.action else "-"
        lines.append(f"{mark} {p.name.ljust(width)}  wins {p.wins} · action {action} · "
                     f"cake {len(p.collection)}/{len(s.rules.cake)}: {coll}")
    if s.phase == "over":
        lines.append("Game over. " + " ".join(f"{r['rank']}. {r['player']} {r['total']}" for r in ranking(s)))
    return "\n".join(lines)
