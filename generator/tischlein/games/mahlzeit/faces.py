"""Mahlzeit's cards: dish goals, ingredients, drinks, actions, specials, overview cards and the two backs.

Layout rules shared by every face: a cream rim (so butted neighbours meet in the same colour and a slightly
crooked cut never shows a strip of the next card), a coloured panel, the points badge top left, the drink top
right on dish cards (as the rulebook describes them), the title below, a paper-coloured body panel.
Ingredient cards wear their dish's colour, so a hand sorts itself at a glance.
"""
from __future__ import annotations

from functools import partial
from typing import Any

from ...pdf import fonts, palette
from ...pdf.back import banner, clipped_to_bleed, emblem, pattern_cells, word_plate
from ...pdf.card import (MIN_BODY, MIN_TITLE, FaceBox, Ring, background, badge, corner_mark, divider, fit, icon_disc,
                         icon_over_text, numbered_box, panel, text_box, title_block)
from ...pdf.component import Deck, Kind, PrintSet, card_pieces, credits_of, kind_details
from ...pdf.errors import PdfBuildError
from ...pdf.icons import color, place_centred
from ...pdf.texts import Texts
from ...pdf.units import Size, mm

# --- palette ---------------------------------------------------------------------------------------------------
INK = "#3b2417"
CREAM = "#fbf1dc"          # rim of every front
PAPER = "#fffaf0"          # body panels
DISH_COLOURS = {
    "kloesse": "#d9a441",
    "sauerbraten": "#8e3b2e",
    "currywurst": "#bc5223",        # 4.5:1 to white and to the paper
    "brotzeit": "#3a74ae",          # 4.5:1 to white: small white text on it
    "kaesespaetzle": "#e8b923",
    "rote-gruetze": "#b3263b",
}
DRINK_COLOURS = {"beer": "#d98e04", "wine": "#7b1e3a", "coffee-rum": "#6f4a2f"}
ACTION_COLOURS = {"cooking-spoon": "#94622f", "dirty-pots": "#5f6b5b"}     # white text reads on both (4.5:1)
SPECIAL_COLOUR = "#2f7f78"
OVERVIEW_COLOUR = "#527a3a"     # 4.5:1 to white and to the paper: its text on it and in it
GINGHAM = ("#ffffff", "#f6cac1", "#e27a6d")      # light back: white, light check, dark check
TILE = ("#4a2c1d", "#5a3725", "#3a2216")          # dark back: tile, tile highlight, grout

ICONS = {
    # ingredients
    "kartoffeln": "potatoes", "brotwuerfel": "bread-cubes", "beize": "marinade", "bratenfleisch": "roast",
    "bratwurst": "bratwurst", "pommes": "fries", "currysauce": "curry-sauce", "brezel": "pretzel",
    "suesser-senf": "mustard", "weisswurst": "weisswurst", "rostzwiebeln": "fried-onions", "kaese": "cheese",
    "spaetzle": "spaetzle", "rote-beeren": "berries", "speisestaerke": "starch", "vanillesosse": "vanilla-sauce",
    # drinks
    "beer": "beer", "wine": "wine", "coffee-rum": "coffee",
    # actions and specials
    "cooking-spoon": "spoon", "dirty-pots": "dirty-pots", "cutlery": "cutlery", "apron": "apron",
    "dish-towel": "towel", "cooking-hat": "chef-hat",
    # card kinds
    "dish": "plate", "overview": "checklist", "stack": "pot",
}
KIND_ORDER = ("dish", "overview", "ingredient", "drink", "action", "special")
KIND_ICON = {"dish": "plate", "overview": "checklist", "ingredient": "potatoes", "drink": "beer",
             "action": "spoon", "special": "chef-hat"}


def on(fill: str) -> str:
    """Text colour that reads on `fill` as printed (ink saver lightens large fills)."""
    return palette.text_on(fill, INK)


def icon_for(ref: str) -> str:
    if ref not in ICONS:
        raise PdfBuildError(f"mahlzeit: no icon for {ref!r}; add it to tischlein/games/mahlzeit/faces.py ICONS")
    return ICONS[ref]


def points(value: int) -> str:
    return f"−{-value}" if value < 0 else str(value)


# --- the shared frame ------------------------------------------------------------------------------------------

