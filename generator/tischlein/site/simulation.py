"""Random playouts at build time, drawn as inline SVG charts for the simulation page of each game with an engine.

`run(engine, players, n)` plays `n` seeded random games (engine/simulate.py's `playout`), spread evenly over the
game's player counts, and, for a game with a greedy policy, the balance evidence (`evidence`): a table of one
greedy player against random ones (the table turned so greedy sits in every seat: does skill matter?) and a
table of greedy players only (how games end when people try to win), each summarized by engine/stats.py (win
rate by seat and by policy with 95 % intervals, the share of each ending, per player count). The site's charts
(game length histogram, score spread per player count, win rates against the fair share) are small SVGs with
`role="img"`, a <title> and a text summary for screen readers. No chart library, no script: the SVG is written
here as text, every label escaped. `page_view(ctx)` gathers what the page template shows.
"""
from __future__ import annotations

import dataclasses
import statistics
import math
import time
from dataclasses import dataclass, field
from html import escape
from typing import Any, Callable

from markupsafe import Markup

from .. import locale

DEFAULT_GAMES = 100            # per game (the page says N); seeded, so every build shows the same figures
# Greedy players look one move ahead on a copy of the state for every legal move: a greedy game costs up to a
# hundred random ones, so each greedy table plays half of N (at least GREEDY_MIN) to keep the build short.
GREEDY_MIN = 4


@dataclass
class Stats:
    games: int = 0
    asked: int = 0
    seconds: float = 0.0
    lengths: list[int] = field(default_factory=list)
    by_players: dict[int, dict[str, Any]] = field(default_factory=dict)   # players -> {"scores": [...], ...}
    failures: list[str] = field(default_factory=list)
    stopped: str = ""          # "failures" when too many games did not end
    # engine/stats.py summaries: "random" (the games above), "mixed" (one greedy seat, turned round the table),
    # "greedy" (greedy players only); the greedy ones only for a game with a greedy policy
    tables: dict[str, dict[str, Any]] = field(default_factory=dict)

    @property
    def player_counts(self) -> list[int]:
        return sorted(self.by_players)


