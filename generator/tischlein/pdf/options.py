"""The choices a crafter makes for one PDF, validated once."""
from __future__ import annotations

from dataclasses import dataclass, replace

from .errors import PdfBuildError
from .sheet import CROP_MARK_STYLES, DUPLEX_MODES
from .units import CARD_SIZES, CUSTOM_PAPER_MM, DEFAULT_CARD_SIZE, PAPERS, PRINTER_MARGIN_MM, Paper, Size, \
    paper_named

BLEED_MAX_MM = 6.0
BACK_OFFSET_MAX_MM = 20.0
PRINTER_MARGIN_MAX_MM = 15.0
CARD_THICKNESS_MM = 0.32            # one card on ~300 g/m² card stock
CARD_THICKNESS_RANGE_MM = (0.05, 2.0)


@dataclass(frozen=True)
class Options:
    lang: str = "en"
    paper: str = "a4"
    card_size: str = DEFAULT_CARD_SIZE
    bleed_mm: float = 3.0
    duplex: str = "long"                        # long | short | fold | none
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    crop_marks: str = "short"                   # short | full
    ink_saver: bool = False                     # light backgrounds, outlines instead of large fills
    printer_margin_mm: float = PRINTER_MARGIN_MM  # the border the printer cannot print: marks and targets stay out
    card_thickness_mm: float = CARD_THICKNESS_MM    # one printed card (tuck boxes are as deep as the deck)
    sleeves: bool = False                       # the cards go in sleeves (tuck boxes wider, taller, deeper)

    def __post_init__(self):
        if paper_named(self.paper) is None:
            raise PdfBuildError(f"unknown paper {self.paper!r}; known: {', '.join(PAPERS)}, or width x height in mm "
                                f"(each {CUSTOM_PAPER_MM[0]:g} to {CUSTOM_PAPER_MM[1]:g}), e.g. 200x280")
        if self.card_size not in CARD_SIZES:
            raise PdfBuildError(f"unknown card size {self.card_size!r}; known: {', '.join(CARD_SIZES)}")
        if not 0 <= self.bleed_mm <= BLEED_MAX_MM:
            raise PdfBuildError(f"bleed must be between 0 and {BLEED_MAX_MM:g} mm, got {self.bleed_mm:g}")
        if self.duplex not in DUPLEX_MODES:
            raise PdfBuildError(f"unknown duplex mode {self.duplex!r}; known: {', '.join(DUPLEX_MODES)}")
        if self.crop_marks not in CROP_MARK_STYLES:
            raise PdfBuildError(f"unknown crop marks {self.crop_marks!r}; known: {', '.join(CROP_MARK_STYLES)}")
        if not 0 <= self.printer_margin_mm <= PRINTER_MARGIN_MAX_MM:
            raise PdfBuildError(f"the printer margin must be between 0 and {PRINTER_MARGIN_MAX_MM:g} mm, "
                                f"got {self.printer_margin_mm:g}")
        if not CARD_THICKNESS_RANGE_MM[0] <= self.card_thickness_mm <= CARD_THICKNESS_RANGE_MM[1]:
            raise PdfBuildError(f"the card thickness must be between {CARD_THICKNESS_RANGE_MM[0]:g} and "
                                f"{CARD_THICKNESS_RANGE_MM[1]:g} mm, got {self.card_thickness_mm:g}")
        if len(self.back_offset_mm) != 2 or any(abs(v) > BACK_OFFSET_MAX_MM for v in self.back_offset_mm):
            raise PdfBuildError(f"the back offset must be two numbers of at most {BACK_OFFSET_MAX_MM:g} mm, "
                                f"got {self.back_offset_mm!r}")

    @property
    def backs(self) -> bool:
        """Whether the backs are printed at all (on back pages or fold halves)."""
        return self.duplex != "none"

    @property
    def paper_size(self) -> Paper:
        return replace(paper_named(self.paper), margin_mm=self.printer_margin_mm)

    @property
    def card(self) -> Size:
        return CARD_SIZES[self.card_size]

    def file_name(self, game_id: str, suffix: str = "") -> str:
        """`<game>-<lang>-<paper>.pdf` for the defaults; variants add what differs."""
        extra = []
        if self.card_size != DEFAULT_CARD_SIZE:
            extra.append(self.card_size)
        if self.bleed_mm != 3.0:
            extra.append(f"bleed{self.bleed_mm:g}")
        if self.duplex != "long":
            extra.append(f"duplex-{self.duplex}")
        if self.back_offset_mm != (0.0, 0.0):
            extra.append("offset{:g}_{:g}".format(*self.back_offset_mm))
        if self.crop_marks != "short":
            extra.append(f"marks-{self.crop_marks}")
        if self.ink_saver:
            extra.append("inksaver")
        if self.printer_margin_mm != PRINTER_MARGIN_MM:
            extra.append(f"margin{self.printer_margin_mm:g}")
        if self.card_thickness_mm != CARD_THICKNESS_MM:
            extra.append(f"card{self.card_thickness_mm:g}")
        if self.sleeves:
            extra.append("sleeves")
        if suffix:
            extra.append(suffix)
        return "-".join([game_id, self.lang, self.paper, *extra]) + ".pdf"
