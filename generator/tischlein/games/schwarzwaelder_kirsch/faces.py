"""Schwarzwälder Kirsch's cards: 24 ingredient cards, 4 jokers (the star), the action cards Stehlen, Tauschen and
Garnieren, the Küchenmaschinenkarte, and a player aid per player.

Palette: dark chocolate, cherry red, cream. Every front has a cream rim (butted neighbours meet in one colour), a
coloured panel, the German name in the display face with its gloss below (not in German), a paper panel with
the icon, and the provenance mark in the lower-right corner (* reconstructed). The pantry cards all share one
back (the spread must not give a card away); the Küchenmaschinenkarte and the player aids have their own.
Ingredient cards carry a row of eight dots with their own place in the cake filled, so a collection reads as a
checklist on the table.
"""
from __future__ import annotations

from functools import partial
from typing import Any

from ...pdf import fonts
from . import art  # noqa: F401  (importing it registers the game's icons)
from ...pdf.back import banner, clipped_to_bleed, emblem, pattern_cells, word_under
from ...pdf.card import Frame as CardFrame
from ...pdf.card import (MIN_BODY, FaceBox, Ring, background, divider, fit, icon_disc, icon_over_text, numbered_box,
                         text_box)
from ...pdf.component import Deck, Kind, Piece, PrintSet, card_pieces, credits_of, kind_details
from ...pdf.errors import PdfBuildError
from ...pdf.icons import color, place_centred
from ...pdf.palette import area, text_on
from ...pdf.texts import Texts
from ...pdf.units import CARD_SIZES, Size, mm

# --- palette ---------------------------------------------------------------------------------------------------
CHOC = "#3d2116"
CHOC_MID = "#5a3020"
CHERRY = "#a5102a"
CREAM = "#fff4de"
PAPER = "#fffaf0"
GOLD = "#c98a0b"
INK = "#3b2417"
KIND_COLOURS = {"ingredient": CHOC_MID, "joker": GOLD, "action": CHERRY, "start": CHOC, "aid": "#7a4b2a"}
ACTION_COLOURS = {"stehlen": "#a5102a", "tauschen": "#7c1d5e", "garnieren": "#c2410c"}

ICONS = {
    "eier": "sk-eggs", "zucker": "sk-sugar", "mehl": "sk-flour", "kakao": "sk-cocoa", "kirschen": "sk-cherries",
    "sahne": "sk-cream", "kirschwasser": "sk-kirschwasser", "schokoraspeln": "sk-shavings",
    "joker": "sk-star", "stehlen": "sk-steal", "tauschen": "sk-swap", "garnieren": "sk-garnish",
    "kuechenmaschine": "sk-mixer", "kirschtorte": "sk-cake", "aid": "sk-aid",
}
KIND_ORDER = ("ingredient", "joker", "action", "start", "aid")
KIND_ICON = {"ingredient": "sk-cherries", "joker": "sk-star", "action": "sk-steal", "start": "sk-mixer",
             "aid": "sk-aid"}
AID_BACK = "aid"
AID_MIN = CARD_SIZES["poker"]      # player aids are never printed smaller than this


def on(fill: str) -> str:
    """Text colour that reads on `fill` as printed (ink saver lightens large fills)."""
    return text_on(fill, INK, CREAM)


def icon_for(ref: str) -> str:
    if ref not in ICONS:
        raise PdfBuildError(f"schwarzwaelder-kirsch: no icon for {ref!r}; add it to "
                            "tischlein/games/schwarzwaelder_kirsch/faces.py ICONS")
    return ICONS[ref]


# --- the frame -------------------------------------------------------------------------------------------------

class Frame(CardFrame):
    """One front, scaled from the 63 × 88 mm design to the chosen card size: a cream rim, the kind's colour."""

    def __init__(self, c, box: FaceBox, fill: str):
        super().__init__(c, box, fill, rim=CREAM, ink=on(fill), outline_width=1.4)

    def title(self, name: str, gloss: str | None, size: float = 16) -> float:
        return self.title_at(self.y1 - self.pad - self.s(0.8), name, gloss, size, gloss_size=8.5, gap=1.6)

    def body(self, top: float, bottom: float) -> tuple[float, float, float, float]:
        return self.paper(top, bottom, PAPER)


