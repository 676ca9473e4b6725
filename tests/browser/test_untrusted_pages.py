"""Script payloads in every kind of string a translator or designer writes (tests/hostile.py) never run: every
page of a site built from such content, opened in Chromium with JavaScript on, shows no dialog, has no element a
payload injects, runs no payload script, and shows the payloads as text — the engine's messages in the try-it
panel included."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from hostile import hostile_copy  # noqa: E402
from site_tools import free_port  # noqa: E402

from tischlein.content import loader  # noqa: E402
from tischlein.site.build import build_site  # noqa: E402
from tischlein.site.serve import serve_in_thread  # noqa: E402


@pytest.fixture(scope="module")
def hostile_site(browser, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("hostile-site")
    content = loader.load(hostile_copy(tmp))
    assert not content.problems.errors, [str(p) for p in content.problems.errors]
    port = free_port()
    base = f"http://127.0.0.1:{port}/"
    folder = build_site(content, tmp / "out", base)
    server, _ = serve_in_thread(folder, port)
    yield folder, base
    server.shutdown()
    server.server_close()


def _pages(folder: Path) -> list[str]:
    return sorted("" if p.parent == folder else p.parent.relative_to(folder).as_posix() + "/"
                  for p in folder.rglob("index.html") if not p.parent.relative_to(folder).parts[:1] in
                  (("assets",), ("search",)))


def _payload_ran(page) -> list[str]:
    return page.evaluate("""() => [
        ...Array.from(document.querySelectorAll('[data-xss]'), e => 'element ' + e.outerHTML.slice(0, 60)),
        ...(window.__xss ? ['script ran'] : []),
        ...Array.from(document.querySelectorAll('a[href^="javascript:"], [src^="data:text"]'),
                      e => 'url ' + e.outerHTML.slice(0, 60))]""")


def test_no_payload_runs_on_any_page(browser, hostile_site):
    folder, base = hostile_site
    context = browser.new_context()
    page = context.new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    found = {}
    pages = _pages(folder)
    assert len(pages) > 40
    for path in pages:
        page.goto(base + path, wait_until="load")
        page.hover("article", timeout=15_000)         # an onmouseover payload would fire now
        bad = _payload_ran(page)
        if bad:
            found[path] = bad
    context.close()
    print(f"\n{len(pages)} pages with payloads visited: {len(dialogs)} dialogs, {len(found)} pages with injected markup")
    assert not dialogs and not found, (dialogs, found)


def test_payloads_read_as_text(browser, hostile_site):
    folder, base = hostile_site
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "mahlzeit/", wait_until="load")
    assert "Mahlzeit <img src=x onerror=" in page.title()
    assert "<img src=x onerror=" in page.locator("body").inner_text()
    context.close()


def test_the_try_it_panel_shows_engine_messages_as_text(browser, hostile_site):
    """The panel writes what Pyodide's engine answers (messages with payloads in them) as text."""
    folder, base = hostile_site
    context = browser.new_context()
    page = context.new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(base + "mahlzeit/examples/silke-currywurst/", wait_until="load")
    page.click(".tl-tryit-start")
    page.wait_for_selector(".tl-tryit-status[data-state=ready]", timeout=60_000)
    moves = [{"player": "Silke", "move": "draw"}, {"player": "Max", "move": "draw"}]
    page.fill(".tl-tryit-moves", "\n".join(json.dumps(m) for m in moves))
    page.click(".tl-tryit-check")
    page.wait_for_selector(".tl-tryit-results li[data-result=illegal]", timeout=15_000)
    results = page.locator(".tl-tryit-results").inner_text()
    assert not dialogs and not _payload_ran(page), dialogs
    assert any(marker in results for marker in ("<img", "<svg", "[a link]", "onmouseover", "{{", "</title>"))
    context.close()
