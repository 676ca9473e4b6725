"""Reading one translation file into a catalog, with every check a translator's text gets: the key exists in
English, the {tokens} are kept, Markdown marks are closed, and a text that counts something has exactly the
plural forms its language needs (tischlein.content.plural). Hand-edited YAML and imported PO/XLIFF go through
the same checks, so an import can never let in what `check` would refuse."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from . import plural
from .errors import Problems
from .i18n import SOURCE_LANGUAGE, Catalog, Translation, tokens
from .plural import Plural
from .parsecache import load_checked
from .yamlfile import LineDict


def source_text(value: Any, shown: str, line: int | None, key: str, problems: Problems) -> "str | Plural":
    """An English text as the catalog keeps it: a string, or a Plural with English's forms."""
    if not isinstance(value, dict):
        return value
    text = plural.from_yaml(value)
    for message in plural.problems(text, SOURCE_LANGUAGE):
        problems.error(shown, line, key, message)
    if "{" + text.count + "}" not in text.get("other", ""):
        problems.error(shown, line, key, f"the `other` form must show the number: {{{text.count}}}")
    return text


def load_translation(path: Path, shown: str, namespace: str, lang: str, catalog: Catalog,
                     problems: Problems) -> None:
    if not path.exists():
        return
    doc, valid = load_checked(path, "translation.schema.json", problems, shown, empty=LineDict())
    if not valid:
        return
    for key, entry in doc.items():
        line = doc.key_lines.get(key)
        text = check_entry(catalog, f"{namespace}:{key}", entry["text"], lang, shown, line, key, problems)
        if text is not None:
            catalog.add_translation(lang, f"{namespace}:{key}",
                                    Translation(text, entry["source"], shown, line, entry.get("english")))


def check_entry(catalog: Catalog, full: str, text: Any, lang: str, shown: str, line: int | None, key: str,
                problems: Problems) -> "str | Plural | None":
    """The translated text, checked against its English; None (with the problem recorded) when it cannot be
    used, or when it is empty: a string not translated yet shows in English."""
    if full not in catalog.source:
        problems.warning(shown, line, key, "no English text has this key (renamed or removed?)")
        return None
    english = catalog.source[full]
    if text == "" or text == {}:
        return None
    if isinstance(english, Plural) != isinstance(text, dict):
        problems.error(shown, line, key, (
            f"the English text has plural forms: give the forms {lang} needs ({', '.join(plural.categories(lang))})"
            f" as text: {{one: …, other: …}}") if isinstance(english, Plural) else
            "the English text has no plural forms: give one text")
        return None
    if isinstance(english, Plural):
        text = Plural(text, english.count)
        messages = plural.problems(text, lang)
        for message in messages:
            problems.error(shown, line, key, message)
        if messages:
            return None
        forms = text.items()
    else:
        forms = [("other", text)]
    want = tokens(english)
    for category, form in forms:
        got = tokens(form)
        optional = isinstance(english, Plural) and category != "other" and plural.single_number(lang, category)
        if got != want and not (optional and got == [t for t in want if t != "{" + english.count + "}"]):
            where = f" (form {category})" if isinstance(english, Plural) else ""
            problems.error(shown, line, key, f"the translation must keep the tokens {want}, has {got}{where}")
            return None
        if form.count("**") % 2 or form.count("`") % 2:
            problems.error(shown, line, key, "malformed Markdown: an unclosed ** or ` mark")
            return None
    return text
