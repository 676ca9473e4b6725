"""Dice: foldable cube nets with glue tabs, and sticker sheets for blank dice.

A game adds a `component.DiceSet` to `PrintSet.dice`: the dice (each names its six face keys) and a drawing per
face key, `draw(c, size, bleed)` for a size × size point square with its lower-left corner at (0, 0). Each
distinct face becomes one Form XObject, used on the nets and on the stickers.

**Nets** (`net_layout`): the cross of six faces, a row of four (left, front, right, back) with the top face above
and the bottom face below the front, and seven trapezoid glue tabs, one per seam, on the edges of the row
(top and bottom of left, right and back; the right edge of back). Faces are `size_mm` squares (16 mm by default,
the size of the dice in Diced Veggies' block); solid lines are cuts, dashed lines folds. The face order of a
Die maps to [top, left, front, right, back, bottom], so faces 0 and 5, 1 and 3, 2 and 4 are opposite.

**Stickers** (`sticker_layout`): one row of six `sticker_mm` squares per die, labelled, with a hairline cut
square and 1 mm of art beyond it; 14 mm stickers suit 16 mm blank dice with rounded edges.

Every face placement on the page is an unpainted `re n` square followed by the face form, like cards, so tests
read them with tests/pdf_helpers.read_page.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from . import fonts
from .board import blank_back
from .component import DiceSet
from .icons import color
from .sheet import MIN_MARGIN_MM, Rect
from .units import Size, mm

TAB_MM = 4.0             # depth of a glue tab
TAB_INSET = 0.22         # the tab's slanted sides start this fraction of the edge in from each corner
NET_GAP_MM = 4.0         # between nets on a sheet
STICKER_GAP_MM = 3.0
STICKER_BLEED_MM = 0.6
HEADER_MM = 12.0
INK = "#3b2417"
MUTED = "#7a6a5a"
TAB_FILL = "#ece3d3"
NET_SLOTS = ("top", "left", "front", "right", "back", "bottom")
# seam tabs: (face slot, edge) — edge is the side of that face the tab sticks out of
TABS = (("left", "top"), ("left", "bottom"), ("right", "top"), ("right", "bottom"), ("back", "top"),
        ("back", "bottom"), ("back", "right"))


@dataclass(frozen=True)
class NetLayout:
    """One net in its own coordinates (points, origin lower-left of its bounding box)."""

    size: float
    faces: tuple[tuple[str, Rect], ...]              # (slot, square) in NET_SLOTS order
    tabs: tuple[tuple[tuple[float, float], ...], ...]  # 4-point polygons
    width: float
    height: float


def net_layout(size: float, tab: float = mm(TAB_MM)) -> NetLayout:
    s = size
    pos = {"left": (0, 1), "front": (1, 1), "right": (2, 1), "back": (3, 1), "top": (1, 2), "bottom": (1, 0)}
    faces = tuple((slot, Rect(pos[slot][0] * s, pos[slot][1] * s, s, s)) for slot in NET_SLOTS)
    rects = dict(faces)
    tabs = []
    k = s * TAB_INSET
    for slot, edge in TABS:
        r = rects[slot]
        if edge == "top":
            tabs.append(((r.x, r.y1), (r.x + k, r.y1 + tab), (r.x1 - k, r.y1 + tab), (r.x1, r.y1)))
        elif edge == "bottom":
            tabs.append(((r.x, r.y), (r.x + k, r.y - tab), (r.x1 - k, r.y - tab), (r.x1, r.y)))
        else:   # right
            tabs.append(((r.x1, r.y), (r.x1 + tab, r.y + k), (r.x1 + tab, r.y1 - k), (r.x1, r.y1)))
    return NetLayout(s, faces, tuple(tabs), 4 * s + tab, 3 * s)


def face_form(key: str) -> str:
    return f"die-face-{key}"


def define_faces(c, dice: DiceSet) -> None:
    s, b = mm(dice.size_mm), mm(STICKER_BLEED_MM)
    for key, draw in dice.faces.items():
        c.beginForm(face_form(key), -b, -b, s + b, s + b)
        draw(c, s, b)
        c.endForm()


def nets_per_page(paper: Size, size: float) -> tuple[int, int, NetLayout]:
    net = net_layout(size)
    area = _area(paper)
    gap = mm(NET_GAP_MM)
    cols = max(1, math.floor((area.w + gap) / (net.width + gap)))
    rows = max(1, math.floor((area.h + gap) / (net.height + gap)))
    return cols, rows, net


def _area(paper: Size) -> Rect:
    m = mm(MIN_MARGIN_MM + 2)
    return Rect(m, m, paper.width - 2 * m, paper.height - 2 * m - mm(HEADER_MM))


def render(c, dice: DiceSet, paper: Size, ui, duplex: bool, title: str) -> int:
    """Net sheets, then sticker sheets; showPage after each (and a blank back in duplex). Returns pages."""
    define_faces(c, dice)
    pages = 0
    if dice.nets:
        pages += _net_pages(c, dice, paper, ui, duplex, title)
    if dice.stickers:
        pages += _sticker_pages(c, dice, paper, ui, duplex, title)
    return pages


def _finish(c, paper: Size, ui, duplex: bool) -> int:
    c.showPage()
    if duplex:
        blank_back(c, paper, ui)
        c.showPage()
        return 2
    return 1


def _header(c, paper: Size, head: str, note: str) -> None:
    x = mm(MIN_MARGIN_MM + 2)
    top = paper.height - mm(MIN_MARGIN_MM + 1)
    c.setFillColor(color(INK))
    c.setFont(fonts.TITLE, 11)
    c.drawString(x, top - 9.5, head)
    size = 7.5
    width = paper.width - 2 * x
    while fonts.width(note, fonts.BODY, size) > width and size > 5.5:
        size -= 0.25
    c.setFont(fonts.BODY, size)
    c.setFillColor(color(MUTED))
    c.drawString(x, top - 9.5 - size * 1.6, note)


def _place_face(c, key: str, x: float, y: float, size: float, clip_bleed: float = 0.0,
                scale: float | None = None) -> None:
    """One face form in a `size` square at (x, y): the unpainted marker square tests read, the face clipped to
    `clip_bleed` beyond it, drawn at `scale` (stickers are smaller than the die their forms are drawn for)."""
    c.saveState()
    marker = c.beginPath()
    marker.rect(x, y, size, size)
    c.drawPath(marker, stroke=0, fill=0)
    clip = c.beginPath()
    clip.rect(x - clip_bleed, y - clip_bleed, size + 2 * clip_bleed, size + 2 * clip_bleed)
    c.clipPath(clip, stroke=0, fill=0)
    c.translate(x, y)
    if scale is not None:
        c.scale(scale, scale)
    c.doForm(face_form(key))
    c.restoreState()


def _net_pages(c, dice: DiceSet, paper: Size, ui, duplex: bool, title: str) -> int:
    s = mm(dice.size_mm)
    cols, rows, net = nets_per_page(paper, s)
    per = cols * rows
    area = _area(paper)
    gap = mm(NET_GAP_MM)
    grid_w = cols * net.width + (cols - 1) * gap
    x0 = area.x + (area.w - grid_w) / 2
    pages = 0
    total = math.ceil(len(dice.dice) / per)
    for n, start in enumerate(range(0, len(dice.dice), per), 1):
        _header(c, paper, ui("pdf.die.nets_head", game=title, n=n, total=total, size=f"{dice.size_mm:g}"),
                ui("pdf.die.nets_how"))
        for i, die in enumerate(dice.dice[start:start + per]):
            col, row = i % cols, i // cols
            ox = x0 + col * (net.width + gap)
            oy = area.y1 - (row + 1) * net.height - row * gap
            _draw_net(c, die, net, ox, oy)
        pages += _finish(c, paper, ui, duplex)
    return pages


def _draw_net(c, die, net: NetLayout, ox: float, oy: float) -> None:
    faces = dict(zip(NET_SLOTS, die.faces))
    # tabs first (under the cut outline)
    c.saveState()
    c.setFillColor(color(TAB_FILL))
    c.setStrokeColor(color(INK))
    c.setLineWidth(0.5)
    c.setLineJoin(1)
    for poly in net.tabs:
        p = c.beginPath()
        p.moveTo(ox + poly[0][0], oy + poly[0][1])
        for x, y in poly[1:]:
            p.lineTo(ox + x, oy + y)
        c.drawPath(p, stroke=1, fill=1)
    c.restoreState()
    for slot, r in net.faces:
        _place_face(c, faces[slot], ox + r.x, oy + r.y, r.w)
    s = net.size
    c.saveState()
    c.setStrokeColor(color(INK))
    # cut outline of the cross (solid)
    c.setLineWidth(0.6)
    outline = [(0, s), (s, s), (s, 0), (2 * s, 0), (2 * s, s), (4 * s, s), (4 * s, 2 * s), (2 * s, 2 * s),
               (2 * s, 3 * s), (s, 3 * s), (s, 2 * s), (0, 2 * s)]
    p = c.beginPath()
    p.moveTo(ox + outline[0][0], oy + outline[0][1])
    for x, y in outline[1:]:
        p.lineTo(ox + x, oy + y)
    p.close()
    c.drawPath(p, stroke=1, fill=0)
    # folds (dashed, white over ink so they read on every colour)
    c.setLineWidth(0.5)
    c.setDash([1.6, 1.4])
    folds = [((s, s), (s, 2 * s)), ((2 * s, s), (2 * s, 2 * s)), ((3 * s, s), (3 * s, 2 * s)),
             ((s, 2 * s), (2 * s, 2 * s)), ((s, s), (2 * s, s))]
    p = c.beginPath()
    for (ax, ay), (bx, by) in folds:
        p.moveTo(ox + ax, oy + ay)
        p.lineTo(ox + bx, oy + by)
    c.drawPath(p, stroke=1, fill=0)
    c.restoreState()
    if die.label:
        c.setFont(fonts.BOLD, 6.5)
        c.setFillColor(color(MUTED))
        c.drawString(ox + 2.5 * s + mm(4.5), oy + 2.5 * s - 2, die.label)


def sticker_layout(paper: Size, sticker: float) -> tuple[int, int, float, float, float]:
    """(dice per row of the sheet, rows, block width, row pitch, x0) for rows of six stickers per die."""
    area = _area(paper)
    gap = mm(STICKER_GAP_MM)
    label_w = mm(16)
    block = label_w + 6 * sticker + 5 * gap
    across = max(1, math.floor((area.w + mm(8)) / (block + mm(8))))
    pitch = sticker + gap
    rows = max(1, math.floor((area.h + gap) / pitch))
    grid_w = across * block + (across - 1) * mm(8)
    return across, rows, block, pitch, area.x + (area.w - grid_w) / 2


def _sticker_pages(c, dice: DiceSet, paper: Size, ui, duplex: bool, title: str) -> int:
    st = mm(dice.sticker_mm)
    across, rows, block, pitch, x0 = sticker_layout(paper, st)
    per = across * rows
    area = _area(paper)
    gap = mm(STICKER_GAP_MM)
    label_w = mm(16)
    bleed = mm(STICKER_BLEED_MM)
    scale = st / mm(dice.size_mm)
    pages = 0
    total = math.ceil(len(dice.dice) / per)
    for n, start in enumerate(range(0, len(dice.dice), per), 1):
        _header(c, paper, ui("pdf.die.stickers_head", game=title, n=n, total=total, size=f"{dice.sticker_mm:g}",
                             die=f"{dice.size_mm:g}"), ui("pdf.die.stickers_how"))
        for i, die in enumerate(dice.dice[start:start + per]):
            col, row = i // rows, i % rows
            bx = x0 + col * (block + mm(8))
            y = area.y1 - (row + 1) * pitch + gap
            if die.label:
                c.setFont(fonts.BOLD, 6.5)
                c.setFillColor(color(MUTED))
                c.drawString(bx, y + st / 2 - 2.3, die.label)
            for k, key in enumerate(die.faces):
                x = bx + label_w + k * (st + gap)
                _place_face(c, key, x, y, st, clip_bleed=bleed, scale=scale)
                c.setStrokeColor(color("#9a8b7b"))
                c.setLineWidth(0.3)
                c.rect(x, y, st, st, stroke=1, fill=0)
        pages += _finish(c, paper, ui, duplex)
    return pages
