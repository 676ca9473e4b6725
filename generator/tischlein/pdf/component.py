"""What a game hands to the PDF builder: pieces to cut out, how to draw each face and back, and the checklist.

A game's faces module (tischlein/games/<game>/faces.py) turns its content model into a `PrintSet`; the builder
does the rest (imposition, duplex backs, print guide, credits). Cards are the first piece type; tiles and tokens
are pieces of other sizes on the same sheets; boards (tiled over pages) and dice nets will be further sections of a
PrintSet.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping

from .errors import PdfBuildError
from .units import Size

# draw(canvas, face_box): paint one face with the origin at the card's trim lower-left corner
Draw = Callable[..., None]


@dataclass(frozen=True)
class Piece:
    """One physical thing to cut out."""

    id: str               # unique, e.g. "dish-currywurst-3"
    kind: str             # groups the checklist and the bookmarks, e.g. "dish"
    face: str             # key into PrintSet.faces; identical pieces share a face
    back: str | None      # key into PrintSet.backs; None for one-sided pieces
    name: str = ""        # translated, for previews' alt text, e.g. "Thüringer Klöße"


@dataclass(frozen=True)
class Kind:
    """One line of the component checklist (and one bookmark)."""

    id: str
    label: str            # translated, e.g. "Dish cards"
    icon: str             # icon name
    back: str | None      # back key shared by all pieces of this kind (for the checklist)
    detail: str = ""      # e.g. "8 × Bier, 3 × Wein, 2 × Kaffee mit Rum"


@dataclass(frozen=True)
class Credit:
    """One reconstructed value or erratum for the credits page."""

    kind: str             # reconstructed | erratum | missing (a value the source skips, left blank)
    who: str              # the component or fact, e.g. "Bier"
    field: str            # translated field name, e.g. "number of cards"
    reason: str           # translated


@dataclass
class Deck:
    """Pieces of one size that share sheets, in print order."""

    size: Size
    pieces: list[Piece]


@dataclass
class PrintSet:
    game_id: str
    title: str
    subtitle: str
    lang: str
    decks: list[Deck]
    faces: dict[str, Draw]
    backs: dict[str, Draw]
    back_labels: dict[str, str]          # back key -> translated name ("light back")
    kinds: list[Kind]
    credits: list[Credit]
    icons: list[str] = field(default_factory=list)   # icons to define as forms before drawing
    fallback: bool = False               # some texts fell back to English
    boards: list[Board] = field(default_factory=list)     # printed after the card sheets (pdf/board.py)
    dice: list[DiceSet] = field(default_factory=list)     # nets and sticker sheets (pdf/die.py)

    def pieces(self) -> list[Piece]:
        """The pieces on card sheets (cards, tiles, tokens): every one has a face in `faces`."""
        return [p for deck in self.decks for p in deck.pieces]

    def all_pieces(self) -> list[Piece]:
        """Everything to make, for the checklist: sheet pieces, then boards, then dice."""
        extra = [Piece(b.id, b.kind, b.id, None) for b in self.boards]
        extra += [Piece(d.id, ds.kind, d.id, None) for ds in self.dice for d in ds.dice]
        return self.pieces() + extra


@dataclass
class Board:
    """A board or track printed at its real size; pdf/board.py tiles it over sheets when it is larger than one.

    `draw(canvas, w, h, bleed)` paints the whole board with its lower-left trim corner at (0, 0), sizes in points;
    it must paint `bleed` beyond every edge.
    """

    id: str               # "weight-board"
    kind: str             # a Kind id for the checklist and the bookmark
    label: str            # translated, e.g. "Board with the weight track"
    width_mm: float
    height_mm: float
    draw: Draw


@dataclass(frozen=True)
class Die:
    id: str               # "die-carrot-1"
    faces: tuple[str, ...]   # six keys into DiceSet.faces
    label: str = ""       # short translated name printed next to the net / sticker row, e.g. "Carrot"


@dataclass
class DiceSet:
    """Dice to print as foldable cube nets (with glue tabs) and/or as stickers for blank dice (pdf/die.py).

    `faces[key](canvas, size, bleed)` paints one face, a `size` × `size` point square with its lower-left corner
    at (0, 0), and `bleed` beyond it.
    """

    kind: str
    dice: list[Die]
    faces: dict[str, Draw]
    size_mm: float = 16.0         # the edge of a folded die
    sticker_mm: float = 14.0      # stickers for blank dice of size_mm (their edges are rounded)
    nets: bool = True
    stickers: bool = True


def card_pieces(game_id: str, cards: Iterable[Any], kinds: Iterable[str], faces: dict[str, Any],
                face_of: Mapping[str, Callable[[Any], tuple[str, Any]]],
                name_of: Callable[[Any], str] | None = None) -> dict[str, list[Piece]]:
    """One Piece per card, by kind (every kind of `kinds`, none left out), and the faces they show in `faces`:
    `face_of[card.kind](card)` gives the card's face key and its drawing, kept once per key (copies share a face).
    `name_of` names a piece for the previews' alt text. A card of a kind without a face is a PdfBuildError."""
    pieces: dict[str, list[Piece]] = {k: [] for k in kinds}
    for card in cards:
        if card.kind not in face_of:
            raise PdfBuildError(f"{game_id}: card {card.id} has a kind the PDF cannot draw: {card.kind!r}")
        key, face = face_of[card.kind](card)
        faces.setdefault(key, face)
        pieces[card.kind].append(Piece(card.id, card.kind, key, card.back, name_of(card) if name_of else ""))
    return pieces


