"""Example pages in a real browser, at phone (390 px) and desktop width: the state pictures are visible and fit,
the steps collapse and expand with their controls (with JavaScript and without), search stays in the reader's
language, the language switch keeps the section, the calculator refuses what a game cannot produce, and no
page logs a console error or a failed request. Every game's example page is photographed at both widths
($TISCHLEIN_SHOTS)."""
from __future__ import annotations

import re

import pytest

from engine_tools import ENGINE_GAMES, repository_content

# One replay per game, each with a few moves (the pages the issue measured).
EXAMPLES = {"mahlzeit": "silke-currywurst", "diced-veggies": "cut-shapes", "suppenkasper": "red-chips",
            "schwarzwaelder-kirsch": "joker-and-action-card", "ta-na-mesa": "collect"}
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def test_every_game_has_an_example_photographed_here():
    assert set(EXAMPLES) == set(ENGINE_GAMES)
    for game_id, example in EXAMPLES.items():
        assert example in {e["id"] for e in repository_content().games[game_id].examples}


def _open(pg, watch, url):
    watch.clear()
    pg.goto(url, wait_until="networkidle")


def _steps(pg) -> list[bool]:
    return pg.eval_on_selector_all("details.tl-step", "els => els.map(e => e.open)")


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("game_id", sorted(EXAMPLES))
def test_example_page_shows_its_pictures_and_steps_collapse_and_expand(site, new_page, shot, game_id, viewport):
    _, base, _ = site
    pg, watch = new_page(viewport=viewport)
    _open(pg, watch, f"{base}{game_id}/examples/{EXAMPLES[game_id]}/")
    width = viewport["width"]
    shot(pg, f"example-{game_id}-{width}")
    start = pg.locator("#start-body .tl-picture")
    assert start.is_visible()
    box = start.bounding_box()
    assert box["height"] > 150 and box["x"] >= 0 and box["x"] + box["width"] <= width
    assert pg.evaluate("document.documentElement.scrollWidth") <= width          # nothing wider than the screen
    steps = _steps(pg)
    assert steps[0] and not any(steps[1:]) and len(steps) >= 3
    assert not pg.locator("#step-1-body .tl-picture").is_visible()
    # next: step 1 opens and the start closes; its picture is there to see
    pg.locator("#start-body a.tl-step-next").click()
    pg.wait_for_function("document.querySelector('#step-1-step').open")
    assert _steps(pg)[:2] == [False, True]
    assert pg.locator("#step-1-body .tl-picture").is_visible()
    assert re.search(r"#step-1(-body)?$", pg.url), pg.url          # the address follows (tracking)
    pg.locator("#step-1-body a.tl-step-prev").click()
    pg.wait_for_function("document.querySelector('#start-step').open")
    assert _steps(pg)[:2] == [True, False]
    # one button opens every step, and closes them again; a summary opens its own step
    toggle = pg.locator("button.tl-steps-toggle")
    toggle.click()
    assert all(_steps(pg)) and toggle.get_attribute("aria-expanded") == "true"
    toggle.click()
    assert not any(_steps(pg))
    pg.locator("#step-2-step > summary").click()
    assert _steps(pg)[2] and pg.locator("#step-2-body .tl-picture").is_visible()
    assert not watch.problems(), watch.problems()


def test_a_two_move_replay_is_short_on_a_phone_and_every_example_fits(site, new_page):
    """Collapsed steps: no example page is a wall of pictures on a phone (the issue saw 8,000 px for two moves)."""
    folder, base, _ = site
    pg, watch = new_page(viewport=PHONE, java_script_enabled=False)
    heights = {}
    for game_id in ENGINE_GAMES:
        for ex in repository_content().games[game_id].examples:
            watch.clear()
            pg.goto(f"{base}{game_id}/examples/{ex['id']}/", wait_until="load")    # no script to wait for
            heights[f"{game_id}/{ex['id']}"] = pg.evaluate("document.documentElement.scrollHeight")
            # (without JavaScript Material's language menu sticks out of the header: the content must not)
            right = pg.evaluate("Math.max(...Array.from(document.querySelectorAll('.md-content *'), "
                                "e => e.getBoundingClientRect().right))")
            assert right <= PHONE["width"], (ex["id"], right)
    print("\nexample page heights at 390 px:", heights)
    assert max(heights.values()) < 6000, max(heights.items(), key=lambda kv: kv[1])
    assert not watch.problems(), watch.problems()


def test_step_links_open_the_next_step_without_javascript(site, new_page):
    _, base, _ = site
    pg, watch = new_page(viewport=PHONE, java_script_enabled=False)
    _open(pg, watch, f"{base}diced-veggies/examples/cut-shapes/")
    assert pg.locator("button.tl-steps-toggle").count() == 0                     # the script did not run
    assert not pg.locator("#step-1-body .tl-picture").is_visible()
    pg.locator("#start-body a.tl-step-next").click()
    pg.wait_for_function("document.querySelector('#step-1-step').open")          # the browser opened it
    assert pg.locator("#step-1-body .tl-picture").is_visible()
    pg.locator("#step-1-step > summary").click()                                 # and a summary closes it
    assert not pg.evaluate("document.querySelector('#step-1-step').open")
    assert not watch.problems(), watch.problems()


def test_a_link_to_a_step_opens_it(site, new_page):
    _, base, _ = site
    pg, watch = new_page(viewport=DESKTOP)
    _open(pg, watch, f"{base}ta-na-mesa/examples/collect/#step-2")
    pg.wait_for_function("document.querySelector('#step-2-step').open")
    assert pg.locator("#step-2-body .tl-picture").is_visible()
    assert not watch.problems(), watch.problems()


