"""What every command shares: the --content and --out options, loading content or exiting with its errors, and
checking a --lang against the languages the content has."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from ..content import loader


def content_option(f):
    return click.option("--content", "content_dir", type=click.Path(file_okay=False, path_type=Path),
                        default=Path("content"), show_default=True, help="The content folder to read.")(f)


def out_option(f):
    return click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
                        default=Path("output"), show_default=True, help="Where generated files go.")(f)


def load_or_exit(content_dir: Path, games: list[str] | None = None, replays: bool = False,
                 langs: list[str] | None = None, rules_texts: bool = True, fits: bool = False) -> loader.Content:
    """Load content (only the translations into `langs` when given; without `rules_texts`, none of the rules,
    glossary, FAQ, messages and worked examples; with `replays`, replay every worked example; with `fits`, measure
    every card text in every language with the PDF's code, as a PDF build would); on any error print every problem
    as path:line: field: message and exit 1."""
    content = loader.load(content_dir, games or None, langs, rules_texts)
    if replays:          # the whole check: every character a PDF prints must be drawable, too
        from ..content import glyphs
        glyphs.check(content, content.problems)
    if fits:             # …and every card text fit its box: what would stop a PDF build
        from ..content import fitting
        fitting.check(content, content.problems)
    if replays and not content.problems.errors:
        from ..content.replays import check_replays
        check_replays(content, content.problems)
    for problem in content.problems.warnings:
        click.echo(str(problem), err=True)
    if content.problems.errors:
        for problem in content.problems.errors:
            click.echo(str(problem), err=True)
        n = len(content.problems.errors)
        click.echo(f"{n} error{'s' if n != 1 else ''} in {content_dir}", err=True)
        sys.exit(1)
    return content


def engine_or_exit(content: loader.Content, game_id: str):
    """The game's Engine bound to its content's data; a usage error (exit 2) when the game has no engine."""
    from .. import games
    spec = games.spec(game_id)
    if spec is None or spec.engine_class is None:
        known = [g for g, s in games.specs().items() if s.engine_class is not None]
        raise click.UsageError(f"no rules engine for game {game_id!r}; known: {', '.join(known)}")
    return spec.engine_class(content.games[game_id].model.engine_data())


def check_languages(content: loader.Content, langs: list[str] | tuple[str, ...]) -> list[str]:
    """The --lang values, each one a language of the content (a content/ui/<lang>.yaml)."""
    for lang in langs:
        if lang not in content.languages:
            raise click.BadParameter(f"{lang!r} is not a language of {content.root} (languages: "
                                     f"{', '.join(content.languages)}; add one with content/ui/<code>.yaml)",
                                     param_hint="'--lang'")
    return list(langs)


def pyodide_or_exit(content_dir: Path) -> Path:
    """The self-hosted Pyodide the site ships, found before anything is built (so nothing is half-written)."""
    from .. import resources
    try:
        return resources.pyodide(content_dir)
    except resources.MissingResource as exc:
        click.echo(f"site: {exc}", err=True)
        sys.exit(1)


def versions() -> dict[str, str]:
    """What `tischlein --version` reports: tischlein and the versions of what shapes its output."""
    from importlib.metadata import PackageNotFoundError, version

    from .. import resources
    found = {}
    for name in ("tischlein", "reportlab", "mkdocs-material"):
        try:
            found[name] = version(name)
        except PackageNotFoundError:
            found[name] = "not installed"
    try:
        folder = resources.pyodide()
        found["pyodide"] = f"{resources.pyodide_version(folder)} ({folder})"
    except resources.MissingResource:
        found["pyodide"] = f"not found (tischlein needs {resources.PYODIDE_VERSION}; see `tischlein site --help`)"
    return found


def game_plugins() -> list[str]:
    """One line per installed game: its id, package and the distribution that registered it."""
    from importlib.metadata import entry_points

    from .. import games
    dists = {e.module: e.dist for e in entry_points(group=games.ENTRY_POINT_GROUP)}
    lines = []
    for game_id, spec in games.specs().items():
        dist = dists.get(spec.package)
        where = f"{dist.name} {dist.version}" if dist else f"${games.PATH_VARIABLE}"
        lines.append(f"{game_id}: {spec.package} ({where})")
    return lines

