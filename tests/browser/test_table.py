"""The play page as a real table, in a real browser (site/assets/js/game.js over tischlein.engine.table):

* one screen for one turn on a 390 × 844 touch phone: after the deal and after 20 moves, the prompt and every
  current choice lie inside the viewport, and the game log lists every step so far;
* hidden stays hidden, in bot games and with two people at one phone: what the page shows, what it holds (every
  answer of the engine's worker, its storage, its address) never holds another seat's hidden cards or a position
  of the game; the picture is what api.draw draws in CPython for that viewer, the log what the table tells them;
* the controls: undo back to one's own decision, the log's travel, New game asks, a tap that does nothing says
  why, the bots finish the game when asked, and nothing acts that cannot;
* a game survives a reload and a language switch, a shared link rebuilds it elsewhere, a broken or hostile link
  says so and leaves a clean table, a corrupt saved game is ignored."""
from __future__ import annotations

import base64
import json
import re

import pytest

from engine_tools import ENGINE_GAMES, engine_for, repository_content
from picture_tree import Tree
from table_tools import as_drawn
from test_table_privacy import hidden_names
from tischlein.engine import api, table as host
from tischlein.site.assets import game_payload
from tischlein.site.simulation import player_range

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
BOOT_MS = 180_000
# settled: the table waits for a person (a bot's turn plays by itself) or is covered for the phone to be passed
READY = ("(() => { const t = document.querySelector('.tl-play'); "
         "return Boolean(t) && (t.dataset.state === 'covered' "
         "|| (t.dataset.state === 'ready' && t.dataset.bot !== 'moving')); })()")
INSTANT = "localStorage.setItem('tischlein.table.pace', 'instant')"     # the bots' pace, a reader's setting
# every answer of the engine's worker, as the page receives it (the page under test holds them anyway)
RECORD_ANSWERS = """
window.tlAnswers = [];
const RealWorker = window.Worker;
window.Worker = class extends RealWorker {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (event) => window.tlAnswers.push(event.data && event.data.result));
  }
};
"""
# navigator.wakeLock as a recorder (headless Chromium may refuse the real one): the requests and the last lock
WAKE_LOCK = """
window.tlLocks = [];
Object.defineProperty(navigator, "wakeLock", { configurable: true, value: { request(type) {
  window.tlLocks.push(type);
  const lock = new EventTarget();
  lock.release = async () => lock.dispatchEvent(new Event("release"));
  window.tlLock = lock;
  return Promise.resolve(lock);
} } });
"""


def _payload(game_id: str) -> dict:
    return game_payload(repository_content().games[game_id], ["en"])


def _players(game_id: str, wanted: int) -> int:
    counts = player_range(repository_content().games[game_id].model)
    return min(max(counts), max(wanted, min(counts)))


def _settle(pg) -> None:
    pg.wait_for_function(READY, timeout=BOOT_MS)


def _deal(pg, base: str, game_id: str, players: int, humans: int, lang: str = "") -> list[str]:
    """A new game on the play page: `players` seats, the first `humans` of them people, the rest bots."""
    pg.goto(f"{base}{lang}{game_id}/play/", wait_until="networkidle")
    pg.evaluate(f"localStorage.clear(); {INSTANT}")
    pg.locator(".tl-play-count").select_option(str(players))
    seats = pg.locator(".tl-play-seats li")
    names = [seats.nth(i).locator("input[type=text]").input_value() for i in range(players)]
    for i in range(players):
        seats.nth(i).locator("input[type=checkbox]").set_checked(i >= humans)
    pg.locator("button.tl-play-start").click()
    _settle(pg)
    return names


def _table_of(game_id: str, names: list[str], seed: int, bots: list[str], record: list) -> int:
    """The same game opened in CPython's engine from the page's record: the reference the page must match."""
    opened = host.open_table(_payload(game_id), names, seed, {n: None for n in bots}, record)
    assert opened["error"] is None, opened["error"]
    return opened["table"]


def _record(pg) -> list:
    return json.loads(pg.locator(".tl-play").get_attribute("data-record"))


