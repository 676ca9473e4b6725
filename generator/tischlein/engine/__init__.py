"""The engine kernel: what every game's rules engine shares (see base.py, and contract.py for what a game writes).
Standard library only, so it runs in CPython 3.11+ and in Pyodide; it knows no game (games live in
tischlein.games) and imports neither click, YAML nor tischlein.content.

A rules author needs the fifteen names of AUTHOR: the classes a game subclasses or builds (Engine, GameState,
Record, Move, Secret, Start, Ledger), `move`, `fail`, `require`, and five namespaces — `arg` (argument types),
`chance` (the game's random numbers), `expect` (a replay's checks), `errors` (the refusals besides fail and
require, StartError) and `picture` (the table as a picture: `from tischlein.engine import picture as pic`). The
other names here are the kernel's own and its callers' (the replay driver, the browser API, the tests).
"""
from __future__ import annotations

from . import arg, chance, errors, expect, picture
from .base import KERNEL_KEYS, Engine, count_components
from .errors import IllegalMove, InvalidMove, MoveError, StartError, fail, invalid, require
from .expect import MISSING, Check, at
from .moves import BOOL, INT, STR, Arg, LaterMoves, Move, MoveRow, choice, ids, move, one_id
from .privacy import Secret
from .rng import rng_below, rng_seed, rng_shuffle
from .setup import Ledger, Start, no_unknown_fields
from .state import GameState, Record

# What a game's engine and picture modules import from the kernel (tests/test_engine_contract.py holds them to it)
AUTHOR = ("Engine", "GameState", "Record", "Move", "Secret", "Start", "Ledger", "move", "fail", "require",
          "arg", "chance", "expect", "errors", "picture")

__all__ = ["KERNEL_KEYS", "count_components", "invalid", "Arg", "BOOL", "Check", "Engine", "GameState", "INT",
           "IllegalMove", "InvalidMove", "LaterMoves", "Ledger", "MISSING", "Move", "MoveError", "MoveRow", "Record",
           "STR", "Secret", "Start", "StartError", "at", "choice", "fail", "ids", "move", "no_unknown_fields", "one_id",
           "require", "rng_below", "rng_seed", "rng_shuffle", "arg", "chance", "errors", "expect", "picture"]