def _cake_dots(c, f: Frame, cx: float, y: float, index: int, total: int, fill: str) -> None:
    """A row of `total` dots with the card's own place in the cake filled in cherry red."""
    r = f.s(1.35)
    gap = f.s(4.1)
    x = cx - gap * (total - 1) / 2
    c.setLineWidth(0.7)
    c.setStrokeColor(color(CREAM))
    for i in range(total):
        c.setFillColor(color(CHERRY if i == index else fill))
        c.circle(x + i * gap, y, r * (1.35 if i == index else 1), stroke=1, fill=1)


# --- faces -----------------------------------------------------------------------------------------------------

def ingredient_face(c, box: FaceBox, *, name, gloss, icon, index, total, cake, label, mark) -> None:
    f = Frame(c, box, KIND_COLOURS["ingredient"])
    top = f.title(name, gloss, size=17)
    foot = f.s(13)
    x, y, w, h = f.body(top, f.y0 + f.pad + foot)
    place_centred(c, icon, x + w / 2, y + h / 2, min(w, h) * 0.9)
    fy = f.y0 + f.pad
    c.setFillColor(color(on(KIND_COLOURS["ingredient"])))
    small = max(6.5, 6.5 * f.k)
    width = f.inner_w - f.s(4)
    if fonts.width(cake, fonts.TITLE, 7) <= width:
        c.setFont(fonts.BOLD, small)
        c.drawCentredString(box.w / 2, fy + foot - small - f.s(0.6), label["for"].upper())
        t = fit(box, cake, fonts.TITLE, max(9.5 * f.k, 7), 7, width, max_lines=1, what="cake name")
        c.setFont(fonts.TITLE, t.size)
        c.drawCentredString(box.w / 2, fy + f.s(4.6), cake)
    else:   # small cards: the cake's name alone, on up to two lines
        text_box(c, box, cake, f.x0 + f.pad, fy + f.s(3.2), f.inner_w, foot - f.s(3.2), fonts.BOLD, 7,
                 fill=on(KIND_COLOURS["ingredient"]), valign="middle", max_lines=2, leading=1.1, what="cake name")
    _cake_dots(c, f, box.w / 2, fy + f.s(1.6), index, total, CHOC)
    f.mark(mark)


def rule_face(c, box: FaceBox, *, name, gloss, icon, fill, text, tag, mark, icon_share=0.52) -> None:
    """Jokers, action cards and the Küchenmaschinenkarte: title, icon, the effect in short words."""
    f = Frame(c, box, fill)
    top = f.title(name, gloss, size=17)
    x, y, w, h = f.body(top, f.y0 + f.pad)
    icon_h = h * icon_share
    text_h = h - icon_h
    icon_over_text(c, icon, x, y, w, text_h, icon_h, min(icon_h * 0.9, w * 0.62), fill, f.s(6))
    tag_h = 0.0
    if tag:
        tag_h = 6.5 * 1.7
        t = fit(box, tag, fonts.BOLD, 6.5, 6, w - f.s(4), max_lines=1, what="tag")
        c.setFont(fonts.BOLD, t.size)
        c.setFillColor(color(fill))
        c.drawCentredString(x + w / 2, y + f.s(1.5), tag)
    text_box(c, box, text, x + f.s(2.5), y + f.s(1.4) + tag_h, w - f.s(5), text_h - f.s(3) - tag_h,
             fonts.BODY, max(9 * f.k, MIN_BODY), valign="middle", leading=1.2, what="rule text")
    f.mark(mark)


def aid_face(c, box: FaceBox, *, title, items, actions, mark) -> None:
    """The player aid: a turn in four steps and the three action cards."""
    fill = KIND_COLOURS["aid"]
    f = Frame(c, box, fill)
    top = f.title(title, None, size=15)
    x, y, w, h = f.body(top, f.y0 + f.pad)
    act_h = f.s(27) if f.k >= 0.9 else f.s(33)
    numbered_box(c, box, items, x + f.s(2), y + act_h + f.s(1.5), w - f.s(4), h - act_h - f.s(3),
                 fonts.BODY, max(9 * f.k, MIN_BODY), min_size=MIN_BODY, what="player aid")
    divider(c, x, w, y + act_h, f.s(3), fill)
    row = (act_h - f.s(1.5)) / len(actions)
    for i, (icon, name, effect) in enumerate(actions):
        cy = y + act_h - f.s(0.8) - row * (i + 0.5)
        place_centred(c, icon, x + f.s(4.5), cy, row * 0.95)
        tx = x + f.s(9)
        line = f"{name}: {effect}"
        text_box(c, box, line, tx, cy - row / 2, x + w - f.s(1.5) - tx, row, fonts.BODY, max(7.5 * f.k, MIN_BODY),
                 min_size=MIN_BODY, align="left", valign="middle", max_lines=2, leading=1.12, what="aid action")
    f.mark(mark)


