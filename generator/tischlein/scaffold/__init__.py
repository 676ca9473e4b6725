"""`tischlein new-game NAME`: a project folder holding a small playable game, ready to edit.

The template (templates/new-game/, shipped with the site templates) is a complete game, Brotkorb: content, a plugin package registered
through the `tischlein.games` entry point, a package.json pinning Pyodide and a README with the first commands.
A new game is that template with Brotkorb's name, id and package name replaced, so what `new-game` writes is
exactly what the tests build, replay and install (tests/test_fixture_game.py, tests/test_packaging.py).
"""
from __future__ import annotations

import re
import shutil
import tempfile
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from ..content.loader import ID
from .. import resources

TEMPLATE_NAME, TEMPLATE_ID, TEMPLATE_PACKAGE = "Brotkorb", "brotkorb", "tischlein_brotkorb"
RENAMED = {"gitignore": ".gitignore"}          # dot files would be left out of the wheel's package data
# A name is printed on cards and written into YAML, Python docstrings and JSON: letters, digits, spaces and a few
# marks only, so it needs no quoting anywhere.
NAME = re.compile(r"[^\W_][\w' .&-]{0,47}")
TRANSLITERATE = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})


class ScaffoldError(ValueError):
    """A name that cannot become a game, or a folder that is already there."""


@dataclass(frozen=True)
class Names:
    title: str        # as printed: "Pizza Party"
    id: str           # content/games/<id>/, rule ids: "pizza-party"
    package: str      # the plugin's Python package: "tischlein_pizza_party"


def names_for(title: str, game_id: str | None = None) -> Names:
    title = " ".join(title.split())
    if not NAME.fullmatch(title) or not any(ch.isalpha() for ch in title):
        raise ScaffoldError(f"{title!r}: a game's name starts with a letter or digit and holds letters, digits, "
                            f"spaces and ' . & - only (at most 48 characters)")
    if game_id is None:
        ascii_title = unicodedata.normalize("NFKD", title.translate(TRANSLITERATE)).encode("ascii", "ignore")
        game_id = re.sub(r"[^a-z0-9]+", "-", ascii_title.decode().lower()).strip("-")
    if not ID.fullmatch(game_id):
        raise ScaffoldError(f"{game_id!r} is not a game id: lower-case letters and digits in words joined by '-' "
                            f"(give one with --id)")
    return Names(title, game_id, "tischlein_" + game_id.replace("-", "_"))


def create(names: Names, parent: Path, tischlein_version: str) -> Path:
    """Write the project folder parent/<id>/ (all of it or nothing) and return it."""
    target = parent / names.id
    if target.exists():
        raise ScaffoldError(f"{target} already exists: choose another folder with --dir, or another name")
    parent.mkdir(parents=True, exist_ok=True)
    template = resources.new_game_template()
    staging = Path(tempfile.mkdtemp(prefix=f".{names.id}-", dir=parent))
    try:
        for source in sorted(template.rglob("*")):
            if source.is_dir() or "__pycache__" in source.parts:
                continue
            relative = source.relative_to(template).as_posix()
            relative = RENAMED.get(relative, relative)
            path = staging / _replace(relative, names)
            path.parent.mkdir(parents=True, exist_ok=True)
            text = _replace(source.read_text(encoding="utf-8"), names)
            text = (text.replace("TISCHLEIN_VERSION", tischlein_version)
                    .replace("PYODIDE_VERSION", resources.PYODIDE_VERSION)
                    .replace("WORKBOX_VERSION", resources.WORKBOX_VERSION))
            path.write_text(text, encoding="utf-8")
        staging.rename(target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return target


def _replace(text: str, names: Names) -> str:
    return (text.replace(TEMPLATE_PACKAGE, names.package).replace(TEMPLATE_ID, names.id)
            .replace(TEMPLATE_NAME, names.title))
