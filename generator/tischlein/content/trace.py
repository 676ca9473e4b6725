"""The trace of a seed rulebook: every sentence of it, named by place and fingerprint, accounted for.

A game's `seed:` (game.yaml) names a rulebook text file in the seed folder (`shared/seeds/` beside the
repository; `$TISCHLEIN_SEEDS` names another). Its sentences are named, never quoted: by place (the section
heading above it and its number in that section) and by fingerprint (the first 12 hex digits of the SHA-256 of
its text after Unicode NFC, runs of whitespace made one space, ends stripped). A sentence is a line's text
split after `.`, `!` or `?` followed by whitespace; every sentence over 30 characters counts.

The game's `trace.yaml` has one entry per counted sentence: the rule ids it states (and which of them it makes
forbid something), or why it states none (`flavour`, `component`, `example`). `check` compares the two.
"""
from __future__ import annotations

import hashlib
import os
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

MIN_LENGTH = 31                       # "every sentence over 30 characters counts"
SPLIT = re.compile(r"(?<=[.!?])\s+")
# A heading: a short line alone between blank lines that does not end in `.` or `!` ("Who Wins?" is one).
HEADING_MAX = 64
NOT_HEADING = re.compile(r"^[•\-–\d(]|\t|=")
KINDS = ("flavour", "component", "example")
START = "(start)"


def normalise(text: str) -> str:
    return " ".join(unicodedata.normalize("NFC", text).split())


def fingerprint(text: str) -> str:
    return hashlib.sha256(normalise(text).encode("utf-8")).hexdigest()[:12]


@dataclass(frozen=True)
class Sentence:
    section: str      # the heading above it (START before the first)
    n: int            # its number among the counted sentences of the section, from 1; 0 for the heading itself
    fingerprint: str
    text: str         # for the tools' eyes only: never written into the repository
    line: int

    @property
    def place(self) -> str:
        return f"{self.section}, {'heading' if self.n == 0 else f'sentence {self.n}'}"


def _is_heading(lines: list[str], i: int) -> bool:
    text = normalise(lines[i])
    blank_before = i == 0 or not lines[i - 1].strip()
    blank_after = i + 1 == len(lines) or not lines[i + 1].strip()
    # A line that ends in a colon is a heading when short ("Red cards:"), else a sentence that opens a list.
    return (bool(text) and blank_before and blank_after and len(text) <= HEADING_MAX
            and not text.endswith((".", "!")) and not NOT_HEADING.search(text)
            and not (text.endswith(":") and len(text) >= MIN_LENGTH))


def sentences(text: str) -> list[Sentence]:
    """The counted sentences of a seed text, in order."""
    lines = text.splitlines()
    out: list[Sentence] = []
    section, n = START, 0
    for i, line in enumerate(lines):
        if _is_heading(lines, i):
            section, n = normalise(line), 0
            if len(section) >= MIN_LENGTH:
                out.append(Sentence(section, 0, fingerprint(section), section, i + 1))
            continue
        for part in SPLIT.split(line.strip()):
            part = normalise(part)
            if len(part) >= MIN_LENGTH:
                n += 1
                out.append(Sentence(section, n, fingerprint(part), part, i + 1))
    return out


def seed_folder(start: Path) -> Path | None:
    """The folder of seed rulebooks: $TISCHLEIN_SEEDS, else the first `shared/seeds` beside `start` or a parent."""
    if os.environ.get("TISCHLEIN_SEEDS"):
        return Path(os.environ["TISCHLEIN_SEEDS"])
    for folder in [start.resolve(), *start.resolve().parents]:
        if (folder / "shared" / "seeds").is_dir():
            return folder / "shared" / "seeds"
    return None


# Words that make a sentence state a rule (English and German seeds): such a sentence is never mere flavour.
RULE_WORDS = re.compile(
    r"\b(must|may|cannot|can not|can only|only|never|not allowed|at most|muss|musst|müssen|darf|darfst|dürfen"
    r"|kannst|nur|nicht)\b", re.IGNORECASE)


@dataclass
class Trace:
    game: str
    seed: str | None                         # the seed file's name (game.yaml `seed:`)
    entries: list[dict] = field(default_factory=list)
    sentences: list[Sentence] | None = None  # None: the seed text was not found
    problems: list[str] = field(default_factory=list)   # entries that are wrong (not: sentences untraced)

    @property
    def untraced(self) -> list[Sentence]:
        keys = {(e["section"], e["n"], e["fingerprint"]) for e in self.entries}
        return [s for s in self.sentences or [] if (s.section, s.n, s.fingerprint) not in keys]

    def forbidding(self) -> dict[str, list[str]]:
        """Each rule id a sentence makes forbid something, with the places of those sentences."""
        out: dict[str, list[str]] = {}
        for e in self.entries:
            for rule in e.get("forbids", []):
                out.setdefault(rule, []).append(place(e))
        return out

    def places(self) -> dict[str, list[dict]]:
        """Each rule id with the entries of the sentences that state it, in rulebook order."""
        out: dict[str, list[dict]] = {}
        for e in self.entries:
            for rule in e.get("rules", []):
                out.setdefault(rule, []).append(e)
        return out


