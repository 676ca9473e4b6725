"""Dice: foldable cube nets with glue tabs, and sticker sheets for blank dice.

A game adds a `component.DiceSet` to `PrintSet.dice`: the dice (each names its six face keys) and a drawing per
face key, `draw(c, size, bleed)` for a size × size point square with its lower-left corner at (0, 0). Each
distinct face becomes one Form XObject, used on the nets and on the stickers.

**Nets** (`net_layout`): the cross of six faces, a row of four (left, front, right, back) with the top face above
and the bottom face below the front, and seven trapezoid glue tabs, one per seam, on the edges of the row
(top and bottom of left, right and back; the right edge of back). Faces are `size_mm` squares (16 mm by default,
the size of the dice in Diced Veggies' block); solid lines are cuts, dashed lines folds. The face order of a
Die maps to [top, left, front, right, back, bottom], so faces 0 and 5, 1 and 3, 2 and 4 are opposite.

**Stickers** (`draw_sticker_row`): one row of six `sticker_mm` squares per die, each with a hairline cut square
and a little art beyond it; 14 mm stickers suit 16 mm blank dice with rounded edges.

Nets and sticker rows are pieces like any other: imposition.py packs them onto shared sheets (sheet/pack.py),
so this module only draws one net or one row at the origin.

Every face placement on the page is an unpainted `re n` square followed by the face form, like cards, so tests
read them with tests/pdf_helpers.read_page.
"""
from __future__ import annotations

from dataclasses import dataclass

from . import fonts
from .component import DiceSet
from .icons import color
from .sheet import Rect
from .units import mm

TAB_MM = 4.0             # depth of a glue tab
TAB_INSET = 0.22         # the tab's slanted sides start this fraction of the edge in from each corner
STICKER_GAP_MM = 1.5         # between the six stickers of one die (a row is one die)
STICKER_BLEED_MM = 0.6
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


def draw_net(c, die, dice: DiceSet) -> None:
    """One die's net with its lower-left bounding-box corner at (0, 0): the packer places it (imposition.py)."""
    _draw_net(c, die, net_layout(mm(dice.size_mm)), 0.0, 0.0)


def draw_sticker_row(c, die, dice: DiceSet) -> None:
    """One die's six stickers in a row from (0, 0), each with a hairline cut square and a little art beyond."""
    st = mm(dice.sticker_mm)
    gap, bleed = mm(STICKER_GAP_MM), mm(STICKER_BLEED_MM)
    scale = st / mm(dice.size_mm)
    for k, key in enumerate(die.faces):
        x = k * (st + gap)
        _place_face(c, key, x, 0.0, st, clip_bleed=bleed, scale=scale)
        c.setStrokeColor(color("#9a8b7b"))
        c.setLineWidth(0.3)
        c.rect(x, 0.0, st, st, stroke=1, fill=0)
