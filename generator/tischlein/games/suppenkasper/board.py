"""Suppenkasper's board: the weight track as a loop of spaces, printed at its real size (pdf/board.py tiles it
over sheets)."""
from __future__ import annotations

import math

from ...pdf import fonts, palette
from ...pdf.card import paint_bleed
from ...pdf.errors import PdfBuildError
from ...pdf.icons import color, place_centred
from ...pdf.units import mm
from . import art

INK = art.INK
DIET = "#d7263d"
SPACE_MM = 27.0
BOARD_MARGIN_MM = 10.0
ASPECT = 1.5               # the loop's width to its height, as near as the track's length allows
CLASS_COLOURS = ["#7fc8f8", "#9fd89a", "#c3e88d", "#ffb26b", "#ff8c8c", "#d69ce8", "#f4a3c4", "#b0b7c3"]


def ring_positions(n_x: int, n_y: int) -> list[tuple[int, int]]:
    """Grid cells (col, row from the bottom) of a loop: up the left side, right along the top, down the right,
    back along the bottom. The thin end is the bottom-left corner, the fat end the cell to its right."""
    cells = [(0, r) for r in range(n_y)]
    cells += [(col, n_y - 1) for col in range(1, n_x)]
    cells += [(n_x - 1, r) for r in range(n_y - 2, -1, -1)]
    cells += [(col, 0) for col in range(n_x - 2, 0, -1)]
    return cells


