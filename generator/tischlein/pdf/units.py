"""Lengths and named sizes: millimetres to PDF points, paper sizes and card-size presets.

All geometry in the PDF code is in points (1/72 in); sizes are declared in millimetres, the unit crafters use.
"""
from __future__ import annotations

from dataclasses import dataclass

MM = 72 / 25.4          # points per millimetre


def mm(value: float) -> float:
    """Millimetres to points."""
    return value * MM


def to_mm(points: float) -> float:
    return points / MM


@dataclass(frozen=True)
class Size:
    """A named rectangle, stored in millimetres."""

    name: str
    width_mm: float
    height_mm: float

    @property
    def width(self) -> float:
        return mm(self.width_mm)

    @property
    def height(self) -> float:
        return mm(self.height_mm)

    @property
    def label(self) -> str:
        """'63 × 88' (millimetres, without trailing zeros)."""
        return f"{_num(self.width_mm)} × {_num(self.height_mm)}"


PRINTER_MARGIN_MM = 5.0     # the unprintable border most inkjets and lasers leave (crafters change it)


@dataclass(frozen=True)
class Paper(Size):
    """A sheet of paper as one printer prints it: `margin_mm` round the edge is never printed (marks and targets
    stay inside it; art may run into it, where the printer simply leaves it off)."""

    margin_mm: float = PRINTER_MARGIN_MM


def margin_of(paper: Size) -> float:
    """The printer margin of `paper` in points (the default for a plain Size)."""
    return mm(getattr(paper, "margin_mm", PRINTER_MARGIN_MM))


def _num(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


PAPERS: dict[str, Paper] = {
    "a4": Paper("A4", 210, 297),
    "letter": Paper("US Letter", 215.9, 279.4),
}

CUSTOM_PAPER_MM = (100.0, 1200.0)     # a custom paper's sides (mm) lie within these


def paper_named(name: str) -> Paper | None:
    """A4, US Letter, or a custom paper written as "<width>x<height>" in millimetres (portrait or not, as given);
    None for anything else."""
    if name in PAPERS:
        return PAPERS[name]
    parts = name.lower().replace("×", "x").split("x")
    try:
        w, h = (float(v) for v in parts)
    except ValueError:
        return None
    lo, hi = CUSTOM_PAPER_MM
    if not (lo <= w <= hi and lo <= h <= hi):
        return None
    return Paper(f"{_num(w)} × {_num(h)} mm", w, h)


# Card presets (shared/reference/print-and-play.md §3.1). "poker" is the 63 × 88 mm TCG size; "poker-in" the
# exact 2.5 × 3.5 in that US print shops use.
CARD_SIZES: dict[str, Size] = {
    "poker": Size("poker", 63, 88),
    "poker-in": Size("poker (inch)", 63.5, 88.9),
    "bridge": Size("bridge", 57, 89),
    "mini": Size("mini", 44, 63),
    "euro": Size("euro", 59, 92),
    "tarot": Size("tarot", 70, 120),
}
DEFAULT_CARD_SIZE = "poker"
