"""Typography of the rules PDFs (booklet, plain rules, quick reference): paragraph styles, hyphenation and the
colours, in one place so the three documents look like one family and like the print guide.

Hyphenation is pyphen's (the same dictionaries LibreOffice uses), handed to reportlab as a callable: reportlab
would silently skip hyphenation if it could not import pyphen itself, and a German rule text full of
compounds ("Zutatenkarten", "Gewichtsanzeiger") would then overflow narrow table cells. Words no dictionary
can split are still broken (`splitLongWords`), so no line is ever wider than its frame.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from xml.sax.saxutils import escape as _xml_escape

import pyphen
from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import registerFontFamily

from . import fonts, palette

INK = "#3b2417"
ACCENT = "#b3263b"
SOFT = "#fbf1dc"
MUTED = "#7a6655"
RULE = "#e6d6bd"
LINK = "#8a1c2e"

MIN_BODY_PT = 8.0          # nothing a player reads is smaller than this


def esc(text: object) -> str:
    """Plain text for reportlab's paragraph markup: `<font>`, `&nbsp;` and the like print as written."""
    return _xml_escape(str(text))


@lru_cache(maxsize=None)
def hyphenator(lang: str):
    """pyphen's `iterate` for `lang` (de → de_DE, pt → pt_PT …), or None for a language it has no dictionary
    for (the text then wraps at spaces and splits over-long words)."""
    code = pyphen.language_fallback(lang.replace("-", "_"))
    return pyphen.Pyphen(lang=code).iterate if code else None


def register_families() -> None:
    """<b> and <i> in paragraphs pick the bundled Lato faces (there is no bold italic: bold stands in)."""
    fonts.register()
    registerFontFamily(fonts.BODY, normal=fonts.BODY, bold=fonts.BOLD, italic=fonts.ITALIC,
                       boldItalic=fonts.BOLD)


def colour(hex_: str):
    return HexColor(hex_)


@dataclass(frozen=True)
class Styles:
    """The paragraph styles of one document: body size `size`, hyphenated for `lang`."""

    body: ParagraphStyle
    small: ParagraphStyle
    cell: ParagraphStyle
    cell_head: ParagraphStyle
    h1: ParagraphStyle
    h2: ParagraphStyle
    h3: ParagraphStyle
    h4: ParagraphStyle
    title: ParagraphStyle
    subtitle: ParagraphStyle
    toc: tuple[ParagraphStyle, ...]
    label: ParagraphStyle
    centred: ParagraphStyle

    def heading(self, depth: int) -> ParagraphStyle:
        return (self.h2, self.h3, self.h4)[min(depth, 2)]


def styles(lang: str, size: float = 9.5) -> Styles:
    if size < MIN_BODY_PT:
        raise ValueError(f"body text of {size} pt is below the {MIN_BODY_PT} pt minimum")
    register_families()
    hy = hyphenator(lang)
    ink = colour(INK)

    def style(name: str, **kw) -> ParagraphStyle:
        base = dict(fontName=fonts.BODY, fontSize=size, leading=size * 1.3, textColor=ink, alignment=TA_LEFT,
                    hyphenationLang=hy or "", splitLongWords=1, spaceAfter=size * 0.45, allowWidows=0,
                    allowOrphans=0)
        base.update(kw)
        return ParagraphStyle(name, **base)

    small = max(MIN_BODY_PT, size - 1)
    accent = colour(ACCENT)
    return Styles(
        body=style("body"),
        small=style("small", fontSize=small, leading=small * 1.28, textColor=colour(MUTED)),
        cell=style("cell", fontSize=small, leading=small * 1.22, spaceAfter=0),
        cell_head=style("cell_head", fontName=fonts.BOLD, fontSize=small, leading=small * 1.22, spaceAfter=0),
        h1=style("h1", fontName=fonts.TITLE, fontSize=size * 2.0, leading=size * 2.35, textColor=accent,
                 spaceBefore=0, spaceAfter=size * 0.8, keepWithNext=1, hyphenationLang=""),
        h2=style("h2", fontName=fonts.TITLE, fontSize=size * 1.5, leading=size * 1.8, textColor=accent,
                 spaceBefore=size * 1.1, spaceAfter=size * 0.45, keepWithNext=1, hyphenationLang=""),
        h3=style("h3", fontName=fonts.BOLD, fontSize=size * 1.2, leading=size * 1.45, spaceBefore=size * 0.8,
                 spaceAfter=size * 0.3, keepWithNext=1, hyphenationLang=""),
        h4=style("h4", fontName=fonts.BOLD, fontSize=size * 1.05, leading=size * 1.3, spaceBefore=size * 0.6,
                 spaceAfter=size * 0.2, keepWithNext=1, textColor=colour(MUTED), hyphenationLang=""),
        title=style("title", fontName=fonts.TITLE, fontSize=size * 3.2, leading=size * 3.6, alignment=TA_CENTER,
                    textColor=accent, hyphenationLang=""),
        subtitle=style("subtitle", fontName=fonts.ITALIC, fontSize=size * 1.25, leading=size * 1.6,
                       alignment=TA_CENTER),
        toc=(style("toc0", fontName=fonts.BOLD, leftIndent=0, spaceAfter=size * 0.15, hyphenationLang=""),
             style("toc1", leftIndent=size * 1.2, spaceAfter=0, hyphenationLang=""),
             style("toc2", leftIndent=size * 2.4, spaceAfter=0, fontSize=small, leading=small * 1.3,
                   hyphenationLang="")),
        label=style("label", fontName=fonts.BOLD, fontSize=small, leading=small * 1.2, spaceAfter=1,
                    textColor=colour(MUTED)),
        centred=style("centred", alignment=TA_CENTER),
    )


def panel_fill(hex_: str = SOFT) -> str | None:
    """A tinted panel's fill: None in ink-saver mode (the panel is outlined instead)."""
    return None if palette.active() else hex_
