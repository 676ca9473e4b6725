"""Suppenkasper rules engine: rounds, red chips, tricks (lead, add, red and special cards, eat), the weight table,
round ends with menus, the end at either end of the track and the winner nearest the Traumfigur.

Reads only the JSON from `Suppenkasper.engine_data()` (never YAML, never `tischlein.content`); pure stdlib.

State (`State.to_dict()`; JSON-able; every card by instance id, e.g. `fleisch-2`)
    players   [{name, hand: [card], position: int, chips: int}]   position: spaces from the Traumfigur (0),
                                          negative = down towards Suppenkasper, positive = up to Dicker Brocken
    plate     [card]                      the meal being served (the trick)
    leader    index of the player who served it (None between tricks)
    refused   True after a −1 card: the meal can no longer grow
    aside     [card]                      eaten meals, used red and special cards, Tischlein deck dich
    box       [card]                      out of the game (the 3-player removal)
    turn      whose decision it is
    phase     chips | give | lead | respond | over
    chip_queue [index]                    players still to decide on a red chip this round (turn first)
    pending   None | {asker, giver, got}  a red-chip request for red cards being answered
    round, chips_spent, rng, events

Moves (`Move(player, name, args)`):
    chip     {action: down}                           phase chips: hand in a red chip and go down 3
             {action: give, cards: [c1, c2, c3], to: [name, ...]}   give 3 cards away (one per card)
             {action: ask}                            ask the others for 3 red cards
    no_chip  {}                                       phase chips: keep the chips
    give     {card}                                   phase give: the asked player hands over a red card
    lead     {cards: [card, ...]}                     an entree (+ side dishes of its colour), or 1 Fast Food,
                                                      or 1 Fertiggericht
    eat      {}                                       eat the meal on the plate
    add      {cards: [card, ...]}                     add fitting cards and pass the meal on
    diet     {card}                                   play a red card on the meal
    special  {card}                                   play Suppen-Kasper, Fress Sack, Mecker-Ziege or Nasch-Katze

Decisions where the seed is silent (reconstructed; the rules text and FAQ say so):
  * Every round deals all cards anew (after gathering and shuffling), Tischlein deck dich is put aside and its
    holder leads; red chips are decided one per player per round, starting with that holder.
  * Giving cards away: the cards go to different players when there are enough others, else every other
    player gets at least one. Asking: the players after the asker are asked clockwise, each answering with a red
    card of their choice, round and round until three cards came or nobody else holds a red card.
  * The meal passes on clockwise, back to its leader too; one red card per response; after a −1 only red cards
    and the special cards that eat may be played, or the meal eaten.
  * −2 below zero moves the figure down; FdH halves the calories (rounded down) before the table.
  * A round ends when the player to lead holds no entree, Fast Food or Fertiggericht (checked at once, so the
    engine ends the round itself). Then, in turn order from that player: the Fress Sack / Mecker-Ziege /
    Nasch-Katze holders eat the matching cards of all hands; every player eats their menus (each entree with the
    side dishes of its colour dealt out one by one, highest entree first; all Fast Food as one menu, all
    Fertiggericht as one, all Müsli as one); the Suppen-Kasper holder goes down for their own −1 and −2 cards.
  * A figure stops at an end. The game ends at once when a figure reaches an end during a trick, after all the
    eating of a round end otherwise.
  * score()'s `total` is minus the distance from the Traumfigur (higher is better); ties go to more red chips,
    then are shared.
  * legal_moves lists one card per (kind, value) where copies are interchangeable, an entree with 0..n of the
    first side dishes in hand, each single fitting card and all fitting cards at once for `add`, and one
    `give` choice (the three most caloric cards, to the next players clockwise).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .core import IllegalMove, Ledger, Move, StartError, apply_move, no_unknown_fields, rng_seed, rng_shuffle

GAME_ID = "suppenkasper"
PHASES = ("chips", "give", "lead", "respond", "over")
MOVE_NAMES = ("chip", "no_chip", "give", "lead", "eat", "add", "diet", "special")
R = "suppenkasper."
RULE_IDS = frozenset(R + x for x in (
    "round", "round.chips", "trick", "trick.lead", "trick.respond", "trick.add", "weight", "diet", "special",
    "special.suppen-kasper", "special.fress-sack", "special.mecker-ziege", "special.nasch-katze",
    "special.tischlein", "round-end", "end", "setup", "setup.three-players"))
SPECIAL_RULES = {"suppen-kasper": "special.suppen-kasper", "fress-sack": "special.fress-sack",
                 "mecker-ziege": "special.mecker-ziege", "nasch-katze": "special.nasch-katze",
                 "tischlein-deck-dich": "special.tischlein"}


def _fail(rule: str, key: str, **params: Any) -> None:
    raise IllegalMove(R + rule, key, params)


# --- rules data -------------------------------------------------------------------------------------------

class Rules:
    """The facts of the game, indexed for the engine. Built once from engine_data()."""

    def __init__(self, data: Mapping[str, Any]):
        self.data = data
        self.min_players, self.max_players = data["players"]["min"], data["players"]["max"]
        self.chips: int = data["chips_per_player"]
        self.chip_down: int = data["chip_steps_down"]
        self.entrees: dict[str, dict] = data["entrees"]
        self.sides: dict[str, dict] = data["sides"]
        self.meals: dict[str, dict] = data["meals"]
        self.diets: dict[str, dict] = data["diets"]
        self.specials: dict[str, dict] = data["specials"]
        self.cards: list[str] = [c["id"] for c in data["cards"]]
        self.type_of = {c["id"]: c["type"] for c in data["cards"]}
        self.kind_of = {c["id"]: c["kind"] for c in data["cards"]}
        self.value_of = {c["id"]: c["value"] or 0 for c in data["cards"]}
        self.three_remove: list[str] = list(data["three_players_remove"])
        self.table = [(row["up_to"], row["steps"]) for row in data["weight_table"]]
        spaces = data["track"]["spaces"]
        self.low, self.high = spaces[0]["position"], spaces[-1]["position"]
        self.class_at = {s["position"]: s["class"] for s in spaces}
        self.start_card = next(t for t, s in self.specials.items() if s["effect"] == "start")

    def leads(self, card: str) -> bool:
        t = self.type_of[card]
        return t in self.entrees or (t in self.meals and self.meals[t]["leads"])

    def is_food(self, card: str) -> bool:
        return self.kind_of[card] in ("entree", "side", "meal")

    def steps_for(self, calories: int) -> int:
        for up_to, steps in self.table:
            if up_to is None or calories <= up_to:
                return steps
        return self.table[-1][1]


# --- state ------------------------------------------------------------------------------------------------

@dataclass
class Player:
    name: str
    hand: list = field(default_factory=list)
    position: int = 0
    chips: int = 3

    def copy(self) -> "Player":
        return Player(self.name, list(self.hand), self.position, self.chips)

    def to_dict(self) -> dict:
        return {"name": self.name, "hand": list(self.hand), "position": self.position, "chips": self.chips}


@dataclass
class State:
    rules: Rules = field(repr=False, compare=False)
    players: list
    plate: list
    aside: list
    box: list
    leader: int | None = None
    refused: bool = False
    turn: int = 0
    phase: str = "chips"
    chip_queue: list = field(default_factory=list)
    pending: dict | None = None
    round: int = 1
    chips_spent: int = 0
    rng: int = 0
    events: list = field(default_factory=list)

    def copy(self, with_events: bool = True) -> "State":
        return State(self.rules, [p.copy() for p in self.players], list(self.plate), list(self.aside),
                     list(self.box), self.leader, self.refused, self.turn, self.phase, list(self.chip_queue),
                     dict(self.pending) if self.pending else None, self.round, self.chips_spent, self.rng,
                     [[k, dict(p)] for k, p in self.events] if with_events else [])

    def to_dict(self) -> dict:
        return {"game": GAME_ID, "players": [p.to_dict() for p in self.players], "plate": list(self.plate),
                "aside": list(self.aside), "box": list(self.box), "leader": self.leader, "refused": self.refused,
                "turn": self.turn, "phase": self.phase, "chip_queue": list(self.chip_queue),
                "pending": dict(self.pending) if self.pending else None, "round": self.round,
                "chips_spent": self.chips_spent, "rng": self.rng, "events": [[k, dict(p)] for k, p in self.events]}

    @classmethod
    def from_dict(cls, data_or_rules: Mapping[str, Any] | Rules, d: Mapping[str, Any]) -> "State":
        rules = data_or_rules if isinstance(data_or_rules, Rules) else Rules(data_or_rules)
        players = [Player(p["name"], list(p["hand"]), int(p["position"]), int(p["chips"])) for p in d["players"]]
        state = cls(rules, players, list(d["plate"]), list(d["aside"]), list(d["box"]), d.get("leader"),
                    bool(d.get("refused")), int(d["turn"]), d["phase"], list(d.get("chip_queue", [])),
                    dict(d["pending"]) if d.get("pending") else None, int(d.get("round", 1)),
                    int(d.get("chips_spent", 0)), int(d.get("rng", 0)), [[k, dict(p)] for k, p in d.get("events", [])])
        problems = census(state)
        if problems:
            raise StartError("; ".join(problems))
        return state

    def player_index(self, name: str) -> int | None:
        return next((i for i, p in enumerate(self.players) if p.name == name), None)

    def next_of(self, i: int) -> int:
        return (i + 1) % len(self.players)


def to_dict(state: State) -> dict:
    return state.to_dict()


def from_dict(data: Mapping[str, Any] | Rules, d: Mapping[str, Any]) -> State:
    return State.from_dict(data, d)


def events(state: State) -> list:
    return [(k, p) for k, p in state.events]


def census(state: State) -> list[str]:
    """Every card exactly once (hands, plate, aside, box), every red chip held or spent, figures on the track,
    a valid phase. Returns the problems found (empty when all hold)."""
    rules, problems = state.rules, []
    seen: dict[str, int] = {}
    for card in [c for p in state.players for c in p.hand] + state.plate + state.aside + state.box:
        seen[card] = seen.get(card, 0) + 1
    for card, n in seen.items():
        if card not in rules.type_of:
            problems.append(f"unknown card {card}")
        elif n > 1:
            problems.append(f"card {card} is in {n} places")
    missing = [c for c in rules.cards if c not in seen]
    if missing:
        problems.append(f"cards missing: {', '.join(missing)}")
    chips = sum(p.chips for p in state.players) + state.chips_spent
    if chips != rules.chips * len(state.players) or any(p.chips < 0 for p in state.players):
        problems.append(f"red chips: {chips} held or spent, expected {rules.chips * len(state.players)}")
    for p in state.players:
        if not rules.low <= p.position <= rules.high:
            problems.append(f"{p.name} stands at {p.position}, off the track {rules.low}..{rules.high}")
    if state.phase not in PHASES:
        problems.append(f"unknown phase {state.phase!r}")
    if not 0 <= state.turn < len(state.players):
        problems.append(f"turn {state.turn} is not a player")
    if (state.phase == "give") != (state.pending is not None):
        problems.append("a pending request for red cards goes with the give phase and only with it")
    return problems


# --- setup ------------------------------------------------------------------------------------------------

def new_game(data: Mapping[str, Any] | Rules, players: list[str], seed: int) -> State:
    """Figures on the Traumfigur, 3 red chips each, 18 cards out with 3 players, then the first round's deal."""
    rules = data if isinstance(data, Rules) else Rules(data)
    names = [str(n) for n in players]
    if not rules.min_players <= len(names) <= rules.max_players:
        raise ValueError(f"Suppenkasper takes {rules.min_players} to {rules.max_players} players, got {len(names)}")
    if len(set(names)) != len(names) or not all(names):
        raise ValueError("player names must be distinct and not empty")
    box = list(rules.three_remove) if len(names) == 3 else []
    state = State(rules, [Player(n, chips=rules.chips) for n in names], [], [c for c in rules.cards if c not in box],
                  box, rng=rng_seed(seed), round=0)
    _new_round(state)
    return state


