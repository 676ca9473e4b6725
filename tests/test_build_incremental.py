"""An incremental build's tree is a clean build's, file for file: ten edits to a copy of one game's content (a
card name, a rules paragraph, an interface string, an FAQ answer, a glossary entry, an engine message, an
example renamed, removed and brought back, a card name put back), each followed by a build into the same output
folder, which must then hold exactly what a build from scratch of that content writes — no page of a renamed
example, no empty folder, no temporary file a killed build left, in the output or in TMPDIR; the same manifests,
and the playout statistics of this content only. An edit to the rules' texts builds no card PDF or image again.

One game (Schwarzwälder Kirsch), English only, A4 only, so the twenty builds stay affordable. The clean builds start
with the rasterised pages of the incremental one (<out>/.cache/raster, keyed by the bytes of the PDF they come
from): every task still runs, the card images are not drawn twice."""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TISCHLEIN = str(Path(sys.executable).parent / "tischlein")
GAME = "schwarzwaelder-kirsch"


def _replace(rel: str, old: str, new: str):
    def edit(content: Path) -> None:
        path = content / "games" / GAME / rel
        text = path.read_text(encoding="utf-8")
        assert old in text, (rel, old)
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return edit


def _rename_example(content: Path) -> None:
    folder = content / "games" / GAME / "examples"
    text = (folder / "tauschen.yaml").read_text(encoding="utf-8")
    (folder / "swap.yaml").write_text(text.replace("id: tauschen\n", "id: swap\n", 1), encoding="utf-8")
    (folder / "tauschen.yaml").unlink()


def _remove_example(content: Path) -> None:
    shutil.move(content / "games" / GAME / "examples" / "stehlen-joker.yaml", content.parent / "stehlen-joker.yaml")


def _restore_example(content: Path) -> None:
    shutil.move(content.parent / "stehlen-joker.yaml", content / "games" / GAME / "examples" / "stehlen-joker.yaml")


EDITS = [
    ("a card's name", _replace("game.yaml", "{id: eier, name: Eier,", "{id: eier, name: Frische Eier,")),
    ("a rules paragraph", _replace("rules.yaml", "is a memory and push-your-luck game",
                                   "is a lively memory and push-your-luck game")),
    ("an interface string", _replace("ui.yaml", '"swap your whole collection with a player\'s"',
                                     '"swap all your cards with a player\'s"')),
    ("an example renamed", _rename_example),
    ("an example removed", _remove_example),
    ("an FAQ answer", _replace("faq.yaml", "That is right: the rulebook", "Right: the rulebook")),
    ("a glossary entry", _replace("glossary.yaml", "The Vorratskammer. All cards", "The Vorratskammer, all cards")),
    ("an engine message", _replace("messages.yaml", "The moves are: {moves}.", "Possible moves: {moves}.")),
    ("an example brought back", _restore_example),
    ("the card's name put back", _replace("game.yaml", "{id: eier, name: Frische Eier,", "{id: eier, name: Eier,")),
]


def _build(content: Path, out: Path, tmp: Path) -> str:
    done = subprocess.run([TISCHLEIN, "build", "--content", str(content), "--out", str(out), "--paper", "a4",
                           "--jobs", "2"], cwd=ROOT, capture_output=True, text=True, timeout=600,
                          env=dict(os.environ, TMPDIR=str(tmp), TISCHLEIN_SIM_GAMES="2"))
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def _tree(out: Path) -> dict[str, str]:
    """Every file with the hash of its bytes, and every folder (an empty one shows); of the caches, the build's
    manifests (no time of day in them: what each task read and wrote) and the playouts' statistics (only those
    this build used), not the rendered pages and pictures that only save time."""
    found = {}
    for path in sorted(out.rglob("*")):
        rel = path.relative_to(out).as_posix()
        if rel.startswith(".cache") and not rel.startswith((".cache/build/", ".cache/simulation/")):
            continue
        found[rel] = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "folder"
    return found


def _differences(got: dict[str, str], want: dict[str, str]) -> list[str]:
    return ([f"extra {p}" for p in sorted(got.keys() - want.keys())] +
            [f"missing {p}" for p in sorted(want.keys() - got.keys())] +
            [f"differs {p}" for p in sorted(got.keys() & want.keys()) if got[p] != want[p]])


@pytest.fixture(scope="module")
def content(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("incremental") / "content"
    shutil.copytree(ROOT / "content" / "games" / GAME, folder / "games" / GAME,
                    ignore=shutil.ignore_patterns("i18n"))             # English only: no content/ui/<lang>.yaml
    return folder


def test_every_incremental_build_is_a_clean_build(content, tmp_path):
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    out = tmp_path / "incremental"
    _build(content, out, tmp)
    for n, (what, edit) in enumerate(EDITS, 1):
        edit(content)
        if n == 3:
            live = _leave_what_a_killed_build_leaves(out, tmp)
        said = _build(content, out, tmp)
        if what not in ("a card's name", "an interface string", "the card's name put back"):
            # the cards print no rules text: their PDFs and images stand (each task's digest covers what it reads)
            assert "png   " not in said and f"{GAME}-en-a4.pdf  (" not in said, (what, said)
        clean = tmp_path / f"clean-{n}"
        (clean / ".cache").mkdir(parents=True)
        shutil.copytree(out / ".cache" / "raster", clean / ".cache" / "raster")
        _build(content, clean, tmp)
        differences = _differences(_tree(out), _tree(clean))
        assert not differences, (f"after {what}: {said}", differences[:20])
        shutil.rmtree(clean)
        if n == 3:
            assert sorted(p.name for p in tmp.iterdir()) == [live]


def _leave_what_a_killed_build_leaves(out: Path, tmp: Path) -> str:
    """A `kill -9`'d build's temporary PDF and working folder (its process is gone), and the working folder of a
    running process (this one), which must stay. Its name."""
    from tischlein.files import process_start
    (out / "pdf" / GAME / f".{GAME}-en-a4.pdf.k2j4_x9q.tmp").write_bytes(b"%PDF-1.4 half")
    gone = subprocess.Popen(["true"])
    gone.wait()
    (tmp / f"tischlein-export-{gone.pid}.{process_start(os.getpid())}-abcd1234" / "cards").mkdir(parents=True)
    live = f"tischlein-export-{os.getpid()}.{process_start(os.getpid())}-live"
    (tmp / live).mkdir()
    return live
