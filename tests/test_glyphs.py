"""Glyph coverage: a translated text in Polish, Turkish, Greek, Ukrainian or Vietnamese prints in real letters
(the role's fallback font, Roboto, where Lato or Fredoka One lack them), and `check` names file, line and
character of a text no bundled font can draw. Test languages live in a temporary copy of the content only."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from content_tools import copy_content, run_check
from tischlein.content.i18n import source_hash

TISCHLEIN = str(Path(sys.executable).parent / "tischlein")

# language -> (its name in itself, the gloss of Kartoffeln, "Ingredients")
SAMPLES = {
    "pl": ("polski", "ziemniaki, źródło siły", "Składniki"),
    "tr": ("Türkçe", "patates, ağır ışık", "İçindekiler"),
    "el": ("Ελληνικά", "πατάτες", "Υλικά"),
    "uk": ("українська", "картопля, ґрунт", "Інгредієнти"),
    "vi": ("Tiếng Việt", "khoai tây, đặc sản", "Nguyên liệu"),
}


def _entry(key: str, text: str, english: str) -> str:
    return f'{key}:\n  text: "{text}"\n  source: "{source_hash(english)}"\n'


def _add(content: Path, lang: str, name: str, gloss: str, ingredients: str) -> Path:
    (content / "ui" / f"{lang}.yaml").write_text(
        _entry("language.name", name, "English") + _entry("pdf.ingredients", ingredients, "Ingredients"),
        encoding="utf-8")
    folder = content / "games" / "mahlzeit" / "i18n" / lang
    folder.mkdir(parents=True)
    path = folder / "game.yaml"
    path.write_text(_entry("ingredients.kartoffeln.gloss", gloss, "potatoes"), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    content = copy_content(tmp_path_factory.mktemp("glyphs"), "mahlzeit")
    english = (content / "games" / "mahlzeit" / "game.yaml").read_text(encoding="utf-8")
    assert "gloss: potatoes" in english
    for lang, sample in SAMPLES.items():
        _add(content, lang, *sample)
    return content


def test_every_sample_language_passes_check(world):
    result = run_check(world)
    assert result.exit_code == 0, result.output[-2000:]


@pytest.mark.parametrize("lang", ["el", "vi", "tr"])
def test_the_pdf_sets_what_lato_lacks_in_roboto(world, tmp_path, lang):
    out = tmp_path / f"{lang}.pdf"
    done = subprocess.run([TISCHLEIN, "pdf", "mahlzeit", "--lang", lang, "--content", str(world), "-o", str(out)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    reader = PdfReader(out)
    fonts = set()
    for page in reader.pages:
        for font in ((page.get("/Resources") or {}).get("/Font") or {}).values():
            fonts.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
    assert any(f.startswith("Roboto") for f in fonts), fonts
    assert not any(f.startswith(("Lato", "Fredoka")) for f in fonts), fonts     # one face for the whole PDF
    text = "".join(page.extract_text() for page in reader.pages)
    assert SAMPLES[lang][2] in text or SAMPLES[lang][1].split(",")[0] in text


def test_an_english_pdf_keeps_its_fonts(world, tmp_path):
    out = tmp_path / "en.pdf"
    subprocess.run([TISCHLEIN, "pdf", "mahlzeit", "--content", str(world), "-o", str(out)], check=True,
                   capture_output=True, timeout=300)
    fonts = {str(f.get_object()["/BaseFont"]).split("+")[-1] for page in PdfReader(out).pages
             for f in ((page.get("/Resources") or {}).get("/Font") or {}).values()}
    assert fonts and not any(f.startswith("Roboto") for f in fonts), fonts


def test_check_names_file_line_and_character_no_font_draws(tmp_path):
    content = copy_content(tmp_path, "mahlzeit")
    path = _add(content, "ja", "日本語", "じゃがいも", "材料")
    result = run_check(content)
    assert result.exit_code == 1
    assert f"{path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path}:1: " \
           f"ingredients.kartoffeln.gloss: the PDF fonts cannot draw 'い' (U+3044 HIRAGANA LETTER I)" in result.output
    assert "ui/ja.yaml:4: pdf.ingredients: the PDF fonts cannot draw '料' (U+6599 CJK UNIFIED IDEOGRAPH-6599), '材' (U+6750 CJK UNIFIED IDEOGRAPH-6750)" \
        in result.output
