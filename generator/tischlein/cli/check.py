"""`tischlein check`: validate content and translations, replay every worked example; exit 1 on any error."""
from __future__ import annotations

from pathlib import Path

import click

from ..content import status
from .common import content_option, load_or_exit


@click.command()
@content_option
def check(content_dir: Path) -> None:
    """Validate content and translations; print file:line errors; exit 1 on error."""
    content = load_or_exit(content_dir, replays=True, fits=True)
    stale = status.stale_warnings(content)
    for line in stale:
        click.echo(line, err=True)
    games = ", ".join(content.games) or "none"
    click.echo(f"ok: {len(content.games)} game(s) ({games}), "
               f"{len(content.problems.warnings) + len(stale)} warning(s)")
