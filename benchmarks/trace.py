"""Move-by-move traces of fixed-seed games, to show that a speed change changes no behaviour (not a test: a
digest to compare before and after a change).

`python benchmarks/trace.py GAME [GAME …] [--seeds N] [--out FILE]` plays, for every player count and for the
random, greedy and mixed (greedy first, then random) tables, N seeded games the way `tischlein simulate` does
(apply in place, listed moves for the random seats), and writes for each move the legal moves in listing order
(legal_moves and moves_by_kind), the chosen move, its events and the PRNG state; at the end of a game the final
state, the scores and the winners. It prints one SHA-256 per game and table; `--out` keeps the whole trace, so
that two runs can be diffed down to the first move that differs.
"""
from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from engine_tools import engine_for  # noqa: E402  (the tests' engines, bound to the repository's content)

from tischlein.engine.policy import policy  # noqa: E402
from tischlein.engine.simulate import PLAYER_NAMES, seat_policies  # noqa: E402

TABLES = {"random": ("random",), "greedy": ("greedy",), "mixed": ("greedy", "random")}


def text(value) -> str:
    return json.dumps(value, sort_keys=True, default=str, ensure_ascii=False)


def trace_game(engine, players: int, seed: int, table: tuple[str, ...], write) -> None:
    rng = random.Random(seed)
    names = list(PLAYER_NAMES[:players])
    seats = seat_policies(table, players)
    choose = [policy(engine, name) for name in seats]
    listed = [getattr(c, "listed", False) for c in choose]
    state = engine.new_game(names, seed)
    write(f"game {seed} {players} {seats} rng={getattr(state, 'rng', None)}")
    moves = 0
    while not engine.is_over(state):
        legal = engine.legal_moves(state)
        groups = engine.moves_by_kind(state)
        write("legal " + text([m.to_dict() for m in legal]))
        write("kinds " + text({k: [m.to_dict() for m in g] for k, g in groups.items()}))
        actor = engine.actor(state)
        move = choose[actor](engine, state, rng)
        write(f"move {actor} " + text(move.to_dict()))
        state = engine.apply(state, move, in_place=True, listed=listed[actor])
        write("events " + text(engine.events(state)) + f" rng={getattr(state, 'rng', None)}")
        moves += 1
        if moves >= engine.PLAYOUT_MOVES:
            write("no end")
            break
    write("final " + text(engine.to_dict(state)))
    write("score " + text(engine.score(state)) + " winners " + text(engine.winners(state)))


def main(argv: list[str]) -> None:
    seeds, out, games = 12, None, []
    args = iter(argv)
    for arg in args:
        if arg == "--seeds":
            seeds = int(next(args))
        elif arg == "--out":
            out = open(next(args), "w", encoding="utf-8")
        else:
            games.append(arg)
    for game in games:
        engine = engine_for(game)
        low, high = engine.data["players"]["min"], engine.data["players"]["max"]
        for name, table in TABLES.items():
            digest = hashlib.sha256()
            count = seeds if name == "random" else max(2, seeds // 3)

            def write(line: str) -> None:
                digest.update(line.encode() + b"\n")
                if out:
                    out.write(f"{game} {name} {line}\n")
            for players in range(max(low, len(table)), high + 1):
                for seed in range(count):
                    trace_game(engine, players, 1000 * players + seed, table, write)
            print(f"{game} {name}: {digest.hexdigest()}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
