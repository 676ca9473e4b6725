"""The play page as a real table, in a real browser: two people at one phone each see only their own hidden cards
(the table is covered while the phone is passed), a game survives a reload, a shared link rebuilds the same
position in a fresh browser, a broken link says so in the reader's language and leaves a clean table, and bots
play to the engine's own winner. What the page draws for a player is what api.draw draws in CPython for that
viewer (tests/test_table_privacy.py shows that picture never names another player's hidden cards)."""
from __future__ import annotations

import base64
import json
import random
import re

import pytest

from engine_tools import ENGINE_GAMES, engine_for, repository_content
from picture_tree import Tree
from table_tools import as_drawn, press
from test_table_privacy import _hidden_strings, _panels, _secret_labels, _secret_names
from tischlein.engine import api, picture
from tischlein.site.assets import game_payload
from tischlein.site.simulation import player_range

PHONE = {"width": 390, "height": 844}
BOOT_MS = 180_000
# settled: the table waits for a human (a bot's turn plays by itself, data-bot=moving)
READY = ("(() => { const t = document.querySelector('.tl-play'); "
         "return t.dataset.state === 'covered' || (t.dataset.state === 'ready' && t.dataset.bot !== 'moving'); })()")


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


def _seats(game_id: str) -> int:
    counts = player_range(repository_content().games[game_id].model)
    return min(max(counts), max(2, min(counts)))


def _same(html: str, drawn: str) -> bool:
    """The same picture: every text and attribute alike (a browser writes some entities back as characters), but
    what the table adds to make things tappable."""
    return as_drawn(html).strings() == Tree(drawn).root.strings()


def _replayed(game_id: str, names: list[str], seed: int, moves: list):
    """The position the page shows, as CPython's engine reaches it: the same deal, the same moves."""
    engine = engine_for(game_id)
    state = engine.new_game(names, seed)
    for move in moves:
        state = engine.apply(state, move)
    return state


def _settle(pg) -> None:
    pg.wait_for_function(READY, timeout=BOOT_MS)


def _hidden_names(payload: dict, state: dict, owner: str) -> set[str]:
    """The printed names of `owner`'s hidden cards that the open table shows nowhere else: what a page covering
    them must never show."""
    html = api.draw(payload, state, "en")["html"]
    labels = _secret_labels(picture.Words(payload["messages"]["en"]))
    panel = _panels(html)[owner]
    everything, hidden = Tree(html).root.strings(), _hidden_strings(panel, labels)
    return {n for n in _secret_names(panel, labels)
            if sum(s.count(n) for s in everything) == sum(s.count(n) for s in hidden)}


def _deal(pg, base: str, game_id: str, humans: int) -> tuple[list[str], int]:
    pg.goto(f"{base}{game_id}/play/", wait_until="networkidle")
    pg.evaluate("localStorage.clear()")
    seats = pg.locator(".tl-play-seats li")
    seats.first.wait_for()           # the form is made when Material's document$ runs the page's scripts
    names = [seats.nth(i).locator("input[type=text]").input_value() for i in range(seats.count())]
    for i in range(seats.count()):
        box = seats.nth(i).locator("input[type=checkbox]")
        box.set_checked(i >= humans)
    pg.locator("button.tl-play-start").click()
    _settle(pg)
    return names, 1


