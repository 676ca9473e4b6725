"""Ink saver: one switch that every game's palette honours, so a low-ink PDF keeps the same layout.

`document.py` draws every face and back inside `ink_saver(opts.ink_saver)`; drawing code asks this module
instead of using its colours directly:

* `area(hex)`  - the colour of a large fill (backgrounds, panels, back patterns): a light tint in ink-saver mode;
* `outline(hex)` - the stroke that replaces the lost fill: the original colour in ink-saver mode, else None;
* `text_on(hex, dark, light)` - a text colour that reads on the fill as it is really printed;
* `active()` - for anything else a game wants to simplify (patterns, shadows).

Small things (icons, badges, text) keep their colours: they carry the meaning and cost little ink.
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar

TINT = 0.86             # ink-saver fills keep 14 % of their colour
WHITE = "#ffffff"

_active: ContextVar[bool] = ContextVar("tischlein_ink_saver", default=False)


def active() -> bool:
    return _active.get()


@contextmanager
def ink_saver(on: bool):
    """Draw the enclosed faces in ink-saver mode (or explicitly not)."""
    token = _active.set(bool(on))
    try:
        yield
    finally:
        _active.reset(token)


def tint(hex_: str, amount: float = TINT) -> str:
    """Mix `hex_` with white: 0 keeps the colour, 1 gives white."""
    return over(WHITE, hex_, amount)


def over(top: str, below: str, opacity: float) -> str:
    """`top` laid at `opacity` over a flat `below`, as one opaque colour. Faces draw see-through patterns this
    way instead of with transparency, which print shops' PDF/X files may not contain (see pdfx.py)."""
    mix = [round(b + (t - b) * opacity) for t, b in zip(_rgb(top), _rgb(below))]
    return "#{:02x}{:02x}{:02x}".format(*mix)


def _rgb(hex_: str) -> tuple[int, ...]:
    return tuple(int(hex_[i:i + 2], 16) for i in (1, 3, 5))


def area(hex_: str) -> str:
    """A large fill: unchanged normally, a light tint in ink-saver mode."""
    return tint(hex_) if active() else hex_


def outline(hex_: str) -> str | None:
    """The outline that marks a lightened area in ink-saver mode (None when fills are printed as they are)."""
    return hex_ if active() else None


def luma(hex_: str) -> float:
    r, g, b = (int(hex_[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def text_on(fill: str, dark: str, light: str = WHITE) -> str:
    """`dark` or `light` text, whichever reads on `fill` as printed (after the ink-saver tint)."""
    return dark if luma(area(fill)) > 0.55 else light


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two colours (1 to 21): small text wants at least 4.5."""
    def lum(hex_: str) -> float:
        def channel(v: int) -> float:
            c = v / 255
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
        r, g, b_ = (channel(v) for v in _rgb(hex_))
        return 0.2126 * r + 0.7152 * g + 0.0722 * b_
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def readable(hex_: str, against: str = WHITE, ratio: float = 4.5) -> str:
    """`hex_` darkened just enough (in steps of 2 %) that small text reads between it and `against`: white text
    on a coloured banner, or the colour as text on the paper."""
    out = hex_
    while contrast(out, against) < ratio:
        out = over("#000000", out, 0.02)
    return out
