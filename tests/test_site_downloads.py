"""The downloads page lists every variant a build wrote, with its size, read from the built site's HTML.

One game's print bundle (pdf/bundle.py: the PDF variants, tuck boxes, print-shop and Tabletop Simulator zips) is
built into a tmp output folder, then the site from it; every file must be on the game's downloads page, in its
language's section, in the row of the variant a crafter picks it by (PDFs: in its paper's column), with its exact
size and a link to the copy in the site.
"""
from __future__ import annotations

import json
import re
import os
from html.parser import HTMLParser
from pathlib import Path

import pytest

from content_tools import load_game
from tischlein.pdf.bundle import build_bundle
from tischlein.site.build import build_site
from tischlein.locale import file_size as _size

GAME = "schwarzwaelder-kirsch"     # small: 41 cards, every variant, three shop decks


class Links(HTMLParser):
    """Every file link in the page's tables: the language section (its heading) it is in, its table's column
    heading, the row's first cell (the variant) and the text of its own cell and of the cells after it."""

    def __init__(self):
        super().__init__()
        self.links, self.section, self._heads, self._row, self._cell, self._in = [], "", [], None, None, None

    def handle_starttag(self, tag, attrs):
        if tag == "h2":
            self._in, self.section = "h2", ""
        elif tag == "thead":
            self._heads = []
        elif tag == "th":
            self._cell = []
        elif tag == "tr":
            self._row = []
        elif tag == "td":
            self._cell = []
        elif tag == "a" and self._cell is not None and self._row is not None:
            self._row.append(("link", dict(attrs).get("href"), len(self._row)))

    def handle_data(self, data):
        if self._in == "h2":
            self.section += data
        if self._cell is not None:
            self._cell.append(data)

    def handle_endtag(self, tag):
        if tag == "h2":
            self._in, self.section = None, self.section.replace("¶", "").strip()     # less the permalink
        elif tag == "th" and self._cell is not None:
            self._heads.append("".join(self._cell).strip())
            self._cell = None
        elif tag == "td" and self._cell is not None:
            self._row.append("".join(self._cell).strip())
            self._cell = None
        elif tag == "tr" and self._row is not None:
            cells = [c for c in self._row if isinstance(c, str)]
            for _, href, at in (c for c in self._row if isinstance(c, tuple)):
                column = sum(isinstance(c, str) for c in self._row[:at])
                self.links.append({"name": Path(href).name, "href": href, "section": self.section,
                                   "column": self._heads[column], "variant": cells[0], "cells": cells[column:]})
            self._row = None


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("downloads")
    content = load_game(GAME)
    bundle = build_bundle(content, GAME, ["en"], ["a4"], out, shops=("tgc", "dtc"))
    os.environ["TISCHLEIN_SIM_GAMES"] = "4"
    try:
        built = build_site(content, out, "http://127.0.0.1:8123/")
    finally:
        os.environ.pop("TISCHLEIN_SIM_GAMES", None)
    return out, built, bundle


def _links(site_dir: Path, lang: str = "") -> dict[str, dict]:
    """File name -> where the downloads page lists it, in page order."""
    page = site_dir / lang / GAME / "downloads" / "index.html" if lang else site_dir / GAME / "downloads" / "index.html"
    parser = Links()
    parser.feed(page.read_text(encoding="utf-8"))
    return {link["name"]: link for link in parser.links if "/downloads/" in link["href"]}


def _size_of(link: dict) -> str:
    """A PDF's cell reads "name · pages · size"; a zip's row has the size in the cell after its name."""
    own = link["cells"][0]
    return own.split(" · ")[-1] if " · " in own else link["cells"][1]


def test_every_file_of_the_bundle_is_listed_with_its_exact_size(site):
    out, built, bundle = site
    links = _links(built)
    files = bundle.pdfs + bundle.exports
    assert {p.name for p in files} == set(links)
    for path in files:
        link = links[path.name]
        assert link["cells"][0].startswith(path.name) and link["section"] == "English"
        assert _size_of(link) == _size(path.stat().st_size, "en")
        copy = built / "downloads" / GAME / path.name
        assert copy.is_file() and copy.stat().st_size == path.stat().st_size


