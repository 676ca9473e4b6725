"""PNG previews of every card, tile and token face, and Tabletop Simulator deck sheets — rasterised from the PDF.

One renderer: the faces are drawn by the same code into a temporary print-shop PDF (one face per page, the page
being the face plus its bleed, TrimBox = the face), which pypdfium2 rasterises; Pillow only crops each page to
its TrimBox and composes the TTS grids. What you see in a preview is what prints.

Output, per game and language, in `<out>/previews/<game>/<lang>/`:

* `<piece-id>.png` — one PNG per **distinct** face (pieces that look the same share it; it is named after the
  first piece that shows it), `back-<back>.png` per back. RGB, trim size at `dpi` (150: a poker card is 372 × 520).
* `tts-<deck>-<n>.png` — Tabletop Simulator deck sheets: every piece of one TTS deck (pieces of one size
  sharing one back) in print order, in a grid of at most 10 × 7, each side at most 4096 px, RGB;
  `tts-<deck>-back.png` is that deck's back (TTS takes it as a separate image). `<deck>` is the back's key
  ("light"), or "<kind>-front" for one-sided pieces; a suffix "-<n>" tells apart decks of another size. A kind
  whose pieces have backs of their own (two-sided tokens) is one deck named after the kind, with a back sheet
  `tts-<deck>-<n>-back.png` beside each face sheet (each piece's back in its face's slot; the sheet's `back`).
* `faces.json`:

  ```
  {"game": "mahlzeit", "lang": "en", "title": "Mahlzeit", "dpi": 150,
   "faces": [{"png": "dish-kloesse-1.png", "face": "dish-kloesse-1", "kind": "dish", "name": "Thüringer Klöße",
              "width": 372, "height": 520, "back": "back-light.png", "pieces": ["dish-kloesse-1", ...]}, ...],
   "backs": [{"png": "back-light.png", "back": "light", "name": "light", "width": 372, "height": 520}],
   "pieces": {"dish-kloesse-1": {"png": "dish-kloesse-1.png", "kind": "dish", "name": "Thüringer Klöße",
                                 "back": "back-light.png"}, ...},
   "tts": [{"deck": "light", "label": "light", "back": "tts-light-back.png", "count": 27,
            "sheets": [{"png": "tts-light-1.png", "cols": 10, "rows": 3, "count": 27,
                        "card_width": 372, "card_height": 520}],
            "pieces": ["dish-kloesse-1", ...]}]}
  ```

  `name` is the piece's translated name (alt text); `back` is null for one-sided pieces. A TTS deck's `label` is
  its back's (or, one-sided, its kind's) translated name and `pieces` its piece ids in sheet order (pdf/tts.py
  writes the saved object from them). Paths are relative to the folder of `faces.json`.
"""
from __future__ import annotations

import json
import math
from pathlib import Path

from ..content.glyphs import chars_of
from ..files import atomic, inside, temporary_folder, write_text
from . import fonts
from .component import Piece, PrintSet
from .errors import PdfBuildError
from .component import print_set as game_print_set
from .texts import Texts
from .units import CARD_SIZES, DEFAULT_CARD_SIZE, MM

DPI = 150
TTS_COLS, TTS_ROWS, TTS_MAX_PX = 10, 7, 4096
BACK_KEY = "zz-back-"          # pseudo face keys for the backs in the temporary PDF
PREVIEW_BLEED_MM = 2.0


def build_previews(content, game_id: str, langs: list[str], out_dir: Path, dpi: int = DPI) -> list[Path]:
    """Write the previews of `game_id` for each language; returns every file written (PNGs and faces.json)."""
    written: list[Path] = []
    for lang in langs:
        with fonts.covering(chars_of(content.games[game_id], lang)):
            ps = game_print_set(content, game_id, lang, CARD_SIZES[DEFAULT_CARD_SIZE])
            target = inside(out_dir, Path(out_dir) / "previews" / game_id / lang)
            written += write_previews(ps, Texts(content.games[game_id].ui, lang), target, dpi)
    return written


def write_previews(ps: PrintSet, ui: Texts, target: Path, dpi: int = DPI) -> list[Path]:
    if not any(deck.pieces for deck in ps.decks):
        return []
    faces, backs = _rasterise(ps, ui, dpi)          # face key -> image, back key -> image
    target.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    first_piece: dict[str, Piece] = {}
    users: dict[str, list[str]] = {}
    for p in ps.pieces():
        first_piece.setdefault(p.face, p)
        users.setdefault(p.face, []).append(p.id)
    face_png = {key: f"{first_piece[key].id}.png" for key in faces}
    back_png = {key: f"back-{key}.png" for key in backs}
    for key, image in faces.items():
        written.append(_save(image, target / face_png[key]))
    for key, image in backs.items():
        written.append(_save(image, target / back_png[key]))

    index = {
        "game": ps.game_id, "lang": ps.lang, "title": ps.title, "dpi": dpi,
        "faces": [{"png": face_png[k], "face": k, "kind": first_piece[k].kind, "name": _name(first_piece[k]),
                   "width": faces[k].width, "height": faces[k].height,
                   "back": back_png.get(first_piece[k].back), "pieces": users[k]} for k in faces],
        "backs": [{"png": back_png[k], "back": k, "name": ps.back_labels.get(k, k), "width": backs[k].width,
                   "height": backs[k].height} for k in backs],
        "pieces": {p.id: {"png": face_png[p.face], "kind": p.kind, "name": _name(p), "back": back_png.get(p.back)}
                   for p in ps.pieces()},
        "tts": [],
    }
    kind_labels = {k.id: k.label for k in ps.kinds}
    for name, pieces, own_backs in _tts_decks(ps):
        back = None if own_backs else pieces[0].back
        label = ps.back_labels.get(back, back) if back else kind_labels.get(pieces[0].kind, pieces[0].kind)
        deck = {"deck": name, "label": label, "back": None, "count": len(pieces), "sheets": [],
                "pieces": [p.id for p in pieces]}
        if back is not None:
            deck["back"] = f"tts-{name}-back.png"
            written.append(_save(backs[back], target / deck["back"]))
        per_sheet = TTS_COLS * TTS_ROWS
        for n, start in enumerate(range(0, len(pieces), per_sheet), 1):
            chunk = pieces[start:start + per_sheet]
            image, cols, rows, cw, ch = tts_sheet([faces[p.face] for p in chunk])
            png = f"tts-{name}-{n}.png"
            written.append(_save(image, target / png))
            sheet = {"png": png, "cols": cols, "rows": rows, "count": len(chunk), "card_width": cw,
                     "card_height": ch}
            if own_backs:     # each piece's back in its face's slot (a one-sided piece shows its face)
                sheet["back"] = f"tts-{name}-{n}-back.png"
                written.append(_save(tts_sheet([backs[p.back] if p.back else faces[p.face] for p in chunk])[0],
                                     target / sheet["back"]))
            deck["sheets"].append(sheet)
        index["tts"].append(deck)
    keep = {p.name for p in written} | {"faces.json"}
    for stale in target.glob("*.png"):
        if stale.name not in keep:
            stale.unlink()
    index_path = target / "faces.json"
    write_text(index_path, json.dumps(index, ensure_ascii=False, indent=1) + "\n")
    written.append(index_path)
    return written


