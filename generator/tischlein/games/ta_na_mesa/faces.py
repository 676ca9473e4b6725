"""Tá na Mesa's components: 50 ingredient cards, 8 character cards and a player aid per player; 25 recipe tiles;
4 counters (bancadas) with their 2 × 2 stoves; 12 two-sided spice tokens, 8 markers, the vegetarian prize and the
chef's hat; the scoring board with the score and sum tracks.

Palette: warm Brazilian kitchen colours (terracotta, cream, wood) around the five class colours of the content.
Every class also has a shape (yellow circle, green hexagon, blue square, red diamond, orange cross; see
pdf/art/ta_na_mesa.py) and its cards a wallpaper of that shape, so colour-blind players can tell the classes and
the presentation's half-symbols apart. Every value shows its provenance mark (* reconstructed) in a corner.
"""
from __future__ import annotations

from functools import partial
from typing import Any

from ...pdf import fonts
from ...pdf.back import banner, clipped_to_bleed, emblem, word_under
from ...pdf.card import MIN_BODY, MIN_TITLE, FaceBox, background, divider, fit, icon_disc, numbered_box, text_box
from ...pdf.card import Frame as CardFrame
from ...pdf.component import Board, Deck, Kind, Piece, PrintSet, card_pieces, credits_of
from ...pdf.errors import PdfBuildError
from ...pdf.icons import color, place_centred
from ...pdf.palette import active, area, luma, readable, tint
from ...pdf.texts import Texts
from ...pdf.tile import tile_deck, tile_size
from ...pdf.token import round_token, token_deck
from ...pdf.units import Size, mm
from . import art
from .board import board_size, scoring_board
from .style import (AID, AID_MIN, CHARACTER, COUNTER_MM, CREAM, FIELD_KEYS, ICONS, INK, KIND_ICON, KIND_ORDER, PAPER,
                    RECIPE_TILE_MM, TERRACOTTA, TOKEN_MM, WOOD, icon_for, on, shape_plate, value_disc, value_text,
                    wallpaper, wallpaper_name)
from .tiles import counter_face, recipe_back, recipe_face

# --- cards -----------------------------------------------------------------------------------------------------

class Frame(CardFrame):
    """One front on a cream rim; ingredient cards wear their class's shape as a wallpaper on the panel."""

    def __init__(self, c, box: FaceBox, fill: str, shape: str | None = None):
        super().__init__(c, box, fill, rim=CREAM, ink=on(fill), outline_width=1.2)
        if shape:
            wallpaper(c, shape, self.x0, self.y0, self.x1 - self.x0, self.y1 - self.y0, tint(fill, 0.28))

    def title(self, top: float, name: str, gloss: str | None, size: float = 15, width: float | None = None) -> float:
        return self.title_at(top, name, gloss, size, gloss_size=8, gap=1.5, width=width)

    def body(self, top: float, bottom: float) -> tuple[float, float, float, float]:
        # in ink-saver mode the tinted paper needs an outline to stand out from the tinted panel
        paper = area(PAPER)
        return self.paper(top, bottom, paper, stroke=self.fill if paper != PAPER else None)