def test_every_pdf_says_how_many_pages_it_has(site):
    """What the print dialog will ask: "28 pages", from the file itself; in German "28 Seiten"."""
    import pypdf
    out, built, bundle = site
    en, de = _links(built), _links(built, "de")
    for path in bundle.pdfs:
        n = len(pypdf.PdfReader(path).pages)
        assert en[path.name]["cells"][0].split(" · ")[1] == (f"{n} pages" if n > 1 else "1 page"), path.name
        if path.name in de:
            assert de[path.name]["cells"][0].split(" · ")[1] == f"{n} Seite" + ("n" if n > 1 else ""), path.name


def test_each_variant_is_named_as_a_crafter_picks_it_with_a_column_per_paper(site):
    _, built, _ = site
    links = _links(built)
    variant = {name: link["variant"] for name, link in links.items()}
    assert variant[f"{GAME}-en-a4.pdf"] == "double-sided (flip on the long edge)"
    assert variant[f"{GAME}-en-a4-duplex-fold.pdf"] == "no duplex printer: fold each sheet"
    assert variant[f"{GAME}-en-a4-inksaver.pdf"] == "ink saver, double-sided"
    assert variant[f"{GAME}-en-a4-tuckbox.pdf"] == "tuck boxes, on card stock"
    assert variant[f"{GAME}-en-tgc-pantry.zip"].startswith("The Game Crafter: ") and \
        variant[f"{GAME}-en-tgc-pantry.zip"].endswith(", 44 cards")
    assert variant[f"{GAME}-en-dtc-aid.zip"].startswith("DriveThruCards: ")
    assert variant[f"{GAME}-en-tts.zip"] == "Tabletop Simulator: 49 pieces in 3 decks"
    assert links[f"{GAME}-en-a4.pdf"]["column"] == "A4" and links[f"{GAME}-en-tts.zip"]["column"] == "File"
    # this bundle has no Letter files, so the page has no Letter column
    assert links[f"{GAME}-en-a4.pdf"]["cells"] == [links[f"{GAME}-en-a4.pdf"]["cells"][0]]


def test_rows_come_pdfs_first_in_the_crafters_order_then_the_zips(site):
    _, built, _ = site
    names = list(_links(built))
    assert names[:5] == [f"{GAME}-en-a4.pdf", f"{GAME}-en-a4-duplex-fold.pdf", f"{GAME}-en-a4-inksaver.pdf",
                         f"{GAME}-en-a4-tuckbox.pdf", f"{GAME}-en-a4-calibration.pdf"]
    assert all(name.endswith(".zip") for name in names[5:])


def test_the_german_page_labels_the_same_files_in_german(site):
    _, built, bundle = site
    links = _links(built, "de")
    assert len(links) == len(bundle.pdfs) + len(bundle.exports)
    assert {link["section"] for link in links.values()} == {"Englisch"}
    assert links[f"{GAME}-en-a4-tuckbox.pdf"]["variant"] == "Kartenschachteln, auf Karton"
    # the print guide sends a crafter to the calibration sheet: it is on the page
    assert links[f"{GAME}-en-a4-calibration.pdf"]["variant"] == "Duplex-Kalibrierbogen"
    assert links[f"{GAME}-en-tts.zip"]["variant"] == "Tabletop Simulator: 49 Teile in 3 Stapeln"
    assert links[f"{GAME}-en-dtc-start.zip"]["variant"].endswith(", 1 Karte")       # was "1 Karten"
    assert _size_of(links[f"{GAME}-en-a4.pdf"]) == _size((built / "downloads" / GAME / f"{GAME}-en-a4.pdf")
                                                          .stat().st_size, "de")


