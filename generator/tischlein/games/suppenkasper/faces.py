"""Suppenkasper: the 72-card deck, 6 weight tables, the board with the weight track (tiled over two sheets),
6 fold-over figures and 18 red chips.

Visual language, one look per kind of card, in a 1980s family-game style (saturated flat colours, thick black
outlines, a calorie starburst, diagonal stripes):

* entrees: a full field in their colour (pink Torte, blue Fisch, brown Fleisch), the dish in a white disc;
* side dishes: the colour of their entree, striped, with a "× side dishes" band naming the entree;
* Fast Food mustard, Fertiggericht orange, Müsli green: the other meals, with the rule on the card;
* diet cards red with their big label (FdH, null, −2, −1, KUR); special cards purple with a gold star;
* weight tables (player aids) cream with the calories → spaces table.
"""
from __future__ import annotations

from functools import partial
from typing import Any

from ...pdf import fonts, palette
from . import art
from .board import board_draw, board_size
from ...pdf.back import banner, clipped_to_bleed, emblem
from ...pdf.card import (MIN_BODY, MIN_TITLE, FaceBox, Ring, background, corner_mark, fit, icon_disc, panel, text_box,
                         title_block)
from ...pdf.component import Board, Deck, Kind, Piece, PrintSet, card_pieces, credits_of
from ...pdf.errors import PdfBuildError
from ...pdf.icons import color, place_centred, star_points
from ...pdf.texts import Texts
from ...pdf.token import round_token, standee, standee_size, token_deck
from ...pdf.units import Size, mm

INK = art.INK
CREAM = "#fff3d6"
PAPER = "#fffaf0"
ENTREE_COLOURS = {"pink": "#e85d8f", "blue": "#2e86de", "brown": "#8b5a2b"}
MEAL_COLOURS = {"fast-food": "#f2b705", "fertiggericht": "#f07f13", "muesli": "#5aa02c"}
DIET = "#d7263d"
SPECIAL = "#6a4c93"
AID = "#1b998b"
GOLD = "#f2b705"
FIGURE_COLOURS = {"yellow": "#f7d21e", "green": "#3fa34d", "blue": "#2e6fd8", "white": "#f7f7f2",
                  "black": "#2b2b2b", "orange": "#f07f13", "red": "#d7263d", "purple": "#7d4fb0"}
SPECIAL_ICONS = {"suppen-kasper": "sp-soup", "fress-sack": "sp-sack", "mecker-ziege": "sp-goat",
                 "nasch-katze": "sp-cat", "tischlein-deck-dich": "sp-table"}
KIND_ORDER = ("entree", "side", "meal", "diet", "special", "weight-table", "board", "figure", "chip")
KIND_ICON = {"entree": "sp-fleisch", "side": "sp-knoedel", "meal": "sp-fast-food", "diet": "sp-diet",
             "special": "sp-star", "weight-table": "sp-scale", "board": "sp-soup", "figure": "sp-figure",
             "chip": "sp-chip"}
CHIP_MM = 20.0
FIGURE = standee_size("figure", 26, 38)


def _under_white(fill: str) -> str:
    """A fill that carries white text (it is too dark for ink), deepened in steps of 2 % until that text reads at
    4.5:1 on it and on its side dishes' lighter stripes (18 % white over it)."""
    if palette.luma(fill) > 0.55:
        return fill
    while palette.contrast(palette.over("#ffffff", fill, 0.18), "#ffffff") < 4.5:
        fill = palette.over("#000000", fill, 0.02)
    return fill


ENTREE_COLOURS = {k: _under_white(v) for k, v in ENTREE_COLOURS.items()}
MEAL_COLOURS = {k: _under_white(v) for k, v in MEAL_COLOURS.items()}
AID = palette.readable(palette.readable(AID), PAPER)      # white text on it, and it as text on the paper
FIGURE_COLOURS = {k: v if palette.luma(v) > 0.55 else palette.readable(v) for k, v in FIGURE_COLOURS.items()}


