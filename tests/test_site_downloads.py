"""The downloads page lists every variant a build wrote, with its size, read from the built site's HTML.

One game's print bundle (pdf/bundle.py: the PDF variants, tuck boxes, print-shop and Tabletop Simulator zips) is
built into a tmp output folder, then the site from it; every file must be a row of the game's downloads page with
the variant a crafter picks it by, its exact size, and a link to the copy in the site.
"""
from __future__ import annotations

import json
import os
from html.parser import HTMLParser
from pathlib import Path

import pytest

from content_tools import load_game
from tischlein.pdf.bundle import build_bundle
from tischlein.site.build import build_site
from tischlein.site.context import _size

GAME = "schwarzwaelder-kirsch"     # small: 41 cards, every variant, three shop decks


class Rows(HTMLParser):
    """The rows of the page's tables: [(href of the first link, [cell texts])]."""

    def __init__(self):
        super().__init__()
        self.rows, self._row, self._cell, self._href = [], None, None, None

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self._row, self._href = [], None
        elif tag == "td" and self._row is not None:
            self._cell = []
        elif tag == "a" and self._cell is not None and self._href is None:
            self._href = dict(attrs).get("href")

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)

    def handle_endtag(self, tag):
        if tag == "td" and self._cell is not None:
            self._row.append("".join(self._cell).strip())
            self._cell = None
        elif tag == "tr" and self._row:
            self.rows.append((self._href, self._row))
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


def _rows(site_dir: Path, lang: str = "") -> dict[str, list[str]]:
    page = site_dir / lang / GAME / "downloads" / "index.html" if lang else site_dir / GAME / "downloads" / "index.html"
    parser = Rows()
    parser.feed(page.read_text(encoding="utf-8"))
    return {Path(href).name: cells for href, cells in parser.rows if href}


def test_every_file_of_the_bundle_is_a_row_with_its_exact_size(site):
    out, built, bundle = site
    rows = _rows(built)
    files = bundle.pdfs + bundle.exports
    assert {p.name for p in files} == set(rows)
    for path in files:
        cells = rows[path.name]
        assert cells[0] == path.name and cells[1] == "English"
        assert cells[4] == _size(path.stat().st_size, "en")
        copy = built / "downloads" / GAME / path.name
        assert copy.is_file() and copy.stat().st_size == path.stat().st_size


def test_each_variant_is_named_as_a_crafter_picks_it(site):
    _, built, _ = site
    rows = _rows(built)
    variant = {name: cells[3] for name, cells in rows.items()}
    assert variant[f"{GAME}-en-a4.pdf"] == "double-sided (flip on the long edge)"
    assert variant[f"{GAME}-en-a4-duplex-fold.pdf"] == "no duplex printer: fold each sheet"
    assert variant[f"{GAME}-en-a4-inksaver.pdf"] == "ink saver, double-sided"
    assert variant[f"{GAME}-en-a4-tuckbox.pdf"] == "tuck boxes, on card stock"
    assert variant[f"{GAME}-en-tgc-pantry.zip"].startswith("The Game Crafter: ") and \
        variant[f"{GAME}-en-tgc-pantry.zip"].endswith(", 44 cards")
    assert variant[f"{GAME}-en-dtc-aid.zip"].startswith("DriveThruCards: ")
    assert variant[f"{GAME}-en-tts.zip"] == "Tabletop Simulator: 49 pieces in 3 decks"
    assert rows[f"{GAME}-en-tts.zip"][2] == "—" and rows[f"{GAME}-en-a4.pdf"][2] == "A4"


def test_rows_come_pdfs_first_in_the_crafters_order_then_the_zips(site):
    _, built, _ = site
    names = list(_rows(built))
    assert names[:4] == [f"{GAME}-en-a4.pdf", f"{GAME}-en-a4-duplex-fold.pdf", f"{GAME}-en-a4-inksaver.pdf",
                         f"{GAME}-en-a4-tuckbox.pdf"]
    assert all(name.endswith(".zip") for name in names[4:])


def test_the_german_page_labels_the_same_files_in_german(site):
    _, built, bundle = site
    rows = _rows(built, "de")
    assert len(rows) == len(bundle.pdfs) + len(bundle.exports)
    assert rows[f"{GAME}-en-a4-tuckbox.pdf"][3] == "Kartenschachteln, auf Karton"
    assert rows[f"{GAME}-en-tts.zip"][3] == "Tabletop Simulator: 49 Teile in 3 Stapeln"
    assert rows[f"{GAME}-en-a4.pdf"][4] == _size((built / "downloads" / GAME / f"{GAME}-en-a4.pdf").stat().st_size,
                                                 "de")


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
