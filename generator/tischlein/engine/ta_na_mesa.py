"""Tá na Mesa rules engine: state, moves, legality, scoring, replay start/expect and text rendering.

Reads only the JSON from `TaNaMesa.engine_data()` (never YAML, never `tischlein.content`); pure stdlib.

A round: lay out recipes → collect (1 card dealt, then 3 laps of picks from two face-up cards or the pile) →
prepare (one recipe each, or pass) → compare sums (→ the lowest may have to discard) → draft spice tokens
(snake order) → season (each player turns tokens over, then scores spices and puts the recipe on the stove) →
round end. After the last round: presentation and the vegetarian prize.

State (`State.to_dict()`; JSON-able; ingredient cards by id, e.g. `arroz-4` = Arroz of quality 4)
    players   [{name, counter, character, hand: [card], points: {recipes, sum_bonus, spices},
                stove: {space: {recipe, turns}}, prepared: recipe|None, sum: int|None, tokens: [token],
                free_flip: bool}]        prepared/sum: this round; free_flip: the Raizeiro's flip is used
    pile      [card]  the ingredient draw pile, TOP LAST;  face_up [left, right] (card|None);  discard [card]
    recipes   {pile: [id] (top last), display: [id], discard: [id]}
    tokens    {token: face}  the face index (0/1) showing; table [token] on the table; supply [token]
    round, rounds, chef (player index), phase, turn (whose decision), step (moves made in this phase)
    rng       mulberry32 state (see core.py);  events [[key, params]]

Phases: collect | prepare | lowest-discard | draft | season | over

Moves (`Move(player, name, args)`):
    take     {from: left|right|pile}                         collect
    prepare  {recipe, cards: [card], symbols?: [{counter, class, pay}], free?: true,
              buy?: [{class, pay: [card, card]}]}             prepare (one recipe); `pass {}` prepares nothing
    discard  {card}                                           the lowest sum discards a card
    pick     {token}                                          draft a spice token
    flip     {token, pay?: card}                              season: turn a token over (pay omitted: the
                                                              Raizeiro's free flip)
    place    {space, turns}                                   season: put the prepared recipe on the stove,
                                                              `turns` quarter turns clockwise (0..3)
    done     {}                                               season, for a player who prepared nothing

Decisions where the rulebook is silent (beyond the content's reconstructions, which the engine follows):
  * Player i plays at the i-th counter of the content; characters are dealt at random from the state's PRNG
    unless `new_game(..., characters=[...])` names them. The first name in `players` is the first chef.
  * The pile is reshuffled from the discards whenever a card must be drawn from an empty pile; a face-up
    space that cannot be refilled stays empty; when no card is left anywhere (all in hands), the remaining
    picks of the collection are skipped.
  * Counter symbols, free symbols and bought ingredients are only for a class the player *lacks* (holds fewer
    cards of than the recipe needs, counting every card in hand, payment cards included).
  * The lowest sum discards only when at least two players prepared (and, per the content, not with two
    players, not on a tie). Players who passed take no part in the comparison.
  * Spices are scored when a player finishes seasoning (`place` or `done`), with the best combination; the
    spices "used this round" for the stove bonus are those on tokens in that best combination.
  * Spice tokens land face up at random (each face 1/2, the state's PRNG) when the chef throws them.
  * Score totals always include the presentation and the vegetarian prize as the stoves stand (they only
    change while recipes are placed, and count once the game is over).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .core import (IllegalMove, Ledger, Move, StartError, apply_move, no_unknown_fields,
                   rng_below, rng_seed, rng_shuffle)

GAME_ID = "ta-na-mesa"
PHASES = ("collect", "prepare", "lowest-discard", "draft", "season", "over")
MOVE_NAMES = ("take", "prepare", "pass", "discard", "pick", "flip", "place", "done")
SIDES = ("top", "right", "bottom", "left")
FACE_UP = ("left", "right")

R = "ta-na-mesa."
R_ROUND, R_RECIPES, R_ROUND_END = R + "round", R + "round.recipes", R + "round.end"
R_COLLECT = R + "collect"
R_PREPARE, R_COUNTER, R_MISSING = R + "prepare", R + "prepare.counter", R + "prepare.missing"
R_SUM, R_COMPARE = R + "prepare.sum", R + "prepare.compare"
R_DRAFT, R_FLIP, R_SCORE, R_STOVE = R + "season.draft", R + "season.flip", R + "season.score", R + "season.stove"
R_SEASON, R_PRESENTATION, R_VEG, R_END = R + "season", R + "presentation", R + "vegetarian", R + "end"
R_FREE, R_RAIZEIRO = R + "characters.free-symbol", R + "characters.raizeiro"

# Every rule id the engine may name in an IllegalMove (all exist in rules.yaml).
RULE_IDS = frozenset({R_ROUND, R_RECIPES, R_ROUND_END, R_COLLECT, R_PREPARE, R_COUNTER, R_MISSING, R_SUM,
                      R_COMPARE, R_DRAFT, R_FLIP, R_SCORE, R_STOVE, R_SEASON, R_PRESENTATION, R_VEG, R_END,
                      R_FREE, R_RAIZEIRO})


def _fail(rule: str, key: str, **params: Any) -> None:
    raise IllegalMove(rule, key, params)


# --- rules data -------------------------------------------------------------------------------------------

class Rules:
    """The facts of the game, indexed for the engine. Built once from engine_data()."""

    def __init__(self, data: Mapping[str, Any]):
        self.data = data
        self.min_players: int = data["players"]["min"]
        self.max_players: int = data["players"]["max"]
        self.counts: dict[int, dict] = {int(k): v for k, v in data["player_counts"].items()}
        r = data["rules"]
        self.recipes_per_player: int = r["recipes_per_player"]
        self.starting_cards: int = r["starting_cards"]
        self.laps: int = r["collection_laps"]
        self.highest_bonus: int = r["highest_sum_bonus"]
        self.tied_bonus: int = r["tied_highest_bonus"]
        self.buy_cards: int = r["buy_missing_cards"]
        self.buy_value: int = r["buy_missing_value"]
        self.stove_bonus_cards: int = r["stove_bonus_cards"]
        self.reshuffle_recipes: bool = r["recipe_reshuffle"]
        self.cards: list[str] = [c["id"] for c in data["ingredient_cards"]]
        self.value: dict[str, int] = {c["id"]: c["value"] for c in data["ingredient_cards"]}
        self.ingredient: dict[str, str] = {c["id"]: c["type"] for c in data["ingredient_cards"]}
        self.cls: dict[str, str] = {c["id"]: data["ingredients"][c["type"]]["class"] for c in data["ingredient_cards"]}
        self.classes: list[str] = list(data["classes"])
        self.recipes: dict[str, dict] = dict(data["recipes"])
        self.tokens: dict[str, list[str]] = {t["id"]: list(t["faces"]) for t in data["spice_tokens"]}
        self.counters: dict[str, dict] = dict(data["counters"])
        self.characters: dict[str, dict] = dict(data["characters"])
        layout = data["stove_layout"]
        self.spaces: list[str] = list(layout["spaces"])
        self.frame: list[tuple[str, int]] = [(sp, SIDES.index(side)) for sp, side in layout["frame"]]
        self.inner = [((a[0], SIDES.index(a[1])), (b[0], SIDES.index(b[1]))) for a, b in layout["inner"]]
        self.veg_points: int = data["vegetarian_prize"]["points"]
        self.veg_tied: int = data["vegetarian_prize"]["tied_points"]

    def edges(self, recipe: str, turns: int) -> list[str]:
        """A tile's edge colours (top, right, bottom, left) after `turns` quarter turns clockwise."""
        e = self.recipes[recipe]["edges"]
        return [e[(side - turns) % 4] for side in range(4)]

    def symbol_value(self, counter: str, cls: str) -> int | None:
        for sym in self.counters[counter]["symbols"]:
            if sym["class"] == cls:
                return sym["value"]
        return None


