"""Printing options on the Mahlzeit PDF, checked in points with pypdf: gutter fold, back offset in every mode,
Duplex viewer preferences, full-length crop marks, ink saver, the calibration sheet, --help."""
from __future__ import annotations

import pytest
from click.testing import CliRunner
from content_tools import CONTENT
from pdf_helpers import FRONT_MATTER, MM, placed_forms, printed_set, read_page, segment_touches_rect, spare_fronts
from pdf_helpers import content  # noqa: F401  (fixture)
from pypdf import PdfReader
from pypdf.generic import ContentStream

from tischlein.cli import main
from tischlein.pdf import document, sheet
from tischlein.pdf.calibration import CROSS_MM, SCALE_MM, build_calibration
from tischlein.pdf.errors import PdfBuildError
from tischlein.pdf.options import Options
from tischlein.pdf.units import CARD_SIZES, PAPERS

GAME = "mahlzeit"
CARD_W, CARD_H = 63 * MM, 88 * MM
CARDS = 110


@pytest.fixture(scope="module")
def build(content, tmp_path_factory):
    out = tmp_path_factory.mktemp("options")
    cache: dict[Options, PdfReader] = {}

    def get(**kwargs) -> PdfReader:
        opts = Options(**kwargs)
        if opts not in cache:
            cache[opts] = PdfReader(document.build_pdf(content, "mahlzeit", opts, out / opts.file_name("mahlzeit")))
        return cache[opts]
    return get


def card_pages(reader: PdfReader):
    return range(FRONT_MATTER, len(reader.pages))


def size(reader: PdfReader) -> tuple[float, float]:
    box = reader.pages[0].mediabox
    return float(box.width), float(box.height)


# --- gutter fold ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_fold_backs_mirror_their_fronts_across_the_fold(build, content, paper):
    reader = build(paper=paper, duplex="fold")
    W, H = size(reader)
    back_of_face = {p.face: p.back for p in printed_set(content, GAME, Options(paper=paper, duplex="fold")).pieces()}
    fronts_total = backs_total = 0
    for i in card_pages(reader):
        placements, segments = read_page(reader, i)
        fronts = [p for p in placements if p.form.startswith("face-")]
        backs = {(round(p.x, 2), round(p.y, 2)): p for p in placements if p.form.startswith("back-")}
        assert fronts and len(backs) == len(fronts)
        # the fold line: the one long segment on the page's centre line
        folds = [s for s in segments if abs(s.x1 - s.x0) + abs(s.y1 - s.y0) > 100 * MM]
        assert len(folds) == 1, folds
        fold = folds[0]
        vertical = fold.x0 == pytest.approx(fold.x1)
        assert (fold.x0 if vertical else fold.y0) == pytest.approx(W / 2 if vertical else H / 2, abs=0.01)
        for f in fronts:
            if vertical:
                expected = (round(W - f.x - f.w, 2), round(f.y, 2))
                gap = W / 2 - (f.x + f.w)          # fronts on the left
            else:
                expected = (round(f.x, 2), round(H - f.y - f.h, 2))
                gap = f.y - H / 2                  # fronts on top
            # at least 5 mm between the fold and the bleed (3 mm) of every card
            assert gap >= (5 + 3) * MM - 0.01, (i + 1, f)
            assert expected in backs, f"page {i + 1}: no back where {f} lands when folded"
            assert backs[expected].form == f"back-{back_of_face[f.form[len('face-'):]]}"
            assert (backs[expected].w, backs[expected].h) == pytest.approx((f.w, f.h), abs=0.01)
        fronts_total += len(fronts)
        backs_total += len(backs)
        # crop marks (all segments but the fold) stay off every card, and off the fold line
        for s in segments:
            if s is fold:
                continue
            for p in placements:
                assert not segment_touches_rect(s, p.x, p.y, p.w, p.h), (i + 1, s, p)
            assert not segment_touches_rect(s, fold.x0, fold.y0, fold.x1 - fold.x0, fold.y1 - fold.y0)
    assert fronts_total == backs_total == CARDS + spare_fronts(reader)
    assert len(reader.pages) == FRONT_MATTER + len(card_pages(reader))


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("card", sorted(CARD_SIZES))
def test_every_fold_layout_keeps_margins_and_the_gutter(paper, card):
    layout = sheet.plan_fold(PAPERS[paper], CARD_SIZES[card], 3)
    W, H = layout.page_w, layout.page_h
    fold = layout.fold_line
    assert layout.fold in ("vertical", "horizontal") and layout.cells
    cells = list(layout.cells) + [layout.back_cell(c, "fold") for c in layout.cells]
    size = CARD_SIZES[card]
    for cell in cells:
        k = cell.clip
        expected = (size.height, size.width) if layout.rotated else (size.width, size.height)
        assert (cell.trim.w, cell.trim.h) == pytest.approx(expected)          # never scaled
        assert min(k.x, k.y, W - k.x1, H - k.y1) >= 5 * MM - 1e-6
        gap = min(abs(k.x - fold.x0), abs(k.x1 - fold.x0)) if layout.fold == "vertical" else \
            min(abs(k.y - fold.y0), abs(k.y1 - fold.y0))
        assert gap >= 5 * MM - 1e-6, (paper, card, cell)
    for a in cells:                        # no two cards (with their bleed) overlap
        for b in cells:
            if a is not b:
                assert a.clip.x1 <= b.clip.x + 1e-6 or b.clip.x1 <= a.clip.x + 1e-6 or \
                    a.clip.y1 <= b.clip.y + 1e-6 or b.clip.y1 <= a.clip.y + 1e-6
    for full in (False, True):
        for line in layout.marks_for(len(layout.cells), full):
            for cell in cells:
                t = cell.trim
                assert not (min(line.x0, line.x1) <= t.x1 and max(line.x0, line.x1) >= t.x and
                            min(line.y0, line.y1) <= t.y1 and max(line.y0, line.y1) >= t.y)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("card", sorted(CARD_SIZES))
