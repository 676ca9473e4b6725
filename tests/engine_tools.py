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
