"""Build one print-and-play PDF: print guide, credits, the one-sided sheets, the two-sided sheets, bookmarks.

imposition.py decides which piece goes on which page (sheet/pack.py packs pieces of different sizes onto shared
sheets); this module draws them. Sheet modes (`Options.duplex`): `long`/`short` follow each two-sided page with
its back page, mirrored for that flip, shifted by the back offset and carrying registration targets; `fold` puts
fronts and their backs on one page, mirrored across a fold line (a back is turned 180° when the fold is not
parallel to the piece's long side, so it reads upright when the piece is turned over); `none` prints fronts only.
One-sided sheets never get a blank back: they are printed single-sided (the guide names the page ranges).
Print-shop files (one piece per page) are shop.py's.

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
from . import accel, fonts, guide, icons, imposition, palette, registration, sheet, spares
from .card import FaceBox
from .component import Board, PrintSet
from .errors import PdfBuildError
from .component import print_set as game_print_set
from .options import Options
from .sheet.page import LABEL_SIZE_PT, draw_marks
from .texts import Texts
from .units import margin_of, mm, to_mm

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
    return write_atomically(out_path, lambda tmp: _write(ps, opts, ui, tmp))


def write_atomically(out_path: Path, write) -> Path:
    """Call `write(tmp_path)`, then rename the finished file to `out_path`; on any error leave nothing behind."""
    fonts.register()
    rl_config.useA85 = 0          # raw binary streams: 25 % smaller and much faster than ASCII85
    with atomic(out_path) as tmp, accel.memo_numbers():
        write(tmp)
    return Path(out_path)


def front_matter(ps: PrintSet, opts: Options, ui: Texts, imposed) -> tuple:
    """(the page plan, the guide's density): the guide in the loosest setting that fits one page (a few lines
    spilt onto a second page would waste a sheet), then the credits, then the pieces. The density is None when
    no setting fits one page (the guide is then set in the first one, over as many pages as it takes)."""
    fonts.register()                      # the guide and the credits are measured in their fonts
    W, H = opts.paper_size.width, opts.paper_size.height
    credits = guide.credits_pages(_Counting(), ps, W, H, ui)
    first = imposition.plan(ps, opts, 1 + credits, imposed)
    fit = next((d for d in range(len(guide.DENSITIES)) if guide.guide_page(_Counting(), ps, first, opts, ui, d) == 1),
               None)
    if fit is not None:
        return first, fit
    return imposition.plan(ps, opts, guide.guide_page(_Counting(), ps, first, opts, ui) + credits, imposed), None


def laid_out(ps: PrintSet, opts: Options, ui: Texts) -> tuple:
    """(the print set as printed, its page plan, the guide's density): with the blank spares that fill the last
    sheets (spares.py), unless their checklist row is what pushes the guide onto a second page."""
    more, imposed = spares.with_spares(ps, opts, ui)
    layout, density = front_matter(more, opts, ui, imposed)
    if more is not ps and density is None:
        alone, alone_density = front_matter(ps, opts, ui, imposition.impose_pieces(ps, opts))
        if alone_density is not None:
            return ps, alone, alone_density
    return more, layout, density or 0


def _write(ps: PrintSet, opts: Options, ui: Texts, path: Path) -> None:
    W, H = opts.paper_size.width, opts.paper_size.height
    ps, layout, density = laid_out(ps, opts, ui)
    sheets = [(s, p) for s in layout.sections if s.role not in ("front", "board") for p in s.pages]

    c = _canvas(path, (W, H), ps, opts, ui)
    c.setViewerPreference("Duplex", VIEWER_DUPLEX[opts.duplex])
    _define_forms(c, ps, opts, [p for _, p in sheets])

    c.bookmarkPage("guide")
    c.addOutlineEntry(ui("pdf.bookmark.guide"), "guide", 0)
    guide.guide_page(c, ps, layout, opts, ui, density)
    c.showPage()
    c.bookmarkPage("credits")
    c.addOutlineEntry(ui("pdf.credits.title"), "credits", 0)
    guide.credits_pages(c, ps, W, H, ui)
    c.showPage()

    kind_labels = {k.id: k.label for k in ps.kinds}
    kinds_seen: set[str] = set()
    total = layout.labelled_sheets
    n = 0
    for section in layout.sections:
        if section.role == "front":
            continue
        c.bookmarkPage(f"section-{section.first}")
        c.addOutlineEntry(ui("pdf.section." + section.role.replace("-", "_")), f"section-{section.first}", 0)
        if section.role == "board":
            _board_pages(c, ps, section, opts, ui)
            continue
        for placed in section.pages:
            n += 1
            for kind in _kinds(placed):
                if kind not in kinds_seen:
                    kinds_seen.add(kind)
                    c.bookmarkPage(f"kind-{kind}")
                    c.addOutlineEntry(kind_labels.get(kind, kind), f"kind-{kind}", 1)
            _front_page(c, ps, placed, opts, ui, n, total)
            if placed.page.two_sided and opts.duplex == "fold":
                _fold_backs(c, placed, opts, ui("pdf.fold.label"))
            c.showPage()
            if placed.page.two_sided and opts.duplex in ("long", "short"):
                _back_page(c, ps, placed, opts, ui, n, total)
                c.showPage()
    c.showOutline()
    c.save()


def _kinds(placed) -> list[str]:
    return imposition._kinds([placed])


def _board_pages(c, ps: PrintSet, section, opts: Options, ui: Texts) -> None:
    """The sheets of a board larger than one sheet, one-sided, each tile with its glue strips and header."""
    from . import board                       # board.py and die.py only for the games that have boards or dice
    b = section.pages[0][0]
    plan = board.plan_tiles(mm(b.width_mm), mm(b.height_mm), opts.paper_size, mm(opts.bleed_mm))
    with palette.ink_saver(opts.ink_saver):
        board.define(c, b, mm(opts.bleed_mm))
        for n, tile in enumerate(plan.tiles, 1):
            board.draw_tile(c, b, plan, tile, opts.paper_size, ui, n, ps.title)
            c.showPage()


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
    c.setTitle(f"{ps.title} — {ui('pdf.title')} ({opts.lang}, {opts.paper_size.name})")
    c.setAuthor(CREATOR)
    c.setSubject(ui("pdf.subject", game=ps.title))
    c.setCreator(CREATOR)
    c.setKeywords([ps.game_id, "print-and-play", opts.lang, opts.paper, opts.card_size])
    c.setViewerPreference("PrintScaling", "None")
    return c


def _face_label(ps: PrintSet) -> dict[str, str]:
    """For error messages: the first card that shows each face, and how many share it."""
    users: dict[str, list[str]] = {}
    for p in ps.pieces():
        users.setdefault(p.face, []).append(p.id)
    return {face: ids[0] + (f" (and {len(ids) - 1} identical)" if len(ids) > 1 else "")
            for face, ids in users.items()}


def _define_forms(c, ps: PrintSet, opts: Options, sheets) -> None:
    """Icons, registration target, then every face, back, board and die face in first-use order, each exactly
    once (in ink-saver mode if asked)."""
    with palette.ink_saver(opts.ink_saver):
        _define_forms_now(c, ps, opts, sheets)


def _define_forms_now(c, ps: PrintSet, opts: Options, sheets) -> None:
    for name in ps.icons:
        icons.define(c, name)
    registration.define(c)
    labels = _face_label(ps)
    b = mm(opts.bleed_mm)
    seen: set[str] = set()
    dice_done: set[int] = set()
    for placed in sheets:
        for item, cell in zip(placed.items, placed.page.cells):
            if isinstance(item, Board):
                if item.id not in seen:
                    from . import board
                    seen.add(item.id)
                    board.define(c, item, b)
                continue
            if isinstance(item, (imposition.NetPiece, imposition.StickerPiece)):
                if id(item.dice) not in dice_done:
                    from . import die
                    dice_done.add(id(item.dice))
                    die.define_faces(c, item.dice)
                continue
            w, h = (cell.trim.h, cell.trim.w) if cell.rotated else (cell.trim.w, cell.trim.h)
            if FACE_PREFIX + item.face not in seen:
                seen.add(FACE_PREFIX + item.face)
                if item.face not in ps.faces:
                    raise PdfBuildError(f"card {item.id}: no drawing for face {item.face!r}")
                c.beginForm(FACE_PREFIX + item.face, -b, -b, w + b, h + b)
                ps.faces[item.face](c, FaceBox(w, h, b, labels[item.face]))
                c.endForm()
            if item.back is not None and BACK_PREFIX + item.back not in seen and opts.backs:
                seen.add(BACK_PREFIX + item.back)
                if item.back not in ps.backs:
                    raise PdfBuildError(f"card {item.id}: no drawing for back {item.back!r}")
                c.beginForm(BACK_PREFIX + item.back, -b, -b, w + b, h + b)
                ps.backs[item.back](c, FaceBox(w, h, b, f"back {item.back}"))
                c.endForm()


def _orient(c, cell: sheet.Cell, turn: bool = False) -> None:
    """Move the origin to the piece's lower-left trim corner in its own (unturned) coordinates: a piece lying on
    its side is turned 90° counter-clockwise (with `turn`, clockwise); `turn` alone turns it by 180°."""
    t = cell.trim
    if cell.rotated and turn:
        c.transform(0, -1, 1, 0, t.x, t.y + t.h)
    elif cell.rotated:
        c.transform(0, 1, -1, 0, t.x + t.w, t.y)
    elif turn:
        c.transform(-1, 0, 0, -1, t.x + t.w, t.y + t.h)
    else:
        c.translate(t.x, t.y)


def _place(c, form: str, cell: sheet.Cell, turn: bool = False) -> None:
    """Place a face, back or board form on its cell, clipped to the cell's bleed, after an unpainted `re n` on
    the trim (the cut rectangle tests and post-processing read)."""
    t, k = cell.trim, cell.clip
    c.saveState()
    marker = c.beginPath()
    marker.rect(t.x, t.y, t.w, t.h)
    c.drawPath(marker, stroke=0, fill=0)          # "re n": the trim rectangle, unpainted
    clip = c.beginPath()
    clip.rect(k.x, k.y, k.w, k.h)
    c.clipPath(clip, stroke=0, fill=0)
    _orient(c, cell, turn)
    c.doForm(form)
    c.restoreState()


def _draw_piece(c, item, cell: sheet.Cell) -> None:
    if isinstance(item, Board):
        from . import board
        _place(c, board.form_name(item), cell)
    elif isinstance(item, imposition.NetPiece):
        from . import die
        c.saveState()
        _orient(c, cell)
        die.draw_net(c, item.die, item.dice)
        c.restoreState()
    elif isinstance(item, imposition.StickerPiece):
        from . import die
        c.saveState()
        _orient(c, cell)
        die.draw_sticker_row(c, item.die, item.dice)
        c.restoreState()
    else:
        _place(c, FACE_PREFIX + item.face, cell)


def _front_page(c, ps: PrintSet, placed, opts: Options, ui: Texts, n: int, total: int) -> None:
    page = placed.page
    for item, cell in zip(placed.items, page.cells):
        _draw_piece(c, item, cell)
    full = opts.crop_marks == "full"
    draw_marks(c, page, full)
    side = ui("pdf.sheet.front") if page.two_sided and opts.duplex in ("long", "short") else ui("pdf.sheet.one")
    if page.two_sided and opts.duplex in ("long", "short"):
        for x, y in page.registration_points(full):
            registration.place(c, x, y)
    _footer(c, page, ui("pdf.sheet.footer", game=ps.title, n=n, total=total, side=side, size=_sizes(page, ui)),
            ui("pdf.sheet.footer_short", game=ps.title, n=n, total=total, side=side))


def _sizes(page, ui: Texts) -> str:
    sizes = []
    for cell in page.cells:
        w, h = (cell.trim.h, cell.trim.w) if cell.rotated else (cell.trim.w, cell.trim.h)
        label = ui.size(to_mm(w), to_mm(h))
        if label not in sizes:
            sizes.append(label)
    return ", ".join(sizes[:3])


def _back_page(c, ps: PrintSet, placed, opts: Options, ui: Texts, n: int, total: int) -> None:
    page = placed.page
    dx, dy = (mm(v) for v in opts.back_offset_mm)
    full = opts.crop_marks == "full"
    c.saveState()
    if dx or dy:
        c.translate(dx, dy)
    for item, cell in zip(placed.items, page.cells):
        if getattr(item, "back", None) is not None:
            back, turn = page.back_placement(cell, opts.duplex)
            _place(c, BACK_PREFIX + item.back, back, turn)
    _mirrored(c, page, opts.duplex, lambda: draw_marks(c, page, full))
    for x, y in page.registration_points(full):
        bx, by = (page.page_w - x, y) if opts.duplex == "long" else (x, page.page_h - y)
        registration.place(c, bx, by)
    c.restoreState()
    back = ui("pdf.sheet.back")
    _footer(c, page, ui("pdf.sheet.footer", game="", n=n, total=total, side=back, size=_sizes(page, ui)).lstrip(" ·"),
            ui("pdf.sheet.footer_short", game="", n=n, total=total, side=back).lstrip(" ·"), mirror=opts.duplex)


def _fold_backs(c, placed, opts: Options, label: str) -> None:
    """Gutter fold: each back mirrored across the fold line (shifted by the back offset), its marks, the fold
    line (dashed grey, on the page's centre line) with a small label at its start."""
    page = placed.page
    dx, dy = (mm(v) for v in opts.back_offset_mm)
    c.saveState()
    if dx or dy:
        c.translate(dx, dy)
    for item, cell in zip(placed.items, page.cells):
        if getattr(item, "back", None) is not None:
            back, turn = page.back_placement(cell, "fold")
            _place(c, BACK_PREFIX + item.back, back, turn)
    _mirrored(c, page, "fold", lambda: draw_marks(c, page, opts.crop_marks == "full"))
    c.restoreState()
    W, H = page.page_w, page.page_h
    m = margin_of(opts.paper_size)
    line = sheet.Line(W / 2, m, W / 2, H - m) if page.fold == "vertical" else sheet.Line(m, H / 2, W - m, H / 2)
    size, room = 6, fonts.width(label, fonts.BODY, 6) + mm(1.5)
    c.saveState()
    c.setFillGray(FOLD_GREY)
    c.setFont(fonts.BODY, size)
    c.translate(line.x0, line.y0)
    if page.fold == "vertical":
        c.rotate(90)
    c.drawString(0, -size * 0.35, label)
    c.restoreState()
    c.saveState()
    c.setDash(*FOLD_DASH)
    c.setLineWidth(0.5)
    c.setStrokeGray(FOLD_GREY)
    if page.fold == "vertical":
        c.line(line.x0, line.y0 + room, line.x1, line.y1)
    else:
        c.line(line.x0 + room, line.y0, line.x1, line.y1)
    c.restoreState()


def _mirrored(c, page, duplex: str, draw) -> None:
    """Draw the front's marks mirrored like the pieces (long edge: across x; short edge or horizontal fold: y)."""
    mode = duplex if duplex != "fold" else ("long" if page.fold == "vertical" else "short")
    c.saveState()
    if mode == "long":
        c.transform(-1, 0, 0, 1, page.page_w, 0)
    else:
        c.transform(1, 0, 0, -1, 0, page.page_h)
    draw()
    c.restoreState()


def _footer(c, page, text: str, short: str, mirror: str = "") -> None:
    """A small note in the sheet's label box (`Page.label_box`: in the printable margin, between two crop marks);
    on a back page (`mirror` "long" or "short") behind the front's, reading the right way round. `short` (without
    the sizes) where `text` does not fit even at 4 pt."""
    found = page.label_box()
    if found is None:
        return
    box, vertical = found
    W, H = page.page_w, page.page_h
    if mirror == "long":
        box = sheet.Rect(W - box.x - box.w, box.y, box.w, box.h)
    elif mirror == "short":
        box = sheet.Rect(box.x, H - box.y - box.h, box.w, box.h)
    length = box.h if vertical else box.w
    size = LABEL_SIZE_PT
    if fonts.width(text, fonts.BODY, 4) > length:
        text = short
    while fonts.width(text, fonts.BODY, size) > length and size > 4:
        size -= 0.5
    if fonts.width(text, fonts.BODY, size) > length:
        return
    c.saveState()
    c.setFont(fonts.BODY, size)
    c.setFillColorRGB(0.35, 0.28, 0.22)
    descent = size * 0.25
    if vertical:       # reads upwards: the glyphs' tops point left
        c.translate(box.x1 - descent, box.y + box.h / 2)
        c.rotate(90)
    else:
        c.translate(box.x + box.w / 2, box.y + descent)
    c.drawCentredString(0, 0, text)
    c.restoreState()