def _k(box: FaceBox) -> float:
    """How much the fixed-size art shrinks on cards smaller than poker (text keeps its legible minimum)."""
    return min(1.0, box.w / mm(63), box.h / mm(88)) ** 1.5


def on(fill: str) -> str:
    return INK if palette.luma(fill) > 0.55 else "#ffffff"


def kcal(value: int) -> str:
    return f"{value}"


# --- the shared frame --------------------------------------------------------------------------------------------

def _frame(c, box: FaceBox, fill: str, stripes: bool = False) -> tuple[float, float, float, float]:
    """Cream rim, a coloured field with a thick black outline; diagonal stripes for the side dishes."""
    background(c, box, CREAM)
    r = mm(3)
    x, y, w, h = r, r, box.w - 2 * r, box.h - 2 * r
    c.setFillColor(color(palette.area(fill)))
    c.setStrokeColor(color(INK))
    c.setLineWidth(1.6)
    c.roundRect(x, y, w, h, mm(3.2), stroke=0, fill=1)
    if stripes and not palette.active():
        c.saveState()
        p = c.beginPath()
        p.roundRect(x, y, w, h, mm(3.2))
        c.clipPath(p, stroke=0, fill=0)
        c.setFillColor(color(palette.over("#ffffff", fill, 0.18)))
        step = mm(6)
        k = -h
        while k < w:
            s = c.beginPath()
            s.moveTo(x + k, y)
            s.lineTo(x + k + mm(3), y)
            s.lineTo(x + k + mm(3) + h, y + h)
            s.lineTo(x + k + h, y + h)
            s.close()
            c.drawPath(s, stroke=0, fill=1)
            k += step
        c.restoreState()
    c.roundRect(x, y, w, h, mm(3.2), stroke=1, fill=0)
    return x, y, w, h


def _banner(c, box: FaceBox, text: str, cx: float, cy: float, w: float, fill: str, ink: str) -> None:
    """The kind of card on a slanted ribbon."""
    t = fit(box, text.upper(), fonts.BLACK, 8, MIN_BODY, w - mm(5), max_lines=1, what="kind label")
    h = t.size * 1.8
    c.saveState()
    c.translate(cx, cy)
    c.rotate(3)
    c.setFillColor(color(fill))
    c.setStrokeColor(color(INK))
    c.setLineWidth(1.2)
    p = c.beginPath()
    p.moveTo(-w / 2, -h / 2)
    p.lineTo(w / 2, -h / 2)
    p.lineTo(w / 2 - mm(1.5), 0)
    p.lineTo(w / 2, h / 2)
    p.lineTo(-w / 2, h / 2)
    p.lineTo(-w / 2 + mm(1.5), 0)
    p.close()
    c.drawPath(p, stroke=1, fill=1)
    c.setFont(fonts.BLACK, t.size)
    c.setFillColor(color(ink))
    c.drawCentredString(0, -t.size * 0.36, text.upper())
    c.restoreState()


def _name(c, box: FaceBox, name: str, gloss: str | None, cx: float, top: float, w: float, ink: str) -> float:
    y = title_block(c, box, name, gloss, cx, top, w, ink, 16, 8, leading=1.02, ascent=0.88, gloss_gap=0, what="name")
    return y - mm(1.5)


def _starburst(c, box: FaceBox, cx: float, cy: float, r: float, value: str, unit: str) -> None:
    pts = star_points(14, r, r * 0.8, cx, cy)
    p = c.beginPath()
    p.moveTo(*pts[0])
    for pt in pts[1:]:
        p.lineTo(*pt)
    p.close()
    c.setFillColor(color(GOLD))
    c.setStrokeColor(color(INK))
    c.setLineWidth(1.2)
    c.drawPath(p, stroke=1, fill=1)
    size = r * 0.78
    while fonts.width(value, fonts.TITLE, size) > r * 1.3:
        size -= 0.25
    c.setFont(fonts.TITLE, size)
    c.setFillColor(color(INK))
    c.drawCentredString(cx, cy - size * 0.18, value)
    u = fit(box, unit, fonts.BOLD, 6.5, 5.0, r * 1.3, max_lines=1, what="unit")
    c.setFont(fonts.BOLD, u.size)
    c.drawCentredString(cx, cy - r * 0.52, unit)


