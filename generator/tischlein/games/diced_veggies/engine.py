"""Diced Veggies rules engine: the dice block, cuts, cooking, hype cards, hand limits, the end and scoring.

Reads only the JSON from `DicedVeggies.engine_data()`. Every die and card has an instance id (`die-onion-3`,
`salsa-1`); `State` below says what a state holds.

Moves:
    restock   {}                          phase cut, before cutting: when a vegetable is missing or the block is empty
    cut       {dice: [die]}               phase cut: a connected group from the outside, sum <= 10, rest one piece
    take_all  {}                          phase cut: the whole block when it adds up to 10 or less
    improvise {die, veggie} | {die, face} phase cook / final-cook, before the first cook of the turn
    cook      {recipe, dice: [die], hype?: card}    phase cook / final-cook, any number of times
    draw      {source: hype|recipes|display, card?}   phase cook: exactly one card
    discard   {item: die|card}            phase limits, only while over a limit
    end_turn  {}                          phase limits (within the limits) or final-cook

Decisions where the seed is silent (marked reconstructed in the rules text, or decided here):
  * A cut takes one edge-connected group touching the outside (grid edge or an empty cell); a block of 10 or
    less must be taken whole (`take_all`). Restock: at most once per turn, before the cut; every die not in a
    hand is rolled and laid row by row from the top-left corner in the state's PRNG order; chef tokens come back.
  * The chef token is used before the first cook of a turn; a changed vegetable lasts for this turn's cooking, a
    changed number stays. Double Portion cooks twice the dice; other hype conditions are checked on the dice of
    that one recipe. Discards only in a category over its limit; an empty deck is refilled from its shuffled
    discard pile.
  * The end: after the trigger's turn every other player has one normal turn in turn order, then the last cooking
    turns run from the player after the trigger to the trigger (solo: one last cooking turn).
  * legal_moves lists every cut, one cook per (vegetable, numbers) choice (dice that look the same are
    interchangeable), every chef-token change and every item of a category over its limit.
"""
from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Mapping

from ...engine import (STR, Arg, Check, Engine, GameState, InvalidMove, Ledger, Move, Record, Start,
                       StartError, fail, move, rng_below, rng_seed, rng_shuffle)

PHASES = ("cut", "cook", "limits", "final-cook", "over")
STAGES = ("normal", "extra", "final")
COOKING = ("cook", "final-cook")
TURN, END, HYPE = "diced-veggies.turn", "diced-veggies.end", "diced-veggies.hype"
RESTOCK, CUT, COOK = "diced-veggies.turn.restock", "diced-veggies.turn.cut", "diced-veggies.turn.cook"
IMPROVISE, DRAW, LIMITS = "diced-veggies.turn.improvise", "diced-veggies.turn.draw", "diced-veggies.turn.limits"
PILES = {"hype": ("hype_deck", "hype_discard"), "recipes": ("recipe_deck", "recipe_discard")}   # state fields


@dataclass
class Cooked(Record):
    recipe: str
    hype: str | None = None


@dataclass
class Player(Record):
    name: str
    dice: list[str] = field(default_factory=list)
    recipes: list[str] = field(default_factory=list)
    hype: list[str] = field(default_factory=list)
    cooked: list[Cooked] = field(default_factory=list)
    chef: bool = True

    def held(self) -> dict[str, list[str]]:       # the hand by the categories of the hand limits
        return {"dice": self.dice, "recipes": self.recipes, "hype": self.hype}


@dataclass
class State(GameState):
    GAME = "diced-veggies"
    players: list[Player]                 # in turn order
    faces: dict[str, int]                 # the number every die shows, wherever it is
    block: list[list[str | None]]         # rows x columns of dice; None: no die there
    used: list[str]                       # cooked and discarded dice, beside the block until the next restock
    recipe_deck: list[str]                # the decks: top card LAST
    display: list[str]                    # the face-up recipes
    recipe_discard: list[str]             # the discard piles are face up
    hype_deck: list[str]
    hype_discard: list[str]
    improvised: dict[str, str] = field(default_factory=dict)   # {die: veggie} by the chef token, for this turn
    turn: int = 0
    phase: str = "cut"                    # cut | cook | limits | final-cook | over
    stage: str = "normal"                 # normal | extra (the others' one more turn) | final (last cooking turns)
    trigger: int | None = None            # who cooked the 6th recipe first
    restocked: bool = False               # this turn
    cooked_now: bool = False              # this turn (no chef token after cooking)
    rng: int = 0
    events: list = field(default_factory=list)

    def block_dice(self) -> list[str]:
        return [d for row in self.block for d in row if d is not None]


