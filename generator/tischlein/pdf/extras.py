"""Pages after the card sheets: boards (pdf/board.py), then dice nets and stickers (pdf/die.py).

document.py calls `render_pages` once, after the last card sheet. Each section gets a bookmark; every page here
is one-sided (in a duplex build each is followed by a blank page, so a sheet's front always prints on a front).
"""
from __future__ import annotations

from . import board, die
from .component import PrintSet
from .units import mm


def page_count(ps: PrintSet, opts) -> int:
    """How many pages `render_pages` will add (for the print guide's page ranges)."""
    per = 2 if opts.duplex in ("long", "short") else 1
    n = 0
    bleed = mm(opts.bleed_mm)
    for b in ps.boards:
        n += len(board.plan_tiles(mm(b.width_mm), mm(b.height_mm), opts.paper_size, bleed).tiles) * per
    for ds in ps.dice:
        if ds.nets:
            cols, rows, _ = die.nets_per_page(opts.paper_size, mm(ds.size_mm))
            n += -(-len(ds.dice) // (cols * rows)) * per
        if ds.stickers:
            across, rows, *_ = die.sticker_layout(opts.paper_size, mm(ds.sticker_mm))
            n += -(-len(ds.dice) // (across * rows)) * per
    return n


def render_pages(c, ps: PrintSet, opts, ui) -> int:
    """Draw every board and dice page (each ends with showPage); returns the number of pages added."""
    duplex = opts.duplex in ("long", "short")       # separate back pages: keep fronts on fronts
    labels = {k.id: k.label for k in ps.kinds}
    pages = 0
    if ps.boards:
        c.bookmarkPage("boards")
        c.addOutlineEntry(ui("pdf.bookmark.boards"), "boards", 0)
    for b in ps.boards:
        c.bookmarkPage(f"board-{b.id}")
        c.addOutlineEntry(b.label, f"board-{b.id}", 1)
        pages += board.render(c, b, opts.paper_size, ui, mm(opts.bleed_mm), duplex, ps.title)
    if ps.dice:
        c.bookmarkPage("dice")
        c.addOutlineEntry(ui("pdf.bookmark.dice"), "dice", 0)
    for ds in ps.dice:
        c.bookmarkPage(f"dice-{ds.kind}")
        c.addOutlineEntry(labels.get(ds.kind, ds.kind), f"dice-{ds.kind}", 1)
        pages += die.render(c, ds, opts.paper_size, ui, duplex, ps.title)
    return pages