@pytest.mark.parametrize("fold", [False, True])
def test_every_card_and_its_bleed_lie_inside_the_grid(paper, card, fold):
    """The crop marks start outside `outer`, so no card's bleed may reach beyond it (a card of a 'separate'
    grid sits in the middle of its pitch)."""
    plan = sheet.plan_fold if fold else sheet.plan
    layout = plan(PAPERS[paper], CARD_SIZES[card], 3)
    g = layout.outer
    for cell in layout.cells:
        k = cell.clip
        assert g.x - 1e-6 <= k.x and k.x1 <= g.x1 + 1e-6 and g.y - 1e-6 <= k.y and k.y1 <= g.y1 + 1e-6, cell


def _form_matrices(reader: PdfReader, index: int) -> list[tuple[str, tuple]]:
    """(form name, current transformation matrix) of every form placed on a page."""
    return [(name, ctm) for _, name, ctm in placed_forms(reader, index)]


def _apply(m, u, v):
    a, b, c, d, e, f = m
    return a * u + c * v + e, b * u + d * v + f


@pytest.mark.parametrize("paper,card,fold,rotated", [
    ("a4", "poker", "horizontal", True), ("letter", "poker", "vertical", True),
    ("letter", "euro", "horizontal", True), ("a4", "tarot", "vertical", False)])
def test_fold_backs_read_upright_when_the_card_is_turned_over(build, paper, card, fold, rotated):
    """Fold the sheet (reflect across the fold line), then turn the card over its long side (u -> w - u in the
    card's own coordinates): every point of a back must land on the same point of its front."""
    layout = sheet.plan_fold(PAPERS[paper], CARD_SIZES[card], 3)
    assert (layout.fold, layout.rotated) == (fold, rotated)
    reader = build(paper=paper, card_size=card, duplex="fold")
    W, H = size(reader)
    w, h = CARD_SIZES[card].width, CARD_SIZES[card].height

    def folded(x, y):
        return (W - x, y) if fold == "vertical" else (x, H - y)

    samples = [(0, 0), (w, 0), (w * 0.25, h * 0.8)]
    for i in (FRONT_MATTER, len(reader.pages) - 1):
        placed = _form_matrices(reader, i)
        fronts = [m for name, m in placed if name.startswith("face-")]
        backs = [m for name, m in placed if name.startswith("back-")]
        assert fronts and len(fronts) == len(backs)
        for mf in fronts:
            matches = [mb for mb in backs
                       if all(folded(*_apply(mb, u, v)) == pytest.approx(_apply(mf, w - u, v), abs=0.01)
                              for u, v in samples)]
            assert len(matches) == 1, (paper, card, mf)


