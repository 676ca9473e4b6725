"""Backs behind their fronts, read from the drawn PDF for every game and every way of printing backs (long-edge
and short-edge duplex, gutter fold): turn the sheet over as the printer or the fold does, and every point of each
back lands on the point of its front that lies behind it when the piece is turned over its own vertical axis (a
card over its long side). A shaped piece (Diced Veggies' cleaver) is drawn in its form's frame, so its outline on
the back then coincides with its front's."""
from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from pdf_helpers import placed_forms
from tischlein.content import loader
from tischlein.pdf import document
from tischlein.pdf.options import Options

CONTENT = Path(__file__).resolve().parents[1] / "content"
GAMES = ["diced-veggies", "mahlzeit", "schwarzwaelder-kirsch", "suppenkasper", "ta-na-mesa"]


@pytest.fixture(scope="module")
def content():
    return loader.load(CONTENT, GAMES)


def _placed(reader: PdfReader, index: int) -> list[tuple[str, tuple, tuple]]:
    """(form name, transformation matrix, the form's BBox) of every face or back form placed on a page."""
    forms = reader.pages[index]["/Resources"].get("/XObject", {})
    return [(name, ctm, tuple(float(v) for v in forms[key].get_object()["/BBox"]))
            for key, name, ctm in placed_forms(reader, index) if name.startswith(("face-", "back-"))]


def _apply(m, u, v):
    a, b, c, d, e, f = m
    return a * u + c * v + e, b * u + d * v + f


@pytest.mark.parametrize("duplex", ["long", "short", "fold"])
@pytest.mark.parametrize("game", GAMES)
def test_every_back_lies_behind_its_front(content, game, duplex, tmp_path):
    reader = PdfReader(document.build_pdf(content, game, Options(duplex=duplex), tmp_path / "file.pdf"))
    W, H = (float(v) for v in reader.pages[0].mediabox[2:])
    checked = set()
    for i in range(2, len(reader.pages)):
        here = _placed(reader, i)
        if duplex == "fold":
            fronts = [p for p in here if p[0].startswith("face-")]
            backs = [p for p in here if p[0].startswith("back-")]
            # a vertical fold has every back right of the page's centre line
            vertical = all(_apply(m, (b[0] + b[2]) / 2, (b[1] + b[3]) / 2)[0] > W / 2 for _, m, b in backs)
            over = (lambda x, y: (W - x, y)) if vertical else (lambda x, y: (x, H - y))
        else:
            if not any(p[0].startswith("back-") for p in here):
                continue
            fronts = [p for p in _placed(reader, i - 1) if p[0].startswith("face-")]
            backs = here
            over = (lambda x, y: (W - x, y)) if duplex == "long" else (lambda x, y: (x, H - y))
        if not backs:
            continue
        for name, mb, (x0, y0, x1, y1) in backs:
            w = x1 - x0
            samples = [(x0, y0), (x1, y0), (x0 + w * 0.2, y1), (x0 + w * 0.7, (y0 + y1) * 0.4)]
            # the back's point (u, v) lies behind the front's point (w - u, v) of the same piece
            matches = [fname for fname, mf, _ in fronts
                       if all(over(*_apply(mb, u, v)) == pytest.approx(_apply(mf, x0 + x1 - u, v), abs=0.01)
                              for u, v in samples)]
            assert len(matches) == 1, (game, duplex, i + 1, name)
            checked.add(matches[0].split("-")[1])
    assert checked
    if game == "diced-veggies":         # the shaped piece
        assert "cleaver" in checked
