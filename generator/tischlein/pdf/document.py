"""Build one print-and-play PDF: print guide, credits, card sheets (fronts, then mirrored backs), bookmarks.

Sheet modes (`Options.duplex`): `long`/`short` follow each front page with its back page, mirrored for that flip
and shifted by the back offset; `fold` puts fronts and their backs on one page, mirrored across a fold line
(cards may lie on their side; a back is turned 180° when the fold is not parallel to the card's long side, so
it reads upright when the card is turned over); `none`
prints fronts only. `Options.print_shop` instead writes one card per page with its bleed, TrimBox and BleedBox
set, front then back for each card, and no front matter.

Every distinct face, back and icon is drawn once as a Form XObject; a sheet places them, each clipped to its
cell. Each placement also leaves an unpainted `re n` path on the card's trim rectangle, so tests (and anyone
post-processing the file) can find the exact cut rectangles in the page content.

The file is written to a temporary name next to the target and renamed into place only when complete: a build
that fails leaves no PDF behind (and no half-written one).
"""
from __future__ import annotations

from pathlib import Path

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from ..content.glyphs import chars_of
from ..files import atomic, inside
from . import accel, extras, fonts, guide, icons, palette, sheet
from .card import FaceBox
from .component import Piece, PrintSet
from .errors import PdfBuildError
from .component import print_set as game_print_set
from .options import Options
from .texts import Texts
from .units import mm

CREATOR = "tischlein"
FACE_PREFIX, BACK_PREFIX = "face-", "back-"
VIEWER_DUPLEX = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge", "fold": "Simplex",
                 "none": "Simplex"}
FOLD_DASH = (mm(2), mm(1.5))
FOLD_GREY = 0.55


def build_pdf(content, game_id: str, opts: Options, out_path: Path) -> Path:
    """Build the PDF of one game in one language/paper; returns the written path."""
    with fonts.covering(chars_of(content.games[game_id], opts.lang)):       # Greek, Cyrillic … in Roboto
        ps = game_print_set(content, game_id, opts.lang, opts.card)
        return render(ps, opts, Path(out_path), Texts(content.games[game_id].ui, opts.lang))


def default_path(out_dir: Path, game_id: str, opts: Options) -> Path:
    """output/pdf/<game>/<game>-<lang>-<paper>.pdf (variants add their options to the name)."""
    return inside(out_dir, Path(out_dir) / "pdf" / game_id / opts.file_name(game_id))


def build_pdfs(content, game_id: str, langs: list[str], papers: list[str], out_dir: Path) -> list[Path]:
    """Every language × paper PDF of one game with the default options; raises PdfBuildError."""
    written = []
    for lang in langs:
        for paper in papers:
            opts = Options(lang=lang, paper=paper)
            written.append(build_pdf(content, game_id, opts, default_path(out_dir, game_id, opts)))
    return written


def render(ps: PrintSet, opts: Options, out_path: Path, ui: Texts) -> Path:
    return write_atomically(out_path, lambda tmp: (_write_print_shop if opts.print_shop else _write)(
        ps, opts, ui, tmp))


def write_atomically(out_path: Path, write) -> Path:
    """Call `write(tmp_path)`, then rename the finished file to `out_path`; on any error leave nothing behind."""
    fonts.register()
    rl_config.useA85 = 0          # raw binary streams: 25 % smaller and much faster than ASCII85
    with atomic(out_path) as tmp, accel.memo_numbers():
        write(tmp)
    return Path(out_path)


def _layout(opts: Options, deck) -> sheet.SheetLayout:
    try:
        if opts.duplex == "fold":
            return sheet.plan_fold(opts.paper_size, deck.size, opts.bleed_mm)
        return sheet.plan(opts.paper_size, deck.size, opts.bleed_mm)
    except ValueError as exc:
        raise PdfBuildError(str(exc)) from None


