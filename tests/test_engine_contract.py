"""The engine contract (engine/contract.py, engine/declared.py): what a rules author meets and what the kernel
refuses when a game's class is made.

* the games' engine and picture modules import at most the fifteen names of tischlein.engine.AUTHOR;
* a rule id that is not in RULE_IDS, or a phase that is not in PHASES, stops the class (a typo caught at import);
* a game that misses a method it must write cannot be made; everything a game sets is declared on the base.
"""
from __future__ import annotations

import ast
import importlib.util
import sys
import textwrap
from pathlib import Path

import pytest

import tischlein.engine as kernel
from tischlein.engine import Engine
from tischlein.engine.contract import HOOKS, MUST_WRITE, GameRules

GAMES = Path(kernel.__file__).resolve().parents[1] / "games"
TEMPLATE = Path(__file__).resolve().parents[1] / "templates" / "new-game" / "tischlein_brotkorb" / "engine.py"


def _author_modules() -> list[Path]:
    return sorted(p for g in GAMES.iterdir() if g.is_dir() for p in g.glob("*.py")
                  if p.name.startswith("engine") or p.name == "picture.py") + [TEMPLATE]


def _kernel_names(path: Path) -> set[str]:
    """The names `path` imports from tischlein.engine (relative imports from a game included); a name from one of
    its modules (tischlein.engine.picture) as module:name, which is not an author's name."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.ImportFrom):
            continue
        module = node.module or ""
        kernel_import = module.startswith("tischlein.engine") if node.level == 0 else (
            node.level == 3 and module.split(".")[0] == "engine")
        if kernel_import:
            top = module in ("engine", "tischlein.engine")
            names |= {a.name if top else f"{module}:{a.name}" for a in node.names}
    return names


def test_a_rules_author_needs_at_most_fifteen_names_from_the_kernel():
    used = set().union(*(_kernel_names(p) for p in _author_modules()))
    assert used <= set(kernel.AUTHOR), f"imported besides tischlein.engine.AUTHOR: {sorted(used - set(kernel.AUTHOR))}"
    assert len(kernel.AUTHOR) <= 15 and {"Engine", "move", "picture"} <= used


def test_the_contract_names_every_method_a_game_writes():
    """Must-write methods are abstract; hooks have a default; together they are what the games write."""
    assert set(GameRules.__abstractmethods__) == set(MUST_WRITE)
    written = {n for cls in _game_classes() for n, v in vars(cls).items()
               if callable(v) and hasattr(Engine, n) and not n.startswith("_")}
    # random_move: Schwarzwälder Kirsch's random policy, the kernel's draws without listing every move (speed)
    assert written <= set(MUST_WRITE) | set(HOOKS) | {"legal_moves", "moves_by_kind", "random_move"}


def _game_classes():
    from tischlein import games
    return [spec.engine_class for spec in games.specs().values() if spec.engine_class is not None]


def test_everything_a_game_sets_is_declared_on_the_base():
    declared = set(GameRules.__annotations__)
    for cls in _game_classes():
        set_here = {n for c in cls.__mro__ if c not in (Engine, GameRules, object) for n in vars(c)
                    if n.isupper() and not n.startswith("_")}
        assert set_here <= declared, f"{cls.__name__} sets {sorted(set_here - declared)} the base does not declare"
    assert Engine.NO_REFUSAL == {} and "NO_REFUSAL" in declared


GOOD = '''
from tischlein.engine import Engine, GameState, fail, move, require

RULE = "toy.turn"


class Toy(Engine):
    GAME, State, PHASES = "toy", GameState, ("play", "over")
    TURN_RULE, END_RULE = RULE, "toy.end"
    RULE_IDS = frozenset({RULE, "toy.end", "toy.take"})

    def setup(self, names, seed): ...
    def start(self, spec): ...
    def score(self, s): return []
    def components(self, s): return {}
    def render_lines(self, s): return []
    def legal_moves(self, s): return []

    @move("take", rule="toy.take", phases="play")
    def take(self, s, p, args):
        require(s.phase == "play", RULE, "phase.wrong")
        if s.turn:
            fail("toy.take", "take.no")
        s.phase = "over"
'''


def _load(tmp_path: Path, source: str, name: str):
    """Import `source` as a module of its own (the kernel reads a game's module source when its class is made)."""
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(source), encoding="utf-8")
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        sys.modules.pop(name, None)
    return module


def test_a_sound_toy_engine_is_made(tmp_path):
    toy = _load(tmp_path, GOOD, "toy_good").Toy
    assert set(toy.MOVES) == {"take"} and toy({}).min_players == 1


@pytest.mark.parametrize("typo, said", [
    (('fail("toy.take", "take.no")', 'fail("toy.tkae", "take.no")'), "rule 'toy.tkae' is not in RULE_IDS"),
    (('require(s.phase == "play", RULE,', 'require(s.phase == "play", "toy.trun",'), "rule 'toy.trun'"),
    (('@move("take", rule="toy.take"', '@move("take", rule="toy.tak"'), "@move('take'): rule 'toy.tak'"),
    (('phases="play")', 'phases="paly")'), "@move('take'): phase 'paly' is not in PHASES"),
    (('s.phase == "play"', 's.phase == "plya"'), "phase 'plya' is not in PHASES"),
    (('s.phase = "over"', 's.phase = "ovre"'), "phase 'ovre' is not in PHASES"),
    (('TURN_RULE, END_RULE = RULE, "toy.end"', 'TURN_RULE, END_RULE = RULE, "toy.ned"'), "END_RULE: rule 'toy.ned'"),
    (("    def legal_moves(self, s): return []\n", ""), "writes neither legal_moves nor moves_by_kind"),
])
def test_a_typo_stops_the_class(tmp_path, typo, said):
    old, new = typo
    assert old in GOOD
    with pytest.raises(TypeError) as caught:
        _load(tmp_path, GOOD.replace(old, new), "toy_typo")
    assert said in str(caught.value)


def test_a_game_without_a_must_write_method_cannot_be_made(tmp_path):
    toy = _load(tmp_path, GOOD.replace("    def components(self, s): return {}\n", ""), "toy_partial").Toy
    with pytest.raises(TypeError, match="components"):
        toy({})