# --- back offset and viewer preferences -------------------------------------------------------------------------

def _backs(reader: PdfReader, duplex: str) -> list[tuple[float, float, str]]:
    out = []
    for i in card_pages(reader):
        out += [(p.x, p.y, p.form) for p in read_page(reader, i)[0] if p.form.startswith("back-")]
    return out


@pytest.mark.parametrize("duplex", ["long", "short", "fold"])
def test_back_offset_shifts_every_back(build, duplex):
    plain = _backs(build(duplex=duplex), duplex)
    shifted = _backs(build(duplex=duplex, back_offset_mm=(1.5, -0.75)), duplex)
    assert len(plain) == len(shifted) == CARDS + spare_fronts(build(duplex=duplex))
    for (x0, y0, f0), (x1, y1, f1) in zip(plain, shifted):
        assert f0 == f1
        assert x1 - x0 == pytest.approx(1.5 * MM, abs=0.01)
        assert y1 - y0 == pytest.approx(-0.75 * MM, abs=0.01)


def test_back_offset_leaves_fronts_alone(build):
    def fronts(reader):
        return [(round(p.x, 3), round(p.y, 3)) for i in card_pages(reader) for p in read_page(reader, i)[0]
                if p.form.startswith("face-")]
    assert fronts(build(duplex="fold")) == fronts(build(duplex="fold", back_offset_mm=(1.5, -0.75)))


@pytest.mark.parametrize("duplex,expected", [("long", "/DuplexFlipLongEdge"), ("short", "/DuplexFlipShortEdge"),
                                             ("fold", "/Simplex"), ("none", "/Simplex")])
def test_duplex_viewer_preference_matches_the_mode(build, duplex, expected):
    prefs = build(duplex=duplex).trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/Duplex"] == expected
    assert prefs["/PrintScaling"] == "/None"


# --- crop marks -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_full_crop_marks_reach_the_printer_margin_and_never_a_card(build, paper):
    reader = build(paper=paper, crop_marks="full")
    short = build(paper=paper)
    W, H = size(reader)
    for i in card_pages(reader):
        placements, segments = read_page(reader, i)
        xs = {round(v, 2) for p in placements for v in (p.x, p.x + p.w)}
        ys = {round(v, 2) for p in placements for v in (p.y, p.y + p.h)}
        for s in segments:
            for p in placements:
                assert not segment_touches_rect(s, p.x, p.y, p.w, p.h), (i + 1, s, p)
            assert round(s.x0, 2) in xs if s.x0 == s.x1 else round(s.y0, 2) in ys
            # each full mark runs to the printer margin (5 mm from the paper edge), no further: it is printed
            outer = min(s.x0, s.x1, s.y0, s.y1, W - max(s.x0, s.x1), H - max(s.y0, s.y1))
            assert outer == pytest.approx(5 * MM, abs=0.01), s
        longest = max(abs(s.x1 - s.x0) + abs(s.y1 - s.y0) for s in segments)
        shortest_default = max(abs(s.x1 - s.x0) + abs(s.y1 - s.y0) for s in read_page(short, i)[1])
        assert longest > shortest_default




# --- ink saver --------------------------------------------------------------------------------------------------

