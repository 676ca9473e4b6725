"""One piece side per page, the page being the piece plus its bleed, TrimBox = the piece, BleedBox = the page.

What a print shop cuts by its boxes, and what previews.py and shop.py rasterise (pypdfium2) into per-card images,
so every image comes from the same vector drawing as the sheets. `sides` lists what to write, in page order:
(form key, deck) pairs from `face_sides()`; the caller chooses the order (DriveThruCards: back before front).
With `pdfx` the file is PDF/X-1a (pdfx.py), as DriveThruCards asks.
"""
from __future__ import annotations

from pathlib import Path

from . import document
from .card import FaceBox
from .component import PrintSet
from .errors import PdfBuildError
from .options import Options
from .sheet import Cell, Rect
from .texts import Texts
from .units import mm

FACE, BACK = "face", "back"


def write(ps: PrintSet, ui: Texts, path: Path, bleed_mm: float, sides: list[tuple[str, str, object]],
          ink_saver: bool = False, pdfx=None) -> Path:
    """`sides`: (FACE|BACK, key, deck) per page. Returns the written path."""
    opts = Options(lang=ps.lang, bleed_mm=bleed_mm, ink_saver=ink_saver)
    return document.write_atomically(Path(path), lambda tmp: _write(ps, opts, ui, tmp, sides, pdfx))


def _write(ps: PrintSet, opts: Options, ui: Texts, path: Path, sides, target) -> None:
    from . import palette, pdfx

    b = mm(opts.bleed_mm)
    if not sides:
        raise PdfBuildError(f"{ps.game_id}: nothing to write")
    first = sides[0][2].size
    c = document._canvas(path, (first.width + 2 * b, first.height + 2 * b), ps, opts, ui)
    if target is not None:
        pdfx.conform(c, target)
    defined: set[str] = set()
    labels = document._face_label(ps)
    with palette.ink_saver(opts.ink_saver):
        for name in ps.icons:
            document.icons.define(c, name)
        for side, key, deck in sides:
            form = (document.FACE_PREFIX if side == FACE else document.BACK_PREFIX) + key
            if form in defined:
                continue
            defined.add(form)
            w, h = deck.size.width, deck.size.height
            draw = ps.faces.get(key) if side == FACE else ps.backs.get(key)
            if draw is None:
                raise PdfBuildError(f"{ps.game_id}: no drawing for {side} {key!r}")
            c.beginForm(form, -b, -b, w + b, h + b)
            draw(c, FaceBox(w, h, b, labels.get(key, key)))
            c.endForm()
    for side, key, deck in sides:
        w, h = deck.size.width, deck.size.height
        page = (w + 2 * b, h + 2 * b)
        c.setPageSize(page)
        c.setTrimBox((b, b, b + w, b + h))
        c.setBleedBox((0, 0, *page))
        form = (document.FACE_PREFIX if side == FACE else document.BACK_PREFIX) + key
        document._place(c, form, Cell(0, 0, Rect(b, b, w, h), Rect(0, 0, *page)))
        c.showPage()
    c.save()


def rasterise(path: Path, scale: float, crop_trim: bool = True) -> list:
    """Every page of a face-pages PDF as an RGB Pillow image at `scale` pixels per point, cropped to its TrimBox
    (or whole, bleed included)."""
    return list(pages(path, scale, crop_trim))


def pages(path: Path, scale: float, crop_trim: bool = True):
    """rasterise() one page at a time (a deck at 300 dpi does not fit in memory at once)."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(path))
    try:
        for i in range(len(pdf)):
            page = pdf[i]
            image = page.render(scale=scale).to_pil().convert("RGB")
            if crop_trim:
                x0, y0, x1, y1 = page.get_trimbox()
                left, top = round(x0 * scale), round((page.get_height() - y1) * scale)
                image = image.crop((left, top, left + round((x1 - x0) * scale), top + round((y1 - y0) * scale)))
            page.close()
            yield image
    finally:
        pdf.close()
