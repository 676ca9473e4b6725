"""`i18n import` refuses what `tischlein check` would reject, so an import never leaves content that check then
fails: a card text in a script the PDF fonts cannot draw (Georgian), a control character, a card text too long for
its box. Texts the site alone shows (rules) may be in any script."""
from __future__ import annotations

import shutil
from pathlib import Path

import polib
import pytest
from click.testing import CliRunner

from tischlein.cli import main

ROOT = Path(__file__).resolve().parents[1]
GEORGIAN = "კერძის მიზანი"


@pytest.fixture()
def content(tmp_path) -> Path:
    target = tmp_path / "content"
    shutil.copytree(ROOT / "content", target)
    return target


def invoke(*args: str):
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output
    return result


def _po(content: Path, tmp_path: Path, texts: dict[str, str]) -> Path:
    path = tmp_path / "ka.po"
    exported = invoke("i18n", "export", "ka", "--game", "mahlzeit", "-o", str(path), "--content", str(content))
    assert exported.exit_code == 0
    po = polib.pofile(str(path))
    for entry in po:
        if entry.msgctxt in texts:
            entry.msgstr = texts.pop(entry.msgctxt)
    assert not texts
    po.save(str(path))
    return path


def test_a_card_text_the_fonts_cannot_draw_is_refused(content, tmp_path):
    po = _po(content, tmp_path, {"mahlzeit:game:backs.light.text": GEORGIAN,
                                 "mahlzeit:rules:mahlzeit.overview.title": "მიმოხილვა"})
    files = {p: p.read_bytes() for p in content.rglob("*.yaml")}
    result = invoke("i18n", "import", str(po), "--content", str(content))
    assert result.exit_code == 1
    assert "mahlzeit:game:backs.light.text: the PDF fonts cannot draw '" in result.output
    assert "GEORGIAN LETTER" in result.output and "1 error(s)" in result.output     # the rules title is fine
    assert "nothing was written" in result.output
    assert {p: p.read_bytes() for p in content.rglob("*.yaml")} == files


def test_what_import_takes_check_accepts(content, tmp_path):
    po = _po(content, tmp_path, {"mahlzeit:rules:mahlzeit.overview.title": "მიმოხილვა"})
    assert invoke("i18n", "import", str(po), "--content", str(content)).exit_code == 0
    assert (content / "games" / "mahlzeit" / "i18n" / "ka" / "rules.yaml").exists()
    checked = invoke("check", "--content", str(content))
    assert checked.exit_code == 0, checked.output[-2000:]


def test_a_control_character_is_refused(content, tmp_path):
    po = _po(content, tmp_path, {"mahlzeit:rules:mahlzeit.overview.title": "Aperçu\x07"})
    result = invoke("i18n", "import", str(po), "--content", str(content))
    assert result.exit_code == 1 and "the control character U+0007" in result.output


def test_a_card_text_too_long_for_its_box_is_refused(content, tmp_path):
    """check measures every card text in the PDF's boxes; an import refuses one that would not fit, at the
    line of its msgstr, and writes nothing."""
    long = " ".join(["Zwiebelkuchen"] * 60)
    po = _po(content, tmp_path, {"mahlzeit:game:specials.apron.text": long,
                                 "mahlzeit:game:drinks.beer.gloss": "cerveja"})
    lines = po.read_text(encoding="utf-8").splitlines()
    ctx = lines.index('msgctxt "mahlzeit:game:specials.apron.text"')
    msgstr = next(n for n, line in enumerate(lines[ctx:], ctx + 1) if line.startswith("msgstr"))
    files = {p: p.read_bytes() for p in content.rglob("*.yaml")}
    result = invoke("i18n", "import", str(po), "--content", str(content))
    assert result.exit_code == 1, result.output
    assert f"ka.po:{msgstr}: mahlzeit:game:specials.apron.text: it would not print: on " in result.output
    assert "the rule text does not fit its box (" in result.output and "1 error(s)" in result.output
    assert "nothing was written" in result.output
    assert {p: p.read_bytes() for p in content.rglob("*.yaml")} == files
