"""Diced Veggies: the state's records, and reading a replay's `start` into a state (the engine is engine.py)."""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import chain
from typing import Any, Mapping

from ...engine import GameState, Ledger, Record, Start, chance, errors

PHASES = ("cut", "cook", "limits", "final-cook", "over")
STAGES = ("normal", "extra", "final")


@dataclass
class Cooked(Record):
    recipe: str
    hype: str | None = None


@dataclass
class Player(Record):
    name: str
    dice: list[str] = field(default_factory=list)
    recipes: list[str] = field(default_factory=list)
    hype: list[str] = field(default_factory=list)
    cooked: list[Cooked] = field(default_factory=list)
    chef: bool = True

    def held(self) -> dict[str, list[str]]:       # the hand by the categories of the hand limits
        return {"dice": self.dice, "recipes": self.recipes, "hype": self.hype}


@dataclass
class State(GameState):
    GAME = "diced-veggies"
    players: list[Player]                 # in turn order
    faces: dict[str, int]                 # the number every die shows, wherever it is
    block: list[list[str | None]]         # rows x columns of dice; None: no die there
    used: list[str]                       # cooked and discarded dice, beside the block until the next restock
    recipe_deck: list[str]                # the decks: top card LAST
    display: list[str]                    # the face-up recipes
    recipe_discard: list[str]             # the discard piles are face up
    hype_deck: list[str]
    hype_discard: list[str]
    improvised: dict[str, str] = field(default_factory=dict)   # {die: veggie} by the chef token, for this turn
    turn: int = 0
    phase: str = "cut"                    # cut | cook | limits | final-cook | over
    stage: str = "normal"                 # normal | extra (the others' one more turn) | final (last cooking turns)
    trigger: int | None = None            # who cooked the 6th recipe first
    restocked: bool = False               # this turn
    cooked_now: bool = False              # this turn (no chef token after cooking)
    rng: int = 0
    events: list = field(default_factory=list)

    def block_dice(self) -> list[str]:
        # filter(None): a die id is a non-empty string, an empty cell None; in C, as a playout asks at every move
        return list(filter(None, chain.from_iterable(self.block)))


