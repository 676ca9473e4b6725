"""`tischlein new-game NAME [--id ID] [--dir FOLDER]`: a project folder with a small playable game to edit."""
from __future__ import annotations

from pathlib import Path

import click


@click.command("new-game")
@click.argument("name")
@click.option("--id", "game_id", help="The game's id (content/games/<id>/, rule ids). Default: made from NAME.")
@click.option("--dir", "parent", type=click.Path(file_okay=False, path_type=Path), default=Path("."),
              show_default=True, help="Where the project folder <id>/ is made.")
def new_game(name: str, game_id: str | None, parent: Path) -> None:
    """Start a game of your own: content, a rules engine, card faces and one worked example, all editable.

    NAME is the game's printed name ("Pizza Party"). The folder holds a plugin package for tischlein (install it
    with `pip install -e .`), the content in content/games/<id>/, a package.json for the site's Pyodide and a
    README with the next commands.
    """
    from importlib.metadata import version

    from .. import games, scaffold
    try:
        names = scaffold.names_for(name, game_id)
        if games.spec(names.id) is not None:
            raise scaffold.ScaffoldError(f"a game with the id {names.id!r} is installed already "
                                         f"({games.spec(names.id).package}): give another with --id")
        target = scaffold.create(names, parent, version("tischlein"))
    except scaffold.ScaffoldError as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"made {target}/ for {names.title} (game id {names.id}, package {names.package}). Next:")
    for line in (f"cd {target}", "pip install -e .", "npm install", "tischlein check",
                 f"tischlein replay {names.id}", "tischlein build"):
        click.echo(f"  {line}")
