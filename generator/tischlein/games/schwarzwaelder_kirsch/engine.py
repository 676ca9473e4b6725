"""Schwarzwälder Kirsch rules engine (see tischlein.engine); reads only `SchwarzwaelderKirsch.engine_data()`.

The pantry lies face down, but the state knows every card (by instance id: `eier-2`, `joker-1`); moves name a
pantry *position* (1..n), never a card, so a move cannot use what the player cannot see.

Moves: reveal {position} · joker {ingredient} (lay the face-up joker on an ingredient you lack) · take {} /
leave {} (take the face-up action card, swapping a held one, or turn it back) · stop {} (after a reveal) ·
play {target?, ingredient?, as?} at the start of a turn: stehlen {target, ingredient, as?} (as: where a stolen
joker goes; default: its old ingredient), tauschen {target}, garnieren {}.

Decisions where the rulebook is silent (the content's reconstructions, plus engine-only details):
  * Ingredients and jokers found are taken at once; only a joker's place and an action card are decisions.
  * A card turned back keeps its position, a card taken leaves a gap; a reshuffle respreads the pantry without
    gaps (positions 1..n), in an order drawn from the state's PRNG.
  * After Stehlen or Tauschen the card goes into the pantry and all pantry cards are reshuffled; a Stehlen that
    cannot take anything (nobody holds an ingredient you lack) is illegal, not a wasted turn.
  * Garnieren ends the round: every card goes back into the pantry, which is reshuffled, and the start player
    card passes clockwise. After `rounds` rounds a unique leader in round wins wins, else another round is played.
  * The first name in `players` holds the Küchenmaschinenkarte in round 1.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Mapping

from ...engine import (INT, STR, Check, Engine, GameState, InvalidMove, Ledger, Move, Record, Start,
                       StartError, at, fail, move, rng_seed, rng_shuffle)

GAME_ID = "schwarzwaelder-kirsch"
PHASES = ("turn-start", "revealing", "joker", "action", "over")

R_TURN, R_END = "schwarzwaelder-kirsch.turn", "schwarzwaelder-kirsch.end"
R_REVEAL, R_JOKER = "schwarzwaelder-kirsch.turn.reveal", "schwarzwaelder-kirsch.turn.joker"
R_ACTION_CARD, R_ACTIONS = "schwarzwaelder-kirsch.turn.action-card", "schwarzwaelder-kirsch.actions"
R_STEHLEN, R_TAUSCHEN = "schwarzwaelder-kirsch.actions.stehlen", "schwarzwaelder-kirsch.actions.tauschen"
R_GARNIEREN = "schwarzwaelder-kirsch.actions.garnieren"
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


class SchwarzwaelderKirsch(Engine):
    GAME = GAME_ID
    State = State
    PHASES = PHASES
    TURN_RULE, END_RULE = R_TURN, R_END
    RULE_IDS = frozenset({R_TURN, R_REVEAL, R_JOKER, R_ACTION_CARD, R_ACTIONS, R_STEHLEN, R_TAUSCHEN, R_GARNIEREN,
                          R_END, "schwarzwaelder-kirsch.turn.duplicate", "schwarzwaelder-kirsch.end.tie",
                          "schwarzwaelder-kirsch.round"})
    # Random players push their luck blindly and lose their collection to duplicates again and again, so random
    # 4-player games reach several thousand moves (longest seen: 8,806) before someone garnishes. They do end.
    PLAYOUT_MOVES = 20_000

    def __init__(self, data: Mapping[str, Any]):
        super().__init__(data)
        self.rounds: dict[int, int] = {int(k): v for k, v in data["rounds"].items()}
        self.safe_reveals: int = data["safe_reveals"]
        self.cake: list[str] = list(data["cake"]["ingredients"])
        self.garnish: str = data["cake"]["garnish"]
        self.cards: list[str] = [c["id"] for c in data["pantry"]]
        self.type_of: dict[str, str] = {c["id"]: c["type"] for c in data["pantry"]}
        self.kind_of: dict[str, str] = {c["id"]: c["kind"] for c in data["pantry"]}
        self._reveal_moves: dict[str, list[Move]] = {}

    def reveal_moves(self, name: str, size: int) -> list[Move]:
        """`name`'s reveal moves for positions 1..size (at least): listed at every step, so built once."""
        row = self._reveal_moves.setdefault(name, [])
        while len(row) < size:
            row.append(Move(name, "reveal", {"position": len(row) + 1}))
        return row

    def ordered(self, collection: dict) -> dict:
        """A collection in the cake's order, so renders and dicts compare stably."""
        return {ing: collection[ing] for ing in self.cake if ing in collection}

    def complete(self, player: Player) -> bool:
        return len(player.collection) == len(self.cake)

    # --- checking a move ------------------------------------------------------------------------------------
    def check_phase(self, s: State, mv: Move, spec: Any) -> None:
        """A face-up joker or action card must be dealt with before any other move of the turn."""
        if s.player_index(mv.player) != self.actor(s):
            return          # whose turn it is comes first (as before the port): the kernel says so next
        if s.phase in DECISIONS and not DECISIONS & set(spec.phases):
            card = s.pantry[s.revealed - 1]
            if s.phase == "joker":
                fail(R_JOKER, "joker.pending", card=card)
            fail(R_ACTION_CARD, "action.pending", card=card)
        super().check_phase(s, mv, spec)

    # --- state checks ---------------------------------------------------------------------------------------
    def census(self, s: State) -> list[str]:
        """Every pantry card exactly once (pantry, collections, held action cards), collections hold only
        ingredients of the cake (a joker on any, a real card on its own), a valid phase and pending decision."""
        problems: list[str] = []
        seen = Counter(c for c in s.pantry if c is not None)
        for p in s.players:
            seen.update([*p.collection.values(), *([p.action] if p.action else [])])
            for ing, card in p.collection.items():
                if ing not in self.cake:
                    problems.append(f"{p.name}: {ing} is not an ingredient of the cake")
                elif card in self.kind_of and self.kind_of[card] != "joker" and self.type_of[card] != ing:
                    problems.append(f"{p.name}: {card} lies on {ing}")
            if p.action and p.action in self.kind_of and self.kind_of[p.action] != "action":
                problems.append(f"{p.name}: {p.action} is held as an action card")
        for card, n in seen.items():
            if card not in self.type_of:
                problems.append(f"unknown card {card}")
            elif n > 1:
                problems.append(f"card {card} is in {n} places")
        missing = [c for c in self.cards if c not in seen]
        if missing:
            problems.append(f"cards missing: {', '.join(missing)}")
        if s.phase not in PHASES:
            problems.append(f"unknown phase {s.phase!r}")
        pending = s.phase in DECISIONS
        if pending != (s.revealed is not None):
            problems.append("a face-up pantry card goes with the joker and action phases and only with them")
        elif pending:
            if not 1 <= s.revealed <= len(s.pantry) or s.pantry[s.revealed - 1] is None:
                problems.append(f"revealed position {s.revealed} holds no card")
            elif self.kind_of.get(s.pantry[s.revealed - 1]) != s.phase:     # (an unknown card is named above)
                problems.append(f"the revealed card does not go with phase {s.phase}")
        if not 0 <= s.turn < len(s.players) or not 0 <= s.start < len(s.players):
            problems.append("turn or start player is not a player")
        return problems

    # --- setup ----------------------------------------------------------------------------------------------
    def setup(self, names: list[str], seed: int) -> State:
        """Shuffle the pantry face down; the first player holds the Küchenmaschinenkarte and starts."""
        pantry = list(self.cards)
        rng = rng_shuffle(rng_seed(seed), pantry)
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
            raise StartError("start.pantry: expected a list of card ids (null for a gap)")
        pantry = [None if c is None else used.take_one(c, f"start.pantry.{i}") for i, c in enumerate(raw_pantry, 1)]
        rest = used.unused(self.cards)
        rng = rng_shuffle(rng_seed(st.seed()), rest)
        starter = st.player("start_player", names, names[0])
        turn = st.player("turn", names, names[starter])
        state = State(players, pantry + rest, None, turn, starter, "turn-start", 0, st.integer("round", 1),
                      st.integer("rounds", len(players)), [], rng)
        problems = self.census(state)
        if problems:
            raise StartError("start: " + "; ".join(problems))
        return state

    def _start_player(self, rp: dict, used: Ledger) -> Player:
        where = f"start.players.{rp['name']}"
        player = Player(rp["name"], wins=int(rp.get("wins", 0)))
        collection = rp.get("collection") or {}
        if not isinstance(collection, dict):
            raise StartError(f"{where}.collection: expected a mapping ingredient -> card")
        for ing, card in collection.items():
            if ing not in self.cake:
                raise StartError(f"{where}.collection: {ing!r} is not an ingredient; known: {', '.join(self.cake)}")
            used.take_one(card, f"{where}.collection.{ing}")
            if self.kind_of[card] != "joker" and self.type_of[card] != ing:
                raise StartError(f"{where}.collection.{ing}: {card} is neither a {ing} card nor a joker")
            player.collection[ing] = card
        player.collection = self.ordered(player.collection)
        if rp.get("action") is not None:
            player.action = used.take_one(rp["action"], f"{where}.action")
            if self.kind_of[player.action] != "action":
                raise StartError(f"{where}.action: {player.action} is not an action card")
        return player

    # --- moves ----------------------------------------------------------------------------------------------
    @move("reveal", rule=R_REVEAL, phases=("turn-start", "revealing"), position=INT)
    def reveal(self, s: State, p: int, args: dict) -> None:
        player, pos = s.players[p], args["position"]
        if not 1 <= pos <= len(s.pantry):
            fail(R_REVEAL, "reveal.no_such_position", position=str(pos), size=len(s.pantry))
        card = s.pantry[pos - 1]
        if card is None:
            fail(R_REVEAL, "reveal.gap", position=pos)
        s.reveals += 1
        s.phase = "revealing"
        s.event("step.reveal", player=player.name, position=pos, card=card, count=s.reveals)
        kind = self.kind_of[card]
        if kind == "ingredient":
            self._found_ingredient(s, player, pos, card)
        elif kind == "joker" and self.complete(player):
            s.event("step.joker_no_place", player=player.name, card=card)
        else:
            s.revealed, s.phase = pos, kind          # a joker or an action card waits for its finder's decision

    def _found_ingredient(self, s: State, player: Player, pos: int, card: str) -> None:
        """A new ingredient is collected; a duplicate is free as the first card of the turn, else costly."""
        ing = self.type_of[card]
        if ing not in player.collection:
            s.pantry[pos - 1] = None
            player.collection = self.ordered({**player.collection, ing: card})
            s.event("step.collect", player=player.name, card=card, count=len(player.collection),
                    total=len(self.cake))
        elif s.reveals <= self.safe_reveals:
            s.event("step.duplicate_safe", player=player.name, card=card, position=pos)
            self._end_turn(s)
        else:
            lost = list(player.collection.values())
            player.collection = {}
            s.pantry = [c for c in s.pantry if c is not None] + lost
            s.rng = rng_shuffle(s.rng, s.pantry)
            s.event("step.duplicate_lost", player=player.name, card=card, cards=lost, count=len(lost))
            self._end_turn(s)

    @move("joker", rule=R_JOKER, phases="joker", wrong_phase="joker.none_revealed", ingredient=STR)
    def joker(self, s: State, p: int, args: dict) -> None:
        player, ing = s.players[p], args["ingredient"]
        if ing not in self.cake:
            fail(R_JOKER, "joker.unknown_ingredient", ingredient=ing, ingredients=list(self.cake))
        if ing in player.collection:
            fail(R_JOKER, "joker.already_have", ingredient=ing, card=player.collection[ing])
        card = s.pantry[s.revealed - 1]
        s.pantry[s.revealed - 1] = None
        player.collection = self.ordered({**player.collection, ing: card})
        s.revealed, s.phase = None, "revealing"
        s.event("step.joker", player=player.name, card=card, ingredient=ing, count=len(player.collection),
                total=len(self.cake))

    @move("take", rule=R_ACTION_CARD, phases="action", wrong_phase="take.none_revealed")
    def take(self, s: State, p: int, args: dict) -> None:
        player, pos = s.players[p], s.revealed
        card, old = s.pantry[pos - 1], player.action
        s.pantry[pos - 1] = old            # the held card goes face down where the new one lay (or leaves a gap)
        player.action, player.fresh = card, True
        s.revealed, s.phase = None, "revealing"
        if old:
            s.event("step.take_swap", player=player.name, card=card, old=old, position=pos)
        else:
            s.event("step.take", player=player.name, card=card)

    @move("leave", rule=R_ACTION_CARD, phases="action", wrong_phase="take.none_revealed")
    def leave(self, s: State, p: int, args: dict) -> None:
        s.event("step.leave", player=s.players[p].name, card=s.pantry[s.revealed - 1], position=s.revealed)
        s.revealed, s.phase = None, "revealing"

    @move("stop", rule=R_TURN, phases="revealing", wrong_phase="stop.nothing_revealed")
    def stop(self, s: State, p: int, args: dict) -> None:
        s.event("step.stop", player=s.players[p].name, count=len(s.players[p].collection))
        self._end_turn(s)

    @move("play", rule=R_ACTIONS, phases=("turn-start", "revealing"))
    def play(self, s: State, p: int, args: dict) -> None:
        player = s.players[p]
        if player.action is None:
            fail(R_ACTIONS, "play.no_card", player=player.name)
        if s.phase != "turn-start":
            if player.fresh:
                fail(R_ACTION_CARD, "play.fresh", card=player.action)
            fail(R_TURN, "play.after_reveal", player=player.name)
        card = player.action
        kind = self.type_of[card]
        if kind == self.garnish:
            if not self.complete(player):
                fail(R_GARNIEREN, "garnieren.incomplete", player=player.name, count=len(player.collection),
                     total=len(self.cake), missing=[i for i in self.cake if i not in player.collection])
            player.action = None
            s.pantry.append(card)
            s.event("step.garnish", player=player.name, card=card)
            self._end_round(s, p)
            return
        # The card names the rule (and the move) of a missing or wrong target, so it is read here, not in the table.
        rule = R_STEHLEN if kind == "stehlen" else R_TAUSCHEN
        name = str(_arg(args, "target", rule, kind))
        t = s.player_index(name)
        if t is None or t == p:
            fail(rule, "play.bad_target", target=name, players=[x.name for i, x in enumerate(s.players) if i != p])
        other = s.players[t]
        if kind == "stehlen":
            self._steal(s, player, other, args)
        else:
            player.collection, other.collection = other.collection, player.collection
            s.event("step.swap", player=player.name, target=other.name, got=len(player.collection),
                    gave=len(other.collection))
        player.action = None
        s.pantry = [c for c in s.pantry if c is not None] + [card]
        s.rng = rng_shuffle(s.rng, s.pantry)
        s.event("step.action_shuffled", card=card)
        self._end_turn(s)

    def _steal(self, s: State, player: Player, other: Player, args: dict) -> None:
        if not self.stealable(player, other):
            fail(R_STEHLEN, "stehlen.nothing", target=other.name)
        ing = _arg(args, "ingredient", R_STEHLEN, "stehlen")
        if not isinstance(ing, str) or ing not in other.collection:
            fail(R_STEHLEN, "stehlen.not_held", target=other.name, ingredient=str(ing), held=list(other.collection))
        card = other.collection[ing]
        joker = self.kind_of[card] == "joker"
        place = args.get("as", ing) if joker else ing
        if not joker and args.get("as") not in (None, ing):
            fail(R_STEHLEN, "stehlen.as_not_joker", card=card)
        if not isinstance(place, str) or place not in self.cake:
            fail(R_JOKER, "joker.unknown_ingredient", ingredient=str(place), ingredients=list(self.cake))
        if place in player.collection:
            fail(R_STEHLEN, "stehlen.already_have", ingredient=place, card=player.collection[place])
        del other.collection[ing]
        player.collection = self.ordered({**player.collection, place: card})
        s.event("step.steal", player=player.name, target=other.name, card=card, ingredient=place)

    def stealable(self, player: Player, other: Player) -> list[tuple[str, str]]:
        """(ingredient taken, ingredient it lands on) for each steal `player` can make from `other`: a real card
        lands on its own ingredient, a joker on the first one the thief lacks."""
        lacking = [i for i in self.cake if i not in player.collection]
        return [(ing, ing if ing in lacking else lacking[0]) for ing, card in other.collection.items()
                if ing in lacking or (lacking and self.kind_of[card] == "joker")]

    def _end_turn(self, s: State) -> None:
        s.players[s.turn].fresh = False
        s.reveals, s.phase, s.revealed = 0, "turn-start", None
        s.turn = (s.turn + 1) % len(s.players)
        s.event("step.next", player=s.current.name)

    def _end_round(self, s: State, winner: int) -> None:
        """The garnisher wins the round; after the regular rounds a unique leader wins the game (else a tie
        round); otherwise every card goes back, the pantry is reshuffled and the start player card moves on."""
        s.players[winner].wins += 1
        s.history.append(winner)
        s.event("step.round_won", player=s.players[winner].name, round=s.round, wins=s.players[winner].wins)
        for p in s.players:
            s.pantry += list(p.collection.values()) + ([p.action] if p.action else [])
            p.collection, p.action, p.fresh = {}, None, False
        s.pantry = [c for c in s.pantry if c is not None]
        s.reveals, s.revealed = 0, None
        best = max(p.wins for p in s.players)
        leaders = [p.name for p in s.players if p.wins == best]
        if s.round >= s.rounds and len(leaders) == 1:
            s.phase = "over"
            s.event("step.game_over", winners=self.winners(s))
            return
        if s.round >= s.rounds:
            s.event("step.tie_round", players=leaders)
        s.rng = rng_shuffle(s.rng, s.pantry)
        s.round += 1
        s.start = (s.start + 1) % len(s.players)
        s.turn, s.phase = s.start, "turn-start"
        s.event("step.new_round", round=s.round, player=s.current.name)

    # --- legal moves ----------------------------------------------------------------------------------------
    def legal_moves(self, s: State) -> list[Move]:
        """Every legal move. Stehlen lists each ingredient it can take (a stolen joker on its old ingredient)."""
        if s.phase == "over":
            return []
        player, name = s.current, s.current.name
        if s.phase == "joker":
            return [Move(name, "joker", {"ingredient": i}) for i in self.cake if i not in player.collection]
        if s.phase == "action":
            return [Move(name, "take", {}), Move(name, "leave", {})]
        row = self.reveal_moves(name, len(s.pantry))
        moves = [row[i] for i, card in enumerate(s.pantry) if card is not None and i + 1 != s.revealed]
        if s.phase == "revealing":
            return moves + [Move(name, "stop", {})]
        if player.action:
            kind = self.type_of[player.action]
            others = [o for o in s.players if o is not player]
            if kind == self.garnish:
                moves += [Move(name, "play", {})] if self.complete(player) else []
            elif kind == "tauschen":
                moves += [Move(name, "play", {"target": o.name}) for o in others]
            else:
                moves += [Move(name, "play", {"target": o.name, "ingredient": ing, "as": place})
                          for o in others for ing, place in self.stealable(player, o)]
        return moves

    # --- scoring --------------------------------------------------------------------------------------------
    def score(self, s: State) -> list[dict]:
        """Each player's rounds won (the game's score) and the ingredients collected in the current round."""
        return [{"player": p.name, "rounds_won": p.wins, "collected": len(p.collection),
                 "action": self.type_of[p.action] if p.action else None, "total": p.wins} for p in s.players]

    def ranking(self, s: State) -> list[dict]:
        """Players by rounds won; equal wins share a rank."""
        scores = self.score(s)
        ranked = sorted(scores, key=lambda x: x["total"], reverse=True)
        return [{"player": x["player"], "total": x["total"],
                 "rank": 1 + sum(1 for o in scores if o["total"] > x["total"])} for x in ranked]

    def length(self, s: State) -> dict[str, int]:
        """Rounds played (tie rounds included)."""
        return {"rounds": len(s.history)}

    # --- expect ---------------------------------------------------------------------------------------------
    def expect_fields(self) -> dict[str, Check]:
        """turn, phase, winners and: round; start_player (the Küchenmaschinenkarte's holder); pantry {1: eier-2,
        2: null} (cards at these positions, null = a gap); pantry_size (gaps not counted); face_down (face-down
        cards); revealed (the face-up card's position, or null); history [round winners, in order]."""
        return {
            "round": Check(lambda s: s.round), "start_player": Check(lambda s: s.players[s.start].name),
            "pantry": Check(lambda s, k: at(s.pantry, k), "keyed", what="position"),
            "pantry_size": Check(lambda s: sum(1 for c in s.pantry if c is not None)),
            "face_down": Check(lambda s: sum(1 for i, c in enumerate(s.pantry, 1) if c and i != s.revealed)),
            "revealed": Check(lambda s: s.revealed),
            "history": Check(lambda s: [s.players[i].name for i in s.history]),
        }

    def player_expect_fields(self) -> dict[str, Check]:
        """score (rounds won), scoring and: collection {ingredient: card} (the whole collection);
        collection_size; action (the held action card, or null); wins."""
        return {"collection": Check(lambda s, i: s.players[i].collection, norm=lambda w: dict(w or {})),
                "collection_size": Check(lambda s, i: len(s.players[i].collection)),
                "action": Check(lambda s, i: s.players[i].action), "wins": Check(lambda s, i: s.players[i].wins)}

    # --- text -----------------------------------------------------------------------------------------------
    def render(self, s: State) -> str:
        """Round, turn and phase, the pantry (face-down cards as their id in brackets, since the state knows
        them; the face-up card marked), the players' collections, action cards and wins."""
        number = f"Round {s.round} of {s.rounds}" if s.round <= s.rounds else f"Round {s.round} (tie round)"
        lines = [f"{number} · start player {s.players[s.start].name} · "
                 + (f"turn: {s.current.name} · phase: {s.phase} · reveals this turn: {s.reveals}"
                    if s.phase != "over" else "game over")]
        cells = [f"{i}:" + ("--" if card is None else f"*{card}*" if i == s.revealed else f"[{card}]")
                 for i, card in enumerate(s.pantry, 1)]
        size = sum(1 for c in s.pantry if c is not None)
        lines.append(f"Pantry ({size} card{'s' if size != 1 else ''}, [face down], *face up*):")
        lines += ["  " + " ".join(cells[i:i + 8]) for i in range(0, len(cells), 8)]
        width = max(len(p.name) for p in s.players)
        for i, p in enumerate(s.players):
            mark = ">" if i == s.turn and s.phase != "over" else " "
            coll = " ".join(card if self.kind_of[card] != "joker" else f"{card}={ing}"
                            for ing, card in p.collection.items()) or "-"
            action = (p.action + (" (new)" if p.fresh else "")) if p.action else "-"
            lines.append(f"{mark} {p.name.ljust(width)}  wins {p.wins} · action {action} · "
                         f"cake {len(p.collection)}/{len(self.cake)}: {coll}")
        if s.phase == "over":
            lines.append("Game over. " + " ".join(f"{r['rank']}. {r['player']} {r['total']}" for r in self.ranking(s)))
        return "\n".join(lines)


def _arg(args: dict, name: str, rule: str, move_name: str) -> Any:
    """An argument the table cannot check, because its rule depends on the action card played."""
    if args.get(name) is None:
        raise InvalidMove(rule, "move.missing_arg", {"move": move_name, "arg": name})
    return args[name]


ENGINE = SchwarzwaelderKirsch
