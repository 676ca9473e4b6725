"""Shared fixtures. Keep this small: fixtures used by one test file belong in that file.

A per-game test file names its game in a module constant `GAME` ("diced-veggies"); `game_id`, `game`, `model`,
`data` and `copy` are then that game's. A file that runs every game (test_content.py) parametrises `game_id`."""
from __future__ import annotations

from pathlib import Path

import pytest

from content_tools import copy_content, load_game
from engine_tools import repository_content
from site_tools import BuiltSite, build_repository_site
from tischlein.content import loader

# Tests that share the session's site build (site_tools.py) run in one pytest-xdist worker, so it is built once;
# every other file keeps its tests together, so its module fixtures are built once too (`make test` runs
# `pytest -n auto --dist loadgroup`).
SITE_READERS = ("tests/browser/", "tests/test_example_pages.py")
OWN_SITE = ("tests/browser/test_untrusted_pages.py",)     # browser tests of a site they build themselves
# The longest groups start first, so no worker is left running one of them alone at the end (in a 2-worker run the
# byte-identity build, the incremental builds and the packaging venv came last and took the final 6 minutes).
LONG_FIRST = ("site", "tests/test_parallel_builds.py", "tests/browser/test_untrusted_pages.py",
              "tests/test_packaging.py", "tests/test_builds.py")


def pytest_itemcollected(item):            # while collecting: xdist reads the groups in its modifyitems hook
    path = item.path.relative_to(item.config.rootpath).as_posix()
    reads = path.startswith(SITE_READERS) and not path.startswith(OWN_SITE)
    item.add_marker(pytest.mark.xdist_group("site" if reads else path))


def pytest_collection_modifyitems(items):
    def rank(item) -> int:
        group = item.get_closest_marker("xdist_group").args[0]
        return LONG_FIRST.index(group) if group in LONG_FIRST else len(LONG_FIRST)
    items.sort(key=rank)                     # stable: the order inside a group stays


_BUSY: dict[str, float] = {}          # seconds of test time per xdist worker, as the controller hears of it


def pytest_runtest_logreport(report):
    worker = getattr(report, "node", None)   # set by xdist on the controller
    if worker is not None:
        name = worker.gateway.id
        _BUSY[name] = _BUSY.get(name, 0.0) + report.duration


def pytest_terminal_summary(terminalreporter):
    """How long each worker ran tests: the run ends with the busiest, so the gap is what better grouping gains."""
    if _BUSY:
        terminalreporter.write_line("test time per worker: " + ", ".join(
            f"{name} {seconds:.0f} s" for name, seconds in sorted(_BUSY.items())))


@pytest.fixture(scope="session")
def content() -> loader.Content:
    """The repository's content, loaded once per test run."""
    return repository_content()


@pytest.fixture(scope="session")
def repository_site(tmp_path_factory) -> BuiltSite:
    """The repository's site (every game and language), built once per session; see site_tools.py."""
    return build_repository_site(tmp_path_factory.mktemp("site-out"))


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
