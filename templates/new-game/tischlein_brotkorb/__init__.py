"""Brotkorb's code: content model (model.py), rules engine (engine.py) and print-and-play faces (faces.py).

Registered with tischlein through the `tischlein.games` entry point in pyproject.toml."""
from tischlein.games import GameSpec

SPEC = GameSpec("brotkorb", __name__)
