"""The pictures of game states (tischlein/engine/picture.py and each game's picture.py), read back as HTML.

Each game's picture of a rulebook example's state must show what the state holds, in the reader's language:
the printed names, the dice values, the counts — parsed with html.parser, never string-matched blindly. The
primitives escape every text and cannot write an event handler; engine.api.draw answers every input.
"""
from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

from engine_tools import ENGINE_GAMES, engine_for, repository_content
from picture_tree import Node, Tree
from tischlein import games
from tischlein.engine import api, picture, replay
from tischlein.site.assets import game_payload

KERNEL = Path(picture.__file__).resolve().parent


def _state(game_id: str, example: str, step: int | None = None):
    """(engine, the state of an example: its start or after move `step`, the drawn picture in English)."""
    game = repository_content().games[game_id]
    engine = engine_for(game_id)
    ex = next(x for x in game.examples if x["id"] == example)
    result = replay.run(engine, ex, game.engine_messages("en"))
    state = result["start"]["state"] if step is None else result["steps"][step]["state"]
    return engine, engine.from_dict(state), state


def _draw(game_id: str, state: dict, lang: str = "en") -> Node:
    drawn = api.draw(game_payload(repository_content().games[game_id], repository_content().languages), state, lang)
    assert drawn["error"] is None, drawn["error"]
    return Tree(drawn["html"]).root


def _name(game_id: str, ident: str, lang: str = "en") -> str:
    return picture.Words(repository_content().games[game_id].engine_messages(lang)).name(ident)


# --- each game --------------------------------------------------------------------------------------------------

def test_mahlzeit_shows_the_rows_with_their_top_card_the_stack_and_each_hand():
    engine, s, raw = _state("mahlzeit", "silke-currywurst")
    pic = _draw("mahlzeit", raw)
    rows = pic.zone("The open rows (the top card last)").all("tl-card-row")
    assert [[n.text() for n in r.all("tl-card-name")] for r in rows] == \
        [[_name("mahlzeit", c) for c in row] for row in s.rows]
    assert [r.one("tl-top").one("tl-card-name").text() for r in rows] == [_name("mahlzeit", row[-1]) for row in s.rows]
    assert rows[0].one("tl-card-name").text() == "Rostzwiebeln"                  # the example's row 1
    assert pic.zone("Stack").one("tl-back-count").text() == str(len(s.stack)) == "63"
    panels = pic.all("tl-panel")
    assert [p.one("tl-panel-name").text() for p in panels] == ["Silke", "Max"]
    assert "tl-current" in panels[0].classes and panels[0].one("tl-badge").text() == "to move"
    hand = panels[0].zone("Hand (4)")
    assert [n.text() for n in hand.all("tl-card-name")] == ["Currysauce", "Bier", "Kartoffeln", "Brezel"]
    assert {"tl-kind-ingredient", "tl-kind-drink"} <= set().union(*(c.classes for c in hand.all("tl-card")))
    dishes = pic.zone("Dish cards on the table").all("tl-card-row")
    assert [d.one("tl-row-label").text() for d in dishes][:2] == ["Thüringer Klöße", "Rheinischer Sauerbraten"]
    assert [t.text() for t in dishes[2].all("tl-value-chip")] == [str(v) for v in s.columns["currywurst"]]


def test_mahlzeit_laid_dishes_carry_their_drink_and_the_final_standing():
    game = repository_content().games["mahlzeit"]
    engine = engine_for("mahlzeit")
    ex = next(x for x in game.examples if x["id"] == "silke-currywurst")
    last = replay.run(engine, ex, game.engine_messages("en"))["steps"][-1]["state"]
    pic = _draw("mahlzeit", last)
    silke = pic.all("tl-panel")[0]
    laid = silke.zone("Dishes laid").all("tl-laid")
    assert len(laid) == 1
    names = [n.text() for n in laid[0].all("tl-card-name")]
    assert names[0] == "Currywurst" and "Bier" in names                       # the dish, with the beer on it
    assert laid[0].one("tl-kind-dish").one("tl-card-value").text() == "2"      # the first free Currywurst card


