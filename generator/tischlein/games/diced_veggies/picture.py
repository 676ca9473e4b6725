"""Diced Veggies' table as a picture (see tischlein.engine.picture): the dice block as a grid of coloured dice,
the recipe display and the decks, and each player's dice, recipe and hype cards, cooked recipes and chef token."""
from __future__ import annotations

from ...engine import picture as pic


def _die(engine, s, words: pic.Words, d: str) -> pic.Html:
    veggie = engine.veggie_of[d]
    label = words("dv.die", die=words.name(d), value=s.faces[d])
    if d in s.improvised:
        label = words("dv.improvised", die=label, veggie=words.name(s.improvised[d]))
    return pic.die(s.faces[d], label, engine.data["dice"].get("colours", {}).get(veggie, ""),
                   cls="tl-improvised" if d in s.improvised else "", pick=pic.Pick(d))


def _recipe(engine, words: pic.Words, c: str) -> pic.Html:
    recipe = engine.recipes[engine.type_of[c]]
    colours = engine.data["dice"].get("colours", {})
    needs = pic.span(*(pic.span(pic.span(n, cls="tl-need-count"), pic.span(words.name(v), cls="tl-sr"),
                                cls=f"tl-need {pic.colour(colours.get(v))}", title=words.name(v))
                       for v, n in recipe["needs"].items()), cls="tl-needs")
    return pic.card(words.name(c), needs, kind="recipe", value=recipe["points"],
                    label=words("dv.recipe", name=words.name(c), points=recipe["points"]), pick=pic.Pick(c), face=c)


def _cards(engine, words: pic.Words, cards: list[str], none: str) -> pic.Html:
    if not cards:
        return pic.empty(words(none))
    return pic.row(*(_recipe(engine, words, c) if engine.kind_of[c] == "recipe" else
                     pic.card(words.name(c), kind="hype", pick=pic.Pick(c), face=c) for c in cards))


def _pile(words: pic.Words, cards: list[str], source: str = "") -> pic.Html:
    """A face-down pile; a deck (`source`: recipes | hype) is what a reader taps to draw from it."""
    if not cards:
        return pic.empty(words("empty_pile"))
    return pic.back(len(cards), words("cards_face_down", n=len(cards)),
                    pick=pic.Pick(source, "source") if source else None)


def draw(engine, s, words: pic.Words, viewer: str | None = None) -> pic.Html:
    colours = engine.data["dice"].get("colours", {})
    head = pic.facts((words("phase"), words(f"phase.{s.phase.replace('-', '_')}")),
                     (words("dv.stage"), words(f"dv.stage.{s.stage}") if s.stage != "normal" else ""),
                     (words("dv.trigger"), s.players[s.trigger].name if s.trigger is not None else ""))
    cells = [[_die(engine, s, words, d) if d else pic.empty(words("dv.no_die"), cls="tl-cell") for d in line]
             for line in s.block]
    legend = pic.row(*(pic.span(pic.die("", words.name(v), colours.get(v, ""), cls="tl-swatch"), words.name(v),
                                cls="tl-key-item") for v in engine.veggies), cls="tl-key")
    total = sum(s.faces[d] for d in s.block_dice())
    block = pic.zone(words("dv.block"), pic.grid(cells, words("dv.block"), cls="tl-dice-block"), legend,
                     pic.facts((words("dv.block_dice"), len(s.block_dice())), (words("dv.block_sum"), total),
                               (words("dv.used"), len(s.used))))
    decks = pic.row(pic.zone(words("dv.recipe_deck"), _pile(words, s.recipe_deck, "recipes")),
                    pic.zone(words("dv.display"), _cards(engine, words, s.display, "dv.no_recipes")),
                    # an empty deck is drawn from its discard pile, shuffled: then the pile is what a reader taps
                    pic.zone(words("dv.recipe_discard"),
                             _pile(words, s.recipe_discard, "" if s.recipe_deck else "recipes")),
                    pic.zone(words("dv.hype_deck"), _pile(words, s.hype_deck, "hype")),
                    pic.zone(words("dv.hype_discard"), _pile(words, s.hype_discard, "" if s.hype_deck else "hype")))
    scores = engine.score(s)
    panels = []
    for p, sc, (current, badge) in zip(s.players, scores, pic.seats(engine, s, words)):
        dice = pic.row(*(_die(engine, s, words, d) for d in p.dice)) if p.dice else pic.empty(words("dv.no_dice"))
        mine = pic.sees(viewer, p)          # recipes and hype cards in hand, and paired hype cards, are secret
        def hype(e, mine=mine):
            return pic.card(words.name(e.hype), kind="hype", face=e.hype) if mine else pic.face_down(words)
        cooked = pic.row(*(pic.span(_recipe(engine, words, e.recipe), hype(e) if e.hype else "",
                                    cls="tl-laid")
                           for e in p.cooked)) if p.cooked else pic.empty(words("dv.nothing_cooked"))
        chef = pic.token(words("dv.chef"), cls="tl-chef" if p.chef else "tl-chef tl-used",
                         label=words("dv.chef_ready") if p.chef else words("dv.chef_used"))
        panels.append(pic.panel(p.name, pic.zone(words("dv.dice_n", n=len(p.dice)), dice),
                                pic.zone(words("dv.recipes_hand"), _cards(engine, words, p.recipes, "dv.no_recipes")
                                         if mine else pic.hand_back(len(p.recipes), words)),
                                pic.zone(words("dv.hype_hand"), _cards(engine, words, p.hype, "dv.no_hype")
                                         if mine else pic.hand_back(len(p.hype), words)),
                                pic.zone(words("dv.cooked"), cooked),
                                pic.row(chef, pic.facts((words("score"), words("dv.score", total=sc["total"],
                                                                    recipes=sc["recipes"], hype=sc["hype"]) if mine
                                                         else words("score_open", total=sc["recipes"])))),
                                current=current, badge=badge))
    return pic.picture(head, block, decks, pic.players(*panels), label=words("table"), game="diced-veggies")
