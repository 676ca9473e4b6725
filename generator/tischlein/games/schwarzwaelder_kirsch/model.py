"""Schwarzwälder Kirsch's typed model, built from a schema-valid game.yaml, with the rulebook's cross-checks.

The seed names the kinds of cards (ingredients, jokers, Stehlen, Tauschen, Garnieren, the Küchenmaschinenkarte)
but no counts; the content reconstructs them openly. The checks here keep the reconstruction consistent: the
totals add up, the cake needs exactly the ingredient cards there are, the garnish is an action card that ends
the round, and the pantry can never run out of cards while the players hold what they may hold.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ...content.errors import Problems
from ...content.provenance import Note, notes_of, notes_of_records, record_mark
from ...content.yamlfile import line_of
from ...content.model import Card, GameModelBase, Record, check_totals, check_unique_ids, published_totals

GAME_ID = "schwarzwaelder-kirsch"
PANTRY_BACK, START_BACK = "pantry", "start"


@dataclass(frozen=True)
class Ingredient(Record):
    count: int = 0


@dataclass(frozen=True)
class Joker(Record):
    count: int = 0
    symbol: str = "star"
    rule: str = ""


@dataclass(frozen=True)
class ActionCard(Record):
    count: int = 0
    after_play: str = "shuffle"     # shuffle | end-round
    rule: str = ""

    TABLE: ClassVar = ("count", "rule")       # the card text says what happens after it is played


@dataclass(frozen=True)
class StartCard(Record):
    count: int = 1
    back: str = START_BACK
    rule: str = ""


@dataclass(frozen=True)
class Cake(Record):
    ingredients: tuple[str, ...] = ()
    garnish: str = ""


@dataclass
class SchwarzwaelderKirsch(GameModelBase):
    rounds_per_player: int
    action_card_limit: int
    safe_reveals: int
    direction: str
    totals: dict[str, int]
    backs: dict[str, str]              # back id -> catalog key of its text
    cake: Cake
    ingredients: dict[str, Ingredient]
    joker: Joker
    actions: dict[str, ActionCard]
    start_card: StartCard

    RECORDS = {"ingredient": "ingredients", "joker": "joker", "action": "actions", "start": "start_card",
               "cake": "cake"}

    def cards(self) -> list[Card]:
        """Every physical card, in print order: the pantry (ingredients, jokers, actions), then the start card."""
        cards: list[Card] = []
        for kind, records in (("ingredient", self.ingredients), ("joker", {self.joker.id: self.joker}),
                              ("action", self.actions)):
            for r in records.values():
                cards += [Card(f"{r.id}-{i}", kind, r.id, PANTRY_BACK, i) for i in range(1, r.count + 1)]
        s = self.start_card
        cards += [Card(f"{s.id}-{i}", "start", s.id, s.back, i) for i in range(1, s.count + 1)]
        return cards

    def rounds(self, players: int) -> int:
        """Rounds in a game of `players` (before any tie rounds)."""
        return players * self.rounds_per_player

    def names(self) -> dict[str, str]:
        """Printed names by record id (German, as the game prints them) for the engine's messages."""
        return {r.id: r.name for r in (*self.ingredients.values(), self.joker, *self.actions.values(),
                                       self.start_card)}

    def engine_data(self) -> dict:
        """The JSON the rules engine reads (it never reads YAML): the facts that govern play."""
        pantry = [c for c in self.cards() if c.back == PANTRY_BACK]
        return {
            "game": self.id,
            "players": {"min": self.players[0], "max": self.players[1]},
            "rounds": {str(n): self.rounds(n) for n in range(self.players[0], self.players[1] + 1)},
            "direction": self.direction,
            "action_card_limit": self.action_card_limit,
            "safe_reveals": self.safe_reveals,
            "cake": {"ingredients": list(self.cake.ingredients), "garnish": self.cake.garnish},
            "ingredients": {i.id: {"count": i.count} for i in self.ingredients.values()},
            "joker": {"id": self.joker.id, "count": self.joker.count},
            "actions": {a.id: {"count": a.count, "after_play": a.after_play} for a in self.actions.values()},
            "start_card": self.start_card.id,
            "pantry": [{"id": c.id, "type": c.ref, "kind": c.kind} for c in pantry],
        }


