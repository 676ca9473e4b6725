"""The table on example pages (site/assets/js/play.js) in a real browser at phone width: the engine in Pyodide
replays the example, lists the legal moves in the engine's words, plays a clicked one, undoes and redoes, jumps
with the slider, goes its own way from any step ("what if") and refuses an illegal built move with the engine's
reason and rule before anything changes. What it draws is what the engine's api.draw draws in CPython."""
from __future__ import annotations

from html.parser import HTMLParser

import pytest

from engine_tools import ENGINE_GAMES, engine_for, repository_content
from table_tools import press
from tischlein.engine import api, replay
from tischlein.site.assets import game_payload

# One example per game, with a few moves.
EXAMPLES = {"mahlzeit": "silke-currywurst", "diced-veggies": "cut-shapes", "suppenkasper": "red-chips",
            "schwarzwaelder-kirsch": "joker-and-action-card", "ta-na-mesa": "compare-sums"}
# Examples whose start has a move that chooses several things: the builder's.
BUILT = {"mahlzeit": "cutlery-needs-drink", "diced-veggies": "cut-shapes", "suppenkasper": "multiplier",
         "ta-na-mesa": "compare-sums"}
PHONE = {"width": 390, "height": 844}
BOOT_MS = 180_000            # Pyodide's first boot on a loaded two-core machine


class _Text(HTMLParser):
    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.feed(html)

    def handle_data(self, data):
        self.parts.append(data)


def _words(text: str) -> str:
    return " ".join(text.split())


def _replay(game_id: str, example: str) -> tuple[dict, dict]:
    """(the game's payload, the example replayed in CPython: the reference the browser must match)."""
    content = repository_content()
    game = content.games[game_id]
    ex = next(x for x in game.examples if x["id"] == example)
    return game_payload(game, content.languages), replay.run(engine_for(game_id), ex, game.engine_messages("en"))


def _at(pg, index: int) -> None:
    pg.wait_for_function(f"(() => {{ const t = document.querySelector('.tl-play'); "
                         f"return t.dataset.at === '{index}' && t.dataset.state === 'ready'; }})()")


def test_every_game_has_an_example_here():
    assert set(EXAMPLES) == set(ENGINE_GAMES)


@pytest.mark.parametrize("game_id", sorted(EXAMPLES))
def test_the_table_plays_the_example_and_any_other_move(site, new_page, shot, game_id):
    _, base, _ = site
    payload, reference = _replay(game_id, EXAMPLES[game_id])
    steps = [s for s in reference["steps"] if s["legal"] and s.get("state")]
    pg, watch = new_page(viewport=PHONE)
    pg.goto(f"{base}{game_id}/examples/{EXAMPLES[game_id]}/", wait_until="networkidle")
    start = pg.locator("button.tl-play-start")
    assert start.inner_text() == "Open the table"
    start.click()
    pg.wait_for_selector(".tl-play[data-state=ready]", timeout=BOOT_MS)
    table = pg.locator(".tl-play")
    picture = table.locator(".tl-play-picture .tl-picture")
    assert picture.is_visible()
    assert table.locator(".tl-play-where").inner_text() == f"Step 0 of {len(steps)}"
    # the start as CPython draws it, and its legal moves in the engine's words, as buttons
    drawn = api.draw(payload, reference["start"]["state"], "en")["html"]
    assert _words(picture.text_content()) == _words("".join(_Text(drawn).parts))
    choices = api.choices(payload, reference["start"]["state"], "en")
    buttons = table.locator("button.tl-play-move")
    # (a long list folds kinds with many variants into groups: their buttons are in the page, closed; two moves
    # that read alike are one button)
    texts = list(dict.fromkeys(c["text"] for c in choices["moves"]))
    assert [_words(t) for t in buttons.all_text_contents()] == [_words(t) for t in texts]
    assert table.locator(".tl-play-moves-title").inner_text() == f"Legal moves for {choices['moves'][0]['move']['player']}"
    assert table.locator("button.tl-play-undo").is_disabled()
    # redo walks the example: what happened is the engine's text of the example's first move
    table.locator("button.tl-play-redo").click()
    _at(pg, 1)
    assert _words(table.locator(".tl-play-happened").inner_text()) == _words(steps[0]["text"])
    drawn = api.draw(payload, steps[0]["state"], "en")["html"]
    assert _words(picture.text_content()) == _words("".join(_Text(drawn).parts))
    table.locator("button.tl-play-undo").click()
    _at(pg, 0)
    # what if: another legal move at the start cuts the example's moves off
    other = next(i for i, c in enumerate(choices["moves"]) if c["move"] != steps[0]["move"]
                 and c["text"] not in [x["text"] for x in choices["moves"][:i]])
    chosen = choices["moves"][other]
    press(buttons.nth(texts.index(chosen["text"])))
    _at(pg, 1)
    assert _words(table.locator(".tl-play-happened").inner_text()) == _words(chosen["text"])
    assert table.locator(".tl-play-where").inner_text() == "Step 1 of 1"
    assert table.locator(".tl-play-own").is_visible()
    after = api.check_move(payload, reference["start"]["state"], chosen["move"], "en")["state"]
    assert _words(picture.text_content()) == _words("".join(_Text(api.draw(payload, after, "en")["html"]).parts))
    # the slider jumps, and "back to the example" brings its moves back
    table.locator("input.tl-play-slider").fill("0")
    _at(pg, 0)
    table.locator("button.tl-play-restart").click()
    _at(pg, 0)
    assert table.locator(".tl-play-where").inner_text() == f"Step 0 of {len(steps)}"
    table.locator("input.tl-play-slider").fill(str(len(steps)))
    _at(pg, len(steps))
    assert _words(table.locator(".tl-play-happened").inner_text()) == _words(steps[-1]["text"])
    shot(pg, f"table-{game_id}-390")
    assert not watch.problems(), watch.problems()


