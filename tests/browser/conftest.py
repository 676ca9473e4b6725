"""Browser tests of the rules site: drive /usr/bin/chromium with Playwright against the ONE site build of the
test session (tests/site_tools.py), served on 127.0.0.1 under the sub-path /sub/: a URL that assumes the server
root fails them. `base` ends in /sub/.

Without /usr/bin/chromium the tests are skipped, unless the CI environment variable is set: then they fail.
Never `playwright install`: the Debian chromium package is the browser.
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tischlein.site.serve import serve_in_thread

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
SHOTS = Path(os.environ.get("TISCHLEIN_SHOTS", "/tmp/tischlein-site-shots"))


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def chromium() -> Path:
    """Debian's browser; without it the browser tests are skipped, or fail in CI."""
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing; in CI the browser tests must run (apt-get install chromium)")
        pytest.skip(f"{CHROMIUM} is missing (install the Debian chromium package; set CI=1 to make this fail)")
    return CHROMIUM


@pytest.fixture(scope="session")
def site(chromium, repository_site):
    """(site folder, base URL, build report): every game in every site language (tests/site_tools.py), served on
    127.0.0.1 under /sub/ (base = http://127.0.0.1:<port>/sub/)."""
    built = repository_site
    server, _ = serve_in_thread(built.served, built.port)
    yield built.folder, built.base, built.report
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser(chromium):
    """One browser per worker; a test of the repository's site asks for `site` too, a test of its own build not."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(chromium), headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


@dataclass
class Watch:
    """What a page did that it should not: console errors, page errors, failed loads, other origins."""

    origin: str
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)          # URLs with HTTP >= 400
    foreign: list[str] = field(default_factory=list)         # requests to another origin
    outside: list[str] = field(default_factory=list)         # same origin, outside the site's sub-path

    def attach(self, page) -> None:
        page.on("console", lambda m: m.type == "error" and self.console_errors.append(m.text))
        page.on("pageerror", lambda e: self.page_errors.append(str(e)))
        page.on("request", self._request)
        page.on("response", lambda r: r.status >= 400 and self.failed.append(r.url))

    def _request(self, request) -> None:
        url = request.url
        if url.startswith(("data:", "blob:", "about:")):
            return
        parts = urlsplit(url)
        origin = urlsplit(self.origin)
        if (parts.scheme, parts.netloc) != (origin.scheme, origin.netloc):
            self.foreign.append(url)
        elif not parts.path.startswith(origin.path):
            self.outside.append(url)          # same server, but outside the sub-path the site lives in

    def clear(self) -> None:
        self.console_errors.clear(), self.page_errors.clear(), self.failed.clear(), self.foreign.clear()
        self.outside.clear()

    def problems(self) -> list[str]:
        """Everything wrong: any console error, page error, failed load, other origin or request outside the site."""
        return ([f"console: {t}" for t in self.console_errors] + [f"pageerror: {t}" for t in self.page_errors]
                + [f"HTTP error: {u}" for u in self.failed] + [f"other origin: {u}" for u in self.foreign]
                + [f"outside the sub-path: {u}" for u in self.outside])


@pytest.fixture
def new_page(browser, site):
    """A factory of fresh pages (own context) with a Watch attached; contexts are closed after the test."""
    contexts = []

    def make(**context_args):
        context = browser.new_context(**context_args)
        contexts.append(context)
        page = context.new_page()
        watch = Watch(site[1])
        watch.attach(page)
        return page, watch

    yield make
    for context in contexts:
        context.close()


@pytest.fixture(scope="session")
def page(browser, site):
    """(page, watch): ONE page object for the whole session, for tests that only navigate and look. Call
    watch.clear() before a check; leave the viewport as you found it (1280 × 900)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    watch = Watch(site[1])
    watch.attach(pg)
    yield pg, watch
    context.close()


@pytest.fixture(scope="session")
def tryit(browser, site):
    """One example page with the try-it panel booted: Pyodide starts ONCE per test session (~4 s). Panels of
    other games' example pages can be added to this page (test_site.add_panel) and share the booted engine."""
    folder, base, _ = site
    context = browser.new_context()
    page = context.new_page()
    watch = Watch(base)
    watch.attach(page)
    page.goto(base + "mahlzeit/examples/silke-currywurst-as-printed/")
    started = time.perf_counter()
    page.click(".tl-tryit-start")
    page.wait_for_selector(".tl-tryit-status[data-state=ready]", timeout=60_000)
    seconds = time.perf_counter() - started
    ready_ms = int(page.get_attribute(".tl-tryit-status", "data-ready-ms"))
    yield page, watch, seconds, ready_ms
    context.close()


@pytest.fixture(scope="session")
def shot():
    """shot(page, name): a full-page PNG into $TISCHLEIN_SHOTS (default /tmp/tischlein-site-shots)."""
    def take(page, name: str) -> Path:
        SHOTS.mkdir(parents=True, exist_ok=True)
        path = SHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path
    return take
