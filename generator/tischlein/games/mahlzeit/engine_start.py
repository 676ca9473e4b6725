"""Reading a Mahlzeit replay's `start`: the explicit starting state a worked example describes (see
Mahlzeit.start). A part of the engine: standard library and kernel only."""
from __future__ import annotations

from typing import Any, Mapping

from ...engine import Ledger, Start, chance, errors
from .engine_state import PHASES, Dish, Player, State


def read_start(self: Any, spec: Mapping[str, Any]) -> State:
    """The explicit starting state of a replay:

    start:
      seed: 7                     # PRNG seed (default 0): Dirty Pots swaps and the filler order of the stack
      variant: false              # special cards in play? (default false: unlisted special cards go to the box)
      players:                    # in turn order
        - name: Max
          hand: [rostzwiebeln-1, beer-1]
          dishes:                 # laid dishes (optional); value defaults to the first free card of the column
            - {dish: kaesespaetzle, value: 5, drink: wine-1, specials: [dish-towel-1]}
      rows:                       # exactly 5 rows, each bottom first, its TOP card LAST
        - [kaese-1, pommes-1]
        - ...
      stack: [bratwurst-1, pommes-2]   # the top of the stack, TOP FIRST (the next card drawn first)
      stack_size: 30              # optional: the stack's size; every card not named anywhere fills it below
                                  # the named ones (shuffled with `seed`); the rest goes to the box. Default: all.
      box: [spaetzle-3]           # optional: cards out of play
      turn: Max                   # default: the first player
      phase: before-draw          # default
      final: false                # default: true exactly when the stack is empty
      pending: {holder: Thorsten, layer: Koko}   # only with phase: dirty-pots
    Card ids are the physical instance ids of engine_data()["cards"]: `<type>-<copy>`.
    """
    st = Start(spec, {"seed", "variant", "players", "rows", "stack", "stack_size", "box", "turn", "phase",
                      "final", "pending"})
    used = Ledger(self.kind_of, "card", " (card ids look like beer-3, kartoffeln-1)")
    players: list[Player] = []
    laid_later: list[tuple[Player, Dish, int]] = []
    for rp in st.players({"hand", "dishes", "spoons_taken"}):
        where = f"start.players.{rp['name']}"
        player = Player(rp["name"], used.take(rp.get("hand", []), f"{where}.hand"))
        player.spoons_taken = list(rp.get("spoons_taken", []))
        for card in player.spoons_taken:
            if card not in player.hand:
                raise errors.StartError(f"{where}.spoons_taken: {card} is not in the hand")
        for j, rd in enumerate(rp.get("dishes", []) or []):
            laid_later.append((player, _start_dish(self, rd, f"{where}.dishes.{j}", used), j))
            player.dishes.append(laid_later[-1][1])
        players.append(player)
    names = [p.name for p in players]
    rows_raw = st.get("rows")
    if not isinstance(rows_raw, list) or len(rows_raw) != self.open_rows:
        raise errors.StartError(f"start.rows: expected a list of {self.open_rows} rows (each a list, top card last)")
    rows = [used.take(r, f"start.rows.{i + 1}") for i, r in enumerate(rows_raw)]
    top = used.take(st.get("stack", []), "start.stack")
    box = used.take(st.get("box", []), "start.box")

    columns = {d: list(v["values"]) for d, v in self.dishes.items()}
    for player, dish, j in sorted(laid_later, key=lambda t: t[1].value is None):
        column = columns[dish.dish]
        if dish.value is None:
            if not column:
                raise errors.StartError(f"start.players.{player.name}.dishes.{j}: no {dish.dish} card left")
            dish.value = column.pop(0)
        elif dish.value in column:
            column.remove(dish.value)
        else:
            raise errors.StartError(f"start.players.{player.name}.dishes.{j}.value: no {dish.dish} card worth "
                                    f"{dish.value} is left (left: {column})")

    variant = st.flag("variant")
    rng = chance.seed(st.seed())
    rest = used.unused(self.cards)
    if not variant:
        box += [c for c in rest if self.kind_of[c] == "special"]
        rest = [c for c in rest if self.kind_of[c] != "special"]
    rng = chance.shuffle(rng, rest)
    size = st.integer("stack_size", len(top) + len(rest), len(top), len(top) + len(rest))
    box += rest[size - len(top):]
    stack = rest[:size - len(top)] + list(reversed(top))          # the top card last

    turn = st.player("turn", names, names[0])
    phase = st.choice("phase", PHASES, "before-draw")
    pending = None
    if phase == "dirty-pots" or "pending" in st:
        rp = st.get("pending")
        if phase != "dirty-pots" or not isinstance(rp, dict) or rp.get("holder") not in names \
                or rp.get("layer") not in names:
            raise errors.StartError("start.pending: {holder: NAME, layer: NAME} goes with phase: dirty-pots")
        pending = {"holder": names.index(rp["holder"]), "layer": names.index(rp["layer"])}
    state = State(players, rows, stack, columns, box, turn, phase, pending, st.flag("final", not stack),
                  variant, rng)
    if pending is not None and self.dirty_pots_holder(state) != pending["holder"]:
        raise errors.StartError("start.pending.holder: that player does not hold the Dirty Pots card")
    return self.sound(state)

def _start_dish(self: Any, rd: Any, where: str, used: Ledger) -> Dish:
    Start(rd, {"dish", "value", "drink", "specials", "apron"}, where)
    if rd.get("dish") not in self.dishes:
        raise errors.StartError(f"{where}.dish: unknown dish {rd.get('dish')!r}; known: {', '.join(self.dishes)}")
    drink = rd.get("drink")
    if drink is not None:
        used.take([drink], f"{where}.drink", "drink")
    specials = used.take(rd.get("specials", []) or [], f"{where}.specials", "special")
    return Dish(rd["dish"], rd.get("value"), drink, specials, bool(rd.get("apron", False)))
