"""Every sentence of every seed rulebook is traced (content/games/<game>/trace.yaml): to the rule ids it states,
or to why it states none; and every rule a sentence makes forbid something has a replay refusing under it.

The seeds are read from the `shared/seeds` folder beside the repository (CI has it as ../shared/seeds)."""
from __future__ import annotations

import hashlib
import json
import shutil
import unicodedata
from pathlib import Path

import pytest
import yaml

from engine_tools import CONTENT, ENGINE_GAMES, engine_for, repository_content
from tischlein.cli.replay import rule_texts
from tischlein.content import trace as tr
from tischlein.engine import replay
from tischlein.engine.coverage import counts, coverage

SEEDS = tr.seed_folder(CONTENT.parent)
SEEDED = [g for g in ENGINE_GAMES if repository_content().games[g].model.raw.get("seed")]


def _trace(game_id: str, folder: Path | None = None) -> tr.Trace:
    game = repository_content().games[game_id]
    return tr.load(folder or game.folder, game.model.raw["seed"], {r.id for r in game.rules},
                   {ex["id"] for ex in game.examples}, SEEDS)


def test_the_seed_rulebooks_are_found():
    assert SEEDS is not None and SEEDS.is_dir(), "no shared/seeds folder beside the repository"
    assert len(SEEDED) == 5


@pytest.mark.parametrize("game_id", SEEDED)
def test_every_sentence_has_a_correct_entry(game_id):
    trace = _trace(game_id)
    assert trace.sentences, f"no sentences read from {trace.seed}"
    assert trace.problems == []
    assert [s.place for s in trace.untraced] == []
    assert len(trace.entries) == len(trace.sentences)


@pytest.mark.parametrize("game_id", SEEDED)
def test_no_sentence_is_quoted_in_the_trace(game_id):
    """Sentences are named by place and fingerprint only: the trace file never holds their words."""
    text = " ".join((repository_content().games[game_id].folder / "trace.yaml").read_text(encoding="utf-8").split())
    quoted = [s.place for s in _trace(game_id).sentences if s.n and len(s.text) > 40 and s.text in text]
    assert quoted == []


@pytest.mark.parametrize("game_id", SEEDED)
def test_the_three_counts_are_zero(game_id):
    game, engine = repository_content().games[game_id], engine_for(game_id)
    results = [(ex, replay.run(engine, ex, game.engine_messages("en"))) for ex in game.examples]
    rows = coverage(engine, rule_texts(game), results, _trace(game_id).forbidding())
    assert counts(rows, len(_trace(game_id).untraced)) == {
        "untraced_sentences": 0, "rules_without_replay": 0, "forbidding_without_refusal": 0}, \
        [f"{r.rule}: {r.gaps}" for r in rows if r.gaps]


def _copy(game_id: str, tmp_path: Path, edit) -> Path:
    folder = tmp_path / game_id
    folder.mkdir()
    source = repository_content().games[game_id].folder / "trace.yaml"
    doc = yaml.safe_load(source.read_text(encoding="utf-8"))
    edit(doc["sentences"])
    (folder / "trace.yaml").write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return folder


def test_a_sentence_without_an_entry_is_untraced(tmp_path):
    dropped = []
    folder = _copy("suppenkasper", tmp_path, lambda entries: dropped.append(entries.pop(4)))
    trace = _trace("suppenkasper", folder)
    assert [(s.section, s.n, s.fingerprint) for s in trace.untraced] == \
        [(dropped[0]["section"], dropped[0]["n"], dropped[0]["fingerprint"])]
    assert trace.problems == []


def test_an_entry_matching_no_sentence_is_a_problem(tmp_path):
    def edit(entries):
        entries[0]["fingerprint"] = "0123456789ab"            # a reworded sentence: its fingerprint changes
        entries[3]["n"] += 1                                  # a sentence moved within its section
    trace = _trace("mahlzeit", _copy("mahlzeit", tmp_path, edit))
    assert len(trace.untraced) == 2
    assert sum("no such sentence in the seed" in p for p in trace.problems) == 2


