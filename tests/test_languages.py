"""A language exists when content/ui/<code>.yaml exists: a new one (a fixture `xx` with one translated string)
appears in `check`, `i18n status`, the PDFs and the site with no edit to Python or to any configuration."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from tischlein.cli import main
from tischlein.content import loader
from tischlein.content.i18n import source_hash

CONTENT = Path(__file__).resolve().parents[1] / "content"


@pytest.fixture(scope="module")
def with_xx(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("xx") / "content"
    shutil.copytree(CONTENT / "ui", root / "ui")
    shutil.copytree(CONTENT / "games" / "mahlzeit", root / "games" / "mahlzeit")
    (root / "ui" / "xx.yaml").write_text(
        f'language.name: {{text: "Xxisch", source: "{source_hash("English")}"}}\n'
        f'pdf.title: {{text: "Xx-Druckbogen", source: "{source_hash("Print-and-play")}"}}\n', encoding="utf-8")
    return root


def run(*args: str):
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def test_the_languages_are_the_ui_files():
    assert loader.load(CONTENT, ["mahlzeit"]).languages == ["en", "de", "pt"]


def test_a_new_language_is_checked_and_counted(with_xx):
    assert loader.load(with_xx).languages == ["en", "de", "pt", "xx"]
    assert run("check", "--content", str(with_xx)).exit_code == 0
    status = run("i18n", "status", "--lang", "xx", "--summary", "--content", str(with_xx))
    assert status.exit_code == 0
    assert any(line.split()[:2] == ["ui", "xx"] and line.split()[2].startswith("2/") for line in
               status.output.splitlines()), status.output


def test_a_new_language_gets_a_pdf(with_xx, tmp_path):
    result = run("pdf", "mahlzeit", "--lang", "xx", "--content", str(with_xx), "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    text = PdfReader(tmp_path / "pdf" / "mahlzeit" / "mahlzeit-xx-a4.pdf").pages[0].extract_text()
    assert "Xx-Druckbogen" in text and "Käsespätzle" in text       # the translation, English elsewhere


def test_an_unknown_language_is_a_usage_error_that_lists_the_languages(with_xx):
    result = run("pdf", "mahlzeit", "--lang", "yy", "--content", str(with_xx))
    assert result.exit_code == 2 and "en, de, pt, xx" in result.output


def test_a_new_language_gets_its_site(with_xx, tmp_path):
    result = run("site", "--content", str(with_xx), "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    home = (tmp_path / "site" / "xx" / "index.html").read_text(encoding="utf-8")
    assert "Xxisch" in home                                         # the language switcher names it in itself
    assert (tmp_path / "site" / "xx" / "mahlzeit" / "rules" / "index.html").is_file()


def test_a_language_file_must_be_named_by_a_language_code(with_xx, tmp_path):
    broken = tmp_path / "content"
    shutil.copytree(with_xx, broken)
    (broken / "ui" / "not a language.yaml").write_text("{}\n", encoding="utf-8")
    result = run("check", "--content", str(broken))
    assert result.exit_code == 1 and "is not a language code" in result.output


def test_every_english_ui_text_is_shown_somewhere():
    """A text no code shows still costs each translator a line: every key of the English UI file is named in a
    string literal of the code, the templates or the site's scripts — whole, without the namespaces a caller strips
    (the engine says `move.unknown` for engine.move.unknown, a picture `words("round")` for engine.picture.round),
    or as the fixed start of a key built there (f"pdf.guide.alt.{choice}", `site.${name}`, "pdf.guide.span" + …)."""
    import re

    import yaml
    root = Path(__file__).resolve().parents[1]
    package = root / "generator" / "tischlein"
    keys = yaml.safe_load((package / "content" / "ui" / "en.yaml").read_text(encoding="utf-8"))
    shown = "\n".join(p.read_text(encoding="utf-8", errors="replace")
                      for folder in (package, root / "site", root / "templates") if folder.is_dir()
                      for p in folder.rglob("*") if p.is_file() and p.suffix in {".py", ".html", ".j2", ".js", ".mjs"})
    quoted = set(re.findall(r"""["'`](?:[a-z]+:)?([a-z0-9_.]+)["'`]""", shown))
    starts = set(re.findall(r"""["'`](?:[a-z]+:)?([a-z_]+\.[a-z0-9_]+[a-z0-9_.]*)(?:\{|\$\{|["'`] *\+)""", shown))

    def named(key: str) -> bool:
        parts = key.split(".")
        return any(".".join(parts[i:]) in quoted for i in range(len(parts))) or \
            any(key[:i] in starts for i in range(1, len(key)))
    assert [k for k in keys if not named(k)] == []
