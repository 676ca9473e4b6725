"""Mahlzeit rules engine: state, moves, legality, scoring, replay start/expect and text rendering.

Reads only the JSON from `Mahlzeit.engine_data()` (never YAML, never `tischlein.content`); pure stdlib.

State (`State.to_dict()`; JSON-able; every physical dark-back card by instance id, e.g. `beer-3`)
    players   [{name, hand: [card], dishes: [{dish, value, drink: card|None, specials: [card], apron: bool}],
               spoons_taken: [card]}]        in turn order; spoons_taken = spoons taken from a row this turn
    rows      [[card]] * 5                  bottom first, the top card LAST
    stack     [card]                        the draw pile, the top card LAST
    columns   {dish: [value]}               dish cards still on the table, the first free (lowest) first
    box       [card]                        used ingredients, used Aprons, special cards of the basic game
    turn      index of the player whose turn it is
    phase     before-draw | after-draw | discard | dirty-pots | over
    pending   None | {holder, layer}        player indexes of a Dirty Pots decision
    final     True once the stack ran out (the final phase: this turn is the last, no Dirty Pots swap)
    variant   True when the special cards are in play
    rng       mulberry32 state (see core.py)
    events    [[key, params]]               what the last move did, as message keys

Moves (`Move(player, name, args)`; rows are numbered 1..5):
    spoon    {card, from_row, count, to_row}  before phase 1; lift `count` cards (the top card and those right
                                              beneath it, 1 <= count < row size) with the spoon onto another row
    draw     {}                               phase 1: the top 2 cards of the stack (1 if only 1 is left)
    take     {row}                            phase 1: the top card of a row; an emptied row is refilled
    lay      {dish, ingredients: [card], drink?: card, specials?: [card]}   phase 2, any number of times
    swap     {}  / decline {}                 by the Dirty Pots holder, right after another player's lay
    discard  {card, row}                      phase 3: one card onto a row while over the hand limit
    end_turn {}                               when the hand is within the limit

Decisions where the rulebook is silent (documented for the rules text):
  * Setup rows: the rulebook asks for 5 *ingredient* cards. A drink, spoon or special card turned up while opening
    the rows is set aside and shuffled back into the stack together with the Dirty Pots card.
  * The first name in `players` starts (the rulebook's start player rule cannot be computed).
  * Drawing with one card left in the stack draws that one card (and starts the final phase).
  * Several Cooking Spoons may be played before phase 1 (the rulebook sets no limit); a spoon may lift any top
    cards, not only ingredients.
  * The Dirty Pots holder decides right after each single lay, before the layer goes on (phase dirty-pots).
  * Phase 3: each `discard` puts one card down; discarding is only allowed while over the limit, and once a card
    is put down phase 2 is over (no more lays). Any card but Dirty Pots may be put down.
  * One of each special type per dish; the Cooking Hat is never laid; Apron goes to the box after the lay.
  * Cooking Hat at scoring cancels the minus of the highest drink in hand.
  * Tie-break "most points from drinks" counts laid drinks as scored (a Dish Towel's doubling included).
  * Dirty Pots swap: the random card is drawn from the layer's hand with the state's PRNG (uniform by position).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .core import (IllegalMove, Ledger, Move, StartError, apply_move, no_unknown_fields,
                   rng_below, rng_seed, rng_shuffle)

GAME_ID = "mahlzeit"
PHASES = ("before-draw", "after-draw", "discard", "dirty-pots", "over")
SPOON, DIRTY_POTS = "cooking-spoon", "dirty-pots"
APRON, HAT = "apron", "cooking-hat"
SPECIAL_RULES = {"cutlery": "mahlzeit.special.cutlery", "apron": "mahlzeit.special.apron",
                 "dish-towel": "mahlzeit.special.towel", "cooking-hat": "mahlzeit.special.hat"}
MOVE_NAMES = ("spoon", "draw", "take", "lay", "swap", "decline", "discard", "end_turn")

# Every rule id the engine may name in an IllegalMove (all exist in rules.yaml).
RULE_IDS = frozenset({
    "mahlzeit.turn", "mahlzeit.turn.draw", "mahlzeit.turn.take", "mahlzeit.turn.lay", "mahlzeit.turn.drink",
    "mahlzeit.turn.discard", "mahlzeit.dishes", "mahlzeit.spoon", "mahlzeit.dirty-pots", "mahlzeit.end",
    "mahlzeit.special", "mahlzeit.special.cutlery", "mahlzeit.special.apron", "mahlzeit.special.towel",
    "mahlzeit.special.hat",
})


def _fail(rule: str, key: str, **params: Any) -> None:
    raise IllegalMove(rule, key, params)


# --- rules data -------------------------------------------------------------------------------------------

class Rules:
    """The facts of the game, indexed for the engine. Built once from engine_data()."""

    def __init__(self, data: Mapping[str, Any]):
        self.data = data
        self.hand_limit: int = data["hand_limit"]
        self.open_rows: int = data["open_rows"]
        self.deal: int = data["deal"]
        self.min_players: int = data["players"]["min"]
        self.max_players: int = data["players"]["max"]
        self.cards: list[str] = [c["id"] for c in data["cards"]]
        self.type_of: dict[str, str] = {c["id"]: c["type"] for c in data["cards"]}
        self.kind_of: dict[str, str] = {c["id"]: c["kind"] for c in data["cards"]}
        self.dishes: dict[str, dict] = {d["id"]: d for d in data["dishes"]}
        self.drinks: dict[str, dict] = dict(data["drinks"])
        self.specials: dict[str, dict] = dict(data["specials"])
        self.actions: dict[str, dict] = dict(data["actions"])

    def kind(self, card: str) -> str:
        return self.kind_of[card]

    def type(self, card: str) -> str:
        return self.type_of[card]

    def is_dirty_pots(self, card: str) -> bool:
        return self.type_of.get(card) == DIRTY_POTS

    def drink_points(self, card: str) -> int:
        return self.drinks[self.type_of[card]]["points"]


# --- state ------------------------------------------------------------------------------------------------

@dataclass
class Player:
    name: str
    hand: list = field(default_factory=list)
    dishes: list = field(default_factory=list)
    spoons_taken: list = field(default_factory=list)

    def copy(self) -> "Player":
        return Player(self.name, list(self.hand), [dict(d, specials=list(d["specials"])) for d in self.dishes],
                      list(self.spoons_taken))

    def to_dict(self) -> dict:
        return {"name": self.name, "hand": list(self.hand),
                "dishes": [dict(d, specials=list(d["specials"])) for d in self.dishes],
                "spoons_taken": list(self.spoons_taken)}


@dataclass
class State:
    rules: Rules = field(repr=False, compare=False)
    players: list
    rows: list
    stack: list
    columns: dict
    box: list
    turn: int = 0
    phase: str = "before-draw"
    pending: dict | None = None
    final: bool = False
    variant: bool = False
    rng: int = 0
    events: list = field(default_factory=list)

    def copy(self, with_events: bool = True) -> "State":
        return State(self.rules, [p.copy() for p in self.players], [list(r) for r in self.rows], list(self.stack),
                     {k: list(v) for k, v in self.columns.items()}, list(self.box), self.turn, self.phase,
                     dict(self.pending) if self.pending else None, self.final, self.variant, self.rng,
                     [[k, dict(p)] for k, p in self.events] if with_events else [])

    def to_dict(self) -> dict:
        return {"game": GAME_ID, "players": [p.to_dict() for p in self.players],
                "rows": [list(r) for r in self.rows], "stack": list(self.stack),
                "columns": {k: list(v) for k, v in self.columns.items()}, "box": list(self.box),
                "turn": self.turn, "phase": self.phase, "pending": dict(self.pending) if self.pending else None,
                "final": self.final, "variant": self.variant, "rng": self.rng,
                "events": [[k, dict(p)] for k, p in self.events]}

    @classmethod
    def from_dict(cls, data_or_rules: Mapping[str, Any] | Rules, d: Mapping[str, Any]) -> "State":
        rules = data_or_rules if isinstance(data_or_rules, Rules) else Rules(data_or_rules)
        players = [Player(p["name"], list(p["hand"]),
                          [dict(x, specials=list(x.get("specials", []))) for x in p.get("dishes", [])],
                          list(p.get("spoons_taken", []))) for p in d["players"]]
        state = cls(rules, players, [list(r) for r in d["rows"]], list(d["stack"]),
                    {k: list(v) for k, v in d["columns"].items()}, list(d["box"]), int(d["turn"]), d["phase"],
                    dict(d["pending"]) if d.get("pending") else None, bool(d.get("final")),
                    bool(d.get("variant")), int(d.get("rng", 0)), [[k, dict(p)] for k, p in d.get("events", [])])
        problems = census(state)
        if problems:
            raise StartError("; ".join(problems))
        return state

    # helpers
    @property
    def current(self) -> Player:
        return self.players[self.turn]

    def player_index(self, name: str) -> int | None:
        for i, p in enumerate(self.players):
            if p.name == name:
                return i
        return None

    def dirty_pots_holder(self) -> int | None:
        for i, p in enumerate(self.players):
            if any(self.rules.is_dirty_pots(c) for c in p.hand):
                return i
        return None

    def actor(self) -> int | None:
        """Whose decision is next: the Dirty Pots holder while a swap is pending, else the current player."""
        if self.phase == "over":
            return None
        return self.pending["holder"] if self.phase == "dirty-pots" else self.turn


def to_dict(state: State) -> dict:
    return state.to_dict()


def from_dict(data: Mapping[str, Any] | Rules, d: Mapping[str, Any]) -> State:
    return State.from_dict(data, d)


def events(state: State) -> list:
    return [(k, p) for k, p in state.events]


def census(state: State) -> list[str]:
    """Check the invariants: every dark-back card exactly once, every dish card on the table or laid once,
    a valid phase. Returns the problems found (empty when all hold)."""
    rules = state.rules
    problems: list[str] = []
    seen: dict[str, int] = {}
    places = [p.hand for p in state.players] + state.rows + [state.stack, state.box]
    for p in state.players:
        for d in p.dishes:
            places.append(([d["drink"]] if d.get("drink") else []) + list(d["specials"]))
    for place in places:
        for card in place:
            seen[card] = seen.get(card, 0) + 1
    for card, n in seen.items():
        if card not in rules.type_of:
            problems.append(f"unknown card {card}")
        elif n > 1:
            problems.append(f"card {card} is in {n} places")
    missing = [c for c in rules.cards if c not in seen]
    if missing:
        problems.append(f"cards missing: {', '.join(missing)}")
    for dish_id, dish in rules.dishes.items():
        laid = [d["value"] for p in state.players for d in p.dishes if d["dish"] == dish_id]
        if sorted(state.columns.get(dish_id, []) + laid) != sorted(dish["values"]):
            problems.append(f"dish cards of {dish_id} do not add up: table {state.columns.get(dish_id)}, "
                            f"laid {laid}, printed {dish['values']}")
        if state.columns.get(dish_id, []) != sorted(state.columns.get(dish_id, [])):
            problems.append(f"dish column {dish_id} is not lowest first")
    if len(state.rows) != rules.open_rows:
        problems.append(f"{len(state.rows)} rows, expected {rules.open_rows}")
    if state.phase not in PHASES:
        problems.append(f"unknown phase {state.phase!r}")
    if not 0 <= state.turn < len(state.players):
        problems.append(f"turn {state.turn} is not a player")
    if (state.phase == "dirty-pots") != (state.pending is not None):
        problems.append("a pending Dirty Pots decision goes with the dirty-pots phase and only with it")
    return problems


# --- setup ------------------------------------------------------------------------------------------------

def new_game(data: Mapping[str, Any] | Rules, players: list[str], seed: int, specials: bool = False) -> State:
    """Set up per the rulebook: special cards out (or in, with `specials`), Dirty Pots aside, shuffle, deal,
    open 5 ingredient rows, shuffle Dirty Pots (and any non-ingredient turned up for the rows) back in."""
    rules = data if isinstance(data, Rules) else Rules(data)
    names = [str(n) for n in players]
    if not rules.min_players <= len(names) <= rules.max_players:
        raise ValueError(f"Mahlzeit takes {rules.min_players} to {rules.max_players} players, got {len(names)}")
    if len(set(names)) != len(names) or not all(names):
        raise ValueError("player names must be distinct and not empty")
    rng = rng_seed(seed)
    dirty = [c for c in rules.cards if rules.is_dirty_pots(c)]
    out = [c for c in rules.cards if rules.kind(c) == "special"] if not specials else []
    deck = [c for c in rules.cards if c not in dirty and c not in out]
    rng = rng_shuffle(rng, deck)
    hands: list[list[str]] = [[] for _ in names]
    for _ in range(rules.deal):
        for hand in hands:
            hand.append(deck.pop())
    rows: list[list[str]] = []
    aside: list[str] = []
    while len(rows) < rules.open_rows:
        card = deck.pop()
        (rows.append([card]) if rules.kind(card) == "ingredient" else aside.append(card))
    deck += aside + dirty
    rng = rng_shuffle(rng, deck)
    columns = {d: list(v["values"]) for d, v in rules.dishes.items()}
    state = State(rules, [Player(n, h) for n, h in zip(names, hands)], rows, deck, columns, list(out),
                  variant=bool(specials), rng=rng)
    return state


def start(data: Mapping[str, Any] | Rules, spec: Mapping[str, Any]) -> State:
    """Build the explicit starting state of a replay from its `start` block.

    start:
      seed: 7                     # PRNG seed (default 0): Dirty Pots swaps and the filler order of the stack
      variant: false              # special cards in play? (default false: unlisted special cards go to the box)
      players:                    # in turn order
        - name: Max
          hand: [rostzwiebeln-1, beer-1]
          dishes:                 # laid dishes (optional); value defaults to the first free card of the column
            - {dish: kaesespaetzle, value: 5, drink: wine-1, specials: [dish-towel-1]}
      rows:                       # exactly 5 rows, each bottom first, its TOP card LAST
        - [kaese-1, pommes-1]
        - [rostzwiebeln-2]
        - ...
      stack: [bratwurst-1, pommes-2]   # the top of the stack, TOP FIRST (the next card drawn first)
      stack_size: 30              # optional: the stack's size; every card not named anywhere fills it below the
                                  # named ones (shuffled with `seed`); the rest goes to the box. Default: all.
      box: [spaetzle-3]           # optional: cards out of play
      turn: Max                   # default: the first player
      phase: before-draw          # default
      final: false                # default: true exactly when the stack is empty
      pending: {holder: Thorsten, layer: Koko}   # only with phase: dirty-pots
    Card ids are the physical instance ids of engine_data()["cards"]: `<type>-<copy>`.
    """
    rules = data if isinstance(data, Rules) else Rules(data)
    known = {"seed", "variant", "players", "rows", "stack", "stack_size", "box", "turn", "phase", "final",
             "pending"}
    no_unknown_fields(spec, known, "start")
    used = Ledger(rules.type_of, "card", " (card ids look like beer-3, kartoffeln-1)")
    take = used.take

    raw_players = spec.get("players")
    if not isinstance(raw_players, list) or not raw_players:
        raise StartError("start.players: expected a list of players with name and hand")
    players: list[Player] = []
    laid_later: list[tuple[Player, dict, int]] = []
    for i, rp in enumerate(raw_players):
        if not isinstance(rp, dict) or not isinstance(rp.get("name"), str):
            raise StartError(f"start.players.{i}: expected a mapping with a name")
        no_unknown_fields(rp, {"name", "hand", "dishes", "spoons_taken"}, f"start.players.{i}")
        where = f"start.players.{rp['name']}"
        player = Player(rp["name"], take(rp.get("hand", []), f"{where}.hand"))
        player.spoons_taken = list(rp.get("spoons_taken", []))
        for card in player.spoons_taken:
            if card not in player.hand:
                raise StartError(f"{where}.spoons_taken: {card} is not in the hand")
        for j, rd in enumerate(rp.get("dishes", []) or []):
            dw = f"{where}.dishes.{j}"
            if not isinstance(rd, dict):
                raise StartError(f"{dw}: expected a mapping with dish, value, drink, specials")
            no_unknown_fields(rd, {"dish", "value", "drink", "specials", "apron"}, dw)
            if rd.get("dish") not in rules.dishes:
                raise StartError(f"{dw}.dish: unknown dish {rd.get('dish')!r}; known: {', '.join(rules.dishes)}")
            drink = rd.get("drink")
            if drink is not None:
                take([drink], f"{dw}.drink")
                if rules.kind(drink) != "drink":
                    raise StartError(f"{dw}.drink: {drink} is not a drink card")
            specials = take(rd.get("specials", []) or [], f"{dw}.specials")
            for card in specials:
                if rules.kind(card) != "special":
                    raise StartError(f"{dw}.specials: {card} is not a special card")
            entry = {"dish": rd["dish"], "value": rd.get("value"), "drink": drink, "specials": specials,
                     "apron": bool(rd.get("apron", False))}
            player.dishes.append(entry)
            laid_later.append((player, entry, j))
        players.append(player)
    names = [p.name for p in players]
    if len(set(names)) != len(names):
        raise StartError("start.players: player names must be distinct")

    rows_raw = spec.get("rows")
    if not isinstance(rows_raw, list) or len(rows_raw) != rules.open_rows:
        raise StartError(f"start.rows: expected a list of {rules.open_rows} rows (each a list, top card last)")
    rows = [take(r, f"start.rows.{i + 1}") for i, r in enumerate(rows_raw)]
    top = take(spec.get("stack", []) or [], "start.stack")
    box = take(spec.get("box", []) or [], "start.box")

    columns = {d: list(v["values"]) for d, v in rules.dishes.items()}
    for player, entry, j in sorted(laid_later, key=lambda t: t[1]["value"] is None):
        column = columns[entry["dish"]]
        if entry["value"] is None:
            if not column:
                raise StartError(f"start.players.{player.name}.dishes.{j}: no {entry['dish']} card left")
            entry["value"] = column.pop(0)
        elif entry["value"] in column:
            column.remove(entry["value"])
        else:
            raise StartError(f"start.players.{player.name}.dishes.{j}.value: no {entry['dish']} card worth "
                             f"{entry['value']} is left (left: {column})")

    variant = bool(spec.get("variant", False))
    seed = spec.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise StartError(f"start.seed: expected an integer, got {seed!r}")
    rng = rng_seed(seed)
    rest = used.unused(rules.cards)
    if not variant:
        box += [c for c in rest if rules.kind(c) == "special"]
        rest = [c for c in rest if rules.kind(c) != "special"]
    rng = rng_shuffle(rng, rest)
    size = spec.get("stack_size")
    if size is None:
        size = len(top) + len(rest)
    if not isinstance(size, int) or not len(top) <= size <= len(top) + len(rest):
        raise StartError(f"start.stack_size: expected an integer from {len(top)} to {len(top) + len(rest)}, "
                         f"got {size!r}")
    filler = rest[:size - len(top)]
    box += rest[size - len(top):]
    stack = filler + list(reversed(top))          # the top card last

    turn_name = spec.get("turn", names[0])
    if turn_name not in names:
        raise StartError(f"start.turn: {turn_name!r} is not a player ({', '.join(names)})")
    phase = spec.get("phase", "before-draw")
    if phase not in PHASES:
        raise StartError(f"start.phase: expected one of {', '.join(PHASES)}, got {phase!r}")
    pending = None
    if phase == "dirty-pots" or spec.get("pending") is not None:
        rp = spec.get("pending")
        if phase != "dirty-pots" or not isinstance(rp, dict) or rp.get("holder") not in names \
                or rp.get("layer") not in names:
            raise StartError("start.pending: {holder: NAME, layer: NAME} goes with phase: dirty-pots")
        pending = {"holder": names.index(rp["holder"]), "layer": names.index(rp["layer"])}
    final = spec.get("final", not stack)
    state = State(rules, players, rows, stack, columns, box, names.index(turn_name), phase, pending, bool(final),
                  variant, rng)
    if pending is not None and state.dirty_pots_holder() != pending["holder"]:
        raise StartError("start.pending.holder: that player does not hold the Dirty Pots card")
    problems = census(state)
    if problems:
        raise StartError("start: " + "; ".join(problems))
    return state


# --- moves ------------------------------------------------------------------------------------------------

def apply(state: State, move: Move | Mapping[str, Any]) -> State:
    """Return the state after `move`; raise IllegalMove (and leave `state` untouched) if the rules forbid it."""
    return apply_move(move, lambda: state.copy(with_events=False), _dispatch)


def _dispatch(s: State, move: Move) -> None:
    handler = _HANDLERS.get(move.name)
    if handler is None:
        _fail("mahlzeit.turn", "move.unknown", move=move.name, moves=list(MOVE_NAMES))
    if s.phase == "over":
        _fail("mahlzeit.end", "game.over")
    p = s.player_index(move.player)
    if p is None:
        _fail("mahlzeit.turn", "turn.unknown_player", player=move.player,
              players=[x.name for x in s.players])
    if not isinstance(move.args, dict):
        _fail("mahlzeit.turn", "move.bad_args", move=move.name)
    if s.phase == "dirty-pots":
        holder, layer = s.players[s.pending["holder"]].name, s.players[s.pending["layer"]].name
        if move.name not in ("swap", "decline"):
            _fail("mahlzeit.dirty-pots", "dirty_pots.pending", holder=holder, layer=layer)
        if p != s.pending["holder"]:
            _fail("mahlzeit.dirty-pots", "turn.not_your_turn", player=move.player, current=holder)
    else:
        if move.name in ("swap", "decline"):
            _fail("mahlzeit.dirty-pots", "dirty_pots.no_decision")
        if p != s.turn:
            _fail("mahlzeit.turn", "turn.not_your_turn", player=move.player, current=s.current.name)
    handler(s, p, move.args)


def _event(s: State, key: str, **params: Any) -> None:
    s.events.append([key, params])


def _arg(args: dict, name: str, rule: str, move: str, optional: bool = False) -> Any:
    if name not in args or args[name] is None:
        if optional:
            return None
        _fail(rule, "move.missing_arg", move=move, arg=name)
    return args[name]


def _card_arg(s: State, args: dict, name: str, rule: str, move: str, optional: bool = False) -> str | None:
    card = _arg(args, name, rule, move, optional)
    if card is None:
        return None
    if not isinstance(card, str) or card not in s.rules.type_of:
        _fail(rule, "card.unknown", card=str(card))
    return card


def _cards_arg(s: State, args: dict, name: str, rule: str, move: str, optional: bool = False) -> list[str]:
    cards = _arg(args, name, rule, move, optional)
    if cards is None:
        return []
    if not isinstance(cards, list):
        _fail(rule, "move.bad_list", move=move, arg=name)
    for card in cards:
        if not isinstance(card, str) or card not in s.rules.type_of:
            _fail(rule, "card.unknown", card=str(card))
    return list(cards)


def _row_arg(s: State, args: dict, name: str, rule: str, move: str) -> int:
    row = _arg(args, name, rule, move)
    if not isinstance(row, int) or isinstance(row, bool) or not 1 <= row <= s.rules.open_rows:
        _fail(rule, "row.no_such_row", row=str(row), rows=s.rules.open_rows)
    return row


def _in_hand(s: State, p: int, card: str, rule: str) -> None:
    if card not in s.players[p].hand:
        _fail(rule, "card.not_in_hand", card=card, player=s.players[p].name)


def _move_spoon(s: State, p: int, args: dict) -> None:
    rule, player = "mahlzeit.spoon", s.players[p]
    card = _card_arg(s, args, "card", rule, "spoon")
    if s.rules.type(card) != SPOON:
        _fail(rule, "spoon.not_spoon", card=card)
    _in_hand(s, p, card, rule)
    if card in player.spoons_taken:
        _fail(rule, "spoon.taken_this_turn", card=card, player=player.name)
    if s.phase != "before-draw":
        _fail(rule, "spoon.after_phase1")
    src = _row_arg(s, args, "from_row", rule, "spoon")
    dst = _row_arg(s, args, "to_row", rule, "spoon")
    if src == dst:
        _fail(rule, "spoon.same_row", row=src)
    row = s.rows[src - 1]
    if len(row) < 2:
        _fail(rule, "spoon.row_too_small", row=src, size=len(row))
    count = _arg(args, "count", rule, "spoon")
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= len(row) - 1:
        _fail(rule, "spoon.count", row=src, size=len(row), max=len(row) - 1, count=str(count))
    bundle = row[-count:]
    del row[-count:]
    player.hand.remove(card)
    s.rows[dst - 1] += bundle + [card]
    _event(s, "step.spoon", player=player.name, card=card, count=count, from_row=src, to_row=dst,
           cards=bundle, exposed=row[-1])


def _move_draw(s: State, p: int, args: dict) -> None:
    rule, player = "mahlzeit.turn.draw", s.players[p]
    if s.phase != "before-draw":
        _fail(rule, "phase.draw_done", player=player.name)
    if not s.stack:
        _fail(rule, "draw.stack_empty")
    cards = [s.stack.pop() for _ in range(min(2, len(s.stack)))]
    player.hand += cards
    _event(s, "step.draw", player=player.name, cards=cards)
    _after_stack_use(s)
    s.phase = "after-draw"


def _move_take(s: State, p: int, args: dict) -> None:
    rule, player = "mahlzeit.turn.take", s.players[p]
    if s.phase != "before-draw":
        _fail(rule, "phase.draw_done", player=player.name)
    r = _row_arg(s, args, "row", rule, "take")
    row = s.rows[r - 1]
    if not row:
        _fail(rule, "row.empty", row=r)
    card = row.pop()
    player.hand.append(card)
    if s.rules.type(card) == SPOON:
        player.spoons_taken.append(card)
    _event(s, "step.take", player=player.name, card=card, row=r)
    if not row and s.stack:
        refill = s.stack.pop()
        row.append(refill)
        _event(s, "step.refill", row=r, card=refill)
        _after_stack_use(s)
    s.phase = "after-draw"


def _after_stack_use(s: State) -> None:
    if not s.stack and not s.final:
        s.final = True
        _event(s, "step.final", player=s.current.name)


def _move_lay(s: State, p: int, args: dict) -> None:
    rule, player, rules = "mahlzeit.turn.lay", s.players[p], s.rules
    if s.phase == "before-draw":
        _fail(rule, "lay.before_draw")
    if s.phase == "discard":
        _fail(rule, "lay.after_discard")
    dish_id = _arg(args, "dish", rule, "lay")
    if not isinstance(dish_id, str) or dish_id not in rules.dishes:
        _fail("mahlzeit.dishes", "lay.unknown_dish", dish=str(dish_id), dishes=list(rules.dishes))
    dish = rules.dishes[dish_id]
    ingredients = _cards_arg(s, args, "ingredients", rule, "lay")
    drink = _card_arg(s, args, "drink", "mahlzeit.turn.drink", "lay", optional=True)
    specials = _cards_arg(s, args, "specials", "mahlzeit.special", "lay", optional=True)
    named = ingredients + ([drink] if drink else []) + specials
    for i, card in enumerate(named):
        if card in named[:i]:
            _fail(rule, "lay.duplicate_card", card=card)
    for card in named:
        _in_hand(s, p, card, rule)
    types = []
    for card in ingredients:
        if rules.type(card) == SPOON:
            _fail("mahlzeit.spoon", "lay.spoon_not_joker", card=card)
        if rules.kind(card) != "ingredient":
            _fail(rule, "lay.not_ingredient", card=card)
        if rules.type(card) not in dish["ingredients"]:
            _fail(rule, "lay.wrong_ingredient", card=card, type=rules.type(card), dish=dish_id,
                  needs=list(dish["ingredients"]))
        types.append(rules.type(card))
    for need in dish["ingredients"]:
        n = types.count(need)
        if n == 0:
            _fail(rule, "lay.missing_ingredient", dish=dish_id, ingredient=need)
        if n > 1:
            _fail(rule, "lay.extra_ingredient", dish=dish_id, ingredient=need, count=n)
    if not s.columns[dish_id]:
        _fail(rule, "lay.sold_out", dish=dish_id)
    if drink is not None:
        if rules.kind(drink) != "drink":
            _fail("mahlzeit.turn.drink", "lay.not_drink", card=drink)
        if rules.type(drink) not in dish["drinks"]:
            _fail("mahlzeit.turn.drink", "lay.wrong_drink", dish=dish_id, drink=drink,
                  drinks=list(dish["drinks"]))
    special_types: list[str] = []
    for card in specials:
        kind, typ = rules.kind(card), rules.type(card)
        if kind != "special":
            _fail("mahlzeit.special", "lay.not_special", card=card)
        srule = SPECIAL_RULES.get(typ, "mahlzeit.special")
        if typ == HAT:
            _fail(srule, "hat.not_laid", card=card)
        if typ in special_types:
            _fail("mahlzeit.special", "lay.special_twice", special=typ)
        special_types.append(typ)
        spec = rules.specials[typ]
        if spec.get("dishes") and dish_id not in spec["dishes"]:
            _fail(srule, "special.wrong_dish", special=typ, dish=dish_id, dishes=list(spec["dishes"]))
        if spec.get("needs_drink") and drink is None:
            _fail(srule, "special.needs_drink", special=typ, dish=dish_id)
        if spec.get("doubles") and (drink is None or rules.type(drink) not in spec["doubles"]):
            _fail(srule, "special.wrong_drink", special=typ, drinks=list(spec["doubles"]))

    # legal: carry it out
    for card in named:
        player.hand.remove(card)
    s.box += ingredients
    apron = [c for c in specials if rules.type(c) == APRON]
    kept = [c for c in specials if rules.type(c) != APRON]
    s.box += apron
    value = s.columns[dish_id].pop(0)
    player.dishes.append({"dish": dish_id, "value": value, "drink": drink, "specials": kept, "apron": bool(apron)})
    _event(s, "step.lay", player=player.name, dish=dish_id, value=value, ingredients=ingredients)
    if drink or kept:
        _event(s, "step.lay_with", cards=([drink] if drink else []) + kept)
    if apron:
        _event(s, "step.apron", player=player.name, card=apron[0])
    holder = s.dirty_pots_holder()
    if holder is None or holder == p or apron:
        return
    if s.final:
        _event(s, "step.no_swap_final", holder=s.players[holder].name)
        return
    s.pending = {"holder": holder, "layer": p}
    s.phase = "dirty-pots"
    _event(s, "step.dirty_pots_pending", holder=s.players[holder].name, layer=player.name)


def _move_swap(s: State, p: int, args: dict) -> None:
    holder, layer = s.players[s.pending["holder"]], s.players[s.pending["layer"]]
    dirty = next(c for c in holder.hand if s.rules.is_dirty_pots(c))
    holder.hand.remove(dirty)
    if layer.hand:
        s.rng, i = rng_below(s.rng, len(layer.hand))
        card = layer.hand.pop(i)
        holder.hand.append(card)
        layer.hand.append(dirty)
        _event(s, "step.swap", holder=holder.name, layer=layer.name, card=card)
    else:
        layer.hand.append(dirty)
        _event(s, "step.swap_empty", holder=holder.name, layer=layer.name)
    s.pending = None
    s.phase = "after-draw"


def _move_decline(s: State, p: int, args: dict) -> None:
    _event(s, "step.decline", holder=s.players[s.pending["holder"]].name,
           layer=s.players[s.pending["layer"]].name)
    s.pending = None
    s.phase = "after-draw"


def _move_discard(s: State, p: int, args: dict) -> None:
    rule, player = "mahlzeit.turn.discard", s.players[p]
    if s.phase == "before-draw":
        _fail(rule, "discard.before_draw")
    card = _card_arg(s, args, "card", rule, "discard")
    _in_hand(s, p, card, rule)
    if s.rules.is_dirty_pots(card):
        _fail(rule, "discard.dirty_pots", card=card)
    r = _row_arg(s, args, "row", rule, "discard")
    if len(player.hand) <= s.rules.hand_limit:
        _fail(rule, "discard.not_needed", player=player.name, count=len(player.hand), limit=s.rules.hand_limit)
    player.hand.remove(card)
    s.rows[r - 1].append(card)
    s.phase = "discard"
    _event(s, "step.discard", player=player.name, card=card, row=r)


def _move_end_turn(s: State, p: int, args: dict) -> None:
    player, limit = s.players[p], s.rules.hand_limit
    if s.phase == "before-draw":
        _fail("mahlzeit.turn.draw", "end_turn.before_draw", player=player.name)
    if len(player.hand) > limit:
        _fail("mahlzeit.turn.discard", "end_turn.over_limit", player=player.name, count=len(player.hand),
              limit=limit, excess=len(player.hand) - limit)
    player.spoons_taken = []
    if s.final:
        s.phase = "over"
        _event(s, "step.game_over", player=player.name, winners=winners(s))
        return
    s.turn = (s.turn + 1) % len(s.players)
    s.phase = "before-draw"
    _event(s, "step.end_turn", player=player.name, next=s.current.name)


_HANDLERS = {"spoon": _move_spoon, "draw": _move_draw, "take": _move_take, "lay": _move_lay, "swap": _move_swap,
             "decline": _move_decline, "discard": _move_discard, "end_turn": _move_end_turn}


# --- legal moves ------------------------------------------------------------------------------------------

def legal_moves(state: State) -> list[Move]:
    """Every legal move, except that `lay` lists one canonical choice of ingredient instances per
    dish / drink type / special-card set (the first matching card in hand order), not every permutation."""
    s, rules = state, state.rules
    if s.phase == "over":
        return []
    if s.phase == "dirty-pots":
        holder = s.players[s.pending["holder"]].name
        return [Move(holder, "swap", {}), Move(holder, "decline", {})]
    player = s.current
    name = player.name
    moves: list[Move] = []
    if s.phase == "before-draw":
        spoons = [c for c in player.hand if rules.type(c) == SPOON and c not in player.spoons_taken]
        for card in spoons:
            for src, row in enumerate(s.rows, 1):
                for count in range(1, len(row)):
                    for dst in range(1, rules.open_rows + 1):
                        if dst != src:
                            moves.append(Move(name, "spoon", {"card": card, "from_row": src, "count": count,
                                                              "to_row": dst}))
        if s.stack:
            moves.append(Move(name, "draw", {}))
        moves += [Move(name, "take", {"row": r}) for r, row in enumerate(s.rows, 1) if row]
        return moves
    if s.phase == "after-draw":
        moves += _lay_moves(s, player)
    if len(player.hand) > rules.hand_limit:
        for card in player.hand:
            if not rules.is_dirty_pots(card):
                moves += [Move(name, "discard", {"card": card, "row": r}) for r in range(1, rules.open_rows + 1)]
    else:
        moves.append(Move(name, "end_turn", {}))
    return moves


def _lay_moves(s: State, player: Player) -> list[Move]:
    rules = s.rules
    first: dict[str, str] = {}
    for card in player.hand:
        first.setdefault(rules.type(card), card)
    specials = [first[t] for t in rules.specials if t in first and t != HAT]
    subsets: list[list[str]] = [[]]
    for card in specials:
        subsets += [sub + [card] for sub in subsets]
    moves = []
    for dish_id, dish in rules.dishes.items():
        if not s.columns[dish_id] or not all(t in first for t in dish["ingredients"]):
            continue
        ingredients = [first[t] for t in dish["ingredients"]]
        for drink in [None] + [first[t] for t in dish["drinks"] if t in first]:
            for sub in subsets:
                if all(_special_fits(rules, c, dish_id, drink) for c in sub):
                    args: dict[str, Any] = {"dish": dish_id, "ingredients": ingredients}
                    if drink:
                        args["drink"] = drink
                    if sub:
                        args["specials"] = sub
                    moves.append(Move(player.name, "lay", args))
    return moves


def _special_fits(rules: Rules, card: str, dish: str, drink: str | None) -> bool:
    spec = rules.specials[rules.type(card)]
    if spec.get("dishes") and dish not in spec["dishes"]:
        return False
    if spec.get("needs_drink") and drink is None:
        return False
    if spec.get("doubles") and (drink is None or rules.type(drink) not in spec["doubles"]):
        return False
    return True


# --- scoring ----------------------------------------------------------------------------------------------

def score(state: State) -> list[dict]:
    """Each player's breakdown: laid = dishes + drinks (doubled by a Dish Towel) + specials (Cutlery 4);
    hand = drinks in hand (minus; a Cooking Hat cancels the highest) + Dirty Pots (−10); total = laid + hand."""
    rules = state.rules
    out = []
    for player in state.players:
        dishes = sum(d["value"] for d in player.dishes)
        drinks = specials = 0
        for d in player.dishes:
            factor = 1
            for card in d["specials"]:
                spec = rules.specials[rules.type(card)]
                specials += spec.get("points", 0)
                if d["drink"] and rules.type(d["drink"]) in spec.get("doubles", []):
                    factor *= 2
            if d["drink"]:
                drinks += rules.drink_points(d["drink"]) * factor
        in_hand = sorted((rules.drink_points(c) for c in player.hand if rules.kind(c) == "drink"), reverse=True)
        hat = in_hand[0] if in_hand and any(rules.type(c) == HAT for c in player.hand) else 0
        dirty = sum(rules.actions[DIRTY_POTS]["points"] for c in player.hand if rules.is_dirty_pots(c))
        laid = dishes + drinks + specials
        hand = -sum(in_hand) + hat + dirty
        out.append({"player": player.name, "dishes": dishes, "drinks": drinks, "specials": specials, "laid": laid,
                    "hand_drinks": -sum(in_hand), "hat": hat, "dirty_pots": dirty, "hand": hand,
                    "total": laid + hand})
    return out


def ranking(state: State) -> list[dict]:
    """Players best first with their rank: by total, then by points from laid drinks; equal on both = shared."""
    scores = score(state)
    key = {s["player"]: (s["total"], s["drinks"]) for s in scores}
    ranked = sorted(scores, key=lambda s: key[s["player"]], reverse=True)
    return [{"player": s["player"], "total": s["total"], "drinks": s["drinks"],
             "rank": 1 + sum(1 for o in scores if key[o["player"]] > key[s["player"]])} for s in ranked]


def is_over(state: State) -> bool:
    return state.phase == "over"


def winners(state: State) -> list[str]:
    return [r["player"] for r in ranking(state) if r["rank"] == 1]


# --- expect -----------------------------------------------------------------------------------------------

EXPECT_FIELDS = {"turn", "phase", "final", "pending", "stack_size", "stack", "rows", "columns", "box_has",
                 "players", "winners"}
PLAYER_FIELDS = {"hand", "hand_has", "hand_lacks", "hand_size", "dishes", "score", "scoring"}


def check_expect(state: State, expect: Mapping[str, Any]) -> list[str]:
    """Differences between `state` and a replay's `expect` (empty = as expected). Every field is optional:

    expect:
      turn: Koko                    # whose turn it is
      phase: before-draw            # before-draw | after-draw | discard | dirty-pots | over
      final: false
      pending: {holder: Thorsten, layer: Koko}    # or null
      stack_size: 40
      stack: [beer-3]               # the top of the stack, TOP FIRST (only as many as listed)
      rows: {1: [beer-3]}           # whole rows by number, bottom first / top last (or a list of all 5 rows)
      columns: {currywurst: [2, 3, 3, 4]}        # dish cards left in these columns
      box_has: [bratwurst-1]
      players:
        Max:
          hand: [rostzwiebeln-1, ...]   # the whole hand, in any order
          hand_has: [rostzwiebeln-1]    # these cards are in the hand
          hand_lacks: [dirty-pots-1]    # these are not
          hand_size: 6
          dishes: [{dish: currywurst, value: 2, drink: beer-1}]   # all laid dishes in order; fields given
          score: 21                                             # total
          scoring: {laid: 34, hand: -13}                         # any fields of the score breakdown
      winners: [Max]
    """
    diffs: list[str] = []
    no_unknown_fields(expect, EXPECT_FIELDS, "expect")
    names = [p.name for p in state.players]

    def same(path: str, want: Any, got: Any) -> None:
        if want != got:
            diffs.append(f"{path}: expected {want!r}, got {got!r}")

    def name_of(index: int | None) -> str | None:
        return None if index is None else names[index]

    if "turn" in expect:
        same("turn", expect["turn"], state.current.name)
    if "phase" in expect:
        same("phase", expect["phase"], state.phase)
    if "final" in expect:
        same("final", expect["final"], state.final)
    if "pending" in expect:
        got = None if state.pending is None else {"holder": name_of(state.pending["holder"]),
                                                  "layer": name_of(state.pending["layer"])}
        same("pending", expect["pending"], got)
    if "stack_size" in expect:
        same("stack_size", expect["stack_size"], len(state.stack))
    if "stack" in expect:
        want = list(expect["stack"])
        same("stack", want, list(reversed(state.stack))[:len(want)])
    if "rows" in expect:
        rows = expect["rows"]
        items = rows.items() if isinstance(rows, dict) else enumerate(rows, 1)
        for number, want in items:
            n = int(number)
            if not 1 <= n <= len(state.rows):
                diffs.append(f"rows.{number}: there is no such row")
                continue
            same(f"rows.{n}", list(want), state.rows[n - 1])
    for dish, want in (expect.get("columns") or {}).items():
        same(f"columns.{dish}", list(want), state.columns.get(dish))
    for card in expect.get("box_has", []) or []:
        if card not in state.box:
            diffs.append(f"box_has: {card} is not in the box")
    scores = {s["player"]: s for s in score(state)}
    for name, want in (expect.get("players") or {}).items():
        i = state.player_index(name)
        if i is None:
            diffs.append(f"players.{name}: no such player ({', '.join(names)})")
            continue
        no_unknown_fields(want, PLAYER_FIELDS, f"expect.players.{name}")
        player, path = state.players[i], f"players.{name}"
        if "hand" in want:
            same(f"{path}.hand", sorted(want["hand"]), sorted(player.hand))
        for card in want.get("hand_has", []) or []:
            if card not in player.hand:
                diffs.append(f"{path}.hand_has: {card} is not in the hand {player.hand}")
        for card in want.get("hand_lacks", []) or []:
            if card in player.hand:
                diffs.append(f"{path}.hand_lacks: {card} is in the hand")
        if "hand_size" in want:
            same(f"{path}.hand_size", want["hand_size"], len(player.hand))
        if "dishes" in want:
            wanted = list(want["dishes"])
            if len(wanted) != len(player.dishes):
                diffs.append(f"{path}.dishes: expected {len(wanted)} laid dishes, got {len(player.dishes)}: "
                             f"{[d['dish'] for d in player.dishes]}")
            for j, (w, d) in enumerate(zip(wanted, player.dishes)):
                for key, value in w.items():
                    same(f"{path}.dishes.{j}.{key}", value, d.get(key))
        if "score" in want:
            same(f"{path}.score", want["score"], scores[name]["total"])
        for key, value in (want.get("scoring") or {}).items():
            if key not in scores[name]:
                diffs.append(f"{path}.scoring.{key}: no such part of the score; known: "
                             f"{', '.join(k for k in scores[name] if k != 'player')}")
            else:
                same(f"{path}.scoring.{key}", value, scores[name][key])
    if "winners" in expect:
        same("winners", list(expect["winners"]), winners(state))
    return diffs


# --- text -------------------------------------------------------------------------------------------------

def render(state: State) -> str:
    """The state as compact text: turn and phase, stack, rows, dish columns, players with hand, laid dishes and
    score. Used by golden files and `tischlein replay`."""
    s = state
    top = list(reversed(s.stack))
    shown = " ".join(top[:3]) + (" …" if len(top) > 3 else "")
    lines = [f"Turn: {s.current.name} · phase: {s.phase}" + (" · FINAL PHASE" if s.final else "")
             + (" · special cards" if s.variant else ""),
             f"Stack: {len(s.stack)} card{'s' if len(s.stack) != 1 else ''}" + (f" (next: {shown})" if top else ""),
             "Rows (top card last):"]
    for i, row in enumerate(s.rows, 1):
        lines.append(f"  {i}: {' '.join(row) if row else '(empty)'}")
    lines.append("Dish cards left: " + " | ".join(
        f"{d} {' '.join(map(str, v)) if v else '-'}" for d, v in s.columns.items()))
    lines.append(f"Box: {len(s.box)} card{'s' if len(s.box) != 1 else ''}")
    scores = {x["player"]: x for x in score(s)}
    width = max(len(p.name) for p in s.players)
    for i, p in enumerate(s.players):
        mark = ">" if i == s.turn and s.phase != "over" else " "
        lines.append(f"{mark} {p.name.ljust(width)}  hand ({len(p.hand)}): {' '.join(p.hand) or '-'}")
        for d in p.dishes:
            extra = ([f"+ {d['drink']}"] if d["drink"] else []) + [f"+ {c}" for c in d["specials"]]
            if d.get("apron"):
                extra.append("(apron)")
            lines.append(f"  {' ' * width}  laid: {d['dish']} {d['value']} {' '.join(extra)}".rstrip())
        sc = scores[p.name]
        lines.append(f"  {' ' * width}  score: {sc['total']} (laid {sc['laid']}, hand {sc['hand']})")
    if s.pending:
        lines.append(f"Waiting: {s.players[s.pending['holder']].name} may swap Dirty Pots with "
                     f"{s.players[s.pending['layer']].name}")
    if s.phase == "over":
        lines.append("Game over. " + " ".join(f"{r['rank']}. {r['player']} {r['total']}" for r in ranking(s)))
    return "\n".join(lines)