def test_diced_veggies_draws_the_block_as_a_grid_of_coloured_dice():
    engine, s, raw = _state("diced-veggies", "cut-shapes")
    pic = _draw("diced-veggies", raw)
    rows = pic.one("tl-dice-block").all("tl-grid-row")
    assert len(rows) == engine.rows == 5
    for row, cells in zip(rows, s.block):
        shown = [c for c in row.children]
        assert len(shown) == engine.columns == 7
        for node, die in zip(shown, cells):
            if die is None:
                assert "tl-empty" in node.classes and "tl-die" not in node.classes
            else:
                veggie = engine.veggie_of[die]
                assert node.one("tl-die-value").text() == str(s.faces[die])
                assert f"tl-col-{engine.data['dice']['colours'][veggie]}" in node.classes
                assert node.attrs["title"] == f"{_name('diced-veggies', die)} showing {s.faces[die]}"
    # the example's first row as the rulebook lays it out: broccoli 5, onion 6, carrot 3
    first = [(d.attrs["title"].split(" showing")[0], d.one("tl-die-value").text()) for d in rows[0].all("tl-die")]
    assert first == [("Broccoli", "5"), ("Onion", "6"), ("Carrot", "3")]
    assert sum(1 for r in rows for c in r.children if "tl-empty" in c.classes) == 35 - len(s.block_dice())
    facts = {f.one("tl-fact-label").text(): f.one("tl-fact-value").text() for f in pic.all("tl-fact")}
    assert facts["Sum"] == str(sum(s.faces[d] for d in s.block_dice())) == "45"
    display = pic.zone("Recipe display").all("tl-kind-recipe")
    assert [d.one("tl-card-name").text() for d in display] == [_name("diced-veggies", c) for c in s.display]
    needs = engine.recipes[engine.type_of[s.display[0]]]["needs"]
    assert [n.text() for n in display[0].all("tl-need-count")] == [str(n) for n in needs.values()]


def test_diced_veggies_names_follow_the_readers_language_as_its_pdfs_do():
    _, s, raw = _state("diced-veggies", "cut-shapes")
    german = _draw("diced-veggies", raw, "de")
    titles = [d.attrs["title"] for d in german.one("tl-dice-block").all("tl-die")]
    assert titles[0] == "Brokkoli zeigt 5"           # the German gloss, as the German PDF prints it, and its number
    assert german.zone("Der Block")


def test_suppenkasper_puts_every_figure_on_its_track_space_and_counts_the_chips():
    engine, s, raw = _state("suppenkasper", "red-chips")
    pic = _draw("suppenkasper", raw)
    segments = pic.one("tl-weight-track").all("tl-segment")
    assert [seg.one("tl-segment-name").text() for seg in segments][0] == "Suppenkasper"
    assert len({c for c in engine.class_at.values()}) == len(segments)
    spaces = {sp.one("tl-track-caption").text(): sp for seg in segments for sp in seg.all("tl-space")}
    assert len(spaces) == len(engine.class_at)
    for p in s.players:
        assert p.name in [m.text() for m in spaces["0" if not p.position else f"{p.position:+d}"].all("tl-marker")]
    assert not spaces["+1"].all("tl-marker")
    for panel, p in zip(pic.all("tl-panel"), s.players):
        assert len(panel.all("tl-chip")) == p.chips == 3
        cards = panel.all("tl-card")
        # the card's name, its calories in the corner (a message names the card with them: "Fisch 300 kcal")
        assert [c.one("tl-card-name").text() for c in cards] == [_name("suppenkasper", engine.type_of[c])
                                                                 for c in p.hand]
        for node, c in zip(cards, p.hand):
            values = node.all("tl-card-value")
            assert [v.text() for v in values] == ([str(engine.value_of[c])] if engine.kind_of[c] in
                                                 ("entree", "side", "meal") else [])


def test_schwarzwaelder_kirsch_keeps_the_pantry_face_down_but_the_card_turned_up():
    engine, s, raw = _state("schwarzwaelder-kirsch", "joker-and-action-card", 0)
    pic = _draw("schwarzwaelder-kirsch", raw)
    spread = pic.one("tl-spread")
    backs = spread.all("tl-back")
    assert len(backs) == len([c for c in s.pantry if c is not None]) - 1
    face_up = spread.one("tl-top")
    assert face_up.one("tl-card-name").text() == _name("schwarzwaelder-kirsch", s.face_up) == "Joker"
    assert [n.text() for n in spread.all("tl-card-name")] == ["Joker"]        # face down stays face down
    assert [b.one("tl-back-count").text() for b in backs][:3] == ["2", "3", "4"]      # by position
    anna = pic.all("tl-panel")[0]
    cake = anna.one("tl-cake")
    assert [n.text() for n in cake.all("tl-card-name")] == ["Eier"]
    assert len(cake.all("tl-slot")) == len(engine.cake) - 1
    assert anna.zone("Action card").one("tl-card-name").text() == "Stehlen"