def credits_of(model, tx, fields: dict[str, str] | None = None, translated_names: bool = False) -> list[Credit]:
    """One credit per reconstructed value and erratum of a game model (its `notes`), in the language of `tx`.

    A note is credited as the site's sources page credits it: a note on a card back to the kind's pieces
    ("Ingredient cards: card back", its `pdf.kind.<kind>` text); a note in a section of game.yaml that has an
    interface name (`site.game.<section>_record`: "Game facts", "Weight table") to it; any other to the game,
    or to the record by the name its piece shows: kept in the game's language with what it means ("roxo
    (purple)"), or, where a game's faces print `translated_names`, the translation alone ("Brokkoli-Auflauf").
    A field reads as its `pdf.field.<field>` string (or `fields[field]`); an erratum says what the rulebook says,
    what we use, why."""
    fields = fields or {}
    out = []
    for note in model.notes:
        section, _, rest = note.record.partition(".")
        field_key = "pdf.field.back" if section == "backs" else fields.get(note.field, f"pdf.field.{note.field}")
        name = _credited(tx, note, translated_names)
        field = tx.ui_text(field_key) if tx.has_ui(field_key) else note.field.replace("_", " ")
        if note.kind == "erratum":
            base = note.reason_key.rsplit(".", 1)[0]
            reason = tx.ui_text("pdf.erratum.text", says=tx.game_text(base + ".says"),
                                uses=tx.game_text(base + ".uses"), why=tx.game_text(base + ".why"))
        else:
            reason = tx.game_text(note.reason_key)
        out.append(Credit(note.kind, name, field, reason))
    return out


def _credited(tx, note, translated: bool) -> str:
    """Who a note is credited to (Note.credited_as), else the game, else the record's name with its gloss."""
    how = note.credited_as(tx.has_ui, lambda key: f"game:{key}" in tx.game.catalog.source)
    if how and how[0] == "ui":
        return tx.ui_text(how[1])
    if note.name == note.record.split(".")[0]:
        return tx.ui_text("pdf.credits.game")
    if how:
        return f"{note.name} · {tx.game_text(how[1])}"
    has_gloss = f"game:{note.record}.gloss" in tx.game.catalog.source
    gloss = tx.gloss(note.record + ".") if has_gloss else None
    if not gloss or gloss.casefold() == note.name.casefold():
        return note.name
    return gloss if translated else f"{note.name} ({gloss})"


def kind_details(model, kinds) -> dict[str, list[str]]:
    """For the checklist: how many cards show each record, "8 × Bier", listed by kind in print order. Cards that
    show no record (an overview card) add no line."""
    counted = Counter((card.kind, card.ref) for card in model.cards())
    details: dict[str, list[str]] = {k: [] for k in kinds}
    for (kind, ref), n in counted.items():
        record = model.record(kind, ref)
        if record is not None:
            details[kind].append(f"{n} × {record.name}")
    return details


def print_set(content, game_id: str, lang: str, card: Size) -> PrintSet:
    """The PrintSet of a loaded game, from its game package's faces module."""
    from .. import games

    spec = games.spec(game_id)
    if spec is None or spec.print_set is None:
        known = [g for g, s in games.specs().items() if s.print_set is not None]
        raise PdfBuildError(f"no print-and-play layout for game {game_id!r} yet; known: {', '.join(known)}")
    if game_id not in content.games:
        raise PdfBuildError(f"game {game_id!r} is not in the content")
    game = content.games[game_id]
    return spec.print_set(game, game.ui, lang, card)
