"""The site on a phone (`python benchmarks/run.py lighthouse`): not tests, figures to compare between commits.

Builds the whole site (every game and language, few simulation playouts), serves it with `tischlein site --serve`
(what a reader of a local build gets: compressed responses) and measures, per game, a rules page, an example page
and the play page:
- Lighthouse (npm `lighthouse`, mobile: a mid-range phone on a slow 4G link, simulated): the performance,
  accessibility and best-practices scores, with LCP and total blocking time. Aims (issue 35): performance ≥ 90,
  accessibility 100, best practices ≥ 95.
- axe-core (npm `axe-core`, injected with Playwright at 390×844): every violation, whatever its impact. Aim: none.
- A first visit of a play page in a fresh browser (Playwright: each response's encoded body bytes, i.e. what
  crossed the wire): the page with its CSS and scripts, what the offline copy fetches behind it, and what
  dealing the first game adds (Pyodide, the engine, the game's data), next to Pyodide's own files as the server
  sends them (the floor any page running Python in the browser pays), and the figure the page states.
`python benchmarks/lighthouse.py --site DIR [--game G]...` measures an already built site folder instead of building
one (and only those games).
"""
from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROME_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run"]
LIGHTHOUSE = ROOT / "node_modules" / "lighthouse" / "cli" / "index.js"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
PHONE = {"width": 390, "height": 844}
CATEGORIES = ("performance", "accessibility", "best-practices")


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def served(site: Path | None):
    """(site folder, base URL): `tischlein site --serve` building into a temporary folder, or serving `site`."""
    port = _free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT / "generator"), TISCHLEIN_SIM_GAMES="20")
    with tempfile.TemporaryDirectory(prefix="tischlein-lighthouse-") as tmp:
        if site is None:
            cmd = [sys.executable, "-c", "from tischlein.cli import main; main()", "site", "--serve",
                   "--port", str(port), "--content", str(ROOT / "content"), "--out", tmp]
            folder = Path(tmp) / "site"
        else:
            cmd = [sys.executable, "-c", "import sys; from pathlib import Path; from tischlein.site.serve import "
                   "serve_forever; serve_forever(Path(sys.argv[1]), int(sys.argv[2]))", str(site), str(port)]
            folder = Path(site)
        started = time.perf_counter()
        log = Path(tmp) / "server.log"       # a file, not a pipe: a full pipe of request lines stops the server
        with open(log, "wb") as sink:
            proc = subprocess.Popen(cmd, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=sink)
        base = f"http://127.0.0.1:{port}/"
        try:
            while True:
                if proc.poll() is not None:
                    raise RuntimeError(f"the site server stopped: {log.read_text(errors='replace')[-2000:]}")
                with contextlib.suppress(OSError):
                    urllib.request.urlopen(base, timeout=2).close()
                    break
                time.sleep(1)
            print(f"lighthouse: site {'built and ' if site is None else ''}served in "
                  f"{time.perf_counter() - started:.0f} s at {base}")
            yield folder, base
        finally:
            proc.terminate()
            proc.wait(timeout=30)


def pages(folder: Path) -> list[str]:
    """Per game (a folder with a rules page): its rules page, its first example page and its play page."""
    found = []
    for game in sorted(p.parent.parent.name for p in folder.glob("*/rules/index.html")):
        examples = sorted(p.parent.name for p in (folder / game / "examples").glob("*/index.html"))
        found += [f"{game}/rules/"] + [f"{game}/examples/{example}/" for example in examples[:1]]
        if (folder / game / "play" / "index.html").is_file():
            found.append(f"{game}/play/")
    return found


