"""The scoring calculator in a real browser: the rulebook's example by hand (keyboard and form), and the limits of
what players can hold on the final states of the agreement cases. Whether the calculator's JavaScript scores as
the engine does is tests/test_calculator_node.py (under Node, in every test run)."""
from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from tischlein.content import loader
from calculator_cases import cases
from engine_tools import CALCULATORS, ENGINE_GAMES
from tischlein.site import calculator

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def content():
    return loader.load(ROOT / "content")


@pytest.fixture(scope="module")
def calc_page(browser, site):
    """One page with the calculator modules importable (same origin as the site)."""
    folder, base, _ = site
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "mahlzeit/calculator/")
    page.wait_for_selector(".tl-calc[data-ready]", timeout=8000)
    yield page, base
    context.close()


def _row(page, player: int, row: int):
    return page.locator(".tl-calc-player").nth(player).locator(".tl-calc-row").nth(row)


def test_rulebook_example_gives_21(site, new_page, shot):
    """Mahlzeit's rulebook example: laid 3, 3, 7, 5, 3, 5, 8 = 34; in hand Beize, Bratwurst, a beer (−3),
    Brezel and Dirty Pots (−10) = −13; total 21. Entered with the keyboard where a player would."""
    folder, base, _ = site
    page, watch = new_page(viewport={"width": 1280, "height": 900})
    page.goto(base + "mahlzeit/calculator/")
    page.wait_for_selector(".tl-calc[data-ready]", timeout=8000)
    first = page.locator(".tl-calc-player").first
    first.locator("input.tl-calc-name").fill("Silke")
    laid = [("rote-gruetze", "8", "coffee-rum"), ("kaesespaetzle", "5", "wine"), ("sauerbraten", "3", "beer"),
            ("brotzeit", "3", "")]
    add = first.locator(".tl-calc-add")
    for i, (dish, value, drink) in enumerate(laid):
        add.focus()
        page.keyboard.press("Enter")                       # the new row's first field gets the focus
        assert page.evaluate("document.activeElement.dataset.field") == "dish"
        row = _row(page, 0, i)
        row.locator("select[data-field=dish]").select_option(dish)
        row.locator("select[data-field=value]").select_option(value)
        row.locator("select[data-field=drink]").select_option(drink)
    # the value and drink lists follow the dish: Rote Grütze is worth 7 or 8 and goes with coffee with rum only
    assert _row(page, 0, 0).locator("select[data-field=value] option").all_inner_texts() == ["7", "8"]
    assert _row(page, 0, 0).locator("select[data-field=drink] option").count() == 2    # none + coffee with rum
    beer = first.locator("input[data-field=beer]")
    beer.focus()
    page.keyboard.press("ArrowUp")                          # 0 -> 1 beer left in hand
    first.locator("input[data-field=dirty-pots]").focus()
    page.keyboard.press("Space")
    started = time.perf_counter()
    cells = {c.get_attribute("data-key"): c.inner_text()
             for c in page.locator(".tl-calc-scores td").all() if c.inner_text()}
    col = page.locator(".tl-calc-scores thead th").all_inner_texts()
    assert col[1] == "1. Silke"
    silke = {key: page.locator(f".tl-calc-scores td[data-key='{key}']").first.inner_text()
             for key in ("dishes", "drinks", "hand_drinks", "dirty_pots", "total")}
    assert silke == {"dishes": "19", "drinks": "15", "hand_drinks": "−3", "dirty_pots": "−10", "total": "21"}, cells
    assert page.locator(".tl-calc-rules a").count() == 3                  # scoring, ties, special cards
    assert "{" not in page.locator(".tl-calc-rules").inner_text()
    assert "Silke" in page.locator(".tl-calc-summary").inner_text()
    assert "21" in page.locator(".tl-calc-summary").inner_text()
    result = page.evaluate("document.querySelector('.tl-calc').calculator.recompute()")
    assert result["players"][0]["laid"] == 34 and result["players"][0]["hand"] == -13
    assert result["winners"] == ["Silke"]
    print(f"\nscore on screen {1000 * (time.perf_counter() - started):.0f} ms after the last key (incl. reads)")
    shot(page, "calculator-mahlzeit-desktop")
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "calculator-mahlzeit-phone")
    assert not watch.problems(), watch.problems()


