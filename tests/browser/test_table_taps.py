"""Choosing a move on the table itself (site/assets/js/picks.js, play.js) in a real browser at phone width: the
cards, dice and places a listed move uses are buttons; each tap keeps the moves that use everything tapped (the
list the engine in CPython gives for the same taps), and once one move is left it is played — the engine's text of
that move, the picture of the new position. A long list folds the kinds of move with many variants."""
from __future__ import annotations

import json

import pytest

from engine_tools import ENGINE_GAMES
from picks_tools import TAPPED, narrowed, picks, selector, taps
from table_tools import as_drawn
from test_play import BOOT_MS, PHONE, _at, _replay, _words
from picture_tree import Tree
from tischlein.engine import api

# An example per game whose start has a tapped move that takes several taps, each narrowing the list.
TAPS = {"mahlzeit": "cutlery-needs-drink", "diced-veggies": "setup", "suppenkasper": "multiplier",
        "schwarzwaelder-kirsch": "setup", "ta-na-mesa": "presentation-8"}


def test_every_game_is_tapped_here():
    assert set(TAPS) == set(ENGINE_GAMES)


def _open(pg, base: str, game_id: str, example: str | None = None) -> None:
    pg.goto(f"{base}{game_id}/examples/{example or TAPS[game_id]}/", wait_until="networkidle")
    pg.locator("button.tl-play-start").click()
    pg.wait_for_selector(".tl-play[data-state=ready]", timeout=BOOT_MS)


def _longest(game_id: str, choices: dict, marks: list[dict]) -> dict:
    """The tapped move that takes the most taps to choose."""
    legal = [c["move"] for c in choices["moves"]]
    return max((m for m in legal if m["move"] in TAPPED[game_id]), key=lambda m: len(taps(m, marks)))


@pytest.mark.parametrize("game_id", sorted(TAPS))
def test_taps_narrow_the_moves_and_play_the_last_one_left(site, new_page, shot, game_id):
    _, base, _ = site
    payload, reference = _replay(game_id, TAPS[game_id])
    start = reference["start"]["state"]
    choices = api.choices(payload, start, "en")
    marks = picks(api.draw(payload, start, "en")["html"])
    move = _longest(game_id, choices, marks)
    tapped = taps(move, marks)
    legal = [c["move"] for c in choices["moves"]]
    pg, watch = new_page(viewport=PHONE)
    _open(pg, base, game_id)
    table = pg.locator(".tl-play")
    picture = table.locator(".tl-play-picture")
    # exactly the things a listed move uses are buttons: as many as the engine's marks that a move uses
    usable = {selector(p) for p in marks if any(narrowed([m], [p]) for m in legal)}
    assert picture.locator(".tl-pickable").count() == sum(picture.locator(sel).count() for sel in usable) > 0
    assert table.locator(".tl-play-tap").is_visible()
    for k, pick in enumerate(tapped, 1):
        left = narrowed(legal, tapped[:k])
        thing = picture.locator(f".tl-pickable{selector(pick)}").first
        if k == len(tapped) and game_id == "ta-na-mesa":
            thing.focus()
            thing.press("Enter")                           # a keyboard reaches every thing a mouse does
        else:
            thing.click()
        told = list(dict.fromkeys(_words(c["text"]) for c in choices["moves"] if c["move"] in left))
        if len(told) == 1:                  # one move left, or moves that read alike: the first is played
            break
        pg.wait_for_function(f"document.querySelectorAll('.tl-play-picture [aria-pressed=true]').length >= {k}")
        assert table.get_attribute("data-at") == "0"
        shown = [_words(t) for t in table.locator("button.tl-play-move").all_inner_texts()]
        assert shown == told
        assert table.locator(".tl-play-picked").is_visible()
    else:
        pytest.fail("the taps of a move left more than one move that reads differently")
    _at(pg, 1)
    played = api.check_move(payload, start, left[0], "en")
    assert _words(table.locator(".tl-play-happened").inner_text()) == _words(played["text"])
    assert as_drawn(picture.inner_html()).strings() == Tree(api.draw(payload, played["state"], "en")["html"]).root.strings()
    assert picture.locator("[aria-pressed=true]").count() == 0          # a new position: nothing tapped yet
    shot(pg, f"taps-{game_id}-390")
    assert not watch.problems(), watch.problems()


