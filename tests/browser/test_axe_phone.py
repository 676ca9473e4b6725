"""axe-core on a phone (390×844) finds nothing on the pages of one game's site: every violation fails, whatever
its impact (test_site.py's axe test lets moderate and minor ones pass, on the repository's site). The site is
Schwarzwälder Kirsch alone, in English, served as `tischlein site --serve` serves it: compressed."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tischlein.content import loader
from tischlein.site.build import BuildReport, build_site
from tischlein.site.serve import serve_in_thread

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
GAME = "schwarzwaelder-kirsch"
PAGES = ("", f"{GAME}/", f"{GAME}/overview/", f"{GAME}/rules/", f"{GAME}/quickref/", f"{GAME}/components/",
         f"{GAME}/examples/", f"{GAME}/examples/tauschen/", f"{GAME}/play/", f"{GAME}/calculator/",
         f"{GAME}/faq/", f"{GAME}/sources/", f"{GAME}/simulation/", f"{GAME}/downloads/")


@pytest.fixture(scope="module")
def one_game(tmp_path_factory, chromium):
    tmp = tmp_path_factory.mktemp("axe-phone")
    content = loader.load(ROOT / "content", only=[GAME])
    os.environ["TISCHLEIN_SIM_GAMES"] = "5"
    try:
        folder = build_site(content, tmp / "out", languages=["en"], report=BuildReport(tmp / "out" / "site"))
    finally:
        os.environ.pop("TISCHLEIN_SIM_GAMES", None)
    server, _ = serve_in_thread(folder)
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def test_axe_finds_no_violation_on_a_phone(one_game, browser):
    assert AXE.is_file(), "npm ci: axe-core is pinned in package.json"
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    page = context.new_page()
    encodings = {}
    page.on("response", lambda r: encodings.setdefault(r.url, r.headers.get("content-encoding")))
    found = {}
    try:
        for path in PAGES:
            page.goto(one_game + path, wait_until="load")
            page.add_script_tag(path=str(AXE))
            violations = page.evaluate("""async () => {
                const r = await axe.run(document, {resultTypes: ["violations"]});
                return r.violations.map((v) => `${v.id} (${v.impact}): ` +
                    v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | "));
            }""")
            if violations:
                found[path] = violations
    finally:
        context.close()
    assert not found, json.dumps(found, indent=1, ensure_ascii=False)
    # the pages and their CSS and scripts came compressed
    assert encodings[one_game + f"{GAME}/rules/"] == "gzip"
    assert {url.rsplit("/", 1)[-1]: e for url, e in encodings.items() if url.endswith("tischlein.css")} \
        == {"tischlein.css": "gzip"}
