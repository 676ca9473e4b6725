"""Read back what the PDF builder drew: card placements, crop marks and fonts, in page coordinates (points); and the
fixtures of the PDF test files, which build their game's PDFs once and read them with pypdf.

Each card placement on a sheet is `q  x y w h re n  (clip) re W n  1 0 0 1 x y cm  /FormXob.<face> Do  Q`:
the unpainted `re n` path is the card's trim rectangle. Crop marks are the stroked `m`/`l` segments of the page
stream itself. A small interpreter follows q/Q/cm so a shifted back page (back offset) still reads correctly.

A PDF test file names its game in `GAME` and the editions to build in `EDITIONS` ([("en", "a4"), ...]) and imports
the fixtures it uses: `content` (its game's content alone), `built` (the PDF of each edition, by "en-a4"),
`readers` (each read with pypdf) and `pages` (each with every page read by read_page).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path

import pytest
from content_tools import load_game
from pypdf import PdfReader
from pypdf.generic import ContentStream

from tischlein.pdf import document
from tischlein.pdf.component import print_set
from tischlein.pdf.document import build_pdfs
from tischlein.pdf.errors import PdfBuildError
from tischlein.pdf.options import Options
from tischlein.pdf.texts import Texts
from tischlein.pdf.units import CARD_SIZES

MM = 72 / 25.4
FRONT_MATTER = 2            # print guide + credits: card sheets start on page 3


# --- fixtures ---------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def content(game_id):
    """The content of the file's GAME alone (plus the UI strings), so that other games' work in progress cannot
    interfere; it loads without errors."""
    return load_game(game_id)


@pytest.fixture(scope="module")
def built(request, content, game_id, tmp_path_factory) -> dict[str, Path]:
    """The game's PDF in each of the file's EDITIONS, built once with the default options where `tischlein pdf`
    writes them (output/pdf/<game>/<game>-<lang>-<paper>.pdf), by "<lang>-<paper>"."""
    out = tmp_path_factory.mktemp("pdf")
    return {f"{lang}-{paper}": build_pdfs(content, game_id, [lang], [paper], out)[0]
            for lang, paper in request.module.EDITIONS}


@pytest.fixture(scope="module")
def readers(built) -> dict[str, PdfReader]:
    return {key: PdfReader(path) for key, path in built.items()}


@pytest.fixture(scope="module")
def pages(readers) -> dict[str, tuple[PdfReader, list]]:
    """Each edition's reader and every page of it read by read_page: (placements, segments)."""
    return {key: (reader, [read_page(reader, i) for i in range(len(reader.pages))]) for key, reader in readers.items()}


# --- text that does not fit ------------------------------------------------------------------------------------

def printed_set(content, game_id: str, opts: Options):
    """The print set as the PDF of `opts` prints it: the game's pieces and the blank spares that fill the room on
    its last sheets (pdf/spares.py) where they leave the print guide on one page."""
    ps = print_set(content, game_id, opts.lang, opts.card)
    return document.laid_out(ps, opts, Texts(content.games[game_id].ui, opts.lang))[0]


def spare_fronts(reader: PdfReader) -> int:
    """How many blank spare cards the PDF prints (their fronts)."""
    return sum(p.form == "face-spare" for i in range(len(reader.pages)) for p in read_page(reader, i)[0])


def assert_face_does_not_fit(content, game_id: str, face: str, match: str, tmp_path: Path, **keywords) -> None:
    """Drawn with `keywords` (a text too long for it), the face fails the English A4 build with a PdfBuildError
    matching `match`, and nothing is written: neither the PDF nor a temporary file."""
    ps = print_set(content, game_id, "en", CARD_SIZES["poker"])
    draw = ps.faces[face]
    ps.faces[face] = partial(draw.func, **{**draw.keywords, **keywords})
    target = tmp_path / f"{game_id}.pdf"
    with pytest.raises(PdfBuildError, match=match):
        document.render(ps, Options(), target, Texts(content.ui, "en"))
    assert not target.exists() and not list(tmp_path.glob("*.tmp"))


