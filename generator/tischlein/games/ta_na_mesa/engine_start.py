"""Reading a Tá na Mesa replay's `start`: the explicit starting state a worked example describes (see
TaNaMesa.start). A part of the engine: standard library and kernel only."""
from __future__ import annotations

from typing import Any, Mapping

from ...engine import Ledger, Start, chance, errors
from .engine_state import PHASES, Placed, Player, Points, State, Tiles


def read_start(self: Any, spec: Mapping[str, Any]) -> State:
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
      display: [galinhada]         # recipes on the table; recipe_discard: [tapioca]; the rest: the recipe pile
      face_up: [arroz-1, null]     # left and right of the pile; discard: [ovo-1]
      pile: [couve-3]              # the top of the pile, TOP FIRST; all unnamed cards follow, shuffled, up to
      pile_size: 20                # (optional) this many cards; the unnamed rest goes to the discard pile
      faces: {spice-token-3: 1}    # the face showing (default 0)
      table: [spice-token-1]       # tokens on the table; default: none (all unheld tokens in the supply)
    """
    st = Start(spec, {"seed", "players", "round", "rounds", "chef", "phase", "turn", "step", "display",
                      "recipe_discard", "face_up", "pile", "pile_size", "discard", "faces", "table"})
    cards, tiles = Ledger(self.value, "card", gaps=True), Ledger(self.recipes, "recipe")
    tokens = Ledger(self.tokens, "spice token")
    raw = st.players({"counter", "character", "hand", "points", "stove", "prepared", "sum", "tokens",
                      "free_flip"}, self.min_players, self.max_players)
    spare = [c for c in self.characters if c not in [rp.get("character") for rp in raw]]
    players = [_start_player(self, rp, counter, spare, cards, tiles, tokens)
               for rp, counter in zip(raw, self.counters)]
    names, rng = [p.name for p in players], chance.seed(st.seed())
    display, recipe_discard = (tiles.take(st.get(k, []), f"start.{k}") for k in ("display", "recipe_discard"))
    rng = chance.shuffle(rng, pile_tiles := tiles.unused(self.recipes))
    face_up = cards.take(st.get("face_up", [None, None]), "start.face_up")
    top, discard = (cards.take(st.get(k, []), f"start.{k}") for k in ("pile", "discard"))
    rng = chance.shuffle(rng, rest := cards.unused(self.cards))
    size = st.integer("pile_size", len(top) + len(rest), len(top), len(top) + len(rest))
    discard += rest[size - len(top):]
    faces = {**dict.fromkeys(self.tokens, 0), **st.get("faces", {})}
    table = tokens.take(st.get("table", []), "start.table")
    chef = st.player("chef", names, names[0])
    state = State(players, rest[:size - len(top)] + top[::-1], face_up, discard,
                  Tiles(pile_tiles, display, recipe_discard), faces, table, tokens.unused(self.tokens),
                  st.integer("round", 1), st.integer("rounds", self.counts[len(players)]["rounds"]), chef,
                  st.choice("phase", PHASES, "collect"), st.player("turn", names, names[chef]),
                  st.integer("step", 0), rng)
    return self.sound(state)

def _start_player(self: Any, rp: dict, counter: str, spare: list[str], cards: Ledger, tiles: Ledger,
                  tokens: Ledger) -> Player:
    where = f"start.players.{rp['name']}"
    counter, character = rp.get("counter", counter), rp.get("character") or spare.pop(0)
    player = Player(rp["name"], counter, character, cards.take(rp.get("hand", []), f"{where}.hand"))
    pts = Start(rp.get("points") or {}, Points.__dataclass_fields__, f"{where}.points")
    player.points = Points(*(pts.integer(k, 0) for k in Points.__dataclass_fields__))
    for space, placed in (rp.get("stove") or {}).items():
        if space not in self.spaces or not isinstance(placed, dict):
            raise errors.StartError(f"{where}.stove: expected spaces {', '.join(self.spaces)} with {{recipe, turns}}")
        player.stove[space] = Placed(tiles.take_one(placed.get("recipe"), f"{where}.stove.{space}"),
                                     int(placed.get("turns", 0)) % 4)
    if rp.get("prepared"):
        player.prepared, player.sum = tiles.take_one(rp["prepared"], f"{where}.prepared"), int(rp.get("sum", 0))
    player.tokens = tokens.take(rp.get("tokens", []), f"{where}.tokens")
    player.free_flip = bool(rp.get("free_flip"))
    return player
