"""Tá na Mesa's recipe tiles (with their coloured edge halves) and counters (bancadas) with their 2 × 2 stoves."""
from __future__ import annotations

from ...pdf import fonts
from ...pdf.card import MIN_BODY, MIN_TITLE, FaceBox, background, corner_mark, divider, fit, panel, text_box
from ...pdf.errors import PdfBuildError
from ...pdf.icons import color, place_centred
from ...pdf.palette import area, readable, tint
from ...pdf.units import mm
from .style import (COUNTER, CREAM, INK, RECIPE_TILE_MM, SIDES, STOVE_SPACE_MM, STOVETOP, TERRACOTTA, WOOD,
                    shape_plate, value_disc, value_text)

# --- tiles -----------------------------------------------------------------------------------------------------

def edge_halves(c, box: FaceBox, edges: list[tuple[str, str]], r: float) -> None:
    """Half-symbols on the four edges (top, right, bottom, left): the shape centred on the cut line."""
    w, h = box.w, box.h
    centres = {"top": (w / 2, h), "right": (w, h / 2), "bottom": (w / 2, 0), "left": (0, h / 2)}
    for side, (hex_, shape) in zip(SIDES, edges):
        cx, cy = centres[side]
        c.saveState()
        c.translate(cx, cy)
        if side in ("left", "right"):
            c.rotate(90)
        shape_plate(c, shape, 0, 0, r, hex_, INK, 0.9)
        c.restoreState()


HEADING_GROUND = "#f1dfbf"      # under the counter's headings (its darkest, normal mode)


def recipe_face(c, box: FaceBox, *, name, gloss, needs, points, bonus, vegetarian, edges, mark) -> None:
    """Name, the three class symbols, points (badge), bonus ingredient, vegetarian leaf, the coloured edges."""
    background(c, box, area(CREAM))
    k = box.w / mm(RECIPE_TILE_MM)
    s = lambda v: mm(v) * k          # noqa: E731
    c.setStrokeColor(color(TERRACOTTA))
    c.setLineWidth(1)
    c.roundRect(s(1.2), s(1.2), box.w - s(2.4), box.h - s(2.4), s(2.5), stroke=1, fill=0)
    edge_halves(c, box, edges, s(4.2))
    inner_w = box.w - s(12)
    y = box.h - s(5)
    t = fit(box, name, fonts.TITLE, max(11 * k, 8), 8, inner_w, max_lines=2, leading=1.04, what="recipe name")
    c.setFont(fonts.TITLE, t.size)
    c.setFillColor(color(INK))
    for line in t.lines:
        y -= t.size * 0.86
        c.drawCentredString(box.w / 2, y, line)
        y -= t.leading - t.size * 0.86
    if gloss:
        g = fit(box, gloss, fonts.ITALIC, 6.5, 6, box.w - s(10), max_lines=2, leading=1.1, what="recipe gloss")
        c.setFont(fonts.ITALIC, g.size)
        c.setFillColor(color("#5a4030"))
        for line in g.lines:
            y -= g.size * 1.0
            c.drawCentredString(box.w / 2, y, line)
        y -= g.size * 0.2
    # the three ingredient classes
    r = s(3.9)
    row_y = min(y - s(1.2) - r, s(21.5))
    if row_y - r < s(14.5):
        raise PdfBuildError(f"tile {box.label}: the name and gloss leave no room for the ingredients")
    for i, (hex_, shape, cls_icon) in enumerate(needs):
        cx = box.w / 2 + (i - 1) * s(9.6)
        shape_plate(c, shape, cx, row_y, r, hex_, INK, 0.8)
        place_centred(c, cls_icon, cx, row_y, r * 1.25)
    # points badge, bonus, vegetarian leaf
    by = s(9.2)
    pr = s(4.4)
    c.setFillColor(color(TERRACOTTA))
    c.setStrokeColor(color(INK))
    c.setLineWidth(1)
    c.circle(s(11.5), by, pr, stroke=1, fill=1)
    value_text(c, str(points), s(11.5), by, pr * 1.2, "#ffffff")
    if bonus:
        icon, extra = bonus
        c.setFillColor(color("#ffffff"))
        c.setStrokeColor(color(TERRACOTTA))
        c.setLineWidth(0.8)
        c.roundRect(box.w - s(19.5), by - s(3.6), s(14), s(7.2), s(3.6), stroke=1, fill=1)
        place_centred(c, icon, box.w - s(15.2), by, s(6))
        value_text(c, f"+{extra}", box.w - s(9), by, 9 * k, TERRACOTTA)
    if vegetarian:
        place_centred(c, "tnm-veg", box.w / 2, row_y - r - s(3.2), s(5.2))
    if mark != "R":
        c.setFont(fonts.BOLD, 7)
        c.setFillColor(color(INK))
        c.drawRightString(box.w - s(4), box.h - s(5.2), mark)


