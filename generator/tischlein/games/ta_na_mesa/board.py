"""Tá na Mesa's scoring board: the score track round the edge, the sum track, the legend."""
from __future__ import annotations

from ...pdf import fonts
from ...pdf.card import paint_bleed, panel
from ...pdf.errors import PdfBuildError
from ...pdf.icons import color, place_centred
from ...pdf.palette import area
from ...pdf.units import mm
from .style import BOARD_SPACE_MM, BOARD_SPACES, COUNTER, CREAM, INK, TERRACOTTA, WOOD, shape_plate, value_text

# --- the scoring board -----------------------------------------------------------------------------------------

def board_size() -> tuple[float, float]:
    cols, rows = BOARD_SPACES
    return cols * BOARD_SPACE_MM, rows * BOARD_SPACE_MM


def perimeter(cols: int, rows: int) -> list[tuple[int, int]]:
    """Cells (col, row from the top) around the edge, clockwise from the top-left corner."""
    cells = [(i, 0) for i in range(cols)]
    cells += [(cols - 1, j) for j in range(1, rows)]
    cells += [(i, rows - 1) for i in range(cols - 2, -1, -1)]
    cells += [(0, j) for j in range(rows - 2, 0, -1)]
    return cells


def scoring_board(c, w: float, h: float, bleed: float, *, title, gloss, score, sum_track, labels, table,
                  legend, classes, mark) -> None:
    cols, rows = BOARD_SPACES
    s = w / cols
    paint_bleed(c, w, h, bleed, area(WOOD))
    # the score track around the edge
    cells = perimeter(cols, rows)
    if len(cells) < len(score):
        raise PdfBuildError(f"scoring board: {len(score)} score spaces do not fit the {len(cells)} edge spaces")
    for value, (i, j) in zip(score, cells):
        x, y = i * s, h - (j + 1) * s
        fill = TERRACOTTA if value % 10 == 0 else "#f2c14e" if value % 5 == 0 else CREAM
        c.setFillColor(color(area(fill)))
        c.setStrokeColor(color(INK))
        c.setLineWidth(0.6)
        c.rect(x, y, s, s, stroke=1, fill=1)
        value_text(c, str(value), x + s / 2, y + s / 2, 11 if value % 5 == 0 else 9,
                   "#ffffff" if value % 10 == 0 and area(fill) == fill else INK)
    # the middle: title, the sum track, the round table
    ix, iy, iw, ih = s + mm(4), s + mm(4), w - 2 * s - mm(8), h - 2 * s - mm(8)
    panel(c, ix, iy, iw, ih, area(COUNTER), radius=mm(4))
    y = iy + ih - mm(5)
    size = 34
    c.setFont(fonts.TITLE, size)
    c.setFillColor(color(TERRACOTTA))
    y -= size * 0.8
    c.drawCentredString(ix + iw / 2, y, title)
    if gloss:
        c.setFont(fonts.ITALIC, 11)
        c.setFillColor(color(INK))
        y -= 15
        c.drawCentredString(ix + iw / 2, y, gloss)
    y -= mm(8)
    # sum track
    c.setFont(fonts.BOLD, 10)
    c.setFillColor(color(INK))
    c.drawCentredString(ix + iw / 2, y, labels["sum"].upper())
    y -= mm(3)
    n = len(sum_track)
    ss = min(mm(13), (iw - mm(10)) / n)
    x0 = ix + (iw - n * ss) / 2
    for k, value in enumerate(sum_track):
        x = x0 + k * ss
        c.setFillColor(color(area("#2f6db5" if value % 5 == 0 else "#ffffff")))
        c.setStrokeColor(color(INK))
        c.setLineWidth(0.8)
        c.roundRect(x + 1, y - ss + 1, ss - 2, ss - 2, mm(1.5), stroke=1, fill=1)
        value_text(c, str(value), x + ss / 2, y - ss / 2, 13,
                   "#ffffff" if value % 5 == 0 and area("#2f6db5") == "#2f6db5" else INK)
    place_centred(c, "tnm-sum", x0 - mm(7), y - ss / 2, mm(8))
    y -= ss + mm(6)
    c.setFont(fonts.BOLD, 10)
    c.drawCentredString(ix + iw / 2, y, labels["score_note"])
    y -= mm(8)
    # rounds per player count
    col_w = mm(38)
    tx = ix + (iw - col_w * len(table)) / 2
    for k, (players, rounds, spices) in enumerate(table):
        x = tx + k * col_w
        c.setFillColor(color(area(CREAM)))
        c.setStrokeColor(color(TERRACOTTA))
        c.setLineWidth(0.8)
        c.roundRect(x + mm(1), y - mm(17), col_w - mm(2), mm(17), mm(2), stroke=1, fill=1)
        c.setFillColor(color(INK))
        c.setFont(fonts.TITLE, 12)
        c.drawCentredString(x + col_w / 2, y - mm(5.5), players)
        c.setFont(fonts.BODY, 9)
        c.drawCentredString(x + col_w / 2, y - mm(10.5), rounds)
        c.drawCentredString(x + col_w / 2, y - mm(14.5), spices)
    # how points are scored, one line each, under the table
    y -= mm(25)
    for line in legend:
        size = 11
        while fonts.width(line, fonts.BOLD, size) > iw - mm(10) and size > 7:
            size -= 0.5
        if fonts.width(line, fonts.BOLD, size) > iw - mm(10):
            raise PdfBuildError(f"scoring board: the legend line does not fit: {line!r}")
        c.setFont(fonts.BOLD, size)
        c.setFillColor(color(INK))
        c.drawCentredString(ix + iw / 2, y, line)
        y -= size * 1.6
    # the five classes with their colour and shape: the key to every half-symbol on tiles and stoves
    slot = (iw - mm(10)) / len(classes)
    cy = iy + mm(14)
    for k, (hex_, shape, icon, name) in enumerate(classes):
        cx = ix + mm(5) + slot * (k + 0.5)
        shape_plate(c, shape, cx, cy + mm(3), mm(6), hex_, INK, 1)
        place_centred(c, icon, cx, cy + mm(3), mm(7))
        size = 10
        while fonts.width(name, fonts.BOLD, size) > slot - mm(2) and size > 6.5:
            size -= 0.5
        c.setFont(fonts.BOLD, size)
        c.setFillColor(color(INK))
        c.drawCentredString(cx, cy - mm(7), name)
    if mark != "R":
        c.setFont(fonts.BOLD, 9)
        c.setFillColor(color(INK))
        c.drawRightString(ix + iw - mm(3), iy + mm(3), mark)
