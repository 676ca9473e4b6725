"""What a game page's "At a glance" table shows: facts a player asks before a game (players, time, age, who
made it, the language it is printed in) and, for a game.yaml without totals, its cards counted by kind.
A mixin of PageContext (context.py), which gives it ui(), players(), play_time(), field_mark() and the rest."""
from __future__ import annotations

from markupsafe import Markup

from . import markdown as md
from .panels import humanize


class GameFacts:
    def counted_totals(self) -> list[tuple[str, Markup]]:
        """Cards per kind, counted from the components, for a game.yaml without a `totals` section."""
        kinds: dict[str, int] = {}
        for card in self.game.model.cards():
            kinds[card.kind] = kinds.get(card.kind, 0) + 1
        return [(self.ui_or(f"pdf.kind.{kind}", humanize(kind)), md.text(str(n))) for kind, n in kinds.items()]
    def glance(self) -> list[tuple[str, Markup]]:
        """'At a glance': what a player asks before a game — players, time, age, who made it, when, in which
        language it is printed — each with its provenance mark; never the numbers the rules engine plays by."""
        raw = self.game.model.raw
        facts, credits = raw.get("facts") or {}, raw.get("credits") or raw.get("published") or {}
        section = "credits." if "credits" in raw else "published."
        rows = [(self.ui("site.fact.players"), self.players()), (self.ui("site.home.time"), self.play_time())]
        age = facts.get("age")
        if isinstance(age, dict) and "min" in age:
            rows.append((self.ui("site.glance.age"), md.text(self.ui("site.glance.age_from", n=age["min"]))
                         + self.field_mark(facts, "facts.", "age")))
        people = credits.get("designers") or ([credits["designer"]] if credits.get("designer") else [])
        for label, key, value in (("site.glance.designers", "designers" if "designers" in credits else "designer",
                                   ", ".join(str(x) for x in people)),
                                  ("site.glance.publisher", "publisher", credits.get("publisher")),
                                  ("site.glance.year", "year", credits.get("year"))):
            if value:
                rows.append((self.ui(label), md.text(value) + self.field_mark(credits, section, key)))
        if raw.get("original_language"):
            rows.append((self.ui("site.glance.language"), md.text(self.language(raw["original_language"]))))
        return rows

    def glance_note(self) -> Markup:
        """A note content gives about these facts (Tá na Mesa: what another source says about the player count)."""
        return self.plain("game:facts.note") if self.has("game:facts.note") else Markup("")
