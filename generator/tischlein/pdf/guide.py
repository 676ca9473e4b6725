"""The front matter of every game PDF: the print guide (page 1) and the credits with the provenance notes.

Both are plain pages in the same fonts and palette as the cards. The guide says which pages to print and how
(single- or double-sided, and which alternatives to choose between), how to cut, the card size with a 50 mm
scale bar, and a checklist of the components with their counts.
"""
from __future__ import annotations

from dataclasses import dataclass

from . import fonts
from .card import wrap
from .component import Credit, PrintSet
from .icons import color, place_centred
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


# How tightly the guide is set, loosest first: (its bullets' type size, leading and space after, and a factor for
# the checklist's rows). A guide is set in the loosest that fits one page: a guide that spills a few lines
# over would leave a near-empty sheet.
DENSITIES = ((8.5, 1.25, 2.0, 1.0), (8.2, 1.18, 1.4, 0.88), (7.8, 1.12, 1.0, 0.78))


def _span(ui, s, start: bool = True) -> dict:
    """A section's pages for a guide line: "Page 8" or "Pages 5–7" (`start`: at the start of the line)."""
    key = "pdf.guide.span" if start else "pdf.guide.span_in"
    form = "one" if s.first == s.last else "range"
    return {"span": ui(f"{key}.{form}", first=s.first, last=s.last)}


def _registration(ui, plan, opts, game_id: str) -> str:
    """What the two-sided sheets offer to check the backs' alignment: targets on every one, on those with room in
    their margin, or on none (pieces up to the margins, as nine cards on Letter): then the calibration sheet."""
    full = opts.crop_marks == "full"
    file = opts.__class__(lang=opts.lang, paper=opts.paper).file_name(game_id, "calibration")     # on the downloads
    sheets = [p.page for s in plan.of("two-sided") for p in s.pages]
    marked = sum(1 for page in sheets if page.registration_points(full))
    if marked == len(sheets):
        return ui("pdf.guide.registration", file=file)
    if marked == 0:
        return ui("pdf.guide.registration_none", file=file)
    return ui("pdf.guide.registration_some", n=marked, total=len(sheets), file=file)