def build(data: Any, path: str, problems: Problems) -> SchwarzwaelderKirsch | None:
    """Turn schema-valid data into the model; record every cross-check that fails."""
    before = len(problems.errors)          # problems of other files must not make this game fail

    def where(*steps) -> int | None:
        return line_of(data, steps)

    def rec(cls, key: str, item: Any, **extra):
        return cls(id=item["id"], name=item["name"], key=key, mark=record_mark(item), raw=item, **extra)

    check_unique_ids(data, "ingredients", path, problems)
    check_unique_ids(data, "actions", path, problems)
    check_unique_ids(data, "backs", path, problems)
    ingredients = {i["id"]: rec(Ingredient, f"ingredients.{i['id']}.", i, count=i["count"])
                   for i in data["ingredients"]}
    j = data["joker"]
    joker = rec(Joker, "joker.", j, count=j["count"], symbol=j["symbol"], rule=j["rule"])
    actions = {a["id"]: rec(ActionCard, f"actions.{a['id']}.", a, count=a["count"], after_play=a["after_play"],
                            rule=a["rule"]) for a in data["actions"]}
    s = data["start_card"]
    start_card = rec(StartCard, "start_card.", s, count=s["count"], back=s["back"], rule=s["rule"])
    c = data["cake"]
    cake = rec(Cake, "cake.", c, ingredients=tuple(c["ingredients"]), garnish=c["garnish"])
    backs = {b["id"]: f"backs.{b['id']}.text" for b in data["backs"]}

    # The cake needs one of every ingredient card, and every ingredient card belongs to the cake.
    for j_, ing in enumerate(c["ingredients"]):
        if ing not in ingredients:
            problems.error(path, where("cake", "ingredients", j_), "cake.ingredients",
                           f"unknown ingredient id {ing!r}; known: {', '.join(ingredients)}")
    for i, ing in enumerate(data["ingredients"]):
        if ing["id"] not in c["ingredients"]:
            problems.error(path, where("ingredients", i, "id"), f"ingredients.{ing['id']}",
                           "this ingredient is not in cake.ingredients: every ingredient card must be part of the cake")
    # The garnish is the action card that ends the round (seed: Garnieren ... beendest du die Runde).
    if c["garnish"] not in actions:
        problems.error(path, where("cake", "garnish"), "cake.garnish",
                       f"unknown action card {c['garnish']!r}; known: {', '.join(actions)}")
    elif actions[c["garnish"]].after_play != "end-round":
        problems.error(path, where("cake", "garnish"), "cake.garnish",
                       f"the garnish card {c['garnish']!r} must end the round (after_play: end-round)")
    for i, a in enumerate(data["actions"]):
        if a["after_play"] == "end-round" and a["id"] != c["garnish"]:
            problems.error(path, where("actions", i, "after_play"), f"actions.{a['id']}.after_play",
                           "only the garnish card ends the round")
    # The seed names three action cards; each must be in the pantry.
    for wanted in ("stehlen", "tauschen", "garnieren"):
        if wanted not in actions:
            problems.error(path, where("actions"), "actions", f"missing the {wanted!r} action card the rulebook names")
    for back in (PANTRY_BACK, START_BACK):
        if back not in backs:
            problems.error(path, where("backs"), "backs", f"missing the {back!r} card back")
    if s["back"] not in backs:
        problems.error(path, where("start_card", "back"), "start_card.back",
                       f"unknown back {s['back']!r}; known: {', '.join(backs)}")
    if s["count"] != 1:
        problems.error(path, where("start_card", "count"), "start_card.count",
                       f"the rulebook has one Küchenmaschinenkarte, got {s['count']}")

    players = data["facts"]["players"]
    if players["min"] > players["max"]:
        problems.error(path, where("facts", "players"), "facts.players", "min is larger than max")
    # Every cake needs one card per ingredient. If every player could hold a card of each ingredient and the
    # joker supply is spent, a cake could become impossible: each ingredient plus the jokers must cover all players.
    for i, ing in enumerate(data["ingredients"]):
        if ing["count"] + j["count"] < players["max"]:
            problems.error(path, where("ingredients", i, "count"), f"ingredients.{ing['id']}.count",
                           f"{ing['count']} copies plus {j['count']} jokers cannot give all {players['max']} "
                           f"players this ingredient")
    # The jokers are shared by all ingredients, so together the cards must also fill every player's cake at once:
    # with fewer, once the pantry runs dry a cake can be finished only by stealing from another, and a table of
    # greedy players (engine/simulate.py) kept stealing finished cakes for ever (3 copies at 4 players).
    places = players["max"] * len(c["ingredients"])
    food_cards = sum(i["count"] for i in data["ingredients"]) + j["count"]
    if food_cards < places:
        problems.error(path, where("totals", "ingredient_cards"), "totals.ingredient_cards",
                       f"{food_cards} ingredient cards and jokers cannot fill the cakes of all {players['max']} "
                       f"players at once ({places} places)")
    # The pantry must never run empty: even when every player holds a full cake and an action card,
    # face-down cards must remain to reveal.
    limit = data["facts"]["action_card_limit"]
    food = sum(i["count"] for i in data["ingredients"]) + j["count"]
    held = min(food, players["max"] * len(c["ingredients"])) + min(sum(a["count"] for a in data["actions"]),
                                                                   players["max"] * limit)
    if food + sum(a["count"] for a in data["actions"]) - held < 1:
        problems.error(path, where("totals", "pantry_cards"), "totals.pantry_cards",
                       f"with {players['max']} players holding full cakes and action cards the pantry runs empty")

    _check_totals(data, path, problems, ingredients, joker, actions, start_card)

    notes: list[Note] = []
    for section in ("facts", "totals", "cake", "joker", "start_card"):
        notes += notes_of(data[section], f"{section}.", data[section].get("name", section))
    for b in data["backs"]:
        notes += notes_of(b, f"backs.{b['id']}.", b["id"])
    notes += notes_of_records(ingredients, actions)

    if len(problems.errors) > before:
        return None
    return SchwarzwaelderKirsch(
        id=data["id"], name=data["name"], players=(players["min"], players["max"]),
        rounds_per_player=data["facts"]["rounds_per_player"], action_card_limit=limit,
        safe_reveals=data["facts"]["safe_reveals"], direction=data["facts"]["direction"],
        totals=published_totals(data), backs=backs, cake=cake,
        ingredients=ingredients, joker=joker, actions=actions, start_card=start_card, notes=notes, raw=data)



def _check_totals(data, path, problems, ingredients, joker, actions, start_card) -> None:
    """cards = pantry + start card; pantry = ingredients + jokers + action cards."""
    counted = {
        "ingredient_cards": sum(i.count for i in ingredients.values()),
        "joker_cards": joker.count,
        "action_cards": sum(a.count for a in actions.values()),
        "start_cards": start_card.count,
    }
    counted["pantry_cards"] = counted["ingredient_cards"] + counted["joker_cards"] + counted["action_cards"]
    counted["cards"] = counted["pantry_cards"] + counted["start_cards"]
    explain = {
        "pantry_cards": "ingredients + jokers + action cards",
        "cards": "pantry cards + the Küchenmaschinenkarte",
    }
    check_totals(data, path, problems, counted, explain, says="the content says")