def assert_game_text_does_not_fit(content, game_id: str, key: str, text: str, match: str, tmp_path: Path,
                                  monkeypatch) -> None:
    """With the game text `key` replaced by `text` (too long for its face), `build_pdfs` fails with a PdfBuildError
    matching `match` and writes no PDF."""
    real = Texts.game_text
    monkeypatch.setattr(Texts, "game_text", lambda self, k: text if k == key else real(self, k))
    with pytest.raises(PdfBuildError, match=match):
        build_pdfs(content, game_id, ["en"], ["a4"], tmp_path)
    assert not list(tmp_path.rglob("*.pdf"))


# --- reading pages ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Placement:
    form: str                 # "face-dish-kloesse-1", "back-light"
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class Segment:
    x0: float
    y0: float
    x1: float
    y1: float


def _mul(m, n):
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2,
            e * a2 + f * c2 + e2, e * b2 + f * d2 + f2)


def _apply(m, x, y):
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def operations(reader: PdfReader, page_index: int):
    page = reader.pages[page_index]
    return ContentStream(page.get_contents(), reader).operations


def read_page(reader: PdfReader, page_index: int) -> tuple[list[Placement], list[Segment]]:
    """Card placements (trim rectangle + form name) and stroked line segments of one page."""
    ctm = (1, 0, 0, 1, 0, 0)
    stack = []
    placements: list[Placement] = []
    segments: list[Segment] = []
    pending_rect = None          # last `re` in page coordinates
    trim = None                  # the last unpainted rectangle
    path: list[tuple[float, float]] = []
    subpaths: list[list[tuple[float, float]]] = []
    prev = None
    for operands, op in operations(reader, page_index):
        op = op.decode() if isinstance(op, bytes) else op
        if op in ("q", "Q", "cm"):
            ctm = _track(op, operands, ctm, stack)
        elif op == "re":
            x, y, w, h = (float(v) for v in operands)
            x0, y0 = _apply(ctm, x, y)
            x1, y1 = _apply(ctm, x + w, y + h)
            pending_rect = (min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))
        elif op == "n":
            if prev == "re" and pending_rect is not None:      # `re n`: a trim marker (not `re W n`)
                trim = pending_rect
            pending_rect = None
            path, subpaths = [], []
        elif op == "Do":
            name = str(operands[0]).lstrip("/")
            if name.startswith("FormXob."):
                name = name[len("FormXob."):]
            if trim is not None:
                placements.append(Placement(name, *trim))
                trim = None
        elif op == "m":
            if path:
                subpaths.append(path)
            path = [_apply(ctm, float(operands[0]), float(operands[1]))]
        elif op == "l":
            path.append(_apply(ctm, float(operands[0]), float(operands[1])))
        elif op in ("S", "s"):
            if path:
                subpaths.append(path)
            for sp in subpaths:
                for (ax, ay), (bx, by) in zip(sp, sp[1:]):
                    segments.append(Segment(ax, ay, bx, by))
            path, subpaths = [], []
        elif op in ("f", "F", "f*", "B", "B*", "b", "b*"):
            path, subpaths = [], []
        prev = op
    return placements, segments


def unpainted_rects(reader: PdfReader, page_index: int) -> list[tuple[float, float, float, float]]:
    """Every unpainted rectangle (`re n`, not a clip `re W n`) of a page in page coordinates, whatever follows it:
    the panel markers of a tuck box (pdf/tuckbox.py), turned or not."""
    ctm, stack, out, pending, prev = (1, 0, 0, 1, 0, 0), [], [], None, None
    for operands, op in operations(reader, page_index):
        op = op.decode() if isinstance(op, bytes) else op
        if op in ("q", "Q", "cm"):
            ctm = _track(op, operands, ctm, stack)
        elif op == "re":
            x, y, w, h = (float(v) for v in operands)
            (x0, y0), (x1, y1) = _apply(ctm, x, y), _apply(ctm, x + w, y + h)
            pending = (min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))
        elif op == "n":
            if prev == "re" and pending is not None:
                out.append(pending)
            pending = None
        prev = op
    return out


def _track(op: str, operands, ctm, stack):
    """The graphics state's matrix after q, Q or cm."""
    if op == "q":
        stack.append(ctm)
        return ctm
    if op == "Q":
        return stack.pop()
    return _mul(tuple(float(v) for v in operands), ctm)