class Frame:
    """Geometry of one face, scaled from the 63 × 88 mm design to the chosen card size."""

    def __init__(self, box: FaceBox):
        self.box = box
        self.k = min(box.w / mm(63), box.h / mm(88))
        self.rim = mm(3)
        self.x0, self.y0 = self.rim, self.rim
        self.x1, self.y1 = box.w - self.rim, box.h - self.rim
        self.pad = mm(2.2) * self.k

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    def s(self, value_mm: float) -> float:
        return mm(value_mm) * self.k

    def start(self, c, fill: str) -> None:
        background(c, self.box, palette.area(CREAM))
        panel(c, self.x0, self.y0, self.width, self.y1 - self.y0, palette.area(fill), radius=mm(3),
              stroke=palette.outline(fill), width=1.6)

    def top_row(self, c, fill: str, value: int | None, label: tuple[str, str], right_icons: list[str]) -> float:
        """Points badge (top left) and icon discs (top right); returns the y below them (or the top)."""
        r = self.s(7.6)
        used = False
        if value is not None:
            cx, cy = self.x0 + self.pad + r, self.y1 - self.pad - r
            word = label[1] if abs(value) == 1 else label[0]
            badge(c, cx, cy, r, points(value), PAPER, INK if palette.luma(fill) > 0.35 else fill, INK, word)
            used = True
        if right_icons:
            rr = self.s(6.4)
            cy = self.y1 - self.pad - r
            for i, icon in enumerate(reversed(right_icons)):
                cx = self.x1 - self.pad - rr - i * rr * 1.55
                icon_disc(c, icon, cx, cy, rr, PAPER, INK, scale=1.45)
            used = True
        return self.y1 - self.pad - 2 * r - self.s(1) if used else self.y1 - self.pad

    def title(self, c, top: float, name: str, gloss: str | None, fill: str, size: float = 15) -> float:
        """Name (display face, up to two lines) and gloss under it; returns the y below them."""
        y = title_block(c, self.box, name, gloss, self.box.w / 2, top, self.width - 2 * self.pad, on(fill),
                        size * self.k, 8 * self.k, leading=1.08, gloss_gap=0.35)
        return y - self.s(1.5)

    def body(self, c, top: float, bottom: float | None = None) -> tuple[float, float, float, float]:
        """The paper panel between `top` and the bottom; returns its rectangle."""
        x, y = self.x0 + self.pad, (bottom if bottom is not None else self.y0 + self.pad)
        w, h = self.width - 2 * self.pad, top - y
        panel(c, x, y, w, h, PAPER, radius=mm(2))
        return x, y, w, h


# --- faces -----------------------------------------------------------------------------------------------------

def dish_face(c, box: FaceBox, *, name, gloss, value, fill, drinks, ingredients, label, mark) -> None:
    f = Frame(box)
    f.start(c, fill)
    top = f.top_row(c, fill, value, label["points"], drinks)
    top = f.title(c, top, name, gloss, fill)
    x, y, w, h = f.body(c, top)
    # recipe list: a heading, then one row per ingredient (icon disc, name, gloss), spread over the panel
    head = 7.5 * f.k
    c.setFont(fonts.BOLD, head)
    c.setFillColor(color(fill if palette.luma(fill) < 0.6 else INK))
    c.drawCentredString(x + w / 2, y + h - f.s(1.4) - head * 0.8, label["ingredients"].upper())
    rows_top = y + h - f.s(2.6) - head
    row_h = min(f.s(15), (rows_top - y - f.s(1)) / max(1, len(ingredients)))
    row_y = rows_top - (rows_top - y - row_h * len(ingredients)) / 2
    r = min(row_h * 0.4, f.s(5.6))
    for icon, ing_name, ing_gloss in ingredients:
        cy = row_y - row_h / 2
        icon_disc(c, icon, x + f.s(3) + r, cy, r, CREAM, None, scale=1.7)
        tx = x + f.s(3) + 2 * r + f.s(3)
        tw = x + w - f.s(2) - tx
        n = fit(box, ing_name, fonts.BOLD, 11 * f.k, 7.5, tw, max_lines=1, what="ingredient name")
        c.setFillColor(color(INK))
        c.setFont(fonts.BOLD, n.size)
        if ing_gloss:
            gl = fit(box, ing_gloss, fonts.ITALIC, 8 * f.k, MIN_BODY, tw, max_lines=1, what="ingredient gloss")
            c.drawString(tx, cy + 1, ing_name)
            c.setFont(fonts.ITALIC, gl.size)
            c.drawString(tx, cy - gl.size - 0.5, ing_gloss)
        else:
            c.drawString(tx, cy - n.size * 0.35, ing_name)
        row_y -= row_h
    corner_mark(c, box, mark, on(fill))


