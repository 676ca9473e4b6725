"""`tischlein export GAME --shop tgc|mpc|dtc`: the files a print shop asks for, one zip per deck.

A deck, for a shop, is the cards of one size that share one back (Mahlzeit's light and dark decks, Suppenkasper's
deck and its weight tables): a shop prints a deck with one back. Only pieces of the shop's card size go in (see
shops.py); everything else is named in the README as not included.

The cards are drawn at the shop's own trim size (2.5 × 3.5 in for The Game Crafter and DriveThruCards, MPC's
2.48 × 3.46 in) by the same face code as the print-and-play sheets, written one side per page by facepages.py,
and — for the shops that take images — rasterised by raster.py at 300 dpi to the shop's exact pixel size.
A zip holds, in this order: README.txt, back.png, front-001-<piece>.png … (every card, copies included, in deck
order); for DriveThruCards README.txt and one PDF whose pages are back, front, back, front … card after card.

Zips are byte-identical between builds (fixed timestamps and order) and written atomically.
"""
from __future__ import annotations

import dataclasses
import json
import zipfile
from dataclasses import dataclass
from pathlib import Path

from ..files import atomic, inside, temporary_folder, write_text
from . import facepages, pdfx, raster, shop_parts
from .component import PrintSet
from .component import print_set as game_print_set
from .errors import PdfBuildError
# which pieces make a shop's decks is shops.py's: the print guide names what the zips leave out without importing
# this module (and zipfile, the rasteriser …) for every card PDF
from .shops import DPI, INCH_MM, SHOPS, Shop, ShopDeck, left_out, safe, shop_decks  # noqa: F401
from .texts import Texts
from .units import Size

BLANK_BACK = "zz-blank-back"             # a white back for cards printed one-sided at home
ZIP_DATE = (2020, 1, 1, 0, 0, 0)
MANIFEST = "exports.json"                # what each zip of an export folder holds, for the downloads page


def export_dir(out_dir: Path, game_id: str, lang: str) -> Path:
    """output/export/<game>/<lang>/: the shop zips and the Tabletop Simulator zip of one language."""
    return inside(out_dir, Path(out_dir) / "export" / game_id / lang)


def zip_name(game_id: str, lang: str, target: str, deck: str = "") -> str:
    """`<game>-<lang>-<shop>-<deck>.zip` (and `<game>-<lang>-tts.zip`): the downloads page reads these back."""
    return "-".join(filter(None, [game_id, lang, target, deck])) + ".zip"


def export_game(content, game_id: str, lang: str, shop_ids, out_dir: Path, cache: Path | None = None) -> list[Path]:
    """Write the zips of every shop in `shop_ids` for one game and language; returns them."""
    game = content.games[game_id]
    written: list[Path] = []
    for shop_id in shop_ids:
        shop = SHOPS[shop_id]
        ui = Texts(game.ui, lang, game)
        ps = _with_blank_back(game_print_set(content, game_id, lang, shop.card))
        decks = shop_decks(ps, shop)
        if not decks:
            continue
        target = export_dir(out_dir, game_id, lang)
        with temporary_folder("tischlein-export-") as tmp:
            pngs = _images(ps, ui, decks, shop, tmp, cache) if shop.image_px else {}
            extras = shop_parts.parts(ps, shop, tmp, cache)
            excluded = left_out(ps, decks, shop)
            for deck in decks:
                path = target / zip_name(game_id, lang, shop.id, deck.name)
                entries = [("README.txt", _readme(ps, ui, shop, deck, excluded).encode("utf-8"))]
                if shop.image_px:
                    entries.append(("back.png", pngs[(facepages.BACK, deck.back or BLANK_BACK)]))
                    entries += [(f"front-{i:03d}-{safe(p.id)}.png", pngs[(facepages.FACE, p.face)])
                                for i, p in enumerate(deck.pieces, 1)]
                else:
                    pdf = Path(tmp) / f"{deck.name}.pdf"
                    title = ui("export.readme.title", game=ps.title, deck=deck.label, shop=shop.name)
                    facepages.write(ps, ui, pdf, shop.bleed_mm, _back_then_front(deck),
                                    pdfx=pdfx.Conformance(title, shop.ink_limit))
                    entries.append((pdf_name(game_id, lang, shop, deck), pdf.read_bytes()))
                written.append(write_zip(path, entries))
                record(target, path.name, shop.id, "site.variant.shop", shop=shop.name, deck=deck.label,
                       n=len(deck.pieces))
            for part in extras:
                path = target / zip_name(game_id, lang, shop.id, part.name)
                readme = _part_readme(ps, ui, shop, part, excluded)
                written.append(write_zip(path, [("README.txt", readme.encode("utf-8"))] + part.files))
                record(target, path.name, shop.id, f"site.variant.shop_{part.kind}", shop=shop.name, part=part.label,
                       n=part.count)
    return written


