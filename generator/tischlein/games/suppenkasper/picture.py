"""Suppenkasper's table as a picture (see tischlein.engine.picture): the weight track with every figure on it,
the plate being served, and each player's hand and red chips."""
from __future__ import annotations

from itertools import groupby

from ...engine.picture import (Html, Pick, Words, back, card, colour, div, empty, facts, hand_back, marker, panel,
                               picture, players, row, seats, span, token, track, zone)
from ...engine.privacy import sees


def _card(engine, words: Words, c: str, pick: Pick | None = None) -> Html:
    kind, kind_of_type = engine.kind_of[c], engine.type_of[c]
    entree = engine.entrees.get(kind_of_type) or engine.entrees.get(engine.sides.get(kind_of_type, {}).get("entree"))
    value = engine.value_of[c] if kind in ("entree", "side", "meal") else None
    name = words.name(kind_of_type)         # the calories stand in the card's corner
    return card(name, kind=kind, value=value, cls=colour(entree["colour"]) if entree else "",
                label=words("sp.kcal", name=name, kcal=value) if value is not None else None, pick=pick, face=c)


def _track(engine, s, words: Words) -> Html:
    at: dict[int, list[str]] = {}
    for p in s.players:
        at.setdefault(p.position, []).append(p.name)
    segments = []
    for cls, spaces in groupby(sorted(engine.class_at.items()), key=lambda kv: kv[1]):
        cells = [(f"{pos:+d}" if pos else "0",
                  span(*(marker(n, label=words("sp.figure", player=n)) for n in at.get(pos, [])), cls="tl-markers"),
                  "tl-occupied" if pos in at else "") for pos, _ in spaces]
        segments.append(div(span(words.name(cls), cls="tl-segment-name"),
                            track(cells, words.name(cls)), cls="tl-segment"))
    return zone(words("sp.track"), div(*segments, cls="tl-segments"), cls="tl-weight-track")


def draw(engine, s, words: Words, viewer: str | None = None) -> Html:
    names = s.names
    head = facts((words("round"), s.round), (words("phase"), words(f"phase.{s.phase.replace('-', '_')}")),
                 (words("sp.chips_in"), s.chips_spent))
    request = ""
    if s.pending:
        request = facts((words("sp.request"), words("sp.request_text", asker=names[s.pending["asker"]],
                                                    got=s.pending["got"], giver=names[s.pending["giver"]])))
    plate = empty(words("sp.empty_plate"))
    if s.plate:
        plate = row(*(_card(engine, words, c) for c in s.plate),
                    token(words("sp.total_kcal", kcal=engine.calories(s.plate)), cls="tl-value-chip"),
                    pick=Pick(move="eat"))
    served = words("sp.served_by", player=names[s.leader]) if s.leader is not None and s.plate else ""
    table = row(zone(words("sp.plate"), plate, facts((words("sp.served"), served),
                                                     (words("sp.refused"), words("yes") if s.refused else ""))),
                zone(words("sp.aside"), back(len(s.aside), words("cards_out", n=len(s.aside))) if s.aside
                     else empty(words("empty_pile"))),
                zone(words("box"), back(len(s.box), words("cards_out", n=len(s.box))) if s.box
                     else empty(words("empty_pile"))))
    panels = []
    for p, (current, badge) in zip(s.players, seats(engine, s, words)):
        chips = row(*(token("", cls="tl-chip", label=words("sp.chip")) for _ in range(p.chips)),
                    pick=Pick(move="chip")) if p.chips \
            else empty(words("sp.no_chips"))
        where = words("sp.position", position=f"{p.position:+d}" if p.position else "0",
                      weight=words.name(engine.class_at.get(p.position, "")))
        hand = row(*(_card(engine, words, c, Pick(c)) for c in p.hand)) if p.hand else empty(words("empty_hand"))
        if not sees(viewer, p):
            hand = hand_back(len(p.hand), words)
        panels.append(panel(p.name, facts((words("sp.at"), where)), zone(words("sp.chips_n", n=p.chips), chips),
                            zone(words("hand_n", n=len(p.hand)), hand), current=current, badge=badge))
    return picture(head, request, _track(engine, s, words), table, players(*panels), label=words("table"),
                   game="suppenkasper")
