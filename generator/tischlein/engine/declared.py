"""The check of what a game names against what it declares, when its engine class is made (Engine.__init_subclass__).

Rule ids and phases are strings a player's messages and the rule coverage hang on: a typo in one
(`fail("mahlzeit.tunr", …)`) would pass every test that does not reach that line and show up as a rule nobody
can find. So the kernel reads the game's engine modules (its class's module and those of its own mixins) with
`ast` and refuses the class — TypeError at import, naming file and line — when

* a rule id it names is not in RULE_IDS: `@move(rule=…, phase_rule=…)`, TURN_RULE, END_RULE, PHASE_RULES' rules,
  and the first rule argument of `fail`, `require`, `invalid`, `IllegalMove`, `InvalidMove` when it is a string or
  a module constant holding one (a rule id computed at run time is left to the rule coverage test);
* a phase it names is not in PHASES: `@move(phases=…)`, PHASE_RULES' phases, OVER, and every string a state's
  `phase` is compared with or set to (`s.phase == "draw"`, `s.phase in ("a", "b")`, `s.phase = "draw"`).

Standard library only; in Pyodide only the cheap checks run (the build has read the same source with all of them).
"""
from __future__ import annotations

import ast
import sys
from typing import Any, Iterator

# the refusals and the index of their rule argument
RULE_CALLS = {"fail": 0, "invalid": 0, "IllegalMove": 0, "InvalidMove": 0, "require": 1}
KERNEL = __name__.rsplit(".", 1)[0] + "."        # tischlein.engine.


def check_declared(cls: type) -> None:
    """TypeError naming every rule id not in cls.RULE_IDS and every phase not in cls.PHASES that cls names."""
    rules, phases = frozenset(cls.RULE_IDS), frozenset(cls.PHASES)
    problems = [] if rules else ["RULE_IDS is empty: declare every rule id the engine names"]
    named = [(cls.TURN_RULE, "TURN_RULE"), (cls.END_RULE, "END_RULE"),
             *((rule, f"PHASE_RULES[{phase!r}]") for phase, rule in cls.PHASE_RULES.items())]
    for spec in cls.MOVES.values():
        named += [(rule, f"@move({spec.name!r})") for rule in (spec.rule, spec.phase_rule) if rule]
        problems += [f"@move({spec.name!r}): phase {p!r} is not in PHASES" for p in spec.phases if p not in phases]
    problems += [f"{where}: rule {rule!r} is not in RULE_IDS" for rule, where in named if rules and rule not in rules]
    problems += [f"PHASE_RULES: phase {p!r} is not in PHASES" for p in cls.PHASE_RULES if p not in phases]
    if all(getattr(cls, m).__qualname__.startswith("GameRules.") for m in ("legal_moves", "moves_by_kind")):
        problems.append("writes neither legal_moves nor moves_by_kind")
    if cls.OVER not in phases:
        problems.append(f"OVER ({cls.OVER!r}) is not in PHASES")
    # The source scan costs 20-40 ms a game on CPython; the browser (Pyodide) runs source the build has read already
    for module in _game_modules(cls) if sys.platform != "emscripten" else ():
        problems += _source_problems(module, rules, phases)
    if problems:
        raise TypeError(f"{cls.__module__}.{cls.__name__} names what it does not declare:\n  " + "\n  ".join(problems))


def _game_modules(cls: type) -> list[Any]:
    """The modules of cls and of its bases that are the game's own (not the kernel's), once each."""
    names = dict.fromkeys(c.__module__ for c in cls.__mro__ if c is not object and not c.__module__.startswith(KERNEL))
    return [sys.modules[name] for name in names if name in sys.modules]


def _source_problems(module: Any, rules: frozenset[str], phases: frozenset[str]) -> list[str]:
    # the module's loader reads it (a file, or a zip): no inspect, a slow import
    loader = getattr(module, "__loader__", None)
    try:
        source = loader.get_source(module.__name__) if loader is not None else None
    except (OSError, ImportError):
        source = None
    if source is None:                      # no source shipped (a compiled install): nothing to read
        return []
    where = module.__name__.rsplit(".", 1)[-1] + ".py"
    problems = []
    for node in ast.walk(ast.parse(source)):
        for rule in _rules_named(node, module) if rules else ():
            if rule not in rules:
                problems.append(f"{where}:{node.lineno}: rule {rule!r} is not in RULE_IDS")
        for phase in _phases_named(node, module):
            if phase not in phases:
                problems.append(f"{where}:{node.lineno}: phase {phase!r} is not in PHASES")
    return problems


def _rules_named(node: ast.AST, module: Any) -> Iterator[str]:
    if not isinstance(node, ast.Call):
        return
    func = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
    if func not in RULE_CALLS:
        return
    index = RULE_CALLS[func]
    arg = node.args[index] if len(node.args) > index else next(
        (k.value for k in node.keywords if k.arg == "rule"), None)
    yield from _strings(arg, module)


def _phases_named(node: ast.AST, module: Any) -> Iterator[str]:
    if isinstance(node, ast.Compare) and _is_phase(node.left):
        for op, right in zip(node.ops, node.comparators):
            if isinstance(op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn)):
                yield from _strings(right, module)
    elif isinstance(node, ast.Assign) and any(_is_phase(t) for t in node.targets):
        yield from _strings(node.value, module)


def _is_phase(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "phase"


def _strings(node: ast.AST | None, module: Any) -> Iterator[str]:
    """The strings `node` certainly stands for: a literal, a tuple/list/set of them, a module constant holding
    one; nothing for anything computed."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        for element in node.elts:
            yield from _strings(element, module)
    elif isinstance(node, ast.Name):
        value = getattr(module, node.id, None)
        if isinstance(value, str):
            yield value
        elif isinstance(value, (tuple, frozenset)) and all(isinstance(v, str) for v in value):
            yield from value
