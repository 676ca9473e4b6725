"""The measuring pass of `tischlein check`: every face, back, board and die face of a game's PDF in one language,
drawn with the PDF's own code onto a canvas that is never written, collecting every text that cannot be printed
(card.collecting_overflows) instead of stopping at the first. A build raises for exactly these texts, so content
that passes the pass builds, and one run lists them all.

The canvas is a real reportlab canvas on an in-memory buffer that is thrown away: measuring with anything else
would be a second estimate that could disagree with the build.
"""
from __future__ import annotations

import io
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from ..content.glyphs import chars_of
from . import accel, board, card, die, fonts
from .card import FaceBox, Overflow
from .component import PrintSet, print_set
from .errors import PdfBuildError
from .units import CARD_SIZES, DEFAULT_CARD_SIZE, mm

BLEED_MM = 3.0


@dataclass(frozen=True)
class Failure:
    """A piece that cannot be drawn for another reason than a text (a track too long for its board …)."""

    piece: str
    message: str


def measure(content, game_id: str, lang: str, card_size: str = DEFAULT_CARD_SIZE) -> tuple[list[Overflow],
                                                                                        list[Failure]]:
    """Every overflow of the game's pieces in `lang`, and the pieces that failed otherwise."""
    with card.collecting_overflows() as found:
        failures = _draw_all(content, game_id, lang, card_size)
    return list(found), failures


def boxes(content, game_id: str, lang: str, card_size: str = DEFAULT_CARD_SIZE) -> list[Overflow]:
    """Every text the game's PDF in `lang` fits into a box, with that box (for the translation export's limits)."""
    with card.collecting_overflows(), card.recording_boxes() as found:
        _draw_all(content, game_id, lang, card_size)
    return list(found)


def average_width(texts: list[str], font: str) -> float:
    """The mean advance of a character of `texts` in `font` at 1 pt: the language's own letters and words."""
    joined = "".join(texts)
    return fonts.width(joined, font, 1) / len(joined) if joined else 0.5


def _draw_all(content, game_id: str, lang: str, card_size: str) -> list[Failure]:
    game = content.games[game_id]
    failures: list[Failure] = []
    with fonts.covering(chars_of(game, lang)), accel.memo_numbers(), card.memo_wraps():
        try:
            ps = print_set(content, game_id, lang, CARD_SIZES[card_size])
        except PdfBuildError as exc:
            return [Failure("", str(exc))]
        c = Canvas(io.BytesIO())
        for label, draw in _drawings(ps):
            c.saveState()
            try:
                draw(c, label)
            except PdfBuildError as exc:
                failures.append(Failure(label, str(exc)))
            finally:
                c.restoreState()
    return failures


def _drawings(ps: PrintSet):
    """(who, draw(canvas, who)) for everything a build draws from content, each face and back once."""
    b = mm(BLEED_MM)
    kinds = {k.id: k.label for k in ps.kinds}
    done: set[str] = set()
    for deck in ps.decks:
        w, h = deck.size.width, deck.size.height
        for piece in deck.pieces:
            if "f" + piece.face not in done and piece.face in ps.faces:
                done.add("f" + piece.face)
                who = f"“{piece.name}” ({kinds.get(piece.kind, piece.kind)})" if piece.name else \
                    kinds.get(piece.kind, piece.kind)
                yield who, _face(ps.faces[piece.face], w, h, b)
            if piece.back is not None and "b" + piece.back not in done and piece.back in ps.backs:
                done.add("b" + piece.back)
                who = f"the back “{ps.back_labels.get(piece.back, piece.back)}”"
                yield who, _face(ps.backs[piece.back], w, h, b)
    for item in ps.boards:
        yield item.label, lambda c, who, item=item: board.define(c, item, b)
    for dice in ps.dice:
        yield kinds.get(dice.kind, dice.kind), lambda c, who, dice=dice: die.define_faces(c, dice)


def _face(draw, w: float, h: float, b: float):
    return lambda c, who: draw(c, FaceBox(w, h, b, who))
