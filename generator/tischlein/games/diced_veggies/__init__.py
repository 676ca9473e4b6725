"""Diced Veggies: content model, rules engine, print-and-play faces and scoring calculator."""
from tischlein.games import GameSpec

SPEC = GameSpec("diced-veggies", __name__)
