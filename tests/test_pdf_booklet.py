"""The rules booklet and the plain rules PDF: booklet order on real sheets (in points), outline and named
destinations for every rule id, no glyph outside its frame, hyphenation that keeps German compounds in their
lines, the ink saver, and the CLI."""
from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from pdf_helpers import overlapping_glyphs
from pypdf import PdfReader
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import BaseDocTemplate, Frame, PageBreak, PageTemplate, Paragraph

from tischlein import games
from tischlein.cli import main
from tischlein.pdf import booklet, fonts
from tischlein.pdf.saddle import ImposingCanvas, booklet_order
from tischlein.pdf.typeset import styles
from tischlein.pdf.units import PAPERS

TOLERANCE = 0.75      # points: glyph boxes of italics and accents reach a hair beyond the advance width


# -- booklet order ----------------------------------------------------------------------------------------------
# (sheet, side) -> (left page, right page), as a saddle-stitched booklet of N pages must be printed
EXPECTED = {
    8: [(8, 1), (2, 7), (6, 3), (4, 5)],
    12: [(12, 1), (2, 11), (10, 3), (4, 9), (8, 5), (6, 7)],
    16: [(16, 1), (2, 15), (14, 3), (4, 13), (12, 5), (6, 11), (10, 7), (8, 9)],
}


