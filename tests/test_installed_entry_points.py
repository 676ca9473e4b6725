"""Games are found through entry points read without importlib.metadata (games/installed.py): the answer is
importlib.metadata's, for the installed distributions and for folders on sys.path built to trip it up."""
from __future__ import annotations

import sys
import zipfile
from importlib.metadata import entry_points

import pytest

from tischlein.games import installed

GROUP = "tischlein.games"


def _theirs(group: str) -> list[tuple[str, str]]:
    return [(e.name, e.module) for e in entry_points(group=group)]


@pytest.mark.parametrize("group", [GROUP, "console_scripts", "mkdocs.plugins", "no.such.group"])
def test_the_installed_distributions_give_importlib_metadatas_answer(group):
    assert installed._read(group) == _theirs(group)          # the fast path itself, not its fallback


def _dist(folder, name: str, text: str | None) -> None:
    info = folder / name
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name.split('-')[0]}\nVersion: 1\n")
    if text is not None:
        (info / "entry_points.txt").write_text(text)


def test_folders_on_the_path_are_read_as_importlib_metadata_reads_them(tmp_path, monkeypatch):
    first, second = tmp_path / "first", tmp_path / "second"
    _dist(first, "Pizza_Party-1.0.dist-info", f"# games\n\n[console_scripts]\npizza = pizza.cli:main\n"
                                              f"[{GROUP}]\n  pizza-party = pizza_party [extra]  \n")
    _dist(first, "brot.korb-2.0.dist-info", f"[{GROUP}]\nbrotkorb=brotkorb:SPEC\nzweiter = brotkorb.two\n")
    _dist(first, "quiet-1.0.dist-info", None)
    (first / "flat-1.0.egg-info").write_text("Name: flat\n")          # an egg-info file, not a folder
    _dist(second, "pizza_party-2.0.dist-info", f"[{GROUP}]\nshadowed = shadowed\n")   # the first one wins
    _dist(second, "Brot_Korb-9.egg-info", f"[{GROUP}]\nalso-shadowed = x\n")
    _dist(second, "other-1.0.egg-info", f"[{GROUP}]\nother = other.game\n")
    monkeypatch.setattr(sys, "path", [str(first), str(tmp_path / "missing"), str(second)])
    ours = installed._read(GROUP)
    assert ours == _theirs(GROUP)
    assert sorted(name for name, _ in ours) == ["brotkorb", "other", "pizza-party", "zweiter"]


@pytest.mark.parametrize("odd", ["zip", "suffix case", "no equals sign"])
def test_what_it_does_not_read_itself_importlib_metadata_answers(odd, tmp_path, monkeypatch):
    folder = tmp_path / "site"
    _dist(folder, "plain-1.0.dist-info", f"[{GROUP}]\nplain = plain\n")
    path = [str(folder)]
    if odd == "zip":
        archive = tmp_path / "zipped.zip"
        with zipfile.ZipFile(archive, "w") as z:
            z.writestr("zipped-1.0.dist-info/METADATA", "Metadata-Version: 2.1\nName: zipped\nVersion: 1\n")
            z.writestr("zipped-1.0.dist-info/entry_points.txt", f"[{GROUP}]\nzipped = zipped\n")
        path.append(str(archive))
    elif odd == "suffix case":
        _dist(folder, "Loud-1.0.DIST-INFO", f"[{GROUP}]\nloud = loud\n")
    else:
        _dist(folder, "broken-1.0.dist-info", "[console_scripts]\njust a line\n")
    monkeypatch.setattr(sys, "path", path)
    with pytest.raises(installed._Unusual):
        installed._read(GROUP)
    if odd == "no equals sign":
        with pytest.raises(TypeError):                   # importlib.metadata's own failure, unchanged
            installed.entry_point_modules(GROUP)
    else:
        assert installed.entry_point_modules(GROUP) == _theirs(GROUP)
        assert len(_theirs(GROUP)) == 2
