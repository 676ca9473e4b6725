"""tischlein as a designer gets it: the wheel installed into a fresh virtualenv outside the repository, a game of
their own made with `tischlein new-game`, installed as a plugin, and built from its own folder and from another
one. Nothing here reads the repository's content, templates or node_modules except through the installed wheel
(the project's Pyodide comes from `npm install` in the new project, as its README says)."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from pypdf import PdfReader

from tischlein.resources import PYODIDE_VERSION, WORKBOX_FILES, WORKBOX_VERSION

REPO = Path(__file__).resolve().parents[1]


def sh(*args, cwd: Path, env: dict | None = None, timeout: int = 600) -> str:
    result = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True,
                            timeout=timeout)
    assert result.returncode == 0, f"{' '.join(map(str, args))} failed:\n{result.stdout}\n{result.stderr}"
    return result.stdout


def runtime_lock(target: Path) -> Path:
    """requirements.lock cut down to what `pip install tischlein` pulls in, at the locked versions and hashes: a
    designer's venv gets no test tools (Playwright alone is 165 MB of the 400 the full lock installs)."""
    from importlib.metadata import distribution
    wanted, todo = {"setuptools"}, ["tischlein"]            # setuptools: the lock's build dependency
    while todo:
        for spec in distribution(todo.pop()).requires or []:
            requirement = Requirement(spec)
            if requirement.marker and not requirement.marker.evaluate({"extra": ""}):
                continue                                    # an extra (tischlein[test]) or another platform
            name = canonicalize_name(requirement.name)
            if name not in wanted:
                wanted.add(name)
                todo.append(name)
    blocks = re.split(r"\n(?=[A-Za-z0-9])", (REPO / "requirements.lock").read_text(encoding="utf-8"))
    kept = [b for b in blocks if b[:1].isalnum() and canonicalize_name(re.split(r"[=<>! ]", b, 1)[0]) in wanted]
    assert {canonicalize_name(b.split("==")[0]) for b in kept} == wanted, "requirements.lock lacks a dependency"
    target.write_text("\n".join(kept) + "\n", encoding="utf-8")
    return target


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> dict:
    """A fresh venv with tischlein's locked dependencies and its wheel; the environment to run it in."""
    root = tmp_path_factory.mktemp("designer")
    sh(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", root / "dist",
       REPO, cwd=root)
    wheel = next((root / "dist").glob("tischlein-*.whl"))
    sh(sys.executable, "-m", "venv", root / "venv", cwd=root)
    pip = root / "venv" / "bin" / "pip"
    sh(pip, "install", "--quiet", "--require-hashes", "-r", runtime_lock(root / "runtime.lock"), cwd=root)
    sh(pip, "install", "--quiet", "--no-deps", wheel, cwd=root)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TISCHLEIN_", "PYTHON", "VIRTUAL_ENV"))}
    env["PATH"] = f"{root / 'venv' / 'bin'}{os.pathsep}{env['PATH']}"
    return {"root": root, "env": env, "pip": pip}


def tischlein(installed, *args, cwd: Path) -> str:
    return sh("tischlein", *args, cwd=cwd, env=installed["env"])


def new_project(installed, name: str) -> Path:
    work = installed["root"] / "work"
    work.mkdir(exist_ok=True)
    out = tischlein(installed, "new-game", name, cwd=work)
    project = work / out.split()[1].rstrip("/").split("/")[-1]
    sh(installed["pip"], "install", "--quiet", "-e", ".", cwd=project, env=installed["env"])
    sh("npm", "install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error", cwd=project)
    return project


@pytest.fixture(scope="module")
def brotkorb(installed) -> Path:
    return new_project(installed, "Brotkorb")


def test_the_pinned_pyodide_is_the_one_tischlein_expects():
    pinned = json.loads((REPO / "package.json").read_text(encoding="utf-8"))["dependencies"]["pyodide"]
    assert pinned == PYODIDE_VERSION


