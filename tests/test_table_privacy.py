"""Hidden information at a real table (tischlein.engine.privacy, api.draw/choices with a viewer): in a seeded bot
game of every game, the picture a player sees never names another player's hidden cards (not in text, titles or
labels), still names their own, and counts the others' hands; the text of a move keeps its secret from the
players who may not know it; a move's label never tells what the shuffle decides. viewer=None stays the open
table of the examples (their goldens are checked by the replay tests)."""
from __future__ import annotations


import pytest

from engine_tools import ENGINE_GAMES, engine_for, repository_content
from picture_tree import Node, Tree
from tischlein.engine import api, picture, privacy
from tischlein.engine.messages import describe_events, printed_name
from tischlein.site.assets import game_payload
from tischlein.site.simulation import player_range

NAMES = ["Ana", "Bruno", "Clara", "Dieter"]


def _panels(html: str) -> dict[str, Node]:
    root = Tree(html).root
    panels = {}
    for n in root.walk():
        if "tl-panel" in n.classes:
            name = next(x for x in n.walk() if "tl-panel-name" in x.classes).text()
            panels[name] = n
    return panels


def _secret_labels(words: picture.Words) -> set[str]:
    """The labels of the zones that hold a player's hidden cards: the hand, Diced Veggies' recipe and hype hands,
    Schwarzwälder Kirsch's kept action card."""
    return {words("hand_n", n=k) for k in range(60)} | {words(k) for k in ("dv.recipes_hand", "dv.hype_hand",
                                                                           "sk.action")}


def _secret_names(panel: Node, labels: set[str]) -> list[str]:
    """The printed names of the hidden cards in a panel of the OPEN picture (a hype card paired with a cooked
    recipe lies face down too)."""
    return [x.text() for n in panel.walk() if _is_secret(n, labels) for x in n.walk() if "tl-card-name" in x.classes]


def hidden_names(payload: dict, state: dict, owner: str) -> set[str]:
    """The printed names of `owner`'s hidden cards that the open table shows nowhere else: what a page showing the
    table to anyone else must never show."""
    html = api.draw(payload, state, "en")["html"]
    labels = _secret_labels(picture.Words(payload["messages"]["en"]))
    panel = _panels(html)[owner]
    everything, hidden = Tree(html).root.strings(), _hidden_strings(panel, labels)
    return {n for n in _secret_names(panel, labels)
            if sum(s.count(n) for s in everything) == sum(s.count(n) for s in hidden)}


def _count(strings: list[str], name: str) -> int:
    return sum(s.count(name) for s in strings)


def _game(game_id: str, moves: int, seed: int = 7, players: int = 3):
    """A seeded game of greedy bots: the payload, the players and the states after each move (at most `moves`)."""
    payload = game_payload(repository_content().games[game_id], ["en"])
    counts = player_range(repository_content().games[game_id].model)
    names = NAMES[:min(max(counts), max(players, min(counts)))]
    state = api.new_game(payload, names, seed)["state"]
    states = [state]
    for k in range(moves):
        out = api.bot_move(payload, state, seed * 1000 + k)
        assert out["error"] is None, out["error"]
        state = out["state"]
        states.append(state)
        if out["over"]:
            break
    return payload, names, states


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_a_player_sees_their_own_hidden_cards_and_never_another_players(game_id):
    payload, names, states = _game(game_id, 60)
    words = picture.Words(payload["messages"]["en"])
    labels = _secret_labels(words)
    checked = 0
    for state in states[::5]:
        open_html = api.draw(payload, state, "en")["html"]
        open_panels = _panels(open_html)
        open_strings = Tree(open_html).root.strings()
        for viewer in names:
            drawn = api.draw(payload, state, "en", viewer)
            assert drawn["error"] is None
            strings = Tree(drawn["html"]).root.strings()
            panels = _panels(drawn["html"])
            for owner in names:
                secret = _secret_names(open_panels[owner], labels)
                for name in set(secret):
                    if owner == viewer:                    # their own hidden cards: all there, by name
                        assert _count(strings, name) >= _count(_hidden_strings(open_panels[owner], labels), name)
                        continue
                    # what the open table shows of this name outside the owner's hidden cards is all that stays
                    hidden_here = _count(_hidden_strings(open_panels[owner], labels), name)
                    assert hidden_here and _count(strings, name) <= _count(open_strings, name) - hidden_here, \
                        (viewer, owner, name)
                    checked += 1
                if owner != viewer and secret:
                    hidden = [n for n in panels[owner].walk() if {"tl-hidden-hand", "tl-hidden-card"} & n.classes]
                    assert hidden, (viewer, owner)
    assert checked > 20, "the game hid almost nothing: the test would not notice a leak"