def record(folder: Path, file: str, target: str, label: str, **params) -> None:
    """Note in the folder's exports.json what `file` is: its target (a shop, or tts), and the interface string
    and values the downloads page describes it with. Entries of files no longer there are dropped."""
    path = Path(folder) / MANIFEST
    entries = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    entries = {name: e for name, e in entries.items() if (Path(folder) / name).is_file()}
    entries[file] = {"target": target, "label": label, "params": params}
    write_text(path, json.dumps(entries, ensure_ascii=False, indent=1, sort_keys=True) + "\n")


def pdf_name(game_id: str, lang: str, shop: Shop, deck: ShopDeck) -> str:
    return f"{game_id}-{lang}-{shop.id}-{deck.name}.pdf"


def _with_blank_back(ps: PrintSet) -> PrintSet:
    def blank(c, box) -> None:
        c.setFillColorRGB(1, 1, 1)
        c.rect(-box.bleed, -box.bleed, box.w + 2 * box.bleed, box.h + 2 * box.bleed, stroke=0, fill=1)
    return dataclasses.replace(ps, backs={**ps.backs, BLANK_BACK: blank})


def _back_then_front(deck: ShopDeck) -> list[tuple]:
    sides = []
    for p in deck.pieces:
        sides.append((facepages.BACK, p.back or BLANK_BACK, _Sized(deck.size)))
        sides.append((facepages.FACE, p.face, _Sized(deck.size)))
    return sides


@dataclass(frozen=True)
class _Sized:
    size: Size


def _images(ps: PrintSet, ui: Texts, decks: list[ShopDeck], shop: Shop, tmp: Path, cache) -> dict:
    """PNG bytes of every distinct face and back of the decks, at the shop's exact pixel size."""
    sides, seen = [], set()
    for deck in decks:
        for side, key in [(facepages.BACK, deck.back or BLANK_BACK)] + [(facepages.FACE, p.face) for p in deck.pieces]:
            if (side, key) not in seen:
                seen.add((side, key))
                sides.append((side, key, _Sized(deck.size)))
    pdf = facepages.write(ps, ui, tmp / "sides.pdf", shop.bleed_mm, sides)
    pages = raster.png_pages(pdf, shop.image_px, DPI, cache)
    if len(pages) != len(sides):
        raise PdfBuildError(f"{ps.game_id}: {len(pages)} pages rendered for {len(sides)} card sides")
    return {(side, key): png for (side, key, _), png in zip(sides, pages)}


def write_zip(path: Path, entries: list[tuple[str, bytes]]) -> Path:
    """A zip of `entries` in their order, with fixed timestamps: the same files give the same bytes. PNGs and
    PDFs are stored (they are compressed already), text is deflated."""
    with atomic(path) as tmp:
        with zipfile.ZipFile(tmp, "w") as zf:
            for name, data in entries:
                info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
                info.compress_type = zipfile.ZIP_DEFLATED if name.endswith((".txt", ".json")) else zipfile.ZIP_STORED
                info.external_attr = 0o644 << 16
                zf.writestr(info, data)
    return Path(path)


def _inch(mm_value: float) -> float:
    return round(mm_value / INCH_MM, 3)


def _readme(ps: PrintSet, ui: Texts, shop: Shop, deck: ShopDeck, excluded: list[str]) -> str:
    size = deck.size
    lines = [ui("export.readme.title", game=ps.title, deck=deck.label, shop=shop.name), "",
             ui("export.readme.cards", n=len(deck.pieces), width=round(size.width_mm, 1),
                height=round(size.height_mm, 1), inch=f"{ui.size(_inch(size.width_mm), _inch(size.height_mm))} in")]
    if shop.image_px:
        lines.append(ui("export.readme.images", px=f"{shop.image_px[0]} × {shop.image_px[1]}", dpi=DPI,
                        bleed=_inch(shop.bleed_mm)))
    else:
        lines.append(ui("export.readme.pdf", file=pdf_name(ps.game_id, ps.lang, shop, deck),
                        page=f"{ui.size(*(_inch(v + 2 * shop.bleed_mm) for v in (size.width_mm, size.height_mm)))} in",
                        bleed=_inch(shop.bleed_mm)))
    if deck.back is None:
        lines.append(ui("export.readme.blank_back"))
    return _readme_end(lines, ui, shop, shop.source_key, excluded)


def _part_readme(ps: PrintSet, ui: Texts, shop: Shop, part: shop_parts.Part, excluded: list[str]) -> str:
    lines = [ui("export.readme.title", game=ps.title, deck=part.label, shop=shop.name), "",
             ui(f"export.readme.{part.kind}", product=part.product, size=ui(f"export.size.{part.kind}", **part.size),
                n=part.count)]
    return _readme_end(lines, ui, shop, f"export.source.{shop.id}_parts", excluded)


def _readme_end(lines: list[str], ui: Texts, shop: Shop, source_key: str, excluded: list[str]) -> str:
    """Where the figures come from, whether they are checked, and what the zip leaves to the PnP PDF."""
    lines += ["", ui("export.readme.source", source=ui(source_key))]
    if not shop.verified:
        lines.append(ui("export.readme.unverified", shop=shop.name))
    if excluded:
        lines += ["", ui("export.readme.excluded", shop=shop.name, what=", ".join(excluded))]
    return "\n".join(lines) + "\n"
