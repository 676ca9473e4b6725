"""`make bench`: speed and size, each figure next to a baseline measured in the same run (machines are noisy).

- PDF: the full Mahlzeit print-and-play build against a bare reportlab script that draws the same number of
  cards (a framed rectangle and two lines of text each, same embedded font, same interleaved back pages), with
  and without pdf/accel.py's speed-ups; bytes per card with and without the embedded fonts; the variants.
- Rules: the rules booklet (typeset and imposed) and the quick reference of every game, against a bare platypus
  script that sets the same rules, glossary and FAQ texts as plain paragraphs on A5 pages in the same fonts
  (`python benchmarks/run.py rules`); then the whole rules bundle of every game, language and paper once.
- Previews: PNGs per distinct face and TTS sheets for one language.
- Engine: the whole `tischlein simulate GAME --games 1000` process per game in CPU seconds, against a bare
  Python process as the unit; `invariants`: 10,000 random and greedy playouts per game with the invariants
  (benchmarks/engines.py; the greedy playouts take the longest: hours on a shared machine, so they run last).
- Bundle (benchmarks/bundle.py): every game, language, paper and PDF variant plus the tuck boxes, against the bare
  reportlab floor for as many pieces; the print-shop exports; sheets per game against the area lower bound.
- Site (`python benchmarks/run.py site`): bare Pyodide boot vs the try-it panel ready, same browser run, and the
  median time of one check_move through the site's worker.
- Table (benchmarks/table.py, `run.py table`): per game, one click on a legal move to the redrawn state (median
  of ≥ 20) and a whole bot game in the browser, each against the same work in CPython; the bytes the offline
  copy keeps per game and language.
- Engine code size (benchmarks/codesize.py, `run.py codesize`): the engines' lines now against issue 9's
  baseline and the redesign's commit, read from git.
- Phone (benchmarks/lighthouse.py, `run.py lighthouse`): Lighthouse (mobile) and axe-core at 390×844 on a rules,
  an example and the play page of every game, served by `tischlein site --serve`; a play page's first visit in
  compressed bytes next to Pyodide's own files.
- Whole processes (benchmarks/processes.py, `run.py cli` and `run.py build`): `tischlein --help`, `check` and
  `pdf` against bare processes; the full build sequential against parallel; a rebuild after one German edit.
- Incremental builds (benchmarks/incremental.py, `run.py incremental`): one game's clean build against the builds
  after an English rules paragraph, a German card text and an interface string.
Not tests: nothing here fails on a slow machine; it prints figures to compare between commits.
"""
from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def timed(fn, repeat: int) -> float:
    """Median wall time of `repeat` calls, after one warm-up call."""
    fn()
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def bare_reportlab(path: Path, cards: int) -> None:
    """The baseline: what reportlab costs for the same number of cards, with none of our layout or art."""
    from reportlab import rl_config
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.units import mm
    from reportlab.pdfgen.canvas import Canvas

    from tischlein.pdf import fonts

    fonts.register()
    rl_config.useA85 = 0
    c = Canvas(str(path), pagesize=A4, invariant=1, initialFontName=fonts.BODY)
    w, h = 63 * mm, 88 * mm
    x0, y0 = (A4[0] - 3 * w) / 2, (A4[1] - 3 * h) / 2
    for sheet in range(0, cards, 9):
        for side in ("front", "back"):
            for i in range(min(9, cards - sheet)):
                col, row = i % 3, i // 3
                if side == "back":
                    col = 2 - col
                x, y = x0 + col * w, y0 + (2 - row) * h
                c.setFillColorRGB(0.85, 0.6, 0.3)
                c.roundRect(x + 3 * mm, y + 3 * mm, w - 6 * mm, h - 6 * mm, 3 * mm, fill=1)
                if side == "front":
                    c.setFillColorRGB(0.2, 0.1, 0.05)
                    c.setFont(fonts.BODY, 12)
                    c.drawCentredString(x + w / 2, y + h - 15 * mm, f"Card {sheet + i + 1}")
                    c.setFont(fonts.BODY, 8)
                    c.drawCentredString(x + w / 2, y + 15 * mm, "Käsespätzle · Süßer Senf")
            c.showPage()
    c.save()


def interleaved(fns: dict, repeat: int) -> dict[str, float]:
    """Best CPU time (time.process_time) of each function over `repeat` rounds, the functions alternating within
    a round; one warm-up round first. CPU time, not wall time: the work is single-threaded, and on a shared
    machine other processes inflate wall times far more than CPU times."""
    for fn in fns.values():
        fn()
    best = {name: float("inf") for name in fns}
    for _ in range(repeat):
        for name, fn in fns.items():
            started = time.process_time()
            fn()
            best[name] = min(best[name], time.process_time() - started)
    return best