@contextlib.contextmanager
def chrome():
    """A headless Chromium (with CHROME_FLAGS) for Lighthouse to drive through its debugging port: ours, so it is
    ended whatever happens (a Chromium Lighthouse launches itself outlives a Lighthouse that timed out)."""
    port = _free_port()
    with tempfile.TemporaryDirectory(prefix="tischlein-chrome-") as profile:
        proc = subprocess.Popen([CHROMIUM, *CHROME_FLAGS, f"--remote-debugging-port={port}",
                                 f"--user-data-dir={profile}", "about:blank"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(60):
                with contextlib.suppress(OSError):
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/json/version", timeout=2).close()
                    break
                time.sleep(0.5)
            yield port
        finally:
            proc.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=20)
            if proc.poll() is None:
                proc.kill()


def lighthouse(url: str, port: int) -> dict:
    """One Lighthouse run (mobile, simulated throttling) of `url` in the Chromium on `port`: scores 0-100 and the
    metrics that weigh most."""
    with tempfile.TemporaryDirectory(prefix="tischlein-lighthouse-") as tmp:
        out = Path(tmp) / "report.json"
        try:
            proc = subprocess.run(["node", str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={out}",
                                   f"--only-categories={','.join(CATEGORIES)}", "--form-factor=mobile",
                                   f"--port={port}"], capture_output=True, text=True, timeout=300)
        except subprocess.TimeoutExpired:
            return {"error": ["no answer in 5 minutes"]}
        if proc.returncode != 0 or not out.is_file():
            return {"error": proc.stderr.strip().splitlines()[-1:] or ["lighthouse failed"]}
        report = json.loads(out.read_text(encoding="utf-8"))
    if report.get("runtimeError"):
        return {"error": [report["runtimeError"].get("message", "lighthouse failed")]}
    audits = report["audits"]
    scores = {k: round(v["score"] * 100) if v["score"] is not None else None
              for k, v in report["categories"].items()}
    failing = sorted(k for cat in ("accessibility", "best-practices")
                     for ref in report["categories"][cat]["auditRefs"] if ref["weight"]
                     for k in [ref["id"]] if audits[k]["score"] is not None and audits[k]["score"] < 1)
    return {**scores, "lcp": audits["largest-contentful-paint"]["numericValue"] / 1000,
            "tbt": audits["total-blocking-time"]["numericValue"], "failing": failing}


AXE_RUN = """async () => {
  const r = await axe.run(document, {resultTypes: ["violations"]});
  return r.violations.map((v) => `${v.id} (${v.impact}): ` +
    v.nodes.slice(0, 2).map((n) => n.target.join(" ")).join(" | "));
}"""


def axe(browser, base: str, paths: list[str]) -> dict[str, list[str]]:
    """axe-core's violations of each page on a phone-sized viewport."""
    found = {}
    context = browser.new_context(viewport=PHONE, service_workers="block")
    page = context.new_page()
    for path in paths:
        page.goto(base + path, wait_until="load")
        page.add_script_tag(path=str(AXE))
        found[path] = page.evaluate(AXE_RUN)
    context.close()
    return found


def first_visit(browser, base: str, path: str) -> dict[str, tuple[int, int]]:
    """A first visit of a play page in a fresh browser: (files, encoded bytes) of the page with its CSS and
    scripts, of what the offline copy fetches behind it, and of dealing the first game."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    seen: list = []
    context.on("requestfinished", lambda request: seen.append(request))
    page.goto(base + path, wait_until="load")
    page.wait_for_timeout(3000)            # the service worker installs and keeps the game's pages
    loaded = len(seen)
    page.click("button.tl-play-start")
    page.wait_for_selector(".tl-play[data-state=ready]", timeout=300_000)
    page.wait_for_timeout(500)

    def total(requests) -> tuple[int, int]:
        # a response the service worker gave from its cache or its own fetch crossed no wire: the worker's fetch
        # is counted as itself
        sizes = [r.sizes()["responseBodySize"] for r in requests
                 if r.response() and not r.response().from_service_worker]
        return len(sizes), sum(sizes)

    page_files = [r for r in seen[:loaded] if not r.service_worker]
    worker_files = [r for r in seen[:loaded] if r.service_worker]
    stated = page.locator(".tl-play").get_attribute("data-panel") or ""
    visit = {"page": total(page_files), "offline": total(worker_files), "deal": total(seen[loaded:]),
             "stated": json.loads(stated)["strings"]["loading"] if stated else ""}
    context.close()
    return visit


def pyodide_sent(folder: Path) -> int:
    """Bytes of Pyodide's own files as the server sends them: the compressed copy where the build wrote one."""
    from tischlein.resources import PYODIDE_FILES
    total = 0
    for name in PYODIDE_FILES:
        plain = folder / "assets" / "pyodide" / name
        packed = plain.with_name(name + ".gz")
        total += (packed if packed.is_file() else plain).stat().st_size
    return total


def bench_lighthouse(site: Path | None = None, games: list[str] | None = None) -> None:
    from playwright.sync_api import sync_playwright

    os.environ["PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS"] = "1"      # the offline copy's own fetches
    for need in (LIGHTHOUSE, AXE):
        if not need.is_file():
            print(f"lighthouse: {need.relative_to(ROOT)} is missing: npm ci")
            return
    with served(site) as (folder, base), sync_playwright() as p:
        paths = [path for path in pages(folder) if not games or path.split("/")[0] in games]
        print(f"{'page':<52} {'perf':>4} {'a11y':>4} {'best':>4} {'LCP s':>6} {'TBT ms':>7}  below 100")
        for path in paths:
            with chrome() as port:              # a fresh browser each time: nothing kept from the last page
                r = lighthouse(base + path, port)
            if "error" in r:
                print(f"{path:<52} lighthouse failed: {r['error']}", flush=True)
                continue
            print(f"{path:<52} {r['performance']:>4} {r['accessibility']:>4} {r['best-practices']:>4} "
                  f"{r['lcp']:>6.1f} {r['tbt']:>7.0f}  {' '.join(r['failing'])}", flush=True)
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROME_FLAGS[1:])
        try:
            violations = axe(browser, base, paths)
            print(f"axe-core at 390×844: {sum(map(len, violations.values()))} violations on {len(paths)} pages")
            for path, found in violations.items():
                for v in found:
                    print(f"  {path}: {v}")
            play = next((p for p in paths if p.endswith("/play/")), None)
            if play:
                visit = first_visit(browser, base, play)
                mb = lambda n: f"{n / 1e6:.2f} MB"          # noqa: E731
                print(f"first visit of {play}: page {visit['page'][0]} files {mb(visit['page'][1])}; offline copy "
                      f"{visit['offline'][0]} files {mb(visit['offline'][1])}; first deal {visit['deal'][0]} files "
                      f"{mb(visit['deal'][1])}; Pyodide's own files as sent: {mb(pyodide_sent(folder))}")
                print(f"  the page says: {visit['stated']}")
        finally:
            browser.close()


if __name__ == "__main__":
    args = sys.argv[1:]
    bench_lighthouse(Path(args[args.index("--site") + 1]) if "--site" in args else None,
                     [args[i + 1] for i, a in enumerate(args) if a == "--game"])
