"""Static files the site needs besides pages: self-hosted Pyodide, the engine as a zip, compiled game JSON,
PDF downloads and card images."""
from __future__ import annotations

import importlib.util
import json
import shutil
import zipfile
from pathlib import Path

from .. import resources
from ..content.loader import Content, GameContent
from ..files import write_text
from .downloads import Downloads, collect

PACKAGE = Path(__file__).resolve().parents[1]          # generator/tischlein


def copy_pyodide(dest: Path, source: Path | None = None) -> int:
    """Copy the five files Pyodide needs to boot (see tischlein.resources for where they are found)."""
    source = source or resources.pyodide()
    dest.mkdir(parents=True, exist_ok=True)
    total = 0
    for name in resources.PYODIDE_FILES:
        shutil.copy2(source / name, dest / name)
        total += (dest / name).stat().st_size
    return total


def browser_modules(content: Content) -> list[str]:
    """The modules the browser imports: the engine kernel and each game's package, engine and picture (standard
    library only, checked by tests/test_engines.py)."""
    from .. import games
    kernel = [f"tischlein.engine.{p.stem}" for p in sorted((PACKAGE / "engine").glob("*.py")) if p.stem != "__init__"]
    engines = [m for g in content.games if games.spec(g).engine_class is not None
               for m in games.spec(g).engine_modules + [games.spec(g).picture_module] if m]
    return ["tischlein.engine"] + kernel + sorted(engines)


def zip_engine(dest: Path, modules: list[str]) -> int:
    """engine.zip: the files of `modules` and of the packages above them, byte-identical across builds."""
    files: dict[str, Path] = {}
    for name in modules:
        parts = name.split(".")
        for depth in range(1, len(parts) + 1):
            spec = importlib.util.find_spec(".".join(parts[:depth]))
            origin = Path(spec.origin)
            arc = "/".join(parts[:depth]) + ("/__init__.py" if origin.name == "__init__.py" else ".py")
            files[arc] = origin
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as zf:
        for arc, path in sorted(files.items()):
            info = zipfile.ZipInfo(arc, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, path.read_bytes())
    tmp.replace(dest)
    return dest.stat().st_size


def copy_calculators(dest: Path, content: Content) -> None:
    """Each game package's calculator.js as assets/js/calc/<game id>.js."""
    from .. import games
    dest.mkdir(parents=True, exist_ok=True)
    for game_id in content.games:
        js = games.spec(game_id).calculator_js
        if js is not None:
            shutil.copyfile(js, dest / f"{game_id}.js")


def game_payload(game: GameContent, languages: list[str]) -> dict:
    """What engine.api takes as `game`: the engine and picture modules, the compiled data, and the messages (with
    the printed names and the pictures' labels) in every language."""
    from .. import games
    return {
        "engine": games.spec(game.id).engine_module,
        "picture": games.spec(game.id).picture_module,
        "data": game.model.engine_data(),
        "messages": {lang: game.engine_messages(lang) for lang in languages},
    }


def write_game_json(dest: Path, payload: dict) -> None:
    """The payload as the browser's engine reads it, in the content's own order: an engine may go by the order
    of its data (Diced Veggies' veggies, the colour key of its picture), so sorted keys would make the browser
    draw and play differently from the build."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    write_text(dest, json.dumps(payload, ensure_ascii=False, separators=(",", ":")))


def copy_downloads(content: Content, out_dir: Path, docs: Path, languages: list[str],
                   copy: bool = True) -> dict[str, Downloads]:
    """Copy every PDF and export zip into docs/downloads/<game>/ and list them (site/downloads.py); with
    `copy` False, as stand-ins (see `place`)."""
    return collect(content, out_dir, docs, languages, copy)


