"""Where tischlein finds the files it ships besides Python code, and the self-hosted Pyodide.

Installed from a wheel, the site templates and theme live inside the package (`tischlein/_data/`, copied there by
setup.py); in a source checkout they are read in place, from the repository's `templates/` and `site/`.

Pyodide (the Python runtime of the site's try-it panel) is an npm package, not a Python one: `npm install
pyodide@<PYODIDE_VERSION>` in the project puts it in `node_modules/pyodide`. It is looked for in $TISCHLEIN_PYODIDE,
else in `node_modules/pyodide` of the content folder's project (the content folder and each folder above it), of
the current folder and each folder above it, and beside tischlein's own source checkout.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
CHECKOUT = PACKAGE.parents[1]                   # the repository root, when running from a source checkout
PYODIDE_VARIABLE = "TISCHLEIN_PYODIDE"
PYODIDE_VERSION = "314.0.7"                     # = package.json; the engine zip is tested against this one
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# Workbox's runtime, the service worker of the site's offline copy (site/offline.py): the loader and the three
# modules sw.js uses, each an npm package of its own beside node_modules/pyodide (package.json pins them).
WORKBOX_VERSION = "7.4.1"                       # = package.json (and the new-game template's)
WORKBOX_FILES = ("workbox-sw/build/workbox-sw.js", "workbox-core/build/workbox-core.prod.js",
                 "workbox-routing/build/workbox-routing.prod.js", "workbox-strategies/build/workbox-strategies.prod.js")


class MissingResource(RuntimeError):
    """A file tischlein needs is not where it looks; the message says how to get it."""


def data_folder(name: str) -> Path:
    """`templates` or `site`: from the installed package, else from the source checkout."""
    for folder in (PACKAGE / "_data" / name, CHECKOUT / name):
        if folder.is_dir():
            return folder
    raise MissingResource(f"tischlein's {name}/ folder is missing from {PACKAGE} (a broken install: reinstall "
                          f"tischlein)")


def templates() -> Path:
    """The Jinja2 templates of the site's pages."""
    return data_folder("templates") / "site"


def new_game_template() -> Path:
    """The project `tischlein new-game` copies: a small complete game (see tischlein.scaffold)."""
    return data_folder("templates") / "new-game"


def theme() -> Path:
    """mkdocs.yml, assets/ (CSS, JS) and overrides/ of the rules site."""
    return data_folder("site")


def pyodide_candidates(content: Path | None = None) -> list[Path]:
    """Where Pyodide is looked for, in order."""
    if os.environ.get(PYODIDE_VARIABLE):
        return [Path(os.environ[PYODIDE_VARIABLE])]
    folders = []
    for start in filter(None, (content, Path.cwd())):
        here = start.resolve()
        folders += [folder / "node_modules" / "pyodide" for folder in (here, *here.parents)]
    return list(dict.fromkeys(folders + [CHECKOUT / "node_modules" / "pyodide"]))


def pyodide(content: Path | None = None) -> Path:
    """The folder holding Pyodide's files at the pinned version, or MissingResource saying how to get it.
    `content`: the content folder being built (its project's node_modules come first)."""
    tried = pyodide_candidates(content)
    for folder in tried:
        if all((folder / name).is_file() for name in PYODIDE_FILES):
            version = pyodide_version(folder)
            if version != PYODIDE_VERSION:
                raise MissingResource(f"{folder} holds Pyodide {version}; tischlein needs {PYODIDE_VERSION}: run "
                                      f"`npm install pyodide@{PYODIDE_VERSION}` in your project folder")
            return folder
    raise MissingResource(
        f"Pyodide {PYODIDE_VERSION} not found (looked in {', '.join(str(p) for p in tried[:3])}"
        f"{' …' if len(tried) > 3 else ''}). The rules site runs its engine in the browser with it: run "
        f"`npm install pyodide@{PYODIDE_VERSION}` in your project folder, or set {PYODIDE_VARIABLE} to such a "
        f"node_modules/pyodide folder")


def workbox(content: Path | None = None) -> Path:
    """The node_modules folder holding Workbox's packages (found where Pyodide is), or MissingResource."""
    tried = [folder.parent for folder in pyodide_candidates(content)]
    for folder in tried:
        if all((folder / name).is_file() for name in WORKBOX_FILES):
            return folder
    raise MissingResource(
        f"Workbox not found (looked in {', '.join(str(p) for p in tried[:3])}{' …' if len(tried) > 3 else ''}). "
        f"The rules site's offline copy runs on it: run `npm ci` in tischlein's checkout, or `npm install "
        f"workbox-sw workbox-core workbox-routing workbox-strategies` in your project folder")


def pyodide_version(folder: Path) -> str | None:
    try:
        return json.loads((folder / "package.json").read_text(encoding="utf-8")).get("version")
    except (OSError, ValueError, AttributeError):
        return None
