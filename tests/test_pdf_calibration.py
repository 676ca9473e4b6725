"""The duplex calibration sheet is readable: every number and word on both pages at least 6 pt, and no two of them
overlap (the scales' numbers ran together at 4.5 pt every 2 mm, and Y's ±2 were left out), on A4 and Letter."""
from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from tischlein.content import loader
from tischlein.pdf import fonts
from tischlein.pdf.calibration import build_calibration
from tischlein.pdf.options import Options

CONTENT = Path(__file__).resolve().parents[1] / "content"


def _texts(reader: PdfReader, index: int) -> list[tuple[str, float, tuple[float, float, float, float]]]:
    """(text, size, box) of every run of text on a page (the sheet draws no rotated text)."""
    out = []

    def visit(text, cm, tm, font, size):
        text = text.strip()
        if not text:
            return
        a, b, c, d, e, f = tm
        A, B, C, D, E, F = cm
        x, y = e * A + f * C + E, e * B + f * D + F
        scale = (a * A + b * C)
        em = size * scale
        name = fonts.BOLD if "Bold" in str(font.get("/BaseFont", "")) else fonts.BODY
        out.append((text, em, (x, y - em * 0.2, x + fonts.width(text, name, em), y + em * 0.75)))

    fonts.register()
    reader.pages[index].extract_text(visitor_text=visit)
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_calibration_sheet_is_readable(paper, tmp_path):
    content = loader.load(CONTENT, ["mahlzeit"])
    reader = PdfReader(build_calibration(content, "mahlzeit", Options(paper=paper), tmp_path / "cal.pdf"))
    for page in range(2):
        texts = _texts(reader, page)
        assert texts
        for text, size, _ in texts:
            assert size >= 6 - 1e-6, (page + 1, text, size)
        for i, (t1, _, a) in enumerate(texts):
            for t2, _, b in texts[i + 1:]:
                overlap = a[0] < b[2] - 0.1 and b[0] < a[2] - 0.1 and a[1] < b[3] - 0.1 and b[1] < a[3] - 0.1
                assert not overlap, (page + 1, t1, t2)
    back = [t for t, _, _ in _texts(reader, 1)]
    for label in ("+4", "-4", "+8", "-8"):
        assert back.count(label) == 2 * sum(1 for t in back if t == "X"), label     # on X and on Y of each pair