def _write(ps: PrintSet, opts: Options, ui: Texts, path: Path) -> None:
    layouts = [_layout(opts, deck) for deck in ps.decks]
    first = layouts[0]
    W, H = first.page_w, first.page_h
    duplex = opts.duplex in ("long", "short")           # separate back pages
    sheets = [(deck, layout, deck.pieces[i:i + layout.per_sheet])
              for deck, layout in zip(ps.decks, layouts)
              for i in range(0, len(deck.pieces), layout.per_sheet)]

    # front matter: guide + credits, padded to an even count when printing duplex so fronts land on fronts
    credit_pages = guide.credits_pages(_Counting(), ps, first, ui)
    front_matter = 1 + credit_pages
    blank = duplex and front_matter % 2 == 1
    first_card_page = front_matter + (1 if blank else 0) + 1
    last_page = first_card_page - 1 + len(sheets) * (2 if duplex else 1)

    c = _canvas(path, (W, H), ps, opts, ui)
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
        _front_page(c, ps, layout, pieces, opts, ui, n, len(sheets))
        if opts.duplex == "fold":
            _fold_backs(c, layout, pieces, opts, ui("pdf.fold.label"))
        c.showPage()
        if duplex:
            _back_page(c, layout, pieces, opts, ui, n, len(sheets))
            c.showPage()
    with palette.ink_saver(opts.ink_saver):
        extras.render_pages(c, ps, opts, ui)      # boards, dice nets and stickers (pdf/extras.py)
    c.showOutline()
    c.save()


class _Counting:
    """A canvas stand-in that draws nothing: laying the credits out on it only counts their pages (the text is
    still measured, so page breaks fall exactly where the real pass puts them)."""

    def _nothing(self, *args, **kwargs):
        return self

    def __getattr__(self, name):
        return self._nothing


def _canvas(path: Path, size: tuple[float, float], ps: PrintSet, opts: Options, ui: Texts) -> Canvas:
    """A canvas with the document metadata and PrintScaling=None (print at 100 %)."""
    c = Canvas(str(path), pagesize=size, invariant=1, initialFontName=fonts.BODY, pageCompression=1,
               lang=opts.lang)
    kind = ui("pdf.title")
    c.setTitle(f"{ps.title} — {kind} ({opts.lang}, {opts.paper_size.name})" if not opts.print_shop else
               f"{ps.title} — {kind} ({opts.lang}, print shop)")
    c.setAuthor(CREATOR)
    c.setSubject(ui("pdf.subject", game=ps.title))
    c.setCreator(CREATOR)
    c.setKeywords([ps.game_id, "print-and-play", opts.lang, opts.paper, opts.card_size])
    c.setViewerPreference("PrintScaling", "None")
    return c


def _write_print_shop(ps: PrintSet, opts: Options, ui: Texts, path: Path) -> None:
    """One card per page, the page being the card plus its bleed: front, then back, card after card.

    TrimBox is the card, BleedBox (= MediaBox) the card plus bleed. No guide, no marks: a print shop cuts by the
    boxes. Decks of another size get pages of their size.
    """
    b = mm(opts.bleed_mm)
    if not ps.decks:
        raise PdfBuildError(f"{ps.game_id}: no cards, tiles or tokens for a print-shop file")
    first = ps.decks[0].size
    c = _canvas(path, (first.width + 2 * b, first.height + 2 * b), ps, opts, ui)
    sheets = [(deck, None, deck.pieces) for deck in ps.decks]
    _define_forms(c, ps, opts, sheets)
    kind_labels = {k.id: k.label for k in ps.kinds}
    kinds_seen: set[str] = set()
    for deck in ps.decks:
        w, h = deck.size.width, deck.size.height
        page = (w + 2 * b, h + 2 * b)
        cell = sheet.Cell(0, 0, sheet.Rect(b, b, w, h), sheet.Rect(0, 0, *page))
        for piece in deck.pieces:
            sides = [FACE_PREFIX + piece.face]
            if piece.back is not None:
                sides.append(BACK_PREFIX + piece.back)
            for form in sides:
                c.setPageSize(page)
                c.setTrimBox((b, b, b + w, b + h))
                c.setBleedBox((0, 0, *page))
                if piece.kind not in kinds_seen:
                    kinds_seen.add(piece.kind)
                    c.bookmarkPage(f"kind-{piece.kind}")
                    c.addOutlineEntry(kind_labels.get(piece.kind, piece.kind), f"kind-{piece.kind}", 0)
                _place(c, form, cell)
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
    """Icons, then every face and back in first-use order, each exactly once (in ink-saver mode if asked)."""
    with palette.ink_saver(opts.ink_saver):
        _define_forms_now(c, ps, opts, sheets)


def _define_forms_now(c, ps: PrintSet, opts: Options, sheets) -> None:
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
            if p.back is not None and p.back not in seen_backs and opts.backs:
                seen_backs.add(p.back)
                if p.back not in ps.backs:
                    raise PdfBuildError(f"card {p.id}: no drawing for back {p.back!r}")
                c.beginForm(BACK_PREFIX + p.back, -b, -b, w + b, h + b)
                ps.backs[p.back](c, FaceBox(w, h, b, f"back {p.back}"))
                c.endForm()


