"""What the table tells about a card a reader holds up (site/assets/js/cardinfo.js): per game and language one
JSON file, fetched the first time a reader asks, with each face's picture (the PNG preview the PDF was drawn
into, tischlein.pdf.previews), its printed name and what that name means, its rules text and the rule it
belongs to.

The picture marks a face the viewer sees with `data-face` (engine.picture.card/tile `face=`): a card's id
("kartoffeln-2"), a piece's record id ("raizeiro", a recipe tile) or a record id and value ("kloesse:2", a dish
card the engine keeps as dish and value). `ids` maps each of those to its entry in `faces`:

    {"images": "<folder of the PNGs, relative to this file>/",
     "faces": [{"png": "dirty-pots-1.png", "name": "Dreckige Töpfe", "gloss": "Dirty Pots",
                "text": "When another player lays down a dish, …", "rule": "mahlzeit.dirty-pots",
                "rule_title": "Dirty Pots (Dreckige Töpfe)"}, …],
     "ids": {"dirty-pots-1": 0, …}}

Keys an entry does not need are left out (no picture without previews, no gloss where it says the name again).
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from ..content.loader import GameContent
from ..files import write_text
from . import markdown as md
from .placing import place

FOLDER = "assets/games/cards"          # under build.SHARED's assets/games/: written by the shared files' task
_TOKEN = re.compile(r"\{(rule|term):([^{}\s]+)\}")


def path(game_id: str, lang: str) -> str:
    """The docs-relative address of a game's card file in a language (the panels link it)."""
    return f"{FOLDER}/{game_id}-{lang}.json"


def write(game: GameContent, lang: str, previews_root: Path, docs: Path, copy: bool = True,
          fallback_lang: str = "en") -> Path:
    """Write the card file of `game` in `lang` into docs/ and copy the face PNGs it names (as stand-ins unless
    `copy`: placing.place). A language without previews of its own shows the `fallback_lang` faces."""
    index = _previews(previews_root, game.id, lang) or _previews(previews_root, game.id, fallback_lang)
    pngs, folder = ({}, None) if index is None else index
    data = card_info(game, lang, pngs)
    if folder is not None:
        images = f"images/{game.id}/{folder.name}/faces"
        for png in {f["png"] for f in data["faces"] if "png" in f}:
            place(folder / png, docs / images / png, copy)
        data = {"images": f"../../../{images}/", **data}
    dest = docs / path(game.id, lang)
    dest.parent.mkdir(parents=True, exist_ok=True)
    write_text(dest, json.dumps(data, ensure_ascii=False, separators=(",", ":")))
    return dest


def _previews(root: Path, game_id: str, lang: str) -> tuple[dict[str, str], Path] | None:
    """piece id -> its face PNG's file name, from faces.json (only files that are there, inside its folder)."""
    index = Path(root) / "previews" / game_id / lang / "faces.json"
    try:
        pieces = json.loads(index.read_text(encoding="utf-8"))["pieces"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    folder = index.parent
    return {pid: p["png"] for pid, p in pieces.items() if isinstance(p, dict) and isinstance(p.get("png"), str)
            and "/" not in p["png"] and (folder / p["png"]).is_file()}, folder


def card_info(game: GameContent, lang: str, pngs: dict[str, str]) -> dict[str, Any]:
    """The faces and the ids that name them (see the module's doc); `pngs`: piece id -> face PNG."""
    model = game.model
    names = game.engine_messages(lang)
    rules = {s.id for s in game.rules}
    sections = {kind: section for kind, section in getattr(type(model), "RECORDS", {}).items()}
    things = [(c.id, c.kind, c.ref, c.value) for c in model.cards()]
    things += [(p.id, p.kind, p.ref, None) for p in (model.pieces() if hasattr(model, "pieces") else [])]
    faces: list[dict] = []
    where: dict[tuple, int] = {}           # (record, png) -> index in faces
    ids: dict[str, int] = {}
    by_ref: dict[str, set[int]] = {}
    by_value: dict[str, set[int]] = {}
    for ident, kind, ref, value in things:
        rec = model.record(kind, ref) if kind in sections else None
        if rec is None:
            continue
        png = pngs.get(ident)
        key = (kind, ref, png)
        if key not in where:
            where[key] = len(faces)
            faces.append(_face(game, lang, names, rules, sections[kind], kind, rec, ident, png))
        n = where[key]
        ids[ident] = n
        by_ref.setdefault(ref, set()).add(n)
        if value is not None:
            by_value.setdefault(f"{ref}:{value}", set()).add(n)
    for alias, found in (*by_ref.items(), *by_value.items()):
        if len(found) == 1 and alias not in ids:      # a record or value with one face names it by itself
            ids[alias] = next(iter(found))
    return {"faces": faces, "ids": ids}


def gloss(game: GameContent, key: str, name: str, lang: str) -> str:
    """What a record's name means in `lang` (its translated gloss; `key`: its catalog prefix "dishes.kloesse."),
    where that says more than the name: "Dirty Pots" for Dreckige Töpfe in English, nothing in German."""
    full = f"game:{key}gloss"
    meaning = game.catalog.text(full, lang) if full in game.catalog.source else ""
    return meaning if meaning and meaning.casefold() != name.casefold() else ""


def _face(game: GameContent, lang: str, names: dict, rules: set[str], section: str, kind: str, rec: Any,
          ident: str, png: str | None) -> dict:
    catalog = game.catalog

    def text(key: str) -> str:
        return catalog.text(key, lang) if key in catalog.source else ""

    name = names.get(f"name.{rec.id}", rec.name)      # the picture's name for it, without a copy's number
    face: dict[str, Any] = {"name": name}
    meaning = gloss(game, rec.key, name, lang)
    if meaning:
        face["gloss"] = meaning
    body = _plain(game, lang, text(f"game:{rec.key}text"))
    if body:
        face["text"] = body
    rule = _rule(game.id, rules, section, kind, rec)
    if rule:
        face["rule"], face["rule_title"] = rule, text(f"rules:{rule}.title")
    if png:
        face["png"] = png
    return face


def _rule(game_id: str, rules: set[str], section: str, kind: str, rec: Any) -> str | None:
    """The rule a card's reader wants: its own (`rule` of the record), else its kind's section, else the
    components."""
    own = getattr(rec, "rule", None)
    candidates = [own] if isinstance(own, str) else []
    for group in dict.fromkeys((section.replace("_", "-"), kind, f"{kind}s")):
        candidates += [f"{game_id}.{group}.{rec.id}", f"{game_id}.components.{group}", f"{game_id}.{group}"]
    candidates.append(f"{game_id}.components")
    return next((r for r in candidates if r in rules), None)


def _plain(game: GameContent, lang: str, markdown: str) -> str:
    """A record's text as plain words: a rule or term token reads as its title, no emphasis marks."""
    def title(m: re.Match) -> str:
        key = f"rules:{m.group(2)}.title" if m.group(1) == "rule" else f"glossary:{m.group(2)}.term"
        return game.catalog.text(key, lang) if key in game.catalog.source else m.group(2)
    return md.tooltip_text(_TOKEN.sub(title, markdown)) if markdown else ""
