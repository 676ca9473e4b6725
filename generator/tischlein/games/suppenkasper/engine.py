"""Suppenkasper rules engine: rounds, red chips, tricks (lead, add, red and special cards, eat), the weight table,
round ends with menus, the end at either end of the track and the winner nearest the Traumfigur.

Reads only the JSON of `Suppenkasper.engine_data()`; every card has an instance id (`fleisch-2`). Decisions where the
seed is silent (reconstructed; the rules text and FAQ give them and why): every round deals all cards anew and the
Tischlein holder leads; one red chip per player per round, from that holder on; given cards go to different players
where there are enough; asked players answer clockwise, round and round, until three red cards came or nobody else has
one; the meal passes clockwise, back to its leader too, one red card per response; after a −1 only red cards, the
special cards that eat and eating may follow; −2 below zero moves down; FdH halves the calories (rounded down) before
the table; a round ends (at once) when the player to lead cannot (see `_round_end`); a figure stops at an end; the game
ends at once in a trick, else after all of a round end's eating; equal distance: more red chips first, else shared.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from ...engine import (Engine, GameState, Ledger, Move, Record, Secret, Start, arg, chance, errors, expect, fail, move,
                       require)
from .policy import greedy
SPECIAL_RULES = {"suppen-kasper": "suppenkasper.special.suppen-kasper", "fress-sack": "suppenkasper.special.fress-sack",
                 "mecker-ziege": "suppenkasper.special.mecker-ziege", "nasch-katze": "suppenkasper.special.nasch-katze",
                 "tischlein-deck-dich": "suppenkasper.special.tischlein"}
CHIPS, LEAD, ADD = "suppenkasper.round.chips", "suppenkasper.trick.lead", "suppenkasper.trick.add"
CARD, CARDS = arg.one_id("type_of"), arg.ids("type_of", empty=False)


@dataclass
class Player(Record):
    name: str
    hand: list[str] = field(default_factory=list)
    position: int = 0         # spaces from the Traumfigur (0): down (negative) to Suppenkasper, up to Dicker Brocken
    chips: int = 3            # red chips left


@dataclass
class State(GameState):
    GAME = "suppenkasper"
    players: list[Player]     # in turn order (clockwise)
    plate: list[str]          # the meal being served (the trick)
    aside: list[str]          # eaten meals, used red and special cards, Tischlein deck dich
    box: list[str]            # out of the game (the 3-player removal)
    leader: int | None = None            # who served the plate (between tricks: who leads next)
    refused: bool = False                # after a −1 card: the meal can no longer grow
    turn: int = 0                        # whose decision it is
    phase: str = "chips"
    chip_queue: list[int] = field(default_factory=list)   # still to decide on a red chip this round, turn first
    pending: dict[str, int] | None = None                 # {asker, giver, got}: a request for red cards
    round: int = 1
    chips_spent: int = 0
    rng: int = 0
    events: list = field(default_factory=list)


class Suppenkasper(Engine):
    GAME = "suppenkasper"
    State = State
    PHASES = ("chips", "give", "lead", "respond", "over")
    PHASE_RULES = {"chips": CHIPS, "give": CHIPS, "lead": LEAD, "respond": "suppenkasper.trick.respond"}
    TURN_RULE, END_RULE = "suppenkasper.trick", "suppenkasper.end"
    TIE_BREAKS = ("chips",)
    POLICIES = {"greedy": greedy}
    # What Suppenkasper's players do not all see (tischlein.engine.privacy): hands are secret until the round's end,
    # when every hand is eaten in the open. A red card given on request is seen by giver and receiver only; of the cards
    # given with a red chip each receiver sees only their own (in their hand), so the text names them to the giver
    # alone. The deal is the shuffle's, and what the round's end reveals nobody knows before: no move's label tells
    # either.
    SECRETS = {
        "step.give": Secret("step.give.hidden", seen_by=("player", "asker")),
        "step.chip_give": Secret("step.chip_give.hidden", hides="cards"),
        "step.round_end": Secret("step.round_end", hides="", seen_by=None, chance=True),
        "step.new_round": Secret("step.new_round.hidden", seen_by=None, chance=True),
    }
    NO_REFUSAL = {   # rule coverage (engine/coverage.py): limits of these texts that no move can break
        "suppenkasper.board": "a figure that reaches an end stops there by itself; no move takes it further",
        "suppenkasper.round": "its 'cannot' says when a round ends (the player to lead cannot), not a move",
        "suppenkasper.round-end": "its 'cannot' says when a round ends (the player to lead cannot), not a move"}
    RULE_IDS = frozenset({*SPECIAL_RULES.values(), *("suppenkasper." + x for x in (
        "board", "round", "round.chips", "trick", "trick.lead", "trick.respond", "trick.add", "weight", "diet",
        "special", "round-end", "end", "setup", "setup.three-players"))})

    def __init__(self, data: Mapping[str, Any]):
        super().__init__(data)
        self.chips, self.chip_down = data["chips_per_player"], data["chip_steps_down"]
        self.entrees, self.sides, self.meals, self.diets, self.specials = (     # each kind's {type: its record}
            data[k] for k in ("entrees", "sides", "meals", "diets", "specials"))
        self.cards: list[str] = [c["id"] for c in data["cards"]]
        self.type_of, self.kind_of = ({c["id"]: c[k] for c in data["cards"]} for k in ("type", "kind"))
        self.value_of: dict[str, int] = {c["id"]: c["value"] or 0 for c in data["cards"]}
        self.three_remove: list[str] = list(data["three_players_remove"])
        self.table = [(row["up_to"], row["steps"]) for row in data["weight_table"]]
        self.class_at = {sp["position"]: sp["class"] for sp in data["track"]["spaces"]}
        self.low, self.high = min(self.class_at), max(self.class_at)
        self.leaders = {c for c, t in self.type_of.items() if t in self.entrees or self.meals.get(t, {}).get("leads")}
        # each red or special card's record (its effect, steps and kinds; {} for any other card), and its effect
        self.record_of = {c: self.diets.get(t) or self.specials.get(t) or {} for c, t in self.type_of.items()}
        self.effect_of = {c: record.get("effect") for c, record in self.record_of.items()}

    def steps_for(self, calories: int) -> int:
        """The weight table: the spaces up for a meal of `calories`."""
        return next((steps for up_to, steps in self.table if up_to is None or calories <= up_to), self.table[-1][1])

    def calories(self, cards: list[str]) -> int:
        """Face values; an entree's times the number of its side dishes when there are two or more."""
        types = [self.type_of[c] for c in cards]
        entrees = sum(self.value_of[c] * max(1, types.count(self.entrees[t]["side"]))
                      for c, t in zip(cards, types) if t in self.entrees)
        return entrees + sum(self.value_of[c] for c, t in zip(cards, types) if t in self.meals)

    def menus(self, cards: list[str]) -> list[list[str]]:
        """A round end's menus: each entree with the side dishes of its colour dealt out one by one, highest entree
        first (sides without one are not eaten); all Fast Food as one menu, all Fertiggericht, all Müsli."""
        out: list[list[str]] = []
        for etype, entree in self.entrees.items():
            heads = sorted((c for c in cards if self.type_of[c] == etype), key=lambda c: (-self.value_of[c], c))
            plates = [[h] for h in heads]
            for k, side in enumerate(c for c in cards if heads and self.type_of[c] == entree["side"]):
                plates[k % len(plates)].append(side)
            out += plates
        groups = ([c for c in cards if self.type_of[c] == mtype] for mtype in self.meals)
        return out + [group for group in groups if group]

    def wrong_phase(self, s: State, mv: Move, spec: Any) -> errors.IllegalMove:
        """A move of another phase is refused with what is due now: the rule and message of the game's phase."""
        return errors.IllegalMove(self.PHASE_RULES[s.phase], f"phase.{s.phase}",
                                  {"move": mv.name, "player": s.current.name})

    def components(self, s: State) -> dict:
        return {"card": (self.cards, [c for p in s.players for c in p.hand] + s.plate + s.aside + s.box)}

    def checks(self, s: State) -> list[str]:
        problems = []
        chips, want = sum(p.chips for p in s.players) + s.chips_spent, self.chips * len(s.players)
        if chips != want or any(p.chips < 0 for p in s.players):
            problems.append(f"red chips: {chips} held or spent, expected {want}")
        problems += [f"{p.name} stands at {p.position}, off the track {self.low}..{self.high}"
                     for p in s.players if not self.low <= p.position <= self.high]
        if (s.phase == "give") != (s.pending is not None):
            problems.append("a pending request for red cards goes with the give phase and only with it")
        seats = range(len(s.players))
        if s.plate and s.phase not in ("respond", "over") or s.phase == "respond" and not s.plate:
            problems.append(f"a meal on the plate goes with the respond phase and only with it (phase {s.phase})")
        if s.phase == "chips" and (not s.chip_queue or s.chip_queue[0] != s.turn):
            problems.append("in the chips phase the player to decide is the first of the chip queue")
        if any(i not in seats for i in s.chip_queue) or (s.leader not in seats and s.phase != "over"):
            problems.append("the chip queue or the leader names no player")
        if s.pending is not None and not (set(s.pending) == {"asker", "giver", "got"} and
                                          s.pending["asker"] in seats and s.pending["giver"] in seats):
            problems.append("the pending request for red cards needs an asker and a giver who play")
        return problems

    def setup(self, names: list[str], seed: int) -> State:
        """Figures on the Traumfigur, 3 red chips each, 18 cards out with 3 players, then the first round's deal."""
        box = list(self.three_remove) if len(names) == 3 else []
        s = State([Player(n, chips=self.chips) for n in names], [], [], box, rng=chance.seed(seed), round=0)
        self._new_round(s)
        return s

    def _new_round(self, s: State) -> None:
        """Gather, shuffle and deal every card in play; Tischlein deck dich aside; its holder starts the chips."""
        deck, n = [c for c in self.cards if c not in s.box], len(s.players)
        s.rng = chance.shuffle(s.rng, deck)
        for i, p in enumerate(s.players):                # dealt one by one from the first player on
            p.hand = deck[i::n]
        holder, card = next((i, c) for i, p in enumerate(s.players) for c in p.hand if self.effect_of[c] == "start")
        s.players[holder].hand.remove(card)
        s.round += 1
        s.plate, s.aside, s.leader, s.refused, s.pending, s.phase = [], [card], holder, False, None, "chips"
        s.event("step.new_round", round=s.round, player=s.players[holder].name, card=card)
        s.chip_queue = [(holder + k) % n for k in range(n) if s.players[(holder + k) % n].chips > 0]
        self._next_chip(s)

    def _next_chip(self, s: State) -> None:
        if s.chip_queue:
            s.turn = s.chip_queue[0]
        else:
            self._lead_next(s, s.leader)

    def _lead_next(self, s: State, p: int) -> None:
        """p is to lead; one who cannot (no entree, Fast Food or Fertiggericht) ends the round at once."""
        s.leader, s.phase, s.turn = p, "lead", p
        if not any(c in self.leaders for c in s.current.hand):
            self._round_end(s, p)

    def start(self, spec: Mapping[str, Any]) -> State:
        """The explicit starting state of a replay (cards named nowhere are aside, out of this round):

        start:
          seed: 4                        # PRNG seed (default 0): the deal of the rounds that follow
          players: [{name: Anna, hand: [fleisch-2, knoedel-1], position: 0, chips: 3}, ...]   # in turn order
          plate: [fleisch-4, knoedel-2]  # the meal served so far (phase respond only)
          leader: Anna                   # who served it (default: the player before `turn`; phases chips, lead: `turn`)
          refused: false                 # after a −1 card
          turn: Ben                      # default: the first player
          phase: respond                 # chips | give | lead | respond (default lead; respond with a plate)
          chip_queue: [Ben, Cleo]        # phase chips: who still decides, in order (default: all from turn on
                                         # who have a chip left)
          pending: {asker: Anna, giver: Ben, got: 0}   # phase give; the giver decides
          round: 1
          box: [...]                     # default: with 3 players the removal list, else nothing
        """
        st = Start(spec, {"seed", "players", "plate", "leader", "refused", "turn", "phase", "chip_queue", "pending",
                          "round", "box"})
        used = Ledger(self.type_of, "card", " (card ids look like fleisch-2, fdh-1)")
        players = [Player(rp["name"], used.take(rp.get("hand", []), f"start.players.{rp['name']}.hand"),
                          int(rp.get("position", 0)), int(rp.get("chips", self.chips)))
                   for rp in st.players({"hand", "position", "chips"}, self.min_players, self.max_players)]
        names = [p.name for p in players]
        plate = used.take(spec.get("plate", []) or [], "start.plate")
        box = used.take(spec.get("box", used.unused(self.three_remove) if len(players) == 3 else []) or [], "start.box")
        turn = st.player("turn", names, names[0])
        phase = st.choice("phase", self.PHASES[:-1], "respond" if plate else "lead")
        # in the chips phase the leader is the Tischlein holder, who leads once the chips are decided
        leader = st.player("leader", names, names[turn if phase in ("chips", "lead") else turn - 1])
        # the default chip queue: everyone with a chip left, from turn on (as a round's start has it)
        everyone = [p.name for p in players[turn:] + players[:turn] if p.chips > 0]
        queue = [st.seat(n, names, "start.chip_queue") for n in spec.get("chip_queue", everyone)] \
            if phase == "chips" else []
        pending = None
        if phase == "give":
            rp = spec.get("pending")
            if not isinstance(rp, dict):
                raise errors.StartError("start.pending: {asker, giver, got} goes with phase: give")
            pending = {k: st.seat(rp.get(k), names, f"start.pending.{k}") for k in ("asker", "giver")}
            pending["got"], turn = int(rp.get("got", 0)), pending["giver"]
        spent = self.chips * len(players) - sum(p.chips for p in players)
        state = State(players, plate, used.unused(self.cards), box, leader, bool(spec.get("refused", False)), turn,
                      phase, queue, pending, int(spec.get("round", 1)), spent, chance.seed(st.seed()))
        return self.sound(state)

    def _take(self, s: State, p: int, cards: list[str], rule: str) -> list[str]:
        """`cards` (known ids) out of p's hand; refused unless each is there and named once."""
        hand = s.players[p].hand
        for i, card in enumerate(cards):
            if card not in hand:
                fail(rule, "card.not_in_hand", card=card, player=s.players[p].name)
            require(card not in cards[:i], rule, "card.twice", card=card)
        for card in cards:
            hand.remove(card)
        return cards

    def _move(self, s: State, p: int, steps: int) -> int:
        """Move player p by `steps` (up positive), stopping at an end; returns the steps actually moved."""
        player = s.players[p]
        before, player.position = player.position, max(self.low, min(self.high, player.position + steps))
        return player.position - before

    # The handlers stand in the order that move.unknown lists the moves in.
    @move("chip", rule=CHIPS, phases="chips")
    def chip(self, s: State, p: int, args: dict) -> None:
        """Hand in a red chip: {action: down} go down 3 · {action: give, cards: [3 cards], to: [a name per card]}
        · {action: ask} the others for 3 red cards."""
        player, action = s.players[p], args.get("action")
        require(player.chips > 0, CHIPS, "chip.none", player=player.name)
        require(action in ("down", "give", "ask"), CHIPS, "chip.bad_action", action=str(action))
        if action != "give" and (args.get("cards") is not None or args.get("to") is not None):
            errors.invalid(CHIPS, "chip.cards_only_give", action=action)     # they would be ignored
        if action == "give":  # 3 cards (all if fewer), one to each player named; `cards` is only give's: read here
            want = min(3, len(player.hand))
            cards = self._take(s, p, CARDS.read(self, "chip", "cards", args.get("cards"), CHIPS), CHIPS)
            require(len(cards) == want, CHIPS, "chip.give_count", count=len(cards), want=want)
            to = args.get("to")
            if not isinstance(to, list) or len(to) != len(cards):
                fail(CHIPS, "chip.give_to", count=len(cards))
            targets = [s.player_index(name) for name in to]
            for name, i in zip(to, targets):
                if i is None or i == p:
                    fail(CHIPS, "chip.give_target", player=str(name))
            spread = min(len(cards), len(s.players) - 1)
            require(len(set(targets)) >= spread, CHIPS, "chip.give_spread", count=spread)
            for card, i in zip(cards, targets):
                s.players[i].hand.append(card)
            s.event("step.chip_give", player=player.name, cards=cards, to=[s.players[i].name for i in targets])
        s.chip_queue.pop(0)
        player.chips -= 1
        s.chips_spent += 1
        if action == "ask":
            s.event("step.chip_ask", player=player.name)
            s.pending = {"asker": p, "giver": p, "got": 0}
            return self._ask(s, p)
        if action == "down":
            moved = self._move(s, p, -self.chip_down)
            s.event("step.chip_down", player=player.name, steps=-moved, position=player.position)
            if self._game_end(s):
                return
        self._next_chip(s)

    def _ask(self, s: State, after: int) -> None:
        """The asker's next giver: the first other player after `after` with a red card; at 3 or none, chips go on."""
        pending, n = s.pending, len(s.players)
        ring = ((after + k) % n for k in range(1, n + 1))
        giver = next((i for i in ring if i != pending["asker"] and any(self.kind_of[c] == "diet"
                                                                       for c in s.players[i].hand)), None)
        if giver is not None and pending["got"] < 3:
            pending["giver"], s.turn, s.phase = giver, giver, "give"
            return
        if not pending["got"]:
            s.event("step.no_red_cards", player=s.players[pending["asker"]].name)
        s.pending, s.phase = None, "chips"
        self._next_chip(s)

    @move("no_chip", rule=CHIPS, phases="chips")
    def no_chip(self, s: State, p: int, args: dict) -> None:
        s.chip_queue.pop(0)
        s.event("step.no_chip", player=s.players[p].name)
        self._next_chip(s)

    @move("give", rule=CHIPS, phases="give", card=CARD)
    def give(self, s: State, p: int, args: dict) -> None:
        [card] = self._take(s, p, [args["card"]], CHIPS)
        require(self.kind_of[card] == "diet", CHIPS, "give.not_red", card=card)
        asker = s.players[s.pending["asker"]]
        asker.hand.append(card)
        s.pending["got"] += 1
        s.event("step.give", player=s.players[p].name, asker=asker.name, card=card)
        self._ask(s, p)

    @move("lead", rule=LEAD, phases="lead", cards=CARDS)
    def lead(self, s: State, p: int, args: dict) -> None:
        cards = self._take(s, p, args["cards"], LEAD)
        heads = [c for c in cards if c in self.leaders]
        if not heads:
            fail(LEAD, "lead.cannot_lead", cards=cards, card=cards[0])
        if len(heads) > 1:
            fail(LEAD, "lead.one_dish", cards=cards, card=cards[0])
        head, htype = heads[0], self.type_of[heads[0]]
        for card in (c for c in cards if c != head):
            require(htype in self.entrees, LEAD, "lead.alone", card=head, extra=card)
            if self.sides.get(self.type_of[card], {}).get("entree") != htype:
                fail(LEAD, "lead.wrong_side", card=card, entree=htype, side=self.entrees[htype]["side"])
        s.plate, s.leader, s.refused = list(cards), p, False
        s.phase, s.turn = "respond", (p + 1) % len(s.players)
        s.event("step.lead", player=s.players[p].name, cards=cards, next=s.current.name)

    @move("eat", rule="suppenkasper.trick.respond", phases="respond")
    def eat(self, s: State, p: int, args: dict, card: str | None = None) -> None:
        """Player p eats the plate, changed by the red or special `card` played on it; p leads next."""
        player, meal, effect = s.players[p], list(s.plate), self.effect_of.get(card)
        kcal = self.calories([c for c in meal if effect != "muesli_only" or self.type_of[c] == "muesli"])
        kcal = {"half": kcal // 2, "zero": 0}.get(effect, kcal)      # None (plain eating), eat_matching: unchanged
        up, down = self.steps_for(kcal), self.record_of.get(card, {}).get("steps", 0)
        moved = self._move(s, p, {"zero": 0, "eat_down": -down, "minus_steps": up - down}.get(effect, up))
        s.aside += meal
        s.plate, s.refused = [], False
        eaten = {"player": player.name, "cards": meal, "calories": kcal, "steps": moved, "position": player.position}
        # eating without a card is a message of its own: "card played: -" is no sentence
        if card:
            s.event("step.eat_with", **eaten, card=card)
        else:
            s.event("step.eat", **eaten)
        if not self._game_end(s):
            self._lead_next(s, p)

    @move("add", rule=ADD, phases="respond")
    def add(self, s: State, p: int, args: dict) -> None:
        require(not s.refused, "suppenkasper.trick.respond", "add.after_refusal")
        # read after the refusal check: after a −1 card every add is refused, whatever it names
        cards = self._take(s, p, CARDS.read(self, "add", "cards", args.get("cards"), ADD), ADD)
        types, plate = {self.type_of[c] for c in s.plate}, list(s.plate)
        for card in cards:
            refused = self.add_refusal(types, card)
            if refused:
                refused.params["plate"] = plate
                raise refused
        s.plate += cards
        s.turn = (p + 1) % len(s.players)
        s.event("step.add", player=s.players[p].name, cards=cards, next=s.current.name)

    def add_refusal(self, types: set[str], card: str) -> errors.IllegalMove | None:
        """Why `card` cannot be added to a plate of these card types, or None when it fits (legal_moves asks
        this of every card in hand, so it returns the refusal instead of raising it)."""
        t, params = self.type_of[card], {"card": card}
        if t in self.entrees:
            return errors.IllegalMove(ADD, "add.entree", params)
        if t in self.sides:
            return None if self.sides[t]["entree"] in types else errors.IllegalMove(ADD, "add.side_no_entree", params)
        if t in self.meals:
            fits = self.meals[t]["adds_to"]
            return None if fits == "any" or types & set(fits) else errors.IllegalMove(ADD, "add.meal_mismatch", params)
        return errors.IllegalMove(ADD, "add.not_food", params)

    def special_refusal(self, s: State, card: str) -> errors.IllegalMove | None:
        """Why the special `card` cannot be played on the plate, or None when it can."""
        rule, kinds = SPECIAL_RULES.get(self.type_of[card], "suppenkasper.special"), self.record_of[card]["kinds"]
        if self.effect_of[card] == "start":
            return errors.IllegalMove(rule, "special.start_only", {"card": card})
        if self.effect_of[card] == "eat_matching" and not {self.type_of[c] for c in s.plate} & set(kinds):
            return errors.IllegalMove(rule, "special.no_match", {"card": card, "kinds": list(kinds)})
        return None

    @move("diet", rule="suppenkasper.diet", phases="respond", card=CARD)
    def diet(self, s: State, p: int, args: dict) -> None:
        [card] = self._take(s, p, [args["card"]], "suppenkasper.diet")
        require(self.kind_of[card] == "diet", "suppenkasper.diet", "diet.not_red", card=card)
        s.aside.append(card)
        if self.effect_of[card] != "refuse":
            return self.eat(s, p, {}, card)
        moved = self._move(s, p, -self.record_of[card]["steps"])
        s.refused, s.turn = True, (p + 1) % len(s.players)
        s.event("step.refuse", player=s.players[p].name, card=card, steps=-moved, next=s.current.name)
        self._game_end(s)

    @move("special", rule="suppenkasper.special", phases="respond", card=CARD)
    def special(self, s: State, p: int, args: dict) -> None:
        [card] = self._take(s, p, [args["card"]], "suppenkasper.special")
        require(self.kind_of[card] == "special", "suppenkasper.special", "special.not_special", card=card)
        refused = self.special_refusal(s, card)
        if refused:
            raise refused
        s.aside.append(card)
        self.eat(s, p, {}, card)

    def _game_end(self, s: State) -> bool:
        over = any(pl.position in (self.low, self.high) for pl in s.players)
        if over:
            s.phase, s.chip_queue, s.pending = "over", [], None
            s.event("step.game_over", winners=self.winners(s))
        return over

    def _round_end(self, s: State, first: int) -> None:
        """In turn order from `first`: the Fress Sack / Mecker-Ziege / Nasch-Katze holders eat the matching cards
        of all hands; everyone eats their menus; the Suppen-Kasper holder goes down for their −1 and −2 cards."""
        order = [(first + k) % len(s.players) for k in range(len(s.players))]
        s.event("step.round_end", player=s.players[first].name)
        for i in order:
            for card in [c for c in s.players[i].hand if self.effect_of[c] == "eat_matching"]:
                kinds = self.record_of[card]["kinds"]
                taken = [c for j in order for c in s.players[j].hand if self.type_of[c] in kinds]
                s.event("step.collect", player=s.players[i].name, card=card, cards=taken)
                self._eat_menus(s, i, [card] + taken)          # the card itself goes aside uneaten: it is no food
        for i in order:
            self._eat_menus(s, i, [c for c in s.players[i].hand if self.kind_of[c] in ("entree", "side", "meal")])
        for i in order:
            hand = s.players[i].hand
            if any(self.effect_of[c] == "eat_down" for c in hand):
                down = sum(self.record_of[c]["steps"] for c in hand if self.effect_of[c] in ("refuse", "minus_steps"))
                moved = self._move(s, i, -down)
                s.event("step.kasper_held", player=s.players[i].name, steps=-moved, position=s.players[i].position)
        for p in s.players:
            s.aside += p.hand
            p.hand = []
        if not self._game_end(s):
            self._new_round(s)

    def _eat_menus(self, s: State, p: int, cards: list[str]) -> None:
        """Player p eats the menus of `cards`, out of whichever hands hold them."""
        player = s.players[p]
        for menu in self.menus(cards):
            kcal = self.calories(menu)
            moved = self._move(s, p, self.steps_for(kcal))
            s.event("step.menu", player=player.name, cards=menu, calories=kcal, steps=moved, position=player.position)
        for pl in s.players:
            pl.hand = [c for c in pl.hand if c not in cards]
        s.aside += cards

    def legal_moves(self, s: State) -> list[Move]:
        """One card per interchangeable (type, value) copy; an entree with 0..n of the first side dishes; `add` each
        fitting card and all at once; one `give` (the 3 most caloric cards to the next players clockwise)."""
        if s.phase == "over":
            return []
        name, hand = s.current.name, s.current.hand
        copies = [(self.type_of[c], self.value_of[c]) for c in hand]
        distinct = [c for i, c in enumerate(hand) if copies[i] not in copies[:i]]    # the first of each (type, value)
        if s.phase == "chips":
            moves = [Move(name, "no_chip", {})]
            if s.current.chips <= 0:            # no chip left to hand in: only "no chip" (chip.none)
                return moves
            moves += [Move(name, "chip", {"action": a}) for a in ("down", "ask")]
            if hand:
                cards = sorted(hand, key=lambda c: (-self.value_of[c], c))[:3]
                others = s.names[s.turn + 1:] + s.names[:s.turn]                 # clockwise, round and round
                moves.append(Move(name, "chip", {"action": "give", "cards": cards, "to": (others * 3)[:len(cards)]}))
            return moves
        if s.phase == "give":
            return [Move(name, "give", {"card": c}) for c in distinct if self.kind_of[c] == "diet"]
        if s.phase == "lead":
            moves = []
            for card in (c for c in distinct if c in self.leaders):
                sides = [c for c in hand if self.type_of[c] == self.entrees.get(self.type_of[card], {}).get("side")]
                moves += [Move(name, "lead", {"cards": [card] + sides[:k]}) for k in range(len(sides) + 1)]
            return moves
        # respond: eat, any red card, and the adds and special cards that the rules accept on this plate
        types = {self.type_of[c] for c in s.plate}
        fitting = [] if s.refused else [c for c in hand if self.kind_of[c] in ("side", "meal")   # no other kind
                                        and self.add_refusal(types, c) is None]                  # is ever added
        moves = [Move(name, "eat", {})] + [Move(name, "add", {"cards": [c]}) for c in distinct if c in fitting]
        if len(fitting) > 1:
            moves.append(Move(name, "add", {"cards": fitting}))
        return moves + [Move(name, self.kind_of[c], {"card": c}) for c in distinct
                        if self.kind_of[c] == "diet" or self.kind_of[c] == "special" and not self.special_refusal(s, c)]

    def score(self, s: State) -> list[dict]:
        """Position (up positive), distance, weight class, red chips; total = −distance: highest is nearest."""
        return [{"player": p.name, "position": p.position, "distance": abs(p.position),
                 "class": self.class_at.get(p.position), "chips": p.chips, "total": -abs(p.position)}
                for p in s.players]

    def ending(self, s: State) -> str:
        """The end (or ends) of the track reached: dicker-brocken, suppenkasper, or both at once."""
        return "+".join(sorted({self.class_at[p.position] for p in s.players if p.position in (self.low, self.high)}))

    def expect_fields(self) -> dict[str, expect.Check]:
        """turn, phase, winners and: round; plate (any order); leader (a name or null); refused; aside_has
        [cards]; box_size; pending {asker, giver, got} (names) or null."""
        def pending(s: State) -> dict | None:
            return None if s.pending is None else {k: v if k == "got" else s.names[v] for k, v in s.pending.items()}
        return {"round": expect.Check(lambda s: s.round), "plate": expect.Check(lambda s: s.plate, "any_order"),
                "leader": expect.Check(lambda s: None if s.leader is None else s.names[s.leader]),
                "refused": expect.Check(lambda s: s.refused),
                "aside_has": expect.Check(lambda s: s.aside, "has", what="the aside"),
                "box_size": expect.Check(lambda s: len(s.box)), "pending": expect.Check(pending)}

    def player_expect_fields(self) -> dict[str, expect.Check]:
        """hand, hand_has, hand_lacks, hand_size, score and: position, chips, class (at the figure's space)."""
        return {"position": expect.Check(lambda s, i: s.players[i].position),
                "chips": expect.Check(lambda s, i: s.players[i].chips),
                "class": expect.Check(lambda s, i: self.class_at.get(s.players[i].position))}

    def render_lines(self, s: State) -> list[str]:
        names = s.names
        queue = f" · chips still to decide: {', '.join(names[i] for i in s.chip_queue)}" if s.phase == "chips" else ""
        lines = [f"Round {s.round} · phase: {s.phase} · to decide: {names[s.turn]}{queue}"]
        if s.pending:
            lines.append(f"Asking for red cards: {names[s.pending['asker']]} has {s.pending['got']} of 3, "
                         f"{names[s.pending['giver']]} gives next")
        if s.plate or s.phase == "respond":
            lines.append(f"Plate (served by {names[s.leader]}): {' '.join(s.plate)} = {self.calories(s.plate)} kcal"
                         + (" · refused (−1): only red cards or eat" if s.refused else ""))
        lines.append(f"Aside: {len(s.aside)} cards · box: {len(s.box)} cards · chips handed in: {s.chips_spent}")
        width = max(len(n) for n in names)
        for i, p in enumerate(s.players):
            mark = ">" if i == s.turn and s.phase != "over" else " "
            lines.append(f"{mark} {p.name.ljust(width)}  at {p.position:+d} ({self.class_at.get(p.position)}) · "
                         f"chips {p.chips} · hand ({len(p.hand)}): {' '.join(p.hand) or '-'}")
        return lines

    def result_lines(self, s: State) -> list[str]:
        return [self.standings(s, lambda r: f" (chips {r['chips']})")]


ENGINE = Suppenkasper
