"""Mahlzeit's worked examples: each replays as expected, matches its golden playthrough, and
`tischlein replay` reports OK / DIFFERS with the right exit code.

Golden files: tests/golden/mahlzeit/<example id>.txt. After an intended change, rewrite them with
`UPDATE_GOLDEN=1 .venv/bin/pytest tests/test_replay_mahlzeit.py` and review the diff.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from golden_tools import assert_matches_golden
from click.testing import CliRunner

from tischlein.cli import main
from tischlein.engine import mahlzeit
from tischlein.engine.core import render_replay, run_replay

CONTENT = Path(__file__).resolve().parents[1] / "content"
EXAMPLES = CONTENT / "games" / "mahlzeit" / "examples"
GOLDEN = Path(__file__).resolve().parent / "golden" / "mahlzeit"
IDS = sorted(p.stem for p in EXAMPLES.glob("*.yaml"))

# The rulebook's worked examples that must each have a replay (the brief's list), by example id.
REQUIRED = {"max-takes-onions", "silke-currywurst", "max-discards-two", "thorsten-dirty-pots",
            "thorsten-dirty-pots-empty-hand", "spoon-picture-d", "example-scoring"}


@pytest.fixture(scope="module")
def game(content):
    return content.games["mahlzeit"]


@pytest.fixture(scope="module")
def data(game):
    return game.model.engine_data()


def example(game, example_id: str) -> dict:
    return next(e for e in game.examples if e["id"] == example_id)


def test_every_example_file_is_loaded_and_the_rulebook_examples_exist(game):
    assert sorted(e["id"] for e in game.examples) == IDS
    assert REQUIRED <= set(IDS)
    for e in game.examples:
        assert Path(e["_file"]).stem == e["id"], "an example's id is its file name"


@pytest.mark.parametrize("example_id", IDS)
def test_example_replays_as_expected(game, data, example_id):
    ex = example(game, example_id)
    result = run_replay(mahlzeit, data, ex, game.messages)
    assert result["error"] is None, result["error"]
    assert result["expect"]["differences"] == []
    assert all(item["ok"] for item in result["illegal"]), [i["problem"] for i in result["illegal"]]
    assert result["ok"]
    assert ex["expect"], "every example states what must hold at its end"


@pytest.mark.parametrize("example_id", IDS)
def test_golden_playthrough(game, data, example_id):
    ex = example(game, example_id)
    text = render_replay(run_replay(mahlzeit, data, ex, game.messages), ex, notes=False)
    assert_matches_golden(text, GOLDEN / f"{example_id}.txt")


def test_no_stale_golden_files():
    assert sorted(p.stem for p in GOLDEN.glob("*.txt")) == IDS


def test_illegal_items_are_checked_against_their_rule(game, data):
    ex = json.loads(json.dumps(example(game, "silke-currywurst-as-printed")))
    ex["illegal"][0]["rule"] = "mahlzeit.turn.drink"
    result = run_replay(mahlzeit, data, ex, game.messages)
    assert not result["ok"]
    assert "rejected under mahlzeit.turn.lay, expected mahlzeit.turn.drink" in result["illegal"][0]["problem"]
    ex["illegal"][0] = {"player": "Silke", "move": "end_turn", "rule": "mahlzeit.turn.discard"}   # legal
    result = run_replay(mahlzeit, data, ex, game.messages)
    assert result["illegal"][0]["problem"] == "the move was accepted, expected a rejection"


def test_a_replay_with_an_illegal_step_differs(game, data):
    ex = json.loads(json.dumps(example(game, "silke-currywurst")))
    ex["moves"][1]["args"]["ingredients"][2] = "weisswurst-1"
    result = run_replay(mahlzeit, data, ex, game.messages)
    assert not result["ok"] and "move 2" in result["error"] and "mahlzeit.turn.lay" in result["error"]
    assert result["steps"][-1]["legal"] is False


def test_unknown_expect_fields_are_differences_not_ignored(game, data):
    ex = json.loads(json.dumps(example(game, "max-takes-onions")))
    ex["expect"]["players"]["Max"]["hnad"] = []
    result = run_replay(mahlzeit, data, ex, game.messages)
    assert not result["ok"] and "unknown field hnad" in result["expect"]["differences"][0]


def test_silke_erratum_is_recorded(game):
    for example_id in ("silke-currywurst", "silke-currywurst-as-printed"):
        erratum = example(game, example_id)["erratum"]
        assert "Weißwurst" in erratum["says"] and "Currysauce" in erratum["uses"]


# --- the command ------------------------------------------------------------------------------------------

def replay(*args: str):
    result = CliRunner().invoke(main, ["replay", "mahlzeit", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


@pytest.fixture()
def copy(tmp_path: Path) -> Path:
    target = tmp_path / "content"
    shutil.copytree(CONTENT, target)
    return target


def test_replay_command_all_ok():
    result = replay("--content", str(CONTENT))
    assert result.exit_code == 0, result.output
    assert f"{len(IDS)} example(s): all OK" in result.output
    assert "Note: Max takes the fried onions" in result.output


def test_replay_command_one_example_and_json():
    result = replay("example-scoring", "--json", "--content", str(CONTENT))
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["ok"] and [e["id"] for e in out["examples"]] == ["example-scoring"]
    assert out["examples"][0]["illegal"][0]["got"]["rule"] == "mahlzeit.end"


def test_replay_command_reads_a_file(tmp_path):
    file = tmp_path / "mine.yaml"
    text = (EXAMPLES / "silke-currywurst.yaml").read_text(encoding="utf-8")
    file.write_text(text.replace("id: silke-currywurst", "id: mine"), encoding="utf-8")
    result = replay(str(file), "--content", str(CONTENT))
    assert result.exit_code == 0, result.output
    assert "OK       mine" in result.output


def test_replay_command_unknown_example_is_a_usage_error():
    result = replay("no-such-example", "--content", str(CONTENT))
    assert result.exit_code == 2 and "known:" in result.output


def test_replay_command_tampered_expect_exits_1(copy):
    path = copy / "games" / "mahlzeit" / "examples" / "example-scoring.yaml"
    text = path.read_text(encoding="utf-8")
    assert "      score: 21\n" in text
    path.write_text(text.replace("      score: 21\n", "      score: 22\n"), encoding="utf-8")
    result = replay("--content", str(copy))
    assert result.exit_code == 1
    assert "DIFFERS  example-scoring" in result.output
    assert "players.Silke.score: expected 22, got 21" in result.output
    assert "OK       silke-currywurst\n" in result.output


def test_replay_command_tampered_illegal_rule_exits_1(copy):
    path = copy / "games" / "mahlzeit" / "examples" / "spoon-picture-d.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("    from: start\n    rule: mahlzeit.spoon", "    from: start\n    rule: mahlzeit.turn.take"),
                    encoding="utf-8")
    result = replay("spoon-picture-d", "--content", str(copy))
    assert result.exit_code == 1
    assert "DIFFERS: rejected under mahlzeit.spoon, expected mahlzeit.turn.take" in result.output


def test_replay_command_content_error_exits_1_with_file_and_line(copy):
    path = copy / "games" / "mahlzeit" / "examples" / "max-takes-onions.yaml"
    text = path.read_text(encoding="utf-8")
    assert "    args: {row: 1}\n" in text
    path.write_text(text.replace("    args: {row: 1}\n", "    args: seven\n", 1), encoding="utf-8")
    result = replay("--content", str(copy))
    assert result.exit_code == 1
    assert "max-takes-onions.yaml:" in result.output and "expected a mapping" in result.output