def test_a_long_list_folds_and_show_all_moves_lets_the_taps_go(site, new_page, shot):
    """Diced Veggies' setup: 98 ways to cut (86 that read apart), one group; two taps, then "Show all moves" brings
    the group back."""
    _, base, _ = site
    payload, reference = _replay("diced-veggies", TAPS["diced-veggies"])
    start = reference["start"]["state"]
    choices = api.choices(payload, start, "en")
    cuts = [c for c in choices["moves"] if c["move"]["move"] == "cut"]
    # two cuts that read alike (two onion dice showing 3, in other places) are one button: the picture tells them
    # apart, a tap on the die chooses
    buttons = len({c["text"] for c in cuts})
    pg, watch = new_page(viewport=PHONE)
    _open(pg, base, "diced-veggies")
    table = pg.locator(".tl-play")
    group = table.locator("li.tl-play-kind details[data-move=cut]")
    assert group.locator("summary").inner_text() == f"Ada cuts dice from the block ({buttons} ways)"
    assert group.locator("button.tl-play-move").count() == buttons and not group.get_attribute("open")
    shot(pg, "taps-folded-390")
    marks = picks(api.draw(payload, start, "en")["html"])
    first, second = taps(_longest("diced-veggies", choices, marks), marks)[:2]
    for pick in (first, second):
        table.locator(f".tl-play-picture .tl-pickable{selector(pick)}").first.click()
    pg.wait_for_function("document.querySelectorAll('.tl-play-picture [aria-pressed=true]').length === 2")
    assert table.locator(".tl-play-picked").inner_text().startswith("Tapped on the table: 2 things.")
    assert table.locator("li.tl-play-kind").count() == 0          # a narrowed list is short: no groups
    table.locator("button.tl-play-unpick").click()
    assert table.locator(".tl-play-picture [aria-pressed=true]").count() == 0
    assert table.locator("li.tl-play-kind details[data-move=cut] button.tl-play-move").count() == buttons
    assert table.locator(".tl-play-picked").is_hidden()
    # a thing no move of the ones tapped goes with starts a new choice of its own
    table.locator(f".tl-play-picture .tl-pickable{selector(first)}").first.click()
    other = next(p for p in marks if p["value"] is not None and p["value"] != first["value"]
                 and any(narrowed([m["move"]], [p]) for m in cuts)
                 and not narrowed([c["move"] for c in cuts], [first, p]))
    table.locator(f".tl-play-picture .tl-pickable{selector(other)}").first.click()
    pressed = table.locator(".tl-play-picture [aria-pressed=true]")
    pg.wait_for_function("document.querySelectorAll('.tl-play-picture [aria-pressed=true]').length === 1")
    assert json.loads(pressed.first.get_attribute("data-pick")) == other["value"]
    assert not watch.problems(), watch.problems()


def test_moves_that_read_alike_are_one_button(site, new_page):
    """Mahlzeit's scoring example: two beers in hand put on a row read the same; the list has one button each."""
    _, base, _ = site
    payload, reference = _replay("mahlzeit", "example-scoring")
    texts = [_words(c["text"]) for c in api.choices(payload, reference["start"]["state"], "en")["moves"]]
    assert len(set(texts)) < len(texts)
    pg, watch = new_page(viewport=PHONE)
    _open(pg, base, "mahlzeit", "example-scoring")
    buttons = pg.locator(".tl-play button.tl-play-move")
    assert [_words(t) for t in buttons.all_text_contents()] == list(dict.fromkeys(texts))
    assert not watch.problems(), watch.problems()
