"""The rules as a printable PDF: an A5 booklet imposed for saddle stitching, or plain A4/Letter pages.

Both are typeset with platypus from the chapters in rules_story.py. The booklet's pages are half a sheet: A5
(148.5 × 210 mm) on A4, and half-letter (5.5 × 8.5 in) on US Letter, because two A5 pages (296 mm) do not fit
across a Letter sheet (279.4 mm) and shrinking them would take the body text below 8 pt. Its page count is
padded to a multiple of 4 with ruled "Notes" pages before the back cover, which says how to print, fold and
staple; saddle.py then puts the pages on sheets in booklet order. The plain version is two columns on
A4 or Letter, with working links, outline and table of contents.

Layout geometry lives in `Layout`, so tests check the text against the very frames the pages use.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path

from reportlab.platypus import BaseDocTemplate, Frame, NextPageTemplate, PageBreak, PageTemplate
from reportlab.platypus.tableofcontents import TableOfContents

from ..files import inside
from . import fonts, palette, rules_story
from .errors import PdfBuildError
from .saddle import ImposingCanvas
from .rules_text import context, replays
from .typeset import ACCENT, MUTED, RULE, colour, esc, styles
from .units import PAPERS, mm

KINDS = ("booklet", "rules")


@dataclass(frozen=True)
class Layout:
    """One page shape: size, margins, columns; all in points."""

    width: float
    height: float
    left: float
    right: float
    top: float
    bottom: float
    columns: int
    gap: float
    footer: float          # baseline of the page number
    body_pt: float

    @property
    def frame_width(self) -> float:
        return (self.width - self.left - self.right - (self.columns - 1) * self.gap) / self.columns

    def frames(self) -> list[tuple[float, float, float, float]]:
        """(x, y, w, h) of each column: the only places body text may go."""
        h = self.height - self.top - self.bottom
        return [(self.left + i * (self.frame_width + self.gap), self.bottom, self.frame_width, h)
                for i in range(self.columns)]

    def footer_box(self) -> tuple[float, float, float, float]:
        """Where the page number and running title go."""
        return (self.left, self.footer - 3, self.width - self.left - self.right, 12)


def layout(kind: str, paper: str) -> Layout:
    if paper not in PAPERS:
        raise PdfBuildError(f"unknown paper {paper!r}; known: {', '.join(PAPERS)}")
    sheet = PAPERS[paper]
    if kind == "booklet":                 # half a landscape sheet
        return Layout(sheet.height / 2, sheet.width, mm(13), mm(13), mm(13), mm(16), 1, 0, mm(8), 9.0)
    if kind == "rules":
        return Layout(sheet.width, sheet.height, mm(18), mm(18), mm(18), mm(20), 2, mm(7), mm(10), 9.5)
    raise PdfBuildError(f"unknown rules document {kind!r}; known: {', '.join(KINDS)}")


class RulesDoc(BaseDocTemplate):
    """The rules document; `outline` False leaves out outline entries and links (for printed sheets)."""

    outline = True


def file_name(game_id: str, lang: str, paper: str, kind: str, ink_saver: bool = False) -> str:
    """`<game>-<lang>-<paper>-booklet[-inksaver].pdf`: the downloads page reads the variant from the name."""
    return f"{game_id}-{lang}-{paper}-{kind}{'-inksaver' if ink_saver else ''}.pdf"


def default_path(out_dir: Path, game_id: str, lang: str, paper: str, kind: str, ink_saver: bool = False) -> Path:
    return inside(out_dir, Path(out_dir) / "pdf" / game_id / file_name(game_id, lang, paper, kind, ink_saver))


def build(content, game_id: str, lang: str, paper: str, kind: str, out_path: Path,
          ink_saver: bool = False) -> Path:
    """Write the booklet (imposed) or the plain rules of one game; atomic: no file is left on an error."""
    from .document import write_atomically
    game = content.games[game_id]
    lay = layout(kind, paper)
    return write_atomically(out_path, lambda tmp: typeset(content, game, lang, lay, tmp, ink_saver,
                                                          booklet=kind == "booklet"))


def typeset(content, game, lang: str, lay: Layout, path: Path, ink_saver: bool, booklet: bool) -> int:
    """Lay the rules out on pages of `lay` (a booklet straight onto imposed sheets); returns the pages typeset
    (a booklet's before its padding to a multiple of 4)."""
    with palette.ink_saver(ink_saver):
        ctx = context(content, game, lang)
        s = rules_story.Story(ctx, styles(lang, lay.body_pt), lay.frame_width, replays(game, lang),
                              links=not booklet)
        return _build(s, lay, path, booklet)


def _build(s: rules_story.Story, lay: Layout, path: Path, booklet: bool) -> int:
    ctx = s.ctx
    kind_label = ctx.ui("booklet.kind.booklet" if booklet else "booklet.kind.rules")
    doc = RulesDoc(str(path), pagesize=(lay.width, lay.height), leftMargin=lay.left, rightMargin=lay.right,
                   topMargin=lay.top, bottomMargin=lay.bottom, invariant=1, lang=ctx.lang,
                   title=f"{ctx.game.model.name} — {kind_label}", author="tischlein", creator="tischlein",
                   subject=ctx.ui("pdf.subject", game=ctx.game.model.name))
    doc.outline = not booklet                    # a printed sheet has no outline to click
    frames = [Frame(x, y, w, h, id=f"col{i}", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
              for i, (x, y, w, h) in enumerate(lay.frames())]
    one = [Frame(lay.left, lay.bottom, lay.width - lay.left - lay.right, lay.height - lay.top - lay.bottom,
                 id="wide", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)]
    title = ctx.game.model.name
    doc.addPageTemplates([
        PageTemplate("cover", one, onPage=_nothing),
        PageTemplate("body", frames, onPage=lambda c, d: _footer(c, d.page, lay, title)),
        PageTemplate("wide", one, onPage=lambda c, d: _footer(c, d.page, lay, title)),
        PageTemplate("back", one, onPage=_nothing),
    ])
    story = rules_story.cover(s, kind_label)
    story[-1:] = [NextPageTemplate("wide"), PageBreak()]
    story += rules_story.contents(s)[:-1] + [NextPageTemplate("body"), PageBreak()]
    for chapter in (rules_story.rules, rules_story.examples, rules_story.glossary, rules_story.faq):
        story += chapter(s)
    story += rules_story.sources(s)
    story += rules_story.credits(s, fallback=ctx.fallbacks > 0)
    fonts.register()
    _expect_contents(story, doc.outline)
    if not booklet:
        doc.multiBuild(story, maxPasses=6)
        return doc.page
    story += [NextPageTemplate("back"), PageBreak()] + rules_story.binding_guide(s, lambda: doc.page)
    notes = ctx.ui("booklet.notes")
    canvas = partial(ImposingCanvas, labels=sheet_labels(ctx),
                     pad=lambda c, n: notes_page(c, n, lay, title, notes))
    doc.multiBuild(story, maxPasses=6, canvasmaker=canvas)
    return doc.page


def _expect_contents(story: list, links: bool) -> None:
    """Give the table of contents its lines (page numbers still 0) before the first pass: it then takes its
    final height at once, and the second pass, with the real page numbers, is the last (three otherwise)."""
    entries = [(m[3], esc(m[1]), 0, m[0] if links else None) for f in story
               if (m := getattr(f, "_outline", None)) and m[3] is not None]
    for f in story:
        if isinstance(f, TableOfContents):
            f._entries = list(entries)


def _nothing(c, doc) -> None:
    return None


def _footer(c, number: int, lay: Layout, title: str) -> None:
    """The page number in the middle, the game's name on the outer side, a hairline above."""
    c.saveState()
    c.setFont(fonts.BODY, 8)
    c.setFillColor(colour(MUTED))
    c.drawCentredString(lay.width / 2, lay.footer, str(number))
    c.setStrokeColor(colour(RULE))
    c.setLineWidth(0.5)
    c.line(lay.left, lay.footer + 10, lay.width - lay.right, lay.footer + 10)
    if fonts.width(title, fonts.BODY, 8) < (lay.width - lay.left - lay.right) / 2 - 20:
        if number % 2:
            c.drawRightString(lay.width - lay.right, lay.footer, title)
        else:
            c.drawString(lay.left, lay.footer, title)
    c.restoreState()


def notes_page(c, number: int, lay: Layout, title: str, heading: str) -> None:
    """An intentional page instead of a blank one: a heading and ruled lines for the players' own notes (house
    rules, scores)."""
    _footer(c, number, lay, title)
    c.saveState()
    c.setFont(fonts.TITLE, lay.body_pt * 1.5)
    c.setFillColor(colour(ACCENT))
    top = lay.height - lay.top - lay.body_pt * 1.5
    c.drawString(lay.left, top, heading)
    c.setStrokeColor(colour(RULE if palette.active() else "#d9c7aa"))
    c.setLineWidth(0.5)
    y = top - mm(9)
    while y > lay.bottom + mm(2):
        c.line(lay.left, y, lay.width - lay.right, y)
        y -= mm(8)
    c.restoreState()


def sheet_labels(ctx) -> dict[str, str]:
    """The words the imposed sheets carry (translated): fold line, sheet side, staple marks."""
    return {k: ctx.ui(f"booklet.sheet.{k}") for k in ("fold", "front", "back", "staple")}
