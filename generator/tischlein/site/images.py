"""Card images for the gallery and the landing page: the PNG faces the preview step wrote, as its faces.json
lists them (tischlein.pdf.previews). Without previews a page builds without a gallery, never fails.
"""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path

from ..content.loader import GameContent
from .placing import place

MAX_IMAGES = 80


@dataclass(frozen=True)
class Image:
    path: str           # docs-relative PNG
    name: str = ""      # the translated name faces.json gives (alt text)


def card_images(game: GameContent, out_root: Path, docs: Path, lang: str = "en", copy: bool = True) -> dict[str, Image]:
    """record (or face) id -> its image, one per record, in faces.json's order, copied into docs/images/ (as
    stand-ins unless `copy`: placing.place)."""
    index = out_root / "previews" / game.id / lang / "faces.json"
    if not index.is_file():
        return {}
    try:
        entries = json.loads(index.read_text(encoding="utf-8"))["faces"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        print(f"warning: {index}: {exc}", file=sys.stderr)
        return {}
    refs = {card.id: card.ref for card in game.model.cards()} if hasattr(game.model, "cards") else {}
    found: dict[str, Image] = {}
    for entry in entries if isinstance(entries, list) else []:
        if not isinstance(entry, dict) or not isinstance(entry.get("png"), str):
            continue
        ident = next((entry[k] for k in ("ref", "card", "face") if isinstance(entry.get(k), str)), None)
        src = (index.parent / entry["png"]).resolve()
        if ident is None or not src.is_file() or index.parent.resolve() not in src.parents:
            continue
        ref = refs.get(ident, ident)
        if ref in found:
            continue
        safe = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in ref)
        rel = f"images/{game.id}/{lang}/{safe}{src.suffix.lower()}"
        place(src, docs / rel, copy)
        found[ref] = Image(rel, entry["name"].strip() if isinstance(entry.get("name"), str) else "")
        if len(found) >= MAX_IMAGES:
            break
    return found