def three_badge(c, box: FaceBox) -> None:
    """A crossed-out 3 in the lower-left corner: this card stays in the box in a game for three."""
    x, y, r = mm(6.2), mm(6.2), mm(2.7)
    c.setFillColor(color(INK))
    c.setStrokeColor(color("#ffffff"))
    c.setLineWidth(0.6)
    c.circle(x, y, r, stroke=1, fill=1)
    c.setFont(fonts.BLACK, 9)
    c.setFillColor(color("#ffffff"))
    c.drawCentredString(x, y - 3.2, "3")
    c.setStrokeColor(color(DIET))
    c.setLineWidth(1.1)
    c.line(x - r * 0.7, y - r * 0.7, x + r * 0.7, y + r * 0.7)


def _disc(c, icon: str, cx: float, cy: float, r: float) -> None:
    icon_disc(c, icon, cx, cy, r, "#ffffff", INK, scale=1.45, ring_width=1.4)


# --- faces -------------------------------------------------------------------------------------------------------

def food_face(c, box: FaceBox, *, kind_label, name, gloss, icon, fill, value, unit, rule, mark,
              stripes=False, three=False) -> None:
    """Entrees, side dishes and the other meals: ribbon, name, the dish in a disc, calories, the rule."""
    x, y, w, h = _frame(c, box, fill, stripes)
    ink = palette.text_on(palette.area(fill), INK)
    _banner(c, box, kind_label, box.w / 2, y + h - mm(5.5), w * 0.78, PAPER, INK)
    top = _name(c, box, name, gloss, box.w / 2, y + h - mm(10), w - mm(6), ink)
    rule_h = mm(15)
    disc_r = min((top - (y + rule_h + mm(3))) / 2 - mm(1), w * 0.3)
    cy = y + rule_h + mm(3) + (top - y - rule_h - mm(3)) / 2
    _disc(c, icon, box.w / 2 - (mm(4) if value is not None else 0), cy, disc_r)
    if value is not None:
        _starburst(c, box, x + w - mm(10), cy - disc_r * 0.55, mm(10), kcal(value), unit)
    panel(c, x + mm(2), y + mm(2), w - mm(4), rule_h - mm(1), PAPER, radius=mm(2), stroke=INK, width=0.8)
    text_box(c, box, rule, x + mm(4.5), y + mm(2.6), w - mm(9), rule_h - mm(2.2), fonts.BOLD, 8,
             valign="middle", max_lines=3, what="rule")
    corner_mark(c, box, mark, ink)
    if three:
        three_badge(c, box)


def diet_face(c, box: FaceBox, *, kind_label, name, gloss, label, text, mark, three=False) -> None:
    """Red: the big label in a white disc, the name, what the card does."""
    x, y, w, h = _frame(c, box, DIET)
    ink = palette.text_on(palette.area(DIET), INK)
    _banner(c, box, kind_label, box.w / 2, y + h - mm(5.5), w * 0.78, PAPER, DIET)
    r = mm(12) * _k(box)
    cy = y + h - mm(11) - r
    c.setFillColor(color("#ffffff"))
    c.setStrokeColor(color(INK))
    c.setLineWidth(1.6)
    c.circle(box.w / 2, cy, r, stroke=1, fill=1)
    t = fit(box, label, fonts.TITLE, 26, 12, r * 1.7, max_lines=1, what="diet label")
    c.setFont(fonts.TITLE, t.size)
    c.setFillColor(color(DIET))
    c.drawCentredString(box.w / 2, cy - t.size * 0.35, label)
    top = _name(c, box, name, gloss, box.w / 2, cy - r - mm(1.5), w - mm(6), ink)
    bx, by, bw = x + mm(2), y + mm(2), w - mm(4)
    panel(c, bx, by, bw, top - by, PAPER, radius=mm(2), stroke=INK, width=0.8)
    text_box(c, box, text, bx + mm(2), by + mm(2.4), bw - mm(4), top - by - mm(3.6), fonts.BODY, 9.5,
             valign="middle", what="diet text")
    corner_mark(c, box, mark, ink)
    if three:
        three_badge(c, box)


