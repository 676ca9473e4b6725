"""Mahlzeit's table as a picture (see tischlein.engine.picture): the stack, the five open rows with their top
cards, the dish cards still on the table, and each player's hand and laid dishes with the score."""
from __future__ import annotations

from ...engine.picture import (Html, Pick, Words, back, card, empty, facts, hand_back, panel, picture, players, row,
                               seats, span, token, zone)
from ...engine.privacy import sees
from .engine import APRON, DIRTY_POTS


def _card(engine, words: Words, c: str, top: bool = False, pick: Pick | None = None) -> Html:
    return card(words.name(c), kind=engine.kind_of[c], cls="tl-top" if top else "", pick=pick, face=c)


def _rows(engine, s, words: Words) -> Html:
    rows = []
    for i, cards in enumerate(s.rows, 1):
        shown = [_card(engine, words, c, top=j == len(cards) - 1) for j, c in enumerate(cards)]
        rows.append(row(span(words("row", n=i), cls="tl-row-label"), *(shown or [empty(words("empty_row"))]),
                        cls="tl-card-row", pick=Pick(i, "row")))
    return zone(words("mahlzeit.rows"), *rows, cls="tl-rows")


def _dish(engine, words: Words, d) -> Html:
    extra = [_card(engine, words, c) for c in [d.drink, *d.specials] if c]
    if d.apron:
        extra.append(token(words.name(APRON), cls="tl-small", face=APRON))
    return span(card(words.name(d.dish), kind="dish", value=d.value, face=f"{d.dish}:{d.value}"), *extra, cls="tl-laid")


def draw(engine, s, words: Words, viewer: str | None = None) -> Html:
    scores = {x["player"]: x for x in engine.score(s)}
    phase = words(f"phase.{s.phase.replace('-', '_')}")
    head = facts((words("phase"), phase),
                 (words("mahlzeit.final"), words("yes") if s.final else ""),
                 (words("mahlzeit.variant"), words("yes") if s.variant else ""))
    top = list(reversed(s.stack))
    table = row(zone(words("stack"), back(len(s.stack), words("cards_face_down", n=len(s.stack)),
                                          pick=Pick(move="draw")) if top else empty(words("empty_pile"))),
                zone(words("box"), back(len(s.box), words("cards_out", n=len(s.box))) if s.box
                     else empty(words("empty_pile"))))
    columns = zone(words("mahlzeit.dish_cards"), *(
        row(span(words.name(dish), cls="tl-row-label"),
            *([token(v, cls="tl-value-chip", label=words("points_n", n=v)) for v in values]
              or [empty(words("mahlzeit.no_dish_cards"))]), cls="tl-card-row", pick=Pick(dish, "dish"))
        for dish, values in s.columns.items()), cls="tl-columns")
    panels = []
    for p, (current, badge) in zip(s.players, seats(engine, s, words)):
        score = scores[p.name]
        hand = zone(words("hand_n", n=len(p.hand)), row(*[_card(engine, words, c, pick=Pick(c)) for c in p.hand])
                    if p.hand else empty(words("empty_hand")))
        if not sees(viewer, p):                  # the hand is secret, and so is what it counts at the end
            hand = zone(words("hand_n", n=len(p.hand)), hand_back(len(p.hand), words))
        laid = zone(words("mahlzeit.laid"), row(*[_dish(engine, words, d) for d in p.dishes])
                    if p.dishes else empty(words("mahlzeit.nothing_laid")))
        told = words("mahlzeit.score", total=score["total"], laid=score["laid"], hand=score["hand"]) \
            if sees(viewer, p) else words("score_open", total=score["laid"])
        panels.append(panel(p.name, hand, laid, facts((words("score"), told)), current=current, badge=badge))
    waiting = ""
    if s.pending:
        waiting = facts((words("mahlzeit.waiting"), words("mahlzeit.dirty_pots", holder=s.players[s.pending["holder"]].name,
                                                        card=words.name(DIRTY_POTS),
                                                        layer=s.players[s.pending["layer"]].name)))
    return picture(head, waiting, table, _rows(engine, s, words), columns, players(*panels),
                   label=words("table"), game="mahlzeit")