def _name(piece: Piece) -> str:
    return piece.name or piece.id


def _save(image, path: Path) -> Path:
    """PNG at zlib level 1: about half the encoding time of level 6, for 5 % (faces) to 30 % (TTS sheets) more
    bytes; encoding is most of the preview time."""
    with atomic(path) as tmp:
        image.save(tmp, format="PNG", optimize=False, compress_level=1)
    return path


def _tts_decks(ps: PrintSet) -> list[tuple[str, list[Piece], bool]]:
    """TTS decks (name, pieces in print order, whether each piece has a back of its own): the pieces of one
    PrintSet deck that share a back; but a kind whose pieces have different backs (two-sided tokens: a spice
    on each side) is one deck of its own with a back per piece, not a deck per back."""
    out, used = [], set()
    for i, deck in enumerate(ps.decks):
        backs_of: dict[str, set] = {}
        for p in deck.pieces:
            backs_of.setdefault(p.kind, set()).add(p.back)
        groups: dict[tuple[bool, str | None], list[Piece]] = {}
        for p in deck.pieces:
            own = len(backs_of[p.kind]) > 1
            groups.setdefault((own, p.kind if own else p.back), []).append(p)
        for (own, key), pieces in groups.items():
            name = key if own else key or f"{pieces[0].kind}-front"
            if name in used:                  # the same back (or kind) on pieces of another size
                name = f"{name}-{i + 1}"
            used.add(name)
            out.append((name, pieces, own))
    return out


def tts_sheet(images: list) -> tuple[object, int, int, int, int]:
    """A grid of at most 10 × 7 equal faces, scaled down if needed so each side is at most 4096 px, RGB."""
    from PIL import Image

    if not images or len(images) > TTS_COLS * TTS_ROWS:
        raise ValueError(f"a TTS sheet holds 1 to {TTS_COLS * TTS_ROWS} faces, got {len(images)}")
    cols = min(TTS_COLS, len(images))
    rows = math.ceil(len(images) / cols)
    w, h = images[0].size
    scale = min(1.0, TTS_MAX_PX / (cols * w), TTS_MAX_PX / (rows * h))
    cw, ch = max(1, math.floor(w * scale)), max(1, math.floor(h * scale))
    sheet = Image.new("RGB", (cols * cw, rows * ch), (255, 255, 255))
    for i, image in enumerate(images):
        if image.size != (cw, ch):
            image = image.resize((cw, ch), Image.LANCZOS)
        sheet.paste(image, ((i % cols) * cw, (i // cols) * ch))
    return sheet, cols, rows, cw, ch


def _rasterise(ps: PrintSet, ui: Texts, dpi: int) -> tuple[dict, dict]:
    """Every distinct face and back as an RGB Pillow image of its trim at `dpi`."""
    from . import facepages

    sides, order = [], []
    seen: set[str] = set()
    for deck in ps.decks:
        for p in deck.pieces:
            if ("face", p.face) not in seen:
                seen.add(("face", p.face))
                sides.append((facepages.FACE, p.face, deck))
                order.append(("face", p.face))
        for p in deck.pieces:
            if p.back is not None and ("back", p.back) not in seen:
                if p.back not in ps.backs:
                    raise PdfBuildError(f"card {p.id}: no drawing for back {p.back!r}")
                seen.add(("back", p.back))
                sides.append((facepages.BACK, p.back, deck))
                order.append(("back", p.back))
    out_faces, out_backs = {}, {}
    with temporary_folder("tischlein-previews-") as tmp:
        path = facepages.write(ps, ui, tmp / "faces.pdf", PREVIEW_BLEED_MM, sides)
        for (what, key), image in zip(order, facepages.rasterise(path, dpi / 72)):
            (out_faces if what == "face" else out_backs)[key] = image
    return out_faces, out_backs


def trim_pixels(width_mm: float, height_mm: float, dpi: int = DPI) -> tuple[int, int]:
    """The expected preview size of a face of this trim size."""
    scale = dpi / 72
    return round(width_mm * MM * scale), round(height_mm * MM * scale)