def special_face(c, box: FaceBox, *, kind_label, name, gloss, icon, text, mark) -> None:
    x, y, w, h = _frame(c, box, SPECIAL)
    ink = palette.text_on(palette.area(SPECIAL), INK)
    _banner(c, box, kind_label, box.w / 2, y + h - mm(5.5), w * 0.78, GOLD, INK)
    top = _name(c, box, name, gloss, box.w / 2, y + h - mm(10), w - mm(6), ink)
    r = mm(10.5) * _k(box)
    cy = top - r - mm(0.5)
    place_centred(c, "sp-star", box.w / 2, cy, r * 3.1)
    _disc(c, icon, box.w / 2, cy, r)
    bx, by, bw = x + mm(2), y + mm(2), w - mm(4)
    bt = cy - r - mm(4)
    panel(c, bx, by, bw, bt - by, PAPER, radius=mm(2), stroke=INK, width=0.8)
    text_box(c, box, text, bx + mm(2), by + mm(1.2), bw - mm(4), bt - by - mm(2.4), fonts.BODY, 9,
             valign="middle", what="special text")
    corner_mark(c, box, mark, ink)


def table_face(c, box: FaceBox, *, title, rows, head, chip_note, mark) -> None:
    """The weight table: calories eaten → spaces up."""
    x, y, w, h = _frame(c, box, AID)
    ink = palette.text_on(palette.area(AID), INK)
    place_centred(c, "sp-scale", x + mm(8), y + h - mm(8), mm(10))
    t = fit(box, title, fonts.TITLE, 15, MIN_TITLE, w - mm(20), max_lines=2, what="title")
    c.setFont(fonts.TITLE, t.size)
    c.setFillColor(color(ink))
    yy = y + h - mm(4)
    for line in t.lines:
        yy -= t.size * 0.9
        c.drawString(x + mm(15), yy, line)
        yy -= t.leading - t.size * 0.9
    top = min(yy, y + h - mm(14)) - mm(1)
    bx, by, bw = x + mm(2), y + mm(2), w - mm(4)
    panel(c, bx, by, bw, top - by, PAPER, radius=mm(2), stroke=INK, width=0.8)
    note_h = mm(16)
    c.setFont(fonts.BLACK, 7)
    c.setFillColor(color(AID))
    c.drawString(bx + mm(3), top - mm(4.5), head[0].upper())
    c.drawRightString(bx + bw - mm(3), top - mm(4.5), head[1].upper())
    row_top = top - mm(6.5)
    row_h = min(mm(6.2), (row_top - by - note_h) / len(rows))
    for i, (cal, steps) in enumerate(rows):
        ry = row_top - (i + 1) * row_h
        if i % 2 == 0:
            c.setFillColor(color("#e3f4f1"))
            c.rect(bx + mm(1.2), ry, bw - mm(2.4), row_h, stroke=0, fill=1)
        c.setFillColor(color(INK))
        c.setFont(fonts.BOLD, 9)
        c.drawString(bx + mm(3), ry + row_h / 2 - 3.2, cal)
        c.setFont(fonts.TITLE, 12)
        c.drawRightString(bx + bw - mm(3), ry + row_h / 2 - 4.2, steps)
    text_box(c, box, chip_note, bx + mm(2), by + mm(1), bw - mm(4), note_h - mm(1.5), fonts.BODY, 7.5,
             valign="middle", max_lines=5, what="chip note")
    corner_mark(c, box, mark, ink)


