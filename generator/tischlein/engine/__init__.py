"""The engine kernel: what every game's rules engine shares (see base.py). Standard library only, so it runs in
CPython 3.11+ and in Pyodide; it knows no game (games live in tischlein.games) and imports neither click, YAML
nor tischlein.content."""
from __future__ import annotations

from .base import KERNEL_KEYS, Engine, count_components
from .errors import IllegalMove, InvalidMove, MoveError, StartError, fail, invalid, require
from .expect import MISSING, Check, at
from .moves import BOOL, INT, STR, Arg, LaterMoves, Move, MoveRow, choice, ids, move, one_id
from .privacy import Secret
from .rng import rng_below, rng_seed, rng_shuffle
from .setup import Ledger, Start, no_unknown_fields
from .state import GameState, Record

__all__ = ["KERNEL_KEYS", "count_components", "invalid", "Arg", "BOOL", "Check", "Engine", "GameState", "INT",
           "IllegalMove", "InvalidMove", "LaterMoves", "Ledger", "MISSING", "Move", "MoveError", "MoveRow", "Record",
           "STR", "Secret", "Start", "StartError", "at", "choice", "fail", "ids", "move", "no_unknown_fields", "one_id",
           "require", "rng_below", "rng_seed", "rng_shuffle"]
