"""The offline copy's manifest (site/offline.py) on a small built-site tree, without MkDocs: what a visit to a
game's page caches (its pages in that language, their images, the shared files, its search slice; never a PDF,
a zip or another game), what only a panel's first use fetches, and that a changed page gets a new revision.
The browser side is tests/browser/test_offline.py."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from tischlein.site import offline

PAGES = ["index.html", "mahlzeit/index.html", "mahlzeit/rules/index.html", "mahlzeit/downloads/index.html",
         "suppenkasper/rules/index.html", "de/index.html", "de/mahlzeit/rules/index.html"]


def _site(root: Path) -> Path:
    site = root / "site"
    for page in PAGES:
        depth = page.count("/")
        img = '<img src="{}images/mahlzeit/en/spaetzle.png">'.format("../" * depth) if "mahlzeit" in page else ""
        (site / page).parent.mkdir(parents=True, exist_ok=True)
        (site / page).write_text(f"<html><body><article>{page}{img}"
                                 f'<a href="{"../" * depth}downloads/mahlzeit/m.pdf">PDF</a></article></body></html>')
    files = {"images/mahlzeit/en/spaetzle.png": b"png", "downloads/mahlzeit/m.pdf": b"%PDF",
             "downloads/mahlzeit/m-tts.zip": b"PK", "assets/js/site.js": b"//",
             "assets/stylesheets/main.1.min.css": b"a{}", "assets/stylesheets/main.1.min.css.map": b"{}",
             "assets/javascripts/lunr/min/lunr.de.min.js": b"//", "assets/javascripts/lunr/min/lunr.fr.min.js": b"//",
             "assets/javascripts/lunr/min/lunr.stemmer.support.min.js": b"//",
             "assets/pyodide/pyodide.asm.wasm": b"wasm", "assets/engine/engine.zip": b"zip",
             "assets/games/mahlzeit.json": b"{}"}
    for name, data in files.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_bytes(data)
    for prefix in ("", "de/"):
        docs = [{"location": "mahlzeit/rules/#x", "title": "Rules", "text": ""},
                {"location": "suppenkasper/rules/", "title": "Rules", "text": ""}, {"location": "", "title": "Home"}]
        (site / prefix / "search").mkdir(parents=True, exist_ok=True)
        (site / prefix / "search" / "search_index.json").write_text(json.dumps({"config": {"lang": ["en"]},
                                                                                 "docs": docs}))
    return site


def _manifest(site: Path) -> dict:
    text = (site / "sw.js").read_text(encoding="utf-8")
    assert text.startswith("const TL_OFFLINE = ")
    return json.loads(text[len("const TL_OFFLINE = "):text.index(";\n")])


def test_a_visit_caches_the_game_in_its_language_and_no_download(tmp_path):
    site = _site(tmp_path)
    report = offline.write(site, ["en", "de"], ["mahlzeit", "suppenkasper"])
    m = _manifest(site)
    assert (site / "assets" / "workbox" / "workbox-sw.js").is_file()       # self-hosted, beside the worker
    assert "importScripts(\"./assets/workbox/workbox-sw.js\")" in (site / "sw.js").read_text(encoding="utf-8")
    en = m["sets"]["en/mahlzeit"]
    assert {"", "mahlzeit/", "mahlzeit/rules/", "mahlzeit/downloads/", "images/mahlzeit/en/spaetzle.png",
            "assets/js/site.js", "assets/stylesheets/main.1.min.css",
            "assets/offline/search/en/mahlzeit.json"} == set(en)
    assert set(m["sets"]["de/mahlzeit"]) == {
        "de/", "de/mahlzeit/rules/", "images/mahlzeit/en/spaetzle.png", "assets/js/site.js",
        "assets/stylesheets/main.1.min.css", "assets/javascripts/lunr/min/lunr.de.min.js",
        "assets/javascripts/lunr/min/lunr.stemmer.support.min.js", "assets/offline/search/de/mahlzeit.json"}
    # Pyodide and the engine: cacheable when a panel asks, in no set; the downloads: never
    assert {"assets/pyodide/pyodide.asm.wasm", "assets/engine/engine.zip", "assets/games/mahlzeit.json"} <= set(m["files"])
    assert not any("assets/pyodide/" in p for s in m["sets"].values() for p in s)
    assert not [p for p in m["files"] if p.startswith("downloads/") or p.endswith(".map")]
    assert m["files"]["mahlzeit/rules/"] == hashlib.sha256(
        (site / "mahlzeit/rules/index.html").read_bytes()).hexdigest()[:16]
    # the game's slice of the search index, in that language
    slice_ = json.loads((site / "assets/offline/search/de/mahlzeit.json").read_text(encoding="utf-8"))
    assert [d["location"] for d in slice_["docs"]] == ["mahlzeit/rules/#x"]
    assert report.sets["en/mahlzeit"] == sum((site / (p + "index.html" if p.endswith("/") or not p else p)).stat().st_size
                                             for p in en)


def test_a_changed_page_gets_a_new_revision_and_a_new_worker(tmp_path):
    site = _site(tmp_path)
    offline.write(site, ["en", "de"], ["mahlzeit", "suppenkasper"])
    before = _manifest(site)
    page = site / "mahlzeit/rules/index.html"
    page.write_text(page.read_text(encoding="utf-8") + "<!-- fixed -->", encoding="utf-8")
    offline.write(site, ["en", "de"], ["mahlzeit", "suppenkasper"])
    after = _manifest(site)
    changed = {p for p in after["files"] if after["files"][p] != before["files"].get(p)}
    assert changed == {"mahlzeit/rules/"}
    assert after["build"] != before["build"]
    assert offline.versioned(site, "assets/engine/engine.zip") == f"assets/engine/engine.zip?v={after['files']['assets/engine/engine.zip']}"