def deck_back(c, box: FaceBox, *, title, fill, accent, icon) -> None:
    """An 80s tablecloth: bold diagonal checks, a soup plate, the name on a ribbon."""
    background(c, box, palette.area(fill))
    if not palette.active():
        with clipped_to_bleed(c, box):
            c.translate(box.w / 2, box.h / 2)
            c.rotate(45)
            step = mm(8)
            n = int((box.w + box.h) / step) + 2
            c.setFillColor(color(accent))
            sq = c.beginPath()
            for i in range(-n, n):
                for j in range(-n, n):
                    if (i + j) % 2 == 0:
                        sq.rect(i * step, j * step, step, step)
            c.drawPath(sq, stroke=0, fill=1)
    e = emblem(box, rise_mm=7, banner_w=0.86, banner_h_mm=13, gap_mm=8)
    icon_disc(c, icon, e.cx, e.cy, e.r, "#ffffff", INK, scale=1.4, ring_width=2, inner=Ring(INK, 1, mm(2)))
    banner(c, box, title, e, fill=GOLD, ink=INK, size=22, stroke=INK, width=1.6)


def figure_art(c, w: float, h: float, *, fill: str, name: str) -> None:
    """One side of a figure: a round little person in the player's colour on a light kitchen wall."""
    c.setFillColor(color(palette.area("#fdf0d5")))
    c.rect(0, 0, w, h, stroke=0, fill=1)
    c.setStrokeColor(color(INK))
    c.setLineWidth(1.4)
    c.setFillColor(color(fill))
    body = c.beginPath()
    body.moveTo(w * 0.16, h * 0.08)
    body.lineTo(w * 0.84, h * 0.08)
    body.curveTo(w * 0.92, h * 0.5, w * 0.7, h * 0.6, w * 0.5, h * 0.6)
    body.curveTo(w * 0.3, h * 0.6, w * 0.08, h * 0.5, w * 0.16, h * 0.08)
    c.drawPath(body, stroke=1, fill=1)
    c.circle(w / 2, h * 0.76, w * 0.22, stroke=1, fill=1)
    c.setFillColor(color("#ffffff"))
    c.circle(w / 2 - w * 0.08, h * 0.78, w * 0.05, stroke=0, fill=1)
    c.circle(w / 2 + w * 0.08, h * 0.78, w * 0.05, stroke=0, fill=1)
    c.setFillColor(color(INK))
    c.circle(w / 2 - w * 0.08, h * 0.78, w * 0.022, stroke=0, fill=1)
    c.circle(w / 2 + w * 0.08, h * 0.78, w * 0.022, stroke=0, fill=1)
    c.setFont(fonts.BOLD, 6.5)
    c.setFillColor(color(on(fill)))
    c.drawCentredString(w / 2, h * 0.22, name)


def figure_face(c, box: FaceBox, *, fill: str, name: str, mark: str) -> None:
    standee(c, box, partial(figure_art, fill=fill, name=name), base=palette.area("#fdf0d5"))
    if mark != "R":
        c.setFont(fonts.BOLD, 6)
        c.setFillColor(color(INK))
        c.drawRightString(box.w - mm(1.5), mm(2), mark)


def chip_face(c, box: FaceBox, *, mark: str) -> None:
    cx, cy, r = round_token(c, box, fill=DIET, ring="#ffffff")
    place_centred(c, "sp-soup", cx, cy, r * 1.3)
    if mark != "R":
        c.setFont(fonts.BOLD, 6)
        c.setFillColor(color("#ffffff"))
        c.drawCentredString(cx, cy - r * 0.85, mark)


# --- the print set -----------------------------------------------------------------------------------------------

