"""Diced Veggies rules engine: the dice block, cuts, cooking, hype cards, hand limits, the end and scoring.

Reads only the JSON from `DicedVeggies.engine_data()` (never YAML, never `tischlein.content`); pure stdlib.

State (`State.to_dict()`; JSON-able; every die and card by instance id, e.g. `die-onion-3`, `salsa-1`)
    players   [{name, dice: [die], recipes: [card], hype: [card], cooked: [{recipe, hype|None}], chef: bool}]
    faces     {die: number}               the number every die shows (all 35, wherever they are)
    block     [[die|None]] rows x columns the block in the frame; None = no die there
    used      [die]                       cooked and discarded dice, beside the block until the next restock
    recipe_deck / hype_deck  [card]       top card LAST
    display   [card]                      the face-up recipes
    recipe_discard / hype_discard [card]  face-up discard piles
    improvised {die: veggie}              vegetable changes made with a chef token, for this turn's cooking
    turn      index of the player whose turn it is
    phase     cut | cook | limits | final-cook | over
    stage     normal | extra (the others' one more turn) | final (the last cooking turns)
    trigger   None | index of the player who cooked their 6th recipe first
    restocked / cooked_now   this turn: restocked already? cooked already (no chef token after cooking)?
    rng, events

Moves (`Move(player, name, args)`):
    restock   {}                          phase cut, before cutting: when a vegetable is missing or the block is empty
    cut       {dice: [die]}               phase cut: a connected group from the outside, sum <= 10, rest one piece
    take_all  {}                          phase cut: the whole block when it adds up to 10 or less
    improvise {die, veggie} | {die, face} phase cook / final-cook, before the first cook of the turn
    cook      {recipe, dice: [die], hype?: card}    phase cook / final-cook, any number of times
    draw      {source: hype|recipes|display, card?}   phase cook: exactly one card
    discard   {item: die|card}            phase limits, only while over a limit
    end_turn  {}                          phase limits (within the limits) or final-cook

Decisions where the seed is silent (marked reconstructed in the rules text or decided here):
  * A cut takes one edge-connected group that touches the outside of the block (grid edge or an empty cell);
    when the whole block adds up to 10 or less it must be taken whole (`take_all`), no smaller cut.
  * Restock: at most once per turn, before the cut; every die not in a hand is rolled and laid row by row from
    the top-left corner in the state's PRNG order; every chef token comes back. An empty block forces it.
  * The chef token is used before the first cook of a turn; a changed vegetable lasts for this turn's cooking,
    a changed number stays.
  * Double Portion: the recipe is cooked with twice its dice; every other hype condition is checked on the dice
    of that one recipe.
  * Discards are only allowed in a category that is over its limit; dice go to the used dice, cards to their
    discard pile. A recipe or hype deck that runs out is refilled from its shuffled discard pile.
  * The end: after the trigger's turn every other player has one normal turn in turn order; then the last cooking
    turns run from the player after the trigger round to the trigger. Solo: one last cooking turn.
  * legal_moves lists every cut; `cook` lists one die per (vegetable, number) choice (dice that look the same
    are interchangeable), `improvise` every change, `discard` every item of a category over its limit.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, Mapping

from .core import IllegalMove, Move, StartError, apply_move, no_unknown_fields, rng_below, rng_seed, rng_shuffle

GAME_ID = "diced-veggies"
PHASES = ("cut", "cook", "limits", "final-cook", "over")
STAGES = ("normal", "extra", "final")
MOVE_NAMES = ("restock", "cut", "take_all", "improvise", "cook", "draw", "discard", "end_turn")
R = "diced-veggies."
RULE_IDS = frozenset(R + x for x in ("turn", "turn.restock", "turn.cut", "turn.cook", "turn.improvise", "turn.draw",
                                     "turn.limits", "hype", "end", "recipes"))


def _fail(rule: str, key: str, **params: Any) -> None:
    raise IllegalMove(R + rule, key, params)


# --- rules data -------------------------------------------------------------------------------------------

class Rules:
    """The facts of the game, indexed for the engine. Built once from engine_data()."""

    def __init__(self, data: Mapping[str, Any]):
        self.data = data
        self.min_players, self.max_players = data["players"]["min"], data["players"]["max"]
        self.limits: dict[str, int] = dict(data["hand_limits"])
        self.cut_max: int = data["cut"]["max_sum"]
        self.take_all_max: int = data["cut"]["take_all_at_or_below"]
        self.recipes_to_end: int = data["recipes_to_end"]
        self.start_recipes, self.start_hype = data["start"]["recipes"], data["start"]["hype"]
        self.display_size: int = data["start"]["recipe_display"]
        self.rows, self.columns = data["block"]["rows"], data["block"]["columns"]
        self.faces: list[int] = list(data["dice"]["faces"])
        self.veggies: list[str] = list(data["dice"]["veggies"])
        self.dice: list[str] = list(data["dice"]["ids"])
        self.veggie_of = {d: next(v for v in self.veggies if d.startswith(f"die-{v}-")) for d in self.dice}
        self.recipes: dict[str, dict] = data["recipes"]
        self.hype: dict[str, dict] = data["hype"]
        self.cards: list[str] = [c["id"] for c in data["cards"]]
        self.type_of = {c["id"]: c["type"] for c in data["cards"]}
        self.kind_of = {c["id"]: c["kind"] for c in data["cards"]}
        self.solo: list[dict] = list(data["solo"])
        self.letter = _letters(self.veggies)
        n, cols = self.rows * self.columns, self.columns
        self.full = (1 << n) - 1
        col0 = sum(1 << (r * cols) for r in range(self.rows))
        self.not_col0, self.not_last = self.full & ~col0, self.full & ~(col0 << (cols - 1))
        self.nbrs = [self._neighbours(i) for i in range(n)]
        self.edge = sum(1 << i for i in range(n) if i < cols or i >= n - cols or i % cols in (0, cols - 1))

    def _neighbours(self, i: int) -> int:
        r, c = divmod(i, self.columns)
        out = 0
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < self.rows and 0 <= cc < self.columns:
                out |= 1 << (rr * self.columns + cc)
        return out

    def expand(self, m: int) -> int:
        """`m` plus every cell that shares an edge with it (never a corner)."""
        c = self.columns
        return (m | ((m << 1) & self.not_col0) | ((m >> 1) & self.not_last) | (m << c) | (m >> c)) & self.full

    def connected(self, m: int, must: int | None = None) -> bool:
        """Is `m` one edge-connected piece? With `must` (cells of `m`), only whether those cells are joined
        within `m`: enough after a cut from a connected block, since every path that ran through the cut dice
        can go round between the dice next to the cut. The flood fill stops as soon as it holds `must`.
        (`expand` is inlined: this runs for every candidate cut.)"""
        if not m:
            return True
        must = m if must is None else must
        fill = (must & -must) if must else (m & -m)
        c, left, right = self.columns, self.not_col0, self.not_last
        while fill & must != must:
            grown = (fill | ((fill << 1) & left) | ((fill >> 1) & right) | (fill << c) | (fill >> c)) & m
            if grown == fill:
                return False
            fill = grown
        return True


def _letters(veggies: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for v in veggies:
        letter = next((ch.upper() for ch in v if ch.isalpha() and ch.upper() not in out.values()), v[:1].upper())
        out[v] = letter
    return out


# --- state ------------------------------------------------------------------------------------------------

@dataclass
class Player:
    name: str
    dice: list = field(default_factory=list)
    recipes: list = field(default_factory=list)
    hype: list = field(default_factory=list)
    cooked: list = field(default_factory=list)
    chef: bool = True

    def copy(self) -> "Player":
        return Player(self.name, list(self.dice), list(self.recipes), list(self.hype),
                      [dict(c) for c in self.cooked], self.chef)

    def to_dict(self) -> dict:
        return {"name": self.name, "dice": list(self.dice), "recipes": list(self.recipes), "hype": list(self.hype),
                "cooked": [dict(c) for c in self.cooked], "chef": self.chef}


@dataclass
class State:
    rules: Rules = field(repr=False, compare=False)
    players: list
    faces: dict
    block: list
    used: list
    recipe_deck: list
    display: list
    recipe_discard: list
    hype_deck: list
    hype_discard: list
    improvised: dict = field(default_factory=dict)
    turn: int = 0
    phase: str = "cut"
    stage: str = "normal"
    trigger: int | None = None
    restocked: bool = False
    cooked_now: bool = False
    rng: int = 0
    events: list = field(default_factory=list)

    def copy(self, with_events: bool = True) -> "State":
        return State(self.rules, [p.copy() for p in self.players], dict(self.faces), [list(r) for r in self.block],
                     list(self.used), list(self.recipe_deck), list(self.display), list(self.recipe_discard),
                     list(self.hype_deck), list(self.hype_discard), dict(self.improvised), self.turn, self.phase,
                     self.stage, self.trigger, self.restocked, self.cooked_now, self.rng,
                     [[k, dict(p)] for k, p in self.events] if with_events else [])

    def to_dict(self) -> dict:
        return {"game": GAME_ID, "players": [p.to_dict() for p in self.players], "faces": dict(self.faces),
                "block": [list(r) for r in self.block], "used": list(self.used),
                "recipe_deck": list(self.recipe_deck), "display": list(self.display),
                "recipe_discard": list(self.recipe_discard), "hype_deck": list(self.hype_deck),
                "hype_discard": list(self.hype_discard), "improvised": dict(self.improvised), "turn": self.turn,
                "phase": self.phase, "stage": self.stage, "trigger": self.trigger, "restocked": self.restocked,
                "cooked_now": self.cooked_now, "rng": self.rng, "events": [[k, dict(p)] for k, p in self.events]}

    @classmethod
    def from_dict(cls, data_or_rules: Mapping[str, Any] | Rules, d: Mapping[str, Any]) -> "State":
        rules = data_or_rules if isinstance(data_or_rules, Rules) else Rules(data_or_rules)
        players = [Player(p["name"], list(p["dice"]), list(p["recipes"]), list(p["hype"]),
                          [dict(c) for c in p.get("cooked", [])], bool(p.get("chef", True))) for p in d["players"]]
        state = cls(rules, players, {k: int(v) for k, v in d["faces"].items()}, [list(r) for r in d["block"]],
                    list(d["used"]), list(d["recipe_deck"]), list(d["display"]), list(d["recipe_discard"]),
                    list(d["hype_deck"]), list(d["hype_discard"]), dict(d.get("improvised", {})),
                    int(d["turn"]), d["phase"], d.get("stage", "normal"), d.get("trigger"),
                    bool(d.get("restocked")), bool(d.get("cooked_now")), int(d.get("rng", 0)),
                    [[k, dict(p)] for k, p in d.get("events", [])])
        problems = census(state)
        if problems:
            raise StartError("; ".join(problems))
        return state

    @property
    def current(self) -> Player:
        return self.players[self.turn]

    def player_index(self, name: str) -> int | None:
        return next((i for i, p in enumerate(self.players) if p.name == name), None)

    def block_dice(self) -> list[str]:
        return [d for row in self.block for d in row if d is not None]

    def block_mask(self) -> int:
        cols = self.rules.columns
        return sum(1 << (r * cols + c) for r, row in enumerate(self.block) for c, d in enumerate(row) if d)

    def veggie(self, die: str) -> str:
        return self.improvised.get(die) or self.rules.veggie_of[die]


def to_dict(state: State) -> dict:
    return state.to_dict()


def from_dict(data: Mapping[str, Any] | Rules, d: Mapping[str, Any]) -> State:
    return State.from_dict(data, d)


def events(state: State) -> list:
    return [(k, p) for k, p in state.events]


def census(state: State) -> list[str]:
    """Every die exactly once (block, used, a hand) with a valid number; every card exactly once; the block is
    one piece; a valid phase and turn. Returns the problems found (empty when all hold)."""
    rules, problems = state.rules, []
    dice_places = state.block_dice() + state.used + [d for p in state.players for d in p.dice]
    _count(dice_places, rules.dice, "die", problems)
    for die in rules.dice:
        if state.faces.get(die) not in rules.faces:
            problems.append(f"die {die} shows {state.faces.get(die)!r}, not a face of the dice")
    cards = (state.recipe_deck + state.display + state.recipe_discard + state.hype_deck + state.hype_discard
             + [c for p in state.players for c in p.recipes + p.hype])
    for p in state.players:
        for entry in p.cooked:
            cards += [entry["recipe"]] + ([entry["hype"]] if entry.get("hype") else [])
    _count(cards, rules.cards, "card", problems)
    if len(state.block) != rules.rows or any(len(r) != rules.columns for r in state.block):
        problems.append(f"the block is not {rules.rows} x {rules.columns}")
    elif not rules.connected(state.block_mask()):
        problems.append("the block is not one piece")
    if state.phase not in PHASES or state.stage not in STAGES:
        problems.append(f"unknown phase {state.phase!r} or stage {state.stage!r}")
    if not 0 <= state.turn < len(state.players):
        problems.append(f"turn {state.turn} is not a player")
    return problems


def _count(items: list, known: list, what: str, problems: list) -> None:
    seen: dict[str, int] = {}
    for item in items:
        seen[item] = seen.get(item, 0) + 1
    known_set = set(known)
    for item, n in seen.items():
        if item not in known_set:
            problems.append(f"unknown {what} {item}")
        elif n > 1:
            problems.append(f"{what} {item} is in {n} places")
    missing = [x for x in known if x not in seen]
    if missing:
        problems.append(f"{what}s missing: {', '.join(missing)}")


# --- setup ------------------------------------------------------------------------------------------------

def new_game(data: Mapping[str, Any] | Rules, players: list[str], seed: int) -> State:
    """Roll all dice into the 5 x 7 block, deal 2 recipes and 1 hype card each, open 3 recipes, 1 chef token each."""
    rules = data if isinstance(data, Rules) else Rules(data)
    names = [str(n) for n in players]
    if not rules.min_players <= len(names) <= rules.max_players:
        raise ValueError(f"Diced Veggies takes {rules.min_players} to {rules.max_players} players, got {len(names)}")
    if len(set(names)) != len(names) or not all(names):
        raise ValueError("player names must be distinct and not empty")
    state = State(rules, [Player(n) for n in names], {}, [[None] * rules.columns for _ in range(rules.rows)], [],
                  [], [], [], [], [], rng=rng_seed(seed))
    _roll_into_block(state, list(rules.dice))
    recipes = [c for c in rules.cards if rules.kind_of[c] == "recipe"]
    hype = [c for c in rules.cards if rules.kind_of[c] == "hype"]
    state.rng = rng_shuffle(state.rng, recipes)
    state.rng = rng_shuffle(state.rng, hype)
    for _ in range(rules.start_recipes):
        for p in state.players:
            p.recipes.append(recipes.pop())
    for _ in range(rules.start_hype):
        for p in state.players:
            p.hype.append(hype.pop())
    state.display = [recipes.pop() for _ in range(rules.display_size)]
    state.recipe_deck, state.hype_deck = recipes, hype
    return state


def _roll_into_block(s: State, dice: list[str]) -> None:
    """Roll `dice`, shuffle them and lay them row by row from the top-left corner."""
    for die in dice:
        s.rng, i = rng_below(s.rng, len(s.rules.faces))
        s.faces[die] = s.rules.faces[i]
    s.rng = rng_shuffle(s.rng, dice)
    cols = s.rules.columns
    s.block = [[None] * cols for _ in range(s.rules.rows)]
    for k, die in enumerate(dice):
        s.block[k // cols][k % cols] = die


def _die_spec(text: Any, where: str, rules: Rules) -> tuple[str, int | None]:
    """`die-onion-3:4` (die and number) or `die-onion-3` (number from the seed)."""
    if not isinstance(text, str):
        raise StartError(f"{where}: expected a die like die-onion-3:4, got {text!r}")
    die, _, face = text.partition(":")
    if die not in rules.veggie_of:
        raise StartError(f"{where}: unknown die {die!r} (dice look like die-onion-3)")
    if face:
        if not face.isdigit() or int(face) not in rules.faces:
            raise StartError(f"{where}: {die} cannot show {face!r}; the faces are {rules.faces}")
        return die, int(face)
    return die, None


def start(data: Mapping[str, Any] | Rules, spec: Mapping[str, Any]) -> State:
    """Build the explicit starting state of a replay from its `start` block.

    start:
      seed: 3                      # PRNG seed (default 0): numbers not given, deck order below named cards, restocks
      players:                     # in turn order
        - name: Ada
          dice: [die-onion-1:4, die-tomato-2:2]     # die:number (number optional: rolled from the seed)
          recipes: [salsa-1]
          hype: [nineteen-1]
          cooked: [{recipe: crudites-1, hype: light-lunch-1}]
          chef: true               # default true
      block:                       # exactly 5 rows of 7 cells; a cell is die:number, die, or "." / null = empty
        - [die-broccoli-1:3, die-onion-2:2, ., ., ., ., .]
      used: [die-carrot-1:5]       # optional; every die not named anywhere is also used (beside the block)
      display: [salsa-2, moussaka-1, frittata-1]   # default: 3 cards from the shuffled rest
      recipe_deck: [gazpacho-1]    # the top of the deck, TOP FIRST; the unnamed recipes follow (shuffled)
      hype_deck: [big-pot-1]       # likewise for the hype cards
      recipe_discard: [], hype_discard: []
      turn: Ada                    # default: the first player
      phase: cut                   # cut | cook | limits | final-cook (default cut)
      stage: normal                # normal | extra | final
      trigger: null                # the player who cooked the 6th recipe first
      restocked: false, cooked_now: false, improvised: {die-onion-1: tomato}
    """
    rules = data if isinstance(data, Rules) else Rules(data)
    known = {"seed", "players", "block", "used", "display", "recipe_deck", "hype_deck", "recipe_discard",
             "hype_discard", "turn", "phase", "stage", "trigger", "restocked", "cooked_now", "improvised"}
    no_unknown_fields(spec, known, "start")
    seed = spec.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise StartError(f"start.seed: expected an integer, got {seed!r}")
    rng = rng_seed(seed)
    used_cards: dict[str, str] = {}
    used_dice: dict[str, str] = {}
    faces: dict[str, int] = {}

    def cards(items: Any, where: str, kind: str | None = None) -> list[str]:
        if not isinstance(items, list):
            raise StartError(f"{where}: expected a list of card ids, got {items!r}")
        for card in items:
            if card not in rules.kind_of:
                raise StartError(f"{where}: unknown card {card!r} (card ids look like salsa-1, nineteen-2)")
            if kind and rules.kind_of[card] != kind:
                raise StartError(f"{where}: {card} is not a {kind} card")
            if card in used_cards:
                raise StartError(f"{where}: card {card} is already in {used_cards[card]}")
            used_cards[card] = where
        return list(items)

    def dice(items: Any, where: str) -> list[str]:
        if not isinstance(items, list):
            raise StartError(f"{where}: expected a list of dice")
        out = []
        for item in items:
            die, face = _die_spec(item, where, rules)
            if die in used_dice:
                raise StartError(f"{where}: die {die} is already in {used_dice[die]}")
            used_dice[die] = where
            if face is not None:
                faces[die] = face
            out.append(die)
        return out

    raw_players = spec.get("players")
    if not isinstance(raw_players, list) or not raw_players:
        raise StartError("start.players: expected a list of players")
    players = []
    for i, rp in enumerate(raw_players):
        if not isinstance(rp, dict) or not isinstance(rp.get("name"), str):
            raise StartError(f"start.players.{i}: expected a mapping with a name")
        no_unknown_fields(rp, {"name", "dice", "recipes", "hype", "cooked", "chef"}, f"start.players.{i}")
        where = f"start.players.{rp['name']}"
        player = Player(rp["name"], dice(rp.get("dice", []), f"{where}.dice"),
                        cards(rp.get("recipes", []), f"{where}.recipes", "recipe"),
                        cards(rp.get("hype", []), f"{where}.hype", "hype"), [], bool(rp.get("chef", True)))
        for j, entry in enumerate(rp.get("cooked", []) or []):
            no_unknown_fields(entry, {"recipe", "hype"}, f"{where}.cooked.{j}")
            cards([entry.get("recipe")], f"{where}.cooked.{j}.recipe", "recipe")
            if entry.get("hype"):
                cards([entry["hype"]], f"{where}.cooked.{j}.hype", "hype")
            player.cooked.append({"recipe": entry["recipe"], "hype": entry.get("hype")})
        players.append(player)
    names = [p.name for p in players]
    if len(set(names)) != len(names):
        raise StartError("start.players: player names must be distinct")
    if not rules.min_players <= len(names) <= rules.max_players:
        raise StartError(f"start.players: {rules.min_players} to {rules.max_players} players, got {len(names)}")

    raw_block = spec.get("block")
    if not isinstance(raw_block, list) or len(raw_block) != rules.rows:
        raise StartError(f"start.block: expected {rules.rows} rows of {rules.columns} cells")
    block = []
    for r, row in enumerate(raw_block):
        if not isinstance(row, list) or len(row) != rules.columns:
            raise StartError(f"start.block.{r + 1}: expected {rules.columns} cells (die:number or .)")
        block.append([None if cell in (None, ".") else dice([cell], f"start.block.{r + 1}")[0] for cell in row])
    used = dice(spec.get("used", []) or [], "start.used")
    used += [d for d in rules.dice if d not in used_dice]
    for die in rules.dice:
        if die not in faces:
            rng, k = rng_below(rng, len(rules.faces))
            faces[die] = rules.faces[k]

    display = cards(spec["display"], "start.display", "recipe") if "display" in spec else None
    recipe_top = cards(spec.get("recipe_deck", []) or [], "start.recipe_deck", "recipe")
    hype_top = cards(spec.get("hype_deck", []) or [], "start.hype_deck", "hype")
    recipe_discard = cards(spec.get("recipe_discard", []) or [], "start.recipe_discard", "recipe")
    hype_discard = cards(spec.get("hype_discard", []) or [], "start.hype_discard", "hype")
    rest_recipes = [c for c in rules.cards if c not in used_cards and rules.kind_of[c] == "recipe"]
    rest_hype = [c for c in rules.cards if c not in used_cards and rules.kind_of[c] == "hype"]
    rng = rng_shuffle(rng, rest_recipes)
    rng = rng_shuffle(rng, rest_hype)
    if display is None:
        display = [rest_recipes.pop() for _ in range(min(rules.display_size, len(rest_recipes)))]
    recipe_deck = rest_recipes + list(reversed(recipe_top))
    hype_deck = rest_hype + list(reversed(hype_top))

    turn_name = spec.get("turn", names[0])
    if turn_name not in names:
        raise StartError(f"start.turn: {turn_name!r} is not a player ({', '.join(names)})")
    phase, stage = spec.get("phase", "cut"), spec.get("stage", "normal")
    if phase not in PHASES[:-1]:
        raise StartError(f"start.phase: expected one of {', '.join(PHASES[:-1])}, got {phase!r}")
    if stage not in STAGES:
        raise StartError(f"start.stage: expected one of {', '.join(STAGES)}, got {stage!r}")
    trigger = spec.get("trigger")
    if trigger is not None and trigger not in names:
        raise StartError(f"start.trigger: {trigger!r} is not a player")
    if (stage != "normal") and trigger is None:
        raise StartError("start.trigger: the extra and final stages need the player who cooked the 6th recipe")
    improvised = dict(spec.get("improvised") or {})
    state = State(rules, players, faces, block, used, recipe_deck, display, recipe_discard, hype_deck, hype_discard,
                  improvised, names.index(turn_name), phase, stage, None if trigger is None else names.index(trigger),
                  bool(spec.get("restocked", False)), bool(spec.get("cooked_now", False)), rng)
    for die, veg in improvised.items():
        if die not in state.current.dice or veg not in rules.veggies:
            raise StartError(f"start.improvised: {die} must be a die in {turn_name}'s hand and {veg} a vegetable")
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
        _fail("turn", "move.unknown", move=move.name, moves=list(MOVE_NAMES))
    if s.phase == "over":
        _fail("end", "game.over")
    p = s.player_index(move.player)
    if p is None:
        _fail("turn", "turn.unknown_player", player=move.player, players=[x.name for x in s.players])
    if not isinstance(move.args, dict):
        _fail("turn", "move.bad_args", move=move.name)
    if p != s.turn:
        _fail("turn", "turn.not_your_turn", player=move.player, current=s.current.name)
    handler(s, p, move.args)


def _event(s: State, key: str, **params: Any) -> None:
    s.events.append([key, params])


def _arg(args: dict, name: str, rule: str, move: str) -> Any:
    if args.get(name) is None:
        _fail(rule, "move.missing_arg", move=move, arg=name)
    return args[name]


def _missing_veggies(s: State) -> list[str]:
    present = {s.rules.veggie_of[d] for d in s.block_dice()}
    return [v for v in s.rules.veggies if v not in present]


def _move_restock(s: State, p: int, args: dict) -> None:
    if s.phase == "final-cook":
        _fail("end", "final.cook_only", player=s.current.name)
    if s.phase != "cut":
        _fail("turn.restock", "restock.not_now", phase=s.phase)
    if s.restocked:
        _fail("turn.restock", "restock.once")
    missing = _missing_veggies(s)
    if not missing:
        _fail("turn.restock", "restock.nothing_missing")
    dice = s.block_dice() + s.used
    s.used = []
    _roll_into_block(s, dice)
    for player in s.players:
        player.chef = True
    s.restocked = True
    _event(s, "step.restock", player=s.players[p].name, count=len(dice), missing=missing)


def _cut_ready(s: State) -> None:
    if s.phase == "final-cook":
        _fail("end", "final.cook_only", player=s.current.name)
    if s.phase != "cut":
        _fail("turn.cut", "cut.done", player=s.current.name)
    if not s.block_dice():
        _fail("turn.restock", "restock.must")


def _move_take_all(s: State, p: int, args: dict) -> None:
    _cut_ready(s)
    dice = s.block_dice()
    total = sum(s.faces[d] for d in dice)
    if total > s.rules.take_all_max:
        _fail("turn.cut", "take_all.too_much", sum=total, max=s.rules.take_all_max)
    _take(s, p, dice)
    _event(s, "step.take_all", player=s.players[p].name, dice=dice, sum=total)


def _move_cut(s: State, p: int, args: dict) -> None:
    _cut_ready(s)
    dice = _arg(args, "dice", "turn.cut", "cut")
    if not isinstance(dice, list) or not dice:
        _fail("turn.cut", "move.bad_list", move="cut", arg="dice")
    where = {d: (r, c) for r, row in enumerate(s.block) for c, d in enumerate(row) if d}
    for i, die in enumerate(dice):
        if die not in where:
            _fail("turn.cut", "cut.not_in_block", die=str(die))
        if die in dice[:i]:
            _fail("turn.cut", "cut.duplicate", die=die)
    block_sum = sum(s.faces[d] for d in where)
    if block_sum <= s.rules.take_all_max:
        _fail("turn.cut", "cut.take_all_instead", sum=block_sum, max=s.rules.take_all_max)
    total = sum(s.faces[d] for d in dice)
    if total > s.rules.cut_max:
        _fail("turn.cut", "cut.too_much", sum=total, max=s.rules.cut_max)
    problem = _cut_problem(s, [where[d] for d in dice])
    if problem:
        _fail("turn.cut", problem, dice=dice)
    _take(s, p, dice)
    _event(s, "step.cut", player=s.players[p].name, dice=dice, sum=total)


def _cut_problem(s: State, cells: list[tuple[int, int]]) -> str | None:
    """Why cutting these cells breaks the cut rule (a message key), or None."""
    rules, cols = s.rules, s.rules.columns
    sub = sum(1 << (r * cols + c) for r, c in cells)
    block = s.block_mask()
    if not rules.connected(sub):
        return "cut.not_one_piece"
    if not sub & _outer(rules, block):
        return "cut.not_from_outside"
    if not rules.connected(block & ~sub, rules.expand(sub) & block & ~sub):
        return "cut.block_split"
    return None


def _outer(rules: Rules, block: int) -> int:
    """The dice that touch the outside: the grid's edge or an empty cell reached from beyond the grid."""
    outside_empty = rules.edge & ~block
    holes = rules.full & ~block
    while True:
        grown = rules.expand(outside_empty) & holes
        if grown == outside_empty:
            break
        outside_empty = grown
    return block & (rules.edge | rules.expand(outside_empty))


