"""The chapters of the rules booklet as platypus flowables: cover, contents, rules, worked examples, glossary,
FAQ, sources and reconstructions, credits. Texts come from the site's page context (rules_text.PdfContext);
this module only decides their order and look.

A heading that starts a section carries `_outline = (destination, plain title, outline level, toc level)` and
turns itself into a PDF outline entry and a table-of-contents line where it is drawn.
"""
from __future__ import annotations

import re

from dataclasses import dataclass
from typing import Any, Callable

from reportlab.platypus import CondPageBreak, Flowable, KeepTogether, PageBreak, Paragraph, Spacer, Table, TableStyle
from reportlab.platypus.tableofcontents import TableOfContents

from ..site import markdown as md
from ..site.context import ExampleRender
from . import fonts
from .markup import Converter, Indent, html_tree, text_of, to_html
from .rules_text import PdfContext
from .picture_drawing import PictureDrawing
from .state_drawing import StateDrawing
from .typeset import ACCENT, INK, SOFT, Styles, colour, esc, panel_fill

NO_TOC = None
GOOD, BAD = "#2f6f3e", "#b3263b"


@dataclass
class Story:
    """Everything one build needs: the context (texts), the styles, the frame width, the replays."""

    ctx: PdfContext
    st: Styles
    width: float
    renders: list[ExampleRender]
    links: bool = True          # internal links and named destinations (not on imposed sheets)

    def __post_init__(self):
        self.conv = Converter(self.st, self.width, anchors(self.ctx, self.renders), links=self.links)

    def anchor(self, dest: str) -> str:
        """The markup that makes `dest` a named destination (nothing when there are no links)."""
        return f'<a name="{esc(dest)}"/>' if self.links else ""

    def ui(self, key: str, **kw) -> str:
        return self.ctx.ui(key, **kw)

    def plain(self, markdown_text) -> str:
        """Plain text of our own Markdown (for outline entries: no markup there)."""
        return " ".join(text_of(html_tree(to_html(markdown_text))).split())


def anchors(ctx: PdfContext, renders: list[ExampleRender]) -> set[str]:
    """Every named destination the booklet defines: links to anything else print as plain text."""
    game = ctx.game
    names = {"contents", "rules", "examples", "glossary", "faq", "sources", "credits"}
    names |= {s.id for s in game.rules}
    names |= {f"term-{t}" for t in game.glossary}
    names |= {f"faq-{e['id']}" for e in game.faq}
    names |= {f"examples/{r.example['id']}" for r in renders}
    for _, notes in ctx.notes(renders):
        names |= {n["anchor"] for n in notes}
    return names


class Heading(Paragraph):
    """A heading that, where it is drawn, becomes a PDF outline entry and a table-of-contents line: at draw
    time the page is the one it really lands on (a heading kept with the next flowable may move on)."""

    def draw(self):
        super().draw()
        doc = getattr(self.canv, "_doctemplate", None)
        if doc is None:
            return
        dest, title, level, toc = self._outline
        if getattr(doc, "outline", True):
            self.canv.addOutlineEntry(title, dest, level, closed=level >= 2)
        if toc is not None:
            doc.notify("TOCEntry", (toc, esc(title), doc.page, dest if getattr(doc, "outline", True) else None))


def heading(s: Story, markup: str, style, dest: str, outline_title: str, level: int, toc: int | None) -> Paragraph:
    p = Heading(s.anchor(dest) + markup, style)
    p._outline = (dest, outline_title, level, toc)
    return p


def chapter(s: Story, key: str, dest: str) -> Paragraph:
    """A chapter's heading, titled by the UI string `key`: in the contents and the outline at the top level."""
    return heading(s, esc(s.ui(key)), s.st.h1, dest, s.ui(key), 0, 0)


