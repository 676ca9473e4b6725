"""An English fallback keeps its Markdown structure: before an untranslated text that starts with a list the EN
badge stands in its own paragraph, so the list is still a list (it ran together as one paragraph on fr/el
pages); before a paragraph it stays inline."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import markdown

from tischlein.content import loader
from tischlein.site.context import PageContext

CONTENT = Path(__file__).resolve().parents[1] / "content"


def _page(lang: str) -> PageContext:
    content = loader.load(CONTENT, ["mahlzeit"])
    return PageContext(SimpleNamespace(content=content), content.games["mahlzeit"], "rules", lang)


def _html(text) -> str:
    return markdown.markdown(str(text), extensions=["attr_list", "md_in_html"])


def test_an_untranslated_list_stays_a_list():
    page = _page("fr")
    lists = [k for k, t in page.game.catalog.source.items() if isinstance(t, str) and t.startswith("- ")]
    assert lists, "a rules text that starts with a list"
    html = _html(page.text(lists[0]))
    assert html.startswith('<p><span class="tl-fallback"') and "<ul>" in html
    items = [line for line in page.game.catalog.source[lists[0]].splitlines() if line.startswith("- ")]
    assert html.count("<li>") >= len(items) >= 2


def test_a_paragraph_keeps_its_badge_inline():
    html = _html(_page("fr").text("rules:mahlzeit.overview.body"))
    assert html.startswith('<p><span class="tl-fallback" lang="en"') and "EN</span> <strong>Mahlzeit</strong>" in html


def test_a_translated_text_has_no_badge():
    assert "tl-fallback" not in str(_page("de").text("rules:mahlzeit.overview.body"))
