"""Suppenkasper rules engine: rounds, red chips, tricks (lead, add, red and special cards, eat), the weight table,
round ends with menus, the end at either end of the track and the winner nearest the Traumfigur.

Reads only the JSON from `Suppenkasper.engine_data()`; every card has an instance id (`fleisch-2`). Decisions
where the seed is silent (reconstructed; the rules text and FAQ give them and why): every round deals all cards
anew and the Tischlein holder leads; one red chip per player per round, from that holder on; given cards go to
different players where there are enough; asked players answer clockwise, round and round, until three red cards
came or nobody else has one; the meal passes clockwise, back to its leader too, one red card per response, and
after a −1 only red cards and the special cards that eat may follow, or eating it; −2 below zero moves down; FdH
halves the calories (rounded down) before the table; a round ends (at once) when the player to lead cannot (see
`_round_end`); a figure stops at an end, and the game ends at once during a trick, after all the eating of a
round end otherwise; ranking: nearest the Traumfigur, then more red chips, then shared.
"""
from __future__ import annotations

from collections import Counter
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any, Mapping

from ...engine import (Check, Engine, GameState, IllegalMove, Ledger, Move, Record, Start, StartError, fail, ids,
                       move, one_id, rng_seed, rng_shuffle)

PHASES = ("chips", "give", "lead", "respond", "over")
# The rule of each phase: named for a move of another phase and for a move out of turn.
PHASE_RULE = {"chips": "suppenkasper.round.chips", "give": "suppenkasper.round.chips",
              "lead": "suppenkasper.trick.lead", "respond": "suppenkasper.trick.respond"}
SPECIAL_RULES = {"suppen-kasper": "suppenkasper.special.suppen-kasper", "fress-sack": "suppenkasper.special.fress-sack",
                 "mecker-ziege": "suppenkasper.special.mecker-ziege", "nasch-katze": "suppenkasper.special.nasch-katze",
                 "tischlein-deck-dich": "suppenkasper.special.tischlein"}