def run(engine: Any, players: list[int], n: int = DEFAULT_GAMES, seed: int = 1) -> Stats:
    """N seeded playouts, never cut short by a clock: the page must not depend on how busy the machine is.
    A game longer than the engine's bound (engine/simulate.py) counts as a failure and the page says so."""
    from ..engine.simulate import playout

    from ..engine.stats import summarize

    stats = Stats(asked=n)
    started = time.perf_counter()
    played = []
    for i in range(n):
        count = players[i % len(players)]
        try:
            result = playout(engine, count, seed + i)
        except Exception as exc:        # a broken engine must not break the site: the page says so
            stats.failures.append(f"seed {seed + i}: {type(exc).__name__}: {exc}")
            if len(stats.failures) >= 20:
                stats.stopped = "failures"
                break
            continue
        stats.games += 1
        played.append(result)
        stats.lengths.append(result.moves)
        per = stats.by_players.setdefault(count, {"games": 0, "lengths": [], "winning": [], "spread": [],
                                                  "first_wins": 0.0})
        per["games"] += 1
        per["lengths"].append(result.moves)
        scores = list(result.scores.values())
        if scores:
            per["winning"].append(max(scores))
            per["spread"].append(max(scores) - min(scores))
        names = list(result.scores)
        if names and result.winners and names[0] in result.winners:
            per["first_wins"] += 1 / len(result.winners)          # a shared win counts in part
    if played:
        stats.tables["random"] = by_count(summarize(played), played)
        stats.tables.update(evidence(engine, players, max(GREEDY_MIN, n // 2), seed, stats.failures))
    stats.seconds = time.perf_counter() - started
    return stats


def evidence(engine: Any, players: list[int], n: int, seed: int, failures: list[str]) -> dict[str, dict]:
    """The greedy tables (see the module docstring), n games each with the same seeds as the random games; a
    game that does not end is left out and reported in `failures`. None for a game without a greedy policy."""
    from ..engine.policy import policies
    from ..engine.simulate import Playout, play_one, plan
    from ..engine.stats import summarize

    if "greedy" not in policies(engine):
        return {}
    out = {}
    for name, seats, rotate in (("mixed", ["greedy", "random"], True), ("greedy", ["greedy"], False)):
        counts = [k for k in players if k >= len(seats)]      # one greedy player among random ones: 2 or more
        if not counts:
            continue
        games = plan(n, seed, counts, seats, rotate)
        results = [play_one(engine, g) for g in games]
        failures += [f"{name}: {r}" for r in results if isinstance(r, str)]
        done = [r for r in results if isinstance(r, Playout)]
        if done:
            out[name] = by_count(summarize(done), done)
    return out


def by_count(report: dict, played: list) -> dict:
    """A summary with its figures per player count under by_players, also when all games had one count."""
    if "by_players" not in report:
        report["by_players"] = {str(played[0].players): {k: v for k, v in report.items() if k != "by_players"}}
    return report


def cache_path(cache_dir: Any, key_parts: list, engine: Any, players: list[int], n: int):
    """Where cached_run keeps the statistics of these inputs."""
    import hashlib
    import inspect
    import json
    import sys
    from pathlib import Path
    try:
        module = type(engine).__module__
        source = "".join(inspect.getsource(sys.modules[m]) for m in (module, module.rsplit(".", 1)[0] + ".policy")
                         if m in sys.modules)             # the greedy tables depend on the policy too
    except (OSError, TypeError, KeyError):
        source = repr(engine)
    digest = hashlib.sha256(json.dumps(["v5", source, engine.data, players, n, key_parts], sort_keys=True,
                                       default=str).encode()).hexdigest()[:20]
    return Path(cache_dir) / f"{digest}.json"


def cached_run(cache_dir: Any, key_parts: list, engine: Any, players: list[int], n: int) -> Stats:
    """run() with its result kept in cache_dir, keyed by the engine's source, the game data and N: playouts
    are seeded, so the same inputs give the same statistics and a rebuild need not play them again."""
    import json
    path = cache_path(cache_dir, key_parts, engine, players, n)
    if path.is_file():
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
            raw["by_players"] = {int(k): v for k, v in raw["by_players"].items()}
            return Stats(**raw)
        except (ValueError, TypeError, KeyError):
            pass
    from ..files import write_text
    stats = run(engine, players, n)
    record = dataclasses.asdict(stats)
    record.pop("seconds")          # how long the playouts took: two identical builds would write different files
    try:
        write_text(path, json.dumps(record))
    except OSError:
        pass
    return stats


def player_range(model: Any) -> list[int]:
    return list(range(max(1, model.players[0]), model.players[1] + 1))


# -- charts ------------------------------------------------------------------------------------------------------
# Drawn small (user units about the size of CSS pixels on a phone, whose column is ~360 px wide) so that the
# labels stay readable there; the figure's max-width keeps them from growing large on a desktop.
W, H = 400, 220
PAD_L, PAD_R, PAD_T, PAD_B = 48, 22, 14, 46
FONT = 12                  # every label, in user units
DIGIT = 7.2                # the width of a digit at FONT
BAR = "#a63d1f"
BAR2 = "#c7830e"
INK = "#3b2a20"
GRID = "#d6c4b0"


def _svg(label: str, body: str, summary_id: str) -> str:
    return (f'<svg class="tl-chart" viewBox="0 0 {W} {H}" width="100%" role="img" '
            f'aria-labelledby="{summary_id}-t" aria-describedby="{summary_id}" '
            f'xmlns="http://www.w3.org/2000/svg"><title id="{summary_id}-t">{escape(label)}</title>{body}</svg>')


def nice_range(lo: float, hi: float, steps: int = 4) -> tuple[float, float, float]:
    """A tick step of 1, 2 or 5 × 10^k and the range it covers, so that axis labels are round numbers."""
    span = max(hi - lo, 1e-9)
    raw = span / steps
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    if step < 1 and mag >= 1:
        step = 1
    return math.floor(lo / step) * step, math.ceil(hi / step) * step, step


def _axes(ymax: float, fmt: Callable[[float], str], steps: int = 4, ymin: float = 0.0,
          step: float | None = None) -> str:
    out = []
    plot_h = H - PAD_T - PAD_B
    step = step or (ymax - ymin) / steps
    count = max(1, round((ymax - ymin) / step))
    for i in range(count + 1):
        v = ymin + step * i
        y = PAD_T + plot_h - plot_h * i / count
        out.append(f'<line x1="{PAD_L}" x2="{W - PAD_R}" y1="{y:.1f}" y2="{y:.1f}" stroke="{GRID}" '
                   f'stroke-width="{1 if i == 0 else .5}"/>')
        out.append(f'<text x="{PAD_L - 6}" y="{y + 4:.1f}" text-anchor="end" font-size="{FONT}" fill="{INK}">'
                   f'{escape(fmt(v))}</text>')
    return "".join(out)


def histogram(values: list[int], label: str, x_label: str, summary_id: str, bins: int = 12) -> str:
    if not values:
        return ""
    lo, hi = min(values), max(values)
    width = max(1, -(-(hi - lo + 1) // bins))
    edges = list(range(lo, hi + 1, width))
    counts = [sum(1 for v in values if e <= v < e + width) for e in edges]
    _, ymax, ystep = nice_range(0, max(counts) or 1)
    plot_w, plot_h = W - PAD_L - PAD_R, H - PAD_T - PAD_B
    bw = plot_w / len(edges)
    every = max(1, math.ceil(DIGIT * len(str(hi + width)) / bw * 1.4))
    parts = [_axes(ymax, lambda v: f"{v:g}", step=ystep)]
    for i, (e, c) in enumerate(zip(edges, counts)):
        h = plot_h * c / ymax
        x = PAD_L + i * bw
        rng = f"{e}" if width == 1 else f"{e}–{e + width - 1}"
        parts.append(f'<rect x="{x + 1:.1f}" y="{PAD_T + plot_h - h:.1f}" width="{bw - 2:.1f}" height="{h:.1f}" '
                     f'fill="{BAR}"><title>{escape(rng)}: {c}</title></rect>')
        # Ranges like "1429–2015" are wider than a bar: label the bin edges instead, as few as stay legible.
        if i % every == 0:
            parts.append(_tick_label(x, str(e)))
    parts.append(_tick_label(PAD_L + plot_w, str(edges[-1] + width)))
    parts.append(f'<text x="{PAD_L + plot_w / 2:.1f}" y="{H - 6}" text-anchor="middle" font-size="{FONT}" '
                 f'fill="{INK}">{escape(x_label)}</text>')
    return _svg(label, "".join(parts), summary_id)


def _tick_label(x: float, text: str) -> str:
    return (f'<text x="{x:.1f}" y="{H - PAD_B + 19}" text-anchor="middle" font-size="{FONT}" fill="{INK}">'
            f'{escape(text)}</text>')


def ranges(groups: list[tuple[str, list[int]]], label: str, summary_id: str, legend: tuple[str, str]) -> str:
    """Per group: a bar from the minimum to the maximum, a thick bar for the middle half, a tick at the median."""
    groups = [(name, vals) for name, vals in groups if vals]
    if not groups:
        return ""
    ymin, ymax, ystep = nice_range(min(0, min(min(v) for _, v in groups)), max(max(v) for _, v in groups) or 1)
    span = (ymax - ymin) or 1
    plot_w, plot_h = W - PAD_L - PAD_R, H - PAD_T - PAD_B
    gw = plot_w / len(groups)

    def y(v: float) -> float:
        return PAD_T + plot_h - plot_h * (v - ymin) / span

    parts = [_axes(ymax, lambda v: f"{v:g}", ymin=ymin, step=ystep)]
    for i, (name, vals) in enumerate(groups):
        cx = PAD_L + gw * (i + .5)
        q = statistics.quantiles(vals, n=4) if len(vals) > 1 else [vals[0]] * 3
        parts.append(f'<line x1="{cx:.1f}" x2="{cx:.1f}" y1="{y(min(vals)):.1f}" y2="{y(max(vals)):.1f}" '
                     f'stroke="{INK}" stroke-width="1.5"/>')
        parts.append(f'<rect x="{cx - 16:.1f}" y="{y(q[2]):.1f}" width="32" height="{max(1.0, y(q[0]) - y(q[2])):.1f}" '
                     f'fill="{BAR2}" stroke="{INK}"><title>{escape(name)}: {min(vals)}–{max(vals)}, '
                     f'{escape(legend[1])} {statistics.median(vals):g}</title></rect>')
        parts.append(f'<line x1="{cx - 16:.1f}" x2="{cx + 16:.1f}" y1="{y(statistics.median(vals)):.1f}" '
                     f'y2="{y(statistics.median(vals)):.1f}" stroke="{INK}" stroke-width="3"/>')
        parts.append(f'<text x="{cx:.1f}" y="{H - PAD_B + 19}" text-anchor="middle" font-size="{FONT}" '
                     f'fill="{INK}">{escape(name)}</text>')
    parts.append(f'<text x="{PAD_L + plot_w / 2:.1f}" y="{H - 6}" text-anchor="middle" font-size="{FONT}" '
                 f'fill="{INK}">{escape(legend[0])}</text>')
    return _svg(label, "".join(parts), summary_id)


def rates(groups: list[tuple], label: str, summary_id: str, x_label: str, fair_label: str) -> str:
    """Bars of a rate (0..1) per group (name, rate, fair share[, (low, high) 95 % interval]), with a dashed
    line at the fair share and, where given, the interval as a whisker."""
    if not groups:
        return ""
    plot_w, plot_h = W - PAD_L - PAD_R, H - PAD_T - PAD_B
    gw = plot_w / len(groups)
    parts = [_axes(1.0, lambda v: f"{v * 100:.0f} %")]
    for i, (name, rate, fair, *ci) in enumerate(groups):
        x = PAD_L + gw * i
        h = plot_h * rate
        parts.append(f'<rect x="{x + gw * .25:.1f}" y="{PAD_T + plot_h - h:.1f}" width="{gw * .5:.1f}" '
                     f'height="{h:.1f}" fill="{BAR}"><title>{escape(name)}: {rate * 100:.0f} %</title></rect>')
        if ci:
            (lo, hi), cx = ci[0], x + gw / 2
            y_lo, y_hi = PAD_T + plot_h - plot_h * lo, PAD_T + plot_h - plot_h * hi
            parts.append(f'<path d="M{cx:.1f} {y_lo:.1f}V{y_hi:.1f}M{cx - 6:.1f} {y_lo:.1f}h12M{cx - 6:.1f} '
                         f'{y_hi:.1f}h12" stroke="{INK}" stroke-width="1.5" fill="none"><title>95 %: '
                         f'{lo * 100:.0f}–{hi * 100:.0f} %</title></path>')
        fy = PAD_T + plot_h - plot_h * fair
        parts.append(f'<line x1="{x + gw * .15:.1f}" x2="{x + gw * .85:.1f}" y1="{fy:.1f}" y2="{fy:.1f}" '
                     f'stroke="{INK}" stroke-dasharray="4 3" stroke-width="1.5"><title>{escape(fair_label)} '
                     f'{fair * 100:.0f} %</title></line>')
        parts.append(f'<text x="{x + gw / 2:.1f}" y="{H - PAD_B + 19}" text-anchor="middle" font-size="{FONT}" '
                     f'fill="{INK}">{escape(name)}</text>')
    parts.append(f'<text x="{PAD_L + plot_w / 2:.1f}" y="{H - 6}" text-anchor="middle" font-size="{FONT}" '
                 f'fill="{INK}">{escape(x_label)}</text>')
    return _svg(label, "".join(parts), summary_id)


def page_view(ctx: Any) -> dict | None:
    """What simulation.md.j2 shows: charts (inline SVG) and summaries of the build-time random playouts."""
    from . import balance          # balance draws with this module's charts: imported here, not at the top
    stats = ctx.site.site_values.get("simulations", {}).get(ctx.game.id)
    if stats is None or not stats.games:
        return None
    counts = stats.player_counts
    n_label = lambda n: ctx.ui("site.setup.players", n=n)  # noqa: E731
    length = histogram(stats.lengths, ctx.ui("site.simulation.length"), ctx.ui("site.simulation.moves"),
                       "tl-sim-length")
    length_summary = ctx.ui("site.simulation.length_summary", min=min(stats.lengths), max=max(stats.lengths),
                            median=statistics.median(stats.lengths))
    winning = [(n_label(n), stats.by_players[n]["winning"]) for n in counts]
    scores = ranges(winning, ctx.ui("site.simulation.scores"), "tl-sim-scores",
                    (ctx.ui("site.simulation.players_axis"), ctx.ui("site.simulation.median")))
    score_parts = [ctx.ui("site.simulation.scores_item", players=n_label(n), min=min(v), max=max(v),
                          median=statistics.median(v))
                   for n, v in ((n, stats.by_players[n]["winning"]) for n in counts) if v]
    first = [(n_label(n), stats.by_players[n]["first_wins"] / stats.by_players[n]["games"], 1 / n)
             for n in counts if stats.by_players[n]["games"]]
    first_chart = rates(first, ctx.ui("site.simulation.first_player"), "tl-sim-first",
                        ctx.ui("site.simulation.players_axis"), ctx.ui("site.simulation.fair"))
    first_parts = [ctx.ui("site.simulation.first_item", players=name, rate=f"{rate * 100:.0f}",
                          fair=f"{fair * 100:.0f}") for name, rate, fair in first]
    table = []
    for n in counts:
        per = stats.by_players[n]
        median = lambda values: locale.number(statistics.median(values), ctx.lang) if values else "–"  # noqa: E731
        table.append({"players": n, "games": per["games"], "length": median(per["lengths"]),
                      "winning": median(per["winning"]), "spread": median(per["spread"]),
                      "first": f"{per['first_wins'] / per['games'] * 100:.0f} %"})
    return {"games": stats.games, "asked": stats.asked, "stopped": stats.stopped,
            "length": Markup(length), "length_summary": length_summary,
            "scores": Markup(scores), "scores_summary": " ".join(score_parts),
            "first": Markup(first_chart), "first_summary": " ".join(first_parts),
            "table": table, "failures": stats.failures, **balance.view(ctx, stats)}
