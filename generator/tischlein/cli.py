"""The tischlein command line: check, build, pdf, site, replay."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from .content import loader

CONTEXT = {"help_option_names": ["-h", "--help"]}


def content_option(f):
    return click.option("--content", "content_dir", type=click.Path(file_okay=False, path_type=Path),
                        default=Path("content"), show_default=True, help="The content folder to read.")(f)


def out_option(f):
    return click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
                        default=Path("output"), show_default=True, help="Where generated files go.")(f)


def load_or_exit(content_dir: Path, games: list[str] | None = None) -> loader.Content:
    """Load content; on any error print every problem as path:line: field: message and exit 1."""
    content = loader.load(content_dir, games or None)
    for problem in content.problems.warnings:
        click.echo(str(problem), err=True)
    if content.problems.errors:
        for problem in content.problems.errors:
            click.echo(str(problem), err=True)
        n = len(content.problems.errors)
        click.echo(f"{n} error{'s' if n != 1 else ''} in {content_dir}", err=True)
        sys.exit(1)
    return content


@click.group(context_settings=CONTEXT)
@click.version_option(package_name="tischlein")
def main() -> None:
    """Turn tabletop-game content into print-and-play PDFs, a rules site and a rules engine."""


@main.command()
@content_option
def check(content_dir: Path) -> None:
    """Validate content and translations; print file:line errors; exit 1 on error."""
    content = load_or_exit(content_dir)
    games = ", ".join(content.games) or "none"
    click.echo(f"ok: {len(content.games)} game(s) ({games}), "
               f"{len(content.problems.warnings)} warning(s)")


if __name__ == "__main__":
    main()
