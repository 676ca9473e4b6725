"""Plural forms: a text that counts something has one form per CLDR plural category of its language.

In the content format such a text is a mapping instead of a string. The English source names the placeholder
that holds the number (`count`) and gives English's forms; a translation gives its own language's forms:

    site.setup.players:                      # ui.yaml / messages.yaml (English)
      count: n
      one: "{n} player"
      other: "{n} players"

    site.setup.players:                      # a translation (Polish needs one, few, many, other)
      text: {one: "{n} gracz", few: "{n} graczy", many: "{n} graczy", other: "{n} gracza"}
      source: 1f0c…

Babel (CLDR) knows which categories a language has and picks the form when a page or PDF is built; the browser
uses Intl.PluralRules; the engine kernel (standard library only, it runs in Pyodide) gets `rule_table(lang)`,
a small table of the categories Babel gives, and never imports Babel.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any, Mapping

CATEGORIES = ("zero", "one", "two", "few", "many", "other")
TABLE_SIZE = 200          # rule_table covers 0..199; beyond, n counts as 100 + n % 100 (tested against CLDR),
MILLION = 10**6           # except whole millions, which French, Portuguese, Spanish, Italian … put in `many`
# CLDR's categories of English, the source language: every load checks the English plural texts against them,
# and loading Babel's locale data only to learn them cost an English card PDF ~25 ms (tests/test_plurals.py
# checks them against Babel's)
ENGLISH_LANGUAGE, ENGLISH = "en", ("one", "other")


class Plural(dict):
    """Category -> text, and the name of the placeholder holding the number."""

    count: str = "n"

    def __init__(self, forms: Mapping[str, str] = (), count: str = "n"):
        super().__init__(forms)
        self.count = count

    def canonical(self) -> str:
        """A stable string of the whole text: what its source hash is made from."""
        return json.dumps({"count": self.count, **{k: self[k] for k in CATEGORIES if k in self}},
                          ensure_ascii=False, separators=(",", ":"))

    def texts(self) -> list[str]:
        return [self[k] for k in CATEGORIES if k in self]

    def as_message(self) -> dict:
        """The form the engine's messages and the browser's strings take: plain JSON."""
        return {"count": self.count, **{k: self[k] for k in CATEGORIES if k in self}}


def as_json(text: "str | Plural") -> "str | dict":
    """A text as the engine's messages, the browser and the translation files take it: a plain string, or a
    plural's forms with its count (Plural.as_message)."""
    return text.as_message() if isinstance(text, Plural) else text


def from_yaml(value: Any, count: str | None = None) -> Plural:
    """A Plural from a mapping of the content format (`count` given by the English source for a translation)."""
    forms = {k: v for k, v in value.items() if k in CATEGORIES}
    return Plural(forms, str(value.get("count") or count or "n"))


