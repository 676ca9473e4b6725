"""DriveThruCards' decks are PDF/X-1a:2003 files, and their CMYK prints as the cards look on screen.

DriveThruCards' publisher help asks for PDF/X-1a:2003 with U.S. Web Coated (SWOP) v2. No PDF/X validator runs
here (veraPDF checks PDF/A, Acrobat's preflight is not free), so `pdfx_problems` reads, with pypdf, each
requirement of the standard that such a file can break, the way a preflight lists them: the version, the output
intent, the information keys, the document ID, the page boxes, colour operators and colour spaces in every content
stream and form, transparency, images, fonts, annotations and actions. How the CMYK looks is judged through PDFium,
which shows CMYK as Adobe's SWOP conversion does: the cards must look like The Game Crafter's RGB images of them.
"""
from __future__ import annotations

import io
import zipfile

import pytest
import pypdfium2 as pdfium
from content_tools import load_game
from PIL import Image, ImageChops, ImageStat
from pypdf import PdfReader
from pypdf.generic import ContentStream
from reportlab.pdfgen.canvas import Canvas

from tischlein import games
from tischlein.pdf import cmyk, pdfx
from tischlein.pdf.errors import PdfBuildError
from tischlein.pdf.export import export_game

GAMES = sorted(games.specs())
COLOUR_OPERATORS = {b"rg", b"RG", b"sc", b"SC", b"scn", b"SCN", b"cs", b"CS"}    # RGB, or a colour space set
INLINE_OR_SHADED = {b"BI", b"sh"}


def pdfx_problems(reader: PdfReader) -> list[str]:
    problems = []
    if reader.pdf_header > "%PDF-1.4":
        problems.append(f"version {reader.pdf_header}")
    info = reader.trailer["/Info"].get_object()
    problems += [f"no {key} in the document information" for key in ("/Title", "/CreationDate", "/ModDate")
                 if not info.get(key)]
    if info.get("/GTS_PDFXVersion") != "PDF/X-1a:2003":
        problems.append(f"GTS_PDFXVersion {info.get('/GTS_PDFXVersion')!r}")
    if info.get("/Trapped") not in ("/True", "/False"):
        problems.append("Trapped is neither True nor False")
    if "/ID" not in reader.trailer:
        problems.append("no document ID")
    root = reader.trailer["/Root"].get_object()
    intents = [i.get_object() for i in root.get("/OutputIntents", []) if i.get_object().get("/S") == "/GTS_PDFX"]
    if len(intents) != 1:
        problems.append(f"{len(intents)} PDF/X output intents")
    elif not intents[0].get("/OutputConditionIdentifier") or not (
            intents[0].get("/DestOutputProfile") or intents[0].get("/RegistryName")):
        problems.append("output intent without a condition, or neither a profile nor a registry")
    problems += [f"document {key}" for key in ("/OpenAction", "/AA", "/AcroForm") if key in root]
    if "/JavaScript" in (root.get("/Names") or {}):
        problems.append("JavaScript")
    seen: set[int] = set()

    def walk(stream, resources, where: str) -> None:
        for _, op in ContentStream(stream, reader).operations:
            if op in COLOUR_OPERATORS | INLINE_OR_SHADED:
                problems.append(f"{where}: operator {op.decode()}")
        resources = resources.get_object() if resources is not None else {}
        for name, state in (resources.get("/ExtGState") or {}).items():
            state = state.get_object()
            if any(float(state.get(key, 1)) != 1 for key in ("/CA", "/ca")) or \
                    state.get("/SMask", "/None") != "/None" or state.get("/BM", "/Normal") not in ("/Normal",
                                                                                                    "/Compatible"):
                problems.append(f"{where}: transparency in {name}")
        if resources.get("/ColorSpace"):
            problems.append(f"{where}: colour spaces {list(resources['/ColorSpace'])}")
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            if id(font) in seen:
                continue
            seen.add(id(font))
            descriptor = font.get("/FontDescriptor")
            if descriptor is None and "/DescendantFonts" in font:
                descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            if descriptor is None or not any(k in descriptor.get_object() for k in ("/FontFile", "/FontFile2",
                                                                                    "/FontFile3")):
                problems.append(f"font {font.get('/BaseFont')} not embedded")
        for name, xobject in (resources.get("/XObject") or {}).items():
            ref = xobject.idnum
            xobject = xobject.get_object()
            if ref in seen:
                continue
            seen.add(ref)
            if xobject.get("/Subtype") == "/Image":
                problems.append(f"{where}: image {name}")        # faces are vector: an image is a stray
            elif "/Group" in xobject:
                problems.append(f"{where}: transparency group {name}")
            else:
                walk(xobject, xobject.get("/Resources"), name)

    for i, page in enumerate(reader.pages):
        if "/TrimBox" not in page:         # before reading page.trimbox: pypdf's getter fills a missing box in
            problems.append(f"page {i + 1}: no TrimBox")
        media, bleed, trim = ([float(v) for v in box] for box in (page.mediabox, page.bleedbox, page.trimbox))
        if not (_inside(trim, bleed) and _inside(bleed, media)):
            problems.append(f"page {i + 1}: boxes not nested")
        problems += [f"page {i + 1}: {key}" for key in ("/Annots", "/Group", "/AA") if key in page]
        walk(page.get_contents(), page.get("/Resources"), f"page {i + 1}")
    return problems


def _inside(a, b) -> bool:
    return a[0] >= b[0] and a[1] >= b[1] and a[2] <= b[2] and a[3] <= b[3]


