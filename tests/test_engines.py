"""What every game's rules engine must do, checked for every game package with an engine (a new game is covered
without touching this file).

Properties over random playouts whose game seed and choice seed hypothesis draws:

  * no card, die or token is created or lost: `census` is empty after every move;
  * a move the rules forbid raises MoveError (IllegalMove, or InvalidMove when malformed) with a rule id of the
    game and leaves the state untouched (the forbidden moves are made by mutating legal ones: wrong player,
    unknown move, bogus or missing arguments); no other exception escapes `apply`;
  * the final scores can be recomputed from the final state alone: score(from_dict(to_dict(final))) gives the
    same totals and the same winners.

Deterministic for CI: derandomized, no example database, a few examples per game.
"""
from __future__ import annotations

import ast
import json
import random
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from engine_tools import ENGINE_GAMES, engine_for, repository_content
from tischlein import games
from tischlein.engine import KERNEL_KEYS, Move, MoveError

NAMES = ("Ada", "Ben", "Cem", "Dana", "Eli", "Fay")
# No shrinking: a failing playout is reported with its seeds at once (shrinking whole games takes minutes).
PROFILE = settings(max_examples=3, deadline=None, derandomize=True, database=None,
                   phases=[Phase.explicit, Phase.reuse, Phase.generate],
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

@pytest.fixture(scope="module")
def bundles(content):
    """Per game: (engine, player-count range, rule ids)."""
    out = {}
    for game_id in ENGINE_GAMES:
        engine = engine_for(game_id)
        out[game_id] = (engine, (engine.min_players, min(engine.max_players, len(NAMES))),
                        {r.id for r in content.games[game_id].rules})
    return out


def _snapshot(engine, state) -> str:
    return json.dumps(engine.to_dict(state), sort_keys=True, default=str)


def _mutations(move: Move, names: list[str], rng: random.Random) -> list[Move]:
    """Moves derived from a legal one that are (almost always) illegal."""
    out = [Move("Nobody", move.name, dict(move.args)), Move(move.player, "no-such-move", dict(move.args))]
    others = [n for n in names if n != move.player]
    if others:
        out.append(Move(rng.choice(others), move.name, dict(move.args)))
    for key in move.args:
        args = dict(move.args)
        del args[key]
        out.append(Move(move.player, move.name, args))
        for bogus in ("zzz-99", None, 99, -1, [], ["zzz-99"], {"x": 1}):
            out.append(Move(move.player, move.name, {**move.args, key: bogus}))
    rng.shuffle(out)
    return out[:6]


def _check_rejection(engine, state, move: Move, rule_ids: set[str]) -> None:
    before = _snapshot(engine, state)
    try:
        engine.apply(state, move)
    except MoveError as err:
        assert err.rule in rule_ids, f"{move}: rejected under unknown rule id {err.rule!r}"
        assert err.key, f"{move}: rejection without a message key"
    # a mutation may happen to be legal (another card of the same kind): then nothing to check but the input
    assert _snapshot(engine, state) == before, f"{move} changed the state it was applied to"


def _play(bundle, players: int, seed: int, rng: random.Random, probe_every: int, probes: int = 20):
    """Play one random game, checking the census after every move and probing `probes` times (every
    `probe_every` moves) with mutated moves. Returns (engine, final state)."""
    engine, _, rule_ids = bundle
    names = list(NAMES[:players])
    state = engine.new_game(names, seed)
    assert engine.census(state) == []
    for step in range(engine.PLAYOUT_MOVES):
        if engine.is_over(state):
            return engine, state
        legal = engine.legal_moves(state)
        assert legal, f"seed {seed}: no legal move after {step} moves and the game is not over"
        kind = rng.choice(sorted({m.name for m in legal}))
        move = rng.choice([m for m in legal if m.name == kind])
        if step % probe_every == 0 and step // probe_every < probes:
            for bad in _mutations(move, names, rng):
                _check_rejection(engine, state, bad, rule_ids)
        state = engine.apply(state, move)
        problems = engine.census(state)
        assert problems == [], f"seed {seed}, move {step + 1} ({move}): {problems}"
    raise AssertionError(f"seed {seed}: the game did not end within {engine.PLAYOUT_MOVES} moves")


GAME_IDS = ENGINE_GAMES


@pytest.mark.parametrize("game_id", GAME_IDS)
@PROFILE
@given(seed=st.integers(0, 2**32 - 1), choice_seed=st.integers(0, 2**32 - 1), which=st.integers(0, 5))
def test_random_playouts_keep_every_component_and_reject_cleanly(bundles, game_id, seed, choice_seed, which):
    low, high = bundles[game_id][1]
    players = low + which % (high - low + 1)
    _play(bundles[game_id], players, seed, random.Random(choice_seed), probe_every=7)


@pytest.mark.parametrize("game_id", GAME_IDS)
@PROFILE
@given(seed=st.integers(0, 2**32 - 1), choice_seed=st.integers(0, 2**32 - 1))
def test_final_scores_can_be_recomputed_from_the_final_state(bundles, game_id, seed, choice_seed):
    low, high = bundles[game_id][1]
    engine, final = _play(bundles[game_id], max(low, min(2, high)), seed, random.Random(choice_seed),
                          probe_every=10**9)
    again = engine.from_dict(json.loads(json.dumps(engine.to_dict(final))))
    assert [(s["player"], s["total"]) for s in engine.score(again)] == \
           [(s["player"], s["total"]) for s in engine.score(final)]
    assert engine.winners(again) == engine.winners(final)
    assert engine.is_over(again)


# --- `tischlein simulate` -----------------------------------------------------------------------------------------

def _simulate(*args):
    from click.testing import CliRunner

    from tischlein.cli import main
    result = CliRunner().invoke(main, ["simulate", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def test_simulate_is_deterministic_and_reports_the_figures():
    first = _simulate("suppenkasper", "--games", "4", "--seed", "5", "--json")
    assert first.exit_code == 0, first.output
    assert first.output == _simulate("suppenkasper", "--games", "4", "--seed", "5", "--json").output
    report = json.loads(first.output)
    assert report["games"] == 4 and report["failures"] == [] and "games_per_second" not in report
    assert {"moves", "rounds"} <= set(report["length"]) and report["length"]["moves"]["min"] > 0
    assert set(report["score"]) >= {"min", "mean", "max", "stdev"}
    assert 0 <= report["first_player_win_rate"] <= 1 and len(report["seat_win_rate"]) == report["players"] == 3


def test_simulate_text_timing_and_errors():
    text = _simulate("suppenkasper", "--games", "2", "--players", "5")
    assert text.exit_code == 0 and "5 players" in text.output and "games/s" in text.output
    assert "rounds:" in text.output and "first player:" in text.output
    stuck = _simulate("mahlzeit", "--games", "2", "--max-moves", "3", "--json", "--timing")
    assert stuck.exit_code == 1
    report = json.loads(stuck.output)
    assert report["games_per_second"] > 0 and len(report["failures"]) == 2
    assert "did not end within 3 moves" in report["failures"][0]
    assert _simulate("no-such-game").exit_code == 2
    assert _simulate("suppenkasper", "--players", "2").exit_code == 2


# --- what an engine may import, and what the browser gets ---------------------------------------------------------

KERNEL = Path(games.__file__).resolve().parents[1] / "engine"


def _imports(path: Path, root: Path = KERNEL.parents[1]) -> set[str]:
    """The absolute module names a file imports (relative imports resolved against its package below `root`)."""
    package = ".".join(path.resolve().relative_to(root.resolve()).with_suffix("").parts[:-1])
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
            out.add(f"{base}.{node.module}" if node.level and node.module else base if node.level else node.module)
    return out


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_an_engine_imports_only_the_kernel_and_the_standard_library(game_id):
    spec = games.spec(game_id)
    allowed = set(sys.stdlib_module_names) | {"__future__"}
    parts = sorted([*spec.folder.glob("engine_*.py"), *spec.folder.glob("picture.py"),     # the browser runs all
                    *spec.folder.glob("policy.py")])
    for path in [spec.folder / "__init__.py", spec.folder / "engine.py", *parts, *sorted(KERNEL.glob("*.py"))]:
        for name in _imports(path):
            top = name.split(".")[0]
            ok = top in allowed or name.startswith(("tischlein.engine", f"{spec.package}.engine")) or \
                name in ("tischlein.games", "tischlein", f"{spec.package}.policy")
            assert ok, f"{path.name} imports {name}: an engine may import only the kernel and the standard library"


def test_the_browser_runs_every_engine_from_the_shipped_zip_alone(tmp_path):
    """What Pyodide gets: exactly the engine.zip the site ships, run with no site-packages, for every game."""
    from tischlein.site.assets import browser_modules, game_payload, zip_engine

    content = repository_content()
    zip_engine(tmp_path / "engine.zip", browser_modules(content))
    with zipfile.ZipFile(tmp_path / "engine.zip") as shipped:
        names = shipped.namelist()
        shipped.extractall(tmp_path)
    heavy = {"click", "yaml", "jsonschema", "reportlab", "markupsafe", "jinja2"}
    for name in names:
        assert not {m.split(".")[0] for m in _imports(tmp_path / name, tmp_path)} & heavy, f"{name} imports {heavy}"
    jobs = {g: {"game": game_payload(content.games[g], ["en"]),
                "example": {k: v for k, v in content.games[g].examples[0].items() if k != "_file"}}
            for g in ENGINE_GAMES}
    (tmp_path / "in.json").write_text(json.dumps(jobs))
    code = ("import json, sys; from tischlein.engine import api; jobs = json.load(open('in.json')); "
            "out = {g: api.run(j['game'], j['example'])['ok'] for g, j in jobs.items()}; "
            "drawn = {g: api.draw(j['game'], api.run(j['game'], j['example'])['start']['state']) for g, j in jobs.items()}; "
            "assert all(d['error'] is None and 'tl-picture' in d['html'] for d in drawn.values()), drawn; "
            "assert not [m for m in sys.modules if m.split('.')[0] in ('yaml', 'click', 'jsonschema', 'reportlab')]; "
            "print(json.dumps(out))")
    done = subprocess.run([sys.executable, "-S", "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {g: True for g in ENGINE_GAMES}


# --- messages and rule ids -------------------------------------------------------------------------------------

def _source(game_id: str) -> str:
    folder = games.spec(game_id).folder
    return "".join(p.read_text(encoding="utf-8") for p in [folder / "engine.py", *sorted(folder.glob("engine_*.py"))])


def _named_keys(game_id: str) -> set[str]:
    """The message keys the engine names: in fail(rule, key), invalid(rule, key), require(ok, rule, key),
    s.event(key) and wrong_phase=key (string constants only; f-strings are matched by prefix below)."""
    position = {"fail": 1, "invalid": 1, "require": 2, "event": 0}
    keys = set()
    for node in ast.walk(ast.parse(_source(game_id))):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            at = position.get(name)
            if at is not None and len(node.args) > at and isinstance(node.args[at], ast.Constant):
                keys.add(node.args[at].value)
            keys |= {k.value.value for k in node.keywords
                     if k.arg == "wrong_phase" and isinstance(k.value, ast.Constant)}
    return keys


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_every_message_key_has_a_text_in_every_language(game_id):
    game = repository_content().games[game_id]
    keys = _named_keys(game_id) | KERNEL_KEYS
    assert len(keys) > 20
    english = game.engine_messages("en")
    assert keys <= set(english), sorted(keys - set(english))
    literals = set(re.findall(r'"([a-z0-9_]+(?:\.[a-z0-9_]+)+)"', _source(game_id)))
    prefixes = {k.rsplit(".", 1)[0] + "." for k in re.findall(r'f"([a-z0-9_.]+)\{', _source(game_id))}
    # the words of a parameter's value (param.<name>.<value>) serve the messages that have that {name}
    placeholders = {p for text in english.values() for form in (text.values() if isinstance(text, dict) else [text])
                    for p in re.findall(r"\{(\w+)\}", str(form))}
    worded = {k for k in game.messages if k.startswith("param.") and k.split(".")[1] in placeholders}
    unused = {k for k in game.messages
              if k not in literals | KERNEL_KEYS | worded and not k.startswith(tuple(prefixes))}
    assert not unused, f"messages no engine code names: {sorted(unused)}"
    for lang in repository_content().languages[1:]:
        for key in keys:
            catalog, full = (game.catalog, f"messages:{key}") if key in game.messages else \
                (game.ui, f"ui:engine.{key}")
            assert catalog.status(full, lang) == "current", (lang, key)


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_every_rule_id_the_engine_names_exists_in_the_rules(game_id):
    known = {r.id for r in repository_content().games[game_id].rules}
    engine = engine_for(game_id)
    literal = set(re.findall(rf'"({re.escape(game_id)}(?:\.[a-z0-9-]+)+)"', _source(game_id)))
    assert literal <= known, sorted(literal - known)
    assert set(engine.RULE_IDS) <= known, sorted(set(engine.RULE_IDS) - known)
    assert {engine.TURN_RULE, engine.END_RULE} <= known