def test_steps_are_keyboard_controls_with_names(site, new_page):
    _, base, _ = site
    pg, watch = new_page(viewport=PHONE)
    _open(pg, watch, f"{base}suppenkasper/examples/red-chips/")
    nav = pg.locator("#start-body nav.tl-step-nav")
    assert nav.get_attribute("aria-label") == "Steps of this example"
    assert nav.locator("a").inner_text().strip() == "Step 1 →"
    pg.locator("#start-body a.tl-step-next").focus()
    pg.keyboard.press("Enter")
    pg.wait_for_function("document.querySelector('#step-1-step').open")
    pg.locator("#step-1-step > summary").focus()
    pg.keyboard.press("Enter")                                                    # a summary toggles by keyboard
    assert not pg.evaluate("document.querySelector('#step-1-step').open")
    assert pg.locator(".tl-picture[role=group][aria-label]").count() >= 1
    assert not watch.problems(), watch.problems()


def test_search_in_german_finds_only_german_pages(site, new_page):
    _, base, _ = site
    pg, watch = new_page(viewport=DESKTOP)
    for prefix, word in (("de/", "Currywurst"), ("de/", "Würfel"), ("pt/", "Currywurst"), ("", "Currywurst")):
        _open(pg, watch, base + prefix)
        pg.locator("input.md-search__input").click()
        for attempt in range(3):         # a query typed while the index still loads is not run: type it again
            pg.fill("input.md-search__input", "")
            pg.locator("input.md-search__input").press_sequentially(word)
            try:
                pg.locator("a.md-search-result__link").first.wait_for(timeout=5_000)
                break
            except Exception:
                assert attempt < 2, (prefix, word, pg.locator(".md-search-result__meta").inner_text())
        pg.wait_for_timeout(300)
        links = pg.eval_on_selector_all("a.md-search-result__link", "els => els.map(e => e.href)")
        assert links, (prefix, word)
        for link in links:
            path = link.split("/sub/", 1)[1]
            if prefix:
                assert path.startswith(prefix), (prefix, word, link)
            else:
                assert not path.startswith(("de/", "pt/")), (word, link)
        first = links[0].split("#")[0]
        assert pg.request.get(first).ok, first                                  # a result leads to a page
    assert not watch.problems(), watch.problems()


def test_the_language_switch_keeps_the_section_the_reader_is_at(site, new_page):
    _, base, _ = site
    pg, watch = new_page(viewport=DESKTOP)
    _open(pg, watch, f"{base}mahlzeit/rules/#mahlzeit.spoon")
    pg.hover(".md-header__option .md-select")
    pg.locator("a.md-select__link[hreflang=de]").click()
    pg.wait_for_url(f"{base}de/mahlzeit/rules/#mahlzeit.spoon")
    pg.wait_for_load_state("networkidle")          # Material's scroll tracking is set up once the page has loaded
    assert pg.locator("html").get_attribute("lang") == "de"
    # scrolling to a section puts it in the address (navigation.tracking): the switch takes the reader there
    pg.evaluate("document.getElementById('mahlzeit.end').scrollIntoView()")
    pg.mouse.move(400, 400)
    pg.mouse.wheel(0, 1)                           # a reader's scroll: the tracking listens to scroll events
    pg.wait_for_function("location.hash === '#mahlzeit.end'")
    pg.hover(".md-header__option .md-select")
    pg.locator("a.md-select__link[hreflang=pt]").click()
    pg.wait_for_url(f"{base}pt/mahlzeit/rules/#mahlzeit.end")
    # an example step, from the phone menu's point of view: the anchor follows into the other language
    _open(pg, watch, f"{base}pt/diced-veggies/examples/cut-shapes/#step-2-body")
    pg.hover(".md-header__option .md-select")
    pg.locator("a.md-select__link[hreflang=en]").click()
    pg.wait_for_url(f"{base}diced-veggies/examples/cut-shapes/#step-2-body")
    pg.wait_for_function("document.querySelector('#step-2-step').open")
    assert not watch.problems(), watch.problems()


def test_the_calculator_refuses_a_value_the_game_cannot_produce(site, new_page):
    _, base, _ = site
    pg, watch = new_page(viewport=PHONE)
    for prefix, refused in (("", "No score yet"), ("de/", "Noch keine Wertung")):
        _open(pg, watch, f"{base}{prefix}ta-na-mesa/calculator/")
        pg.locator(".tl-calc[data-ready='1']").wait_for()
        frame = pg.locator(".tl-calc-player").first.locator("input[data-field=frame]")
        frame.fill("9")                                      # a stove has 8 frame half-symbols
        summary = pg.locator(".tl-calc-summary")
        assert summary.inner_text().startswith(refused)
        assert frame.get_attribute("aria-invalid") == "true"
        why = pg.locator(f"#{frame.get_attribute('aria-describedby')}")
        assert why.is_visible() and re.search(r"\b9\b.*\b0\b.*\b8\b", why.inner_text()), why.inner_text()
        assert pg.locator(".tl-calc-scores").count() == 0                      # no table from impossible values
        frame.fill("-1")                                     # nor negative matches
        assert summary.inner_text().startswith(refused)
        frame.fill("8")
        assert not summary.inner_text().startswith(refused) and frame.get_attribute("aria-invalid") is None
        assert pg.locator(".tl-calc-scores td[data-key=presentation]").first.inner_text() == "8"
    assert not watch.problems(), watch.problems()