# --- state ------------------------------------------------------------------------------------------------

def _points() -> dict:
    return {"recipes": 0, "sum_bonus": 0, "spices": 0}


@dataclass
class Player:
    name: str
    counter: str
    character: str
    hand: list = field(default_factory=list)
    points: dict = field(default_factory=_points)
    stove: dict = field(default_factory=dict)
    prepared: str | None = None
    sum: int | None = None
    tokens: list = field(default_factory=list)
    free_flip: bool = False

    def copy(self) -> "Player":
        # Stove entries are never changed in place (a placement adds a new dict), so a shallow copy is enough.
        return Player(self.name, self.counter, self.character, list(self.hand), dict(self.points),
                      dict(self.stove), self.prepared, self.sum, list(self.tokens), self.free_flip)

    def to_dict(self) -> dict:
        return {"name": self.name, "counter": self.counter, "character": self.character, "hand": list(self.hand),
                "points": dict(self.points), "stove": {k: dict(v) for k, v in self.stove.items()},
                "prepared": self.prepared, "sum": self.sum, "tokens": list(self.tokens),
                "free_flip": self.free_flip}


@dataclass
class State:
    rules: Rules = field(repr=False, compare=False)
    players: list
    pile: list
    face_up: list
    discard: list
    recipes: dict
    tokens: dict
    table: list
    supply: list
    round: int = 1
    rounds: int = 4
    chef: int = 0
    phase: str = "collect"
    turn: int = 0
    step: int = 0
    rng: int = 0
    events: list = field(default_factory=list)

    def copy(self, with_events: bool = True) -> "State":
        return State(self.rules, [p.copy() for p in self.players], list(self.pile), list(self.face_up),
                     list(self.discard), {k: list(v) for k, v in self.recipes.items()}, dict(self.tokens),
                     list(self.table), list(self.supply), self.round, self.rounds, self.chef, self.phase,
                     self.turn, self.step, self.rng,
                     [[k, dict(p)] for k, p in self.events] if with_events else [])

    def to_dict(self) -> dict:
        return {"game": GAME_ID, "players": [p.to_dict() for p in self.players], "pile": list(self.pile),
                "face_up": list(self.face_up), "discard": list(self.discard),
                "recipes": {k: list(v) for k, v in self.recipes.items()}, "tokens": dict(self.tokens),
                "table": list(self.table), "supply": list(self.supply), "round": self.round,
                "rounds": self.rounds, "chef": self.chef, "phase": self.phase, "turn": self.turn,
                "step": self.step, "rng": self.rng, "events": [[k, dict(p)] for k, p in self.events]}

    @classmethod
    def from_dict(cls, data_or_rules: Mapping[str, Any] | Rules, d: Mapping[str, Any]) -> "State":
        rules = data_or_rules if isinstance(data_or_rules, Rules) else Rules(data_or_rules)
        players = [Player(p["name"], p["counter"], p["character"], list(p["hand"]), dict(p["points"]),
                          {k: dict(v) for k, v in p["stove"].items()}, p.get("prepared"), p.get("sum"),
                          list(p.get("tokens", [])), bool(p.get("free_flip"))) for p in d["players"]]
        state = cls(rules, players, list(d["pile"]), list(d["face_up"]), list(d["discard"]),
                    {k: list(v) for k, v in d["recipes"].items()}, dict(d["tokens"]), list(d["table"]),
                    list(d["supply"]), int(d["round"]), int(d["rounds"]), int(d["chef"]), d["phase"],
                    int(d["turn"]), int(d["step"]), int(d.get("rng", 0)),
                    [[k, dict(p)] for k, p in d.get("events", [])])
        problems = census(state)
        if problems:
            raise StartError("; ".join(problems))
        return state

    @property
    def current(self) -> Player:
        return self.players[self.turn]

    @property
    def n(self) -> int:
        return len(self.players)

    def player_index(self, name: str) -> int | None:
        for i, p in enumerate(self.players):
            if p.name == name:
                return i
        return None

    def order(self) -> list[int]:
        """Player indexes clockwise from the chef."""
        n = len(self.players)
        return [(self.chef + k) % n for k in range(n)]

    def spices_each(self) -> int:
        return self.rules.counts[self.n]["spices_each"]


def to_dict(state: State) -> dict:
    return state.to_dict()


def from_dict(data: Mapping[str, Any] | Rules, d: Mapping[str, Any]) -> State:
    return State.from_dict(data, d)


def events(state: State) -> list:
    return [(k, p) for k, p in state.events]


def census(state: State) -> list[str]:
    """Invariants: every ingredient card, recipe tile and spice token exactly once; a valid phase and turn."""
    rules, problems = state.rules, []

    def count(kind: str, known: Any, places: list) -> None:
        seen: dict[str, int] = {}
        for item in places:
            seen[item] = seen.get(item, 0) + 1
        for item, k in seen.items():
            if item not in known:
                problems.append(f"unknown {kind} {item}")
            elif k > 1:
                problems.append(f"{kind} {item} is in {k} places")
        missing = [x for x in known if x not in seen]
        if missing:
            problems.append(f"{kind}s missing: {', '.join(missing)}")

    cards = state.pile + [c for c in state.face_up if c] + state.discard
    tiles = state.recipes["pile"] + state.recipes["display"] + state.recipes["discard"]
    held = list(state.table) + list(state.supply)
    for p in state.players:
        cards += p.hand
        tiles += [v["recipe"] for v in p.stove.values()] + ([p.prepared] if p.prepared else [])
        held += p.tokens
        for space in p.stove:
            if space not in rules.spaces:
                problems.append(f"{p.name}: no stove space {space}")
        if p.counter not in rules.counters:
            problems.append(f"{p.name}: unknown counter {p.counter}")
        if p.character not in rules.characters:
            problems.append(f"{p.name}: unknown character {p.character}")
    count("card", rules.value, cards)
    count("recipe", rules.recipes, tiles)
    count("spice token", rules.tokens, held)
    if sorted(state.tokens) != sorted(rules.tokens) or any(f not in (0, 1) for f in state.tokens.values()):
        problems.append("every spice token needs a face 0 or 1")
    if len({p.counter for p in state.players}) != state.n or len({p.character for p in state.players}) != state.n:
        problems.append("two players share a counter or a character")
    if state.phase not in PHASES:
        problems.append(f"unknown phase {state.phase!r}")
    if not 0 <= state.turn < state.n or not 0 <= state.chef < state.n:
        problems.append("turn or chef is not a player")
    if len(state.face_up) != len(FACE_UP):
        problems.append("expected two face-up places")
    return problems