def _choose(pg) -> None:
    """Press the first choice in the dock (opening a folded kind first)."""
    dock = pg.locator(".tl-dock")
    first = dock.locator("ul.tl-play-moves > li").first
    if first.locator("> details").count():
        first.locator("summary").click()
        first.locator("button.tl-play-move").first.click()
    else:
        first.locator("button.tl-play-move").click()


def _move(pg) -> None:
    last = pg.locator(".tl-play").get_attribute("data-last")
    _choose(pg)
    pg.wait_for_function(f"(() => {{ const t = document.querySelector('.tl-play'); "
                         f"return t.dataset.state === 'covered' || (t.dataset.last !== '{last}' && {READY}); }})()",
                         timeout=BOOT_MS)


def _in_view(pg) -> dict:
    """The prompt's and each current choice's box against the viewport, and the log's length."""
    return pg.evaluate("""() => {
      const box = (e) => { const r = e.getBoundingClientRect(); return [r.top, r.bottom, r.left, r.right]; };
      const t = document.querySelector('.tl-play');
      const choices = [...t.querySelectorAll('.tl-dock ul.tl-play-moves > li > button, '
        + '.tl-dock ul.tl-play-moves > li > details > summary, .tl-dock details.tl-play-build > summary')];
      return { prompt: box(t.querySelector('.tl-dock-prompt')), text: t.querySelector('.tl-dock-prompt').textContent,
               choices: choices.map(box), width: innerWidth, height: innerHeight,
               log: t.querySelectorAll('.tl-log-step').length, last: Number(t.dataset.last),
               over: t.dataset.over === 'true' };
    }""")


def _inside(view: dict) -> list:
    return [b for b in [view["prompt"], *view["choices"]]
            if not (0 <= b[0] and b[1] <= view["height"] and 0 <= b[2] and b[3] <= view["width"])]


@pytest.mark.parametrize("wanted", [2, 4])
@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_one_screen_for_one_turn_on_a_phone(site, new_page, shot, game_id, wanted):
    _, base, _ = site
    pg, watch = new_page(**PHONE)
    _deal(pg, base, game_id, _players(game_id, wanted), humans=1)
    for when in ("deal", "after 20 moves"):
        view = _in_view(pg)
        assert view["text"].strip() and (view["choices"] or view["over"]), (when, view)
        assert not _inside(view), (when, view)                       # the prompt and every choice in view
        assert view["log"] == view["last"] + 1, (when, view)         # the deal and every step since
        shot(pg, f"table-{game_id}-{wanted}-{when.split()[0]}-390")
        if when == "deal":
            for _ in range(20):
                if pg.locator(".tl-play").get_attribute("data-over") == "true":
                    break
                _move(pg)
    assert not watch.problems(), watch.problems()


def _keys(value) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


@pytest.mark.parametrize("humans", [1, 2], ids=["against-bots", "two-at-one-phone"])
@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_the_page_never_holds_another_seats_hidden_cards(site, new_page, game_id, humans):
    _, base, _ = site
    payload = _payload(game_id)
    engine = engine_for(game_id)
    pg, watch = new_page(**PHONE)
    pg.add_init_script(RECORD_ANSWERS)
    names = _deal(pg, base, game_id, _players(game_id, 3), humans=humans)
    people, bots = names[:humans], names[humans:]
    panel = pg.locator(".tl-play")
    steps = covers = 0
    for _ in range(9):
        answers = [json.loads(a) for a in pg.evaluate("window.tlAnswers.splice(0)") if isinstance(a, str)]
        # no answer holds a position of the game or a line of moves: only views
        assert not _keys(answers) & {"state", "states", "line"}, _keys(answers)
        # the saved game (and so a shared link) names no card: moves by number, or a person's own built move
        saved = json.loads(pg.evaluate(f"localStorage.getItem('tischlein.table.{game_id}')") or '{"m": []}')
        assert all(isinstance(m, int) or m["player"] in people for m in saved["m"]), saved["m"]
        if panel.get_attribute("data-state") == "covered":           # the phone goes to the other person
            covers += 1
            assert pg.locator(".tl-play-picture").inner_html() == ""
            assert pg.locator(".tl-log-step").count() == 0 and pg.locator("button.tl-play-move").count() == 0
            pg.locator("button.tl-play-reveal").click()
            _settle(pg)
            continue
        if panel.get_attribute("data-over") == "true":
            break
        viewer = panel.get_attribute("data-viewer")
        assert viewer in people
        number = _table_of(game_id, names, 1, bots, _record(pg))
        state = engine.to_dict(host._TABLES[number].line[-1].state)
        seen = host.look(payload, number, viewer)
        html = pg.locator(".tl-play-picture").inner_html()
        assert as_drawn(html).strings() == Tree(api.draw(payload, state, "en", viewer)["html"]).root.strings()
        shown = "".join(pg.locator(sel).inner_html() for sel in (".tl-play-picture", ".tl-play-moves",
                                                                 ".tl-play-builds", ".tl-dock-prompt"))
        for owner in set(names) - {viewer}:
            for name in hidden_names(payload, state, owner):
                assert name not in shown, (viewer, owner, name)
        log = [" ".join(t.split()) for t in pg.locator(".tl-log-step").all_text_contents()]
        told = [" ".join((e["text"] or ("The game is dealt." if e["at"] == 0 else "")).split()) for e in seen["log"]]
        assert log == told
        _move(pg)
        steps += 1
    assert steps >= 3 and (covers >= 1 or humans == 1), (steps, covers)
    assert not watch.problems(), watch.problems()


