"""Every game's engine, for tests: the game packages found by discovery, bound to the repository's content, and the
helpers the per-game engine tests share (refusals, moves in a row, random games, examples, the browser's bundle)."""
from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path

import pytest

from tischlein import games
from tischlein.content import loader
from tischlein.engine import Move, MoveError

CONTENT = Path(__file__).resolve().parents[1] / "content"
ENGINE_GAMES = sorted(gid for gid, spec in games.specs().items() if spec.engine_class is not None)
CALCULATORS = sorted(gid for gid, spec in games.specs().items() if spec.calculator is not None)


@cache
def repository_content() -> loader.Content:
    """The repository's content, loaded once per test run."""
    return loader.load(CONTENT)


@cache
def engine_for(game_id: str):
    """The game's Engine, bound to the game data the content compiles."""
    return games.spec(game_id).engine_class(repository_content().games[game_id].model.engine_data())


def engine_source(game_id: str) -> str:
    """The source of the game's engine: engine.py and its parts engine_*.py."""
    folder = games.spec(game_id).folder
    return "".join(p.read_text(encoding="utf-8") for p in [folder / "engine.py", *sorted(folder.glob("engine_*.py"))])


def as_move(move) -> Move:
    """A Move, or a (player, move name, args) tuple."""
    return Move(*move) if isinstance(move, tuple) else move


def reject(engine, state, move, rule: str, key: str, kind: type[MoveError] = MoveError) -> MoveError:
    """Assert `move` is refused as `kind` (MoveError: either; IllegalMove: forbidden; InvalidMove: malformed) with
    `rule` and `key`, and that the state was not touched. Returns the error."""
    before = json.dumps(engine.to_dict(state), sort_keys=True)
    with pytest.raises(kind) as info:
        engine.apply(state, as_move(move))
    assert (info.value.rule, info.value.key) == (rule, key), (info.value.rule, info.value.key, info.value.params)
    assert json.dumps(engine.to_dict(state), sort_keys=True) == before
    return info.value


def play(engine, state, *moves):
    """Apply moves in a row (Moves or tuples); no card, die or token is lost on the way."""
    for move in moves:
        state = engine.apply(state, as_move(move))
        assert engine.census(state) == [], engine.census(state)
    return state


def pick(rng: random.Random, moves: list[Move]) -> Move:
    """A move kind first, then a move of that kind (a kind with many moves, such as cuts or spoons, would swamp a
    uniform choice)."""
    kind = rng.choice(sorted({m.name for m in moves}))
    return rng.choice([m for m in moves if m.name == kind])


def random_game(engine, names: list[str], seed: int, *, check_every: int = 1, round_trip: bool = False,
                try_legal: bool = False, max_moves: int = 3000, **options):
    """Play a seeded game of random moves (choices seeded by `seed` too) to its end. Every `check_every` moves
    (0: never) the census is empty, with `round_trip` the state survives JSON, with `try_legal` every listed move
    is accepted. Returns (final state, the moves played)."""
    rng = random.Random(seed)
    state = engine.new_game(names, seed, **options)
    moves: list[Move] = []
    while True:
        if check_every and len(moves) % check_every == 0:
            assert engine.census(state) == [], (seed, len(moves), engine.census(state))
            if round_trip:
                d = engine.to_dict(state)
                assert engine.to_dict(engine.from_dict(json.loads(json.dumps(d)))) == d
        if engine.is_over(state):
            return state, moves
        legal = engine.legal_moves(state)
        assert legal, f"seed {seed}: no legal move after {len(moves)} moves and the game is not over"
        if try_legal and check_every and len(moves) % check_every == 0:
            for move in legal:
                engine.apply(state, move)
        moves.append(pick(rng, legal))
        state = engine.apply(state, moves[-1])
        assert len(moves) < max_moves, f"seed {seed}: the game did not end within {max_moves} moves"


def example(game_id: str, example_id: str) -> dict:
    """A copy of one of the game's worked examples, as the browser sends it (JSON, no `_file`)."""
    ex = next(e for e in repository_content().games[game_id].examples if e["id"] == example_id)
    return json.loads(json.dumps({k: v for k, v in ex.items() if k != "_file"}))


def compiled(game, *langs: str) -> dict:
    """What the site gives the browser's facade (tischlein.engine.api) for a game: its engine, data and messages (with
    printed names) in `langs`, as JSON."""
    from tischlein.site.assets import game_payload
    return json.loads(json.dumps(game_payload(game, list(langs))))
