"""Offline at the table (site/offline/sw.js, generator/tischlein/site/offline.py), in a real browser with
Playwright's offline mode: after one visit to a game's page, that game's pages in that language open with no
network, the calculator scores, and after the table was opened once online, it deals and plays offline too.
Pyodide is not fetched for a visitor who never opens a panel; another game's page is the browser's offline
error, not a half page; a rebuilt page replaces the cached one. Each test has its own browser context: the
service worker it registers stays there."""
from __future__ import annotations

import json
import time

import pytest

from table_tools import press
from tischlein.site import offline

PHONE = {"width": 390, "height": 844}
BOOT_MS = 180_000            # Pyodide's first boot on a loaded two-core machine


def _cached(pg, cache: str, base: str) -> list[str]:
    """The site-relative paths of what a cache of the service worker holds."""
    return pg.evaluate("""async ([name, base]) => {
        const cache = await caches.open(name);
        return (await cache.keys()).map((r) => r.url.slice(base.length).split("?")[0]); }""", [cache, base])


def _visit(pg, url: str) -> None:
    """Open a page and wait until the service worker holds its game for offline use."""
    pg.goto(url)
    pg.wait_for_selector("html[data-tl-offline=ready]", timeout=60_000)


def _until(pg, predicate: str, arg=None, timeout: float = 30.0) -> None:
    """Wait until an async JS predicate holds. Not wait_for_function: it takes the predicate's promise itself
    for a truthy value and returns at once."""
    deadline = time.monotonic() + timeout
    while not pg.evaluate(predicate, arg):
        assert time.monotonic() < deadline, f"still false after {timeout} s: {predicate}"
        time.sleep(0.2)


def _manifest(folder) -> dict:
    text = (folder / "sw.js").read_text(encoding="utf-8")
    return json.loads(text[len("const TL_OFFLINE = "):text.index(";\n")])


def test_a_visited_game_opens_and_plays_offline(site, new_page, shot):
    folder, base, _ = site
    pg, watch = new_page(viewport=PHONE)
    _visit(pg, base + "mahlzeit/rules/")
    held = pg.evaluate("navigator.serviceWorker.controller && navigator.serviceWorker.controller.scriptURL")
    assert held == base + "sw.js"                              # scope: the sub-path the site is served under
    pages = {p for p in _cached(pg, "tl-pages", base) if p.endswith("/") or p == ""}
    assert {"", "mahlzeit/", "mahlzeit/overview/", "mahlzeit/components/", "mahlzeit/quickref/",
            "mahlzeit/downloads/", "mahlzeit/calculator/", "mahlzeit/play/",
            "mahlzeit/examples/silke-currywurst/"} <= pages
    assert not [p for p in pages if p.startswith(("de/", "suppenkasper/"))]     # one game, one language
    assert _cached(pg, "tl-engine", base) == []                       # no panel opened: no Pyodide fetched
    # the table once online: Pyodide and the engine are cached on this first use
    pg.goto(base + "mahlzeit/play/")
    pg.click("button.tl-play-start")
    pg.wait_for_selector(".tl-play[data-state=ready]", timeout=BOOT_MS)
    engine = _cached(pg, "tl-engine", base)
    assert "assets/pyodide/pyodide.asm.wasm" in engine and "assets/engine/engine.zip" in engine, engine
    assert not watch.problems(), watch.problems()

    pg.context.set_offline(True)
    for page, heading in (("overview/", "Overview"), ("components/", "Components"), ("quickref/", "Quick reference"),
                          ("examples/", "Examples")):
        pg.goto(f"{base}mahlzeit/{page}")
        assert heading in pg.locator("h1").inner_text()
    pg.goto(base + "mahlzeit/downloads/")
    assert "not saved for offline use" in pg.locator("article").inner_text()
    shot(pg, "offline-downloads-phone")
    # the calculator scores: Rote Grütze (8) laid with a coffee with rum
    pg.goto(base + "mahlzeit/calculator/")
    pg.wait_for_selector(".tl-calc[data-ready]", timeout=8000)
    player = pg.locator(".tl-calc-player").first
    player.locator(".tl-calc-add").click()
    row = player.locator(".tl-calc-row").first
    row.locator("select[data-field=dish]").select_option("rote-gruetze")
    row.locator("select[data-field=value]").select_option("8")
    assert pg.locator(".tl-calc-scores td[data-key='dishes']").first.inner_text() == "8"
    # the game dealt online is back (kept in this browser) and plays on offline
    pg.goto(base + "mahlzeit/play/")
    pg.wait_for_selector(".tl-play[data-state=ready]", timeout=BOOT_MS)
    press(pg.locator("button.tl-play-move").first)
    pg.wait_for_function("(() => { const t = document.querySelector('.tl-play'); "
                         "return t.dataset.state === 'ready' && t.dataset.at !== '0'; })()")
    assert pg.locator(".tl-play-picture .tl-picture").is_visible()
    shot(pg, "offline-play-phone")
    # offline, search finds the pages this browser holds, and only those (no-store: not the HTTP cache's copy)
    index = pg.evaluate("(url) => fetch(url, { cache: 'no-store' }).then((r) => r.json())",
                        base + "search/search_index.json")
    assert index["docs"] and {d["location"].split("/")[0] for d in index["docs"]} == {"mahlzeit"}
    assert not watch.problems(), watch.problems()
    # a game never visited: the browser's own offline error, not a page without its styles or scripts
    with pytest.raises(Exception, match="ERR_(FAILED|INTERNET_DISCONNECTED)"):
        pg.goto(base + "suppenkasper/rules/")