def sheets(reader: PdfReader, first: int = FRONT_MATTER):
    """Every sheet of cards from page `first` on, printed for long-edge duplex: (front placements, front crop marks,
    back placements)."""
    pages = list(range(first, len(reader.pages)))
    assert len(pages) % 2 == 0, "every sheet has a front and a back page"
    return [(*read_page(reader, i), read_page(reader, i + 1)[0]) for i in pages[::2]]


def segment_touches_rect(s: Segment, x: float, y: float, w: float, h: float, tol: float = 0.0) -> bool:
    """True if the (axis-aligned) segment's bounding box overlaps the rectangle's interior or edge."""
    sx0, sx1 = sorted((s.x0, s.x1))
    sy0, sy1 = sorted((s.y0, s.y1))
    return sx1 >= x - tol and sx0 <= x + w + tol and sy1 >= y - tol and sy0 <= y + h + tol


def fonts_of(reader: PdfReader) -> dict[str, object]:
    """Every font dictionary reachable from the pages and their form XObjects, by object id."""
    found: dict[str, object] = {}
    seen: set[int] = set()

    def visit(resources) -> None:
        if resources is None:
            return
        resources = resources.get_object()
        for font in (resources.get("/Font") or {}).values():
            ref = font.indirect_reference if hasattr(font, "indirect_reference") else None
            obj = font.get_object()
            found[str(ref or id(obj))] = obj
        for xobj in (resources.get("/XObject") or {}).values():
            obj = xobj.get_object()
            key = id(obj) if xobj.indirect_reference is None else xobj.indirect_reference.idnum
            if key in seen:
                continue
            seen.add(key)
            if obj.get("/Subtype") == "/Form":
                visit(obj.get("/Resources"))

    for page in reader.pages:
        visit(page.get("/Resources"))
    return found


def form_operations(reader: PdfReader, page_index: int, form: str, digits: int = 2) -> list[str]:
    """The operators of one form XObject used on a page, rounded, one per line."""
    xobjects = reader.pages[page_index]["/Resources"]["/XObject"]
    obj = xobjects["/FormXob." + form].get_object()
    return dump(ContentStream(obj, reader).operations, digits)


def dump(ops, digits: int = 2) -> list[str]:
    out = []
    for operands, op in ops:
        op = op.decode() if isinstance(op, bytes) else op
        args = []
        for v in operands:
            if isinstance(v, (int, float)) or type(v).__name__ in ("FloatObject", "NumberObject"):
                r = round(float(v), digits)
                args.append(f"{r:g}" if r != int(r) else str(int(r)))
            else:
                args.append(str(v))
        out.append(" ".join([*args, op]))
    return out


def overlapping_glyphs(path: Path, share: float = 0.25) -> list[tuple[int, str, str, tuple[float, float]]]:
    """Pairs of letters printed over each other: (page number, letter, other letter, where), for every pair whose
    boxes overlap by more than `share` of the smaller one (kerning, an 'ij', stays below it). Text set over text
    (a label on a banner, a line running out of its box into the next) shows here."""
    import pypdfium2 as pdfium
    found = []
    for number, page in enumerate(pdfium.PdfDocument(str(path)), 1):
        text = page.get_textpage()
        glyphs = sorted(((text.get_text_range(k, 1), text.get_charbox(k)) for k in range(text.count_chars())
                         if text.get_text_range(k, 1).strip()), key=lambda g: g[1][0])
        for i, (char, (l1, b1, r1, t1)) in enumerate(glyphs):
            for other, (l2, b2, r2, t2) in glyphs[i + 1:]:
                if l2 >= r1:
                    break
                overlap = max(0.0, min(r1, r2) - l2) * max(0.0, min(t1, t2) - max(b1, b2))
                if overlap > share * min((r1 - l1) * (t1 - b1), (r2 - l2) * (t2 - b2)):
                    found.append((number, char, other, (round(l1), round(b1))))
    return found


def placed_forms(reader, index: int) -> list[tuple[str, str, tuple]]:
    """(resource key, form name, current transformation matrix) of every form XObject drawn on a page, in order."""
    ctm, stack, out = (1, 0, 0, 1, 0, 0), [], []
    for operands, op in ContentStream(reader.pages[index].get_contents(), reader).operations:
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            a, b, c, d, e, f = (float(v) for v in operands)
            A, B, C, D, E, F = ctm
            ctm = (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)
        elif op == b"Do":
            key = str(operands[0])
            out.append((key, key.split(".", 1)[-1], ctm))
    return out
