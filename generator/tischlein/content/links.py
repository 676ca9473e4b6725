"""Markdown links in content text, and the ones that lead nowhere once the text is on the site or in a PDF.

Content links rules with {rule:…} tokens, terms with {term:…}, worked examples with {example:…} and other sites
with full addresses; a relative path (`[more](elsewhere.md)`, `![](pic.png)`) names a file of the content folder
that the site and the PDFs do not have, and MkDocs' strict build fails on it naming a generated page. `check` names the content file and line
instead, for the English texts and every translation. site/markdown.py uses the same patterns to neutralise links.
"""
from __future__ import annotations

import re

from .errors import Problems
from .i18n import Catalog
from .plural import Plural

# [text](target "title") and ![alt](target)
INLINE_LINK = re.compile(r"(!?)\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\(((?:[^()\n]|\([^()\n]*\))*)\)")
TITLE = re.compile(r"""\s+(?:"[^"]*"|'[^']*')\s*$""")
# [label]: target
REF_DEF = re.compile(r"^( {0,3}\[[^\]]+\]:[ \t]*)(\S+)(.*)$", re.M)
_SCHEME = re.compile(r"^[a-z][a-z0-9+.\-]*:", re.I)


def targets(text: str) -> list[str]:
    """Every link and image target in a Markdown text, titles left off."""
    inline = [TITLE.sub("", m.group(3)).strip().strip("<>") for m in INLINE_LINK.finditer(text)]
    return inline + [m.group(2) for m in REF_DEF.finditer(text)]


def dead(text: "str | Plural") -> list[str]:
    """The targets that are relative paths: neither an address with a scheme, nor //host, nor a #fragment."""
    forms = [form for _, form in text.items()] if isinstance(text, Plural) else [text]
    return [t for form in forms if "](" in form or "]:" in form for t in targets(form)
            if t and not t.startswith(("#", "//")) and not _SCHEME.match(t)]


def check(catalogs: list[Catalog], problems: Problems) -> None:
    """An error, at the text's file and line, for every dead link of the catalogs' English texts and translations
    (a text that several catalogs share is read once)."""
    read: set[tuple] = set()
    for catalog in catalogs:
        places = [(key, text, *catalog.source_where.get(key, ("", None))) for key, text in catalog.source.items()]
        places += [(key, tr.text, tr.file, tr.line) for entries in catalog.translations.values()
                   for key, tr in entries.items()]
        for key, text, file, line in places:
            if (key, file, line) in read:
                continue
            read.add((key, file, line))
            for target in dead(text):
                problems.error(file, line, key.split(":", 1)[-1], (
                    f"the link to {target!r} leads nowhere on the site or in the PDFs: link a rule with "
                    "{rule:<id>}, a glossary term with {term:<id>}, another site with its full https:// address"))
