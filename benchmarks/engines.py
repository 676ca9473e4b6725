"""Engine benchmarks (`python benchmarks/run.py engine`, `… invariants`): not tests, figures to compare.

- speed: the whole `tischlein simulate GAME --games 1000` process per game (interpreter start, content loading
  and 1,000 random games: what the aim of ≤ 10 s is about), then 100 greedy games (`--policy greedy`: the
  site's bot opponents, which Pyodide plays 2–3 × slower), as CPU seconds of the child process, next to a
  bare-Python process doing a fixed workload measured in the same run (CPU time, not wall time: the machine is
  shared and other processes inflate wall times far more). `--tree DIR` measures another source tree (a
  checkout with `generator/` and `content/`, e.g. the commit before a change) with the same interpreter.
- invariants: 10,000 random and 10,000 greedy playouts per game (`invariants N --shard I/N`: one share of them,
  for a run spread over jobs; `--policy`, `--game`: one of each), checking after every move that no component
  was created or lost (census), that every move legal_moves lists is accepted and, at a few probes per game,
  that a move apply accepts is listed; and that the final scores recompute from the final state.
"""
from __future__ import annotations

import json
import os
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("diced-veggies", "mahlzeit", "schwarzwaelder-kirsch", "suppenkasper", "ta-na-mesa")
BARE = "import random\nv=[random.Random(7).random() for _ in range(200000)]\nfor _ in range(20): sorted(v)\n"


def child_cpu(argv: list[str], env: dict | None = None) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one child process run to its end."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, wall


def simulate_argv(tree: Path, game: str, games: int, extra: list[str]) -> tuple[list[str], dict]:
    env = dict(os.environ, PYTHONPATH=str(tree / "generator"))
    code = "import sys; from tischlein.cli import main; sys.argv[0] = 'tischlein'; main()"
    return ([sys.executable, "-c", code, "simulate", game, "--games", str(games), "--content",
             str(tree / "content"), *extra], env)


def bench_speed(trees: list[Path], games: int = 1000, greedy_games: int = 100, repeat: int = 1) -> None:
    """CPU seconds of `tischlein simulate GAME --games N` per game and tree, random players (the aim: ≤ 10 s for
    1,000 games) and greedy ones (`--policy greedy`, fewer games: a greedy move tries every move on a copy),
    next to the bare-Python baseline."""
    bare = min(child_cpu([sys.executable, "-c", BARE])[0] for _ in range(3))
    print(f"baseline: bare Python process (sort 200,000 floats 20 times) = {bare:.2f} s CPU")
    for policy, count, aim in (("random", games, "   (aim: ≤ 10 s)" if games == 1000 else ""),
                               ("greedy", greedy_games, "")):
        for game in GAMES:
            cells = []
            for tree in trees:
                argv, env = simulate_argv(tree, game, count, ["--policy", policy])
                cpu = min(child_cpu(argv, env)[0] for _ in range(repeat))
                # The load average beside each figure: on a shared machine a busy minute inflates CPU times too.
                cells.append(f"{tree.name or tree}: {cpu:5.1f} s = {cpu / bare:4.1f} × baseline "
                             f"(load {os.getloadavg()[0]:.1f})")
            print(f"simulate {game} --policy {policy} --games {count}: " + " | ".join(cells) + aim, flush=True)


def bench_invariants(games: int = 10_000, policies: tuple[str, ...] = ("random", "greedy"),
                     shard: tuple[int, int] = (1, 1), only: tuple[str, ...] = GAMES) -> None:
    """`games` playouts per game and policy with every invariant checked; prints failures and the time taken.
    With `shard` (i, n) only seeds i-1, i-1+n, … of them: n jobs (CI jobs, machines) share one big run, as
    `simulate --shard` does; together they play every seed once."""
    sys.path.insert(0, str(ROOT / "tests"))
    from engine_tools import engine_for  # the tests' own engine factory: the same engines the tests check

    from tischlein.engine.policy import policy as policy_named

    part, parts = shard
    seeds = range(games)[part - 1::parts]
    for game in only:
        engine = engine_for(game)
        low, high = engine.data["players"]["min"], engine.data["players"]["max"]
        low = max(low, 2) if high >= 2 else low
        for name in policies:
            started, failures, moves = time.perf_counter(), [], 0
            for seed in seeds:
                try:
                    moves += checked_playout(engine, low + seed % (high - low + 1), seed, policy_named(engine, name))
                except AssertionError as exc:
                    failures.append(f"seed {seed}: {exc}")
            took = time.perf_counter() - started
            print(f"invariants {game} {name}: {len(seeds)} games (shard {part}/{parts} of {games}), "
                  f"{moves / max(1, len(seeds)):.0f} moves each, {len(failures)} failure(s), {took:.0f} s", flush=True)
            for line in failures[:10]:
                print("   ", line)


