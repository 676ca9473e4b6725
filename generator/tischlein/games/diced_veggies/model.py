"""Diced Veggies' typed model, built from a schema-valid game.yaml, with the game's cross-checks."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ...content.errors import Problems
from ...content.provenance import Note, notes_of, notes_of_records
from ...content.yamlfile import line_of
from ...content.model import (Card, GameModelBase, Piece, Record, check_totals, check_unique_ids, make_record,
                               published_totals)

GAME_ID = "diced-veggies"
RECIPE_BACK, HYPE_BACK = "recipe", "hype"

# Which parameters each hype condition takes (see the comment above `hype:` in game.yaml).
CONDITION_PARAMS: dict[str, tuple[set[str], int]] = {
    # kind: (allowed parameters, how many of them must be given)
    "sum": ({"equals", "at_least", "at_most"}, 1),
    "all_at_least": ({"value"}, 1),
    "all_at_most": ({"value"}, 1),
    "dice": ({"equals"}, 1),
    "sequential": (set(), 0),
    "all_same": (set(), 0),
    "all_different": (set(), 0),
    "all_even": (set(), 0),
    "all_odd": (set(), 0),
    "pairs": (set(), 0),
    "face_count": ({"face", "at_least"}, 2),
    "double_ingredients": (set(), 0),
    "none": (set(), 0),
}


@dataclass(frozen=True)
class Veggie(Record):
    colour: str = ""
    dice: int = 0


@dataclass(frozen=True)
class Recipe(Record):
    needs: tuple[tuple[str, int], ...] = ()    # (veggie id, dice), in the order of the file
    points: int = 0
    count: int = 1

    @property
    def size(self) -> int:
        return sum(n for _, n in self.needs)


@dataclass(frozen=True)
class Hype(Record):
    condition: dict = field(default_factory=dict, compare=False)
    score: dict = field(default_factory=dict, compare=False)
    count: int = 0

    TABLE: ClassVar = ("score", "count")          # the card text says the condition

    def shown(self, field_: str, ui: Callable[..., str], name: Callable[[str], str]) -> str | None:
        if field_ != "score":
            return None
        kind, n = next(iter(self.score.items()))
        return ui(SCORE_TEXTS[kind], n=n) if kind in SCORE_TEXTS else None


# a hype card's score as the card says it (the PDF face and the site's components page)
SCORE_TEXTS = {"points": "pdf.dv.score.points", "multiply_recipe": "pdf.dv.score.multiply",
               "per_recipe_die": "pdf.dv.score.per_die", "per_cooked_recipe": "pdf.dv.score.per_recipe"}


@dataclass(frozen=True)
class Component(Record):
    """A non-card, non-die component: the chef token, the frame, the cleaver."""

    count: int = 0
    component: str = ""      # token | board | tile
    faces: tuple[str, ...] = ()
    rule: str = ""

    TABLE: ClassVar = ("count", "rule")


@dataclass(frozen=True)
class SoloRank:
    min: int
    max: int | None           # None: open-ended top row
    key: str | None           # catalog key of the verdict; None when missing in the source
    missing_in_source: bool
    note_key: str | None


@dataclass
class DicedVeggies(GameModelBase):
    hand_limits: dict[str, int]
    cut_max_sum: int
    recipes_to_end: int
    start_recipes: int
    start_hype: int
    recipe_display: int
    faces: tuple[int, ...]
    block: tuple[int, int]                   # rows, columns
    totals: dict[str, int]
    veggies: dict[str, Veggie]
    recipes: dict[str, Recipe]
    hype: dict[str, Hype]
    components: dict[str, Component]
    solo: list[SoloRank]

    RECORDS = {"veggie": "veggies", "die": "veggies", "recipe": "recipes", "hype": "hype", "token": "components",
               "board": "components", "tile": "components"}

    def cards(self) -> list[Card]:
        """Every physical card, in print order: recipes, then hype cards."""
        cards = [Card(f"{r.id}-{i}", "recipe", r.id, RECIPE_BACK, i, r.points)
                 for r in self.recipes.values() for i in range(1, r.count + 1)]
        cards += [Card(f"{h.id}-{i}", "hype", h.id, HYPE_BACK, i, h.score.get("points"))
                  for h in self.hype.values() for i in range(1, h.count + 1)]
        return cards

    def pieces(self) -> list[Piece]:
        """Dice (six faces each), the chef tokens (two faces), the frame and the cleaver."""
        faces = tuple(str(f) for f in self.faces)
        pieces = [Piece(f"die-{v.id}-{i}", "die", "veggie-die", v.id, i, faces)
                  for v in self.veggies.values() for i in range(1, v.dice + 1)]
        for c in self.components.values():
            kind = {"token": f"{c.id}-token", "board": c.id, "tile": c.id}[c.component]
            pieces += [Piece(f"{c.id}-{i}", c.component, kind, c.id, i, c.faces) for i in range(1, c.count + 1)]
        return pieces

    def names(self, gloss=None) -> dict[str, str]:
        """Printed names by id for engine messages and pictures: vegetables, recipes, hype cards, and each die by
        its vegetable, the colour a player sees (the number it shows comes with the state: the engine's `named`
        makes a die read "Onion 5"; the copy number of its id is nothing a player can see).
        With `gloss` (record -> what its name is in the reader's language) the names print as the PDFs in that
        language print them: this English-language game's names translated."""
        name = (lambda r: gloss(r) or r.name) if gloss else (lambda r: r.name)
        names = {r.id: name(r) for table in (self.veggies, self.recipes, self.hype) for r in table.values()}
        names.update({p.id: names[p.ref] for p in self.pieces() if p.component == "die"})
        return names

    printed_names = names       # names in the reader's language: see GameContent.engine_messages

    def engine_data(self) -> dict:
        """The JSON the rules engine reads (it never reads YAML): the facts that govern play."""
        return {
            "game": self.id,
            "players": {"min": self.players[0], "max": self.players[1]},
            "hand_limits": dict(self.hand_limits),
            "cut_max_sum": self.cut_max_sum,
            # The cut (rule diced-veggies.turn.cut): the dice taken are one edge-connected group reached from outside
            # the block, add up to at most cut_max_sum, and leave the block one edge-connected piece; a block that
            # adds up to cut_max_sum or less is taken whole.
            "cut": {"max_sum": self.cut_max_sum, "taken_connected": True, "from_outside": True,
                    "block_stays_connected": True, "take_all_at_or_below": self.cut_max_sum},
            # Restock (rule diced-veggies.turn.restock): allowed when a vegetable has no die in the block, required
            # when the block is empty; every chef token comes back.
            "restock": {"may": "veggie-missing", "must": "block-empty", "returns_chef_tokens": True},
            "recipes_to_end": self.recipes_to_end,
            "start": {"recipes": self.start_recipes, "hype": self.start_hype, "recipe_display": self.recipe_display,
                      "chef_tokens_per_player": 1},
            # The block stays one piece: dice count as connected only across a shared edge, never a corner.
            "block": {"rows": self.block[0], "columns": self.block[1], "connectivity": "edge"},
            "dice": {"faces": list(self.faces), "veggies": {v.id: v.dice for v in self.veggies.values()},
                     "ids": [p.id for p in self.pieces() if p.component == "die"],
                     # not a rule, but how a player tells the dice apart: the state's picture colours them so
                     "colours": {v.id: v.colour for v in self.veggies.values()}},
            "recipes": {r.id: {"needs": dict(r.needs), "points": r.points} for r in self.recipes.values()},
            "hype": {h.id: {"condition": dict(h.condition), "score": _plain(h.score), "count": h.count}
                     for h in self.hype.values()},
            "cards": [{"id": c.id, "type": c.ref, "kind": c.kind} for c in self.cards()],
            "solo": [{"min": r.min, "max": r.max, "missing_in_source": r.missing_in_source} for r in self.solo],
        }


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def build(data: Any, path: str, problems: Problems) -> DicedVeggies | None:
    """Turn schema-valid data into the model; record every cross-check that fails."""
    before = len(problems.errors)

    def where(*steps) -> int | None:
        return line_of(data, steps)

    for section in ("veggies", "recipes", "hype", "tokens", "tools"):
        check_unique_ids(data, section, path, problems)

    veggies = {v["id"]: make_record(Veggie, "veggies", v, colour=v["colour"], dice=v["dice"]) for v in data["veggies"]}
    recipes = {r["id"]: make_record(Recipe, "recipes", r, needs=tuple((k, n) for k, n in r["needs"].items()),
                                    points=r["points"], count=r.get("count", 1)) for r in data["recipes"]}
    hype = {h["id"]: make_record(Hype, "hype", h, condition=dict(h["condition"]), score=_plain(h["score"]),
                                 count=h["count"]) for h in data["hype"]}
    components = {t["id"]: make_record(Component, "tokens", t, count=t["count"], component="token",
                                       faces=tuple(t["faces"]), rule=t["rule"]) for t in data["tokens"]}
    components.update({t["id"]: make_record(Component, "tools", t, count=t["count"], component=t["component"],
                                            rule=t["rule"]) for t in data["tools"]})

    facts, dice = data["facts"], data["dice"]
    faces = tuple(dice["faces"])
    players = facts["players"]
    if players["min"] > players["max"]:
        problems.error(path, where("facts", "players"), "facts.players", "min is larger than max")

    # Recipes: known vegetables, and no recipe needs more dice than a hand may hold.
    colours: dict[str, str] = {}
    for i, v in enumerate(data["veggies"]):
        if v["colour"] in colours:
            problems.error(path, where("veggies", i, "colour"), f"veggies.{v['id']}.colour",
                           f"colour {v['colour']!r} is already used by {colours[v['colour']]!r}; "
                           "each vegetable has its own colour")
        colours.setdefault(v["colour"], v["id"])
    for i, r in enumerate(data["recipes"]):
        for veg in r["needs"]:
            if veg not in veggies:
                problems.error(path, where("recipes", i, "needs", veg), f"recipes.{r['id']}.needs",
                               f"unknown vegetable id {veg!r}; known: {', '.join(veggies)}")
        size = sum(r["needs"].values())
        if size > facts["hand_limits"]["dice"]:
            problems.error(path, where("recipes", i, "needs"), f"recipes.{r['id']}.needs",
                           f"needs {size} dice, but a player may hold only {facts['hand_limits']['dice']}")

    _check_hype(data, path, problems, faces, facts)
    _check_setup(data, path, problems, faces, facts, components)
    _check_totals(data, path, problems, veggies, recipes, hype)
    _check_card_ids(data, path, problems, recipes, hype)
    solo = _check_solo(data, path, problems)

    notes: list[Note] = []
    for section in ("facts", "totals", "dice"):
        notes += notes_of(data[section], f"{section}.", section)
    notes += notes_of_records(veggies, recipes, hype, components)
    for i, rank in enumerate(data["solo"]["ranks"]):
        notes += notes_of(rank, f"solo.ranks.{i}.", f"solo {rank['min']}")

    if len(problems.errors) > before:
        return None
    return DicedVeggies(
        id=data["id"], name=data["name"], players=(players["min"], players["max"]),
        hand_limits=dict(facts["hand_limits"]), cut_max_sum=facts["cut_max_sum"],
        recipes_to_end=facts["recipes_to_end"], start_recipes=facts["start_recipes"],
        start_hype=facts["start_hype"], recipe_display=facts["recipe_display"], faces=faces,
        block=(dice["block"]["rows"], dice["block"]["columns"]),
        totals=published_totals(data),
        veggies=veggies, recipes=recipes, hype=hype, components=components, solo=solo, notes=notes, raw=data)



def _check_hype(data, path, problems, faces, facts) -> None:
    """Each condition takes the parameters its kind needs and asks for something the dice can show."""
    for i, h in enumerate(data["hype"]):
        cond = h["condition"]
        allowed, needed = CONDITION_PARAMS[cond["kind"]]
        given = set(cond) - {"kind"}
        field_ = f"hype.{h['id']}.condition"
        line = line_of(data, ("hype", i, "condition"))
        if given - allowed:
            problems.error(path, line, field_, f"a {cond['kind']!r} condition takes "
                           f"{', '.join(sorted(allowed)) or 'no parameters'}, got {', '.join(sorted(given - allowed))}")
        elif len(given) != needed:
            problems.error(path, line, field_, f"a {cond['kind']!r} condition needs exactly {needed} of "
                           f"{', '.join(sorted(allowed))}")
        if cond["kind"] == "sum" and "equals" in cond:
            biggest = max(faces) * facts["hand_limits"]["dice"]
            if not min(faces) * 2 <= cond["equals"] <= biggest:
                problems.error(path, line, field_, f"no hand of dice can add up to {cond['equals']} "
                               f"(faces {faces}, at most {facts['hand_limits']['dice']} dice)")
        score = h["score"]
        if "face" in cond and cond["face"] not in faces:
            problems.error(path, line, field_, f"no die shows a {cond['face']}; the faces are {list(faces)}")
        if (cond["kind"] == "double_ingredients") != ("multiply_recipe" in score):
            problems.error(path, line_of(data, ("hype", i, "score")), f"hype.{h['id']}.score",
                           "a double_ingredients condition and a multiply_recipe score go together")


def _check_setup(data, path, problems, faces, facts, components) -> None:
    if facts["cut_max_sum"] < min(faces):
        problems.error(path, line_of(data, ("facts", "cut_max_sum")), "facts.cut_max_sum",
                       f"{facts['cut_max_sum']} is below the lowest face {min(faces)}: no cut would be possible")
    limits = facts["hand_limits"]
    for start, limit in (("start_recipes", "recipes"), ("start_hype", "hype")):
        if facts[start] > limits[limit]:
            problems.error(path, line_of(data, ("facts", start)), f"facts.{start}",
                           f"players start with {facts[start]}, more than the hand limit of {limits[limit]}")
    deck = sum(r.get("count", 1) for r in data["recipes"])
    needed = facts["recipe_display"] + facts["players"]["max"] * facts["start_recipes"]
    if deck < needed:
        problems.error(path, line_of(data, ("facts", "recipe_display")), "facts.recipe_display",
                       f"setup needs {needed} recipe cards (display + starting hands), the deck has {deck}")
    chef = components.get("chef")
    if chef is not None and chef.count < facts["players"]["max"]:
        i = next(i for i, t in enumerate(data["tokens"]) if t["id"] == "chef")
        problems.error(path, line_of(data, ("tokens", i, "count")), "tokens.chef.count",
                       f"every player gets a chef token: need {facts['players']['max']}, got {chef.count}")


def _check_totals(data, path, problems, veggies, recipes, hype) -> None:
    """The published totals: 35 dice = the 5 x 7 block, 44 recipe cards, 34 hype cards."""
    totals = data["totals"]
    block = data["dice"]["block"]
    counted = {"dice": sum(v.dice for v in veggies.values()), "recipe_cards": sum(r.count for r in recipes.values()),
               "hype_cards": sum(h.count for h in hype.values())}
    check_totals(data, path, problems, counted, {"dice": "the dice of the vegetables",
                                                 "recipe_cards": "the recipes listed",
                                                 "hype_cards": "the hype cards listed"})
    cells = block["rows"] * block["columns"]
    if cells != totals["dice"]:
        problems.error(path, line_of(data, ("dice", "block")), "dice.block",
                       f"a block of {block['rows']} x {block['columns']} holds {cells} dice, "
                       f"but the game has {totals['dice']}")


def _check_card_ids(data, path, problems, recipes, hype) -> None:
    """Card instance ids are `<record id>-<n>`: a recipe and a hype card must not share a record id."""
    for i, h in enumerate(data["hype"]):
        if h["id"] in recipes:
            problems.error(path, line_of(data, ("hype", i, "id")), f"hype.{h['id']}",
                           "a recipe has the same id; card ids would clash")


def _check_solo(data, path, problems) -> list[SoloRank]:
    """The solo table covers every score from 0 up, row after row, with no gap and no overlap.

    A row the seed skips stays in the table, marked `missing_in_source` with a note, so the gap is visible and
    nothing is invented.
    """
    ranks: list[SoloRank] = []
    rows = data["solo"]["ranks"]
    expected = 0
    for i, row in enumerate(rows):
        field_ = f"solo.ranks.{i}"
        line = line_of(data, ("solo", "ranks", i))
        missing = row.get("missing_in_source", False)
        if missing and ("text" in row or "note" not in row):
            problems.error(path, line, field_, "a row missing in the source has a note and no text")
        elif not missing and "text" not in row:
            problems.error(path, line, field_, "expected a text, or missing_in_source: true with a note "
                                               "if the source skips this row")
        if row["min"] != expected:
            what = "gap" if row["min"] > expected else "overlap"
            problems.error(path, line, f"{field_}.min",
                           f"expected {expected} (the row before ends at {expected - 1}), got {row['min']}: a {what} "
                           "in the table; keep a row the source skips as missing_in_source")
        last = i == len(rows) - 1
        if "max" in row:
            if row["max"] < row["min"]:
                problems.error(path, line, f"{field_}.max", f"{row['max']} is below min {row['min']}")
            if last:
                problems.error(path, line, f"{field_}.max", "the top row is open-ended: leave out max")
            expected = row["max"] + 1
        elif not last:
            problems.error(path, line, f"{field_}.max", "only the top row may leave out max")
        ranks.append(SoloRank(row["min"], row.get("max"), None if missing else f"solo.ranks.{i}.text", missing,
                              f"solo.ranks.{i}.note" if "note" in row else None))
    return ranks