class DicedVeggies(Engine):
    GAME = "diced-veggies"
    State = State
    PHASES = PHASES
    TURN_RULE, END_RULE = TURN, END
    RULE_IDS = frozenset({TURN, END, HYPE, RESTOCK, CUT, COOK, IMPROVISE, DRAW, LIMITS, "diced-veggies.recipes"})

    def __init__(self, data: Mapping[str, Any]):
        super().__init__(data)
        self.limits: dict[str, int] = dict(data["hand_limits"])
        self.cut_max, self.take_all_max = data["cut"]["max_sum"], data["cut"]["take_all_at_or_below"]
        self.recipes_to_end: int = data["recipes_to_end"]
        self.start_recipes, self.start_hype = data["start"]["recipes"], data["start"]["hype"]
        self.display_size: int = data["start"]["recipe_display"]
        self.rows, self.columns = data["block"]["rows"], data["block"]["columns"]
        self.faces, self.veggies = list(data["dice"]["faces"]), list(data["dice"]["veggies"])
        self.dice: list[str] = list(data["dice"]["ids"])
        self.veggie_of = {d: next(v for v in self.veggies if d.startswith(f"die-{v}-")) for d in self.dice}
        self.recipes: dict[str, dict] = data["recipes"]
        self.hype: dict[str, dict] = data["hype"]
        self.cards: list[str] = [c["id"] for c in data["cards"]]
        self.type_of = {c["id"]: c["type"] for c in data["cards"]}
        self.kind_of = {c["id"]: c["kind"] for c in data["cards"]}
        self.solo: list[dict] = list(data["solo"])
        self.letter: dict[str, str] = {}          # the render's vegetable letters: each its first letter still free
        for v in self.veggies:
            self.letter[v] = next((ch.upper() for ch in v if ch.isalpha() and ch.upper() not in self.letter.values()),
                                  v[:1].upper())
        # The block as bit masks (cell r, c is bit r * columns + c): cuts are enumerated and checked on these.
        n, cols = self.rows * self.columns, self.columns
        self.full = (1 << n) - 1
        col0 = sum(1 << (r * cols) for r in range(self.rows))
        self.not_col0, self.not_last = self.full & ~col0, self.full & ~(col0 << (cols - 1))
        self.edge = sum(1 << i for i in range(n) if i < cols or i >= n - cols or i % cols in (0, cols - 1))

    # --- the block ------------------------------------------------------------------------------------------
    def expand(self, m: int) -> int:
        """`m` plus every cell that shares an edge with it (never a corner)."""
        c = self.columns
        return (m | ((m << 1) & self.not_col0) | ((m >> 1) & self.not_last) | (m << c) | (m >> c)) & self.full

    def connected(self, m: int, must: int | None = None) -> bool:
        """Is `m` one edge-connected piece (or empty)? With `must` (cells of `m`): are those joined within `m`?
        Enough for what is left after a cut from a connected block: every path that ran through the cut dice can
        go round between the dice next to the cut. The flood fill stops as soon as it holds `must`."""
        must = m if must is None else must
        fill = must & -must
        while fill & must != must:
            if (grown := self.expand(fill) & m) == fill:
                return False
            fill = grown
        return True

    def block_mask(self, s: State, dice: list[str] | None = None) -> int:
        """The cells of the block's dice (or of those of `dice`) as a bit mask."""
        return sum(1 << (r * self.columns + c) for r, row in enumerate(s.block) for c, d in enumerate(row)
                   if d is not None and (dice is None or d in dice))

    def outer(self, block: int) -> int:
        """The dice that touch the outside: the grid's edge or an empty cell reached from beyond the grid."""
        outside, holes = self.edge & ~block, self.full & ~block
        while (grown := self.expand(outside) & holes) != outside:
            outside = grown
        return block & (self.edge | self.expand(outside))

    def check_cut(self, s: State, dice: list[str]) -> None:
        """Refuse cutting these dice of the block unless they are one piece, touch the outside and leave the rest
        of the block one piece."""
        sub, block = self.block_mask(s, dice), self.block_mask(s)
        if not self.connected(sub):
            fail(CUT, "cut.not_one_piece", dice=dice)
        if not sub & self.outer(block):
            fail(CUT, "cut.not_from_outside", dice=dice)
        if not self.connected(block & ~sub, self.expand(sub) & block & ~sub):
            fail(CUT, "cut.block_split", dice=dice)

    def cuts(self, s: State) -> list[list[str]]:
        """Every legal cut, as die lists in block order (shortest first): the connected groups of dice adding up to
        at most 10, grown die by die (the sum bound keeps them small: at most 5 dice), that touch the outside and
        leave the rest of the block one piece."""
        cells = {r * self.columns + c: d for r, row in enumerate(s.block) for c, d in enumerate(row) if d}
        face = {1 << i: s.faces[d] for i, d in cells.items()}
        block = sum(face)
        level = {bit: f for bit, f in face.items() if f <= self.cut_max}      # group: its sum
        groups = dict(level)
        while level:                                # every group grown by one die next to it
            grown: dict[int, int] = {}
            for sub, total in level.items():
                ext = self.expand(sub) & block & ~sub
                while ext:
                    bit = ext & -ext
                    ext ^= bit
                    if total + face[bit] <= self.cut_max and sub | bit not in groups:
                        grown[sub | bit] = total + face[bit]
            groups.update(grown)
            level = grown
        outer = self.outer(block)
        legal = [sub for sub in groups if sub & outer and sub != block
                 and self.connected(block & ~sub, self.expand(sub) & block & ~sub)]
        return sorted(([d for i, d in cells.items() if sub >> i & 1] for sub in legal), key=lambda c: (len(c), c))

    def veggie(self, s: State, die: str) -> str:
        return s.improvised.get(die) or self.veggie_of[die]

    def missing_veggies(self, s: State) -> list[str]:
        present = {self.veggie_of[d] for d in s.block_dice()}
        return [v for v in self.veggies if v not in present]

    def over_limits(self, s: State, player: Player) -> dict[str, int]:
        return {k: len(items) - self.limits[k] for k, items in player.held().items() if len(items) > self.limits[k]}

    def _roll_into_block(self, s: State, dice: list[str]) -> None:
        """Roll `dice`, shuffle them and lay them row by row from the top-left corner."""
        for die in dice:
            s.rng, i = rng_below(s.rng, len(self.faces))
            s.faces[die] = self.faces[i]
        s.rng = rng_shuffle(s.rng, dice)
        cells = dice + [None] * (self.rows * self.columns - len(dice))
        s.block = [cells[r * self.columns:(r + 1) * self.columns] for r in range(self.rows)]

    # --- state checks ---------------------------------------------------------------------------------------
    def census(self, s: State) -> list[str]:
        """Every die exactly once (block, used, a hand) with a valid number; every card exactly once; the block is
        one piece; a valid phase and turn."""
        problems = _count(s.block_dice() + s.used + [d for p in s.players for d in p.dice], self.dice, "die")
        problems += [f"die {die} shows {s.faces.get(die)!r}, not a face of the dice" for die in self.dice
                     if s.faces.get(die) not in self.faces]
        cards = (s.recipe_deck + s.display + s.recipe_discard + s.hype_deck + s.hype_discard
                 + [c for p in s.players for c in p.recipes + p.hype])
        cards += [c for p in s.players for e in p.cooked for c in [e.recipe] + ([e.hype] if e.hype else [])]
        problems += _count(cards, self.cards, "card")
        if len(s.block) != self.rows or any(len(r) != self.columns for r in s.block):
            problems.append(f"the block is not {self.rows} x {self.columns}")
        elif not self.connected(self.block_mask(s)):
            problems.append("the block is not one piece")
        if s.phase not in PHASES or s.stage not in STAGES:
            problems.append(f"unknown phase {s.phase!r} or stage {s.stage!r}")
        if not 0 <= s.turn < len(s.players):
            problems.append(f"turn {s.turn} is not a player")
        return problems

    # --- setup ----------------------------------------------------------------------------------------------
    def setup(self, names: list[str], seed: int) -> State:
        """Roll all dice into the block, deal 2 recipes and 1 hype card each, open 3 recipes, 1 chef token each."""
        s = State([Player(n) for n in names], {}, [], [], [], [], [], [], [], rng=rng_seed(seed))
        self._roll_into_block(s, list(self.dice))
        recipes = [c for c in self.cards if self.kind_of[c] == "recipe"]
        hype = [c for c in self.cards if self.kind_of[c] == "hype"]
        s.rng = rng_shuffle(s.rng, recipes)
        s.rng = rng_shuffle(s.rng, hype)
        for p in s.players * self.start_recipes:          # dealt round by round
            p.recipes.append(recipes.pop())
        for p in s.players * self.start_hype:
            p.hype.append(hype.pop())
        s.display = [recipes.pop() for _ in range(self.display_size)]
        s.recipe_deck, s.hype_deck = recipes, hype
        return s

    def start(self, spec: Mapping[str, Any]) -> State:
        """The explicit starting state of a replay (a die is `die-onion-1:4`, or `die-onion-1` rolled from the seed):

        start:
          seed: 3                  # PRNG seed (default 0): numbers not given, deck order below named cards, restocks
          players:                 # in turn order
            - {name: Ada, dice: [die-onion-1:4, die-tomato-2], recipes: [salsa-1], hype: [nineteen-1],
               cooked: [{recipe: crudites-1, hype: light-lunch-1}], chef: true}      # chef: default true
          block: [[die-broccoli-1:3, die-onion-2:2, ., ., ., ., .], ...]    # exactly 5 rows of 7 cells; "." empty
          used: [die-carrot-1:5]   # optional; every die not named anywhere is also used (beside the block)
          display: [salsa-2, moussaka-1, frittata-1]   # default: 3 cards from the shuffled rest
          recipe_deck: [gazpacho-1]    # the top of the deck, TOP FIRST; the unnamed recipes follow (shuffled)
          hype_deck: [big-pot-1]       # likewise for the hype cards; recipe_discard, hype_discard: [] by default
          turn: Ada, phase: cut        # defaults: the first player; cut (| cook | limits | final-cook)
          stage: normal, trigger: Ada  # normal (| extra | final, with the trigger: who cooked the 6th recipe first)
          restocked: false, cooked_now: false, improvised: {die-onion-1: tomato}
        """
        st = Start(spec, {"seed", "players", "block", "used", "display", "recipe_deck", "hype_deck", "recipe_discard",
                          "hype_discard", "turn", "phase", "stage", "trigger", "restocked", "cooked_now", "improvised"})
        rng = rng_seed(st.seed())
        card_ledger = Ledger(self.kind_of, "card", " (card ids look like salsa-1, nineteen-2)")
        die_ledger = Ledger(self.veggie_of, "die", " (dice look like die-onion-3)")
        faces: dict[str, int] = {}

        def cards(items: Any, where: str, kind: str) -> list[str]:
            for card in card_ledger.take(items, where):
                if self.kind_of[card] != kind:
                    raise StartError(f"{where}: {card} is not a {kind} card")
            return list(items)

        def dice(items: Any, where: str) -> list[str]:
            if not isinstance(items, list):
                raise StartError(f"{where}: expected a list of dice")
            out = []
            for item in items:
                if not isinstance(item, str):
                    raise StartError(f"{where}: expected a die like die-onion-3:4, got {item!r}")
                die, _, face = item.partition(":")
                if face and die in self.veggie_of and (not face.isdigit() or int(face) not in self.faces):
                    raise StartError(f"{where}: {die} cannot show {face!r}; the faces are {self.faces}")
                out.append(die_ledger.take_one(die, where))
                if face:
                    faces[die] = int(face)
            return out

        players = []
        for rp in st.players({"dice", "recipes", "hype", "cooked", "chef"}, self.min_players, self.max_players):
            at = f"start.players.{rp['name']}"
            player = Player(rp["name"], dice(rp.get("dice", []), f"{at}.dice"),
                            cards(rp.get("recipes", []), f"{at}.recipes", "recipe"),
                            cards(rp.get("hype", []), f"{at}.hype", "hype"), chef=bool(rp.get("chef", True)))
            for j, entry in enumerate(rp.get("cooked", []) or []):
                Start(entry, {"recipe", "hype"}, f"{at}.cooked.{j}")
                recipe = cards([entry.get("recipe")], f"{at}.cooked.{j}.recipe", "recipe")[0]
                hype = cards([entry["hype"]], f"{at}.cooked.{j}.hype", "hype")[0] if entry.get("hype") else None
                player.cooked.append(Cooked(recipe, hype))
            players.append(player)
        names = [p.name for p in players]
        rows = st.get("block")
        if not isinstance(rows, list) or len(rows) != self.rows:
            raise StartError(f"start.block: expected {self.rows} rows of {self.columns} cells")
        for r, row in enumerate(rows, 1):
            if not isinstance(row, list) or len(row) != self.columns:
                raise StartError(f"start.block.{r}: expected {self.columns} cells (die:number or .)")
        block = [[None if cell in (None, ".") else dice([cell], f"start.block.{r}")[0] for cell in row]
                 for r, row in enumerate(rows, 1)]
        used = dice(st.get("used", []), "start.used") + die_ledger.unused(self.dice)
        for die in self.dice:
            if die not in faces:
                rng, k = rng_below(rng, len(self.faces))
                faces[die] = self.faces[k]

        display = cards(st.get("display"), "start.display", "recipe") if "display" in st else None
        named = {key: cards(st.get(key, []), f"start.{key}", key.split("_")[0]) for key in
                 ("recipe_deck", "hype_deck", "recipe_discard", "hype_discard")}
        rest = card_ledger.unused(self.cards)
        decks = {kind: [c for c in rest if self.kind_of[c] == kind] for kind in ("recipe", "hype")}
        rng = rng_shuffle(rng, decks["recipe"])
        rng = rng_shuffle(rng, decks["hype"])
        if display is None:
            display = [decks["recipe"].pop() for _ in range(min(self.display_size, len(decks["recipe"])))]
        turn, phase = st.player("turn", names, names[0]), st.choice("phase", PHASES[:-1], "cut")
        stage, trigger = st.choice("stage", STAGES, "normal"), st.player("trigger", names)
        if stage != "normal" and trigger is None:
            raise StartError("start.trigger: the extra and final stages need the player who cooked the 6th recipe")
        improvised = st.get("improvised") or {}
        if not isinstance(improvised, dict):
            raise StartError("start.improvised: expected a mapping {die: veggie}")
        for die, veg in improvised.items():
            if die not in players[turn].dice or veg not in self.veggies:
                raise StartError(f"start.improvised: {die} must be a die in {names[turn]}'s hand and {veg} a vegetable")
        s = State(players, faces, block, used, decks["recipe"] + named["recipe_deck"][::-1], display,
                  named["recipe_discard"], decks["hype"] + named["hype_deck"][::-1], named["hype_discard"],
                  dict(improvised), turn, phase, stage, trigger, st.flag("restocked"), st.flag("cooked_now"), rng)
        problems = self.census(s)
        if problems:
            raise StartError("start: " + "; ".join(problems))
        return s

    # --- checking a move ------------------------------------------------------------------------------------
    def check_phase(self, s: State, mv: Move, spec: Any) -> None:
        """The phase as the move table says, but only for the player whose turn it is (a move out of turn is
        refused as that, whatever the phase). The last cooking turns allow only the chef token, cooking and
        ending the turn: the end rule refuses any other move there but a discard (refused as out of its phase).
        An empty block must be restocked before anything is cut."""
        if s.player_index(mv.player) != s.turn:
            return
        if s.phase == "final-cook" and spec.phases and s.phase not in spec.phases and mv.name != "discard":
            fail(END, "final.cook_only", player=s.current.name)
        super().check_phase(s, mv, spec)
        if mv.name in ("cut", "take_all") and not s.block_dice():
            fail(RESTOCK, "restock.must")

    # --- moves ----------------------------------------------------------------------------------------------
    @move("restock", rule=RESTOCK, phases="cut", wrong_phase="restock.not_now")
    def restock(self, s: State, p: int, args: dict) -> None:
        if s.restocked:
            fail(RESTOCK, "restock.once")
        missing = self.missing_veggies(s)
        if not missing:
            fail(RESTOCK, "restock.nothing_missing")
        dice, s.used = s.block_dice() + s.used, []
        self._roll_into_block(s, dice)
        for player in s.players:
            player.chef = True
        s.restocked = True
        s.event("step.restock", player=s.players[p].name, count=len(dice), missing=missing)

    @move("take_all", rule=CUT, phases="cut", wrong_phase="cut.done")
    def take_all(self, s: State, p: int, args: dict) -> None:
        dice = s.block_dice()
        total = sum(s.faces[d] for d in dice)
        if total > self.take_all_max:
            fail(CUT, "take_all.too_much", sum=total, max=self.take_all_max)
        self._take(s, p, dice)
        s.event("step.take_all", player=s.players[p].name, dice=dice, sum=total)

    @move("cut", rule=CUT, phases="cut", wrong_phase="cut.done", dice=Arg("list", empty=False))
    def cut(self, s: State, p: int, args: dict) -> None:
        dice = args["dice"]
        block = s.block_dice()
        for i, die in enumerate(dice):
            if die not in block:
                fail(CUT, "cut.not_in_block", die=str(die))
            if die in dice[:i]:
                fail(CUT, "cut.duplicate", die=die)
        block_sum, total = sum(s.faces[d] for d in block), sum(s.faces[d] for d in dice)
        if block_sum <= self.take_all_max:
            fail(CUT, "cut.take_all_instead", sum=block_sum, max=self.take_all_max)
        if total > self.cut_max:
            fail(CUT, "cut.too_much", sum=total, max=self.cut_max)
        self.check_cut(s, dice)
        self._take(s, p, dice)
        s.event("step.cut", player=s.players[p].name, dice=dice, sum=total)

    def _take(self, s: State, p: int, dice: list[str]) -> None:
        s.block = [[None if d in dice else d for d in row] for row in s.block]
        s.players[p].dice += dice
        s.phase = "final-cook" if s.stage == "final" else "cook"

    @move("improvise", rule=IMPROVISE, phases=COOKING, wrong_phase="improvise.not_now", die=STR,
          veggie=Arg("str", optional=True), face=Arg("int", optional=True))
    def improvise(self, s: State, p: int, args: dict) -> None:
        player, die, veg, face = s.players[p], args["die"], args["veggie"], args["face"]
        if not player.chef:
            fail(IMPROVISE, "improvise.no_token", player=player.name)
        if s.cooked_now:
            fail(IMPROVISE, "improvise.after_cook")
        if die not in player.dice:
            fail(IMPROVISE, "die.not_in_hand", die=die, player=player.name)
        if (veg is None) == (face is None):
            fail(IMPROVISE, "improvise.one_change")
        if veg is not None and veg not in self.veggies:
            fail(IMPROVISE, "improvise.unknown_veggie", veggie=veg, veggies=self.veggies)
        if face is not None and face not in self.faces:
            fail(IMPROVISE, "improvise.bad_face", face=str(face), faces=sorted(set(self.faces)))
        if veg == self.veggie(s, die) or face == s.faces[die]:
            fail(IMPROVISE, "improvise.same", die=die)
        if veg is not None:
            s.improvised[die] = veg
            s.event("step.improvise_veggie", player=player.name, die=die, veggie=veg)
        else:
            s.faces[die] = face
            s.event("step.improvise_face", player=player.name, die=die, face=face)
        player.chef = False

    @move("cook", rule=COOK, phases=COOKING, wrong_phase="cook.not_now", recipe=STR, dice=Arg("list"),
          hype=Arg("str", optional=True, rule=HYPE))
    def cook(self, s: State, p: int, args: dict) -> None:
        player, recipe, dice, hype = s.players[p], args["recipe"], args["dice"], args["hype"]
        if recipe not in player.recipes:
            fail(COOK, "card.not_in_hand", card=recipe, player=player.name)
        for i, die in enumerate(dice):
            if die not in player.dice:
                fail(COOK, "die.not_in_hand", die=str(die), player=player.name)
            if die in dice[:i]:
                fail(COOK, "cook.duplicate", die=die)
        if hype is not None and hype not in player.hype:
            fail(HYPE, "card.not_in_hand", card=hype, player=player.name)
        condition = self.hype[self.type_of[hype]]["condition"] if hype is not None else None
        rtype, faces = self.type_of[recipe], [s.faces[d] for d in dice]
        factor = 2 if condition and condition["kind"] == "double_ingredients" else 1
        needs = {v: n * factor for v, n in self.recipes[rtype]["needs"].items()}
        have = Counter(self.veggie(s, d) for d in dice)
        if have != needs:
            fail(HYPE if factor == 2 else COOK, "cook.wrong_dice", recipe=rtype,
                 needs=[f"{n} {v}" for v, n in needs.items()], got=[f"{n} {v}" for v, n in have.items()])
        if condition and not condition_met(condition, faces):
            fail(HYPE, "hype.condition", hype=self.type_of[hype], faces=faces)
        player.recipes.remove(recipe)
        if hype:
            player.hype.remove(hype)
        for die in dice:
            player.dice.remove(die)
            s.improvised.pop(die, None)
        s.used += dice
        player.cooked.append(Cooked(recipe, hype))
        s.cooked_now = True
        s.event("step.cook", player=player.name, recipe=rtype, dice=dice, points=self.recipes[rtype]["points"])
        if hype:
            s.event("step.hype", hype=self.type_of[hype])
        if s.trigger is None and len(player.cooked) >= self.recipes_to_end:
            s.trigger = p
            s.event("step.trigger", player=player.name, count=len(player.cooked))

    @move("draw", rule=DRAW, phases="cook", wrong_phase="draw.not_now", source=STR)
    def draw(self, s: State, p: int, args: dict) -> None:
        player, source, card = s.players[p], args["source"], args.get("card")
        if source in PILES:
            card = self._top(s, source)
            if card is None:
                fail(DRAW, "draw.empty", source=source)
            (player.hype if source == "hype" else player.recipes).append(card)
        elif source == "display":
            if card is None:
                raise InvalidMove(DRAW, "move.missing_arg", {"move": "draw", "arg": "card"})
            if card not in s.display:
                fail(DRAW, "draw.not_in_display", card=str(card), display=list(s.display))
            s.display.remove(card)
            player.recipes.append(card)
            refill = self._top(s, "recipes")            # the display is refilled from the deck, if any
            if refill:
                s.display.append(refill)
        else:
            fail(DRAW, "draw.bad_source", source=source)
        s.phase = "limits"
        s.event("step.draw", player=player.name, card=card, source=source)

    def _top(self, s: State, which: str) -> str | None:
        """The top card of a deck (hype | recipes), taken off; a deck that ran out is first refilled from its
        shuffled discard pile. None when both are empty."""
        deck, pile = PILES[which]
        if not getattr(s, deck) and getattr(s, pile):
            setattr(s, deck, getattr(s, pile))
            setattr(s, pile, [])
            s.rng = rng_shuffle(s.rng, getattr(s, deck))
            s.event("step.reshuffle", deck=which)
        return getattr(s, deck).pop() if getattr(s, deck) else None

    def can_draw(self, s: State) -> bool:
        return bool(s.hype_deck or s.hype_discard or s.recipe_deck or s.recipe_discard or s.display)

    @move("discard", rule=LIMITS, phases="limits", wrong_phase="discard.not_now", item=STR)
    def discard(self, s: State, p: int, args: dict) -> None:
        player, item = s.players[p], args["item"]
        category = next((k for k, items in player.held().items() if item in items), None)
        if category is None:
            fail(LIMITS, "discard.not_held", item=item, player=player.name)
        if category not in self.over_limits(s, player):
            fail(LIMITS, "discard.not_needed", category=category, limit=self.limits[category])
        player.held()[category].remove(item)
        s.improvised.pop(item, None)
        {"dice": s.used, "recipes": s.recipe_discard, "hype": s.hype_discard}[category].append(item)
        s.event("step.discard", player=player.name, item=item)

    @move("end_turn", rule=TURN)
    def end_turn(self, s: State, p: int, args: dict) -> None:
        player = s.players[p]
        if s.phase == "cut":
            fail(CUT, "end_turn.cut_first", player=player.name)
        if s.phase == "cook" and self.can_draw(s):
            fail(DRAW, "end_turn.draw_first", player=player.name)
        over = self.over_limits(s, player) if s.phase in ("cook", "limits") else {}
        if over:
            fail(LIMITS, "end_turn.over_limit", player=player.name, over=[f"{n} {k}" for k, n in over.items()])
        s.improvised, s.restocked, s.cooked_now = {}, False, False
        if s.stage == "final" and p == s.trigger:
            s.phase = "over"
            s.event("step.game_over", player=player.name, winners=self.winners(s))
            return
        s.turn = (p + 1) % len(s.players)
        if s.stage == "normal" and s.trigger is not None and s.turn != s.trigger:
            s.stage = "extra"                       # the trigger's turn is over: the others' one more turn
            s.event("step.extra_turns", player=player.name)
        elif s.stage != "final" and s.trigger is not None and s.turn == s.trigger:
            s.stage, s.turn = "final", (s.trigger + 1) % len(s.players)      # then the last cooking turns
            s.event("step.final_cooking", first=s.current.name)
        s.phase = "final-cook" if s.stage == "final" else "cut"
        s.event("step.end_turn", player=player.name, next=s.current.name)

    # --- legal moves ----------------------------------------------------------------------------------------
    def legal_moves(self, s: State) -> list[Move]:
        """Every legal move (cooks: one die per look-alike choice; see the module docstring)."""
        player, name = s.current, s.current.name
        if s.phase == "cut":
            moves = [Move(name, "restock", {})] if not s.restocked and self.missing_veggies(s) else []
            if s.block_dice() and sum(s.faces[d] for d in s.block_dice()) <= self.take_all_max:
                return moves + [Move(name, "take_all", {})]
            return moves + [Move(name, "cut", {"dice": dice}) for dice in self.cuts(s)]
        if s.phase in COOKING:
            moves = self._improvise_moves(s, player) if player.chef and not s.cooked_now else []
            moves += self._cook_moves(s, player)
            if s.phase == "cook":
                moves += [Move(name, "draw", {"source": k}) for k, (deck, pile) in PILES.items()
                          if getattr(s, deck) or getattr(s, pile)]
                moves += [Move(name, "draw", {"source": "display", "card": c}) for c in s.display]
            return moves + ([Move(name, "end_turn", {})] if s.phase == "final-cook" or not self.can_draw(s) else [])
        if s.phase != "limits":
            return []
        over = self.over_limits(s, player)
        return [Move(name, "discard", {"item": x}) for k in over for x in player.held()[k]] or [
            Move(name, "end_turn", {})]

    def _improvise_moves(self, s: State, player: Player) -> list[Move]:
        moves = []
        for die in player.dice:
            moves += [Move(player.name, "improvise", {"die": die, "veggie": v}) for v in self.veggies
                      if v != self.veggie(s, die)]
            moves += [Move(player.name, "improvise", {"die": die, "face": f}) for f in sorted(set(self.faces))
                      if f != s.faces[die]]
        return moves

    def _first_of_type(self, cards: list[str]) -> dict[str, str]:
        first: dict[str, str] = {}
        for card in cards:
            first.setdefault(self.type_of[card], card)
        return first

    def _cook_moves(self, s: State, player: Player) -> list[Move]:
        by_veggie = {v: [d for d in player.dice if self.veggie(s, d) == v] for v in self.veggies}
        hypes = self._first_of_type(player.hype)
        double = next((c for t, c in hypes.items() if self.hype[t]["condition"]["kind"] == "double_ingredients"), None)
        moves = []
        for rtype, recipe in self._first_of_type(player.recipes).items():
            needs = self.recipes[rtype]["needs"]
            for dice in self._dice_choices(s, by_veggie, needs, 1):
                faces = [s.faces[d] for d in dice]
                moves.append(Move(player.name, "cook", {"recipe": recipe, "dice": dice}))
                moves += [Move(player.name, "cook", {"recipe": recipe, "dice": dice, "hype": card})
                          for htype, card in hypes.items() if self.hype[htype]["condition"]["kind"] !=
                          "double_ingredients" and condition_met(self.hype[htype]["condition"], faces)]
            if double is not None:
                moves += [Move(player.name, "cook", {"recipe": recipe, "dice": dice, "hype": double})
                          for dice in self._dice_choices(s, by_veggie, needs, 2)]
        return moves

    def _dice_choices(self, s: State, by_veggie: dict, needs: Mapping[str, int], factor: int) -> list[list[str]]:
        """The ways to pick the dice `needs` asks for (times `factor`), one per multiset of numbers per vegetable."""
        per_veggie = []
        for veg, n in needs.items():
            options: dict[tuple, list[str]] = {}
            for combo in itertools.combinations(by_veggie.get(veg, []), n * factor):
                options.setdefault(tuple(sorted(s.faces[d] for d in combo)), list(combo))
            per_veggie.append(list(options.values()))
        return [[d for part in choice for d in part] for choice in itertools.product(*per_veggie)]

    # --- scoring --------------------------------------------------------------------------------------------
    def score(self, s: State) -> list[dict]:
        """Each player's breakdown: recipes (points, doubled by Double Portion), hype (the paired hype cards'
        value), cooked (how many), total; with one player also the solo band (`solo`)."""
        out = []
        for player in s.players:
            recipes = hype = 0
            for entry in player.cooked:
                r = self.recipes[self.type_of[entry.recipe]]
                if entry.hype:
                    sc = self.hype[self.type_of[entry.hype]]["score"]
                    hype += sc.get("points", 0) + sc.get("per_recipe_die", 0) * sum(r["needs"].values())
                    hype += sc.get("per_cooked_recipe", 0) * len(player.cooked)
                    hype += r["points"] * (sc.get("multiply_recipe", 1) - 1)
                recipes += r["points"]
            out.append({"player": player.name, "cooked": len(player.cooked), "recipes": recipes, "hype": hype,
                        "total": recipes + hype})
        if len(s.players) == 1:
            out[0]["solo"] = self.solo_band(out[0]["total"])
        return out

    def solo_band(self, total: int) -> dict:
        """The solo table's row for `total`: {min, max, missing_in_source}. A row the source skips is reported as
        missing, never filled in."""
        rows = [row for row in self.solo if total >= row["min"] and (row["max"] is None or total <= row["max"])]
        return dict(rows[0]) if rows else {"min": None, "max": None, "missing_in_source": True}

    def ranking(self, s: State) -> list[dict]:
        """Highest total first; a tie is a shared rank (and a shared win)."""
        scores = self.score(s)
        return [{"player": x["player"], "total": x["total"],
                 "rank": 1 + sum(1 for o in scores if o["total"] > x["total"])}
                for x in sorted(scores, key=lambda x: x["total"], reverse=True)]

    # --- expect ---------------------------------------------------------------------------------------------
    def expect_fields(self) -> dict[str, Check]:
        """turn, phase, winners and: stage; trigger (a name or null); block (the whole block, cells as die ids
        or "."; numbers not compared); block_size; used_size; display (any order); faces {die: number};
        solo {min, max, missing_in_source} (one player only)."""
        cells = lambda w: [[None if c in (None, ".") else c for c in row] for row in w]     # noqa: E731
        return {"stage": Check(lambda s: s.stage),
                "trigger": Check(lambda s: None if s.trigger is None else s.names[s.trigger]),
                "block": Check(lambda s: s.block, norm=cells), "block_size": Check(lambda s: len(s.block_dice())),
                "used_size": Check(lambda s: len(s.used)), "display": Check(lambda s: s.display, "any_order"),
                "faces": Check(lambda s, die: s.faces.get(die), "keyed"),
                "solo": Check(lambda s: self.score(s)[0].get("solo"))}

    def player_expect_fields(self) -> dict[str, Check]:
        """score, scoring and: dice, recipes, hype (the whole hand of each, any order); dice_count; cooked
        [{recipe, hype}] (in order); chef."""
        return {"dice": Check(lambda s, i: s.players[i].dice, "any_order"),
                "dice_count": Check(lambda s, i: len(s.players[i].dice)),
                "recipes": Check(lambda s, i: s.players[i].recipes, "any_order"),
                "hype": Check(lambda s, i: s.players[i].hype, "any_order"),
                "cooked": Check(lambda s, i: [c.to_dict() for c in s.players[i].cooked],
                                norm=lambda w: [{"recipe": c["recipe"], "hype": c.get("hype")} for c in w]),
                "chef": Check(lambda s, i: s.players[i].chef)}

    # --- text -----------------------------------------------------------------------------------------------
    def render(self, s: State) -> str:
        """Turn, phase and stage, the block (vegetable letter + number), the used dice, the decks and display, and
        each player's dice, cards, cooked recipes and score."""
        die = lambda d: f"{self.letter[self.veggie(s, d)]}{s.faces[d]}"          # noqa: E731
        head = f"Turn: {s.current.name} · phase: {s.phase}" + (f" · stage: {s.stage}" if s.stage != "normal" else "")
        lines = [head + (f" · 6th recipe: {s.players[s.trigger].name}" if s.trigger is not None else ""),
                 "Block (" + ", ".join(f"{letter}={v}" for v, letter in self.letter.items()) + "):"]
        lines += ["  " + " ".join(die(d) if d else ".." for d in row) for row in s.block]
        lines.append(f"Block: {len(s.block_dice())} dice, sum {sum(s.faces[d] for d in s.block_dice())} · used: "
                     f"{len(s.used)} dice")
        lines.append(f"Recipes: deck {len(s.recipe_deck)}, discard {len(s.recipe_discard)}, display: "
                     f"{' '.join(s.display) or '-'} · Hype: deck {len(s.hype_deck)}, discard {len(s.hype_discard)}")
        scores = {x["player"]: x for x in self.score(s)}
        width = max(len(p.name) for p in s.players)
        pad = "  " + " " * width + "  "
        for i, p in enumerate(s.players):
            sc = scores[p.name]
            lines += [f"{'>' if i == s.turn and s.phase != 'over' else ' '} {p.name.ljust(width)}  dice: "
                      + (" ".join(f"{d}({die(d)})" for d in p.dice) or "-"),
                      f"{pad}recipes: {' '.join(p.recipes) or '-'} · hype: {' '.join(p.hype) or '-'}"
                      f" · chef token: {'yes' if p.chef else 'no'}"]
            lines += [f"{pad}cooked: {e.recipe}" + (f" + {e.hype}" if e.hype else "") for e in p.cooked]
            lines.append(f"{pad}score: {sc['total']} (recipes {sc['recipes']}, hype {sc['hype']})")
        if s.improvised:
            lines.append("Improvised: " + ", ".join(f"{d} counts as {v}" for d, v in s.improvised.items()))
        if s.phase == "over":
            lines.append("Game over. " + " ".join(f"{r['rank']}. {r['player']} {r['total']}" for r in self.ranking(s)))
            solo = scores[s.players[0].name].get("solo")
            if solo:
                band = f"{solo['min']}–{solo['max']}" if solo["max"] is not None else f"{solo['min']}+"
                missing = " (verdict missing in source)" if solo["missing_in_source"] else ""
                lines.append(f"Solo band: {band}{missing}")
        return "\n".join(lines)