def ring(n: int) -> tuple[int, int]:
    """Spaces along the top/bottom and along the sides of a loop of exactly `n` spaces, the shape nearest
    ASPECT (the track's length is a reconstruction that may change; the board follows it)."""
    shapes = [(n // 2 + 2 - n_y, n_y) for n_y in range(3, n // 4 + 2)]
    shapes = [(n_x, n_y) for n_x, n_y in shapes if n_x >= n_y]
    if n % 2 or not shapes:
        raise PdfBuildError(f"suppenkasper: a weight track of {n} spaces cannot be laid as a closed loop (it "
                            f"needs an even number, at least 8)")
    return min(shapes, key=lambda shape: abs(shape[0] / shape[1] - ASPECT))


def board_size(n: int) -> tuple[float, float]:
    n_x, n_y = ring(n)
    return n_x * SPACE_MM + 2 * BOARD_MARGIN_MM, n_y * SPACE_MM + 2 * BOARD_MARGIN_MM


def board_draw(c, w: float, h: float, bleed: float, *, spaces, classes, title, subtitle, plate_text, labels,
               start_label, mark) -> None:
    """The weight track as a loop of spaces coloured by weight class, the plate for the meals in the middle."""
    paint_bleed(c, w, h, bleed, palette.area("#fbd34d"))
    if not palette.active():     # 80s sunburst
        c.saveState()
        c.setFillColor(color("#fde38a"))
        p = c.beginPath()
        for i in range(0, 48, 2):
            a0, a1 = i * math.pi / 24, (i + 1) * math.pi / 24
            p.moveTo(w / 2, h / 2)
            p.lineTo(w / 2 + w * math.cos(a0), h / 2 + w * math.sin(a0))
            p.lineTo(w / 2 + w * math.cos(a1), h / 2 + w * math.sin(a1))
            p.close()
        c.drawPath(p, stroke=0, fill=1)
        c.restoreState()
    s, m = mm(SPACE_MM), mm(BOARD_MARGIN_MM)
    n_x, n_y = ring(len(spaces))
    cells = ring_positions(n_x, n_y)
    class_colour = {cid: CLASS_COLOURS[i % len(CLASS_COLOURS)] for i, cid in enumerate(
        [k for k in classes if classes[k][1] == "class"])}
    first_of_class: set[int] = set()
    seen: set[str] = set()
    for sp in spaces:
        if sp.weight_class not in seen:
            seen.add(sp.weight_class)
            first_of_class.add(sp.index)
    c.setLineWidth(1.4)
    for sp, (col, row) in zip(spaces, cells):
        x, y = m + col * s, m + row * s
        role = sp.role
        fill = {"end": "#ffffff", "start": "#fffbe8"}.get(role, class_colour.get(sp.weight_class, "#ffffff"))
        c.setFillColor(color(palette.area(fill)))
        c.setStrokeColor(color(INK))
        c.roundRect(x + mm(0.6), y + mm(0.6), s - mm(1.2), s - mm(1.2), mm(2), stroke=1, fill=1)
        name, gloss = classes[sp.weight_class][0], classes[sp.weight_class][2]
        if role in ("end", "start"):
            icon = "sp-soup" if sp.position < 0 else ("sp-star" if role == "start" else "sp-fleisch")
            place_centred(c, icon, x + s / 2, y + s * 0.6, s * 0.45)
            _space_text(c, name, x, y + mm(2.2), s, 7.5, fonts.BLACK)
            if gloss:
                _space_text(c, gloss, x, y + mm(0.2) - 1, s, 5.5, fonts.ITALIC, optional=True)
        else:
            num = f"{sp.position:+d}".replace("-", "−")
            c.setFont(fonts.TITLE, 13)
            c.setFillColor(color(INK))
            c.drawCentredString(x + s / 2, y + s * 0.52, num)
            if sp.index in first_of_class:
                _space_text(c, name, x, y + mm(5), s, 6.5, fonts.BLACK)
                if gloss:
                    _space_text(c, gloss, x, y + mm(2.4), s, 5.5, fonts.ITALIC, optional=True)
    # the wall between the two ends of the track
    c.setStrokeColor(color(INK))
    c.setLineWidth(3)
    c.line(m + s, m + mm(1), m + s, m + s - mm(1))
    # middle: the plate, the title, a legend of directions
    ix0, iy0, ix1, iy1 = m + s, m + s, w - m - s, h - m - s
    cx, cy = (ix0 + ix1) / 2, (iy0 + iy1) / 2 - mm(6)
    r = min(ix1 - ix0, iy1 - iy0) * 0.36
    c.setFillColor(color("#ffffff"))
    c.setStrokeColor(color(INK))
    c.setLineWidth(2)
    c.circle(cx, cy, r, stroke=1, fill=1)
    c.setLineWidth(1)
    c.setStrokeColor(color(DIET))
    c.circle(cx, cy, r - mm(4), stroke=1, fill=0)
    c.setFont(fonts.BOLD, 8)
    c.setFillColor(color("#b5a89a"))
    c.drawCentredString(cx, cy - 3, plate_text)
    c.setFont(fonts.TITLE, 30)
    c.setFillColor(color(DIET))
    c.setStrokeColor(color(INK))
    c.setLineWidth(1.2)
    tt = c.beginText()
    tt.setTextRenderMode(2)
    tt.setFont(fonts.TITLE, 30)
    tw = fonts.width(title, fonts.TITLE, 30)
    tt.setTextOrigin(cx - tw / 2, iy1 - mm(13))
    tt.textOut(title)
    c.drawText(tt)
    c.setFont(fonts.ITALIC, 9)
    c.setFillColor(color(INK))
    c.drawCentredString(cx, iy1 - mm(18), subtitle)
    # direction hints at the two ends
    c.setFont(fonts.BOLD, 7)
    c.drawString(ix0 + mm(3), iy0 + mm(3), labels[0])
    c.drawRightString(ix1 - mm(3), iy0 + mm(3), labels[1])
    c.drawString(ix0 + mm(3), iy1 - mm(5), start_label)
    if mark != "R":
        c.setFont(fonts.BOLD, 8)
        c.drawRightString(w - mm(3), mm(3), mark)


def _space_text(c, text: str, x: float, y: float, s: float, size: float, font: str, optional: bool = False) -> None:
    while fonts.width(text, font, size) > s - mm(2.4) and size > 4.5:
        size -= 0.25
    if fonts.width(text, font, size) > s - mm(2.4):
        if optional:
            return
        raise PdfBuildError(f"suppenkasper board: the class name {text!r} does not fit a {SPACE_MM:g} mm space")
    c.setFont(font, size)
    c.setFillColor(color(INK))
    c.drawCentredString(x + s / 2, y, text)
