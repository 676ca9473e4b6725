"""Any paper, any printer: every game's PDF on A4, US Letter and a custom paper, read back with pypdf (points).

* every piece's art runs the full bleed past its cut on every side that does not touch another piece's cut (butted
  pieces share that cut): read from each placement's trim (`re n`) and clip (`re W n`) rectangles;
* every crop mark, registration target and sheet label lies inside the printable area (the paper less the printer
  margin: 5 mm by default, or --printer-margin);
* every sheet printed double-sided carries registration targets, at the same spots on its back, and none of them
  touches the sheet's label on either side.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from pypdf import PdfReader

from pdf_helpers import MM, _apply, _track, operations
from tischlein.content import loader
from tischlein.pdf import document
from tischlein.pdf.options import Options
from tischlein.pdf.sheet.page import REG_RADIUS_MM

CONTENT = Path(__file__).resolve().parents[1] / "content"
GAMES = ["diced-veggies", "mahlzeit", "schwarzwaelder-kirsch", "suppenkasper", "ta-na-mesa"]
PAPERS = ["a4", "letter", "230x300"]
TOL = 0.02 * MM


@dataclass(frozen=True)
class Box:
    x0: float
    y0: float
    x1: float
    y1: float

    def hits(self, o: "Box") -> bool:
        return self.x0 < o.x1 and o.x0 < self.x1 and self.y0 < o.y1 and o.y0 < self.y1


@dataclass
class Sheet:
    pieces: list        # (form, trim Box, clip Box)
    strokes: list       # Box of each stroked segment
    targets: list       # (x, y) centres of the registration targets
    labels: list        # Box bounding each line of text


def _box(ctm, x, y, w, h) -> Box:
    (ax, ay), (bx, by) = _apply(ctm, x, y), _apply(ctm, x + w, y + h)
    return Box(min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))


def read_sheet(reader: PdfReader, index: int) -> Sheet:
    ctm, stack, sheet = (1, 0, 0, 1, 0, 0), [], Sheet([], [], [], [])
    rect = trim = clip = None
    path, subpaths, size, prev = [], [], 0.0, None
    for operands, op in operations(reader, index):
        op = op.decode() if isinstance(op, bytes) else op
        if op in ("q", "Q", "cm"):
            ctm = _track(op, operands, ctm, stack)
        elif op == "re":
            rect = _box(ctm, *(float(v) for v in operands))
        elif op in ("W", "W*"):
            clip = rect
        elif op == "n":
            if prev == "re":
                trim = rect
            path, subpaths = [], []
        elif op in ("f", "F", "f*", "B", "B*", "b", "b*"):
            path, subpaths = [], []
        elif op == "Do":
            name = str(operands[0]).split(".", 1)[-1]
            if name == "registration":
                sheet.targets.append(_apply(ctm, 0, 0))
            elif trim is not None and clip is not None:
                sheet.pieces.append((name, trim, clip))
            trim = clip = None
        elif op == "m":
            if path:
                subpaths.append(path)
            path = [_apply(ctm, float(operands[0]), float(operands[1]))]
        elif op == "Tf":
            size = float(operands[1])
        elif op == "Tm":
            # the sheet's label is the page's only text, a centred line: it starts half its width left of its
            # centre, so it spans from Tm's x to minus that
            a, b, c, d, e, f = (float(v) for v in operands)
            width = -2 * e if e < 0 else 0.0
            sheet.labels.append(_box(_mul_tm((a, b, c, d, e, f), ctm), 0, -size * 0.3, width, size * 1.3))
        elif op in ("c", "v", "y", "h"):
            path, subpaths = [], []     # curves and closed shapes are art, not marks
        elif op == "l":
            path.append(_apply(ctm, float(operands[0]), float(operands[1])))
        elif op in ("S", "s"):
            for (ax, ay), (bx, by) in [seg for sp in subpaths + [path] for seg in zip(sp, sp[1:])]:
                if min(abs(ax - bx), abs(ay - by)) > TOL:
                    continue            # a mark is a straight line across or along the sheet
                sheet.strokes.append(Box(min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)))
            path, subpaths = [], []
        prev = op
    return sheet


def _mul_tm(tm, ctm):
    a, b, c, d, e, f = tm
    a2, b2, c2, d2, e2, f2 = ctm
    return (a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2, e * a2 + f * c2 + e2,
            e * b2 + f * d2 + f2)


@pytest.fixture(scope="module")
def content():
    return loader.load(CONTENT, GAMES)


@pytest.fixture(scope="module")
def built(content, tmp_path_factory):
    out = tmp_path_factory.mktemp("paper")
    cache = {}

    def build(game: str, paper: str, **options) -> PdfReader:
        key = (game, paper, tuple(sorted(options.items())))
        if key not in cache:
            path = document.build_pdf(content, game, Options(paper=paper, **options), out / f"{len(cache)}.pdf")
            cache[key] = PdfReader(path)
        return cache[key]
    return build


def _sheets(reader: PdfReader) -> list[tuple[int, Sheet]]:
    out = []
    for i in range(2, len(reader.pages)):
        s = read_sheet(reader, i)
        if s.pieces:
            out.append((i, s))
    return out


def _touching(side: str, trim: Box, others) -> bool:
    """Whether another piece's cut lies on this side of `trim` (butted pieces share the cut, no bleed between)."""
    for o in others:
        if o is trim:
            continue
        across = (o.y0 < trim.y1 - TOL and trim.y0 < o.y1 - TOL) if side in "lr" else \
            (o.x0 < trim.x1 - TOL and trim.x0 < o.x1 - TOL)
        at = {"l": abs(o.x1 - trim.x0), "r": abs(o.x0 - trim.x1), "b": abs(o.y1 - trim.y0),
              "t": abs(o.y0 - trim.y1)}[side]
        if across and at < TOL:
            return True
    return False


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_every_piece_has_full_bleed_and_marks_stay_printable(built, game, paper):
    reader = built(game, paper)
    W, H = (float(v) for v in reader.pages[0].mediabox[2:])
    m, bleed = 5 * MM, 3 * MM
    printable = Box(m - TOL, m - TOL, W - m + TOL, H - m + TOL)
    arm = REG_RADIUS_MM * 1.3 * MM
    for i, s in _sheets(reader):
        trims = [t for _, t, _ in s.pieces]
        for form, trim, clip in s.pieces:
            if form.startswith("die-"):
                continue
            for side, past in (("l", trim.x0 - clip.x0), ("r", clip.x1 - trim.x1), ("b", trim.y0 - clip.y0),
                               ("t", clip.y1 - trim.y1)):
                if not _touching(side, trim, trims):
                    assert past >= bleed - TOL, (game, paper, i + 1, form, side, round(past / MM, 2))
        for stroke in s.strokes:
            assert printable.x0 <= stroke.x0 and stroke.x1 <= printable.x1, (game, paper, i + 1, stroke)
            assert printable.y0 <= stroke.y0 and stroke.y1 <= printable.y1, (game, paper, i + 1, stroke)
        for x, y in s.targets:
            assert m - TOL <= x - arm and x + arm <= W - m + TOL and m - TOL <= y - arm and y + arm <= H - m + TOL
        for label in s.labels:
            assert printable.x0 <= label.x0 and label.x1 <= printable.x1, (game, paper, i + 1, label)
            assert printable.y0 <= label.y0 and label.y1 <= printable.y1, (game, paper, i + 1, label)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_every_duplex_sheet_has_targets_clear_of_its_label(built, game, paper):
    reader = built(game, paper)
    W = float(reader.pages[0].mediabox[2])
    r = REG_RADIUS_MM * 1.3 * MM
    sheets = dict(_sheets(reader))
    backs = [i for i, s in sheets.items() if any(f.startswith("back-") for f, _, _ in s.pieces)]
    assert backs
    for i in backs:
        front, back = sheets[i - 1], sheets[i]
        assert front.targets, (game, paper, i, "no registration targets")
        assert sorted((round(W - x, 2), round(y, 2)) for x, y in front.targets) == \
            sorted((round(x, 2), round(y, 2)) for x, y in back.targets)
        for side in (front, back):
            assert side.labels, (game, paper, i)
            for x, y in side.targets:
                for label in side.labels:
                    assert not Box(x - r, y - r, x + r, y + r).hits(label), (game, paper, i, (x, y), label)


