"""`make bench`: speed and size, each figure next to a baseline measured in the same run (machines are noisy).

- PDF: the full Mahlzeit print-and-play build against a bare reportlab script that draws the same number of
  cards (a framed rectangle and two lines of text each, same embedded font, same interleaved back pages).
- Engine: random full games per second, against a fixed pure-Python workload (sorting) as a speed unit.
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


def bench_pdf() -> None:
    from tischlein.content import loader
    from tischlein.pdf.document import build_pdf
    from tischlein.pdf.options import Options

    content = loader.load(ROOT / "content", ["mahlzeit"])
    cards = len(content.games["mahlzeit"].model.cards())
    with tempfile.TemporaryDirectory() as tmp:
        ours_path, bare_path = Path(tmp) / "ours.pdf", Path(tmp) / "bare.pdf"
        ours = timed(lambda: build_pdf(content, "mahlzeit", Options(lang="en", paper="a4"), ours_path), 5)
        bare = timed(lambda: bare_reportlab(bare_path, cards), 5)
        size, bare_size = ours_path.stat().st_size, bare_path.stat().st_size
    print(f"pdf    mahlzeit en a4: {cards} cards in {ours * 1000:.0f} ms; bare reportlab {bare * 1000:.0f} ms; "
          f"ratio {ours / bare:.2f}x")
    print(f"pdf    size {size / 1024:.0f} KiB = {size / cards / 1024:.2f} KiB per card "
          f"(bare script {bare_size / cards / 1024:.2f} KiB per card; fonts included in both)")


def bench_engine(games: int = 200) -> None:
    import random

    from tischlein.content import loader
    from tischlein.engine import mahlzeit
    from tischlein.engine.simulate import playout

    data = loader.load(ROOT / "content", ["mahlzeit"]).games["mahlzeit"].model.engine_data()
    rules = mahlzeit.Rules(data)

    def unit() -> None:
        values = [random.Random(7).random() for _ in range(20000)]
        for _ in range(10):
            sorted(values)

    moves = 0

    def run() -> None:
        nonlocal moves
        moves = sum(playout(mahlzeit, rules, 2 + seed % 4, seed).moves for seed in range(games))

    baseline = timed(unit, 5)
    took = timed(run, 1)
    print(f"engine mahlzeit: {games} random games ({moves} moves) in {took:.2f} s = {games / took:.0f} games/s; "
          f"1,000 games ≈ {1000 * took / games:.1f} s = {took / games * 1000 / baseline:.0f} speed units "
          f"(unit: sorting 20,000 floats 10 times = {baseline * 1000:.0f} ms)")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "generator"))
    which = sys.argv[1:] or ["pdf", "engine"]
    for name in which:
        {"pdf": bench_pdf, "engine": bench_engine}[name]()