@pytest.mark.parametrize("game_id", sorted(BUILT))
def test_a_built_move_the_rules_forbid_is_refused_with_its_reason_and_nothing_changes(site, new_page, game_id):
    _, base, _ = site
    payload, reference = _replay(game_id, BUILT[game_id])
    start = reference["start"]["state"]
    builder = api.choices(payload, start, "en")["builders"][0]
    # the first of each single choice, and of the list every option or only the first: one is not a legal move
    for take in (None, 1):
        picks = {a["name"]: list(range(len(a["options"])))[:take] if a["many"] else [0] for a in builder["args"]}
        move = {"player": builder["player"], "move": builder["move"], "args": {**builder["fixed"], **{
            a["name"]: [a["options"][i]["value"] for i in picks[a["name"]]] if a["many"]
            else a["options"][0]["value"] for a in builder["args"]}}}
        refused = api.check_move(payload, start, move, "en")
        if not refused["legal"]:
            break
    assert not refused["legal"] and refused["error"]["rule"], move
    pg, watch = new_page(viewport=PHONE)
    pg.goto(f"{base}{game_id}/examples/{BUILT[game_id]}/", wait_until="networkidle")
    pg.locator("button.tl-play-start").click()
    pg.wait_for_selector(".tl-play[data-state=ready]", timeout=BOOT_MS)
    build = pg.locator(f".tl-play-build[data-move='{builder['move']}'][data-player='{builder['player']}']")
    build.locator("summary").click()
    for index, a in enumerate(builder["args"]):
        options = build.locator(".tl-play-arg").nth(index).locator("button.tl-play-option")
        assert options.all_inner_texts() == [o["text"] for o in a["options"]]
        for i in picks[a["name"]]:
            options.nth(i).click()
            assert options.nth(i).get_attribute("aria-pressed") == "true"
    build.locator("button.tl-play-try").click()
    refusal = pg.locator(".tl-play-refused")
    refusal.wait_for(state="visible")
    text = refusal.inner_text()
    assert text.startswith("Not allowed, nothing was changed:") and refused["error"]["message"] in _words(text)
    link = refusal.locator("a.tl-rule-link")
    assert link.inner_text() == refused["error"]["rule_title"]      # the rule by its title, never its id
    assert refused["error"]["rule_title"] and refused["error"]["rule"] not in text
    assert link.get_attribute("href").endswith(f"/{game_id}/rules/#{refused['error']['rule']}")
    table = pg.locator(".tl-play")
    assert table.get_attribute("data-at") == "0"                               # nothing was played
    assert table.locator(".tl-play-where").inner_text().startswith("Step 0 of ")
    assert not watch.problems(), watch.problems()