@lru_cache(maxsize=None)
def _locale(lang: str):
    from babel import Locale, UnknownLocaleError
    try:
        return Locale.parse(lang.replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        return Locale.parse("en")


@lru_cache(maxsize=None)
def categories(lang: str) -> tuple[str, ...]:
    """The plural categories `lang` has, in CLDR order (English: one, other; Polish: one, few, many, other)."""
    if lang == ENGLISH_LANGUAGE:
        return ENGLISH
    tags = _locale(lang).plural_form.tags | {"other"}
    return tuple(k for k in CATEGORIES if k in tags)


def category(lang: str, n: float) -> str:
    return _locale(lang).plural_form(n)


@lru_cache(maxsize=None)
def single_number(lang: str, cat: str) -> bool:
    """True when a category holds one integer only (German `one` is 1 alone, Russian `one` is 1, 21, 31 …): only
    such a form may leave the number out ("ein Spieler")."""
    hits = [n for n in range(1000) if category(lang, n) == cat]
    return len(hits) == 1


@lru_cache(maxsize=None)
def rule_table(lang: str) -> dict:
    """What the engine kernel needs to pick a form without Babel: {"forms": [...], "small": "0101…",
    "millions": i}, the index into `forms` of the category of each integer 0..199 and of whole millions (see
    tischlein.engine.messages.plural_category)."""
    forms = list(categories(lang))
    return {"forms": forms, "small": "".join(str(forms.index(category(lang, n))) for n in range(TABLE_SIZE)),
            "millions": forms.index(category(lang, MILLION))}


def choose(text: str | Plural, lang: str, params: Mapping[str, Any]) -> str:
    """The form of `text` for the number among `params` (a plain text is returned as it is)."""
    if not isinstance(text, Plural):
        return text
    value = params.get(text.count)
    try:
        number = float(value)
    except (TypeError, ValueError):
        return text.get("other") or next(iter(text.values()))
    return text.get(category(lang, int(number) if number.is_integer() else number)) or text["other"]


def problems(forms: Mapping[str, str], lang: str) -> list[str]:
    """What is wrong with a plural text's forms for `lang`: missing categories, categories it does not have."""
    need = categories(lang)
    out = []
    missing = [k for k in need if k not in forms]
    if missing:
        out.append(f"the plural form{'s' if len(missing) > 1 else ''} {', '.join(missing)} "
                   f"{'are' if len(missing) > 1 else 'is'} missing: {lang} needs {', '.join(need)}")
    extra = [k for k in forms if k not in need]
    if extra:
        out.append(f"{', '.join(extra)}: not a plural form of {lang} (it has {', '.join(need)})")
    return out


# Numbers a gettext Plural-Forms expression is tried on: CLDR's integer rules repeat every 100 from 100 on (see
# TABLE_SIZE), bar whole millions
_SAMPLES = (*range(TABLE_SIZE), MILLION, 2 * MILLION)


def samples(lang: str, cat: str, how_many: int = 3) -> list[int]:
    """The first integers that take the category `cat` in `lang` (for a translator's note: `few: 2, 3, 4 …`)."""
    return [n for n in _SAMPLES if category(lang, n) == cat][:how_many]


def gettext_slots(lang: str, header: str) -> dict[str, int]:
    """Which msgstr[i] of a PO file with the Plural-Forms `header` holds each CLDR category of `lang`.

    The header is tried on integers: a category maps onto the one slot all its integers go to (French
    `nplurals=2; plural=(n > 1)`: one ← msgstr[0], many and other ← msgstr[1]). A category no integer takes
    (Polish and Russian `other`, for fractions) takes the last slot, gettext's catch-all. ValueError when the
    header puts two integers of one category in different slots, or is not a Plural-Forms expression."""
    import gettext
    found = re.fullmatch(r"\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?)\s*;?\s*", header or "")
    if not found:
        raise ValueError(f"the Plural-Forms header is not `nplurals=N; plural=…;`: {header!r}")
    nplurals = int(found[1])
    try:
        pick = gettext.c2py(found[2])
        slot_of = {n: pick(n) for n in _SAMPLES}
    except (ValueError, SyntaxError, RecursionError, ZeroDivisionError) as exc:
        raise ValueError(f"the Plural-Forms expression cannot be read: {exc}") from None
    if any(not 0 <= s < nplurals for s in slot_of.values()):
        raise ValueError(f"the Plural-Forms expression gives a form beyond its nplurals={nplurals}")
    slots = {}
    for cat in categories(lang):
        used: dict[int, int] = {}
        for n in _SAMPLES:
            if category(lang, n) == cat:
                used.setdefault(slot_of[n], n)
        if len(used) > 1:
            (a, first), (b, second) = sorted(used.items(), key=lambda kv: kv[1])[:2]
            raise ValueError(f"the Plural-Forms header puts {first} and {second} in different forms (msgstr[{a}], "
                             f"msgstr[{b}]), but in {lang} both take the `{cat}` form: its forms do not map onto "
                             f"{lang}'s ({', '.join(categories(lang))})")
        slots[cat] = next(iter(used)) if used else nplurals - 1
    return slots