# --- backs -----------------------------------------------------------------------------------------------------

def pantry_back(c, box: FaceBox, *, title, text) -> None:
    """Dark chocolate with a lattice of cherries, the cake on a cream plate, the game's name."""
    background(c, box, area(CHOC))
    with clipped_to_bleed(c, box):
        step = mm(8)
        n_x, n_y = pattern_cells(box, step, spare=3)
        ox = box.w / 2 - step * (n_x // 2)        # centred: the pattern mirrors onto itself for duplex
        oy = box.h / 2 - step * (n_y // 2)
        c.setStrokeColor(color(area(CHOC_MID)))
        c.setLineWidth(1.1)
        lattice = c.beginPath()
        for i in range(-n_y, n_x + n_y):
            lattice.moveTo(ox + i * step, oy)
            lattice.lineTo(ox + (i + n_y) * step, oy + n_y * step)
            lattice.moveTo(ox + i * step, oy)
            lattice.lineTo(ox + (i - n_y) * step, oy + n_y * step)
        c.drawPath(lattice, stroke=1, fill=0)
        dots = c.beginPath()
        for i in range(n_x):
            for j in range(n_y):
                dots.circle(ox + i * step, oy + j * step, mm(0.9))
        c.setFillColor(color(area(CHERRY)))
        c.drawPath(dots, stroke=0, fill=1)
    _emblem(c, box, "sk-cake", title, text, CREAM, area(CHERRY))


def start_back(c, box: FaceBox, *, title, text, icon="sk-mixer") -> None:
    """Cherry red with cream stripes: never confused with the pantry."""
    b = box.bleed
    background(c, box, area(CHERRY))
    step = mm(6)
    c.setFillColor(color(area("#b8233b")))
    n, _ = pattern_cells(box, step)
    ox = box.w / 2 - step * (n / 2)
    stripes = c.beginPath()
    for i in range(0, n, 2):
        stripes.rect(ox + i * step, -b, step, box.h + 2 * b)
    c.drawPath(stripes, stroke=0, fill=1)
    _emblem(c, box, icon, title, text, CREAM, area(CHOC))


def _emblem(c, box: FaceBox, icon: str, title: str, text: str, disc: str, accent: str) -> None:
    e = emblem(box, rise_mm=7, banner_w=0.84)
    icon_disc(c, icon, e.cx, e.cy, e.r, disc, INK, scale=1.4, ring_width=1.4, inner=Ring(CHERRY, 1, mm(1.5)))
    banner(c, box, title, e, fill=accent, ink=text_on(accent, INK, CREAM), size=17, stroke=CREAM, width=1.2,
           max_lines=2, leading=1.0)
    word_under(c, box, text, e, plate=CREAM, ink=INK)


# --- the print set ---------------------------------------------------------------------------------------------

def print_set(game, ui, lang: str, card: Size) -> PrintSet:
    """Schwarzwälder Kirsch's cards for one language, ready for the PDF builder."""
    m = game.model
    tx = Texts(ui, lang, game)
    gloss = tx.gloss
    label = {"for": tx.ui_text("pdf.ingredient.for")}
    recipe = list(m.cake.ingredients)
    def ingredient(c) -> tuple[str, Any]:
        i = m.ingredients[c.ref]
        return f"ingredient-{c.ref}", partial(ingredient_face, name=i.name, gloss=gloss(i), icon=icon_for(i.id),
                                              index=recipe.index(i.id), total=len(recipe), cake=m.cake.name,
                                              label=label, mark=i.mark_of(("name", "count")))

    def joker(c) -> tuple[str, Any]:
        j = m.joker
        return f"joker-{c.ref}", partial(rule_face, name=j.name, gloss=gloss(j), icon=icon_for(j.id),
                                         fill=KIND_COLOURS["joker"], text=tx.game_text(j.key + "text"), tag=None,
                                         mark=j.mark_of(("count", "text")), icon_share=0.58)

    def action(c) -> tuple[str, Any]:
        a = m.actions[c.ref]
        # the whole effect is reconstructed when the rulebook says nothing of it (text and what happens to the
        # card afterwards: Tauschen); a detail when only the wording of a described effect is (Stehlen)
        effect = [a.prov(f).mark == "*" for f in ("text", "after_play")]
        tag = tx.ui_text("pdf.sk.effect_reconstructed") if all(effect) else \
            tx.ui_text("pdf.sk.detail_reconstructed") if effect[0] else None
        return f"action-{c.ref}", partial(rule_face, name=a.name, gloss=gloss(a), icon=icon_for(a.id),
                                          fill=ACTION_COLOURS.get(a.id, CHERRY), text=tx.game_text(a.key + "text"),
                                          tag=tag, mark=a.mark_of(("count", "text", "after_play")))

    def start(c) -> tuple[str, Any]:
        st = m.start_card
        return f"start-{c.ref}", partial(rule_face, name=st.name, gloss=gloss(st), icon=icon_for(st.id),
                                         fill=KIND_COLOURS["start"], text=tx.game_text(st.key + "text"), tag=None,
                                         mark=st.mark_of(("count", "text")))

    faces: dict[str, Any] = {}
    pieces = card_pieces(m.id, m.cards(), KIND_ORDER, faces, {"ingredient": ingredient, "joker": joker,
                                                               "action": action, "start": start})

    details = kind_details(m, KIND_ORDER)

    # one player aid per player (not a game card: it never enters the pantry)
    actions = [(icon_for(a.id), a.name, tx.ui_text(f"pdf.sk.effect.{a.id}")
                + (" *" if a.prov("text").mark == "*" else "")) for a in m.actions.values()]
    aid_items = [line for line in tx.ui_text("pdf.sk.aid.text").splitlines() if line.strip()]
    faces["aid"] = partial(aid_face, title=tx.ui_text("pdf.aid.title"), items=aid_items, actions=actions,
                           mark="*")
    pieces["aid"] = [Piece(f"aid-{n}", "aid", "aid", AID_BACK) for n in range(1, m.players[1] + 1)]

    backs = {
        "pantry": partial(pantry_back, title=m.name, text=tx.game_text(m.backs["pantry"])),
        "start": partial(start_back, title=m.name, text=tx.game_text(m.backs["start"])),
        AID_BACK: partial(start_back, title=m.name, text=tx.ui_text("pdf.aid.title"), icon="sk-cake"),
    }
    back_labels = {"pantry": tx.game_text(m.backs["pantry"]), "start": tx.game_text(m.backs["start"]),
                   AID_BACK: tx.ui_text("pdf.aid.title")}
    kinds = [Kind(k, tx.ui_text(f"pdf.kind.{k}"), KIND_ICON[k], pieces[k][0].back, ", ".join(details[k]))
             for k in KIND_ORDER if pieces[k]]
    ordered = [p for k in KIND_ORDER for p in pieces[k] if k != "aid"]
    return PrintSet(
        game_id=m.id, title=m.name, subtitle="" if tx.in_own_language else tx.game_text("gloss"), lang=lang,
        decks=_decks(card, ordered, pieces["aid"]), faces=faces, backs=backs, back_labels=back_labels, kinds=kinds,
        credits=credits_of(m, tx), fallback=tx.fallback,
        icons=sorted(set(ICONS.values()) | {"plate"}))      # plate: the guide header


def _decks(card: Size, cards: list[Piece], aids: list[Piece]) -> list[Deck]:
    """The game's cards in the chosen size; the player aids with them, or at poker size when the chosen cards are
    smaller (a rules summary needs the room, and an aid never mixes with the deck)."""
    if card.width_mm >= AID_MIN.width_mm and card.height_mm >= AID_MIN.height_mm:
        return [Deck(card, cards + aids)]
    return [Deck(card, cards), Deck(AID_MIN, aids)]
