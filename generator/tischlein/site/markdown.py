"""Content text → safe Markdown for the site.

Two kinds of strings reach a page:

* plain text (names, glosses, numbers): `text()` escapes it so Markdown renders exactly those characters;
* content Markdown (rule bodies, answers, definitions): `content()` keeps the author's Markdown (emphasis,
  lists, tables, links) but makes it inert as HTML: `<` becomes `&lt;` (no tags, no comments, no autolinks),
  `{` and `}` become entities (no attr_list attributes such as `onclick`), link targets other than
  http(s), mailto and relative paths are dropped, and images may only point inside the site. Then the
  `{rule:ID}`, `{term:ID}` and `{example:ID}` tokens are expanded into links that we generate.

Everything else a page contains is written by our own templates. The Jinja environment (pages.py) runs every
value through `text()` unless it is explicitly marked safe (`markupsafe.Markup`), so forgetting a filter
escapes too much rather than too little.
"""
from __future__ import annotations

import html
import re
from typing import Callable

from markupsafe import Markup

from ..content.links import INLINE_LINK as _INLINE_LINK
from ..content.links import REF_DEF as _REF_DEF
from ..content.links import TITLE as _TITLE
from ..engine.picture import esc

# Backslash-escapable punctuation in Python-Markdown (plus the table pipe).
_MD_SPECIAL = re.compile(r"([\\`*_\[\]()#+\-.!|>])")
_CODE = re.compile(r"(`+)(.+?)\1", re.S)
_FENCE = re.compile(r"^( {0,3})(```|~~~).*?^\1\2[ \t]*$", re.S | re.M)
_TOKEN = re.compile(r"\{(rule|term|example):([^{}\s]+)\}")
_SAFE_SCHEMES = ("http://", "https://", "mailto:")


def text(value: object) -> Markup:
    """Plain text as Markdown that renders to exactly this text (no emphasis, no HTML, no links)."""
    s = html.escape(str(value), quote=False)
    s = _MD_SPECIAL.sub(r"\\\1", s)
    s = s.replace("{", "&#123;").replace("}", "&#125;")
    return Markup(s.replace("\n", " "))


def attr(value: object) -> str:
    """Text for an HTML attribute or a raw HTML block: HTML-escaped, and no character Markdown would act on
    (Python-Markdown still finds links and emphasis inside the attributes and text of some raw HTML we write, and
    an entity reads the same to the browser). The pictures of game states escape the same way."""
    return str(esc(value))


def tooltip_text(markdown: str) -> str:
    """Plain text of a short content Markdown for a title attribute: link labels, no emphasis marks. `<` and
    quotes stay as text: Markdown escapes the attribute value when it writes the abbr element."""
    s = _INLINE_LINK.sub(lambda m: m.group(2), markdown)
    s = re.sub(r"(\*\*|__|`)", "", s)
    s = re.sub(r"(?<!\w)[*_](\S(?:.*?\S)?)[*_](?!\w)", r"\1", s)
    return " ".join(s.replace("\\", "").split())  # the site's glossary and the card file's plain words


def plain(markdown: str) -> str:
    """Rough plain text of a short Markdown string (for title attributes and alt texts)."""
    s = _TOKEN.sub(lambda m: m.group(2).rsplit(".", 1)[-1].replace("-", " "), markdown)
    s = _INLINE_LINK.sub(lambda m: m.group(2), s)
    s = re.sub(r"[*_`#>|\[\]]", "", s)
    return " ".join(s.split())


def is_safe_target(target: str, allow_external: bool = True) -> bool:
    t = html.unescape(target.strip()).lstrip("<")
    lowered = re.sub(r"[\x00-\x20\s]", "", t).lower()
    if lowered.startswith(_SAFE_SCHEMES):
        return allow_external
    if re.match(r"^[a-z][a-z0-9+.\-]*:", lowered) or lowered.startswith("//"):
        return False            # javascript:, data:, vbscript:, protocol-relative ...
    return True                 # relative path or #anchor


def _neutralise_links(s: str) -> str:
    def inline(m: re.Match) -> str:
        bang, label, inside = m.groups()
        target = _TITLE.sub("", inside).strip()
        safe_link = is_safe_target(target)
        if bang:
            if safe_link and is_safe_target(target, allow_external=False):
                return m.group(0)
            # an external image would make the page fetch from another origin: show a plain link instead
            return f"[{label or 'image'}]({inside})" if safe_link else label
        return m.group(0) if safe_link else f"[{label}](#)"

    def ref(m: re.Match) -> str:
        return m.group(0) if is_safe_target(m.group(2)) else f"{m.group(1)}#{m.group(3)}"

    return _REF_DEF.sub(ref, _INLINE_LINK.sub(inline, s))


def _escape_prose(s: str) -> str:
    s = s.replace("<", "&lt;")
    s = s.replace("{", "\x00LBRACE\x00").replace("}", "\x00RBRACE\x00")
    return s


Expand = Callable[[str, str], str]


def content(markdown: str, expand: Expand | None = None) -> Markup:
    """Content Markdown made safe, with `{rule:…}`/`{term:…}`/`{example:…}` tokens replaced by
    `expand(kind, target)`.

    `expand` returns trusted Markdown (our own links); it is applied after escaping, so whatever it returns is
    not escaped again.
    """
    out: list[str] = []
    pos = 0
    # keep code blocks and code spans as they are: Markdown already prints their contents literally
    spans = sorted([(m.start(), m.end()) for m in _FENCE.finditer(markdown)])
    pieces: list[tuple[bool, str]] = []
    for start, end in spans:
        pieces.append((False, markdown[pos:start]))
        pieces.append((True, markdown[start:end]))
        pos = end
    pieces.append((False, markdown[pos:]))
    for is_code, piece in pieces:
        if is_code:
            out.append(piece)
            continue
        inner_pos = 0
        for m in _CODE.finditer(piece):
            out.append(_prose(piece[inner_pos:m.start()], expand))
            out.append(m.group(0))
            inner_pos = m.end()
        out.append(_prose(piece[inner_pos:], expand))
    return Markup("".join(out))


def _prose(s: str, expand: Expand | None) -> str:
    s = _neutralise_links(s)
    s = _escape_prose(s)
    tokens: list[str] = []

    def keep(m: re.Match) -> str:
        tokens.append(expand(m.group(1), m.group(2)) if expand else m.group(0))
        return f"\x00TOKEN{len(tokens) - 1}\x00"

    s = re.sub(r"\x00LBRACE\x00(rule|term|example):([^\s\x00]+?)\x00RBRACE\x00",
               lambda m: keep(_TOKEN.match("{%s:%s}" % (m.group(1), m.group(2)))), s)
    s = s.replace("\x00LBRACE\x00", "&#123;").replace("\x00RBRACE\x00", "&#125;")
    return re.sub(r"\x00TOKEN(\d+)\x00", lambda m: tokens[int(m.group(1))], s)


def link(label: str, target: str, title: str | None = None) -> str:
    """A Markdown link we generate; `label` and `title` are plain text."""
    t = ""
    if title:
        t = ' "' + plain(title).replace('"', "'").replace("\\", "") + '"'
    return f"[{text(label)}]({target}{t})"
