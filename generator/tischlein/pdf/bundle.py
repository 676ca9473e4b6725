"""Everything `tischlein build` prints for one game: the variants a crafter picks on the downloads page.

Per language and paper: the standard PDF (double-sided, long edge), the fold version (no duplex printer), the
ink saver and the tuck boxes; per language: the card previews (with the Tabletop Simulator sheets and saved
object) and the print-shop zips. `PDF_VARIANTS` is the one list of PDF variants; the downloads page
(site/downloads.py) shows whatever of them, and of the zips, a build left in the output folder.

The shops that take images (The Game Crafter, MakePlayingCards) get their zips in the source language only: 300 dpi
rasterising is most of a bundle's time and size (measured: it made the full build 2.4× slower and the site 3.5×
larger in all languages). `tischlein export GAME --shop tgc --lang de` writes them in any language; the
DriveThruCards PDF (vector, cheap) and the Tabletop Simulator zip come in every language.

Rasterised shop images are cached in <out>/.cache/raster (raster.py): a rebuild with unchanged content and code
reads them back instead of rendering them again.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..content.i18n import SOURCE_LANGUAGE
from .document import build_pdf, default_path
from .options import Options
from .raster import cache_folder
from .shops import SHOPS
from .texts import Texts

# variant code (as in the file name) -> the options that differ from the standard PDF
PDF_VARIANTS: dict[str, dict] = {
    "": {},
    "duplex-fold": {"duplex": "fold"},
    "inksaver": {"ink_saver": True},
}
SHOP_TARGETS = ("tgc", "mpc", "dtc")


@dataclass
class Bundle:
    pdfs: list[Path] = field(default_factory=list)
    previews: list[Path] = field(default_factory=list)
    exports: list[Path] = field(default_factory=list)


def build_bundle(content, game_id: str, langs: list[str], papers: list[str], out_dir: Path,
                 shops: tuple[str, ...] = SHOP_TARGETS, tts: bool = True) -> Bundle:
    """Write every file of one game's print bundle; raises PdfBuildError. (`tischlein build` runs the same two
    parts as separate tasks: `pdf_variants` per language and paper, `language_files` per language.)"""
    out = Bundle()
    for lang in langs:
        for paper in papers:
            out.pdfs += pdf_variants(content, game_id, lang, paper, out_dir)
    for lang in langs:
        previews, exports = language_files(content, game_id, lang, out_dir, shops, tts)
        out.previews += previews
        out.exports += exports
    return out


def pdf_variants(content, game_id: str, lang: str, paper: str, out_dir: Path) -> list[Path]:
    """Every PDF variant of one language and paper, the tuck boxes, and the duplex calibration sheet (the print
    guide sends a crafter to it, and on Letter the cards leave no margin for registration targets)."""
    from .calibration import build_calibration
    from .tuckbox import build_tuckboxes

    written = []
    for options in PDF_VARIANTS.values():
        opts = Options(lang=lang, paper=paper, **options)
        written.append(build_pdf(content, game_id, opts, default_path(out_dir, game_id, opts)))
    opts = Options(lang=lang, paper=paper)
    folder = Path(out_dir) / "pdf" / game_id
    boxes = build_tuckboxes(content, game_id, opts, folder / opts.file_name(game_id, "tuckbox"))
    calibration = build_calibration(content, game_id, opts, folder / opts.file_name(game_id, "calibration"))
    return written + ([boxes] if boxes is not None else []) + [calibration]


def language_files(content, game_id: str, lang: str, out_dir: Path, shops: tuple[str, ...] = SHOP_TARGETS,
                   tts: bool = True) -> tuple[list[Path], list[Path]]:
    """One language's previews (the TTS sheets among them) and its print-shop and Tabletop Simulator zips: the
    zips need the previews' faces.json, so they are one piece of work."""
    from .export import export_dir, export_game
    from .previews import build_previews
    from .tts import write_tts

    previews = build_previews(content, game_id, [lang], out_dir)
    folder = export_dir(out_dir, game_id, lang)
    _forget_exports(folder)
    here = shops if lang == SOURCE_LANGUAGE else tuple(s for s in shops if SHOPS[s].image_px is None)
    exports = export_game(content, game_id, lang, here, out_dir, cache_folder(out_dir))
    faces = Path(out_dir) / "previews" / game_id / lang
    if tts and (faces / "faces.json").is_file():
        written = write_tts(faces, Texts(content.games[game_id].ui, lang, content.games[game_id]), folder)
        exports += [p for p in written if p.suffix == ".zip"]
    return previews, exports


def _forget_exports(folder: Path) -> None:
    """Remove the zips an earlier build left in an export folder, and their manifest: the downloads page lists
    what the manifest names, and a deck or shop this build no longer writes must not stay on it."""
    from .export import MANIFEST

    if Path(folder).is_dir():
        for old in [*Path(folder).glob("*.zip"), Path(folder) / MANIFEST]:
            old.unlink(missing_ok=True)
