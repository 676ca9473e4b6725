"""`tischlein replay GAME [EXAMPLE | FILE] [--json] [--coverage] [--content DIR]`: step through worked examples.

Each example's moves are applied from its start; every step prints the move, its note, what happened and the
resulting state (or the rejection with rule id and message). Then `expect` and every `illegal` item are
checked. Prints OK or DIFFERS per example; exits 1 if any example differs or the content has errors. With
--coverage it prints instead which rule ids the game's replays exercise (engine/coverage.py), the seed
rulebook's sentences without an entry in the game's trace.yaml (content/trace.py) and exits 1 if a sentence is
untraced, the trace is wrong, a rule is exercised by none, or forbids or limits something and no illegal item
shows it refused.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from ..engine import replay as replays
from .common import content_option, engine_or_exit, load_or_exit


@click.command()
@click.argument("game")
@click.argument("example", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print a machine-readable result instead of text.")
@click.option("--coverage", "show_coverage", is_flag=True,
              help="List the rule ids no replay exercises and the limiting rules no illegal item shows refused.")
@content_option
def replay(game: str, example: str | None, as_json: bool, show_coverage: bool, content_dir: Path) -> None:
    """Replay a game's worked examples (all, one EXAMPLE id, or a replay FILE); exit 1 if a result differs."""
    from .. import games
    if games.spec(game) is None:
        raise click.UsageError(f"no game {game!r}; known: {', '.join(games.specs())}")
    content = load_or_exit(content_dir, [game], langs=["en"])
    engine = engine_or_exit(content, game)
    gc = content.games[game]
    examples = _select(gc, content_dir, example)
    results = [(ex, replays.run(engine, ex, gc.engine_messages("en"))) for ex in examples]
    if show_coverage:
        return _coverage(gc, engine, results, as_json, content_dir)
    ok = all(r["ok"] for _, r in results)
    if as_json:
        click.echo(json.dumps({"game": game, "ok": ok, "examples": [r for _, r in results]},
                              ensure_ascii=False, indent=2))
    else:
        for ex, result in results:
            click.echo(replays.render(result, ex))
        for _, result in results:
            click.echo(f"{'OK' if result['ok'] else 'DIFFERS':8} {result['id']}")
        bad = sum(1 for _, r in results if not r["ok"])
        click.echo(f"{len(results)} example(s): " + ("all OK" if ok else f"{bad} differ"))
    if not ok:
        sys.exit(1)


def rule_texts(gc) -> list[tuple[str, str]]:
    """Each rule id of the game with its English title and text, in document order."""
    source = gc.catalog.source
    return [(r.id, source.get(f"rules:{r.id}.title", "") + "\n" + source.get(f"rules:{r.id}.body", ""))
            for r in gc.rules]


def _coverage(gc, engine, results: list, as_json: bool, content_dir: Path) -> None:
    from ..content.trace import for_game
    from ..engine.coverage import counts, coverage, render
    trace = for_game(gc, content_dir)
    rows = coverage(engine, rule_texts(gc), results, trace.forbidding())
    untraced = [f"{s.place} [{s.fingerprint}]" for s in trace.untraced]
    gaps = [gap for row in rows for gap in row.gaps] + untraced + trace.problems
    if as_json:
        click.echo(json.dumps({"game": gc.id, "ok": not gaps, "rules": [r.to_dict() for r in rows],
                               "untraced": untraced, "trace_problems": trace.problems,
                               "counts": counts(rows, len(untraced))}, ensure_ascii=False, indent=2))
    else:
        click.echo(render(gc.id, rows, untraced, trace.problems))
    if gaps or not all(r["ok"] for _, r in results):
        sys.exit(1)


def _select(gc, content_dir: Path, wanted: str | None) -> list[dict]:
    if wanted is None:
        if not gc.examples:
            raise click.UsageError(f"game {gc.id!r} has no examples in {gc.folder / 'examples'}")
        return list(gc.examples)
    by_id = {ex["id"]: ex for ex in gc.examples}
    if wanted in by_id:
        return [by_id[wanted]]
    path = Path(wanted)
    if path.suffix in (".yaml", ".yml") or path.exists():
        if not path.is_file():
            raise click.UsageError(f"no such file: {wanted}")
        for ex in gc.examples:
            if Path(ex["_file"]).resolve() == path.resolve():
                return [ex]
        return [_read_file(gc, content_dir, path)]
    raise click.UsageError(f"no example {wanted!r} for {gc.id}; known: {', '.join(sorted(by_id))}")


def _read_file(gc, content_dir: Path, path: Path) -> dict:
    """A replay file outside the content tree: the same schema and rule-id checks as the loader's."""
    from ..content import schema
    from ..content.errors import Problems
    from ..content.loader import _plain
    from ..content.yamlfile import read_yaml

    problems = Problems()
    doc = read_yaml(path, problems, str(path))
    if doc is not None and schema.validate(doc, "example.schema.json", str(path), problems):
        known = {r.id for r in gc.rules}
        for rule in list(doc["rules"]) + [item["rule"] for item in doc.get("illegal", [])]:
            if known and rule not in known:
                problems.error(str(path), None, "rules", f"unknown rule id {rule!r}")
    if problems.errors or doc is None:
        for problem in problems.errors:
            click.echo(str(problem), err=True)
        sys.exit(1)
    out = _plain(doc)
    out["_file"] = str(path)
    return out
