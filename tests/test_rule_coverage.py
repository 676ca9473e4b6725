"""Rule coverage: every rule id is exercised by a replay, and every rule whose text forbids or limits something
is shown refused by an `illegal` item (engine/coverage.py; `tischlein replay GAME --coverage`)."""
from __future__ import annotations

import json

import pytest

from engine_tools import ENGINE_GAMES, engine_for, repository_content
from tischlein.cli.replay import rule_texts
from tischlein.engine import replay
from tischlein.engine.coverage import coverage, limiting_words


def _rows(game_id: str, examples=None):
    game = repository_content().games[game_id]
    engine = engine_for(game_id)
    examples = game.examples if examples is None else examples
    results = [(ex, replay.run(engine, ex, game.engine_messages("en"))) for ex in examples]
    return coverage(engine, rule_texts(game), results)


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_every_rule_is_covered_by_the_replays(game_id):
    gaps = [f"{row.rule}: {gap}" for row in _rows(game_id) for gap in row.gaps]
    assert gaps == []


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_every_exemption_names_a_rule_that_limits(game_id):
    """NO_REFUSAL may only excuse a rule the classifier flags, with a reason: not a way to hide a gap."""
    rows = {row.rule: row for row in _rows(game_id)}
    for rule, reason in getattr(engine_for(game_id), "NO_REFUSAL", {}).items():
        assert rule in rows and rows[rule].limits and len(reason) > 20, rule


def test_a_missing_replay_and_a_missing_refusal_are_gaps():
    examples = [e for e in repository_content().games["suppenkasper"].examples
                if e["id"] not in ("trick-goes-round", "special-cards-need-their-meal")]
    gaps = {row.rule: row.gaps for row in _rows("suppenkasper", examples) if row.gaps}
    assert gaps["suppenkasper.trick"] == ["no replay exercises it"]
    assert "no illegal item" in gaps["suppenkasper.special.nasch-katze"][0]


def test_limiting_words():
    assert limiting_words("You **may not** add it. Only Müsli, never Fisch; at most 3.") == \
        ["may not", "only", "never", "at most"]
    assert limiting_words("Eat the meal and move up.") == []


def test_replay_coverage_command():
    from click.testing import CliRunner

    from tischlein.cli import main
    result = CliRunner().invoke(main, ["replay", "ta-na-mesa", "--coverage"])
    assert result.exit_code == 0, result.output
    assert "0 gap(s)" in result.output and "ta-na-mesa.season.draft" in result.output
    data = json.loads(CliRunner().invoke(main, ["replay", "mahlzeit", "--coverage", "--json"]).output)
    assert data["ok"] and {r["rule"] for r in data["rules"]} >= {"mahlzeit.spoon", "mahlzeit.setup.rows"}