CHIPS = "suppenkasper.round.chips"
CARD, CARDS = one_id("type_of"), ids("type_of", empty=False)


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
    PHASES = PHASES
    TURN_RULE, END_RULE = "suppenkasper.trick", "suppenkasper.end"
    RULE_IDS = frozenset("suppenkasper." + x for x in (
        "round", "round.chips", "trick", "trick.lead", "trick.respond", "trick.add", "weight", "diet", "special",
        "special.suppen-kasper", "special.fress-sack", "special.mecker-ziege", "special.nasch-katze",
        "special.tischlein", "round-end", "end", "setup", "setup.three-players"))

    def __init__(self, data: Mapping[str, Any]):
        super().__init__(data)
        self.chips, self.chip_down = data["chips_per_player"], data["chip_steps_down"]
        # the card types of each kind, {type: its record}
        self.entrees, self.sides, self.meals, self.diets, self.specials = (
            data[k] for k in ("entrees", "sides", "meals", "diets", "specials"))
        self.cards: list[str] = [c["id"] for c in data["cards"]]
        self.type_of, self.kind_of = ({c["id"]: c[k] for c in data["cards"]} for k in ("type", "kind"))
        self.value_of: dict[str, int] = {c["id"]: c["value"] or 0 for c in data["cards"]}
        self.three_remove: list[str] = list(data["three_players_remove"])
        self.table = [(row["up_to"], row["steps"]) for row in data["weight_table"]]
        spaces = data["track"]["spaces"]
        self.low, self.high = spaces[0]["position"], spaces[-1]["position"]
        self.class_at = {sp["position"]: sp["class"] for sp in spaces}
        self.start_card = next(t for t, sp in self.specials.items() if sp["effect"] == "start")

    def leads(self, card: str) -> bool:
        t = self.type_of[card]
        return t in self.entrees or (t in self.meals and self.meals[t]["leads"])

    def effect(self, card: str | None) -> dict:
        """The record of a red or special card: its effect, steps and kinds ({} for any other card)."""
        t = self.type_of.get(card)
        return self.diets.get(t) or self.specials.get(t) or {}

    def steps_for(self, calories: int) -> int:
        """The weight table: the spaces up for a meal of `calories`."""
        return next((steps for up_to, steps in self.table if up_to is None or calories <= up_to), self.table[-1][1])

    def calories(self, cards: list[str]) -> int:
        """Face values; an entree's times the number of its side dishes when there are two or more."""
        total = 0
        for entree in (c for c in cards if self.type_of[c] in self.entrees):
            side = self.entrees[self.type_of[entree]]["side"]
            sides = sum(1 for c in cards if self.type_of[c] == side)
            total += self.value_of[entree] * (sides if sides >= 2 else 1)
        return total + sum(self.value_of[c] for c in cards if self.type_of[c] in self.meals)

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

    # --- whose decision, state checks ----------------------------------------------------------------------
    def turn_rule(self, s: State) -> str:
        return PHASE_RULE[s.phase]

    def wrong_phase(self, s: State, mv: Move, spec: Any) -> IllegalMove:
        """A move of another phase is refused with what is due now: the rule and message of the game's phase."""
        return IllegalMove(PHASE_RULE[s.phase], f"phase.{s.phase}", {"move": mv.name, "player": s.current.name})

    def census(self, s: State) -> list[str]:
        """Every card once, every red chip held or spent, figures on the track, phase, turn and pending valid."""
        seen = Counter([c for p in s.players for c in p.hand] + s.plate + s.aside + s.box)
        problems = [f"card {c} is in {n} places" if c in self.type_of else f"unknown card {c}"
                    for c, n in seen.items() if n > 1 or c not in self.type_of]
        missing = [c for c in self.cards if c not in seen]
        if missing:
            problems.append(f"cards missing: {', '.join(missing)}")
        chips = sum(p.chips for p in s.players) + s.chips_spent
        if chips != self.chips * len(s.players) or any(p.chips < 0 for p in s.players):
            problems.append(f"red chips: {chips} held or spent, expected {self.chips * len(s.players)}")
        problems += [f"{p.name} stands at {p.position}, off the track {self.low}..{self.high}"
                     for p in s.players if not self.low <= p.position <= self.high]
        if s.phase not in PHASES:
            problems.append(f"unknown phase {s.phase!r}")
        if not 0 <= s.turn < len(s.players):
            problems.append(f"turn {s.turn} is not a player")
        if (s.phase == "give") != (s.pending is not None):
            problems.append("a pending request for red cards goes with the give phase and only with it")
        return problems

    # --- setup ----------------------------------------------------------------------------------------------
    def setup(self, names: list[str], seed: int) -> State:
        """Figures on the Traumfigur, 3 red chips each, 18 cards out with 3 players, then the first round's deal."""
        box = list(self.three_remove) if len(names) == 3 else []
        s = State([Player(n, chips=self.chips) for n in names], [], [c for c in self.cards if c not in box], box,
                  rng=rng_seed(seed), round=0)
        self._new_round(s)
        return s

    def _new_round(self, s: State) -> None:
        """Gather, shuffle and deal every card in play; Tischlein deck dich aside; its holder starts the chips."""
        deck = [c for c in self.cards if c not in s.box]
        s.rng = rng_shuffle(s.rng, deck)
        for i, p in enumerate(s.players):                # dealt one by one from the first player on
            p.hand = deck[i::len(s.players)]
        s.plate, s.aside, s.leader, s.refused, s.pending = [], [], None, False, None
        s.round += 1
        holder, card = next((i, c) for i, p in enumerate(s.players) for c in p.hand
                            if self.type_of[c] == self.start_card)
        s.players[holder].hand.remove(card)
        s.aside.append(card)
        s.event("step.new_round", round=s.round, player=s.players[holder].name, card=card)
        n = len(s.players)
        s.chip_queue = [(holder + k) % n for k in range(n) if s.players[(holder + k) % n].chips > 0]
        s.leader, s.phase = holder, "chips"
        self._next_chip(s)

    def _next_chip(self, s: State) -> None:
        if s.chip_queue:
            s.turn = s.chip_queue[0]
        else:
            self._lead_next(s, s.leader)

    def _lead_next(self, s: State, p: int) -> None:
        """p is to lead; one who cannot (no entree, Fast Food or Fertiggericht) ends the round at once."""
        s.leader, s.phase, s.turn = p, "lead", p
        if not any(self.leads(c) for c in s.current.hand):
            self._round_end(s, p)

    def start(self, spec: Mapping[str, Any]) -> State:
        """The explicit starting state of a replay (cards named nowhere are aside, out of this round):

        start:
          seed: 4                        # PRNG seed (default 0): the deal of the rounds that follow
          players: [{name: Anna, hand: [fleisch-2, knoedel-1], position: 0, chips: 3}, ...]   # in turn order
          plate: [fleisch-4, knoedel-2]  # the meal served so far (optional)
          leader: Anna                   # who served it (default: the player before `turn`; phases chips, lead: `turn`)
          refused: false                 # after a −1 card
          turn: Ben                      # default: the first player
          phase: respond                 # chips | give | lead | respond (default lead; respond with a plate)
          chip_queue: [Ben, Cleo]        # phase chips: who still decides, in order (default: all from turn on)
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

        def index(name: Any, where: str) -> int:
            if name not in names:
                raise StartError(f"{where}: {name!r} is not a player ({', '.join(names)})")
            return names.index(name)
        plate = used.take(spec.get("plate", []) or [], "start.plate")
        default_box = used.unused(self.three_remove) if len(players) == 3 else []
        box = used.take(spec.get("box", default_box) or [], "start.box")
        turn = st.player("turn", names, names[0])
        phase = st.choice("phase", PHASES[:-1], "respond" if plate else "lead")
        # in the chips phase the leader is the Tischlein holder, who leads once the chips are decided
        leader = st.player("leader", names, names[turn if phase in ("chips", "lead") else turn - 1])
        everyone = names[turn:] + names[:turn]                # the default chip queue: all from turn on
        queue = [index(n, "start.chip_queue") for n in spec.get("chip_queue", everyone)] if phase == "chips" else []
        pending = None
        if phase == "give":
            rp = spec.get("pending")
            if not isinstance(rp, dict):
                raise StartError("start.pending: {asker, giver, got} goes with phase: give")
            pending = {"asker": index(rp.get("asker"), "start.pending.asker"),
                       "giver": index(rp.get("giver"), "start.pending.giver"), "got": int(rp.get("got", 0))}
            turn = pending["giver"]
        spent = self.chips * len(players) - sum(p.chips for p in players)
        state = State(players, plate, used.unused(self.cards), box, leader, bool(spec.get("refused", False)), turn,
                      phase, queue, pending, int(spec.get("round", 1)), spent, rng_seed(st.seed()))
        problems = self.census(state)
        if problems:
            raise StartError("start: " + "; ".join(problems))
        return state

    # --- moves ----------------------------------------------------------------------------------------------
    def _own(self, s: State, p: int, cards: list[str], rule: str) -> list[str]:
        """`cards` (known ids), each in p's hand and named once."""
        for i, card in enumerate(cards):
            if card not in s.players[p].hand:
                fail(rule, "card.not_in_hand", card=card, player=s.players[p].name)
            if card in cards[:i]:
                fail(rule, "card.twice", card=card)
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
        if action not in ("down", "give", "ask"):
            fail(CHIPS, "chip.bad_action", action=str(action))
        if action == "give":
            cards, targets = self._gift(s, p, args)
        s.chip_queue.pop(0)
        player.chips -= 1
        s.chips_spent += 1
        if action == "down":
            moved = self._move(s, p, -self.chip_down)
            s.event("step.chip_down", player=player.name, steps=-moved, position=player.position)
            if self._game_end(s):
                return
        elif action == "give":
            for card, i in zip(cards, targets):
                player.hand.remove(card)
                s.players[i].hand.append(card)
            s.event("step.chip_give", player=player.name, cards=cards, to=[s.players[i].name for i in targets])
        else:
            s.event("step.chip_ask", player=player.name)
            giver = self._next_giver(s, p, p)
            if giver is not None:
                s.pending = {"asker": p, "giver": giver, "got": 0}
                s.phase, s.turn = "give", giver
                return
            s.event("step.no_red_cards", player=player.name)
        self._next_chip(s)

    def _gift(self, s: State, p: int, args: dict) -> tuple[list[str], list[int]]:
        """The cards given away (3, or all if fewer) and who gets each; `cards` is only action give's: read here."""
        cards = self._own(s, p, CARDS.read(self, "chip", "cards", args.get("cards"), CHIPS), CHIPS)
        want = min(3, len(s.players[p].hand))
        if len(cards) != want:
            fail(CHIPS, "chip.give_count", count=len(cards), want=want)
        to = args.get("to")
        if not isinstance(to, list) or len(to) != len(cards):
            fail(CHIPS, "chip.give_to", count=len(cards))
        targets = [s.player_index(name) if isinstance(name, str) else None for name in to]
        for name, i in zip(to, targets):
            if i is None or i == p:
                fail(CHIPS, "chip.give_target", player=str(name))
        spread = min(len(cards), len(s.players) - 1)
        if len(set(targets)) < spread:
            fail(CHIPS, "chip.give_spread", count=spread)
        return cards, targets

    @move("no_chip", rule=CHIPS, phases="chips")
    def no_chip(self, s: State, p: int, args: dict) -> None:
        s.chip_queue.pop(0)
        s.event("step.no_chip", player=s.players[p].name)
        self._next_chip(s)

    def _next_giver(self, s: State, asker: int, after: int) -> int | None:
        """The next player clockwise after `after` (not the asker) who holds a red card."""
        n = len(s.players)
        ring = ((after + k) % n for k in range(1, n + 1))
        return next((i for i in ring if i != asker and any(self.kind_of[c] == "diet" for c in s.players[i].hand)), None)

    @move("give", rule=CHIPS, phases="give", card=CARD)
    def give(self, s: State, p: int, args: dict) -> None:
        [card], pending = self._own(s, p, [args["card"]], CHIPS), s.pending
        if self.kind_of[card] != "diet":
            fail(CHIPS, "give.not_red", card=card)
        asker = s.players[pending["asker"]]
        s.players[p].hand.remove(card)
        asker.hand.append(card)
        pending["got"] += 1
        s.event("step.give", player=s.players[p].name, asker=asker.name, card=card)
        giver = self._next_giver(s, pending["asker"], p) if pending["got"] < 3 else None
        if giver is not None:
            pending["giver"], s.turn = giver, giver
            return
        s.pending, s.phase = None, "chips"
        self._next_chip(s)

    @move("lead", rule="suppenkasper.trick.lead", phases="lead", cards=CARDS)
    def lead(self, s: State, p: int, args: dict) -> None:
        rule = "suppenkasper.trick.lead"
        cards = self._own(s, p, args["cards"], rule)
        heads = [c for c in cards if self.leads(c)]
        if not heads:
            fail(rule, "lead.cannot_lead", cards=cards, card=cards[0])
        if len(heads) > 1:
            fail(rule, "lead.one_dish", cards=cards, card=cards[0])
        head, htype = heads[0], self.type_of[heads[0]]
        for card in (c for c in cards if c != head):
            if htype not in self.entrees:
                fail(rule, "lead.alone", card=head, extra=card)
            ctype = self.type_of[card]
            if ctype not in self.sides or self.sides[ctype]["entree"] != htype:
                fail(rule, "lead.wrong_side", card=card, entree=htype, side=self.entrees[htype]["side"])
        for card in cards:
            s.players[p].hand.remove(card)
        s.plate, s.leader, s.refused = list(cards), p, False
        s.phase, s.turn = "respond", (p + 1) % len(s.players)
        s.event("step.lead", player=s.players[p].name, cards=cards, next=s.current.name)

    @move("eat", rule="suppenkasper.trick.respond", phases="respond")
    def eat(self, s: State, p: int, args: dict, card: str | None = None) -> None:
        """Player p eats the plate, changed by the red or special `card` played on it; p leads next."""
        player, meal = s.players[p], list(s.plate)
        kcal = self.calories(meal)
        played = self.effect(card)
        effect = played.get("effect")          # None (plain eating) and eat_matching change nothing
        muesli = sum(self.value_of[c] for c in meal if self.type_of[c] == "muesli")
        kcal = {"half": kcal // 2, "zero": 0, "muesli_only": muesli}.get(effect, kcal)
        steps = 0 if effect == "zero" else self.steps_for(kcal)
        if effect == "minus_steps":
            steps -= played["steps"]
        elif effect == "eat_down":                       # Suppen-Kasper
            steps = -played["steps"]
        moved = self._move(s, p, steps)
        s.aside += meal
        s.plate, s.refused = [], False
        s.event("step.eat", player=player.name, cards=meal, calories=kcal, steps=moved, position=player.position,
                card=card or "-")
        if not self._game_end(s):
            self._lead_next(s, p)

    def _fits(self, s: State, card: str, rule: str) -> None:
        """Refuse adding `card` unless it fits the meal on the plate."""
        t, types, plate = self.type_of[card], {self.type_of[c] for c in s.plate}, list(s.plate)
        if t in self.entrees:
            fail(rule, "add.entree", card=card, plate=plate)
        elif t in self.sides and self.sides[t]["entree"] not in types:
            fail(rule, "add.side_no_entree", card=card, plate=plate)
        elif t in self.meals and self.meals[t]["adds_to"] != "any" and not types & set(self.meals[t]["adds_to"]):
            fail(rule, "add.meal_mismatch", card=card, plate=plate)
        elif t not in self.sides and t not in self.meals:
            fail(rule, "add.not_food", card=card, plate=plate)

    @move("add", rule="suppenkasper.trick.add", phases="respond")
    def add(self, s: State, p: int, args: dict) -> None:
        rule = "suppenkasper.trick.add"
        if s.refused:
            fail("suppenkasper.trick.respond", "add.after_refusal")
        # read after the refusal check: after a −1 card every add is refused, whatever it names
        cards = self._own(s, p, CARDS.read(self, "add", "cards", args.get("cards"), rule), rule)
        for card in cards:
            self._fits(s, card, rule)
        for card in cards:
            s.players[p].hand.remove(card)
        s.plate += cards
        s.turn = (p + 1) % len(s.players)
        s.event("step.add", player=s.players[p].name, cards=cards, next=s.current.name)

    @move("diet", rule="suppenkasper.diet", phases="respond", card=CARD)
    def diet(self, s: State, p: int, args: dict) -> None:
        [card] = self._own(s, p, [args["card"]], "suppenkasper.diet")
        if self.kind_of[card] != "diet":
            fail("suppenkasper.diet", "diet.not_red", card=card)
        effect = self.diets[self.type_of[card]]
        s.players[p].hand.remove(card)
        s.aside.append(card)
        if effect["effect"] != "refuse":
            self.eat(s, p, {}, card)
            return
        moved = self._move(s, p, -effect["steps"])
        s.refused, s.turn = True, (p + 1) % len(s.players)
        s.event("step.refuse", player=s.players[p].name, card=card, steps=-moved, next=s.current.name)
        self._game_end(s)

    @move("special", rule="suppenkasper.special", phases="respond", card=CARD)
    def special(self, s: State, p: int, args: dict) -> None:
        [card] = self._own(s, p, [args["card"]], "suppenkasper.special")
        if self.kind_of[card] != "special":
            fail("suppenkasper.special", "special.not_special", card=card)
        spec, rule = self.effect(card), SPECIAL_RULES.get(self.type_of[card], "suppenkasper.special")
        if spec["effect"] == "start":
            fail(rule, "special.start_only", card=card)
        if spec["effect"] == "eat_matching" and not {self.type_of[c] for c in s.plate} & set(spec["kinds"]):
            fail(rule, "special.no_match", card=card, kinds=list(spec["kinds"]))
        s.players[p].hand.remove(card)
        s.aside.append(card)
        self.eat(s, p, {}, card)

    def _game_end(self, s: State) -> bool:
        if any(pl.position in (self.low, self.high) for pl in s.players):
            s.phase = "over"
            s.chip_queue, s.pending = [], None
            s.event("step.game_over", winners=self.winners(s))
            return True
        return False

    def _round_end(self, s: State, first: int) -> None:
        """In turn order from `first`: the Fress Sack / Mecker-Ziege / Nasch-Katze holders eat the matching cards
        of all hands; everyone eats their menus; the Suppen-Kasper holder goes down for their −1 and −2 cards."""
        n = len(s.players)
        order = [(first + k) % n for k in range(n)]
        s.event("step.round_end", player=s.players[first].name)
        for i in order:
            for card in [c for c in s.players[i].hand if self.effect(c).get("effect") == "eat_matching"]:
                taken = [c for j in order for c in s.players[j].hand if self.type_of[c] in self.effect(card)["kinds"]]
                for j in order:
                    s.players[j].hand = [c for c in s.players[j].hand if c not in taken]
                s.players[i].hand.remove(card)
                s.aside.append(card)
                s.event("step.collect", player=s.players[i].name, card=card, cards=taken)
                self._eat_menus(s, i, taken)
        for i in order:
            self._eat_menus(s, i, [c for c in s.players[i].hand if self.kind_of[c] in ("entree", "side", "meal")])
        for i in order:
            hand = s.players[i].hand
            if any(self.effect(c).get("effect") == "eat_down" for c in hand):
                down = sum(self.effect(c)["steps"] for c in hand
                           if self.effect(c).get("effect") in ("refuse", "minus_steps"))
                moved = self._move(s, i, -down)
                s.event("step.kasper_held", player=s.players[i].name, steps=-moved, position=s.players[i].position)
        for p in s.players:
            s.aside += p.hand
            p.hand = []
        if not self._game_end(s):
            self._new_round(s)

    def _eat_menus(self, s: State, p: int, cards: list[str]) -> None:
        player = s.players[p]
        for menu in self.menus(cards):
            kcal = self.calories(menu)
            moved = self._move(s, p, self.steps_for(kcal))
            s.event("step.menu", player=player.name, cards=menu, calories=kcal, steps=moved, position=player.position)
        player.hand = [c for c in player.hand if c not in cards]
        s.aside += cards

    # --- legal moves ----------------------------------------------------------------------------------------
    def legal_moves(self, s: State) -> list[Move]:
        """One card per interchangeable (type, value) copy; an entree with 0..n of the first side dishes; `add` each
        fitting card and all at once; one `give` (the 3 most caloric cards to the next players clockwise)."""
        if s.phase == "over":
            return []
        name, hand = s.current.name, s.current.hand
        distinct = self._distinct(hand)
        if s.phase == "chips":
            moves = [Move(name, "no_chip", {})] + [Move(name, "chip", {"action": a}) for a in ("down", "ask")]
            if hand:
                cards = sorted(hand, key=lambda c: (-self.value_of[c], c))[:3]
                n = len(s.players)
                to = [s.players[(s.turn + 1 + k % (n - 1)) % n].name for k in range(len(cards))]
                moves.append(Move(name, "chip", {"action": "give", "cards": cards, "to": to}))
            return moves
        if s.phase == "give":
            return [Move(name, "give", {"card": c}) for c in distinct if self.kind_of[c] == "diet"]
        if s.phase == "lead":
            moves = []
            for card in distinct:
                t = self.type_of[card]
                if t in self.entrees:
                    sides = [c for c in hand if self.type_of[c] == self.entrees[t]["side"]]
                    moves += [Move(name, "lead", {"cards": [card] + sides[:k]}) for k in range(len(sides) + 1)]
                elif self.leads(card):
                    moves.append(Move(name, "lead", {"cards": [card]}))
            return moves
        moves = [Move(name, "eat", {})]
        if not s.refused:
            fitting = []                         # the cards that may be added: only side dishes and meals ever are
            for card in (c for c in hand if self.kind_of[c] in ("side", "meal")):
                with suppress(IllegalMove):
                    self._fits(s, card, "")
                    fitting.append(card)
            moves += [Move(name, "add", {"cards": [c]}) for c in distinct if c in fitting]
            if len(fitting) > 1:
                moves.append(Move(name, "add", {"cards": fitting}))
        plate = {self.type_of[c] for c in s.plate}
        for card in distinct:
            effect = self.effect(card).get("effect")
            if self.kind_of[card] == "diet":
                moves.append(Move(name, "diet", {"card": card}))
            elif effect == "eat_down" or effect == "eat_matching" and plate & set(self.effect(card)["kinds"]):
                moves.append(Move(name, "special", {"card": card}))   # the special cards that eat this plate
        return moves

    def _distinct(self, hand: list[str]) -> list[str]:
        """The first card in hand of each (type, value): copies of it are interchangeable."""
        first: dict[tuple, str] = {}
        for card in hand:
            first.setdefault((self.type_of[card], self.value_of[card]), card)
        return list(first.values())

    # --- scoring, expect, text ------------------------------------------------------------------------------
    def score(self, s: State) -> list[dict]:
        """Position (up positive), distance, weight class, red chips; total = −distance: highest is nearest."""
        return [{"player": p.name, "position": p.position, "distance": abs(p.position),
                 "class": self.class_at.get(p.position), "chips": p.chips, "total": -abs(p.position)}
                for p in s.players]

    def ranking(self, s: State) -> list[dict]:
        """Nearest the Traumfigur first; equal distance: more red chips first; equal on both = shared rank."""
        scores = self.score(s)
        key = {x["player"]: (x["total"], x["chips"]) for x in scores}
        ranked = sorted(scores, key=lambda x: key[x["player"]], reverse=True)
        return [{"player": x["player"], "total": x["total"], "chips": x["chips"],
                 "rank": 1 + sum(1 for o in scores if key[o["player"]] > key[x["player"]])} for x in ranked]

    def length(self, s: State) -> dict[str, int]:
        return {"rounds": s.round}

    def expect_fields(self) -> dict[str, Check]:
        """turn, phase, winners and: round; plate (any order); leader (a name or null); refused; aside_has
        [cards]; box_size; pending {asker, giver, got} (names) or null."""
        def pending(s: State) -> dict | None:
            return None if s.pending is None else {k: v if k == "got" else s.names[v] for k, v in s.pending.items()}
        return {"round": Check(lambda s: s.round), "plate": Check(lambda s: s.plate, "any_order"),
                "leader": Check(lambda s: None if s.leader is None else s.names[s.leader]),
                "refused": Check(lambda s: s.refused), "aside_has": Check(lambda s: s.aside, "has", what="the aside"),
                "box_size": Check(lambda s: len(s.box)), "pending": Check(pending)}

    def player_expect_fields(self) -> dict[str, Check]:
        """hand, hand_has, hand_lacks, hand_size, score and: position, chips, class (at the figure's space)."""
        return {"position": Check(lambda s, i: s.players[i].position),
                "chips": Check(lambda s, i: s.players[i].chips),
                "class": Check(lambda s, i: self.class_at.get(s.players[i].position))}

    def render(self, s: State) -> str:
        """Round, phase and whose decision; the plate; each player's figure, chips and hand."""
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
        if s.phase == "over":
            lines.append("Game over. " + " ".join(f"{r['rank']}. {r['player']} {r['total']} (chips {r['chips']})"
                                                  for r in self.ranking(s)))
        return "\n".join(lines)


ENGINE = Suppenkasper
