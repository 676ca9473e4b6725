"""Tá na Mesa rules engine (see tischlein.engine); it reads only the JSON of `TaNaMesa.engine_data()`. Ingredient
cards by id: `arroz-4` is Arroz of quality 4.

A round, with the moves of each phase: recipes laid out, a card dealt → collect (3 laps of `take` from two
face-up cards or the pile) → `prepare` one recipe each, or `pass` → compare sums (the lowest may have to `discard`)
→ snake draft of spice tokens (`pick`) → season (each player may `flip` tokens, then scores spices and puts the
recipe on the stove: `place`, or `done` if none was prepared). After the last round (phase over): presentation
and the vegetarian prize.

Decisions where the rulebook is silent (beyond the content's reconstructions, which the engine follows):
  * Player i plays at the content's i-th counter; characters are dealt at random (the state's PRNG) unless
    `new_game(..., characters=[...])` names them. The first of `players` is the first chef.
  * An empty pile is rebuilt from the shuffled discards when a card must be drawn; a face-up place that cannot be
    refilled stays empty; with no card left anywhere (all in hands) the remaining collection picks are skipped.
  * Counter symbols, the free symbol and bought ingredients are only for a class the player *lacks* (holds fewer
    cards of than the recipe needs, counting every card in hand, payment cards included).
  * The lowest sum discards only when at least two players prepared (and, per the content, not with two players,
    not on a tie); players who passed take no part in the comparison.
  * Spices score when a player finishes seasoning (`place` or `done`), in the best combination; the spices "used
    this round" for the stove bonus are those on tokens in that combination.
  * Thrown spice tokens land on either face with chance 1/2 (the state's PRNG).
  * Score totals always include the presentation and the vegetarian prize as the stoves stand (they change only
    while recipes are placed, and count once the game is over).
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from ...engine import Engine, Move, Secret, arg, chance, errors, expect, fail, move, require
from .engine_start import read_start
from .engine_state import FACE_UP, PHASES, SIDES, Placed, Player, State, Tiles
from .policy import greedy

R = "ta-na-mesa."
R_ROUND, R_COLLECT, R_END, R_SEASON = R + "round", R + "collect", R + "end", R + "season"
R_PREPARE, R_COUNTER, R_MISSING = R + "prepare", R + "prepare.counter", R + "prepare.missing"
R_COMPARE, R_DRAFT, R_FLIP, R_STOVE = R + "prepare.compare", R + "season.draft", R + "season.flip", R + "season.stove"
R_FREE, R_RAIZEIRO = R + "characters.free-symbol", R + "characters.raizeiro"


class TaNaMesa(Engine):
    GAME, State, PHASES = "ta-na-mesa", State, PHASES
    TURN_RULE, END_RULE, TIE_BREAKS = R_ROUND, R_END, ("presentation",)
    POLICIES = {"greedy": greedy}
    # What Tá na Mesa's players do not all see (tischlein.engine.privacy): hands are secret; A Feirante's peek at the
    # top card of the pile is hers alone; a card paid to another player for the symbol on their counter is seen by the
    # two of them. Face-up cards turned over, recipes laid out and spices thrown are open to all once they are on the
    # table, but no move's label may tell them before.
    SECRETS = {
        "step.peek": Secret("step.peek.hidden", chance=True),
        "step.other_symbol": Secret("step.other_symbol.hidden", seen_by=("player", "owner")),
        "step.turn_up": Secret("step.turn_up.hidden", seen_by=None, chance=True),
        "step.round": Secret("step.round.hidden", hides="recipes", seen_by=None, chance=True),
        "step.throw": Secret("step.throw.hidden", hides="faces", seen_by=None, chance=True),
    }
    NO_REFUSAL = {   # rule coverage (engine/coverage.py): limits of these texts that no move can break
        "ta-na-mesa.components": "its 'only' says what the rulebook gives (the counts), not a move",
        "ta-na-mesa.round.recipes": "recipes on the stoves never return: no move could take one back",
        "ta-na-mesa.season.score": "the best split of the tokens is scored by itself; no move chooses it"}
    PHASE_RULES = dict(zip(PHASES, (R_COLLECT, R_PREPARE, R_COMPARE, R_DRAFT, R_SEASON)))
    RULE_IDS = frozenset(R + rule for rule in (
        "components", "round", "round.recipes", "round.end", "collect", "prepare", "prepare.counter", "prepare.missing",
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
        self.symbols = {k: {x["class"]: x["value"] for x in c["symbols"]} for k, c in self.counters.items()}
        self.characters: dict[str, dict] = dict(data["characters"])     # kind: peek, free-symbol, sum-bonus …
        layout = data["stove_layout"]
        self.spaces: list[str] = list(layout["spaces"])
        self.frame = [(sp, SIDES.index(side)) for sp, side in layout["frame"]]
        self.inner = [((a[0], SIDES.index(a[1])), (b[0], SIDES.index(b[1]))) for a, b in layout["inner"]]
        self.veg_prize: dict[str, int] = dict(data["vegetarian_prize"])      # points, tied_points

    def face(self, s: State, token: str) -> str:
        return self.tokens[token][s.tokens[token]]

    def spice_score(self, counter: str, spices: list[str]) -> tuple[int, set]:
        """The best score of these token faces on this counter and the spices that score in it. Each token counts
        in one combination at most, and a combination may score several times: every way to split the tokens
        is tried (a player has at most four), so no order of combinations is assumed to be best. Of equally
        good splits the one using the most spices is taken (it may earn the stove bonus)."""
        combos = [(Counter(c["spices"]), c["points"]) for c in self.counters[counter]["combos"]]

        def best(left: Counter, first: int) -> tuple[int, int, tuple]:
            top: tuple[int, int, tuple] = (0, 0, ())
            for k in range(first, len(combos)):
                need, points = combos[k]
                if all(left[x] >= n for x, n in need.items()):
                    rest = best(left - need, k)
                    used = tuple(sorted(set(rest[2]) | set(need)))
                    top = max(top, (rest[0] + points, len(used), used))
            return top

        points, _, used = best(Counter(spices), 0)
        return points, set(used)

    def presentation(self, stove: Mapping[str, Placed], counter: str) -> tuple[int, int]:
        """(frame matches, inner matches) of a stove: a recipe edge against the frame's half-symbol of the same
        colour, or two neighbouring recipe edges of the same colour. Edges: top, right, bottom, left."""
        colours = self.counters[counter]["stove"]["frame"]
        edges = {sp: [self.recipes[v.recipe]["edges"][(side - v.turns) % 4] for side in range(4)]
                 for sp, v in stove.items()}
        frame = sum(1 for (sp, side), colour in zip(self.frame, colours) if sp in edges and edges[sp][side] == colour)
        inner = sum(1 for (a, sa), (b, sb) in self.inner if a in edges and b in edges and edges[a][sa] == edges[b][sb])
        return frame, inner

    def components(self, s: State) -> dict:
        ps, rec = s.players, s.recipes
        return {"card": (self.cards, s.pile + s.face_up + s.discard + [c for p in ps for c in p.hand]),
                "recipe": (self.recipes, rec.pile + rec.display + rec.discard + [p.prepared for p in ps]
                           + [v.recipe for p in ps for v in p.stove.values()]),
                "spice token": (self.tokens, s.table + s.supply + [t for p in ps for t in p.tokens])}

    def checks(self, s: State) -> list[str]:
        ps, n = s.players, len(s.players)
        problems = [f"{p.name}: no stove space {space}" for p in ps for space in p.stove if space not in self.spaces]
        problems += [f"{p.name}: unknown counter {p.counter} (known: {', '.join(self.counters)})" for p in ps
                     if p.counter not in self.counters]
        problems += [f"{p.name}: unknown character {p.character}" for p in ps if p.character not in self.characters]
        return problems + [problem for problem, bad in (
            ("every spice token needs a face 0 or 1",
             set(s.tokens) != set(self.tokens) or any(f not in (0, 1) for f in s.tokens.values())),
            ("two players share a counter or a character",
             len({p.counter for p in ps}) != n or len({p.character for p in ps}) != n),
            (f"chef {s.chef} is not a player", not 0 <= s.chef < n),
            ("expected [left, right] face-up places (null: empty)", len(s.face_up) != len(FACE_UP))) if bad]

    def setup(self, names: list[str], seed: int, characters: list[str] | None = None) -> State:
        """Round 1 starts at once: recipes laid out, a card dealt to each, two cards face up."""
        rng, pile, tiles = chance.seed(seed), list(self.cards), list(self.recipes)
        if characters is None:
            characters = list(self.characters)
            rng = chance.shuffle(rng, characters)
        elif len(characters) != len(names) or len(set(characters) & set(self.characters)) != len(names):
            raise ValueError(f"expected {len(names)} different characters of {', '.join(self.characters)}")
        rng = chance.shuffle(chance.shuffle(rng, pile), tiles)
        state = State([Player(*x) for x in zip(names, self.counters, characters)], pile, [None, None], [],
                      Tiles(tiles, [], []), dict.fromkeys(self.tokens, 0), [], list(self.tokens),
                      rounds=self.counts[len(names)]["rounds"], rng=rng)
        self._start_round(state)
        state.events = []
        return state

    start = read_start             # the explicit starting state of a replay (its format: engine_start.read_start)

    def _draw(self, s: State, hand: list[str] | None = None) -> str | None:
        if not s.pile and s.discard:
            s.pile, s.discard = s.discard, []
            s.rng = chance.shuffle(s.rng, s.pile)
            s.event("step.reshuffle", count=len(s.pile))
        card = s.pile.pop() if s.pile else None
        if card and hand is not None:
            hand.append(card)
        return card

    def _start_round(self, s: State) -> None:
        """Lay out the recipes (reshuffling the discarded tiles if too few are left: the erratum), deal, collect."""
        need, rec = self.rules["recipes_per_player"] * len(s.players), s.recipes
        if len(rec.pile) < need and self.rules["recipe_reshuffle"] and rec.discard:
            rec.pile, rec.discard = rec.pile + rec.discard, []
            s.rng = chance.shuffle(s.rng, rec.pile)
            s.event("step.recipes_reshuffled", count=len(rec.pile))
        rec.display = [rec.pile.pop() for _ in range(min(need, len(rec.pile)))]
        s.event("step.round", round=s.round, chef=s.players[s.chef].name, recipes=list(rec.display))
        for i in s.order():
            for _ in range(self.rules["starting_cards"]):
                self._draw(s, s.players[i].hand)
        s.face_up, s.phase, s.step = [self._draw(s) for _ in FACE_UP], "collect", 0
        self._advance(s, 0)

    def _advance(self, s: State, moves: int = 1) -> None:
        """`moves` more moves of this phase are made: pass the turn on, or go on to the next phase."""
        s.step, order, n = s.step + moves, s.order(), len(s.players)
        seats = {"collect": order * self.rules["collection_laps"],     # laps of picks, a snake draft, once round
                 "draft": [(order + order[::-1])[k % (2 * n)] for k in range(n * self.counts[n]["spices_each"])]
                 }.get(s.phase, order)
        while s.phase == "collect" and s.step < len(seats) and not (s.pile or s.discard or any(s.face_up)):
            s.event("step.no_card", player=s.players[seats[s.step]].name)
            s.step += 1
        if s.step < len(seats):
            s.turn = seats[s.step]
            if s.phase == "collect" and self.characters[s.current.character]["kind"] == "peek" and s.pile:
                s.event("step.peek", player=s.current.name, card=s.pile[-1])        # the Feirante peeks
        elif s.phase in ("collect", "draft"):
            s.phase, s.step, s.turn = "prepare" if s.phase == "collect" else "season", 0, s.chef
        elif s.phase == "prepare":
            self._compare(s)
        else:
            self._end_round(s)

    def _compare(self, s: State) -> None:
        s.recipes.discard, s.recipes.display = s.recipes.discard + s.recipes.display, []
        sums = {i: p.sum for i, p in enumerate(s.players) if p.sum is not None}
        if sums:
            top = [i for i in sums if sums[i] == max(sums.values())]
            bottom = [i for i in sums if sums[i] == min(sums.values())]
            bonus = self.rules["highest_sum_bonus" if len(top) == 1 else "tied_highest_bonus"]
            for i in top:
                s.players[i].points.sum_bonus += bonus
            s.event("step.highest_sum", players=[s.players[i].name for i in top], sum=max(sums.values()), points=bonus)
            if self.counts[len(s.players)]["lowest_sum_discard"] and len(sums) >= 2 and len(bottom) == 1 \
                    and s.players[bottom[0]].hand:
                s.phase, s.turn, s.step = "lowest-discard", bottom[0], 0
                s.event("step.lowest_sum", player=s.current.name, sum=s.current.sum)
                return
        self._start_draft(s)

    def _start_draft(self, s: State) -> None:
        s.table, s.supply = s.supply, []
        for t in s.table:
            s.rng, s.tokens[t] = chance.below(s.rng, 2)
        s.phase, s.step, s.turn = "draft", 0, s.chef
        s.event("step.throw", chef=s.players[s.chef].name, faces=[self.face(s, t) for t in s.table])

    def _end_round(self, s: State) -> None:
        s.supply, s.table = list(self.tokens), []          # every token back, in content order
        for p in s.players:
            p.tokens, p.prepared, p.sum, p.free_flip = [], None, None, False
        if s.round >= s.rounds:
            s.phase = "over"
            for sc in self.score(s):
                s.event("step.presentation", player=sc["player"], points=sc["presentation"], frame=sc["frame"],
                        inner=sc["inner"], vegetarian=sc["vegetarian"])
            s.event("step.game_over", winners=self.winners(s))
            return
        s.pile += s.discard + [c for c in s.face_up if c]
        s.discard, s.face_up = [], [None, None]
        s.rng = chance.shuffle(s.rng, s.pile)
        s.round, s.chef = s.round + 1, (s.chef + 1) % len(s.players)
        self._start_round(s)

    @move("take", rule=R_COLLECT, phases="collect", **{"from": arg.STR})
    def take(self, s: State, p: int, args: dict) -> None:
        where, player = args["from"], s.players[p]
        require(where in (*FACE_UP, "pile"), R_COLLECT, "take.bad_source", source=where)
        if where == "pile":
            require(self._draw(s, player.hand), R_COLLECT, "take.pile_empty")
            s.event("step.take_pile", player=player.name)
        else:
            k = FACE_UP.index(where)
            require(s.face_up[k] is not None, R_COLLECT, "take.empty", side=where)
            player.hand.append(s.face_up[k])
            s.event("step.take_face_up", player=player.name, card=s.face_up[k], side=where)
            s.face_up[k] = self._draw(s)
            if s.face_up[k]:
                s.event("step.turn_up", card=s.face_up[k], side=where)
        self._advance(s)

    def wrong_phase(self, s: State, mv: Move, spec: Any) -> errors.MoveError:
        """A token turned over during the draft breaks the draft's rule (look at the other face, do not turn it
        yet), which says more than "not possible now"."""
        if mv.name == "flip" and s.phase == "draft":
            return errors.IllegalMove(R_DRAFT, "flip.during_draft", {"player": mv.player})
        return super().wrong_phase(s, mv, spec)

    def blocked(self, s: State, mv: Move) -> None:
        """A player who has prepared this round and tries a second recipe breaks the one-recipe rule, which is
        what they should read, rather than merely moving out of turn."""
        if mv.name == "prepare" and s.phase == "prepare":
            i = s.player_index(mv.player)
            if i is not None and s.players[i].prepared is not None:
                fail(R_PREPARE, "prepare.once", player=s.players[i].name, recipe=s.players[i].prepared)

    @move("prepare", rule=R_PREPARE, phases="prepare", recipe=arg.STR, cards=arg.ids("value", optional=True),
          symbols=arg.Arg("list", optional=True), buy=arg.Arg("list", optional=True))
    def prepare(self, s: State, p: int, args: dict) -> None:
        """symbols: [{counter, class, pay: card}], free: true (the free symbol), buy: [{class, pay: [card, card]}].
        Cards are paid as they are checked: a refused move leaves only the kernel's copy of the state changed."""
        player, recipe, cards = s.players[p], args["recipe"], args["cards"] or []
        require(recipe in s.recipes.display,
                R_PREPARE, "prepare.not_on_display", recipe=recipe, display=list(s.recipes.display))
        hand = list(player.hand)
        supplied: dict[str, list[str]] = {c: [] for c in self.classes}     # class -> card, free, buy or a counter
        for card in cards:
            supplied[self.cls[self._pay(s, p, card, R_PREPARE, hand)]].append("card")
        total = sum(self.value[c] for c in cards)
        for sym in args["symbols"] or []:
            total += self._use_symbol(s, p, sym, supplied, hand)
        ability, free = self.characters[player.character], bool(args.get("free"))
        if free:
            require(ability["kind"] == "free-symbol",
                    R_FREE, "free.none", player=player.name, character=player.character)
            supplied[ability["class"]].append("free")
        for b in args["buy"] or []:
            supplied[self._buy(s, p, b, hand)].append("buy")
            total += self.rules["buy_missing_value"]
        if free:
            s.event("step.free_symbol", player=player.name, character=player.character)
        needs, rule_of = self.recipes[recipe]["needs"], {"free": R_FREE, "buy": R_MISSING}    # or a counter's symbol
        for cls, got in supplied.items():           # each class as often as needed, substitutes only if lacking
            need, held = needs.count(cls), [self.cls[c] for c in hand].count(cls)
            require(len(got) >= need, R_PREPARE, "prepare.missing", recipe=recipe, cls=cls, need=need, got=len(got))
            require(len(got) <= need, R_PREPARE, "prepare.extra", recipe=recipe, cls=cls, need=need, got=len(got))
            substitutes = [rule_of.get(x, R_COUNTER) for x in got if x != "card"]      # the rules they belong to
            if substitutes and held > got.count("card"):
                fail(substitutes[0], "prepare.not_missing", cls=cls, held=held, need=need)
        total += ability["value"] if free or ability["kind"] == "sum-bonus" else 0
        bonus = self.recipes[recipe]["bonus"]
        extra = bonus["points"] if bonus and any(self.ingredient[c] == bonus["ingredient"] for c in cards) else 0
        points = self.recipes[recipe]["points"] + extra
        s.recipes.display.remove(recipe)
        player.prepared, player.sum = recipe, total
        player.points.recipes += points
        s.event("step.prepare", player=player.name, recipe=recipe, cards=cards, sum=total, points=points, bonus=extra)
        self._advance(s)

    def _pay(self, s: State, p: int, card: Any, rule: str, hand: Any = (), to: list[str] | None = None) -> str:
        """A card from the hand onto `to`, else the discard. Within a `prepare` a card pays for one thing only:
        `hand` is the hand before the move. (The kernel knows the ids of the arguments, not of those nested.)"""
        if card in hand and card not in s.players[p].hand:
            fail(rule, "card.twice", card=card)
        if not isinstance(card, str) or card not in self.value:
            errors.invalid(rule, "card.unknown", card=str(card))
        if card not in s.players[p].hand:
            fail(rule, "card.not_in_hand", card=card, player=s.players[p].name)
        s.players[p].hand.remove(card)
        (s.discard if to is None else to).append(card)
        return card

    def _use_symbol(self, s: State, p: int, sym: Any, supplied: dict[str, list[str]], hand: list[str]) -> int:
        """A counter symbol, paid to the counter's owner (to the discard for the own counter); its value."""
        if not isinstance(sym, dict):
            errors.invalid(R_COUNTER, "move.bad_args", move="prepare")
        counter, cls = sym.get("counter"), sym.get("class")
        owner = next((x for x in s.players if x.counter == counter), None)
        require(owner is not None,
                R_COUNTER, "symbol.no_counter", counter=str(counter), counters=[x.counter for x in s.players])
        value = self.symbols[counter].get(cls) if isinstance(cls, str) else None
        if value is None:
            fail(R_COUNTER, "symbol.not_on_counter", counter=counter, cls=str(cls), symbols=list(self.symbols[counter]))
        require(counter not in supplied[cls], R_COUNTER, "symbol.once", counter=counter, cls=cls)
        supplied[cls].append(counter)
        if sym.get("pay") is None:
            errors.invalid(R_COUNTER, "move.missing_arg", move="prepare", arg="pay")
        player, own = s.players[p], owner is s.players[p]
        card = self._pay(s, p, sym["pay"], R_COUNTER, hand, None if own else owner.hand)
        if own:
            s.event("step.own_symbol", player=player.name, cls=cls, value=value, card=card)
        else:
            s.event("step.other_symbol", player=player.name, owner=owner.name, cls=cls, value=value, card=card)
        return value

    def _buy(self, s: State, p: int, b: Any, hand: list[str]) -> str:
        if not isinstance(b, dict):
            errors.invalid(R_MISSING, "move.bad_args", move="prepare")
        cls = b.get("class")
        require(cls in self.classes, R_MISSING, "buy.unknown_class", cls=str(cls), classes=list(self.classes))
        require(not any(cls in self.symbols[q.counter] for q in s.players), R_MISSING, "buy.on_counter", cls=cls)
        if not isinstance(b.get("pay"), list) or len(b["pay"]) != self.buy_cards:
            fail(R_MISSING, "buy.pay", cls=cls, count=self.buy_cards)
        pay = [self._pay(s, p, c, R_MISSING, hand) for c in b["pay"]]
        s.event("step.buy", player=s.players[p].name, cls=cls, cards=pay)
        return cls

    @move("pass", rule=R_PREPARE, phases="prepare")
    def pass_(self, s: State, p: int, args: dict) -> None:
        s.event("step.pass", player=s.players[p].name)
        self._advance(s)

    @move("discard", rule=R_COMPARE, phases="lowest-discard", card=arg.one_id("value"))
    def discard(self, s: State, p: int, args: dict) -> None:
        s.event("step.lowest_discard", player=s.players[p].name, card=self._pay(s, p, args["card"], R_COMPARE))
        self._start_draft(s)

    @move("pick", rule=R_DRAFT, phases="draft", token=arg.STR)
    def pick(self, s: State, p: int, args: dict) -> None:
        token = args["token"]
        require(token in s.table, R_DRAFT, "pick.not_on_table", token=token)
        s.table.remove(token)
        s.players[p].tokens.append(token)
        s.event("step.pick", player=s.players[p].name, token=token, spice=self.face(s, token),
                hidden=self.tokens[token][1 - s.tokens[token]])
        self._advance(s)

    @move("flip", rule=R_FLIP, phases="season", phase_rule=R_SEASON, token=arg.STR,
          pay=arg.one_id("value", optional=True))
    def flip(self, s: State, p: int, args: dict) -> None:
        player, token, paid = s.players[p], args["token"], args["pay"]
        require(token in player.tokens, R_FLIP, "flip.not_yours", token=token, player=player.name)
        raizeiro = self.characters[player.character]["kind"] == "free-flip"
        if paid is None:
            if not raizeiro or player.free_flip:
                fail(R_RAIZEIRO if raizeiro else R_FLIP, "flip.needs_card", token=token)
            player.free_flip = True
        else:
            self._pay(s, p, paid, R_FLIP)
        s.tokens[token] = 1 - s.tokens[token]
        flipped = {"player": player.name, "token": token, "spice": self.face(s, token)}
        if paid:
            s.event("step.flip", **flipped, card=paid)
        else:                   # the Raizeiro's free flip: no "card paid: -"
            s.event("step.flip_free", **flipped)

    def _season_score(self, s: State, player: Player) -> set:
        faces = [self.face(s, t) for t in player.tokens]
        points, used = self.spice_score(player.counter, faces)
        player.points.spices += points
        s.event("step.spices", player=player.name, spices=faces, points=points)
        return used

    @move("place", rule=R_STOVE, phases="season", phase_rule=R_SEASON, space=arg.STR,
          turns=arg.Arg("int", optional=True))
    def place(self, s: State, p: int, args: dict) -> None:
        player, space, turns = s.players[p], args["space"], args["turns"] or 0
        require(player.prepared is not None, R_STOVE, "place.nothing", player=player.name)
        require(space in self.spaces, R_STOVE, "place.no_space", space=space, spaces=list(self.spaces))
        if space in player.stove:
            fail(R_STOVE, "place.taken", space=space, recipe=player.stove[space].recipe)
        require(0 <= turns <= 3, R_STOVE, "place.turns", turns=str(turns))
        used = self._season_score(s, player)
        player.stove[space], player.prepared = Placed(player.prepared, turns), None
        s.event("step.place", player=player.name, recipe=player.stove[space].recipe, space=space, turns=turns)
        covered = self.counters[player.counter]["stove"]["spaces"][space]
        if all(sp in used for sp in covered):        # both spices of the space scored: bonus cards
            for _ in range(self.rules["stove_bonus_cards"]):
                if self._draw(s, player.hand):
                    s.event("step.stove_bonus", player=player.name, spices=covered)
        self._advance(s)

    @move("done", rule=R_STOVE, phases="season", phase_rule=R_SEASON)
    def done(self, s: State, p: int, args: dict) -> None:
        player = s.players[p]
        require(player.prepared is None, R_STOVE, "done.must_place", player=player.name, recipe=player.prepared)
        self._season_score(s, player)
        s.event("step.done", player=player.name)
        self._advance(s)

    def legal_moves(self, s: State) -> list[Move]:
        """Every legal move, but one canonical `prepare` per recipe (the best cards of each class; a missing class from
        the free symbol, the own counter, another counter or by buying; paid with the lowest cards) and `flip` pays
        with the lowest card."""
        if s.phase == "over":
            return []
        player, name = s.current, s.current.name
        if s.phase == "collect":
            moves = [Move(name, "take", {"from": side}) for k, side in enumerate(FACE_UP) if s.face_up[k]]
            return moves + ([Move(name, "take", {"from": "pile"})] if s.pile or s.discard else [])
        if s.phase == "prepare":
            plans = (self._canonical_prepare(s, recipe) for recipe in s.recipes.display)
            return [Move(name, "pass", {})] + [Move(name, "prepare", a) for a in plans if a is not None]
        if s.phase == "lowest-discard":
            return [Move(name, "discard", {"card": c}) for c in player.hand]
        if s.phase == "draft":
            return [Move(name, "pick", {"token": t}) for t in s.table]
        free = self.characters[player.character]["kind"] == "free-flip" and not player.free_flip
        cheapest = min(player.hand, key=lambda c: (self.value[c], c), default=None)
        moves = [Move(name, "flip", {"token": t} if free else {"token": t, "pay": cheapest})
                 for t in player.tokens if free or cheapest]
        if player.prepared is None:
            return moves + [Move(name, "done", {})]
        return moves + [Move(name, "place", {"space": sp, "turns": k}) for sp in self.spaces if sp not in player.stove
                        for k in range(4)]

    def listed_as(self, s: State, move: Move) -> Any:
        """A `prepare` is listed once per recipe, in the canonical way of paying for it."""
        if move.name == "prepare" and isinstance(move.args, Mapping):
            return move.player, "prepare", str(move.args.get("recipe"))
        return super().listed_as(s, move)

    def _canonical_prepare(self, s: State, recipe: str) -> dict | None:
        """Valid by construction (all held cards of a missing class are used, so payments never claim a class the
        player lacks; each symbol once; buying only where no counter shows the class): the tests apply every
        listed move, so it is not checked."""
        player, needs = s.current, self.recipes[recipe]["needs"]
        by_value = sorted(player.hand, key=lambda c: (-self.value[c], c))       # the best first
        cards, missing = [], []
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
            counter = next((q.counter for q in [player] + [x for x in s.players if x is not player]
                            if cls in self.symbols[q.counter] and (q.counter, cls) not in used), None)
            if counter and spare:
                used.add((counter, cls))
                symbols.append({"counter": counter, "class": cls, "pay": spare.pop(0)})
            elif all(cls not in self.symbols[q.counter] for q in s.players) and len(spare) >= self.buy_cards:
                buys.append({"class": cls, "pay": [spare.pop(0) for _ in range(self.buy_cards)]})
            else:
                return None
        return {**args, **({"symbols": symbols} if symbols else {}), **({"buy": buys} if buys else {})}

    def vegetarian_recipes(self, player: Player) -> int:
        return sum(1 for v in player.stove.values() if self.recipes[v.recipe]["vegetarian"])

    def score(self, s: State) -> list[dict]:
        veg = [self.vegetarian_recipes(p) for p in s.players]
        leaders = [i for i, v in enumerate(veg) if v == max(veg) and v > 0]
        prize = self.veg_prize["points" if len(leaders) == 1 else "tied_points"]
        out = []
        for i, p in enumerate(s.players):
            (frame, inner), parts = self.presentation(p.stove, p.counter), p.points.to_dict()
            won = prize if i in leaders else 0
            out.append({"player": p.name, **parts, "frame": frame, "inner": inner, "presentation": frame + inner,
                        "vegetarian_recipes": veg[i], "vegetarian": won,
                        "total": sum(parts.values()) + frame + inner + won})
        return out

    def expect_fields(self) -> dict[str, expect.Check]:
        """round; chef; step; display (recipes on the table, any order); display_size; recipe_pile_size; face_up
        [left, right]; pile_size; discard_has [cards]; recipe_discard (any order); table_size (tokens on the table)."""
        return {"round": expect.Check(lambda s: s.round), "chef": expect.Check(lambda s: s.players[s.chef].name),
                "step": expect.Check(lambda s: s.step),
                "display": expect.Check(lambda s: s.recipes.display, "any_order"),
                "display_size": expect.Check(lambda s: len(s.recipes.display)),
                "pile_size": expect.Check(lambda s: len(s.pile)),
                "recipe_pile_size": expect.Check(lambda s: len(s.recipes.pile)),
                "face_up": expect.Check(lambda s: list(s.face_up)),
                "discard_has": expect.Check(lambda s: s.discard, "has", what="the discard pile"),
                "recipe_discard": expect.Check(lambda s: s.recipes.discard, "any_order"),
                "table_size": expect.Check(lambda s: len(s.table))}

    def player_expect_fields(self) -> dict[str, expect.Check]:
        """stove {se: {recipe: pao-de-queijo, turns: 0}} (the whole stove; turns default 0); prepared, sum (or null);
        tokens (any order); scoring: {recipes, sum_bonus, spices, frame, inner, presentation, vegetarian}."""
        def stove(want: Any) -> dict:
            return {k: {"recipe": v["recipe"], "turns": v.get("turns", 0)} for k, v in (want or {}).items()}
        return {"stove": expect.Check(lambda s, i: {k: v.to_dict() for k, v in s.players[i].stove.items()}, norm=stove),
                "prepared": expect.Check(lambda s, i: s.players[i].prepared),
                "sum": expect.Check(lambda s, i: s.players[i].sum),
                "tokens": expect.Check(lambda s, i: s.players[i].tokens, "any_order")}

    def render_lines(self, s: State) -> list[str]:
        spices = lambda tokens: " ".join(f"{t}={self.face(s, t)}" for t in tokens)      # noqa: E731
        head = f"Round {s.round} of {s.rounds} · chef {s.players[s.chef].name} · "
        head += "game over" if s.phase == "over" else f"phase: {s.phase} · turn: {s.current.name} · step {s.step}"
        top = f" (top: {s.pile[-1]})" if s.pile else ""
        lines = [head, f"Pile: {len(s.pile)} card{'s' if len(s.pile) != 1 else ''}{top} · face up: "
                 f"{s.face_up[0] or '-'} | {s.face_up[1] or '-'} · discard: {len(s.discard)}",
                 f"Recipes on the table: {' '.join(s.recipes.display) or '-'} · recipe pile "
                 f"{len(s.recipes.pile)}, discarded {len(s.recipes.discard)}"]
        if s.table:
            lines.append("Spices on the table: " + spices(s.table))
        pad = " " * (width := max(len(p.name) for p in s.players))
        for i, (p, sc) in enumerate(zip(s.players, self.score(s))):
            lines.append(f"{'>' if i == s.turn and s.phase != 'over' else ' '} {p.name.ljust(width)}  {p.counter} · "
                         f"{p.character} · hand ({len(p.hand)}): {' '.join(p.hand) or '-'}")
            extra = [f"prepared {p.prepared} (sum {p.sum})"] if p.prepared else []
            extra += [f"spices {spices(p.tokens)}"] if p.tokens else []
            if extra:
                lines.append(f"  {pad}  {' · '.join(extra)}")
            if p.stove:
                lines.append(f"  {pad}  stove: " + " ".join(
                    f"{sp}={p.stove[sp].recipe}/{p.stove[sp].turns}" for sp in self.spaces if sp in p.stove))
            lines.append(f"  {pad}  score: {sc['total']} (recipes {sc['recipes']}, sums {sc['sum_bonus']}, spices "
                         f"{sc['spices']}, presentation {sc['presentation']}, vegetarian {sc['vegetarian']})")
        return lines


ENGINE = TaNaMesa