def _large_dark_fills(reader: PdfReader, share: float = 0.15, luma_max: float = 0.75) -> list[tuple[str, float]]:
    """Fills in the face and back forms covering more than `share` of a card in a colour darker than `luma_max`."""
    card = CARD_W * CARD_H
    found = []
    seen = set()
    for i in card_pages(reader):
        xobjects = reader.pages[i]["/Resources"]["/XObject"]
        for name, ref in xobjects.items():
            if name in seen or not (name.startswith("/FormXob.face-") or name.startswith("/FormXob.back-")):
                continue
            seen.add(name)
            rgb = (0.0, 0.0, 0.0)
            xs: list[float] = []
            ys: list[float] = []
            for operands, op in ContentStream(ref.get_object(), reader).operations:
                if op == b"rg":
                    rgb = tuple(float(v) for v in operands)
                elif op == b"re":
                    x, y, w, h = (float(v) for v in operands)
                    xs += [x, x + w]
                    ys += [y, y + h]
                elif op in (b"m", b"l"):
                    xs.append(float(operands[0]))
                    ys.append(float(operands[1]))
                elif op == b"c":
                    xs += [float(operands[4])]
                    ys += [float(operands[5])]
                elif op in (b"f", b"f*", b"B", b"B*", b"b", b"b*", b"S", b"s", b"n"):
                    if op not in (b"S", b"s", b"n") and xs:
                        area = (max(xs) - min(xs)) * (max(ys) - min(ys))
                        luma = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]
                        if area > share * card and luma < luma_max:
                            found.append((name, luma))
                    xs, ys = [], []
    return found


def test_ink_saver_has_no_large_dark_fills(build):
    assert len(_large_dark_fills(build())) >= 10        # the normal file: coloured panels, dark tiles
    assert _large_dark_fills(build(ink_saver=True)) == []


def test_ink_saver_keeps_the_layout(build):
    normal, saver = build(), build(ink_saver=True)
    assert len(normal.pages) == len(saver.pages)
    for i in card_pages(normal):
        assert read_page(normal, i)[0] == read_page(saver, i)[0]


# --- calibration sheet ------------------------------------------------------------------------------------------

def _centred_segments(segments, length: float):
    """Centres of the horizontal segments of the given length."""
    return {(round((s.x0 + s.x1) / 2, 2), round(s.y0, 2)) for s in segments
            if s.y0 == pytest.approx(s.y1) and abs(s.x1 - s.x0) == pytest.approx(length, abs=0.01)}


@pytest.mark.parametrize("duplex,offset", [("long", (0.0, 0.0)), ("short", (0.0, 0.0)), ("long", (1.0, -2.0))])
def test_calibration_scales_lie_behind_the_crosses(content, tmp_path, duplex, offset):
    opts = Options(duplex=duplex, back_offset_mm=offset)
    reader = PdfReader(build_calibration(content, "mahlzeit", opts, tmp_path / "cal.pdf"))
    assert len(reader.pages) == 2
    W, H = size(reader)
    crosses = _centred_segments(read_page(reader, 0)[1], 2 * CROSS_MM * MM)
    scales = _centred_segments(read_page(reader, 1)[1], 2 * SCALE_MM * MM)
    assert len(crosses) == 9 and len(scales) == 9          # one per card position (3 × 3 poker on A4)
    dx, dy = offset[0] * MM, offset[1] * MM
    for x, y in crosses:
        mirrored = (W - x, y) if duplex == "long" else (x, H - y)
        behind = (round(mirrored[0] + dx, 2), round(mirrored[1] + dy, 2))
        assert any(abs(behind[0] - sx) < 0.02 and abs(behind[1] - sy) < 0.02 for sx, sy in scales), (x, y)
    # the crosses sit on the card centres of the real sheet
    cards = read_page(PdfReader(document.build_pdf(content, "mahlzeit", opts, tmp_path / "m.pdf")), FRONT_MATTER)[0]
    assert {(round(p.x + p.w / 2, 2), round(p.y + p.h / 2, 2)) for p in cards} == crosses
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"


def test_calibration_refuses_fold(content, tmp_path):
    with pytest.raises(PdfBuildError, match="double-sided"):
        build_calibration(content, "mahlzeit", Options(duplex="fold"), tmp_path / "cal.pdf")
    assert not (tmp_path / "cal.pdf").exists()


