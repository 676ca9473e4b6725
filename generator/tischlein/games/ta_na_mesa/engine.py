"""Tá na Mesa rules engine: moves, legality, scoring, replay start/expect and text rendering (see tischlein.engine).

Reads only the JSON from `TaNaMesa.engine_data()`. Ingredient cards by id: `arroz-4` is Arroz of quality 4.

A round: lay out recipes → collect (1 card dealt, then 3 laps of picks from two face-up cards or the pile) →
prepare (one recipe each, or pass) → compare sums (→ the lowest may have to discard) → draft spice tokens
(snake order) → season (each player turns tokens over, then scores spices and puts the recipe on the stove) →
round end. After the last round: presentation and the vegetarian prize.

Moves (phases: collect | prepare | lowest-discard | draft | season | over):
    take     {from: left|right|pile}                    collect
    prepare  {recipe, cards: [card], symbols?: [{counter, class, pay}], free?: true, buy?: [{class, pay: [card,
             card]}]}                                    prepare: one recipe; or `pass {}`, preparing nothing
    discard  {card}                                      lowest-discard: the lowest sum discards a card
    pick     {token}                                     draft: a spice token
    flip     {token, pay?: card}                         season: turn a token over (no pay: the Raizeiro)
    place    {space, turns: 0..3}                        season: the prepared recipe onto the stove, `turns`
             / done {} if nothing was prepared           quarter turns clockwise

Decisions where the rulebook is silent (beyond the content's reconstructions, which the engine follows):
  * Player i plays at the i-th counter of the content; characters are dealt at random from the state's PRNG
    unless `new_game(..., characters=[...])` names them. The first name in `players` is the first chef.
  * An empty pile is reshuffled from the discards when a card must be drawn; a face-up space that cannot be
    refilled stays empty; with no card left anywhere (all in hands) the remaining collection picks are skipped.
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

from ...engine import (STR, Arg, Check, Engine, GameState, InvalidMove, Ledger, Move, Record, Start,
                       StartError, fail, ids, move, one_id, rng_below, rng_seed, rng_shuffle)

PHASES = ("collect", "prepare", "lowest-discard", "draft", "season", "over")
SIDES = ("top", "right", "bottom", "left")
FACE_UP = ("left", "right")
CARD = one_id("value")

R = "ta-na-mesa."
R_ROUND, R_COLLECT, R_END, R_SEASON = R + "round", R + "collect", R + "end", R + "season"
R_PREPARE, R_COUNTER, R_MISSING = R + "prepare", R + "prepare.counter", R + "prepare.missing"
R_COMPARE, R_DRAFT, R_FLIP, R_STOVE = R + "prepare.compare", R + "season.draft", R + "season.flip", R + "season.stove"
R_FREE, R_RAIZEIRO = R + "characters.free-symbol", R + "characters.raizeiro"
# Someone moving out of turn breaks the rule of the step the round is in.
RULE_OF_PHASE = {"collect": R_COLLECT, "prepare": R_PREPARE, "lowest-discard": R_COMPARE, "draft": R_DRAFT,
                 "season": R_SEASON}


@dataclass
class Points(Record):
    recipes: int = 0
    sum_bonus: int = 0
    spices: int = 0


@dataclass
class Placed(Record):
    recipe: str
    turns: int


@dataclass
class Player(Record):
    name: str
    counter: str
    character: str
    hand: list[str] = field(default_factory=list)
    points: Points = field(default_factory=Points)           # scored so far
    stove: dict[str, Placed] = field(default_factory=dict)   # space -> the recipe placed there
    prepared: str | None = None                              # this round's recipe, beside the counter
    sum: int | None = None                                   # its sum
    tokens: list[str] = field(default_factory=list)
    free_flip: bool = False                                  # the Raizeiro's free flip is used


@dataclass
class Tiles(Record):
    pile: list[str]                # the top last
    display: list[str]
    discard: list[str]


@dataclass
class State(GameState):
    GAME = "ta-na-mesa"
    players: list[Player]
    pile: list[str]                # ingredient cards, the top last
    face_up: list[str | None]      # left, right (None: empty)
    discard: list[str]
    recipes: Tiles
    tokens: dict[str, int]         # spice token -> the index of the face showing
    table: list[str]
    supply: list[str]
    round: int = 1
    rounds: int = 4
    chef: int = 0                  # player index
    phase: str = "collect"
    turn: int = 0                  # whose decision
    step: int = 0                  # moves made in this phase
    rng: int = 0
    events: list = field(default_factory=list)

    def order(self) -> list[int]:
        """Player indexes clockwise from the chef."""
        n = len(self.players)
        return [(self.chef + k) % n for k in range(n)]


def _count(kind: str, known: Any, items: list) -> list[str]:
    """Census problems of one kind of component: unknown, in several places, missing."""
    seen: dict[str, int] = {}
    for item in items:
        seen[item] = seen.get(item, 0) + 1
    problems = [f"unknown {kind} {item}" if item not in known else f"{kind} {item} is in {k} places"
                for item, k in seen.items() if item not in known or k > 1]
    missing = [x for x in known if x not in seen]
    return problems + ([f"{kind}s missing: {', '.join(missing)}"] if missing else [])


class TaNaMesa(Engine):
    GAME = "ta-na-mesa"
    State = State
    PHASES = PHASES
    TURN_RULE, END_RULE = R_ROUND, R_END
    RULE_IDS = frozenset(R + rule for rule in (
        "round", "round.recipes", "round.end", "collect", "prepare", "prepare.counter", "prepare.missing",
        "prepare.sum", "prepare.compare", "season.draft", "season.flip", "season.score", "season.stove", "season",
        "presentation", "vegetarian", "end", "characters.free-symbol", "characters.raizeiro"))

    def __init__(self, data: Mapping[str, Any]):
        super().__init__(data)
        self.counts: dict[int, dict] = {int(k): v for k, v in data["player_counts"].items()}
        self.rules: dict[str, Any] = dict(data["rules"])    # recipes_per_player, collection_laps, buy_missing_cards …
        self.buy_cards: int = self.rules["buy_missing_cards"]
        cards = data["ingredient_cards"]
        self.cards: list[str] = [c["id"] for c in cards]
        self.value: dict[str, int] = {c["id"]: c["value"] for c in cards}
        self.ingredient: dict[str, str] = {c["id"]: c["type"] for c in cards}
        self.cls: dict[str, str] = {c["id"]: data["ingredients"][c["type"]]["class"] for c in cards}
        self.classes: list[str] = list(data["classes"])
        self.recipes: dict[str, dict] = dict(data["recipes"])
        self.tokens: dict[str, list[str]] = {t["id"]: list(t["faces"]) for t in data["spice_tokens"]}
        self.counters: dict[str, dict] = dict(data["counters"])
        self.characters: dict[str, dict] = dict(data["characters"])
        layout = data["stove_layout"]
        self.spaces: list[str] = list(layout["spaces"])
        self.frame = [(sp, SIDES.index(side)) for sp, side in layout["frame"]]
        self.inner = [((a[0], SIDES.index(a[1])), (b[0], SIDES.index(b[1]))) for a, b in layout["inner"]]
        self.veg_prize: dict[str, int] = dict(data["vegetarian_prize"])      # points, tied_points

    # --- facts of the components -----------------------------------------------------------------------
    def edges(self, recipe: str, turns: int) -> list[str]:
        """A tile's edge colours (top, right, bottom, left) after `turns` quarter turns clockwise."""
        e = self.recipes[recipe]["edges"]
        return [e[(side - turns) % 4] for side in range(4)]

    def symbol_value(self, counter: str, cls: Any) -> int | None:
        return next((sym["value"] for sym in self.counters[counter]["symbols"] if sym["class"] == cls), None)

    def kind(self, player: Player) -> str:
        """The kind of the player's character's ability: peek, free-symbol, sum-bonus, free-flip …"""
        return self.characters[player.character]["kind"]

    def face(self, s: State, token: str) -> str:
        return self.tokens[token][s.tokens[token]]

    def spice_score(self, counter: str, spices: list[str]) -> tuple[int, set]:
        """The best score of these token faces on this counter and the spices that score in it. Each token counts
        once; with combos {a} 1, {b, c} 3, {a, b, c} 5, as many triples as possible, then pairs and singles."""
        combos = {len(c["spices"]): c for c in self.counters[counter]["combos"]}
        (single,), pair = combos[1]["spices"], combos[2]["spices"]
        na, nb, nc = spices.count(single), spices.count(pair[0]), spices.count(pair[1])
        triples = min(na, nb, nc)
        pairs, singles = min(nb, nc) - triples, na - triples
        points = triples * combos[3]["points"] + pairs * combos[2]["points"] + singles * combos[1]["points"]
        return points, ({single} if na else set()) | (set(pair) if min(nb, nc) else set())

    def presentation(self, stove: Mapping[str, Placed], counter: str) -> tuple[int, int]:
        """(frame matches, inner matches) of a stove: a recipe edge against the frame's half-symbol of the same
        colour, or two neighbouring recipe edges of the same colour."""
        colours = self.counters[counter]["stove"]["frame"]
        edges = {sp: self.edges(v.recipe, v.turns) for sp, v in stove.items()}
        frame = sum(1 for (sp, side), colour in zip(self.frame, colours) if sp in edges and edges[sp][side] == colour)
        inner = sum(1 for (a, sa), (b, sb) in self.inner if a in edges and b in edges and edges[a][sa] == edges[b][sb])
        return frame, inner

    def turn_rule(self, s: State) -> str:
        return RULE_OF_PHASE[s.phase]

    def census(self, s: State) -> list[str]:
        """Every ingredient card, recipe tile and spice token exactly once; a valid phase and turn."""
        ps = s.players
        cards = s.pile + [c for c in s.face_up if c] + s.discard + [c for p in ps for c in p.hand]
        tiles = s.recipes.pile + s.recipes.display + s.recipes.discard + [p.prepared for p in ps if p.prepared]
        tiles += [v.recipe for p in ps for v in p.stove.values()]
        problems = [f"{p.name}: no stove space {space}" for p in ps for space in p.stove if space not in self.spaces]
        problems += [f"{p.name}: unknown counter {p.counter}" for p in ps if p.counter not in self.counters]
        problems += [f"{p.name}: unknown character {p.character}" for p in ps if p.character not in self.characters]
        problems += _count("card", self.value, cards) + _count("recipe", self.recipes, tiles)
        problems += _count("spice token", self.tokens, s.table + s.supply + [t for p in ps for t in p.tokens])
        if sorted(s.tokens) != sorted(self.tokens) or any(f not in (0, 1) for f in s.tokens.values()):
            problems.append("every spice token needs a face 0 or 1")
        n = len(ps)
        if len({p.counter for p in ps}) != n or len({p.character for p in ps}) != n:
            problems.append("two players share a counter or a character")
        if s.phase not in PHASES:
            problems.append(f"unknown phase {s.phase!r}")
        if not 0 <= s.turn < n or not 0 <= s.chef < n:
            problems.append("turn or chef is not a player")
        if len(s.face_up) != len(FACE_UP):
            problems.append("expected two face-up places")
        return problems

    # --- setup ------------------------------------------------------------------------------------------
    def setup(self, names: list[str], seed: int, characters: list[str] | None = None) -> State:
        """Counters in content order, characters dealt at random (or as given), the first player is chef; round 1
        starts at once (recipes laid out, a card dealt to each, two cards face up)."""
        rng = rng_seed(seed)
        if characters is None:
            deck = list(self.characters)
            rng = rng_shuffle(rng, deck)
            characters = deck[:len(names)]
        elif len(characters) != len(names) or len(set(characters)) != len(names) \
                or any(c not in self.characters for c in characters):
            raise ValueError(f"expected {len(names)} different characters of {', '.join(self.characters)}")
        pile, tiles = list(self.cards), list(self.recipes)
        rng = rng_shuffle(rng, pile)
        rng = rng_shuffle(rng, tiles)
        players = [Player(n, c, ch) for n, c, ch in zip(names, list(self.counters), characters)]
        state = State(players, pile, [None, None], [], Tiles(tiles, [], []), {t: 0 for t in self.tokens}, [],
                      list(self.tokens), rounds=self.counts[len(names)]["rounds"], rng=rng)
        self._start_round(state)
        state.events = []
        return state

    def start(self, spec: Mapping[str, Any]) -> State:
        """The explicit starting state of a replay; nothing is dealt, the state is exactly as described.

        start:
          seed: 0                      # PRNG seed: the order of unnamed cards and tiles, and all later randomness
          players:                     # in clockwise order
            - name: Ana
              counter: fogao-a-lenha   # default: the content's counters in order
              character: confeiteira   # default: the characters in content order, skipping those named
              hand: [arroz-4, tomate-2]
              points: {recipes: 4, sum_bonus: 3, spices: 5}    # scored so far (each default 0)
              stove: {nw: {recipe: churrasco, turns: 1}}        # recipes on the stove
              prepared: pao-de-queijo  # this round's recipe, beside the counter; sum: 8 is its sum
              tokens: [spice-token-1]  # spice tokens held; free_flip: true once the Raizeiro's flip is used
          round: 1                     # default 1; rounds: default from the player count
          chef: Ana                    # default: the first player; turn: whose decision (default: the chef)
          phase: collect               # collect | prepare | lowest-discard | draft | season | over
          step: 0                      # moves made in this phase (picks, prepares, seasoned players); default 0
          display: [galinhada]         # recipes on the table; recipe_discard: [tapioca]; all other tiles
                                       # form the recipe pile (shuffled)
          face_up: [arroz-1, null]     # left and right of the pile; discard: [ovo-1]
          pile: [couve-3]              # the top of the pile, TOP FIRST; all unnamed cards follow, shuffled, up to
          pile_size: 20                # (optional) this many cards; the unnamed rest goes to the discard pile
          faces: {spice-token-3: 1}    # the face showing (default 0)
          table: [spice-token-1]       # tokens on the table; default: none (all unheld tokens in the supply)
        """
        st = Start(spec, {"seed", "players", "round", "rounds", "chef", "phase", "turn", "step", "display",
                          "recipe_discard", "face_up", "pile", "pile_size", "discard", "faces", "table"})
        cards = Ledger(self.value, "card", gaps=True)
        tiles, tokens = Ledger(self.recipes, "recipe"), Ledger(self.tokens, "spice token")
        raw = st.players({"counter", "character", "hand", "points", "stove", "prepared", "sum", "tokens",
                          "free_flip"}, self.min_players, self.max_players)
        spare = [c for c in self.characters if c not in [rp.get("character") for rp in raw]]
        players = [self._start_player(rp, counter, spare, cards, tiles, tokens)
                   for rp, counter in zip(raw, self.counters)]
        names = [p.name for p in players]
        rng = rng_seed(st.seed())
        display = tiles.take(st.get("display", []), "start.display")
        recipe_discard = tiles.take(st.get("recipe_discard", []), "start.recipe_discard")
        pile_tiles = tiles.unused(self.recipes)
        rng = rng_shuffle(rng, pile_tiles)
        face_up = cards.take(st.get("face_up", [None, None]), "start.face_up")
        if len(face_up) != 2:
            raise StartError("start.face_up: expected [left, right] (null for an empty place)")
        top = cards.take(st.get("pile", []), "start.pile")
        discard = cards.take(st.get("discard", []), "start.discard")
        rest = cards.unused(self.cards)
        rng = rng_shuffle(rng, rest)
        size = st.integer("pile_size", len(top) + len(rest), len(top), len(top) + len(rest))
        discard += rest[size - len(top):]
        faces = {t: 0 for t in self.tokens}
        for t, f in st.get("faces", {}).items():
            if t not in faces or f not in (0, 1):
                raise StartError(f"start.faces: expected spice token ids with face 0 or 1, got {t}: {f!r}")
            faces[t] = f
        table = tokens.take(st.get("table", []), "start.table")
        chef = st.player("chef", names, names[0])
        state = State(players, rest[:size - len(top)] + top[::-1], face_up, discard,
                      Tiles(pile_tiles, display, recipe_discard), faces, table, tokens.unused(self.tokens),
                      st.integer("round", 1), st.integer("rounds", self.counts[len(players)]["rounds"]), chef,
                      st.choice("phase", PHASES, "collect"), st.player("turn", names, names[chef]),
                      st.integer("step", 0), rng)
        problems = self.census(state)
        if problems:
            raise StartError("start: " + "; ".join(problems))
        return state

    def _start_player(self, rp: dict, counter: str, spare: list[str], cards: Ledger, tiles: Ledger,
                      tokens: Ledger) -> Player:
        where = f"start.players.{rp['name']}"
        counter, character = rp.get("counter", counter), rp.get("character") or spare.pop(0)
        if counter not in self.counters:
            raise StartError(f"{where}.counter: unknown counter {counter!r}; known: {', '.join(self.counters)}")
        if character not in self.characters:
            raise StartError(f"{where}.character: unknown character {character!r}")
        player = Player(rp["name"], counter, character, cards.take(rp.get("hand", []), f"{where}.hand"))
        pts = Start(rp.get("points") or {}, Points.__dataclass_fields__, f"{where}.points")
        player.points = Points(*(pts.integer(k, 0) for k in Points.__dataclass_fields__))
        for space, placed in (rp.get("stove") or {}).items():
            if space not in self.spaces or not isinstance(placed, dict):
                raise StartError(f"{where}.stove: expected spaces {', '.join(self.spaces)} with {{recipe, turns}}")
            recipe = tiles.take_one(placed.get("recipe"), f"{where}.stove.{space}")
            player.stove[space] = Placed(recipe, int(placed.get("turns", 0)) % 4)
        if rp.get("prepared"):
            player.prepared = tiles.take_one(rp["prepared"], f"{where}.prepared")
            player.sum = int(rp.get("sum", 0))
        player.tokens = tokens.take(rp.get("tokens", []), f"{where}.tokens")
        player.free_flip = bool(rp.get("free_flip", False))
        return player

    # --- the flow of a round ----------------------------------------------------------------------------
    def _draw(self, s: State) -> str | None:
        """The top card of the pile; an empty pile is first rebuilt from the shuffled discards."""
        if not s.pile and s.discard:
            s.pile, s.discard = s.discard, []
            s.rng = rng_shuffle(s.rng, s.pile)
            s.event("step.reshuffle", count=len(s.pile))
        return s.pile.pop() if s.pile else None

    def _start_round(self, s: State) -> None:
        """Lay out 2 recipes per player (reshuffling discarded tiles if needed: the erratum), deal 1 card each
        from the chef on, turn up 2 cards, and begin the collection."""
        need, rec = self.rules["recipes_per_player"] * len(s.players), s.recipes
        if len(rec.pile) < need and self.rules["recipe_reshuffle"] and rec.discard:
            rec.pile, rec.discard = rec.pile + rec.discard, []
            s.rng = rng_shuffle(s.rng, rec.pile)
            s.event("step.recipes_reshuffled", count=len(rec.pile))
        rec.display = [rec.pile.pop() for _ in range(min(need, len(rec.pile)))]
        s.event("step.round", round=s.round, chef=s.players[s.chef].name, recipes=list(rec.display))
        for i in s.order():
            for _ in range(self.rules["starting_cards"]):
                card = self._draw(s)
                if card:
                    s.players[i].hand.append(card)
        s.face_up = [self._draw(s) for _ in FACE_UP]
        s.phase, s.step = "collect", 0
        self._advance(s, 0)

    def _seats(self, s: State) -> list[int]:
        """Who decides at each step of the phase: laps of picks, the snake draft, or once round the table."""
        order, n = s.order(), len(s.players)
        if s.phase == "collect":
            return order * self.rules["collection_laps"]
        if s.phase == "draft":
            picks = n * self.counts[n]["spices_each"]
            return [(order if k // n % 2 == 0 else order[::-1])[k % n] for k in range(picks)]
        return order

    def _advance(self, s: State, moves: int = 1) -> None:
        """`moves` more moves of this phase are made: pass the turn on, or go on to the next phase. A pick of the
        collection with no card left anywhere (every card in a hand) is skipped."""
        s.step += moves
        seats = self._seats(s)
        while s.phase == "collect" and s.step < len(seats) and not (s.pile or s.discard or any(s.face_up)):
            s.event("step.no_card", player=s.players[seats[s.step]].name)
            s.step += 1
        if s.step < len(seats):
            s.turn = seats[s.step]
            if s.phase == "collect" and self.kind(s.current) == "peek" and s.pile:    # the Feirante peeks
                s.event("step.peek", player=s.current.name, card=s.pile[-1])
        elif s.phase in ("collect", "draft"):
            s.phase, s.step, s.turn = "prepare" if s.phase == "collect" else "season", 0, s.chef
        elif s.phase == "prepare":
            self._compare(s)
        else:
            self._end_round(s)

    def _compare(self, s: State) -> None:
        """Unused recipes are discarded; the highest sum scores 3 (1 each on a tie); the lowest discards a card
        (not with two players, not on a tie, not when fewer than two players prepared)."""
        s.recipes.discard += s.recipes.display
        s.recipes.display = []
        sums = {i: p.sum for i, p in enumerate(s.players) if p.sum is not None}
        lowest = None
        if sums:
            top = [i for i, v in sums.items() if v == max(sums.values())]
            bonus = self.rules["highest_sum_bonus"] if len(top) == 1 else self.rules["tied_highest_bonus"]
            for i in top:
                s.players[i].points.sum_bonus += bonus
            s.event("step.highest_sum", players=[s.players[i].name for i in top], sum=max(sums.values()),
                    points=bonus)
            bottom = [i for i, v in sums.items() if v == min(sums.values())]
            if self.counts[len(s.players)]["lowest_sum_discard"] and len(sums) >= 2 and len(bottom) == 1:
                lowest = bottom[0]
        if lowest is not None and s.players[lowest].hand:
            s.phase, s.turn, s.step = "lowest-discard", lowest, 0
            s.event("step.lowest_sum", player=s.players[lowest].name, sum=s.players[lowest].sum)
        else:
            self._start_draft(s)

    def _start_draft(self, s: State) -> None:
        s.table, s.supply = s.supply, []
        for t in s.table:
            s.rng, s.tokens[t] = rng_below(s.rng, 2)
        s.phase, s.step, s.turn = "draft", 0, s.chef
        s.event("step.throw", chef=s.players[s.chef].name, faces=[self.face(s, t) for t in s.table])

    def _end_round(self, s: State) -> None:
        for p in s.players:
            s.supply += p.tokens
            p.tokens, p.prepared, p.sum, p.free_flip = [], None, None, False
        s.supply += s.table
        s.table = []
        s.supply.sort(key=list(self.tokens).index)
        if s.round >= s.rounds:
            s.phase = "over"
            for sc in self.score(s):
                s.event("step.presentation", player=sc["player"], points=sc["presentation"], frame=sc["frame"],
                        inner=sc["inner"], vegetarian=sc["vegetarian"])
            s.event("step.game_over", winners=self.winners(s))
            return
        s.pile = s.pile + s.discard + [c for c in s.face_up if c]
        s.discard, s.face_up = [], [None, None]
        s.rng = rng_shuffle(s.rng, s.pile)
        s.round += 1
        s.chef = (s.chef + 1) % len(s.players)
        self._start_round(s)

    # --- moves ------------------------------------------------------------------------------------------
    @move("take", rule=R_COLLECT, phases="collect", **{"from": STR})
    def take(self, s: State, p: int, args: dict) -> None:
        where, hand = args["from"], s.players[p].hand
        if where not in (*FACE_UP, "pile"):
            fail(R_COLLECT, "take.bad_source", source=where)
        if where == "pile":
            if not s.pile and not s.discard:
                fail(R_COLLECT, "take.pile_empty")
            hand.append(self._draw(s))
            s.event("step.take_pile", player=s.players[p].name)
        else:
            k = FACE_UP.index(where)
            if s.face_up[k] is None:
                fail(R_COLLECT, "take.empty", side=where)
            hand.append(s.face_up[k])
            s.event("step.take_face_up", player=s.players[p].name, card=s.face_up[k], side=where)
            s.face_up[k] = self._draw(s)
            if s.face_up[k]:
                s.event("step.turn_up", card=s.face_up[k], side=where)
        self._advance(s)

    @move("prepare", rule=R_PREPARE, phases="prepare", recipe=STR, cards=ids("value", optional=True),
          symbols=Arg("list", optional=True), buy=Arg("list", optional=True))
    def prepare(self, s: State, p: int, args: dict) -> None:
        """Cards are paid as they are checked: a refused move leaves only the kernel's copy of the state changed."""
        player, recipe, cards = s.players[p], args["recipe"], args["cards"] or []
        if recipe not in s.recipes.display:
            fail(R_PREPARE, "prepare.not_on_display", recipe=recipe, display=list(s.recipes.display))
        hand = list(player.hand)
        supplied: dict[str, list[str]] = {c: [] for c in self.classes}     # class -> where each one comes from
        for card in cards:
            supplied[self.cls[self._pay(s, p, card, R_PREPARE, hand)]].append("card")
        total = sum(self.value[c] for c in cards)
        used: list[tuple] = []
        for sym in args["symbols"] or []:
            total += self._use_symbol(s, p, sym, used, hand)
            supplied[sym["class"]].append("symbol")
        ability, free = self.characters[player.character], bool(args.get("free"))
        if free:
            if ability["kind"] != "free-symbol":
                fail(R_FREE, "free.none", player=player.name, character=player.character)
            supplied[ability["class"]].append("free")
        for b in args["buy"] or []:
            supplied[self._buy(s, p, b, hand)].append("buy")
            total += self.rules["buy_missing_value"]
        if free:
            s.event("step.free_symbol", player=player.name, character=player.character)
        self._check_classes(recipe, supplied, hand)
        total += ability["value"] if free or ability["kind"] == "sum-bonus" else 0
        bonus = self.recipes[recipe]["bonus"]
        extra = bonus["points"] if bonus and any(self.ingredient[c] == bonus["ingredient"] for c in cards) else 0
        s.recipes.display.remove(recipe)
        player.prepared, player.sum = recipe, total
        player.points.recipes += self.recipes[recipe]["points"] + extra
        s.event("step.prepare", player=player.name, recipe=recipe, cards=cards, sum=total,
                points=self.recipes[recipe]["points"] + extra, bonus=extra)
        self._advance(s)

    def _pay(self, s: State, p: int, card: Any, rule: str, hand: Any = (), to: list[str] | None = None) -> str:
        """A card from the hand onto `to`, else the discard. Within a `prepare` a card pays for one thing only:
        `hand` is the hand before the move. (The kernel knows the ids of the arguments, not of those nested.)"""
        if card in hand and card not in s.players[p].hand:
            fail(rule, "card.twice", card=card)
        if not isinstance(card, str) or card not in self.value:
            raise InvalidMove(rule, "card.unknown", {"card": str(card)})
        if card not in s.players[p].hand:
            fail(rule, "card.not_in_hand", card=card, player=s.players[p].name)
        s.players[p].hand.remove(card)
        (s.discard if to is None else to).append(card)
        return card

    def _use_symbol(self, s: State, p: int, sym: Any, used: list[tuple], hand: list[str]) -> int:
        """A counter symbol: its counter in play, its class on it, once per round; paid to the counter's owner
        (to the discard for the own counter). Returns its value."""
        if not isinstance(sym, dict):
            raise InvalidMove(R_COUNTER, "move.bad_args", {"move": "prepare"})
        counter, cls = sym.get("counter"), sym.get("class")
        owner = next((x for x in s.players if x.counter == counter), None)
        if owner is None:
            fail(R_COUNTER, "symbol.no_counter", counter=str(counter), counters=[x.counter for x in s.players])
        value = self.symbol_value(counter, cls)
        if value is None:
            fail(R_COUNTER, "symbol.not_on_counter", counter=counter, cls=str(cls),
                 symbols=[x["class"] for x in self.counters[counter]["symbols"]])
        if (counter, cls) in used:
            fail(R_COUNTER, "symbol.once", counter=counter, cls=cls)
        used.append((counter, cls))
        if sym.get("pay") is None:
            raise InvalidMove(R_COUNTER, "move.missing_arg", {"move": "prepare", "arg": "pay"})
        player, own = s.players[p], owner is s.players[p]
        card = self._pay(s, p, sym["pay"], R_COUNTER, hand, None if own else owner.hand)
        if own:
            s.event("step.own_symbol", player=player.name, cls=cls, value=value, card=card)
        else:
            s.event("step.other_symbol", player=player.name, owner=owner.name, cls=cls, value=value, card=card)
        return value

    def _buy(self, s: State, p: int, b: Any, hand: list[str]) -> str:
        """A missing class bought for cards, if no counter in play shows it. Returns the class."""
        if not isinstance(b, dict):
            raise InvalidMove(R_MISSING, "move.bad_args", {"move": "prepare"})
        cls = b.get("class")
        if cls not in self.classes:
            fail(R_MISSING, "buy.unknown_class", cls=str(cls), classes=list(self.classes))
        if cls in self._shown(s):
            fail(R_MISSING, "buy.on_counter", cls=cls)
        if not isinstance(b.get("pay"), list) or len(b["pay"]) != self.buy_cards:
            fail(R_MISSING, "buy.pay", cls=cls, count=self.buy_cards)
        pay = [self._pay(s, p, c, R_MISSING, hand) for c in b["pay"]]
        s.event("step.buy", player=s.players[p].name, cls=cls, cards=pay)
        return cls

    def _check_classes(self, recipe: str, supplied: dict[str, list[str]], hand: list[str]) -> None:
        """Each class as often as the recipe needs it; a substitute only for a class the hand lacks."""
        needs, rule_of = self.recipes[recipe]["needs"], {"symbol": R_COUNTER, "free": R_FREE, "buy": R_MISSING}
        for cls, got in supplied.items():
            need = needs.count(cls)
            if len(got) < need:
                fail(R_PREPARE, "prepare.missing", recipe=recipe, cls=cls, need=need, got=len(got))
            if len(got) > need:
                fail(R_PREPARE, "prepare.extra", recipe=recipe, cls=cls, need=need, got=len(got))
            substitutes = [x for x in got if x != "card"]
            held = sum(1 for c in hand if self.cls[c] == cls)
            if substitutes and held > got.count("card"):
                fail(rule_of[substitutes[0]], "prepare.not_missing", cls=cls, held=held, need=need)

    def _shown(self, s: State) -> set[str]:
        """The classes the counters in play show (those cannot be bought)."""
        return {x["class"] for q in s.players for x in self.counters[q.counter]["symbols"]}

    @move("pass", rule=R_PREPARE, phases="prepare")
    def pass_(self, s: State, p: int, args: dict) -> None:
        s.event("step.pass", player=s.players[p].name)
        self._advance(s)

    @move("discard", rule=R_COMPARE, phases="lowest-discard", card=CARD)
    def discard(self, s: State, p: int, args: dict) -> None:
        card = self._pay(s, p, args["card"], R_COMPARE)
        s.event("step.lowest_discard", player=s.players[p].name, card=card)
        self._start_draft(s)

    @move("pick", rule=R_DRAFT, phases="draft", token=STR)
    def pick(self, s: State, p: int, args: dict) -> None:
        token = args["token"]
        if token not in s.table:
            fail(R_DRAFT, "pick.not_on_table", token=token)
        s.table.remove(token)
        s.players[p].tokens.append(token)
        s.event("step.pick", player=s.players[p].name, token=token, spice=self.face(s, token),
                hidden=self.tokens[token][1 - s.tokens[token]])
        self._advance(s)

    @move("flip", rule=R_FLIP, phases="season", phase_rule=R_SEASON, token=STR, pay=one_id("value", optional=True))
    def flip(self, s: State, p: int, args: dict) -> None:
        player, token, paid = s.players[p], args["token"], args["pay"]
        if token not in player.tokens:
            fail(R_FLIP, "flip.not_yours", token=token, player=player.name)
        raizeiro = self.kind(player) == "free-flip"
        if paid is None:
            if not raizeiro or player.free_flip:
                fail(R_RAIZEIRO if raizeiro else R_FLIP, "flip.needs_card", token=token)
            player.free_flip = True
        else:
            self._pay(s, p, paid, R_FLIP)
        s.tokens[token] = 1 - s.tokens[token]
        s.event("step.flip", player=player.name, token=token, spice=self.face(s, token), card=paid or "-")

    def _season_score(self, s: State, player: Player) -> set:
        """Score the player's spices with the best combination; return the spices that scored."""
        faces = [self.face(s, t) for t in player.tokens]
        points, used = self.spice_score(player.counter, faces)
        player.points.spices += points
        s.event("step.spices", player=player.name, spices=faces, points=points)
        return used

    @move("place", rule=R_STOVE, phases="season", phase_rule=R_SEASON, space=STR, turns=Arg("int", optional=True))
    def place(self, s: State, p: int, args: dict) -> None:
        player, space, turns = s.players[p], args["space"], args["turns"]
        if player.prepared is None:
            fail(R_STOVE, "place.nothing", player=player.name)
        if space not in self.spaces:
            fail(R_STOVE, "place.no_space", space=space, spaces=list(self.spaces))
        if space in player.stove:
            fail(R_STOVE, "place.taken", space=space, recipe=player.stove[space].recipe)
        turns = turns or 0
        if not 0 <= turns <= 3:
            fail(R_STOVE, "place.turns", turns=str(turns))
        used = self._season_score(s, player)
        player.stove[space], player.prepared = Placed(player.prepared, turns), None
        s.event("step.place", player=player.name, recipe=player.stove[space].recipe, space=space, turns=turns)
        covered = self.counters[player.counter]["stove"]["spaces"][space]
        if all(sp in used for sp in covered):        # both spices of the space scored: bonus cards
            for _ in range(self.rules["stove_bonus_cards"]):
                card = self._draw(s)
                if card:
                    player.hand.append(card)
                    s.event("step.stove_bonus", player=player.name, spices=covered)
        self._advance(s)

    @move("done", rule=R_STOVE, phases="season", phase_rule=R_SEASON)
    def done(self, s: State, p: int, args: dict) -> None:
        player = s.players[p]
        if player.prepared is not None:
            fail(R_STOVE, "done.must_place", player=player.name, recipe=player.prepared)
        self._season_score(s, player)
        s.event("step.done", player=player.name)
        self._advance(s)

    # --- legal moves ------------------------------------------------------------------------------------
    def legal_moves(self, s: State) -> list[Move]:
        """Every legal move, except that `prepare` lists one canonical way per recipe (the best cards of each class;
        a missing class from the free symbol, the own counter, another counter or by buying; payment with the
        lowest cards) and `flip` pays with the lowest card."""
        if s.phase == "over":
            return []
        player = s.current
        name = player.name
        if s.phase == "collect":
            moves = [Move(name, "take", {"from": side}) for k, side in enumerate(FACE_UP) if s.face_up[k]]
            return moves + ([Move(name, "take", {"from": "pile"})] if s.pile or s.discard else [])
        if s.phase == "prepare":
            by_value, shown = sorted(player.hand, key=lambda c: (-self.value[c], c)), self._shown(s)
            plans = (self._canonical_prepare(s, recipe, by_value, shown) for recipe in s.recipes.display)
            return [Move(name, "pass", {})] + [Move(name, "prepare", a) for a in plans if a is not None]
        if s.phase == "lowest-discard":
            return [Move(name, "discard", {"card": c}) for c in player.hand]
        if s.phase == "draft":
            return [Move(name, "pick", {"token": t}) for t in s.table]
        free = self.kind(player) == "free-flip" and not player.free_flip
        cheapest = min(player.hand, key=lambda c: (self.value[c], c)) if player.hand else None
        moves = [Move(name, "flip", {"token": t} if free else {"token": t, "pay": cheapest})
                 for t in player.tokens if free or cheapest]
        if player.prepared is None:
            return moves + [Move(name, "done", {})]
        return moves + [Move(name, "place", {"space": sp, "turns": k}) for sp in self.spaces if sp not in player.stove
                        for k in range(4)]

    def _canonical_prepare(self, s: State, recipe: str, by_value: list, shown: set) -> dict | None:
        """by_value: the hand, best first; shown: the classes the counters in play show."""
        player, needs = s.current, self.recipes[recipe]["needs"]
        cards: list[str] = []
        missing: list[str] = []
        for cls in dict.fromkeys(needs):
            have = [c for c in by_value if self.cls[c] == cls][:needs.count(cls)]
            cards += have
            missing += [cls] * (needs.count(cls) - len(have))
        spare = [c for c in reversed(by_value) if c not in cards]
        ability = self.characters[player.character]
        args: dict[str, Any] = {"recipe": recipe, "cards": cards}
        symbols, buys, used = [], [], set()
        for cls in missing:
            if ability["kind"] == "free-symbol" and ability["class"] == cls and not args.get("free"):
                args["free"] = True
                continue
            options = [q.counter for q in [player] + [x for x in s.players if x is not player]
                       if self.symbol_value(q.counter, cls) is not None and (q.counter, cls) not in used]
            if options and spare:
                used.add((options[0], cls))
                symbols.append({"counter": options[0], "class": cls, "pay": spare.pop(0)})
            elif cls not in shown and len(spare) >= self.buy_cards:
                buys.append({"class": cls, "pay": [spare.pop(0) for _ in range(self.buy_cards)]})
            else:
                return None
        # Valid by construction (all held cards of a missing class are used, so payments never claim a class the
        # player lacks; each symbol once; buying only where no counter shows the class): the tests apply every
        # listed move, so the full check is not repeated here for speed.
        return {**args, **({"symbols": symbols} if symbols else {}), **({"buy": buys} if buys else {})}

    # --- scoring ----------------------------------------------------------------------------------------
    def vegetarian_recipes(self, player: Player) -> int:
        return sum(1 for v in player.stove.values() if self.recipes[v.recipe]["vegetarian"])

    def score(self, s: State) -> list[dict]:
        """Each player's breakdown: recipes (with bonus ingredients), sum bonuses, spices, presentation
        (frame + inner matches on the stove) and the vegetarian prize; total = all of them."""
        veg = [self.vegetarian_recipes(p) for p in s.players]
        leaders = [i for i, v in enumerate(veg) if v == max(veg) and v > 0]
        prize = self.veg_prize["points"] if len(leaders) == 1 else self.veg_prize["tied_points"]
        out = []
        for i, p in enumerate(s.players):
            frame, inner = self.presentation(p.stove, p.counter)
            parts = p.points.to_dict()
            won = prize if i in leaders else 0
            out.append({"player": p.name, **parts, "frame": frame, "inner": inner, "presentation": frame + inner,
                        "vegetarian_recipes": veg[i], "vegetarian": won,
                        "total": sum(parts.values()) + frame + inner + won})
        return out

    def ranking(self, s: State) -> list[dict]:
        """Players best first: by total, then by presentation points; equal on both share the rank."""
        scores = self.score(s)
        key = {x["player"]: (x["total"], x["presentation"]) for x in scores}
        ranked = sorted(scores, key=lambda x: key[x["player"]], reverse=True)
        return [{"player": x["player"], "total": x["total"], "presentation": x["presentation"],
                 "rank": 1 + sum(1 for o in scores if key[o["player"]] > key[x["player"]])} for x in ranked]

    def length(self, s: State) -> dict[str, int]:
        return {"rounds": s.round}

    # --- expect -----------------------------------------------------------------------------------------
    def expect_fields(self) -> dict[str, Check]:
        """turn, phase, winners and: round; chef; step; display (recipes on the table, any order); display_size;
        recipe_pile_size; face_up [left, right]; pile_size; discard_has [cards]; recipe_discard (any order);
        table_size (spice tokens on the table)."""
        return {
            "round": Check(lambda s: s.round), "chef": Check(lambda s: s.players[s.chef].name),
            "step": Check(lambda s: s.step), "display": Check(lambda s: s.recipes.display, "any_order"),
            "display_size": Check(lambda s: len(s.recipes.display)),
            "recipe_pile_size": Check(lambda s: len(s.recipes.pile)), "face_up": Check(lambda s: list(s.face_up)),
            "pile_size": Check(lambda s: len(s.pile)),
            "discard_has": Check(lambda s: s.discard, "has", what="the discard pile"),
            "recipe_discard": Check(lambda s: s.recipes.discard, "any_order"),
            "table_size": Check(lambda s: len(s.table)),
        }

    def player_expect_fields(self) -> dict[str, Check]:
        """hand fields, score, scoring {recipes, sum_bonus, spices, frame, inner, presentation, vegetarian} and:
        stove {se: {recipe: pao-de-queijo, turns: 0}} (the whole stove; turns default 0); prepared (or null);
        sum (or null); tokens (any order)."""
        def stove(want: Any) -> dict:
            return {k: {"recipe": v["recipe"], "turns": v.get("turns", 0)} for k, v in (want or {}).items()}
        return {"stove": Check(lambda s, i: {k: v.to_dict() for k, v in s.players[i].stove.items()}, norm=stove),
                "prepared": Check(lambda s, i: s.players[i].prepared), "sum": Check(lambda s, i: s.players[i].sum),
                "tokens": Check(lambda s, i: s.players[i].tokens, "any_order")}

    # --- text -------------------------------------------------------------------------------------------
    def render(self, s: State) -> str:
        """Round, chef, phase and turn; the pile, face-up cards and discards; recipes and spice tokens on the
        table; each player's counter, character, hand, tokens, stove and score."""
        head = f"Round {s.round} of {s.rounds} · chef {s.players[s.chef].name} · "
        head += "game over" if s.phase == "over" else f"phase: {s.phase} · turn: {s.current.name} · step {s.step}"
        top = f" (top: {s.pile[-1]})" if s.pile else ""
        lines = [head,
                 f"Pile: {len(s.pile)} card{'s' if len(s.pile) != 1 else ''}{top} · face up: "
                 f"{s.face_up[0] or '-'} | {s.face_up[1] or '-'} · discard: {len(s.discard)}",
                 f"Recipes on the table: {' '.join(s.recipes.display) or '-'} · recipe pile "
                 f"{len(s.recipes.pile)}, discarded {len(s.recipes.discard)}"]
        if s.table:
            lines.append("Spices on the table: " + " ".join(f"{t}={self.face(s, t)}" for t in s.table))
        scores = {x["player"]: x for x in self.score(s)}
        width = max(len(p.name) for p in s.players)
        pad = " " * width
        for i, p in enumerate(s.players):
            mark = ">" if i == s.turn and s.phase != "over" else " "
            lines.append(f"{mark} {p.name.ljust(width)}  {p.counter} · {p.character} · hand ({len(p.hand)}): "
                         f"{' '.join(p.hand) or '-'}")
            extra = [f"prepared {p.prepared} (sum {p.sum})"] if p.prepared else []
            extra += ["spices " + " ".join(f"{t}={self.face(s, t)}" for t in p.tokens)] if p.tokens else []
            if extra:
                lines.append(f"  {pad}  {' · '.join(extra)}")
            if p.stove:
                lines.append(f"  {pad}  stove: " + " ".join(
                    f"{sp}={p.stove[sp].recipe}/{p.stove[sp].turns}" for sp in self.spaces if sp in p.stove))
            sc = scores[p.name]
            lines.append(f"  {pad}  score: {sc['total']} (recipes {sc['recipes']}, sums {sc['sum_bonus']}, spices "
                         f"{sc['spices']}, presentation {sc['presentation']}, vegetarian {sc['vegetarian']})")
        if s.phase == "over":
            lines.append("Game over. " + " ".join(f"{r['rank']}. {r['player']} {r['total']}" for r in self.ranking(s)))
        return "\n".join(lines)


ENGINE = TaNaMesa
