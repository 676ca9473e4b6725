"""Mahlzeit: content model, rules engine, print-and-play faces and scoring calculator."""
from tischlein.games import GameSpec

SPEC = GameSpec("mahlzeit", __name__)
