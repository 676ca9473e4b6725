"""Schwarzwälder Kirsch rules engine (see tischlein.engine); reads only `SchwarzwaelderKirsch.engine_data()`.

The pantry lies face down, but the state knows every card (by instance id: `eier-2`, `joker-1`); moves name a
pantry *position* (1..n), never a card, so a move cannot use what the player cannot see.

Moves: reveal {position} · joker {ingredient} (lay the face-up joker on an ingredient you lack) · take {} /
leave {} (take the face-up action card, swapping a held one, or turn it back) · stop {} (after a reveal) · play,
at the start of a turn: stehlen {target, ingredient, as?} (as: where a stolen joker goes; default: its old
ingredient), tauschen {target}, garnieren {}.

Decisions where the rulebook is silent (the content's reconstructions, plus engine-only details):
  * Found ingredients and jokers are taken at once; only a joker's place and an action card are decisions.
  * A card turned back keeps its position, a card taken leaves a gap; a reshuffle respreads the pantry without
    gaps (positions 1..n), in an order drawn from the state's PRNG.
  * After Stehlen or Tauschen the card goes into the pantry, which is reshuffled; a Stehlen that cannot take
    anything (the target holds no ingredient you lack, nor a joker you can place) is illegal, not a wasted turn.
  * Garnieren ends the round: every card goes back into the pantry, which is reshuffled, and the start player
    card passes clockwise. After `rounds` rounds a unique leader in round wins wins, else another round is played.
  * The first name in `players` holds the Küchenmaschinenkarte in round 1.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import compress
from typing import Any, Mapping

from ...engine import (Engine, GameState, Ledger, Move, Record, Secret, Start, arg, chance, errors, expect, fail, move,
                       require)
from .policy import greedy
GAME_ID = "schwarzwaelder-kirsch"
R_TURN, R_END = "schwarzwaelder-kirsch.turn", "schwarzwaelder-kirsch.end"
R_REVEAL, R_JOKER = "schwarzwaelder-kirsch.turn.reveal", "schwarzwaelder-kirsch.turn.joker"
R_ACTION_CARD, R_ACTIONS = "schwarzwaelder-kirsch.turn.action-card", "schwarzwaelder-kirsch.actions"
R_STEHLEN, R_TAUSCHEN = "schwarzwaelder-kirsch.actions.stehlen", "schwarzwaelder-kirsch.actions.tauschen"
R_GARNIEREN, R_DUPLICATE = "schwarzwaelder-kirsch.actions.garnieren", "schwarzwaelder-kirsch.turn.duplicate"
DECISIONS = {"joker", "action"}     # the phases in which a face-up card waits for its finder's decision


@dataclass
class Player(Record):
    name: str
    collection: dict[str, str] = field(default_factory=dict)   # ingredient -> the card on it (a joker included)
    action: str | None = None
    fresh: bool = False        # the action card was taken this turn: it can be played on a later turn
    wins: int = 0


@dataclass
class State(GameState):
    GAME = GAME_ID
    players: list[Player]
    pantry: list[str | None]       # position 1 first; None = a gap where a card was taken
    revealed: int | None = None    # the position of a face-up card waiting for its finder's decision
    turn: int = 0
    start: int = 0                 # the Küchenmaschinenkarte's holder (the round's start player)
    phase: str = "turn-start"      # turn-start | revealing | joker | action | over
    reveals: int = 0               # cards revealed this turn
    round: int = 1
    rounds: int = 2                # the regular number of rounds (= players)
    history: list[int] = field(default_factory=list)   # the round winners, in order
    rng: int = 0
    events: list = field(default_factory=list)

    @property
    def face_up(self) -> str | None:
        return self.pantry[self.revealed - 1]

    def respread(self, cards: list[str], shuffle: bool = True) -> None:
        """The pantry's cards and `cards` face down without gaps, reshuffled unless `shuffle` is false."""
        self.pantry = list(filter(None, self.pantry)) + cards      # a card id is a non-empty string, a gap None
        if shuffle:
            self.rng = chance.shuffle(self.rng, self.pantry)