def condition_met(cond: Mapping[str, Any], faces: list[int]) -> bool:
    """Whether the numbers of the dice cooked meet a hype card's condition (double_ingredients: the number of
    dice, which the cook checks)."""
    kind, n, total, counts = cond["kind"], len(faces), sum(faces), Counter(faces)
    if kind == "sum" and "equals" in cond:
        return total == cond["equals"]
    if kind == "sum":
        return total >= cond["at_least"] if "at_least" in cond else total <= cond["at_most"]
    if kind in ("double_ingredients", "none"):
        return True
    return {"sequential": lambda: len(counts) == n and max(faces) - min(faces) == n - 1,
            "all_same": lambda: len(counts) == 1, "all_different": lambda: len(counts) == n,
            "all_even": lambda: all(f % 2 == 0 for f in faces), "all_odd": lambda: all(f % 2 == 1 for f in faces),
            "all_at_least": lambda: all(f >= cond["value"] for f in faces),
            "all_at_most": lambda: all(f <= cond["value"] for f in faces),
            "pairs": lambda: all(c == 2 for c in counts.values()),
            "face_count": lambda: counts[cond["face"]] >= cond["at_least"],
            "dice": lambda: n == cond["equals"]}.get(kind, lambda: False)()


def _count(items: list, known: list, what: str) -> list[str]:
    """The census of one kind of component: unknown ones, ones in several places, missing ones."""
    seen, known_set = Counter(items), set(known)
    problems = [f"unknown {what} {x}" if x not in known_set else f"{what} {x} is in {n} places"
                for x, n in seen.items() if x not in known_set or n > 1]
    missing = [x for x in known if x not in seen]
    return problems + ([f"{what}s missing: {', '.join(missing)}"] if missing else [])


ENGINE = DicedVeggies