def start(self: Any, spec: Mapping[str, Any]) -> State:
    """The engine's `start`: the explicit starting state of a replay. A die is `die-onion-1:4`, or `die-onion-1`
    with its number rolled from the seed:

    start:
      seed: 3                  # PRNG seed (default 0): numbers not given, deck order below named cards, restocks
      players:                 # in turn order; chef: default true
        - {name: Ada, dice: [die-onion-1:4, die-tomato-2], recipes: [salsa-1], hype: [nineteen-1],
           cooked: [{recipe: crudites-1, hype: light-lunch-1}], chef: true}
      block: [[die-broccoli-1:3, die-onion-2:2, ., ., ., ., .], ...]    # exactly 5 rows of 7 cells; "." empty
      used: [die-carrot-1:5]   # optional; every die not named anywhere is also used (beside the block)
      display: [salsa-2, moussaka-1, frittata-1]   # default: 3 cards from the shuffled rest
      recipe_deck: [gazpacho-1]    # the top of the deck, TOP FIRST; the unnamed recipes follow (shuffled)
      hype_deck: [big-pot-1]       # likewise for the hype cards; recipe_discard, hype_discard: [] by default
      turn: Ada, phase: cut        # defaults: the first player; cut (| cook | limits | final-cook)
      stage: normal, trigger: Ada  # normal (| extra | final, with the trigger: who cooked the 6th recipe first)
      restocked: false, cooked_now: false, improvised: {die-onion-1: tomato}
    """
    piles = ("recipe_deck", "hype_deck", "recipe_discard", "hype_discard")
    st = Start(spec, {"seed", "players", "block", "used", "display", *piles, "turn", "phase", "stage", "trigger",
                      "restocked", "cooked_now", "improvised"})
    rng, faces = chance.seed(st.seed()), {}
    cards = Ledger(self.kind_of, "card", " (card ids look like salsa-1, nineteen-2)")
    die_ledger = Ledger(self.veggie_of, "die", " (dice look like die-onion-3)")

    def die(item: Any, where: str) -> str:
        if not isinstance(item, str):
            raise errors.StartError(f"{where}: expected a die like die-onion-3:4, got {item!r}")
        name, _, face = item.partition(":")
        if face and name in self.veggie_of and (not face.isdigit() or int(face) not in self.faces):
            raise errors.StartError(f"{where}: {name} cannot show {face!r}; the faces are {self.faces}")
        die_ledger.take_one(name, where)
        if face:
            faces[name] = int(face)
        return name

    def dice(items: Any, where: str) -> list[str]:
        if not isinstance(items, list):
            raise errors.StartError(f"{where}: expected a list of dice")
        return [die(item, where) for item in items]

    players = []
    for rp in st.players({"dice", "recipes", "hype", "cooked", "chef"}, self.min_players, self.max_players):
        at = f"start.players.{rp['name']}"
        players.append(Player(rp["name"], dice(rp.get("dice", []), f"{at}.dice"),
                              cards.take(rp.get("recipes", []), f"{at}.recipes", "recipe"),
                              cards.take(rp.get("hype", []), f"{at}.hype", "hype"), chef=bool(rp.get("chef", True))))
        for j, entry in enumerate(rp.get("cooked", []) or []):
            Start(entry, {"recipe", "hype"}, f"{at}.cooked.{j}")
            recipe = cards.take([entry.get("recipe")], f"{at}.cooked.{j}.recipe", "recipe")[0]
            hype = cards.take([entry["hype"]], f"{at}.cooked.{j}.hype", "hype")[0] if entry.get("hype") else None
            players[-1].cooked.append(Cooked(recipe, hype))
    names = [p.name for p in players]
    rows = st.get("block")
    if not isinstance(rows, list) or len(rows) != self.rows:
        raise errors.StartError(f"start.block: expected {self.rows} rows of {self.columns} cells")
    for r, row in enumerate(rows, 1):
        if not isinstance(row, list) or len(row) != self.columns:
            raise errors.StartError(f"start.block.{r}: expected {self.columns} cells (die:number or .)")
    block = [[None if cell in (None, ".") else die(cell, f"start.block.{r}") for cell in row]
             for r, row in enumerate(rows, 1)]
    used = dice(st.get("used", []), "start.used") + die_ledger.unused(self.dice)
    for name in self.dice:
        if name not in faces:
            rng, k = chance.below(rng, len(self.faces))
            faces[name] = self.faces[k]
    display = cards.take(st.get("display"), "start.display", "recipe") if "display" in st else None
    named = {key: cards.take(st.get(key, []), f"start.{key}", key.split("_")[0]) for key in piles}
    rng, recipes, hype = self._shuffled(rng, cards.unused(self.cards))
    if display is None:
        display = [recipes.pop() for _ in range(min(self.deal["recipe_display"], len(recipes)))]
    turn, phase = st.player("turn", names, names[0]), st.choice("phase", PHASES[:-1], "cut")
    stage, trigger = st.choice("stage", STAGES, "normal"), st.player("trigger", names)
    if stage != "normal" and trigger is None:
        raise errors.StartError("start.trigger: the extra and final stages need the player who cooked the 6th recipe")
    improvised = st.get("improvised") or {}
    if not isinstance(improvised, dict):
        raise errors.StartError("start.improvised: expected a mapping {die: veggie}")
    for d, veg in improvised.items():
        if d not in players[turn].dice or veg not in self.veggies:
            raise errors.StartError(
                f"start.improvised: {d} must be a die in {names[turn]}'s hand and {veg} a vegetable")
    s = State(players, faces, block, used, recipes + named["recipe_deck"][::-1], display, named["recipe_discard"],
              hype + named["hype_deck"][::-1], named["hype_discard"], dict(improvised), turn, phase, stage,
              trigger, st.flag("restocked"), st.flag("cooked_now"), rng)
    return self.sound(s)
