"""Diced Veggies rules engine: the dice block, cuts, cooking, hype cards, hand limits, the end and scoring.

Reads only the JSON from `DicedVeggies.engine_data()`. Every die and card has an instance id (`die-onion-3`,
`salsa-1`); `State` (engine_state.py) says what a state holds.

Moves: restock {} (phase cut, before cutting: when a vegetable is missing or the block is empty) · cut {dice: [die]}
(phase cut: a connected group from the outside, sum <= 10, the rest one piece) · take_all {} (phase cut: the whole
block when it adds up to 10 or less) · improvise {die, veggie} | {die, face} (phase cook / final-cook, before the
first cook of the turn) · cook {recipe, dice: [die], hype?: card} (phase cook / final-cook, any number of times) ·
draw {source: hype|recipes|display, card?} (phase cook: exactly one card) · discard {item: die|card} (phase limits,
only while over a limit) · end_turn {} (phase limits within the limits, or final-cook).

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
from bisect import bisect_right
from collections import Counter
from functools import partial
from typing import Any, Callable, Mapping

from ...engine import Engine, Move, Secret, arg, chance, errors, expect, fail, move, require
from .engine_state import PHASES, STAGES, Cooked, Player, State, start as read_start
from .engine_block import BlockCuts
from .policy import greedy

COOKING = ("cook", "final-cook")
TURN, END, HYPE = "diced-veggies.turn", "diced-veggies.end", "diced-veggies.hype"
RESTOCK, CUT, COOK = "diced-veggies.turn.restock", "diced-veggies.turn.cut", "diced-veggies.turn.cook"
IMPROVISE, DRAW, LIMITS = "diced-veggies.turn.improvise", "diced-veggies.turn.draw", "diced-veggies.turn.limits"
PILES = {"hype": ("hype_deck", "hype_discard"), "recipes": ("recipe_deck", "recipe_discard")}   # state fields
DOUBLE = "double_ingredients"             # the hype condition of Double Portion: twice the dice
# The hype conditions: tests of the numbers f of the dice cooked with the card, c its condition.
CONDITIONS: dict[str, Callable[[list[int], Mapping], bool]] = {
    "sum": lambda f, c: (sum(f) == c["equals"] if "equals" in c else
                         sum(f) >= c["at_least"] if "at_least" in c else sum(f) <= c["at_most"]),
    "sequential": lambda f, c: len(set(f)) == len(f) and max(f) - min(f) == len(f) - 1,
    "all_same": lambda f, c: len(set(f)) == 1, "all_different": lambda f, c: len(set(f)) == len(f),
    "all_even": lambda f, c: all(x % 2 == 0 for x in f), "all_odd": lambda f, c: all(x % 2 == 1 for x in f),
    "all_at_least": lambda f, c: all(x >= c["value"] for x in f),
    "all_at_most": lambda f, c: all(x <= c["value"] for x in f),
    "pairs": lambda f, c: all(f.count(x) == 2 for x in f),
    "face_count": lambda f, c: f.count(c["face"]) >= c["at_least"],
    "dice": lambda f, c: len(f) == c["equals"],
    DOUBLE: lambda f, c: True, "none": lambda f, c: True}   # Double Portion: the cook checks the number of dice


class DicedVeggies(BlockCuts, Engine):
    GAME = "diced-veggies"
    State = State
    PHASES = PHASES
    TURN_RULE, END_RULE = TURN, END
    TURN_BEFORE_PHASE = True
    POLICIES = {"greedy": greedy}
    # What Diced Veggies' players do not all see (tischlein.engine.privacy). Recipe and hype cards in hand are secret
    # (reconstructed: the rulebook only gives hand limits; a hand of cards is kept hidden as in any card game), so a
    # card drawn from a face-down deck is seen by its drawer only (one taken from the open display by all); a hype card
    # is paired face down with its recipe (BGA's rules help), so only its owner knows it until the end.
    SECRETS = {
        "step.draw": Secret("step.draw.hidden", chance=True, when=lambda params: params.get("source") != "display"),
        "step.hype": Secret("step.hype.hidden", hides="hype"),
    }
    NO_REFUSAL = {"diced-veggies.solo": "its 'only' says what the source gives (the score table), not a move"}
    RULE_IDS = frozenset({TURN, END, HYPE, RESTOCK, CUT, COOK, IMPROVISE, DRAW, LIMITS, "diced-veggies.recipes",
                          "diced-veggies.solo"})

    def __init__(self, data: Mapping[str, Any]):
        super().__init__(data)
        self.limits: dict[str, int] = dict(data["hand_limits"])
        self.cut_max, self.take_all_max = data["cut"]["max_sum"], data["cut"]["take_all_at_or_below"]
        self.recipes_to_end, self.deal = data["recipes_to_end"], data["start"]   # deal: recipes, hype, recipe_display
        self.rows, self.columns = data["block"]["rows"], data["block"]["columns"]
        self.faces, self.veggies = list(data["dice"]["faces"]), list(data["dice"]["veggies"])
        self.numbers = sorted(set(self.faces))
        self.smallest = self.numbers[0]          # with cut_max, the most dice a cut can hold (engine_block)
        # what a die showing each vegetable or number can be improvised to, in listing order
        self._other_veggies = {veg: [v for v in self.veggies if v != veg] for veg in self.veggies}
        self._other_numbers = {face: [f for f in self.numbers if f != face] for face in self.numbers}
        self.dice: list[str] = list(data["dice"]["ids"])
        self.veggie_of = {d: next(v for v in self.veggies if d.startswith(f"die-{v}-")) for d in self.dice}
        self.recipes, self.hype = data["recipes"], data["hype"]     # by type
        self.doubles = {htype for htype, h in self.hype.items() if h["condition"]["kind"] == DOUBLE}
        self.type_of, self.kind_of = ({c["id"]: c[key] for c in data["cards"]} for key in ("type", "kind"))
        self.cards: list[str] = list(self.type_of)
        self.letter: dict[str, str] = {}          # the render's vegetable letters: each its first letter still free
        for v in self.veggies:
            self.letter[v] = next((ch.upper() for ch in v if ch.isalpha() and ch.upper() not in self.letter.values()),
                                  v[:1].upper())
        self.block_grid(self.rows, self.columns)

    def check_cut(self, s: State, dice: list[str]) -> None:
        """Refuse `dice` unless they are one piece, reached from the outside, and leave the block one piece."""
        cells = self.cells(s)
        block, sub = sum(1 << i for i in cells), sum(1 << i for i, d in cells.items() if d in dice)
        named = self.named(s, dice)
        require(self.connected(sub), CUT, "cut.not_one_piece", dice=named)
        require(sub & self.outer(block), CUT, "cut.not_from_outside", dice=named)
        require(self.connected(block & ~sub, self.expand(sub) & block & ~sub), CUT, "cut.block_split", dice=named)

    def named(self, s: State, value: Any) -> Any:
        """A die as a player sees it: its colour (the vegetable's name) and the number it shows ("Broccoli 5"); a
        list of them each so; anything else as it is (see Engine.named)."""
        if isinstance(value, list):
            return [self.named(s, v) for v in value]
        return {"id": value, "shows": s.faces[value]} if isinstance(value, str) and value in self.veggie_of else value

    def veggie(self, s: State, die: str) -> str:
        return s.improvised.get(die) or self.veggie_of[die]

    def missing_veggies(self, s: State, block: list[str] | None = None) -> list[str]:
        """The vegetables no die in the block shows (`block`: the block's dice, when the caller has them)."""
        present = set(map(self.veggie_of.__getitem__, s.block_dice() if block is None else block))
        return [v for v in self.veggies if v not in present]

    def over_limits(self, s: State, player: Player) -> dict[str, int]:
        return {k: len(items) - self.limits[k] for k, items in player.held().items() if len(items) > self.limits[k]}

    def _roll_into_block(self, s: State, dice: list[str]) -> None:
        for die in dice:
            s.rng, i = chance.below(s.rng, len(self.faces))
            s.faces[die] = self.faces[i]
        s.rng = chance.shuffle(s.rng, dice)
        cells = dice + [None] * (self.rows * self.columns - len(dice))
        s.block = [cells[r * self.columns:(r + 1) * self.columns] for r in range(self.rows)]

    def components(self, s: State) -> dict:
        cards = s.recipe_deck + s.display + s.recipe_discard + s.hype_deck + s.hype_discard
        cards += [c for p in s.players for c in p.recipes + p.hype + [x for e in p.cooked for x in (e.recipe, e.hype)]]
        dice = [d for row in s.block for d in row] + s.used + [d for p in s.players for d in p.dice]
        return {"die": (self.dice, dice), "card": (self.cards, cards)}

    def checks(self, s: State) -> list[str]:
        problems = [f"die {die} shows {s.faces.get(die)!r}, not a face of the dice" for die in self.dice
                    if s.faces.get(die) not in self.faces]
        if len(s.block) != self.rows or any(len(r) != self.columns for r in s.block):
            problems.append(f"the block is not {self.rows} x {self.columns}")
        elif not self.connected(sum(1 << i for i in self.cells(s))):
            problems.append("the block is not one piece")
        return problems + ([f"unknown stage {s.stage!r}"] if s.stage not in STAGES else [])

    def setup(self, names: list[str], seed: int) -> State:
        s = State([Player(n) for n in names], {}, [], [], [], [], [], [], [], rng=chance.seed(seed))
        self._roll_into_block(s, list(self.dice))
        s.rng, recipes, hype = self._shuffled(s.rng, self.cards)
        for p in s.players * self.deal["recipes"]:          # dealt round by round
            p.recipes.append(recipes.pop())
        for p in s.players * self.deal["hype"]:
            p.hype.append(hype.pop())
        s.display = [recipes.pop() for _ in range(self.deal["recipe_display"])]
        s.recipe_deck, s.hype_deck = recipes, hype
        return s

    def _shuffled(self, rng: int, cards: list[str]) -> tuple[int, list[str], list[str]]:
        """The recipe and the hype cards among `cards`, each shuffled (recipes first), and the PRNG after."""
        recipes, hype = ([c for c in cards if self.kind_of[c] == kind] for kind in ("recipe", "hype"))
        return chance.shuffle(chance.shuffle(rng, recipes), hype), recipes, hype

    start = read_start

    def check_phase(self, s: State, mv: Move, spec: Any) -> None:
        """The last cooking turns allow only the chef token, cooking and ending the turn: the end rule refuses any
        other move there but a discard (refused as out of its phase). An empty block must be restocked before
        anything is cut."""
        if s.phase == "final-cook" and spec.phases and s.phase not in spec.phases and mv.name != "discard":
            fail(END, "final.cook_only", player=s.current.name)
        super().check_phase(s, mv, spec)
        if mv.name in ("cut", "take_all") and not s.block_dice():
            fail(RESTOCK, "restock.must")

    @move("restock", rule=RESTOCK, phases="cut", wrong_phase="restock.not_now")
    def restock(self, s: State, p: int, args: dict) -> None:
        require(not s.restocked, RESTOCK, "restock.once")
        missing = self.missing_veggies(s)
        require(missing, RESTOCK, "restock.nothing_missing")
        dice, s.used, s.restocked = s.block_dice() + s.used, [], True
        self._roll_into_block(s, dice)
        for player in s.players:
            player.chef = True
        s.event("step.restock", player=s.players[p].name, count=len(dice), missing=missing)

    @move("take_all", rule=CUT, phases="cut", wrong_phase="cut.done")
    def take_all(self, s: State, p: int, args: dict) -> None:
        total = sum(s.faces[d] for d in s.block_dice())
        require(total <= self.take_all_max, CUT, "take_all.too_much", sum=total, max=self.take_all_max)
        s.event("step.take_all", **self._take(s, p, s.block_dice()))

    @move("cut", rule=CUT, phases="cut", wrong_phase="cut.done", dice=arg.Arg("list", empty=False))
    def cut(self, s: State, p: int, args: dict) -> None:
        dice, block = args["dice"], s.block_dice()
        for i, die in enumerate(dice):
            require(die in block, CUT, "cut.not_in_block", die=self.named(s, str(die)))
            require(die not in dice[:i], CUT, "cut.duplicate", die=self.named(s, die))
        block_sum, total = sum(s.faces[d] for d in block), sum(s.faces[d] for d in dice)
        require(block_sum > self.take_all_max, CUT, "cut.take_all_instead", sum=block_sum, max=self.take_all_max)
        require(total <= self.cut_max, CUT, "cut.too_much", sum=total, max=self.cut_max)
        listed = self._listed_cuts      # a cut the last listing of this very block found passes check_cut
        if dice not in listed[1] or listed[0] != self.layout(s):
            self.check_cut(s, dice)
        s.event("step.cut", **self._take(s, p, dice))

    def _take(self, s: State, p: int, dice: list[str]) -> dict:
        """Move `dice` from the block to the hand; the event's parameters."""
        s.block = [[None if d in dice else d for d in row] for row in s.block]
        s.players[p].dice += dice
        s.phase = "final-cook" if s.stage == "final" else "cook"
        return {"player": s.players[p].name, "dice": self.named(s, dice), "sum": sum(s.faces[d] for d in dice)}

    @move("improvise", rule=IMPROVISE, phases=COOKING, wrong_phase="improvise.not_now", die=arg.STR,
          veggie=arg.Arg("str", optional=True), face=arg.Arg("int", optional=True))
    def improvise(self, s: State, p: int, args: dict) -> None:
        player, die, veg, face = s.players[p], args["die"], args["veggie"], args["face"]
        require(player.chef, IMPROVISE, "improvise.no_token", player=player.name)
        require(not s.cooked_now, IMPROVISE, "improvise.after_cook")
        require(die in player.dice, IMPROVISE, "die.not_in_hand", die=self.named(s, die), player=player.name)
        require((veg is None) != (face is None), IMPROVISE, "improvise.one_change")
        if veg is not None and veg not in self.veggies:
            fail(IMPROVISE, "improvise.unknown_veggie", veggie=veg, veggies=self.veggies)
        if face is not None and face not in self.faces:
            fail(IMPROVISE, "improvise.bad_face", face=str(face), faces=self.numbers)
        if veg == self.veggie(s, die) or face == s.faces[die]:
            fail(IMPROVISE, "improvise.same", die=self.named(s, die))
        named = self.named(s, die)          # as it looked before the chef token changed it
        if veg is not None:
            s.improvised[die] = veg
            s.event("step.improvise_veggie", player=player.name, die=named, veggie=veg)
        else:
            s.faces[die] = face
            s.event("step.improvise_face", player=player.name, die=named, face=face)
        player.chef = False

    @move("cook", rule=COOK, phases=COOKING, wrong_phase="cook.not_now", recipe=arg.STR, dice=arg.Arg("list"),
          hype=arg.Arg("str", optional=True, rule=HYPE))
    def cook(self, s: State, p: int, args: dict) -> None:
        player, recipe, dice, hype = s.players[p], args["recipe"], args["dice"], args["hype"]
        require(recipe in player.recipes, COOK, "card.not_in_hand", card=recipe, player=player.name)
        for i, die in enumerate(dice):
            require(die in player.dice, COOK, "die.not_in_hand", die=self.named(s, str(die)), player=player.name)
            require(die not in dice[:i], COOK, "cook.duplicate", die=self.named(s, die))
        if hype is not None and hype not in player.hype:
            fail(HYPE, "card.not_in_hand", card=hype, player=player.name)
        rtype, htype, faces = self.type_of[recipe], self.type_of.get(hype), [s.faces[d] for d in dice]
        factor = 2 if htype in self.doubles else 1
        needs = {v: n * factor for v, n in self.recipes[rtype]["needs"].items()}
        have = Counter(self.veggie(s, d) for d in dice)
        if have != needs:
            fail(HYPE if factor == 2 else COOK, "cook.wrong_dice", recipe=rtype,
                 needs=[{"id": v, "count": n} for v, n in needs.items()],
                 got=[{"id": v, "count": n} for v, n in have.items()])
        if htype and not condition_met(self.hype[htype]["condition"], faces):
            fail(HYPE, "hype.condition", hype=htype, faces=faces)
        player.recipes.remove(recipe)
        player.dice = [d for d in player.dice if d not in dice]
        s.improvised = {d: veg for d, veg in s.improvised.items() if d not in dice}
        s.used += dice
        player.cooked.append(Cooked(recipe, hype))
        s.cooked_now = True
        s.event("step.cook", player=player.name, recipe=rtype, dice=self.named(s, dice),
                points=self.recipes[rtype]["points"])
        if hype:
            player.hype.remove(hype)
            s.event("step.hype", hype=htype)
        if s.trigger is None and len(player.cooked) >= self.recipes_to_end:
            s.trigger = p
            s.event("step.trigger", player=player.name, count=len(player.cooked))

    @move("draw", rule=DRAW, phases="cook", wrong_phase="draw.not_now", source=arg.STR)
    def draw(self, s: State, p: int, args: dict) -> None:
        player, source, card = s.players[p], args["source"], args.get("card")
        if source in PILES:
            if card is not None:        # a named card would be ignored: the top card is drawn unseen
                errors.invalid(DRAW, "draw.card_from_deck", source=source, card=str(card))
            card = self._top(s, source)
            require(card is not None, DRAW, "draw.empty", source=source)
        elif source == "display":
            if card is None:
                errors.invalid(DRAW, "move.missing_arg", move="draw", arg="card")
            require(card in s.display, DRAW, "draw.not_in_display", card=str(card), display=list(s.display))
            s.display.remove(card)
            refill = self._top(s, "recipes")            # the display is refilled from the deck, if any
            if refill:
                s.display.append(refill)
        else:
            fail(DRAW, "draw.bad_source", source=source)
        (player.hype if source == "hype" else player.recipes).append(card)
        s.phase = "limits"
        s.event("step.draw", player=player.name, card=card, source=source)

    def _top(self, s: State, which: str) -> str | None:
        """The top card of a deck (hype | recipes), taken off after refilling an empty deck; None if none is left."""
        deck, pile = (getattr(s, key) for key in PILES[which])
        if not deck and pile:
            deck[:], pile[:] = pile, []
            s.rng = chance.shuffle(s.rng, deck)
            s.event("step.reshuffle", deck=which)
        return deck.pop() if deck else None

    def can_draw(self, s: State) -> bool:
        """Is there a card to draw: in a deck, a discard pile (shuffled into a new deck) or the display?"""
        return bool(s.hype_deck or s.hype_discard or s.recipe_deck or s.recipe_discard or s.display)

    @move("discard", rule=LIMITS, phases=("limits", "cook"), wrong_phase="discard.not_now", item=arg.STR)
    def discard(self, s: State, p: int, args: dict) -> None:
        """Over a limit at the end of the turn. In the cook phase only when no card is left to draw: then step 3
        has nothing to take and the turn's end comes straight after cooking (without this a player over a
        limit could neither draw nor discard nor end the turn)."""
        if s.phase == "cook" and self.can_draw(s):
            fail(LIMITS, "discard.not_now", phase=s.phase)
        s.phase = "limits"
        player, item = s.players[p], args["item"]
        category = next((k for k, items in player.held().items() if item in items), None)
        require(category is not None, LIMITS, "discard.not_held", item=self.named(s, item), player=player.name)
        if category not in self.over_limits(s, player):
            fail(LIMITS, "discard.not_needed", category=category, limit=self.limits[category])
        player.held()[category].remove(item)
        s.improvised.pop(item, None)
        {"dice": s.used, "recipes": s.recipe_discard, "hype": s.hype_discard}[category].append(item)
        s.event("step.discard", player=player.name, item=self.named(s, item))

    @move("end_turn", rule=TURN)
    def end_turn(self, s: State, p: int, args: dict) -> None:
        player = s.players[p]
        require(s.phase != "cut", CUT, "end_turn.cut_first", player=player.name)
        if s.phase == "cook" and self.can_draw(s):
            fail(DRAW, "end_turn.draw_first", player=player.name)
        over = self.over_limits(s, player) if s.phase in ("cook", "limits") else {}
        if over:
            fail(LIMITS, "end_turn.over_limit", player=player.name,
                 over=[{"id": k, "count": n, "words": "category"} for k, n in over.items()])
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

    def moves_by_kind(self, s: State) -> dict[str, list[Move]]:
        """Every legal move, by kind, in the order legal_moves lists them (the kernel's legal_moves joins these
        groups; its random policy picks a kind here without sorting a flat list out again)."""
        player = s.players[s.turn]
        name = player.name
        if s.phase == "cut":
            block = s.block_dice()          # the cut phase lists every move of it at every step: read once, in C
            restock = not s.restocked and self.missing_veggies(s, block)
            moves = {"restock": [Move(name, "restock", {})]} if restock else {}
            if block and sum(map(s.faces.__getitem__, block)) <= self.take_all_max:
                return {**moves, "take_all": [Move(name, "take_all", {})]}
            cuts = self.cuts(s)
            return {**moves, "cut": Move.Row(len(cuts), lambda i: Move(name, "cut", {"dice": cuts[i]}))}
        end = {"end_turn": [Move(name, "end_turn", {})]}
        if s.phase == "limits":
            return self._discards(s, player) or end
        if s.phase not in COOKING:
            return {}
        improvise = self._improvisations(s, player) if player.chef and not s.cooked_now else []
        moves = {"improvise": improvise, "cook": self._cook_moves(s, player)}
        if s.phase == "final-cook":
            return {**moves, **end}
        draws = [Move(name, "draw", {"source": k}) for k, (deck, pile) in PILES.items()
                 if getattr(s, deck) or getattr(s, pile)]
        draws += [Move(name, "draw", {"source": "display", "card": c}) for c in s.display]
        if draws:
            return {**moves, "draw": draws}
        return {**moves, **(self._discards(s, player) or end)}   # nothing to draw: the turn's end follows cooking

    def _improvisations(self, s: State, player: Player) -> Move.Row:
        """The chef token's moves, die by die: each other vegetable, then each other number. A row made move by
        move when asked (MoveRow): a random player improvises on one turn in three, and a hand of ten dice
        has ninety of these moves."""
        rows, starts, count = [], [], 0
        for die in player.dice:
            veg, face = self.veggie(s, die), s.faces[die]
            veggies = self._other_veggies.get(veg) or [v for v in self.veggies if v != veg]
            numbers = self._other_numbers.get(face) or [f for f in self.numbers if f != face]
            rows.append((die, veggies, numbers))
            starts.append(count)
            count += len(veggies) + len(numbers)

        def make(i: int) -> Move:
            row = bisect_right(starts, i) - 1
            die, veggies, numbers = rows[row]
            k = i - starts[row]
            return Move(player.name, "improvise", {"die": die, "veggie": veggies[k]} if k < len(veggies) else
                        {"die": die, "face": numbers[k - len(veggies)]})
        return Move.Row(count, make)

    def _discards(self, s: State, player: Player) -> dict[str, list[Move]]:
        """The discards of a player over a hand limit (one per item of each category over its limit), or {}."""
        over = self.over_limits(s, player)
        moves = [Move(player.name, "discard", {"item": x}) for k in over for x in player.held()[k]]
        return {"discard": moves} if moves else {}

    def _cook_moves(self, s: State, player: Player) -> Move.Later:
        """The cooks, listed only when asked for (LaterMoves): a random player cooks at one cooking step in five,
        and listing every dice choice with every hype card at the others was a twentieth of a random game. There is
        a cook when a recipe held needs no more dice of each vegetable than the hand has: its plain cook is one."""
        by_veggie: dict[str, list[str]] = {}
        for die in player.dice:
            by_veggie.setdefault(self.veggie(s, die), []).append(die)
        recipes = self._first_of_type(player.recipes)
        some = any(all(len(by_veggie.get(veg, ())) >= n for veg, n in self.recipes[rtype]["needs"].items())
                   for rtype in recipes)
        faces = {die: s.faces[die] for die in player.dice}     # copied: the list may be made after a later move
        return Move.Later(some, partial(self._cooks, player.name, by_veggie, faces, recipes,
                                        self._first_of_type(player.hype)))

    def _cooks(self, name: str, by_veggie: dict[str, list[str]], faces: dict[str, int], recipes: dict[str, str],
               hypes: dict[str, str]) -> list[Move]:
        double = next((card for htype, card in hypes.items() if htype in self.doubles), None)
        tests = [(card, self.hype[htype]["condition"]) for htype, card in hypes.items() if htype not in self.doubles]
        moves = []
        for rtype, recipe in recipes.items():
            needs = self.recipes[rtype]["needs"]
            for dice in self._dice_choices(faces, by_veggie, needs, 1):
                numbers = [faces[d] for d in dice]
                moves.append(Move(name, "cook", {"recipe": recipe, "dice": dice}))
                moves += [Move(name, "cook", {"recipe": recipe, "dice": dice, "hype": card})
                          for card, cond in tests if condition_met(cond, numbers)]
            if double is not None:
                moves += [Move(name, "cook", {"recipe": recipe, "dice": dice, "hype": double})
                          for dice in self._dice_choices(faces, by_veggie, needs, 2)]
        return moves

    def _first_of_type(self, cards: list[str]) -> dict[str, str]:
        first: dict[str, str] = {}
        for card in cards:
            first.setdefault(self.type_of[card], card)
        return first

    def _dice_choices(self, faces: dict[str, int], by_veggie: dict, needs: Mapping[str, int],
                      factor: int) -> list[list[str]]:
        """The ways to pick the dice `needs` asks for (times `factor`), one per multiset of numbers per vegetable."""
        per_veggie = []
        for veg, n in needs.items():
            options: dict[tuple, list[str]] = {}
            for combo in itertools.combinations(by_veggie.get(veg, []), n * factor):
                options.setdefault(tuple(sorted(faces[d] for d in combo)), list(combo))
            if not options:
                return []
            per_veggie.append(list(options.values()))
        return [[d for part in choice for d in part] for choice in itertools.product(*per_veggie)]

    def score(self, s: State) -> list[dict]:
        """Each player's breakdown: recipes (points, doubled by Double Portion), hype (the paired hype cards'
        value), cooked (how many), total; with one player also the solo band (`solo`)."""
        out = [self.score_of(player) for player in s.players]
        if len(s.players) == 1:
            out[0]["solo"] = self.solo_band(out[0]["total"])
        return out

    def score_of(self, player: Player) -> dict:
        """One player's score breakdown (see score)."""
        recipes = hype = 0
        for entry in player.cooked:
            r = self.recipes[self.type_of[entry.recipe]]
            sc = self.hype[self.type_of[entry.hype]]["score"] if entry.hype else {}
            hype += (sc.get("points", 0) + sc.get("per_recipe_die", 0) * sum(r["needs"].values())
                     + sc.get("per_cooked_recipe", 0) * len(player.cooked)
                     + r["points"] * (sc.get("multiply_recipe", 1) - 1))
            recipes += r["points"]
        return {"player": player.name, "cooked": len(player.cooked), "recipes": recipes, "hype": hype,
                "total": recipes + hype}

    def solo_band(self, total: int) -> dict:
        """The solo table's row for `total`: {min, max, missing_in_source}. A row the source skips is reported as
        missing, never filled in."""
        rows = [row for row in self.data["solo"] if total >= row["min"] and (row["max"] is None or total <= row["max"])]
        return dict(rows[0]) if rows else {"min": None, "max": None, "missing_in_source": True}

    def expect_fields(self) -> dict[str, expect.Check]:
        """turn, phase, winners and: stage; trigger (a name or null); block (the whole block, cells as die ids
        or "."; numbers not compared); block_size; used_size; display (any order); faces {die: number};
        solo {min, max, missing_in_source} (one player only)."""
        cells = lambda w: [[None if c in (None, ".") else c for c in row] for row in w]     # noqa: E731
        return {"stage": expect.Check(lambda s: s.stage),
                "trigger": expect.Check(lambda s: None if s.trigger is None else s.names[s.trigger]),
                "block": expect.Check(lambda s: s.block, norm=cells),
                "block_size": expect.Check(lambda s: len(s.block_dice())),
                "used_size": expect.Check(lambda s: len(s.used)),
                "display": expect.Check(lambda s: s.display, "any_order"),
                "faces": expect.Check(lambda s, die: s.faces.get(die), "keyed"),
                "solo": expect.Check(lambda s: self.score(s)[0].get("solo"))}

    def player_expect_fields(self) -> dict[str, expect.Check]:
        """score, scoring and: dice, recipes, hype (the whole hand of each, any order); dice_count; cooked
        [{recipe, hype}] (in order); chef."""
        hand = {k: expect.Check(lambda s, i, k=k: getattr(s.players[i], k), "any_order")
                for k in ("dice", "recipes", "hype")}
        return {**hand, "dice_count": expect.Check(lambda s, i: len(s.players[i].dice)),
                "cooked": expect.Check(lambda s, i: [c.to_dict() for c in s.players[i].cooked],
                                       norm=lambda w: [{"recipe": c["recipe"], "hype": c.get("hype")} for c in w]),
                "chef": expect.Check(lambda s, i: s.players[i].chef)}

    def render_lines(self, s: State) -> list[str]:
        die = lambda d: f"{self.letter[self.veggie(s, d)]}{s.faces[d]}"          # noqa: E731
        head = f"Turn: {s.current.name} · phase: {s.phase}" + (f" · stage: {s.stage}" if s.stage != "normal" else "")
        lines = [head + (f" · 6th recipe: {s.players[s.trigger].name}" if s.trigger is not None else ""),
                 "Block (" + ", ".join(f"{letter}={v}" for v, letter in self.letter.items()) + "):"]
        lines += ["  " + " ".join(die(d) if d else ".." for d in row) for row in s.block]
        lines.append(f"Block: {len(s.block_dice())} dice, sum {sum(s.faces[d] for d in s.block_dice())} · used: "
                     f"{len(s.used)} dice")
        lines.append(f"Recipes: deck {len(s.recipe_deck)}, discard {len(s.recipe_discard)}, display: "
                     f"{' '.join(s.display) or '-'} · Hype: deck {len(s.hype_deck)}, discard {len(s.hype_discard)}")
        scores, width = self.score(s), max(len(p.name) for p in s.players)
        pad = "  " + " " * width + "  "
        for i, (p, sc) in enumerate(zip(s.players, scores)):
            lines += [f"{'>' if i == s.turn and s.phase != 'over' else ' '} {p.name.ljust(width)}  dice: "
                      + (" ".join(f"{d}({die(d)})" for d in p.dice) or "-"),
                      f"{pad}recipes: {' '.join(p.recipes) or '-'} · hype: {' '.join(p.hype) or '-'}"
                      f" · chef token: {'yes' if p.chef else 'no'}"]
            lines += [f"{pad}cooked: {e.recipe}" + (f" + {e.hype}" if e.hype else "") for e in p.cooked]
            lines.append(f"{pad}score: {sc['total']} (recipes {sc['recipes']}, hype {sc['hype']})")
        if s.improvised:
            lines.append("Improvised: " + ", ".join(f"{d} counts as {v}" for d, v in s.improvised.items()))
        return lines

    def result_lines(self, s: State) -> list[str]:
        """The ranking, and in a solo game the band the score falls in."""
        solo = self.score(s)[0].get("solo")
        if not solo:
            return super().result_lines(s)
        band = f"{solo['min']}–{solo['max']}" if solo["max"] is not None else f"{solo['min']}+"
        missing = " (verdict missing in source)" if solo["missing_in_source"] else ""
        return super().result_lines(s) + [f"Solo band: {band}{missing}"]


def condition_met(cond: Mapping[str, Any], faces: list[int]) -> bool:
    """Whether the numbers of the dice cooked meet a hype card's condition."""
    return CONDITIONS.get(cond["kind"], lambda f, c: False)(faces, cond)


ENGINE = DicedVeggies
