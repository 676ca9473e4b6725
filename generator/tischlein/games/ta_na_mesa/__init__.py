"""Tá na Mesa: content model, rules engine, print-and-play faces and scoring calculator."""
from tischlein.games import GameSpec

SPEC = GameSpec("ta-na-mesa", __name__)