@pytest.fixture(scope="module")
def zips(tmp_path_factory) -> dict[str, dict[str, bytes]]:
    """Every game's DriveThruCards and The Game Crafter zips (English), as {zip name: {entry: bytes}}."""
    out = tmp_path_factory.mktemp("shops")
    found = {}
    for game_id in GAMES:
        for path in export_game(load_game(game_id), game_id, "en", ["dtc", "tgc"], out):
            with zipfile.ZipFile(path) as zf:
                found[path.name] = {name: zf.read(name) for name in zf.namelist()}
    return found


def _dtc(zips) -> dict[str, bytes]:
    return {name: pdf for entries in zips.values() for name, pdf in entries.items() if name.endswith(".pdf")}


def test_every_games_drivethrucards_decks_are_pdf_x_1a(zips):
    pdfs = _dtc(zips)
    assert {name.split("-en-")[0] for name in pdfs} == set(GAMES)
    for name, data in pdfs.items():
        assert pdfx_problems(PdfReader(io.BytesIO(data))) == [], name


def test_no_colour_in_a_drivethrucards_deck_takes_more_than_240_percent_ink(zips):
    """DriveThruCards: "die Farbdeckung darf 240% nicht überschreiten" (its card specification)."""
    most = 0.0
    for data in _dtc(zips).values():
        reader = PdfReader(io.BytesIO(data))
        streams = [page.get_contents() for page in reader.pages]
        streams += [x.get_object() for page in reader.pages
                    for x in (page["/Resources"].get("/XObject") or {}).values()]
        for stream in streams:
            for operands, op in ContentStream(stream, reader).operations:
                if op in (b"k", b"K"):
                    most = max(most, sum(float(v) for v in operands))
    assert 1.5 < most <= 2.4 + 1e-9          # dark colours come near the limit and none goes past it


def test_the_checker_finds_what_an_ordinary_card_pdf_breaks(tmp_path):
    """A PDF like the print-and-play one (RGB, no output intent, no PDF/X key, a see-through fill) fails."""
    c = Canvas(str(tmp_path / "rgb.pdf"), pagesize=(200, 200))
    c.setFillColorRGB(0.9, 0.4, 0.6)
    c.setFillAlpha(0.5)
    c.rect(10, 10, 100, 100, fill=1)
    c.save()
    problems = " / ".join(pdfx_problems(PdfReader(tmp_path / "rgb.pdf")))
    for expected in ("GTS_PDFXVersion", "0 PDF/X output intents", "operator rg", "transparency", "no TrimBox"):
        assert expected in problems


def test_the_cmyk_cards_look_like_the_rgb_cards_through_a_swop_conversion(zips):
    """Page 1 of a DriveThruCards PDF is the back, page 2 the first card: The Game Crafter's back.png and first
    front are the same card at the same size (2.75 × 3.75 in at 300 dpi) in RGB. The plain K = 1 − max(R, G, B)
    conversion misses by 6–18 levels on average on Suppenkasper's cards (its pink prints salmon)."""
    compared = 0
    for name, entries in zips.items():
        if "-dtc-" not in name:
            continue
        tgc = zips[name.replace("-dtc-", "-tgc-")]
        pdf = pdfium.PdfDocument(next(data for entry, data in entries.items() if entry.endswith(".pdf")))
        front = next(entry for entry in sorted(tgc) if entry.startswith("front-"))
        for page, entry in ((0, "back.png"), (1, front)):
            rgb = Image.open(io.BytesIO(tgc[entry])).convert("RGB")
            shown = pdf[page].render(scale=300 / 72).to_pil().convert("RGB").crop((0, 0, *rgb.size))
            worst_channel = max(ImageStat.Stat(ImageChops.difference(shown, rgb)).mean)
            assert worst_channel < 5, (name, entry, worst_channel)
            compared += 1
    assert compared >= 2 * len(GAMES)


@pytest.mark.parametrize("hex_", ["#ef6f9c", "#3b2417", "#fbf6e6", "#e2a72e", "#4a7c3a", "#2e86c1", "#c0392b"])
def test_a_colour_swop_can_print_comes_back_within_three_levels(hex_):
    ink = cmyk.convert(hex_)
    shown = cmyk._press().show(ink)
    target = [int(hex_[i:i + 2], 16) for i in (1, 3, 5)]
    assert max(abs(round(s * 255) - t) for s, t in zip(shown, target)) <= 3, ink
    assert sum(ink) <= cmyk.INK_LIMIT


@pytest.mark.parametrize("hex_", ["#000000", "#333333", "#808080", "#f0f0f0", "#ffffff"])
def test_greys_go_on_the_black_plate_alone(hex_):
    c, m, y, k = cmyk.convert(hex_)
    assert (c, m, y) == (0, 0, 0)
    assert 0 <= k <= 1


@pytest.mark.parametrize("limit", [cmyk.INK_LIMIT, 2.4])
def test_no_colour_takes_more_ink_than_the_limit(limit):
    for hex_ in ("#00ff00", "#0000ff", "#ff0000", "#100000", "#001010", "#ff00ff", "#3b2417"):
        assert sum(cmyk.convert(hex_, limit)) <= limit + 1e-9, hex_


def test_a_face_that_asks_for_transparency_is_refused_with_a_reason(tmp_path):
    c = Canvas(str(tmp_path / "x.pdf"))
    pdfx.conform(c, pdfx.Conformance("x"))
    with pytest.raises(PdfBuildError, match="no transparency.*palette.over"):
        c.setFillAlpha(0.4)
    with pytest.raises(PdfBuildError, match="no transparency"):
        c.setFillColorRGB(1, 0, 0, alpha=0.5)
