"""Tabletop Simulator: a saved object that loads a game's decks, beside the deck sheets previews.py draws.

previews.py already writes, per game and language, the TTS deck sheets (at most 10 × 7 faces, 4096 px a side)
and lists them in faces.json with each deck's pieces in sheet order. From that index this module writes:

* `<game>-<lang>-tts.json` beside the sheets: one saved object (tts-saved-object.schema.json, written from TTS's
  documented save format) with a DeckCustom per TTS deck — a Card object for a deck of one — whose CustomDeck
  entries point at the sheets by file name, relative to that folder, and whose cards carry their translated
  names and ids (deck key × 100 + index on the sheet) in the order of the print-and-play sheets. Two-sided
  tokens have their backs on a back sheet of the same grid (UniqueBack); pieces without a back show their face
  on both sides (UniqueBack, the face sheet as back sheet);
* `<game>-<lang>-tts.zip` in the export folder: README.txt, the JSON and the sheets, for the downloads page.
"""
from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path

from ..files import write_text
from .errors import PdfBuildError
from .texts import Texts

SCHEMA = Path(__file__).with_name("tts-saved-object.schema.json")
GREY = {"r": 0.713235, "g": 0.713235, "b": 0.713235}         # TTS's default tint
DECK_SPACING = 3.0                                          # table units between decks laid side by side


def saved_object_name(game_id: str, lang: str) -> str:
    return f"{game_id}-{lang}-tts.json"


def saved_object(index: dict, title: str) -> dict:
    """The saved object for one faces.json index (previews.py)."""
    objects, key = [], 0
    for n, deck in enumerate(index["tts"]):
        transform = {"posX": n * DECK_SPACING, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0,
                     "rotZ": 180.0, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}
        sheets, cards = {}, []
        pieces = iter(deck["pieces"])
        for sheet in deck["sheets"]:
            key += 1
            entry = {"FaceURL": sheet["png"], "BackURL": deck["back"] or sheet.get("back") or sheet["png"],
                     "NumWidth": sheet["cols"], "NumHeight": sheet["rows"], "BackIsHidden": True,
                     "UniqueBack": deck["back"] is None, "Type": 0}
            sheets[str(key)] = entry
            for i in range(sheet["count"]):
                piece = next(pieces)
                cards.append(_object("Card", transform, index["pieces"][piece]["name"],
                                     _guid(index, deck["deck"], piece, i),
                                     CardID=key * 100 + i, CustomDeck={str(key): entry}))
        if len(cards) != deck["count"]:
            raise PdfBuildError(f"{index['game']}: TTS deck {deck['deck']} lists {deck['count']} pieces, "
                                f"its sheets hold {len(cards)}")
        if len(cards) == 1:
            card = cards[0]
            card["Transform"] = transform
            objects.append(card)
            continue
        objects.append(_object("DeckCustom", transform, f"{title} — {deck['label']}",
                               _guid(index, deck["deck"], "", -1),
                               DeckIDs=[c["CardID"] for c in cards], CustomDeck=sheets, ContainedObjects=cards))
    return {"SaveName": "", "GameMode": "", "Date": "", "VersionNumber": "", "Gravity": 0.5, "PlayArea": 0.5,
            "Table": "", "Sky": "", "Note": "", "Rules": "", "TabStates": {}, "LuaScript": "",
            "LuaScriptState": "", "XmlUI": "", "ObjectStates": objects}


def _object(name: str, transform: dict, nickname: str, guid: str, **fields) -> dict:
    return {"Name": name, "Transform": dict(transform), "Nickname": nickname, "Description": "",
            "ColorDiffuse": GREY, "Locked": False, "Grid": True, "Snap": True, "Autoraise": True, "Sticky": True,
            "Tooltip": True, "SidewaysCard": False, "HideWhenFaceDown": True, **fields, "GUID": guid}


def _guid(index: dict, deck: str, piece: str, i: int) -> str:
    """Six hex digits, the same in every build (TTS only needs them unique within a save)."""
    text = f"{index['game']}|{index['lang']}|{deck}|{piece}|{i}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:6]


@lru_cache(maxsize=1)
def schema() -> dict:
    return json.loads(SCHEMA.read_text(encoding="utf-8"))


def validate(obj: dict) -> None:
    import jsonschema

    try:
        jsonschema.validate(obj, schema())
    except jsonschema.ValidationError as exc:
        raise PdfBuildError(f"the Tabletop Simulator object does not match its schema: {exc.message}") from None


def write_tts(folder: Path, ui: Texts, target: Path) -> list[Path]:
    """From the previews in `folder` (faces.json and the TTS sheets), the saved object beside them and the zip in
    `target`; returns both. Nothing when the game has no TTS decks."""
    from .export import record, write_zip, zip_name

    index = json.loads((Path(folder) / "faces.json").read_text(encoding="utf-8"))
    if not index["tts"]:
        return []
    game, lang, title = index["game"], index["lang"], index["title"]
    obj = saved_object(index, title)
    validate(obj)
    name = saved_object_name(game, lang)
    text = json.dumps(obj, ensure_ascii=False, indent=1) + "\n"
    saved = write_text(Path(folder) / name, text)
    pngs = []
    for deck in index["tts"]:
        pngs += ([deck["back"]] if deck["back"] else []) + [png for s in deck["sheets"]
                                                            for png in (s["png"], s.get("back")) if png]
    readme = [ui("export.tts.readme.title", game=title), "",
              ui("export.tts.readme.object", file=name, decks=len(index["tts"])),
              ui("export.tts.readme.sheets")]
    if any(deck["back"] is None and not any("back" in s for s in deck["sheets"]) for deck in index["tts"]):
        readme.append(ui("export.tts.readme.one_sided"))
    entries = [("README.txt", ("\n".join(readme) + "\n").encode("utf-8")), (name, text.encode("utf-8"))]
    entries += [(png, (Path(folder) / png).read_bytes()) for png in pngs]
    zipped = write_zip(Path(target) / zip_name(game, lang, "tts"), entries)
    record(target, zipped.name, "tts", "site.variant.tts", n=sum(d["count"] for d in index["tts"]),
           decks=len(index["tts"]))
    return [saved, zipped]