class SchwarzwaelderKirsch(Engine):
    GAME = GAME_ID
    State = State
    PHASES = ("turn-start", "revealing", "joker", "action", "over")
    TURN_RULE, END_RULE = R_TURN, R_END
    TURN_BEFORE_PHASE = True
    RULE_IDS = frozenset({R_TURN, R_REVEAL, R_JOKER, R_ACTION_CARD, R_ACTIONS, R_STEHLEN, R_TAUSCHEN, R_GARNIEREN,
                          R_END, "schwarzwaelder-kirsch.turn.duplicate", "schwarzwaelder-kirsch.end.tie",
                          "schwarzwaelder-kirsch.round"})
    # Random players push their luck blindly and lose their collection to duplicates again and again, so random
    # 4-player games reach several thousand moves (longest seen: 8,806) before someone garnishes. They do end.
    PLAYOUT_MOVES = 20_000
    POLICIES = {"greedy": greedy}
    # What Schwarzwälder Kirsch's players do not all see (tischlein.engine.privacy). The pantry is face down: the card
    # at a position is nobody's to know before it is turned up (then everyone sees it). A taken action card lies face
    # down by its owner (rulebook: "separat verdeckt bereitlegen"), so the old one it replaces goes back into the pantry
    # seen by its owner only. It is a memory game: a card turned up and put back face down is for the players to
    # remember, so a log read after one's own next move no longer names it (`memory`).
    SECRETS = {
        "step.reveal": Secret("step.reveal.hidden", seen_by=None, chance=True, memory=True),
        "step.take_swap": Secret("step.take_swap.hidden", hides="old"),
        "step.leave": Secret("step.leave.hidden", seen_by=None, memory=True),
        "step.duplicate_safe": Secret("step.duplicate_safe.hidden", seen_by=None, memory=True),
    }

    def __init__(self, data: Mapping[str, Any]):
        super().__init__(data)
        self.rounds: dict[int, int] = {int(k): v for k, v in data["rounds"].items()}
        self.safe_reveals: int = data["safe_reveals"]
        self.cake: list[str] = list(data["cake"]["ingredients"])
        self.garnish: str = data["cake"]["garnish"]
        self.cards: list[str] = [c["id"] for c in data["pantry"]]
        self.type_of: dict[str, str] = {c["id"]: c["type"] for c in data["pantry"]}
        self.kind_of: dict[str, str] = {c["id"]: c["kind"] for c in data["pantry"]}
        self._reveal_moves: dict[str, list[Move]] = {}     # player -> the reveals of positions 1, 2, …
        self._plain: dict[str, dict[str, Move]] = {}         # player -> its stop, take and leave

    def put(self, player: Player, ing: str, card: str) -> None:
        """Lay `card` on `ing`; a collection keeps the cake's order, so renders and dicts compare stably."""
        new = {**player.collection, ing: card}
        player.collection = {i: new[i] for i in self.cake if i in new}

    def blocked(self, s: State, mv: Move) -> None:
        """Right after a duplicate ended a player's turn (the last move's events), that player's next move is
        refused by the duplicate rule, the reason to read, rather than as a move out of turn."""
        if mv.player != s.current.name and any(key in ("step.duplicate_safe", "step.duplicate_lost") and
                                               params.get("player") == mv.player for key, params in s.events):
            fail(R_DUPLICATE, "duplicate.turn_over", player=mv.player, next=s.current.name)

    def check_phase(self, s: State, mv: Move, spec: Any) -> None:
        """A face-up joker or action card must be dealt with before any other move of the turn."""
        if s.phase in DECISIONS and DECISIONS.isdisjoint(spec.phases):
            require(s.phase != "joker", R_JOKER, "joker.pending", card=s.face_up)
            fail(R_ACTION_CARD, "action.pending", card=s.face_up)
        super().check_phase(s, mv, spec)

    def components(self, s: State) -> dict:
        return {"card": (self.cards, s.pantry + [c for p in s.players for c in [*p.collection.values(), p.action]])}

    def checks(self, s: State) -> list[str]:
        problems = []
        for p in s.players:
            for ing, card in p.collection.items():
                if ing not in self.cake:
                    problems.append(f"{p.name}: {ing} is not an ingredient of the cake")
                elif self.kind_of.get(card, "joker") != "joker" and self.type_of[card] != ing:   # unknown: the census
                    problems.append(f"{p.name}: {card} lies on {ing}")
            if self.kind_of.get(p.action, "action") != "action":
                problems.append(f"{p.name}: {p.action} is held as an action card")
        pending = s.phase in DECISIONS
        if pending != (s.revealed is not None):
            problems.append("a face-up pantry card goes with the joker and action phases and only with them")
        elif pending and (not 1 <= s.revealed <= len(s.pantry) or s.face_up is None):
            problems.append(f"revealed position {s.revealed} holds no card")
        elif pending and self.kind_of.get(s.face_up) != s.phase:     # (an unknown card is named by the census)
            problems.append(f"the revealed card does not go with phase {s.phase}")
        if not 0 <= s.start < len(s.players):
            problems.append(f"start player {s.start} is not a player")
        return problems

    # --- setup ----------------------------------------------------------------------------------------------
    def setup(self, names: list[str], seed: int) -> State:
        pantry = list(self.cards)
        rng = chance.shuffle(chance.seed(seed), pantry)
        return State([Player(n) for n in names], pantry, rounds=self.rounds[len(names)], rng=rng)

    def start(self, spec: Mapping[str, Any]) -> State:
        """The explicit starting state of a replay (all but `players` optional):

        start:
          seed: 7                  # PRNG seed (default 0): the order of unnamed cards and of every reshuffle
          players:                 # in turn (clockwise) order; collection: ingredient -> the card on it (jokers
            - {name: Anna, collection: {eier: eier-1, mehl: joker-2}, action: stehlen-1, wins: 0}   # included)
          pantry: [eier-2, null]   # positions 1, 2, ... of the spread (null = a gap); every card not named
                                   # anywhere is shuffled (with `seed`) into the positions after
          turn: Anna               # default: the start player
          start_player: Anna       # the Küchenmaschinenkarte's holder (default: the first player)
          round: 1                 # default 1;  rounds: 2  (default: one per player)
        """
        st = Start(spec, {"seed", "players", "pantry", "turn", "start_player", "round", "rounds"})
        used = Ledger(self.type_of, "card", " (card ids look like eier-1, joker-2, stehlen-1)")
        players = [self._start_player(rp, used) for rp in st.players({"collection", "action", "wins"})]
        names = [p.name for p in players]
        raw_pantry = st.get("pantry", [])
        if not isinstance(raw_pantry, list):
            raise errors.StartError("start.pantry: expected a list of card ids (null for a gap)")
        pantry = [None if c is None else used.take_one(c, f"start.pantry.{i}") for i, c in enumerate(raw_pantry, 1)]
        rest = used.unused(self.cards)
        rng = chance.shuffle(chance.seed(st.seed()), rest)
        starter = st.player("start_player", names, names[0])
        state = State(players, pantry + rest, turn=st.player("turn", names, names[starter]), start=starter,
                      round=st.integer("round", 1), rounds=st.integer("rounds", len(players)), rng=rng)
        return self.sound(state)

    def _start_player(self, rp: dict, used: Ledger) -> Player:
        where = f"start.players.{rp['name']}"
        player = Player(rp["name"], wins=int(rp.get("wins", 0)))
        collection = rp.get("collection") or {}
        if not isinstance(collection, dict):
            raise errors.StartError(f"{where}.collection: expected a mapping ingredient -> card")
        for ing, card in collection.items():
            if ing not in self.cake:
                raise errors.StartError(
                    f"{where}.collection: {ing!r} is not an ingredient; known: {', '.join(self.cake)}")
            used.take_one(card, f"{where}.collection.{ing}")
            if self.kind_of[card] != "joker" and self.type_of[card] != ing:
                raise errors.StartError(f"{where}.collection.{ing}: {card} is neither a {ing} card nor a joker")
            self.put(player, ing, card)
        if rp.get("action") is not None:
            player.action = used.take_one(rp["action"], f"{where}.action")
            if self.kind_of[player.action] != "action":
                raise errors.StartError(f"{where}.action: {player.action} is not an action card")
        return player

    # --- moves ----------------------------------------------------------------------------------------------
    @move("reveal", rule=R_REVEAL, phases=("turn-start", "revealing"), position=arg.INT)
    def reveal(self, s: State, p: int, args: dict) -> None:
        player, pos = s.players[p], args["position"]
        # `if not …: fail(…)` rather than require(…): a random game reveals a million cards, and require's
        # keyword arguments would build the refusal's parameters for every one that is allowed.
        if not 1 <= pos <= len(s.pantry):
            fail(R_REVEAL, "reveal.no_such_position", position=str(pos), size=len(s.pantry))
        card = s.pantry[pos - 1]
        if card is None:
            fail(R_REVEAL, "reveal.gap", position=pos)
        s.reveals, s.phase = s.reveals + 1, "revealing"
        # The events of reveal, stop and the turn's end are appended as s.event(key, **params) would: a call less
        # for each of the few million events of a simulation.
        s.events.append(["step.reveal", {"player": player.name, "position": pos, "card": card, "count": s.reveals}])
        kind, ing = self.kind_of[card], self.type_of[card]
        if kind == "joker" and len(player.collection) == len(self.cake):
            s.event("step.joker_no_place", player=player.name, card=card)
        elif kind != "ingredient":
            s.revealed, s.phase = pos, kind          # a joker or an action card waits for its finder's decision
        elif ing not in player.collection:
            s.pantry[pos - 1] = None
            self.put(player, ing, card)
            s.events.append(["step.collect", {"player": player.name, "card": card, "count": len(player.collection),
                                              "total": len(self.cake)}])
        else:                                        # a duplicate: free as the first card of the turn, else costly
            if s.reveals <= self.safe_reveals:
                s.event("step.duplicate_safe", player=player.name, card=card, position=pos)
            else:
                lost, player.collection = list(player.collection.values()), {}
                s.respread(lost)
                s.event("step.duplicate_lost", player=player.name, card=card, cards=lost, count=len(lost))
            self._end_turn(s)

    @move("joker", rule=R_JOKER, phases="joker", wrong_phase="joker.none_revealed", ingredient=arg.STR)
    def joker(self, s: State, p: int, args: dict) -> None:
        player, ing, card = s.players[p], args["ingredient"], s.face_up
        require(ing in self.cake, R_JOKER, "joker.unknown_ingredient", ingredient=ing, ingredients=list(self.cake))
        if ing in player.collection:
            fail(R_JOKER, "joker.already_have", ingredient=ing, card=player.collection[ing])
        s.pantry[s.revealed - 1] = None
        self.put(player, ing, card)
        s.revealed, s.phase = None, "revealing"
        s.event("step.joker", player=player.name, card=card, ingredient=ing, count=len(player.collection),
                total=len(self.cake))

    @move("take", rule=R_ACTION_CARD, phases="action", wrong_phase="take.none_revealed")
    def take(self, s: State, p: int, args: dict) -> None:
        player, pos, card = s.players[p], s.revealed, s.face_up
        old = s.pantry[pos - 1] = player.action    # the held card goes face down where the new one lay (or a gap)
        player.action, player.fresh = card, True
        s.revealed, s.phase = None, "revealing"
        if old:
            s.event("step.take_swap", player=player.name, card=card, old=old, position=pos)
        else:
            s.event("step.take", player=player.name, card=card)

    @move("leave", rule=R_ACTION_CARD, phases="action", wrong_phase="take.none_revealed")
    def leave(self, s: State, p: int, args: dict) -> None:
        s.event("step.leave", player=s.players[p].name, card=s.face_up, position=s.revealed)
        s.revealed, s.phase = None, "revealing"

    @move("stop", rule=R_TURN, phases="revealing", wrong_phase="stop.nothing_revealed")
    def stop(self, s: State, p: int, args: dict) -> None:
        s.events.append(["step.stop", {"player": s.players[p].name, "count": len(s.players[p].collection)}])
        self._end_turn(s)

    @move("play", rule=R_ACTIONS, phases=("turn-start", "revealing"))
    def play(self, s: State, p: int, args: dict) -> None:
        player, card = s.players[p], s.players[p].action
        require(card is not None, R_ACTIONS, "play.no_card", player=player.name)
        if s.phase != "turn-start":
            require(not player.fresh, R_ACTION_CARD, "play.fresh", card=card)
            fail(R_TURN, "play.after_reveal", player=player.name)
        kind = self.type_of[card]
        if kind == self.garnish:
            require(len(player.collection) >= len(self.cake),
                    R_GARNIEREN, "garnieren.incomplete", player=player.name, count=len(player.collection),
                    total=len(self.cake), missing=[i for i in self.cake if i not in player.collection])
            player.action = None
            s.pantry.append(card)
            s.event("step.garnish", player=player.name, card=card)
            return self._end_round(s, p)
        # The card names the rule (and the move) of a missing or wrong target, so it is read here, not in the table.
        rule = R_STEHLEN if kind == "stehlen" else R_TAUSCHEN
        name = args.get("target")
        if name is None:
            errors.invalid(rule, "move.missing_arg", move=kind, arg="target")
        t = s.player_index(str(name))
        if t is None or t == p:
            fail(rule, "play.bad_target", target=str(name), players=[x.name for x in s.players if x is not player])
        other = s.players[t]
        if kind == "stehlen":
            self._steal(s, player, other, args)
        else:
            player.collection, other.collection = other.collection, player.collection
            s.event("step.swap", player=player.name, target=other.name, got=len(player.collection),
                    gave=len(other.collection))
        player.action = None
        s.respread([card])
        s.event("step.action_shuffled", card=card)
        self._end_turn(s)

    def _steal(self, s: State, player: Player, other: Player, args: dict) -> None:
        require(self.stealable(player, other), R_STEHLEN, "stehlen.nothing", target=other.name)
        ing = args.get("ingredient")
        if ing is None:
            errors.invalid(R_STEHLEN, "move.missing_arg", move="stehlen", arg="ingredient")
        if not isinstance(ing, str) or ing not in other.collection:
            fail(R_STEHLEN, "stehlen.not_held", target=other.name, ingredient=str(ing), held=list(other.collection))
        card = other.collection[ing]
        if self.kind_of[card] != "joker" and args.get("as") not in (None, ing):
            fail(R_STEHLEN, "stehlen.as_not_joker", card=card)
        place = args.get("as", ing) if self.kind_of[card] == "joker" else ing
        if not isinstance(place, str) or place not in self.cake:
            fail(R_JOKER, "joker.unknown_ingredient", ingredient=str(place), ingredients=list(self.cake))
        if place in player.collection:
            fail(R_STEHLEN, "stehlen.already_have", ingredient=place, card=player.collection[place])
        del other.collection[ing]
        self.put(player, place, card)
        s.event("step.steal", player=player.name, target=other.name, card=card, ingredient=place)

    def stealable(self, player: Player, other: Player) -> list[tuple[str, str]]:
        """(ingredient taken, ingredient it lands on) for each steal `player` can make from `other`: a real card
        lands on its own ingredient, a joker on any ingredient the thief lacks (its old one included)."""
        lacking = [i for i in self.cake if i not in player.collection]
        return [(ing, place) for ing, card in other.collection.items()
                for place in (lacking if self.kind_of[card] == "joker" else [ing] if ing in lacking else [])]

    def _end_turn(self, s: State) -> None:
        s.players[s.turn].fresh = False
        s.reveals, s.phase, s.revealed, s.turn = 0, "turn-start", None, (s.turn + 1) % len(s.players)
        s.events.append(["step.next", {"player": s.players[s.turn].name}])

    def _end_round(self, s: State, winner: int) -> None:
        s.players[winner].wins += 1
        s.history.append(winner)
        s.event("step.round_won", player=s.players[winner].name, round=s.round, wins=s.players[winner].wins)
        back = [c for p in s.players for c in [*p.collection.values(), p.action] if c is not None]
        for p in s.players:
            p.collection, p.action, p.fresh = {}, None, False
        s.reveals, s.revealed = 0, None
        leaders = self.winners(s)          # the most rounds won, in seat order
        over = s.round >= s.rounds and len(leaders) == 1
        s.respread(back, shuffle=not over)
        if over:
            s.phase = "over"
            s.event("step.game_over", winners=leaders)
            return
        if s.round >= s.rounds:
            s.event("step.tie_round", players=leaders)
        s.round, s.start = s.round + 1, (s.start + 1) % len(s.players)
        s.turn, s.phase = s.start, "turn-start"
        s.event("step.new_round", round=s.round, player=s.current.name)

    def moves_by_kind(self, s: State) -> dict[str, list[Move]]:
        """Every legal move, by kind. Stehlen lists each ingredient it can take and, for a stolen joker, each
        ingredient the thief lacks that it can be laid on."""
        phase = s.phase
        if phase == self.OVER:
            return {}
        player = s.players[s.turn]
        name = player.name
        if phase == "joker":
            return {"joker": [Move(name, "joker", {"ingredient": i}) for i in self.cake if i not in player.collection]}
        plain = self._plain.get(name) or self._plain_moves(name)
        if phase == "action":
            return {"take": [plain["take"]], "leave": [plain["leave"]]}
        reveals = self._reveals(s, name)
        if phase == "revealing":            # every other move of a random game
            return {"reveal": reveals, "stop": [plain["stop"]]}
        plays = self._plays(s, player)
        return {"reveal": reveals} if plays is None else {"reveal": reveals, "play": plays}

    def _plain_moves(self, name: str) -> dict[str, Move]:
        """The player's moves without arguments, stop, take and leave: listed at every other step, so made once
        (`self._plain`)."""
        moves = self._plain[name] = {kind: Move(name, kind, {}) for kind in ("stop", "take", "leave")}
        return moves

    def _reveals(self, s: State, name: str) -> list[Move]:
        """The reveals of the positions that hold a card (none is face up when they are listed)."""
        pantry = s.pantry
        row = self._reveal_moves.get(name)                 # listed at every step, so made once per player
        if row is None or len(row) < len(pantry):
            row = self._reveal_moves.setdefault(name, [])
            row += [Move(name, "reveal", {"position": i}) for i in range(len(row) + 1, len(pantry) + 1)]
        # compress keeps a move where its card is truthy, and a card id is a non-empty string, a gap None. It runs
        # in C: this list is made at every move.
        return list(compress(row, pantry))

    def _plays(self, s: State, player: Player) -> list[Move] | None:
        """The plays of the action card `player` holds at the start of a turn; None when it is not playable at all
        (no card, or Garnieren before the cake is complete), [] for a Stehlen with nothing to steal."""
        kind = player.action and self.type_of[player.action]
        if not kind:
            return None
        if kind == self.garnish:
            return [Move(player.name, "play", {})] if len(player.collection) == len(self.cake) else None
        others = [o for o in s.players if o is not player]
        if kind == "tauschen":
            return [Move(player.name, "play", {"target": o.name}) for o in others]
        return [Move(player.name, "play", {"target": o.name, "ingredient": ing, "as": place})
                for o in others for ing, place in self.stealable(player, o)]

    def random_move(self, s: State, rng: random.Random) -> Move:
        """Engine.random_move, the random policy (a kind of move first, then one of that kind), with the same
        draws, without listing the moves of the kinds it does not pick nor sorting the kinds: a random game makes a
        few thousand moves, most of them a reveal or a stop, and listing them all at each was a fifth of its time.
        tests/test_engine_schwarzwaelder_kirsch.py checks it against Engine.random_move on many games' states."""
        phase = s.phase
        if phase == self.OVER:
            raise RuntimeError("no legal move")
        below = rng._randbelow          # as in Engine.random_move: rng.choice(seq) is seq[below(len(seq))]
        player = s.players[s.turn]
        name = player.name
        if phase == "joker":            # one kind
            lacking = [i for i in self.cake if i not in player.collection]
            if not lacking:
                raise RuntimeError("no legal move")
            return Move(name, "joker", {"ingredient": lacking[below(len(lacking))]})
        plain = self._plain.get(name) or self._plain_moves(name)
        if phase == "action":           # the kinds sorted: leave, take; one move each
            kind = "take" if below(2) else "leave"
            below(1)
            return plain[kind]
        reveals = self._reveals(s, name)
        if phase == "revealing":        # reveal, stop
            first, second = reveals, [plain["stop"]]
        else:                           # play (if any), reveal
            first, second = self._plays(s, player) if player.action else None, reveals
        getrandbits = rng.getrandbits
        if not first or not second:
            group = first or second
            if not group:
                raise RuntimeError("no legal move")
        else:
            i = getrandbits(2)          # below(2), written out
            while i >= 2:
                i = getrandbits(2)
            group = second if i else first
        n = len(group)
        bits = n.bit_length()
        i = getrandbits(bits)
        while i >= n:
            i = getrandbits(bits)
        return group[i]

    def score(self, s: State) -> list[dict]:
        """Each player's rounds won (the game's score) and the ingredients collected in the current round."""
        return [{"player": p.name, "rounds_won": p.wins, "collected": len(p.collection),
                 "action": self.type_of[p.action] if p.action else None, "total": p.wins} for p in s.players]

    def length(self, s: State) -> dict[str, int]:
        return {"rounds": len(s.history)}          # tie rounds included

    def ending(self, s: State) -> str:
        """rounds: after the regular rounds; tie-round: a tie needed one or more rounds more."""
        return "tie-round" if len(s.history) > s.rounds else "rounds"

    def expect_fields(self) -> dict[str, expect.Check]:
        """turn, phase, winners and: round; start_player (the Küchenmaschinenkarte's holder); pantry {1: eier-2,
        2: null} (cards at these positions, null = a gap); pantry_size (gaps not counted); face_down (face-down
        cards); revealed (the face-up card's position, or null); history [round winners, in order]."""
        return {"round": expect.Check(lambda s: s.round),
                "start_player": expect.Check(lambda s: s.players[s.start].name),
                "pantry": expect.Check(lambda s, k: expect.at(s.pantry, k), "keyed", what="position"),
                "pantry_size": expect.Check(lambda s: len(s.pantry) - s.pantry.count(None)),
                "revealed": expect.Check(lambda s: s.revealed),
                "face_down": expect.Check(lambda s: sum(1 for i, c in enumerate(s.pantry, 1) if c and i != s.revealed)),
                "history": expect.Check(lambda s: [s.players[i].name for i in s.history])}

    def player_expect_fields(self) -> dict[str, expect.Check]:
        """score (rounds won), scoring and: collection {ingredient: card} (the whole collection);
        collection_size; action (the held action card, or null); wins."""
        return {"collection": expect.Check(lambda s, i: s.players[i].collection, norm=lambda w: dict(w or {})),
                "collection_size": expect.Check(lambda s, i: len(s.players[i].collection)),
                "action": expect.Check(lambda s, i: s.players[i].action),
                "wins": expect.Check(lambda s, i: s.players[i].wins)}

    def render_lines(self, s: State) -> list[str]:
        """Face-down pantry cards show as their id in brackets (the state knows them), the face-up one in stars."""
        number = f"Round {s.round} of {s.rounds}" if s.round <= s.rounds else f"Round {s.round} (tie round)"
        over = self.is_over(s)
        lines = [f"{number} · start player {s.players[s.start].name} · " + ("game over" if over else
                 f"turn: {s.current.name} · phase: {s.phase} · reveals this turn: {s.reveals}")]
        cells = [f"{i}:" + ("--" if card is None else f"*{card}*" if i == s.revealed else f"[{card}]")
                 for i, card in enumerate(s.pantry, 1)]
        size = len(s.pantry) - s.pantry.count(None)
        lines.append(f"Pantry ({size} card{'s' if size != 1 else ''}, [face down], *face up*):")
        lines += ["  " + " ".join(cells[i:i + 8]) for i in range(0, len(cells), 8)]
        width = max(len(p.name) for p in s.players)
        for i, p in enumerate(s.players):
            coll = " ".join(card if self.kind_of[card] != "joker" else f"{card}={ing}"
                            for ing, card in p.collection.items()) or "-"
            action = (p.action + (" (new)" if p.fresh else "")) if p.action else "-"
            lines.append(f"{'>' if i == s.turn and not over else ' '} {p.name.ljust(width)}  wins {p.wins} · "
                         f"action {action} · cake {len(p.collection)}/{len(self.cake)}: {coll}")
        return lines


ENGINE = SchwarzwaelderKirsch
