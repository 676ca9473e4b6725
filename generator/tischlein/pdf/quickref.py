"""The quick reference: one sheet (two sides at most) with what the site's quick reference page shows.

Players and time, the player aid (the game's overview text), each top-level rule section with its gist and
its subsections', and the glossary's terms (rules_text.quickref_items). One side is what a player wants at the
table, so the type is the largest of 9, 8.5 and 8 pt, in two or three columns, that fits on one page; only when
even 8 pt in three columns needs two is it the largest that fits on two (a second side a few lines long is
a sheet wasted). Nothing is cut: content that does not fit on two pages even at 8 pt in three columns is an
error rather than a third page.
"""
from __future__ import annotations

import io
from functools import cache
from pathlib import Path

from reportlab.platypus import (BaseDocTemplate, Frame, FrameBreak, ListFlowable, ListItem, NextPageTemplate,
                                PageTemplate, Paragraph, Spacer)

from ..files import inside
from ..site import markdown as md
from . import fonts, palette
from .booklet import Layout, _footer
from .errors import PdfBuildError
from .markup import Converter
from .rules_story import Band
from .rules_text import context, fact_line, quickref_items
from .typeset import Styles, esc, styles
from .units import PAPERS, mm

MAX_PAGES = 2
ATTEMPTS = ((9.0, 2), (8.5, 2), (9.0, 3), (8.5, 3), (8.0, 3))       # (body pt, columns), most generous first
HEADER = mm(21)


def layout(paper: str, size: float, columns: int) -> Layout:
    if paper not in PAPERS:
        raise PdfBuildError(f"unknown paper {paper!r}; known: {', '.join(PAPERS)}")
    sheet = PAPERS[paper]
    return Layout(sheet.width, sheet.height, mm(12), mm(12), mm(12), mm(14), columns, mm(5), mm(7), size)


def file_name(game_id: str, lang: str, paper: str, ink_saver: bool = False) -> str:
    return f"{game_id}-{lang}-{paper}-quickref{'-inksaver' if ink_saver else ''}.pdf"


def default_path(out_dir: Path, game_id: str, lang: str, paper: str, ink_saver: bool = False) -> Path:
    return inside(out_dir, Path(out_dir) / "pdf" / game_id / file_name(game_id, lang, paper, ink_saver))


def build(content, game_id: str, lang: str, paper: str, out_path: Path, ink_saver: bool = False) -> Path:
    from .document import write_atomically
    with palette.ink_saver(ink_saver):
        _, pdf = _fitted(context(content, content.games[game_id], lang), paper)
        return write_atomically(out_path, lambda tmp: Path(tmp).write_bytes(pdf))


def fit(ctx, paper: str) -> Layout:
    """The most generous type size and column count that fits the quick reference on one page, else on MAX_PAGES."""
    return _fitted(ctx, paper)[0]


def _fitted(ctx, paper: str) -> tuple[Layout, bytes]:
    """fit's layout and the PDF typeset with it. When the tightest attempt needs two pages, no attempt fits on
    one (so it is typeset second, not last)."""
    @cache
    def typeset(attempt: tuple[float, int]) -> tuple[int, bytes]:
        buf = io.BytesIO()
        pages = _typeset(ctx, layout(paper, *attempt), buf)
        return pages, buf.getvalue()

    most = 1 if typeset(ATTEMPTS[0])[0] == 1 or typeset(ATTEMPTS[-1])[0] == 1 else MAX_PAGES
    for attempt in ATTEMPTS:
        pages, pdf = typeset(attempt)
        if pages <= most:
            return layout(paper, *attempt), pdf
    raise PdfBuildError(f"{ctx.game.id}: the quick reference does not fit on {MAX_PAGES} pages even at 8 pt in "
                        f"three columns ({typeset(ATTEMPTS[-1])[0]} pages); shorten the first paragraphs of its "
                        f"rule sections")


def header_box(lay: Layout) -> tuple[float, float, float, float]:
    """The first page's title block, above the columns."""
    return (lay.left, lay.height - lay.top - HEADER, lay.width - lay.left - lay.right, HEADER)


def _typeset(ctx, lay: Layout, target) -> int:
    fonts.register()
    st = styles(ctx.lang, lay.body_pt)
    doc = BaseDocTemplate(target, pagesize=(lay.width, lay.height), invariant=1, lang=ctx.lang,
                          title=f"{ctx.game.model.name} — {ctx.ui('booklet.kind.quickref')}", author="tischlein",
                          creator="tischlein", subject=ctx.ui("pdf.subject", game=ctx.game.model.name))
    cols = lay.frames()
    pad = dict(leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    head = Frame(*header_box(lay), id="head", **pad)
    first = [head] + [Frame(x, y, w, h - HEADER - mm(3), id=f"c{i}", **pad) for i, (x, y, w, h) in enumerate(cols)]
    later = [Frame(x, y, w, h, id=f"d{i}", **pad) for i, (x, y, w, h) in enumerate(cols)]
    title = ctx.game.model.name
    doc.addPageTemplates([PageTemplate("first", first, onPage=lambda c, d: _footer(c, d.page, lay, title)),
                          PageTemplate("later", later, onPage=lambda c, d: _footer(c, d.page, lay, title))])
    doc.build([NextPageTemplate("later")] + story(ctx, st, lay.frame_width))
    return doc.page


def story(ctx, st: Styles, width: float) -> list:
    conv = Converter(st, width, links=False)
    facts = " · ".join(f"<b>{esc(label)}:</b> {conv.inline(value)}" for label, value in fact_line(ctx))
    out: list = [Paragraph(f"{esc(ctx.game.model.name)}", st.h1.clone("qr-title", spaceAfter=2)),
                 Paragraph(f"<b>{esc(ctx.ui('booklet.kind.quickref'))}</b> · {facts}", st.body),
                 Paragraph(conv.inline(ctx.tagline()), st.small), FrameBreak()]
    if ctx.has("game:overview.text"):
        aid = (ctx.plain("game:overview.title") if ctx.has("game:overview.title")
               else md.text(ctx.ui("site.overview.aid")))
        out += [Band(conv.inline(aid), st), Spacer(1, 3)]
        out += conv.blocks(ctx.text("game:overview.text"))
    for item in quickref_items(ctx):
        out.append(Paragraph(conv.inline(item.title), st.h3.clone("qr-section", textColor=st.h2.textColor)))
        out += conv.blocks(item.gist)
        if item.children:
            entries = [ListItem(conv.blocks(f"**{child.title}**: {child.gist}")) for child in item.children]
            out.append(ListFlowable(entries, bulletType="bullet", start="•", leftIndent=st.body.fontSize * 1.1,
                                    bulletFontName=fonts.BODY, bulletFontSize=st.body.fontSize))
    if ctx.game.glossary:
        terms = " · ".join(conv.inline(ctx.plain(f"glossary:{t}.term")) for t in ctx.game.glossary)
        out.append(Paragraph(f"<b>{esc(ctx.ui('site.glossary'))}:</b> {terms}", st.small.clone("qr-terms",
                                                                                               spaceBefore=4)))
    out.append(Paragraph(f"<i>{esc(ctx.ui('booklet.quickref.more'))}</i>", st.small.clone("qr-foot", spaceBefore=4)))
    return out
