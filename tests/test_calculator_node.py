"""One scoring, written twice, tested as one: each game's calculator.js (the page's `score(data, input)`) scores
the same states as the engine's Python `score()`, under Node, and both must give the same parts, totals and
winners. The states are the agreement cases of tests/calculator_cases.py (playouts, ties, built positions, the
worked examples); the calculator reads its input from the state as the site builds it (site/calculator.py
`to_input`)."""
from __future__ import annotations

import copy
import json
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from calculator_cases import PERTURB, VARIANTS, cases
from engine_tools import CALCULATORS, ENGINE_GAMES, engine_for, repository_content
from tischlein import games
from tischlein.site import calculator

ROOT = Path(__file__).resolve().parents[1]
SCORE_JS = ROOT / "tests" / "node" / "score.mjs"
RANK_JS = ROOT / "site" / "assets" / "js" / "calc" / "rank.js"
NODE = shutil.which("node")

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")


@pytest.fixture(scope="module")
def content():
    return repository_content()


@pytest.fixture(scope="module")
def calc_dir(tmp_path_factory):
    """The calculators as the site places them: assets/js/calc/<game id>.js beside rank.js, as ES modules."""
    folder = tmp_path_factory.mktemp("calc")
    (folder / "package.json").write_text('{"type": "module"}')
    shutil.copyfile(RANK_JS, folder / "rank.js")
    for game_id in CALCULATORS:
        shutil.copyfile(games.spec(game_id).calculator_js, folder / f"{game_id}.js")
    return folder


def run_js(folder: Path, game_id: str, calc_data: dict, inputs: list[dict]) -> list[dict]:
    """score(data, input) of the game's calculator in `folder` for every input, run by Node."""
    job = json.dumps({"module": str(folder / f"{game_id}.js"), "data": calc_data, "inputs": inputs})
    done = subprocess.run([NODE, str(SCORE_JS)], input=job, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def project(engine_rows, js_rows):
    """The engine's score rows cut to the parts the calculator gives."""
    keys = set(js_rows[0]) if js_rows else set()
    return [{k: row[k] for k in keys if k in row} for row in engine_rows]


@pytest.mark.parametrize("game_id", CALCULATORS)
def test_calculator_agrees_with_engine(game_id, content, calc_dir):
    if game_id not in ENGINE_GAMES:
        pytest.skip(f"{game_id}: no rules engine yet (the calculator page says the check is pending)")
    game = content.games[game_id]
    data = game.model.engine_data()
    engine = engine_for(game_id)
    started = time.perf_counter()
    states = cases(game, data)
    expected = [{"players": engine.score(s), "winners": list(engine.winners(s))} for s in states]
    inputs = [calculator.to_input(game_id, data, s.to_dict()) for s in states]
    built = time.perf_counter() - started
    started = time.perf_counter()
    got = run_js(calc_dir, game_id, calculator.score_data(game_id, data), inputs)
    js = time.perf_counter() - started
    print(f"\n{game_id}: {len(states)} final states; engine + inputs {built:.2f} s, JS under Node {js * 1000:.0f} ms")
    omitted = calculator.not_scored(game_id)
    mismatches = []
    for i, (want, have) in enumerate(zip(expected, got)):
        for row in have["players"]:
            assert set(row) | omitted >= {k for r in want["players"] for k in r}, (set(row), want["players"][0])
        if project(want["players"], have["players"]) != have["players"] or want["winners"] != have["winners"]:
            mismatches.append({"case": i, "input": inputs[i], "engine": want, "js": have})
    assert not mismatches, json.dumps(mismatches[:3], indent=1, ensure_ascii=False)
    # the cases cover what matters: ties on the total, several winners, special cards (Mahlzeit)
    if game_id == "mahlzeit" or game_id in VARIANTS:
        assert any(len(w["winners"]) > 1 for w in expected)
        assert any(len({p["total"] for p in w["players"]}) < len(w["players"]) for w in expected)
    if game_id == "mahlzeit":
        flat = [p for w in expected for p in w["players"]]
        assert any(p["hat"] for p in flat) and any(p["specials"] for p in flat) and any(p["dirty_pots"] for p in flat)
        assert any(len(w["winners"]) == 1 and len({p["total"] for p in w["players"]}) < len(w["players"])
                   and max(p["total"] for p in w["players"]) == sorted(p["total"] for p in w["players"])[-2]
                   for w in expected), "no case where the drinks tie-break decides"




@pytest.mark.parametrize("game_id", ["mahlzeit", "diced-veggies", "ta-na-mesa"])
def test_calculator_reads_values_from_content(game_id, content, calc_dir):
    """Change every number in the engine data (points, values): engine and calculator still agree, so no
    value is written into the JS."""
    game = content.games[game_id]
    engine = engine_for(game_id)
    sample = cases(game, game.model.engine_data())[:150]
    original = [engine.score(s) for s in sample]
    data = copy.deepcopy(game.model.engine_data())
    PERTURB[game_id](data)
    perturbed = type(engine)(data)                          # the same rules with other numbers
    states = [perturbed.from_dict(s.to_dict()) for s in sample]
    expected = [{"players": perturbed.score(s), "winners": list(perturbed.winners(s))} for s in states]
    inputs = [calculator.to_input(game_id, data, s.to_dict()) for s in states]
    got = run_js(calc_dir, game_id, calculator.score_data(game_id, data), inputs)
    assert [project(w["players"], h["players"]) for w, h in zip(expected, got)] == [h["players"] for h in got]
    assert [w["winners"] for w in expected] == [h["winners"] for h in got]
    assert [w["players"] for w in expected] != original, "the perturbation changed nothing"


def test_a_wrong_calculator_is_caught(calc_dir, content):
    """The comparison sees a difference: a calculator that adds one point to every total disagrees."""
    game_id = "mahlzeit"
    game = content.games[game_id]
    data = game.model.engine_data()
    engine = engine_for(game_id)
    states = cases(game, data)[:20]
    source = (calc_dir / f"{game_id}.js").read_text()
    (calc_dir / "wrong.js").write_text(source.replace("export function score(", "function right(") +
                                       "\nexport function score(data, input) {\n  const r = right(data, input);\n"
                                       "  for (const p of r.players) p.total += 1;\n  return r;\n}\n")
    inputs = [calculator.to_input(game_id, data, s.to_dict()) for s in states]
    got = run_js(calc_dir, "wrong", calculator.score_data(game_id, data), inputs)
    assert all(p["total"] == w["total"] + 1 for s, g in zip(states, got)
               for p, w in zip(g["players"], engine.score(s)))
