"""Content is untrusted input: a translation or a designer's folder may hold script payloads, hostile ids, bombs and
broken bytes. Payloads show as text everywhere (pages, PDFs); ids never lead outside --out; every broken file
is a file:line error (the fuzz of broken files is in test_content_fuzz.py; the browser test in tests/browser)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from content_tools import copy_content, edit, run_check
from hostile import PAYLOADS, hostile_copy
from html_scan import scan_site
from pypdf import PdfReader

from tischlein.cli import main

CONTENT = Path(__file__).resolve().parents[1] / "content"


def run(*args: str):
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


@pytest.fixture(scope="module")
def hostile(tmp_path_factory) -> Path:
    return hostile_copy(tmp_path_factory.mktemp("hostile"))


@pytest.fixture(scope="module")
def hostile_site(hostile, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("hostile-out")
    result = run("site", "--content", str(hostile), "--out", str(out))
    assert result.exit_code == 0, result.output
    return out / "site"


def test_payloads_pass_check_as_ordinary_text(hostile):
    """Markup is text: check refuses none of it as such. What it does refuse is the length the payloads add to card
    texts, which no longer fit their boxes (the PDF would stop there too); every error says just that."""
    result = run("check", "--content", str(hostile))
    errors = [line for line in result.output.splitlines() if ": " in line and "errors in" not in line]
    assert errors and all("cannot be built" in e and "does not fit its box" in e for e in errors), result.output


def test_a_link_to_a_relative_path_is_a_file_line_error_in_english_and_in_a_translation(tmp_path):
    """MkDocs' strict build would fail on it naming a generated page; check names the content file and line."""
    root = copy_content(tmp_path, "mahlzeit")
    english = edit(root, "games/mahlzeit/glossary.yaml", "its drink icon.", "its drink icon. [More](dishes.md)")
    german = edit(root, "games/mahlzeit/i18n/de/glossary.yaml", "dish-card.definition:\n  text: \"Eine Karte",
                  "dish-card.definition:\n  text: \"![Bild](../bilder/karte.png) Eine Karte")
    result = run_check(root)
    assert result.exit_code == 1
    assert f"glossary.yaml:{english}" in result.output and "'dishes.md' leads nowhere" in result.output
    assert f"de/glossary.yaml:{german}" in result.output and "'../bilder/karte.png' leads nowhere" in result.output
    assert result.output.count("leads nowhere") == 2


def test_addresses_anchors_and_neutralised_schemes_are_not_dead_links(tmp_path):
    root = copy_content(tmp_path, "mahlzeit")
    edit(root, "games/mahlzeit/glossary.yaml", "its drink icon.", "its drink icon. [a](https://example.org/x) "
         "[b](#dish-card) [c](mailto:a@b.c) [d](javascript:alert(1)) [e](<https://example.org> \"t\")")
    result = run_check(root)
    assert result.exit_code == 0, result.output


def test_no_page_holds_markup_from_content(hostile_site):
    assert scan_site(hostile_site) == {}


def test_the_payloads_are_visible_as_text(hostile_site):
    game = (hostile_site / "mahlzeit" / "index.html").read_text(encoding="utf-8")
    title = game[game.index("<title>"):game.index("</title>")]
    assert "Mahlzeit &lt;img src=x onerror=" in title and "<img" not in title      # the game's name, as text
    pages = "".join(p.read_text(encoding="utf-8") for p in hostile_site.rglob("*.html"))
    assert "{{ 7 * 191 }}" in pages and "1337" not in pages          # no template ever evaluates content
    search = json.loads((hostile_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert all("<img src=x" not in doc["title"] for doc in search["docs"])


def test_payloads_print_as_text_in_the_pdf(tmp_path):
    """Markup in a name prints as the characters it is made of (a longer payload would not fit the card backs:
    the PDF refuses a text it would have to cut, which test_pdf_mahlzeit checks)."""
    def edit(game: Path) -> None:
        path = game / "game.yaml"
        path.write_text(path.read_text(encoding="utf-8").replace("\nname: Mahlzeit", '\nname: "Mahl<b>zeit</b>"', 1),
                        encoding="utf-8")
    root = copy_with(tmp_path, edit)
    result = run("pdf", "mahlzeit", "--content", str(root), "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    text = " ".join(page.extract_text() for page in PdfReader(next((tmp_path / "pdf").rglob("*.pdf"))).pages)
    assert "Mahl<b>zeit</b>" in text


# --- ids and paths ------------------------------------------------------------------------------------------

def copy_with(tmp_path: Path, edit) -> Path:
    root = tmp_path / "content"
    shutil.copytree(CONTENT / "ui", root / "ui")
    shutil.copytree(CONTENT / "games" / "mahlzeit", root / "games" / "mahlzeit")
    edit(root / "games" / "mahlzeit")
    return root


@pytest.mark.parametrize("hostile_id", ["../../../../x", "a/b", "..", "x y", "ÄÖ", ".hidden", "a\\b"])
def test_an_example_id_that_is_not_a_name_is_refused(tmp_path, hostile_id):
    def edit(game: Path) -> None:
        path = game / "examples" / "tie-break.yaml"
        text = path.read_text(encoding="utf-8").replace("id: tie-break", f"id: {json.dumps(hostile_id)}", 1)
        path.write_text(text, encoding="utf-8")
    root = copy_with(tmp_path, edit)
    result = run("site", "--content", str(root), "--out", str(tmp_path / "out"))
    assert result.exit_code == 1
    assert "tie-break.yaml:" in result.output and "Traceback" not in result.output
    assert not list(tmp_path.glob("**/x.md")) and not (tmp_path / "out" / "site").exists()


def test_a_game_folder_that_is_not_a_name_is_refused(tmp_path):
    root = copy_with(tmp_path, lambda game: None)
    (root / "games" / "mahlzeit").rename(root / "games" / "Mahl zeit")
    result = run("check", "--content", str(root))
    assert result.exit_code == 1 and "Mahl zeit: a game folder's name is its id" in result.output


def test_a_content_folder_cannot_bring_its_own_schemas(tmp_path):
    """The schemas ship with tischlein: a content/schema/ folder that loosens the id pattern changes nothing."""
    def edit(game: Path) -> None:
        path = game / "examples" / "tie-break.yaml"
        path.write_text(path.read_text(encoding="utf-8").replace("id: tie-break", "id: ../x", 1), encoding="utf-8")
    root = copy_with(tmp_path, edit)
    (root / "schema").mkdir()
    (root / "schema" / "example.schema.json").write_text('{"type": "object"}', encoding="utf-8")
    result = run("check", "--content", str(root))
    assert result.exit_code == 1 and "tie-break.yaml:" in result.output


def test_a_language_code_must_be_a_code(tmp_path):
    root = copy_with(tmp_path, lambda game: None)
    (root / "ui" / "../../x.yaml".replace("/", "_")).write_text("{}\n", encoding="utf-8")
    result = run("check", "--content", str(root))
    assert result.exit_code == 1 and "is not a language code" in result.output


def test_every_payload_is_a_string_a_translator_can_write():
    assert all(isinstance(p, str) and p for p in PAYLOADS)
