"""The downloads page: every file a build left for a game, one section per language (the reader's first).

A section has the PDFs a crafter prints at home as one row per variant with a column per paper (the choice is
"which variant, which paper": a file is one cell), then the print-shop and Tabletop Simulator zips, a row each.

Found in the output folder, copied into the site:
* output/pdf/<game>/<game>-<lang>-<paper>[-<variant>].pdf — the PDF variants (pdf/bundle.py PDF_VARIANTS, the tuck
  boxes, and whatever other PDF a build writes under that name, a rules booklet say); a variant's label is the
  interface string `site.variant.<variant>` (hyphens as underscores), or the variant code made readable;
* output/export/<game>/<lang>/*.zip — print-shop and Tabletop Simulator zips, described by the exports.json beside
  them (pdf/export.py: an interface string and its values per zip).

Rows: within a language, the PDFs in VARIANT_ORDER (others after, tuck boxes last), then the zips.
"""
from __future__ import annotations

import json
import posixpath
from dataclasses import dataclass, field
from pathlib import Path

from ..content.i18n import SOURCE_LANGUAGE
from .panels import humanize
from .placing import place

PAPERS = ("a4", "letter")
VARIANT_ORDER = ("", "duplex-fold", "inksaver")      # a crafter's first choices; other PDFs, then tuck boxes
LAST_PDFS = ("tuckbox", "calibration")    # after the cards, in this order
EXPORT_MANIFEST = "exports.json"


@dataclass
class Downloads:
    """Files found for a game (site/downloads.py): (lang, paper or "", site path relative to docs, bytes)."""

    files: list[tuple[str, str, str, int]] = field(default_factory=list)
    variants: dict[str, str] = field(default_factory=dict)     # site path -> variant ("" = standard)
    labels: dict[str, tuple[str, dict]] = field(default_factory=dict)   # zips: site path -> (ui key, values)
    pages: dict[str, int] = field(default_factory=dict)        # PDFs: site path -> pages (what a printer asks)


def parse_pdf_name(game_id: str, name: str, languages: list[str]) -> tuple[str, str, str] | None:
    """`<game>-<lang>-<paper>[-<variant>].pdf` -> (lang, paper, variant); None for anything else."""
    stem = name[: -len(".pdf")] if name.endswith(".pdf") else name
    rest = stem[len(game_id) + 1:] if stem.startswith(game_id + "-") else None
    if not rest:
        return None
    parts = rest.split("-", 2)
    if len(parts) < 2 or parts[0] not in languages or parts[1] not in PAPERS:
        return None
    return parts[0], parts[1], parts[2] if len(parts) > 2 else ""


def collect(content, out_dir: Path, docs: Path, languages: list[str], copy: bool = True) -> dict[str, Downloads]:
    """Copy every PDF and export zip of every game into docs/downloads/<game>/ (stand-ins unless `copy`:
    placing.place) and list them."""
    found: dict[str, Downloads] = {}
    for game_id in content.games:
        d = Downloads()
        folder = Path(out_dir) / "pdf" / game_id
        for src in sorted(folder.glob(f"{game_id}-*.pdf")) if folder.is_dir() else []:
            parsed = parse_pdf_name(game_id, src.name, languages)
            if parsed is None:
                continue
            lang, paper, variant = parsed
            rel = _copy(src, docs, game_id, copy)
            d.files.append((lang, paper, rel, src.stat().st_size))
            d.variants[rel] = variant
            pages = _pages(src)
            if pages:
                d.pages[rel] = pages
        for lang in languages:
            exports = Path(out_dir) / "export" / game_id / lang
            manifest = exports / EXPORT_MANIFEST
            if not manifest.is_file():
                continue
            for name, entry in sorted(json.loads(manifest.read_text(encoding="utf-8")).items()):
                src = exports / name
                if not src.is_file() or posixpath.basename(name) != name:
                    continue
                rel = _copy(src, docs, game_id, copy)
                d.files.append((lang, "", rel, src.stat().st_size))
                d.variants[rel] = f"zip-{entry['target']}"
                d.labels[rel] = (entry["label"], entry.get("params", {}))
        found[game_id] = d
    return found


def _pages(pdf: Path) -> int | None:
    """How many pages a PDF has (PDFium reads only its page tree), or None if it cannot be read."""
    import pypdfium2
    try:
        doc = pypdfium2.PdfDocument(str(pdf))
    except pypdfium2.PdfiumError:
        return None
    try:
        return len(doc)
    finally:
        doc.close()


def _copy(src: Path, docs: Path, game_id: str, copy: bool) -> str:
    rel = f"downloads/{game_id}/{src.name}"
    place(src, docs / rel, copy)
    return rel


def rows(ctx, found: Downloads) -> list[dict]:
    """One row per file, for the page in `ctx`'s language: its own files first, then English's, then the other
    languages' by code (the order of the site's language list)."""
    out = []
    for lang, paper, path, size in found.files:
        variant = found.variants.get(path, "")
        if path in found.labels:
            key, params = found.labels[path]
            # an export folder written by an older tischlein may name a string this one no longer has
            label = ctx.ui_or(key, posixpath.basename(path), **params)
            group = (2, variant)
        else:
            label = ctx.ui_or(f"site.variant.{(variant or 'duplex-long').replace('-', '_')}", humanize(variant))
            group = (1, LAST_PDFS.index(variant), variant) if variant in LAST_PDFS else \
                (0, VARIANT_ORDER.index(variant) if variant in VARIANT_ORDER else len(VARIANT_ORDER), variant)
        out.append({
            "name": posixpath.basename(path), "path": path, "variant_code": variant, "variant": label,
            "lang": lang, "language": ctx.language(lang), "paper_code": paper,
            "paper": ctx.ui_or(f"site.paper.{paper}", paper) if paper else ctx.ui("site.downloads.none_here"),
            "size": ctx.size(size), "sort_key": (lang != ctx.lang, lang != SOURCE_LANGUAGE, lang, group, paper, path),
            "pages": ctx.ui("site.downloads.pages", n=found.pages[path]) if path in found.pages else ""})
    return sorted(out, key=lambda r: r["sort_key"])


def sections(ctx, found: Downloads) -> list[dict]:
    """The page's sections, in `rows` order: [{language, papers: [label], prints: [{variant, files: [row or
    None per paper]}], zips: [row]}]; a paper has a column when the section has a file on it."""
    out: dict[str, dict] = {}
    for row in rows(ctx, found):
        section = out.setdefault(row["lang"], {"language": row["language"], "prints": {}, "zips": []})
        if row["paper_code"]:
            line = section["prints"].setdefault(row["variant_code"], {"variant": row["variant"], "papers": {}})
            line["papers"][row["paper_code"]] = row
        else:
            section["zips"].append(row)
    done = []
    for s in out.values():
        papers = [p for p in PAPERS if any(p in line["papers"] for line in s["prints"].values())]
        done.append({"language": s["language"], "zips": s["zips"],
                     "papers": [ctx.ui_or(f"site.paper.{p}", p) for p in papers],
                     "prints": [{"variant": line["variant"], "files": [line["papers"].get(p) for p in papers]}
                                for line in s["prints"].values()]})
    return done
