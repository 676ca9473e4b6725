"""`tischlein i18n …`: the translator's commands."""
from __future__ import annotations

from pathlib import Path

import click

from ..content import status
from .common import content_option, load_or_exit


@click.group()
def i18n() -> None:
    """Translations: coverage, new languages, PO/XLIFF exchange, accepting fixes."""


@i18n.command("status")
@click.option("--lang", "langs", multiple=True,
              help="Only this language code (repeatable). Default: every language with translation files.")
@click.option("--verbose/--summary", "-v", default=True, show_default=True, help="List the missing and stale keys.")
@content_option
def i18n_status(langs: tuple[str, ...], verbose: bool, content_dir: Path) -> None:
    """Coverage per game and language, with the missing and stale keys. Always exits 0 on valid content."""
    content = load_or_exit(content_dir)
    for cov in status.coverage(content, list(langs) or None):
        click.echo(f"{cov.scope:<24} {cov.lang}  {cov.current:>4}/{cov.total:<4} {cov.percent:5.1f} %  "
                   f"stale {len(cov.stale):>3}  missing {len(cov.missing):>3}")
        if verbose:
            for key in cov.stale:
                click.echo(f"    stale    {key}")
            for key in cov.missing:
                click.echo(f"    missing  {key}")