def font_bytes(path: Path) -> int:
    """Bytes of the embedded font programs (FontFile2 streams) of a PDF: the fixed cost of its fonts."""
    from pypdf import PdfReader

    reader = PdfReader(path)
    seen, total = set(), 0
    for page in reader.pages:
        stack = [page.get("/Resources")]
        while stack:
            res = stack.pop()
            if res is None:
                continue
            res = res.get_object()
            for font in (res.get("/Font") or {}).values():
                desc = font.get_object().get("/FontDescriptor")
                if desc is None:
                    continue
                ref = desc.get_object().raw_get("/FontFile2")
                if ref.idnum not in seen:
                    seen.add(ref.idnum)
                    total += len(ref.get_object()._data)
            for xobj in (res.get("/XObject") or {}).values():
                if xobj.idnum not in seen:
                    seen.add(xobj.idnum)
                    stack.append(xobj.get_object().get("/Resources"))
    return total


def _load(loader):
    content = loader.load(ROOT / "content", ["mahlzeit"])
    if content.problems.errors:
        sys.exit(f"the content has errors, fix them first: {content.problems.errors[:3]}")
    return content


def bench_pdf() -> None:
    import contextlib

    from tischlein.content import loader
    from tischlein.pdf import accel
    from tischlein.pdf.document import build_pdf
    from tischlein.pdf.options import Options

    content = _load(loader)
    cards = len(content.games["mahlzeit"].model.cards())
    speedups = accel.memo_numbers

    def without_speedups(opts, path):
        accel.memo_numbers = contextlib.nullcontext
        try:
            build_pdf(content, "mahlzeit", opts, path)
        finally:
            accel.memo_numbers = speedups

    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        ours_path, bare_path = tmp / "ours.pdf", tmp / "bare.pdf"
        variants = {"fold": Options(duplex="fold"),            # (print shops: benchmarks/bundle.py)
                    "ink-saver": Options(ink_saver=True), "letter": Options(paper="letter")}
        runs = {
            "ours": lambda: build_pdf(content, "mahlzeit", Options(lang="en", paper="a4"), ours_path),
            "bare": lambda: bare_reportlab(bare_path, cards),
            "ours-no-speedups": lambda: without_speedups(Options(lang="en", paper="a4"), tmp / "slow.pdf"),
        }
        best = interleaved(runs, 15)
        ours, bare, slow = best["ours"], best["bare"], best["ours-no-speedups"]
        size, bare_size = ours_path.stat().st_size, bare_path.stat().st_size
        fonts_ours, fonts_bare = font_bytes(ours_path), font_bytes(bare_path)
        print(f"pdf    mahlzeit en a4: {cards} cards in {ours * 1000:.0f} ms; bare reportlab {bare * 1000:.0f} ms; "
              f"ratio {ours / bare:.2f}x (CPU time, best of 15, interleaved)")
        print(f"pdf    without pdf/accel.py speed-ups: {slow * 1000:.0f} ms = ratio {slow / bare:.2f}x")
        print(f"pdf    size {size / 1024:.0f} KiB = {size / cards / 1024:.2f} KiB per card; without the embedded "
              f"fonts ({fonts_ours / 1024:.0f} KiB) {(size - fonts_ours) / cards / 1024:.2f} KiB per card "
              f"(bare script {bare_size / cards / 1024:.2f} KiB, without fonts "
              f"{(bare_size - fonts_bare) / cards / 1024:.2f} KiB per card)")
        for name, opts in variants.items():
            path = tmp / f"{name}.pdf"
            took = interleaved({name: lambda: build_pdf(content, "mahlzeit", opts, path)}, 3)[name]
            print(f"pdf    variant {name}: {took * 1000:.0f} ms, {path.stat().st_size / 1024:.0f} KiB")


def bare_platypus(path: Path, game) -> int:
    """The floor for the rules PDFs: the game's rule, glossary and FAQ texts as escaped plain paragraphs on A5
    pages, nothing parsed, no examples, no contents. Returns the pages."""
    from xml.sax.saxutils import escape

    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, SimpleDocTemplate

    from tischlein.pdf import fonts
    from tischlein.pdf.units import mm

    fonts.register()
    body = ParagraphStyle("b", fontName=fonts.BODY, fontSize=9, leading=11.7)
    head = ParagraphStyle("h", fontName=fonts.BOLD, fontSize=13, leading=16)
    story = []
    for key, text in game.catalog.source.items():
        if key.startswith(("rules:", "glossary:", "faq:")):
            style = head if key.endswith((".title", ".term", ".question")) else body
            story += [Paragraph(escape(block).replace("\n", " "), style) for block in text.split("\n\n")]
    doc = SimpleDocTemplate(str(path), pagesize=(mm(148.5), mm(210)), leftMargin=mm(13), rightMargin=mm(13),
                            topMargin=mm(13), bottomMargin=mm(16), invariant=1)
    doc.build(story)
    return doc.page