# --- setup ------------------------------------------------------------------------------------------------

def new_game(data: Mapping[str, Any] | Rules, players: list[str], seed: int,
             characters: list[str] | None = None) -> State:
    """Counters in content order, characters dealt at random (or as given), the first player is chef; round 1
    starts at once (recipes laid out, a card dealt to each, two cards face up)."""
    rules = data if isinstance(data, Rules) else Rules(data)
    names = [str(n) for n in players]
    if not rules.min_players <= len(names) <= rules.max_players:
        raise ValueError(f"Tá na Mesa takes {rules.min_players} to {rules.max_players} players, got {len(names)}")
    if len(set(names)) != len(names) or not all(names):
        raise ValueError("player names must be distinct and not empty")
    rng = rng_seed(seed)
    if characters is None:
        deck = list(rules.characters)
        rng = rng_shuffle(rng, deck)
        characters = deck[:len(names)]
    elif len(characters) != len(names) or len(set(characters)) != len(names) \
            or any(c not in rules.characters for c in characters):
        raise ValueError(f"expected {len(names)} different characters of {', '.join(rules.characters)}")
    counters = list(rules.counters)[:len(names)]
    pile = list(rules.cards)
    rng = rng_shuffle(rng, pile)
    tiles = list(rules.recipes)
    rng = rng_shuffle(rng, tiles)
    state = State(rules, [Player(n, c, ch) for n, c, ch in zip(names, counters, characters)], pile, [None, None],
                  [], {"pile": tiles, "display": [], "discard": []}, {t: 0 for t in rules.tokens}, [],
                  list(rules.tokens), rounds=rules.counts[len(names)]["rounds"], rng=rng)
    _start_round(state)
    state.events = []
    return state


def start(data: Mapping[str, Any] | Rules, spec: Mapping[str, Any]) -> State:
    """Build the explicit starting state of a replay from its `start` block. Nothing is dealt automatically:
    the state is exactly as described.

    start:
      seed: 0                      # PRNG seed: the order of unnamed cards and tiles, and all later randomness
      players:                     # in clockwise order
        - name: Ana
          counter: fogao-a-lenha   # default: the content's counters in order
          character: confeiteira   # default: the characters in content order, skipping those named
          hand: [arroz-4, tomate-2]
          points: {recipes: 4, sum_bonus: 3, spices: 5}    # score so far (each default 0)
          stove: {nw: {recipe: churrasco, turns: 1}}        # recipes on the stove
          prepared: pao-de-queijo  # the recipe prepared this round, beside the counter
          sum: 8                   # this round's sum (with `prepared`)
          tokens: [spice-token-1]  # spice tokens held
          free_flip: false         # the Raizeiro's free flip already used this round
      round: 1                     # default 1; rounds: default from the player count
      chef: Ana                    # default: the first player
      phase: collect               # collect | prepare | lowest-discard | draft | season | over
      turn: Ana                    # whose decision (default: the chef)
      step: 0                      # moves already made in this phase (collect picks, prepares, draft picks,
                                   # seasoned players); default 0
      display: [galinhada, tapioca]    # recipes on the table
      recipe_discard: []           # discarded recipe tiles; all other tiles form the recipe pile (shuffled)
      face_up: [arroz-1, null]     # left and right of the pile
      pile: [couve-3]              # the top of the pile, TOP FIRST; all unnamed cards follow below, shuffled
      pile_size: 20                # optional: cards in the pile; the unnamed rest goes to the discard pile
      discard: []
      faces: {spice-token-3: 1}    # the face showing (default 0)
      table: [spice-token-1]       # tokens on the table; default: none (all unheld tokens in the supply)
    """
    rules = data if isinstance(data, Rules) else Rules(data)
    no_unknown_fields(spec, {"seed", "players", "round", "rounds", "chef", "phase", "turn", "step", "display",
                       "recipe_discard", "face_up", "pile", "pile_size", "discard", "faces", "table"}, "start")
    card_ledger = Ledger(rules.value, "card", gaps=True)
    tile_ledger = Ledger(rules.recipes, "recipe", gaps=True)
    token_ledger = Ledger(rules.tokens, "spice token", gaps=True)

    raw_players = spec.get("players")
    if not isinstance(raw_players, list) or not rules.min_players <= len(raw_players) <= rules.max_players:
        raise StartError(f"start.players: expected a list of {rules.min_players} to {rules.max_players} players")
    named_chars = [rp.get("character") for rp in raw_players if isinstance(rp, dict)]
    spare_chars = [c for c in rules.characters if c not in named_chars]
    counters = list(rules.counters)
    players: list[Player] = []
    for i, rp in enumerate(raw_players):
        if not isinstance(rp, dict) or not isinstance(rp.get("name"), str):
            raise StartError(f"start.players.{i}: expected a mapping with a name")
        no_unknown_fields(rp, {"name", "counter", "character", "hand", "points", "stove", "prepared", "sum", "tokens",
                         "free_flip"}, f"start.players.{i}")
        where = f"start.players.{rp['name']}"
        counter = rp.get("counter", counters[i])
        character = rp.get("character") or spare_chars.pop(0)
        if counter not in rules.counters:
            raise StartError(f"{where}.counter: unknown counter {counter!r}; known: {', '.join(rules.counters)}")
        if character not in rules.characters:
            raise StartError(f"{where}.character: unknown character {character!r}")
        player = Player(rp["name"], counter, character, card_ledger.take(rp.get("hand", []),
                                                                          f"{where}.hand"))
        pts = rp.get("points") or {}
        no_unknown_fields(pts, set(_points()), f"{where}.points")
        player.points.update({k: int(v) for k, v in pts.items()})
        for space, placed in (rp.get("stove") or {}).items():
            if space not in rules.spaces or not isinstance(placed, dict):
                raise StartError(f"{where}.stove: expected spaces {', '.join(rules.spaces)} with {{recipe, turns}}")
            tile_ledger.take([placed.get("recipe")], f"{where}.stove.{space}")
            player.stove[space] = {"recipe": placed["recipe"], "turns": int(placed.get("turns", 0)) % 4}
        if rp.get("prepared"):
            player.prepared = tile_ledger.take([rp["prepared"]], f"{where}.prepared")[0]
            player.sum = int(rp.get("sum", 0))
        player.tokens = token_ledger.take(rp.get("tokens", []), f"{where}.tokens")
        player.free_flip = bool(rp.get("free_flip", False))
        players.append(player)
    names = [p.name for p in players]
    if len(set(names)) != len(names):
        raise StartError("start.players: player names must be distinct")

    seed = spec.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise StartError(f"start.seed: expected an integer, got {seed!r}")
    rng = rng_seed(seed)
    display = tile_ledger.take(spec.get("display", []), "start.display")
    recipe_discard = tile_ledger.take(spec.get("recipe_discard", []), "start.recipe_discard")
    tiles = tile_ledger.unused(rules.recipes)
    rng = rng_shuffle(rng, tiles)
    face_up = card_ledger.take(spec.get("face_up", [None, None]), "start.face_up")
    if len(face_up) != 2:
        raise StartError("start.face_up: expected [left, right] (null for an empty place)")
    top = card_ledger.take(spec.get("pile", []), "start.pile")
    discard = card_ledger.take(spec.get("discard", []), "start.discard")
    rest = card_ledger.unused(rules.cards)
    rng = rng_shuffle(rng, rest)
    size = spec.get("pile_size", len(top) + len(rest))
    if not isinstance(size, int) or not len(top) <= size <= len(top) + len(rest):
        raise StartError(f"start.pile_size: expected {len(top)} to {len(top) + len(rest)}, got {size!r}")
    filler = rest[:size - len(top)]
    discard += rest[size - len(top):]
    pile = filler + list(reversed(top))
    faces = spec.get("faces") or {}
    tokens = {t: 0 for t in rules.tokens}
    for t, f in faces.items():
        if t not in tokens or f not in (0, 1):
            raise StartError(f"start.faces: expected spice token ids with face 0 or 1, got {t}: {f!r}")
        tokens[t] = f
    table = token_ledger.take(spec.get("table", []), "start.table")
    supply = token_ledger.unused(rules.tokens)
    chef = spec.get("chef", names[0])
    turn = spec.get("turn", chef)
    for key, value in (("chef", chef), ("turn", turn)):
        if value not in names:
            raise StartError(f"start.{key}: {value!r} is not a player ({', '.join(names)})")
    phase = spec.get("phase", "collect")
    if phase not in PHASES:
        raise StartError(f"start.phase: expected one of {', '.join(PHASES)}, got {phase!r}")
    state = State(rules, players, pile, face_up, discard, {"pile": tiles, "display": display,
                                                          "discard": recipe_discard},
                  tokens, table, supply, int(spec.get("round", 1)),
                  int(spec.get("rounds", rules.counts[len(players)]["rounds"])), names.index(chef), phase,
                  names.index(turn), int(spec.get("step", 0)), rng)
    problems = census(state)
    if problems:
        raise StartError("start: " + "; ".join(problems))
    return state


