"""Shared fixtures. Keep this small: fixtures used by one test file belong in that file.

A per-game test file names its game in a module constant `GAME` ("diced-veggies"); `game_id`, `game`, `model`,
`data` and `copy` are then that game's. A file that runs every game (test_content.py) parametrises `game_id`."""
from __future__ import annotations

from pathlib import Path

import pytest

from content_tools import copy_content, load_game
from engine_tools import repository_content
from tischlein.content import loader


@pytest.fixture(scope="session")
def content() -> loader.Content:
    """The repository's content, loaded once per test run."""
    return repository_content()


@pytest.fixture(scope="module")
def game_id(request) -> str:
    """The game of a per-game test file: its module constant GAME."""
    return request.module.GAME


@pytest.fixture(scope="module")
def game(game_id):
    """The game's content (loaded alone, without errors)."""
    return load_game(game_id).games[game_id]


@pytest.fixture(scope="module")
def model(game):
    return game.model


@pytest.fixture(scope="module")
def data(game) -> dict:
    """The game data the engine reads."""
    return game.model.engine_data()


@pytest.fixture()
def copy(tmp_path: Path, game_id) -> Path:
    """A copy of the content with this game only (and the UI strings), to break on purpose."""
    return copy_content(tmp_path, game_id)
