"""The bundled OFL fonts (TrueType, so reportlab can subset-embed them). No standard-14 font is ever used.

Lato covers the de/pt/en glyphs for body text; Fredoka One is the rounded display face for titles and numbers.
Neither draws Greek, Cyrillic, Vietnamese or all of Turkish: a PDF whose texts need a character its role's
font lacks uses Roboto (Apache 2.0, from PyPI: Latin, Greek, Cyrillic, Vietnamese) for that role throughout
(`covering`), so a word is never set in two faces and nothing prints as an empty box. What no bundled font
draws is a content error of `tischlein check` (tischlein.content.glyphs), before anything is built.
"""
from __future__ import annotations

from contextlib import contextmanager
from functools import lru_cache
from importlib.resources import as_file, files
from typing import Iterator

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from ..content.glyphs import FALLBACK, FONT_FILES

# Roles used by the drawing code -> (registered name, package, file)
TITLE = "Fredoka"
BODY = "Lato"
BOLD = "Lato-Bold"
ITALIC = "Lato-Italic"
BLACK = "Lato-Black"

_FILES = FONT_FILES                 # registered name -> (package, file), fallbacks included
ROLES = ("TITLE", "BODY", "BOLD", "ITALIC", "BLACK")


def register(names: tuple[str, ...] = tuple(FALLBACK)) -> None:
    """Register the roles' fonts (or `names`) once per process (reportlab keeps a global registry); the
    fallbacks only when a text needs them."""
    known = set(pdfmetrics.getRegisteredFontNames())
    for name in names:
        package, filename = _FILES[name]
        if name in known:
            continue
        with as_file(files(package) / "files" / filename) as path:
            pdfmetrics.registerFont(TTFont(name, str(path)))


@lru_cache(maxsize=None)
def _cmap(font: str) -> frozenset[int]:
    register((font,))
    return frozenset(pdfmetrics.getFont(font).face.charToGlyph)


@contextmanager
def covering(chars: str) -> Iterator[list[str]]:
    """Within the block, each role whose font cannot draw one of `chars` uses its fallback font (yields the
    fallbacks in use, for the credits). Nothing changes for texts the bundled faces draw."""
    register()
    saved = {role: globals()[role] for role in ROLES}
    used = []
    needed = {ord(ch) for ch in chars if not ch.isspace()}
    try:
        for role, font in saved.items():
            lacking = needed - _cmap(font) if font in FALLBACK else set()
            # the fallback is read (a TrueType parse each) only when its role's font lacks something
            if lacking and lacking & _cmap(FALLBACK[font]):
                register((FALLBACK[font],))
                globals()[role] = FALLBACK[font]
                used.append(FALLBACK[font])
        yield used
    finally:
        globals().update(saved)


def width(text: str, font: str, size: float) -> float:
    return pdfmetrics.stringWidth(text, font, size)


def missing_glyphs(text: str, font: str) -> str:
    """Characters of `text` the font cannot draw (they would print as empty boxes)."""
    cmap = pdfmetrics.getFont(font).face.charToGlyph
    return "".join(sorted({ch for ch in text if ord(ch) not in cmap and not ch.isspace()}))