def test_ta_na_mesa_draws_cards_tiles_tokens_and_the_stove_with_its_edges():
    engine, s, raw = _state("ta-na-mesa", "season-stove-bonus", 2)
    pic = _draw("ta-na-mesa", raw)
    tokens = pic.zone("Spice tokens on the table").all("tl-spice")
    assert [t.text() for t in tokens] == [_name("ta-na-mesa", engine.face(s, t)) for t in s.table]
    ana = pic.all("tl-panel")[0]
    assert ana.one("tl-kind-counter").one("tl-tile-name").text() == "Fogão a lenha"
    assert ana.one("tl-kind-character").text() == "A Feirante"
    assert [c.one("tl-card-name").text() for c in ana.zone("Hand (2)").all("tl-card")] == ["Couve", "Ovo"]
    assert [c.one("tl-card-value").text() for c in ana.zone("Hand (2)").all("tl-card")] == ["2", "5"]
    stove = ana.one("tl-stove")
    spaces = stove.all("tl-stove-space")
    assert len(spaces) == 4
    placed = spaces[0].one("tl-kind-recipe")                                    # nw: Galinhada, not turned
    assert placed.one("tl-tile-name").text() == "Galinhada"
    edges = {side: next(c for c in e.classes if c.startswith("tl-col-")) for e in placed.all("tl-edge")
             for side in ("top", "right", "bottom", "left") if f"tl-edge-{side}" in e.classes}
    assert edges == {side: f"tl-col-{c}" for side, c in zip(("top", "right", "bottom", "left"),
                                                            engine.recipes["galinhada"]["edges"])}
    frame, inner = engine.presentation(s.players[0].stove, s.players[0].counter)
    assert ana.all("tl-fact-value")[0].text() == f"frame {frame}, between recipes {inner}"


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_no_picture_shows_python_values_or_raw_ids(game_id):
    """Every state of every example, in every language: no None/True/False, no list or dict repr, no instance id."""
    content = repository_content()
    game, engine = content.games[game_id], engine_for(game_id)
    payload = game_payload(game, content.languages)
    ids = {k[len("name."):] for k in game.engine_messages("en") if k.startswith("name.") and "-" in k}
    for ex in game.examples:
        result = replay.run(engine, ex, game.engine_messages("en"))
        states = [result["start"]["state"]] + [st["state"] for st in result["steps"] if st.get("state")]
        for lang in content.languages:
            for state in states:
                text = Tree(api.draw(payload, state, lang)["html"]).root.text()
                assert not re.search(r"\b(None|True|False)\b|\[|\{'|picture\.", text), (ex["id"], lang, text[:300])
                assert not set(re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)+", text)) & ids, (ex["id"], lang)


# --- safety and the API -----------------------------------------------------------------------------------------

def test_primitives_escape_text_and_refuse_handlers_links_and_styles():
    evil = '<script>alert("x")</script> [a](javascript:x) {: onclick=y } O\'Neil & co'
    html = picture.card(evil, kind="x\" onclick=\"y", value=evil, label=evil)
    tree = Tree(html).root
    card = tree.one("tl-card")
    assert card.one("tl-card-name").text() == evil and card.attrs["title"] == evil
    assert "<script" not in html and "onclick=" not in html.replace("onclick=y", "")
    assert "tl-kind-x" not in card.classes                                  # a class that is not a word is dropped
    for bad in ({"onclick": "x"}, {"href": "javascript:x"}, {"style": "color:red"}, {"src": "x"}):
        with pytest.raises(ValueError):
            picture.el("span", "x", **bad)
    with pytest.raises(ValueError):
        picture.el("scr ipt", "x")
    assert picture.colour("green") == "tl-col-green" and picture.colour("x;background:url(y)") == ""


