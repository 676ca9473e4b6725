"""Every game's worked examples: each replays as expected and matches its golden playthrough, and
`tischlein replay` reports OK / DIFFERS with the right exit code.

Golden files: tests/golden/<game>/<example id>.txt, the replay as text with engine output only (no notes).
After an intended change, rewrite them with `UPDATE_GOLDEN=1 .venv/bin/pytest tests/test_replays.py` and review
the diff.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from engine_tools import ENGINE_GAMES, engine_for, repository_content
from golden_tools import GOLDEN, assert_matches_golden

from tischlein.cli import main
from tischlein.engine import replay

CONTENT = Path(__file__).resolve().parents[1] / "content"
EXAMPLES = [(game_id, ex["id"]) for game_id in ENGINE_GAMES for ex in repository_content().games[game_id].examples]


def example(game_id: str, example_id: str) -> dict:
    return next(e for e in repository_content().games[game_id].examples if e["id"] == example_id)


def run(game_id: str, ex: dict) -> dict:
    return replay.run(engine_for(game_id), ex, repository_content().games[game_id].engine_messages("en"))


@pytest.mark.parametrize("game_id, example_id", EXAMPLES)
def test_example_replays_as_expected_and_matches_its_golden_playthrough(game_id, example_id):
    ex = example(game_id, example_id)
    result = run(game_id, ex)
    assert result["error"] is None, result["error"]
    assert result["expect"]["differences"] == []
    assert all(item["ok"] for item in result["illegal"]), [i["problem"] for i in result["illegal"]]
    assert result["ok"]
    assert ex["expect"], "every example states what must hold at its end"
    assert Path(ex["_file"]).stem == example_id, "an example's id is its file name"
    json.dumps(result)                                              # JSON-able all the way
    assert_matches_golden(replay.render(result, ex, notes=False), GOLDEN / game_id / f"{example_id}.txt")


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_every_game_has_examples_and_no_stale_golden_files(game_id):
    ids = sorted(e for g, e in EXAMPLES if g == game_id)
    assert ids, f"{game_id} has no worked example"
    assert sorted(p.stem for p in (GOLDEN / game_id).glob("*.txt")) == ids


def test_illegal_items_are_checked_against_their_rule():
    ex = json.loads(json.dumps(example("mahlzeit", "silke-currywurst-as-printed")))
    ex["illegal"][0]["rule"] = "mahlzeit.turn.drink"
    result = run("mahlzeit", ex)
    assert not result["ok"]
    assert "rejected under mahlzeit.turn.lay, expected mahlzeit.turn.drink" in result["illegal"][0]["problem"]
    ex["illegal"][0] = {"player": "Silke", "move": "end_turn", "rule": "mahlzeit.turn.discard"}   # legal
    result = run("mahlzeit", ex)
    assert result["illegal"][0]["problem"] == "the move was accepted, expected a rejection"


def test_a_replay_with_an_illegal_step_differs():
    ex = json.loads(json.dumps(example("mahlzeit", "silke-currywurst")))
    ex["moves"][1]["args"]["ingredients"][2] = "weisswurst-1"
    result = run("mahlzeit", ex)
    assert not result["ok"]
    assert (result["error"]["index"], result["error"]["rule"], result["error"]["kind"]) == (1, "mahlzeit.turn.lay",
                                                                                          "illegal")
    assert result["steps"][-1]["legal"] is False
    assert "ERROR: move 2 is refused: mahlzeit.turn.lay: " in replay.render(result, ex)


def test_unknown_expect_fields_are_differences_not_ignored():
    ex = json.loads(json.dumps(example("mahlzeit", "max-takes-onions")))
    ex["expect"]["players"]["Max"]["hnad"] = []
    result = run("mahlzeit", ex)
    assert not result["ok"] and "unknown field hnad" in result["expect"]["differences"][0]


# --- the command ------------------------------------------------------------------------------------------

def replay_command(game_id: str, *args: str):
    result = CliRunner().invoke(main, ["replay", game_id, *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


@pytest.fixture()
def copy(tmp_path: Path) -> Path:
    target = tmp_path / "content"
    shutil.copytree(CONTENT, target)
    return target


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_replay_command_all_ok(game_id):
    result = replay_command(game_id, "--content", str(CONTENT))
    assert result.exit_code == 0, result.output
    count = sum(1 for g, _ in EXAMPLES if g == game_id)
    assert f"{count} example(s): all OK" in result.output


def test_replay_command_prints_the_notes():
    result = replay_command("mahlzeit", "max-takes-onions", "--content", str(CONTENT))
    assert "Note: Max takes the fried onions" in result.output


def test_replay_command_one_example_and_json():
    result = replay_command("mahlzeit", "example-scoring", "--json", "--content", str(CONTENT))
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["ok"] and [e["id"] for e in out["examples"]] == ["example-scoring"]
    assert out["examples"][0]["illegal"][0]["got"]["rule"] == "mahlzeit.end"


def test_replay_command_reads_a_file(tmp_path):
    file = tmp_path / "mine.yaml"
    text = (CONTENT / "games" / "mahlzeit" / "examples" / "silke-currywurst.yaml").read_text(encoding="utf-8")
    file.write_text(text.replace("id: silke-currywurst", "id: mine"), encoding="utf-8")
    result = replay_command("mahlzeit", str(file), "--content", str(CONTENT))
    assert result.exit_code == 0, result.output
    assert "OK       mine" in result.output


def test_replay_command_unknown_example_or_game_is_a_usage_error():
    result = replay_command("mahlzeit", "no-such-example", "--content", str(CONTENT))
    assert result.exit_code == 2 and "known:" in result.output
    result = replay_command("no-such-game", "--content", str(CONTENT))
    assert result.exit_code == 2 and "mahlzeit" in result.output


def test_replay_command_tampered_expect_exits_1(copy):
    path = copy / "games" / "mahlzeit" / "examples" / "example-scoring.yaml"
    text = path.read_text(encoding="utf-8")
    assert "      score: 21\n" in text
    path.write_text(text.replace("      score: 21\n", "      score: 22\n"), encoding="utf-8")
    result = replay_command("mahlzeit", "--content", str(copy))
    assert result.exit_code == 1
    assert "DIFFERS  example-scoring" in result.output
    assert "players.Silke.score: expected 22, got 21" in result.output
    assert "OK       silke-currywurst\n" in result.output


def test_replay_command_tampered_illegal_rule_exits_1(copy):
    path = copy / "games" / "mahlzeit" / "examples" / "spoon-picture-d.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("    from: start\n    rule: mahlzeit.spoon", "    from: start\n    rule: mahlzeit.turn.take"),
                    encoding="utf-8")
    result = replay_command("mahlzeit", "spoon-picture-d", "--content", str(copy))
    assert result.exit_code == 1
    assert "DIFFERS: rejected under mahlzeit.spoon, expected mahlzeit.turn.take" in result.output


def test_replay_command_content_error_exits_1_with_file_and_line(copy):
    path = copy / "games" / "mahlzeit" / "examples" / "max-takes-onions.yaml"
    text = path.read_text(encoding="utf-8")
    assert "    args: {row: 1}\n" in text
    path.write_text(text.replace("    args: {row: 1}\n", "    args: seven\n", 1), encoding="utf-8")
    result = replay_command("mahlzeit", "--content", str(copy))
    assert result.exit_code == 1
    assert "max-takes-onions.yaml:" in result.output and "expected a mapping" in result.output