@pytest.mark.parametrize("game", ["diced-veggies", "mahlzeit", "ta-na-mesa"])
def test_a_wider_printer_margin_moves_every_mark_inside_it(built, game):
    """Card sheets, dice sheets and the tiles of a board larger than a sheet (Tá na Mesa's) alike."""
    reader = built(game, "letter", printer_margin_mm=6.35)
    W, H = (float(v) for v in reader.pages[0].mediabox[2:])
    m = 6.35 * MM
    for i in range(2, len(reader.pages)):
        s = read_sheet(reader, i)
        for b in s.strokes + s.labels:
            assert m - TOL <= b.x0 and b.x1 <= W - m + TOL and m - TOL <= b.y0 and b.y1 <= H - m + TOL, (i + 1, b)


@pytest.mark.parametrize("game", ["diced-veggies", "mahlzeit"])
def test_the_guide_and_the_sheet_labels_count_the_same_sheets(built, game):
    """'sheet 15 of 15' on the last label: the guide names that number where it differs from the sheets to print
    (Diced Veggies prints one of its two dice choices)."""
    reader = built(game, "a4")
    guide = " ".join(reader.pages[0].extract_text().split())
    total = int(re.search(r"sheet \d+ of (\d+)", reader.pages[-1].extract_text()).group(1))
    sheets = int(re.search(r"(\d+) sheets of paper in all", guide).group(1))
    numbered = re.search(r"sheet of pieces in this file, 1 to (\d+)", guide)
    assert total == (int(numbered.group(1)) if numbered else sheets), guide
    assert bool(numbered) == (game != "mahlzeit")