def test_a_rule_stating_sentence_needs_a_rule_id(tmp_path):
    """Calling a sentence flavour when it says must / may / only … is refused; an unknown rule id too."""
    def edit(entries):
        at = next(i for i, e in enumerate(entries) if e.get("forbids") == ["schwarzwaelder-kirsch.actions.garnieren"])
        entries[at] = {k: entries[at][k] for k in ("section", "n", "fingerprint")} | {"flavour": "just a remark"}
        at = next(i for i, e in enumerate(entries) if e["fingerprint"] == "abce92367dd9")   # one action card only
        entries[at] = {k: entries[at][k] for k in ("section", "n", "fingerprint")} | {"component": "the cards"}
        entries[0]["rules"] = ["schwarzwaelder-kirsch.no-such-rule"]
    problems = _trace("schwarzwaelder-kirsch", _copy("schwarzwaelder-kirsch", tmp_path, edit)).problems
    assert sum("states a rule" in p and "names no rule id" in p for p in problems) == 2, problems
    assert any("unknown rule id schwarzwaelder-kirsch.no-such-rule" in p for p in problems), problems


def test_an_entry_must_say_what_the_sentence_is(tmp_path):
    def edit(entries):
        for key in ("rules", "forbids", "note", "ambiguous"):
            entries[0].pop(key, None)
    problems = _trace("diced-veggies", _copy("diced-veggies", tmp_path, edit)).problems
    assert len(problems) == 1 and "trace.yaml" in problems[0], problems


def test_an_example_names_its_replay(tmp_path):
    def edit(entries):
        next(e for e in entries if "example" in e)["replay"] = "no-such-replay"
    problems = _trace("mahlzeit", _copy("mahlzeit", tmp_path, edit)).problems
    assert any("names the replay" in p for p in problems), problems


def test_a_forbidding_rule_without_a_refusal_is_a_gap():
    game, engine = repository_content().games["ta-na-mesa"], engine_for("ta-na-mesa")
    examples = [{k: v for k, v in ex.items() if k != "illegal"} for ex in game.examples]
    results = [(ex, replay.run(engine, ex, game.engine_messages("en"))) for ex in examples]
    rows = {r.rule: r for r in coverage(engine, rule_texts(game), results, _trace("ta-na-mesa").forbidding())}
    assert rows["ta-na-mesa.prepare"].forbids and not rows["ta-na-mesa.prepare"].refused
    assert "the rulebook forbids a move under it" in rows["ta-na-mesa.prepare"].gaps[0]


def _fp(text: str) -> str:
    return hashlib.sha256(" ".join(unicodedata.normalize("NFC", text).split()).encode()).hexdigest()[:12]


def test_sentences_places_and_fingerprints():
    text = ("Big Title\n\nShort one. This sentence is long enough to be counted here! And? Tiny.\n\n"
            "Second Part\n\n  A line   with \t odd  spacing and an accent: Kloe\u0301se here.\n"
            "Red cards:\n\nThis long line ends with a colon and opens a list:\n")
    got = [(s.section, s.n, s.fingerprint) for s in tr.sentences(text)]
    assert got == [
        ("Big Title", 1, _fp("This sentence is long enough to be counted here!")),
        ("Second Part", 1, _fp("A line with odd spacing and an accent: Klo\u00e9se here.")),
        ("Second Part", 2, _fp("This long line ends with a colon and opens a list:")),
    ]
    # a heading over 30 characters is a sentence of its own (number 0)
    [heading] = tr.sentences("\nPhase 2 (optional): Lay Down a Dish\n\n")
    assert (heading.section, heading.n) == ("Phase 2 (optional): Lay Down a Dish", 0)


def test_the_coverage_command_reports_the_counts(tmp_path):
    from click.testing import CliRunner

    from tischlein.cli import main
    data = json.loads(CliRunner().invoke(main, ["replay", "suppenkasper", "--coverage", "--json"]).output)
    assert data["counts"] == {"untraced_sentences": 0, "rules_without_replay": 0, "forbidding_without_refusal": 0}
    content = tmp_path / "content"
    shutil.copytree(CONTENT, content)
    trace = content / "games" / "suppenkasper" / "trace.yaml"
    trace.write_text("\n".join(trace.read_text(encoding="utf-8").splitlines()[:-3]) + "\n", encoding="utf-8")
    result = CliRunner(env={"TISCHLEIN_SEEDS": str(SEEDS)}).invoke(
        main, ["replay", "suppenkasper", "--coverage", "--content", str(content)])
    assert result.exit_code == 1
    assert "3 rulebook sentence(s) without a trace entry" in result.output
    assert "3 untraced sentence(s), 0 rule id(s) without a replay" in result.output


