"""Which decks get a tuck box, and how thick a card is: what the print guide says of the tuck boxes, here so that
every card PDF does not import tuckbox.py (its templates and layout) only to say it."""
from __future__ import annotations

from .component import Deck, PrintSet

CARD_MM = 0.32            # one card on ~300 g/m² card stock (Options.card_thickness_mm changes it)
PLAY_MM = 1.0             # room to slide the deck in and out
MIN_PIECES = 10
SLEEVE_MM = 0.12          # a sleeve's two layers of film on a card
SLEEVE_SIZE_MM = 3.0      # a sleeve is this much wider and taller than its card (66 × 91 for 63 × 88)


def piece_mm(opts) -> float:
    """How thick one piece of a deck is: the card (twice for the gutter fold: front and back glued together),
    plus a sleeve's film."""
    layers = 2 if opts.duplex == "fold" else 1
    return opts.card_thickness_mm * layers + (SLEEVE_MM if opts.sleeves else 0.0)


def inside_extra_mm(opts) -> float:
    """What the box's inside adds to the card's width and height: the play, and a sleeve's margin."""
    return PLAY_MM + (SLEEVE_SIZE_MM if opts.sleeves else 0.0)


def decks_to_box(ps: PrintSet) -> list[Deck]:
    return [d for d in ps.decks if len(d.pieces) >= MIN_PIECES]
