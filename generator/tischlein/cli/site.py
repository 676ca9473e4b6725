"""`tischlein site [--serve] [--port N]`: build the rules site into <out>/site (and serve it on 127.0.0.1)."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from ..site.serve import HOST
from .common import check_languages, content_option, load_or_exit, out_option, pyodide_or_exit


@click.command("site")
@click.option("--serve", is_flag=True, help="Serve the built site on 127.0.0.1 after building.")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="Port for --serve.")
@click.option("--game", "games", multiple=True, help="Only these games (default: all).")
@click.option("--lang", "langs", multiple=True,
              help="Only this language besides English (repeatable): a translator's preview of one game in one "
                   "language builds in seconds, e.g. --lang fr --game schwarzwaelder-kirsch --serve.")
@content_option
@out_option
def site(serve: bool, port: int, games: tuple[str, ...], langs: tuple[str, ...], content_dir: Path,
         out_dir: Path) -> None:
    """Build the rules site (MkDocs-Material, every language) into OUT/site; with --serve, serve it locally.

    The site's try-it panel runs the rules engine in the browser with a self-hosted Pyodide: `npm install
    pyodide@<version>` in your project (`tischlein --version` names the version), or set $TISCHLEIN_PYODIDE to a
    node_modules/pyodide folder.
    """
    from ..site.build import BuildReport, SiteBuildError, build_site

    wanted = ["en"] + [lang for lang in langs if lang != "en"] if langs else None
    content = load_or_exit(content_dir, list(games) or None, replays=True, langs=wanted)
    check_languages(content, langs)
    pyodide = pyodide_or_exit(content_dir)
    report = BuildReport(out_dir / "site")
    site_url = f"http://{HOST}:{port}/" if serve else None
    from ..outlock import held
    try:
        with held(out_dir, "tischlein site", say=lambda line: click.echo(line, err=True)):
            target = build_site(content, out_dir, site_url, report=report, pyodide=pyodide, languages=wanted)
    except (SiteBuildError, FileNotFoundError) as exc:
        click.echo(f"site: {exc}", err=True)
        sys.exit(1)
    for warning in report.warnings:
        click.echo(f"warning: {warning}", err=True)
    click.echo(f"site: {report.pages} pages, {report.bytes / 1e6:.1f} MB in {target} ({report.seconds:.1f} s)")
    for game, files in report.downloads.items():
        for path, size in files:
            click.echo(f"  download {path} ({size / 1e6:.1f} MB)")
    if serve:
        from ..site.serve import serve_forever
        click.echo(f"serving http://{HOST}:{port}/ (Ctrl-C to stop)")
        serve_forever(target, port)