def _place(c, form: str, cell: sheet.Cell, turn: bool = False, rotated: bool = False) -> None:
    """Place a face or back form on its cell, clipped to the cell's bleed; `turn` rotates it by 180°, `rotated`
    lays it on its side (90° counter-clockwise; with `turn`, 90° clockwise) in a cell of h × w."""
    t, k = cell.trim, cell.clip
    c.saveState()
    marker = c.beginPath()
    marker.rect(t.x, t.y, t.w, t.h)
    c.drawPath(marker, stroke=0, fill=0)          # "re n": the trim rectangle, unpainted
    clip = c.beginPath()
    clip.rect(k.x, k.y, k.w, k.h)
    c.clipPath(clip, stroke=0, fill=0)
    if rotated and turn:
        c.transform(0, -1, 1, 0, t.x, t.y + t.h)
    elif rotated:
        c.transform(0, 1, -1, 0, t.x + t.w, t.y)
    elif turn:
        c.transform(-1, 0, 0, -1, t.x + t.w, t.y + t.h)
    else:
        c.translate(t.x, t.y)
    c.doForm(form)
    c.restoreState()


def _front_page(c, ps: PrintSet, layout: sheet.SheetLayout, pieces: list[Piece], opts: Options, ui: Texts,
                n: int, total: int) -> None:
    for piece, cell in zip(pieces, layout.cells):
        _place(c, FACE_PREFIX + piece.face, cell, rotated=layout.rotated)
    sheet.draw_marks(c, layout, len(pieces), opts.crop_marks == "full")
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
    _draw_back_marks(c, layout, len(pieces), opts)
    c.restoreState()
    _footer(c, layout, ui("pdf.sheet.footer", game="", n=n, total=total, side=ui("pdf.sheet.back"),
                          size=layout.card.label).lstrip(" ·"))


def _fold_backs(c, layout: sheet.SheetLayout, pieces: list[Piece], opts: Options, label: str) -> None:
    """Gutter fold: each back mirrored across the fold line (shifted by the back offset), its marks, the fold
    line (dashed grey, on the page's centre line) with a small label at its start."""
    dx, dy = (mm(v) for v in opts.back_offset_mm)
    # a back reads upright after the card is turned over its long side; when the fold is not parallel to that side
    # (a horizontal fold with upright cards, a vertical one with cards on their side) it is printed upside down
    turn = (layout.fold == "horizontal") != layout.rotated
    c.saveState()
    if dx or dy:
        c.translate(dx, dy)
    for piece, cell in zip(pieces, layout.cells):
        if piece.back is not None:
            _place(c, BACK_PREFIX + piece.back, layout.back_cell(cell, "fold"), turn=turn, rotated=layout.rotated)
    _draw_back_marks(c, layout, len(pieces), opts)
    c.restoreState()
    line = layout.fold_line
    size, room = 6, fonts.width(label, fonts.BODY, 6) + mm(1.5)
    c.saveState()
    c.setFillGray(FOLD_GREY)
    c.setFont(fonts.BODY, size)
    c.translate(line.x0, line.y0)
    if layout.fold == "vertical":
        c.rotate(90)
    c.drawString(0, -size * 0.35, label)
    c.restoreState()
    c.saveState()
    c.setDash(*FOLD_DASH)
    c.setLineWidth(0.5)
    c.setStrokeGray(FOLD_GREY)
    if layout.fold == "vertical":
        c.line(line.x0, line.y0 + room, line.x1, line.y1)
    else:
        c.line(line.x0 + room, line.y0, line.x1, line.y1)
    c.restoreState()


def _draw_back_marks(c, layout: sheet.SheetLayout, used: int, opts: Options) -> None:
    """The front's marks, mirrored like the cards (identical for full sheets of a symmetric grid)."""
    c.saveState()
    mode = opts.duplex if opts.duplex != "fold" else ("long" if layout.fold == "vertical" else "short")
    if mode == "long":
        c.transform(-1, 0, 0, 1, layout.page_w, 0)
    else:
        c.transform(1, 0, 0, -1, 0, layout.page_h)
    sheet.draw_marks(c, layout, used, opts.crop_marks == "full")
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
