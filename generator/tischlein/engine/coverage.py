"""Rule coverage: which rule ids the replays exercise, and which rules that forbid or limit something no
`illegal` item shows refused.

A replay exercises a rule when it names it in its `rules`, plays a move that belongs to it (the move table's
rule) or shows a move refused under it (an `illegal` item that holds). A rule *limits* when its English text
says that something may not, must not, cannot or never be done, is allowed only, at most or no more than so
much, or must be done: each such rule needs an `illegal` item that the engine refuses under that rule. A rule
whose limit no move can break (a figure that stops at the end of the track by itself) is exempt only with a
reason, in the engine's NO_REFUSAL; the report lists it with that reason.

A rule also *forbids* when a sentence of the seed rulebook traced to it forbids a move (the game's trace.yaml,
`forbids:`; see tischlein.content.trace). Such a rule has no exemption: an `illegal` item must show it refused.
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
    forbids: list[str] = field(default_factory=list)   # places of the rulebook sentences that make it forbid

    @property
    def forbidding(self) -> bool:
        """It forbids a move: by the rulebook's word (the trace), or by its own text's limit unless exempt."""
        return bool(self.forbids or (self.limits and not self.exempt))

    @property
    def exercised(self) -> bool:
        return bool(self.named or self.played or self.refused)

    @property
    def gaps(self) -> list[str]:
        out = [] if self.exercised else ["no replay exercises it"]
        if self.forbids and not self.refused:
            out.append(f"the rulebook forbids a move under it ({'; '.join(self.forbids)}) but no illegal item "
                       f"shows a refusal under it")
        elif self.limits and not self.refused and not self.exempt:
            out.append(f"it limits ({', '.join(self.limits)}) but no illegal item shows a refusal under it")
        return out

    def to_dict(self) -> dict:
        return {"rule": self.rule, "limits": self.limits, "named": self.named, "played": self.played,
                "refused": self.refused, "exempt": self.exempt, "forbids": self.forbids,
                "gaps": self.gaps}


def coverage(engine: Any, rules: Iterable[tuple[str, str]], results: Iterable[tuple[Mapping, Mapping]],
             forbidding: Mapping[str, list[str]] | None = None) -> list[RuleCoverage]:
    """Per rule (id, English title and text) in order: the replays that exercise it and its gaps. `results`
    are (example, replay.run result) pairs; `forbidding` maps a rule id to the places of the rulebook
    sentences that make it forbid a move (Trace.forbidding())."""
    exempt, forbidding = engine.NO_REFUSAL, forbidding or {}
    table = {rid: RuleCoverage(rid, limiting_words(text), exempt=exempt.get(rid, ""),
                               forbids=list(forbidding.get(rid, []))) for rid, text in rules}
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


def counts(rows: list[RuleCoverage], untraced: int) -> dict[str, int]:
    """The three figures the report ends with."""
    return {"untraced_sentences": untraced,
            "rules_without_replay": sum(1 for row in rows if not row.exercised),
            "forbidding_without_refusal": sum(1 for row in rows if row.forbidding and not row.refused)}


def render(game: str, rows: list[RuleCoverage], untraced: list[str] = (), problems: list[str] = ()) -> str:
    """The coverage as text: one line per rule (N named, P played, I refused, L limits, F the rulebook forbids;
    ! a gap), the gaps, the untraced rulebook sentences and the trace's problems, then the three counts."""
    lines = [f"{game}: rule coverage by the replays (N named, P a move played, I an illegal item refused, "
             f"L its text limits something, F a rulebook sentence forbids a move under it)"]
    for row in rows:
        marks = "".join(m if cond else "-" for m, cond in (("N", row.named), ("P", row.played),
                                                             ("I", row.refused), ("L", row.limits),
                                                             ("F", row.forbids)))
        lines.append(f"  {'!' if row.gaps else ' '} {marks} {row.rule}" + (f"   exempt: {row.exempt}" if row.exempt
                                                                             else ""))
    gaps = [(row.rule, gap) for row in rows for gap in row.gaps]
    lines.append(f"{len(gaps)} gap(s)" + (":" if gaps else ""))
    lines += [f"  {rule}: {gap}" for rule, gap in gaps]
    if untraced:
        lines.append(f"{len(untraced)} rulebook sentence(s) without a trace entry:")
        lines += [f"  {place}" for place in untraced]
    if problems:
        lines.append(f"{len(problems)} problem(s) in the trace:")
        lines += [f"  {problem}" for problem in problems]
    figures = counts(rows, len(untraced))
    lines.append(f"{figures['untraced_sentences']} untraced sentence(s), {figures['rules_without_replay']} rule id(s) "
                 f"without a replay, {figures['forbidding_without_refusal']} forbidding rule id(s) without a refusal")
    return "\n".join(lines)