def _is_secret(node: Node, labels: set[str]) -> bool:
    return ("tl-zone" in node.classes and any("tl-zone-label" in c.classes and c.text() in labels
                                                for c in node.children)) or "tl-kind-hype" in node.classes


def _hidden_strings(node: Node, labels: set[str]) -> list[str]:
    """Every string of the hidden cards' places in a panel of the open picture (each place once)."""
    if _is_secret(node, labels):
        return node.strings()
    return [s for c in node.children for s in _hidden_strings(c, labels)]


def test_the_others_hand_is_drawn_as_a_counted_back():
    payload, names, states = _game("mahlzeit", 0)
    html = api.draw(payload, states[0], "en", "Ana")["html"]
    bruno = _panels(html)["Bruno"]
    backs = [n for n in bruno.walk() if "tl-hidden-hand" in n.classes]
    assert len(backs) == 1 and backs[0].text().startswith("6")           # Mahlzeit deals 6 cards (rulebook)
    assert "6 cards in hand, face down" in backs[0].strings()
    assert not [n for n in bruno.walk() if "tl-card-name" in n.classes and n.parent in backs[0].walk()]
    assert api.draw(payload, states[0], "en")["html"] == api.draw(payload, states[0], "en", None)["html"]


def _printed(value, names: dict) -> list[str]:
    values = value if isinstance(value, (list, tuple)) else [value]
    return [printed_name(v, names) for v in values if isinstance(v, str) and v]


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_a_moves_text_keeps_its_secret_from_those_who_may_not_know_it(game_id):
    payload, names, states = _game(game_id, 250, seed=3, players=4)     # four: a card given is not seen by all
    engine = engine_for(game_id)
    messages = payload["messages"]["en"]
    told = 0
    for state in states:
        events = engine.from_dict(state).events
        context = {}
        for key, params in events:
            context.update(params)
            secret = engine.SECRETS.get(key)
            if secret is None or (secret.when and not secret.when(params)) or secret.seen_by is None:
                continue
            hidden = _printed(params.get(secret.hides), messages)
            others = [describe_events([e], messages) for e in events if e[0] != key]
            for viewer in names:
                text = api.draw(payload, state, "en", viewer)["text"]
                if privacy.knows(secret, context, viewer, before=False):
                    assert describe_events([(key, params)], messages) in text
                    continue
                for name in hidden:
                    if not any(name in o for o in others):
                        assert name not in text, (viewer, key, name, text)
                told += 1
    assert told, f"no secret move in this {game_id} game: choose a longer game or another seed"


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_a_moves_label_never_tells_what_the_shuffle_decides(game_id):
    payload, names, states = _game(game_id, 120, seed=5)
    engine = engine_for(game_id)
    messages = payload["messages"]["en"]
    chance = {k for k, s in engine.SECRETS.items() if s.chance}
    looked = 0
    for state in states[::3]:
        current = engine.from_dict(state)
        if engine.is_over(current):
            continue
        mover = current.players[engine.actor(current)].name
        labels = api.choices(payload, state, "en", 200, mover)["moves"]
        for choice in labels:
            events = engine.apply(current, choice["move"]).events
            for i, (key, params) in enumerate(events):
                secret = engine.SECRETS.get(key)
                if key not in chance or (secret.when and not secret.when(params)):
                    continue
                before = " ".join(describe_events([e], messages) for e in events[:i])
                for name in _printed(params.get(secret.hides), messages):
                    if name not in before:
                        assert name not in choice["text"], (key, name, choice["text"])
                looked += 1
                break
    if game_id != "diced-veggies":          # its greedy bots may draw only from the open display here
        assert looked, f"no move of chance looked at in {game_id}"


def test_a_viewer_that_is_not_a_name_is_refused_with_a_reason():
    payload, names, states = _game("suppenkasper", 0)
    for bad in (3, ["Ana"], {"x": 1}):
        out = api.draw(payload, states[0], "en", bad)
        assert out["html"] is None and out["error"]["kind"] == "invalid"
        assert api.choices(payload, states[0], "en", 200, bad)["error"]["kind"] == "invalid"
