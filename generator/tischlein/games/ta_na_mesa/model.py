"""Tá na Mesa's typed model, built from a schema-valid game.yaml, with the rulebook's cross-checks.

The seed gives the component counts, the round structure per player count and a few numbers (spice
combinations worth 1/3/5, up to 5 spice points with 3 tokens and 6 with 4, a presentation maximum of 12). The
content reconstructs the rest openly; `build` checks that the reconstruction agrees with every number the seed
does give, and that the game can be played to its end with these components (recipe pile, ingredient deck,
spice tokens, score track).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations_with_replacement
from typing import Any

from ...content.errors import Problems
from ...content.provenance import Note, notes_of
from ...content.yamlfile import line_of
from ...content.model import (Card, GameModelBase, Piece, Record, check_totals, check_unique_ids, make_record,
                               published_totals)

GAME_ID = "ta-na-mesa"
INGREDIENT_BACK, CHARACTER_BACK, RECIPE_BACK = "ingredient", "character", "recipe"

# The stove is a 2 × 2 grid. Sides of a square are numbered clockwise from the top.
SIDES = ("top", "right", "bottom", "left")
SPACES = ("nw", "ne", "sw", "se")
# The 8 outer half-symbols in the order game.yaml lists a stove's frame: (space, side).
FRAME = (("nw", "top"), ("ne", "top"), ("ne", "right"), ("se", "right"),
         ("se", "bottom"), ("sw", "bottom"), ("sw", "left"), ("nw", "left"))
# The 4 edges where two spaces meet: ((space, side), (space, side)).
INNER = ((("nw", "right"), ("ne", "left")), (("sw", "right"), ("se", "left")),
         (("nw", "bottom"), ("sw", "top")), (("ne", "bottom"), ("se", "top")))
# The rulebook's spice combinations: 1 spice for 1 point, 2 for 3, all three for 5.
COMBO_POINTS = {1: 1, 2: 3, 3: 5}


@dataclass(frozen=True)
class Colour(Record):
    hex: str = ""


@dataclass(frozen=True)
class IngredientClass(Record):
    colour: str = ""
    meat: bool = False


@dataclass(frozen=True)
class Ingredient(Record):
    cls: str = ""
    values: tuple[int, ...] = ()


@dataclass(frozen=True)
class Recipe(Record):
    needs: tuple[str, ...] = ()
    points: int = 0
    bonus: tuple[str, int] | None = None      # (ingredient id, extra points)
    vegetarian: bool = False
    edges: tuple[str, ...] = ()               # clockwise from the top, unrotated

    def shown(self, field_: str, ui: Callable[..., str], name: Callable[[str], str]) -> str | None:
        if field_ == "bonus":
            return f"{name(self.bonus[0])} +{self.bonus[1]}" if self.bonus else "–"
        return None

    def rotated(self, quarter_turns: int) -> tuple[str, ...]:
        """The edge colours after turning the tile clockwise: the old top edge becomes the right edge."""
        r = quarter_turns % 4
        return tuple(self.edges[(side - r) % 4] for side in range(4))


@dataclass(frozen=True)
class Spice(Record):
    pass


@dataclass(frozen=True)
class Counter(Record):
    symbols: tuple[tuple[str, int], ...] = ()             # (class, value)
    combos: tuple[tuple[tuple[str, ...], int], ...] = ()  # (spices, points)
    frame: tuple[str, ...] = ()
    spaces: dict[str, tuple[str, str]] = field(default_factory=dict)   # space -> the two spices printed in it

    def shown(self, field_: str, ui: Callable[..., str], name: Callable[[str], str]) -> str | None:
        if field_ == "combos":             # "Louro: 1 · Coentro + Pimenta: 3"
            return " · ".join(f"{' + '.join(map(name, spices))}: {points}" for spices, points in self.combos)
        return None


@dataclass(frozen=True)
class Character(Record):
    kind: str = ""
    cls: str | None = None
    value: int = 0


@dataclass(frozen=True)
class PlayerCount:
    players: int
    rounds: int
    spices_each: int
    lowest_sum_discard: bool


@dataclass(frozen=True)
class Track:
    id: str
    first: int
    last: int
    text_key: str

    @property
    def spaces(self) -> list[int]:
        return list(range(self.first, self.last + 1))


@dataclass
class TaNaMesa(GameModelBase):
    facts: dict[str, Any]
    player_counts: dict[int, PlayerCount]
    totals: dict[str, int]
    backs: dict[str, str]
    colours: dict[str, Colour]
    classes: dict[str, IngredientClass]
    ingredients: dict[str, Ingredient]
    recipes: dict[str, Recipe]
    spices: dict[str, Spice]
    spice_tokens: tuple[tuple[str, str], ...]
    counters: dict[str, Counter]
    characters: dict[str, Character]
    tracks: dict[str, Track]
    player_colours: dict[str, Colour]
    markers_per_player: int
    vegetarian_prize: dict[str, Any]
    chefs_hat: dict[str, Any]

    # ---- components -------------------------------------------------------------------------------------
    RECORDS = {"ingredient": "ingredients", "character": "characters", "recipe-tile": "recipes", "counter": "counters",
               "class": "classes", "spice": "spices"}

    def cards(self) -> list[Card]:
        """Every physical card: the 50 ingredient cards (one per value), then the 8 character cards."""
        cards = [Card(f"{i.id}-{n}", "ingredient", i.id, INGREDIENT_BACK, n, v)
                 for i in self.ingredients.values() for n, v in enumerate(i.values, 1)]
        cards += [Card(f"{c.id}-1", "character", c.id, CHARACTER_BACK, 1) for c in self.characters.values()]
        return cards

    def pieces(self) -> list[Piece]:
        """Every physical component that is not a card."""
        pieces = [Piece(f"{c.id}-1", "board", "counter", c.id, 1) for c in self.counters.values()]
        pieces += [Piece(f"{r.id}-1", "tile", "recipe-tile", r.id, 1) for r in self.recipes.values()]
        pieces += [Piece(f"spice-token-{n}", "token", "spice-token", "spice-token", n, faces)
                   for n, faces in enumerate(self.spice_tokens, 1)]
        board = self.raw["scoring_board"]
        pieces.append(Piece(f"{board['id']}-1", "board", "scoring-board", board["id"], 1))
        for colour in self.player_colours.values():
            pieces += [Piece(f"marker-{colour.id}-{n}", "token", "marker", colour.id, n, (role,))
                       for n, role in enumerate(("score", "sum")[: self.markers_per_player], 1)]
        prize, hat = self.vegetarian_prize, self.chefs_hat
        pieces += [Piece(f"{prize['id']}-{n}", "token", "vegetarian-prize", prize["id"], n)
                   for n in range(1, prize["count"] + 1)]
        pieces += [Piece(f"{hat['id']}-{n}", "token", "chefs-hat", hat["id"], n) for n in range(1, hat["count"] + 1)]
        return pieces

    # ---- scoring helpers shared by checks, tests and the engine data ----------------------------------------
    def presentation(self, counter: str, placements: dict[str, tuple[str, int]]) -> dict[str, Any]:
        """Score a stove: placements maps a space (nw, ne, sw, se) to (recipe id, clockwise quarter turns).

        Each place where two halves of the same colour meet (recipe to stove frame, or recipe to recipe)
        is one complete symbol and one point. Empty spaces score nothing.
        """
        tiles = {space: self.recipes[rid].rotated(turns) for space, (rid, turns) in placements.items()}
        frame = self.counters[counter].frame
        frame_hits = [i for i, (space, side) in enumerate(FRAME)
                      if space in tiles and tiles[space][SIDES.index(side)] == frame[i]]
        inner_hits = [i for i, ((a, sa), (b, sb)) in enumerate(INNER)
                      if a in tiles and b in tiles and tiles[a][SIDES.index(sa)] == tiles[b][SIDES.index(sb)]]
        return {"frame": len(frame_hits), "inner": len(inner_hits), "points": len(frame_hits) + len(inner_hits)}

    def spice_points(self, counter: str, faces: list[str]) -> int:
        """The most a player can score on `counter` with tokens showing `faces` (each token in one combination)."""
        combos = self.counters[counter].combos
        best = 0

        def search(left: list[str], points: int) -> None:
            nonlocal best
            best = max(best, points)
            for spices, value in combos:
                rest = list(left)
                try:
                    for s in spices:
                        rest.remove(s)
                except ValueError:
                    continue
                search(rest, points + value)
        search(list(faces), 0)
        return best

    def max_spice_points(self, tokens: int) -> int:
        """The best spice score any counter allows with `tokens` tokens."""
        best = 0
        for counter in self.counters.values():
            spices = sorted({s for combo, _ in counter.combos for s in combo})
            for faces in combinations_with_replacement(spices, tokens):
                best = max(best, self.spice_points(counter.id, list(faces)))
        return best

    def max_score(self, players: int) -> int:
        """The highest score the components allow with this many players (a bound for the score track)."""
        pc = self.player_counts[players]
        recipe_values = sorted((r.points + (r.bonus[1] if r.bonus else 0) for r in self.recipes.values()),
                               reverse=True)
        rounds = pc.rounds
        return (sum(recipe_values[:rounds]) + rounds * self.facts["highest_sum_bonus"]
                + rounds * self.max_spice_points(pc.spices_each) + self.facts["presentation_max"]
                + self.vegetarian_prize["points"])

    def names(self) -> dict[str, str]:
        """Printed names by id for the engine's messages (Portuguese, as the game prints them); an ingredient card
        reads with its quality number (`arroz-4` -> "Arroz 4")."""
        names = {r.id: r.name for table in (self.ingredients, self.recipes, self.counters, self.characters,
                                            self.classes, self.spices) for r in table.values()}
        names.update({c.id: f"{self.ingredients[c.ref].name} {c.value}" for c in self.cards()
                      if c.kind == "ingredient"})
        # a spice token by its two faces ("Alho / Cebolinha"): the tokens are told apart by nothing else
        names.update({f"spice-token-{n}": " / ".join(self.spices[f].name for f in faces)
                      for n, faces in enumerate(self.spice_tokens, 1)})
        return names

    def engine_data(self) -> dict:
        """The JSON the rules engine reads (it never reads YAML): the facts that govern play."""
        f = self.facts
        return {
            "game": self.id,
            "players": {"min": self.players[0], "max": self.players[1]},
            "player_counts": {str(p.players): {"rounds": p.rounds, "spices_each": p.spices_each,
                                               "lowest_sum_discard": p.lowest_sum_discard}
                              for p in self.player_counts.values()},
            "rules": {k: f[k] for k in ("recipes_per_player", "recipe_cards", "recipes_per_round", "starting_cards",
                                        "collection_laps", "face_up_cards", "highest_sum_bonus",
                                        "tied_highest_bonus", "buy_missing_cards", "buy_missing_value",
                                        "spice_flip_cost", "stove_bonus_cards", "presentation_max",
                                        "recipe_reshuffle")},
            "classes": {c.id: {"colour": c.colour, "meat": c.meat} for c in self.classes.values()},
            "ingredients": {i.id: {"class": i.cls, "values": list(i.values)} for i in self.ingredients.values()},
            "ingredient_cards": [{"id": c.id, "type": c.ref, "value": c.value}
                                 for c in self.cards() if c.kind == "ingredient"],
            "recipes": {r.id: {"needs": list(r.needs), "points": r.points,
                               "bonus": {"ingredient": r.bonus[0], "points": r.bonus[1]} if r.bonus else None,
                               "vegetarian": r.vegetarian, "edges": list(r.edges)} for r in self.recipes.values()},
            "spice_tokens": [{"id": f"spice-token-{n}", "faces": list(faces)}
                             for n, faces in enumerate(self.spice_tokens, 1)],
            "counters": {c.id: {"symbols": [{"class": k, "value": v} for k, v in c.symbols],
                                "combos": [{"spices": list(s), "points": p} for s, p in c.combos],
                                "stove": {"frame": list(c.frame),
                                          "spaces": {k: list(v) for k, v in c.spaces.items()}}}
                         for c in self.counters.values()},
            "stove_layout": {"spaces": list(SPACES), "frame": [list(x) for x in FRAME],
                             "inner": [[list(a), list(b)] for a, b in INNER]},
            "characters": {c.id: {"kind": c.kind, "class": c.cls, "value": c.value}
                           for c in self.characters.values()},
            "tracks": {t.id: {"first": t.first, "last": t.last} for t in self.tracks.values()},
            "player_colours": list(self.player_colours),
            "vegetarian_prize": {"points": self.vegetarian_prize["points"],
                                 "tied_points": self.vegetarian_prize["tied_points"]},
        }


def build(data: Any, path: str, problems: Problems) -> TaNaMesa | None:
    """Turn schema-valid data into the model; record every cross-check that fails."""
    before = len(problems.errors)          # problems of other files must not make this game fail

    def where(*steps) -> int | None:
        return line_of(data, steps)

    def err(steps: tuple, field_: str, message: str) -> None:
        problems.error(path, where(*steps), field_, message)

    for section in ("backs", "colours", "classes", "ingredients", "recipes", "spices", "counters", "characters",
                    "player_colours"):
        check_unique_ids(data, section, path, problems)

    facts = data["facts"]
    colours = {c["id"]: make_record(Colour, "colours", c, hex=c["hex"]) for c in data["colours"]}
    player_colours = {c["id"]: make_record(Colour, "player_colours", c, hex=c["hex"]) for c in data["player_colours"]}
    classes = {c["id"]: make_record(IngredientClass, "classes", c, colour=c["colour"], meat=c["meat"])
               for c in data["classes"]}
    ingredients = {i["id"]: make_record(Ingredient, "ingredients", i, cls=i["class"], values=tuple(i["values"]))
                   for i in data["ingredients"]}
    recipes = {r["id"]: make_record(Recipe, "recipes", r, needs=tuple(r["needs"]), points=r["points"],
                            bonus=(r["bonus"]["ingredient"], r["bonus"]["points"]) if "bonus" in r else None,
                            vegetarian=r["vegetarian"], edges=tuple(r["edges"])) for r in data["recipes"]}
    spices = {s["id"]: make_record(Spice, "spices", s) for s in data["spices"]}
    counters = {c["id"]: make_record(Counter, "counters", c,
                             symbols=tuple((s["class"], s["value"]) for s in c["symbols"]),
                             combos=tuple((tuple(k["spices"]), k["points"]) for k in c["combos"]),
                             frame=tuple(c["stove"]["frame"]),
                             spaces={s["id"]: tuple(s["spices"]) for s in c["stove"]["spaces"]})
                for c in data["counters"]}
    characters = {c["id"]: make_record(Character, "characters", c, kind=c["ability"]["kind"],
                               cls=c["ability"].get("class"), value=c["ability"].get("value", 0))
                  for c in data["characters"]}
    tracks = {t["id"]: Track(t["id"], t["first"], t["last"], f"scoring_board.tracks.{t['id']}.text")
              for t in data["scoring_board"]["tracks"]}
    backs = {b["id"]: f"backs.{b['id']}.text" for b in data["backs"]}

    # ---- players and rounds ----------------------------------------------------------------------------
    players = facts["players"]
    if players["min"] > players["max"]:
        err(("facts", "players"), "facts.players", "min is larger than max")
    counts: dict[int, PlayerCount] = {}
    for i, pc in enumerate(data["player_counts"]):
        n = pc["players"]
        if n in counts:
            err(("player_counts", i, "players"), f"player_counts.[{i}].players", f"{n} players listed twice")
        counts[n] = PlayerCount(n, pc["rounds"], pc["spices_each"], pc["lowest_sum_discard"])
        # Seed: each player must be the starting player the same number of times.
        if pc["rounds"] % n:
            err(("player_counts", i, "rounds"), f"player_counts.[{i}].rounds",
                f"{pc['rounds']} rounds cannot give each of {n} players the same number of starts")
        if n * pc["spices_each"] > len(data["spice_tokens"]["faces"]):
            err(("player_counts", i, "spices_each"), f"player_counts.[{i}].spices_each",
                f"{n} players × {pc['spices_each']} tokens need more than the "
                f"{len(data['spice_tokens']['faces'])} spice tokens")
        # The ingredient deck: per round each player gets the starting cards, the laps and perhaps a bonus card,
        # and the face-up cards lie beside the pile.
        per_round = n * (facts["starting_cards"] + facts["collection_laps"] + facts["stove_bonus_cards"]) \
            + facts["face_up_cards"]
        deck = sum(len(ing["values"]) for ing in data["ingredients"])
        if per_round > deck:
            err(("player_counts", i), f"player_counts.[{i}]",
                f"{n} players need up to {per_round} ingredient cards a round, the deck has {deck}")
        # The recipe pile: 2 per player each round; prepared recipes leave the game.
        tiles = len(data["recipes"])
        need = n * facts["recipes_per_player"]
        for r in range(pc["rounds"]):
            left = tiles - r * n * facts["recipes_per_round"] if facts["recipe_reshuffle"] \
                else tiles - r * need
            if left < need:
                how = "even with the discarded recipes reshuffled" if facts["recipe_reshuffle"] else \
                    "without reshuffling the discarded recipes (set recipe_reshuffle and explain it as an erratum)"
                err(("player_counts", i, "rounds"), f"player_counts.[{i}].rounds",
                    f"with {n} players the recipe pile runs out in round {r + 1} {how}: {left} tiles for {need}")
                break
    wanted = set(range(players["min"], players["max"] + 1))
    if set(counts) != wanted:
        err(("player_counts",), "player_counts",
            f"expected one row for each of {sorted(wanted)} players, got {sorted(counts)}")
    if facts["recipe_reshuffle"] and "recipe_reshuffle" not in (facts.get("errata") or {}) \
            and "recipe_reshuffle" not in (facts.get("reconstructed") or {}):
        err(("facts", "recipe_reshuffle"), "facts.recipe_reshuffle",
            "the rulebook has no reshuffle: explain it under errata or reconstructed")

    # ---- classes, ingredients, recipes --------------------------------------------------------------------
    for i, c in enumerate(data["classes"]):
        if c["colour"] not in colours:
            err(("classes", i, "colour"), f"classes.{c['id']}.colour",
                f"unknown colour {c['colour']!r}; known: {', '.join(colours)}")
    used_colours = [c["colour"] for c in data["classes"]]
    if len(set(used_colours)) != len(used_colours):
        err(("classes",), "classes", "two classes share a colour; each class has its own (seed)")
    for i, ing in enumerate(data["ingredients"]):
        if ing["class"] not in classes:
            err(("ingredients", i, "class"), f"ingredients.{ing['id']}.class",
                f"unknown class {ing['class']!r}; known: {', '.join(classes)}")
    for i, r in enumerate(data["recipes"]):
        key = f"recipes.{r['id']}"
        if len(r["needs"]) != facts["recipe_cards"]:
            err(("recipes", i, "needs"), f"{key}.needs",
                f"a recipe takes {facts['recipe_cards']} ingredients (seed), got {len(r['needs'])}")
        for j, cls in enumerate(r["needs"]):
            if cls not in classes:
                err(("recipes", i, "needs", j), f"{key}.needs", f"unknown class {cls!r}; known: {', '.join(classes)}")
        if "bonus" in r:
            ing = r["bonus"]["ingredient"]
            if ing not in ingredients:
                err(("recipes", i, "bonus", "ingredient"), f"{key}.bonus.ingredient",
                    f"unknown ingredient {ing!r}; known: {', '.join(ingredients)}")
            elif ingredients[ing].cls not in r["needs"]:
                err(("recipes", i, "bonus", "ingredient"), f"{key}.bonus.ingredient",
                    f"{ing!r} is a {ingredients[ing].cls!r} ingredient, which this recipe does not need")
        meatless = all(not classes[c].meat for c in r["needs"] if c in classes)
        if r["vegetarian"] != meatless:
            err(("recipes", i, "vegetarian"), f"{key}.vegetarian",
                f"expected {str(meatless).lower()}: a recipe is vegetarian exactly when it needs no meat or chicken")
        for j, colour in enumerate(r["edges"]):
            if colour not in colours:
                err(("recipes", i, "edges", j), f"{key}.edges",
                    f"unknown colour {colour!r}; known: {', '.join(colours)}")
    if not any(r["vegetarian"] for r in data["recipes"]):
        err(("recipes",), "recipes", "no vegetarian recipe: the vegetarian prize could never be won")

    # ---- spices and counters -----------------------------------------------------------------------------
    for i, faces in enumerate(data["spice_tokens"]["faces"]):
        for j, s in enumerate(faces):
            if s not in spices:
                err(("spice_tokens", "faces", i, j), f"spice_tokens.faces.[{i}]",
                    f"unknown spice {s!r}; known: {', '.join(spices)}")
        if faces[0] == faces[1]:
            err(("spice_tokens", "faces", i), f"spice_tokens.faces.[{i}]",
                "both faces show the same spice: turning the token over would change nothing")
    covered_classes: set[str] = set()
    for i, c in enumerate(data["counters"]):
        key = f"counters.{c['id']}"
        for j, sym in enumerate(c["symbols"]):
            covered_classes.add(sym["class"])
            if sym["class"] not in classes:
                err(("counters", i, "symbols", j, "class"), f"{key}.symbols",
                    f"unknown class {sym['class']!r}; known: {', '.join(classes)}")
        sizes = sorted(len(k["spices"]) for k in c["combos"])
        if sizes != sorted(COMBO_POINTS):
            err(("counters", i, "combos"), f"{key}.combos",
                "expected three combinations of 1, 2 and 3 spices (seed), got sizes "
                + ", ".join(map(str, sizes)))
        for j, combo in enumerate(c["combos"]):
            expected = COMBO_POINTS.get(len(combo["spices"]))
            if expected is not None and combo["points"] != expected:
                err(("counters", i, "combos", j, "points"), f"{key}.combos",
                    f"a combination of {len(combo['spices'])} spice(s) is worth {expected} (seed), "
                    f"got {combo['points']}")
            for s in combo["spices"]:
                if s not in spices:
                    err(("counters", i, "combos", j), f"{key}.combos", f"unknown spice {s!r}")
        singles = [set(k["spices"]) for k in c["combos"] if len(k["spices"]) < 3]
        triples = [set(k["spices"]) for k in c["combos"] if len(k["spices"]) == 3]
        if triples and singles and set().union(*singles) != triples[0]:
            err(("counters", i, "combos"), f"{key}.combos",
                "the 5-point combination must be all three spices of the other two (seed: 'all three spices')")
        for j, colour in enumerate(c["stove"]["frame"]):
            if colour not in colours:
                err(("counters", i, "stove", "frame", j), f"{key}.stove.frame", f"unknown colour {colour!r}")
        ids = [s["id"] for s in c["stove"]["spaces"]]
        if sorted(ids) != sorted(SPACES):
            err(("counters", i, "stove", "spaces"), f"{key}.stove.spaces",
                f"expected the spaces {', '.join(SPACES)} once each, got {', '.join(ids)}")
        for j, space in enumerate(c["stove"]["spaces"]):
            for s in space["spices"]:
                if s not in spices:
                    err(("counters", i, "stove", "spaces", j), f"{key}.stove.spaces", f"unknown spice {s!r}")
    missing = set(classes) - covered_classes
    if missing:
        err(("counters",), "counters", f"no counter shows the class(es) {', '.join(sorted(missing))}")
    # The seed's maximum presentation score is the number of places two colour halves can meet.
    if facts["presentation_max"] != len(FRAME) + len(INNER):
        err(("facts", "presentation_max"), "facts.presentation_max",
            f"a 2 × 2 stove has {len(FRAME)} frame edges and {len(INNER)} inner edges, so at most "
            f"{len(FRAME) + len(INNER)} points, not {facts['presentation_max']}")
    if counts and max(c.rounds for c in counts.values()) > len(SPACES):
        err(("player_counts",), "player_counts", f"more rounds than the {len(SPACES)} stove spaces")

    # ---- characters ----------------------------------------------------------------------------------------
    for i, c in enumerate(data["characters"]):
        ability = c["ability"]
        key = f"characters.{c['id']}.ability"
        if ability["kind"] == "free-symbol":
            if ability.get("class") not in classes:
                err(("characters", i, "ability"), key,
                    f"a free symbol needs a known class; known: {', '.join(classes)}")
            if "value" not in ability:
                err(("characters", i, "ability"), key, "a free symbol needs a value")
        elif ability["kind"] in ("sum-bonus", "free-flip") and "value" not in ability:
            err(("characters", i, "ability"), key, f"{ability['kind']} needs a value")

    # ---- board, markers, backs ---------------------------------------------------------------------------
    for wanted_track in ("score", "sum"):
        if wanted_track not in tracks:
            err(("scoring_board", "tracks"), "scoring_board.tracks", f"missing the {wanted_track!r} track")
    for i, t in enumerate(data["scoring_board"]["tracks"]):
        if t["first"] >= t["last"]:
            err(("scoring_board", "tracks", i), f"scoring_board.tracks.{t['id']}", "first must be below last")
    if "sum" in tracks:
        max_value = max((v for ing in data["ingredients"] for v in ing["values"]), default=0)
        sum_bonus = max((c["ability"].get("value", 0) for c in data["characters"]
                         if c["ability"]["kind"] == "sum-bonus"), default=0)
        highest = facts["recipe_cards"] * max_value + sum_bonus
        if tracks["sum"].last < highest:
            i = [t["id"] for t in data["scoring_board"]["tracks"]].index("sum")
            err(("scoring_board", "tracks", i, "last"), "scoring_board.tracks.sum.last",
                f"a sum can reach {highest} ({facts['recipe_cards']} × {max_value} + {sum_bonus}), "
                f"the track ends at {tracks['sum'].last}")
    if len(player_colours) < players["max"]:
        err(("player_colours",), "player_colours", f"{players['max']} players need {players['max']} colours")
    for back in (INGREDIENT_BACK, CHARACTER_BACK, RECIPE_BACK):
        if back not in backs:
            err(("backs",), "backs", f"missing the {back!r} back")
    if len(counters) < players["max"]:
        err(("counters",), "counters", f"{players['max']} players need {players['max']} counters")

    _check_totals(data, path, problems)

    notes: list[Note] = []
    for section in ("facts", "totals", "spice_tokens", "vegetarian_prize", "chefs_hat"):
        notes += notes_of(data[section], f"{section}.", data[section].get("name", section))
    for t in data["scoring_board"]["tracks"]:
        notes += notes_of(t, f"scoring_board.tracks.{t['id']}.", data["scoring_board"]["name"])
    for section in ("backs", "colours", "classes", "ingredients", "recipes", "spices", "counters", "characters",
                    "player_colours"):
        for item in data[section]:
            notes += notes_of(item, f"{section}.{item['id']}.", item.get("name", item["id"]))

    if len(problems.errors) > before:
        return None
    model = TaNaMesa(
        id=data["id"], name=data["name"], players=(players["min"], players["max"]),
        facts={k: v for k, v in facts.items() if not isinstance(v, dict) or k == "players"},
        player_counts=counts, totals=published_totals(data),
        backs=backs, colours=colours, classes=classes, ingredients=ingredients, recipes=recipes, spices=spices,
        spice_tokens=tuple(tuple(f) for f in data["spice_tokens"]["faces"]), counters=counters,
        characters=characters, tracks=tracks, player_colours=player_colours,
        markers_per_player=data["markers_per_player"], vegetarian_prize=dict(data["vegetarian_prize"]),
        chefs_hat=dict(data["chefs_hat"]), notes=notes, raw=data)

    # Checks that need the scoring helpers: the seed's spice maxima and a score track long enough.
    for i, pc in enumerate(data["player_counts"]):
        best = model.max_spice_points(pc["spices_each"])
        stated = SEED_SPICE_MAX.get(pc["spices_each"])
        if stated is not None and best != stated:
            err(("player_counts", i, "spices_each"), f"player_counts.[{i}].spices_each",
                f"with {pc['spices_each']} tokens the counters allow {best} spice points; the rulebook says {stated}")
        if "score" in tracks and model.max_score(pc["players"]) > tracks["score"].last:
            j = [t["id"] for t in data["scoring_board"]["tracks"]].index("score")
            err(("scoring_board", "tracks", j, "last"), "scoring_board.tracks.score.last",
                f"with {pc['players']} players a score can reach {model.max_score(pc['players'])}, "
                f"the track ends at {tracks['score'].last}")
    return None if len(problems.errors) > before else model


# The seed: "the player can score from 0 to 5 points during this phase, or up to 6 with three players"
# (three players take 4 tokens each, everyone else 3).
SEED_SPICE_MAX = {3: 5, 4: 6}



def _check_totals(data: Any, path: str, problems: Problems) -> None:
    """The seed's component list: every count must match what the content lists."""
    counted = {
        "counters": len(data["counters"]),
        "character_cards": len(data["characters"]),
        "chefs_hats": data["chefs_hat"]["count"],
        "ingredient_cards": sum(len(i["values"]) for i in data["ingredients"]),
        "recipe_tiles": len(data["recipes"]),
        "spice_tokens": len(data["spice_tokens"]["faces"]),
        "vegetarian_prizes": data["vegetarian_prize"]["count"],
        "scoring_boards": 1,
        "markers": len(data["player_colours"]) * data["markers_per_player"],
    }
    explain = {"markers": "player colours × markers per player", "ingredient_cards": "the ingredients' values"}
    check_totals(data, path, problems, counted, explain, listed="the content lists")