def _new_round(s: State) -> None:
    """Gather every card in play, shuffle, deal all of them from the first player on, put Tischlein deck dich
    aside and start the red-chip decisions with its holder."""
    deck = [c for c in s.rules.cards if c not in s.box]
    s.rng = rng_shuffle(s.rng, deck)
    for p in s.players:
        p.hand = []
    for i, card in enumerate(deck):
        s.players[i % len(s.players)].hand.append(card)
    s.plate, s.aside, s.leader, s.refused, s.pending = [], [], None, False, None
    s.round += 1
    holder = next(i for i, p in enumerate(s.players) for c in p.hand if s.rules.type_of[c] == s.rules.start_card)
    card = next(c for c in s.players[holder].hand if s.rules.type_of[c] == s.rules.start_card)
    s.players[holder].hand.remove(card)
    s.aside.append(card)
    _event(s, "step.new_round", round=s.round, player=s.players[holder].name, card=card)
    _start_chips(s, holder)


def _start_chips(s: State, first: int) -> None:
    n = len(s.players)
    s.chip_queue = [(first + k) % n for k in range(n) if s.players[(first + k) % n].chips > 0]
    s.leader = first
    s.phase = "chips"
    _next_chip(s)


def _next_chip(s: State) -> None:
    if s.chip_queue:
        s.turn = s.chip_queue[0]
        return
    s.turn, s.phase = s.leader, "lead"
    _check_can_lead(s)