def test_the_pinned_workbox_is_the_one_tischlein_expects():
    """The site's service worker runs on these four packages; a new game's project pins the same."""
    pinned = json.loads((REPO / "package.json").read_text(encoding="utf-8"))["dependencies"]
    template = json.loads((REPO / "templates" / "new-game" / "package.json").read_text(encoding="utf-8"))
    names = {Path(f).parts[0] for f in WORKBOX_FILES}
    assert {name: pinned[name] for name in names} == dict.fromkeys(names, WORKBOX_VERSION)
    assert {name: template["dependencies"][name] for name in names} == dict.fromkeys(names, "WORKBOX_VERSION")


def test_the_installed_tool_runs_from_the_wheel_not_the_repository(installed):
    code = "import tischlein, tischlein.resources as r; print(tischlein.__file__); print(r.templates())"
    out = sh(installed["root"] / "venv" / "bin" / "python", "-c", code, cwd=installed["root"], env=installed["env"])
    assert all(str(installed["root"] / "venv") in line for line in out.splitlines()), out


def test_a_new_game_builds_pdfs_and_site_in_its_own_folder(installed):
    project = new_project(installed, "Pizza Party")
    versions = tischlein(installed, "--version", cwd=project)
    assert "game pizza-party: tischlein_pizza_party (tischlein-pizza-party 0.1.0)" in versions
    assert "game mahlzeit: tischlein.games.mahlzeit (tischlein" in versions       # the five, the same way
    assert f"pyodide {PYODIDE_VERSION} ({project / 'node_modules' / 'pyodide'})" in versions

    out = tischlein(installed, "build", cwd=project)
    assert "site" in out
    pdf = project / "output" / "pdf" / "pizza-party" / "pizza-party-en-a4.pdf"
    text = "".join(page.extract_text() for page in PdfReader(pdf).pages)
    assert "Pizza Party" in text and "Pretzel" in text
    page = project / "output" / "site" / "pizza-party" / "rules" / "index.html"
    assert "Take a bread" in page.read_text(encoding="utf-8")
    assert (project / "output" / "site" / "assets" / "pyodide" / "pyodide.asm.wasm").is_file()


def test_the_fixture_game_as_a_plugin_from_another_folder(installed, brotkorb):
    project = brotkorb
    elsewhere = installed["root"] / "elsewhere"
    elsewhere.mkdir()
    content, out = project / "content", elsewhere / "out"
    assert "game brotkorb: tischlein_brotkorb (tischlein-brotkorb 0.1.0)" in tischlein(installed, "--version",
                                                                                         cwd=elsewhere)
    assert "ok: 1 game(s) (brotkorb)" in tischlein(installed, "check", "--content", content, cwd=elsewhere)
    assert "Ada takes Roll." in tischlein(installed, "replay", "brotkorb", "--content", content, cwd=elsewhere)
    tischlein(installed, "pdf", "brotkorb", "--paper", "letter", "--content", content, "--out", out, cwd=elsewhere)
    reader = PdfReader(out / "pdf" / "brotkorb" / "brotkorb-en-letter.pdf")
    assert len(reader.pages) >= 2 and round(float(reader.pages[0].mediabox.width)) == 612     # US Letter
    tischlein(installed, "site", "--content", content, "--out", out, cwd=elsewhere)
    example = out / "site" / "brotkorb" / "examples" / "one-bread-too-many" / "index.html"
    assert "Ada takes Roll." in example.read_text(encoding="utf-8")


def test_a_site_build_without_pyodide_says_how_to_get_it(installed, brotkorb, tmp_path):
    project = brotkorb
    copy = tmp_path / "brotkorb"
    shutil.copytree(project / "content", copy / "content")
    env = dict(installed["env"], TISCHLEIN_PYODIDE=str(tmp_path / "nowhere"))
    result = subprocess.run(["tischlein", "build", "--content", copy / "content", "--out", copy / "output"],
                            cwd=copy, env=env, capture_output=True, text=True)
    assert result.returncode == 1
    assert f"npm install pyodide@{PYODIDE_VERSION}" in result.stderr and "TISCHLEIN_PYODIDE" in result.stderr
    assert not (copy / "output").exists()                      # nothing half-built
