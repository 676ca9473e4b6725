"""The built site read as a player reads it: example pages with pictures, not debug output; search and the
language switch in the reader's language; player facts, not engine settings.

The session's one build of the repository's site (tests/site_tools.py, shared with the browser tests) serves every test.
Texts are read with html.parser: what a reader sees is the text outside tags and attributes.
"""
from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from engine_tools import ENGINE_GAMES, repository_content

SKIP = {"script", "style", "textarea"}          # the page's own JSON, styles and the try-it editor


class Page(HTMLParser):
    """A page as text, with its elements' classes and ids, and its head links."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.skip = 0
        self.ids: set[str] = set()
        self.links: list[dict] = []
        self.stack: list[tuple[str, set[str]]] = []
        self.details: list[dict] = []                 # each details.tl-step: {id, open, pictures, links}
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        classes = set((a.get("class") or "").split())
        if tag == "link":
            self.links.append(a)
            return
        if tag in ("meta", "br", "img", "input", "hr"):
            return
        self.stack.append((tag, classes))
        self.skip += tag in SKIP
        if tag == "details" and "tl-step" in classes:
            self.details.append({"id": a.get("id"), "open": "open" in a, "pictures": 0, "links": []})
        inside = any(t == "details" and "tl-step" in c for t, c in self.stack[:-1])
        if inside and "tl-picture" in classes:
            self.details[-1]["pictures"] += 1
        if inside and tag == "a" and any("tl-step-nav" in c for _, c in self.stack):
            self.details[-1]["links"].append(a.get("href", ""))

    def handle_endtag(self, tag):
        while self.stack:
            t, _ = self.stack.pop()
            self.skip -= t in SKIP
            if t == tag:
                break

    def handle_data(self, data):
        if not self.skip:
            self.texts.append(data)

    @property
    def text(self) -> str:
        return " ".join(" ".join(self.texts).split())


@pytest.fixture(scope="module")
def site(repository_site) -> Path:
    return repository_site.folder


def _component_ids(game_id: str) -> set[str]:
    """Ids a reader must never see: every instance and record id with a dash (single words are real words)."""
    game = repository_content().games[game_id]
    ids = {c.id for c in game.model.cards()} | {p.id for p in getattr(game.model, "pieces", list)()}
    ids |= {k[len("name."):] for k in game.engine_messages("en") if k.startswith("name.")}
    return {i for i in ids if "-" in i}


def _example_pages(site: Path, game_id: str) -> list[Path]:
    return sorted(site.glob(f"{game_id}/examples/*/index.html")) + sorted(site.glob(f"*/{game_id}/examples/*/index.html"))


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_example_pages_show_no_python_values_and_no_raw_ids(site, game_id):
    ids = _component_ids(game_id)
    pages = [p for p in _example_pages(site, game_id) if not p.parent.name == "examples"]
    assert len(pages) == 3 * len(repository_content().games[game_id].examples)
    for path in pages:
        text = Page(path.read_text(encoding="utf-8")).text
        where = path.relative_to(site)
        assert not re.findall(r"\b(?:None|True|False)\b", text), where
        assert "[" not in text and "{'" not in text, (where, text[max(0, text.find("[") - 80):text.find("[") + 80])
        # a rule id (mahlzeit.dirty-pots) is named on purpose: only tokens that are not part of one count
        shown = set(re.findall(r"(?<![\w.-])[a-z0-9]+(?:-[a-z0-9]+)+(?![\w.-])", text))
        assert not shown & ids, (where, sorted(shown & ids))


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_every_step_is_a_collapsible_section_with_its_picture_and_step_links(site, game_id):
    game = repository_content().games[game_id]
    for ex in game.examples:
        path = site / game_id / "examples" / ex["id"] / "index.html"
        page = Page(path.read_text(encoding="utf-8"))
        steps = page.details
        assert [d["id"] for d in steps] == ["start-step"] + [f"step-{i}-step" for i in range(1, len(steps))]
        assert len(steps) - 1 == len(ex.get("moves") or [])
        assert [d["open"] for d in steps] == [True] + [False] * (len(steps) - 1)    # only the start is open
        for i, d in enumerate(steps):
            assert d["pictures"] == 1, (ex["id"], d["id"])
            targets = [h.lstrip("#") for h in d["links"]]
            assert all(t in page.ids for t in targets), (ex["id"], targets)
            want = ([f"step-{i - 1}-body" if i > 1 else "start-body"] if i else []) + \
                ([f"step-{i + 1}-body"] if i + 1 < len(steps) else [])
            assert targets == want, (ex["id"], d["id"], targets)


def test_no_page_head_sends_material_looking_for_sitemaps(site):
    """Material fetches sitemap.xml next to every <link rel=alternate>: with per-page alternates each one was a
    404. The language selector still offers every language, page for page."""
    page = Page((site / "de" / "mahlzeit" / "rules" / "index.html").read_text(encoding="utf-8"))
    assert not [x for x in page.links if x.get("rel") == "alternate" and x.get("hreflang")]
    html = (site / "de" / "mahlzeit" / "rules" / "index.html").read_text(encoding="utf-8")
    selector = dict(re.findall(r'<a href="([^"]+)" hreflang="(\w+)" class="md-select__link"', html))
    assert set(selector.values()) == set(repository_content().languages)
    assert {h for h, lang in selector.items() if lang == "pt"} == {"../../../pt/mahlzeit/rules/"}
    assert "hreflang=\"de\"" in (site / "sitemap.xml").read_text(encoding="utf-8")   # alternates for crawlers


def test_each_language_searches_only_its_own_pages(site):
    languages = repository_content().languages
    for lang in languages:
        root = site if lang == languages[0] else site / lang
        index = json.loads((root / "search" / "search_index.json").read_text(encoding="utf-8"))
        assert index["config"]["lang"] == [lang]
        docs = index["docs"]
        assert len(docs) > 100
        for doc in docs:
            page = doc["location"].split("#")[0]
            assert (root / page / "index.html").is_file() or (root / page).is_file() or page == "", (lang, page)
            assert not doc["location"].startswith(tuple(f"{x}/" for x in languages))
        titles = {d["title"] for d in docs}
        assert ({"Regeln", "Kurzübersicht"} <= titles) == (lang == "de"), lang
    de_config = re.search(r'<script id="__config" type="application/json">(.*?)</script>',
                          (site / "de" / "mahlzeit" / "rules" / "index.html").read_text(encoding="utf-8"), re.S)
    assert json.loads(de_config.group(1))["base"] == "../../../de/"       # a German page searches /de/


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_at_a_glance_shows_what_a_player_asks_and_the_game_page_links_calculator_and_quick_reference(site, game_id):
    html = (site / game_id / "index.html").read_text(encoding="utf-8")
    glance = html[html.index('id="facts"'):html.index('id="totals"')]
    rows = re.findall(r"<tr>\s*<td>(.*?)</td>", glance, re.S)
    labels = [re.sub(r"<[^>]+>", "", r).strip() for r in rows]
    assert labels[:2] == ["Players", "Time"]
    assert set(labels) <= {"Players", "Time", "Age", "Designed by", "Publisher", "Published", "Printed in"}, labels
    text = Page(glance).text
    assert not re.search(r"\b(True|False|None)\b|\{'", text)
    links = re.findall(r'href="([^"]+)"', html[html.index('id="pages"'):])
    assert "calculator/" in links and "quickref/" in links


def test_the_quick_reference_keeps_what_a_rule_announces_with_a_colon(site):
    page = Page((site / "ta-na-mesa" / "quickref" / "index.html").read_text(encoding="utf-8")).text
    after = page[page.index("three spice combinations:"):]
    assert re.match(r"three spice combinations: Combination Points the single spice 1 the two-spice pair 3 "
                    r"all three spices 5", after), after[:200]
    compare = page[page.index("compare the sums:"):]
    assert "- " not in compare[:300]                    # the list after it is a list, not "- " text