def bench_rules() -> None:
    from tischlein.cli import languages_of
    from tischlein.content import loader
    from tischlein.pdf import booklet, quickref
    from tischlein.pdf.rules_bundle import build_rules_pdfs

    content = loader.load(ROOT / "content")
    if content.problems.errors:
        sys.exit(f"the content has errors, fix them first: {content.problems.errors[:3]}")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        for gid, game in content.games.items():
            paths = {k: tmp / f"{gid}-{k}.pdf" for k in ("booklet", "quickref", "bare")}
            best = interleaved({
                "booklet": lambda: booklet.build(content, gid, "en", "a4", "booklet", paths["booklet"]),
                "quickref": lambda: quickref.build(content, gid, "en", "a4", paths["quickref"]),
                "bare": lambda: bare_platypus(paths["bare"], game),
            }, 2)
            from pypdf import PdfReader
            sheets = len(PdfReader(paths["booklet"]).pages) // 2
            bare_pages = bare_platypus(paths["bare"], game)
            print(f"rules  {gid} en a4: booklet {best['booklet'] * 1000:.0f} ms ({sheets} sheets, "
                  f"{paths['booklet'].stat().st_size / 1024:.0f} KiB), quick reference {best['quickref'] * 1000:.0f} ms "
                  f"({paths['quickref'].stat().st_size / 1024:.0f} KiB); bare platypus {best['bare'] * 1000:.0f} ms "
                  f"({bare_pages} A5 pages); ratios {best['booklet'] / best['bare']:.1f}x and "
                  f"{best['quickref'] / best['bare']:.1f}x (CPU time, best of 2, interleaved)")
        started, cpu = time.perf_counter(), time.process_time()
        files = []
        for gid, game in content.games.items():
            files += build_rules_pdfs(content, gid, languages_of(content, game), ["a4", "letter"], tmp / "out")
        size = sum(p.stat().st_size for p in files)
        print(f"rules  whole bundle: {len(files)} PDFs ({size / 1024 / 1024:.1f} MiB) in "
              f"{time.perf_counter() - started:.1f} s ({time.process_time() - cpu:.1f} s CPU)")


def bench_previews() -> None:
    from tischlein.content import loader
    from tischlein.pdf.previews import build_previews

    content = _load(loader)
    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        written = build_previews(content, "mahlzeit", ["en"], Path(tmp))
        took = time.perf_counter() - started
        size = sum(p.stat().st_size for p in written)
    print(f"previews mahlzeit en: {len(written)} files ({size / 1024 / 1024:.1f} MiB) in {took:.2f} s")


def bench_engine() -> None:
    """The whole `tischlein simulate GAME --games 1000` process per game against a bare-Python baseline
    (benchmarks/engines.py)."""
    from engines import bench_speed
    bench_speed([ROOT])


def bench_invariants() -> None:
    """10,000 random and 10,000 greedy playouts per game with every invariant checked (benchmarks/engines.py)."""
    from engines import bench_invariants as run
    run(10_000)


BARE_WORKER = """import { loadPyodide } from "./pyodide/pyodide.mjs";
const t0 = performance.now();
const py = await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
py.runPython("1 + 1");
self.postMessage({ ms: performance.now() - t0 });
"""
BARE_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<title>bare Pyodide</title></head><body><p id="out">booting</p><script type="module">
const t0 = performance.now();
const w = new Worker(new URL("./bench-bare-worker.mjs", import.meta.url), { type: "module" });
w.onmessage = (e) => { const o = document.getElementById("out");
  o.dataset.ms = String(Math.round(performance.now() - t0)); o.dataset.inner = String(Math.round(e.data.ms)); };
</script></body></html>"""
CHECK_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<title>check_move</title></head><body><p id="out">booting</p><script type="module">
const w = new Worker(new URL("./assets/js/engine-worker.mjs", import.meta.url), { type: "module" });
let seq = 0; const waiting = new Map();
w.onmessage = (e) => { const f = waiting.get(e.data.id); waiting.delete(e.data.id); f(e.data); };
const call = (m) => new Promise((r) => { const id = ++seq; waiting.set(id, r); w.postMessage({ ...m, id }); });
const PARAMS = JSON.parse(decodeURIComponent(location.hash.slice(1)));
await call({ type: "init", engine: new URL("./assets/engine/engine.zip", import.meta.url).href });
const game = await (await fetch(new URL(`./assets/games/${PARAMS.game}.json`, import.meta.url))).text();
const times = [];
let last = null;
for (let i = 0; i < PARAMS.n; i++) {
  const t = performance.now();
  last = await call({ type: "check", gameKey: PARAMS.game, game, state: PARAMS.state, move: PARAMS.move,
                      lang: "en" });
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
const replays = [];
for (let i = 0; i < 20; i++) {
  const t = performance.now();
  await call({ type: "run", gameKey: PARAMS.game, game, example: PARAMS.example, lang: "en" });
  replays.push(performance.now() - t);
}
replays.sort((a, b) => a - b);
const o = document.getElementById("out");
o.dataset.replayMedian = String(replays[replays.length >> 1]);
o.dataset.median = String(times[times.length >> 1]);
o.dataset.legal = String(JSON.parse(last.result).legal);
</script></body></html>"""


