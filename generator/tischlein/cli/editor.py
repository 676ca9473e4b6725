"""`tischlein editor-config`: tell a YAML-aware editor which JSON Schema checks which content file.

It writes `.vscode/settings.json` (the `yaml.schemas` setting of the Red Hat YAML extension) from the game
packages and the schemas of the content format, so nothing lists the games by hand. `make setup` runs it.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import click

from .. import games
from ..content.schema import SCHEMAS
from .common import content_option

# Schema of the content format -> the files it checks, relative to the content folder.
SHARED = {
    "rules.schema.json": ["games/*/rules.yaml"],
    "glossary.schema.json": ["games/*/glossary.yaml"],
    "faq.schema.json": ["games/*/faq.yaml"],
    "messages.schema.json": ["games/*/messages.yaml"],
    "example.schema.json": ["games/*/examples/*.yaml"],
    "trace.schema.json": ["games/*/trace.yaml"],
    "translation.schema.json": ["games/*/i18n/*/*.yaml", "ui/[!e]*.yaml", "ui/e[!n]*.yaml"],
    "ui.schema.json": ["ui/en.yaml", "games/*/ui.yaml"],
}
PACKAGE_UI = SCHEMAS.parent / "ui" / "en.yaml"     # tischlein's own English strings


def mapping(content_dir: Path, base: Path) -> dict[str, list[str]]:
    """`yaml.schemas`: schema path -> globs, both relative to `base` (the workspace folder)."""
    def rel(path: Path) -> str:
        return Path(os.path.relpath(path.resolve(), base.resolve())).as_posix()

    content = rel(content_dir)
    out = {rel(SCHEMAS / name): [f"{content}/{glob}" for glob in globs] for name, globs in SHARED.items()}
    out[rel(SCHEMAS / "ui.schema.json")].append(rel(PACKAGE_UI))
    for game_id, spec in games.specs().items():
        out[rel(spec.schema)] = [f"{content}/games/{game_id}/game.yaml"]
    return out


@click.command("editor-config")
@content_option
@click.option("--workspace", type=click.Path(file_okay=False, path_type=Path), default=Path("."),
              show_default=True, help="The editor's workspace folder: .vscode/settings.json goes there.")
def editor_config(content_dir: Path, workspace: Path) -> None:
    """Write .vscode/settings.json so the editor checks every content file against its schema as you type."""
    target = workspace / ".vscode" / "settings.json"
    settings = json.loads(target.read_text(encoding="utf-8")) if target.is_file() else {}
    settings["yaml.schemas"] = mapping(content_dir, workspace)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(settings, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    click.echo(f"wrote {target}")