def cover(s: Story, kind_label: str) -> list[Flowable]:
    ctx, st = s.ctx, s.st
    model = ctx.game.model
    out: list[Flowable] = [Spacer(1, st.body.fontSize * 6), Paragraph(esc(model.name), st.title)]
    sub = getattr(model, "subtitle", "") or ""
    if sub:
        out.append(Paragraph(esc(sub), st.subtitle))
    if ctx.has("game:gloss") and ctx.raw("game:gloss").strip().casefold() != sub.strip().casefold():
        out.append(Paragraph(s.conv.inline(ctx.plain("game:gloss")), st.subtitle))
    out += [Spacer(1, st.body.fontSize * 2), Band(esc(kind_label), st)]
    facts = " · ".join(f"<b>{esc(label)}:</b> {s.conv.inline(value)}" for label, value in (
        (ctx.ui("site.fact.players"), ctx.players()), (ctx.ui("site.home.time"), ctx.play_time())))
    out += [Spacer(1, st.body.fontSize * 1.5), Paragraph(facts, st.centred)]
    tagline = ctx.tagline()
    if str(tagline).strip():
        out += [Spacer(1, st.body.fontSize), Paragraph(s.conv.inline(tagline), st.centred)]
    out += [Spacer(1, st.body.fontSize * 2), Paragraph(esc(ctx.language(ctx.lang)), st.centred), PageBreak()]
    return out


class Band(Flowable):
    """The tinted band on the cover that names the document ("Rules booklet"); an outline in ink-saver mode."""

    def __init__(self, markup: str, st: Styles):
        super().__init__()
        self.para = Paragraph(markup, st.h2.clone("band", alignment=1, spaceBefore=0, textColor=colour(INK)))

    def wrap(self, avail_w, avail_h):
        _, h = self.para.wrap(avail_w - 20, avail_h)
        self.width, self.height = avail_w, h + 14
        return self.width, self.height

    def draw(self):
        c = self.canv
        fill = panel_fill(SOFT)
        c.setStrokeColor(colour(ACCENT))
        c.setLineWidth(1.2)
        if fill:
            c.setFillColor(colour(fill))
        c.roundRect(0, 0, self.width, self.height, 6, stroke=1, fill=1 if fill else 0)
        self.para.drawOn(c, 10, 7)


def contents(s: Story) -> list[Flowable]:
    toc = TableOfContents(dotsMinLevel=0)
    toc.levelStyles = list(s.st.toc)
    title = esc(s.ui("booklet.contents"))
    return [heading(s, title, s.st.h1, "contents", s.ui("booklet.contents"), 0, NO_TOC), toc, PageBreak()]


def rules(s: Story) -> list[Flowable]:
    ctx = s.ctx
    out: list[Flowable] = []
    where = ctx.rulebook_places()            # where the rulebook states each rule (its trace.yaml)
    for i, sec in enumerate(ctx.game.rules):
        title_md = ctx.plain(f"rules:{sec.id}.title")
        style = s.st.heading(sec.depth)
        if sec.depth == 0 and i:
            out.append(CondPageBreak(s.st.body.leading * 8))
        out.append(heading(s, s.conv.inline(title_md), style, sec.id, s.plain(title_md), sec.depth + 1,
                           sec.depth if sec.depth < 2 else NO_TOC))
        out += s.conv.blocks(ctx.text(f"rules:{sec.id}.body"))
        if sec.id in where:                  # escaped text (md.text), its tags dropped: the line is set plain
            places = re.sub(r"<[^>]*>", "", str(where[sec.id]))
            out.append(Paragraph(f"{esc(s.ui('site.sources.rulebook'))}: {places}", s.st.small))
    if out:
        out.insert(0, chapter(s, "site.rules", "rules"))
        out.append(PageBreak())
    return out


def examples(s: Story) -> list[Flowable]:
    if not s.renders:
        return []
    ctx = s.ctx
    out: list[Flowable] = [chapter(s, "site.examples", "examples")]
    if ctx.site.has_own_picture(ctx.game):
        # the game's own picture, as the site shows it
        pictures = PictureDrawing(s.st)

        def drawing(state, width):
            return pictures.flowables(ctx.site.picture(ctx.game, ctx.lang, state), width)
    else:
        lookup = ctx.site.card_lookup(ctx.game, ctx.lang)
        drawing = StateDrawing(lookup, ctx.site.state_label(ctx.game, ctx.lang), s.st,
                               s.ui("booklet.state.pile")).flowables
    for n, r in enumerate(s.renders):
        out += _example(s, r, drawing, first=n == 0)
    out.append(PageBreak())
    return out