def test_undo_travel_and_the_buttons_act_only_where_they_can(site, new_page, shot):
    _, base, _ = site
    pg, watch = new_page(**PHONE)
    names = _deal(pg, base, "mahlzeit", 3, humans=1)
    panel = pg.locator(".tl-play")
    undo, finish = pg.locator("button.tl-play-undo"), pg.locator("button.tl-play-bots-finish")
    assert undo.is_disabled()                                        # nothing of mine to take back yet
    _move(pg)                                                        # mine, then the bots' until my next turn
    number = _table_of("mahlzeit", names, 1, names[1:], _record(pg))
    mine = host._undo_to(host._TABLES[number], names[0])
    assert mine is not None and undo.is_enabled()
    undo.click()
    pg.wait_for_function(f"document.querySelector('.tl-play').dataset.last === '{mine}'")
    _settle(pg)
    assert pg.locator(".tl-dock-prompt").inner_text().startswith(f"{names[0]}'s turn")
    _move(pg)
    # the log: every step, a tap on one shows the table as it was then, Back returns
    pg.locator("button.tl-log-open").click()
    dialog = pg.locator("dialog.tl-log")
    assert dialog.is_visible()
    steps = dialog.locator(".tl-log-step")
    assert steps.count() == int(panel.get_attribute("data-last")) + 1
    shot(pg, "table-mahlzeit-log-390")
    turns = dialog.locator(".tl-log-turn details")
    assert turns.last.get_attribute("open") is not None and turns.first.get_attribute("open") is None  # folded
    turns.first.locator("summary").click()
    dialog.locator("button.tl-log-go").first.click()
    pg.wait_for_function("document.querySelector('.tl-play').dataset.at === '0'")
    assert pg.locator(".tl-dock-prompt").inner_text().startswith("You are looking back at step 0 of ")
    assert pg.locator("button.tl-play-move").count() == 0 and undo.is_disabled()
    pg.locator(".tl-play-picture .tl-card").first.click()
    assert pg.locator(".tl-dock-said").inner_text() == "This is an earlier step: go back to the game to move."
    pg.locator("button.tl-dock-back").click()
    pg.wait_for_function("document.querySelector('.tl-play').dataset.at === document.querySelector('.tl-play')"
                         ".dataset.last")
    _settle(pg)
    # New game asks while the game runs; Keep playing keeps it
    pg.locator(".tl-dock-more > summary").click()
    pg.locator("button.tl-play-new").click()
    assert pg.locator(".tl-dock-confirm").is_visible()
    pg.locator("button.tl-dock-confirm-no").click()
    assert pg.locator(".tl-dock-confirm").is_hidden() and panel.get_attribute("data-over") == "false"
    # the bots finish the game when asked; at the end nothing acts but a new game, the log and sharing
    finish.click()
    pg.wait_for_selector(".tl-play[data-over=true][data-state=ready]", timeout=BOOT_MS)
    number = _table_of("mahlzeit", names, 1, names, _record(pg))
    engine = engine_for("mahlzeit")
    state = host._TABLES[number].line[-1].state
    assert engine.is_over(state)
    assert pg.locator(".tl-dock-prompt").inner_text() == f"The game is over. Winner: {', '.join(engine.winners(state))}."
    minus = "\u2212"
    ranking = pg.locator(".tl-play-ranking li").all_inner_texts()
    assert ranking == [f"{r['rank']}. {r['player']}: {str(r['total']).replace('-', minus)}" for r in engine.ranking(state)]
    assert finish.is_hidden() and pg.locator("button.tl-play-undo").count() == 0
    assert "md-button--primary" in pg.locator("button.tl-play-new").get_attribute("class")
    shot(pg, "table-mahlzeit-over-390")
    pg.locator("button.tl-play-new").click()                          # over: no question
    pg.wait_for_selector("button.tl-play-start")
    assert pg.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('tischlein.table.m'))") == []
    assert not watch.problems(), watch.problems()