def ingredient_face(c, box: FaceBox, *, name, gloss, icon, value, fill, shape, class_name, class_icon, label,
                    mark) -> None:
    """Value in the class shape top left and top right (readable in a fanned hand), name, icon, class."""
    f = Frame(c, box, fill, shape)
    r = f.s(6.2)
    cy = f.y1 - f.pad - r
    for cx in (f.x0 + f.pad + r, f.x1 - f.pad - r):
        shape_plate(c, shape, cx, cy, r, "#ffffff", INK, 1.1)
        value_text(c, str(value), cx, cy, r * 1.25, INK)
    between = f.inner_w - 4 * r - f.s(1)
    if max(fonts.width(w, fonts.TITLE, MIN_TITLE) for w in name.split()) <= between:
        top = f.title(f.y1 - f.pad - f.s(0.5), name, gloss, size=14, width=between)
        top = min(top, cy - r - f.s(1.2))
    else:       # small cards: the name goes below the value badges
        top = f.title(cy - r - f.s(0.8), name, gloss, size=14)
    foot = f.s(9)
    x, y, w, h = f.body(top, f.y0 + f.pad + foot)
    place_centred(c, icon, x + w / 2, y + h / 2 + f.s(1.5), min(w, h) * 0.78)
    # quality pips along the bottom of the panel: the value as dots too
    pr, gap = f.s(1.2), f.s(3.6)
    px = x + w / 2 - gap * 2
    c.setLineWidth(0.6)
    c.setStrokeColor(color(INK))
    for i in range(5):
        c.setFillColor(color(fill if i < value else "#ffffff"))
        c.circle(px + i * gap, y + f.s(3), pr, stroke=1, fill=1)
    # footer: class shape with its icon and the class name
    fy = f.y0 + f.pad + foot / 2
    shape_plate(c, shape, f.x0 + f.pad + f.s(4), fy, f.s(3.6), "#ffffff", INK, 0.8)
    place_centred(c, class_icon, f.x0 + f.pad + f.s(4), fy, f.s(4.6))
    text_box(c, box, class_name, f.x0 + f.pad + f.s(9.5), fy - foot / 2, f.inner_w - f.s(16), foot,
             fonts.BOLD, max(8.5 * f.k, MIN_BODY), fill=on(fill), align="left", valign="middle", max_lines=2,
             leading=1.1, what="class name")
    f.mark(mark)


def character_face(c, box: FaceBox, *, name, gloss, text, ability, label, mark) -> None:
    """Title, the cook, the ability in words and, for a free symbol, the symbol itself."""
    f = Frame(c, box, CHARACTER)
    top = f.title(f.y1 - f.pad - f.s(1), name, gloss, size=15)
    x, y, w, h = f.body(top, f.y0 + f.pad)
    text_h = h * (0.42 if f.k >= 0.9 else 0.56)
    icon_h = h - text_h
    place_centred(c, "tnm-cook", x + w / 2, y + text_h + icon_h / 2, min(icon_h * 0.86, w * 0.6))
    if ability:
        fill, shape, cls_icon, value = ability
        r = f.s(6.5)
        cx, cy = x + w - r - f.s(2.5), y + text_h + r + f.s(2)
        shape_plate(c, shape, cx, cy, r, fill, INK, 1.1)
        place_centred(c, cls_icon, cx - r * 0.25, cy + r * 0.1, r * 1.2)
        value_disc(c, value, cx + r * 0.7, cy - r * 0.6, r * 0.48, r * 0.62)
    divider(c, x, w, y + text_h, f.s(6), CHARACTER)
    text_box(c, box, text, x + f.s(2.5), y + f.s(1.5), w - f.s(5), text_h - f.s(3), fonts.BODY, max(9 * f.k, MIN_BODY),
             valign="middle", what="ability text")
    f.mark(mark)


def aid_face(c, box: FaceBox, *, title, items, combos, combo_label, mark) -> None:
    f = Frame(c, box, AID)
    top = f.title(f.y1 - f.pad - f.s(1), title, None, size=15)
    x, y, w, h = f.body(top, f.y0 + f.pad)
    strip = f.s(15)
    numbered_box(c, box, items, x + f.s(2), y + strip + f.s(1.5), w - f.s(4), h - strip - f.s(3), fonts.BODY,
                 max(8.5 * f.k, MIN_BODY), what="player aid")
    divider(c, x, w, y + strip, f.s(3), AID)
    t = fit(box, combo_label, fonts.BOLD, 7, MIN_BODY, w - f.s(4), max_lines=1, what="aid label")
    c.setFont(fonts.BOLD, t.size)
    c.setFillColor(color(AID))
    c.drawCentredString(x + w / 2, y + strip - f.s(3.4), combo_label)
    slot = w / len(combos)
    for i, (n, points) in enumerate(combos):
        cx = x + slot * (i + 0.5)
        cy = y + f.s(5)
        for j in range(n):
            c.setFillColor(color("#6f9a3c"))
            c.setStrokeColor(color(INK))
            c.setLineWidth(0.6)
            c.circle(cx - f.s(6) + j * f.s(3.2), cy, f.s(1.3), stroke=1, fill=1)
        c.setFont(fonts.TITLE, 10 * f.k)
        c.setFillColor(color(INK))
        c.drawString(cx + f.s(3.5), cy - 3.6 * f.k, f"{points}")
    f.mark(mark)


