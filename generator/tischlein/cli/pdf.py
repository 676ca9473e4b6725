"""`tischlein pdf GAME`: one print-and-play PDF; `build_pdfs` for `tischlein build`."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from ..pdf.document import build_pdf, default_path
from ..pdf.errors import PdfBuildError
from ..pdf.options import CARD_THICKNESS_MM, Options
from ..pdf.sheet import CROP_MARK_STYLES, DUPLEX_MODES
from ..pdf.units import CARD_SIZES, DEFAULT_CARD_SIZE, PRINTER_MARGIN_MM
from .common import check_languages, content_option, load_or_exit, out_option


def _offset(ctx, param, value: str | None) -> tuple[float, float]:
    if not value:
        return (0.0, 0.0)
    try:
        x, y = (float(v) for v in value.split(","))
    except ValueError:
        raise click.BadParameter("expected X,Y in millimetres, e.g. 0.5,-1") from None
    return (x, y)


def _command():
    @click.command("pdf")
    @click.argument("game")
    @click.option("--lang", default="en", show_default=True,
                  help="Language of the card texts: one of the content's languages (untranslated texts fall "
                       "back to English).")
    @click.option("--paper", default="a4", show_default=True, metavar="a4|letter|WxH",
                  help="a4, letter, or any paper as width x height in mm (e.g. 200x280).")
    @click.option("--card-size", type=click.Choice(list(CARD_SIZES)), default=DEFAULT_CARD_SIZE, show_default=True,
                  help="poker = 63 × 88 mm, poker-in = 63.5 × 88.9 mm, bridge 57 × 89, mini 44 × 63, "
                       "euro 59 × 92, tarot 70 × 120.")
    @click.option("--bleed", "bleed_mm", type=click.FloatRange(0, 6), default=3.0, show_default=True,
                  help="Art beyond the cut line on every side of every piece, in mm.")
    @click.option("--printer-margin", "printer_margin_mm", type=click.FloatRange(0, 15), default=PRINTER_MARGIN_MM,
                  show_default=True,
                  help="The border your printer leaves blank, in mm (most print at least 5 mm from the edge; "
                       "some lasers need 6.35): crop marks, registration targets and labels stay inside it.")
    @click.option("--duplex", type=click.Choice(list(DUPLEX_MODES)), default="long", show_default=True,
                  help="long/short: each back page follows its front page, mirrored for a flip on the long or "
                       "short edge (the PDF asks the printer for that flip); fold: gutter fold, fronts and their "
                       "backs on one single-sided page either side of a dashed fold line, backs turned so they "
                       "register when folded; none: fronts only.")
    @click.option("--back-offset", callback=_offset, default=None, metavar="X,Y",
                  help="Shift every back by X,Y mm (right and up, as seen on the back) to correct a printer's "
                       "duplex misalignment; measure it with --calibration. Works with long, short and fold.")
    @click.option("--crop-marks", type=click.Choice(list(CROP_MARK_STYLES)), default="short", show_default=True,
                  help="short: 7 mm marks in the margin; full: cut lines from the cards to the printer margin, so "
                       "they survive the first guillotine cut. Never drawn on a card.")
    @click.option("--ink-saver", is_flag=True,
                  help="Light backgrounds and outlines instead of large coloured fills; same layout.")
    @click.option("--tuckbox", is_flag=True,
                  help="Instead of the cards, the tuck boxes: one foldable box per deck, as deep as the deck "
                       "(blank spares included; see --card-thickness, --sleeves, and --duplex fold for cards "
                       "glued from two halves).")
    @click.option("--card-thickness", "card_thickness_mm", type=click.FloatRange(0.05, 2.0),
                  default=CARD_THICKNESS_MM, show_default=True,
                  help="How thick one printed card is, in mm (0.32 on about 300 g/m² card stock): the tuck boxes' "
                       "depth.")
    @click.option("--sleeves", is_flag=True,
                  help="The cards go in sleeves: tuck boxes 3 mm wider and taller, 0.12 mm deeper per card.")
    @click.option("--calibration", is_flag=True,
                  help="Instead of the cards, write a two-page duplex calibration sheet for this paper and "
                       "--duplex long|short: cross-hairs on the front, millimetre scales behind them on the back. "
                       "Print it double-sided, read where each cross shows through and pass the reading as "
                       "--back-offset X,Y.")
    @click.option("--booklet", "rules_kind", flag_value="booklet", default=None,
                  help="Instead of the cards, the rules booklet: A5 pages (half-letter on Letter) imposed two to a "
                       "side for saddle stitching; print double-sided, flip on the short edge, fold and staple "
                       "(its back cover says how). Takes --lang, --paper, --ink-saver.")
    @click.option("--rules", "rules_kind", flag_value="rules",
                  help="Instead of the cards, the rules as plain A4/Letter pages with contents, links and "
                       "bookmarks. Takes --lang, --paper, --ink-saver.")
    @click.option("--quickref", "rules_kind", flag_value="quickref",
                  help="Instead of the cards, the quick reference: one sheet, two sides at most. Takes --lang, "
                       "--paper, --ink-saver.")
    @content_option
    @out_option
    @click.option("-o", "output", type=click.Path(dir_okay=False, path_type=Path), default=None,
                  help="Write to this file instead of OUT/pdf/GAME/GAME-LANG-PAPER.pdf.")
    def pdf(game, lang, paper, card_size, bleed_mm, printer_margin_mm, duplex, back_offset, crop_marks, ink_saver,
            tuckbox, card_thickness_mm, sleeves, calibration, rules_kind, content_dir, out_dir, output):
        """Build the print-and-play PDF of GAME (or its rules booklet, quick reference, calibration sheet)."""
        # the cards, the guide and the credits print game.yaml's and the interface's texts only: the rules and
        # the worked examples are read (and checked) for the rules PDFs alone
        content = load_or_exit(content_dir, [game], langs=[lang], rules_texts=rules_kind is not None)
        check_languages(content, [lang])
        try:
            if rules_kind:
                path = build_rules_pdf(content, game, lang, paper, rules_kind, ink_saver, out_dir, output)
                click.echo(f"wrote {path} ({path.stat().st_size / 1024:.0f} KiB)")
                return
            opts = Options(lang=lang, paper=paper, card_size=card_size, bleed_mm=bleed_mm, duplex=duplex,
                           back_offset_mm=back_offset, crop_marks=crop_marks, ink_saver=ink_saver,
                           printer_margin_mm=printer_margin_mm, card_thickness_mm=card_thickness_mm,
                           sleeves=sleeves)
            if tuckbox:
                from ..pdf.tuckbox import build_tuckboxes
                target = output or Path(out_dir) / "pdf" / game / opts.file_name(game, "tuckbox")
                path = build_tuckboxes(content, game, opts, target)
                if path is None:
                    click.echo(f"{game} has no deck large enough for a tuck box")
                    return
            elif calibration:
                from ..pdf.calibration import build_calibration
                target = output or Path(out_dir) / "pdf" / game / opts.file_name(game, "calibration")
                path = build_calibration(content, game, opts, target)
            else:
                path = build_pdf(content, game, opts, output or default_path(out_dir, game, opts))
        except PdfBuildError as exc:
            click.echo(f"error: {exc}", err=True)
            if not rules_kind and not calibration:      # name the strings at fault, as check does
                from ..content.fitting import explain
                for line in explain(content, game, lang, card_size):
                    click.echo(line, err=True)
            sys.exit(1)
        click.echo(f"wrote {path} ({path.stat().st_size / 1024:.0f} KiB)")

    return pdf


def build_rules_pdf(content, game: str, lang: str, paper: str, kind: str, ink_saver: bool, out_dir: Path,
                    output: Path | None) -> Path:
    """The booklet, the plain rules or the quick reference (pdf/booklet.py, pdf/quickref.py)."""
    from ..pdf import booklet, quickref
    if kind == "quickref":
        target = output or quickref.default_path(out_dir, game, lang, paper, ink_saver)
        return quickref.build(content, game, lang, paper, target, ink_saver=ink_saver)
    target = output or booklet.default_path(out_dir, game, lang, paper, kind, ink_saver)
    return booklet.build(content, game, lang, paper, kind, target, ink_saver=ink_saver)


pdf = _command()
