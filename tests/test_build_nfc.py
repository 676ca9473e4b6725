"""Text is NFC from the loader on: a card named "Crème" with the accent as a combining character (NFD, as some
editors and macOS file names write it) gives the PDF of the precomposed "Crème", in the game's own typefaces
(an NFD name set every card in the fallback font before: the glyph check found no combining grave in Fredoka)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import unicodedata
from pathlib import Path

from pypdf import PdfReader

ROOT = Path(__file__).resolve().parents[1]
TISCHLEIN = str(Path(sys.executable).parent / "tischlein")
GAME = "schwarzwaelder-kirsch"
NAME = "Crème"


def _pdf_with_name(tmp_path: Path, form: str) -> Path:
    content = tmp_path / form / "content"
    shutil.copytree(ROOT / "content" / "games" / GAME, content / "games" / GAME, ignore=shutil.ignore_patterns("i18n"))
    game = content / "games" / GAME / "game.yaml"
    text = game.read_text(encoding="utf-8")
    assert "{id: eier, name: Eier," in text
    game.write_text(text.replace("{id: eier, name: Eier,", f"{{id: eier, name: {unicodedata.normalize(form, NAME)},"),
                    encoding="utf-8")
    target = tmp_path / form / "cards.pdf"
    done = subprocess.run([TISCHLEIN, "pdf", GAME, "--content", str(content), "--paper", "a4", "-o", str(target)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env=dict(os.environ, TMPDIR=str(tmp_path), TISCHLEIN_CACHE_DIR="off"))
    assert done.returncode == 0, done.stderr[-2000:]
    return target


def _fonts(pdf: Path) -> set[str]:
    found = set()
    for page in PdfReader(pdf).pages:
        for font in (page.get("/Resources", {}).get("/Font", {}) or {}).values():
            found.add(str(font.get_object().get("/BaseFont")).split("+")[-1])
    return found


def test_an_nfd_name_gives_the_pdf_of_its_nfc_form(tmp_path):
    assert unicodedata.normalize("NFD", NAME) != unicodedata.normalize("NFC", NAME)
    nfc, nfd = _pdf_with_name(tmp_path, "NFC"), _pdf_with_name(tmp_path, "NFD")
    assert not any("Roboto" in font for font in _fonts(nfc)), _fonts(nfc)
    assert _fonts(nfd) == _fonts(nfc)
    assert nfd.read_bytes() == nfc.read_bytes()