def _take(s: State, p: int, dice: list[str]) -> None:
    taken = set(dice)
    s.block = [[None if d in taken else d for d in row] for row in s.block]
    s.players[p].dice += dice
    s.phase = "final-cook" if s.stage == "final" else "cook"


def _move_improvise(s: State, p: int, args: dict) -> None:
    player, rule = s.players[p], "turn.improvise"
    if s.phase not in ("cook", "final-cook"):
        _fail(rule, "improvise.not_now", phase=s.phase)
    if not player.chef:
        _fail(rule, "improvise.no_token", player=player.name)
    if s.cooked_now:
        _fail(rule, "improvise.after_cook")
    die = _arg(args, "die", rule, "improvise")
    if die not in player.dice:
        _fail(rule, "die.not_in_hand", die=str(die), player=player.name)
    veg, face = args.get("veggie"), args.get("face")
    if (veg is None) == (face is None):
        _fail(rule, "improvise.one_change")
    if veg is not None:
        if veg not in s.rules.veggies:
            _fail(rule, "improvise.unknown_veggie", veggie=str(veg), veggies=s.rules.veggies)
        if veg == s.veggie(die):
            _fail(rule, "improvise.same", die=die)
        s.improvised[die] = veg
        _event(s, "step.improvise_veggie", player=player.name, die=die, veggie=veg)
    else:
        if not isinstance(face, int) or isinstance(face, bool) or face not in s.rules.faces:
            _fail(rule, "improvise.bad_face", face=str(face), faces=sorted(set(s.rules.faces)))
        if face == s.faces[die]:
            _fail(rule, "improvise.same", die=die)
        s.faces[die] = face
        _event(s, "step.improvise_face", player=player.name, die=die, face=face)
    player.chef = False


