"""Card backs write their word in capitals as the language does: Turkish dotted i is İ (TARİF, İÇİN, not TARIF),
Greek capitals drop the accent (ΜΑΓΕΙΡΑΣ, not ΜΆΓΕΙΡΑΣ). Checked on the text drawn in a Turkish and a Greek
copy of Tá na Mesa's PDF (its ingredient and cook backs: pdf/back.py's word_under)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from tischlein.cli import main
from tischlein.content.i18n import source_hash
from tischlein.pdf.back import capitals

CONTENT = Path(__file__).resolve().parents[1] / "content"
BACKS = {"ingredient": "Ingredient", "character": "Cook", "recipe": "Recipe"}


def _language(root: Path, lang: str, name: str, backs: dict[str, str]) -> None:
    (root / "ui" / f"{lang}.yaml").write_text(
        f'language.name: {{text: "{name}", source: "{source_hash("English")}"}}\n', encoding="utf-8")
    folder = root / "games" / "ta-na-mesa" / "i18n" / lang
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text("".join(
        f'backs.{key}.text: {{text: "{text}", source: "{source_hash(BACKS[key])}"}}\n' for key, text in backs.items()),
        encoding="utf-8")


@pytest.fixture(scope="module")
def content(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("capitals") / "content"
    shutil.copytree(CONTENT / "ui", root / "ui")
    shutil.copytree(CONTENT / "games" / "ta-na-mesa", root / "games" / "ta-na-mesa")
    _language(root, "tr", "Türkçe", {"ingredient": "Malzeme için", "character": "Aşçı tarifi"})
    _language(root, "el", "Ελληνικά", {"character": "Μάγειρας", "ingredient": "Υλικό"})
    return root


def _drawn(content: Path, lang: str, out: Path) -> str:
    result = CliRunner().invoke(main, ["pdf", "ta-na-mesa", "--lang", lang, "--content", str(content),
                                       "--out", str(out)])
    assert result.exit_code == 0, result.output[-2000:]
    pdf = PdfReader(out / "pdf" / "ta-na-mesa" / f"ta-na-mesa-{lang}-a4.pdf")
    return "\n".join(page.extract_text() for page in pdf.pages)


def test_turkish_backs_keep_the_dot_on_capital_i(content, tmp_path):
    text = _drawn(content, "tr", tmp_path)
    assert "MALZEME İÇİN" in text and "AŞÇI TARİFİ" in text
    assert "TARIF" not in text and "IÇIN" not in text


def test_greek_backs_drop_the_accent_in_capitals(content, tmp_path):
    text = _drawn(content, "el", tmp_path)
    assert "ΜΑΓΕΙΡΑΣ" in text and "ΥΛΙΚΟ" in text and "ΜΆΓΕΙΡΑΣ" not in text and "ΥΛΙΚΌ" not in text


def test_capitals_by_language():
    assert capitals("için", "az") == "İÇİN" and capitals("kız", "tr") == "KIZ"
    assert capitals("πρωτεΐνη", "el") == "ΠΡΩΤΕΪΝΗ"          # the diaeresis stays
    assert capitals("Café", "el") == "CAFÉ" and capitals("Straße", "de") == "STRASSE"
