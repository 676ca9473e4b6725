"""Card images for the components page: PNG previews when the preview step made them, otherwise card faces
cut from the print-and-play PDF with pypdfium2, otherwise none (the page builds without a gallery).

The PDF is read loosely: the card trim rectangles come from the PDF pipeline's imposition for the default card
size, the record on each card from the text inside its rectangle. Any failure means no gallery, never a failed
site build.
"""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

from ..content.loader import GameContent

SCALE = 120 / 72          # 120 dpi: sharp enough for a gallery tile, small files
MAX_IMAGES = 40
FACE_NAMES: dict[str, str] = {}     # docs-relative PNG -> the translated name faces.json gives (alt text)


def card_images(game: GameContent, out_root: Path, docs: Path, lang: str = "en") -> dict[str, str]:
    """record id -> docs-relative PNG path; one image per distinct record (the first card that shows it)."""
    refs = _refs(game)
    faces = _from_faces(game, out_root / "previews" / game.id / lang / "faces.json", docs, refs, lang)
    if faces:
        return faces
    found = _from_previews(game, out_root / "previews" / game.id / lang, docs, refs, lang) or (
        _from_previews(game, out_root / "previews" / game.id, docs, refs, lang))
    if found:
        return found
    pdf = out_root / "pdf" / game.id / f"{game.id}-{lang}-a4.pdf"
    if pdf.is_file():
        try:
            return _from_pdf(game, pdf, docs, refs, lang)
        except Exception as exc:        # images are a nicety: never fail the site for them
            print(f"warning: no card images from {pdf}: {type(exc).__name__}: {exc}", file=sys.stderr)
            return {}
    return {}


def _from_faces(game: GameContent, index: Path, docs: Path, refs: dict[str, str], lang: str) -> dict[str, str]:
    """Card faces listed by the preview step's faces.json (pdf/previews.py: {"faces": [{"png", "face", "name",
    ...}]}). Read loosely: a list of entries (or {"faces": [...]}) each naming a PNG (`png`/`file`/`image`/`path`,
    relative to faces.json) and the record, card or face it shows (`ref`/`record`/`card`/`id`/`face`); `name`
    is the alt text. One image per record or face, in the file's order."""
    if not index.is_file():
        return {}
    import json
    try:
        data = json.loads(index.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        print(f"warning: {index}: {exc}", file=sys.stderr)
        return {}
    entries = data.get("faces", data.get("cards", [])) if isinstance(data, dict) else data
    if isinstance(entries, dict):
        entries = [dict(v, id=k) if isinstance(v, dict) else {"id": k, "png": v} for k, v in entries.items()]
    found: dict[str, str] = {}
    for entry in entries if isinstance(entries, list) else []:
        if not isinstance(entry, dict):
            continue
        file = next((entry[k] for k in ("png", "file", "image", "path") if isinstance(entry.get(k), str)), None)
        ident = next((entry[k] for k in ("ref", "record", "card", "id", "face") if isinstance(entry.get(k), str)),
                     None)
        if not file or not ident:
            continue
        src = (index.parent / file).resolve()
        if not src.is_file() or index.parent.resolve() not in src.parents:
            continue
        ref = refs.get(ident, ident)
        if ref in found:
            continue
        safe = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in ref)
        rel = f"images/{game.id}/{lang}/{safe}{src.suffix.lower()}"
        (docs / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, docs / rel)
        found[ref] = rel
        if isinstance(entry.get("name"), str) and entry["name"].strip():
            FACE_NAMES[rel] = entry["name"].strip()
        if len(found) >= MAX_IMAGES * 2:
            break
    return found


def _refs(game: GameContent) -> dict[str, str]:
    """card id -> record id, and record id -> itself."""
    out: dict[str, str] = {}
    model = game.model
    if hasattr(model, "cards"):
        for card in model.cards():
            out.setdefault(card.id, card.ref)
            out.setdefault(card.ref, card.ref)
    return out


def _from_previews(game: GameContent, folder: Path, docs: Path, refs: dict[str, str], lang: str) -> dict[str, str]:
    if not folder.is_dir():
        return {}
    found: dict[str, str] = {}
    for png in sorted(folder.rglob("*.png")):
        stem = png.stem
        for candidate in (stem, stem.removeprefix("front-"), stem.removesuffix("-front")):
            ref = refs.get(candidate)
            if ref and ref not in found:
                rel = f"images/{game.id}/{lang}/{ref}.png"
                (docs / rel).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(png, docs / rel)
                found[ref] = rel
                break
        if len(found) >= MAX_IMAGES:
            break
    return found


def _trim_rects(paper: str = "a4") -> list[tuple[float, float, float, float]]:
    """Card trim rectangles (x, y, w, h in PDF points, origin bottom-left) of a default card sheet, from the
    PDF pipeline's own imposition (poker cards, 3 mm bleed). Loosely coupled: any failure means no images."""
    from ..pdf import sheet
    from ..pdf.units import CARD_SIZES, DEFAULT_CARD_SIZE, PAPERS

    layout = sheet.plan(PAPERS[paper], CARD_SIZES[DEFAULT_CARD_SIZE], 3.0)
    return [(c.trim.x, c.trim.y, c.trim.w, c.trim.h) for c in layout.cells]


def _from_pdf(game: GameContent, pdf: Path, docs: Path, refs: dict[str, str], lang: str) -> dict[str, str]:
    """Cut one card face per record out of the PDF's card sheets: the record is the one whose (German) name
    comes first in the text inside the card's trim rectangle; pages without such text (backs, guide) are
    skipped."""
    import pypdfium2 as pdfium

    records = {rid: rec for rid, rec in _records(game).items()}
    names = sorted(((rec.name, rid) for rid, rec in records.items()), key=lambda t: -len(t[0]))
    rects = _trim_rects()
    doc = pdfium.PdfDocument(str(pdf))
    found: dict[str, str] = {}
    try:
        # the card sheets are the bookmarks one level down (guide and credits pages mention names too)
        sheet_pages = [b.get_dest().get_index() for b in doc.get_toc() if b.level >= 1 and b.get_dest()]
        first = min(sheet_pages) if sheet_pages else 0
        for index in range(first, len(doc)):
            page = doc[index]
            text = page.get_textpage()
            wanted = []
            for x, y, w, h in rects:
                inside = " ".join(text.get_text_bounded(left=x + 1, bottom=y + 1, right=x + w - 1,
                                                        top=y + h - 1).split())
                hits = [(inside.find(name), -len(name), rid) for name, rid in names if name and name in inside]
                if hits:
                    rid = min(hits)[2]
                    if rid not in found and rid not in [r for r, _ in wanted]:
                        wanted.append((rid, (x, y, w, h)))
            if not wanted:
                continue
            width, height = page.get_size()
            for rid, (x, y, w, h) in wanted:
                # crop = (left, bottom, right, top) margins in points: render just this card
                image = page.render(scale=SCALE, crop=(x, y, width - x - w, height - y - h)).to_pil()
                rel = f"images/{game.id}/{lang}/{rid}.png"
                (docs / rel).parent.mkdir(parents=True, exist_ok=True)
                image.convert("RGB").save(docs / rel, optimize=True)
                found[rid] = rel
            if len(found) >= min(MAX_IMAGES, len(records)):
                break
    finally:
        doc.close()
    order = list(records)
    return dict(sorted(found.items(), key=lambda kv: order.index(kv[0])))


def _records(game: GameContent) -> dict:
    from .pages import SiteWriter
    out: dict = {}
    for _, table in SiteWriter.record_tables(game.model):
        out.update(table)
    return out
