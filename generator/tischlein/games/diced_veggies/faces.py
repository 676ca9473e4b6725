"""Diced Veggies: 44 recipe cards, 34 hype cards, player aids, chef tokens, the cleaver, the 5 × 7 frame (a board)
and the 35 vegetable dice as foldable nets and as stickers for blank 16 mm dice.

Visual identity: bright market vegetables (each vegetable its own colour on dice, recipe rows and the frame),
recipes on a fresh kitchen green, hype cards on a hot orange with a flame. Every value that is not from the
rulebook carries its provenance mark (* reconstructed, E erratum) in a corner, as on Mahlzeit's cards.
"""
from __future__ import annotations

from functools import partial
from typing import Any

from ...pdf import fonts, palette
from . import art
from ...pdf.back import banner, emblem, pattern_cells
from ...pdf.card import (MIN_BODY, MIN_TITLE, FaceBox, background, badge, corner_mark, divider, fit, icon_disc,
                         numbered_box, paint_bleed, panel, text_box, title_block)
from ...pdf.component import Board, Credit, DiceSet, Deck, Die, Kind, Piece, PrintSet, card_pieces, credits_of
from ...pdf.errors import PdfBuildError
from ...pdf.icons import color, place_centred
from ...pdf.texts import Texts
from ...pdf.tile import shaped_cut, tile_size
from ...pdf.token import round_token, token_deck
from ...pdf.units import Size, mm

INK = "#2d2a1f"
CREAM = "#fbf6e6"
PAPER = "#fffdf5"
RECIPE = "#33802f"           # 4.8:1 with white and on the paper (small text on it, and in it)
HYPE = "#bf4624"             # 5:1 likewise
AID = "#2f7f8f"
WOOD, WOOD_DARK = "#c98d4f", "#8a5a2b"
VEG_COLOURS = {"green": art.GREEN, "beige": art.BEIGE, "orange": art.ORANGE, "red": art.RED, "purple": art.PURPLE}
DIE_MM = 16.0
CELL_MM = 17.0               # frame cell: a 16 mm die plus play
AID_SIZE = Size("player aid", 95, 128)
NO_VERDICT = "—"              # a solo row the source skips: the band, and no verdict
TOKEN_MM = 25.0
CLEAVER = tile_size("cleaver", 90, 34)
KIND_ORDER = ("recipe", "hype", "aid", "chef", "cleaver", "frame", "die")
KIND_ICON = {"recipe": "dv-recipe", "hype": "dv-hype", "aid": "dv-recipe", "chef": "dv-chef",
             "cleaver": "dv-cleaver", "frame": "dv-block", "die": "dv-carrot"}


def on(fill: str) -> str:
    return INK if palette.luma(fill) > 0.55 else "#ffffff"


def veg_icon(veg_id: str) -> str:
    name = f"dv-{veg_id}"
    if name not in art.DV_ICONS:
        raise PdfBuildError(f"diced-veggies: no icon for vegetable {veg_id!r}; add it to pdf/art/diced_veggies.py")
    return name


def veg_colour(veg) -> str:
    if veg.colour not in VEG_COLOURS:
        raise PdfBuildError(f"diced-veggies: no print colour for {veg.colour!r} ({veg.id}); "
                            f"known: {', '.join(VEG_COLOURS)}")
    return VEG_COLOURS[veg.colour]


# --- shared frame ------------------------------------------------------------------------------------------------

def _frame(c, box: FaceBox, fill: str) -> tuple[float, float, float, float]:
    """Cream rim (bleed included), coloured rounded panel; returns the panel rectangle."""
    background(c, box, CREAM)
    r = mm(3)
    panel(c, r, r, box.w - 2 * r, box.h - 2 * r, palette.area(fill), radius=mm(3), stroke=palette.outline(fill))
    return r, r, box.w - 2 * r, box.h - 2 * r


