"""Tá na Mesa's table as a picture (see tischlein.engine.picture): the ingredient pile and the two face-up cards,
the recipe tiles on the table, the spice tokens, and at each player's place their counter, character, hand, the
recipe being prepared and the stove — recipe tiles turned as placed, their coloured edges against the frame."""
from __future__ import annotations

from ...engine import picture as pic
from .engine_state import FACE_UP, SIDES


def _card(engine, words: pic.Words, c: str, pick: pic.Pick | None = None) -> pic.Html:
    cls = engine.cls[c]
    return pic.card(words.name(engine.ingredient[c]), kind="ingredient", value=engine.value[c],
                    cls=pic.colour(engine.data["classes"][cls]["colour"]),
                    label=words("tnm.card", name=words.name(engine.ingredient[c]), value=engine.value[c],
                                cls=words.name(cls)), pick=pick, face=c)


def _class_chip(engine, words: pic.Words, cls: str, text: str = "") -> pic.Html:
    return pic.span(text or words.name(cls), cls=f"tl-chip-class {pic.colour(engine.data['classes'][cls]['colour'])}",
                    title=words.name(cls))


def _recipe(engine, words: pic.Words, recipe: str, turns: int | None = None, cls: str = "",
            pick: pic.Pick | None = None) -> pic.Html:
    r = engine.recipes[recipe]
    needs = pic.span(*(_class_chip(engine, words, c) for c in r["needs"]), cls="tl-needs")
    bonus = pic.span(words("tnm.bonus", ingredient=words.name(r["bonus"]["ingredient"]), points=r["bonus"]["points"]),
                     cls="tl-tile-note") if r["bonus"] else ""
    veg = pic.span(words("tnm.vegetarian"), cls="tl-tile-note tl-veg") if r["vegetarian"] else ""
    parts = [pic.span(r["points"], cls="tl-card-value"), needs, bonus, veg]
    if turns is not None:      # on a stove: the four edges as the tile lies (the presentation compares them)
        parts = [pic.span(cls=f"tl-edge tl-edge-{side} {pic.colour(r['edges'][(k - turns) % 4])}")
                 for k, side in enumerate(SIDES)] + parts
    return pic.tile(words.name(recipe), *parts, kind="recipe", cls=cls,
                    label=words("tnm.recipe", name=words.name(recipe), points=r["points"]), pick=pick, face=recipe)


def _stove(engine, p, words: pic.Words) -> pic.Html:
    frame = engine.data["counters"][p.counter]["stove"]["frame"]
    sides: dict[str, list[tuple[str, str]]] = {}
    for (space, k), c in zip(engine.frame, frame):
        sides.setdefault(space, []).append((SIDES[k], c))
    cells = []
    for space in engine.spaces:
        bars = [pic.span(cls=f"tl-frame tl-frame-{side} {pic.colour(c)}") for side, c in sides.get(space, [])]
        placed = p.stove.get(space)
        inside = _recipe(engine, words, placed.recipe, placed.turns) if placed else pic.empty(words("tnm.free_space"))
        cells.append(pic.div(*bars, inside, cls=f"tl-stove-space tl-space-{space}", pick=pic.Pick(space, "space")))
    frame_n, inner_n = engine.presentation(p.stove, p.counter)
    return pic.zone(words("tnm.stove"), pic.div(*cells, cls="tl-stove"),
                    pic.facts((words("tnm.presentation"), words("tnm.matches", frame=frame_n, inner=inner_n))))


def _counter(engine, p, words: pic.Words) -> pic.Html:
    data = engine.data["counters"][p.counter]
    symbols = pic.span(*(_class_chip(engine, words, s["class"], f"{words.name(s['class'])} {s['value']}")
                         for s in data["symbols"]), cls="tl-needs")
    combos = pic.span(words("tnm.combos", combos=" · ".join(
        f"{' + '.join(words.name(x) for x in c['spices'])} {c['points']}" for c in data["combos"])), cls="tl-tile-note")
    return pic.tile(words.name(p.counter), symbols, combos, kind="counter", face=p.counter)