def _example(s: Story, r: ExampleRender, drawing: Callable[[Any, float], list[Flowable]], first: bool) \
        -> list[Flowable]:
    ctx, ex = s.ctx, r.example
    k = f"examples:{ex['id']}"
    res = r.results[ctx.lang]
    title = ctx.plain(f"{k}.title")
    out: list[Flowable] = [] if first else [CondPageBreak(s.st.body.leading * 14)]
    # in the outline, not in the contents: the examples' long titles would take the contents onto a second page
    out.append(heading(s, s.conv.inline(title), s.st.h2, f"examples/{ex['id']}", s.plain(title), 1, NO_TOC))
    out += s.conv.blocks(ctx.text(f"{k}.description"))
    if ex.get("rules"):
        links = " · ".join(str(ctx.rule_link(rid)) for rid in ex["rules"])
        out.append(s.conv.paragraph(f"{md.text(ctx.ui('site.example.rules'))} {links}", s.st.small))
    if "erratum" in ex and ctx.has(f"{k}.erratum.why"):
        out.append(Note(s, ctx.ui("site.example.erratum"), [
            f"**{md.text(ctx.ui('site.erratum.says'))}** {ctx.text(f'{k}.erratum.says')}",
            f"**{md.text(ctx.ui('site.erratum.uses'))}** {ctx.text(f'{k}.erratum.uses')}",
            str(ctx.text(f"{k}.erratum.why"))]))
    start = res["start"]["state"] if res.get("start") else ex.get("start")
    out.append(Paragraph(esc(ctx.ui("site.example.start")), s.st.label))
    out += drawing(start, s.width)
    first = before = res["start"]["state"] if res.get("start") else None     # the states moves are named in
    for i, step in enumerate(res["steps"]):
        moved = ctx.move_text(step["move"], args=True, before=before)
        line = f"**{md.text(ctx.ui('replay.step'))} {i + 1}:** {moved}"
        before = step.get("state") or before
        out.append(s.conv.paragraph(line, s.st.body))
        if ctx.has(f"{k}.moves.{i}.note"):
            out += s.conv.blocks(ctx.text(f"{k}.moves.{i}.note"), s.st.small)
        said = verdict(ctx.ui("site.example.legal" if step["legal"] else "site.example.illegal"), step["legal"])
        if step.get("text"):
            said += " — " + esc(step["text"])
        out.append(Paragraph(said, s.st.small))
    steps = [st for st in res["steps"] if st.get("state") is not None]
    if steps:
        out.append(KeepTogether([Paragraph(esc(ctx.ui("booklet.example.end")), s.st.label)]
                                + drawing(steps[-1]["state"], s.width)))
    out.append(Paragraph(verdict(ctx.ui("replay.ok" if res["ok"] else "replay.differs"), res["ok"]), s.st.body))
    if res.get("illegal"):
        out.append(Paragraph(esc(ctx.ui("site.example.illegal_moves")), s.st.label))
        for item in res["illegal"]:
            got = item.get("got")
            line = str(ctx.move_text(item["move"], before=first if item["from"] == "start" else before))
            if got:
                line += " — " + str(ctx.rejection(got))
            out.append(s.conv.paragraph(line, s.st.small))
    return out


def verdict(text: str, good: bool) -> str:
    """"legal" / "not allowed" in green or red bold (the site's ✓ and ✗ are not in the bundled fonts)."""
    return f'<font color="{GOOD if good else BAD}"><b>{esc(text)}</b></font>'


class Note(Flowable):
    """A boxed note (an erratum): a bold title and paragraphs of Markdown, tinted unless saving ink."""

    def __init__(self, s: Story, title: str, paragraphs: list[str]):
        super().__init__()
        inner = [Paragraph(f"<b>{esc(title)}</b>", s.st.body)]
        for text in paragraphs:
            inner += s.conv.blocks(text, s.st.small)
        self.table = Table([[inner]], colWidths=[s.width])
        style = [("BOX", (0, 0), (-1, -1), 0.8, colour(ACCENT)), ("LEFTPADDING", (0, 0), (-1, -1), 6),
                 ("RIGHTPADDING", (0, 0), (-1, -1), 6)]
        fill = panel_fill(SOFT)
        if fill:
            style.append(("BACKGROUND", (0, 0), (-1, -1), colour(fill)))
        self.table.setStyle(TableStyle(style))
        self.spaceAfter = s.st.body.spaceAfter

    def wrap(self, avail_w, avail_h):
        return self.table.wrap(avail_w, avail_h)

    def split(self, avail_w, avail_h):
        return self.table.split(avail_w, avail_h)

    def draw(self):
        self.table.drawOn(self.canv, 0, 0)