@pytest.fixture(scope="module")
def phone(browser, site):
    """One phone for the hot-seat games (one browser context: its HTTP cache keeps Pyodide's files)."""
    from conftest import Watch
    context = browser.new_context(viewport=PHONE)
    pg = context.new_page()
    watch = Watch(site[1])
    watch.attach(pg)
    yield pg, watch
    context.close()


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_two_people_at_one_phone_see_only_their_own_hidden_cards(site, phone, shot, game_id):
    _, base, _ = site
    pg, watch = phone
    watch.clear()
    payload = _payload(game_id)
    names, _ = _deal(pg, base, game_id, humans=2)
    engine = engine_for(game_id)
    table = pg.locator(".tl-play")
    seen = set()
    for turn in range(2):                              # the first human's turn, the phone passed, the second's
        assert table.get_attribute("data-state") == "covered"
        cover = table.locator(".tl-play-pass")
        whose = re.fullmatch(r"Pass the phone to (.+)", cover.locator(".tl-play-pass-title").inner_text()).group(1)
        assert whose in names[:2]
        reveal = cover.locator("button.tl-play-reveal")
        assert reveal.inner_text() == f"I am {whose}: show my hand"
        assert pg.evaluate("document.activeElement.classList.contains('tl-play-reveal')")   # keyboard: focused
        moves = json.loads(table.get_attribute("data-moves") or "[]")
        state = engine.to_dict(_replayed(game_id, names, 1, moves))
        covered = table.inner_html()
        for owner in names[:2]:
            for name in _hidden_names(payload, state, owner):
                assert name not in covered, (owner, name)
        if turn == 0:
            shot(pg, f"table-{game_id}-pass-390")
        reveal.press("Enter")
        pg.wait_for_function("document.querySelector('.tl-play').dataset.state === 'ready'")
        assert table.get_attribute("data-viewer") == whose
        assert table.locator(".tl-play-intro").is_hidden()           # "Choose the players …": done once dealt
        # the bots' buttons only where a bot sits at the table
        bots = len(names) > 2
        assert table.locator("button.tl-play-bot-step").count() == table.locator("button.tl-play-bots-finish").count() \
            == (1 if bots else 0)
        # the picture is the engine's picture for this player, and the moves are theirs in the words they may know
        html = table.locator(".tl-play-picture").inner_html()
        assert _same(html, api.draw(payload, state, "en", whose)["html"])
        # (what happened may name a card the other took in the open: that is no secret; the picture and moves are)
        other = next(n for n in names[:2] if n != whose)
        shown = "".join(table.locator(sel).inner_html() for sel in (".tl-play-picture", ".tl-play-moves",
                                                                     ".tl-play-builds"))
        for name in _hidden_names(payload, state, other):
            assert name not in shown, (whose, other, name)
        labels = [" ".join(t.split()) for t in table.locator("button.tl-play-move").all_text_contents()]
        told = api.choices(payload, state, "en", 200, whose)["moves"]
        assert labels == list(dict.fromkeys(" ".join(c["text"].split()) for c in told))    # alike: one button
        seen.add(whose)
        if turn == 1:
            break
        # this player moves until the phone goes to the other human (bots between them move by themselves):
        # a move that hands the decision on, where there is one
        for _ in range(40):
            if table.get_attribute("data-state") == "covered":
                break
            current = _replayed(game_id, names, 1, moves)
            legal = api.choices(payload, engine.to_dict(current), "en", 200, whose)["moves"]
            actor = engine.actor(current)
            ends = [i for i, c in enumerate(legal) if engine.actor(engine.apply(current, c["move"])) != actor]
            texts = list(dict.fromkeys(c["text"] for c in legal))             # the buttons: alike ones are one
            press(table.locator("button.tl-play-move").nth(texts.index(legal[ends[0] if ends else 0]["text"])))
            pg.wait_for_function(f"document.querySelector('.tl-play').dataset.at !== '{len(moves)}'")
            _settle(pg)
            moves = json.loads(table.get_attribute("data-moves") or "[]")
            if table.get_attribute("data-state") == "ready":      # still theirs: the view api.play answered with
                now = engine.to_dict(_replayed(game_id, names, 1, moves))
                assert _same(table.locator(".tl-play-picture").inner_html(), api.draw(payload, now, "en", whose)["html"])
        else:
            pytest.fail("the phone never went to the other player")
    assert seen == set(names[:2])
    shot(pg, f"table-{game_id}-mid-390")
    assert not watch.problems(), watch.problems()


def _link_for(game_id: str, names: list[str], bots: list[int], seed: int, moves: list) -> str:
    body = json.dumps({"v": 1, "g": game_id, "p": [[n, b, "greedy" if b else None] for n, b in zip(names, bots)],
                       "s": seed, "m": moves}).encode()
    return "j." + base64.urlsafe_b64encode(body).decode().rstrip("=")


