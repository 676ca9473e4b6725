"""The duplex calibration sheet: measure a printer's back-page offset in millimetres (`tischlein pdf GAME
--calibration`).

Page 1 (front) has a thin cross-hair at the centre of every card position of the game's sheet layout. Page 2
(back) has, exactly behind each cross (mirrored for the chosen flip, long or short), a pair of millimetre scales
from −SCALE_MM to +SCALE_MM: X across (plus to the right) and Y upwards (plus up), as seen looking at the back.
Printed double-sided, each front cross shows through (hold it to the light, or prick it with a pin) at the
printer's error on those scales; that reading, passed as `--back-offset X,Y`, shifts every back by exactly the
amount that puts it behind its front. If the sheet is printed with an offset already, the backs (and scales) are
shifted by it, so the readings are the residual to add.
"""
from __future__ import annotations

from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from . import fonts, guide, sheet
from .card import wrap
from .errors import PdfBuildError
from .component import print_set as game_print_set
from .icons import color
from .options import Options
from .texts import Texts
from .units import mm

SCALE_MM = 8            # each scale runs from −8 to +8 mm
CROSS_MM = 9            # half-length of a front cross-hair
LABEL_PT = 6.5          # the scales' numbers (readable without a loupe)
INK = "#3b2417"
ACCENT = "#b3263b"


def build_calibration(content, game_id: str, opts: Options, out_path: Path) -> Path:
    """Write the two-page calibration sheet for the game's first deck layout on `opts.paper`."""
    from .document import write_atomically

    if opts.duplex not in ("long", "short"):
        raise PdfBuildError("the calibration sheet is for double-sided printing: use --duplex long or short")
    ps = game_print_set(content, game_id, opts.lang, opts.card)
    ui = Texts(content.games[game_id].ui, opts.lang)
    try:
        layout = sheet.plan(opts.paper_size, ps.decks[0].size, opts.bleed_mm)
    except ValueError as exc:
        raise PdfBuildError(str(exc)) from None
    from ..content.glyphs import chars_of
    from . import fonts
    with fonts.covering(chars_of(content.games[game_id], opts.lang)):
        return write_atomically(Path(out_path), lambda tmp: _write(tmp, ps.title, layout, opts, ui))


def targets(layout: sheet.SheetLayout, duplex: str,
            offset_mm: tuple[float, float] = (0.0, 0.0)) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """(front cross centre, back scale centre) per card position, in points on their own pages."""
    dx, dy = (mm(v) for v in offset_mm)
    out = []
    for cell in layout.cells:
        back = layout.back_cell(cell, duplex).trim
        t = cell.trim
        out.append(((t.x + t.w / 2, t.y + t.h / 2), (back.x + back.w / 2 + dx, back.y + back.h / 2 + dy)))
    return out


def _write(path: Path, title: str, layout: sheet.SheetLayout, opts: Options, ui: Texts) -> None:
    W, H = layout.page_w, layout.page_h
    c = Canvas(str(path), pagesize=(W, H), invariant=1, initialFontName=fonts.BODY, pageCompression=1,
               lang=opts.lang)
    c.setTitle(f"{title} — {ui('pdf.calibration.title')} ({opts.paper_size.name}, {opts.duplex})")
    c.setAuthor("tischlein")
    c.setCreator("tischlein")
    c.setSubject(ui("pdf.calibration.title"))
    c.setViewerPreference("PrintScaling", "None")
    c.setViewerPreference("Duplex", "DuplexFlipLongEdge" if opts.duplex == "long" else "DuplexFlipShortEdge")
    pairs = targets(layout, opts.duplex, opts.back_offset_mm)
    band = _text_band(layout)

    # front: crosses, the instructions between the first two rows, a 50 mm ruler
    for (x, y), _ in pairs:
        _cross(c, x, y)
    mode = ui(f"pdf.calibration.mode.{opts.duplex}")
    y = band[1]
    y = _heading(c, ui("pdf.calibration.title") + f" · {title} · {opts.paper_size.name}", W, y)
    for key in ("pdf.calibration.front", "pdf.calibration.steps", "pdf.calibration.use"):
        y = _para(c, ui(key, mode=mode), W, y)
    _ruler(c, layout, W, H, band, y)
    c.showPage()

    # back: scales behind every cross, shifted by the back offset like the card backs
    for _, (x, y) in pairs:
        _scales(c, x, y)
    _para(c, ui("pdf.calibration.back"), W, band[1] - mm(2))
    if opts.back_offset_mm != (0.0, 0.0):
        _para(c, ui("pdf.print.offset", x=opts.back_offset_mm[0], y=opts.back_offset_mm[1]),
              W, band[1] - mm(8))
    c.showPage()
    c.save()


