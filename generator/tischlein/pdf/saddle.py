"""Saddle-stitch imposition: booklet pages, two to a side of a landscape sheet, in the order that reads right
once the printed stack is folded in the middle and stapled through the fold.

For N pages (a multiple of 4) on N/4 sheets, sheet k (0-based, the outermost first) carries

    front: page N - 2k on the left, page 2k + 1 on the right
    back:  page 2k + 2 on the left, page N - 2k - 1 on the right

Both sides are upright: printed double-sided with a flip on the short edge (the PDF asks for it), page 2 lands
behind page 1. reportlab draws the booklet pages straight onto the sheets (ImposingCanvas): placing finished
pages with pypdf worked too, but re-parsing every content stream took longer than typesetting the booklet.
Over the pages go the marks: the fold line's ends in the top and bottom margins, the sheet number, and on the
centre spread the two staple positions on the fold.
"""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from . import fonts
from .errors import PdfBuildError
from .typeset import ACCENT, MUTED, colour
from .units import mm

FOLD_TICK = mm(7)
STAPLE = mm(5)


@dataclass(frozen=True)
class Side:
    sheet: int            # 1-based
    back: bool
    left: int             # 1-based page numbers
    right: int


def booklet_order(pages: int) -> list[Side]:
    """The sides of the printed stack in print order: sheet 1 front, sheet 1 back, sheet 2 front …"""
    if pages <= 0 or pages % 4:
        raise PdfBuildError(f"a saddle-stitched booklet needs a multiple of 4 pages, got {pages}")
    out = []
    for k in range(pages // 4):
        out.append(Side(k + 1, False, pages - 2 * k, 2 * k + 1))
        out.append(Side(k + 1, True, 2 * k + 2, pages - 2 * k - 1))
    return out


class ImposingCanvas(Canvas):
    """A canvas that platypus lays booklet pages out on, page by page, while it prints sheets.

    Each booklet page is recorded as a Form XObject instead of being shown; on `save()` the pages are padded to a
    multiple of 4 (with `pad(canvas, page number)` pages inserted before the last one, the back cover) and placed two
    to a side, in booklet order, on landscape sheets of twice the page width, with the marks on top. Page
    content is drawn once and placed once: no page is parsed or copied, and the file stays as small as the
    typeset pages. Only the final pass of a multi-pass build saves."""

    def __init__(self, filename, pagesize, labels: dict[str, str], pad, **kw):
        self.page_w, self.page_h = pagesize
        self.labels, self.pad = labels, pad
        self.forms: list[str] = []
        self._sheet_fixed = False
        super().__init__(filename, pagesize=(2 * self.page_w, self.page_h), **kw)
        self._sheet_fixed = True
        self._begin_page()

    def _begin_page(self) -> None:
        self.beginForm(f"booklet-page-{len(self.forms) + 1}", 0, 0, self.page_w, self.page_h)

    def setPageSize(self, size):
        if not self._sheet_fixed:                # platypus later asks for the booklet page's size: the sheet stays
            super().setPageSize(size)

    def showPage(self):
        self.endForm()
        self.forms.append(f"booklet-page-{len(self.forms) + 1}")
        self._pageNumber += 1
        self._begin_page()

    def save(self):
        self.endForm()                           # the page begun after the last one: empty, never placed
        pages = list(self.forms)
        typeset = len(pages)
        for i in range(-typeset % 4):            # notes pages go before the back cover, numbered in sequence
            name = f"booklet-notes-{i + 1}"
            self.beginForm(name, 0, 0, self.page_w, self.page_h)
            self.pad(self, typeset + i)
            self.endForm()
            pages.insert(len(pages) - 1, name)
        order = booklet_order(len(pages))
        width, height = 2 * self.page_w, self.page_h
        for side in order:
            for n, x in ((side.left, 0.0), (side.right, self.page_w)):
                self.saveState()
                self.translate(x, 0)
                self.doForm(pages[n - 1])
                self.restoreState()
            draw_marks(self, side, len(order) // 2, width, height, self.labels)
            Canvas.showPage(self)
        self.setViewerPreference("Duplex", "DuplexFlipShortEdge")
        self.setViewerPreference("PrintScaling", "None")
        Canvas.save(self)


def draw_marks(c, side: Side, sheets: int, width: float, height: float, labels: dict[str, str]) -> None:
    """On one side of a sheet: fold ticks and label, sheet number, staple marks on the centre spread."""
    mid = width / 2
    c.saveState()
    c.setStrokeColor(colour(MUTED))
    c.setLineWidth(0.5)
    c.setDash(2, 1.5)
    c.line(mid, height, mid, height - FOLD_TICK)
    c.line(mid, 0, mid, FOLD_TICK)
    c.setDash()
    c.setFillColor(colour(MUTED))
    c.setFont(fonts.BODY, 7)
    c.drawString(mid + mm(1.5), height - mm(5), labels["fold"])
    side_word = labels["back"] if side.back else labels["front"]
    c.drawRightString(mid - mm(1.5), height - mm(5), f"{side.sheet}/{sheets} · {side_word}")
    if side.back and side.sheet == sheets:          # the centre spread: staple through the fold here
        c.setStrokeColor(colour(ACCENT))
        c.setLineWidth(1.6)
        for f in (0.25, 0.75):
            c.line(mid, height * f - STAPLE / 2, mid, height * f + STAPLE / 2)
            c.line(mid - mm(1.2), height * f - STAPLE / 2, mid + mm(1.2), height * f - STAPLE / 2)
            c.line(mid - mm(1.2), height * f + STAPLE / 2, mid + mm(1.2), height * f + STAPLE / 2)
    c.restoreState()