# --- tokens ----------------------------------------------------------------------------------------------------

SPICE_RINGS = {"alho": "#9c8a78", "cebolinha": "#6fae3a", "coentro": "#2b7a3a", "pimenta": "#d7261e",
               "colorau": "#e8702a", "louro": "#7a8a2a"}


def spice_token(c, box: FaceBox, *, icon, name, ring) -> None:
    cx, cy, r = round_token(c, box, fill=area("#fff3dc"), ring=ring, edge=area("#fff3dc"))
    c.setStrokeColor(color(ring))
    c.setLineWidth(mm(1.2))
    c.circle(cx, cy, r + mm(0.7), stroke=1, fill=0)
    place_centred(c, icon, cx, cy + r * 0.18, r * 1.25)
    t = fit(box, name, fonts.BOLD, 7, 6, r * 1.5, max_lines=1, what="spice name")
    c.setFont(fonts.BOLD, t.size)
    c.setFillColor(color(INK))
    c.drawCentredString(cx, cy - r * 0.72, name)


def marker_token(c, box: FaceBox, *, fill, icon, word) -> None:
    ring = INK if luma(fill) > 0.7 else "#ffffff"
    cx, cy, r = round_token(c, box, fill=area(fill), ring=ring, edge=area(fill))
    place_centred(c, icon, cx, cy + r * 0.15, r * 1.0)
    t = fit(box, word, fonts.BOLD, 7, 6, r * 1.5, max_lines=1, what="marker word")
    c.setFont(fonts.BOLD, t.size)
    c.setFillColor(color(on(fill)))
    c.drawCentredString(cx, cy - r * 0.72, word)


def prize_token(c, box: FaceBox, *, points, word) -> None:
    cx, cy, r = round_token(c, box, fill=area("#367a32"), ring="#ffffff", edge=area("#367a32"))
    place_centred(c, "tnm-veg", cx, cy + r * 0.2, r * 1.05)
    value_text(c, str(points), cx + r * 0.55, cy + r * 0.5, r * 0.55, on("#367a32"))
    t = fit(box, word, fonts.BOLD, 6.5, 6, r * 1.6, max_lines=1, what="prize word")
    c.setFont(fonts.BOLD, t.size)
    c.setFillColor(color(on("#367a32")))
    c.drawCentredString(cx, cy - r * 0.72, word)


def hat_token(c, box: FaceBox, *, word) -> None:
    cx, cy, r = round_token(c, box, fill=area(TERRACOTTA), ring="#ffffff", edge=area(TERRACOTTA))
    place_centred(c, "chef-hat", cx, cy + r * 0.15, r * 1.15)
    t = fit(box, word, fonts.BOLD, 7, 6, r * 1.5, max_lines=1, what="hat word")
    c.setFont(fonts.BOLD, t.size)
    c.setFillColor(color(on(TERRACOTTA)))
    c.drawCentredString(cx, cy - r * 0.72, word)


# --- card backs ------------------------------------------------------------------------------------------------

def card_back(c, box: FaceBox, *, title, text, fill, icon) -> None:
    """Chita-style: a warm ground with a scatter of flowers, a plate with the icon, the name."""
    background(c, box, area(fill))
    with clipped_to_bleed(c, box):
        if not active():
            place_centred(c, "tnm-chita", box.w / 2, box.h / 2, max(box.w, box.h) + 2 * box.bleed)
    e = emblem(box, rise_mm=6, banner_w=0.82)
    icon_disc(c, icon, e.cx, e.cy, e.r, CREAM, INK, scale=1.4, ring_width=1.4)
    banner(c, box, title, e, fill=TERRACOTTA if fill != TERRACOTTA else WOOD, ink="#ffffff", size=20, stroke=INK,
           width=1.4)
    word_under(c, box, text, e, plate=CREAM, ink=INK)


