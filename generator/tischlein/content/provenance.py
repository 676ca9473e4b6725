"""Where each fact comes from: the rulebook, a reconstruction (with its reason), or an erratum."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

RULEBOOK, RECONSTRUCTED, ERRATUM = "rulebook", "reconstructed", "erratum"


@dataclass(frozen=True)
class Provenance:
    kind: str                 # rulebook | reconstructed | erratum
    section: str | None       # the seed section, for rulebook facts
    reason_key: str | None    # catalog key of the reason (reconstructed) or the why (erratum)

    @property
    def mark(self) -> str:
        """The one-letter mark printed on components: R rulebook, * reconstructed, E erratum."""
        return {RULEBOOK: "R", RECONSTRUCTED: "*", ERRATUM: "E"}[self.kind]


@dataclass(frozen=True)
class Note:
    """One reconstructed or corrected field, for the provenance page and the PDF credits."""

    record: str               # e.g. "dishes.rote-gruetze"
    name: str                 # the record's display name
    field: str
    kind: str
    reason_key: str

    def credited_as(self, has_ui: Callable[[str], bool], has_text: Callable[[str], bool]) -> tuple[str, str] | None:
        """Who the note is credited to, the same in the PDF credits and on the site's sources page: ("ui", key)
        for a card back (its kind's `pdf.kind.<kind>`) or a section of game.yaml with an interface name
        (`site.game.<section>_record`: "Game facts", "Weight table"); ("part", key of its text) for a part of a
        record with a text of its own (Tá na Mesa's "Placar · Score"); None: the record by its name."""
        section, _, rest = self.record.partition(".")
        key = f"pdf.kind.{rest}" if section == "backs" else f"site.game.{section}_record"
        if has_ui(key):
            return "ui", key
        if self.record.count(".") >= 2 and has_text(f"{self.record}.text"):
            return "part", f"{self.record}.text"
        return None


def provenance_of(record: Mapping[str, Any], key_prefix: str, field: str) -> Provenance:
    """The provenance of one field of a record, honouring `reconstructed` and `errata` overrides."""
    if field in (record.get("errata") or {}):
        return Provenance(ERRATUM, record.get("source"), f"{key_prefix}errata.{field}.why")
    if field in (record.get("reconstructed") or {}):
        return Provenance(RECONSTRUCTED, None, f"{key_prefix}reconstructed.{field}")
    return Provenance(RULEBOOK, record.get("source"), None)


def record_mark(record: Mapping[str, Any]) -> str:
    """The strongest mark of a whole record: E beats * beats R."""
    if record.get("errata"):
        return "E"
    if record.get("reconstructed"):
        return "*"
    return "R"


def notes_of(record: Mapping[str, Any], key_prefix: str, name: str) -> list[Note]:
    notes = [Note(key_prefix.rstrip("."), name, f, RECONSTRUCTED, f"{key_prefix}reconstructed.{f}")
             for f in (record.get("reconstructed") or {})]
    notes += [Note(key_prefix.rstrip("."), name, f, ERRATUM, f"{key_prefix}errata.{f}.why")
              for f in (record.get("errata") or {})]
    return notes


def notes_of_records(*collections: Mapping[str, Any]) -> list[Note]:
    """The notes of every record (anything with raw, key and name) of these id → record tables."""
    return [n for records in collections for r in records.values() for n in notes_of(r.raw, r.key, r.name)]