def start(data: Mapping[str, Any] | Rules, spec: Mapping[str, Any]) -> State:
    """Build the explicit starting state of a replay from its `start` block.

    start:
      seed: 4                         # PRNG seed (default 0): the deal of the rounds that follow
      players:                        # in turn order (clockwise)
        - {name: Anna, hand: [fleisch-2, knoedel-1], position: 0, chips: 3}   # position/chips default 0/3
      plate: [fleisch-4, knoedel-2]   # the meal served so far (optional)
      leader: Anna                    # who served it (default: the player before `turn`; in the chips
                                      # phase `turn`, the Tischlein holder who leads after the chips)
      refused: false                  # after a −1 card
      turn: Ben                       # default: the first player
      phase: respond                  # chips | give | lead | respond (default lead; respond if a plate is given)
      chip_queue: [Ben, Cleo]         # phase chips: who still decides, in order (default: everyone from turn on)
      pending: {asker: Anna, giver: Ben, got: 0}   # phase give
      round: 1
      box: [...]                      # default: with 3 players the removal list, else nothing
    Cards not named anywhere are aside (out of this round). Chips handed in are counted from the chips given.
    """
    rules = data if isinstance(data, Rules) else Rules(data)
    known = {"seed", "players", "plate", "leader", "refused", "turn", "phase", "chip_queue", "pending", "round",
             "box"}
    no_unknown_fields(spec, known, "start")
    used = Ledger(rules.type_of, "card", " (card ids look like fleisch-2, fdh-1)")
    take = used.take

    raw = spec.get("players")
    if not isinstance(raw, list) or not rules.min_players <= len(raw) <= rules.max_players:
        raise StartError(f"start.players: expected {rules.min_players} to {rules.max_players} players")
    players = []
    for i, rp in enumerate(raw):
        if not isinstance(rp, dict) or not isinstance(rp.get("name"), str):
            raise StartError(f"start.players.{i}: expected a mapping with a name")
        no_unknown_fields(rp, {"name", "hand", "position", "chips"}, f"start.players.{i}")
        players.append(Player(rp["name"], take(rp.get("hand", []), f"start.players.{rp['name']}.hand"),
                              int(rp.get("position", 0)), int(rp.get("chips", rules.chips))))
    names = [p.name for p in players]
    if len(set(names)) != len(names):
        raise StartError("start.players: player names must be distinct")

    def index(name: Any, where: str) -> int:
        if name not in names:
            raise StartError(f"{where}: {name!r} is not a player ({', '.join(names)})")
        return names.index(name)

    plate = take(spec.get("plate", []) or [], "start.plate")
    default_box = used.unused(rules.three_remove) if len(players) == 3 else []
    box = take(spec.get("box", default_box) or [], "start.box")
    aside = used.unused(rules.cards)
    turn = index(spec.get("turn", names[0]), "start.turn")
    phase = spec.get("phase", "respond" if plate else "lead")
    if phase not in PHASES[:-1]:
        raise StartError(f"start.phase: expected one of {', '.join(PHASES[:-1])}, got {phase!r}")
    # who served the plate; in the chips phase the Tischlein holder, who leads once the chips are decided
    default_leader = turn if phase in ("chips", "lead") else (turn - 1) % len(players)
    leader = index(spec["leader"], "start.leader") if "leader" in spec else default_leader
    queue = [index(n, "start.chip_queue") for n in spec.get("chip_queue", [])] if phase == "chips" else []
    if phase == "chips" and "chip_queue" not in spec:
        queue = [(turn + k) % len(players) for k in range(len(players))]
    pending = None
    if phase == "give":
        rp = spec.get("pending")
        if not isinstance(rp, dict):
            raise StartError("start.pending: {asker, giver, got} goes with phase: give")
        pending = {"asker": index(rp.get("asker"), "start.pending.asker"),
                   "giver": index(rp.get("giver"), "start.pending.giver"), "got": int(rp.get("got", 0))}
        turn = pending["giver"]
    seed = spec.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise StartError(f"start.seed: expected an integer, got {seed!r}")
    spent = rules.chips * len(players) - sum(p.chips for p in players)
    state = State(rules, players, plate, aside, box, leader, bool(spec.get("refused", False)), turn, phase, queue,
                  pending, int(spec.get("round", 1)), spent, rng_seed(seed))
    problems = census(state)
    if problems:
        raise StartError("start: " + "; ".join(problems))
    return state