# --- options and the command line -------------------------------------------------------------------------------

def test_bad_options_are_refused():
    with pytest.raises(PdfBuildError):
        Options(crop_marks="long")
    with pytest.raises(PdfBuildError):
        Options(duplex="tumble")
    with pytest.raises(PdfBuildError):
        Options(back_offset_mm=(50.0, 0.0))


def test_variant_file_names():
    assert Options(duplex="fold").file_name("m") == "m-en-a4-duplex-fold.pdf"
    assert Options(crop_marks="full", ink_saver=True).file_name("m") == "m-en-a4-marks-full-inksaver.pdf"
    assert Options(duplex="none").file_name("m") == "m-en-a4-duplex-none.pdf"


def test_help_documents_every_option():
    result = CliRunner().invoke(main, ["pdf", "--help"])
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    for option in ("--duplex", "fold", "--back-offset", "--crop-marks", "full", "--ink-saver", "--calibration"):
        assert option in text, option


def test_cli_writes_the_calibration_sheet(tmp_path):
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["pdf", "mahlzeit", "--calibration", "--paper", "letter", "--duplex", "short",
                                       "--content", str(CONTENT), "--out", str(out)])
    assert result.exit_code == 0, result.output
    path = out / "pdf" / "mahlzeit" / "mahlzeit-en-letter-duplex-short-calibration.pdf"
    assert len(PdfReader(path).pages) == 2


# --- speed-ups are neutral --------------------------------------------------------------------------------------

def test_build_speedups_keep_widths_exact_numbers_compact_and_restore_reportlab():
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfgen import pathobject

    from tischlein.pdf import accel, fonts

    fonts.register()
    texts = ["Käsespätzle mit Röstzwiebeln", "  two  spaces ", "", "Süßer Senf – 3 × Bier", "x" * 40]
    sizes = (6.5, 7.25, 9.5 * 0.93, 11)
    expected = [pdfmetrics.stringWidth(t, f, s) for t in texts for f in (fonts.BODY, fonts.BOLD, fonts.TITLE)
                for s in sizes]
    original_width, original_fp = fonts.width, pathobject.fp_str
    values = (0, 1e-8, -1e-8, 0.5, 1 / 3, -0.25, -2.25, 123.456789, 1e6 / 7, 595.2756, 2.0, -0.00004)
    with accel.memo_numbers():
        assert fonts.width is not original_width
        got = [fonts.width(t, f, s) for t in texts for f in (fonts.BODY, fonts.BOLD, fonts.TITLE) for s in sizes]
        one = [pathobject.fp_str(v) for v in values]
        together = pathobject.fp_str(*values)
        again = pathobject.fp_str(list(values))
    assert got == expected                 # bit for bit, not approximately
    assert one == ["0", "0", "0", ".5", ".3333", "-.25", "-2.25", "123.4568", "142857.1429", "595.2756", "2", "0"]
    assert together == again == " ".join(one)
    for v, text in zip(values, one):
        assert abs(float(text) - v) <= 0.00005 + 1e-12
    assert fonts.width is original_width and pathobject.fp_str is original_fp


@pytest.mark.parametrize("kwargs", [{"duplex": "fold"}, {"duplex": "none"}, {"ink_saver": True, "lang": "de"}])
def test_every_variant_keeps_bookmarks_per_kind_and_metadata(build, kwargs):
    reader = build(**kwargs)
    root = reader.trailer["/Root"]
    assert root["/Lang"] == kwargs.get("lang", "en")
    assert "Mahlzeit" in reader.metadata.title and reader.metadata.subject
    titles = []
    for item in reader.outline:
        titles += [o.title for o in item] if isinstance(item, list) else [item.title]
    kinds = ["Dish cards", "Overview cards", "Ingredient cards", "Drink cards", "Action cards"]
    if kwargs.get("lang") == "de":
        kinds = ["Gerichtkarten", "Übersichtskarten", "Zutatenkarten"]
    assert all(k in titles for k in kinds), titles
