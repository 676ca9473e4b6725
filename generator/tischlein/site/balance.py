"""The balance evidence of a game's simulation page: does skill matter, how games end, who wins by seat.

Reads the engine/stats.py summaries that site/simulation.py keeps in Stats.tables ("random", "mixed": one
greedy player against random ones, turned round the table, "greedy": greedy players only) and turns them into
a chart (the greedy player's win rate per player count with its 95 % interval against the fair share) and
table rows for the page; every word comes from the UI catalog, every name from the game's records.
"""
from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

from . import charts

TABLES = ("random", "greedy")          # the policies whose endings and seat win rates the page compares


def _pct(x: float) -> str:
    return f"{x * 100:.0f}"


def _cell(text: str) -> str:
    """Text from content or the catalog, safe in a Markdown table cell: HTML-escaped, no column bar."""
    return str(escape(text)).replace("|", "&#124;")


def ending_name(ctx: Any, ending: str) -> str:
    """A way to end in words: the UI's text for the kernel's and the common ids (end, rounds, tie-round), else
    the names of the game's records it joins (Suppenkasper's ends of the track: dicker-brocken+suppenkasper)."""
    known = ctx.ui_or(f"site.simulation.ending.{ending.replace('-', '_')}", "")   # keys have no hyphens
    return known or " + ".join(ctx.record_name(part) or part for part in ending.split("+"))


def view(ctx: Any, stats: Any) -> dict[str, Any]:
    """The values simulation.md.j2 shows for the balance evidence; empty for a game without greedy tables."""
    tables = stats.tables
    if "mixed" not in tables:
        return {"skill": ""}                  # the template shows the evidence only with a chart
    label = lambda n: ctx.ui("site.setup.players", n=n)  # noqa: E731
    counts = sorted({int(n) for t in tables.values() for n in t["by_players"]})
    mixed = tables["mixed"]["by_players"]
    skill = []
    for n in counts:
        rate = mixed.get(str(n), {}).get("policy_win_rate", {}).get("greedy")
        if rate:
            skill.append((label(n), rate["rate"], rate["fair"], tuple(rate["ci95"])))
    chart = charts.rates(skill, ctx.ui("site.simulation.skill"), "tl-sim-skill",
                         ctx.ui("site.simulation.players_axis"), ctx.ui("site.simulation.fair"))
    skill_summary = " ".join(ctx.ui("site.simulation.skill_item", players=name, rate=_pct(rate), low=_pct(ci[0]),
                                    high=_pct(ci[1]), fair=_pct(fair)) for name, rate, fair, ci in skill)
    endings, seats = [], []
    for n in counts:
        for table in TABLES:
            per = tables.get(table, {}).get("by_players", {}).get(str(n))
            if not per:
                continue
            # two columns only, the figures one per line: the page must stay readable on a phone
            who = _cell(ctx.ui("site.simulation.table_row", players=label(n), policy=ctx.ui(
                f"site.simulation.policy.{table}"), games=per["games"]))
            endings.append({"table": Markup(who), "endings": Markup("<br>").join(
                Markup(f"{_cell(ending_name(ctx, k))}: {_pct(v)} %") for k, v in per["endings"].items())})
            fair = _cell(ctx.ui("site.simulation.fair_item", fair=_pct(1 / n)))
            rates = [Markup(_cell(ctx.ui("site.simulation.seat_item", seat=i + 1, rate=_pct(rate), low=_pct(ci[0]),
                                         high=_pct(ci[1]))))
                     for i, (rate, ci) in enumerate(zip(per["seat_win_rate"], per["seat_win_ci95"]))]
            seats.append({"table": Markup(f"{who}<br>{fair}"), "seats": Markup("<br>").join(rates)})
    return {"skill": Markup(chart), "skill_summary": skill_summary, "skill_games": tables["mixed"]["games"],
            "greedy_games": tables.get("greedy", {}).get("games", 0), "endings": endings, "seats": seats}
