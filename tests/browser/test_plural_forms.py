"""Plural forms and number formats in the browser: the scoring calculator says "1 point" / "1 Punkt" and
"2 points" / "2 Punkten", picked by Intl.PluralRules from the forms the build ships, in the page's language."""
from __future__ import annotations

import pytest


def _score(page, base: str, path: str, value: str) -> str:
    page.goto(base + path)
    page.wait_for_selector(".tl-calc[data-ready]", timeout=8000)
    first = page.locator(".tl-calc-player").first
    first.locator(".tl-calc-add").click()
    row = first.locator(".tl-calc-row").nth(0)
    row.locator("select[data-field=dish]").select_option("kloesse")
    row.locator("select[data-field=value]").select_option(value)
    row.locator("select[data-field=drink]").select_option("")
    return page.locator(".tl-calc-summary").inner_text()


@pytest.mark.parametrize("path, value, want", [
    ("mahlzeit/calculator/", "1", "wins with 1 point."),
    ("mahlzeit/calculator/", "2", "wins with 2 points."),
    ("de/mahlzeit/calculator/", "1", "gewinnt mit 1 Punkt."),
    ("de/mahlzeit/calculator/", "2", "gewinnt mit 2 Punkten."),
    ("pt/mahlzeit/calculator/", "1", "vence com 1 ponto."),
])
def test_the_calculator_counts_in_the_pages_language(site, new_page, shot, path, value, want):
    folder, base, _ = site
    page, watch = new_page(viewport={"width": 390, "height": 844})
    summary = _score(page, base, path, value)
    assert summary.endswith(want) or want in summary, summary
    assert "points." not in summary or value != "1"
    if path.startswith("de/") and value == "1":
        shot(page, "calculator-de-1-punkt-phone")
    assert watch.problems() == []
