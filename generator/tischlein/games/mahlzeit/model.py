"""Mahlzeit's typed model, built from a schema-valid game.yaml, with the rulebook's cross-checks."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...content.errors import Problems
from ...content.provenance import Note, notes_of, notes_of_records
from ...content.model import Card, GameModelBase, Record, check_totals, check_unique_ids, make_record, published_totals
from ...content.yamlfile import line_of

GAME_ID = "mahlzeit"
DISH_BACK, STACK_BACK = "light", "dark"


@dataclass(frozen=True)
class Drink(Record):
    points: int = 0
    count: int = 0


@dataclass(frozen=True)
class Ingredient(Record):
    dish: str = ""
    count: int = 0


@dataclass(frozen=True)
class Dish(Record):
    values: tuple[int, ...] = ()
    ingredients: tuple[str, ...] = ()
    drinks: tuple[str, ...] = ()


@dataclass(frozen=True)
class ActionCard(Record):
    count: int = 0
    points: int = 0
    rule: str = ""


@dataclass(frozen=True)
class SpecialCard(Record):
    count: int = 0
    points: int = 0
    rule: str = ""
    dishes: tuple[str, ...] = ()
    needs_drink: bool = False
    doubles: tuple[str, ...] = ()


@dataclass
class Mahlzeit(GameModelBase):
    subtitle: str
    hand_limit: int
    open_rows: int
    deal: int
    totals: dict[str, int]
    backs: dict[str, str]       # back id -> catalog key of its text
    drinks: dict[str, Drink]
    ingredients: dict[str, Ingredient]
    dishes: dict[str, Dish]
    actions: dict[str, ActionCard]
    specials: dict[str, SpecialCard]
    overview_count: int
    overview_back: str

    RECORDS = {"dish": "dishes", "ingredient": "ingredients", "drink": "drinks", "action": "actions",
               "special": "specials"}

    def cards(self) -> list[Card]:
        """Every physical card, in print order: dish goals, then the stack, then overview cards."""
        cards = [Card(f"dish-{d.id}-{i}", "dish", d.id, DISH_BACK, i, v)
                 for d in self.dishes.values() for i, v in enumerate(d.values, 1)]
        for kind, records in (("ingredient", self.ingredients), ("drink", self.drinks),
                              ("action", self.actions), ("special", self.specials)):
            for r in records.values():
                cards += [Card(f"{r.id}-{i}", kind, r.id, STACK_BACK, i, getattr(r, "points", None))
                          for i in range(1, r.count + 1)]
        cards += [Card(f"overview-{i}", "overview", "overview", self.overview_back, i)
                  for i in range(1, self.overview_count + 1)]
        return cards

    def names(self) -> dict[str, str]:
        """Printed names by record id; names are never translated (the game prints them in German)."""
        return {r.id: r.name for table in (self.dishes, self.ingredients, self.drinks, self.actions, self.specials)
                for r in table.values()}

    def engine_data(self) -> dict:
        """The JSON the rules engine reads (it never reads YAML): the facts that govern play."""
        stack = [c for c in self.cards() if c.back == STACK_BACK]
        return {
            "game": self.id,
            "players": {"min": self.players[0], "max": self.players[1]},
            "hand_limit": self.hand_limit,
            "open_rows": self.open_rows,
            "deal": self.deal,
            "dishes": [{"id": d.id, "values": list(d.values), "ingredients": list(d.ingredients),
                        "drinks": list(d.drinks)} for d in self.dishes.values()],
            "ingredients": {i.id: {"dish": i.dish, "count": i.count} for i in self.ingredients.values()},
            "drinks": {d.id: {"points": d.points, "count": d.count} for d in self.drinks.values()},
            "actions": {a.id: {"count": a.count, "points": a.points} for a in self.actions.values()},
            "specials": {s.id: {"count": s.count, "points": s.points, "dishes": list(s.dishes),
                                "needs_drink": s.needs_drink, "doubles": list(s.doubles)}
                         for s in self.specials.values()},
            "cards": [{"id": c.id, "type": c.ref, "kind": c.kind} for c in stack],
        }


def build(data: Any, path: str, problems: Problems) -> Mahlzeit | None:
    """Turn schema-valid data into the model; record every cross-check that fails."""
    before = len(problems.errors)          # problems of other files must not make this game fail

    drinks = {d["id"]: make_record(Drink, "drinks", d, points=d["points"], count=d["count"]) for d in data["drinks"]}
    ingredients = {i["id"]: make_record(Ingredient, "ingredients", i, dish=i["dish"], count=i["count"])
                   for i in data["ingredients"]}
    dishes = {d["id"]: make_record(Dish, "dishes", d, values=tuple(d["values"]), ingredients=tuple(d["ingredients"]),
                           drinks=tuple(d["drinks"])) for d in data["dishes"]}
    actions = {a["id"]: make_record(ActionCard, "actions", a, count=a["count"], points=a.get("points", 0), rule=a["rule"])
               for a in data["actions"]}
    specials = {s["id"]: make_record(SpecialCard, "specials", s, count=s["count"], points=s["points"], rule=s["rule"],
                             dishes=tuple(s.get("dishes", ())), needs_drink=s.get("needs_drink", False),
                             doubles=tuple(s.get("doubles", ()))) for s in data["specials"]}
    for section in ("drinks", "ingredients", "dishes", "actions", "specials", "backs"):
        check_unique_ids(data, section, path, problems)

    def where(*steps) -> int | None:
        return line_of(data, steps)

    backs = {b["id"]: f"backs.{b['id']}.text" for b in data["backs"]}
    for i, dish in enumerate(data["dishes"]):
        for j, ing in enumerate(dish["ingredients"]):
            if ing not in ingredients:
                problems.error(path, where("dishes", i, "ingredients", j), f"dishes.{dish['id']}.ingredients",
                               f"unknown ingredient id {ing!r}; known: {', '.join(ingredients)}")
            elif ingredients[ing].dish != dish["id"]:
                problems.error(path, where("dishes", i, "ingredients", j), f"dishes.{dish['id']}.ingredients",
                               f"ingredient {ing!r} says it belongs to {ingredients[ing].dish!r}")
        for j, drink in enumerate(dish["drinks"]):
            if drink not in drinks:
                problems.error(path, where("dishes", i, "drinks", j), f"dishes.{dish['id']}.drinks",
                               f"unknown drink id {drink!r}; known: {', '.join(drinks)}")
        if list(dish["values"]) != sorted(dish["values"]):
            problems.error(path, where("dishes", i, "values"), f"dishes.{dish['id']}.values",
                           "expected the dish card values from lowest to highest")
    for i, ing in enumerate(data["ingredients"]):
        if ing["dish"] not in dishes:
            problems.error(path, where("ingredients", i, "dish"), f"ingredients.{ing['id']}.dish",
                           f"unknown dish id {ing['dish']!r}; known: {', '.join(dishes)}")
    for i, special in enumerate(data["specials"]):
        for field_, known in (("dishes", dishes), ("doubles", drinks)):
            for j, ref in enumerate(special.get(field_, [])):
                if ref not in known:
                    problems.error(path, where("specials", i, field_, j), f"specials.{special['id']}.{field_}",
                                   f"unknown id {ref!r}; known: {', '.join(known)}")
    if data["overview"]["back"] not in backs:
        problems.error(path, where("overview", "back"), "overview.back",
                       f"unknown back {data['overview']['back']!r}; known: {', '.join(backs)}")
    for back in (DISH_BACK, STACK_BACK):
        if back not in backs:
            problems.error(path, where("backs"), "backs", f"missing the {back!r} card back")
    players = data["facts"]["players"]
    if players["min"] > players["max"]:
        problems.error(path, where("facts", "players"), "facts.players", "min is larger than max")

    _check_totals(data, path, problems, dishes, ingredients, drinks, actions, specials)

    notes: list[Note] = []
    for section in ("facts", "totals", "overview"):
        notes += notes_of(data[section], f"{section}.", section)
    notes += notes_of_records(drinks, ingredients, dishes, actions, specials)

    if len(problems.errors) > before:
        return None
    return Mahlzeit(
        id=data["id"], name=data["name"], subtitle=data.get("subtitle", ""),
        players=(players["min"], players["max"]), hand_limit=data["facts"]["hand_limit"],
        open_rows=data["facts"]["open_rows"], deal=data["facts"]["deal"],
        totals=published_totals(data), backs=backs,
        drinks=drinks, ingredients=ingredients, dishes=dishes, actions=actions, specials=specials,
        overview_count=data["overview"]["count"], overview_back=data["overview"]["back"],
        notes=notes, raw=data)



def _check_totals(data, path, problems, dishes, ingredients, drinks, actions, specials) -> None:
    """The rulebook's totals: 110 = 23 + 83 + 4 and 83 = 60 + 13 + 1 + 4 + 5."""
    counted = {
        "dish_cards": sum(len(d.values) for d in dishes.values()),
        "ingredient_cards": sum(i.count for i in ingredients.values()),
        "drink_cards": sum(d.count for d in drinks.values()),
        "dirty_pots_cards": actions["dirty-pots"].count if "dirty-pots" in actions else 0,
        "cooking_spoon_cards": actions["cooking-spoon"].count if "cooking-spoon" in actions else 0,
        "special_cards": sum(s.count for s in specials.values()),
        "overview_cards": data["overview"]["count"],
    }
    stack = ("ingredient_cards", "drink_cards", "dirty_pots_cards", "cooking_spoon_cards", "special_cards")
    counted["dark_back"] = sum(counted[k] for k in stack)
    counted["cards"] = counted["dish_cards"] + counted["dark_back"] + counted["overview_cards"]
    explain = {
        "dark_back": "ingredients + drinks + Dirty Pots + Cooking Spoons + special cards",
        "cards": "dish cards + dark-back cards + overview cards",
    }
    check_totals(data, path, problems, counted, explain)
