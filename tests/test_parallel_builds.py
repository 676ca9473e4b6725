"""`tischlein build` as tasks: two builds of the same content and code are byte-identical, whatever the hash seed
and the number of workers; a rebuild after editing one German rules string then rewrites only what shows it (that
game's German rules PDFs, the German pages, the shared files; checked by file modification, not by time); a build
with nothing changed rewrites nothing; `--shard i/n` parts cover every task exactly once."""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tischlein import buildplan
from tischlein.pdf.bundle import PDF_VARIANTS

ROOT = Path(__file__).resolve().parents[1]
TISCHLEIN = str(Path(sys.executable).parent / "tischlein")
GAME = "schwarzwaelder-kirsch"


def _run(*args: str, cwd: Path = ROOT, **env: str) -> str:
    done = subprocess.run([TISCHLEIN, *args], cwd=cwd, capture_output=True, text=True,
                          env=dict(os.environ, TISCHLEIN_SIM_GAMES="5", **env), timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return done.stdout


def _build(*args: str, cwd: Path = ROOT, **env: str) -> str:
    return _run("build", *args, cwd=cwd, **env)


def _files(out: Path) -> dict[str, Path]:
    return {str(p.relative_to(out)): p for p in sorted(out.rglob("*")) if p.is_file() and ".cache" not in p.parts}


def _stamps(out: Path) -> dict[str, int]:
    return {name: p.stat().st_mtime_ns for name, p in _files(out).items()}


def _edit_one_german_string(content: Path) -> None:
    """A translator's one-word fix in a German rules paragraph (on the German rules pages of the site). Not a
    heading: a rule's title is in the game's JSON too (a refusal names its rule by title), which every language's
    table pages load."""
    path = content / "games" / GAME / "i18n" / "de" / "rules.yaml"
    text = path.read_text(encoding="utf-8")
    assert "ist ein Merk- und Zockspiel rund ums Backen" in text
    path.write_text(text.replace("ist ein Merk- und Zockspiel rund ums Backen",
                                 "ist ein Merk- und Glücksspiel rund ums Backen", 1), encoding="utf-8")


def _digest(folder: Path) -> dict[str, str]:
    return {name: hashlib.sha256(p.read_bytes()).hexdigest() for name, p in _files(folder).items()}


@pytest.fixture(scope="module")
def two_builds(tmp_path_factory):
    """The game built twice from one content copy: sequentially with one hash seed, on a pool of two workers with
    another (an unordered set written to a file would show). Their digests, and the second build's modification
    times, are taken at once: the edit test goes on from that build."""
    tmp = tmp_path_factory.mktemp("two-builds")
    content = tmp / "content"
    shutil.copytree(ROOT / "content", content)
    digests = []
    for seed, jobs in (("1", "1"), ("2", "2")):
        out = tmp / f"out-{seed}"
        _build("--game", GAME, "--jobs", jobs, "--content", str(content), "--out", str(out), PYTHONHASHSEED=seed)
        digests.append(_digest(out))
    return content, out, digests, _stamps(out)


def test_two_builds_are_byte_identical(two_builds):
    """PDFs of every variant and paper, previews, shop zips and the site in every language."""
    _, _, (first, second), _ = two_builds
    assert first.keys() == second.keys()
    differ = [name for name in first if first[name] != second[name]]
    assert not differ, differ[:10]
    for kind in (".pdf", ".png", ".zip", ".html"):
        assert any(name.endswith(kind) for name in first), kind


@pytest.mark.parametrize("game", sorted(p.name for p in (ROOT / "content" / "games").iterdir() if p.is_dir()))
def test_every_games_pdf_is_the_same_under_another_hash_seed(tmp_path, game):
    """The other games' boards, tokens, tiles and dice, which the build above does not draw."""
    pdfs = []
    for seed in ("1", "2"):
        _run("pdf", game, "--out", str(tmp_path / seed), PYTHONHASHSEED=seed)
        pdfs.append((tmp_path / seed / "pdf" / game / f"{game}-en-a4.pdf").read_bytes())
    assert pdfs[0] == pdfs[1]


def test_an_edit_rebuilds_only_its_outputs(two_builds):
    content, out, _, first = two_builds
    args = ("--game", GAME, "--content", str(content), "--out", str(out))
    assert any(n.startswith("site/") for n in first) and any(n.startswith(f"previews/{GAME}/de/") for n in first)

    said = _build(*args)
    assert _stamps(out) == first, "a build with nothing changed rewrote files"
    assert "built 0 of" in said

    _edit_one_german_string(content)
    said = _build(*args)
    after = _stamps(out)
    assert after.keys() == first.keys()
    changed = {n for n in first if after[n] != first[n]}
    # its language's rules PDFs are built again; its cards, images and shop files print no rules text: they stand
    german = {n for n in first if n.startswith(f"pdf/{GAME}/{GAME}-de-")
              and n.endswith(("-booklet.pdf", "-booklet-inksaver.pdf", "-rules.pdf", "-quickref.pdf"))}
    assert {n for n in changed if not n.startswith("site/")} == german
    assert f"pdf   {out / 'pdf' / GAME / f'{GAME}-en-a4.pdf'}" not in said
    assert f"pdf   {out / 'pdf' / GAME / f'{GAME}-de-a4.pdf'}" not in said and "png   " not in said
    # of the site only the German pages' task runs again (and the shared files', which copies the new German
    # PDFs): the English and Portuguese pages are not built, and no file of theirs is rewritten
    site = {n for n in changed if n.startswith("site/")}
    assert f"site/de/{GAME}/rules/index.html" in site and "site/de/search/search_index.json" in site
    assert "site/sw.js" in site          # the offline copy's worker names the new revisions: browsers update
    originals = {n.removesuffix(".gz") for n in site}       # a compressed copy is rewritten with its original
    assert all(n.startswith(("site/de/", f"site/downloads/{GAME}/{GAME}-de-", "site/assets/offline/search/de/"))
               or n == "site/sw.js" for n in originals), sorted(site)
    assert {f"{n}.gz" for n in originals if n.endswith((".html", ".json", ".js"))} & set(first) <= site
    assert any(n.startswith("site/pt/") for n in first) and any(n.startswith(f"site/{GAME}/") for n in first)
    assert f"site  {out / 'site' / 'de'}  (de pages" in said
    assert "(en pages" not in said and "(pt pages" not in said, said


def test_a_changed_output_is_rebuilt(tmp_path):
    out = tmp_path / "out"
    _build("--game", GAME, "--no-site", "--lang", "en", "--paper", "a4", "--out", str(out))
    pdf = out / "pdf" / GAME / f"{GAME}-en-a4.pdf"
    good = pdf.read_bytes()
    pdf.write_bytes(b"%PDF-1.4 broken")
    _build("--game", GAME, "--no-site", "--lang", "en", "--paper", "a4", "--out", str(out))
    assert pdf.read_bytes() == good


def test_shards_cover_every_task_exactly_once(content):
    tasks = buildplan.plan(content, [], ["a4", "letter"], site=True)
    assert len(tasks) == len(set(tasks)) > 20
    for n in (1, 2, 3, 7, len(tasks), len(tasks) + 3):
        parts = [buildplan.shard(tasks, i, n) for i in range(1, n + 1)]
        assert sorted(t for part in parts for t in part) == sorted(tasks)
        assert max(map(len, parts)) - min(map(len, parts)) <= 1
    assert buildplan.shard(list(reversed(tasks)), 2, 3) == buildplan.shard(tasks, 2, 3)


def _languages() -> list[str]:
    """The languages a build prints the game in (English and each one its card texts are translated into)."""
    from engine_tools import repository_content
    content = repository_content()
    return buildplan.languages_of(content, content.games[GAME])


def test_shard_build_writes_only_its_part(tmp_path):
    outs = []
    for i in (1, 2):
        out = tmp_path / f"shard-{i}"
        _build("--game", GAME, "--no-site", "--shard", f"{i}/2", "--out", str(out))
        outs.append({n for n in _files(out)})
    assert outs[0] and outs[1] and not outs[0] & outs[1]
    assert {n for n in outs[0] | outs[1] if n.endswith(".pdf")} == {
        f"pdf/{GAME}/{GAME}-{lang}-{paper}{variant}.pdf" for lang in _languages() for paper in ("a4", "letter")
        for variant in [f"-{v}" if v else "" for v in PDF_VARIANTS] + ["-tuckbox", "-calibration", "-booklet",
                                                                      "-booklet-inksaver", "-rules", "-quickref"]}


@pytest.mark.parametrize("bad", ["0/2", "3/2", "x"])
def test_a_bad_shard_is_a_usage_error(bad):
    done = subprocess.run([TISCHLEIN, "build", "--shard", bad], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 2 and "--shard" in done.stderr
