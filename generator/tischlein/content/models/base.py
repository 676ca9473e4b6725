"""What every game's model shares: records with provenance, and physical components to print."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..provenance import Provenance, provenance_of


@dataclass(frozen=True)
class Record:
    """Fields every component record shares: id, name in the game's language, provenance."""

    id: str
    name: str
    key: str                   # catalog key prefix, e.g. "dishes.currywurst."
    mark: str                  # R, * or E for the whole record
    raw: Any = field(repr=False, compare=False)

    def prov(self, field_: str) -> Provenance:
        return provenance_of(self.raw, self.key, field_)


@dataclass(frozen=True)
class Card:
    """One physical card to print: `kind` picks the face layout, `ref` the record it shows."""

    id: str          # unique per physical card: "dish-currywurst-3", "kartoffeln-2"
    kind: str        # a face layout of the game, e.g. dish | ingredient | drink | action | special | overview
    ref: str         # record id
    back: str        # a back id of the game, e.g. light | dark
    copy: int        # 1-based copy number among identical cards
    value: int | None = None


@dataclass(frozen=True)
class Piece:
    """One physical component that is not a card: a tile, a two-sided token, a board or a die."""

    id: str          # unique per physical piece: "spice-token-3", "veggie-die-carrot-2"
    component: str   # tile | token | board | die
    kind: str        # a layout of the game, e.g. recipe-tile | spice-token | weight-board
    ref: str         # record id
    copy: int        # 1-based copy number among identical pieces
    faces: tuple[str, ...] = ()   # tokens: front and back; dice: six faces; else empty