def test_a_rebuild_forgets_zips_it_no_longer_writes(tmp_path, monkeypatch):
    """A zip an earlier build (or `tischlein export`) left in the export folder is not listed after a build that
    does not write it: the page shows what this build offers. (The PDFs and previews are not what this is about:
    they are skipped to keep the test fast.)"""
    from tischlein.pdf import bundle, previews, tuckbox
    from tischlein.pdf.export import export_dir

    monkeypatch.setattr(bundle, "build_pdf", lambda *args: args[-1])
    monkeypatch.setattr(tuckbox, "build_tuckboxes", lambda *args: None)
    monkeypatch.setattr(previews, "build_previews", lambda *args: [])
    content = load_game(GAME)
    build_bundle(content, GAME, ["en"], ["a4"], tmp_path, shops=("dtc",), tts=False)
    folder = export_dir(tmp_path, GAME, "en")
    assert {p.name for p in folder.glob("*.zip")} == {f"{GAME}-en-dtc-{d}.zip" for d in ("pantry", "start", "aid")}
    build_bundle(content, GAME, ["en"], ["a4"], tmp_path, shops=(), tts=False)
    assert not list(folder.glob("*.zip")) and not (folder / "exports.json").exists()


def test_a_zip_whose_label_this_version_lacks_is_listed_by_its_file_name(tmp_path):
    """exports.json from an older tischlein named `site.variant.shop_part`, since split in two: the page lists
    the zip under its file name instead of failing the site build."""
    from types import SimpleNamespace

    from tischlein.site.context import PageContext
    from tischlein.site.downloads import EXPORT_MANIFEST, collect, rows

    content = load_game(GAME)
    folder = tmp_path / "export" / GAME / "en"
    folder.mkdir(parents=True)
    for name in ("old.zip", "new.zip"):
        (folder / name).write_bytes(b"PK\x05\x06" + bytes(18))
    (folder / EXPORT_MANIFEST).write_text(json.dumps({
        "old.zip": {"target": "tgc", "label": "site.variant.shop_part", "params": {"n": 1}},
        "new.zip": {"target": "tgc", "label": "site.variant.shop_board",
                    "params": {"shop": "The Game Crafter", "part": "Board"}}}), encoding="utf-8")
    found = collect(content, tmp_path, tmp_path / "docs", ["en"])[GAME]
    ctx = PageContext(SimpleNamespace(content=content), None, "downloads/index.md", "en")
    labels = {row["name"]: row["variant"] for row in rows(ctx, found)}
    assert labels == {"old.zip": "old.zip", "new.zip": "The Game Crafter: Board"}


def test_each_page_lists_its_own_language_first_then_english_and_the_home_page_only_its_own():
    """A Portuguese reader sees the Portuguese PDFs, then the English ones, then the rest; the home page links the
    page language's two papers (English's where it has none) and the downloads page for all the files."""
    from tischlein.site.context import Downloads, PageContext
    from tischlein.site.downloads import rows
    from tischlein.site.pages import SiteWriter

    content = load_game(GAME)
    found = Downloads()
    for lang in ("de", "en", "pt"):
        for paper in ("a4", "letter"):
            path = f"downloads/{GAME}/{GAME}-{lang}-{paper}.pdf"
            found.files.append((lang, paper, path, 1000))
            found.variants[path] = ""
    writer = SiteWriter(content, ["en", "de", "pt"])
    ctx = PageContext(writer, content.games[GAME], f"{GAME}/downloads", "pt")
    assert [row["lang"] for row in rows(ctx, found)] == ["pt", "pt", "en", "en", "de", "de"]

    def home_downloads(lang: str, found: Downloads) -> list[str]:
        home = writer.render("home.md.j2", PageContext(writer, None, "index", lang),
                             games=list(content.games.values()), downloads={GAME: found}, images={})
        line = home.split('class="tl-game-downloads"')[1].split("</p>")[0]
        return [re.sub(r"\\(.)", r"\1", name) for name in re.findall(r"\[((?:\\.|[^\]])+)\]\(", line)]   # less Markdown escapes

    assert home_downloads("pt", found) == ["Português · A4 (1 kB)", "Português · US Letter (1 kB)", "todos os 6 arquivos"]
    without_pt = Downloads(files=[f for f in found.files if f[0] != "pt"], variants=found.variants)
    assert home_downloads("pt", without_pt)[:2] == ["Inglês · A4 (1 kB)", "Inglês · US Letter (1 kB)"]