def test_a_tap_that_does_nothing_says_why(site, new_page):
    _, base, _ = site
    pg, watch = new_page(**PHONE)
    _deal(pg, base, "ta-na-mesa", 2, humans=1)
    plain = pg.locator(".tl-play-picture .tl-card:not(.tl-pickable), .tl-play-picture .tl-tile:not(.tl-pickable)")
    plain.first.click()
    assert pg.locator(".tl-dock-said").inner_text() == "No move uses that now."
    assert not watch.problems(), watch.problems()


def _link_for(game_id: str, names: list[str], bots: list[int], seed: int, moves: list) -> str:
    body = json.dumps({"v": 1, "g": game_id, "p": [[n, b, "greedy" if b else None] for n, b in zip(names, bots)],
                       "s": seed, "m": moves}).encode()
    return "j." + base64.urlsafe_b64encode(body).decode().rstrip("=")


def test_a_game_survives_a_reload_and_a_language_switch_and_a_shared_link_rebuilds_it(site, new_page):
    _, base, _ = site
    pg, watch = new_page(**PHONE)
    pg.add_init_script(WAKE_LOCK)
    _deal(pg, base, "mahlzeit", 2, humans=1)
    for _ in range(4):
        _move(pg)
    record = _record(pg)
    assert all(isinstance(m, int) for m in record) and len(record) >= 4
    before = as_drawn(pg.locator(".tl-play-picture").inner_html()).strings()
    # the screen stays awake while the table is open, and the lock is taken again when the page comes back
    assert pg.evaluate("window.tlLocks") == ["screen"]
    pg.evaluate("window.tlLock.release().then(() => document.dispatchEvent(new Event('visibilitychange')))")
    pg.wait_for_function("window.tlLocks.length === 2")
    pg.reload(wait_until="domcontentloaded")
    _settle(pg)
    assert _record(pg) == record and as_drawn(pg.locator(".tl-play-picture").inner_html()).strings() == before
    assert pg.locator(".tl-dock-said").inner_text() == "Your game is back where you left it."
    # the same game in German
    pg.goto(f"{base}de/mahlzeit/play/", wait_until="domcontentloaded")
    _settle(pg)
    assert _record(pg) == record
    assert pg.locator(".tl-dock-said").inner_text() == "Dein Spiel ist wieder da, wo du aufgehört hast."
    pg.locator(".tl-dock-more > summary").click()
    pg.locator("button.tl-play-share").click()
    pg.wait_for_function("document.querySelector('input.tl-play-share-link').value !== ''")
    link = pg.locator("input.tl-play-share-link").input_value()
    assert re.search(r"#table=z\.[A-Za-z0-9_-]+$", link), link
    other, watch2 = new_page(viewport={"width": 1280, "height": 900})
    other.goto(link.replace("/de/", "/"))
    _settle(other)
    assert _record(other) == record
    assert other.locator(".tl-dock-said").inner_text() == "The shared position is set up."
    assert "#table=" not in other.url
    # wide: the dock beside the table
    board, dock = (other.locator(sel).bounding_box() for sel in (".tl-board", ".tl-dock"))
    assert dock["x"] >= board["x"] + board["width"] - 1 and abs(dock["y"] - board["y"]) < 40
    assert not watch.problems() and not watch2.problems(), (watch.problems(), watch2.problems())


