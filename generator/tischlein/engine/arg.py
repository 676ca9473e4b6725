"""The argument types of a move, one namespace for a rules author: `@move("take", rule=…, card=arg.one_id())`.

`arg.INT`, `arg.STR`, `arg.BOOL`; `arg.ids(attr)` / `arg.one_id(attr)` (ids the engine knows in its attribute
`attr`), `arg.choice(*values)`, and `arg.Arg` for anything else (see moves.py).
"""
from __future__ import annotations

from .moves import BOOL, INT, STR, Arg, choice, ids, one_id

__all__ = ["Arg", "BOOL", "INT", "STR", "choice", "ids", "one_id"]