def checked_playout(engine, players: int, seed: int, choose, probes: int = 3) -> int:
    """One playout with the invariants checked after every move; returns the number of moves."""
    rng, probe_rng = random.Random(seed), random.Random(~seed)
    names = ["Ada", "Ben", "Cem", "Dana", "Eli", "Fay"][:players]
    state = engine.new_game(names, seed)
    assert engine.census(state) == [], engine.census(state)
    probe_at = set(probe_rng.sample(range(1, 400), probes))
    for step in range(engine.PLAYOUT_MOVES):
        if engine.is_over(state):
            again = engine.from_dict(json.loads(json.dumps(engine.to_dict(state))))   # scores from the state alone
            assert engine.score(again) == engine.score(state), "the final scores do not recompute"
            assert engine.winners(again) == engine.winners(state), "the winners do not recompute"
            return step
        legal = engine.legal_moves(state)
        assert legal, f"no legal move at step {step}"
        if step in probe_at:        # every listed move is accepted, and every accepted recombination is listed
            for move in legal:
                refused = engine.refusal(state, move)
                assert refused is None, f"step {step}: listed {move} refused: {refused}"
            listed = {engine.listed_as(state, m) for m in legal}
            for other in recombined(legal, names, probe_rng):
                if engine.refusal(state, other) is None:
                    assert engine.listed_as(state, other) in listed, f"step {step}: {other} is accepted but not listed"
        move = choose(engine, state, rng)
        assert move in legal, f"step {step}: the policy chose {move}, which is not listed"
        state = engine.apply(state, move)
        problems = engine.census(state)
        assert problems == [], f"step {step} after {move}: {problems}"
    raise AssertionError(f"the game did not end within {engine.PLAYOUT_MOVES} moves")


def recombined(legal: list, names: list[str], rng: random.Random, count: int = 40) -> list:
    """Moves near the listed ones that legal_moves did not list: another player's name, or one argument taken
    from another listed move of the same kind (a card of one move with the target of another)."""
    from tischlein.engine import Move

    out = []
    for _ in range(count):
        a, b = rng.choice(legal), rng.choice(legal)
        if a.name == b.name and isinstance(a.args, dict) and a.args and isinstance(b.args, dict):
            key = rng.choice(sorted(a.args))
            if key in b.args:
                out.append(Move(a.player, a.name, {**a.args, key: b.args[key]}))
        out.append(Move(rng.choice(names), a.name, dict(a.args) if isinstance(a.args, dict) else a.args))
    return [m for m in out if m not in legal]


def option(args: list[str], name: str, default: str | None = None) -> str | None:
    """The value after `name` in `args` (and both taken out of them), or `default`."""
    if name not in args:
        return default
    at = args.index(name)
    value = args[at + 1]
    del args[at:at + 2]
    return value


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["invariants"]:
        # invariants [GAMES] [--shard I/N] [--policy random|greedy] [--game ID]: the shards of one run, as jobs
        shard = tuple(int(x) for x in option(args, "--shard", "1/1").split("/"))
        policy_names = (option(args, "--policy"),) if "--policy" in args else ("random", "greedy")
        only = (option(args, "--game"),) if "--game" in args else GAMES
        if not (len(shard) == 2 and 1 <= shard[0] <= shard[1]):
            sys.exit(f"--shard takes I/N with 1 <= I <= N, not {'/'.join(map(str, shard))}")
        bench_invariants(int(args[1]) if len(args) > 1 else 10_000, policy_names, shard, only)
    else:
        trees = [Path(a) for a in args[args.index("--tree") + 1:]] if "--tree" in args else []
        bench_speed(trees + [ROOT])
