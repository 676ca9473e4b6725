"""The bundled OFL fonts (TrueType, so reportlab can subset-embed them). No standard-14 font is ever used.

Lato covers the de/pt/en glyphs for body text; Fredoka One is the rounded display face for titles and numbers.
"""
from __future__ import annotations

from importlib.resources import as_file, files

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

# Roles used by the drawing code -> (registered name, package, file)
TITLE = "Fredoka"
BODY = "Lato"
BOLD = "Lato-Bold"
ITALIC = "Lato-Italic"
BLACK = "Lato-Black"

_FILES = {
    TITLE: ("font_fredoka_one", "FredokaOne-Regular.ttf"),
    BODY: ("font_lato", "Lato-Regular.ttf"),
    BOLD: ("font_lato", "Lato-Bold.ttf"),
    ITALIC: ("font_lato", "Lato-Italic.ttf"),
    BLACK: ("font_lato", "Lato-Black.ttf"),
}
LICENCES = (("Lato", "font_lato"), ("Fredoka One", "font_fredoka_one"))


def register() -> None:
    """Register every font once per process (reportlab keeps a global registry)."""
    known = set(pdfmetrics.getRegisteredFontNames())
    for name, (package, filename) in _FILES.items():
        if name in known:
            continue
        with as_file(files(package) / "files" / filename) as path:
            pdfmetrics.registerFont(TTFont(name, str(path)))


def width(text: str, font: str, size: float) -> float:
    return pdfmetrics.stringWidth(text, font, size)


def missing_glyphs(text: str, font: str) -> str:
    """Characters of `text` the font cannot draw (they would print as empty boxes)."""
    cmap = pdfmetrics.getFont(font).face.charToGlyph
    return "".join(sorted({ch for ch in text if ord(ch) not in cmap and not ch.isspace()}))