# --- moves ------------------------------------------------------------------------------------------------

def apply(state: State, move: Move | Mapping[str, Any]) -> State:
    """Return the state after `move`; raise IllegalMove (and leave `state` untouched) if the rules forbid it."""
    return apply_move(move, lambda: state.copy(with_events=False), _dispatch)


PHASE_OF = {"chip": "chips", "no_chip": "chips", "give": "give", "lead": "lead", "eat": "respond", "add": "respond",
            "diet": "respond", "special": "respond"}
PHASE_RULE = {"chips": "round.chips", "give": "round.chips", "lead": "trick.lead", "respond": "trick.respond"}


def _dispatch(s: State, move: Move) -> None:
    handler = _HANDLERS.get(move.name)
    if handler is None:
        _fail("trick", "move.unknown", move=move.name, moves=list(MOVE_NAMES))
    if s.phase == "over":
        _fail("end", "game.over")
    p = s.player_index(move.player)
    if p is None:
        _fail("trick", "turn.unknown_player", player=move.player, players=[x.name for x in s.players])
    if not isinstance(move.args, dict):
        _fail("trick", "move.bad_args", move=move.name)
    if PHASE_OF[move.name] != s.phase:
        _fail(PHASE_RULE[s.phase], f"phase.{s.phase}", move=move.name, player=s.players[s.turn].name)
    if p != s.turn:
        _fail(PHASE_RULE[s.phase], "turn.not_your_turn", player=move.player, current=s.players[s.turn].name)
    handler(s, p, move.args)


def _event(s: State, key: str, **params: Any) -> None:
    s.events.append([key, params])


def _card_list(s: State, p: int, args: dict, name: str, rule: str, move: str) -> list[str]:
    cards = args.get(name)
    if not isinstance(cards, list) or not cards:
        _fail(rule, "move.bad_list", move=move, arg=name)
    for i, card in enumerate(cards):
        _in_hand(s, p, card, rule)
        if card in cards[:i]:
            _fail(rule, "card.twice", card=card)
    return list(cards)


def _in_hand(s: State, p: int, card: Any, rule: str) -> str:
    if not isinstance(card, str) or card not in s.players[p].hand:
        _fail(rule, "card.not_in_hand", card=str(card), player=s.players[p].name)
    return card


def _move(s: State, p: int, steps: int) -> int:
    """Move player p by `steps` (up positive), stopping at an end; returns the steps actually moved."""
    player = s.players[p]
    target = max(s.rules.low, min(s.rules.high, player.position + steps))
    moved, player.position = target - player.position, target
    return moved


# chips ------------------------------------------------------------------------------------------------------

def _move_no_chip(s: State, p: int, args: dict) -> None:
    s.chip_queue.pop(0)
    _event(s, "step.no_chip", player=s.players[p].name)
    _next_chip(s)


