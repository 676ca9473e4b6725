"""Every card readable (site/assets/js/cardinfo.js): the picture marks a face the viewer sees with data-face, and
only such a face. Over seeded games of every game, seen by one seat, no element of the picture carries the id of
a card that seat cannot see (another player's hand, a face-down pile or pantry, a face-down paired or kept card),
in any attribute; every card of the seat's own hand carries its own id; and every id the table marks names a face
of the game's card file (site/cardinfo.py) with a name and a rule that exists."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine_tools import ENGINE_GAMES, repository_content
from picture_tree import Tree
from tischlein.engine import api
from tischlein.site import cardinfo
from tischlein.site.assets import game_payload

NAMES = ["Ana", "Bruno", "Clara"]
SEEDS = range(4)


def _others(state: dict, viewer: str) -> list[dict]:
    return [p for p in state["players"] if p["name"] != viewer]


def _mine(state: dict, viewer: str) -> dict:
    return next(p for p in state["players"] if p["name"] == viewer)


# Per game: the ids of the cards (and tiles) `viewer` cannot see in `state`, read from the state itself — what
# lies face down or in another player's hand at a real table — and the ids of the viewer's own hidden cards.
def _mahlzeit(state, viewer):
    hidden = [c for p in _others(state, viewer) for c in p["hand"]] + state["stack"] + state["box"]
    return hidden, _mine(state, viewer)["hand"]


def _diced_veggies(state, viewer):
    hidden = [c for p in _others(state, viewer) for c in p["recipes"] + p["hype"] +
              [e["hype"] for e in p["cooked"] if e.get("hype")]]
    hidden += state["recipe_deck"] + state["recipe_discard"] + state["hype_deck"] + state["hype_discard"]
    mine = _mine(state, viewer)
    return hidden, mine["recipes"] + mine["hype"] + [e["hype"] for e in mine["cooked"] if e.get("hype")]


def _schwarzwaelder_kirsch(state, viewer):
    hidden = [c for i, c in enumerate(state["pantry"], 1) if c and i != state["revealed"]]
    hidden += [p["action"] for p in _others(state, viewer) if p["action"]]
    action = _mine(state, viewer)["action"]
    return hidden, [action] if action else []


def _suppenkasper(state, viewer):
    hidden = [c for p in _others(state, viewer) for c in p["hand"]] + state["aside"] + state["box"]
    return hidden, _mine(state, viewer)["hand"]


def _ta_na_mesa(state, viewer):
    hidden = [c for p in _others(state, viewer) for c in p["hand"]] + state["pile"] + state["discard"][:-1]
    hidden += state["recipes"]["pile"] + state["recipes"]["discard"]
    return hidden, _mine(state, viewer)["hand"]


SECRETS = {"mahlzeit": _mahlzeit, "diced-veggies": _diced_veggies, "schwarzwaelder-kirsch": _schwarzwaelder_kirsch,
           "suppenkasper": _suppenkasper, "ta-na-mesa": _ta_na_mesa}


def _states(game_id: str, seed: int, moves: int = 120):
    """A seeded game of bots: the payload, the players and every state of it (the last one not over: at the end
    every hand is shown)."""
    payload = game_payload(repository_content().games[game_id], ["en"])
    state = api.new_game(payload, NAMES, seed)["state"]
    states = [state]
    for k in range(moves):
        out = api.bot_move(payload, state, seed * 1000 + k)
        assert out["error"] is None, out["error"]
        if out["over"]:
            break
        state = out["state"]
        states.append(state)
    return payload, states


def _carried(html: str) -> tuple[list[str], set[str]]:
    """The faces the picture marks (data-face, in order) and every id any attribute carries: an attribute's
    value, and each string in a data-pick's JSON."""
    faces, carried = [], set()
    for node in Tree(html).root.walk():
        for name, value in node.attrs.items():
            if not value:
                continue
            carried.add(value)
            if name == "data-face":
                faces.append(value)
            if name == "data-pick":
                picked = json.loads(value)
                carried.update(v for v in (picked if isinstance(picked, list) else [picked]) if isinstance(v, str))
    return faces, carried