def bench_site(rounds: int = 3, checks: int = 50) -> None:
    """In ONE headless Chromium: bare Pyodide boot (a page whose module worker only loads Pyodide) against the
    time until the try-it panel is ready (click → 'ready': worker + Pyodide + engine.zip + imports), alternating,
    each in a fresh browser context (so each a first visit: the offline service worker installs meanwhile); then
    the median round trip of one check_move through the site's worker."""
    import json
    from urllib.parse import quote

    from playwright.sync_api import sync_playwright

    from table import served_site
    from tischlein.content import loader
    from tischlein.engine import api

    content = loader.load(ROOT / "content", ["mahlzeit"])
    bare, panel = [], []
    with served_site(["mahlzeit"]) as (folder, base, _), sync_playwright() as p:
        (folder / "assets" / "bench-bare-worker.mjs").write_text(BARE_WORKER, encoding="utf-8")
        (folder / "assets" / "bench-bare.html").write_text(BARE_PAGE, encoding="utf-8")
        (folder / "bench-check.html").write_text(CHECK_PAGE, encoding="utf-8")
        payload = json.loads((folder / "assets" / "games" / "mahlzeit.json").read_text("utf-8"))
        example = next(e for e in content.games["mahlzeit"].examples if e["id"] == "silke-currywurst")
        replay = {k: v for k, v in example.items() if not k.startswith("_")}
        start = api.run(payload, replay)["start"]["state"]
        move = {k: v for k, v in example["moves"][0].items() if k in ("player", "move", "args")}
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
        for _ in range(rounds):
            ctx = browser.new_context()
            page = ctx.new_page()
            page.goto(base + "assets/bench-bare.html")
            page.wait_for_selector("#out[data-ms]", timeout=120_000)
            bare.append(int(page.get_attribute("#out", "data-ms")))
            ctx.close()
            ctx = browser.new_context()
            page = ctx.new_page()
            page.goto(base + "mahlzeit/examples/silke-currywurst/")
            page.click(".tl-tryit-start")
            page.wait_for_selector(".tl-tryit-status[data-state=ready]", timeout=120_000)
            panel.append(int(page.get_attribute(".tl-tryit-status", "data-ready-ms")))
            ctx.close()
        ctx = browser.new_context()
        page = ctx.new_page()
        params = quote(json.dumps({"game": "mahlzeit", "n": checks, "state": json.dumps(start),
                                   "move": json.dumps(move), "example": json.dumps(replay)}))
        page.goto(f"{base}bench-check.html#{params}")
        page.wait_for_selector("#out[data-median]", timeout=120_000)
        check_ms = float(page.get_attribute("#out", "data-median"))
        legal = page.get_attribute("#out", "data-legal")
        replay_ms = float(page.get_attribute("#out", "data-replay-median"))
        ctx.close()
        browser.close()
    b, t = statistics.median(bare), statistics.median(panel)
    print(f"site: bare Pyodide boot (module worker) {b / 1000:.2f} s (runs {bare}); try-it panel ready "
          f"{t / 1000:.2f} s (runs {panel}); ratio {t / b:.2f} (aim ≤ 1.2)")
    print(f"site: one check_move through the worker, median of {checks}: {check_ms:.1f} ms (legal={legal}; "
          f"aim < 10 ms)")
    cpython = timed(lambda: api.run(payload, replay), 20) * 1000
    print(f"site: replay of silke-currywurst: Pyodide {replay_ms:.1f} ms (worker round trip, median) vs CPython "
          f"{cpython:.1f} ms; ratio {replay_ms / cpython:.1f}")


if __name__ == "__main__":
    import processes
    from bundle import bench_bundle
    from codesize import bench_codesize
    from incremental import bench_incremental

    from lighthouse import bench_lighthouse
    from table import bench_table

    which = sys.argv[1:] or ["cli", "pdf", "rules", "previews", "engine", "bundle", "build", "incremental", "site",
                             "table", "lighthouse", "codesize", "invariants"]
    for name in which:
        {"pdf": bench_pdf, "rules": bench_rules, "previews": bench_previews, "engine": bench_engine,
         "bundle": bench_bundle, "site": bench_site, "table": bench_table, "cli": processes.bench_cli,
         "build": processes.bench_build, "incremental": bench_incremental, "lighthouse": bench_lighthouse,
         "codesize": bench_codesize, "invariants": bench_invariants}[name]()