def recipe_back(c, box: FaceBox, *, title, text) -> None:
    background(c, box, area(TERRACOTTA))
    step = box.w / 6
    c.setFillColor(color(area("#b4472a")))
    tiles = c.beginPath()
    for i in range(-1, 7):
        for j in range(-1, 7):
            if (i + j) % 2 == 0:
                tiles.rect(i * step, j * step, step, step)
    c.drawPath(tiles, stroke=0, fill=1)
    cx, cy, r = box.w / 2, box.h / 2 + mm(3), box.w * 0.26
    c.setFillColor(color(CREAM))
    c.setStrokeColor(color(INK))
    c.setLineWidth(1)
    c.circle(cx, cy, r, stroke=1, fill=1)
    place_centred(c, "tnm-recipe", cx, cy, r * 1.4)
    t = fit(box, text.upper(), fonts.BOLD, 8, MIN_BODY, box.w - mm(8), max_lines=1, what="back text")
    tw = fonts.width(text.upper(), fonts.BOLD, t.size) + mm(3)
    c.setFillColor(color(CREAM))
    c.roundRect(cx - tw / 2, mm(4), tw, mm(4.4), mm(1), stroke=0, fill=1)
    c.setFillColor(color(INK))
    c.setFont(fonts.BOLD, t.size)
    c.drawCentredString(cx, mm(5.3), text.upper())


