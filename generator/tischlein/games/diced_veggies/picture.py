"""Diced Veggies' table as a picture (see tischlein.engine.picture): the dice block as a grid of coloured dice,
the recipe display and the decks, and each player's dice, recipe and hype cards, cooked recipes and chef token."""
from __future__ import annotations

from ...engine.picture import (Html, Pick, Words, back, card, colour, die, empty, face_down, facts, grid, hand_back,
                               panel, picture, players, row, seats, span, token, zone)
from ...engine.privacy import sees


def _die(engine, s, words: Words, d: str) -> Html:
    veggie = engine.veggie_of[d]
    label = words("dv.die", die=words.name(d), value=s.faces[d])
    if d in s.improvised:
        label = words("dv.improvised", die=label, veggie=words.name(s.improvised[d]))
    return die(s.faces[d], label, engine.data["dice"].get("colours", {}).get(veggie, ""),
               cls="tl-improvised" if d in s.improvised else "", pick=Pick(d))


def _recipe(engine, words: Words, c: str) -> Html:
    recipe = engine.recipes[engine.type_of[c]]
    colours = engine.data["dice"].get("colours", {})
    needs = span(*(span(span(n, cls="tl-need-count"), span(words.name(v), cls="tl-sr"),
                        cls=f"tl-need {colour(colours.get(v))}", title=words.name(v))
                   for v, n in recipe["needs"].items()), cls="tl-needs")
    return card(words.name(c), needs, kind="recipe", value=recipe["points"],
                label=words("dv.recipe", name=words.name(c), points=recipe["points"]), pick=Pick(c), face=c)


def _cards(engine, words: Words, cards: list[str], none: str) -> Html:
    if not cards:
        return empty(words(none))
    return row(*(_recipe(engine, words, c) if engine.kind_of[c] == "recipe" else
                 card(words.name(c), kind="hype", pick=Pick(c), face=c) for c in cards))


def _pile(words: Words, cards: list[str], source: str = "") -> Html:
    """A face-down pile; a deck (`source`: recipes | hype) is what a reader taps to draw from it."""
    if not cards:
        return empty(words("empty_pile"))
    return back(len(cards), words("cards_face_down", n=len(cards)), pick=Pick(source, "source") if source else None)


def draw(engine, s, words: Words, viewer: str | None = None) -> Html:
    colours = engine.data["dice"].get("colours", {})
    head = facts((words("phase"), words(f"phase.{s.phase.replace('-', '_')}")),
                 (words("dv.stage"), words(f"dv.stage.{s.stage}") if s.stage != "normal" else ""),
                 (words("dv.trigger"), s.players[s.trigger].name if s.trigger is not None else ""))
    cells = [[_die(engine, s, words, d) if d else empty(words("dv.no_die"), cls="tl-cell") for d in line]
             for line in s.block]
    legend = row(*(span(die("", words.name(v), colours.get(v, ""), cls="tl-swatch"), words.name(v),
                        cls="tl-key-item") for v in engine.veggies), cls="tl-key")
    total = sum(s.faces[d] for d in s.block_dice())
    block = zone(words("dv.block"), grid(cells, words("dv.block"), cls="tl-dice-block"), legend,
                 facts((words("dv.block_dice"), len(s.block_dice())), (words("dv.block_sum"), total),
                       (words("dv.used"), len(s.used))))
    decks = row(zone(words("dv.recipe_deck"), _pile(words, s.recipe_deck, "recipes")),
                zone(words("dv.display"), _cards(engine, words, s.display, "dv.no_recipes")),
                # an empty deck is drawn from its discard pile, shuffled: then the pile is what a reader taps
                zone(words("dv.recipe_discard"), _pile(words, s.recipe_discard, "" if s.recipe_deck else "recipes")),
                zone(words("dv.hype_deck"), _pile(words, s.hype_deck, "hype")),
                zone(words("dv.hype_discard"), _pile(words, s.hype_discard, "" if s.hype_deck else "hype")))
    scores = engine.score(s)
    panels = []
    for p, sc, (current, badge) in zip(s.players, scores, seats(engine, s, words)):
        dice = row(*(_die(engine, s, words, d) for d in p.dice)) if p.dice else empty(words("dv.no_dice"))
        mine = sees(viewer, p)          # recipes and hype cards in hand, and paired hype cards, are secret
        cooked = row(*(span(_recipe(engine, words, e.recipe),
                            (card(words.name(e.hype), kind="hype", face=e.hype) if mine else face_down(words)) if e.hype else "",
                            cls="tl-laid")
                       for e in p.cooked)) if p.cooked else empty(words("dv.nothing_cooked"))
        chef = token(words("dv.chef"), cls="tl-chef" if p.chef else "tl-chef tl-used",
                     label=words("dv.chef_ready") if p.chef else words("dv.chef_used"))
        panels.append(panel(p.name, zone(words("dv.dice_n", n=len(p.dice)), dice),
                            zone(words("dv.recipes_hand"), _cards(engine, words, p.recipes, "dv.no_recipes")
                                 if mine else hand_back(len(p.recipes), words)),
                            zone(words("dv.hype_hand"), _cards(engine, words, p.hype, "dv.no_hype")
                                 if mine else hand_back(len(p.hype), words)),
                            zone(words("dv.cooked"), cooked),
                            row(chef, facts((words("score"), words("dv.score", total=sc["total"],
                                                                    recipes=sc["recipes"], hype=sc["hype"]) if mine
                                             else words("score_open", total=sc["recipes"])))),
                            current=current, badge=badge))
    return picture(head, block, decks, players(*panels), label=words("table"), game="diced-veggies")
