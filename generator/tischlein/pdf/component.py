"""What a game hands to the PDF builder: pieces to cut out, how to draw each face and back, and the checklist.

A game module (pdf/games/<game>.py) turns its content model into a `PrintSet`; the builder does the rest
(imposition, duplex backs, print guide, credits). Cards are the first piece type; tiles and tokens are pieces of
other sizes on the same sheets; boards (tiled over pages) and dice nets will be further sections of a PrintSet.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from .units import Size

# draw(canvas, face_box): paint one face with the origin at the card's trim lower-left corner
Draw = Callable[..., None]


@dataclass(frozen=True)
class Piece:
    """One physical thing to cut out."""

    id: str               # unique, e.g. "dish-currywurst-3"
    kind: str             # groups the checklist and the bookmarks, e.g. "dish"
    face: str             # key into PrintSet.faces; identical pieces share a face
    back: str | None      # key into PrintSet.backs; None for one-sided pieces


@dataclass(frozen=True)
class Kind:
    """One line of the component checklist (and one bookmark)."""

    id: str
    label: str            # translated, e.g. "Dish cards"
    icon: str             # icon name
    back: str | None      # back key shared by all pieces of this kind (for the checklist)
    detail: str = ""      # e.g. "8 × Bier, 3 × Wein, 2 × Kaffee mit Rum"


@dataclass(frozen=True)
class Credit:
    """One reconstructed value or erratum for the credits page."""

    kind: str             # reconstructed | erratum
    who: str              # the component or fact, e.g. "Bier"
    field: str            # translated field name, e.g. "number of cards"
    reason: str           # translated


@dataclass
class Deck:
    """Pieces of one size that share sheets, in print order."""

    size: Size
    pieces: list[Piece]


@dataclass
class PrintSet:
    game_id: str
    title: str
    subtitle: str
    lang: str
    decks: list[Deck]
    faces: dict[str, Draw]
    backs: dict[str, Draw]
    back_labels: dict[str, str]          # back key -> translated name ("light back")
    kinds: list[Kind]
    credits: list[Credit]
    icons: list[str] = field(default_factory=list)   # icons to define as forms before drawing
    fallback: bool = False               # some texts fell back to English

    def pieces(self) -> list[Piece]:
        return [p for deck in self.decks for p in deck.pieces]
