"""What every game's model shares: the GameModel protocol the site and PDF code rely on, records with
provenance, and physical components to print."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from .errors import Problems
from .provenance import Note, Provenance, provenance_of, record_mark
from .yamlfile import line_of


@dataclass(frozen=True)
class Record:
    """Fields every component record shares: id, name in the game's language, provenance."""

    id: str
    name: str
    key: str                   # catalog key prefix, e.g. "dishes.currywurst."
    mark: str                  # R, * or E for the whole record
    raw: Any = field(repr=False, compare=False)

    # The fields a component table shows, in order (the site's components page; its card text is added when the
    # record has one). None: every field with an interface label (site.field.* or pdf.field.*) whose values are
    # not engine data (a dict); a game narrows it where a labelled field says nothing to a player.
    TABLE: ClassVar[tuple[str, ...] | None] = None

    def prov(self, field_: str) -> Provenance:
        return provenance_of(self.raw, self.key, field_)

    def shown(self, field_: str, ui: Callable[..., str], name: Callable[[str], str]) -> str | None:
        """A field's value as a player reads it, where its raw value is engine data ({'points': 5} -> "Scores 5
        points"); `ui(key, **values)` looks up interface texts, `name(id)` another record's name. None: the value
        speaks for itself."""
        return None

    def mark_of(self, fields: Iterable[str]) -> str:
        """The strongest provenance mark among `fields` (those one printed face shows): E beats * beats R."""
        marks = {self.prov(f).mark for f in fields}
        return "E" if "E" in marks else "*" if "*" in marks else "R"


@dataclass(frozen=True)
class Card:
    """One physical card to print: `kind` picks the face layout, `ref` the record it shows."""

    id: str          # unique per physical card: "dish-currywurst-3", "kartoffeln-2"
    kind: str        # a face layout of the game, e.g. dish | ingredient | drink | action | special | overview
    ref: str         # record id
    back: str        # a back id of the game, e.g. light | dark
    copy: int        # 1-based copy number among identical cards
    value: int | None = None


@dataclass(frozen=True)
class Piece:
    """One physical component that is not a card: a tile, a two-sided token, a board or a die."""

    id: str          # unique per physical piece: "spice-token-3", "veggie-die-carrot-2"
    component: str   # tile | token | board | die
    kind: str        # a layout of the game, e.g. recipe-tile | spice-token | weight-board
    ref: str         # record id
    copy: int        # 1-based copy number among identical pieces
    faces: tuple[str, ...] = ()   # tokens: front and back; dice: six faces; else empty


class GameModel(Protocol):
    """A game's typed content model (tischlein/games/<game>/model.py builds it from game.yaml)."""

    id: str
    name: str                          # the printed title
    players: tuple[int, int]           # fewest and most players
    notes: list[Note]                  # every reconstructed value and erratum, for the credits and the site
    raw: Any                           # game.yaml as read (keeps line numbers and provenance)

    def cards(self) -> list[Card]:
        """Every physical card, in print order."""

    def record(self, kind: str, ref: str) -> Record | None:
        """The record a card of `kind` shows."""

    def names(self) -> dict[str, str]:
        """Printed names by record id (engine messages show them instead of ids)."""

    def engine_data(self) -> dict:
        """The JSON the rules engine reads: the facts that govern play."""


@dataclass(kw_only=True)
class GameModelBase:
    """The part of GameModel every game's model shares: a game's dataclass subclasses it, adds its own fields and
    names in RECORDS which of them hold the records a card or piece kind shows."""

    id: str
    name: str
    players: tuple[int, int]
    notes: list[Note]
    raw: Any = field(repr=False)

    RECORDS: ClassVar[dict[str, str]] = {}     # card or piece kind -> the field holding its records (or one record)

    def record(self, kind: str, ref: str) -> Record | None:
        held = getattr(self, self.RECORDS[kind]) if kind in self.RECORDS else {}
        if isinstance(held, dict):
            return held.get(ref)
        return held if held.id == ref else None


def make_record(record_type: type, section: str, item: Any, /, **extra: Any) -> Any:
    """A Record subclass from one YAML item of `section`, with its catalog key and provenance mark."""
    return record_type(id=item["id"], name=item["name"], key=f"{section}.{item['id']}.", mark=record_mark(item),
               raw=item, **extra)


def published_totals(data: Any) -> dict[str, int]:
    """The game file's `totals` that are numbers (a total the rulebook does not give is left out)."""
    return {k: v for k, v in data["totals"].items() if isinstance(v, int)}


def check_totals(data: Any, path: str, problems: Problems, counted: dict[str, int], explain: dict[str, str],
                 listed: str = "the cards listed", says: str = "the rulebook says", adds: str = "add up to") -> None:
    """Each of `data["totals"]` named in `counted` against what the content adds up to; `explain` says, per total,
    what was added (else `listed`). `says` names the total's source: a reconstructed total is "the content's"."""
    totals = data["totals"]
    for key, count in counted.items():
        if totals[key] != count:
            problems.error(path, line_of(data, ("totals", key)), f"totals.{key}",
                           f"{says} {totals[key]}, but {explain.get(key, listed)} {adds} {count}")


def check_unique_ids(data: Any, section: str, path: str, problems: Problems) -> None:
    """Ids within one section of a game file must be unique: translations and rules refer to them."""
    seen: set[str] = set()
    for i, item in enumerate(data[section]):
        if item["id"] in seen:
            problems.error(path, line_of(data, (section, i, "id")), f"{section}.{item['id']}", "duplicate id")
        seen.add(item["id"])