def print_set(game, ui, lang: str, card: Size) -> PrintSet:
    m = game.model
    tx = Texts(ui, lang, game)
    gloss = tx.gloss
    unit = tx.ui_text("pdf.sp.kcal")
    removed = set(m.three_player_removal)

    def key_of(cd) -> str:
        # a card removed for three players is marked, so a game for three is sorted out at a glance
        return f"{cd.kind}-{cd.ref}" + (f"-{cd.value}" if cd.value is not None else "") + \
            ("-not3" if cd.id in removed else "")

    def entree(cd) -> tuple[str, Any]:
        e = m.entrees[cd.ref]
        side = m.sides[e.side]
        return key_of(cd), partial(food_face, kind_label=tx.ui_text("pdf.sp.label.entree"), name=e.name,
                                   gloss=gloss(e), icon=f"sp-{e.id}", fill=ENTREE_COLOURS[e.colour], value=cd.value,
                                   unit=unit, rule=tx.ui_text("pdf.sp.rule.entree", side=side.name),
                                   three=cd.id in removed, mark=e.mark_of(("values", "colour")))

    def side(cd) -> tuple[str, Any]:
        s = m.sides[cd.ref]
        e = m.entrees[s.entree]
        return key_of(cd), partial(food_face, kind_label=tx.ui_text("pdf.sp.label.side"), name=s.name,
                                   gloss=gloss(s), icon=f"sp-{s.id}", fill=ENTREE_COLOURS[e.colour], value=None,
                                   unit=unit, rule=tx.ui_text("pdf.sp.rule.side", entree=e.name), stripes=True,
                                   three=cd.id in removed,
                                   mark=s.mark_of(("count",)) if e.prov("colour").mark == "R" else "*")

    def meal(cd) -> tuple[str, Any]:
        ml = m.meals[cd.ref]
        kind = ml.id.replace("-", "_")
        return key_of(cd), partial(food_face, kind_label=tx.ui_text(f"pdf.sp.label.{kind}"), name=ml.name,
                                   gloss=gloss(ml), icon=f"sp-{ml.id}", fill=MEAL_COLOURS[ml.id], value=cd.value,
                                   unit=unit, rule=tx.ui_text(f"pdf.sp.rule.{kind}"), three=cd.id in removed,
                                   mark=ml.mark_of(("values",)))

    def diet(cd) -> tuple[str, Any]:
        d = m.diets[cd.ref]
        return key_of(cd), partial(diet_face, kind_label=tx.ui_text("pdf.sp.label.diet"), name=d.name,
                                   gloss=gloss(d), label=d.label, text=tx.game_text(d.key + "text"),
                                   three=cd.id in removed, mark=d.mark_of(("text", "count", "gloss")))

    def special(cd) -> tuple[str, Any]:
        sp = m.specials[cd.ref]
        return key_of(cd), partial(special_face, kind_label=tx.ui_text("pdf.sp.label.special"), name=sp.name,
                                   gloss=gloss(sp), icon=SPECIAL_ICONS.get(sp.id, "sp-star"),
                                   text=tx.game_text(sp.key + "text"), mark=sp.mark_of(("text",)))

    def weight_table(cd) -> tuple[str, Any]:
        rows, low = [], 0
        for up_to, steps in m.weight_table:
            if up_to is None:
                cal = f"> {low - 1}" if low else "> 0"
            elif up_to == 0:
                cal = "0"
            else:
                cal = f"{low}–{up_to}"
            rows.append((cal, f"+{steps}" if steps else "0"))
            low = (up_to or 0) + 1
        return key_of(cd), partial(table_face, title=tx.game_text("weight_tables.title"), rows=rows,
                                   head=(tx.ui_text("pdf.sp.table.calories"), tx.ui_text("pdf.sp.table.steps")),
                                   chip_note=tx.ui_text("pdf.sp.table.note", chip=m.chip_steps_down,
                                                        refuse=m.refuse_steps_down) + " " +
                                   tx.ui_text("pdf.sp.table.three", n=len(removed)),
                                   mark="*" if any(n.record == "weight_table" for n in m.notes) else "R")

    faces: dict[str, Any] = {}
    pieces = card_pieces(m.id, m.cards(), KIND_ORDER, faces, {
        "entree": entree, "side": side, "meal": meal, "diet": diet, "special": special, "weight-table": weight_table})

    backs = {
        "deck": partial(deck_back, title=m.name, fill="#f2b705", accent="#f7c843", icon="sp-soup"),
        "aid": partial(deck_back, title=m.name, fill=AID, accent="#2bb3a3", icon="sp-scale"),
    }
    # board, figures, chips from the model's pieces
    fig_note = any(n.record == "figures" for n in m.notes)
    boards = []
    for p in m.pieces():
        if p.component == "board":
            bw, bh = board_size(len(m.track))
            classes = {cid: (cl.name, cl.role, gloss(cl)) for cid, cl in m.classes.items()}
            boards.append(Board(p.kind, "board", tx.ui_text("pdf.sp.kind.board"), bw, bh, partial(
                board_draw, spaces=list(m.track), classes=classes, title=m.name, subtitle=tx.ui_text("pdf.sp.subtitle"),
                plate_text=tx.ui_text("pdf.sp.board.plate"),
                labels=(tx.ui_text("pdf.sp.board.thin"), tx.ui_text("pdf.sp.board.fat")),
                start_label=tx.ui_text("pdf.sp.board.start"),
                mark="*" if any(n.record.startswith("board") for n in m.notes) else "R")))
        elif p.kind == "figure":
            colour = p.faces[0]
            if colour not in FIGURE_COLOURS:
                raise PdfBuildError(f"suppenkasper: no print colour for figure colour {colour!r}")
            key = f"figure-{colour}"
            faces[key] = partial(figure_face, fill=FIGURE_COLOURS[colour],
                                 name=tx.ui_text(f"pdf.sp.colour.{colour}") if tx.has_ui(f"pdf.sp.colour.{colour}")
                                 else colour, mark="*" if fig_note else "R")
            pieces["figure"].append(Piece(p.id, "figure", key, None))
        elif p.kind == "chip":
            faces["chip"] = partial(chip_face, mark="R")
            backs["chip"] = faces["chip"]
            pieces["chip"].append(Piece(p.id, "chip", "chip", "chip"))
    deck_pieces = [p for k in ("entree", "side", "meal", "diet", "special") for p in pieces[k]]
    if len(deck_pieces) != m.totals["cards"]:
        raise PdfBuildError(f"suppenkasper: {len(deck_pieces)} deck cards, the model says {m.totals['cards']}")
    details = {
        "entree": ", ".join(f"{e.name} ({'/'.join(str(v) for v in e.values)})" for e in m.entrees.values()),
        "side": ", ".join(f"{s.count} × {s.name}" for s in m.sides.values()),
        "meal": ", ".join(f"{len(x.values)} × {x.name}" for x in m.meals.values()),
        "diet": ", ".join(f"{d.count} × {d.label}" for d in m.diets.values()),
        "special": ", ".join(sp.name for sp in m.specials.values()),
        "figure": tx.ui_text("pdf.sp.detail.figure"),
        "chip": tx.ui_text("pdf.sp.detail.chip", mm=CHIP_MM),
    }
    kind_back = {"entree": "deck", "side": "deck", "meal": "deck", "diet": "deck", "special": "deck",
                 "weight-table": "aid", "chip": "chip"}
    kinds = [Kind(k, tx.ui_text(f"pdf.sp.kind.{k.replace('-', '_')}"), KIND_ICON[k], kind_back.get(k),
                  details.get(k, "")) for k in KIND_ORDER]
    if boards:
        kinds[KIND_ORDER.index("board")] = Kind("board", tx.ui_text("pdf.sp.kind.board"), "sp-soup", None,
                                                f"{tx.size(boards[0].width_mm, boards[0].height_mm)} mm")
    decks = [Deck(card, deck_pieces + pieces["weight-table"]), Deck(FIGURE, pieces["figure"]),
             token_deck("red chip", CHIP_MM, pieces["chip"])]
    icons = sorted(set(art.register()) | {"plate"})
    back_labels = {"deck": tx.ui_text("pdf.sp.back.deck"), "aid": tx.ui_text("pdf.sp.back.aid"),
                   "chip": tx.ui_text("pdf.back.same")}
    return PrintSet(
        game_id=m.id, title=m.name, subtitle=tx.ui_text("pdf.sp.subtitle"), lang=lang, decks=decks, faces=faces,
        backs=backs, back_labels=back_labels, kinds=kinds,
        credits=credits_of(m, tx),
        icons=icons, fallback=tx.fallback, boards=boards)
