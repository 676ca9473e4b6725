"""Schwarzwälder Kirsch's table as a picture (see tischlein.engine.picture): the pantry of face-down cards by
position (only the card just turned up shows its face), and each player's cake — a place for every ingredient,
filled or still missing — with their action card and rounds won."""
from __future__ import annotations

from ...engine.picture import (Html, Pick, Words, back, card, empty, face_down, facts, panel, picture, players, row,
                               seats, span, token, zone)
from ...engine.privacy import sees


def _pantry(s, words: Words) -> Html:
    places = []
    for i, c in enumerate(s.pantry, 1):
        if c is None:
            places.append(empty(words("sk.gap", n=i), cls="tl-card-size"))
        elif i == s.revealed:
            places.append(card(words.name(c), value=i, cls="tl-top", label=words("sk.face_up_at", n=i),
                               pick=Pick(move="take"), face=c))         # an action card turned up is taken by a tap
        else:
            places.append(back(i, words("sk.face_down_at", n=i), pick=Pick(i, "position")))
    size = len(s.pantry) - s.pantry.count(None)
    return zone(words("sk.pantry_n", n=size), row(*places, cls="tl-spread") if places else empty(words("empty_pile")))


def _cake(engine, p, words: Words) -> Html:
    slots = []
    for ing in engine.cake:
        c = p.collection.get(ing)
        if c is None:
            slots.append(span(words.name(ing), cls="tl-slot", title=words("sk.missing", ingredient=words.name(ing)),
                              pick=Pick(ing, "ingredient")))
        elif engine.kind_of[c] == "joker":
            slots.append(card(words.name(c), span(words("sk.as", ingredient=words.name(ing)), cls="tl-card-note"),
                              kind="joker", face=c))
        else:
            slots.append(card(words.name(c), kind="ingredient", face=c))
    return zone(words("sk.cake_n", n=len(p.collection), of=len(engine.cake)), row(*slots, cls="tl-cake"))


def draw(engine, s, words: Words, viewer: str | None = None) -> Html:
    over = engine.is_over(s)
    rounds = words("sk.round_of", n=s.round, of=s.rounds) if s.round <= s.rounds else words("sk.tie_round", n=s.round)
    head = facts((words("round"), rounds), (words("phase"), words(f"phase.{s.phase.replace('-', '_')}")),
                 (words("sk.reveals"), s.reveals if not over else ""),
                 (words("sk.winners"), ", ".join(s.players[i].name for i in s.history)))
    panels = []
    for i, (p, (current, badge)) in enumerate(zip(s.players, seats(engine, s, words))):
        action = card(words.name(p.action), span(words("sk.new"), cls="tl-card-note") if p.fresh else "",
                      kind="action", pick=Pick(move="play"), face=p.action) if p.action else empty(words("sk.no_action"))
        if p.action and not sees(viewer, p):     # a kept action card lies face down
            action = face_down(words)
        starter = token(words.name(engine.data["start_card"]), cls="tl-small", face=engine.data["start_card"]) if i == s.start else ""
        panels.append(panel(p.name, _cake(engine, p, words),
                            row(zone(words("sk.action"), action), zone(words("sk.wins"), token(p.wins, cls="tl-value-chip")),
                                starter),
                            current=current, badge=badge))
    return picture(head, _pantry(s, words), players(*panels), label=words("table"), game="schwarzwaelder-kirsch")
