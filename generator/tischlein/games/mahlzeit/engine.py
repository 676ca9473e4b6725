"""Mahlzeit rules engine: moves, legality, scoring, replay start and text rendering (see tischlein.engine).

Reads only the JSON from `Mahlzeit.engine_data()`. Every physical dark-back card has an instance id (`beer-3`).

State: players (hand, laid dishes, spoons taken from a row this turn) in turn order; five rows, bottom first
and the top card last; the stack (top card last); the dish cards still on the table per dish (lowest first);
the box (used ingredients and Aprons, special cards of the basic game); phase before-draw | after-draw |
discard | dirty-pots | over; `pending` {holder, layer} while a Dirty Pots swap is being decided; `final` once
the stack ran out; `variant` when the special cards are in play.

Moves (rows numbered 1..5):
    spoon    {card, from_row, count, to_row}  before phase 1: lift the top `count` cards (1 <= count < row
                                              size) with the spoon onto another row
    draw     {}                               phase 1: the top 2 cards of the stack (1 if only 1 is left)
    take     {row}                            phase 1: the top card of a row; an emptied row is refilled
    lay      {dish, ingredients, drink?, specials?}   phase 2, any number of times
    swap {} / decline {}                      by the Dirty Pots holder, right after another player's lay
    discard  {card, row}                      phase 3: one card onto a row while over the hand limit
    end_turn {}                               when the hand is within the limit

Decisions where the rulebook is silent (the FAQ answers them for readers):
  * Setup rows: only ingredient cards open a row; a drink, spoon or special card turned up is shuffled back
    into the stack together with the Dirty Pots card.
  * The first name in `players` starts; drawing with one card left draws that card (and starts the final phase).
  * Several Cooking Spoons may be played before phase 1; a spoon may lift any top cards, not only ingredients.
  * The Dirty Pots holder decides right after each single lay, before the layer goes on (phase dirty-pots).
  * Phase 3: each `discard` puts one card down while over the limit; once a card is down phase 2 is over.
    Any card but Dirty Pots may be put down.
  * One of each special type per dish; the Cooking Hat is never laid; an Apron goes to the box after the lay.
  * The Cooking Hat at scoring cancels the minus of the highest drink in hand.
  * Tie-break "most points from drinks" counts laid drinks as scored (a Dish Towel's doubling included).
  * Dirty Pots swap: the random card is drawn from the layer's hand with the state's PRNG (uniform by position).
"""
from __future__ import annotations

from typing import Any, Mapping

from ...engine import Engine, Move, Secret, arg, chance, expect, fail, move, require
from .engine_start import read_start
from .engine_state import PHASES, Dish, Player, State
from .policy import greedy

SPOON, DIRTY_POTS = "cooking-spoon", "dirty-pots"
APRON, HAT = "apron", "cooking-hat"
SPECIAL_RULES = {"cutlery": "mahlzeit.special.cutlery", "apron": "mahlzeit.special.apron",
                 "dish-towel": "mahlzeit.special.towel", "cooking-hat": "mahlzeit.special.hat"}
CARD = arg.one_id("type_of")