def ingredient_face(c, box: FaceBox, *, name, gloss, icon, fill, dish_name, dish_icon, label, mark) -> None:
    f = Frame(box)
    f.start(c, fill)
    top = f.title(c, f.y1 - f.pad - f.s(1), name, gloss, fill, size=16)
    foot_h = f.s(11)
    x, y, w, h = f.body(c, top, f.y0 + f.pad + foot_h + f.s(1.5))
    r = min(w, h) * 0.44
    place_centred(c, icon, x + w / 2, y + h / 2, r * 2.05)
    # footer: which dish it goes into
    fy = f.y0 + f.pad
    ink = on(fill)
    c.setFillColor(color(ink))
    small = 6.5 * max(1.0, f.k)
    c.setFont(fonts.BOLD, small)
    text_x = f.x0 + f.pad + f.s(10.5)
    c.drawString(text_x, fy + foot_h - small - f.s(1), label["for"].upper())
    tw = f.x1 - f.pad - text_x
    d = fit(box, dish_name, fonts.TITLE, 11 * f.k, MIN_TITLE, tw, max_lines=1, what="dish name")
    c.setFont(fonts.TITLE, d.size)
    c.drawString(text_x, fy + f.s(1.4), dish_name)
    icon_disc(c, dish_icon, f.x0 + f.pad + f.s(4.5), fy + foot_h / 2, f.s(4.5), PAPER, INK, scale=1.5)
    corner_mark(c, box, mark, on(fill))


def drink_face(c, box: FaceBox, *, name, gloss, icon, fill, value, label, mark) -> None:
    f = Frame(box)
    f.start(c, fill)
    top = f.top_row(c, fill, value, label["points"], [])
    top = f.title(c, top, name, gloss, fill, size=17)
    foot_h = f.s(9)
    x, y, w, h = f.body(c, top, f.y0 + f.pad + foot_h + f.s(1))
    place_centred(c, icon, x + w / 2, y + h / 2, min(w, h) * 0.9)
    text_box(c, box, label["hand"], f.x0 + f.pad, f.y0 + f.pad, f.width - 2 * f.pad, foot_h,
             fonts.BOLD, 7.5 * f.k, fill=on(fill), valign="middle", max_lines=2, what="hand note")
    corner_mark(c, box, mark, on(fill))


def rule_face(c, box: FaceBox, *, name, gloss, icon, fill, value, text, tag, label, mark) -> None:
    """Action and special cards: badge if they score, title, icon, the rule text."""
    f = Frame(box)
    f.start(c, fill)
    top = f.top_row(c, fill, value, label["points"], []) if value else f.y1 - f.pad - f.s(1)
    top = f.title(c, top, name, gloss, fill, size=16)
    x, y, w, h = f.body(c, top)
    text_h = h * 0.5
    icon_h = h - text_h
    icon_over_text(c, icon, x, y, w, text_h, icon_h, min(icon_h * 0.92, w * 0.6), fill, f.s(6))
    tag_h = 0.0
    if tag:
        tag_h = 6.5 * 1.6
        c.setFont(fonts.BOLD, 6.5)
        c.setFillColor(color(fill))
        c.drawCentredString(x + w / 2, y + f.s(1.6), tag.upper())
    text_box(c, box, text, x + f.s(2.5), y + f.s(1.5) + tag_h, w - f.s(5), text_h - f.s(3) - tag_h,
             fonts.BODY, 8.5 * f.k, valign="middle", leading=1.22, what="rule text")
    corner_mark(c, box, mark, on(fill))


def overview_face(c, box: FaceBox, *, title, text, fill, scoring, label, mark) -> None:
    f = Frame(box)
    f.start(c, fill)
    top = f.title(c, f.y1 - f.pad - f.s(1), title, None, fill, size=17)
    x, y, w, h = f.body(c, top)
    score_h = f.s(27)
    items = [line for line in text.splitlines() if line.strip()]
    numbered_box(c, box, items, x + f.s(2.5), y + score_h + f.s(2), w - f.s(5), h - score_h - f.s(4.5),
                 fonts.BODY, 10 * f.k, leading=1.22, what="overview text")
    # scoring strip: drinks plus, Dirty Pots minus
    divider(c, x, w, y + score_h, f.s(4), fill)
    c.setFont(fonts.BOLD, 7)
    c.setFillColor(color(fill))
    c.drawCentredString(x + w / 2, y + score_h - f.s(3.6), label["scoring"].upper())
    n = len(scoring)
    slot = w / n
    for i, (icon, value) in enumerate(scoring):
        cx = x + slot * (i + 0.5)
        place_centred(c, icon, cx, y + f.s(14.6), f.s(8.6))
        c.setFont(fonts.TITLE, 11 * f.k)
        c.setFillColor(color(INK))
        c.drawCentredString(cx, y + f.s(6.3), value)
    text_box(c, box, label["scoring_note"], x + f.s(2), y + f.s(1.0), w - f.s(4), f.s(3.2), fonts.ITALIC,
             MIN_BODY, max_lines=1, what="scoring note")
    corner_mark(c, box, mark, on(fill))


