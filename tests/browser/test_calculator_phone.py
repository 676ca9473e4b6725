"""The scoring calculators on a phone (390 × 844) in every language, and what they refuse: every game's
calculator fits the screen with the most players (no sideways scrolling, no cut-off column of the result), the
result covers no field, empty and text fields are refused with a message at the field, and what the players
hold together can be no more than the game has (the counts from the content model the PDFs print)."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine_tools import CALCULATORS
from tischlein.content import loader

ROOT = Path(__file__).resolve().parents[2]
LANGS = ["en", "de", "pt"]
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def content():
    return loader.load(ROOT / "content")


def _open(new_page, base, game_id, lang, viewport=PHONE):
    page, watch = new_page(viewport=viewport)
    page.goto(base + ("" if lang == "en" else f"{lang}/") + f"{game_id}/calculator/")
    page.wait_for_selector(".tl-calc[data-ready]", timeout=8000)
    return page, watch


def _fill_players(page):
    """The most players the game has, each with a row in every rows field (a dish, a recipe: another one for each
    player, as the game has one card of some), so the result table is as wide as it gets."""
    while page.locator(".tl-calc-add-player:visible").count():
        page.click(".tl-calc-add-player")
    for i, player in enumerate(page.locator(".tl-calc-player").all()):
        for rows in player.locator(".tl-calc-rowset").all():
            rows.locator(".tl-calc-add").click()
            first = rows.locator(".tl-calc-row select").first
            first.select_option(index=i)


_WIDTHS = """() => {
  const over = [];
  const fits = (el) => el.scrollWidth <= el.clientWidth;
  const doc = document.documentElement;
  if (!fits(doc)) over.push(['page', doc.scrollWidth, doc.clientWidth]);
  for (const sel of ['.tl-calc', '.tl-calc-player', '.tl-calc-results', '.tl-calc-table', '.tl-calc-row']) {
    for (const el of document.querySelectorAll(sel)) if (!fits(el)) over.push([sel, el.scrollWidth, el.clientWidth]);
  }
  // every cell of the result inside its box: a column that is there but cut off counts too
  const box = document.querySelector('.tl-calc-table').getBoundingClientRect();
  for (const c of document.querySelectorAll('.tl-calc-scores th, .tl-calc-scores td')) {
    const r = c.getBoundingClientRect();
    if (r.width && (r.right > box.right + 0.5 || r.left < box.left - 0.5)) over.push(['cell', c.textContent, r.right, box.right]);
  }
  return over;
}"""

# Each field scrolled to the bottom edge and to the middle of the screen: the point in its middle must be the field
# (a result bar fixed over the page would be hit there instead).
_COVERED = """() => {
  const hit = [];
  for (const f of document.querySelectorAll('.tl-calc input, .tl-calc select')) {
    if (!f.offsetParent) continue;
    for (const block of ['end', 'center']) {
      f.scrollIntoView({block});
      const r = f.getBoundingClientRect();
      const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (at !== f && !f.contains(at)) hit.push([f.dataset.field, block, at ? at.className : null]);
    }
  }
  return hit;
}"""


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", CALCULATORS)
def test_calculator_fits_a_phone_and_the_result_covers_no_field(site, new_page, shot, game_id, lang):
    folder, base, _ = site
    page, watch = _open(new_page, base, game_id, lang)
    _fill_players(page)
    assert page.locator(".tl-calc-scores").count() == 1
    assert page.evaluate(_WIDTHS) == []
    assert page.evaluate(_COVERED) == []
    # every player sees their rank and total right under their fields
    results = page.locator(".tl-calc-player-result").all_inner_texts()
    assert len(results) == page.locator(".tl-calc-player").count() and all(r.strip() for r in results), results
    if lang in ("en", "de"):
        page.evaluate("window.scrollTo(0, 0)")
        shot(page, f"calculator-phone-{game_id}-{lang}")
    assert not watch.problems(), watch.problems()


@pytest.mark.parametrize("lang", LANGS)
def test_empty_and_text_fields_are_refused_at_the_field(site, new_page, content, lang):
    """An emptied field and one holding text are not counted as 0: the field says why (aria-invalid, and
    aria-describedby names the reason, in the page's language), and nothing is scored."""
    folder, base, _ = site
    page, watch = _open(new_page, base, "ta-na-mesa", lang, viewport={"width": 1280, "height": 900})
    ui = content.games["ta-na-mesa"].ui
    whole = ui.text("ui:site.calc.not_whole", lang).split("{range}")[0].strip()
    incomplete = ui.text("ui:site.calc.incomplete", lang)
    field = page.locator(".tl-calc-player").first.locator("input[data-field=frame]")
    for how in ("empty", "text"):
        field.fill("3")
        assert page.locator(".tl-calc-scores").count() == 1
        field.fill("")
        if how == "text":
            field.press("e")                    # what a number field takes of text; it reads as no number
        assert field.get_attribute("aria-invalid") == "true", how
        why = page.locator("#" + field.get_attribute("aria-describedby"))
        assert why.is_visible() and whole in why.inner_text(), (how, why.inner_text())
        assert page.locator(".tl-calc-scores").count() == 0, how          # no score from a field left empty
        assert page.locator(".tl-calc-summary").inner_text().startswith(incomplete), how
    field.fill("2")
    assert field.get_attribute("aria-invalid") is None
    assert page.locator(".tl-calc-scores").count() == 1
    assert not watch.problems(), watch.problems()


def _row(page, player, row):
    return page.locator(".tl-calc-player").nth(player).locator(".tl-calc-row").nth(row)


def _summary(page):
    return page.locator(".tl-calc-summary").inner_text()


@pytest.mark.parametrize("lang", LANGS)
def test_mahlzeit_refuses_more_cards_than_the_game_has(site, new_page, content, lang):
    """Two players with the one Rote Grütze 8, ten beers where the game has eight: refused, naming the card and
    the count the game has (read from the content model, as the PDFs print it)."""
    folder, base, _ = site
    model = content.games["mahlzeit"].model
    page, watch = _open(new_page, base, "mahlzeit", lang, viewport={"width": 1280, "height": 900})
    dish = model.dishes["rote-gruetze"]
    value = max(dish.values)
    assert dish.values.count(value) == 1
    for p in (0, 1):
        page.locator(".tl-calc-player").nth(p).locator(".tl-calc-add").click()
        _row(page, p, 0).locator("select[data-field=dish]").select_option(dish.id)
        _row(page, p, 0).locator("select[data-field=value]").select_option(str(value))
    text = _summary(page)
    assert f"{dish.name} {value}" in text and page.locator(".tl-calc-scores").count() == 0, text
    assert f" 2 " in text and text.rstrip(".").endswith(" 1"), text
    # the cards' fields say so too: invalid, described by the line that says why
    summary_id = page.locator(".tl-calc-summary").get_attribute("id")
    for p in (0, 1):
        for key in ("dish", "value"):
            select = _row(page, p, 0).locator(f"select[data-field={key}]")
            assert select.get_attribute("aria-invalid") == "true", (p, key)
            assert summary_id in select.get_attribute("aria-describedby").split(), (p, key)
    _row(page, 1, 0).locator("select[data-field=value]").select_option(str(min(dish.values)))
    assert page.locator(".tl-calc-scores").count() == 1, _summary(page)
    assert page.locator(".tl-calc [aria-invalid]").count() == 0

    beer = model.drinks["beer"]
    half = beer.count // 2 + 1                   # each within the field's own limit, together too many
    for p in (0, 1):
        page.locator(".tl-calc-player").nth(p).locator("input[data-field=beer]").fill(str(half))
    text = _summary(page)
    words = page.evaluate("JSON.parse(document.querySelector('.tl-calc').dataset.calc).limits")
    label = next(w["label"] for w in words if w["from"][-1].get("field") == "hand.beer")
    assert label in text and str(2 * half) in text and text.rstrip(".").endswith(str(beer.count)), text
    assert page.locator(".tl-calc-scores").count() == 0
    beers = page.locator("input[data-field=beer]")
    assert [beers.nth(p).get_attribute("aria-invalid") for p in (0, 1)] == ["true", "true"]
    assert summary_id in beers.nth(0).get_attribute("aria-describedby").split()
    page.locator(".tl-calc-player").nth(1).locator("input[data-field=beer]").fill("0")
    assert page.locator(".tl-calc-scores").count() == 1, _summary(page)
    assert page.locator(".tl-calc [aria-invalid]").count() == 0
    assert summary_id not in beers.nth(0).get_attribute("aria-describedby").split()      # its own reason stays
    assert not watch.problems(), watch.problems()


def test_diced_veggies_and_ta_na_mesa_refuse_more_than_the_game_has(site, new_page, content):
    folder, base, _ = site
    page, watch = _open(new_page, base, "diced-veggies", "de", viewport={"width": 1280, "height": 900})
    recipe = min(content.games["diced-veggies"].model.recipes.values(), key=lambda r: r.count)
    page.click(".tl-calc-add-player")
    for p in (0, 1):
        for r in range(recipe.count):
            page.locator(".tl-calc-player").nth(p).locator(".tl-calc-add").click()
            _row(page, p, r).locator("select[data-field=recipe]").select_option(recipe.id)
    text = _summary(page)
    assert recipe.name in text and text.rstrip(".").endswith(str(recipe.count)), text
    assert page.locator(".tl-calc-scores").count() == 0

    page, watch2 = _open(new_page, base, "ta-na-mesa", "pt", viewport={"width": 1280, "height": 900})
    model = content.games["ta-na-mesa"].model
    vegetarian = sum(r.vegetarian for r in model.recipes.values())
    each = int(page.locator("input[data-field=vegetarian_recipes]").first.get_attribute("max"))    # a stove's spaces
    while page.locator(".tl-calc-player").count() * each <= vegetarian:
        page.click(".tl-calc-add-player")
    fields = page.locator("input[data-field=vegetarian_recipes]").all()
    for f in fields:
        f.fill(str(each))
    text = _summary(page)
    assert text.rstrip(".").endswith(str(vegetarian)) and page.locator(".tl-calc-scores").count() == 0, text
    fields[-1].fill(str(vegetarian - each * (len(fields) - 1)))
    assert page.locator(".tl-calc-scores").count() == 1, _summary(page)
    assert not watch.problems() and not watch2.problems()
