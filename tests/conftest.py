"""Shared fixtures. Keep this small: fixtures used by one test file belong in that file."""
from __future__ import annotations

from pathlib import Path

import pytest

from tischlein.content import loader

CONTENT = Path(__file__).resolve().parents[1] / "content"


@pytest.fixture(scope="session")
def content() -> loader.Content:
    """The repository's content, loaded once per test run."""
    return loader.load(CONTENT)
