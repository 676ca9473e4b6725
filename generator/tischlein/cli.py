"""The tischlein command line: check, build, pdf, site, replay."""
from __future__ import annotations

import sys
import time
from pathlib import Path

import click

from .content import loader, status
from .content.i18n import LANGUAGES, SOURCE_LANGUAGE

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
    stale = status.stale_warnings(content)
    for line in stale:
        click.echo(line, err=True)
    games = ", ".join(content.games) or "none"
    click.echo(f"ok: {len(content.games)} game(s) ({games}), "
               f"{len(content.problems.warnings) + len(stale)} warning(s)")


@main.command()
@click.option("--game", "games", multiple=True, help="Only this game (repeatable). Default: every game.")
@click.option("--lang", "langs", multiple=True, type=click.Choice(LANGUAGES),
              help="Only this language (repeatable). Default: every language the game is translated into.")
@click.option("--paper", "papers", multiple=True, type=click.Choice(["a4", "letter"]),
              help="Only this paper size (repeatable). Default: both.")
@click.option("--no-site", is_flag=True, help="Build the PDFs only.")
@content_option
@out_option
def build(games: tuple[str, ...], langs: tuple[str, ...], papers: tuple[str, ...], no_site: bool,
          content_dir: Path, out_dir: Path) -> None:
    """Build every game's PDFs and the rules site into the output folder."""
    from .pdf.cli import build_pdfs
    from .pdf.errors import PdfBuildError
    from .pdf.games import BUILDERS as PDF_GAMES
    from .pdf.previews import build_previews
    from .site.build import build_site

    started = time.perf_counter()
    content = load_or_exit(content_dir, list(games))
    for game in content.games.values():
        if game.id not in PDF_GAMES:
            click.echo(f"pdf   {game.id}: no print-and-play layout yet (content only)")
            continue
        game_langs = list(langs) or languages_of(game)
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


def languages_of(game: loader.GameContent) -> list[str]:
    """English plus every published language in which the game's own texts (game.yaml: card texts, glosses)
    are translated; engine messages alone do not make a Portuguese PDF worth printing."""
    return [SOURCE_LANGUAGE] + [lang for lang in LANGUAGES if lang != SOURCE_LANGUAGE and any(
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


from .engine.cli import replay  # noqa: E402  (at the end: engine.cli uses load_or_exit)
main.add_command(replay)
from .site.cli import site  # noqa: E402
main.add_command(site)
from .pdf.cli import pdf  # noqa: E402
main.add_command(pdf)
from .engine.simcli import simulate  # noqa: E402
main.add_command(simulate)

if __name__ == "__main__":
    main()
