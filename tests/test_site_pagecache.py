"""A language's site build takes the pages whose Markdown did not change from the last build (site/pagecache.py):
after a translator's fix it renders only the pages that show the fix, and the language's part of the site is
byte for byte what a build from scratch makes of the same content, search index included."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from tischlein.content import loader
from tischlein.site.build import SiteBuildError, build_site

ROOT = Path(__file__).resolve().parents[1]
GAME = "mahlzeit"
RULES = Path("games") / GAME / "i18n" / "de" / "rules.yaml"


@pytest.fixture
def content_dir(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content)
    for other in (content / "games").iterdir():
        if other.name != GAME:
            shutil.rmtree(other)
    return content


@pytest.fixture(autouse=True)
def few_playouts(monkeypatch):
    monkeypatch.setenv("TISCHLEIN_SIM_GAMES", "5")


def _german_site(content_dir: Path, out: Path) -> dict[str, bytes]:
    content = loader.load(content_dir)
    assert not content.problems.errors, [str(p) for p in content.problems.errors]
    site = build_site(content, out, pdf_root=ROOT / "output", parts=["de"])
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted((site / "de").rglob("*")) if p.is_file()}


def _rendered(out: Path) -> list[str]:
    return json.loads((out / ".cache" / "site" / "de.json").read_text(encoding="utf-8"))["rendered"]


def _edit(content_dir: Path, key: str, change) -> str:
    """Change one German rules string (as a translator's editor would: the file is YAML) and return it."""
    path = content_dir / RULES
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data[key]["text"] = change(data[key]["text"])
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return data[key]["text"]


def test_a_fix_renders_only_its_pages_and_the_site_is_what_a_full_build_makes(content_dir, tmp_path):
    out, fresh = tmp_path / "out", tmp_path / "fresh"
    first = _german_site(content_dir, out)
    assert len(_rendered(out)) > 20                         # nothing to take from: every page rendered
    assert _german_site(content_dir, out) == first and _rendered(out) == []

    _edit(content_dir, f"{GAME}.setup.body", lambda text: text.rstrip() + " Gut zu wissen.\n")
    fixed = _german_site(content_dir, out)
    assert fixed != first
    rendered = _rendered(out)
    assert f"{GAME}/rules.de.md" in rendered and len(rendered) <= 5, rendered
    assert fixed == _german_site(content_dir, fresh)      # the pages, their nav and the search index

    # a new heading: every page shows it in the nav, so every page is laid out again (from its cached content)
    heading = _edit(content_dir, f"{GAME}.setup.title", lambda text: text + " (neu)")
    renamed = _german_site(content_dir, out)
    assert renamed == _german_site(content_dir, tmp_path / "fresh2")
    assert heading in renamed["de/search/search_index.json"].decode("utf-8")


def test_a_page_that_failed_the_build_is_not_taken_again(tmp_path):
    """A page whose rendering warned fails a --strict build only at its end, after the cache was written: that
    cache is dropped, so the next build renders the page again and fails again (no site of ours can warn, so
    this is a project of its own with our hooks)."""
    from tischlein.site import build as site_build
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Home\n\nSee [the other page](other.md).\n", encoding="utf-8")
    (docs / "other.md").write_text("# Other\n", encoding="utf-8")
    config = tmp_path / "mkdocs.yml"
    config.write_text(f"site_name: t\nplugins: []\nhooks: [{Path(site_build.__file__).parent / 'hooks.py'}]\n",
                      encoding="utf-8")
    cache = tmp_path / "cache" / "en.json"
    site_build._run_mkdocs(config, None, "en", tmp_path / "site", cache)
    good = cache.read_bytes()
    assert json.loads(good)["rendered"] == ["index.md", "other.md"]

    (docs / "index.md").write_text("# Home\n\nSee [nowhere](nowhere.md).\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(SiteBuildError, match="nowhere"):
            site_build._run_mkdocs(config, None, "en", tmp_path / "site", cache)
        assert cache.read_bytes() == good and not cache.with_name("en.json.next").exists()