def test_every_game_is_checked():
    assert set(SECRETS) == set(ENGINE_GAMES)


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_a_seat_sees_no_mark_of_a_card_it_cannot_see(game_id):
    viewer = NAMES[0]
    hidden_seen = own_seen = 0
    for seed in SEEDS:
        payload, states = _states(game_id, seed)
        for state in states[::3]:
            faces, carried = _carried(api.draw(payload, state, "en", viewer)["html"])
            hidden, own = SECRETS[game_id](state, viewer)
            leaked = set(hidden) & carried
            assert not leaked, (seed, sorted(leaked))
            assert not set(hidden) & set(faces)
            missing = [c for c in own if c not in faces]
            assert not missing, (seed, missing)          # the seat's own hidden cards can be held up
            hidden_seen += len(hidden)
            own_seen += len(own)
    assert hidden_seen > 100 and own_seen > 10, "the games hid almost nothing: a leak would go unnoticed"


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_every_marked_face_is_in_the_card_file(game_id):
    """What the table marks, the card file names: each data-face id (a card, a tile's record, a dish and value)
    leads to a face with a name and a rule of the game's rules."""
    game = repository_content().games[game_id]
    info = cardinfo.card_info(game, "en", {})
    rules = {s.id for s in game.rules}
    marked = set()
    for seed in SEEDS:
        payload, states = _states(game_id, seed)
        for state in states[::3]:
            marked.update(_carried(api.draw(payload, state, "en")["html"])[0])
    assert marked
    unknown = sorted(m for m in marked if m not in info["ids"])
    assert not unknown, unknown
    for m in marked:
        face = info["faces"][info["ids"][m]]
        assert face["name"] and face.get("rule") in rules, (m, face)


def test_a_german_name_reads_with_its_meaning_in_the_readers_language():
    game = repository_content().games["mahlzeit"]
    faces = {lang: cardinfo.card_info(game, lang, {}) for lang in ("en", "de", "pt")}
    pots = {lang: f["faces"][f["ids"]["dirty-pots-1"]] for lang, f in faces.items()}
    assert (pots["en"]["name"], pots["en"]["gloss"]) == ("Dreckige Töpfe", "Dirty Pots")
    assert "gloss" not in pots["de"]                        # German says the name once
    assert pots["pt"]["gloss"] == "Panelas sujas"
    assert pots["en"]["rule"] == "mahlzeit.dirty-pots" and pots["en"]["text"].startswith("When another player")
    assert faces["en"]["ids"]["kloesse:2"] == faces["en"]["ids"]["dish-kloesse-4"]     # a laid dish by its value


def test_the_card_file_links_the_face_pictures_of_the_previews(tmp_path):
    """With previews, each face names its PNG and the build copies it beside the file's `images` folder; a
    language without previews of its own shows the English faces."""
    game = repository_content().games["mahlzeit"]
    previews = tmp_path / "out" / "previews" / "mahlzeit" / "en"
    previews.mkdir(parents=True)
    (previews / "dirty-pots-1.png").write_bytes(b"\x89PNG face")
    (previews / "faces.json").write_text(json.dumps({"pieces": {
        "dirty-pots-1": {"png": "dirty-pots-1.png"}, "beer-1": {"png": "../../escape.png"}}}), encoding="utf-8")
    docs = tmp_path / "docs"
    written = cardinfo.write(game, "pt", tmp_path / "out", docs)
    data = json.loads(written.read_text(encoding="utf-8"))
    face = data["faces"][data["ids"]["dirty-pots-1"]]
    image = (written.parent / data["images"] / face["png"]).resolve()
    assert image == (docs / "images" / "mahlzeit" / "en" / "faces" / "dirty-pots-1.png").resolve()
    assert image.read_bytes() == b"\x89PNG face"
    assert "png" not in data["faces"][data["ids"]["beer-1"]]       # a path out of the previews is no picture
    assert written == docs / cardinfo.path("mahlzeit", "pt") and Path(written).is_file()
