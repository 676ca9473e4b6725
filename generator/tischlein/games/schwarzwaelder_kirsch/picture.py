"""Schwarzwälder Kirsch's table as a picture (see tischlein.engine.picture): the pantry of face-down cards by
position (only the card just turned up shows its face), and each player's cake — a place for every ingredient,
filled or still missing — with their action card and rounds won."""
from __future__ import annotations

from ...engine import picture as pic


def _pantry(s, words: pic.Words) -> pic.Html:
    places = []
    for i, c in enumerate(s.pantry, 1):
        if c is None:
            places.append(pic.empty(words("sk.gap", n=i), cls="tl-card-size"))
        elif i == s.revealed:
            # an action card turned up is taken by a tap
            places.append(pic.card(words.name(c), value=i, cls="tl-top", label=words("sk.face_up_at", n=i),
                                   pick=pic.Pick(move="take"), face=c))
        else:
            places.append(pic.back(i, words("sk.face_down_at", n=i), pick=pic.Pick(i, "position")))
    size = len(s.pantry) - s.pantry.count(None)
    return pic.zone(words("sk.pantry_n", n=size),
                    pic.row(*places, cls="tl-spread") if places else pic.empty(words("empty_pile")))


def _cake(engine, p, words: pic.Words) -> pic.Html:
    slots = []
    for ing in engine.cake:
        c = p.collection.get(ing)
        if c is None:
            slots.append(pic.span(words.name(ing), cls="tl-slot", title=words("sk.missing", ingredient=words.name(ing)),
                                  pick=pic.Pick(ing, "ingredient")))
        elif engine.kind_of[c] == "joker":
            slots.append(pic.card(words.name(c),
                                  pic.span(words("sk.as", ingredient=words.name(ing)), cls="tl-card-note"),
                                  kind="joker", face=c))
        else:
            slots.append(pic.card(words.name(c), kind="ingredient", face=c))
    return pic.zone(words("sk.cake_n", n=len(p.collection), of=len(engine.cake)), pic.row(*slots, cls="tl-cake"))


def draw(engine, s, words: pic.Words, viewer: str | None = None) -> pic.Html:
    over = engine.is_over(s)
    rounds = words("sk.round_of", n=s.round, of=s.rounds) if s.round <= s.rounds else words("sk.tie_round", n=s.round)
    head = pic.facts((words("round"), rounds), (words("phase"), words(f"phase.{s.phase.replace('-', '_')}")),
                     (words("sk.reveals"), s.reveals if not over else ""),
                     (words("sk.winners"), ", ".join(s.players[i].name for i in s.history)))
    panels = []
    for i, (p, (current, badge)) in enumerate(zip(s.players, pic.seats(engine, s, words))):
        action = pic.card(words.name(p.action), pic.span(words("sk.new"), cls="tl-card-note") if p.fresh else "",
                          kind="action", pick=pic.Pick(move="play"), face=p.action) if p.action \
            else pic.empty(words("sk.no_action"))
        if p.action and not pic.sees(viewer, p):     # a kept action card lies face down
            action = pic.face_down(words)
        starter = pic.token(words.name(engine.data["start_card"]), cls="tl-small",
                            face=engine.data["start_card"]) if i == s.start else ""
        panels.append(pic.panel(p.name, _cake(engine, p, words),
                                pic.row(pic.zone(words("sk.action"), action),
                                        pic.zone(words("sk.wins"), pic.token(p.wins, cls="tl-value-chip")),
                                        starter),
                                current=current, badge=badge))
    return pic.picture(head, _pantry(s, words), pic.players(*panels), label=words("table"),
                       game="schwarzwaelder-kirsch")