def _title(c, box: FaceBox, text: str, x: float, top: float, w: float, ink: str, size: float = 15) -> float:
    return title_block(c, box, text, None, x + w / 2, top, w, ink, size, leading=1.05, ascent=0.9) - mm(1.5)


def _mini_die(c, x: float, y: float, s: float, fill: str, icon: str) -> None:
    c.setFillColor(color(fill))
    c.setStrokeColor(color(INK))
    c.setLineWidth(0.7)
    c.roundRect(x, y, s, s, s * 0.18, stroke=1, fill=1)
    place_centred(c, icon, x + s / 2, y + s / 2, s * 0.82)


# --- cards -------------------------------------------------------------------------------------------------------

def recipe_face(c, box: FaceBox, *, name, points, needs, label, mark) -> None:
    """Points badge, the dish, then one row per vegetable: that many little dice and the vegetable's name."""
    x0, y0, w, h = _frame(c, box, RECIPE)
    ink = palette.text_on(palette.area(RECIPE), INK)
    pad = mm(2.2)
    r = mm(7)
    badge(c, x0 + pad + r, y0 + h - pad - r, r, str(points), PAPER, RECIPE, INK, label["points"])
    total = sum(n for _, n, _, _ in needs)
    c.setFont(fonts.BOLD, 7.5)
    c.setFillColor(color(ink))
    c.drawRightString(x0 + w - pad, y0 + h - pad - r - 2.5, label["dice"](total).upper())
    top = _title(c, box, name, x0 + pad, y0 + h - pad - 2 * r - mm(1.5), w - 2 * pad, ink)
    bx, by = x0 + pad, y0 + pad + mm(2)
    bw, bh = w - 2 * pad, top - by
    panel(c, bx, by, bw, bh, PAPER, radius=mm(2))
    row_h = min(mm(15), (bh - mm(3)) / len(needs))
    most = max(n for _, n, _, _ in needs)
    s = min(row_h * 0.8, mm(11), (bw - mm(22)) / most - mm(1))
    y = by + bh - (bh - row_h * len(needs)) / 2
    for veg_name, n, fill, icon in needs:
        y -= row_h
        cy = y + row_h / 2
        for k in range(n):
            _mini_die(c, bx + mm(2.5) + k * (s + mm(1)), cy - s / 2, s, fill, icon)
        tx = bx + mm(2.5) + n * (s + mm(1)) + mm(1.5)
        label_text = veg_name            # the dice drawn say how many
        t = fit(box, label_text, fonts.BOLD, 9.5, MIN_BODY, bx + bw - mm(2) - tx, max_lines=1,
                what="vegetable")
        c.setFont(fonts.BOLD, t.size)
        c.setFillColor(color(INK))
        c.drawString(tx, cy - t.size * 0.35, label_text)
    corner_mark(c, box, mark, ink)


def hype_face(c, box: FaceBox, *, name, text, score, score_note, label, mark) -> None:
    """Hot orange: the name, a flame with the reward on it, the condition written out."""
    x0, y0, w, h = _frame(c, box, HYPE)
    ink = palette.text_on(palette.area(HYPE), INK)
    pad = mm(2.2)
    c.setFont(fonts.BOLD, 7)
    c.setFillColor(color(ink))
    c.drawCentredString(x0 + w / 2, y0 + h - pad - 6, label["hype"].upper())
    top = _title(c, box, name, x0 + pad, y0 + h - pad - mm(3.6), w - 2 * pad, ink)
    # reward: flame with a badge (scaled with the card: smaller cards keep room for the condition)
    k = min(1.0, box.w / mm(63), box.h / mm(88)) ** 1.5
    fy = top - mm(13) * k
    place_centred(c, "dv-hype", x0 + w / 2 - mm(11) * k, fy, mm(20) * k)
    badge(c, x0 + w / 2 + mm(7) * k, fy, mm(8.2) * k, score, PAPER, HYPE, INK, None)
    bx, by = x0 + pad, y0 + pad + mm(2)
    bw, bh = w - 2 * pad, fy - mm(11) * k - by
    panel(c, bx, by, bw, bh, PAPER, radius=mm(2))
    note_h = mm(7.5)
    divider(c, bx, bw, by + note_h, mm(5), HYPE)
    text_box(c, box, text, bx + mm(2.5), by + note_h + mm(1.2), bw - mm(5), bh - note_h - mm(2.4), fonts.BODY, 10,
             valign="middle", what="condition")
    text_box(c, box, score_note, bx + mm(2), by + mm(0.8), bw - mm(4), note_h - mm(1.4), fonts.BOLD, 8.5,
             fill=HYPE if not palette.active() else INK, valign="middle", max_lines=2, what="score")
    corner_mark(c, box, mark, ink)


