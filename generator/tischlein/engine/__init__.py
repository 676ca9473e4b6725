"""Rules engines: pure standard library, so they run in CPython 3.11+ and in Pyodide.

`GAMES` maps a game id to its engine module (see core.py for what a module provides). Nothing here imports
click, YAML or `tischlein.content`: the browser ships only `tischlein/__init__.py` and this package.
"""
from __future__ import annotations

from . import mahlzeit
from . import diced_veggies, suppenkasper
from . import schwarzwaelder_kirsch
from . import ta_na_mesa
from .core import IllegalMove, Move, StartError

GAMES = {mahlzeit.GAME_ID: mahlzeit}
GAMES.update({diced_veggies.GAME_ID: diced_veggies, suppenkasper.GAME_ID: suppenkasper})
GAMES[schwarzwaelder_kirsch.GAME_ID] = schwarzwaelder_kirsch
GAMES[ta_na_mesa.GAME_ID] = ta_na_mesa

__all__ = ["GAMES", "IllegalMove", "Move", "StartError", "mahlzeit"]