def _text_band(layout: sheet.SheetLayout) -> tuple[float, float]:
    """(bottom, top) of the free band between the first and second row of crosses (or below the only row)."""
    reach = mm(SCALE_MM + 4)
    tops = sorted({round(cell.trim.y + cell.trim.h / 2, 3) for cell in layout.cells}, reverse=True)
    if len(tops) >= 2:
        return tops[1] + reach, tops[0] - reach
    return mm(15), tops[0] - reach


def _ruler(c, layout: sheet.SheetLayout, W: float, H: float, band: tuple[float, float], y: float) -> None:
    """The 50 mm ruler below the instructions if the band has room for it (7 mm high), else above the first row
    of crosses, else at the foot of the band."""
    if y - mm(10.5) >= band[0]:
        return guide._scale_bar(c, W / 2 - mm(25), y - mm(10.5))
    top_cross = max(cell.trim.y + cell.trim.h / 2 for cell in layout.cells) + mm(CROSS_MM)
    at = H - mm(sheet.MIN_MARGIN_MM + 9)
    guide._scale_bar(c, W / 2 - mm(25), at if at - mm(1) > top_cross else band[0])


def _heading(c, text: str, W: float, y: float) -> float:
    c.setFont(fonts.TITLE, 13)
    c.setFillColor(color(ACCENT))
    c.drawCentredString(W / 2, y - 13, text)
    return y - 13 - mm(3)


def _para(c, text: str, W: float, y: float, size: float = 8.5) -> float:
    width = min(W - mm(40), mm(150))
    c.setFont(fonts.BODY, size)
    c.setFillColor(color(INK))
    for line in wrap(text, fonts.BODY, size, width) or [text]:
        y -= size * 1.3
        c.drawString((W - width) / 2, y, line)
    return y - mm(1.5)


def _cross(c, x: float, y: float) -> None:
    n = mm(CROSS_MM)
    c.saveState()
    c.setStrokeColor(color(INK))
    c.setLineWidth(0.3)
    c.line(x - n, y, x + n, y)
    c.line(x, y - n, x, y + n)
    c.circle(x, y, mm(1.5), stroke=1, fill=0)
    c.restoreState()


def _scales(c, x: float, y: float) -> None:
    """Two millimetre scales crossing at (x, y): ticks every 0.5 mm (longer every 1 and 2 mm), numbers every 4 mm
    in LABEL_PT type (every 2 mm the numbers would run together); Y's numbers right of its line, clear of X's."""
    n = SCALE_MM
    c.saveState()
    c.setStrokeColor(color(INK))
    c.setFillColor(color(INK))
    c.setLineWidth(0.25)
    c.line(x - mm(n), y, x + mm(n), y)
    c.line(x, y - mm(n), x, y + mm(n))
    c.setFont(fonts.BODY, LABEL_PT)
    for i in range(-2 * n, 2 * n + 1):
        v = i / 2
        t = mm(1.8) if i % 4 == 0 else mm(1.2) if i % 2 == 0 else mm(0.6)
        c.line(x + mm(v), y, x + mm(v), y + t)          # X scale: ticks above the line
        c.line(x, y + mm(v), x - t, y + mm(v))          # Y scale: ticks left of the line
        if i % 8 == 0 and i:
            label = f"{v:+g}"
            c.drawCentredString(x + mm(v), y - mm(0.7) - LABEL_PT * 0.7, label)
            c.drawString(x + mm(1), y + mm(v) - LABEL_PT * 0.35, label)
    c.setFont(fonts.BOLD, 6)
    c.setFillColor(color(ACCENT))
    c.drawString(x + mm(n) + mm(2), y - 2, "X")
    c.drawCentredString(x, y + mm(n) + mm(2), "Y")
    c.restoreState()