def test_a_broken_or_hostile_link_says_so_and_leaves_a_clean_table(site, new_page):
    _, base, _ = site
    game_id = "suppenkasper"
    names = ["<script>alert(1)</script>", "<img src=x onerror=alert(2)>", "Ana"]
    engine = engine_for(game_id)
    state = engine.new_game(names, 4)
    moves = []
    for _ in range(3):
        move = engine.legal_moves(state)[0]
        moves.append(move.to_dict())
        state = engine.apply(state, move)
    pg, watch = new_page(**PHONE)
    dialogs = []
    pg.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    pg.goto(f"{base}{game_id}/play/")
    pg.evaluate(INSTANT)
    # a hostile name in a good link (an older link, with the moves written out) shows as text
    pg.goto(f"{base}{game_id}/play/#table={_link_for(game_id, names, [0, 1, 1], 4, moves)}")
    _settle(pg)
    assert names[0] in pg.locator(".tl-play-picture").inner_text()
    assert pg.locator(".tl-play img, .tl-play script").count() == 0 and not dialogs
    assert _record(pg)[:3] == [0, 0, 0]            # the moves kept by number from now on
    # tampered: a move the rules refuse at step 2, another game, bad base64, cut short, a number past the list
    illegal = moves[:1] + [{"player": names[2], "move": "lead", "args": {"cards": ["nope"]}}] + moves[2:]
    cases = {
        _link_for(game_id, names, [0, 1, 1], 4, illegal): "Zug 2 ist nicht erlaubt: ",
        _link_for("mahlzeit", names, [0, 1, 1], 4, []): "er gehört zu einem anderen Spiel",
        "z.@@@not-base64": "er ist beschädigt oder abgeschnitten",
        _link_for(game_id, names, [0, 1, 1], 4, moves)[:-7]: "er ist beschädigt oder abgeschnitten",
        _link_for(game_id, names, [0, 1, 1], 4, [0, 9999]): "Zug 2 ist nicht erlaubt: ",
    }
    for link, why in cases.items():
        pg.goto("about:blank")
        pg.goto(f"{base}de/{game_id}/play/#table={link}", wait_until="domcontentloaded")
        message = pg.locator(".tl-play-form .tl-play-refused")
        pg.wait_for_function("document.querySelector('.tl-play-form .tl-play-refused')?.textContent",
                             timeout=BOOT_MS)
        text = message.inner_text()
        assert text.startswith("Dieser Link enthält kein Spiel, das diese Seite aufbauen kann (") and why in text, text
        assert text.endswith("Stattdessen ist ein neuer Tisch bereit.")
        start = pg.locator("button.tl-play-start")
        assert start.is_enabled() and start.inner_text() == "Neue Partie austeilen"
        assert "#table=" not in pg.url
    assert not watch.problems(), watch.problems()


def test_a_corrupt_saved_game_is_ignored_quietly(site, new_page):
    _, base, _ = site
    pg, watch = new_page(**PHONE)
    pg.goto(f"{base}ta-na-mesa/play/", wait_until="networkidle")
    for value in ("{not json", json.dumps({"v": 0, "g": "ta-na-mesa"}), json.dumps({"v": 1, "g": "ta-na-mesa",
                                                                                   "p": "x", "s": 1, "m": []}),
                  json.dumps({"v": 1, "g": "ta-na-mesa", "p": [["A", 0, None], ["B", 1, None]], "s": 1,
                              "m": [-1]})):
        pg.evaluate("v => localStorage.setItem('tischlein.table.ta-na-mesa', v)", value)
        pg.reload(wait_until="networkidle")
        start = pg.locator("button.tl-play-start")
        assert start.is_enabled()
        assert pg.locator(".tl-play-form .tl-play-refused").inner_text() == ""
    assert not watch.problems(), watch.problems()
