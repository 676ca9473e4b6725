"""Tá na Mesa's table as a picture (see tischlein.engine.picture): the ingredient pile and the two face-up cards,
the recipe tiles on the table, the spice tokens, and at each player's place their counter, character, hand, the
recipe being prepared and the stove — recipe tiles turned as placed, their coloured edges against the frame."""
from __future__ import annotations

from ...engine.picture import (Html, Pick, Words, back, card, colour, div, empty, facts, hand_back, panel, picture,
                               players, row, seats, span, tile, token, zone)
from ...engine.privacy import sees
from .engine_state import FACE_UP, SIDES


def _card(engine, words: Words, c: str, pick: Pick | None = None) -> Html:
    cls = engine.cls[c]
    return card(words.name(engine.ingredient[c]), kind="ingredient", value=engine.value[c],
                cls=colour(engine.data["classes"][cls]["colour"]),
                label=words("tnm.card", name=words.name(engine.ingredient[c]), value=engine.value[c],
                            cls=words.name(cls)), pick=pick, face=c)


def _class_chip(engine, words: Words, cls: str, text: str = "") -> Html:
    return span(text or words.name(cls), cls=f"tl-chip-class {colour(engine.data['classes'][cls]['colour'])}",
                title=words.name(cls))


def _recipe(engine, words: Words, recipe: str, turns: int | None = None, cls: str = "",
            pick: Pick | None = None) -> Html:
    r = engine.recipes[recipe]
    needs = span(*(_class_chip(engine, words, c) for c in r["needs"]), cls="tl-needs")
    bonus = span(words("tnm.bonus", ingredient=words.name(r["bonus"]["ingredient"]), points=r["bonus"]["points"]),
                 cls="tl-tile-note") if r["bonus"] else ""
    veg = span(words("tnm.vegetarian"), cls="tl-tile-note tl-veg") if r["vegetarian"] else ""
    parts = [span(r["points"], cls="tl-card-value"), needs, bonus, veg]
    if turns is not None:      # on a stove: the four edges as the tile lies (the presentation compares them)
        parts = [span(cls=f"tl-edge tl-edge-{side} {colour(r['edges'][(k - turns) % 4])}")
                 for k, side in enumerate(SIDES)] + parts
    return tile(words.name(recipe), *parts, kind="recipe", cls=cls,
                label=words("tnm.recipe", name=words.name(recipe), points=r["points"]), pick=pick, face=recipe)


def _stove(engine, p, words: Words) -> Html:
    frame = engine.data["counters"][p.counter]["stove"]["frame"]
    sides: dict[str, list[tuple[str, str]]] = {}
    for (space, k), c in zip(engine.frame, frame):
        sides.setdefault(space, []).append((SIDES[k], c))
    cells = []
    for space in engine.spaces:
        bars = [span(cls=f"tl-frame tl-frame-{side} {colour(c)}") for side, c in sides.get(space, [])]
        placed = p.stove.get(space)
        inside = _recipe(engine, words, placed.recipe, placed.turns) if placed else empty(words("tnm.free_space"))
        cells.append(div(*bars, inside, cls=f"tl-stove-space tl-space-{space}", pick=Pick(space, "space")))
    frame_n, inner_n = engine.presentation(p.stove, p.counter)
    return zone(words("tnm.stove"), div(*cells, cls="tl-stove"),
                facts((words("tnm.presentation"), words("tnm.matches", frame=frame_n, inner=inner_n))))


def _counter(engine, p, words: Words) -> Html:
    data = engine.data["counters"][p.counter]
    symbols = span(*(_class_chip(engine, words, s["class"], f"{words.name(s['class'])} {s['value']}")
                     for s in data["symbols"]), cls="tl-needs")
    combos = span(words("tnm.combos", combos=" · ".join(
        f"{' + '.join(words.name(x) for x in c['spices'])} {c['points']}" for c in data["combos"])), cls="tl-tile-note")
    return tile(words.name(p.counter), symbols, combos, kind="counter", face=p.counter)


def draw(engine, s, words: Words, viewer: str | None = None) -> Html:
    over = engine.is_over(s)
    head = facts((words("round"), words("round_of", n=s.round, of=s.rounds)),
                 (words("phase"), words(f"phase.{s.phase.replace('-', '_')}")),
                 (words("tnm.chef"), s.players[s.chef].name))
    face_up = [_card(engine, words, c, Pick(side, "from")) if c else empty(words("tnm.no_card"))
               for side, c in zip(FACE_UP, s.face_up)]
    cards = row(zone(words("tnm.pile"), back(len(s.pile), words("cards_face_down", n=len(s.pile)),
                                             pick=Pick("pile", "from")) if s.pile else empty(words("empty_pile"))),
                zone(words("tnm.face_up"), row(*face_up)),
                zone(words("tnm.discard"), _card(engine, words, s.discard[-1]) if s.discard
                     else empty(words("empty_pile")), facts((words("tnm.cards"), len(s.discard)))))
    recipes = row(zone(words("tnm.recipe_pile"), back(len(s.recipes.pile), words("tnm.tiles_face_down",
                                                                              n=len(s.recipes.pile)))
                       if s.recipes.pile else empty(words("empty_pile"))),
                  zone(words("tnm.display"), row(*(_recipe(engine, words, r, pick=Pick(r, "recipe"))
                                                   for r in s.recipes.display))
                       if s.recipes.display else empty(words("tnm.no_recipes"))),
                  zone(words("tnm.recipe_discard"), facts((words("tnm.tiles"), len(s.recipes.discard)))))
    spices = row(zone(words("tnm.spices_table"), row(*(token(words.name(engine.face(s, t)), cls="tl-spice",
                                                             pick=Pick(t, "token")) for t in s.table))
                      if s.table else empty(words("tnm.no_spices"))),
                 zone(words("tnm.supply"), facts((words("tnm.tokens"), len(s.supply)))))
    panels = []
    for i, (p, sc, (current, badge)) in enumerate(zip(s.players, engine.score(s), seats(engine, s, words))):
        prepared = empty(words("tnm.nothing_prepared"))
        if p.prepared:
            prepared = row(_recipe(engine, words, p.prepared), facts((words("tnm.sum"), p.sum)))
        tokens = row(*(token(words.name(engine.face(s, t)), cls="tl-spice", pick=Pick(t, "token"))
                       for t in p.tokens)) if p.tokens \
            else empty(words("tnm.no_spices"))
        hand = row(*(_card(engine, words, c, Pick(c)) for c in p.hand)) if p.hand else empty(words("empty_hand"))
        if not sees(viewer, p):
            hand = hand_back(len(p.hand), words)
        chef = token(words("tnm.chef_hat"), cls="tl-small") if i == s.chef and not over else ""
        panels.append(panel(
            p.name, row(_counter(engine, p, words), tile(words.name(p.character), kind="character", face=p.character), chef),
            zone(words("hand_n", n=len(p.hand)), hand), zone(words("tnm.prepared"), prepared),
            zone(words("tnm.spices_own"), tokens), _stove(engine, p, words),
            facts((words("score"), words("tnm.score", total=sc["total"], recipes=sc["recipes"],
                                         sums=sc["sum_bonus"], spices=sc["spices"], presentation=sc["presentation"],
                                         vegetarian=sc["vegetarian"]))),
            current=current, badge=badge))
    return picture(head, cards, recipes, spices, players(*panels), label=words("table"), game="ta-na-mesa")