# --- the flow of a round ----------------------------------------------------------------------------------

def _event(s: State, key: str, **params: Any) -> None:
    s.events.append([key, params])


def _draw(s: State) -> str | None:
    """The top card of the pile; an empty pile is first rebuilt from the shuffled discards."""
    if not s.pile and s.discard:
        s.pile, s.discard = s.discard, []
        s.rng = rng_shuffle(s.rng, s.pile)
        _event(s, "step.reshuffle", count=len(s.pile))
    return s.pile.pop() if s.pile else None


def _start_round(s: State) -> None:
    """Lay out 2 recipes per player (reshuffling discarded tiles if needed: the erratum), deal 1 card each
    from the chef on, turn up 2 cards, and begin the collection."""
    need = s.rules.recipes_per_player * s.n
    rec = s.recipes
    if len(rec["pile"]) < need and s.rules.reshuffle_recipes and rec["discard"]:
        rec["pile"] = rec["pile"] + rec["discard"]
        rec["discard"] = []
        s.rng = rng_shuffle(s.rng, rec["pile"])
        _event(s, "step.recipes_reshuffled", count=len(rec["pile"]))
    rec["display"] = [rec["pile"].pop() for _ in range(min(need, len(rec["pile"])))]
    _event(s, "step.round", round=s.round, chef=s.players[s.chef].name, recipes=list(rec["display"]))
    for i in s.order():
        for _ in range(s.rules.starting_cards):
            card = _draw(s)
            if card:
                s.players[i].hand.append(card)
    for k in range(2):
        s.face_up[k] = _draw(s)
    s.phase, s.step = "collect", 0
    _collect_turn(s)


def _peek(s: State) -> None:
    """A Feirante about to choose sees the top card of the pile."""
    if s.phase == "collect" and s.rules.characters[s.current.character]["kind"] == "peek" and s.pile:
        _event(s, "step.peek", player=s.current.name, card=s.pile[-1])


def _advance(s: State) -> None:
    """One more move of this phase is made: pass the turn on, or move to the next phase."""
    s.step += 1
    order = s.order()
    if s.phase == "collect":
        _collect_turn(s)
    elif s.phase == "prepare":
        if s.step < s.n:
            s.turn = order[s.step]
        else:
            _compare(s)
    elif s.phase == "draft":
        snake = _snake(s)
        if s.step < len(snake):
            s.turn = snake[s.step]
        else:
            s.phase, s.step, s.turn = "season", 0, s.chef
    elif s.phase == "season":
        if s.step < s.n:
            s.turn = order[s.step]
        else:
            _end_round(s)


def _collect_turn(s: State) -> None:
    """Give the pick to the next player; a pick with no card left anywhere (every card in a hand) is skipped.
    After the last lap the preparation begins."""
    order = s.order()
    while s.step < s.rules.laps * s.n and not (s.pile or s.discard or any(s.face_up)):
        _event(s, "step.no_card", player=s.players[order[s.step % s.n]].name)
        s.step += 1
    if s.step < s.rules.laps * s.n:
        s.turn = order[s.step % s.n]
        _peek(s)
    else:
        s.phase, s.step, s.turn = "prepare", 0, s.chef


def _snake(s: State) -> list[int]:
    order = s.order()
    seq: list[int] = []
    lap = 0
    while len(seq) < s.n * s.spices_each():
        seq += order if lap % 2 == 0 else list(reversed(order))
        lap += 1
    return seq[:s.n * s.spices_each()]


def _compare(s: State) -> None:
    """Unused recipes are discarded; the highest sum scores 3 (1 each on a tie); the lowest discards a card
    (not with two players, not on a tie, not when fewer than two players prepared)."""
    s.recipes["discard"] += s.recipes["display"]
    s.recipes["display"] = []
    sums = {i: p.sum for i, p in enumerate(s.players) if p.sum is not None}
    lowest = None
    if sums:
        best = max(sums.values())
        top = [i for i, v in sums.items() if v == best]
        bonus = s.rules.highest_bonus if len(top) == 1 else s.rules.tied_bonus
        for i in top:
            s.players[i].points["sum_bonus"] += bonus
        _event(s, "step.highest_sum", players=[s.players[i].name for i in top], sum=best, points=bonus)
        low = min(sums.values())
        bottom = [i for i, v in sums.items() if v == low]
        if s.rules.counts[s.n]["lowest_sum_discard"] and len(sums) >= 2 and len(bottom) == 1:
            lowest = bottom[0]
    if lowest is not None and s.players[lowest].hand:
        s.phase, s.turn, s.step = "lowest-discard", lowest, 0
        _event(s, "step.lowest_sum", player=s.players[lowest].name, sum=s.players[lowest].sum)
        return
    _start_draft(s)