@pytest.mark.parametrize("pages", sorted(EXPECTED))
def test_booklet_order(pages):
    sides = booklet_order(pages)
    assert [(s.left, s.right) for s in sides] == EXPECTED[pages]
    assert [(s.sheet, s.back) for s in sides] == [(k // 2 + 1, bool(k % 2)) for k in range(pages // 2)]


def test_booklet_order_refuses_a_page_count_that_cannot_be_folded():
    with pytest.raises(Exception, match="multiple of 4"):
        booklet_order(10)


def _numbered_booklet(path, typeset_pages: int, paper: str = "a4"):
    """Pages reading PAGE-1 … PAGE-n, imposed by the booklet's canvas; padding pages read NOTES-k."""
    fonts.register()
    sheet = PAPERS[paper]
    size = (sheet.height / 2, sheet.width)
    doc = BaseDocTemplate(str(path), pagesize=size, invariant=1)
    doc.addPageTemplates([PageTemplate("p", [Frame(40, 40, size[0] - 80, size[1] - 80, leftPadding=0)])])
    style = ParagraphStyle("n", fontName=fonts.BODY, fontSize=20)
    story = []
    for n in range(1, typeset_pages + 1):
        story += [Paragraph(f"PAGE-{n}", style), PageBreak()]

    def pad(c, number):
        c.setFont(fonts.BODY, 20)
        c.drawString(60, 300, f"NOTES-{number}")

    labels = {"fold": "fold", "front": "front", "back": "back", "staple": "staple"}
    doc.build(story[:-1], canvasmaker=lambda *a, **kw: ImposingCanvas(*a, labels=labels, pad=pad, **kw))
    return size


def _words_by_side(path) -> list[list[tuple[str, float]]]:
    """Per sheet side: (word, x) of every PAGE-n / NOTES-n drawn on it, x in points from the sheet's left edge
    (pdfium's glyph boxes: the pages are form XObjects placed on the sheet, and pdfium applies the placement)."""
    out = []
    pdf = pdfium.PdfDocument(str(path))
    for i in range(len(pdf)):
        text = pdf[i].get_textpage()
        whole = text.get_text_range()
        out.append([(m.group(0), text.get_charbox(m.start())[0])
                    for m in re.finditer(r"(?:PAGE|NOTES)-\d+", whole)])
    return out


@pytest.mark.parametrize("pages", sorted(EXPECTED))
def test_imposed_sheets_put_each_page_where_the_fold_needs_it(tmp_path, pages):
    path = tmp_path / "b.pdf"
    half_w, height = _numbered_booklet(path, pages)
    reader = PdfReader(str(path))
    assert len(reader.pages) == pages // 2
    for page in reader.pages:              # landscape A4, in points
        assert float(page.mediabox.width) == pytest.approx(2 * half_w, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(height, abs=0.01)
        assert float(page.mediabox.width) == pytest.approx(PAPERS["a4"].height, abs=0.01)
    for side, words, (left, right) in zip(booklet_order(pages), _words_by_side(path), EXPECTED[pages]):
        placed = {w: x for w, x in words}
        assert set(placed) == {f"PAGE-{left}", f"PAGE-{right}"}, side
        # the left page's frame starts 40 pt from the sheet's edge (the glyph "P" a side bearing later), the right
        # page's exactly half a sheet further
        assert 40 <= placed[f"PAGE-{left}"] < 43
        assert placed[f"PAGE-{right}"] - placed[f"PAGE-{left}"] == pytest.approx(half_w, abs=0.01)
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipShortEdge"


def test_a_short_booklet_is_padded_with_notes_pages_before_its_back_cover(tmp_path):
    path = tmp_path / "b.pdf"
    _numbered_booklet(path, 10)                        # 10 pages → 12: notes 10 and 11, the back cover is 12
    sides = _words_by_side(path)
    assert len(sides) == 6
    front_1 = dict(sides[0])
    assert set(front_1) == {"PAGE-10", "PAGE-1"}       # the last typeset page stays the back cover
    inner = {w for side in sides for w, _ in side}
    assert {"NOTES-10", "NOTES-11"} <= inner and "PAGE-11" not in inner


# -- the real booklet and plain rules --------------------------------------------------------------------------
@pytest.fixture(scope="module")
def de_booklet(content, tmp_path_factory):
    path = tmp_path_factory.mktemp("booklet") / "b.pdf"
    return booklet.build(content, "suppenkasper", "de", "letter", "booklet", path)


@pytest.fixture(scope="module")
def de_rules(content, tmp_path_factory):
    path = tmp_path_factory.mktemp("rules") / "r.pdf"
    return booklet.build(content, "ta-na-mesa", "de", "a4", "rules", path)


def test_booklet_sheets_carry_the_footer_page_numbers_in_booklet_order(de_booklet):
    lay = booklet.layout("booklet", "letter")
    reader = PdfReader(str(de_booklet))
    sides = len(reader.pages)
    assert sides % 2 == 0 and sides >= 4
    assert float(reader.pages[0].mediabox.width) == pytest.approx(PAPERS["letter"].height, abs=0.01)   # 792
    assert float(reader.pages[0].mediabox.height) == pytest.approx(PAPERS["letter"].width, abs=0.01)   # 612
    order = booklet_order(sides * 2)
    pdf = pdfium.PdfDocument(str(de_booklet))
    seen = 0
    for i, side in enumerate(order):
        numbers = _footer_numbers(pdf[i], lay.footer)
        for n, half in ((side.left, 0.0), (side.right, lay.width)):
            at = [v for x, v in numbers if half < x < half + lay.width]
            if at:                               # the cover and the back cover have no page number
                assert at == [str(n)], (side, numbers)
                seen += 1
    assert seen >= sides * 2 - 2                 # every other page shows its number where it belongs


def _footer_numbers(page, baseline: float) -> list[tuple[float, str]]:
    """(x, digits) of each number whose glyphs sit on the footer's baseline, in points."""
    text = page.get_textpage()
    out: list[tuple[float, str]] = []
    run, x0 = "", 0.0
    for k in range(text.count_chars() + 1):
        ch = text.get_text_range(k, 1) if k < text.count_chars() else ""
        box = text.get_charbox(k) if ch else None
        if ch.isdigit() and abs(box[1] - baseline) < 1.0:
            if not run:
                x0 = box[0]
            run += ch
            continue
        if run:
            out.append((x0, run))
            run = ""
    return out


def test_booklet_asks_for_short_edge_duplex_and_actual_size(de_booklet):
    prefs = PdfReader(str(de_booklet)).trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/Duplex"] == "/DuplexFlipShortEdge"
    assert prefs["/PrintScaling"] == "/None"


def test_staple_and_fold_marks_say_where(de_booklet):
    text = "\n".join(p.extract_text() for p in PdfReader(str(de_booklet)).pages)
    sheets = len(PdfReader(str(de_booklet)).pages) // 2
    assert text.count("falzen") >= 2 * sheets                       # the translated fold label on every side
    assert f"1/{sheets} · Vorderseite" in text and f"{sheets}/{sheets} · Rückseite" in text


def _flat(items):
    for item in items:
        if isinstance(item, list):
            yield from _flat(item)
        else:
            yield item


def _squash(text: str) -> str:
    """Letters and digits only: hyphenation, line breaks and bullets do not count."""
    return re.sub(r"[\W_]", "", text)


def test_every_rule_id_is_an_outline_entry_pointing_at_its_heading(content, de_rules):
    """reportlab resolves each rule id's destination (<a name="rule id"/>) to its page and height: the outline
    entry of every rules section leads to the page that prints that section's heading."""
    reader = PdfReader(str(de_rules))
    game = content.games["ta-na-mesa"]
    pages = [_squash(page.extract_text()) for page in reader.pages]
    entries = {}
    for item in _flat(reader.outline):
        entries.setdefault(item.title, item)
    for section in game.rules:
        title = " ".join(game.catalog.text(f"rules:{section.id}.title", "de").split())
        assert title in entries, section.id
        assert _squash(title) in pages[reader.get_destination_page_number(entries[title])], section.id
    for term in game.glossary:                    # the glossary chapter is there too
        assert _squash(game.catalog.text(f"glossary:{term}.term", "de")) in "".join(pages)


def test_rule_and_term_links_lead_to_the_page_of_their_target(content, de_rules):
    reader = PdfReader(str(de_rules))
    ids = {page.indirect_reference.idnum: _squash(page.extract_text()) for page in reader.pages}
    links = 0
    for page in reader.pages:
        for annot in page.get("/Annots") or []:
            dest = annot.get_object().get("/Dest")
            if dest is None:
                continue
            links += 1
            assert dest[0].idnum in ids                  # an internal link to a page of this file
    game = content.games["ta-na-mesa"]
    tokens = sum(game.catalog.text(f"rules:{s.id}.body", "de").count("{rule:") for s in game.rules)
    assert links >= tokens                               # every {rule:…} in the rules text became a link


def _glyphs_outside(path, boxes_for_page) -> list[tuple[int, str, tuple]]:
    bad = []
    pdf = pdfium.PdfDocument(str(path))
    for i in range(len(pdf)):
        page = pdf[i]
        text = page.get_textpage()
        boxes = boxes_for_page(i, page.get_width(), page.get_height())
        for k in range(text.count_chars()):
            ch = text.get_text_range(k, 1)
            if not ch.strip():
                continue
            l, b, r, t = text.get_charbox(k)
            if not any(x - TOLERANCE <= l and r <= x + w + TOLERANCE and y - TOLERANCE <= b and t <= y + h + TOLERANCE
                       for x, y, w, h in boxes):
                bad.append((i + 1, ch, (round(l, 1), round(b, 1), round(r, 1), round(t, 1))))
    return bad


def test_no_glyph_of_the_plain_rules_lies_outside_its_frame(de_rules):
    lay = booklet.layout("rules", "a4")
    wide = (lay.left, lay.bottom, lay.width - lay.left - lay.right, lay.height - lay.top - lay.bottom)
    # columns on body pages, the full text width on the cover and the contents, the footer line on all
    bad = _glyphs_outside(de_rules, lambda i, w, h: lay.frames() + [wide, lay.footer_box()])
    assert not bad, bad[:10]


def test_no_glyph_of_the_imposed_booklet_lies_outside_its_page_frame(de_booklet):
    lay = booklet.layout("booklet", "letter")
    frame = (lay.left, lay.bottom, lay.width - lay.left - lay.right, lay.height - lay.top - lay.bottom)
    marks = (lay.width - 150, lay.height - 20, 300, 20)        # sheet number and fold label, top of the fold

    def boxes(i, w, h):
        out = [marks]
        for half in (0.0, lay.width):
            for x, y, bw, bh in (frame, lay.footer_box()):
                out.append((x + half, y, bw, bh))
        return out
    bad = _glyphs_outside(de_booklet, boxes)
    assert not bad, bad[:10]


def test_german_compounds_are_hyphenated_and_no_line_is_wider_than_its_frame():
    st = styles("de", 9)
    text = ("Die Zutatenkartenstapelverwaltung verlangt Gewichtsanzeigerverschiebungen und "
            "Sonderkartenaustauschregeln in Spielrundenabschlussbesprechungen.")
    width = 70.0
    p = Paragraph(text, st.cell)
    p.wrap(width, 1000)
    lines = p.blPara.lines
    assert len(lines) > 3
    for line in lines:                           # reportlab keeps each line's spare width: never negative
        extra = line.extraSpace if hasattr(line, "extraSpace") else line[0]
        assert extra >= -0.01, line
    assert any(str(line[1][-1] if isinstance(line, tuple) else line.words[-1].text).endswith("-") for line in lines)
    assert p._hyphenations > 0                    # pyphen split a compound rather than reportlab cutting it blind


def test_ink_saver_booklet_prints_no_tinted_panels(content, tmp_path):
    def fills(path):
        data = b""
        for page in PdfReader(str(path)).pages:
            for xobj in (page["/Resources"].get("/XObject") or {}).values():
                data += xobj.get_object().get_data()
        return data
    soft = b".9843 .9451 .8627 rg"                 # the cream panel fill (#fbf1dc), as reportlab writes it
    normal = booklet.build(content, "schwarzwaelder-kirsch", "en", "a4", "booklet", tmp_path / "n.pdf")
    saver = booklet.build(content, "schwarzwaelder-kirsch", "en", "a4", "booklet", tmp_path / "s.pdf",
                          ink_saver=True)
    assert soft in fills(normal)
    assert soft not in fills(saver)


def test_cli_writes_the_booklet_the_rules_and_the_quick_reference(tmp_path):
    runner = CliRunner()
    for flag, name in (("--booklet", "booklet"), ("--rules", "rules"), ("--quickref", "quickref")):
        result = runner.invoke(main, ["pdf", "schwarzwaelder-kirsch", "--lang", "de", "--paper", "letter", flag,
                                      "--out", str(tmp_path)])
        assert result.exit_code == 0, result.output
        path = tmp_path / "pdf" / "schwarzwaelder-kirsch" / f"schwarzwaelder-kirsch-de-letter-{name}.pdf"
        assert path.is_file() and PdfReader(str(path)).pages


def test_downloads_page_names_each_rules_variant_in_the_readers_language(content):
    """`tischlein build` names the files <game>-<lang>-<paper>-<variant>.pdf; the downloads page reads the
    variant from the name and labels it from the interface strings."""
    from tischlein.site.downloads import parse_pdf_name
    from tischlein.site.context import Downloads, PageContext
    from tischlein.site.pages import SiteWriter

    names = [booklet.file_name("mahlzeit", "de", "a4", "booklet"),
             booklet.file_name("mahlzeit", "de", "a4", "booklet", ink_saver=True),
             booklet.file_name("mahlzeit", "de", "letter", "rules"), "mahlzeit-de-a4-quickref.pdf"]
    found = Downloads()
    for name in names:
        lang, paper, variant = parse_pdf_name("mahlzeit", name, content.languages)
        path = f"downloads/mahlzeit/{name}"
        found.files.append((lang, paper, path, 1000))
        found.variants[path] = variant
    ctx = PageContext(SiteWriter(content, content.languages), content.games["mahlzeit"], "mahlzeit/downloads", "de")
    labels = {row["name"]: row["variant"] for row in ctx.downloads(found)}
    ui = content.games["mahlzeit"].ui
    assert labels == {
        names[0]: ui.text("ui:site.variant.booklet", "de"),
        names[1]: ui.text("ui:site.variant.booklet_inksaver", "de"),
        names[2]: ui.text("ui:site.variant.rules", "de"),
        names[3]: ui.text("ui:site.variant.quickref", "de"),
    }
    assert labels[names[0]] == "Regelheft (A5, falzen und heften)"


def test_contents_page_numbers_are_the_pages_the_chapters_start_on(content, de_rules):
    reader = PdfReader(str(de_rules))
    starts: dict[str, int] = {}
    for item in _flat(reader.outline):
        starts.setdefault(item.title, reader.get_destination_page_number(item) + 1)
    lines = "\n".join(reader.pages[i].extract_text() for i in (1, 2)).splitlines()
    # reportlab draws each entry's dot leader and number before its title: "  .  .  . 4" then "Regeln"
    listed = [(lines[i + 1], m.group(1)) for i, line in enumerate(lines[:-1])
              if (m := re.fullmatch(r"[\s.]+?(\d+)", line))]
    game = content.games["ta-na-mesa"]
    top = [" ".join(game.catalog.text(f"rules:{s.id}.title", "de").split()) for s in game.rules if s.depth == 0]
    checked = 0
    for title, page in listed:
        title = " ".join(title.split())
        if title in starts and title in top:
            assert int(page) == starts[title], title
            checked += 1
    assert checked == len(top)


# -- the worked examples' states --------------------------------------------------------------------------------
# what a state drawn from its raw JSON showed: engine instance ids (die-broccoli-1, kakao-1) and Python values
RAW_STATE = re.compile(r"\b[a-z]+(?:-[a-z]+)*-\d+\b|\bNone\b|\[\[|\['|\{'")


@pytest.mark.parametrize("game", sorted(gid for gid, spec in games.specs().items() if spec.picture_module))
def test_example_states_are_the_games_own_pictures_in_printed_names(content, tmp_path, game):
    """The booklet draws an example's state from the picture the site shows (the game's picture module): the
    printed names and labels a player reads, never the engine's ids or its raw values; a box's text too long for
    one line (Tá na Mesa's counters with their spice combinations) wraps inside it instead of running over the
    next box."""
    path = booklet.build(content, game, "en", "a4", "rules", tmp_path / "r.pdf")
    assert overlapping_glyphs(path) == []
    doc = pdfium.PdfDocument(str(path))
    texts = [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    examples = next(i for i, t in enumerate(texts) if "Starting position" in t)
    raw = {i + 1: RAW_STATE.findall(t)[:3] for i, t in enumerate(texts) if i >= examples and RAW_STATE.search(t)}
    assert raw == {}
    if game == "diced-veggies":
        # the block, its key of vegetable colours and the recipe display, as on the site
        assert all(word in texts[examples] for word in ("The block", "Broccoli", "Eggplant", "Recipe display"))


def test_no_letter_of_the_imposed_booklet_is_printed_over_another(de_booklet):
    assert overlapping_glyphs(de_booklet) == []


def test_a_box_of_an_example_state_wraps_a_text_too_long_for_its_row(tmp_path):
    """Tá na Mesa's counter in a player's panel of the booklet (A5 columns): 'Fogão a lenha Spices: Alho 1 ·
    Cebolinha + Coentro 3 · …' ran out of its box on both sides, over the panel next to it, in 5 pt. It wraps in
    the box's own size now, inside the row, and the boxes after it keep clear of it."""
    from reportlab.platypus import SimpleDocTemplate

    from tischlein.pdf import fonts
    from tischlein.pdf.state_drawing import BOX_PT, Chips
    fonts.register()
    long = "Fogão a lenha Spices: Alho 1 · Cebolinha + Coentro 3 · Alho + Cebolinha + Coentro 5"
    width = 150.0
    chips = Chips([(long, "#b3263b"), ("A Feirante", "#0f766e"), ("Chef's hat", "#1e4e8c")])
    path = tmp_path / "chips.pdf"
    doc = SimpleDocTemplate(str(path), pagesize=(width + 40, 300), leftMargin=20, rightMargin=20, topMargin=20,
                            bottomMargin=20)
    doc.build([chips])
    assert overlapping_glyphs(path) == []
    page = pdfium.PdfDocument(str(path))[0]
    text = page.get_textpage()
    boxes = [text.get_charbox(k) for k in range(text.count_chars()) if text.get_text_range(k, 1).strip()]
    assert all(20 - 0.5 <= left and right <= 20 + width + 0.5 for left, _, right, _ in boxes)
    heights = sorted({round(top - bottom) for left, bottom, right, top in boxes})
    assert heights[-1] >= BOX_PT * 0.6                   # set in the box's size, not shrunk to fit one line
    assert "Coentro 5" in text.get_text_range() and "Chef's hat" in text.get_text_range()