def _move_cook(s: State, p: int, args: dict) -> None:
    player, rule, rules = s.players[p], "turn.cook", s.rules
    if s.phase not in ("cook", "final-cook"):
        _fail(rule, "cook.not_now", phase=s.phase)
    recipe = _arg(args, "recipe", rule, "cook")
    if recipe not in player.recipes:
        _fail(rule, "card.not_in_hand", card=str(recipe), player=player.name)
    dice = _arg(args, "dice", rule, "cook")
    if not isinstance(dice, list):
        _fail(rule, "move.bad_list", move="cook", arg="dice")
    for i, die in enumerate(dice):
        if die not in player.dice:
            _fail(rule, "die.not_in_hand", die=str(die), player=player.name)
        if die in dice[:i]:
            _fail(rule, "cook.duplicate", die=die)
    hype = args.get("hype")
    spec = None
    if hype is not None:
        if hype not in player.hype:
            _fail("hype", "card.not_in_hand", card=str(hype), player=player.name)
        spec = rules.hype[rules.type_of[hype]]
    rtype = rules.type_of[recipe]
    factor = 2 if spec and spec["condition"]["kind"] == "double_ingredients" else 1
    needs = {v: n * factor for v, n in rules.recipes[rtype]["needs"].items()}
    have: dict[str, int] = {}
    for die in dice:
        have[s.veggie(die)] = have.get(s.veggie(die), 0) + 1
    if have != needs:
        _fail("hype" if factor == 2 else rule, "cook.wrong_dice", recipe=rtype,
              needs=[f"{n} {v}" for v, n in needs.items()], got=[f"{n} {v}" for v, n in have.items()])
    if spec and not _condition_met(spec["condition"], [s.faces[d] for d in dice]):
        _fail("hype", "hype.condition", hype=rules.type_of[hype], faces=[s.faces[d] for d in dice])
    player.recipes.remove(recipe)
    if hype:
        player.hype.remove(hype)
    for die in dice:
        player.dice.remove(die)
        s.improvised.pop(die, None)
    s.used += dice
    player.cooked.append({"recipe": recipe, "hype": hype})
    s.cooked_now = True
    _event(s, "step.cook", player=player.name, recipe=rtype, dice=dice, points=rules.recipes[rtype]["points"])
    if hype:
        _event(s, "step.hype", hype=rules.type_of[hype])
    if s.trigger is None and len(player.cooked) >= rules.recipes_to_end:
        s.trigger = p
        _event(s, "step.trigger", player=player.name, count=len(player.cooked))