def _start_draft(s: State) -> None:
    s.table, s.supply = s.supply, []
    for t in s.table:
        s.rng, s.tokens[t] = rng_below(s.rng, 2)
    s.phase, s.step, s.turn = "draft", 0, s.chef
    _event(s, "step.throw", chef=s.players[s.chef].name,
           faces=[s.rules.tokens[t][s.tokens[t]] for t in s.table])


def _end_round(s: State) -> None:
    for p in s.players:
        s.supply += p.tokens
        p.tokens, p.prepared, p.sum, p.free_flip = [], None, None, False
    s.supply += s.table
    s.table = []
    s.supply.sort(key=lambda t: list(s.rules.tokens).index(t))
    if s.round >= s.rounds:
        s.phase = "over"
        scores = {x["player"]: x for x in score(s)}
        for p in s.players:
            sc = scores[p.name]
            _event(s, "step.presentation", player=p.name, points=sc["presentation"], frame=sc["frame"],
                   inner=sc["inner"], vegetarian=sc["vegetarian"])
        _event(s, "step.game_over", winners=winners(s))
        return
    s.pile = s.pile + s.discard + [c for c in s.face_up if c]
    s.discard, s.face_up = [], [None, None]
    s.rng = rng_shuffle(s.rng, s.pile)
    s.round += 1
    s.chef = (s.chef + 1) % s.n
    _start_round(s)


# --- moves ------------------------------------------------------------------------------------------------

def apply(state: State, move: Move | Mapping[str, Any]) -> State:
    """Return the state after `move`; raise IllegalMove (and leave `state` untouched) if the rules forbid it."""
    return apply_move(move, lambda: state.copy(with_events=False), _dispatch)


PHASE_OF = {"take": "collect", "prepare": "prepare", "pass": "prepare", "discard": "lowest-discard",
            "pick": "draft", "flip": "season", "place": "season", "done": "season"}
RULE_OF_PHASE = {"collect": R_COLLECT, "prepare": R_PREPARE, "lowest-discard": R_COMPARE, "draft": R_DRAFT,
                 "season": R_SEASON}


def _dispatch(s: State, move: Move) -> None:
    handler = _HANDLERS.get(move.name)
    if handler is None:
        _fail(R_ROUND, "move.unknown", move=move.name, moves=list(MOVE_NAMES))
    if s.phase == "over":
        _fail(R_END, "game.over")
    p = s.player_index(move.player)
    if p is None:
        _fail(R_ROUND, "turn.unknown_player", player=move.player, players=[x.name for x in s.players])
    if not isinstance(move.args, dict):
        _fail(R_ROUND, "move.bad_args", move=move.name)
    if PHASE_OF[move.name] != s.phase:
        rule = RULE_OF_PHASE[PHASE_OF[move.name]]        # the rule of the step the move belongs to
        _fail(rule, "phase.wrong", move=move.name, phase=s.phase)
    if p != s.turn:
        _fail(RULE_OF_PHASE[s.phase], "turn.not_your_turn", player=move.player, current=s.current.name)
    handler(s, p, move.args)


def _arg(args: dict, name: str, rule: str, move: str) -> Any:
    if args.get(name) is None:
        _fail(rule, "move.missing_arg", move=move, arg=name)
    return args[name]


def _card_in_hand(s: State, p: int, card: Any, rule: str) -> str:
    if not isinstance(card, str) or card not in s.rules.value:
        _fail(rule, "card.unknown", card=str(card))
    if card not in s.players[p].hand:
        _fail(rule, "card.not_in_hand", card=card, player=s.players[p].name)
    return card


def _move_take(s: State, p: int, args: dict) -> None:
    where = _arg(args, "from", R_COLLECT, "take")
    player = s.players[p]
    if where in FACE_UP:
        k = FACE_UP.index(where)
        card = s.face_up[k]
        if card is None:
            _fail(R_COLLECT, "take.empty", side=where)
        s.face_up[k] = None
        player.hand.append(card)
        _event(s, "step.take_face_up", player=player.name, card=card, side=where)
        s.face_up[k] = _draw(s)
        if s.face_up[k]:
            _event(s, "step.turn_up", card=s.face_up[k], side=where)
    elif where == "pile":
        if not s.pile and not s.discard:
            _fail(R_COLLECT, "take.pile_empty")
        player.hand.append(_draw(s))
        _event(s, "step.take_pile", player=player.name)
    else:
        _fail(R_COLLECT, "take.bad_source", source=str(where))
    _advance(s)


