"""Can the PDFs draw every character of every text? The bundled fonts' character maps, read with fontTools
(no reportlab, so `check` stays light), and a content error naming file, line and character for a text that
none of them can draw: it would print as an empty box. The PDF side (tischlein.pdf.fonts) sets a text its
role's font lacks in that role's fallback."""
from __future__ import annotations

import unicodedata
from functools import lru_cache
from importlib.resources import as_file, files

from .errors import Problems
from .capitals import capitals
from .plural import Plural

# registered name -> (package, file): the faces of the PDF roles and their fallbacks
FONT_FILES = {
    "Fredoka": ("font_fredoka_one", "FredokaOne-Regular.ttf"),
    "Lato": ("font_lato", "Lato-Regular.ttf"),
    "Lato-Bold": ("font_lato", "Lato-Bold.ttf"),
    "Lato-Italic": ("font_lato", "Lato-Italic.ttf"),
    "Lato-Black": ("font_lato", "Lato-Black.ttf"),
    "Roboto": ("font_roboto", "Roboto-Regular.ttf"),
    "Roboto-Bold": ("font_roboto", "Roboto-Bold.ttf"),
    "Roboto-Italic": ("font_roboto", "Roboto-Italic.ttf"),
    "Roboto-Black": ("font_roboto", "Roboto-Black.ttf"),
}
# a role's font -> the font that stands in for it (same weight and style): Latin, Greek, Cyrillic, Vietnamese
FALLBACK = {"Fredoka": "Roboto-Bold", "Lato": "Roboto", "Lato-Bold": "Roboto-Bold", "Lato-Italic": "Roboto-Italic",
            "Lato-Black": "Roboto-Black"}


# The texts the PDFs print: card texts and glosses (game.yaml) and the PDF interface strings. The rules, FAQ,
# examples and engine messages are on the site only (a browser has fonts for any script); a PDF that starts
# printing them adds their namespace here.
PRINTED = ("game:", "ui:pdf.")


@lru_cache(maxsize=None)
def cmap(font: str) -> frozenset[int]:
    """The code points a bundled font has glyphs for."""
    from fontTools.ttLib import TTFont
    package, name = FONT_FILES[font]
    with as_file(files(package) / "files" / name) as path:
        return frozenset(TTFont(str(path), lazy=True).getBestCmap())


@lru_cache(maxsize=None)
def drawable() -> frozenset[int]:
    """What every role can draw, with its fallback: the characters a PDF text may use."""
    covered = None
    for font, fallback in FALLBACK.items():
        both = cmap(font) | cmap(fallback)
        covered = both if covered is None else covered & both
    return covered


def undrawable(text: "str | Plural") -> list[str]:
    texts = text.texts() if isinstance(text, Plural) else [text]
    can = drawable()
    return sorted({ch for t in texts for ch in t if not ch.isspace() and ord(ch) not in can
                   and unicodedata.category(ch) not in ("Cf",)})


def describe(ch: str) -> str:
    return f"'{ch}' (U+{ord(ch):04X} {unicodedata.name(ch, 'unnamed character')})"


def check(content, problems: Problems) -> None:
    """One error per printed text that uses a character no bundled font draws, English and every translation."""
    catalogs = [content.ui] + [game.catalog for game in content.games.values()]
    seen = set()
    for catalog in catalogs:
        for key, text in catalog.source.items():
            if not key.startswith(PRINTED):
                continue
            file, line = catalog.source_where[key]
            _report(problems, (file, line, key), text, seen)
        for lang, entries in catalog.translations.items():
            for key, tr in entries.items():
                if key.startswith(PRINTED):
                    _report(problems, (tr.file, tr.line, key), tr.text, seen)


def problem(key: str, text) -> str | None:
    """What is wrong with a text of `key` a PDF prints (None when every character can be drawn): `check` and
    `i18n import` refuse it with this message."""
    bad = undrawable(text) if key.startswith(PRINTED) else []
    if not bad:
        return None
    return (f"the PDF fonts cannot draw {', '.join(describe(ch) for ch in bad[:5])}"
            f"{' …' if len(bad) > 5 else ''}: it would print as an empty box (the bundled fonts draw "
            "Latin, Greek, Cyrillic and Vietnamese)")


def _report(problems: Problems, where: tuple, text, seen: set) -> None:
    file, line, key = where
    message = problem(key, text)
    if message and where not in seen:
        seen.add(where)
        problems.error(file, line, key.split(":", 1)[1], message)


def chars_of(game, lang: str) -> str:
    """Every character the PDF of `game` in `lang` may print: its texts, interface strings and names."""
    out = set()
    for catalog in (game.catalog, game.ui):
        for key in catalog.source:
            if not key.startswith(PRINTED):
                continue
            text = catalog.text(key, lang)
            for t in (text.texts() if isinstance(text, Plural) else [text]):
                out.update(t)
                out.update(capitals(t, lang))       # backs print words in capitals (Turkish İ, Greek)
    for name in game.model.names().values():
        out.update(str(name))
    return "".join(sorted(out))