def _condition_met(cond: Mapping[str, Any], faces: list[int]) -> bool:
    kind, n = cond["kind"], len(faces)
    total = sum(faces)
    counts: dict[int, int] = {}
    for f in faces:
        counts[f] = counts.get(f, 0) + 1
    if kind == "sum":
        if "equals" in cond:
            return total == cond["equals"]
        if "at_least" in cond:
            return total >= cond["at_least"]
        return total <= cond["at_most"]
    if kind == "sequential":
        return len(counts) == n and max(faces) - min(faces) == n - 1
    if kind == "all_same":
        return len(counts) == 1
    if kind == "all_different":
        return len(counts) == n
    if kind == "all_even":
        return all(f % 2 == 0 for f in faces)
    if kind == "all_odd":
        return all(f % 2 == 1 for f in faces)
    if kind == "all_at_least":
        return all(f >= cond["value"] for f in faces)
    if kind == "all_at_most":
        return all(f <= cond["value"] for f in faces)
    if kind == "pairs":
        return all(c == 2 for c in counts.values())
    if kind == "face_count":
        return counts.get(cond["face"], 0) >= cond["at_least"]
    if kind == "dice":
        return n == cond["equals"]
    return kind in ("double_ingredients", "none")   # double_ingredients is checked on the dice count