def _plan_prepare(s: State, p: int, args: dict) -> dict:
    """Check a `prepare` move without changing anything; return what it does."""
    rules, player = s.rules, s.players[p]
    recipe = _arg(args, "recipe", R_PREPARE, "prepare")
    if recipe not in s.recipes["display"]:
        _fail(R_PREPARE, "prepare.not_on_display", recipe=str(recipe), display=list(s.recipes["display"]))
    needs = rules.recipes[recipe]["needs"]
    cards = args.get("cards") or []
    symbols = args.get("symbols") or []
    buys = args.get("buy") or []
    free = bool(args.get("free"))
    if not isinstance(cards, list) or not isinstance(symbols, list) or not isinstance(buys, list):
        _fail(R_PREPARE, "move.bad_args", move="prepare")
    named: list[str] = []

    def claim(card: Any, rule: str) -> str:
        card = _card_in_hand(s, p, card, rule)
        if card in named:
            _fail(rule, "card.twice", card=card)
        named.append(card)
        return card

    supplied: dict[str, list] = {c: [] for c in rules.classes}     # class -> [source]
    for card in cards:
        claim(card, R_PREPARE)
        supplied[rules.cls[card]].append("card")
    used_syms = []
    for sym in symbols:
        if not isinstance(sym, dict):
            _fail(R_COUNTER, "move.bad_args", move="prepare")
        counter, cls = sym.get("counter"), sym.get("class")
        owners = [i for i, x in enumerate(s.players) if x.counter == counter]
        if not owners:
            _fail(R_COUNTER, "symbol.no_counter", counter=str(counter),
                  counters=[x.counter for x in s.players])
        if rules.symbol_value(counter, cls) is None:
            _fail(R_COUNTER, "symbol.not_on_counter", counter=counter, cls=str(cls),
                  symbols=[x["class"] for x in rules.counters[counter]["symbols"]])
        if (counter, cls) in [(u["counter"], u["class"]) for u in used_syms]:
            _fail(R_COUNTER, "symbol.once", counter=counter, cls=cls)
        pay = claim(_arg(sym, "pay", R_COUNTER, "prepare"), R_COUNTER)
        used_syms.append({"counter": counter, "class": cls, "pay": pay, "owner": owners[0],
                          "value": rules.symbol_value(counter, cls)})
        supplied[cls].append("symbol")
    ability = rules.characters[player.character]
    if free:
        if ability["kind"] != "free-symbol":
            _fail(R_FREE, "free.none", player=player.name, character=player.character)
        supplied[ability["class"]].append("free")
    shown = {x["class"] for q in s.players for x in rules.counters[q.counter]["symbols"]}
    bought = []
    for b in buys:
        if not isinstance(b, dict):
            _fail(R_MISSING, "move.bad_args", move="prepare")
        cls = b.get("class")
        if cls not in rules.classes:
            _fail(R_MISSING, "buy.unknown_class", cls=str(cls), classes=list(rules.classes))
        if cls in shown:
            _fail(R_MISSING, "buy.on_counter", cls=cls)
        pay = b.get("pay")
        if not isinstance(pay, list) or len(pay) != rules.buy_cards:
            _fail(R_MISSING, "buy.pay", cls=cls, count=rules.buy_cards)
        bought.append({"class": cls, "pay": [claim(c, R_MISSING) for c in pay]})
        supplied[cls].append("buy")
    rule_of = {"symbol": R_COUNTER, "free": R_FREE, "buy": R_MISSING}
    for cls in rules.classes:
        need, got = needs.count(cls), supplied[cls]
        if len(got) < need:
            _fail(R_PREPARE, "prepare.missing", recipe=recipe, cls=cls, need=need, got=len(got))
        if len(got) > need:
            _fail(R_PREPARE, "prepare.extra", recipe=recipe, cls=cls, need=need, got=len(got))
        substitutes = [x for x in got if x != "card"]
        held = sum(1 for c in player.hand if rules.cls[c] == cls)
        if substitutes and held > got.count("card"):
            _fail(rule_of[substitutes[0]], "prepare.not_missing", cls=cls, held=held, need=need)
    total = sum(rules.value[c] for c in cards) + sum(u["value"] for u in used_syms) \
        + rules.buy_value * len(bought) + (ability["value"] if free else 0) \
        + (ability["value"] if ability["kind"] == "sum-bonus" else 0)
    bonus = rules.recipes[recipe]["bonus"]
    extra = bonus["points"] if bonus and any(rules.ingredient[c] == bonus["ingredient"] for c in cards) else 0
    return {"recipe": recipe, "cards": list(cards), "symbols": used_syms, "buy": bought, "free": free,
            "sum": total, "points": rules.recipes[recipe]["points"], "bonus": extra}


def _move_prepare(s: State, p: int, args: dict) -> None:
    plan = _plan_prepare(s, p, args)
    player = s.players[p]
    for card in plan["cards"]:
        player.hand.remove(card)
        s.discard.append(card)
    for sym in plan["symbols"]:
        player.hand.remove(sym["pay"])
        owner = s.players[sym["owner"]]
        if sym["owner"] == p:
            s.discard.append(sym["pay"])
            _event(s, "step.own_symbol", player=player.name, cls=sym["class"], value=sym["value"], card=sym["pay"])
        else:
            owner.hand.append(sym["pay"])
            _event(s, "step.other_symbol", player=player.name, owner=owner.name, cls=sym["class"],
                   value=sym["value"], card=sym["pay"])
    for b in plan["buy"]:
        for card in b["pay"]:
            player.hand.remove(card)
            s.discard.append(card)
        _event(s, "step.buy", player=player.name, cls=b["class"], cards=b["pay"])
    if plan["free"]:
        _event(s, "step.free_symbol", player=player.name, character=player.character)
    s.recipes["display"].remove(plan["recipe"])
    player.prepared, player.sum = plan["recipe"], plan["sum"]
    player.points["recipes"] += plan["points"] + plan["bonus"]
    _event(s, "step.prepare", player=player.name, recipe=plan["recipe"], cards=plan["cards"], sum=plan["sum"],
           points=plan["points"] + plan["bonus"], bonus=plan["bonus"])
    _advance(s)


def _move_pass(s: State, p: int, args: dict) -> None:
    _event(s, "step.pass", player=s.players[p].name)
    _advance(s)


def _move_discard(s: State, p: int, args: dict) -> None:
    card = _card_in_hand(s, p, _arg(args, "card", R_COMPARE, "discard"), R_COMPARE)
    s.players[p].hand.remove(card)
    s.discard.append(card)
    _event(s, "step.lowest_discard", player=s.players[p].name, card=card)
    _start_draft(s)


def _move_pick(s: State, p: int, args: dict) -> None:
    token = _arg(args, "token", R_DRAFT, "pick")
    if token not in s.table:
        _fail(R_DRAFT, "pick.not_on_table", token=str(token))
    s.table.remove(token)
    s.players[p].tokens.append(token)
    faces = s.rules.tokens[token]
    _event(s, "step.pick", player=s.players[p].name, token=token, spice=faces[s.tokens[token]],
           hidden=faces[1 - s.tokens[token]])
    _advance(s)


def _move_flip(s: State, p: int, args: dict) -> None:
    player = s.players[p]
    token = _arg(args, "token", R_FLIP, "flip")
    if token not in player.tokens:
        _fail(R_FLIP, "flip.not_yours", token=str(token), player=player.name)
    free = s.rules.characters[player.character]["kind"] == "free-flip" and not player.free_flip
    if args.get("pay") is None:
        if not free:
            rule = R_RAIZEIRO if s.rules.characters[player.character]["kind"] == "free-flip" else R_FLIP
            _fail(rule, "flip.needs_card", token=token)
        player.free_flip = True
        paid = None
    else:
        paid = _card_in_hand(s, p, args["pay"], R_FLIP)
        player.hand.remove(paid)
        s.discard.append(paid)
    s.tokens[token] = 1 - s.tokens[token]
    _event(s, "step.flip", player=player.name, token=token, spice=s.rules.tokens[token][s.tokens[token]],
           card=paid or "-")


def spice_score(rules: Rules, counter: str, spices: list[str]) -> tuple[int, set]:
    """The best score of these token faces on this counter and the spices that score in it. Each token counts
    once; with combos {a} 1, {b, c} 3, {a, b, c} 5, as many triples as possible, then pairs and singles."""
    combos = {len(c["spices"]): c for c in rules.counters[counter]["combos"]}
    (single,), pair = combos[1]["spices"], combos[2]["spices"]
    na, nb, nc = spices.count(single), spices.count(pair[0]), spices.count(pair[1])
    triples = min(na, nb, nc)
    pairs = min(nb, nc) - triples
    singles = na - triples
    points = triples * combos[3]["points"] + pairs * combos[2]["points"] + singles * combos[1]["points"]
    used = ({single} if na else set()) | (set(pair) if min(nb, nc) else set())
    return points, used


def _season_score(s: State, p: int) -> set:
    player = s.players[p]
    faces = [s.rules.tokens[t][s.tokens[t]] for t in player.tokens]
    points, used = spice_score(s.rules, player.counter, faces)
    player.points["spices"] += points
    _event(s, "step.spices", player=player.name, spices=faces, points=points)
    return used


