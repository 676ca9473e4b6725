"""The figures of a set of playouts: game length, scores, who wins by seat and by policy, how games end.

A shared win counts in part: each of k winners gets 1/k of the game, so the rates of all seats add up to one.
Rates come with a 95 % Wilson score interval (the normal approximation fails near 0 and 1 and for small runs).
With several player counts, `by_players` holds the same figures for each count.
"""
from __future__ import annotations

import math
from collections import Counter
from typing import Any, Iterable

Z95 = 1.959964


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The 95 % Wilson score interval of a rate of `successes` in `n` trials (successes may be fractional)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)


def spread(values: list[float]) -> dict[str, float]:
    if not values:
        return {"min": 0, "mean": 0.0, "median": 0, "max": 0, "stdev": 0.0}
    ordered = sorted(values)
    mean = sum(values) / len(values)
    var = sum((v - mean) ** 2 for v in values) / len(values)
    mid = len(ordered) // 2
    median = ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2
    return {"min": ordered[0], "mean": round(mean, 3), "median": median, "max": ordered[-1],
            "stdev": round(math.sqrt(var), 3)}


def _rate(credit: float, n: int, fair: float | None = None) -> dict[str, Any]:
    out = {"rate": round(credit / n, 4) if n else 0.0, "ci95": list(wilson(credit, n)), "n": n}
    if fair is not None:
        out["fair"] = round(fair, 4)
    return out


def summarize(playouts: Iterable[Any]) -> dict[str, Any]:
    """The figures of `playouts` (engine/simulate.py's Playout). Game length per measure, score spread over all
    players' totals, the winner's total and lead over the runner-up, win rate by seat and by policy with 95 %
    intervals, the share of each way to end; `by_players` per player count when there are several."""
    games = list(playouts)
    report = _figures(games)
    counts = sorted({g.players for g in games})
    if len(counts) > 1:
        report["by_players"] = {str(n): _figures([g for g in games if g.players == n]) for n in counts}
    return report


def _figures(games: list[Any]) -> dict[str, Any]:
    n = len(games)
    measures = sorted({k for g in games for k in g.length})
    seats = max((g.players for g in games), default=0)
    seat_credit = [0.0] * seats
    seat_games = [0] * seats
    by_policy: dict[str, list[float]] = {}          # policy -> [credit, seat-games, fair shares summed]
    shared = 0
    winning, margins, totals = [], [], []
    for g in games:
        names = g.names or tuple(sorted(g.scores))
        credit = 1 / len(g.winners) if g.winners else 0.0
        shared += len(g.winners) > 1
        for seat, name in enumerate(names):
            won = credit if name in g.winners else 0.0
            seat_credit[seat] += won
            seat_games[seat] += 1
            kind = g.policies[seat] if g.policies else "random"
            entry = by_policy.setdefault(kind, [0.0, 0, 0.0])
            entry[0] += won
            entry[1] += 1
            entry[2] += 1 / g.players
        ranked = sorted(g.scores.values(), reverse=True)
        totals += ranked
        if ranked:
            winning.append(ranked[0])
            margins.append(ranked[0] - ranked[1] if len(ranked) > 1 else 0)
    endings = Counter(g.ending for g in games)
    seat_rates = [_rate(c, m, None) for c, m in zip(seat_credit, seat_games)]
    return {
        "games": n,
        "length": {k: spread([g.length[k] for g in games if k in g.length]) for k in measures},
        "score": spread(totals), "winning_score": spread(winning), "margin": spread(margins),
        "seat_win_rate": [r["rate"] for r in seat_rates], "seat_win_ci95": [r["ci95"] for r in seat_rates],
        "first_player_win_rate": seat_rates[0]["rate"] if seat_rates else 0.0,
        "shared_wins": round(shared / n, 4) if n else 0.0,
        "policy_win_rate": {k: _rate(c, int(m), fair / m if m else None) for k, (c, m, fair) in sorted(by_policy.items())},
        "endings": {k: round(v / n, 4) for k, v in sorted(endings.items(), key=lambda kv: (-kv[1], kv[0]))},
    }
