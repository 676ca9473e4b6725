"""The table's speed in the browser (`python benchmarks/run.py table`): not tests, figures to compare.

One site of every game (no simulation pages) in ONE headless Chromium, each figure next to a baseline from the
same run:
- click → redraw: on a game's play page with seat 1 a person and the others bots, the time from a click on a
  legal move to the
  new picture in the DOM (the table's data-state back at "ready" for the next position), median of ≥ 20 clicks;
  the same in CPython (api.play: the move checked and played, the new position drawn with its legal moves,
  the one call a click asks the worker) as the floor.
- bot game: "Bots play to the end" from the deal, every seat a bot, until the ranking shows (the median of
  GAMES_TIMED games), against the same game (same seed, same seeded bot moves) played through
  tischlein.engine.table in CPython as the page plays it (bots_move in chunks of CHUNK moves, then look).
- offline: the bytes a visit to each game's page caches per language, and what a panel's first use adds.
Aims (issue 10): one click ≤ 50 ms; a full bot game ≤ 2 s.
"""
from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import statistics
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("diced-veggies", "mahlzeit", "schwarzwaelder-kirsch", "suppenkasper", "ta-na-mesa")
SEED = 3
CHUNK = 40          # the moves per table.bots_move call of "Bots play to the end" (game.js)
GAMES_TIMED = 3     # bot games timed per game (median)

# In the page: seat 1 a person, the others bots (the page's default); on the person's turn click the first legal
# move, `n` times; each time, the ms from the click to the table ready again with the next position drawn (the
# bots' turns in between are not timed). Runs in the page so no Playwright round trip is timed. (With every seat
# a person the table is covered between two people, so most clicks would end at the cover, not at a picture.)
CLICKS = """async (n) => {
  const table = document.querySelector(".tl-play");
  const drawn = (at) => new Promise((resolve) => {
    const done = () => table.dataset.at === String(at);       // drawn (a bot's turn next: while it moves)
    if (done()) return resolve();
    const watch = new MutationObserver(() => { if (done()) { watch.disconnect(); resolve(); } });
    watch.observe(table, { attributes: true, attributeFilter: ["data-state", "data-at"] });
  });
  const myTurn = async () => {
    for (let i = 0; i < 6000; i++) {
      if (table.dataset.over === "true") return null;
      const move = table.querySelector("button.tl-play-move");
      if (table.dataset.state === "ready" && table.dataset.bot !== "moving" && move) return move;
      await new Promise((r) => setTimeout(r, 5));
    }
    return null;
  };
  const times = [];
  for (let i = 0; i < n; i++) {
    const move = await myTurn();
    if (!move) break;
    const at = Number(table.dataset.at);
    const t = performance.now();
    move.click();
    await drawn(at + 1);
    times.push(performance.now() - t);
  }
  return times;
}"""


@contextlib.contextmanager
def served_site(games: list[str] | None = None):
    """(site folder, base URL, build report): the site of `games` (default all), no simulation, served on
    127.0.0.1 at the root; removed afterwards."""
    from tischlein.content import loader
    from tischlein.site.build import BuildReport, build_site
    from tischlein.site.serve import serve_in_thread

    content = loader.load(ROOT / "content", games)
    tmp = Path(tempfile.mkdtemp(prefix="tischlein-bench-site-"))
    previous = os.environ.get("TISCHLEIN_SIM_GAMES")
    os.environ["TISCHLEIN_SIM_GAMES"] = "0"
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    base = f"http://127.0.0.1:{port}/"
    report = BuildReport(tmp / "site")
    try:
        folder = build_site(content, tmp, base, pdf_root=tmp, report=report)
        print(f"site ({', '.join(games or ['every game'])}, no simulation): built in {report.seconds:.1f} s")
        server, _ = serve_in_thread(folder, port)
        try:
            yield folder, base, report
        finally:
            server.shutdown()
            server.server_close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        if previous is None:
            os.environ.pop("TISCHLEIN_SIM_GAMES", None)
        else:
            os.environ["TISCHLEIN_SIM_GAMES"] = previous


