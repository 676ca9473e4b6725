"""Language names and numbers as the reader's language writes them, from CLDR (Babel), so that no language
needs a line of Python. A language Babel does not know (a translator's new code) reads as English does."""
from __future__ import annotations

from functools import lru_cache

from babel import Locale, UnknownLocaleError
from babel.numbers import format_decimal


@lru_cache(maxsize=None)
def _locale(lang: str) -> Locale:
    try:
        return Locale.parse(lang.replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        return Locale.parse("en")


def language_name(code: str, reader: str, fallback: str | None = None) -> str:
    """The name of language `code` in the reader's language ("Portugiesisch"), capitalised for a table cell."""
    name = _locale(reader).languages.get(code.replace("-", "_")) or fallback or code
    return name[:1].upper() + name[1:]


def decimal(value: float, lang: str, digits: int = 1) -> str:
    """`value` with `digits` decimals as the language writes it ("1,5" in German)."""
    return format_decimal(value, format="#,##0." + "0" * digits if digits else "#,##0", locale=_locale(lang))


def file_size(n: int, lang: str) -> str:
    """A number of bytes as a reader compares downloads: "6,4 MB", "35 kB"."""
    return f"{decimal(n / 1_000_000, lang)} MB" if n >= 100_000 else f"{decimal(n / 1000, lang, 0)} kB"


def number(value, lang: str) -> str:
    """A parameter as the reader's language writes it: a fraction with its decimal sign ("1,5" in German);
    integers and anything else as they are (counts, sheet numbers and ids are never grouped or rounded)."""
    if isinstance(value, float) and not value.is_integer():
        return format_decimal(value, format="#,##0.##", locale=_locale(lang))
    if isinstance(value, float):
        return str(int(value))
    return str(value)


def measure(value: float, lang: str) -> str:
    """A length as the reader's language writes it, to the thousandth and without grouping: "0,125", "63,5"."""
    return format_decimal(round(value, 3), format="0.###", locale=_locale(lang))
