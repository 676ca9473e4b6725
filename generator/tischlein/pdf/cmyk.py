"""sRGB colours as the CMYK a SWOP press prints to look like them, for the PDF/X files of pdfx.py.

There is no CMYK colour profile among our dependencies (Pillow's littleCMS can build sRGB and Lab profiles, not
CMYK ones), but PDFium, which we already use to rasterise, shows CMYK the way Adobe's SWOP conversion does
(100 % cyan as #00aeef, 100 % black as #231f20). So PDFium is our model of the press: it paints an 11⁴ grid of
CMYK swatches once, `_Press` interpolates between them, and `convert` searches for the CMYK that the model shows
closest to the colour asked for. The plain formula (K = 1 − max(R, G, B)) would print our pink #ef6f9c as a salmon
#e78885; through the model it comes out within a few levels of itself wherever SWOP can print it.

Choices a printer would make too: near-greys go on the black plate alone (no colour fringes on text); other
colours prefer black to equal parts of C, M and Y (a small penalty on CMY) and never exceed the ink limit
(300 % for SWOP, less where a shop asks for less).
"""
from __future__ import annotations

import functools
import io
import itertools

STEPS = 11                     # grid points per ink: 0, 10 … 100 %
INK_LIMIT = 3.0                # total area coverage of SWOP; a shop may ask for less (DriveThruCards: 2.4)
CMY_PENALTY = 0.002            # how much a unit of C+M+Y weighs against a unit of colour error (0–1 scale)
GREY = 3 / 255                 # channels this close together: a grey, printed with black only


@functools.lru_cache(maxsize=None)
def convert(hex_: str, ink_limit: float = INK_LIMIT) -> tuple[float, float, float, float]:
    """The CMYK (0–1, rounded to 0.1 %) for an sRGB `#rrggbb`, at most `ink_limit` of ink in all."""
    target = tuple(int(hex_[i:i + 2], 16) / 255 for i in (1, 3, 5))
    press = _press()
    if max(target) - min(target) <= GREY:
        return (0.0, 0.0, 0.0, _black_for(press, sum(target) / 3))
    # start from the best of every other grid point (20 % apart: as good a start as all of them on 60 random
    # colours, in a quarter of the time), then search between them
    cells = (cell for cell in itertools.product(range(0, STEPS, 2), repeat=4) if sum(cell) <= ink_limit * (STEPS - 1))
    start = min(cells, key=lambda cell: _cost(target, press.at(cell), [v / (STEPS - 1) for v in cell]))
    x = [v / (STEPS - 1) for v in start]
    step = 0.1
    while step > 0.001:            # pattern search from the best grid point, between the grid points
        moved = True
        while moved:
            moved = False
            here = _cost(target, press.show(x), x)
            for axis, sign in itertools.product(range(4), (-1, 1)):
                y = list(x)
                y[axis] = min(1.0, max(0.0, y[axis] + sign * step))
                if sum(y) <= ink_limit and _cost(target, press.show(y), y) < here:
                    x, moved = y, True
                    break
        step /= 2
    return tuple(round(v, 3) for v in x)


def _cost(target, shown, x) -> float:
    cmy = x[0] + x[1] + x[2]
    return sum((s - t) ** 2 for s, t in zip(shown, target)) + CMY_PENALTY * cmy * cmy


def _black_for(press, grey: float) -> float:
    """The black-only tint that shows as `grey` (0 white … 1 black is monotonic on the press)."""
    lo, hi = 0.0, 1.0
    for _ in range(20):
        mid = (lo + hi) / 2
        if sum(press.show((0, 0, 0, mid))) / 3 > grey:
            lo = mid
        else:
            hi = mid
    return round((lo + hi) / 2, 3)


class _Press:
    """PDFium's view of CMYK: the grid of swatches it painted, interpolated in four dimensions."""

    def __init__(self, grid: list[tuple[float, float, float]]):
        self.grid = grid

    def at(self, cell) -> tuple[float, float, float]:
        """The swatch of grid cell (c, m, y, k), each 0 … STEPS − 1."""
        c, m, y, k = cell
        return self.grid[((c * STEPS + m) * STEPS + y) * STEPS + k]

    def show(self, x) -> tuple[float, float, float]:
        """How the press shows ink `x` (c, m, y, k in 0–1): the grid interpolated linearly along each ink."""
        corners = [(0, 1.0)]               # (grid index, weight); an ink on a grid line adds no corners
        for axis, v in enumerate(x):
            pos = min(v * (STEPS - 1), STEPS - 1 - 1e-9)
            low, frac = int(pos), pos - int(pos)
            stride = STEPS ** (3 - axis)
            if frac < 1e-12:
                corners = [(i + low * stride, w) for i, w in corners]
            else:
                corners = [(i + low * stride, w * (1 - frac)) for i, w in corners] + \
                          [(i + (low + 1) * stride, w * frac) for i, w in corners]
        r = g = b = 0.0
        for i, w in corners:
            pr, pg, pb = self.grid[i]
            r, g, b = r + w * pr, g + w * pg, b + w * pb
        return r, g, b


@functools.lru_cache(maxsize=1)
def _press() -> _Press:
    import pypdfium2 as pdfium
    from reportlab.pdfgen.canvas import Canvas

    side = STEPS * STEPS                  # C and M across, Y and K down, one point a swatch
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(side, side), invariant=1)
    for ci, mi, yi, ki in itertools.product(range(STEPS), repeat=4):
        c.setFillColorCMYK(*(v / (STEPS - 1) for v in (ci, mi, yi, ki)))
        c.rect(ci * STEPS + mi, side - 1 - (yi * STEPS + ki), 1, 1, stroke=0, fill=1)
    c.save()
    scale = 4
    image = pdfium.PdfDocument(buf.getvalue())[0].render(scale=scale).to_pil().convert("RGB")
    grid = []
    for ci, mi, yi, ki in itertools.product(range(STEPS), repeat=4):
        px = image.getpixel(((ci * STEPS + mi) * scale + scale // 2, (yi * STEPS + ki) * scale + scale // 2))
        grid.append(tuple(v / 255 for v in px))
    return _Press(grid)
