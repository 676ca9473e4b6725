"""`tischlein simulate GAME [--games N] [--seed S] [--players P] [--json] [--timing] [--content DIR]`:
random legal playouts of any game whose package has an engine, with game length, score spread and first-player win rate.

Game i is played with seed S + i, so the same seed gives the same report (timing is left out of `--json`
unless `--timing`). Exits 1 if any game cannot go on (no legal move) or does not end.
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import click

from .. import games
from .common import content_option, engine_or_exit, load_or_exit
from ..engine.simulate import PLAYER_NAMES, playout, summarize


@click.command()
@click.argument("game")
@click.option("--games", "count", type=click.IntRange(1, None), default=1000, show_default=True,
              help="How many random games to play.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first game; game i uses seed+i.")
@click.option("--players", type=int, default=None, help="Players per game (default: the game's minimum, at least 2).")
@click.option("--max-moves", type=click.IntRange(1, None), default=None,
              help="A game longer than this counts as one that never ends (default: 5000, or the engine's own "
                   "bound for games whose random playouts run long).")
@click.option("--json", "as_json", is_flag=True, help="Print a machine-readable report.")
@click.option("--timing", is_flag=True, help="Include games per second in the --json report.")
@content_option
def simulate(game: str, count: int, seed: int, players: int | None, max_moves: int | None, as_json: bool, timing: bool,
             content_dir: Path) -> None:
    """Play random legal games of GAME and report length, score spread and first-player win rate."""
    if games.spec(game) is None:
        raise click.UsageError(f"no game {game!r}; known: {', '.join(games.specs())}")
    content = load_or_exit(content_dir, [game], langs=["en"])
    engine = engine_or_exit(content, game)
    low, high = engine.min_players, min(engine.max_players, len(PLAYER_NAMES))
    if players is None:
        players = min(max(low, 2), high)
    if not low <= players <= high:
        raise click.UsageError(f"{game} takes {low} to {high} players, not {players}")
    started = time.perf_counter()
    results, failures = [], []
    for i in range(count):
        try:
            results.append(playout(engine, players, seed + i, max_moves=max_moves))
        except RuntimeError as exc:
            failures.append(str(exc))
    elapsed = time.perf_counter() - started
    report = {"game": game, "players": players, "seed": seed, **summarize(results), "failures": failures}
    if as_json:
        if timing:
            report["seconds"] = round(elapsed, 3)
            report["games_per_second"] = round(count / elapsed, 1) if elapsed else None
        click.echo(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        click.echo(_text(report, count / elapsed if elapsed else float("inf"), elapsed))
    if failures:
        sys.exit(1)


def _text(r: dict, rate: float, elapsed: float) -> str:
    def spread(s: dict) -> str:
        return f"min {s['min']}  mean {s['mean']}  max {s['max']}  stdev {s['stdev']}"

    plural = "" if r["players"] == 1 else "s"
    lines = [f"{r['game']}: {r['games']} random games, {r['players']} player{plural}, seeds {r['seed']}…"]
    for name, s in r["length"].items():
        lines.append(f"  {name + ':':<16}{spread(s)}")
    lines.append(f"  {'score:':<16}{spread(r['score'])}")
    lines.append(f"  {'winning score:':<16}{spread(r['winning_score'])}")
    lines.append(f"  {'seat win rate:':<16}" + "  ".join(f"{i + 1}: {x:.1%}" for i, x in enumerate(r["seat_win_rate"]))
                 + f"   (shared wins {r['shared_wins']:.1%})")
    lines.append(f"  {'first player:':<16}{r['first_player_win_rate']:.1%} of games won")
    lines.append(f"  {'speed:':<16}{rate:.1f} games/s ({elapsed:.2f} s)")
    for failure in r["failures"]:
        lines.append(f"  FAILED: {failure}")
    return "\n".join(lines)
