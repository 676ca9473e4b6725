"""The Tabletop Simulator saved object (pdf/tts.py) beside the deck sheets previews.py draws.

Checked against tts-saved-object.schema.json (written from TTS's documented save format; the schema cites its
sources) and, for what a schema cannot say, here: every card's CardID names one of its CustomDeck sheets and a slot
on that sheet's grid, the sheets' pixel grids are what the object says, and the cards are the game's pieces in the
print order, every one once.
"""
from __future__ import annotations

import copy
import json
import zipfile

import jsonschema
import pytest
from pdf_helpers import content, load_game  # noqa: F401  (fixture)
from PIL import Image

from tischlein.pdf.component import print_set
from tischlein.pdf.errors import PdfBuildError
from tischlein.pdf.previews import build_previews
from tischlein.pdf.texts import Texts
from tischlein.pdf.tts import saved_object_name, schema, validate, write_tts
from tischlein.pdf.units import CARD_SIZES

GAME = "mahlzeit"          # 110 cards: the dark deck (83) takes two sheets of at most 70


@pytest.fixture(scope="module")
def written(content, tmp_path_factory):
    out = tmp_path_factory.mktemp("tts")
    build_previews(content, GAME, ["en"], out)
    folder = out / "previews" / GAME / "en"
    paths = write_tts(folder, Texts(content.games[GAME].ui, "en", content.games[GAME]), out / "export")
    index = json.loads((folder / "faces.json").read_text(encoding="utf-8"))
    obj = json.loads((folder / saved_object_name(GAME, "en")).read_text(encoding="utf-8"))
    return folder, paths, index, obj


def test_the_saved_object_is_valid_against_the_schema(written):
    _, _, _, obj = written
    jsonschema.Draft202012Validator.check_schema(schema())
    jsonschema.validate(obj, schema())


def test_the_schema_rejects_what_tts_cannot_load(written):
    _, _, _, obj = written
    for break_it in (lambda o: o["ObjectStates"][0]["CustomDeck"]["1"].update(NumWidth=11),
                     lambda o: o["ObjectStates"][0]["CustomDeck"]["1"].update(NumHeight=8),
                     lambda o: o["ObjectStates"][0]["CustomDeck"]["1"].pop("FaceURL"),
                     lambda o: o["ObjectStates"][0].update(GUID="not-hex"),
                     lambda o: o["ObjectStates"][0]["Transform"].pop("posY")):
        broken = copy.deepcopy(obj)
        break_it(broken)
        with pytest.raises(PdfBuildError, match="schema"):
            validate(broken)


def test_one_deck_per_back_with_every_card_once_in_print_order(content, written):
    _, _, index, obj = written
    ps = print_set(content, GAME, "en", CARD_SIZES["poker"])
    decks = obj["ObjectStates"]
    assert [d["Name"] for d in decks] == ["DeckCustom", "DeckCustom"]
    backs = {p.back for p in ps.pieces()}
    assert len(decks) == len(backs) == 2
    names = {p.id: p.name for p in ps.pieces()}
    for deck, listed in zip(decks, index["tts"]):
        cards = deck["ContainedObjects"]
        assert len(cards) == len(deck["DeckIDs"]) == listed["count"]
        assert deck["DeckIDs"] == [c["CardID"] for c in cards]
        assert [c["Nickname"] for c in cards] == [names[p] for p in listed["pieces"]]
    assert sum(len(d["ContainedObjects"]) for d in decks) == len(ps.pieces()) == 110
    order = list(dict.fromkeys(p.back for p in ps.pieces()))        # backs in order of first appearance
    assert [listed["pieces"] for listed in index["tts"]] == \
        [[p.id for p in ps.pieces() if p.back == back] for back in order]


def test_card_ids_name_a_sheet_of_their_deck_and_a_slot_on_its_grid(written):
    _, _, _, obj = written
    for deck in obj["ObjectStates"]:
        seen = set()
        for card in deck["ContainedObjects"]:
            key, slot = divmod(card["CardID"], 100)
            sheet = deck["CustomDeck"][str(key)]
            assert card["CustomDeck"] == {str(key): sheet}
            assert slot < sheet["NumWidth"] * sheet["NumHeight"] <= 70
            seen.add(card["CardID"])
        assert len(seen) == len(deck["ContainedObjects"])            # no two cards share a slot
    dark = obj["ObjectStates"][1]
    assert len(dark["CustomDeck"]) == 2                              # 83 cards: 70 + 13


