"""Shared fixtures. Keep this small: fixtures used by one test file belong in that file."""
from __future__ import annotations

import pytest

from engine_tools import repository_content
from tischlein.content import loader


@pytest.fixture(scope="session")
def content() -> loader.Content:
    """The repository's content, loaded once per test run."""
    return repository_content()