def _move_place(s: State, p: int, args: dict) -> None:
    player, rules = s.players[p], s.rules
    if player.prepared is None:
        _fail(R_STOVE, "place.nothing", player=player.name)
    space = _arg(args, "space", R_STOVE, "place")
    if space not in rules.spaces:
        _fail(R_STOVE, "place.no_space", space=str(space), spaces=list(rules.spaces))
    if space in player.stove:
        _fail(R_STOVE, "place.taken", space=space, recipe=player.stove[space]["recipe"])
    turns = args.get("turns", 0)
    if not isinstance(turns, int) or isinstance(turns, bool) or not 0 <= turns <= 3:
        _fail(R_STOVE, "place.turns", turns=str(turns))
    used = _season_score(s, p)
    recipe = player.prepared
    player.stove[space] = {"recipe": recipe, "turns": turns}
    player.prepared = None
    _event(s, "step.place", player=player.name, recipe=recipe, space=space, turns=turns)
    covered = rules.counters[player.counter]["stove"]["spaces"][space]
    if all(sp in used for sp in covered):
        for _ in range(rules.stove_bonus_cards):
            card = _draw(s)
            if card:
                player.hand.append(card)
                _event(s, "step.stove_bonus", player=player.name, spices=covered)
    _advance(s)


def _move_done(s: State, p: int, args: dict) -> None:
    player = s.players[p]
    if player.prepared is not None:
        _fail(R_STOVE, "done.must_place", player=player.name, recipe=player.prepared)
    _season_score(s, p)
    _event(s, "step.done", player=player.name)
    _advance(s)


_HANDLERS = {"take": _move_take, "prepare": _move_prepare, "pass": _move_pass, "discard": _move_discard,
             "pick": _move_pick, "flip": _move_flip, "place": _move_place, "done": _move_done}


# --- legal moves ------------------------------------------------------------------------------------------

def legal_moves(state: State) -> list[Move]:
    """Every legal move, except that `prepare` lists one canonical way per recipe (the best cards of each class;
    a missing class from the free symbol, the own counter, another counter or by buying; payment with the
    lowest cards) and `flip` pays with the lowest card."""
    s, rules = state, state.rules
    if s.phase == "over":
        return []
    player = s.current
    name = player.name
    if s.phase == "collect":
        moves = [Move(name, "take", {"from": side}) for k, side in enumerate(FACE_UP) if s.face_up[k]]
        if s.pile or s.discard:
            moves.append(Move(name, "take", {"from": "pile"}))
        return moves
    if s.phase == "prepare":
        moves = [Move(name, "pass", {})]
        by_value = sorted(player.hand, key=lambda c: (-rules.value[c], c))
        shown = {x["class"] for q in s.players for x in rules.counters[q.counter]["symbols"]}
        for recipe in s.recipes["display"]:
            args = _canonical_prepare(s, s.turn, recipe, by_value, shown)
            if args is not None:
                moves.append(Move(name, "prepare", args))
        return moves
    if s.phase == "lowest-discard":
        return [Move(name, "discard", {"card": c}) for c in player.hand]
    if s.phase == "draft":
        return [Move(name, "pick", {"token": t}) for t in s.table]
    moves = []
    free = rules.characters[player.character]["kind"] == "free-flip" and not player.free_flip
    cheapest = min(player.hand, key=lambda c: (rules.value[c], c)) if player.hand else None
    for t in player.tokens:
        if free:
            moves.append(Move(name, "flip", {"token": t}))
        elif cheapest:
            moves.append(Move(name, "flip", {"token": t, "pay": cheapest}))
    if player.prepared is None:
        moves.append(Move(name, "done", {}))
    else:
        moves += [Move(name, "place", {"space": sp, "turns": k}) for sp in rules.spaces if sp not in player.stove
                  for k in range(4)]
    return moves


def _canonical_prepare(s: State, p: int, recipe: str, by_value: list, shown: set) -> dict | None:
    """by_value: the hand, best first; shown: the classes the counters in play show."""
    rules, player = s.rules, s.players[p]
    needs = rules.recipes[recipe]["needs"]
    cards: list[str] = []
    missing: list[str] = []
    for cls in dict.fromkeys(needs):
        have = [c for c in by_value if rules.cls[c] == cls][:needs.count(cls)]
        cards += have
        missing += [cls] * (needs.count(cls) - len(have))
    spare = [c for c in reversed(by_value) if c not in cards]
    ability = rules.characters[player.character]
    args: dict[str, Any] = {"recipe": recipe, "cards": cards}
    symbols, buys, used = [], [], set()
    for cls in missing:
        if ability["kind"] == "free-symbol" and ability["class"] == cls and not args.get("free"):
            args["free"] = True
            continue
        options = [q.counter for q in [player] + [x for x in s.players if x is not player]
                   if rules.symbol_value(q.counter, cls) is not None and (q.counter, cls) not in used]
        if options and spare:
            used.add((options[0], cls))
            symbols.append({"counter": options[0], "class": cls, "pay": spare.pop(0)})
        elif cls not in shown and len(spare) >= rules.buy_cards:
            buys.append({"class": cls, "pay": [spare.pop(0) for _ in range(rules.buy_cards)]})
        else:
            return None
    if symbols:
        args["symbols"] = symbols
    if buys:
        args["buy"] = buys
    # Valid by construction (all held cards of a missing class are used, so payments never claim a class the
    # player lacks; each symbol once; buying only where no counter shows the class): the tests apply every
    # listed move, so the full check is not repeated here for speed.
    return args


# --- scoring ----------------------------------------------------------------------------------------------

def presentation(rules: Rules, stove: Mapping[str, Mapping[str, Any]], counter: str) -> tuple[int, int]:
    """(frame matches, inner matches) of a stove: a recipe edge against the frame's half-symbol of the same
    colour, or two neighbouring recipe edges of the same colour."""
    frame_colours = rules.counters[counter]["stove"]["frame"]
    edges = {sp: rules.edges(v["recipe"], v["turns"]) for sp, v in stove.items()}
    frame = sum(1 for (sp, side), colour in zip(rules.frame, frame_colours)
                if sp in edges and edges[sp][side] == colour)
    inner = sum(1 for (a, sa), (b, sb) in rules.inner if a in edges and b in edges and edges[a][sa] == edges[b][sb])
    return frame, inner


def score(state: State) -> list[dict]:
    """Each player's breakdown: recipes (with bonus ingredients), sum bonuses, spices, presentation
    (frame + inner matches on the stove) and the vegetarian prize; total = all of them."""
    rules = state.rules
    veg = [sum(1 for v in p.stove.values() if rules.recipes[v["recipe"]]["vegetarian"]) for p in state.players]
    best = max(veg) if veg else 0
    leaders = [i for i, v in enumerate(veg) if v == best and best > 0]
    out = []
    for i, p in enumerate(state.players):
        frame, inner = presentation(rules, p.stove, p.counter)
        prize = 0 if i not in leaders else rules.veg_points if len(leaders) == 1 else rules.veg_tied
        parts = dict(p.points)
        total = sum(parts.values()) + frame + inner + prize
        out.append({"player": p.name, **parts, "frame": frame, "inner": inner, "presentation": frame + inner,
                    "vegetarian_recipes": veg[i], "vegetarian": prize, "total": total})
    return out