def _move_chip(s: State, p: int, args: dict) -> None:
    player, rule = s.players[p], "round.chips"
    action = args.get("action")
    if action not in ("down", "give", "ask"):
        _fail(rule, "chip.bad_action", action=str(action))
    if action == "give":
        cards = _card_list(s, p, args, "cards", rule, "chip")
        want = min(3, len(player.hand))
        if len(cards) != want:
            _fail(rule, "chip.give_count", count=len(cards), want=want)
        to = args.get("to")
        if not isinstance(to, list) or len(to) != len(cards):
            _fail(rule, "chip.give_to", count=len(cards))
        targets = []
        for name in to:
            i = s.player_index(name) if isinstance(name, str) else None
            if i is None or i == p:
                _fail(rule, "chip.give_target", player=str(name))
            targets.append(i)
        spread = min(len(cards), len(s.players) - 1)
        if len(set(targets)) < spread:
            _fail(rule, "chip.give_spread", count=spread)
    s.chip_queue.pop(0)
    player.chips -= 1
    s.chips_spent += 1
    if action == "down":
        moved = _move(s, p, -s.rules.chip_down)
        _event(s, "step.chip_down", player=player.name, steps=-moved, position=player.position)
        if _game_end(s):
            return
    elif action == "give":
        for card, i in zip(cards, targets):
            player.hand.remove(card)
            s.players[i].hand.append(card)
        _event(s, "step.chip_give", player=player.name, cards=cards, to=[s.players[i].name for i in targets])
    else:
        _event(s, "step.chip_ask", player=player.name)
        giver = _next_giver(s, p, p)
        if giver is not None:
            s.pending = {"asker": p, "giver": giver, "got": 0}
            s.phase, s.turn = "give", giver
            return
        _event(s, "step.no_red_cards", player=player.name)
    _next_chip(s)


def _next_giver(s: State, asker: int, after: int) -> int | None:
    """The next player clockwise after `after` (not the asker) who holds a red card."""
    n = len(s.players)
    for k in range(1, n + 1):
        i = (after + k) % n
        if i != asker and any(s.rules.kind_of[c] == "diet" for c in s.players[i].hand):
            return i
    return None


def _move_give(s: State, p: int, args: dict) -> None:
    rule, pending = "round.chips", s.pending
    card = _in_hand(s, p, args.get("card"), rule)
    if s.rules.kind_of[card] != "diet":
        _fail(rule, "give.not_red", card=card)
    asker = s.players[pending["asker"]]
    s.players[p].hand.remove(card)
    asker.hand.append(card)
    pending["got"] += 1
    _event(s, "step.give", player=s.players[p].name, asker=asker.name, card=card)
    giver = _next_giver(s, pending["asker"], p) if pending["got"] < 3 else None
    if giver is not None:
        pending["giver"], s.turn = giver, giver
        return
    s.pending = None
    s.phase = "chips"
    _next_chip(s)


# tricks -----------------------------------------------------------------------------------------------------

def _move_lead(s: State, p: int, args: dict) -> None:
    rule, rules = "trick.lead", s.rules
    cards = _card_list(s, p, args, "cards", rule, "lead")
    heads = [c for c in cards if rules.leads(c)]
    if len(heads) != 1:
        _fail(rule, "lead.one_dish" if heads else "lead.cannot_lead", cards=cards, card=cards[0])
    head = heads[0]
    htype = rules.type_of[head]
    for card in cards:
        if card == head:
            continue
        ctype = rules.type_of[card]
        if htype not in rules.entrees:
            _fail(rule, "lead.alone", card=head, extra=card)
        if ctype not in rules.sides or rules.sides[ctype]["entree"] != htype:
            _fail(rule, "lead.wrong_side", card=card, entree=htype, side=rules.entrees[htype]["side"])
    for card in cards:
        s.players[p].hand.remove(card)
    s.plate = list(cards)
    s.leader, s.refused = p, False
    s.phase, s.turn = "respond", s.next_of(p)
    _event(s, "step.lead", player=s.players[p].name, cards=cards, next=s.players[s.turn].name)


def _plate_types(s: State) -> set:
    return {s.rules.type_of[c] for c in s.plate}


def _fits(s: State, card: str) -> str | None:
    """Why `card` cannot be added to the plate (a message key), or None."""
    rules, t = s.rules, s.rules.type_of[card]
    types = _plate_types(s)
    if t in rules.entrees:
        return "add.entree"
    if t in rules.sides:
        return None if rules.sides[t]["entree"] in types else "add.side_no_entree"
    if t in rules.meals:
        target = rules.meals[t]["adds_to"]
        return None if target == "any" or types & set(target) else "add.meal_mismatch"
    return "add.not_food"


def _move_add(s: State, p: int, args: dict) -> None:
    rule = "trick.add"
    if s.refused:
        _fail("trick.respond", "add.after_refusal")
    cards = _card_list(s, p, args, "cards", rule, "add")
    for card in cards:
        problem = _fits(s, card)
        if problem:
            _fail(rule, problem, card=card, plate=list(s.plate))
    for card in cards:
        s.players[p].hand.remove(card)
    s.plate += cards
    s.turn = s.next_of(p)
    _event(s, "step.add", player=s.players[p].name, cards=cards, next=s.players[s.turn].name)