def test_tie_break_and_players(site, new_page):
    """Equal totals: most points from laid drinks wins; equal on that too: shared. Add/remove players."""
    folder, base, _ = site
    page, watch = new_page()
    page.goto(base + "de/mahlzeit/calculator/")
    page.wait_for_selector(".tl-calc[data-ready]", timeout=8000)
    assert page.locator("h1").inner_text().startswith("Punkterechner")
    page.click(".tl-calc-add-player")
    assert page.locator(".tl-calc-player").count() == 3
    # Thüringer Klöße has two cards worth 2 (the one Käsespätzle 5 could not lie in front of two players)
    for i, (dish, value, drink) in enumerate([("kloesse", "2", "wine"), ("kaesespaetzle", "6", ""),
                                              ("kloesse", "2", "wine")]):
        page.locator(".tl-calc-player").nth(i).locator(".tl-calc-add").click()
        row = _row(page, i, 0)
        row.locator("select[data-field=dish]").select_option(dish)
        row.locator("select[data-field=value]").select_option(value)
        row.locator("select[data-field=drink]").select_option(drink)
    page.locator(".tl-calc-player").nth(1).locator("input[data-field=beer]").fill("0")
    summary = page.locator(".tl-calc-summary").inner_text()
    assert "Spieler 1, Spieler 3" in summary and "teilen" in summary, summary     # 7, 6, 7: shared
    page.locator(".tl-calc-player").nth(1).locator(".tl-calc-add").click()
    row = _row(page, 1, 1)
    row.locator("select[data-field=dish]").select_option("sauerbraten")
    row.locator("select[data-field=value]").select_option("3")
    row.locator("select[data-field=drink]").select_option("beer")
    # 7 (2 + wine 5), 12 (6 + 3 + beer 3), 7: player 2 wins outright
    assert page.locator(".tl-calc-summary").inner_text().startswith("Spieler 2 gewinnt mit 12")
    page.locator(".tl-calc-player").nth(0).locator("input[data-field=wine]").fill("0")
    page.locator(".tl-calc-player").nth(2).locator(".tl-calc-row .tl-calc-remove").click()
    page.locator(".tl-calc-player").nth(1).locator(".tl-calc-row .tl-calc-remove").nth(0).click()
    # now 7 (2 + wine 5), 6 (3 + beer 3), 0 -> player 1
    assert page.locator(".tl-calc-summary").inner_text().startswith("Spieler 1 gewinnt mit 7")
    page.locator(".tl-calc-player").nth(2).locator(".tl-calc-player-head .tl-calc-remove").click()
    assert page.locator(".tl-calc-player").count() == 2
    assert page.locator(".tl-calc-player-head .tl-calc-remove:visible").count() == 0       # 2 = the minimum
    assert not watch.problems(), watch.problems()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_calculator_has_no_serious_axe_violation(site, new_page, scheme):
    """axe-core (self-hosted from node_modules) on the calculator with every kind of control on it."""
    folder, base, _ = site
    axe = ROOT / "node_modules" / "axe-core" / "axe.min.js"
    assert axe.is_file(), "npm ci: axe-core is pinned in package.json"
    page, watch = new_page(color_scheme=scheme)
    page.goto(base + "de/mahlzeit/calculator/")
    page.wait_for_selector(".tl-calc[data-ready]", timeout=8000)
    page.locator(".tl-calc-add").first.click()
    row = _row(page, 0, 0)
    row.locator("select[data-field=dish]").select_option("sauerbraten")
    row.locator("select[data-field=drink]").select_option("beer")            # Cutlery and Dish Towel show
    page.click(".tl-calc-add-player")                                       # three players: remove buttons
    page.add_script_tag(content=axe.read_text(encoding="utf-8"))
    found = page.evaluate("""async () => {
        const r = await axe.run(document.querySelector('.md-content'), {resultTypes: ['violations']});
        return r.violations.filter(v => ['serious', 'critical'].includes(v.impact))
                 .map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).slice(0, 3).join(' | ')); }""")
    assert not found, found


# --- the agreement cases: what players hold ---------------------------------------------------------------

@pytest.mark.parametrize("game_id", CALCULATORS)
def test_no_real_game_is_refused_for_holding_more_than_the_game_has(game_id, content, calc_page):
    """The limits of the description (component counts from the content model) never refuse what a game can
    end with: every final state of the agreement cases passes them; the same players twice over (every card
    counted twice) is refused in most of them where the game has single cards (Mahlzeit, Diced Veggies)."""
    if game_id not in ENGINE_GAMES:
        pytest.skip(f"{game_id}: no rules engine")
    page, base = calc_page
    game = content.games[game_id]
    data = game.model.engine_data()
    limits = calculator.description(game, "en").get("limits", [])
    inputs = [calculator.to_input(game_id, data, s.to_dict()) for s in cases(game, data)]
    doubled = [{"players": i["players"] * 2} for i in inputs]
    over = page.evaluate(
        """async ([url, limits, inputs, doubled]) => {
             const m = await import(url);
             return [inputs.map((i) => m.overLimits(limits, i.players)), doubled.map((i) => m.overLimits(limits, i.players))];
           }""", [base + "assets/js/calc/ui.js", limits, inputs, doubled])
    refused = [(inputs[n], o) for n, o in enumerate(over[0]) if o]
    assert not refused, json.dumps(refused[:2], ensure_ascii=False)[:2000]
    if game_id in ("mahlzeit", "diced-veggies"):          # one card of many kinds: twice is too many
        assert sum(bool(o) for o in over[1]) > len(inputs) // 2, "every card counted twice is hardly refused"