def guide_page(c, ps: PrintSet, plan, opts, ui, density: int = 0) -> int:
    """Page 1: what to print (the page ranges imposition.py produced, single- and double-sided), how, how to cut,
    and the checklist. Only the parts this game has get a line. `density`: an index of DENSITIES. Returns the
    pages it takes."""
    W, H = opts.paper_size.width, opts.paper_size.height
    f = Flow(c, W, H)
    _header_band(c, ps, opts, ui, W, H)
    f.y = H - mm(34) - mm(6)
    labels = {k.id: k.label for k in ps.kinds}
    size, leading, after, rows = DENSITIES[density]
    bullet = dict(bullet="•", indent=mm(5), size=size, leading=leading, after=after)

    f.heading(ui("pdf.guide.what"))
    for s in plan.sections:
        what = ", ".join(labels.get(k, k) for k in s.kinds)
        if s.role == "front":
            f.para(ui("pdf.guide.pages_front", **_span(ui, s)), **bullet)
        elif s.role == "one-sided":
            f.para(ui("pdf.guide.range_one", **_span(ui, s), what=what), **bullet)
        elif s.role == "board":
            f.para(ui("pdf.guide.range_board", **_span(ui, s), what=what, sheets=len(s.pages)),
                   **bullet)
        elif s.role == "two-sided":
            key = "pdf.guide.range_fold" if s.sided == "fold" else \
                "pdf.guide.range_two" if s.sided == "double" else "pdf.guide.range_one"
            f.para(ui(key, **_span(ui, s), what=what, sheets=len(s.pages),
                      flip=ui(f"pdf.guide.flip.{opts.duplex}") if s.sided == "double" else ""), **bullet)
    alternatives = plan.of("alternative")
    if alternatives:
        f.para(ui("pdf.guide.choose"), **bullet)
        for s in alternatives:
            ds = next(d for d in ps.dice if d.kind in s.kinds)
            f.para(ui(f"pdf.guide.alt.{s.choice}", **_span(ui, s, start=False), n=len(ds.dice),
                      size=ds.size_mm), bullet="–", indent=mm(10), size=8.5, after=2.0)
        f.para(ui("pdf.guide.alt.plain_dice"), indent=mm(10), size=8.5, after=2.0)
    f.para(ui("pdf.guide.total_sheets", sheets=plan.sheet_count), indent=mm(5), font=fonts.BOLD, size=8.5)
    if alternatives:        # the sheets' labels number the sheets of every choice, the guide's total one choice's
        f.para(ui("pdf.guide.numbered", total=plan.labelled_sheets), indent=mm(5), size=8.5)

    f.heading(ui("pdf.guide.how"))
    f.para(ui("pdf.print.scale"), **bullet)
    _scale_bar(c, f.x + mm(5), f.y - mm(8))
    c.setFont(fonts.BOLD, 9.5)
    c.setFillColor(color(INK))
    card = opts.card
    c.drawString(f.x + mm(63), f.y - mm(7.6), ui("pdf.card_size", width=card.width_mm,
                                                   height=card.height_mm))
    f.y -= mm(12)
    if opts.duplex == "none":
        f.para(ui("pdf.print.single"), **bullet)
    elif opts.duplex == "fold":
        f.para(ui("pdf.print.fold"), **bullet)
    else:
        f.para(ui("pdf.print.duplex" if opts.duplex == "long" else "pdf.print.duplex_short"), **bullet)
        f.para(_registration(ui, plan, opts, ps.game_id), **bullet)
        f.para(ui("pdf.guide.no_duplex", file=opts.__class__(**{**opts.__dict__, "duplex": "fold"}).file_name(
            ps.game_id)), **bullet)
    if opts.back_offset_mm != (0.0, 0.0) and opts.duplex != "none":
        f.para(ui("pdf.print.offset", x=opts.back_offset_mm[0], y=opts.back_offset_mm[1]), **bullet)

    f.heading(ui("pdf.guide.cut"))
    f.para(ui("pdf.guide.cut_packed", bleed=opts.bleed_mm), **bullet)
    if plan.min_bleed < mm(opts.bleed_mm) - 1e-6:
        f.para(ui("pdf.guide.bleed_edge", bleed=round(plan.min_bleed / mm(1), 1)), **bullet)
    f.para(ui("pdf.guide.printer_margin", margin=opts.printer_margin_mm), **bullet)
    if ps.dice:
        f.para(ui("pdf.guide.cut_shaped"), **bullet)
    from .tuckdecks import CARD_MM, decks_to_box
    if decks_to_box(ps):
        plain = opts.__class__(lang=opts.lang, paper=opts.paper)
        f.para(ui("pdf.guide.tuckbox", file=plain.file_name(ps.game_id, "tuckbox"), card=CARD_MM), **bullet)
    from .shops import SHOPS, left_out, parts_held, shop_decks
    tgc = SHOPS["tgc"]
    rest = left_out(ps, shop_decks(ps, tgc), tgc)           # what the shop zips leave to this file
    held = parts_held(ps, tgc)
    parts = "_".join(name for name, ids in (("boards", {b.id for b in ps.boards}),
                                            ("dice", {d.id for ds in ps.dice for d in ds.dice})) if ids & held)
    f.para(ui("pdf.guide.shops", what=", ".join(rest), held=ui(f"pdf.guide.shops_held.{parts or 'cards'}"))
           if rest else ui("pdf.guide.shops_all"), **bullet)

    f.heading(ui("pdf.guide.components"))
    _checklist(c, f, ps, ui, rows)
    return f.pages + 1


def _header_band(c, ps: PrintSet, opts, ui, W: float, H: float) -> None:
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
    c.drawString(tx, H - mm(27.5), "  ·  ".join([ui("pdf.title"), ui("pdf.language"), opts.paper_size.name,
                                                  ui(f"pdf.guide.mode.{opts.duplex}")]))


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


