"""A sixth game that lives outside tischlein — Brotkorb, the game `tischlein new-game` writes: a content folder
and a game package (tischlein_brotkorb) — goes through every command with no edit anywhere else: the proof that a
game is one folder of content plus one code package, found here through $TISCHLEIN_GAMES_PATH (and installed as a
plugin distribution in tests/test_packaging.py)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from tischlein import games
from tischlein.cli import main


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    parent = tmp_path_factory.mktemp("projects")
    result = CliRunner().invoke(main, ["new-game", "Brotkorb", "--dir", str(parent)])
    assert result.exit_code == 0, result.output
    return parent / "brotkorb"


@pytest.fixture
def content(project) -> str:
    return str(project / "content")


@pytest.fixture(autouse=True)
def brotkorb_installed(monkeypatch, project):
    monkeypatch.setenv(games.PATH_VARIABLE, str(project))
    games.forget()
    yield
    monkeypatch.delenv(games.PATH_VARIABLE)
    games.forget()


def run(*args: str):
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def test_the_game_is_discovered_beside_the_five():
    assert "brotkorb" in games.specs() and "mahlzeit" in games.specs()
    assert games.spec("brotkorb").package == "tischlein_brotkorb"


def test_check_and_replay(content):
    result = run("check", "--content", content)
    assert result.exit_code == 0, result.output
    assert "ok: 1 game(s) (brotkorb)" in result.output
    result = run("replay", "brotkorb", "--json", "--content", content)
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["ok"] and report["examples"][0]["id"] == "one-bread-too-many"
    assert report["examples"][0]["steps"][0]["text"] == "Ada takes Roll."       # printed names, own messages


def test_pdf(content, tmp_path):
    result = run("pdf", "brotkorb", "--content", content, "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    reader = PdfReader(tmp_path / "pdf" / "brotkorb" / "brotkorb-en-a4.pdf")
    text = "".join(page.extract_text() for page in reader.pages)
    assert "Bread cards" in text and "Pretzel" in text and "The big one" in text    # the game's own ui string


def test_simulate(content):
    result = run("simulate", "brotkorb", "--games", "50", "--json", "--content", content)
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["games"] == 50 and report["failures"] == []


def test_site(content, tmp_path):
    result = run("site", "--content", content, "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    site = tmp_path / "site" / "brotkorb"
    example = (site / "examples" / "one-bread-too-many" / "index.html").read_text(encoding="utf-8")
    assert "One bread too many" in example and "Ada takes Roll." in example
    assert "Take a bread" in (site / "rules" / "index.html").read_text(encoding="utf-8")
