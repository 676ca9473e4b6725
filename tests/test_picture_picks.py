"""What a reader can tap on the table (engine.picture.Pick, site/assets/js/picks.js): the picture marks each thing a
move names, so that every legal move of the kinds a player makes with their hands — take a row, turn up a card,
cut dice, lay a dish — can be chosen by tapping its things, as the player who decides sees the table. A mark never
tells more than the picture shows: no hidden card of another player carries one."""
from __future__ import annotations

import random

import pytest

from engine_tools import ENGINE_GAMES, engine_for, repository_content
from picks_tools import TAPPED, narrowed, picks, taps
from tischlein.engine import api
from tischlein.engine.messages import printed_name
from tischlein.site.assets import game_payload

NAMES = ["Ana", "Bruno", "Clara"]          # three players where the game takes them


def test_every_game_says_which_moves_are_tapped():
    assert set(TAPPED) == set(ENGINE_GAMES)


def _tappable(move: dict, legal: list[dict], marks: list[dict]) -> bool:
    """Can a reader choose `move` by tapping the table: tapping the things of its arguments leaves it among the
    moves that use them all, and every argument of it is either tapped or the same in all those moves (a card
    drawn from the display needs no tap for "from the display")."""
    tapped = taps(move, marks)
    if not tapped:
        return False
    candidates = narrowed(legal, tapped)

    def told(k: str, v) -> bool:
        return all(any(p["value"] == x and p["arg"] in ("", k) for p in tapped) for x in (v if isinstance(v, list)
                                                                                         else [v]))
    return move in candidates and all(told(k, v) or all(m["args"].get(k) == v for m in candidates)
                                      for k, v in move["args"].items() if v is not None)


def _positions(game_id: str, seed: int, moves: int = 250):
    """(payload, a state, the name of who decides there) along a seeded random game."""
    content = repository_content()
    payload = game_payload(content.games[game_id], ["en"])
    engine = engine_for(game_id)
    names = NAMES[:max(engine.min_players, min(3, engine.max_players))]
    state = engine.new_game(names, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if engine.is_over(state):
            return
        actor = engine.actor(state)
        yield payload, engine.to_dict(state), state.players[actor].name
        state = engine.apply(state, rng.choice(list(engine.legal_moves(state))))


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_every_tapped_move_can_be_chosen_on_the_table(game_id):
    seen = set()
    for seed in range(3):
        for payload, state, viewer in _positions(game_id, seed):
            marks = picks(api.draw(payload, state, "en", viewer)["html"])
            legal = api.legal_moves(payload, state)
            for m in legal:
                if m["move"] in TAPPED[game_id]:
                    assert _tappable(m, legal, marks), (seed, m, [(p["value"], p["arg"], p["move"]) for p in marks])
                    seen.add(m["move"])
    assert seen == TAPPED[game_id]          # each kind met in these games, so none is claimed untested


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_a_pick_names_only_what_the_picture_shows(game_id):
    """A tap mark carries a thing's id only on that thing's face, which shows its printed name; a face-down thing
    (a pile, the pantry) is marked by where it is (a position, a deck) or the move it stands for, never by an id.
    So a mark never tells the viewer a card the picture hides from them."""
    for payload, state, viewer in _positions(game_id, 1, moves=60):
        names = payload["messages"]["en"]
        for p in picks(api.draw(payload, state, "en", viewer)["html"]):
            node = p["node"]
            if "tl-back" in node.classes:
                assert p["arg"] or p["move"], (p["value"], "an id on a face-down thing")
            elif isinstance(p["value"], str) and not p["arg"]:
                # the face shows what the thing is: its printed name, or its kind's (with the value beside it)
                kind = p["value"].rpartition("-")[0]
                assert printed_name(p["value"], names) in node.text() or \
                    node.text().startswith(printed_name(kind, names)), (p["value"], node.text())
