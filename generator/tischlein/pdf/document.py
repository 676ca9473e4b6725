"""Build one print-and-play PDF: print guide, credits, card sheets (fronts, then mirrored backs), bookmarks.

Every distinct face, back and icon is drawn once as a Form XObject; a sheet places them, each clipped to its
cell. Each placement also leaves an unpainted `re n` path on the card's trim rectangle, so tests (and anyone
post-processing the file) can find the exact cut rectangles in the page content.

The file is written to a temporary name next to the target and renamed into place only when complete: a build
that fails leaves no PDF behind (and no half-written one).
"""
from __future__ import annotations

import io
import os
import tempfile
from pathlib import Path

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from . import fonts, guide, icons, sheet
from .card import FaceBox
from .component import Piece, PrintSet
from .errors import PdfBuildError
from .games import print_set as game_print_set
from .options import Options
from .texts import Texts
from .units import mm

CREATOR = "tischlein"
FACE_PREFIX, BACK_PREFIX = "face-", "back-"
VIEWER_DUPLEX = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge", "none": "Simplex"}


def build_pdf(content, game_id: str, opts: Options, out_path: Path) -> Path:
    """Build the PDF of one game in one language/paper; returns the written path."""
    ps = game_print_set(content, game_id, opts.lang, opts.card)
    return render(ps, opts, Path(out_path), Texts(content.ui, opts.lang))