def test_a_rebuilt_page_replaces_the_cached_one(site, new_page):
    """A new build (here: one page changed and the build's offline step run again) is a new sw.js: the browser
    installs it, the new revision of the page is fetched, and offline the new page shows, not the old one."""
    folder, base, _ = site
    page = folder / "de" / "mahlzeit" / "faq" / "index.html"
    original = page.read_bytes()
    pg, watch = new_page()
    _visit(pg, base + "de/mahlzeit/faq/")
    before = _manifest(folder)
    try:
        page.write_bytes(original.replace(b"</article>", b"<p id=tl-rebuilt>Neu gebaut</p></article>", 1))
        offline.write(folder, before["languages"], before["games"])
        after = _manifest(folder)
        assert after["files"]["de/mahlzeit/faq/"] != before["files"]["de/mahlzeit/faq/"]
        assert after["build"] != before["build"]
        # the browser checks for a new worker on a navigation; update() is that check, without waiting for one
        pg.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        _until(pg, """async (rev) => {
            const keys = await (await caches.open('tl-pages')).keys();
            return keys.some((r) => r.url.endsWith('/de/mahlzeit/faq/?__tl=' + rev)); }""", after["files"]["de/mahlzeit/faq/"])
        # stored while the new worker installs; it serves pages once it is the active one (until then the old
        # worker serves its own build, whole)
        _until(pg, """async () => { const r = await navigator.serviceWorker.getRegistration();
            return !r.installing && !r.waiting && r.active && r.active.state === 'activated'; }""")
        pg.context.set_offline(True)
        pg.goto(base + "de/mahlzeit/faq/")
        assert pg.locator("#tl-rebuilt").inner_text() == "Neu gebaut"
        stale = [k for k in pg.evaluate("caches.open('tl-pages').then((c) => c.keys()).then((k) => k.map((r) => r.url))")
                 if k.endswith("?__tl=" + before["files"]["de/mahlzeit/faq/"])]
        assert stale == []                                  # the old revision is gone
        assert not watch.problems(), watch.problems()
    finally:
        page.write_bytes(original)
        offline.write(folder, before["languages"], before["games"])
    assert _manifest(folder) == before


def test_no_worker_where_service_workers_cannot_run(site, new_page):
    """A browser without service workers gets every page as before, with no error and no offline state."""
    folder, base, _ = site
    pg, watch = new_page(service_workers="block")
    pg.goto(base + "mahlzeit/rules/", wait_until="networkidle")
    assert pg.get_attribute("html", "data-tl-offline") is None
    assert not watch.problems(), watch.problems()
