"""Blank spare cards in the room the last sheets leave.

A crafter prints a game's last card sheet whatever it holds: with 110 cards nine to a sheet, Mahlzeit's thirteenth
sheet carries two cards and seven empty places. `with_spares` fills such room with blank cards that carry the
deck's back, as many as fit without one more sheet: a spare replaces a lost card (write its text on it) or takes a
house rule, and no sheet goes out near-empty. They join the game's first two-sided deck of the card size, take
the back most of its cards have (a spare must not stand out in the shuffled deck), and are listed in the component
checklist. They exist only in the print-and-play PDFs: a print shop prints the game's own cards, so its files and
the Tabletop Simulator decks have none.
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace

from . import fonts, imposition
from .card import FaceBox, Frame
from .component import Deck, Kind, Piece, PrintSet
from .icons import color
from .units import mm

KIND = "spare"
FACE = "spare"
ICON = "plate"
RIM, PAPER, RULE, INK = "#e9e1d2", "#ffffff", "#d3c7b1", "#74665a"     # INK: 5.5:1 on the paper
_FOUND: dict[tuple, int] = {}     # spares found per sheet geometry (_geometry), for this process's later files


def with_spares(ps: PrintSet, opts, ui) -> tuple[PrintSet, imposition.Imposed]:
    """`ps` with the spares that fit on its sheets as they are, and its pieces imposed; or `ps` itself imposed."""
    deck = next((d for d in ps.decks if _is_card(d, opts) and any(p.back is not None for p in d.pieces)), None)
    key = _geometry(ps, opts)
    if deck is None or _FOUND.get(key) == 0:
        return ps, imposition.impose_pieces(ps, opts)
    back = Counter(p.back for p in deck.pieces if p.back is not None).most_common(1)[0][0]
    if key in _FOUND:                 # the ink saver, or another language: the same sheets as a file searched before
        more = _adding(ps, deck, back, _FOUND[key], ui)
        return more, imposition.impose_pieces(more, opts)
    imposed = imposition.impose_pieces(ps, opts)
    pages, targets = _pages(imposed), _targets(imposed, opts)

    def attempt(n: int) -> tuple[PrintSet, imposition.Imposed] | None:
        more = _adding(ps, deck, back, n, ui)
        again = imposition.impose_pieces(more, opts)
        kept = _pages(again) == pages and (_targets(again, opts) or not targets)
        return (more, again) if kept else None

    high = _most(imposed, deck)
    if opts.duplex != "fold":
        # every count from the top: the packer is not monotone in it (Schwarzwälder Kirsch on Letter fits 5 but
        # not 4); a try re-packs only what the whole-sheet grids of cards leave
        best = next(filter(None, map(attempt, range(high, 0, -1))), (ps, imposed))
    else:
        best, low = (ps, imposed), 0      # a fold try re-packs every half sheet, several times the cost: halving
        while low < high:
            n = (low + high + 1) // 2
            found = attempt(n)
            low, high, best = (n, high, found) if found else (low, n - 1, best)
    _FOUND[key] = sum(p.kind == KIND for d in best[0].decks for p in d.pieces)
    return best


def _geometry(ps: PrintSet, opts) -> tuple:
    """All that the packing of a print set depends on: the sheet, and each deck's and board's size and count
    (with a back and without). Text, colours and language do not change where a piece lies."""
    sizes = lambda s: (round(s.width, 3), round(s.height, 3))       # noqa: E731
    decks = tuple((sizes(d.size), sum(p.back is not None for p in d.pieces), sum(p.back is None for p in d.pieces))
                  for d in ps.decks)
    boards = tuple((b.width_mm, b.height_mm) for b in ps.boards)
    return (sizes(opts.paper_size), opts.bleed_mm, opts.duplex, sizes(opts.card), decks, boards)


def _is_card(deck: Deck, opts) -> bool:
    return abs(deck.size.width - opts.card.width) < 0.01 and abs(deck.size.height - opts.card.height) < 0.01


def _pages(imposed: imposition.Imposed) -> tuple[int, int]:
    """(two-sided pages, one-sided pages): spares may add neither, nor turn a one-sided page into a two-sided one."""
    two = sum(1 for p in imposed.placed if p.page.two_sided)
    return two, len(imposed.placed) - two


def _targets(imposed: imposition.Imposed, opts) -> bool:
    """Whether every duplex sheet keeps room for its registration targets: a spare must not take it."""
    if opts.duplex not in ("long", "short"):
        return True
    full = opts.crop_marks == "full"
    return all(p.page.registration_points(full) for p in imposed.placed if p.page.two_sided)


def _most(imposed: imposition.Imposed, deck: Deck) -> int:
    """An upper bound on the spares that fit: the free area of the two-sided pages (of the fronts' half, when
    folded) over a card's area (butted cards share their bleed), and never more than one page of cards. Printed
    without backs, every page is one-sided: then the free area of the pages that hold the deck's cards."""
    free, page_area = 0.0, 0.0
    sheets = [p for p in imposed.placed if p.page.two_sided] or \
        [p for p in imposed.placed if any(piece in deck.pieces for piece in p.items)]
    for placed in sheets:
        r = placed.page.region
        page_area = r.w * r.h
        free += page_area - sum(c.clip.w * c.clip.h for c in placed.page.cells)
    card = deck.size.width * deck.size.height
    return max(0, min(math.floor(free / card), math.floor(page_area / card)))


def _adding(ps: PrintSet, deck: Deck, back: str, n: int, ui) -> PrintSet:
    caption = ui("pdf.spare.caption")
    spares = [Piece(f"spare-{i}", KIND, FACE, back, caption) for i in range(1, n + 1)]
    decks = [Deck(d.size, d.pieces + spares) if d is deck else d for d in ps.decks]
    kind = Kind(KIND, ui("pdf.kind.spare"), ICON, back, ui("pdf.spare.detail"))
    return replace(ps, decks=decks, faces={**ps.faces, FACE: _face(caption)},
                   kinds=ps.kinds + [kind], icons=sorted({*ps.icons, ICON}))


def _face(caption: str):
    def draw(c, box: FaceBox) -> None:
        """A light frame, a line for the card's name and ruled lines for its text: drawn with little ink."""
        f = Frame(c, box, PAPER, RIM, INK, 0.8)
        left, right = f.x0 + f.pad, f.x1 - f.pad
        c.setStrokeColor(color(RULE))
        c.setLineWidth(0.9)
        c.roundRect(f.x0, f.y0, f.x1 - f.x0, f.y1 - f.y0, mm(3), stroke=1, fill=0)   # seen in ink-saver mode too
        c.line(left, f.y1 - f.s(9), right, f.y1 - f.s(9))
        c.setLineWidth(0.5)
        y = box.h * 0.45
        while y > f.y0 + f.s(11):
            c.line(left, y, right, y)
            y -= f.s(7)
        text = caption.upper()
        size = min(6.5, 6.5 * (right - left) / max(1.0, fonts.width(text, fonts.BOLD, 6.5)))   # a long word fits
        c.setFillColor(color(INK))
        c.setFont(fonts.BOLD, size)
        c.drawCentredString(box.w / 2, f.y0 + f.s(3.5), text)
    return draw
