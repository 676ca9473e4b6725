"""The tischlein command line: check, build, pdf, site, replay, simulate (and simulate-merge), i18n.

Each command lives in a module of this package and imports what it needs from .common; this module only
assembles them, so nothing imports back from here.
"""
from __future__ import annotations

import time
from pathlib import Path

import click

from ..content import loader, status
from ..content.i18n import SOURCE_LANGUAGE
from ..files import exit_on_sigterm
from .common import check_languages, content_option, load_or_exit, out_option
from .editor import editor_config
from .pdf import pdf
from .replay import replay
from .simulate import simulate, simulate_merge
from .site import site

CONTEXT = {"help_option_names": ["-h", "--help"]}


@click.group(context_settings=CONTEXT)
@click.version_option(package_name="tischlein")
def main() -> None:
    """Turn tabletop-game content into print-and-play PDFs, a rules site and a rules engine."""
    exit_on_sigterm()


@main.command()
@content_option
def check(content_dir: Path) -> None:
    """Validate content and translations; print file:line errors; exit 1 on error."""
    content = load_or_exit(content_dir, replays=True)
    stale = status.stale_warnings(content)
    for line in stale:
        click.echo(line, err=True)
    games = ", ".join(content.games) or "none"
    click.echo(f"ok: {len(content.games)} game(s) ({games}), "
               f"{len(content.problems.warnings) + len(stale)} warning(s)")


@main.command()
@click.option("--game", "games", multiple=True, help="Only this game (repeatable). Default: every game.")
@click.option("--lang", "langs", multiple=True,
              help="Only this language (repeatable). Default: every language the game is translated into.")
@click.option("--paper", "papers", multiple=True, type=click.Choice(["a4", "letter"]),
              help="Only this paper size (repeatable). Default: both.")
@click.option("--no-site", is_flag=True, help="Build the PDFs only.")
@content_option
@out_option
def build(games: tuple[str, ...], langs: tuple[str, ...], papers: tuple[str, ...], no_site: bool,
          content_dir: Path, out_dir: Path) -> None:
    """Build every game's PDFs and the rules site into the output folder."""
    from .. import games as game_packages
    from ..pdf.document import build_pdfs
    from ..pdf.errors import PdfBuildError
    from ..pdf.previews import build_previews
    from ..site.build import build_site

    started = time.perf_counter()
    content = load_or_exit(content_dir, list(games), replays=True)
    check_languages(content, langs)
    for game in content.games.values():
        if game_packages.spec(game.id).print_set is None:
            click.echo(f"pdf   {game.id}: no print-and-play layout yet (content only)")
            continue
        game_langs = list(langs) or languages_of(content, game)
        try:
            paths = build_pdfs(content, game.id, game_langs, list(papers) or ["a4", "letter"], out_dir)
            previews = build_previews(content, game.id, game_langs, out_dir)
        except PdfBuildError as exc:
            raise click.ClickException(str(exc)) from None
        for path in paths:
            click.echo(f"pdf   {path}  ({path.stat().st_size / 1024:.0f} KiB)")
        click.echo(f"png   {out_dir / 'previews' / game.id}  ({len(previews)} files)")
    if not no_site:
        site = build_site(content, out_dir)
        click.echo(f"site  {site}")
    click.echo(f"built in {time.perf_counter() - started:.1f} s")


def languages_of(content: loader.Content, game: loader.GameContent) -> list[str]:
    """English plus every language in which the game's own texts (game.yaml: card texts, glosses) are
    translated; engine messages alone do not make a Portuguese PDF worth printing."""
    return [SOURCE_LANGUAGE] + [lang for lang in content.languages if lang != SOURCE_LANGUAGE and any(
        key.startswith("game:") for key in game.catalog.translations.get(lang, {}))]


@main.group()
def i18n() -> None:
    """Translation coverage and stale strings."""


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


for command in (replay, site, pdf, simulate, simulate_merge, editor_config):
    main.add_command(command)

if __name__ == "__main__":
    main()