# --- the print set ---------------------------------------------------------------------------------------------

def print_set(game, ui, lang: str, card: Size) -> PrintSet:
    """Tá na Mesa's components for one language, ready for the PDF builder."""
    m = game.model
    tx = Texts(ui, lang, game)
    gloss = tx.gloss

    def class_name(cl) -> str:
        # Portuguese class names stay; other languages get their meaning after them
        return cl.name if tx.in_own_language else f"{cl.name} · {tx.gloss(cl)}"

    # a class colour under white text is deepened until that text reads (4.5:1)
    colour_hex = {c.id: c.hex if luma(c.hex) > 0.55 else readable(c.hex) for c in m.colours.values()}
    shape_of = {cid: art.SHAPES[cid] for cid in colour_hex}

    def cls_sign(cls_id: str) -> tuple[str, str, str]:
        cl = m.classes[cls_id]
        return colour_hex[cl.colour], shape_of[cl.colour], icon_for(cls_id)

    # ---- cards ----
    def ingredient(cd) -> tuple[str, Any]:
        i = m.ingredients[cd.ref]
        hex_, shape, cls_icon = cls_sign(i.cls)
        return f"ingredient-{i.id}-{cd.value}", partial(
            ingredient_face, name=i.name, gloss=gloss(i), icon=icon_for(i.id), value=cd.value, fill=hex_,
            shape=shape, class_name=class_name(m.classes[i.cls]), class_icon=cls_icon, label={},
            mark=i.mark_of(("name", "values")))

    def character(cd) -> tuple[str, Any]:
        ch = m.characters[cd.ref]
        ability = (*cls_sign(ch.cls)[:2], icon_for(ch.cls), ch.value) if ch.kind == "free-symbol" else None
        return f"character-{ch.id}", partial(character_face, name=ch.name, gloss=gloss(ch),
                                             text=tx.game_text(ch.key + "text"), ability=ability, label={},
                                             mark=ch.mark_of(("name", "ability")))

    faces: dict[str, Any] = {}
    backs: dict[str, Any] = {}
    pieces = card_pieces(m.id, m.cards(), KIND_ORDER, faces, {"ingredient": ingredient, "character": character})
    details: dict[str, list[str]] = {k: [] for k in KIND_ORDER}
    for cls in m.classes.values():
        n = sum(len(i.values) for i in m.ingredients.values() if i.cls == cls.id)
        details["ingredient"].append(f"{n} × {cls.name}")
    details["character"] = [ch.name for ch in m.characters.values()]

    combos_by_size = sorted({(len(s), p) for ctr in m.counters.values() for s, p in ctr.combos})
    faces["aid"] = partial(aid_face, title=tx.ui_text("pdf.aid.title"),
                           items=[x for x in tx.ui_text("pdf.tnm.aid.text").splitlines() if x.strip()],
                           combos=combos_by_size, combo_label=tx.ui_text("pdf.tnm.spice_combos"),
                           mark=_mark_fact(m, "recipe_reshuffle"))
    pieces["aid"] = [Piece(f"aid-{n}", "aid", "aid", "aid") for n in range(1, m.players[1] + 1)]

    # ---- recipe tiles, counters, tokens (non-card pieces from the model) ----
    label = {"symbols": tx.ui_text("pdf.tnm.symbols"), "spices": tx.ui_text("pdf.tnm.spice_combos"),
             "note": tx.ui_text("pdf.tnm.counter.note", max=m.facts["presentation_max"])}
    for p in m.pieces():
        if p.kind == "recipe-tile":
            r = m.recipes[p.ref]
            key = f"recipe-{r.id}"
            bonus = (icon_for(r.bonus[0]), r.bonus[1]) if r.bonus else None
            faces[key] = partial(recipe_face, name=r.name, gloss=gloss(r), needs=[cls_sign(x) for x in r.needs],
                                 points=r.points, bonus=bonus, vegetarian=r.vegetarian,
                                 edges=[(colour_hex[e], shape_of[e]) for e in r.edges],
                                 mark=r.mark_of(("name", "needs", "points", "bonus", "edges")))
            pieces["recipe-tile"].append(Piece(p.id, "recipe-tile", key, "recipe"))
        elif p.kind == "counter":
            ctr = m.counters[p.ref]
            key = f"counter-{ctr.id}"
            faces[key] = partial(
                counter_face, name=ctr.name, gloss=gloss(ctr),
                symbols=[(*cls_sign(cls)[:2], icon_for(cls), v) for cls, v in ctr.symbols],
                combos=[([icon_for(s) for s in spices], pts) for spices, pts in ctr.combos],
                frame=[(colour_hex[col], shape_of[col]) for col in ctr.frame],
                spaces=[(sp, [(icon_for(s), m.spices[s].name) for s in ctr.spaces[sp]])
                        for sp in ("nw", "ne", "sw", "se")],
                label=label, mark=ctr.mark_of(("symbols", "combos", "stove")))
            pieces["counter"].append(Piece(p.id, "counter", key, None))
        elif p.kind == "spice-token":
            front, back = p.faces
            for s in (front, back):
                sp = m.spices[s]
                draw = partial(spice_token, icon=icon_for(s), name=sp.name, ring=SPICE_RINGS.get(s, TERRACOTTA))
                faces.setdefault(f"spice-{s}", draw)
                backs.setdefault(f"spice-{s}", draw)
            pieces["spice-token"].append(Piece(p.id, "spice-token", f"spice-{front}", f"spice-{back}"))
        elif p.kind == "marker":
            pc = m.player_colours[p.ref]
            role = p.faces[0]
            key = f"marker-{pc.id}-{role}"
            word = tx.game_text(m.tracks[role].text_key)
            draw = partial(marker_token, fill=pc.hex, icon=icon_for(role), word=word)
            faces[key] = draw
            backs[key] = draw
            pieces["marker"].append(Piece(p.id, "marker", key, key))
        elif p.kind == "vegetarian-prize":
            draw = partial(prize_token, points=m.vegetarian_prize["points"],
                           word=tx.ui_text("pdf.tnm.vegetarian"))
            faces["prize"] = backs["prize"] = draw
            pieces["vegetarian-prize"].append(Piece(p.id, "vegetarian-prize", "prize", "prize"))
        elif p.kind == "chefs-hat":
            draw = partial(hat_token, word=tx.ui_text("pdf.tnm.chef"))
            faces["hat"] = backs["hat"] = draw
            pieces["chefs-hat"].append(Piece(p.id, "chefs-hat", "hat", "hat"))
        elif p.kind == "scoring-board":
            continue      # a Board, below
        else:
            raise PdfBuildError(f"ta-na-mesa: piece {p.id} has a kind the PDF cannot draw: {p.kind!r}")
    details["recipe-tile"] = [f"{tx.size(RECIPE_TILE_MM, RECIPE_TILE_MM)} mm"]
    details["counter"] = [", ".join(ctr.name for ctr in m.counters.values())]
    details["spice-token"] = [", ".join(s.name for s in m.spices.values())]
    details["marker"] = [", ".join(f"2 × {pc.name if tx.in_own_language else tx.gloss(pc)}"
                                   for pc in m.player_colours.values())]

    # ---- the scoring board ----
    board_raw = m.raw["scoring_board"]
    bw, bh = board_size()
    table = [(tx.ui_text("pdf.tnm.players", n=pc.players), tx.ui_text("pdf.tnm.rounds", n=pc.rounds),
              tx.ui_text("pdf.tnm.spices_each", n=pc.spices_each)) for pc in m.player_counts.values()]
    f = m.facts
    combo_points = " / ".join(str(p) for _, p in combos_by_size)
    legend = [tx.ui_text("pdf.tnm.legend.sum", bonus=f["highest_sum_bonus"], tied=f["tied_highest_bonus"]),
              tx.ui_text("pdf.tnm.legend.spices", points=combo_points),
              tx.ui_text("pdf.tnm.legend.presentation", max=f["presentation_max"]),
              tx.ui_text("pdf.tnm.legend.vegetarian", points=m.vegetarian_prize["points"],
                         tied=m.vegetarian_prize["tied_points"])]
    board_mark = "*" if any(t.get("reconstructed") for t in board_raw["tracks"]) else "R"
    boards = [Board(board_raw["id"], "scoring-board", tx.ui_text("pdf.kind.scoring_board"), bw, bh,
                    partial(scoring_board, title=board_raw["name"], gloss=gloss("scoring_board."),
                            score=m.tracks["score"].spaces, sum_track=m.tracks["sum"].spaces,
                            labels={"sum": tx.game_text(m.tracks["sum"].text_key),
                                    "score_note": tx.ui_text("pdf.tnm.score_note",
                                                             score=tx.game_text(m.tracks["score"].text_key))},
                            table=table, legend=legend, mark=board_mark,
                            classes=[(*cls_sign(cl.id)[:2], icon_for(cl.id), class_name(cl))
                                     for cl in m.classes.values()]))]
    details["scoring-board"] = [f"{tx.size(bw, bh)} mm"]

    backs["ingredient"] = partial(card_back, title=m.name, text=tx.game_text(m.backs["ingredient"]),
                                  fill=TERRACOTTA, icon="tnm-stove")
    backs["character"] = partial(card_back, title=m.name, text=tx.game_text(m.backs["character"]),
                                 fill=CHARACTER, icon="tnm-cook")
    backs["aid"] = partial(card_back, title=m.name, text=tx.ui_text("pdf.aid.title"), fill=AID, icon="checklist")
    backs["recipe"] = partial(recipe_back, title=m.name, text=tx.game_text(m.backs["recipe"]))
    back_labels = {b: tx.game_text(m.backs[b]) for b in ("ingredient", "character", "recipe")}
    back_labels["aid"] = tx.ui_text("pdf.aid.title")
    for k in backs:
        if k not in back_labels:
            back_labels[k] = tx.ui_text("pdf.tnm.other_face" if k.startswith("spice-") else "pdf.tnm.same_face")

    kinds = [Kind(k, tx.ui_text("pdf.kind." + k.replace("-", "_")), KIND_ICON[k],
                  pieces[k][0].back if pieces[k] else None, ", ".join(details[k]))
             for k in KIND_ORDER if pieces[k] or k == "scoring-board"]
    cards = pieces["ingredient"] + pieces["character"]
    small = card.width_mm < AID_MIN.width_mm or card.height_mm < AID_MIN.height_mm
    decks = [Deck(card, cards), Deck(AID_MIN, pieces["aid"])] if small else [Deck(card, cards + pieces["aid"])]
    decks += [tile_deck(tile_size("recipe tile", RECIPE_TILE_MM), pieces["recipe-tile"]),
              tile_deck(tile_size("counter", *COUNTER_MM), pieces["counter"]),
              token_deck("token", TOKEN_MM, pieces["spice-token"] + pieces["marker"] + pieces["vegetarian-prize"]
                         + pieces["chefs-hat"])]
    walls = {wallpaper_name(shape_of[m.classes[i.cls].colour], tint(colour_hex[m.classes[i.cls].colour], 0.28))
             for i in m.ingredients.values()}
    used_icons = sorted(set(ICONS.values()) | set(art.TNM_ICONS) | {"plate", "checklist", "chef-hat"} | walls)
    return PrintSet(
        game_id=m.id, title=m.name, subtitle="" if tx.in_own_language else tx.game_text("gloss"), lang=lang,
        decks=decks, faces=faces, backs=backs, back_labels=back_labels, kinds=kinds,
        credits=credits_of(m, tx, fields=FIELD_KEYS),
        icons=used_icons, fallback=tx.fallback, boards=boards)


def _mark_fact(m, field_: str) -> str:
    facts = m.raw["facts"]
    if field_ in (facts.get("errata") or {}):
        return "E"
    return "*" if field_ in (facts.get("reconstructed") or {}) else "R"
