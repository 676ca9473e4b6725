"""Search results read as sentences: in the built site's search indexes (one per language), table cells and the
pieces of a picture are separated, a table row is said with its column headings, and the page itself keeps its
HTML (the separators go into the index only: generator/tischlein/site/searchtext.py via hooks.py)."""
from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tischlein.content import loader
from tischlein.site.searchtext import search_html

ROOT = Path(__file__).resolve().parents[1]
LANGS = ["en", "de", "pt"]


@pytest.fixture(scope="module")
def site(repository_site) -> Path:
    return repository_site.folder


@pytest.fixture(scope="module")
def content():
    return loader.load(ROOT / "content")


def _index(site: Path, lang: str) -> dict[str, str]:
    path = site / ("" if lang == "en" else lang) / "search" / "search_index.json"
    return {d["location"]: d["text"] for d in json.loads(path.read_text(encoding="utf-8"))["docs"]}


def _plain(text: str) -> str:
    """The index text as a result shows it: a paragraph or list item tag is a line break, other tags nothing."""
    return " ".join(re.sub(r"</?(p|li|ul|ol|pre)>", " ", re.sub(r"<(?!/?(p|li|ul|ol|pre)>)[^>]+>", "", text)).split())


class _Cells(HTMLParser):
    """The texts of the leaves a reader sees apart: table cells, and the classed spans and divs of a picture."""

    def __init__(self):
        super().__init__()
        self.stack, self.cells, self.skip = [], [], 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in ("br", "img", "input", "hr", "wbr"):
            return
        hidden = a.get("aria-hidden") == "true" or "tl-mark" in (a.get("class") or "")
        self.stack.append((tag, hidden))
        self.skip += hidden
        if tag in ("td", "th") or (tag in ("span", "div") and a.get("class")):
            self.cells.append("")

    def handle_endtag(self, tag):
        if self.stack and self.stack[-1][0] == tag:
            self.skip -= self.stack.pop()[1]

    def handle_data(self, data):
        if self.cells and not self.skip and data.strip():
            self.cells[-1] += data


def _touching(html: str) -> list[tuple[str, str]]:
    """Pairs of neighbouring leaves whose texts touch with no space in the page's source (a word then a word)."""
    p = _Cells()
    p.feed(html)
    cells = [" ".join(c.split()) for c in p.cells if c.strip()]
    # a word and a number or a word meeting ('Feijoada' + '5', '21' + 'Peças'): two numbers ('1' + '1') could be
    # a number of the page's text
    return [(a, b) for a, b in zip(cells, cells[1:])
            if a[-1:].isalnum() and b[:1].isalnum() and (a[-1].isalpha() or b[0].isalpha())]


@pytest.mark.parametrize("lang", LANGS)
def test_component_tables_read_as_sentences(site, content, lang):
    """A component table's row is a sentence with the column headings, the counts the content gives: in German
    'Bier: Punkte 3, Karten 8.' (was 'Name Punkte Karten Bier R 3 R 8 *')."""
    index = _index(site, lang)
    game = content.games["mahlzeit"]
    text = _plain(index["mahlzeit/components/#drinks"])
    ui = game.ui
    points, cards = (ui.text(f"ui:site.field.{f}", lang) for f in ("points", "count"))
    for drink in game.model.drinks.values():
        assert re.search(rf"{re.escape(drink.name)}\b[^.]*: {re.escape(points)} {drink.points}, "
                         rf"{re.escape(cards)} {drink.count}\b", text, re.I), (points, cards, text)
    assert " R " not in f" {text} " and "*" not in text          # provenance marks are not words to search


@pytest.mark.parametrize("lang", LANGS)
def test_no_two_cells_or_picture_pieces_run_together_in_search_results(site, lang):
    """For every page with a table or a picture: no two neighbouring cells or picture pieces whose texts touch
    in the HTML ('21' + 'Peças viradas para baixo', 'Feijoada' + '5') run together in the index text."""
    index = _index(site, lang)
    root = site / ("" if lang == "en" else lang)
    checked, run_together = 0, []
    for location in sorted({loc.split("#")[0] for loc in index}):
        page = root / location / "index.html"
        if not page.is_file():
            continue
        html = page.read_text(encoding="utf-8")
        body = html[html.find("<article"):html.find("</article>")]
        pairs = _touching(body)
        texts = [_plain(t) for loc, t in index.items() if loc.split("#")[0] == location]
        leaves = _leaf_texts(body) if pairs else []
        for a, b in pairs:
            checked += 1
            if any(a + b in t for t in texts) and not any(a + b in c for c in leaves):
                run_together.append((location, a + b))
    assert checked > 500, checked                       # the example pictures and component tables are here
    assert not run_together, run_together[:10]


def _leaf_texts(html: str) -> list[str]:
    p = _Cells()
    p.feed(html)
    return [" ".join(c.split()) for c in p.cells]


def test_the_page_keeps_its_own_html(site):
    """The separators are in the index only: the example page's picture has none of them."""
    html = (site / "pt" / "ta-na-mesa" / "examples" / "counters-and-buying" / "index.html").read_text(encoding="utf-8")
    assert "<span> · </span>" not in html and "<span>.</span>" not in html
    assert 'title="Peças viradas para baixo: 21"' in html


def test_search_html_separates_cells_blocks_and_touching_pieces():
    html = ('<table><thead><tr><th>Name</th><th>Points</th></tr></thead><tbody>\n<tr>\n<td>Beer<sup class="tl-mark">R'
            '</sup></td>\n<td>3</td>\n</tr></tbody></table><div><div>Pile</div><div><span class="n">21</span>'
            '<span class="sr">Face down: 21</span></div></div><p>a <span class="t">word</span> here, '
            '<span class="term"><a>Menu</a></span>s (<span class="t">x</span>)</p>'
            '<figure><svg role="img" aria-labelledby="c-t"><title id="c-t">Game length</title><text>71</text>'
            '<text>291</text></svg><figcaption>Median 159.</figcaption></figure>')

    class Text(HTMLParser):
        out = ""

        def handle_starttag(self, tag, attrs):
            self.out += " | " if tag == "p" else ""       # a paragraph stands apart in a result

        def handle_endtag(self, tag):
            self.out += " | " if tag == "p" else ""

        def handle_data(self, data):
            self.out += data
    t = Text()
    t.feed(search_html(html))
    text = " ".join(t.out.split())
    assert text == "Beer: Points 3. Pile · 21 · Face down: 21 | a word here, Menus (x) | Game length · Median 159.", text
