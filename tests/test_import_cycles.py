"""No import cycles in generator/tischlein: a module never needs, however indirectly, a module that needs it.

The graph is read from the source with `ast`, so an import inside a function counts like one at the top (a cycle
hidden in a function still ties the modules together; it only moves the failure to the first call), and so does one
under `if TYPE_CHECKING:` (the two modules still need each other to be understood; a Protocol breaks the tie, as
site/context.py's Site does).
"""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "generator" / "tischlein"


def _modules(package: Path) -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name, for its __init__.py)."""
    found = {}
    for path in package.rglob("*.py"):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The package's modules `name` imports anywhere in its source. `from x import y` names the module x.y when y
    is a module, else x."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = here[:len(here) - node.level + 1] if node.level else []
            origin = ".".join(base + ([node.module] if node.module else []))
            found |= {f"{origin}.{a.name}" if f"{origin}.{a.name}" in modules else origin for a in node.names}
    return {m for m in found if m in modules and m != name}


def import_graph(package: Path = PACKAGE) -> dict[str, set[str]]:
    modules = _modules(package)
    return {name: _imports(name, path, modules) for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative: the graph is deep)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_cycles():
    graph = import_graph()
    assert len(graph) > 100 and graph["tischlein.site.pages"], "the graph was not read"
    found = cycles(graph)
    assert not found, "modules that import each other (directly or by a chain):\n" + "\n".join(
        f"  {' <-> '.join(c)}: " + "; ".join(f"{m} -> {', '.join(sorted(graph[m] & set(c)))}" for m in c)
        for c in found)


def test_a_cycle_is_found(tmp_path):
    """The finder sees a cycle through an import inside a function, and one through a TYPE_CHECKING import."""
    package = tmp_path / "tischlein"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from . import b\n")
    (package / "b.py").write_text("def f():\n    from .c import x\n")
    (package / "c.py").write_text("from .a import thing\n")
    (package / "d.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .e import E\n")
    (package / "e.py").write_text("from .d import D\n")
    graph = import_graph(package)
    assert graph["tischlein.b"] == {"tischlein.c"}
    assert cycles(graph) == [["tischlein.a", "tischlein.b", "tischlein.c"], ["tischlein.d", "tischlein.e"]]
