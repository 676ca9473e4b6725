"""Mahlzeit's table as a picture (see tischlein.engine.picture): the stack, the five open rows with their top
cards, the dish cards still on the table, and each player's hand and laid dishes with the score."""
from __future__ import annotations

from ...engine import picture as pic
from .engine import APRON, DIRTY_POTS


def _card(engine, words: pic.Words, c: str, top: bool = False, pick: pic.Pick | None = None) -> pic.Html:
    return pic.card(words.name(c), kind=engine.kind_of[c], cls="tl-top" if top else "", pick=pick, face=c)


def _rows(engine, s, words: pic.Words) -> pic.Html:
    rows = []
    for i, cards in enumerate(s.rows, 1):
        shown = [_card(engine, words, c, top=j == len(cards) - 1) for j, c in enumerate(cards)]
        rows.append(pic.row(pic.span(words("row", n=i), cls="tl-row-label"),
                            *(shown or [pic.empty(words("empty_row"))]),
                            cls="tl-card-row", pick=pic.Pick(i, "row")))
    return pic.zone(words("mahlzeit.rows"), *rows, cls="tl-rows")


def _dish(engine, words: pic.Words, d) -> pic.Html:
    extra = [_card(engine, words, c) for c in [d.drink, *d.specials] if c]
    if d.apron:
        extra.append(pic.token(words.name(APRON), cls="tl-small", face=APRON))
    return pic.span(pic.card(words.name(d.dish), kind="dish", value=d.value, face=f"{d.dish}:{d.value}"), *extra,
                    cls="tl-laid")


def draw(engine, s, words: pic.Words, viewer: str | None = None) -> pic.Html:
    scores = {x["player"]: x for x in engine.score(s)}
    phase = words(f"phase.{s.phase.replace('-', '_')}")
    head = pic.facts((words("phase"), phase),
                     (words("mahlzeit.final"), words("yes") if s.final else ""),
                     (words("mahlzeit.variant"), words("yes") if s.variant else ""))
    top = list(reversed(s.stack))
    stack = pic.back(len(s.stack), words("cards_face_down", n=len(s.stack)), pick=pic.Pick(move="draw")) if top \
        else pic.empty(words("empty_pile"))
    table = pic.row(pic.zone(words("stack"), stack),
                    pic.zone(words("box"), pic.back(len(s.box), words("cards_out", n=len(s.box))) if s.box
                             else pic.empty(words("empty_pile"))))
    columns = pic.zone(words("mahlzeit.dish_cards"), *(
        pic.row(pic.span(words.name(dish), cls="tl-row-label"),
                *([pic.token(v, cls="tl-value-chip", label=words("points_n", n=v)) for v in values]
                  or [pic.empty(words("mahlzeit.no_dish_cards"))]), cls="tl-card-row", pick=pic.Pick(dish, "dish"))
        for dish, values in s.columns.items()), cls="tl-columns")
    panels = []
    for p, (current, badge) in zip(s.players, pic.seats(engine, s, words)):
        score = scores[p.name]
        hand = pic.zone(words("hand_n", n=len(p.hand)),
                        pic.row(*[_card(engine, words, c, pick=pic.Pick(c)) for c in p.hand])
                        if p.hand else pic.empty(words("empty_hand")))
        if not pic.sees(viewer, p):                  # the hand is secret, and so is what it counts at the end
            hand = pic.zone(words("hand_n", n=len(p.hand)), pic.hand_back(len(p.hand), words))
        laid = pic.zone(words("mahlzeit.laid"), pic.row(*[_dish(engine, words, d) for d in p.dishes])
                        if p.dishes else pic.empty(words("mahlzeit.nothing_laid")))
        told = words("mahlzeit.score", total=score["total"], laid=score["laid"], hand=score["hand"]) \
            if pic.sees(viewer, p) else words("score_open", total=score["laid"])
        panels.append(pic.panel(p.name, hand, laid, pic.facts((words("score"), told)), current=current, badge=badge))
    waiting = ""
    if s.pending:
        pending = words("mahlzeit.dirty_pots", holder=s.players[s.pending["holder"]].name, card=words.name(DIRTY_POTS),
                        layer=s.players[s.pending["layer"]].name)
        waiting = pic.facts((words("mahlzeit.waiting"), pending))
    return pic.picture(head, waiting, table, _rows(engine, s, words), columns, pic.players(*panels),
                       label=words("table"), game="mahlzeit")
