"""Pages of a one-piece-per-page PDF (facepages.py) as PNG files of an exact pixel size, with a cache.

PDFium renders a page of w × h points at `scale` into ceil(w·scale) × ceil(h·scale) pixels, so a page that is
exactly 825 px wide at 300 dpi can come out 826 px wide: the image is cropped from its top-left corner to the
size asked for (the lost column is bleed). A print shop checks the pixel size exactly.

Rasterising and PNG-encoding are most of an export's time, and the PDFs are byte-identical between builds
(`invariant=1`), so the PNGs are kept in `cache` under the SHA-256 of the PDF and the size: a rebuild with
unchanged content and code reads them back instead.
"""
from __future__ import annotations

import hashlib
import io
import shutil
import zlib
from pathlib import Path

from ..files import atomic
from .errors import PdfBuildError

CACHE_VERSION = "1"          # bump when the encoding below changes
# zlib's run-length strategy: on flat vector art as fast as level 1 and as small as level 6 (measured on the
# Mahlzeit cards at 825 × 1125 px: 18 ms and 62 KiB per card, against 19 ms / 73 KiB and 30 ms / 60 KiB)


def cache_folder(out_dir: Path) -> Path:
    """Where a build keeps its rasterised pages: <out>/.cache/raster (never copied into the site)."""
    return Path(out_dir) / ".cache" / "raster"


def png_pages(pdf: Path, size: tuple[int, int], dpi: int, cache: Path | None = None) -> list[bytes]:
    """Every page of `pdf` as PNG bytes of exactly `size` pixels (RGB, `dpi` recorded in the file)."""
    data = Path(pdf).read_bytes()
    key = hashlib.sha256(data + f"|{size[0]}x{size[1]}@{dpi}|{CACHE_VERSION}".encode()).hexdigest()[:32]
    folder = Path(cache) / key if cache is not None else None
    if folder is not None and (folder / "done").is_file():
        return [p.read_bytes() for p in sorted(folder.glob("*.png"))]
    pages = _render(pdf, size, dpi)
    if folder is not None:
        _store(folder, pages)
    return pages


def _render(pdf: Path, size: tuple[int, int], dpi: int) -> list[bytes]:
    from .facepages import pages

    out = []
    for i, image in enumerate(pages(pdf, dpi / 72, crop_trim=False)):
        if not (size[0] <= image.width <= size[0] + 1 and size[1] <= image.height <= size[1] + 1):
            raise PdfBuildError(f"{pdf.name} page {i + 1}: rendered {image.width} × {image.height} px, "
                                f"expected {size[0]} × {size[1]}")
        buf = io.BytesIO()
        image.crop((0, 0, *size)).save(buf, format="PNG", dpi=(dpi, dpi), compress_type=zlib.Z_RLE)
        out.append(buf.getvalue())
    return out


def _store(folder: Path, pages: list[bytes]) -> None:
    """Write the cache entry completely or not at all (`done` last: a half-written entry is never read)."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    for i, png in enumerate(pages):
        with atomic(folder / f"{i:05d}.png") as tmp:
            tmp.write_bytes(png)
    (folder / "done").write_text("ok\n", encoding="utf-8")