def calories(rules: Rules, cards: list[str]) -> int:
    """A meal's calories: meals at face value; an entree at face value, times the number of its side dishes
    when there are two or more."""
    total = 0
    entrees = [c for c in cards if rules.type_of[c] in rules.entrees]
    for entree in entrees:
        sides = sum(1 for c in cards if rules.type_of[c] == rules.entrees[rules.type_of[entree]]["side"])
        total += rules.value_of[entree] * (sides if sides >= 2 else 1)
    total += sum(rules.value_of[c] for c in cards if rules.type_of[c] in rules.meals)
    return total


def _move_eat(s: State, p: int, args: dict) -> None:
    _eat(s, p, None)


def _move_diet(s: State, p: int, args: dict) -> None:
    rule = "diet"
    card = _in_hand(s, p, args.get("card"), rule)
    if s.rules.kind_of[card] != "diet":
        _fail(rule, "diet.not_red", card=card)
    effect = s.rules.diets[s.rules.type_of[card]]
    s.players[p].hand.remove(card)
    s.aside.append(card)
    if effect["effect"] == "refuse":
        moved = _move(s, p, -effect["steps"])
        s.refused = True
        s.turn = s.next_of(p)
        _event(s, "step.refuse", player=s.players[p].name, card=card, steps=-moved, next=s.players[s.turn].name)
        _game_end(s)
        return
    _eat(s, p, card)


def _move_special(s: State, p: int, args: dict) -> None:
    rules = s.rules
    card = _in_hand(s, p, args.get("card"), "special")
    if rules.kind_of[card] != "special":
        _fail("special", "special.not_special", card=card)
    ctype = rules.type_of[card]
    spec, rule = rules.specials[ctype], SPECIAL_RULES.get(ctype, "special")
    if spec["effect"] == "start":
        _fail(rule, "special.start_only", card=card)
    if spec["effect"] == "eat_matching" and not _plate_types(s) & set(spec["kinds"]):
        _fail(rule, "special.no_match", card=card, kinds=list(spec["kinds"]))
    s.players[p].hand.remove(card)
    s.aside.append(card)
    _eat(s, p, card)


def _eat(s: State, p: int, card: str | None) -> None:
    """Player p eats the plate, changed by the red or special `card` played on it."""
    rules, player = s.rules, s.players[p]
    meal = list(s.plate)
    kcal = calories(rules, meal)
    effect = None
    if card is not None:
        t = rules.type_of[card]
        effect = (rules.diets.get(t) or rules.specials.get(t))
    if effect is None or effect["effect"] == "eat_matching":
        steps = rules.steps_for(kcal)
    elif effect["effect"] == "half":
        kcal //= 2
        steps = rules.steps_for(kcal)
    elif effect["effect"] == "zero":
        kcal, steps = 0, 0
    elif effect["effect"] == "muesli_only":
        kcal = sum(rules.value_of[c] for c in meal if rules.type_of[c] == "muesli")
        steps = rules.steps_for(kcal)
    elif effect["effect"] == "minus_steps":
        steps = rules.steps_for(kcal) - effect["steps"]
    else:                                   # eat_down: Suppen-Kasper
        steps = -effect["steps"]
    moved = _move(s, p, steps)
    s.aside += meal
    s.plate, s.refused = [], False
    _event(s, "step.eat", player=player.name, cards=meal, calories=kcal, steps=moved, position=player.position,
           card=card or "-")
    if _game_end(s):
        return
    s.leader, s.phase, s.turn = p, "lead", p
    _check_can_lead(s)


def _game_end(s: State) -> bool:
    if any(pl.position in (s.rules.low, s.rules.high) for pl in s.players):
        s.phase = "over"
        s.chip_queue, s.pending = [], None
        _event(s, "step.game_over", winners=winners(s))
        return True
    return False


def _check_can_lead(s: State) -> None:
    if s.phase == "lead" and not any(s.rules.leads(c) for c in s.players[s.turn].hand):
        _round_end(s, s.turn)


# round end --------------------------------------------------------------------------------------------------

def _round_end(s: State, first: int) -> None:
    rules, n = s.rules, len(s.players)
    order = [(first + k) % n for k in range(n)]
    _event(s, "step.round_end", player=s.players[first].name)
    for i in order:
        for card in [c for c in s.players[i].hand if rules.kind_of[c] == "special"]:
            spec = rules.specials[rules.type_of[card]]
            if spec["effect"] != "eat_matching":
                continue
            taken = [c for j in order for c in s.players[j].hand if rules.type_of[c] in spec["kinds"]]
            for j in order:
                s.players[j].hand = [c for c in s.players[j].hand if c not in taken]
            s.players[i].hand.remove(card)
            s.aside.append(card)
            _event(s, "step.collect", player=s.players[i].name, card=card, cards=taken)
            _eat_menus(s, i, taken)
    for i in order:
        _eat_menus(s, i, [c for c in s.players[i].hand if rules.is_food(c)])
    for i in order:
        hand = s.players[i].hand
        if any(rules.specials.get(rules.type_of[c], {}).get("effect") == "eat_down" for c in hand):
            down = sum(rules.diets[rules.type_of[c]]["steps"] for c in hand if rules.kind_of[c] == "diet"
                       and rules.diets[rules.type_of[c]]["effect"] in ("refuse", "minus_steps"))
            moved = _move(s, i, -down)
            _event(s, "step.kasper_held", player=s.players[i].name, steps=-moved, position=s.players[i].position)
    for p in s.players:
        s.aside += p.hand
        p.hand = []
    if not _game_end(s):
        _new_round(s)


