"""The quick reference PDF: one sheet (two pages at most) per game and language, holding every item of the
site's quick reference page whole (nested lists and the tables after a colon included), text inside its
frames."""
from __future__ import annotations

import io
import re

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from tischlein.pdf import quickref
from tischlein.pdf.markup import html_tree, to_html
from tischlein.pdf.rules_text import context, quickref_items

GAMES = ["mahlzeit", "diced-veggies", "suppenkasper", "schwarzwaelder-kirsch", "ta-na-mesa"]


def _squash(text: str) -> str:
    """Letters and digits only: line breaks, hyphenation and bullets are the layout's, not the content's."""
    return re.sub(r"[\W_]", "", text)


def _plain(markdown_text) -> str:
    """The text a reader sees of content Markdown, ordered lists with their numbers as printed."""
    def walk(node) -> str:
        if isinstance(node, str):
            return node
        if node.tag == "ol":
            items = [c for c in node.children if not isinstance(c, str) and c.tag == "li"]
            return "\n".join(f"{n}. {walk(li)}" for n, li in enumerate(items, int(node.attrs.get("start") or 1)))
        return "".join(walk(c) for c in node.children)
    return walk(html_tree(to_html(str(markdown_text))))


def _pdf_text(path, lay=None) -> str:
    """The text of the page frames in reading order (title block, then column after column), without the
    footers; with no layout, all the text."""
    pdf = pdfium.PdfDocument(str(path))
    out = []
    for i in range(len(pdf)):
        text = pdf[i].get_textpage()
        if lay is None:
            out.append(text.get_text_range())
            continue
        boxes = ([quickref.header_box(lay)] if i == 0 else []) + lay.frames()
        if i == 0:                                   # the columns of the first page start below the title block
            boxes[1:] = [(x, y, w, h - quickref.HEADER) for x, y, w, h in boxes[1:]]
        out += [text.get_text_bounded(x, y, x + w, y + h) for x, y, w, h in boxes]
    return "".join(out)


@pytest.fixture(scope="module")
def built(content, tmp_path_factory):
    out = tmp_path_factory.mktemp("quickref")
    cases = [(g, "en", "a4") for g in GAMES] + [("ta-na-mesa", "de", "letter"), ("ta-na-mesa", "pt", "a4"),
                                                 ("suppenkasper", "de", "a4")]
    return {case: quickref.build(content, *case, out / quickref.file_name(*case)) for case in cases}


def test_every_quick_reference_fits_one_sheet(built):
    for case, path in built.items():
        assert 1 <= len(PdfReader(str(path)).pages) <= quickref.MAX_PAGES, case


def test_a_quick_reference_takes_one_side_whenever_the_tightest_type_fits_one(content, built):
    """A second side with a few lines on it is a sheet wasted: Mahlzeit's spilled four lines onto page 2 at 9 pt."""
    sides = {}
    for (game_id, lang, paper), path in built.items():
        ctx = context(content, content.games[game_id], lang)
        tightest = quickref._typeset(ctx, quickref.layout(paper, *quickref.ATTEMPTS[-1]), io.BytesIO())
        sides[game_id, lang, paper] = len(PdfReader(str(path)).pages)
        assert sides[game_id, lang, paper] == min(tightest, quickref.MAX_PAGES), (game_id, lang, paper)
    assert sides["mahlzeit", "en", "a4"] == 1 and sides["suppenkasper", "de", "a4"] == 2


def test_every_item_of_the_site_quick_reference_is_printed_whole(content, built):
    for (game_id, lang, paper), path in built.items():
        ctx = context(content, content.games[game_id], lang)
        text = _squash(_pdf_text(path, quickref.fit(ctx, paper)))
        items = quickref_items(ctx)
        assert items, game_id
        for item in items:
            for entry in (item, *item.children):
                assert _squash(_plain(entry.title)) in text, (game_id, lang, entry.rule_id)
                # line by line: a table split over two columns repeats its header row in between
                for line in _plain(entry.gist).split("\n"):
                    assert _squash(line) in text, (game_id, lang, entry.rule_id, line)
        for term in content.games[game_id].glossary:
            assert _squash(ctx.raw(f"glossary:{term}.term")) in text, (game_id, term)


def test_the_spice_combinations_keep_their_points(built):
    """The site's Tá na Mesa quick reference loses the table after "three spice combinations:"; this one keeps
    every row with its points."""
    text = _squash(_pdf_text(built[("ta-na-mesa", "en", "a4")]))
    assert _squash("Your counter shows three spice combinations: Combination Points the single spice 1 "
                   "the two-spice pair 3 all three spices 5") in text


def test_nested_lists_come_out_whole(content, built):
    """`End of a round` is a list with a numbered list inside its first item: all of it is printed."""
    ctx = context(content, content.games["ta-na-mesa"], "en")
    body = ctx.raw("rules:ta-na-mesa.round.end.body")
    nested = [line.strip()[3:] for line in body.splitlines() if re.match(r"\s+\d\.\s", line)]
    assert len(nested) == 4
    text = _squash(_pdf_text(built[("ta-na-mesa", "en", "a4")]))
    for line in nested:
        assert _squash(_plain(line)) in text, line


def test_no_glyph_of_the_quick_reference_lies_outside_its_frames(content, built):
    path = built[("ta-na-mesa", "de", "letter")]
    lay = quickref.fit(context(content, content.games["ta-na-mesa"], "de"), "letter")
    allowed = lay.frames() + [lay.footer_box(), quickref.header_box(lay)]
    pdf = pdfium.PdfDocument(str(path))
    bad = []
    for i in range(len(pdf)):
        text = pdf[i].get_textpage()
        for k in range(text.count_chars()):
            if not text.get_text_range(k, 1).strip():
                continue
            l, b, r, t = text.get_charbox(k)
            if not any(x - 0.75 <= l and r <= x + w + 0.75 and y - 0.75 <= b and t <= y + h + 0.75
                       for x, y, w, h in allowed):
                bad.append((i + 1, text.get_text_range(k, 1), round(l), round(b)))
    assert not bad, bad[:10]
