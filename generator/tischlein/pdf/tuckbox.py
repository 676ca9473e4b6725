"""Tuck boxes: one foldable box per deck, sized from the cards and the deck's thickness, in a PDF of its own.

A crafter prints the boxes on heavier card than the cards, so they are a file of their own
(`<game>-<lang>-<paper>-tuckbox.pdf`). A deck is the PrintSet's pieces of one size (all of Mahlzeit's 110 cards
go in one box); decks of fewer than MIN_PIECES pieces get none. Boxes share pages: in deck order, left to right
in rows (a box is turned where only that fits the row), each under its own caption, so the small boxes of chips
and tokens do not take a sheet each.

Sizes (all in millimetres, then points):
* inside width and height = the card's trim + PLAY_MM;
* depth = pieces × CARD_MM + PLAY_MM, CARD_MM being the thickness of one piece printed on card stock of about
  300 g/m² (an assumption the page states; on thinner paper the box is a little loose);
* the flat template, left to right: glue strip | front | side | back | side; the back carries the lid and the
  tuck tongue, the sides their dust flaps, the front a glued bottom tab and the back the bottom.

The front shows the deck's card back; the back, plain, carries the label (the game, what the box holds): on the
art it covered the back's own title banner. Cut lines are solid, fold lines dashed, glue areas hatched. Every
panel also leaves an unpainted `re n` on its rectangle (as the card sheets do on their trims), so tests read the
panel sizes in points from the page.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from reportlab.pdfbase.pdfmetrics import stringWidth

from . import document, fonts, palette
from .card import FaceBox, wrap
from .component import Deck, PrintSet
from .component import print_set as game_print_set
from .errors import PdfBuildError
from .icons import color
from .options import Options
from .texts import Texts
from .tuckdecks import CARD_MM, MIN_PIECES, PLAY_MM, decks_to_box, inside_extra_mm, piece_mm  # noqa: F401
from .units import margin_of, mm

GLUE_MM = 10.0            # the glue strip along the last side
TONGUE_MM = 15.0          # the tuck tongue at most; less on a shallow box
GAP_MM = 6.0              # between two templates (room to cut each out)
NOTCH_MM = 9.0            # the thumb notch in the front's top edge: a half circle this wide at most
CAPTION_MM = 60.0         # the narrowest a caption is set
TITLE_PT, BODY_PT, LEAD_PT = 15, 8.5, 11
TITLE_MAX_PT = 14.0      # the label's title at most
WHAT_PT = 7.5            # the label's second line
LABEL_MIN_PT = 6.0       # a title smaller than this is not worth printing
INK = "#3b2417"
GLUE_GREY = 0.6
DASH = (mm(2.2), mm(1.4))


@dataclass(frozen=True)
class Panel:
    name: str             # front | back | side | lid | tongue | bottom | tab | dust | glue
    x: float              # pt, in the template's own frame (origin: lower-left of the template)
    y: float
    w: float
    h: float
    glue: bool = False


@dataclass(frozen=True)
class Box:
    """One tuck box: inside sizes in points and the panels of its flat template."""

    width: float          # inside width (card width + play)
    height: float
    depth: float
    panels: tuple[Panel, ...]
    notch: float = 0.0    # radius of the thumb notch cut into the front's top edge (pt)

    @property
    def flat_w(self) -> float:
        return max(p.x + p.w for p in self.panels)

    @property
    def flat_h(self) -> float:
        return max(p.y + p.h for p in self.panels)


def depth_mm(pieces: int, piece: float = CARD_MM) -> float:
    return pieces * piece + PLAY_MM


def box_for(width_mm: float, height_mm: float, pieces: int, piece: float = CARD_MM, extra: float = PLAY_MM) -> Box:
    """The box for `pieces` cards of `width_mm` × `height_mm`, each `piece` mm thick, inside `extra` mm wider and
    taller than a card (the play, and a sleeve's margin)."""
    W, H, D = mm(width_mm + extra), mm(height_mm + extra), mm(depth_mm(pieces, piece))
    G, T = mm(GLUE_MM), min(mm(TONGUE_MM), max(mm(6), 0.8 * D))
    dust = min(0.85 * D, W / 2)
    y0 = D                                             # the bottom row: the bottom and its tab are D tall
    xs = [0.0, G, G + W, G + W + D, G + 2 * W + D]     # glue | front | side | back | side
    panels = [
        Panel("glue", xs[0], y0, G, H, glue=True),
        Panel("front", xs[1], y0, W, H),
        Panel("side", xs[2], y0, D, H),
        Panel("back", xs[3], y0, W, H),
        Panel("side", xs[4], y0, D, H),
        Panel("lid", xs[3], y0 + H, W, D),
        Panel("tongue", xs[3], y0 + H + D, W, T),
        Panel("dust", xs[2], y0 + H, D, dust),
        Panel("dust", xs[4], y0 + H, D, dust),
        Panel("bottom", xs[3], y0 - D, W, D),
        Panel("tab", xs[1], y0 - 0.8 * D, W, 0.8 * D, glue=True),
        Panel("dust", xs[2], y0 - dust, D, dust),
        Panel("dust", xs[4], y0 - dust, D, dust),
    ]
    bottom = min(p.y for p in panels)
    panels = [Panel(p.name, p.x, p.y - bottom, p.w, p.h, p.glue) for p in panels]
    return Box(W, H, D, tuple(panels), min(mm(NOTCH_MM), W / 4, H / 6))


def build_tuckboxes(content, game_id: str, opts: Options, out_path: Path) -> Path | None:
    """The tuck-box PDF of one game, language and paper; None when no deck is large enough for a box."""
    ps = game_print_set(content, game_id, opts.lang, opts.card)
    if not decks_to_box(ps):
        return None
    ui = Texts(content.games[game_id].ui, opts.lang, content.games[game_id])
    # the blank spares the card PDF of these options prints go in the box too
    cards = replace(opts, card_thickness_mm=CARD_MM, sleeves=False)
    ps = document.laid_out(ps, cards, Texts(content.games[game_id].ui, opts.lang))[0]
    decks = decks_to_box(ps)
    piece, extra = piece_mm(opts), inside_extra_mm(opts)
    boxes = [(deck, box_for(deck.size.width_mm, deck.size.height_mm, len(deck.pieces), piece, extra))
             for deck in decks]
    intro = ui("pdf.tuck.intro", card=round(piece, 2), play=PLAY_MM)
    fonts.register()                      # the captions are measured to lay the boxes out
    pages = layout([(_caption(ps, deck, ui, opts), box) for deck, box in boxes], opts, intro)
    if pages is None:
        deck, box = next((d, b) for d, b in boxes if layout([("", b)], opts, intro) is None)
        raise PdfBuildError(f"{game_id}: the tuck box for {len(deck.pieces)} pieces of {deck.size.label} mm "
                            f"does not fit on {opts.paper_size.name}")
    return document.write_atomically(Path(out_path), lambda tmp: _write(tmp, ps, boxes, pages, intro, opts, ui))


@dataclass(frozen=True)
class Placed:
    """A box on its page: its index in deck order, its caption lines and where its template goes."""

    index: int
    caption: tuple[str, ...]
    x: float              # pt: the lower-left corner of the template as it lies on the page
    y: float
    turned: bool


def layout(boxes: list[tuple[str, Box]], opts: Options, intro: str) -> list[list[Placed]] | None:
    """Pages of boxes (caption, box), in order, left to right in rows below the heading; None when one box fits
    on no page. A row is as tall as its tallest box with its caption; a box is turned if only that fits the row
    (or the page)."""
    W, H = opts.paper_size.width, opts.paper_size.height
    m, gap = margin_of(opts.paper_size), mm(GAP_MM)     # the printer's margin, as on the card sheets
    top = H - m - _text_height(intro, W - 2 * m) - gap      # where the first row's captions begin
    pages: list[list[Placed]] = [[]]
    x, y, row_h = m, top, 0.0
    for index, (caption, box) in enumerate(boxes):
        for attempt in ("row", "new row", "new page"):
            if attempt == "new row":
                x, y, row_h = m, y - row_h - gap, 0.0
            elif attempt == "new page":
                pages.append([])
                x, y, row_h = m, top, 0.0
            fit = _fit(box, caption, W - m - x, y - m)
            if fit is not None:
                turned, w, h, lines = fit
                tall = h + _lines_height(lines)
                pages[-1].append(Placed(index, lines, x, y - tall, turned))
                x, row_h = x + w + gap, max(row_h, tall)
                break
        else:
            return None
    return [page for page in pages if page]


def _fit(box: Box, caption: str, room_w: float, room_h: float):
    """(turned, width, height, caption lines) of the box in this room (caption above the template), or None."""
    for turned in (False, True):
        w, h = (box.flat_h, box.flat_w) if turned else (box.flat_w, box.flat_h)
        w = max(w, mm(CAPTION_MM)) if caption else w          # a narrow box's caption is wider than the box
        lines = tuple(wrap(caption, fonts.BODY, BODY_PT, w) or [caption]) if caption else ()
        if w <= room_w and h + _lines_height(lines) <= room_h:
            return turned, w, h, lines
    return None


def _lines_height(lines) -> float:
    return len(lines) * LEAD_PT + (mm(1.5) if lines else 0)


def _text_height(text: str, width: float) -> float:
    return TITLE_PT + 9 + len(wrap(text, fonts.BODY, BODY_PT, width) or [text]) * LEAD_PT


def _write(path: Path, ps: PrintSet, boxes, pages: list[list[Placed]], intro: str, opts: Options,
           ui: Texts) -> None:
    W, H = opts.paper_size.width, opts.paper_size.height
    c = document._canvas(path, (W, H), ps, opts, ui)
    c.setTitle(f"{ps.title} — {ui('pdf.tuck.title')} ({opts.lang}, {opts.paper_size.name})")
    with palette.ink_saver(opts.ink_saver):
        for name in ps.icons:
            document.icons.define(c, name)
        for page in pages:
            for placed in page:
                c.bookmarkPage(f"box-{placed.index + 1}")
                c.addOutlineEntry(_deck_label(ps, boxes[placed.index][0], ui), f"box-{placed.index + 1}", 0)
            _page(c, ps, boxes, page, intro, opts, ui)
            c.showPage()
    c.showOutline()
    c.save()


def _deck_label(ps: PrintSet, deck: Deck, ui: Texts) -> str:
    kinds = [k.label for k in ps.kinds if any(p.kind == k.id for p in deck.pieces)]
    what = kinds[0] if len(kinds) == 1 else ui("pdf.tuck.pieces", size=ui.size(deck.size.width_mm, deck.size.height_mm))
    return f"{what} ({len(deck.pieces)})"


def _caption(ps: PrintSet, deck: Deck, ui: Texts, opts: Options) -> str:
    n, piece, extra = len(deck.pieces), piece_mm(opts), inside_extra_mm(opts)
    return ui("pdf.tuck.size", what=_deck_label(ps, deck, ui), n=n, card=round(piece, 2), play=round(extra, 2),
              width=deck.size.width_mm, height=deck.size.height_mm, depth=round(depth_mm(n, piece), 2))


def _page(c, ps: PrintSet, boxes, page: list[Placed], intro: str, opts: Options, ui: Texts) -> None:
    W, H = opts.paper_size.width, opts.paper_size.height
    m = margin_of(opts.paper_size)
    c.setFillColor(color(INK))
    c.setFont(fonts.TITLE, TITLE_PT)
    c.drawString(m, H - m - 12, f"{ps.title} — {ui('pdf.tuck.heading')}")
    y = H - m - 24
    c.setFont(fonts.BODY, BODY_PT)
    for line in wrap(intro, fonts.BODY, BODY_PT, W - 2 * m) or [intro]:
        c.drawString(m, y, line)
        y -= LEAD_PT
    for placed in page:
        deck, box = boxes[placed.index]
        h = box.flat_w if placed.turned else box.flat_h
        c.setFillColor(color(INK))
        c.setFont(fonts.BODY, BODY_PT)
        for k, line in enumerate(placed.caption):
            c.drawString(placed.x, placed.y + h + mm(1.5) + (len(placed.caption) - 1 - k) * LEAD_PT + 2, line)
        c.saveState()
        if placed.turned:
            c.translate(placed.x + box.flat_h, placed.y)
            c.rotate(90)
        else:
            c.translate(placed.x, placed.y)
        _template(c, ps, deck, box, ui)
        c.restoreState()


def _template(c, ps: PrintSet, deck: Deck, box: Box, ui: Texts) -> None:
    back = next((p.back for p in deck.pieces if p.back), None)
    for p in box.panels:
        marker = c.beginPath()
        marker.rect(p.x, p.y, p.w, p.h)
        c.drawPath(marker, stroke=0, fill=0)          # "re n": the panel, unpainted (tests read it)
        if p.name == "front" and back is not None:
            _art(c, ps, back, p)
        elif p.name in ("back", "side", "lid"):
            c.setFillColor(color(palette.area("#f3e3c4")))
            c.rect(p.x, p.y, p.w, p.h, stroke=0, fill=1)
        if p.glue:
            _hatch(c, p, ui("pdf.tuck.glue"))
    _label(c, next(p for p in box.panels if p.name == "back"), ps.title, _deck_label(ps, deck, ui))
    for p in box.panels:
        if p.name == "side" and p.w > mm(9):
            c.saveState()
            c.setFillColor(color(INK))
            c.setFont(fonts.TITLE, min(14, p.w / 2.6))
            c.translate(p.x + p.w / 2, p.y + p.h / 2)
            c.rotate(90)
            c.drawCentredString(0, -4, ps.title)
            c.restoreState()
    _lines(c, box)
    _notch(c, box)


def _notch(c, box: Box) -> None:
    """The thumb notch: a half circle cut into the middle of the front's top edge (the box's mouth), so a thumb
    finds the deck."""
    if box.notch <= 0:
        return
    front = next(p for p in box.panels if p.name == "front")
    cx, top, r = front.x + front.w / 2, front.y + front.h, box.notch
    c.saveState()
    c.setFillColorRGB(1, 1, 1)
    c.setStrokeColor(color(INK))
    c.setLineWidth(0.7)
    path = c.beginPath()
    path.moveTo(cx - r, top)
    path.arcTo(cx - r, top - r, cx + r, top + r, startAng=180, extent=180)
    path.close()
    c.drawPath(path, stroke=1, fill=1)
    c.restoreState()


def _art(c, ps: PrintSet, back: str, p: Panel) -> None:
    """The deck's card back, drawn at the panel's size (the panel is the card plus the play)."""
    c.saveState()
    clip = c.beginPath()
    clip.rect(p.x, p.y, p.w, p.h)
    c.clipPath(clip, stroke=0, fill=0)
    c.translate(p.x, p.y)
    ps.backs[back](c, FaceBox(p.w, p.h, 0.0, f"tuck box {back}"))
    c.restoreState()


def _label(c, p: Panel, title: str, what: str) -> None:
    """The white label in the middle of the back: the game in up to TITLE_MAX_PT (smaller to fit a narrow box, a
    25 mm token box), what the box holds in WHAT_PT on at most two lines; left off where even that cannot fit."""
    room = p.w - mm(10)
    title_pt = min(TITLE_MAX_PT, room / max(stringWidth(title, fonts.TITLE, 1), 1e-6))
    lines = wrap(what, fonts.BODY, WHAT_PT, room) if what else []
    if title_pt < LABEL_MIN_PT or lines is None or len(lines) > 2:
        return
    h = mm(4) + title_pt + len(lines) * WHAT_PT * 1.2
    y = p.y + (p.h - h) / 2
    c.setFillColor(color("#ffffff"))
    c.setStrokeColor(color(INK))
    c.setLineWidth(0.8)
    c.roundRect(p.x + mm(4), y, p.w - mm(8), h, mm(2), stroke=1, fill=1)
    c.setFillColor(color(INK))
    c.setFont(fonts.TITLE, title_pt)
    c.drawCentredString(p.x + p.w / 2, y + h - mm(1.6) - title_pt * 0.8, title)
    c.setFont(fonts.BODY, WHAT_PT)
    for i, line in enumerate(lines):
        c.drawCentredString(p.x + p.w / 2, y + mm(2) + (len(lines) - 1 - i) * WHAT_PT * 1.2, line)


def _hatch(c, p: Panel, label: str) -> None:
    c.saveState()
    clip = c.beginPath()
    clip.rect(p.x, p.y, p.w, p.h)
    c.clipPath(clip, stroke=0, fill=0)
    c.setStrokeGray(GLUE_GREY)
    c.setLineWidth(0.4)
    step = mm(2.5)
    k = -p.h
    while k < p.w:
        c.line(p.x + k, p.y, p.x + k + p.h, p.y + p.h)
        k += step
    c.restoreState()
    c.saveState()
    c.setFillGray(0.35)
    c.setFont(fonts.BOLD, 7)
    c.translate(p.x + p.w / 2, p.y + p.h / 2)
    if p.h > p.w:
        c.rotate(90)
    c.drawCentredString(0, -2.5, label)
    c.restoreState()


def _lines(c, box: Box) -> None:
    """Fold lines (dashed) where two panels share an edge, cut lines (solid) on every other edge."""
    segments = _split(box)
    c.saveState()
    c.setStrokeColor(color(INK))
    for seg, shared in segments:
        c.setLineWidth(0.5 if shared else 0.7)
        c.setDash(*DASH) if shared else c.setDash()
        c.line(*seg)
    c.restoreState()


def _split(box: Box) -> list[tuple[tuple[float, float, float, float], bool]]:
    """Every panel edge cut into the pieces between the corners of all panels; a piece lying on the edges of two
    panels is a fold, a piece on one panel only is a cut."""
    out = []
    xs = sorted({round(v, 3) for p in box.panels for v in (p.x, p.x + p.w)})
    ys = sorted({round(v, 3) for p in box.panels for v in (p.y, p.y + p.h)})

    def covering(seg) -> int:
        x0, y0, x1, y1 = seg
        n = 0
        for p in box.panels:
            px0, py0, px1, py1 = round(p.x, 3), round(p.y, 3), round(p.x + p.w, 3), round(p.y + p.h, 3)
            if y0 == y1 and y0 in (py0, py1) and px0 <= x0 and x1 <= px1:
                n += 1
            elif x0 == x1 and x0 in (px0, px1) and py0 <= y0 and y1 <= py1:
                n += 1
        return n

    for y in ys:
        for a, b in zip(xs, xs[1:]):
            n = covering((a, y, b, y))
            if n:
                out.append(((a, y, b, y), n > 1))
    for x in xs:
        for a, b in zip(ys, ys[1:]):
            n = covering((x, a, x, b))
            if n:
                out.append(((x, a, x, b), n > 1))
    return out


