"""Suppenkasper's table as a picture (see tischlein.engine.picture): the weight track with every figure on it,
the plate being served, and each player's hand and red chips."""
from __future__ import annotations

from itertools import groupby

from ...engine import picture as pic


def _card(engine, words: pic.Words, c: str, pick: pic.Pick | None = None) -> pic.Html:
    kind, kind_of_type = engine.kind_of[c], engine.type_of[c]
    entree = engine.entrees.get(kind_of_type) or engine.entrees.get(engine.sides.get(kind_of_type, {}).get("entree"))
    value = engine.value_of[c] if kind in ("entree", "side", "meal") else None
    name = words.name(kind_of_type)         # the calories stand in the card's corner
    return pic.card(name, kind=kind, value=value, cls=pic.colour(entree["colour"]) if entree else "",
                    label=words("sp.kcal", name=name, kcal=value) if value is not None else None, pick=pick, face=c)


def _track(engine, s, words: pic.Words) -> pic.Html:
    at: dict[int, list[str]] = {}
    for p in s.players:
        at.setdefault(p.position, []).append(p.name)
    segments = []
    for cls, spaces in groupby(sorted(engine.class_at.items()), key=lambda kv: kv[1]):
        cells = [(f"{pos:+d}" if pos else "0",
                  pic.span(*(pic.marker(n, label=words("sp.figure", player=n)) for n in at.get(pos, [])),
                           cls="tl-markers"),
                  "tl-occupied" if pos in at else "") for pos, _ in spaces]
        segments.append(pic.div(pic.span(words.name(cls), cls="tl-segment-name"),
                                pic.track(cells, words.name(cls)), cls="tl-segment"))
    return pic.zone(words("sp.track"), pic.div(*segments, cls="tl-segments"), cls="tl-weight-track")


def draw(engine, s, words: pic.Words, viewer: str | None = None) -> pic.Html:
    names = s.names
    head = pic.facts((words("round"), s.round), (words("phase"), words(f"phase.{s.phase.replace('-', '_')}")),
                     (words("sp.chips_in"), s.chips_spent))
    request = ""
    if s.pending:
        request = pic.facts((words("sp.request"), words("sp.request_text", asker=names[s.pending["asker"]],
                                                        got=s.pending["got"], giver=names[s.pending["giver"]])))
    plate = pic.empty(words("sp.empty_plate"))
    if s.plate:
        plate = pic.row(*(_card(engine, words, c) for c in s.plate),
                        pic.token(words("sp.total_kcal", kcal=engine.calories(s.plate)), cls="tl-value-chip"),
                        pick=pic.Pick(move="eat"))
    served = words("sp.served_by", player=names[s.leader]) if s.leader is not None and s.plate else ""
    table = pic.row(pic.zone(words("sp.plate"), plate, pic.facts((words("sp.served"), served),
                                                                 (words("sp.refused"),
                                                                  words("yes") if s.refused else ""))),
                    pic.zone(words("sp.aside"), pic.back(len(s.aside), words("cards_out", n=len(s.aside))) if s.aside
                             else pic.empty(words("empty_pile"))),
                    pic.zone(words("box"), pic.back(len(s.box), words("cards_out", n=len(s.box))) if s.box
                             else pic.empty(words("empty_pile"))))
    panels = []
    for p, (current, badge) in zip(s.players, pic.seats(engine, s, words)):
        chips = pic.row(*(pic.token("", cls="tl-chip", label=words("sp.chip")) for _ in range(p.chips)),
                        pick=pic.Pick(move="chip")) if p.chips \
            else pic.empty(words("sp.no_chips"))
        where = words("sp.position", position=f"{p.position:+d}" if p.position else "0",
                      weight=words.name(engine.class_at.get(p.position, "")))
        hand = pic.row(*(_card(engine, words, c, pic.Pick(c)) for c in p.hand)) if p.hand \
            else pic.empty(words("empty_hand"))
        if not pic.sees(viewer, p):
            hand = pic.hand_back(len(p.hand), words)
        panels.append(pic.panel(p.name, pic.facts((words("sp.at"), where)),
                                pic.zone(words("sp.chips_n", n=p.chips), chips),
                                pic.zone(words("hand_n", n=len(p.hand)), hand), current=current, badge=badge))
    return pic.picture(head, request, _track(engine, s, words), table, pic.players(*panels), label=words("table"),
                       game="suppenkasper")