class Mahlzeit(Engine):
    GAME = "mahlzeit"
    State = State
    PHASES = PHASES
    TURN_RULE, END_RULE = "mahlzeit.turn", "mahlzeit.end"
    TIE_BREAKS = ("drinks",)             # most points from laid drinks (a Dish Towel's doubling included)
    PHASE_RULES = {"dirty-pots": "mahlzeit.dirty-pots"}
    TURN_BEFORE_PHASE = True             # "it is Silke's move" tells Max more than "Silke has drawn already"
    POLICIES = {"greedy": greedy}
    # What Mahlzeit's players do not all see (tischlein.engine.privacy): the hand is secret (rulebook: cards are drawn
    # into the hand and laid from it), so is the card drawn from the face-down stack, and the card the Dirty Pots holder
    # draws from another hand "without looking" is seen by the two of them only. A row refilled from the stack is open
    # to all once it lies there, but no move's label may tell it before.
    SECRETS = {
        "step.draw": Secret("step.draw.hidden", hides="cards", chance=True),
        "step.swap": Secret("step.swap.hidden", seen_by=("holder", "layer"), chance=True),
        "step.refill": Secret("step.refill.hidden", seen_by=None, chance=True),
    }
    NO_REFUSAL = {"mahlzeit.components": "the overview cards never enter play, so no move can name one"}
    RULE_IDS = frozenset({
        "mahlzeit.components", "mahlzeit.turn", "mahlzeit.turn.draw", "mahlzeit.turn.take", "mahlzeit.turn.lay",
        "mahlzeit.turn.drink", "mahlzeit.turn.discard", "mahlzeit.dishes", "mahlzeit.spoon", "mahlzeit.dirty-pots",
        "mahlzeit.end", "mahlzeit.special", "mahlzeit.special.cutlery", "mahlzeit.special.apron",
        "mahlzeit.special.towel", "mahlzeit.special.hat",
    })

    def __init__(self, data: Mapping[str, Any]):
        super().__init__(data)
        self.hand_limit: int = data["hand_limit"]
        self.open_rows: int = data["open_rows"]
        self.deal: int = data["deal"]
        self.cards: list[str] = [c["id"] for c in data["cards"]]
        self.type_of: dict[str, str] = {c["id"]: c["type"] for c in data["cards"]}
        self.kind_of: dict[str, str] = {c["id"]: c["kind"] for c in data["cards"]}
        self.dishes: dict[str, dict] = {d["id"]: d for d in data["dishes"]}
        self.drinks: dict[str, dict] = dict(data["drinks"])
        self.specials: dict[str, dict] = dict(data["specials"])
        self.actions: dict[str, dict] = dict(data["actions"])

    def is_dirty_pots(self, card: str) -> bool:
        return self.type_of.get(card) == DIRTY_POTS

    def drink_points(self, card: str) -> int:
        return self.drinks[self.type_of[card]]["points"]

    def dirty_pots_holder(self, s: State) -> int | None:
        return next((i for i, p in enumerate(s.players) if any(self.is_dirty_pots(c) for c in p.hand)), None)

    # --- whose decision -------------------------------------------------------------------------------------
    def actor(self, s: State) -> int | None:
        """The Dirty Pots holder while a swap is pending, else the current player."""
        if s.phase == "over":
            return None
        return s.pending["holder"] if s.phase == "dirty-pots" else s.turn

    def blocked(self, s: State, mv: Move) -> None:
        if s.phase == "dirty-pots" and mv.name not in ("swap", "decline"):
            fail("mahlzeit.dirty-pots", "dirty_pots.pending", holder=s.players[s.pending["holder"]].name,
                 layer=s.players[s.pending["layer"]].name)
        # Right after a lay with an Apron (the state's last move), a swap for that dish is refused by the Apron's
        # rule, which is the reason, rather than as a move out of turn.
        holder = self.dirty_pots_holder(s)
        if mv.name in ("swap", "decline") and s.phase != "dirty-pots" and holder is not None and \
                any(key == "step.apron" for key, _ in s.events):
            fail(SPECIAL_RULES[APRON], "apron.no_swap", holder=s.players[holder].name, layer=s.current.name)
        # The spoon just played stays on its row this turn (the last move's events are seen only here, before
        # the move's copy of the state drops them).
        row = mv.args.get("row") if mv.name == "take" and s.phase == "before-draw" else None
        if mv.player == s.current.name and type(row) is int and 1 <= row <= len(s.rows) and s.rows[row - 1] and \
                self.spoon_just_played(s, s.rows[row - 1][-1]):
            fail("mahlzeit.spoon", "spoon.take_back", card=s.rows[row - 1][-1], player=mv.player, row=row)
        # Likewise right after a lay in the final phase: the end rule forbids the swap.
        if mv.name in ("swap", "decline") and s.phase != "dirty-pots" and holder is not None and \
                any(key == "step.no_swap_final" for key, _ in s.events):
            fail("mahlzeit.end", "end.no_swap_final", holder=s.players[holder].name, layer=s.current.name)

    # --- state checks ---------------------------------------------------------------------------------------
    def components(self, s: State) -> dict:
        laid = [c for p in s.players for d in p.dishes for c in [d.drink, *d.specials]]
        return {"card": (self.cards, [c for place in [p.hand for p in s.players] + s.rows + [s.stack, s.box, laid]
                                      for c in place])}

    def checks(self, s: State) -> list[str]:
        """Every dish card on the table or laid once, five rows, a pending decision only when one is due."""
        problems: list[str] = []
        for dish_id, dish in self.dishes.items():
            laid = [d.value for p in s.players for d in p.dishes if d.dish == dish_id]
            if sorted(s.columns.get(dish_id, []) + laid) != sorted(dish["values"]):
                problems.append(f"dish cards of {dish_id} do not add up: table {s.columns.get(dish_id)}, "
                                f"laid {laid}, printed {dish['values']}")
            if s.columns.get(dish_id, []) != sorted(s.columns.get(dish_id, [])):
                problems.append(f"dish column {dish_id} is not lowest first")
        if set(s.columns) - set(self.dishes) or any(d.dish not in self.dishes for p in s.players for d in p.dishes):
            problems.append("unknown dish")
        if len(s.rows) != self.open_rows:
            problems.append(f"{len(s.rows)} rows, expected {self.open_rows}")
        if (s.phase == "dirty-pots") != (s.pending is not None):
            problems.append("a pending Dirty Pots decision goes with the dirty-pots phase and only with it")
        elif s.pending is not None and not all(0 <= s.pending.get(k, -1) < len(s.players) for k in ("holder", "layer")):
            problems.append("the pending Dirty Pots decision names no player")
        return problems

    # --- setup ----------------------------------------------------------------------------------------------
    def setup(self, names: list[str], seed: int, specials: bool = False) -> State:
        """Special cards out (or in, with `specials`), Dirty Pots aside, shuffle, deal, open 5 ingredient rows,
        shuffle Dirty Pots (and any non-ingredient turned up for the rows) back in."""
        rng = chance.seed(seed)
        dirty = [c for c in self.cards if self.is_dirty_pots(c)]
        out = [c for c in self.cards if self.kind_of[c] == "special"] if not specials else []
        deck = [c for c in self.cards if c not in dirty and c not in out]
        rng = chance.shuffle(rng, deck)
        hands: list[list[str]] = [[] for _ in names]
        for _ in range(self.deal):
            for hand in hands:
                hand.append(deck.pop())
        rows: list[list[str]] = []
        aside: list[str] = []
        while len(rows) < self.open_rows:
            card = deck.pop()
            (rows.append([card]) if self.kind_of[card] == "ingredient" else aside.append(card))
        deck += aside + dirty
        rng = chance.shuffle(rng, deck)
        columns = {d: list(v["values"]) for d, v in self.dishes.items()}
        return State([Player(n, h) for n, h in zip(names, hands)], rows, deck, columns, list(out),
                     variant=bool(specials), rng=rng)

    start = read_start             # the explicit starting state of a replay (its format: engine_start.read_start)

    # --- moves ----------------------------------------------------------------------------------------------
    def _row(self, value: int, rule: str) -> int:
        require(1 <= value <= self.open_rows, rule, "row.no_such_row", row=str(value), rows=self.open_rows)
        return value

    def _in_hand(self, s: State, p: int, card: str, rule: str) -> None:
        if card not in s.players[p].hand:
            fail(rule, "card.not_in_hand", card=card, player=s.players[p].name)

    @move("spoon", rule="mahlzeit.spoon", card=CARD, from_row=arg.INT, count=arg.INT, to_row=arg.INT)
    def spoon(self, s: State, p: int, args: dict) -> None:
        rule, player, card = "mahlzeit.spoon", s.players[p], args["card"]
        require(self.type_of[card] == SPOON, rule, "spoon.not_spoon", card=card)
        self._in_hand(s, p, card, rule)
        require(card not in player.spoons_taken, rule, "spoon.taken_this_turn", card=card, player=player.name)
        require(s.phase == "before-draw", rule, "spoon.after_phase1")
        src, dst = self._row(args["from_row"], rule), self._row(args["to_row"], rule)
        require(src != dst, rule, "spoon.same_row", row=src)
        row = s.rows[src - 1]
        require(len(row) >= 2, rule, "spoon.row_too_small", row=src, size=len(row))
        count = args["count"]
        require(1 <= count <= len(row) - 1,
                rule, "spoon.count", row=src, size=len(row), max=len(row) - 1, count=str(count))
        bundle = row[-count:]
        del row[-count:]
        player.hand.remove(card)
        s.rows[dst - 1] += bundle + [card]
        s.event("step.spoon", player=player.name, card=card, count=count, from_row=src, to_row=dst,
                cards=bundle, exposed=row[-1])

    @move("draw", rule="mahlzeit.turn.draw", phases="before-draw", wrong_phase="phase.draw_done")
    def draw(self, s: State, p: int, args: dict) -> None:
        player = s.players[p]
        require(s.stack, "mahlzeit.turn.draw", "draw.stack_empty")
        cards = [s.stack.pop() for _ in range(min(2, len(s.stack)))]
        player.hand += cards
        s.event("step.draw", player=player.name, cards=cards)
        self._after_stack_use(s)
        s.phase = "after-draw"

    @move("take", rule="mahlzeit.turn.take", phases="before-draw", wrong_phase="phase.draw_done", row=arg.INT)
    def take(self, s: State, p: int, args: dict) -> None:
        player, r = s.players[p], self._row(args["row"], "mahlzeit.turn.take")
        row = s.rows[r - 1]
        require(row, "mahlzeit.turn.take", "row.empty", row=r)
        card = row.pop()
        player.hand.append(card)
        if self.type_of[card] == SPOON:
            player.spoons_taken.append(card)
        s.event("step.take", player=player.name, card=card, row=r)
        if not row and s.stack:
            refill = s.stack.pop()
            row.append(refill)
            s.event("step.refill", row=r, card=refill)
            self._after_stack_use(s)
        s.phase = "after-draw"

    def spoon_just_played(self, s: State, card: str) -> bool:
        """The spoon was moved onto its row by the move just made: it stays there for the rest of that turn
        (read from the last move's events; a second spoon played in the same turn hides the first's event, a
        case left open)."""
        return self.type_of[card] == SPOON and any(key == "step.spoon" and params.get("card") == card
                                                   for key, params in s.events)

    def _after_stack_use(self, s: State) -> None:
        if not s.stack and not s.final:
            s.final = True
            s.event("step.final", player=s.current.name)

    @move("lay", rule="mahlzeit.turn.lay", dish=arg.STR, ingredients=arg.ids("type_of"),
          drink=arg.one_id("type_of", optional=True, rule="mahlzeit.turn.drink"),
          specials=arg.ids("type_of", optional=True, rule="mahlzeit.special"))
    def lay(self, s: State, p: int, args: dict) -> None:
        rule, player = "mahlzeit.turn.lay", s.players[p]
        require(s.phase != "before-draw", rule, "lay.before_draw")
        require(s.phase != "discard", rule, "lay.after_discard")
        dish_id = args["dish"]
        require(dish_id in self.dishes, "mahlzeit.dishes", "lay.unknown_dish", dish=dish_id, dishes=list(self.dishes))
        ingredients, drink, specials = args["ingredients"], args["drink"], args["specials"] or []
        named = ingredients + ([drink] if drink else []) + specials
        for i, card in enumerate(named):
            require(card not in named[:i], rule, "lay.duplicate_card", card=card)
        for card in named:
            self._in_hand(s, p, card, rule)
        self._check_ingredients(dish_id, ingredients)
        require(s.columns[dish_id], rule, "lay.sold_out", dish=dish_id)
        dish = self.dishes[dish_id]
        if drink is not None:
            require(self.kind_of[drink] == "drink", "mahlzeit.turn.drink", "lay.not_drink", card=drink)
            if self.type_of[drink] not in dish["drinks"]:
                fail("mahlzeit.turn.drink", "lay.wrong_drink", dish=dish_id, drink=drink, drinks=list(dish["drinks"]))
        self._check_specials(dish_id, drink, specials)

        for card in named:
            player.hand.remove(card)
        s.box += ingredients
        apron = [c for c in specials if self.type_of[c] == APRON]
        kept = [c for c in specials if self.type_of[c] != APRON]
        s.box += apron
        value = s.columns[dish_id].pop(0)
        player.dishes.append(Dish(dish_id, value, drink, kept, bool(apron)))
        s.event("step.lay", player=player.name, dish=dish_id, value=value, ingredients=ingredients)
        if drink or kept:
            s.event("step.lay_with", cards=([drink] if drink else []) + kept)
        if apron:
            s.event("step.apron", player=player.name, card=apron[0])
        holder = self.dirty_pots_holder(s)
        if holder is None or holder == p or apron:
            return
        if s.final:
            s.event("step.no_swap_final", holder=s.players[holder].name)
            return
        s.pending = {"holder": holder, "layer": p}
        s.phase = "dirty-pots"
        s.event("step.dirty_pots_pending", holder=s.players[holder].name, layer=player.name)

    def _check_ingredients(self, dish_id: str, ingredients: list[str]) -> None:
        rule, dish = "mahlzeit.turn.lay", self.dishes[dish_id]
        types = []
        for card in ingredients:
            require(self.type_of[card] != SPOON, "mahlzeit.spoon", "lay.spoon_not_joker", card=card)
            require(self.kind_of[card] == "ingredient", rule, "lay.not_ingredient", card=card)
            if self.type_of[card] not in dish["ingredients"]:
                fail(rule, "lay.wrong_ingredient", card=card, type=self.type_of[card], dish=dish_id,
                     needs=list(dish["ingredients"]))
            types.append(self.type_of[card])
        for need in dish["ingredients"]:
            n = types.count(need)
            require(n != 0, rule, "lay.missing_ingredient", dish=dish_id, ingredient=need)
            require(n <= 1, rule, "lay.extra_ingredient", dish=dish_id, ingredient=need, count=n)

    def _check_specials(self, dish_id: str, drink: str | None, specials: list[str]) -> None:
        seen: list[str] = []
        for card in specials:
            typ = self.type_of[card]
            require(self.kind_of[card] == "special", "mahlzeit.special", "lay.not_special", card=card)
            srule = SPECIAL_RULES.get(typ, "mahlzeit.special")
            require(typ != HAT, srule, "hat.not_laid", card=card)
            require(typ not in seen, "mahlzeit.special", "lay.special_twice", special=typ)
            seen.append(typ)
            spec = self.specials[typ]
            if spec.get("dishes") and dish_id not in spec["dishes"]:
                fail(srule, "special.wrong_dish", special=typ, dish=dish_id, dishes=list(spec["dishes"]))
            if spec.get("needs_drink") and drink is None:
                fail(srule, "special.needs_drink", special=typ, dish=dish_id)
            if spec.get("doubles") and (drink is None or self.type_of[drink] not in spec["doubles"]):
                fail(srule, "special.wrong_drink", special=typ, drinks=list(spec["doubles"]))

    @move("swap", rule="mahlzeit.dirty-pots", phases="dirty-pots", wrong_phase="dirty_pots.no_decision")
    def swap(self, s: State, p: int, args: dict) -> None:
        holder, layer = s.players[s.pending["holder"]], s.players[s.pending["layer"]]
        dirty = next(c for c in holder.hand if self.is_dirty_pots(c))
        holder.hand.remove(dirty)
        if layer.hand:
            s.rng, i = chance.below(s.rng, len(layer.hand))
            card = layer.hand.pop(i)
            holder.hand.append(card)
            layer.hand.append(dirty)
            s.event("step.swap", holder=holder.name, layer=layer.name, card=card)
        else:
            layer.hand.append(dirty)
            s.event("step.swap_empty", holder=holder.name, layer=layer.name)
        s.pending = None
        s.phase = "after-draw"

    @move("decline", rule="mahlzeit.dirty-pots", phases="dirty-pots", wrong_phase="dirty_pots.no_decision")
    def decline(self, s: State, p: int, args: dict) -> None:
        s.event("step.decline", holder=s.players[s.pending["holder"]].name, layer=s.players[s.pending["layer"]].name)
        s.pending = None
        s.phase = "after-draw"

    @move("discard", rule="mahlzeit.turn.discard", phases=("after-draw", "discard"),
          wrong_phase="discard.before_draw", card=CARD, row=arg.INT)
    def discard(self, s: State, p: int, args: dict) -> None:
        rule, player, card = "mahlzeit.turn.discard", s.players[p], args["card"]
        self._in_hand(s, p, card, rule)
        require(not self.is_dirty_pots(card), rule, "discard.dirty_pots", card=card)
        r = self._row(args["row"], rule)
        require(len(player.hand) > self.hand_limit,
                rule, "discard.not_needed", player=player.name, count=len(player.hand), limit=self.hand_limit)
        player.hand.remove(card)
        s.rows[r - 1].append(card)
        s.phase = "discard"
        s.event("step.discard", player=player.name, card=card, row=r)

    @move("end_turn", rule="mahlzeit.turn", phases=("after-draw", "discard"), wrong_phase="end_turn.before_draw",
          phase_rule="mahlzeit.turn.draw")
    def end_turn(self, s: State, p: int, args: dict) -> None:
        player, limit = s.players[p], self.hand_limit
        require(len(player.hand) <= limit,
                "mahlzeit.turn.discard", "end_turn.over_limit", player=player.name, count=len(player.hand),
                limit=limit, excess=len(player.hand) - limit)
        player.spoons_taken = []
        if s.final:
            s.phase = "over"
            s.event("step.game_over", player=player.name, winners=self.winners(s))
            return
        s.turn = (s.turn + 1) % len(s.players)
        s.phase = "before-draw"
        s.event("step.end_turn", player=player.name, next=s.current.name)

    # --- legal moves ----------------------------------------------------------------------------------------
    def legal_moves(self, s: State) -> list[Move]:
        """Every legal move, except that `lay` lists one canonical choice of ingredient instances per
        dish / drink type / special-card set (the first matching card in hand order), not every permutation."""
        if s.phase == "over":
            return []
        if s.phase == "dirty-pots":
            holder = s.players[s.pending["holder"]].name
            return [Move(holder, "swap", {}), Move(holder, "decline", {})]
        player = s.current
        name = player.name
        moves: list[Move] = []
        if s.phase == "before-draw":
            spoons = [c for c in player.hand if self.type_of[c] == SPOON and c not in player.spoons_taken]
            moves += [Move(name, "spoon", {"card": card, "from_row": src, "count": count, "to_row": dst})
                      for card in spoons for src, row in enumerate(s.rows, 1) for count in range(1, len(row))
                      for dst in range(1, self.open_rows + 1) if dst != src]
            if s.stack:
                moves.append(Move(name, "draw", {}))
            moves += [Move(name, "take", {"row": r}) for r, row in enumerate(s.rows, 1)
                      if row and not self.spoon_just_played(s, row[-1])]
            return moves
        if s.phase == "after-draw":
            moves += self._lay_moves(s, player)
        if len(player.hand) > self.hand_limit:
            moves += [Move(name, "discard", {"card": card, "row": r}) for card in player.hand
                      if not self.is_dirty_pots(card) for r in range(1, self.open_rows + 1)]
        else:
            moves.append(Move(name, "end_turn", {}))
        return moves

    def listed_as(self, s: State, move: Move) -> Any:
        """A `lay` is listed with the first card of each type in hand: any other card of the same types lays the
        same dish."""
        args = move.args
        if move.name == "lay" and isinstance(args, Mapping):
            def kind(card: Any) -> str:
                return str(self.type_of.get(card)) if isinstance(card, str) else repr(card)
            specials = args.get("specials") or []
            return (move.player, "lay", str(args.get("dish")), kind(args["drink"]) if args.get("drink") else None,
                    tuple(sorted(map(kind, specials))) if isinstance(specials, list) else repr(specials))
        return super().listed_as(s, move)

    def _lay_moves(self, s: State, player: Player) -> list[Move]:
        first: dict[str, str] = {}
        for card in player.hand:
            first.setdefault(self.type_of[card], card)
        specials = [first[t] for t in self.specials if t in first and t != HAT]
        subsets: list[list[str]] = [[]]
        for card in specials:
            subsets += [sub + [card] for sub in subsets]
        moves = []
        for dish_id, dish in self.dishes.items():
            if not s.columns[dish_id] or not all(t in first for t in dish["ingredients"]):
                continue
            ingredients = [first[t] for t in dish["ingredients"]]
            for drink in [None] + [first[t] for t in dish["drinks"] if t in first]:
                for sub in subsets:
                    if all(self._special_fits(c, dish_id, drink) for c in sub):
                        args: dict[str, Any] = {"dish": dish_id, "ingredients": ingredients}
                        if drink:
                            args["drink"] = drink
                        if sub:
                            args["specials"] = sub
                        moves.append(Move(player.name, "lay", args))
        return moves

    def _special_fits(self, card: str, dish: str, drink: str | None) -> bool:
        spec = self.specials[self.type_of[card]]
        if spec.get("dishes") and dish not in spec["dishes"]:
            return False
        if spec.get("needs_drink") and drink is None:
            return False
        return not spec.get("doubles") or (drink is not None and self.type_of[drink] in spec["doubles"])

    # --- scoring --------------------------------------------------------------------------------------------
    def score(self, s: State) -> list[dict]:
        """laid = dishes + drinks (doubled by a Dish Towel) + specials (Cutlery 4); hand = drinks in hand (minus;
        a Cooking Hat cancels the highest) + Dirty Pots (−10); total = laid + hand."""
        out = []
        for player in s.players:
            dishes = sum(d.value for d in player.dishes)
            drinks = specials = 0
            for d in player.dishes:
                factor = 1
                for card in d.specials:
                    spec = self.specials[self.type_of[card]]
                    specials += spec.get("points", 0)
                    if d.drink and self.type_of[d.drink] in spec.get("doubles", []):
                        factor *= 2
                if d.drink:
                    drinks += self.drink_points(d.drink) * factor
            in_hand = sorted((self.drink_points(c) for c in player.hand if self.kind_of[c] == "drink"), reverse=True)
            hat = in_hand[0] if in_hand and any(self.type_of[c] == HAT for c in player.hand) else 0
            dirty = sum(self.actions[DIRTY_POTS]["points"] for c in player.hand if self.is_dirty_pots(c))
            laid = dishes + drinks + specials
            hand = -sum(in_hand) + hat + dirty
            out.append({"player": player.name, "dishes": dishes, "drinks": drinks, "specials": specials,
                        "laid": laid, "hand_drinks": -sum(in_hand), "hat": hat, "dirty_pots": dirty, "hand": hand,
                        "total": laid + hand})
        return out

    # --- expect ---------------------------------------------------------------------------------------------
    def expect_fields(self) -> dict[str, expect.Check]:
        """turn, phase, winners and: final; pending {holder, layer} or null; stack_size; stack (the top, TOP
        FIRST, as many as listed); rows {1: [...]} (bottom first) or a list of all rows; columns {dish: [values
        left]}; box_has [cards]."""
        def pending(s: State) -> dict | None:
            return None if s.pending is None else {k: s.players[i].name for k, i in s.pending.items()}
        return {
            "final": expect.Check(lambda s: s.final), "pending": expect.Check(pending),
            "stack_size": expect.Check(lambda s: len(s.stack)),
            "stack": expect.Check(lambda s: s.stack[::-1], "prefix"),
            "rows": expect.Check(lambda s, k: expect.at(s.rows, k), "keyed",
                                 norm=lambda w: w if isinstance(w, dict) else dict(enumerate(w, 1)), what="row"),
            "columns": expect.Check(lambda s, k: s.columns.get(k), "keyed"),
            "box_has": expect.Check(lambda s: s.box, "has", what="the box"),
        }

    def player_expect_fields(self) -> dict[str, expect.Check]:
        """hand fields, score, scoring and: dishes [{dish, value, drink, specials, apron}] (all laid dishes in
        order; the fields given are compared)."""
        return {"dishes": expect.Check(lambda s, i: s.players[i].dishes, "fields", what="laid dishes")}

    # --- text -----------------------------------------------------------------------------------------------
    def render_lines(self, s: State) -> list[str]:
        """Turn and phase, stack, rows, dish columns, players with hand, laid dishes and score."""
        top = list(reversed(s.stack))
        shown = " ".join(top[:3]) + (" …" if len(top) > 3 else "")
        lines = [f"Turn: {s.current.name} · phase: {s.phase}" + (" · FINAL PHASE" if s.final else "")
                 + (" · special cards" if s.variant else ""),
                 f"Stack: {len(s.stack)} card{'s' if len(s.stack) != 1 else ''}" + (f" (next: {shown})" if top else ""),
                 "Rows (top card last):"]
        lines += [f"  {i}: {' '.join(row) if row else '(empty)'}" for i, row in enumerate(s.rows, 1)]
        lines.append("Dish cards left: " + " | ".join(
            f"{d} {' '.join(map(str, v)) if v else '-'}" for d, v in s.columns.items()))
        lines.append(f"Box: {len(s.box)} card{'s' if len(s.box) != 1 else ''}")
        scores = {x["player"]: x for x in self.score(s)}
        width = max(len(p.name) for p in s.players)
        for i, p in enumerate(s.players):
            mark = ">" if i == s.turn and s.phase != "over" else " "
            lines.append(f"{mark} {p.name.ljust(width)}  hand ({len(p.hand)}): {' '.join(p.hand) or '-'}")
            for d in p.dishes:
                extra = ([f"+ {d.drink}"] if d.drink else []) + [f"+ {c}" for c in d.specials]
                if d.apron:
                    extra.append("(apron)")
                lines.append(f"  {' ' * width}  laid: {d.dish} {d.value} {' '.join(extra)}".rstrip())
            sc = scores[p.name]
            lines.append(f"  {' ' * width}  score: {sc['total']} (laid {sc['laid']}, hand {sc['hand']})")
        if s.pending:
            lines.append(f"Waiting: {s.players[s.pending['holder']].name} may swap Dirty Pots with "
                         f"{s.players[s.pending['layer']].name}")
        return lines


ENGINE = Mahlzeit