def draw(engine, s, words: pic.Words, viewer: str | None = None) -> pic.Html:
    over = engine.is_over(s)
    head = pic.facts((words("round"), words("round_of", n=s.round, of=s.rounds)),
                     (words("phase"), words(f"phase.{s.phase.replace('-', '_')}")),
                     (words("tnm.chef"), s.players[s.chef].name))
    face_up = [_card(engine, words, c, pic.Pick(side, "from")) if c else pic.empty(words("tnm.no_card"))
               for side, c in zip(FACE_UP, s.face_up)]
    pile = pic.back(len(s.pile), words("cards_face_down", n=len(s.pile)), pick=pic.Pick("pile", "from")) if s.pile \
        else pic.empty(words("empty_pile"))
    cards = pic.row(pic.zone(words("tnm.pile"), pile),
                    pic.zone(words("tnm.face_up"), pic.row(*face_up)),
                    pic.zone(words("tnm.discard"), _card(engine, words, s.discard[-1]) if s.discard
                             else pic.empty(words("empty_pile")), pic.facts((words("tnm.cards"), len(s.discard)))))
    recipes = pic.row(pic.zone(words("tnm.recipe_pile"), pic.back(len(s.recipes.pile), words("tnm.tiles_face_down",
                                                                              n=len(s.recipes.pile)))
                               if s.recipes.pile else pic.empty(words("empty_pile"))),
                      pic.zone(words("tnm.display"), pic.row(*(_recipe(engine, words, r, pick=pic.Pick(r, "recipe"))
                                                               for r in s.recipes.display))
                               if s.recipes.display else pic.empty(words("tnm.no_recipes"))),
                      pic.zone(words("tnm.recipe_discard"), pic.facts((words("tnm.tiles"), len(s.recipes.discard)))))
    on_table = [pic.token(words.name(engine.face(s, t)), cls="tl-spice", pick=pic.Pick(t, "token")) for t in s.table]
    spices = pic.row(pic.zone(words("tnm.spices_table"), pic.row(*on_table)
                              if s.table else pic.empty(words("tnm.no_spices"))),
                     pic.zone(words("tnm.supply"), pic.facts((words("tnm.tokens"), len(s.supply)))))
    panels = []
    for i, (p, sc, (current, badge)) in enumerate(zip(s.players, engine.score(s), pic.seats(engine, s, words))):
        prepared = pic.empty(words("tnm.nothing_prepared"))
        if p.prepared:
            prepared = pic.row(_recipe(engine, words, p.prepared), pic.facts((words("tnm.sum"), p.sum)))
        tokens = pic.row(*(pic.token(words.name(engine.face(s, t)), cls="tl-spice", pick=pic.Pick(t, "token"))
                           for t in p.tokens)) if p.tokens \
            else pic.empty(words("tnm.no_spices"))
        hand = pic.row(*(_card(engine, words, c, pic.Pick(c)) for c in p.hand)) if p.hand \
            else pic.empty(words("empty_hand"))
        if not pic.sees(viewer, p):
            hand = pic.hand_back(len(p.hand), words)
        chef = pic.token(words("tnm.chef_hat"), cls="tl-small") if i == s.chef and not over else ""
        panels.append(pic.panel(
            p.name,
            pic.row(_counter(engine, p, words), pic.tile(words.name(p.character), kind="character", face=p.character),
                    chef),
            pic.zone(words("hand_n", n=len(p.hand)), hand), pic.zone(words("tnm.prepared"), prepared),
            pic.zone(words("tnm.spices_own"), tokens), _stove(engine, p, words),
            pic.facts((words("score"), words("tnm.score", total=sc["total"], recipes=sc["recipes"],
                                             sums=sc["sum_bonus"], spices=sc["spices"], presentation=sc["presentation"],
                                             vegetarian=sc["vegetarian"]))),
            current=current, badge=badge))
    return pic.picture(head, cards, recipes, spices, pic.players(*panels), label=words("table"), game="ta-na-mesa")