def card_back(c, box: FaceBox, *, fill, icon, title, text) -> None:
    """A field of tiny dice in the five vegetable colours, a plate with the icon, the game's name."""
    background(c, box, palette.area(fill))
    if not palette.active():
        step = mm(7)
        cols = list(VEG_COLOURS.values())
        nx, ny = pattern_cells(box, step)
        ox = box.w / 2 - step * (nx // 2)
        oy = box.h / 2 - step * (ny // 2)
        for i in range(nx):
            for j in range(ny):
                if (i + j) % 2:
                    continue
                c.setFillColor(color(palette.over(cols[(i * 3 + j) % 5], fill, 0.35)))
                c.roundRect(ox + i * step + mm(1.5), oy + j * step + mm(1.5), mm(4), mm(4), mm(0.8), stroke=0, fill=1)
    e = emblem(box, rise_mm=8, banner_w=0.82, disc=0.28)
    icon_disc(c, icon, e.cx, e.cy, e.r, PAPER, INK, scale=1.5, ring_width=1.4)
    banner(c, box, title, e, fill=PAPER, ink=fill, size=20, stroke=INK, width=1.4)
    s = fit(box, text, fonts.BOLD, 10, MIN_BODY, e.bw, max_lines=1, what="back text")
    c.setFont(fonts.BOLD, s.size)
    c.setFillColor(color(palette.text_on(palette.area(fill), INK)))
    c.drawCentredString(e.cx, e.below - mm(5), text.upper())


def aid_face(c, box: FaceBox, *, title, steps, limits, solo_title, solo, label, mark) -> None:
    """Player aid: the turn in three steps, the hand limits, and the solo score table. A row the source skips
    shows its band and a dash: no verdict is known, and the credits page says so once for the whole deck."""
    x0, y0, w, h = _frame(c, box, AID)
    ink = palette.text_on(palette.area(AID), INK)
    pad = mm(2.5)
    top = _title(c, box, title, x0 + pad, y0 + h - pad, w - 2 * pad, ink, size=17)
    bx, by, bw = x0 + pad, y0 + pad, w - 2 * pad
    bh = top - by
    panel(c, bx, by, bw, bh, PAPER, radius=mm(2))
    table_h = mm(8) + len(solo) * mm(5.2)
    limits_h = mm(9)
    steps_h = bh - table_h - limits_h - mm(4)
    numbered_box(c, box, steps, bx + mm(3), by + table_h + limits_h + mm(2), bw - mm(6), steps_h, fonts.BODY, 9.5,
                 what="turn summary")
    ly = by + table_h + mm(1)
    divider(c, bx, bw, ly + limits_h, mm(4), AID)
    text_box(c, box, limits, bx + mm(3), ly + mm(0.5), bw - mm(6), limits_h - mm(1), fonts.BOLD, 8.5,
             valign="middle", max_lines=2, what="hand limits")
    # solo table
    divider(c, bx, bw, by + table_h, mm(4), AID)
    c.setFont(fonts.BOLD, 8)
    c.setFillColor(color(AID))
    c.drawCentredString(bx + bw / 2, by + table_h - mm(4.5), solo_title.upper())
    y = by + table_h - mm(6.5)
    col = bx + mm(19)
    for i, (band, text, is_missing) in enumerate(solo):
        y -= mm(5.2)
        if i % 2 == 0:
            c.setFillColor(color("#eef6f4"))
            c.rect(bx + mm(2), y - mm(0.6), bw - mm(4), mm(5.2), stroke=0, fill=1)
        c.setFont(fonts.TITLE, 9)
        c.setFillColor(color(INK))
        c.drawString(bx + mm(3.5), y + mm(1), band)
        if is_missing:
            c.setFont(fonts.BODY, 8.5)
            c.drawString(col, y + mm(1), NO_VERDICT)
        else:
            t = fit(box, text, fonts.BODY, 8.5, MIN_BODY, bx + bw - mm(3) - col, max_lines=1, what="solo row")
            c.setFont(fonts.BODY, t.size)
            c.drawString(col, y + mm(1), text)
    corner_mark(c, box, mark, ink)


# --- tokens and tiles --------------------------------------------------------------------------------------------

def chef_face(c, box: FaceBox, *, mark) -> None:
    cx, cy, r = round_token(c, box, fill=palette.area(RECIPE), ring="#ffffff")
    c.setFillColor(color("#ffffff"))
    c.circle(cx, cy, r * 0.82, stroke=0, fill=1)
    place_centred(c, "dv-chef", cx, cy + mm(0.5), r * 1.5)
    if mark != "R":
        c.setFont(fonts.BOLD, 6.5)
        c.setFillColor(color(INK))
        c.drawCentredString(cx, cy - r * 0.78, mark)


def _cleaver_outline(w: float, h: float, mirror: bool):
    blade_w = w * 0.64
    pts = [(mm(2), mm(2)), (blade_w, mm(2)), (blade_w, h * 0.34), (w - mm(2), h * 0.34), (w - mm(2), h * 0.66),
           (blade_w, h * 0.66), (blade_w, h - mm(2)), (mm(5), h - mm(2)), (mm(2), h - mm(5))]
    if mirror:
        pts = [(w - x, y) for x, y in pts]

    def outline(p):
        p.moveTo(*pts[0])
        for pt in pts[1:]:
            p.lineTo(*pt)
    return outline


def cleaver_face(c, box: FaceBox, *, mirror: bool, name: str, mark: str) -> None:
    """A paper cleaver: steel blade, wooden handle; cut along the solid outline."""
    background(c, box, "#ffffff")
    shaped_cut(c, _cleaver_outline(box.w, box.h, mirror), palette.area(art.STEEL))
    bw = box.w * 0.64
    hx0, hx1 = (bw, box.w - mm(2)) if not mirror else (mm(2), box.w - bw)
    c.setFillColor(color(palette.area(WOOD)))
    c.setStrokeColor(color(INK))
    c.setLineWidth(0.6)
    c.rect(hx0, box.h * 0.34, hx1 - hx0, box.h * 0.32, stroke=1, fill=1)
    c.setFillColor(color(WOOD_DARK))
    for k in (0.3, 0.7):
        c.circle(hx0 + (hx1 - hx0) * k, box.h / 2, mm(1.1), stroke=0, fill=1)
    edge_y = mm(4.5)
    c.setStrokeColor(color(art.STEEL_DARK))
    c.setLineWidth(1.2)
    bx0, bx1 = (mm(3), bw - mm(1)) if not mirror else (box.w - bw + mm(1), box.w - mm(3))
    c.line(bx0, edge_y, bx1, edge_y)
    t = fit(box, name, fonts.TITLE, 13, MIN_TITLE, bw - mm(12), max_lines=1, what="cleaver name")
    c.setFont(fonts.TITLE, t.size)
    c.setFillColor(color(INK))
    c.drawCentredString((bx0 + bx1) / 2, box.h * 0.5 - t.size * 0.1, name)
    if mark != "R":
        c.setFont(fonts.BOLD, 7)
        c.drawString(bx0 + mm(1), edge_y + mm(1.3), mark)


# --- the frame (a board) -----------------------------------------------------------------------------------------

def frame_size(rows: int, cols: int) -> tuple[float, float]:
    border = 14.0
    return cols * CELL_MM + 2 * border, rows * CELL_MM + 2 * border


def frame_draw(c, w: float, h: float, bleed: float, *, rows, cols, title, note, mark) -> None:
    """A wooden frame around a 5 × 7 grid of 17 mm cells, the game's name on the top rail."""
    paint_bleed(c, w, h, bleed, palette.area(WOOD))
    border = mm(14)
    cell = mm(CELL_MM)
    gx, gy = border, border
    gw, gh = cols * cell, rows * cell
    c.setFillColor(color(palette.area(WOOD_DARK)))
    c.roundRect(gx - mm(2), gy - mm(2), gw + mm(4), gh + mm(4), mm(2), stroke=0, fill=1)
    c.setFillColor(color("#f4ead2"))
    c.rect(gx, gy, gw, gh, stroke=0, fill=1)
    colours = list(VEG_COLOURS.values())
    c.setLineWidth(0.6)
    for row in range(rows):
        for col in range(cols):
            x, y = gx + col * cell, gy + gh - (row + 1) * cell
            c.setStrokeColor(color("#d6c6a3"))
            c.rect(x, y, cell, cell, stroke=1, fill=0)
            c.setFillColor(color(palette.tint(colours[(row * cols + col) % 5], 0.75)))
            c.roundRect(x + mm(1.5), y + mm(1.5), cell - mm(3), cell - mm(3), mm(1.5), stroke=0, fill=1)
    # wood grain
    c.setStrokeColor(color(WOOD_DARK))
    c.setLineWidth(0.4)
    for k in range(3):
        c.line(mm(6), h - mm(3.5) - k * mm(1.2), mm(30), h - mm(3.5) - k * mm(1.2))
        c.line(w - mm(30), mm(3.5) + k * mm(1.2), w - mm(6), mm(3.5) + k * mm(1.2))
    c.setFont(fonts.TITLE, 16)
    c.setFillColor(color("#ffffff"))
    c.drawCentredString(w / 2, h - border + mm(4), title)
    c.setFont(fonts.BOLD, 7.5)
    c.drawCentredString(w / 2, mm(5.5), note)
    if mark != "R":
        c.drawRightString(w - mm(4), mm(4), mark)


# --- dice --------------------------------------------------------------------------------------------------------

def die_face(c, size: float, bleed: float, *, value, fill, icon, mark) -> None:
    """Vegetable colour, the number large, the vegetable small in the corner."""
    paint_bleed(c, size, size, bleed, fill)
    c.setFillColor(color("#ffffff"))
    c.setStrokeColor(color(INK))
    c.setLineWidth(0.5)
    c.circle(size * 0.27, size * 0.73, size * 0.2, stroke=1, fill=1)
    place_centred(c, icon, size * 0.27, size * 0.73, size * 0.34)
    ink = on(fill)
    num = str(value)
    fs = size * 0.62
    c.setFont(fonts.TITLE, fs)
    c.setFillColor(color(ink))
    c.drawCentredString(size * 0.6, size * 0.16, num)
    if value in (6,):
        c.setLineWidth(0.8)
        c.setStrokeColor(color(ink))
        tw = fonts.width(num, fonts.TITLE, fs)
        c.line(size * 0.6 - tw / 2, size * 0.12, size * 0.6 + tw / 2, size * 0.12)
    if mark != "R":
        c.setFont(fonts.BOLD, 5)
        c.setFillColor(color(ink))
        c.drawString(size * 0.08, size * 0.08, mark)


# --- the print set -----------------------------------------------------------------------------------------------

def _score(h, tx: Texts) -> tuple[str, str]:
    """The score as the card's corner shows it ("5", "×2", "+1") and as its text says it."""
    text = h.shown("score", tx.ui_text, str)
    if text is None:
        raise PdfBuildError(f"diced-veggies: hype card {h.id} has a score the PDF cannot show: {h.score!r}")
    kind, n = next(iter(h.score.items()))
    return (str(n) if kind == "points" else f"×{n}" if kind == "multiply_recipe" else f"+{n}"), text


def _band(rank) -> str:
    return f"{rank.min}–{rank.max}" if rank.max is not None else f"{rank.min}+"


def _missing_rows(m, tx) -> list[Credit]:
    """One credit per solo row the source skips, with its note: said once in the credits, not on every aid."""
    return [Credit("missing", f"{tx.ui_text('pdf.dv.aid.solo')} {_band(r)}", tx.ui_text("pdf.dv.aid.verdict"),
                   tx.game_text(r.note_key)) for r in m.solo if r.missing_in_source and r.note_key]


def print_set(game, ui, lang: str, card: Size) -> PrintSet:
    m = game.model
    tx = Texts(ui, lang, game)

    def name(record) -> str:
        # names print in the reader's language: as written in the original, else their gloss translates them
        return record.name if tx.in_own_language else tx.gloss(record)

    label = {"points": tx.ui_text("pdf.points"), "dice": lambda n: tx.ui_text("pdf.dv.dice_count", n=n),
             "hype": tx.ui_text("pdf.dv.back.hype")}

    def recipe(cd) -> tuple[str, Any]:
        r = m.recipes[cd.ref]
        needs = [(name(m.veggies[v]), n, veg_colour(m.veggies[v]), veg_icon(v)) for v, n in r.needs]
        return f"recipe-{r.id}", partial(recipe_face, name=name(r), points=r.points, needs=needs, label=label,
                                         mark=r.mark_of(("needs", "points", "name")))

    def hype(cd) -> tuple[str, Any]:
        h = m.hype[cd.ref]
        score, note = _score(h, tx)
        return f"hype-{h.id}", partial(hype_face, name=name(h), text=tx.game_text(h.key + "text"), score=score,
                                       score_note=note, label=label,
                                       mark=h.mark_of(("name", "text", "condition", "score")))

    faces: dict[str, Any] = {}
    pieces = card_pieces(m.id, m.cards(), KIND_ORDER, faces, {"recipe": recipe, "hype": hype})

    title = m.name
    backs: dict[str, Any] = {
        "recipe": partial(card_back, fill=RECIPE, icon="dv-recipe", title=title,
                          text=tx.ui_text("pdf.dv.back.recipe")),
        "hype": partial(card_back, fill=HYPE, icon="dv-hype", title=title, text=tx.ui_text("pdf.dv.back.hype")),
    }

    # player aids: one per player
    limits = m.hand_limits
    steps = [line for line in tx.ui_text("pdf.dv.aid.turn", max=m.cut_max_sum, end=m.recipes_to_end).split("\n")
             if line.strip()]
    solo = []
    for rank in m.solo:
        solo.append((_band(rank), "" if rank.missing_in_source else tx.game_text(rank.key), rank.missing_in_source))
    solo_mark = "*" if any(not r.missing_in_source and r.key for r in m.solo) else "R"
    faces["aid"] = partial(
        aid_face, title=tx.ui_text("pdf.aid.title"), steps=steps,
        limits=tx.ui_text("pdf.dv.aid.limits", dice=limits["dice"], recipes=limits["recipes"], hype=limits["hype"]),
        solo_title=tx.ui_text("pdf.dv.aid.solo"), solo=solo,
        label=label, mark=solo_mark)
    players = m.players[1]
    pieces["aid"] = [Piece(f"aid-{i}", "aid", "aid", None) for i in range(1, players + 1)]

    chef = m.components["chef"]
    faces["chef"] = partial(chef_face, mark=chef.mark_of(("count", "faces")))
    backs["chef"] = faces["chef"]
    pieces["chef"] = [Piece(f"chef-{i}", "chef", "chef", "chef") for i in range(1, chef.count + 1)]

    cleaver = m.components["cleaver"]
    faces["cleaver"] = partial(cleaver_face, mirror=False, name=name(cleaver), mark=cleaver.mark)
    backs["cleaver"] = partial(cleaver_face, mirror=True, name=name(cleaver), mark=cleaver.mark)
    pieces["cleaver"] = [Piece(f"cleaver-{i}", "cleaver", "cleaver", "cleaver") for i in range(1, cleaver.count + 1)]

    # the frame
    frame = m.components["frame"]
    rows, cols = m.block
    fw, fh = frame_size(rows, cols)
    boards = [Board("frame", "frame", tx.ui_text("pdf.dv.kind.frame"), fw, fh,
                    partial(frame_draw, rows=rows, cols=cols, title=title,
                            note=tx.ui_text("pdf.dv.frame.note", rows=rows, cols=cols), mark=frame.mark))
              for _ in range(frame.count)]

    # dice: one face drawing per vegetable and number
    die_faces: dict[str, Any] = {}
    dice = []
    for p in m.pieces():
        if p.component != "die":
            continue
        veg = m.veggies[p.ref]
        keys = []
        for value in p.faces:
            key = f"{veg.id}-{value}"
            die_faces.setdefault(key, partial(die_face, value=int(value), fill=veg_colour(veg),
                                              icon=veg_icon(veg.id), mark=veg.mark_of(("name", "colour"))))
            keys.append(key)
        dice.append(Die(p.id, tuple(keys), f"{name(veg)} {p.copy}"))
    dice_sets = [DiceSet("die", dice, die_faces, size_mm=DIE_MM)]

    counts = {"recipe": len(pieces["recipe"]), "hype": len(pieces["hype"])}
    hype_counts = {h.count for h in m.hype.values()}
    details = {
        "recipe": tx.ui_text("pdf.dv.detail.recipe", n=len(m.recipes)),
        "hype": (tx.ui_text("pdf.dv.detail.hype", n=len(m.hype), each=next(iter(hype_counts)))
                 if len(hype_counts) == 1 else ""),
        "die": ", ".join(f"{v.dice} × {name(v)}" for v in m.veggies.values()),
        "chef": tx.ui_text("pdf.dv.detail.token", mm=TOKEN_MM),
        "frame": f"{tx.size(fw, fh)} mm",
    }
    kinds = [Kind(k, tx.ui_text(f"pdf.dv.kind.{k}") if k != "aid" else tx.ui_text("pdf.kind.aid"), KIND_ICON[k],
                  {"recipe": "recipe", "hype": "hype", "chef": "chef", "cleaver": "cleaver"}.get(k),
                  details.get(k, "")) for k in KIND_ORDER]
    if counts["recipe"] != m.totals["recipe_cards"] or counts["hype"] != m.totals["hype_cards"]:
        raise PdfBuildError(f"diced-veggies: {counts} cards, the model's totals say {m.totals}")
    decks = [Deck(card, pieces["recipe"] + pieces["hype"]), Deck(AID_SIZE, pieces["aid"]),
             token_deck("chef token", TOKEN_MM, pieces["chef"]), Deck(CLEAVER, pieces["cleaver"])]
    icons = sorted(set(art.register()) | {"plate"})          # the guide header shows the plate
    back_labels = {"recipe": tx.ui_text("pdf.dv.back.recipe"), "hype": tx.ui_text("pdf.dv.back.hype"),
                   "chef": tx.ui_text("pdf.back.same"), "cleaver": tx.ui_text("pdf.back.same")}
    return PrintSet(
        game_id=m.id, title=title, subtitle=tx.ui_text("pdf.dv.subtitle"), lang=lang, decks=decks, faces=faces,
        backs=backs, back_labels=back_labels, kinds=kinds,
        credits=credits_of(m, tx, fields={"needs": "pdf.field.ingredients"}, translated_names=True)
        + _missing_rows(m, tx),
        icons=icons, fallback=tx.fallback, boards=boards, dice=dice_sets)