def menus(rules: Rules, cards: list[str]) -> list[list[str]]:
    """The menus made from food cards at the end of a round: each entree with the side dishes of its colour dealt
    out one by one, highest entree first; all Fast Food as one menu, all Fertiggericht as one, all Müsli as one.
    Side dishes without an entree of their colour are not eaten."""
    out: list[list[str]] = []
    for etype, entree in rules.entrees.items():
        heads = sorted((c for c in cards if rules.type_of[c] == etype), key=lambda c: (-rules.value_of[c], c))
        sides = [c for c in cards if rules.type_of[c] == entree["side"]]
        plates = [[h] for h in heads]
        for k, side in enumerate(sides if heads else []):
            plates[k % len(plates)].append(side)
        out += plates
    for mtype in rules.meals:
        group = [c for c in cards if rules.type_of[c] == mtype]
        if group:
            out.append(group)
    return out


def _eat_menus(s: State, p: int, cards: list[str]) -> None:
    rules, player = s.rules, s.players[p]
    for menu in menus(rules, cards):
        kcal = calories(rules, menu)
        moved = _move(s, p, rules.steps_for(kcal))
        _event(s, "step.menu", player=player.name, cards=menu, calories=kcal, steps=moved, position=player.position)
    player.hand = [c for c in player.hand if c not in cards]
    s.aside += cards


_HANDLERS = {"chip": _move_chip, "no_chip": _move_no_chip, "give": _move_give, "lead": _move_lead, "eat": _move_eat,
             "add": _move_add, "diet": _move_diet, "special": _move_special}


# --- legal moves ------------------------------------------------------------------------------------------

def legal_moves(state: State) -> list[Move]:
    """The legal moves, one card per interchangeable (kind, value) copy (see the module docstring)."""
    s, rules = state, state.rules
    if s.phase == "over":
        return []
    player = s.players[s.turn]
    name, hand = player.name, player.hand
    distinct = _distinct(rules, hand)
    if s.phase == "chips":
        moves = [Move(name, "no_chip", {}), Move(name, "chip", {"action": "down"}),
                 Move(name, "chip", {"action": "ask"})]
        if hand:
            cards = sorted(hand, key=lambda c: (-rules.value_of[c], c))[:3]
            to = [s.players[(s.turn + 1 + k % (len(s.players) - 1)) % len(s.players)].name for k in range(len(cards))]
            moves.append(Move(name, "chip", {"action": "give", "cards": cards, "to": to}))
        return moves
    if s.phase == "give":
        return [Move(name, "give", {"card": c}) for c in distinct if rules.kind_of[c] == "diet"]
    if s.phase == "lead":
        moves = []
        for card in distinct:
            t = rules.type_of[card]
            if t in rules.entrees:
                sides = [c for c in hand if rules.type_of[c] == rules.entrees[t]["side"]]
                moves += [Move(name, "lead", {"cards": [card] + sides[:k]}) for k in range(len(sides) + 1)]
            elif rules.leads(card):
                moves.append(Move(name, "lead", {"cards": [card]}))
        return moves
    moves = [Move(name, "eat", {})]
    if not s.refused:
        fitting = [c for c in hand if _fits(s, c) is None]
        moves += [Move(name, "add", {"cards": [c]}) for c in distinct if c in fitting]
        if len(fitting) > 1:
            moves.append(Move(name, "add", {"cards": fitting}))
    for card in distinct:
        kind = rules.kind_of[card]
        if kind == "diet":
            moves.append(Move(name, "diet", {"card": card}))
        elif kind == "special":
            spec = rules.specials[rules.type_of[card]]
            if spec["effect"] == "eat_down" or (spec["effect"] == "eat_matching"
                                                and _plate_types(s) & set(spec["kinds"])):
                moves.append(Move(name, "special", {"card": card}))
    return moves


def _distinct(rules: Rules, hand: list[str]) -> list[str]:
    seen, out = set(), []
    for card in hand:
        key = (rules.type_of[card], rules.value_of[card])
        if key not in seen:
            seen.add(key)
            out.append(card)
    return out


# --- scoring ----------------------------------------------------------------------------------------------

def score(state: State) -> list[dict]:
    """Each player's standing: position (spaces from the Traumfigur, up positive), distance, weight class,
    red chips left; total = −distance, so the highest total is nearest the dream figure."""
    rules = state.rules
    return [{"player": p.name, "position": p.position, "distance": abs(p.position),
             "class": rules.class_at.get(p.position), "chips": p.chips, "total": -abs(p.position)}
            for p in state.players]