def test_sheets_are_the_grids_the_object_says_and_lie_beside_it(written):
    folder, _, index, obj = written
    for deck, listed in zip(obj["ObjectStates"], index["tts"]):
        for key, sheet in deck["CustomDeck"].items():
            info = next(s for s in listed["sheets"] if s["png"] == sheet["FaceURL"])
            assert (sheet["NumWidth"], sheet["NumHeight"]) == (info["cols"], info["rows"])
            with Image.open(folder / sheet["FaceURL"]) as image:     # relative to the object's folder
                assert image.size == (info["cols"] * info["card_width"], info["rows"] * info["card_height"])
                assert max(image.size) <= 4096
            assert (folder / sheet["BackURL"]).is_file() and sheet["BackURL"] == listed["back"]
            assert sheet["UniqueBack"] is False and sheet["BackIsHidden"] is True


def test_the_zip_holds_readme_object_and_every_sheet(written):
    _, paths, index, obj = written
    zipped = next(p for p in paths if p.suffix == ".zip")
    assert zipped.name == f"{GAME}-en-tts.zip"
    with zipfile.ZipFile(zipped) as zf:
        names = zf.namelist()
        assert names[:2] == ["README.txt", saved_object_name(GAME, "en")]
        assert json.loads(zf.read(names[1])) == obj
        readme = zf.read("README.txt").decode("utf-8")
    urls = {u for d in obj["ObjectStates"] for s in d["CustomDeck"].values() for u in (s["FaceURL"], s["BackURL"])}
    assert set(names[2:]) == urls
    assert "Saved Objects" in readme and "10 × 7" in readme


def test_two_sided_tokens_are_one_deck_with_each_back_in_its_slot(tmp_path):
    """Tá na Mesa's spice tokens and markers have a back of their own each: one deck per kind, its back sheet
    laid out like its face sheet (UniqueBack), not a deck of one or two per back."""
    game = "ta-na-mesa"
    content = load_game(game)
    build_previews(content, game, ["en"], tmp_path)
    folder = tmp_path / "previews" / game / "en"
    paths = write_tts(folder, Texts(content.games[game].ui, "en", content.games[game]), tmp_path / "export")
    index = json.loads((folder / "faces.json").read_text(encoding="utf-8"))
    obj = json.loads((folder / saved_object_name(game, "en")).read_text(encoding="utf-8"))
    ps = print_set(content, game, "en", CARD_SIZES["poker"])
    backs_of: dict[str, set] = {}
    for p in ps.pieces():
        backs_of.setdefault(p.kind, set()).add(p.back)
    two_sided = {kind for kind, backs in backs_of.items() if len(backs) > 1}
    assert two_sided == {"spice-token", "marker"}
    decks = {d["deck"]: d for d in index["tts"]}
    with zipfile.ZipFile(paths[1]) as z:
        zipped = set(z.namelist())
    for kind in two_sided:
        deck = decks[kind]
        assert deck["back"] is None and deck["pieces"] == [p.id for p in ps.pieces() if p.kind == kind]
        start = 0
        for sheet in deck["sheets"]:
            faces, backs = Image.open(folder / sheet["png"]), Image.open(folder / sheet["back"])
            assert backs.size == faces.size and {sheet["png"], sheet["back"]} <= zipped
            w, h = sheet["card_width"], sheet["card_height"]
            for slot, piece in enumerate(deck["pieces"][start:start + sheet["count"]]):
                x, y = (slot % sheet["cols"]) * w, (slot // sheet["cols"]) * h
                own = Image.open(folder / index["pieces"][piece]["back"]).convert("RGB")
                own = own if own.size == (w, h) else own.resize((w, h), Image.LANCZOS)
                assert backs.crop((x, y, x + w, y + h)).tobytes() == own.tobytes(), piece
            start += sheet["count"]
        listed = [o for o in obj["ObjectStates"] if o.get("Nickname", "").endswith(deck["label"])]
        assert len(listed) == 1 and len(listed[0]["ContainedObjects"]) == deck["count"]
        assert all(e["UniqueBack"] and e["BackURL"] == s["back"]
                   for e, s in zip(listed[0]["CustomDeck"].values(), deck["sheets"]))
    assert not {d["deck"] for d in index["tts"]} & {back for kind in two_sided for back in backs_of[kind]}