def test_a_game_survives_a_reload_and_a_shared_link_rebuilds_it_elsewhere(site, new_page, shot):
    """Mahlzeit against bots: a move by hand, a reload (the same position), Share, the link in a fresh browser
    (the same picture), then the bots play to the end there: the engine's winner for the same deal and moves."""
    _, base, _ = site
    game_id = "mahlzeit"
    payload = _payload(game_id)
    pg, watch = new_page(viewport=PHONE)
    names, _ = _deal(pg, base, game_id, humans=1)
    table = pg.locator(".tl-play")
    assert table.get_attribute("data-state") == "ready"                  # one human: no cover
    for _ in range(12):                                                  # my moves until a bot has moved too
        moves = json.loads(table.get_attribute("data-moves") or "[]")
        if any(m["player"] != names[0] for m in moves):
            break
        press(table.locator("button.tl-play-move").first)
        pg.wait_for_function(f"document.querySelector('.tl-play').dataset.at !== '{len(moves)}'")
        _settle(pg)
    else:
        pytest.fail("no bot moved")
    before = table.locator(".tl-play-picture").inner_html()
    pg.reload(wait_until="domcontentloaded")                         # the engine boots again: no idle network
    pg.wait_for_selector(".tl-play[data-state=ready]", timeout=BOOT_MS)
    assert json.loads(table.get_attribute("data-moves")) == moves
    assert table.locator(".tl-play-picture").inner_html() == before
    assert table.locator(".tl-play-note").inner_text() == "Your game is back where you left it."
    table.locator("button.tl-play-share").click()
    field = table.locator("input.tl-play-share-link")
    field.wait_for(state="visible")
    link = field.input_value()
    assert re.search(r"#table=z\.[A-Za-z0-9_-]+$", link), link
    print(f"\nshare link after {len(moves)} moves: {len(link.split('#', 1)[1])} characters")
    assert not watch.problems(), watch.problems()

    other, watch2 = new_page(viewport={"width": 1280, "height": 900})
    other.goto(link)
    other.wait_for_selector(".tl-play[data-state=ready]", timeout=BOOT_MS)
    there = other.locator(".tl-play")
    assert there.locator(".tl-play-picture").inner_html() == before
    assert json.loads(there.get_attribute("data-moves")) == moves
    assert there.locator(".tl-play-note").inner_text() == "The shared position is set up."
    assert "#table=" not in other.url                                   # a reload now continues the saved game
    assert not watch2.problems(), watch2.problems()
    # a link to a position near the end (the engine's bots played the rest in CPython): the page's bots finish it
    engine = engine_for(game_id)
    state, late = engine.new_game(names, 1), []
    while not engine.is_over(state):
        move = engine.POLICIES["greedy"](engine, state, random.Random(len(late)))
        late.append(move.to_dict())
        state = engine.apply(state, move)
    late = late[:-8]
    other.goto("about:blank")                    # else only the hash changes: the same document stays
    other.goto(f"{base}{game_id}/play/#table={_link_for(game_id, names, [0, 1], 1, late)}")
    other.wait_for_selector(".tl-play[data-state=ready]", timeout=BOOT_MS)
    there.locator("button.tl-play-bots-finish").click()
    other.wait_for_selector(".tl-play[data-over=true][data-state=ready]", timeout=120_000)
    played = json.loads(there.get_attribute("data-moves"))
    assert played[:len(late)] == late and len(played) > len(late)
    state = _replayed(game_id, names, 1, played)
    assert engine.is_over(state)
    winners = engine.winners(state)
    assert there.locator(".tl-play-moves-title").inner_text() == f"The game is over. Winner: {', '.join(winners)}."
    # the end shows every hand: the open picture
    assert _same(there.locator(".tl-play-picture").inner_html(), api.draw(payload, engine.to_dict(state), "en")["html"])
    shot(other, f"table-{game_id}-end-desktop")
    # New game forgets it
    there.locator("button.tl-play-new").click()
    other.wait_for_selector("button.tl-play-start")
    assert other.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('tischlein.table.'))") == []
    assert not watch2.problems(), watch2.problems()


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
    pg, watch = new_page(viewport=PHONE)
    pg.add_init_script(WAKE_LOCK)
    dialogs = []
    pg.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    # a hostile name in a good link shows as text
    pg.goto(f"{base}{game_id}/play/#table={_link_for(game_id, names, [0, 1, 1], 4, moves)}")
    pg.wait_for_selector(".tl-play[data-state=ready]", timeout=BOOT_MS)
    _settle(pg)                                                          # the bots play on from the link
    table = pg.locator(".tl-play")
    played = json.loads(table.get_attribute("data-moves"))
    assert played[:3] == moves
    assert _same(table.locator(".tl-play-picture").inner_html(),
                 api.draw(_payload(game_id), engine.to_dict(_replayed(game_id, names, 4, played)), "en",
                          names[0])["html"])
    assert names[0] in table.locator(".tl-play-picture").inner_text()
    assert pg.locator(".tl-play img, .tl-play script").count() == 0 and not dialogs
    # the screen stays awake while the table is open, and the lock is taken again when the page comes back
    assert pg.evaluate("window.tlLocks") == ["screen"]
    pg.evaluate("window.tlLock.release().then(() => document.dispatchEvent(new Event('visibilitychange')))")
    pg.wait_for_function("window.tlLocks.length === 2")
    # tampered: a move the rules refuse at step 2, another game, bad base64, cut short — in German
    illegal = moves[:1] + [{"player": names[2], "move": "lead", "args": {"cards": ["nope"]}}] + moves[2:]
    cases = {
        _link_for(game_id, names, [0, 1, 1], 4, illegal): "Zug 2 ist nicht erlaubt: ",
        _link_for("mahlzeit", names, [0, 1, 1], 4, []): "er gehört zu einem anderen Spiel",
        "z.@@@not-base64": "er ist beschädigt oder abgeschnitten",
        _link_for(game_id, names, [0, 1, 1], 4, moves)[:-7]: "er ist beschädigt oder abgeschnitten",
    }
    for link, why in cases.items():
        pg.goto("about:blank")
        pg.goto(f"{base}de/{game_id}/play/#table={link}", wait_until="domcontentloaded")
        message = pg.locator(".tl-play-form .tl-play-refused")
        pg.wait_for_function("document.querySelector('.tl-play-form .tl-play-refused').textContent !== ''",
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
    pg, watch = new_page(viewport=PHONE)
    pg.goto(f"{base}ta-na-mesa/play/", wait_until="networkidle")
    for value in ("{not json", json.dumps({"v": 0, "g": "ta-na-mesa"}), json.dumps({"v": 1, "g": "ta-na-mesa",
                                                                                   "p": "x", "s": 1, "m": []})):
        pg.evaluate("v => localStorage.setItem('tischlein.table.ta-na-mesa.en', v)", value)
        pg.reload(wait_until="networkidle")
        start = pg.locator("button.tl-play-start")
        assert start.is_enabled()
        assert pg.locator(".tl-play-form .tl-play-refused").inner_text() == ""
    assert not watch.problems(), watch.problems()