def ranking(state: State) -> list[dict]:
    """Nearest the Traumfigur first; equal distance: more red chips first; equal on both = shared rank."""
    scores = score(state)
    key = {x["player"]: (x["total"], x["chips"]) for x in scores}
    ranked = sorted(scores, key=lambda x: key[x["player"]], reverse=True)
    return [{"player": x["player"], "total": x["total"], "chips": x["chips"],
             "rank": 1 + sum(1 for o in scores if key[o["player"]] > key[x["player"]])} for x in ranked]


def length(state: State) -> dict[str, int]:
    """How long the game has run, for `tischlein simulate`: the rounds dealt."""
    return {"rounds": state.round}


def is_over(state: State) -> bool:
    return state.phase == "over"


def winners(state: State) -> list[str]:
    return [r["player"] for r in ranking(state) if r["rank"] == 1]


# --- expect -----------------------------------------------------------------------------------------------

EXPECT_FIELDS = {"turn", "phase", "round", "plate", "leader", "refused", "aside_has", "box_size", "pending",
                 "players", "winners"}
PLAYER_FIELDS = {"hand", "hand_has", "hand_lacks", "hand_size", "position", "class", "chips", "score"}


def check_expect(state: State, expect: Mapping[str, Any]) -> list[str]:
    """Differences between `state` and a replay's `expect` (empty = as expected). Every field is optional:

    expect:
      turn: Ben                     # whose decision it is
      phase: lead                   # chips | give | lead | respond | over
      round: 2
      plate: [fleisch-4, knoedel-2] # any order
      leader: Anna
      refused: false
      aside_has: [fdh-1]
      box_size: 18
      pending: {asker: Anna, giver: Ben, got: 1}   # or null
      players:
        Anna: {hand: [...], hand_has: [...], hand_lacks: [...], hand_size: 5, position: 4, class: gut-im-futter,
               chips: 2, score: -4}
      winners: [Anna]
    """
    diffs: list[str] = []
    no_unknown_fields(expect, EXPECT_FIELDS, "expect")
    names = [p.name for p in state.players]

    def same(path: str, want: Any, got: Any) -> None:
        if want != got:
            diffs.append(f"{path}: expected {want!r}, got {got!r}")

    if "turn" in expect:
        same("turn", expect["turn"], names[state.turn])
    for key in ("phase", "round", "refused"):
        if key in expect:
            same(key, expect[key], getattr(state, key))
    if "plate" in expect:
        same("plate", sorted(expect["plate"]), sorted(state.plate))
    if "leader" in expect:
        same("leader", expect["leader"], None if state.leader is None else names[state.leader])
    for card in expect.get("aside_has", []) or []:
        if card not in state.aside:
            diffs.append(f"aside_has: {card} is not aside")
    if "box_size" in expect:
        same("box_size", expect["box_size"], len(state.box))
    if "pending" in expect:
        got = None if state.pending is None else {"asker": names[state.pending["asker"]],
                                                  "giver": names[state.pending["giver"]],
                                                  "got": state.pending["got"]}
        same("pending", expect["pending"], got)
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
                diffs.append(f"{path}.hand_has: {card} is not in the hand")
        for card in want.get("hand_lacks", []) or []:
            if card in player.hand:
                diffs.append(f"{path}.hand_lacks: {card} is in the hand")
        if "hand_size" in want:
            same(f"{path}.hand_size", want["hand_size"], len(player.hand))
        for key, got in (("position", player.position), ("chips", player.chips),
                         ("class", scores[name]["class"]), ("score", scores[name]["total"])):
            if key in want:
                same(f"{path}.{key}", want[key], got)
    if "winners" in expect:
        same("winners", list(expect["winners"]), winners(state))
    return diffs


# --- text -------------------------------------------------------------------------------------------------

def render(state: State) -> str:
    """The state as compact text: round, phase and whose decision; the plate; each player's figure, chips and hand."""
    s, rules = state, state.rules
    names = [p.name for p in s.players]
    lines = [f"Round {s.round} · phase: {s.phase} · to decide: {names[s.turn]}"
             + (f" · chips still to decide: {', '.join(names[i] for i in s.chip_queue)}" if s.phase == "chips" else "")]
    if s.pending:
        lines.append(f"Asking for red cards: {names[s.pending['asker']]} has {s.pending['got']} of 3, "
                     f"{names[s.pending['giver']]} gives next")
    if s.plate or s.phase == "respond":
        lines.append(f"Plate (served by {names[s.leader]}): {' '.join(s.plate)} = {calories(rules, s.plate)} kcal"
                     + (" · refused (−1): only red cards or eat" if s.refused else ""))
    lines.append(f"Aside: {len(s.aside)} cards · box: {len(s.box)} cards · chips handed in: {s.chips_spent}")
    width = max(len(n) for n in names)
    for i, p in enumerate(s.players):
        mark = ">" if i == s.turn and s.phase != "over" else " "
        lines.append(f"{mark} {p.name.ljust(width)}  at {p.position:+d} ({rules.class_at.get(p.position)}) · "
                     f"chips {p.chips} · hand ({len(p.hand)}): {' '.join(p.hand) or '-'}")
    if s.phase == "over":
        lines.append("Game over. " + " ".join(f"{r['rank']}. {r['player']} {r['total']} (chips {r['chips']})"
                                              for r in ranking(s)))
    return "\n".join(lines)
