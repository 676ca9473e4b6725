"""Random playouts at build time, drawn as inline SVG charts for the simulation page of each game with an engine.

`run(engine, players, n)` plays `n` seeded random games (engine/simulate.py's `playout`), spread evenly over the
game's player counts, and, for a game with a greedy policy, the balance evidence (`evidence`): a table of one
greedy player against random ones (the table turned so greedy sits in every seat: does skill matter?) and a
table of greedy players only (how games end when people try to win), each summarized by engine/stats.py (win
rate by seat and by policy with 95 % intervals, the share of each ending, per player count). The site's charts
(game length histogram, score spread per player count, win rates against the fair share) are small SVGs with
`role="img"`, a <title> and a text summary for screen readers. No chart library, no script: the SVG is written
as text in site/charts.py, every label escaped. `page_view(ctx)` gathers what the page template shows.
"""
from __future__ import annotations

import dataclasses
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup

from .. import locale
from . import balance
from .charts import histogram, ranges, rates

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



def page_view(ctx: Any) -> dict | None:
    """What simulation.md.j2 shows: charts (inline SVG) and summaries of the build-time random playouts."""
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