def test_a_hostile_player_name_is_text_in_every_picture():
    name = '<img src=x onerror=alert(1)>'
    for game_id in ENGINE_GAMES:
        engine = engine_for(game_id)
        state = engine.new_game([name, "Ben", "Cem"][:max(2, engine.min_players)], 3)
        drawn = api.draw(game_payload(repository_content().games[game_id], ["en"]), engine.to_dict(state))
        assert drawn["error"] is None
        assert "<img" not in drawn["html"] and name in Tree(drawn["html"]).root.text(), game_id


def test_draw_answers_every_input_and_never_raises():
    content = repository_content()
    payload = game_payload(content.games["mahlzeit"], ["en"])
    for bad in (None, 3, "x", [], {"players": "nobody"}, {"game": "diced-veggies"}):
        out = api.draw(payload, bad)
        assert out["html"] is None and out["error"]["kind"] == "invalid" and out["error"]["message"]
    assert api.draw({"data": {}}, {})["error"]["kind"] == "invalid"        # not even a game


def test_a_game_without_a_picture_module_gets_the_engines_text_picture():
    engine, s, raw = _state("mahlzeit", "silke-currywurst")
    payload = {**game_payload(repository_content().games["mahlzeit"], ["en"]), "picture": None}
    tree = Tree(api.draw(payload, raw)["html"]).root
    assert tree.one("tl-state-text").text() == " ".join(engine.render(s).split())


def test_every_label_a_picture_uses_has_its_text_in_every_language():
    content = repository_content()
    for game_id in ENGINE_GAMES:
        game = content.games[game_id]
        source = (games.spec(game_id).folder / "picture.py").read_text(encoding="utf-8")
        used = set(re.findall(r'words\("([a-z0-9_.]+)"', source + (KERNEL / "picture.py").read_text()))
        phases = {f"phase.{p.replace('-', '_')}" for p in engine_for(game_id).PHASES}
        stages = {f"dv.stage.{x}" for x in ("extra", "final")} if game_id == "diced-veggies" else set()
        for key in used | phases | stages:
            full = f"ui:engine.picture.{key}"
            assert full in game.ui.source, (game_id, key)
            for lang in content.languages[1:]:
                assert game.ui.status(full, lang) == "current", (game_id, key, lang)


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_a_picture_module_imports_only_the_kernel_its_engine_and_the_standard_library(game_id):
    spec = games.spec(game_id)
    path = spec.folder / "picture.py"
    allowed = set(sys.stdlib_module_names) | {"__future__"}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            target = ".".join(spec.package.split(".")[:len(spec.package.split(".")) - node.level + 1]
                              + ([node.module] if node.module else []))
            assert target.startswith(("tischlein.engine", f"{spec.package}.engine")), f"{path.name}: {target}"
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module]
            assert all(n.split(".")[0] in allowed for n in names), f"{path.name}: {names}"


# --- messages with printed names --------------------------------------------------------------------------------

def test_a_printed_name_given_for_an_id_is_said_to_be_one():
    engine, s, raw = _state("ta-na-mesa", "galinhada-sum")
    payload = game_payload(repository_content().games["ta-na-mesa"], ["en", "de"])
    move = {"player": s.current.name, "move": "prepare", "args": {"recipe": "Tapioca"}}
    message = api.check_move(payload, raw, move)["error"]["message"]
    assert message.startswith("“Tapioca” (a move names it by its id, tapioca) is not on the table.")
    german = api.check_move(payload, raw, move, "de")["error"]["message"]
    assert german.startswith("„Tapioca“ (ein Zug nennt es mit seiner Kennung, tapioca)")
    plain = api.check_move(payload, raw, {**move, "args": {"recipe": "pizza"}})["error"]["message"]
    assert plain.startswith("pizza is not on the table.")                   # not a printed name: as given


def test_a_phase_in_a_message_reads_as_what_happens_in_it():
    engine, s, raw = _state("diced-veggies", "cut-shapes")
    payload = game_payload(repository_content().games["diced-veggies"], ["en"])
    refused = api.check_move(payload, raw, {"player": "Ada", "move": "discard", "args": {"item": "salsa-1"}})
    assert refused["error"]["message"].endswith("(now: step 1: cut the block).")
