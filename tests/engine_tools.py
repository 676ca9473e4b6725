"""Every game's engine, for tests: the game packages found by discovery, bound to the repository's content."""
from __future__ import annotations

from functools import cache
from pathlib import Path

from tischlein import games
from tischlein.content import loader

CONTENT = Path(__file__).resolve().parents[1] / "content"
ENGINE_GAMES = sorted(gid for gid, spec in games.specs().items() if spec.engine_class is not None)
CALCULATORS = sorted(gid for gid, spec in games.specs().items() if spec.calculator is not None)


@cache
def repository_content() -> loader.Content:
    """The repository's content, loaded once per test run."""
    return loader.load(CONTENT)


@cache
def engine_for(game_id: str):
    """The game's Engine, bound to the game data the content compiles."""
    return games.spec(game_id).engine_class(repository_content().games[game_id].model.engine_data())


def refusal_keys(source: str) -> set[str]:
    """The message keys of an engine's refusals in its source: the key argument of every fail, invalid,
    IllegalMove and InvalidMove (after the rule) and require (after the condition and the rule) call that
    names it as a string. Read from the syntax tree: a condition with commas or a call over several lines
    does not hide a key, as it did from a regular expression."""
    import ast

    position = {"fail": 1, "invalid": 1, "IllegalMove": 1, "InvalidMove": 1, "require": 2}
    keys = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in position:
            at = position[node.func.id]
            if len(node.args) > at and isinstance(node.args[at], ast.Constant) and isinstance(node.args[at].value,
                                                                                                str):
                keys.add(node.args[at].value)
    return keys
