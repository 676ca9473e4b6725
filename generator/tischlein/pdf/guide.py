"""The front matter of every game PDF: the print guide (page 1) and the credits with the provenance notes.

Both are plain pages in the same fonts and palette as the cards. The guide says what to print, how (100 %,
duplex), how to cut, the card size with a 50 mm scale bar, and a checklist of the components with their counts.
"""
from __future__ import annotations

from dataclasses import dataclass

from . import extras, fonts
from .card import wrap
from .component import Credit, PrintSet
from .icons import color, place_centred
from .sheet import SheetLayout
from .units import mm

INK = "#3b2417"
ACCENT = "#b3263b"
SOFT = "#fbf1dc"
MUTED = "#7a6655"
PAGE_MARGIN = mm(18)


@dataclass
class Flow:
    """A column of text on a page that knows where it is; `need` starts a new page when space runs out.
    With no canvas (`c` None) it only measures: how many pages the text would take."""

    c: object
    page_w: float
    page_h: float
    y: float = 0.0
    pages: int = 0
    on_new_page: object = None

    @property
    def x(self) -> float:
        return PAGE_MARGIN

    @property
    def width(self) -> float:
        return self.page_w - 2 * PAGE_MARGIN

    def need(self, height: float) -> None:
        if self.y - height < PAGE_MARGIN:
            self.pages += 1
            if self.c is None:
                self.y = self.page_h - PAGE_MARGIN
                return
            self.c.showPage()
            self.y = self.page_h - PAGE_MARGIN
            if self.on_new_page:
                self.on_new_page()

    def heading(self, text: str, size: float = 14) -> None:
        self.need(size * 2.6)
        self.y -= size * 1.3
        if self.c is None:
            self.y -= size * 0.55
            return
        self.c.setFont(fonts.TITLE, size)
        self.c.setFillColor(color(ACCENT))
        self.c.drawString(self.x, self.y, text)
        self.y -= size * 0.55

    def para(self, text: str, font: str | None = None, size: float = 9.5, indent: float = 0.0,
             bullet: str | None = None, fill: str = INK, leading: float = 1.3, after: float = 3.0) -> None:
        font = font or fonts.BODY          # looked up now: a PDF in Greek sets its body in the fallback font
        width = self.width - indent
        lines = wrap(text, font, size, width) or [text]
        self.need(len(lines) * size * leading + after)
        if self.c is None:
            self.y -= len(lines) * size * leading + after
            return
        self.c.setFillColor(color(fill))
        if bullet:
            self.c.setFont(fonts.BOLD, size)
            self.c.drawString(self.x + indent - mm(4), self.y - size * leading, bullet)
        self.c.setFont(font, size)
        for line in lines:
            self.y -= size * leading
            self.c.drawString(self.x + indent, self.y, line)
        self.y -= after


