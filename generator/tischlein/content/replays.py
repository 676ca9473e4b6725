"""Every worked example replayed as part of checking content: a replay that does not give what it says (a start
naming an unknown card, a move the engine refuses, an `expect` that does not hold) is a content error with its
file and line, before anything is built or published."""
from __future__ import annotations

from .. import games
from .errors import Problems
from .loader import Content


def check_replays(content: Content, problems: Problems) -> None:
    """Replay every example of every game with an engine; record one error per example that differs."""
    from ..engine import replay

    for game in content.games.values():
        engine_class = games.spec(game.id).engine_class
        if engine_class is None:
            continue
        engine = engine_class(game.model.engine_data())
        for example in game.examples:
            result = replay.run(engine, example, game.engine_messages("en"))
            if not result["ok"]:
                line, message = _first_difference(example, result)
                problems.error(example["_file"], line, example["id"], f"the replay differs: {message}")


def _first_difference(example: dict, result: dict) -> tuple[int | None, str]:
    lines = example.get("_lines", {})
    error = result["error"]
    if error and error["index"] is None:
        return lines.get("start"), error["message"]
    if error:
        at = lines.get("moves", [])
        return (at[error["index"]] if error["index"] < len(at) else None,
                f"move {error['index'] + 1} is refused: {error['rule']}: {error['message']}")
    differences = result["expect"]["differences"]
    if differences:
        more = f" (and {len(differences) - 1} more)" if len(differences) > 1 else ""
        return lines.get("expect"), f"expect: {differences[0]}{more}"
    bad = next(item for item in result["illegal"] if not item["ok"])
    at = lines.get("illegal", [])
    return at[bad["index"]] if bad["index"] < len(at) else None, f"illegal move {bad['index'] + 1}: {bad['problem']}"