def counter_face(c, box: FaceBox, *, name, gloss, symbols, combos, frame, spaces, label, mark) -> None:
    """The counter: the 2 × 2 stove with its frame of half-symbols (left), name, ingredient symbols and the
    three spice combinations (right)."""
    background(c, box, area(WOOD))
    rim = mm(3)
    panel(c, rim, rim, box.w - 2 * rim, box.h - 2 * rim, area(COUNTER), radius=mm(3))
    # tiles on the counter top, faint
    c.setStrokeColor(color(tint(WOOD, 0.75)))
    c.setLineWidth(0.5)
    g = mm(12)
    for i in range(1, int(box.w / g) + 1):
        c.line(i * g, rim + mm(1), i * g, box.h - rim - mm(1))
    for j in range(1, int(box.h / g) + 1):
        c.line(rim + mm(1), j * g, box.w - rim - mm(1), j * g)
    sp = mm(STOVE_SPACE_MM)
    sx, sy = mm(9), (box.h - 2 * sp) / 2
    # frame half-symbols: full shapes centred on the stove outline, the inner halves then covered by the spaces
    pos = {("nw", "top"): (sx + sp / 2, sy + 2 * sp, False), ("ne", "top"): (sx + 1.5 * sp, sy + 2 * sp, False),
           ("ne", "right"): (sx + 2 * sp, sy + 1.5 * sp, True), ("se", "right"): (sx + 2 * sp, sy + sp / 2, True),
           ("se", "bottom"): (sx + 1.5 * sp, sy, False), ("sw", "bottom"): (sx + sp / 2, sy, False),
           ("sw", "left"): (sx, sy + sp / 2, True), ("nw", "left"): (sx, sy + 1.5 * sp, True)}
    for (key, (hex_, shape)) in zip(pos, frame):
        x, y, turned = pos[key]
        c.saveState()
        c.translate(x, y)
        if turned:
            c.rotate(90)
        shape_plate(c, shape, 0, 0, mm(4.2), hex_, INK, 0.9)
        c.restoreState()
    origin = {"nw": (sx, sy + sp), "ne": (sx + sp, sy + sp), "sw": (sx, sy), "se": (sx + sp, sy)}
    for space, spices in spaces:
        x, y = origin[space]
        c.setFillColor(color(area(STOVETOP)))
        c.setStrokeColor(color(INK))
        c.setLineWidth(0.8)
        c.rect(x, y, sp, sp, stroke=1, fill=1)
        c.setStrokeColor(color("#6a625a"))
        c.setLineWidth(1.2)
        c.circle(x + sp / 2, y + sp / 2, sp * 0.42, stroke=1, fill=0)
        c.circle(x + sp / 2, y + sp / 2, sp * 0.3, stroke=1, fill=0)
        for i, (icon, sname) in enumerate(spices):
            cx = x + sp * (0.3 + 0.4 * i)
            c.setFillColor(color("#fff3dc"))
            c.circle(cx, y + sp * 0.55, mm(7), stroke=0, fill=1)
            place_centred(c, icon, cx, y + sp * 0.55, mm(11))
            t = fit(box, sname, fonts.BOLD, 7, MIN_BODY, sp * 0.46, max_lines=1, what="spice name")
            c.setFont(fonts.BOLD, t.size)
            c.setFillColor(color("#ffffff" if area(STOVETOP) == STOVETOP else INK))
            c.drawCentredString(cx, y + sp * 0.2, sname)
    # right column
    rx = sx + 2 * sp + mm(9)
    rw = box.w - rim - mm(3) - rx
    y = box.h - rim - mm(3)
    t = fit(box, name, fonts.TITLE, 20, MIN_TITLE, rw, max_lines=1, what="counter name")
    c.setFont(fonts.TITLE, t.size)
    c.setFillColor(color(INK))
    y -= t.size * 0.9
    c.drawCentredString(rx + rw / 2, y, name)
    if gloss:
        gf = fit(box, gloss, fonts.ITALIC, 9, MIN_BODY, rw, max_lines=1, what="counter gloss")
        c.setFont(fonts.ITALIC, gf.size)
        y -= gf.size * 1.3
        c.drawCentredString(rx + rw / 2, y, gloss)
    y -= mm(4)

    def heading(text: str, y: float) -> float:
        h = fit(box, text.upper(), fonts.BOLD, 7.5, MIN_BODY, rw, max_lines=1, what="heading")
        c.setFont(fonts.BOLD, h.size)
        c.setFillColor(color(readable(TERRACOTTA, HEADING_GROUND)))      # small text: 4.5:1 on the counter
        c.drawCentredString(rx + rw / 2, y - h.size, text.upper())
        return y - h.size - mm(1.5)

    y = heading(label["symbols"], y)
    r = mm(6)
    for i, (hex_, shape, cls_icon, value) in enumerate(symbols):
        cx = rx + rw / 2 + (i - (len(symbols) - 1) / 2) * mm(22)
        cy = y - r - mm(0.5)
        shape_plate(c, shape, cx, cy, r, hex_, INK, 1)
        place_centred(c, cls_icon, cx - r * 0.2, cy + r * 0.1, r * 1.15)
        value_disc(c, value, cx + r * 0.8, cy - r * 0.55, r * 0.5, r * 0.65)
    y -= 2 * r + mm(4.5)
    y = heading(label["spices"], y)
    row = mm(11)
    for spices, points in combos:
        cy = y - row / 2
        n = len(spices)
        for i, icon in enumerate(spices):
            cx = rx + mm(6) + i * mm(12)
            c.setFillColor(color("#ffffff"))
            c.setStrokeColor(color(INK))
            c.setLineWidth(0.7)
            c.circle(cx, cy, mm(4.4), stroke=1, fill=1)
            place_centred(c, icon, cx, cy, mm(7))
            if i < n - 1:
                c.setFont(fonts.BOLD, 9)
                c.setFillColor(color(INK))
                c.drawCentredString(cx + mm(6), cy - 3, "+")
        px = rx + rw - mm(6)
        c.setFillColor(color(TERRACOTTA))
        c.setStrokeColor(color(INK))
        c.setLineWidth(0.9)
        c.circle(px, cy, mm(4.4), stroke=1, fill=1)
        value_text(c, str(points), px, cy, 13, "#ffffff")
        c.setStrokeColor(color(tint(INK, 0.6)))
        c.setLineWidth(0.6)
        c.setDash(1, 2)
        c.line(rx + mm(6) + (n - 1) * mm(12) + mm(6), cy, px - mm(6), cy)
        c.setDash()
        y -= row
    # what the stove does, in short words, in the room left below the combinations
    note_top = y - mm(3)
    note_h = note_top - rim - mm(6)
    divider(c, rx, rw, note_top + mm(1.5), mm(4), TERRACOTTA, width=0.6)
    text_box(c, box, label["note"], rx + mm(1), rim + mm(5), rw - mm(2), note_h, fonts.BODY, 8.5, align="left",
             valign="top", leading=1.25, what="counter note")
    corner_mark(c, box, mark, INK)