def _move_draw(s: State, p: int, args: dict) -> None:
    player, rule = s.players[p], "turn.draw"
    if s.phase == "final-cook":
        _fail("end", "final.cook_only", player=player.name)
    if s.phase != "cook":
        _fail(rule, "draw.not_now", phase=s.phase)
    source = _arg(args, "source", rule, "draw")
    if source == "hype":
        if not s.hype_deck and s.hype_discard:
            _reshuffle(s, "hype")
        if not s.hype_deck:
            _fail(rule, "draw.empty", source=source)
        card = s.hype_deck.pop()
        player.hype.append(card)
    elif source == "recipes":
        if not s.recipe_deck and s.recipe_discard:
            _reshuffle(s, "recipes")
        if not s.recipe_deck:
            _fail(rule, "draw.empty", source=source)
        card = s.recipe_deck.pop()
        player.recipes.append(card)
    elif source == "display":
        card = _arg(args, "card", rule, "draw")
        if card not in s.display:
            _fail(rule, "draw.not_in_display", card=str(card), display=list(s.display))
        s.display.remove(card)
        player.recipes.append(card)
        if not s.recipe_deck and s.recipe_discard:
            _reshuffle(s, "recipes")
        if s.recipe_deck:
            s.display.append(s.recipe_deck.pop())
    else:
        _fail(rule, "draw.bad_source", source=str(source))
    s.phase = "limits"
    _event(s, "step.draw", player=player.name, card=card, source=source)