def _sources_page(content, game_id: str, lang: str) -> tuple[str, int]:
    from tischlein.site.context import PageContext
    from tischlein.site.pages import SiteWriter
    writer = SiteWriter(content, ["en", "de", "pt"])
    ctx = PageContext(writer, content.games[game_id], f"{game_id}/sources", lang)
    return writer.render("sources.md.j2", ctx, downloads=None, examples=[], images={}, tables=[]), ctx.fallbacks


@pytest.mark.parametrize("lang", ["en", "de", "pt"])
def test_the_sources_page_gives_both_readings_and_where_each_rule_is_stated(lang):
    page, fallbacks = _sources_page(repository_content(), "mahlzeit", lang)
    assert fallbacks == 0
    words = {"en": ("Our reading:", "The other reading:", "sentence 7", "sentences 1, 2, 3, 4"),
             "de": ("Unsere Lesart:", "Die andere Lesart:", "Satz 7", "Sätze 1, 2, 3, 4"),
             "pt": ("Nossa leitura:", "A outra leitura:", "frase 7", "frases 1, 2, 3, 4")}[lang]
    assert all(w in page for w in words), words
    spoon = page.split("Action of the Cooking Spoon Card, " + words[2])[1].split("\n**")[0]   # the ambiguous one
    assert spoon.count(":   ") == 3                                  # chosen, the other reading, why
    row = next(line for line in page.splitlines() if "#mahlzeit.turn.discard)" in line)
    assert row.endswith("| Phase 3: Excess Hand Cards, " + words[3] + " |")


def test_the_sources_page_escapes_the_trace(tmp_path):
    content_dir = tmp_path / "content"
    shutil.copytree(CONTENT, content_dir, ignore=shutil.ignore_patterns("examples", "i18n"))
    trace = content_dir / "games" / "suppenkasper" / "trace.yaml"
    trace.write_text(trace.read_text(encoding="utf-8").replace('"Red cards:"', '"<img src=x onerror=alert(1)>"'),
                     encoding="utf-8")
    from tischlein.content import loader
    page, _ = _sources_page(loader.load(content_dir, ["suppenkasper"]), "suppenkasper", "en")
    assert "<img" not in page and "&lt;img src=x onerror=alert\\(1\\)&gt;, sentence 3" in page


@pytest.mark.parametrize("game_id", SEEDED)
def test_the_readings_are_translated(game_id):
    catalog = repository_content().games[game_id].catalog
    keys = [k for k in catalog.source if k.startswith("trace:")]
    assert keys                                      # every game has at least one sentence read two ways
    for lang in ("de", "pt"):
        stale = [k for k in keys if not catalog.get(k, lang).text or catalog.get(k, lang).fallback]
        assert stale == [], lang


def test_the_rules_pdf_says_under_each_traced_rule_where_the_rulebook_states_it(tmp_path):
    """Every rule the trace names gets a line "In the rulebook: <section>, sentences …" in the rules PDF (and so in
    the booklet), in the places the sources page lists."""
    import subprocess
    import sys

    from pypdf import PdfReader
    out = tmp_path / "rules.pdf"
    tool = str(Path(sys.executable).parent / "tischlein")
    done = subprocess.run([tool, "pdf", "schwarzwaelder-kirsch", "--rules", "-o", str(out)], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    text = " ".join(" ".join(page.extract_text() for page in PdfReader(out).pages).split())
    stated = _trace("schwarzwaelder-kirsch").places()
    lines = text.count("In the rulebook: ")
    assert lines == len([r for r in repository_content().games["schwarzwaelder-kirsch"].rules if r.id in stated])
    first = stated[next(r.id for r in repository_content().games["schwarzwaelder-kirsch"].rules if r.id in stated)][0]
    assert f"In the rulebook: {first['section'].rstrip(':')}, " in text