def _chapter_of(s: Story, entries: list, key: str, dest: str, entry: Callable[[Any], list[Flowable]]) \
        -> list[Flowable]:
    """A chapter of `entries` (the glossary's terms, the FAQ's questions), each drawn by `entry`; none without
    entries."""
    if not entries:
        return []
    return [chapter(s, key, dest), *(f for e in entries for f in entry(e)), PageBreak()]


def glossary(s: Story) -> list[Flowable]:
    ctx = s.ctx

    def term(term: str) -> list[Flowable]:
        name = s.conv.inline(ctx.plain(f"glossary:{term}.term"))
        body = s.conv.blocks(ctx.text(f"glossary:{term}.definition"))
        first = Paragraph(f'{s.anchor("term-" + term)}<b>{name}</b>', s.st.body.clone("term", spaceAfter=1,
                                                                                          keepWithNext=1))
        return [first] + [Indent(f, s.st.body.fontSize) for f in body]
    return _chapter_of(s, ctx.game.glossary, "site.glossary", "glossary", term)


def faq(s: Story) -> list[Flowable]:
    ctx = s.ctx

    def question(entry: dict) -> list[Flowable]:
        q = ctx.plain(f"faq:{entry['id']}.question")
        out = [heading(s, s.conv.inline(q), s.st.h4.clone("question", textColor=colour(INK)), f"faq-{entry['id']}",
                       s.plain(q), 1, NO_TOC)]
        out += s.conv.blocks(ctx.text(f"faq:{entry['id']}.answer"))
        if entry.get("rules"):
            links = " · ".join(str(ctx.rule_link(r)) for r in entry["rules"])
            out.append(s.conv.paragraph(f"{md.text(ctx.ui('site.related_rules'))} {links}", s.st.small))
        return out
    return _chapter_of(s, ctx.game.faq, "site.faq", "faq", question)


def sources(s: Story) -> list[Flowable]:
    """Every reconstructed value and erratum with its reason, as on the site's sources page. Values that share
    a reason are listed together above it, record by record, so a reason given for 30 cards is printed once."""
    ctx = s.ctx
    out: list[Flowable] = [chapter(s, "site.provenance", "sources")]
    out += s.conv.blocks(md.text(ctx.ui("site.sources.intro")), s.st.small)
    notes = ctx.notes(s.renders)
    if not notes:
        out.append(Paragraph(f"<i>{esc(ctx.ui('site.sources.none'))}</i>", s.st.body))
    line_style = s.st.body.clone("note", spaceAfter=1)
    last_style = line_style.clone("note-last", keepWithNext=1)        # the last record stays with the reason
    for kind, entries in notes:
        out.append(Paragraph(esc(ctx.ui(f"site.sources.{kind}")), s.st.h3))
        for reason, records in _by_reason(entries):
            for i, rec in enumerate(records):
                first = rec[0]
                head = f"**{first['name']}**" + (f" ({first['gloss']})" if first["gloss"] else "") + ": "
                head += " · ".join(f"{n['field_label']}" + (f": {n['value']}" if n["value"] else "") for n in rec)
                anchors = "".join(s.anchor(n["anchor"]) for n in rec)
                out.append(Paragraph(anchors + s.conv.inline(f"{head} {first['mark']}"),
                                     last_style if i == len(records) - 1 else line_style))
            first = records[0][0]
            lines = [reason] if not first["says"] else [
                f"**{md.text(ctx.ui('site.erratum.says'))}** {first['says']}",
                f"**{md.text(ctx.ui('site.erratum.uses'))}** {first['uses']}", reason]
            for line in lines:
                out += [Indent(f, s.st.body.fontSize) for f in s.conv.blocks(line, s.st.small)]
    return out


def _by_reason(entries: list[dict]) -> list[tuple[str, list[list[dict]]]]:
    """Notes grouped by their reason (errata by reason and what the rulebook says), then by record, in the
    order they come."""
    groups: dict[tuple[str, str], dict[str, list[dict]]] = {}
    for n in entries:
        key = (str(n["reason"]), str(n["says"]))
        groups.setdefault(key, {}).setdefault(str(n["name"]), []).append(n)
    return [(reason, list(records.values())) for (reason, _), records in groups.items()]