def render(ps: PrintSet, opts: Options, out_path: Path, ui: Texts) -> Path:
    fonts.register()
    rl_config.useA85 = 0          # raw binary streams: 25 % smaller and much faster than ASCII85
    out_path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{out_path.name}.", suffix=".tmp", dir=out_path.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        _write(ps, opts, ui, tmp)
        os.chmod(tmp, 0o644)
        os.replace(tmp, out_path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return out_path


def _layout(opts: Options, deck) -> sheet.SheetLayout:
    try:
        return sheet.plan(opts.paper_size, deck.size, opts.bleed_mm)
    except ValueError as exc:
        raise PdfBuildError(str(exc)) from None


def _write(ps: PrintSet, opts: Options, ui: Texts, path: Path) -> None:
    layouts = [_layout(opts, deck) for deck in ps.decks]
    first = layouts[0]
    W, H = first.page_w, first.page_h
    duplex = opts.duplex != "none"
    sheets = [(deck, layout, deck.pieces[i:i + layout.per_sheet])
              for deck, layout in zip(ps.decks, layouts)
              for i in range(0, len(deck.pieces), layout.per_sheet)]

    # front matter: guide + credits, padded to an even count when printing duplex so fronts land on fronts
    credit_pages = guide.credits_pages(Canvas(io.BytesIO(), pagesize=(W, H), initialFontName=fonts.BODY),
                                       ps, first, ui)
    front_matter = 1 + credit_pages
    blank = duplex and front_matter % 2 == 1
    first_card_page = front_matter + (1 if blank else 0) + 1
    last_page = first_card_page - 1 + len(sheets) * (2 if duplex else 1)

    c = Canvas(str(path), pagesize=(W, H), invariant=1, initialFontName=fonts.BODY, pageCompression=1,
               lang=opts.lang)
    c.setTitle(f"{ps.title} — {ui('pdf.title')} ({opts.lang}, {opts.paper_size.name})")
    c.setAuthor(CREATOR)
    c.setSubject(ui("pdf.subject", game=ps.title))
    c.setCreator(CREATOR)
    c.setKeywords([ps.game_id, "print-and-play", opts.lang, opts.paper, opts.card_size])
    c.setViewerPreference("PrintScaling", "None")
    c.setViewerPreference("Duplex", VIEWER_DUPLEX[opts.duplex])

    _define_forms(c, ps, opts, sheets)

    c.bookmarkPage("guide")
    c.addOutlineEntry(ui("pdf.bookmark.guide"), "guide", 0)
    guide.guide_page(c, ps, first, opts, ui, len(sheets), first_card_page, last_page)
    c.showPage()
    c.bookmarkPage("credits")
    c.addOutlineEntry(ui("pdf.credits.title"), "credits", 0)
    guide.credits_pages(c, ps, first, ui)
    c.showPage()
    if blank:
        c.showPage()

    c.addOutlineEntry(ui("pdf.bookmark.cards"), "cards", 0)
    kinds_seen: set[str] = set()
    kind_labels = {k.id: k.label for k in ps.kinds}
    for n, (deck, layout, pieces) in enumerate(sheets, 1):
        if n == 1:
            c.bookmarkPage("cards")
        for piece in pieces:
            if piece.kind not in kinds_seen:
                kinds_seen.add(piece.kind)
                c.bookmarkPage(f"kind-{piece.kind}")
                c.addOutlineEntry(kind_labels.get(piece.kind, piece.kind), f"kind-{piece.kind}", 1)
        _front_page(c, ps, layout, pieces, ui, n, len(sheets))
        c.showPage()
        if duplex:
            _back_page(c, layout, pieces, opts, ui, n, len(sheets))
            c.showPage()
    c.showOutline()
    c.save()


def _face_label(ps: PrintSet) -> dict[str, str]:
    """For error messages: the first card that shows each face, and how many share it."""
    users: dict[str, list[str]] = {}
    for p in ps.pieces():
        users.setdefault(p.face, []).append(p.id)
    return {face: ids[0] + (f" (and {len(ids) - 1} identical)" if len(ids) > 1 else "")
            for face, ids in users.items()}


def _define_forms(c, ps: PrintSet, opts: Options, sheets) -> None:
    """Icons, then every face and back in first-use order, each exactly once."""
    for name in ps.icons:
        icons.define(c, name)
    labels = _face_label(ps)
    b = mm(opts.bleed_mm)
    seen_faces: set[str] = set()
    seen_backs: set[str] = set()
    for deck, layout, pieces in sheets:
        w, h = deck.size.width, deck.size.height
        for p in pieces:
            if p.face not in seen_faces:
                seen_faces.add(p.face)
                if p.face not in ps.faces:
                    raise PdfBuildError(f"card {p.id}: no drawing for face {p.face!r}")
                c.beginForm(FACE_PREFIX + p.face, -b, -b, w + b, h + b)
                ps.faces[p.face](c, FaceBox(w, h, b, labels[p.face]))
                c.endForm()
            if p.back is not None and p.back not in seen_backs and opts.duplex != "none":
                seen_backs.add(p.back)
                if p.back not in ps.backs:
                    raise PdfBuildError(f"card {p.id}: no drawing for back {p.back!r}")
                c.beginForm(BACK_PREFIX + p.back, -b, -b, w + b, h + b)
                ps.backs[p.back](c, FaceBox(w, h, b, f"back {p.back}"))
                c.endForm()


def _place(c, form: str, cell: sheet.Cell) -> None:
    t, k = cell.trim, cell.clip
    c.saveState()
    marker = c.beginPath()
    marker.rect(t.x, t.y, t.w, t.h)
    c.drawPath(marker, stroke=0, fill=0)          # "re n": the trim rectangle, unpainted
    clip = c.beginPath()
    clip.rect(k.x, k.y, k.w, k.h)
    c.clipPath(clip, stroke=0, fill=0)
    c.translate(t.x, t.y)
    c.doForm(form)
    c.restoreState()


def _front_page(c, ps: PrintSet, layout: sheet.SheetLayout, pieces: list[Piece], ui: Texts, n: int,
                total: int) -> None:
    for piece, cell in zip(pieces, layout.cells):
        _place(c, FACE_PREFIX + piece.face, cell)
    sheet.draw_marks(c, layout, len(pieces))
    _footer(c, layout, ui("pdf.sheet.footer", game=ps.title, n=n, total=total, side=ui("pdf.sheet.front"),
                          size=layout.card.label))


def _back_page(c, layout: sheet.SheetLayout, pieces: list[Piece], opts: Options, ui: Texts, n: int,
               total: int) -> None:
    dx, dy = (mm(v) for v in opts.back_offset_mm)
    c.saveState()
    if dx or dy:
        c.translate(dx, dy)
    for piece, cell in zip(pieces, layout.cells):
        if piece.back is not None:
            _place(c, BACK_PREFIX + piece.back, layout.back_cell(cell, opts.duplex))
    _draw_back_marks(c, layout, len(pieces), opts.duplex)
    c.restoreState()
    _footer(c, layout, ui("pdf.sheet.footer", game="", n=n, total=total, side=ui("pdf.sheet.back"),
                          size=layout.card.label).lstrip(" ·"))


def _draw_back_marks(c, layout: sheet.SheetLayout, used: int, duplex: str) -> None:
    """The front's marks, mirrored like the cards (identical for full sheets of a symmetric grid)."""
    c.saveState()
    if duplex == "long":
        c.transform(-1, 0, 0, 1, layout.page_w, 0)
    else:
        c.transform(1, 0, 0, -1, 0, layout.page_h)
    sheet.draw_marks(c, layout, used)
    c.restoreState()


def _footer(c, layout: sheet.SheetLayout, text: str) -> None:
    """A small note in the left margin, reading upwards, between the cut lines of the middle row."""
    g = layout.grid
    size = 6.5
    if g.x < mm(6):
        return
    mid = layout.cells[(layout.rows // 2) * layout.cols]
    c.saveState()
    c.setFont(fonts.BODY, size)
    c.setFillColorRGB(0.35, 0.28, 0.22)
    c.translate(g.x - mm(2.5), mid.trim.y + mid.trim.h / 2)
    c.rotate(90)
    while fonts.width(text, fonts.BODY, size) > mid.trim.h - mm(6) and size > 4:
        size -= 0.5
        c.setFont(fonts.BODY, size)
    c.drawCentredString(0, 0, text)
    c.restoreState()
