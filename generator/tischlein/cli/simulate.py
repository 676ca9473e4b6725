"""`tischlein simulate GAME [--games N] [--seed S] [--players P] [--policy NAME | --policies A,B,…] [--rotate]
[--jobs N] [--shard I/N] [--json] [--timing] [--content DIR]` and `tischlein simulate-merge FILE…`.

Game i of a run is played with seed S + i and `players[i % len(players)]` players, so the same options give the
same report whatever --jobs is (timing is left out of --json unless --timing). A run may be split with
--shard I/N (games I-1, I-1+N, …) into reports that carry their playouts; simulate-merge joins the shards of
one run into the report the whole run would have given. Exits 1 if any game cannot go on or does not end.
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import click

from .. import games
from ..engine.simulate import PLAYER_NAMES, Playout, plan, play
from ..engine.stats import summarize
from .common import content_option, engine_or_exit, load_or_exit


def _player_counts(text: str | None, low: int, high: int) -> list[int]:
    """3 | 3-6 | 3,4,6 | all; default: the game's minimum, at least 2."""
    if text is None:
        return [min(max(low, 2), high)]
    if text == "all":
        return list(range(low, high + 1))
    counts: list[int] = []
    try:
        for part in text.split(","):
            a, _, b = part.partition("-")
            counts += list(range(int(a), int(b or a) + 1))
    except ValueError:
        raise click.BadParameter(f"expected a count, a range like 3-6, a list like 3,4 or all; got {text!r}",
                                 param_hint="'--players'") from None
    bad = [n for n in counts if not low <= n <= high]
    if bad or not counts:
        raise click.BadParameter(f"the game takes {low} to {high} players, not {bad or text}",
                                 param_hint="'--players'")
    return counts


def _shard(text: str | None) -> tuple[int, int]:
    if text is None:
        return 1, 1
    try:
        i, n = (int(x) for x in text.split("/"))
    except ValueError:
        raise click.BadParameter(f"expected I/N such as 2/4, got {text!r}", param_hint="'--shard'") from None
    if not 1 <= i <= n:
        raise click.BadParameter(f"shard {i} of {n} does not exist", param_hint="'--shard'")
    return i, n


@click.command()
@click.argument("game")
@click.option("--games", "count", type=click.IntRange(1, None), default=1000, show_default=True,
              help="How many games to play.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first game; game i uses seed+i.")
@click.option("--players", "players_text", default=None,
              help="Players per game: 3, a range 3-6, a list 3,4 or all (games alternate between the counts). "
                   "Default: the game's minimum, at least 2.")
@click.option("--policy", "policy_name", default=None, help="The policy of every seat: random or greedy.")
@click.option("--policies", "policy_list", default=None,
              help="A policy per seat, e.g. greedy,random,random; the last one fills the remaining seats.")
@click.option("--rotate", is_flag=True,
              help="Turn the table by one seat per game, so each policy sits in every seat equally often.")
@click.option("--jobs", type=click.IntRange(1, None), default=1, show_default=True,
              help="Processes to play the games in (the results are the same for any number).")
@click.option("--shard", "shard_text", default=None,
              help="Play only part I of N of the run (games I-1, I-1+N, …); join the parts with simulate-merge.")
@click.option("--max-moves", type=click.IntRange(1, None), default=None,
              help="A game longer than this counts as one that never ends (default: the engine's own bound).")