def guide_page(c, ps: PrintSet, layout: SheetLayout, opts, ui, sheets: int, first_card_page: int,
               last_page: int) -> None:
    W, H = layout.page_w, layout.page_h
    f = Flow(c, W, H)
    # header band
    band = mm(34)
    c.setFillColor(color(SOFT))
    c.rect(0, H - band, W, band, stroke=0, fill=1)
    c.setFillColor(color(ACCENT))
    c.rect(0, H - band - mm(1.2), W, mm(1.2), stroke=0, fill=1)
    c.setFillColor(color("#ffffff"))
    c.setStrokeColor(color(INK))
    c.setLineWidth(1)
    c.circle(PAGE_MARGIN + mm(11), H - band / 2, mm(12), stroke=1, fill=1)
    place_centred(c, "plate", PAGE_MARGIN + mm(11), H - band / 2, mm(18))
    tx = PAGE_MARGIN + mm(28)
    c.setFillColor(color(INK))
    c.setFont(fonts.TITLE, 28)
    c.drawString(tx, H - mm(15), ps.title)
    c.setFont(fonts.ITALIC, 10.5)
    c.drawString(tx, H - mm(21.5), ps.subtitle)
    c.setFont(fonts.BOLD, 9)
    c.setFillColor(color(ACCENT))
    c.drawString(tx, H - mm(27.5), "  ·  ".join([
        ui("pdf.title"), ui("pdf.language"), layout.paper.name,
        ui("pdf.guide.layout", name=layout.card.name, cols=layout.cols, rows=layout.rows)]))
    f.y = H - band - mm(6)

    d = layout.describe()
    f.heading(ui("pdf.guide.what"))
    f.para(ui("pdf.guide.pages_front", first=1, last=first_card_page - 1), bullet="•", indent=mm(5))
    f.para(ui("pdf.guide.pages_cards", first=first_card_page, last=last_page, sheets=sheets,
              per_sheet=layout.per_sheet), bullet="•", indent=mm(5))
    extra = extras.page_count(ps, opts)              # boards, dice nets, stickers (pdf/extras.py)
    if extra:
        f.para(ui("pdf.guide.pages_extra", first=last_page + 1, last=last_page + extra), bullet="•", indent=mm(5))

    f.heading(ui("pdf.guide.how"))
    f.para(ui("pdf.print.scale"), bullet="•", indent=mm(5), after=2)
    _scale_bar(c, f.x + mm(5), f.y - mm(8))
    c.setFont(fonts.BOLD, 9.5)
    c.setFillColor(color(INK))
    size_text = ui("pdf.card_size", width=_num(layout.card.width_mm), height=_num(layout.card.height_mm))
    c.drawString(f.x + mm(63), f.y - mm(7.6), size_text)
    f.y -= mm(12)
    if opts.duplex == "none":
        f.para(ui("pdf.print.single"), bullet="•", indent=mm(5))
    elif opts.duplex == "fold":
        f.para(ui("pdf.print.fold"), bullet="•", indent=mm(5))
        if opts.back_offset_mm != (0.0, 0.0):
            f.para(ui("pdf.print.offset", x=_num(opts.back_offset_mm[0]), y=_num(opts.back_offset_mm[1])),
                   bullet="•", indent=mm(5))
    else:
        f.para(ui("pdf.print.duplex" if opts.duplex == "long" else "pdf.print.duplex_short"), bullet="•",
               indent=mm(5))
        f.para(ui("pdf.print.manual"), bullet="•", indent=mm(5))
        if opts.back_offset_mm != (0.0, 0.0):
            f.para(ui("pdf.print.offset", x=_num(opts.back_offset_mm[0]), y=_num(opts.back_offset_mm[1])),
                   bullet="•", indent=mm(5))

    f.heading(ui("pdf.guide.cut"))
    key = "pdf.guide.cut_butted" if layout.arrangement == "butted" else "pdf.guide.cut_separate"
    if layout.requested_bleed == 0:
        key = "pdf.guide.cut_nobleed"
    f.para(ui(key, bleed=d["bleed_x"]), bullet="•", indent=mm(5))
    if layout.bleed_reduced and layout.requested_bleed > 0:
        f.para(ui("pdf.guide.bleed_reduced", bleed_x=d["bleed_x"], bleed_y=d["bleed_y"]),
               bullet="•", indent=mm(5))

    f.heading(ui("pdf.guide.components"))
    _checklist(c, f, ps, ui)