def ranking(state: State) -> list[dict]:
    """Players best first: by total, then by presentation points; equal on both share the rank."""
    scores = score(state)
    key = {x["player"]: (x["total"], x["presentation"]) for x in scores}
    ranked = sorted(scores, key=lambda x: key[x["player"]], reverse=True)
    return [{"player": x["player"], "total": x["total"], "presentation": x["presentation"],
             "rank": 1 + sum(1 for o in scores if key[o["player"]] > key[x["player"]])} for x in ranked]


def is_over(state: State) -> bool:
    return state.phase == "over"


def winners(state: State) -> list[str]:
    return [r["player"] for r in ranking(state) if r["rank"] == 1]

def length(state: State) -> dict:
    """Game length beyond moves, for `tischlein simulate`: rounds played."""
    return {"rounds": state.round}


# --- expect -----------------------------------------------------------------------------------------------

EXPECT_FIELDS = {"turn", "phase", "round", "chef", "step", "display", "display_size", "recipe_pile_size", "face_up",
                 "pile_size", "discard_has", "recipe_discard", "table_size", "players", "winners"}
PLAYER_FIELDS = {"hand", "hand_has", "hand_lacks", "hand_size", "stove", "prepared", "sum", "tokens", "score",
                 "scoring"}


def check_expect(state: State, expect: Mapping[str, Any]) -> list[str]:
    """Differences between `state` and a replay's `expect` (empty = as expected). Every field is optional:

    expect:
      turn: Ana                     # whose decision
      phase: season                 # collect | prepare | lowest-discard | draft | season | over
      round: 2
      chef: Bia
      step: 0
      display: [galinhada]          # recipes on the table, in any order
      display_size: 8               # how many recipes lie on the table
      recipe_pile_size: 9           # recipe tiles left in the pile
      face_up: [arroz-1, null]
      pile_size: 20
      discard_has: [arroz-4]
      recipe_discard: [tapioca]     # in any order
      table_size: 6                 # spice tokens on the table
      players:
        Ana:
          hand: [...]  hand_has: [...]  hand_lacks: [...]  hand_size: 3
          stove: {se: {recipe: pao-de-queijo, turns: 0}}     # the whole stove
          prepared: galinhada       # or null
          sum: 8                    # or null
          tokens: [spice-token-1]   # in any order
          score: 21                 # total
          scoring: {recipes: 4, sum_bonus: 3, spices: 5, frame: 6, inner: 2, presentation: 8, vegetarian: 3}
      winners: [Ana]
    """
    diffs: list[str] = []
    no_unknown_fields(expect, EXPECT_FIELDS, "expect")
    names = [p.name for p in state.players]

    def same(path: str, want: Any, got: Any) -> None:
        if want != got:
            diffs.append(f"{path}: expected {want!r}, got {got!r}")

    plain = {"turn": state.current.name, "phase": state.phase, "round": state.round, "chef": names[state.chef],
             "step": state.step, "face_up": list(state.face_up), "pile_size": len(state.pile),
             "table_size": len(state.table), "display_size": len(state.recipes["display"]),
             "recipe_pile_size": len(state.recipes["pile"])}
    for key, got in plain.items():
        if key in expect:
            same(key, expect[key], got)
    if "display" in expect:
        same("display", sorted(expect["display"]), sorted(state.recipes["display"]))
    if "recipe_discard" in expect:
        same("recipe_discard", sorted(expect["recipe_discard"]), sorted(state.recipes["discard"]))
    for card in expect.get("discard_has", []) or []:
        if card not in state.discard:
            diffs.append(f"discard_has: {card} is not in the discard pile")
    scores = {x["player"]: x for x in score(state)}
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
        if "stove" in want:
            same(f"{path}.stove", {k: {"recipe": v["recipe"], "turns": v.get("turns", 0)}
                                   for k, v in (want["stove"] or {}).items()}, player.stove)
        if "prepared" in want:
            same(f"{path}.prepared", want["prepared"], player.prepared)
        if "sum" in want:
            same(f"{path}.sum", want["sum"], player.sum)
        if "tokens" in want:
            same(f"{path}.tokens", sorted(want["tokens"]), sorted(player.tokens))
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
    """The state as compact text: round, chef, phase and turn; the pile, face-up cards and discards; recipes on
    the table; spice tokens on the table; each player's counter, character, hand, tokens, stove and score."""
    s, rules = state, state.rules
    head = f"Round {s.round} of {s.rounds} · chef {s.players[s.chef].name} · "
    head += "game over" if s.phase == "over" else f"phase: {s.phase} · turn: {s.current.name} · step {s.step}"
    top = f" (top: {s.pile[-1]})" if s.pile else ""
    lines = [head,
             f"Pile: {len(s.pile)} card{'s' if len(s.pile) != 1 else ''}{top} · face up: "
             f"{s.face_up[0] or '-'} | {s.face_up[1] or '-'} · discard: {len(s.discard)}",
             f"Recipes on the table: {' '.join(s.recipes['display']) or '-'} · recipe pile "
             f"{len(s.recipes['pile'])}, discarded {len(s.recipes['discard'])}"]
    if s.table:
        lines.append("Spices on the table: " + " ".join(f"{t}={rules.tokens[t][s.tokens[t]]}" for t in s.table))
    scores = {x["player"]: x for x in score(s)}
    width = max(len(p.name) for p in s.players)
    for i, p in enumerate(s.players):
        mark = ">" if i == s.turn and s.phase != "over" else " "
        pad = " " * width
        lines.append(f"{mark} {p.name.ljust(width)}  {p.counter} · {p.character} · hand ({len(p.hand)}): "
                     f"{' '.join(p.hand) or '-'}")
        if p.prepared or p.tokens:
            extra = [f"prepared {p.prepared} (sum {p.sum})"] if p.prepared else []
            if p.tokens:
                extra.append("spices " + " ".join(f"{t}={rules.tokens[t][s.tokens[t]]}" for t in p.tokens))
            lines.append(f"  {pad}  {' · '.join(extra)}")
        if p.stove:
            lines.append(f"  {pad}  stove: " + " ".join(
                f"{sp}={p.stove[sp]['recipe']}/{p.stove[sp]['turns']}" for sp in rules.spaces if sp in p.stove))
        sc = scores[p.name]
        lines.append(f"  {pad}  score: {sc['total']} (recipes {sc['recipes']}, sums {sc['sum_bonus']}, spices "
                     f"{sc['spices']}, presentation {sc['presentation']}, vegetarian {sc['vegetarian']})")
    if s.phase == "over":
        lines.append("Game over. " + " ".join(f"{r['rank']}. {r['player']} {r['total']}" for r in ranking(s)))
    return "\n".join(lines)
