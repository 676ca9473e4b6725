"""`tischlein build`: every game's PDFs and previews and the rules site, as independent tasks on a process pool,
rebuilding only what changed (tischlein.buildplan has the tasks, the pool and the manifest)."""
from __future__ import annotations

import os
import time
from pathlib import Path

import click

from .common import check_languages, content_option, load_or_exit, out_option, pyodide_or_exit
from .errors import EXIT_LOCKED, Failure


def _shard(ctx, param, value: str | None) -> tuple[int, int] | None:
    if value is None:
        return None
    try:
        i, n = (int(v) for v in value.split("/"))
    except ValueError:
        raise click.BadParameter("expected I/N, such as 1/4 (the first of four shards)") from None
    if not 1 <= i <= n:
        raise click.BadParameter(f"expected 1 ≤ I ≤ N, got {value}")
    return i, n


def _scope(games: tuple[str, ...], langs: tuple[str, ...], papers: tuple[str, ...], site: bool):
    """Whether a build with these options runs a task (of the last build's, whose game or language may be
    gone): its outputs are then this build's to remove."""
    def runs(task) -> bool:
        if task.kind in ("site", "offline"):
            return site
        if task.kind == "simulation":
            return site and (not games or task.game in games)
        return ((not games or task.game in games) and (not langs or task.lang in langs)
                and (not papers or not task.paper or task.paper in papers))
    return runs


@click.command()
@click.option("--game", "games", multiple=True, help="Only this game (repeatable). Default: every game.")
@click.option("--lang", "langs", multiple=True,
              help="Only this language (repeatable). Default: every language the game is translated into.")
@click.option("--paper", "papers", multiple=True, type=click.Choice(["a4", "letter"]),
              help="Only this paper size (repeatable). Default: both.")
@click.option("--no-site", is_flag=True, help="Build the PDFs only.")
@click.option("--jobs", "-j", type=click.IntRange(1, None), default=None,
              help="Tasks run at once, each in its own process. Default: the number of cores.")
@click.option("--shard", callback=_shard, default=None, metavar="I/N",
              help="Build only the I-th of N deterministic parts of the tasks (for a CI matrix; merge the "
                   "output folders afterwards, then build once more: that builds only the site).")
@click.option("--force", is_flag=True, help="Rebuild everything, even outputs whose inputs did not change.")
@click.option("--no-wait", is_flag=True,
              help=f"When another build is writing into the output folder, stop at once (exit code {EXIT_LOCKED}) "
                   "instead of waiting for it to end.")
@content_option
@out_option
def build(games: tuple[str, ...], langs: tuple[str, ...], papers: tuple[str, ...], no_site: bool,
          jobs: int | None, shard: tuple[int, int] | None, force: bool, no_wait: bool, content_dir: Path,
          out_dir: Path) -> None:
    """Build every game's PDFs and the rules site into the output folder.

    One build at a time writes into an output folder: a second one waits for the first to end (or, with
    --no-wait, stops)."""
    from .. import buildplan, outlock

    started = time.perf_counter()
    content = load_or_exit(content_dir, list(games), replays=True, fits=True)
    check_languages(content, langs)
    pyodide = None if no_site else pyodide_or_exit(content_dir)     # before any output is written
    tasks = buildplan.plan(content, list(langs), list(papers) or ["a4", "letter"], site=not no_site)
    if shard is not None:
        tasks = buildplan.shard(tasks, *shard)
    for game in content.games.values():
        if not any(t.game == game.id for t in tasks) and buildplan.printable(game.id) is False:
            click.echo(f"pdf   {game.id}: no print-and-play layout yet (content only)")
    try:
        with outlock.held(out_dir, "tischlein build", wait=not no_wait, say=lambda line: click.echo(line, err=True)):
            results = buildplan.run(content, content_dir, out_dir, tasks, jobs or os.cpu_count() or 1, force=force,
                                    report=click.echo, pyodide=pyodide,
                                    scope=None if shard else _scope(games, langs, papers, not no_site))
    except buildplan.BuildError as exc:
        raise click.ClickException(str(exc)) from None
    except outlock.Locked as exc:
        raise Failure(str(exc), EXIT_LOCKED) from None
    built = sum(1 for r in results if not r.skipped)
    click.echo(f"built {built} of {len(results)} task(s) in {time.perf_counter() - started:.1f} s "
               f"({len(results) - built} unchanged)")