def deal(page, base: str, game: str, bots: bool) -> list[str]:
    """Open the game's play page, make every seat a bot (else seat 1 a person, the others bots), deal with SEED,
    wait for the table; the players' names."""
    page.goto(f"{base}{game}/play/")
    # no game saved by the last round: a fresh deal; the bots move at once (the reader's pace setting)
    page.evaluate("localStorage.clear(); localStorage.setItem('tischlein.table.pace', 'instant')")
    page.goto(f"{base}{game}/play/")
    page.locator(".tl-play-seed").fill(str(SEED))
    for i, box in enumerate(page.locator("input.tl-play-isbot").all()):
        box.set_checked(bots or i > 0)
    names = [n.input_value() for n in page.locator(".tl-play-seats input.tl-play-name").all()]
    page.click("button.tl-play-start")
    page.wait_for_selector(".tl-play[data-state=ready]" if not bots else "button.tl-play-bots-finish",
                           state="attached", timeout=180_000)
    return names


def cpython_game(payload: dict, names: list[str]) -> tuple[float, int]:
    """(seconds, moves) of the bot game game.js plays, in CPython: the same deal, the same seeded moves, asked
    as the page asks (table.bots_move in chunks, the end drawn by table.look)."""
    from tischlein.engine import table
    started = time.perf_counter()
    number = table.open_table(payload, names, SEED, {n: None for n in names})["table"]
    over = False
    while not over:
        out = table.bots_move(payload, number, CHUNK, True)
        if out["error"] or not out["played"]:
            raise RuntimeError(f"bots_move stopped: {out['error']}")
        over = out["over"]
    moves = table.look(payload, number, None, None, "en")["last"]
    return time.perf_counter() - started, moves


def cpython_click(payload: dict, names: list[str], clicks: int) -> float:
    """Median seconds of what one click asks the engine (table.play_move: the move checked and played, the new
    position drawn with its legal moves and the log; the bots' turns after it are not timed)."""
    from tischlein.engine import table
    number = table.open_table(payload, names, SEED, {n: None for n in names[1:]})["table"]
    times = []
    for _ in range(clicks):
        if table.bots_move(payload, number, 500)["over"]:
            break
        first = table.look(payload, number, names[0])["choices"]
        started = time.perf_counter()
        table.play_move(payload, number, first["moves"][0]["move"], names[0])
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def bench_table(clicks: int = 25) -> None:
    from tischlein.site import offline

    with served_site() as (folder, base, report):
        print(offline.describe(report.offline))
        table_in_browser(folder, base, clicks)


def table_in_browser(folder: Path, base: str, clicks: int = 25) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
        context = browser.new_context()
        page = context.new_page()
        for game in GAMES:
            payload = json.loads((folder / "assets" / "games" / f"{game}.json").read_text("utf-8"))
            names = deal(page, base, game, bots=False)
            times = page.evaluate(CLICKS, clicks)
            floor = cpython_click(payload, names, clicks) * 1000
            click = statistics.median(times) if times else float("nan")
            print(f"table {game}: click → redraw median {click:.1f} ms over {len(times)} clicks "
                  f"(max {max(times or [0]):.0f} ms); CPython api.play {floor:.1f} ms; "
                  f"ratio {click / floor:.1f} (aim ≤ 50 ms)")
            runs, moves = [], 0
            for _ in range(GAMES_TIMED):            # the machine is shared: the median of a few games
                deal(page, base, game, bots=True)
                started = time.perf_counter()
                page.evaluate("document.querySelector('button.tl-play-bots-finish').click()")   # in the menu
                page.wait_for_selector(".tl-play[data-over=true][data-state=ready]", timeout=120_000)
                runs.append(time.perf_counter() - started)
                moves = int(page.get_attribute(".tl-play", "data-last"))
            seconds = statistics.median(runs)
            reference, reference_moves = cpython_game(payload, names)
            print(f"table {game}: bot game in the browser {seconds:.2f} s median of {len(runs)} (fastest "
                  f"{min(runs):.2f}, slowest {max(runs):.2f}; {moves} moves); CPython {reference:.2f} s "
                  f"({reference_moves} moves); ratio {seconds / reference:.1f} (aim ≤ 2 s)")
        context.close()
        browser.close()
