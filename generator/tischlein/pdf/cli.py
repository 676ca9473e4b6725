"""`tischlein pdf GAME`: one print-and-play PDF; `build_pdfs` for `tischlein build`."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from ..content.i18n import LANGUAGES
from .document import build_pdf
from .errors import PdfBuildError
from .options import Options
from .sheet import DUPLEX_MODES
from .units import CARD_SIZES, DEFAULT_CARD_SIZE, PAPERS


def default_path(out_dir: Path, game_id: str, opts: Options) -> Path:
    """output/pdf/<game>/<game>-<lang>-<paper>.pdf (variants add their options to the name)."""
    return Path(out_dir) / "pdf" / game_id / opts.file_name(game_id)


def build_pdfs(content, game_id: str, langs: list[str], papers: list[str], out_dir: Path) -> list[Path]:
    """Every language × paper PDF of one game with the default options; raises PdfBuildError."""
    written = []
    for lang in langs:
        for paper in papers:
            opts = Options(lang=lang, paper=paper)
            written.append(build_pdf(content, game_id, opts, default_path(out_dir, game_id, opts)))
    return written


def _offset(ctx, param, value: str | None) -> tuple[float, float]:
    if not value:
        return (0.0, 0.0)
    try:
        x, y = (float(v) for v in value.split(","))
    except ValueError:
        raise click.BadParameter("expected X,Y in millimetres, e.g. 0.5,-1") from None
    return (x, y)


def _command():
    # imported here: tischlein.cli imports this module at its end
    from ..cli import content_option, load_or_exit, out_option

    @click.command("pdf")
    @click.argument("game")
    @click.option("--lang", type=click.Choice(list(LANGUAGES)), default="en", show_default=True,
                  help="Language of the card texts (untranslated texts fall back to English).")
    @click.option("--paper", type=click.Choice(list(PAPERS)), default="a4", show_default=True)
    @click.option("--card-size", type=click.Choice(list(CARD_SIZES)), default=DEFAULT_CARD_SIZE, show_default=True,
                  help="poker = 63 × 88 mm, poker-in = 63.5 × 88.9 mm, bridge 57 × 89, mini 44 × 63, "
                       "euro 59 × 92, tarot 70 × 120.")
    @click.option("--bleed", "bleed_mm", type=click.FloatRange(0, 6), default=3.0, show_default=True,
                  help="Art beyond the cut line, in mm (reduced on paper where it does not fit; the guide says so).")
    @click.option("--duplex", type=click.Choice(list(DUPLEX_MODES)), default="long", show_default=True,
                  help="long/short: back pages follow their fronts, mirrored for that flip; none: fronts only.")
    @click.option("--back-offset", callback=_offset, default=None, metavar="X,Y",
                  help="Shift the back pages by X,Y mm to correct a printer's duplex misalignment.")
    @content_option
    @out_option
    @click.option("-o", "output", type=click.Path(dir_okay=False, path_type=Path), default=None,
                  help="Write to this file instead of OUT/pdf/GAME/GAME-LANG-PAPER.pdf.")
    def pdf(game, lang, paper, card_size, bleed_mm, duplex, back_offset, content_dir, out_dir, output):
        """Build the print-and-play PDF of GAME."""
        content = load_or_exit(content_dir, [game])
        try:
            opts = Options(lang=lang, paper=paper, card_size=card_size, bleed_mm=bleed_mm, duplex=duplex,
                           back_offset_mm=back_offset)
            path = build_pdf(content, game, opts, output or default_path(out_dir, game, opts))
        except PdfBuildError as exc:
            click.echo(f"error: {exc}", err=True)
            sys.exit(1)
        click.echo(f"wrote {path} ({path.stat().st_size / 1024:.0f} KiB)")

    return pdf


pdf = _command()
