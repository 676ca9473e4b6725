"""Rules engines: pure standard library, so they run in CPython 3.11+ and in Pyodide.

`GAMES` maps a game id to its engine module (see core.py for what a module provides). Nothing here imports
click, YAML or `tischlein.content`: the browser ships only `tischlein/__init__.py` and this package.
"""
from __future__ import annotations

from . import mahlzeit
from .core import IllegalMove, Move, StartError

GAMES = {mahlzeit.GAME_ID: mahlzeit}

__all__ = ["GAMES", "IllegalMove", "Move", "StartError", "mahlzeit"]
