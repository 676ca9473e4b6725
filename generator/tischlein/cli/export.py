"""`tischlein export GAME --shop tgc|mpc|dtc`: print-shop files, one zip per deck (pdf/export.py)."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from ..pdf.shops import SHOPS
from .common import check_languages, content_option, load_or_exit, out_option


@click.command("export")
@click.argument("game")
@click.option("--shop", "shops", multiple=True, type=click.Choice(list(SHOPS)), required=True,
              help="tgc = The Game Crafter (825 × 1125 px PNGs), mpc = MakePlayingCards (816 × 1110 px PNGs), "
                   "dtc = DriveThruCards (a PDF, back before front). Repeatable.")
@click.option("--lang", "langs", multiple=True,
              help="Language of the card texts (repeatable). Default: English.")
@content_option
@out_option
def export(game: str, shops: tuple[str, ...], langs: tuple[str, ...], content_dir: Path, out_dir: Path) -> None:
    """Write GAME's cards as a print shop asks for them, one zip per deck.

    The zips are OUT/export/GAME/LANG/GAME-LANG-SHOP-DECK.zip, each with a README saying the sizes, where they
    come from, and what is not included."""
    from ..pdf.raster import cache_folder
    from ..pdf.errors import PdfBuildError
    from ..pdf.export import export_game

    content = load_or_exit(content_dir, [game])
    check_languages(content, langs)
    written = []
    try:
        for lang in langs or ["en"]:
            written += export_game(content, game, lang, shops, out_dir, cache_folder(out_dir))
    except PdfBuildError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(1)
    if not written:
        click.echo(f"{game}: no cards of a size these shops print", err=True)
        sys.exit(1)
    for path in written:
        click.echo(f"wrote {path} ({path.stat().st_size / 1024:.0f} KiB)")
