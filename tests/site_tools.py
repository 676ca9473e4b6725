"""The repository's site, built ONCE per test session for every test that reads it: the browser tests serve it,
tests/test_example_pages.py reads its files.

It is built with SITE_URL=http://127.0.0.1:<port>/sub/ for a port chosen before the build, and placed in a
sub-folder `sub/` of a served root, so the browser tests run against a site hosted under a sub-path (a URL
that assumes the server root fails them).

Card previews: when output/previews/ has none, the build reads a small faces.json made here (two PNG faces
for Mahlzeit), so the gallery and its lightbox are always tested. Simulations use N = 20 playouts per game
(TISCHLEIN_SIM_GAMES, or $TISCHLEIN_TEST_SIM_GAMES) to keep the build short.
"""
from __future__ import annotations

import json
import os
import socket
from dataclasses import dataclass
from pathlib import Path

from tischlein.content import loader
from tischlein.site.build import BuildReport, build_site

ROOT = Path(__file__).resolve().parents[1]
SUB = "sub"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class BuiltSite:
    folder: Path          # <served>/sub: the site's own files
    served: Path          # the folder a server serves, so the site lives under /sub/
    port: int             # the port the site was built for (SITE_URL)
    base: str             # http://127.0.0.1:<port>/sub/
    report: BuildReport


def build_repository_site(tmp: Path) -> BuiltSite:
    content = loader.load(ROOT / "content")
    assert not content.problems.errors, [str(p) for p in content.problems.errors]
    port = free_port()
    base = f"http://127.0.0.1:{port}/{SUB}/"
    out = tmp / "out"
    report = BuildReport(out / "site")
    previous = os.environ.get("TISCHLEIN_SIM_GAMES")
    os.environ["TISCHLEIN_SIM_GAMES"] = os.environ.get("TISCHLEIN_TEST_SIM_GAMES", "20")
    try:
        built = build_site(content, out, base, pdf_root=_pdf_root(tmp), report=report)
    finally:
        if previous is None:
            os.environ.pop("TISCHLEIN_SIM_GAMES", None)
        else:
            os.environ["TISCHLEIN_SIM_GAMES"] = previous
    print(f"\nsite build for the tests: {report.seconds:.1f} s, {report.pages} pages")
    served = tmp / "served"
    served.mkdir()
    folder = built.rename(served / SUB)
    report.site = folder
    return BuiltSite(folder, served, port, base, report)


def _pdf_root(tmp: Path) -> Path:
    """output/ as the build should read it: the real PDFs and previews, plus test card faces for Mahlzeit when
    the preview step has not made any (so the gallery + lightbox are always there to test)."""
    real = ROOT / "output"
    if (real / "previews" / "mahlzeit" / "en" / "faces.json").is_file():
        return real
    root = tmp / "output"
    root.mkdir()
    if (real / "pdf").is_dir():
        (root / "pdf").symlink_to(real / "pdf", target_is_directory=True)
    from PIL import Image, ImageDraw
    faces = root / "previews" / "mahlzeit" / "en"
    faces.mkdir(parents=True)
    entries = []
    for ref, colour in (("currywurst", (166, 61, 31)), ("kaesespaetzle", (199, 131, 14))):
        image = Image.new("RGB", (252, 352), colour)
        ImageDraw.Draw(image).rectangle((12, 12, 240, 340), outline=(255, 255, 255), width=4)
        image.save(faces / f"{ref}.png")
        entries.append({"png": f"{ref}.png", "face": ref, "kind": "dish", "name": ref.capitalize(),
                        "width": 252, "height": 352, "back": None, "pieces": [ref]})
    (faces / "faces.json").write_text(json.dumps({"game": "mahlzeit", "lang": "en", "dpi": 150, "faces": entries}),
                                      encoding="utf-8")     # the format of pdf/previews.py
    return root