def credits(s: Story, fallback: bool) -> list[Flowable]:
    ctx = s.ctx
    out: list[Flowable] = [CondPageBreak(s.st.body.leading * 10),
                           heading(s, esc(ctx.ui("pdf.credits.about")), s.st.h2, "credits",
                                   ctx.ui("pdf.credits.about"), 0, 0)]
    if fallback:
        out.append(Paragraph(f"<i>{esc(ctx.ui('pdf.credits.fallback'))}</i>", s.st.small))
    for key in ("booklet.credits.made", "pdf.credits.fonts", "booklet.credits.site"):
        out.append(Paragraph(esc(ctx.ui(key)), s.st.small))
    return out


class PageAware(Flowable):
    """A paragraph whose text needs the page it lands on (the back cover names the last page and the number of
    sheets): formatted when it is laid out, which for the back cover is on the last page."""

    def __init__(self, make, page):
        super().__init__()
        self.make, self.page = make, page
        self.para = None

    def wrap(self, avail_w, avail_h):
        self.para = self.make(self.page())
        return self.para.wrap(avail_w, avail_h)

    def draw(self):
        self.para.drawOn(self.canv, 0, 0)


def binding_guide(s: Story, page) -> list[Flowable]:
    """The back cover of the imposed booklet: how to print, fold and staple it. `page()` is the current page
    number while laying out (the back cover is the last page, so it is the page count)."""
    ctx = s.ctx

    def steps(page: int) -> Paragraph:
        last = -(-page // 4) * 4            # the padded page count: this is the last page typeset
        sheets = last // 4
        items = [ctx.ui(f"booklet.guide.step{i}", last=last, sheets=sheets, mid=last // 2, mid1=last // 2 + 1)
                 for i in range(1, 6)]
        body = "<br/>".join(f"<b>{i}.</b> {esc(t)}" for i, t in enumerate(items, 1))
        return Paragraph(body, s.st.body.clone("guide", leading=s.st.body.leading * 1.15))

    return [heading(s, esc(ctx.ui("booklet.guide.title")), s.st.h2.clone("guide-title", spaceBefore=0),
                    "binding", ctx.ui("booklet.guide.title"), 0, NO_TOC),
            PageAware(steps, page), Spacer(1, s.st.body.fontSize), FoldDiagram(s, ctx.ui("booklet.sheet.fold"),
                                                                               ctx.ui("booklet.sheet.staple"))]


class FoldDiagram(Flowable):
    """An opened centre spread: the dashed fold line and the two staples through it."""

    def __init__(self, s: Story, fold: str, staple: str):
        super().__init__()
        self.fold, self.staple, self.size = fold, staple, s.st.small.fontSize

    def wrap(self, avail_w, avail_h):
        self.width, self.height = avail_w, min(avail_w * 0.45, 120)
        return self.width, self.height

    def draw(self):
        """Three opened sheets stacked a little apart, the fold down their middle, two staples on it."""
        c = self.canv
        h = self.height - self.size * 2.5
        w = h * 1.4
        x0, y0 = (self.width - w) / 2, self.size * 2
        c.saveState()
        c.setLineWidth(0.8)
        c.setStrokeColor(colour(INK))
        c.setFillColor(colour("#ffffff"))
        for i in (2, 1, 0):                       # the innermost sheet on top
            c.rect(x0 + i * 3, y0 - i * 3, w, h, stroke=1, fill=1)
        c.setDash(3, 2)
        c.setStrokeColor(colour(ACCENT))
        c.line(x0 + w / 2, y0 - 9, x0 + w / 2, y0 + h + 3)
        c.setDash()
        c.setLineWidth(2.4)
        for f in (0.25, 0.75):
            y = y0 + h * f
            c.line(x0 + w / 2, y - 8, x0 + w / 2, y + 8)
        c.setFillColor(colour(INK))
        c.setFont(fonts.BODY, self.size)
        c.drawCentredString(x0 + w / 2, y0 - 9 - self.size, self.fold)
        c.drawString(x0 + w / 2 + 5, y0 + h * 0.75 - self.size * 0.35, self.staple)
        c.drawString(x0 + w / 2 + 5, y0 + h * 0.25 - self.size * 0.35, self.staple)
        c.restoreState()
