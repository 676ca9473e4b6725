"""Suppenkasper's typed model, built from a schema-valid game.yaml, with the game's cross-checks."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from ...content.errors import Problems
from ...content.provenance import Note, notes_of, notes_of_records
from ...content.yamlfile import line_of
from ...content.model import Card, GameModelBase, Piece, Record, check_totals, make_record, published_totals

GAME_ID = "suppenkasper"
DECK_BACK, AID_BACK = "deck", "aid"
# Diet and special effects that move a figure a given number of spaces need `steps`; the others must not have it.
STEPS_EFFECTS = {"minus_steps", "refuse", "eat_down"}


@dataclass(frozen=True)
class Entree(Record):
    colour: str = ""
    side: str = ""
    values: tuple[int, ...] = ()


@dataclass(frozen=True)
class Side(Record):
    entree: str = ""
    count: int = 0


@dataclass(frozen=True)
class Meal(Record):
    values: tuple[int, ...] = ()
    leads: bool = False
    adds_to: tuple[str, ...] | str = ()      # card kinds, or "any"


@dataclass(frozen=True)
class Diet(Record):
    label: str = ""
    effect: str = ""
    steps: int = 0
    count: int = 0


@dataclass(frozen=True)
class Special(Record):
    effect: str = ""
    steps: int = 0
    kinds: tuple[str, ...] = ()
    count: int = 0
    rule: str = ""


@dataclass(frozen=True)
class WeightClass(Record):
    role: str = ""            # end | start | class
    spaces: int = 0


@dataclass(frozen=True)
class Space:
    """One space of the weight track. `position` counts from Traumfigur: negative is thinner, positive fatter."""

    index: int                # 0 = the thin end
    position: int
    weight_class: str
    role: str


@dataclass
class Suppenkasper(GameModelBase):
    chips_per_player: int
    chip_steps_down: int
    refuse_steps_down: int
    totals: dict[str, int]
    entrees: dict[str, Entree]
    sides: dict[str, Side]
    meals: dict[str, Meal]
    diets: dict[str, Diet]
    specials: dict[str, Special]
    weight_table: list[tuple[int | None, int]]     # (up_to calories or None for the open row, steps)
    classes: dict[str, WeightClass]
    track: list[Space]
    figure_colours: tuple[str, ...]
    chips: int
    weight_tables: int
    three_player_removal: list[str]                # card ids

    # -- components ------------------------------------------------------------------------------------------
    RECORDS = {"entree": "entrees", "side": "sides", "meal": "meals", "diet": "diets", "special": "specials",
               "weight-class": "classes"}

    def cards(self) -> list[Card]:
        """Every physical card, in print order: the 72-card deck, then the weight tables (player aids)."""
        cards = [Card(f"{e.id}-{i}", "entree", e.id, DECK_BACK, i, v)
                 for e in self.entrees.values() for i, v in enumerate(e.values, 1)]
        cards += [Card(f"{s.id}-{i}", "side", s.id, DECK_BACK, i) for s in self.sides.values()
                  for i in range(1, s.count + 1)]
        cards += [Card(f"{m.id}-{i}", "meal", m.id, DECK_BACK, i, v)
                  for m in self.meals.values() for i, v in enumerate(m.values, 1)]
        for kind, records in (("diet", self.diets), ("special", self.specials)):
            cards += [Card(f"{r.id}-{i}", kind, r.id, DECK_BACK, i) for r in records.values()
                      for i in range(1, r.count + 1)]
        cards += [Card(f"weight-table-{i}", "weight-table", "weight-table", AID_BACK, i)
                  for i in range(1, self.weight_tables + 1)]
        return cards

    def deck(self, players: int | None = None) -> list[Card]:
        """The cards dealt out: all 72, or without the 3-player removal list."""
        removed = set(self.three_player_removal) if players == 3 else set()
        return [c for c in self.cards() if c.back == DECK_BACK and c.id not in removed]

    def pieces(self) -> list[Piece]:
        """The board, a figure per colour (a standee: the colour on both faces) and the red chips."""
        pieces = [Piece("board-1", "board", "weight-board", "board", 1)]
        pieces += [Piece(f"figure-{c}", "token", "figure", "figure", i, (c, c))
                   for i, c in enumerate(self.figure_colours, 1)]
        pieces += [Piece(f"chip-{i}", "token", "chip", "chip", i, ("red", "red")) for i in range(1, self.chips + 1)]
        return pieces

    def steps_for(self, calories: float) -> int:
        """Spaces moved up for a meal of this many calories, by the weight table."""
        for up_to, steps in self.weight_table:
            if up_to is None or calories <= up_to:
                return steps
        raise AssertionError("the weight table's last row is open-ended")

    def names(self) -> dict[str, str]:
        """Printed names by card kind and weight class, for engine messages (the game prints them in German); a card
        with calories reads with them (`fleisch-2` -> "Fleisch 800 kcal"): its copies differ by nothing else, and a
        meal of 800 is not one of 1,200."""
        names = {r.id: r.name for table in (self.entrees, self.sides, self.meals, self.diets, self.specials,
                                            self.classes) for r in table.values()}
        names.update({c.id: f"{names[c.ref]} {c.value} kcal" for c in self.cards() if c.value and c.ref in names})
        return names

    def engine_data(self) -> dict:
        """The JSON the rules engine reads (it never reads YAML): the facts that govern play."""
        start = next(s.index for s in self.track if s.role == "start")
        return {
            "game": self.id,
            "players": {"min": self.players[0], "max": self.players[1]},
            "chips_per_player": self.chips_per_player,
            "chip_steps_down": self.chip_steps_down,
            "refuse_steps_down": self.refuse_steps_down,
            "entrees": {e.id: {"side": e.side, "colour": e.colour} for e in self.entrees.values()},
            "sides": {s.id: {"entree": s.entree} for s in self.sides.values()},
            "meals": {m.id: {"leads": m.leads, "adds_to": m.adds_to if isinstance(m.adds_to, str)
                             else list(m.adds_to)} for m in self.meals.values()},
            "diets": {d.id: {"effect": d.effect, "steps": d.steps} for d in self.diets.values()},
            "specials": {s.id: {"effect": s.effect, "steps": s.steps, "kinds": list(s.kinds)}
                         for s in self.specials.values()},
            "cards": [{"id": c.id, "type": c.ref, "kind": c.kind, "value": c.value} for c in self.deck()],
            "three_players_remove": list(self.three_player_removal),
            "weight_table": [{"up_to": u, "steps": s} for u, s in self.weight_table],
            "track": {"spaces": [{"index": s.index, "position": s.position, "class": s.weight_class, "role": s.role}
                                 for s in self.track],
                      "start": start, "down_end": 0, "up_end": len(self.track) - 1},
        }


def build(data: Any, path: str, problems: Problems) -> Suppenkasper | None:
    """Turn schema-valid data into the model; record every cross-check that fails."""
    before = len(problems.errors)

    def where(*steps) -> int | None:
        return line_of(data, steps)

    entrees = {e["id"]: make_record(Entree, "entrees", e, colour=e["colour"], side=e["side"], values=tuple(e["values"]))
               for e in data["entrees"]}
    sides = {s["id"]: make_record(Side, "sides", s, entree=s["entree"], count=s["count"]) for s in data["sides"]}
    meals = {m["id"]: make_record(Meal, "meals", m, values=tuple(m["values"]), leads=m["leads"],
                          adds_to=m["adds_to"] if isinstance(m["adds_to"], str) else tuple(m["adds_to"]))
             for m in data["meals"]}
    diets = {d["id"]: make_record(Diet, "diets", d, label=d["label"], effect=d["effect"], steps=d.get("steps", 0),
                          count=d["count"]) for d in data["diets"]}
    specials = {s["id"]: make_record(Special, "specials", s, effect=s["effect"], steps=s.get("steps", 0),
                             kinds=tuple(s.get("kinds", ())), count=s["count"], rule=s["rule"])
                for s in data["specials"]}
    classes = {c["id"]: make_record(WeightClass, "board.classes", c, role=c["role"], spaces=c["spaces"])
               for c in data["board"]["classes"]}

    # Card ids are `<kind>-<n>`, so a kind id may appear in only one section.
    seen: dict[str, str] = {}
    for section in ("entrees", "sides", "meals", "diets", "specials"):
        for i, item in enumerate(data[section]):
            if item["id"] in seen:
                problems.error(path, where(section, i, "id"), f"{section}.{item['id']}",
                               f"duplicate id (also in {seen[item['id']]}); card ids would clash")
            seen.setdefault(item["id"], section)
    kinds = set(seen)

    _check_dishes(data, path, problems, entrees, sides, meals, specials, kinds)
    _check_effects(data, path, problems)
    _check_totals(data, path, problems, entrees, sides, meals, diets, specials)
    removal = _check_three_players(data, path, problems, entrees, sides, meals, diets, specials)
    table = _check_weight_table(data, path, problems)
    track = _check_board(data, path, problems)

    facts = data["facts"]
    players = facts["players"]
    if players["min"] > players["max"]:
        problems.error(path, where("facts", "players"), "facts.players", "min is larger than max")

    notes: list[Note] = []
    for section in ("facts", "totals", "three_players", "weight_table", "board", "figures", "chips",
                    "weight_tables"):
        notes += notes_of(data[section], f"{section}.", section)
    notes += notes_of_records(entrees, sides, meals, diets, specials, classes)

    if len(problems.errors) > before:
        return None
    return Suppenkasper(
        id=data["id"], name=data["name"], players=(players["min"], players["max"]),
        chips_per_player=facts["chips_per_player"], chip_steps_down=facts["chip_steps_down"],
        refuse_steps_down=facts["refuse_steps_down"],
        totals=published_totals(data),
        entrees=entrees, sides=sides, meals=meals, diets=diets, specials=specials, weight_table=table,
        classes=classes, track=track, figure_colours=tuple(data["figures"]["colours"]),
        chips=data["chips"]["count"], weight_tables=data["weight_tables"]["count"],
        three_player_removal=removal, notes=notes, raw=data)


def _check_dishes(data, path, problems, entrees, sides, meals, specials, kinds) -> None:
    """Entrees and side dishes point at each other; colours differ; added cards and specials name real kinds."""
    colours: dict[str, str] = {}
    for i, e in enumerate(data["entrees"]):
        if e["side"] not in sides:
            problems.error(path, line_of(data, ("entrees", i, "side")), f"entrees.{e['id']}.side",
                           f"unknown side dish {e['side']!r}; known: {', '.join(sides)}")
        elif sides[e["side"]].entree != e["id"]:
            problems.error(path, line_of(data, ("entrees", i, "side")), f"entrees.{e['id']}.side",
                           f"side dish {e['side']!r} says it goes with {sides[e['side']].entree!r}")
        if e["colour"] in colours:
            problems.error(path, line_of(data, ("entrees", i, "colour")), f"entrees.{e['id']}.colour",
                           f"colour {e['colour']!r} is already {colours[e['colour']]!r}'s; side dishes are matched "
                           "to entrees by colour, so each entree needs its own")
        colours.setdefault(e["colour"], e["id"])
        if list(e["values"]) != sorted(e["values"]):
            problems.error(path, line_of(data, ("entrees", i, "values")), f"entrees.{e['id']}.values",
                           "expected the values from lowest to highest")
    if data["chips"]["colour"] in colours:
        problems.error(path, line_of(data, ("chips", "colour")), "chips.colour",
                       f"{data['chips']['colour']!r} is an entree colour; red marks the diet cards and chips")
    for i, s in enumerate(data["sides"]):
        if s["entree"] not in entrees:
            problems.error(path, line_of(data, ("sides", i, "entree")), f"sides.{s['id']}.entree",
                           f"unknown entree {s['entree']!r}; known: {', '.join(entrees)}")
    for i, m in enumerate(data["meals"]):
        if isinstance(m["adds_to"], list):
            for j, kind in enumerate(m["adds_to"]):
                if kind not in entrees and kind not in meals:
                    problems.error(path, line_of(data, ("meals", i, "adds_to", j)), f"meals.{m['id']}.adds_to",
                                   f"unknown kind {kind!r}; a trick is led by an entree or a meal: "
                                   f"{', '.join([*entrees, *(x for x in meals if meals[x].leads)])}")
        if list(m["values"]) != sorted(m["values"]):
            problems.error(path, line_of(data, ("meals", i, "values")), f"meals.{m['id']}.values",
                           "expected the values from lowest to highest")
    for i, s in enumerate(data["specials"]):
        for j, kind in enumerate(s.get("kinds", [])):
            if kind not in kinds:
                problems.error(path, line_of(data, ("specials", i, "kinds", j)), f"specials.{s['id']}.kinds",
                               f"unknown card kind {kind!r}")
    starters = [s["id"] for s in data["specials"] if s["effect"] == "start"]
    if len(starters) != 1:
        problems.error(path, line_of(data, ("specials",)), "specials",
                       f"expected exactly one card with effect 'start' (Tischlein deck dich), got {len(starters)}")


def _check_effects(data, path, problems) -> None:
    for section in ("diets", "specials"):
        for i, item in enumerate(data[section]):
            has = "steps" in item
            if has != (item["effect"] in STEPS_EFFECTS):
                problems.error(path, line_of(data, (section, i, "effect")), f"{section}.{item['id']}.steps",
                               f"effect {item['effect']!r} " + ("needs" if not has else "takes no") + " steps")
            if section == "specials" and ("kinds" in item) != (item["effect"] == "eat_matching"):
                problems.error(path, line_of(data, (section, i, "effect")), f"specials.{item['id']}.kinds",
                               "an 'eat_matching' card names the card kinds it eats, other cards name none")


def _check_totals(data, path, problems, entrees, sides, meals, diets, specials) -> None:
    """72 cards; 6 figures, 6 weight tables and 18 chips = the most players x one each, or x 3 chips."""
    totals = data["totals"]
    parts = {
        "entrees": sum(len(e.values) for e in entrees.values()),
        "side dishes": sum(s.count for s in sides.values()),
        "meals": sum(len(m.values) for m in meals.values()),
        "diet cards": sum(d.count for d in diets.values()),
        "special cards": sum(s.count for s in specials.values()),
    }
    cards = sum(parts.values())
    if totals["cards"] != cards:
        how = " + ".join(f"{n} {k}" for k, n in parts.items())
        problems.error(path, line_of(data, ("totals", "cards")), "totals.cards",
                       f"the rulebook says {totals['cards']}, but the cards listed add up to {cards} ({how})")
    most = data["facts"]["players"]["max"]
    counted = {"figures": len(data["figures"]["colours"]), "chips": data["chips"]["count"],
               "weight_tables": data["weight_tables"]["count"]}
    check_totals(data, path, problems, counted, {"figures": "the figure colours listed", "chips": "chips.count",
                                                 "weight_tables": "weight_tables.count"}, adds="gives")
    if data["chips"]["count"] != most * data["facts"]["chips_per_player"]:
        problems.error(path, line_of(data, ("chips", "count")), "chips.count",
                       f"{most} players x {data['facts']['chips_per_player']} chips each = "
                       f"{most * data['facts']['chips_per_player']}, not {data['chips']['count']}")
    for key in ("figures", "weight_tables"):
        if totals[key] != most:
            problems.error(path, line_of(data, ("totals", key)), f"totals.{key}",
                           f"one per player: expected {most} for up to {most} players, got {totals[key]}")


def _category(kind: str, entrees, sides) -> str:
    return "entree" if kind in entrees else "side" if kind in sides else kind


def _check_three_players(data, path, problems, entrees, sides, meals, diets, specials) -> list[str]:
    """The removal list is the seed's, category by category, and a subset of the deck. Returns the card ids."""
    tp = data["three_players"]
    valued = {**{k: e.values for k, e in entrees.items()}, **{k: m.values for k, m in meals.items()}}
    counted = {**{k: s.count for k, s in sides.items()}, **{k: d.count for k, d in diets.items()},
               **{k: s.count for k, s in specials.items()}}
    categories = {"entree", "side", *meals, *diets, *specials}
    seed = Counter()
    for i, entry in enumerate(tp["seed_list"]):
        if entry["category"] not in categories:
            problems.error(path, line_of(data, ("three_players", "seed_list", i, "category")),
                           f"three_players.seed_list.{entry['category']}",
                           f"unknown category; known: {', '.join(sorted(categories))}")
        seed[entry["category"]] += entry["count"]
    total = sum(seed.values())
    if total != data["totals"]["removed_for_three"]:
        problems.error(path, line_of(data, ("totals", "removed_for_three")), "totals.removed_for_three",
                       f"the rulebook says {data['totals']['removed_for_three']}, but its list adds up to {total}")

    removed: list[str] = []
    taken: Counter = Counter()     # (kind, value) -> cards taken so far
    got = Counter()
    for i, entry in enumerate(tp["remove"]):
        kind, value, n = entry["kind"], entry.get("value"), entry["count"]
        field_ = f"three_players.remove.{kind}"
        line = line_of(data, ("three_players", "remove", i))
        if kind not in valued and kind not in counted:
            problems.error(path, line, field_, f"unknown card kind {kind!r}")
            continue
        if kind in specials:
            problems.error(path, line, field_, "special cards are never taken out: every one of them is needed")
            continue
        if (kind in valued) != (value is not None):
            problems.error(path, line, field_, f"{kind!r} cards " + ("have values: say which value to take out"
                                                                     if kind in valued else "have no value"))
            continue
        if kind in valued:
            copies = [j for j, v in enumerate(valued[kind], 1) if v == value]
        else:
            copies = list(range(1, counted[kind] + 1))
        free = copies[taken[(kind, value)]:]
        if n > len(free):
            what = f"{kind} {value}" if value is not None else kind
            problems.error(path, line, field_, f"takes out {n} {what} card(s), but the deck has only "
                           f"{len(free)} left to take: the 3-player list must be part of the deck")
            continue
        removed += [f"{kind}-{j}" for j in free[:n]]
        taken[(kind, value)] += n
        got[_category(kind, entrees, sides)] += n
    for category in sorted(set(seed) | set(got)):
        if seed[category] != got[category]:
            problems.error(path, line_of(data, ("three_players", "remove")), "three_players.remove",
                           f"the seed's list takes out {seed[category]} {category} card(s), "
                           f"the cards named here are {got[category]}")
    return removed


