"""Read back what the PDF builder drew: card placements, crop marks and fonts, in page coordinates (points).

Each card placement on a sheet is `q  x y w h re n  (clip) re W n  1 0 0 1 x y cm  /FormXob.<face> Do  Q`:
the unpainted `re n` path is the card's trim rectangle. Crop marks are the stroked `m`/`l` segments of the page
stream itself. A small interpreter follows q/Q/cm so a shifted back page (back offset) still reads correctly.
"""
from __future__ import annotations

from dataclasses import dataclass

from pypdf import PdfReader
from pypdf.generic import ContentStream

MM = 72 / 25.4


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
        if op == "q":
            stack.append(ctm)
        elif op == "Q":
            ctm = stack.pop()
        elif op == "cm":
            ctm = _mul(tuple(float(v) for v in operands), ctm)
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
