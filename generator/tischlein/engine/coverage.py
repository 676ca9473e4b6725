"""Rule coverage: which rule ids the replays exercise, and which rules that forbid or limit something no
`illegal` item shows refused.

A replay exercises a rule when it names it in its `rules`, plays a move that belongs to it (the move table's
rule) or shows a move refused under it (an `illegal` item that holds). A rule *limits* when its English text
says that something may not, must not, cannot or never be done, is allowed only, at most or no more than so
much, or must be done: each such rule needs an `illegal` item that the engine refuses under that rule. A rule
whose limit no move can break (a figure that stops at the end of the track by itself) is exempt only with a
reason, in the engine's NO_REFUSAL; the report lists it with that reason.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

LIMITS = re.compile(r"\b(may not|must not|cannot|can not|can't|never|not allowed|no more than|at most|only|must)\b",
                    re.IGNORECASE)


def limiting_words(text: str) -> list[str]:
    """The phrases of `text` that forbid or limit something (lower case, each once, in order)."""
    return list(dict.fromkeys(m.lower() for m in LIMITS.findall(text)))


@dataclass
class RuleCoverage:
    rule: str
    limits: list[str]                                  # the limiting phrases of its text (empty: it limits nothing)
    named: list[str] = field(default_factory=list)     # replays naming it in `rules`
    played: list[str] = field(default_factory=list)    # replays playing a move of it
    refused: list[str] = field(default_factory=list)   # replays with an `illegal` item refused under it
    exempt: str = ""                                   # why no move can break its limit (NO_REFUSAL)

    @property
    def exercised(self) -> bool:
        return bool(self.named or self.played or self.refused)

    @property
    def gaps(self) -> list[str]:
        out = [] if self.exercised else ["no replay exercises it"]
        if self.limits and not self.refused and not self.exempt:
            out.append(f"it limits ({', '.join(self.limits)}) but no illegal item shows a refusal under it")
        return out

    def to_dict(self) -> dict:
        return {"rule": self.rule, "limits": self.limits, "named": self.named, "played": self.played,
                "refused": self.refused, "exempt": self.exempt, "gaps": self.gaps}


def coverage(engine: Any, rules: Iterable[tuple[str, str]], results: Iterable[tuple[Mapping, Mapping]]) -> list[
        RuleCoverage]:
    """Per rule (id, English title and text) in order: the replays that exercise it and its gaps. `results`
    are (example, replay.run result) pairs."""
    exempt = getattr(engine, "NO_REFUSAL", {})
    table = {rid: RuleCoverage(rid, limiting_words(text), exempt=exempt.get(rid, "")) for rid, text in rules}
    for example, result in results:
        name = example.get("id", "")
        for rid in example.get("rules", []):
            _add(table, rid, "named", name)
        for step in result["steps"]:
            spec = engine.MOVES.get(step["move"].get("move")) if step.get("legal") else None
            if spec is not None:
                _add(table, spec.rule, "played", name)
        for item in result["illegal"]:
            if item["ok"]:
                _add(table, item["rule"], "refused", name)
    return list(table.values())


def _add(table: dict, rule: str, where: str, example: str) -> None:
    entry = table.get(rule)
    if entry is not None and example not in getattr(entry, where):
        getattr(entry, where).append(example)


def render(game: str, rows: list[RuleCoverage]) -> str:
    """The coverage as text: one line per rule (N named, P played, I refused; ! a gap), then the gaps."""
    lines = [f"{game}: rule coverage by the replays (N named, P a move played, I an illegal item refused, "
             f"L its text limits something)"]
    for row in rows:
        marks = "".join(m if cond else "-" for m, cond in (("N", row.named), ("P", row.played),
                                                             ("I", row.refused), ("L", row.limits)))
        lines.append(f"  {'!' if row.gaps else ' '} {marks} {row.rule}" + (f"   exempt: {row.exempt}" if row.exempt
                                                                             else ""))
    gaps = [(row.rule, gap) for row in rows for gap in row.gaps]
    lines.append(f"{len(gaps)} gap(s)" + (":" if gaps else ""))
    lines += [f"  {rule}: {gap}" for rule, gap in gaps]
    return "\n".join(lines)