def _reshuffle(s: State, which: str) -> None:
    if which == "hype":
        s.hype_deck, s.hype_discard = s.hype_discard, []
        s.rng = rng_shuffle(s.rng, s.hype_deck)
    else:
        s.recipe_deck, s.recipe_discard = s.recipe_discard, []
        s.rng = rng_shuffle(s.rng, s.recipe_deck)
    _event(s, "step.reshuffle", deck=which)


def _can_draw(s: State) -> bool:
    return bool(s.hype_deck or s.hype_discard or s.recipe_deck or s.recipe_discard or s.display)


def _over_limits(s: State, player: Player) -> dict[str, int]:
    have = {"dice": len(player.dice), "recipes": len(player.recipes), "hype": len(player.hype)}
    return {k: n - s.rules.limits[k] for k, n in have.items() if n > s.rules.limits[k]}


def _move_discard(s: State, p: int, args: dict) -> None:
    player, rule = s.players[p], "turn.limits"
    if s.phase != "limits":
        _fail(rule, "discard.not_now", phase=s.phase)
    item = _arg(args, "item", rule, "discard")
    over = _over_limits(s, player)
    if item in player.dice:
        category = "dice"
    elif item in player.recipes:
        category = "recipes"
    elif item in player.hype:
        category = "hype"
    else:
        _fail(rule, "discard.not_held", item=str(item), player=player.name)
    if category not in over:
        _fail(rule, "discard.not_needed", category=category, limit=s.rules.limits[category])
    if category == "dice":
        player.dice.remove(item)
        s.improvised.pop(item, None)
        s.used.append(item)
    elif category == "recipes":
        player.recipes.remove(item)
        s.recipe_discard.append(item)
    else:
        player.hype.remove(item)
        s.hype_discard.append(item)
    _event(s, "step.discard", player=player.name, item=item)


def _move_end_turn(s: State, p: int, args: dict) -> None:
    player = s.players[p]
    if s.phase == "cut":
        _fail("turn.cut", "end_turn.cut_first", player=player.name)
    if s.phase == "cook":
        if _can_draw(s):
            _fail("turn.draw", "end_turn.draw_first", player=player.name)
        s.phase = "limits"
    if s.phase == "limits":
        over = _over_limits(s, player)
        if over:
            _fail("turn.limits", "end_turn.over_limit", player=player.name,
                  over=[f"{n} {k}" for k, n in over.items()])
    s.improvised = {}
    s.restocked = s.cooked_now = False
    n = len(s.players)
    if s.stage == "final":
        if p == s.trigger:
            s.phase = "over"
            _event(s, "step.game_over", player=player.name, winners=winners(s))
            return
        s.turn = (p + 1) % n
    elif s.trigger is not None and (s.stage == "normal" or (p + 1) % n == s.trigger):
        nxt = (p + 1) % n
        if s.stage == "normal" and nxt != s.trigger:
            s.stage = "extra"
            _event(s, "step.extra_turns", player=player.name)
        else:
            s.stage = "final"
            _event(s, "step.final_cooking", first=s.players[(s.trigger + 1) % n].name)
        s.turn = nxt if s.stage == "extra" else (s.trigger + 1) % n
    else:
        s.turn = (p + 1) % n
    s.phase = "final-cook" if s.stage == "final" else "cut"
    _event(s, "step.end_turn", player=player.name, next=s.current.name)


_HANDLERS = {"restock": _move_restock, "cut": _move_cut, "take_all": _move_take_all, "improvise": _move_improvise,
             "cook": _move_cook, "draw": _move_draw, "discard": _move_discard, "end_turn": _move_end_turn}


# --- legal moves ------------------------------------------------------------------------------------------

def legal_moves(state: State) -> list[Move]:
    """Every legal move (cooks: one die per look-alike choice; see the module docstring)."""
    s = state
    if s.phase == "over":
        return []
    player, name = s.current, s.current.name
    moves: list[Move] = []
    if s.phase == "cut":
        block = s.block_dice()
        if not s.restocked and _missing_veggies(s):
            moves.append(Move(name, "restock", {}))
        if not block:
            return moves
        if sum(s.faces[d] for d in block) <= s.rules.take_all_max:
            return moves + [Move(name, "take_all", {})]
        return moves + [Move(name, "cut", {"dice": dice}) for dice in cuts(s)]
    if s.phase in ("cook", "final-cook"):
        if player.chef and not s.cooked_now:
            moves += _improvise_moves(s, player)
        moves += _cook_moves(s, player)
        if s.phase == "final-cook":
            return moves + [Move(name, "end_turn", {})]
        if s.hype_deck or s.hype_discard:
            moves.append(Move(name, "draw", {"source": "hype"}))
        if s.recipe_deck or s.recipe_discard:
            moves.append(Move(name, "draw", {"source": "recipes"}))
        moves += [Move(name, "draw", {"source": "display", "card": c}) for c in s.display]
        if not _can_draw(s):
            moves.append(Move(name, "end_turn", {}))
        return moves
    over = _over_limits(s, player)
    if not over:
        return [Move(name, "end_turn", {})]
    items = {"dice": player.dice, "recipes": player.recipes, "hype": player.hype}
    return [Move(name, "discard", {"item": x}) for k in over for x in items[k]]