def _num(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _scale_bar(c, x: float, y: float) -> None:
    """A 50 mm ruler: alternating 10 mm blocks, millimetre ticks above, labels every 10 mm."""
    c.saveState()
    c.setStrokeColor(color(INK))
    c.setFillColor(color(INK))
    c.setLineWidth(0.4)
    bar = mm(2.2)
    for i in range(0, 50, 10):
        c.rect(x + mm(i), y, mm(10), bar, stroke=1, fill=1 if i % 20 == 0 else 0)
    top = y + bar
    for i in range(51):
        t = mm(2.0) if i % 10 == 0 else mm(1.3) if i % 5 == 0 else mm(0.7)
        c.line(x + mm(i), top, x + mm(i), top + t)
    c.setFont(fonts.BODY, 6.5)
    for i in (0, 10, 20, 30, 40, 50):
        c.drawCentredString(x + mm(i), top + mm(2.6), str(i))
    c.drawString(x + mm(51.5), y + mm(0.4), "mm")
    c.restoreState()


def _checklist(c, f: Flow, ps: PrintSet, ui) -> None:
    counts = {k.id: 0 for k in ps.kinds}
    for p in ps.all_pieces():             # cards, tiles, tokens, boards and dice
        counts[p.kind] = counts.get(p.kind, 0) + 1
    row = mm(9.5)
    col_count, col_back = f.x + f.width - mm(38), f.x + f.width - mm(26)
    c.setFont(fonts.BOLD, 7.5)
    c.setFillColor(color(MUTED))
    f.need(mm(6))
    c.drawRightString(col_count + mm(6), f.y - mm(3), "#")
    c.drawString(col_back, f.y - mm(3), ui("pdf.guide.back").upper())
    f.y -= mm(4.5)
    for kind in ps.kinds:
        detail = wrap(kind.detail, fonts.BODY, 7.5, col_count - f.x - mm(20)) or [kind.detail]
        h = max(row, mm(5.5) + len(detail) * 7.5 * 1.25 + mm(1.5))
        f.need(h)
        top = f.y
        c.setStrokeColor(color("#e6d6bd"))
        c.setLineWidth(0.5)
        c.line(f.x, top, f.x + f.width, top)
        c.setFillColor(color(SOFT))
        c.circle(f.x + mm(4.5), top - mm(4.7), mm(3.9), stroke=0, fill=1)
        place_centred(c, kind.icon, f.x + mm(4.5), top - mm(4.7), mm(6))
        c.setFillColor(color(INK))
        c.setFont(fonts.BOLD, 10)
        c.drawString(f.x + mm(11), top - mm(4.6), kind.label)
        c.setFont(fonts.BODY, 7.5)
        c.setFillColor(color(MUTED))
        y = top - mm(4.6) - 7.5 * 1.3
        for line in detail:
            c.drawString(f.x + mm(11), y, line)
            y -= 7.5 * 1.25
        c.setFillColor(color(INK))
        c.setFont(fonts.TITLE, 12)
        c.drawRightString(col_count + mm(6), top - mm(5), str(counts[kind.id]))
        c.setFont(fonts.BODY, 9)
        c.drawString(col_back, top - mm(4.6), ps.back_labels.get(kind.back, "—") if kind.back else "—")
        c.setStrokeColor(color(INK))
        c.setLineWidth(0.8)
        c.rect(f.x + f.width - mm(6), top - mm(6.2), mm(4.2), mm(4.2), stroke=1, fill=0)
        f.y = top - h
    c.setStrokeColor(color(INK))
    c.setLineWidth(0.8)
    c.line(f.x, f.y, f.x + f.width, f.y)
    c.setFont(fonts.BOLD, 10)
    c.drawString(f.x + mm(11), f.y - mm(5), ui("pdf.guide.total"))
    c.setFont(fonts.TITLE, 12)
    c.drawRightString(col_count + mm(6), f.y - mm(5.3), str(sum(counts.values())))
    f.y -= mm(8)


def credits_pages(c, ps: PrintSet, layout: SheetLayout, ui) -> int:
    """The credits: every reconstructed value and erratum with its reason, grouped by reason, in the largest
    type that fits them on one page (down to 7 pt; longer credits run on). Returns pages."""
    size = next((s for s in (8.5, 8, 7.5, 7) if _credits(None, ps, layout, ui, s) == 1), 8.5)
    return _credits(c, ps, layout, ui, size)


def _credits(c, ps: PrintSet, layout: SheetLayout, ui, size: float) -> int:
    W, H = layout.page_w, layout.page_h
    f = Flow(c, W, H, y=H - PAGE_MARGIN)
    f.heading(ui("pdf.credits.title"), size=20)
    f.y -= mm(1)
    f.para(ui("pdf.credits.intro"), size=9.5, after=mm(3))
    for kind, heading in (("reconstructed", ui("pdf.mark.reconstructed")), ("erratum", ui("pdf.mark.erratum"))):
        groups = _group([cr for cr in ps.credits if cr.kind == kind])
        if not groups:
            continue
        mark = "*" if kind == "reconstructed" else "E"
        f.heading(f"{mark}  {heading[:1].upper()}{heading[1:]}", size=12)
        for reason, items in groups:
            what = "; ".join(f"{who}: {', '.join(fields)}" for who, fields in items)
            f.para(what, font=fonts.BOLD, size=size, after=1, leading=1.25)
            f.para(reason, size=size, after=mm(2.2) * size / 8.5, fill="#4d3a2c", leading=1.25)
    f.heading(ui("pdf.credits.about"), size=12)
    if ps.fallback:
        f.para(ui("pdf.credits.fallback"), font=fonts.ITALIC, size=size)
    f.para(ui("pdf.credits.made"), size=size)
    f.para(ui("pdf.credits.fonts"), size=size)
    if any(getattr(fonts, role) in fonts.FALLBACK.values() for role in fonts.ROLES):
        f.para(ui("pdf.credits.fallback_font"), size=size)
    return f.pages + 1


def _group(credits: list[Credit]) -> list[tuple[str, list[tuple[str, list[str]]]]]:
    """Credits sharing one reason, in first-seen order: reason -> [(who, [fields])]."""
    out: dict[str, dict[str, list[str]]] = {}
    for cr in credits:
        fields = out.setdefault(cr.reason, {}).setdefault(cr.who, [])
        if cr.field not in fields:
            fields.append(cr.field)
    return [(reason, list(items.items())) for reason, items in out.items()]
