"""Games: one package per game, found where it lives, never listed anywhere.

A game package (`tischlein/games/<name>/` for the games that ship with tischlein, or a plugin package of its own)
holds

    __init__.py        SPEC = GameSpec("<game id>", __name__)   standard library only: the browser imports it
    model.py           build(data, path, problems) -> the typed content model (see tischlein.content.model)
    game.schema.json   the JSON Schema of content/games/<game id>/game.yaml
    engine.py          ENGINE = <tischlein.engine.Engine subclass>   optional; it and the modules engine_*.py
                       beside it (a large engine's parts) import only the kernel and the standard library,
                       because they run in Pyodide too
    picture.py         draw(engine, state, words) -> HTML   optional: the state as a picture, for the site's
                       replays and the browser alike (tischlein.engine.picture; same imports as the engine)
    faces.py           print_set(game, ui, lang, card_size) -> PrintSet   optional: the print-and-play faces
    calculator.py      the scoring calculator's description; calculator.js scores it in the browser (optional)

Games are discovered from the `tischlein.games` entry point group of installed distributions (value: the
package's module name; tischlein's own five games are registered the same way in its pyproject.toml) and from
every folder named in $TISCHLEIN_GAMES_PATH (os.pathsep-separated; each subfolder with an __init__.py is a game
package), which is for trying a game before it is packaged. Code is never loaded from a content folder: content is
untrusted input, code is what the user chose to install or name.
"""
from __future__ import annotations

import importlib
import importlib.util
import os
import pkgutil
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, Iterator

PATH_VARIABLE = "TISCHLEIN_GAMES_PATH"
ENTRY_POINT_GROUP = "tischlein.games"


class GameSpecError(RuntimeError):
    """A game package that cannot be used: no SPEC, a SPEC of the wrong kind, or a game id given twice."""


@dataclass(frozen=True)
class GameSpec:
    """What tischlein knows of a game package; everything else is imported only when a command needs it."""

    id: str           # the game id: content/games/<id>/, rule ids <id>.…, output/pdf/<id>/
    package: str      # the package's module name, e.g. tischlein.games.mahlzeit

    def module(self, name: str) -> ModuleType | None:
        """The package's module `name` (engine, model, faces, calculator), or None when the game has none."""
        full = f"{self.package}.{name}"
        if full not in sys.modules and importlib.util.find_spec(full) is None:
            return None
        return importlib.import_module(full)

    @property
    def folder(self) -> Path:
        return Path(importlib.import_module(self.package).__file__).parent

    @property
    def schema(self) -> Path:
        return self.folder / "game.schema.json"

    def build_model(self, data: Any, path: str, problems: Any) -> Any:
        return self.module("model").build(data, path, problems)

    @property
    def engine_class(self) -> Any | None:
        module = self.module("engine")
        return getattr(module, "ENGINE", None) if module else None

    @property
    def engine_module(self) -> str:
        return f"{self.package}.engine"

    @property
    def engine_modules(self) -> list[str]:
        """The modules of the engine part: engine.py, its parts engine_*.py and its policies policy.py (what the
        browser gets: the site's bot opponents play the game's policies)."""
        parts = sorted(p.stem for p in [*self.folder.glob("engine_*.py"), *self.folder.glob("policy.py")])
        return [self.engine_module] + [f"{self.package}.{p}" for p in parts]

    @property
    def picture_module(self) -> str | None:
        """The module drawing a state as a picture (picture.py: standard library and the kernel only; the browser
        runs it too), or None when the game has none."""
        return f"{self.package}.picture" if (self.folder / "picture.py").is_file() else None

    @property
    def print_set(self) -> Any | None:
        module = self.module("faces")
        return getattr(module, "print_set", None) if module else None

    @property
    def calculator(self) -> ModuleType | None:
        return self.module("calculator")

    @property
    def calculator_js(self) -> Path | None:
        path = self.folder / "calculator.js"
        return path if path.is_file() else None


def _packages() -> Iterator[str]:
    from .installed import entry_point_modules          # importlib.metadata's answer, without its imports
    for _, module in sorted(entry_point_modules(ENTRY_POINT_GROUP), key=lambda e: e[0]):
        yield module
    for folder in filter(None, os.environ.get(PATH_VARIABLE, "").split(os.pathsep)):
        folder = str(Path(folder).resolve())
        if folder not in sys.path:
            sys.path.insert(0, folder)
        for info in sorted(pkgutil.iter_modules([folder]), key=lambda i: i.name):
            if info.ispkg:
                yield info.name


_SPECS: dict[str, GameSpec] | None = None


def specs() -> dict[str, GameSpec]:
    """Every game tischlein can find, by game id, sorted by id."""
    global _SPECS
    if _SPECS is None:
        found: dict[str, GameSpec] = {}
        for package in dict.fromkeys(_packages()):
            spec = getattr(importlib.import_module(package), "SPEC", None)
            if not isinstance(spec, GameSpec):
                raise GameSpecError(f"{package}: a game package needs SPEC = GameSpec(<game id>, __name__)")
            if spec.id in found and found[spec.id].package != spec.package:
                raise GameSpecError(f"game {spec.id!r} is given by both {found[spec.id].package} and {package}")
            found[spec.id] = spec
        _SPECS = dict(sorted(found.items()))
    return _SPECS


def forget() -> None:
    """Look again on the next call of specs() (tests that change $TISCHLEIN_GAMES_PATH)."""
    global _SPECS
    _SPECS = None


def spec(game_id: str) -> GameSpec | None:
    return specs().get(game_id)
