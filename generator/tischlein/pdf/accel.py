"""Speed-ups (and compact numbers) for reportlab's pure-Python paths, scoped to one PDF build.

Measured with cProfile on the Mahlzeit build (benchmarks/run.py):

* Without the optional C accelerator, reportlab formats every number of every path with `fp_str` (about a third
  of a card build), with up to 6 decimals. `memo_numbers()` writes at most 4 decimals instead (0.0001 pt =
  0.035 µm; 3 decimals would save 4 % but move values enough to flip tests that round to 0.01 pt): 1.5 %
  smaller files. A card sheet repeats the same few
  thousand numbers (colours, radii, icon coordinates), so the formatting is memoised too. The same formatter
  is used with or without reportlab's C accelerator, so the bytes do not depend on it.
* Text fitting measures the same words at every trial size (`card.fit` steps down 0.25 pt at a time) and the
  credits are laid out twice (once to count their pages); `fonts.width` walks the string character by
  character each time. `memo_numbers()` also memoises each string's summed glyph widths per font, then scales
  by the size with exactly reportlab's arithmetic (0.001 × size × sum), so every width is the same float; and
  `card.wrap` remembers the lines of each (text, font, size, width) it has wrapped in this build.

* Platypus (the rules booklet, the quick reference) measures each word on every layout pass: `memo_numbers()`
  memoises the widths its paragraphs ask for.

Text widths are bit-identical; numbers differ from stock reportlab by at most 0.00005 (tests/test_pdf_mahlzeit.py's
golden dump, rounded to 0.01 pt, is unchanged; rebuilds are byte-identical). The caches live for one build only,
and reportlab and `fonts.width` are restored afterwards.
"""
from __future__ import annotations

import sys
from contextlib import contextmanager

from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfgen import canvas, pathobject, textobject

from . import card, fonts

_MODULES = (canvas, pathobject, textobject, pdfdoc)


@contextmanager
def memo_numbers():
    with _memo_widths(), _memo_fp_str(), _memo_paragraph_widths(), card.memo_wraps():
        yield


@contextmanager
def _memo_paragraph_widths():
    """Platypus measures every word of every paragraph on each layout pass (and a rules booklet takes two, plus
    the table cells it tries at several widths): the same (text, font, size) gives the same width, so the
    function reportlab's paragraphs call is memoised. A build that has not imported platypus (a card PDF) sets
    no paragraph: importing it here would cost a tenth of `tischlein pdf` for nothing."""
    paragraph = sys.modules.get("reportlab.platypus.paragraph")
    if paragraph is None:
        yield
        return
    original = paragraph.stringWidth
    memo: dict[tuple, float] = {}

    def width(text, fontName, fontSize, encoding="utf8"):
        key = (text, fontName, fontSize)
        w = memo.get(key)
        if w is None:
            w = memo[key] = original(text, fontName, fontSize, encoding)
        return w

    paragraph.stringWidth = width
    try:
        yield
    finally:
        paragraph.stringWidth = original


@contextmanager
def _memo_widths():
    original = fonts.width
    sums: dict[tuple[str, str], float] = {}
    exact: dict[str, tuple | None] = {}       # font -> (charWidths.get, default, space) when sums are exact

    def glyphs(font: str):
        if font not in exact:
            face = getattr(pdfmetrics.getFont(font), "face", None)
            widths = getattr(face, "charWidths", None)
            ok = widths is not None and all(float(v * 2).is_integer() for v in widths.values()) and \
                float(face.defaultWidth * 2).is_integer()
            exact[font] = (widths.get, face.defaultWidth, widths.get(32, face.defaultWidth)) if ok else None
        return exact[font]

    def width(text: str, font: str, size: float) -> float:
        g = glyphs(font)
        if g is None:
            return original(text, font, size)
        get, default, space = g
        total = 0.0
        # glyph widths are multiples of 0.5 font units, so these float sums are exact in any order: a line's
        # width is the sum of its (cached) words and spaces, bit for bit what reportlab computes
        words = text.split(" ")
        for word in words:
            key = (word, font)
            w = sums.get(key)
            if w is None:
                w = sums[key] = sum(get(ord(ch), default) for ch in word)
            total += w
        total += space * (len(words) - 1)
        return 0.001 * size * total

    fonts.width = width
    try:
        yield
    finally:
        fonts.width = original


def number(v) -> str:
    """A PDF number with at most 4 decimals, in reportlab's compact style ("0.5" -> ".5", "2.0" -> "2")."""
    n = "%.4f" % v
    n = n.rstrip("0").rstrip(".")
    if n.startswith("0."):
        return n[1:]
    if n.startswith("-0."):
        return "-" + n[2:]
    return "0" if n == "-0" else n


@contextmanager
def _memo_fp_str():
    one: dict[float, str] = {}           # number -> text
    many: dict[tuple, str] = {}          # tuple of numbers (a colour, a curve) -> text

    def single(v) -> str:
        s = one.get(v)
        if s is None:
            s = one[v] = number(v)
        return s

    def fp_str(*values) -> str:
        if len(values) == 1:
            v = values[0]
            if not isinstance(v, (list, tuple)):
                return single(v)
            values = tuple(v)
        s = many.get(values)
        if s is None:
            s = many[values] = " ".join([single(v) for v in values])
        return s

    saved = [(m, m.fp_str) for m in _MODULES]
    for m, _ in saved:
        m.fp_str = fp_str
    try:
        yield
    finally:
        for m, f in saved:
            m.fp_str = f