def _checklist(c, f: Flow, ps: PrintSet, ui, scale: float) -> None:
    """The components, one row each; `scale` (at most 1) sets the rows' heights and what is in them tighter."""
    counts = {k.id: 0 for k in ps.kinds}
    for p in ps.all_pieces():             # cards, tiles, tokens, boards and dice
        counts[p.kind] = counts.get(p.kind, 0) + 1

    def down(length_mm: float) -> float:
        return mm(length_mm) * scale

    row, lead = down(9.5), 7.5 * (1.25 if scale >= 1 else 1.15)
    col_count, col_back = f.x + f.width - mm(38), f.x + f.width - mm(26)
    c.setFont(fonts.BOLD, 7.5)
    c.setFillColor(color(MUTED))
    f.need(mm(6))
    c.drawRightString(col_count + mm(6), f.y - mm(3), "#")
    c.drawString(col_back, f.y - mm(3), ui("pdf.guide.back").upper())
    f.y -= mm(4.5)
    for kind in ps.kinds:
        detail = wrap(kind.detail, fonts.BODY, 7.5, col_count - f.x - mm(20)) or [kind.detail]
        h = max(row, down(5.5) + len(detail) * lead + down(1.5))
        f.need(h)
        top = f.y
        c.setStrokeColor(color("#e6d6bd"))
        c.setLineWidth(0.5)
        c.line(f.x, top, f.x + f.width, top)
        c.setFillColor(color(SOFT))
        c.circle(f.x + mm(4.5), top - down(4.7), down(3.9), stroke=0, fill=1)
        place_centred(c, kind.icon, f.x + mm(4.5), top - down(4.7), down(6))
        c.setFillColor(color(INK))
        c.setFont(fonts.BOLD, 10)
        c.drawString(f.x + mm(11), top - down(4.6), kind.label)
        c.setFont(fonts.BODY, 7.5)
        c.setFillColor(color(MUTED))
        y = top - down(4.6) - 7.5 * 1.3 * scale
        for line in detail:
            c.drawString(f.x + mm(11), y, line)
            y -= lead
        c.setFillColor(color(INK))
        c.setFont(fonts.TITLE, 12)
        c.drawRightString(col_count + mm(6), top - down(5), str(counts[kind.id]))
        back = ps.back_labels.get(kind.back, "—") if kind.back else "—"
        c.setFont(fonts.BODY, min(9, 9 * mm(18.5) / max(1, fonts.width(back, fonts.BODY, 9))))   # clear of the box
        c.drawString(col_back, top - down(4.6), back)
        c.setStrokeColor(color(INK))
        c.setLineWidth(0.8)
        c.rect(f.x + f.width - mm(6), top - down(6.2), down(4.2), down(4.2), stroke=1, fill=0)
        f.y = top - h
    c.setStrokeColor(color(INK))
    c.setLineWidth(0.8)
    c.line(f.x, f.y, f.x + f.width, f.y)
    c.setFont(fonts.BOLD, 10)
    c.drawString(f.x + mm(11), f.y - mm(5), ui("pdf.guide.total"))
    c.setFont(fonts.TITLE, 12)
    c.drawRightString(col_count + mm(6), f.y - mm(5.3), str(sum(counts.values())))
    f.y -= mm(8)


CREDIT_SIZES = (8.5, 8, 7.5, 7, 6.5)        # pt, largest first


def credits_pages(c, ps: PrintSet, W: float, H: float, ui) -> int:
    """The credits: every reconstructed value and erratum with its reason, grouped by reason, on as few pages as
    any of CREDIT_SIZES gives, in the largest type that does (a size that leaves a few lines for another page
    would waste a sheet). Returns pages."""
    pages = {}
    for size in CREDIT_SIZES:
        pages[size] = _credits(None, ps, W, H, ui, size)
        if pages[size] == 1:
            break
    fewest = min(pages.values())
    return _credits(c, ps, W, H, ui, next(size for size in CREDIT_SIZES if pages[size] == fewest))


def _credits(c, ps: PrintSet, W: float, H: float, ui, size: float) -> int:
    f = Flow(c, W, H, y=H - PAGE_MARGIN)
    f.heading(ui("pdf.credits.title"), size=20)
    f.y -= mm(1)
    f.para(ui("pdf.credits.intro"), size=9.5, after=mm(3))
    for kind, mark in (("reconstructed", "*"), ("erratum", "E"), ("missing", "—")):
        heading = ui(f"pdf.mark.{kind}")
        groups = _group([cr for cr in ps.credits if cr.kind == kind])
        if not groups:
            continue
        f.heading(f"{mark}  {heading[:1].upper()}{heading[1:]}", size=12)
        for reason, items in groups:
            for names, fields in items:
                f.para(f"{' · '.join(names)}: {', '.join(fields)}", font=fonts.BOLD, size=size, after=1,
                       leading=1.25)
            f.para(reason, size=size, after=mm(2.2) * size / 8.5, fill="#4d3a2c", leading=1.25)
    f.heading(ui("pdf.credits.about"), size=12)
    if ps.fallback:
        f.para(ui("pdf.credits.fallback"), font=fonts.ITALIC, size=size)
    f.para(ui("pdf.credits.made"), size=size)
    f.para(ui("pdf.credits.fonts"), size=size)
    if any(getattr(fonts, role) in fonts.FALLBACK.values() for role in fonts.ROLES):
        f.para(ui("pdf.credits.fallback_font"), size=size)
    return f.pages + 1


def _group(credits: list[Credit]) -> list[tuple[str, list[tuple[list[str], list[str]]]]]:
    """Credits sharing one reason, in first-seen order: reason -> [(names, fields)]. Records whose fields are the
    same share a line ("Broccoli Bake · Crudités · …: name, points"): 44 recipes name their fields once."""
    out: dict[str, dict[str, list[str]]] = {}
    for cr in credits:
        fields = out.setdefault(cr.reason, {}).setdefault(cr.who, [])
        if cr.field not in fields:
            fields.append(cr.field)
    grouped = []
    for reason, records in out.items():
        lines: dict[tuple[str, ...], list[str]] = {}
        for who, fields in records.items():
            lines.setdefault(tuple(fields), []).append(who)
        grouped.append((reason, [(names, list(fields)) for fields, names in lines.items()]))
    return grouped