@click.option("--json", "as_json", is_flag=True, help="Print a machine-readable report.")
@click.option("--timing", is_flag=True, help="Include the seconds taken in the --json report.")
@content_option
def simulate(game: str, count: int, seed: int, players_text: str | None, policy_name: str | None,
             policy_list: str | None, rotate: bool, jobs: int, shard_text: str | None, max_moves: int | None,
             as_json: bool, timing: bool, content_dir: Path) -> None:
    """Play GAME with random or greedy players and report who wins and how games end.

    The report gives game length, scores, win rates by seat and by policy with 95 % intervals, and how the games
    ended."""
    if games.spec(game) is None:
        raise click.UsageError(f"no game {game!r}; known: {', '.join(games.specs())}")
    if policy_name and policy_list:
        raise click.UsageError("give --policy or --policies, not both")
    content = load_or_exit(content_dir, [game], langs=["en"])
    engine = engine_or_exit(content, game)
    counts = _player_counts(players_text, engine.min_players, min(engine.max_players, len(PLAYER_NAMES)))
    seats = (policy_list or policy_name or "random").split(",")
    from ..engine.policy import policies
    unknown = [p for p in seats if p not in policies(engine)]
    if unknown:
        raise click.BadParameter(f"no policy {unknown[0]!r} for {game}; known: {', '.join(policies(engine))}",
                                 param_hint="'--policies'")
    if len(seats) > min(counts):
        raise click.BadParameter(f"{len(seats)} policies for {min(counts)} players", param_hint="'--policies'")
    part, parts = _shard(shard_text)
    run = {"game": game, "games": count, "seed": seed, "players": counts[0] if len(counts) == 1 else counts,
           "player_counts": counts, "policies": seats, "rotate": rotate}
    started = time.perf_counter()
    results = play(engine, plan(count, seed, counts, seats, rotate)[part - 1::parts], jobs, max_moves)
    elapsed = time.perf_counter() - started
    playouts = [r for r in results if isinstance(r, Playout)]
    failures = [r for r in results if isinstance(r, str)]
    report = {**run, "played": len(results), **summarize(playouts), "failures": failures}
    if parts > 1:
        report["shard"] = [part, parts]
        report["playouts"] = [p.to_dict() for p in playouts]
    if as_json:
        if timing:
            report["seconds"] = round(elapsed, 3)
            report["games_per_second"] = round(len(results) / elapsed, 1) if elapsed else None
        click.echo(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        click.echo(text_report(report, elapsed))
    if failures:
        sys.exit(1)


@click.command("simulate-merge")
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print a machine-readable report.")
def simulate_merge(files: tuple[Path, ...], as_json: bool) -> None:
    """Join the --shard reports of one simulate run (every shard once) into the report of the whole run."""
    reports = []
    for path in files:
        try:
            reports.append(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError) as exc:
            raise click.UsageError(f"{path}: not a simulate --json report ({exc})") from None
    try:
        report = merge(reports)
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    click.echo(json.dumps(report, ensure_ascii=False, indent=2) if as_json else text_report(report, None))
    if report["failures"]:
        sys.exit(1)


RUN_KEYS = ("game", "games", "seed", "players", "player_counts", "policies", "rotate")


def merge(reports: list[dict]) -> dict:
    """The report of a whole run from the reports of its shards; ValueError when they are not the shards of
    one run, each exactly once."""
    if not reports or any("shard" not in r or "playouts" not in r for r in reports):
        raise ValueError("every file must be a simulate --shard I/N --json report")
    first = reports[0]
    for r in reports[1:]:
        for key in RUN_KEYS:
            if r.get(key) != first.get(key):
                raise ValueError(f"the shards come from different runs: {key} is {first.get(key)!r} and "
                                 f"{r.get(key)!r}")
    parts = first["shard"][1]
    got = sorted(r["shard"][0] for r in reports)
    if got != list(range(1, parts + 1)) or any(r["shard"][1] != parts for r in reports):
        raise ValueError(f"expected shards 1 to {parts} of {parts}, each once; got {got}")
    playouts = sorted((Playout.from_dict(p) for r in reports for p in r["playouts"]), key=lambda p: p.index)
    failures = sorted((f for r in reports for f in r["failures"]), key=lambda f: int(f.split(":")[0].split()[-1]))
    return {**{k: first[k] for k in RUN_KEYS}, "played": sum(r["played"] for r in reports),
            **summarize(playouts), "failures": failures}


def text_report(r: dict, elapsed: float | None) -> str:
    def spread(s: dict) -> str:
        return f"min {s['min']}  median {s['median']}  mean {s['mean']}  max {s['max']}  stdev {s['stdev']}"

    def pct(x: float) -> str:
        return f"{x * 100:.1f} %"

    tables = ",".join(r["policies"]) + (" (rotated)" if r["rotate"] else "")
    counts = r["player_counts"]
    who = f"{counts[0]} player{'s' if counts[0] != 1 else ''}" if len(counts) == 1 else \
        f"{', '.join(map(str, counts))} players"
    lines = [f"{r['game']}: {r['played']} games, {who}, policies {tables}, seeds {r['seed']}…"]
    sections = [("", r)] + [(f"{n} players: ", sub) for n, sub in r.get("by_players", {}).items()]
    for head, s in sections:
        if head:
            lines.append(f" {head}{s['games']} games")
        for name, sp in s["length"].items():
            lines.append(f"  {name + ':':<16}{spread(sp)}")
        lines.append(f"  {'score:':<16}{spread(s['score'])}")
        lines.append(f"  {'winning score:':<16}{spread(s['winning_score'])}")
        lines.append(f"  {'lead:':<16}{spread(s['margin'])}")
        lines.append(f"  {'seat win rate:':<16}" + "  ".join(
            f"{i + 1}: {pct(x)} [{pct(ci[0])}–{pct(ci[1])}]" for i, (x, ci) in
            enumerate(zip(s["seat_win_rate"], s["seat_win_ci95"]))) + f"   (shared wins {pct(s['shared_wins'])})")
        lines.append(f"  {'first player:':<16}{pct(s['first_player_win_rate'])} of games won")
        lines.append(f"  {'by policy:':<16}" + "  ".join(
            f"{k} {pct(v['rate'])} [{pct(v['ci95'][0])}–{pct(v['ci95'][1])}] (fair {pct(v['fair'])})"
            for k, v in s["policy_win_rate"].items()))
        lines.append(f"  {'endings:':<16}" + "  ".join(f"{k} {pct(v)}" for k, v in s["endings"].items()))
    if elapsed is not None:
        rate = r["played"] / elapsed if elapsed else float("inf")
        lines.append(f"  {'speed:':<16}{rate:.1f} games/s ({elapsed:.2f} s)")
    for failure in r["failures"]:
        lines.append(f"  FAILED: {failure}")
    return "\n".join(lines)
