"""Small text on the faces reads: every run of text drawn in a face or back form has a contrast of at least 4.5:1
(WCAG) with the fill painted under it, in every game, printed normally and in ink-saver mode.

The PDF is read back: each form's content stream is followed (q/Q/cm, fill colours), every filled path is kept with
its bounding box and colour, and a text run's ground is the last fill painted under a point inside its first glyph
(nested forms — icons, pictures — are not followed: the text is judged against the fill under them)."""
from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from tischlein.content import loader
from tischlein.pdf import document
from tischlein.pdf.options import Options

CONTENT = Path(__file__).resolve().parents[1] / "content"
GAMES = ["diced-veggies", "mahlzeit", "schwarzwaelder-kirsch", "suppenkasper", "ta-na-mesa"]
LEAST = 4.5


def _luminance(rgb) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _mul(m, n):
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2, e * a2 + f * c2 + e2,
            e * b2 + f * d2 + f2)


def _at(m, x, y):
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def text_grounds(reader: PdfReader, form) -> list[tuple[float, tuple, tuple]]:
    """(size in points, text colour, ground colour) of every run of text in a form whose ground is known."""
    ctm, stack, fill, fills, path, out = (1, 0, 0, 1, 0, 0), [], (0.0, 0.0, 0.0), [], [], []
    size, tm = 0.0, None
    for operands, op in ContentStream(form, reader).operations:
        op = op.decode() if isinstance(op, bytes) else op
        if op == "q":
            stack.append((ctm, fill))
        elif op == "Q":
            ctm, fill = stack.pop()
        elif op == "cm":
            ctm = _mul([float(v) for v in operands], ctm)
        elif op == "rg":
            fill = tuple(float(v) for v in operands)
        elif op == "g":
            fill = (float(operands[0]),) * 3
        elif op == "k":
            c, m, y, k = (float(v) for v in operands)
            fill = ((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))
        elif op == "re":
            x, y, w, h = (float(v) for v in operands)
            path += [_at(ctm, x, y), _at(ctm, x + w, y + h), _at(ctm, x + w, y), _at(ctm, x, y + h)]
        elif op in ("m", "l"):
            path.append(_at(ctm, float(operands[0]), float(operands[1])))
        elif op == "c":
            path += [_at(ctm, float(operands[i]), float(operands[i + 1])) for i in (0, 2, 4)]
        elif op in ("f", "F", "f*", "B", "B*", "b", "b*"):
            if path:
                xs, ys = [p[0] for p in path], [p[1] for p in path]
                fills.append(((min(xs), min(ys), max(xs), max(ys)), fill))
            path = []
        elif op in ("n", "S", "s"):
            path = []
        elif op == "Do":
            fills.append((None, None))      # a nested form: an icon or picture (its extent is not followed)
        elif op == "Tf":
            size = float(operands[1])
        elif op == "Tm":
            tm = [float(v) for v in operands]
        elif op in ("Tj", "TJ") and tm is not None:
            m = _mul(tm, ctm)
            x, y = _at(m, size * 0.6, size * 0.3)           # inside the run's first glyph
            for box, colour in reversed(fills):
                if box is None:
                    continue
                if box[0] <= x <= box[2] and box[1] <= y <= box[3]:
                    out.append((size * (m[0] ** 2 + m[1] ** 2) ** 0.5, fill, colour))
                    break
    return out


@pytest.fixture(scope="module")
def content():
    return loader.load(CONTENT, GAMES)


@pytest.mark.parametrize("ink_saver", [False, True])
@pytest.mark.parametrize("game", GAMES)
def test_text_on_every_face_has_contrast(content, game, ink_saver, tmp_path):
    reader = PdfReader(document.build_pdf(content, game, Options(ink_saver=ink_saver), tmp_path / "file.pdf"))
    seen, judged, low = set(), 0, []
    for page in reader.pages[2:]:
        forms = page["/Resources"].get("/XObject", {})
        for key in forms:
            name = key.split(".", 1)[-1]
            if name in seen or not name.startswith(("face-", "back-")):
                continue
            seen.add(name)
            for size, fg, bg in text_grounds(reader, forms[key].get_object()):
                judged += 1
                if contrast(fg, bg) < LEAST:
                    low.append((name, round(size, 1), fg, bg, round(contrast(fg, bg), 2)))
    assert judged > 20
    assert not low, low[:8]
