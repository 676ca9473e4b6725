"""What a build no longer writes goes: a task's old outputs it no longer writes, and the outputs of a task that is
gone (a removed game or language) when this build covers that task — not when it builds other games only. Run
in process with fake tasks through buildplan.run (its manifests and pruning as a real build has them)."""
from __future__ import annotations

import types
from pathlib import Path

import pytest

from tischlein import buildplan
from tischlein.buildplan import Task


@pytest.fixture
def fake(monkeypatch, tmp_path):
    """Tasks whose outputs are whatever `writes[task.key]` lists (each file's text is its name)."""
    writes: dict[str, list[str]] = {}

    def execute(task, out_dir):
        for rel in writes[task.key]:
            path = Path(out_dir) / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(rel)
        return list(writes[task.key]), [], 0.0

    monkeypatch.setattr(buildplan, "_execute", execute)
    content = types.SimpleNamespace(games={}, languages=["en"], root=tmp_path / "content")

    def build(tasks, scope=None):
        for task in tasks:         # a new input for every task, so each runs again
            game = tmp_path / "content" / "games" / task.game / "game.yaml"
            game.parent.mkdir(parents=True, exist_ok=True)
            game.write_text(str(writes[task.key]))
        buildplan.run(content, tmp_path / "content", tmp_path / "out", tasks, jobs=1, report=lambda line: None,
                      scope=scope)
    return writes, build, tmp_path / "out"


def _files(out: Path) -> list[str]:
    return sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if ".cache" not in p.parts)


def test_a_tasks_old_outputs_and_their_empty_folders_go(fake):
    writes, build, out = fake
    pdf = Task("pdf", "g", "en", "a4")
    writes[pdf.key] = ["pdf/g/a.pdf", "pdf/g/old/b.pdf"]
    build([pdf])
    writes[pdf.key] = ["pdf/g/a.pdf"]
    build([pdf])
    assert _files(out) == ["pdf", "pdf/g", "pdf/g/a.pdf"]


@pytest.mark.parametrize("covered", [True, False])
def test_a_gone_tasks_outputs_go_only_when_the_build_covers_it(fake, covered):
    writes, build, out = fake
    kept, gone = Task("pdf", "kept", "en", "a4"), Task("pdf", "gone", "en", "a4")
    writes[kept.key], writes[gone.key] = ["pdf/kept/k.pdf"], ["pdf/gone/g.pdf", "pdf/gone/deep/h.pdf"]
    build([kept, gone])
    build([kept], scope=lambda task: covered)
    if covered:
        assert _files(out) == ["pdf", "pdf/kept", "pdf/kept/k.pdf"]
        assert not (out / ".cache" / "build" / "pdf--gone--en--a4.json").exists()
    else:
        assert "pdf/gone/g.pdf" in _files(out) and "pdf/gone/deep/h.pdf" in _files(out)


def test_a_file_another_task_now_writes_stays(fake):
    writes, build, out = fake
    first, second = Task("pdf", "g", "en", "a4"), Task("pdf", "g", "en", "letter")
    writes[first.key], writes[second.key] = ["pdf/g/shared.pdf", "pdf/g/a.pdf"], ["pdf/g/b.pdf"]
    build([first, second])
    writes[first.key], writes[second.key] = ["pdf/g/a.pdf"], ["pdf/g/b.pdf", "pdf/g/shared.pdf"]
    build([first, second])
    assert _files(out) == ["pdf", "pdf/g", "pdf/g/a.pdf", "pdf/g/b.pdf", "pdf/g/shared.pdf"]