def _check_weight_table(data, path, problems) -> list[tuple[int | None, int]]:
    rows = data["weight_table"]["rows"]
    table: list[tuple[int | None, int]] = []
    last_up, last_steps = -1, -1
    for i, row in enumerate(rows):
        line = line_of(data, ("weight_table", "rows", i))
        up_to = row.get("up_to")
        final = i == len(rows) - 1
        if up_to is None and not final:
            problems.error(path, line, f"weight_table.rows.{i}.up_to", "only the last row may leave out up_to")
        if up_to is not None and final:
            problems.error(path, line, f"weight_table.rows.{i}.up_to",
                           "the last row is open-ended: leave out up_to so every meal finds a row")
        if up_to is not None and up_to <= last_up:
            problems.error(path, line, f"weight_table.rows.{i}.up_to",
                           f"expected more than {last_up}: the rows go from few calories to many")
        if row["steps"] < last_steps:
            problems.error(path, line, f"weight_table.rows.{i}.steps",
                           f"{row['steps']} is fewer than the row before ({last_steps}): more calories never "
                           "move a figure less")
        last_up = up_to if up_to is not None else last_up
        last_steps = row["steps"]
        table.append((up_to, row["steps"]))
    return table


def _check_board(data, path, problems) -> list[Space]:
    """The track runs from one end to the other with the start (Traumfigur) between them."""
    classes = data["board"]["classes"]
    line = line_of(data, ("board", "classes"))
    roles = [c["role"] for c in classes]
    if roles[0] != "end" or roles[-1] != "end" or roles.count("end") != 2:
        problems.error(path, line, "board.classes",
                       "the first and the last class are the two ends (Suppenkasper, Dicker Brocken), "
                       "and no other class is an end")
    if roles.count("start") != 1:
        problems.error(path, line, "board.classes",
                       f"expected one start space (Traumfigur), got {roles.count('start')}")
    for i, c in enumerate(classes):
        if c["role"] in ("end", "start") and c["spaces"] != 1:
            problems.error(path, line_of(data, ("board", "classes", i, "spaces")),
                           f"board.classes.{c['id']}.spaces", f"an {c['role']} is a single space, got {c['spaces']}")
    ids = Counter(c["id"] for c in classes)
    for i, c in enumerate(classes):
        if ids[c["id"]] > 1:
            problems.error(path, line_of(data, ("board", "classes", i, "id")), f"board.classes.{c['id']}",
                           "duplicate id")
            ids[c["id"]] = 1
    track: list[Space] = []
    for c in classes:
        track += [Space(len(track) + k, 0, c["id"], c["role"]) for k in range(c["spaces"])]
    start = next((s.index for s in track if s.role == "start"), 0)
    track = [Space(s.index, s.index - start, s.weight_class, s.role) for s in track]
    return track