# --- backs -----------------------------------------------------------------------------------------------------

def light_back(c, box: FaceBox, *, title, text) -> None:
    """Dish goals: a gingham tablecloth, a plate, the game's name."""
    b = box.bleed
    white, light, dark = (palette.area(v) for v in GINGHAM)
    background(c, box, white)
    step = mm(5)
    n_x, n_y = pattern_cells(box, step)
    ox = box.w / 2 - step * (n_x // 2) - step / 2      # centred, so the pattern mirrors onto itself
    oy = box.h / 2 - step * (n_y // 2) - step / 2
    with clipped_to_bleed(c, box):
        c.setFillColor(color(light))
        stripes = c.beginPath()
        for i in range(0, n_x, 2):
            stripes.rect(ox + i * step, -b, step, box.h + 2 * b)
        for j in range(0, n_y, 2):
            stripes.rect(-b, oy + j * step, box.w + 2 * b, step)
        c.drawPath(stripes, stroke=0, fill=1)
        c.setFillColor(color(dark))
        cross = c.beginPath()
        for i in range(0, n_x, 2):
            for j in range(0, n_y, 2):
                cross.rect(ox + i * step, oy + j * step, step, step)
        c.drawPath(cross, stroke=0, fill=1)
    _back_centre(c, box, "plate", title, text, CREAM, INK, "#c0392b")


def dark_back(c, box: FaceBox, *, title, text) -> None:
    """The kitchen stack: dark tiles, a steaming pot, the game's name."""
    tile, hi, grout = (palette.area(v) for v in TILE)
    background(c, box, grout)
    step = mm(9)
    n_x, n_y = pattern_cells(box, step)
    ox = box.w / 2 - step * (n_x / 2)
    oy = box.h / 2 - step * (n_y / 2)
    gap = mm(0.6)
    with clipped_to_bleed(c, box):
        tiles = c.beginPath()
        shine = c.beginPath()
        for i in range(n_x):
            for j in range(n_y):
                x, y = ox + i * step + gap / 2, oy + j * step + gap / 2
                tiles.rect(x, y, step - gap, step - gap)
                shine.rect(x + mm(1), y + step - gap - mm(2), mm(2.2), mm(0.7))
        c.setFillColor(color(tile))
        c.drawPath(tiles, stroke=0, fill=1)
        c.setFillColor(color(hi))
        c.drawPath(shine, stroke=0, fill=1)
    _back_centre(c, box, "pot", title, text, "#f6e7c8", palette.text_on(TILE[0], INK, "#f6e7c8"), "#bc5223")


def _back_centre(c, box: FaceBox, icon: str, title: str, text: str, disc: str, ink: str, accent: str) -> None:
    e = emblem(box, rise_mm=6, banner_w=0.8, banner_h_mm=13)
    icon_disc(c, icon, e.cx, e.cy, e.r, disc, INK, scale=1.45, ring_width=1.4, inner=Ring(accent, 1.2, mm(1.6)))
    banner(c, box, title, e, fill=palette.area(accent), ink=palette.text_on(accent, INK), size=24,
           stroke=palette.outline(accent) or INK, width=1.2)
    # the word is fitted as written and printed in capitals
    size = fit(box, text, fonts.BOLD, 9, MIN_BODY, e.bw, max_lines=1, what="back text").size
    word, baseline = text.upper(), e.below - mm(5.8)
    if ink == INK:   # on gingham: a small plate behind the words
        word_plate(c, word, size, e.cx, baseline, plate=CREAM, ink=INK, y=e.below - mm(7.2), h=mm(4.6))
    else:
        c.setFont(fonts.BOLD, size)
        c.setFillColor(color(ink))
        c.drawCentredString(e.cx, baseline, word)


# --- the print set ---------------------------------------------------------------------------------------------

def print_set(game, ui, lang: str, card: Size) -> PrintSet:
    """Mahlzeit's cards for one language, ready for the PDF builder."""
    m = game.model
    tx = Texts(ui, lang, game)
    gloss = tx.gloss        # in the game's own language the German names need no gloss

    label = {
        "points": (tx.ui_text("pdf.points"), tx.ui_text("pdf.point")),
        "ingredients": tx.ui_text("pdf.ingredients"),
        "for": tx.ui_text("pdf.ingredient.for"),
        "scoring": tx.ui_text("pdf.overview.scoring"),
        "scoring_note": tx.ui_text("pdf.overview.scoring_note"),
    }
    def dish(c) -> tuple[str, Any]:
        d = m.dishes[c.ref]
        return f"dish-{d.id}-{c.value}", partial(
            dish_face, name=d.name, gloss=gloss(d), value=c.value, fill=DISH_COLOURS[d.id],
            drinks=[icon_for(x) for x in d.drinks], label=label, mark=d.mark_of(("values", "drinks", "ingredients")),
            ingredients=[(icon_for(i), m.ingredients[i].name, gloss(m.ingredients[i])) for i in d.ingredients])

    def ingredient(c) -> tuple[str, Any]:
        i = m.ingredients[c.ref]
        dish = m.dishes[i.dish]
        return f"ingredient-{i.id}", partial(
            ingredient_face, name=i.name, gloss=gloss(i), icon=icon_for(i.id), fill=DISH_COLOURS[dish.id],
            dish_name=dish.name, dish_icon="plate", label=label, mark=i.mark)

    def drink(c) -> tuple[str, Any]:
        d = m.drinks[c.ref]
        return f"drink-{d.id}", partial(
            drink_face, name=d.name, gloss=gloss(d), icon=icon_for(d.id), fill=DRINK_COLOURS[d.id],
            value=d.points, label={**label, "hand": tx.ui_text("pdf.drink.hand", points=points(d.points))},
            mark=d.mark)

    def rule_card(c) -> tuple[str, Any]:
        r = m.record(c.kind, c.ref)
        fill = ACTION_COLOURS.get(r.id, SPECIAL_COLOUR) if c.kind == "action" else SPECIAL_COLOUR
        return f"{c.kind}-{r.id}", partial(
            rule_face, name=r.name, gloss=gloss(r), icon=icon_for(r.id), fill=fill, value=r.points or None,
            text=tx.game_text(r.key + "text"), tag=tx.ui_text("pdf.special.variant") if c.kind == "special" else None,
            label=label, mark=r.mark)

    def overview(c) -> tuple[str, Any]:
        scoring = [(icon_for(d.id), "+" + points(d.points)) for d in m.drinks.values()]
        scoring += [(icon_for(a.id), points(a.points)) for a in m.actions.values() if a.points < 0]
        return "overview", partial(overview_face, title=tx.game_text("overview.title"),
                                   text=tx.game_text("overview.text"), fill=OVERVIEW_COLOUR, scoring=scoring,
                                   label=label, mark=_overview_mark(m))

    def piece_name(c) -> str:
        record = m.record(c.kind, c.ref)
        return tx.game_text("overview.title") if c.kind == "overview" else record.name if record else ""

    faces: dict[str, Any] = {}
    pieces = card_pieces(m.id, m.cards(), KIND_ORDER, faces, {"dish": dish, "ingredient": ingredient, "drink": drink,
                                                               "action": rule_card, "special": rule_card,
                                                               "overview": overview}, piece_name)

    details = kind_details(m, KIND_ORDER)

    backs = {
        "light": partial(light_back, title=m.name, text=tx.game_text(m.backs["light"])),
        "dark": partial(dark_back, title=m.name, text=tx.game_text(m.backs["dark"])),
    }
    kinds = [Kind(k, tx.ui_text(f"pdf.kind.{k}"), KIND_ICON[k], pieces[k][0].back if pieces[k] else None,
                  ", ".join(details[k])) for k in KIND_ORDER if pieces[k]]
    # light-back cards first, then the stack, so a sheet never mixes backs where it can be avoided
    ordered = [p for k in KIND_ORDER for p in pieces[k]]
    ordered.sort(key=lambda p: 0 if p.back == "light" else 1)
    icons = sorted({v for v in ICONS.values()})
    # the subtitle is German, as the game prints it: a guide in another language gives what it means
    return PrintSet(
        game_id=m.id, title=m.name, subtitle=gloss("") or m.subtitle, lang=lang, decks=[Deck(card, ordered)],
        faces=faces, backs=backs, back_labels={b: tx.ui_text(f"pdf.back.{b}") for b in backs}, kinds=kinds,
        credits=credits_of(m, tx), icons=icons, fallback=tx.fallback)


def _overview_mark(m) -> str:
    reconstructed = (m.raw.get("overview") or {}).get("reconstructed") or {}
    return "*" if "text" in reconstructed else "R"