def cuts(state: State) -> list[list[str]]:
    """Every legal cut, as die lists in block order: connected groups of dice adding up to at most 10, at least
    one of them touching the outside, leaving the block one piece. Grown from each die in turn, each group is
    found once (the ESU enumeration of connected subgraphs); the sum bound keeps groups small (no 1s: at most 5
    dice), so no cap is needed."""
    s, rules = state, state.rules
    cols = rules.columns
    cells: dict[int, str] = {r * cols + c: d for r, row in enumerate(s.block) for c, d in enumerate(row) if d}
    block = sum(1 << i for i in cells)
    face = {i: s.faces[d] for i, d in cells.items()}
    outer = _outer(rules, block)
    limit, nbrs = rules.cut_max, rules.nbrs
    left, right = rules.not_col0, rules.not_last
    out: list[int] = []

    def keep(sub: int) -> None:
        # the rest must stay one piece: only the dice next to the cut need to be joined (see Rules.connected);
        # the flood fill is inlined because this runs for every candidate
        rest = block & ~sub
        if not (sub & outer and rest):
            return
        near = (sub | ((sub << 1) & left) | ((sub >> 1) & right) | (sub << cols) | (sub >> cols)) & rest
        fill = near & -near
        while fill & near != near:
            grown = (fill | ((fill << 1) & left) | ((fill >> 1) & right) | (fill << cols) | (fill >> cols)) & rest
            if grown == fill:
                return
            fill = grown
        out.append(sub)

    def grow(sub: int, total: int, ext: int, near: int, higher: int) -> None:
        keep(sub)
        while ext:
            bit = ext & -ext
            ext ^= bit
            w = bit.bit_length() - 1
            if total + face[w] > limit:
                continue
            fresh = nbrs[w] & block & higher & ~sub & ~near
            grow(sub | bit, total + face[w], ext | fresh, near | nbrs[w], higher)

    for v in cells:
        if face[v] > limit:
            continue
        higher = block & ~((1 << (v + 1)) - 1)
        grow(1 << v, face[v], nbrs[v] & higher, nbrs[v] | (1 << v), higher)
    result = []
    for sub in out:
        dice = []
        while sub:
            bit = sub & -sub
            sub ^= bit
            dice.append(cells[bit.bit_length() - 1])
        result.append(dice)
    result.sort(key=lambda dice: (len(dice), dice))
    return result


def _improvise_moves(s: State, player: Player) -> list[Move]:
    moves = []
    for die in player.dice:
        moves += [Move(player.name, "improvise", {"die": die, "veggie": v}) for v in s.rules.veggies
                  if v != s.veggie(die)]
        moves += [Move(player.name, "improvise", {"die": die, "face": f}) for f in sorted(set(s.rules.faces))
                  if f != s.faces[die]]
    return moves


def _cook_moves(s: State, player: Player) -> list[Move]:
    rules = s.rules
    by_veggie: dict[str, list[str]] = {}
    for die in player.dice:
        by_veggie.setdefault(s.veggie(die), []).append(die)
    moves, seen_recipes = [], set()
    hypes = {}
    for card in player.hype:
        hypes.setdefault(rules.type_of[card], card)
    for recipe in player.recipes:
        rtype = rules.type_of[recipe]
        if rtype in seen_recipes:
            continue
        seen_recipes.add(rtype)
        for factor in (1, 2):
            double = next((c for t, c in hypes.items() if rules.hype[t]["condition"]["kind"] == "double_ingredients"),
                          None)
            if factor == 2 and double is None:
                continue
            for dice in _dice_choices(s, by_veggie, rules.recipes[rtype]["needs"], factor):
                faces = [s.faces[d] for d in dice]
                if factor == 2:
                    moves.append(Move(player.name, "cook", {"recipe": recipe, "dice": dice, "hype": double}))
                    continue
                moves.append(Move(player.name, "cook", {"recipe": recipe, "dice": dice}))
                for htype, card in hypes.items():
                    cond = rules.hype[htype]["condition"]
                    if cond["kind"] != "double_ingredients" and _condition_met(cond, faces):
                        moves.append(Move(player.name, "cook", {"recipe": recipe, "dice": dice, "hype": card}))
    return moves


def _dice_choices(s: State, by_veggie: dict, needs: Mapping[str, int], factor: int) -> list[list[str]]:
    per_veggie = []
    for veg, n in needs.items():
        pool = by_veggie.get(veg, [])
        if len(pool) < n * factor:
            return []
        options, seen = [], set()
        for combo in itertools.combinations(pool, n * factor):
            key = tuple(sorted(s.faces[d] for d in combo))
            if key not in seen:
                seen.add(key)
                options.append(list(combo))
        per_veggie.append(options)
    return [[d for part in choice for d in part] for choice in itertools.product(*per_veggie)]


# --- scoring ----------------------------------------------------------------------------------------------

def score(state: State) -> list[dict]:
    """Each player's breakdown: recipes (points, doubled by Double Portion), hype (the paired hype cards' value),
    cooked (how many), total; with one player also the solo band (`solo`)."""
    rules, out = state.rules, []
    for player in state.players:
        recipes = hype = 0
        for entry in player.cooked:
            r = rules.recipes[rules.type_of[entry["recipe"]]]
            points, factor = r["points"], 1
            if entry.get("hype"):
                sc = rules.hype[rules.type_of[entry["hype"]]]["score"]
                factor = sc.get("multiply_recipe", 1)
                hype += sc.get("points", 0) + sc.get("per_recipe_die", 0) * sum(r["needs"].values())
                hype += sc.get("per_cooked_recipe", 0) * len(player.cooked)
                hype += points * (factor - 1)
            recipes += points
        total = recipes + hype
        out.append({"player": player.name, "cooked": len(player.cooked), "recipes": recipes, "hype": hype,
                    "total": total})
    if len(state.players) == 1:
        out[0]["solo"] = solo_band(state.rules, out[0]["total"])
    return out


def solo_band(rules: Rules, total: int) -> dict:
    """The solo table's row for `total`: {min, max, missing_in_source}. A row the source skips is reported as
    missing, never filled in."""
    for row in rules.solo:
        if total >= row["min"] and (row["max"] is None or total <= row["max"]):
            return dict(row)
    return {"min": None, "max": None, "missing_in_source": True}


