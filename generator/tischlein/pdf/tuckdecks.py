"""Which decks get a tuck box, and how thick a card is: what the print guide says of the tuck boxes, here so that
every card PDF does not import tuckbox.py (its templates and layout) only to say it."""
from __future__ import annotations

from .component import Deck, PrintSet

CARD_MM = 0.32            # one card on ~300 g/m² card stock
PLAY_MM = 1.0             # room to slide the deck in and out
MIN_PIECES = 10


def decks_to_box(ps: PrintSet) -> list[Deck]:
    return [d for d in ps.decks if len(d.pieces) >= MIN_PIECES]