def place(entry: dict) -> str:
    n = entry["n"]
    return f"{entry['section']}, " + ("heading" if n == 0 else f"sentence {n}")


def load(game_folder: Path, seed: str | None, rule_ids: set[str], example_ids: set[str],
         seeds: Path | None) -> Trace:
    """The game's trace file checked against its seed's sentences, its rule ids and its replays."""
    from .errors import Problems
    from .loader import _plain
    from .schema import validate
    from .yamlfile import read_yaml

    trace = Trace(game_folder.name, seed)
    path = game_folder / "trace.yaml"
    if not seed:
        return trace
    found = Problems()
    doc = read_yaml(path, found, str(path)) if path.is_file() else None
    if doc is not None and validate(doc, "trace.schema.json", str(path), found):
        trace.entries = _plain(doc)["sentences"]
    trace.problems += [str(p) for p in found.errors]
    if not path.is_file():
        trace.problems.append(f"{path}: missing: a game with a seed rulebook needs a trace of its sentences")
    seed_file = seeds / seed if seeds else None
    if seed_file is not None and seed_file.is_file():
        trace.sentences = sentences(seed_file.read_text(encoding="utf-8"))
    else:
        trace.problems.append(f"the seed rulebook {seed} is not in {seeds or 'any shared/seeds folder'}")
    trace.problems += _entry_problems(trace, rule_ids, example_ids)
    return trace


def _entry_problems(trace: Trace, rule_ids: set[str], example_ids: set[str]) -> list[str]:
    out = []
    by_key = {(s.section, s.n, s.fingerprint): s for s in trace.sentences or []}
    prints = {s.fingerprint: s for s in trace.sentences or []}
    seen = set()
    for e in trace.entries:
        key = (e["section"], e["n"], e["fingerprint"])
        where = f"trace of {trace.game}, {place(e)} [{e['fingerprint']}]"
        if key in seen:
            out.append(f"{where}: a second entry for the same sentence")
        seen.add(key)
        sentence = by_key.get(key)
        if trace.sentences is not None and sentence is None:
            other = prints.get(e["fingerprint"])
            out.append(f"{where}: no such sentence in the seed" +
                       (f" (that fingerprint is at {other.place})" if other else ""))
        for rule in e.get("rules", []) + e.get("forbids", []):
            if rule not in rule_ids:
                out.append(f"{where}: unknown rule id {rule}")
        if not set(e.get("forbids", [])) <= set(e.get("rules", [])):
            out.append(f"{where}: forbids names a rule id its rules do not")
        if "example" in e and e.get("replay") not in example_ids:
            out.append(f"{where}: an example names the replay that plays it (replay: <example id>)")
        # flavour and component descriptions state no rule; an example may, as its replay plays it
        if ("flavour" in e or "component" in e) and sentence is not None and RULE_WORDS.search(sentence.text):
            out.append(f"{where}: it states a rule (it says {RULE_WORDS.search(sentence.text).group(0)!r}) "
                       f"but names no rule id")
        if "ambiguous" in e and not 1 <= e["ambiguous"]["chosen"] <= len(e["ambiguous"]["readings"]):
            out.append(f"{where}: the chosen reading is not one of the readings")
    return out


def for_game(gc, content_dir: Path) -> Trace:
    """The trace of a loaded game (content.loader.GameContent), its seed looked up from the content folder."""
    seed = (gc.model.raw or {}).get("seed") if hasattr(gc.model, "raw") else None
    return load(gc.folder, seed, {r.id for r in gc.rules}, {ex["id"] for ex in gc.examples},
                seed_folder(content_dir))


def entries_of(game_folder: Path) -> list[dict]:
    """The trace's entries as written (no seed needed), for the site; [] without a trace file. The loader has
    checked the file against its schema already."""
    from .errors import Problems
    from .yamlfile import read_yaml
    path = game_folder / "trace.yaml"
    doc = read_yaml(path, Problems(), str(path)) if path.is_file() else None
    return [dict(e) for e in doc.get("sentences", [])] if isinstance(doc, dict) else []