def ranking(state: State) -> list[dict]:
    scores = score(state)
    ranked = sorted(scores, key=lambda x: x["total"], reverse=True)
    return [{"player": x["player"], "total": x["total"], "rank": 1 + sum(1 for o in scores if o["total"] > x["total"])}
            for x in ranked]


def is_over(state: State) -> bool:
    return state.phase == "over"


def winners(state: State) -> list[str]:
    """Highest total wins; a tie is a shared win."""
    return [r["player"] for r in ranking(state) if r["rank"] == 1]


# --- expect -----------------------------------------------------------------------------------------------

EXPECT_FIELDS = {"turn", "phase", "stage", "trigger", "block", "block_size", "used_size", "display", "players",
                 "winners", "solo", "faces"}
PLAYER_FIELDS = {"dice", "dice_count", "recipes", "hype", "cooked", "chef", "score", "scoring"}


def check_expect(state: State, expect: Mapping[str, Any]) -> list[str]:
    """Differences between `state` and a replay's `expect` (empty = as expected). Every field is optional:

    expect:
      turn: Ada
      phase: cook                  # cut | cook | limits | final-cook | over
      stage: normal                # normal | extra | final
      trigger: Ada                 # or null
      block: [[die-onion-1, ., ...], ...]   # the whole block, cells as die ids or "." (numbers not compared)
      block_size: 30
      used_size: 5
      display: [salsa-2, ...]
      faces: {die-onion-1: 4}
      players:
        Ada:
          dice: [die-onion-1, ...]  # the whole hand of dice, any order
          dice_count: 3
          recipes: [salsa-1]        # any order
          hype: [nineteen-1]
          cooked: [{recipe: salsa-1, hype: null}]   # in order
          chef: false
          score: 8
          scoring: {recipes: 3, hype: 5}
      winners: [Ada]
      solo: {min: 71, max: 80, missing_in_source: true}   # one player only
    """
    diffs: list[str] = []
    no_unknown_fields(expect, EXPECT_FIELDS, "expect")
    names = [p.name for p in state.players]

    def same(path: str, want: Any, got: Any) -> None:
        if want != got:
            diffs.append(f"{path}: expected {want!r}, got {got!r}")

    if "turn" in expect:
        same("turn", expect["turn"], state.current.name)
    for key in ("phase", "stage"):
        if key in expect:
            same(key, expect[key], getattr(state, key))
    if "trigger" in expect:
        same("trigger", expect["trigger"], None if state.trigger is None else names[state.trigger])
    if "block" in expect:
        want = [[None if c in (None, ".") else c for c in row] for row in expect["block"]]
        same("block", want, state.block)
    if "block_size" in expect:
        same("block_size", expect["block_size"], len(state.block_dice()))
    if "used_size" in expect:
        same("used_size", expect["used_size"], len(state.used))
    if "display" in expect:
        same("display", sorted(expect["display"]), sorted(state.display))
    for die, face in (expect.get("faces") or {}).items():
        same(f"faces.{die}", face, state.faces.get(die))
    scores = {x["player"]: x for x in score(state)}
    for name, want in (expect.get("players") or {}).items():
        i = state.player_index(name)
        if i is None:
            diffs.append(f"players.{name}: no such player ({', '.join(names)})")
            continue
        no_unknown_fields(want, PLAYER_FIELDS, f"expect.players.{name}")
        player, path = state.players[i], f"players.{name}"
        for key in ("dice", "recipes", "hype"):
            if key in want:
                same(f"{path}.{key}", sorted(want[key]), sorted(getattr(player, key)))
        if "dice_count" in want:
            same(f"{path}.dice_count", want["dice_count"], len(player.dice))
        if "cooked" in want:
            same(f"{path}.cooked", [{"recipe": c["recipe"], "hype": c.get("hype")} for c in want["cooked"]],
                 player.cooked)
        if "chef" in want:
            same(f"{path}.chef", want["chef"], player.chef)
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
    if "solo" in expect:
        same("solo", expect["solo"], scores[names[0]].get("solo"))
    return diffs


# --- text -------------------------------------------------------------------------------------------------

def render(state: State) -> str:
    """The state as compact text: turn, phase and stage, the block (vegetable letter + number), the used dice,
    the decks and display, and each player's dice, cards, cooked recipes and score."""
    s, rules = state, state.rules
    lines = [f"Turn: {s.current.name} · phase: {s.phase}" + (f" · stage: {s.stage}" if s.stage != "normal" else "")
             + (f" · 6th recipe: {s.players[s.trigger].name}" if s.trigger is not None else ""),
             "Block (" + ", ".join(f"{letter}={v}" for v, letter in rules.letter.items()) + "):"]
    for row in s.block:
        lines.append("  " + " ".join(_die_text(s, d) if d else ".." for d in row))
    block_sum = sum(s.faces[d] for d in s.block_dice())
    lines.append(f"Block: {len(s.block_dice())} dice, sum {block_sum} · used: {len(s.used)} dice")
    lines.append(f"Recipes: deck {len(s.recipe_deck)}, discard {len(s.recipe_discard)}, display: "
                 f"{' '.join(s.display) or '-'} · Hype: deck {len(s.hype_deck)}, discard {len(s.hype_discard)}")
    scores = {x["player"]: x for x in score(s)}
    width = max(len(p.name) for p in s.players)
    for i, p in enumerate(s.players):
        mark = ">" if i == s.turn and s.phase != "over" else " "
        dice = " ".join(f"{d}({_die_text(s, d)})" for d in p.dice) or "-"
        lines.append(f"{mark} {p.name.ljust(width)}  dice: {dice}")
        lines.append(f"  {' ' * width}  recipes: {' '.join(p.recipes) or '-'} · hype: {' '.join(p.hype) or '-'}"
                     f" · chef token: {'yes' if p.chef else 'no'}")
        for entry in p.cooked:
            lines.append(f"  {' ' * width}  cooked: {entry['recipe']}" + (f" + {entry['hype']}" if entry["hype"] else ""))
        sc = scores[p.name]
        lines.append(f"  {' ' * width}  score: {sc['total']} (recipes {sc['recipes']}, hype {sc['hype']})")
    if s.improvised:
        lines.append("Improvised: " + ", ".join(f"{d} counts as {v}" for d, v in s.improvised.items()))
    if s.phase == "over":
        lines.append("Game over. " + " ".join(f"{r['rank']}. {r['player']} {r['total']}" for r in ranking(s)))
        solo = scores[s.players[0].name].get("solo")
        if solo:
            band = f"{solo['min']}–{solo['max']}" if solo["max"] is not None else f"{solo['min']}+"
            lines.append(f"Solo band: {band}" + (" (verdict missing in source)" if solo["missing_in_source"] else ""))
    return "\n".join(lines)


def _die_text(s: State, die: str) -> str:
    return f"{s.rules.letter[s.veggie(die)]}{s.faces[die]}"
