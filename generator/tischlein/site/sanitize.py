"""The last word on what a page may contain: every page's HTML passes an allow-list (nh3, the Rust `ammonia`
sanitiser) after MkDocs has rendered it, whatever content or a template put into it.

Content reaches pages escaped by construction (markdown.text, markdown.content, attr()); this is the second
line, so that a mistake in a template or a gap in the Markdown escaping can still not run script: no tag or
attribute outside the lists below survives, no event handler, no `javascript:` or `data:` URL, no <script>,
<style>, <iframe>, <object> or <form>. The lists are what tischlein's templates, Python-Markdown's extensions and
our inline SVG charts produce; a template that needs more adds it here.
"""
from __future__ import annotations

import html as _html
import re

import nh3

TAGS = {
    "a", "abbr", "article", "b", "blockquote", "br", "button", "caption", "code", "dd", "del", "details", "div",
    "dl", "dt", "em", "figcaption", "figure", "nav", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "input",
    "kbd", "label", "li", "mark", "noscript", "ol", "p", "pre", "s", "small", "span", "strong", "sub", "summary",
    "sup", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "u", "ul",
    # inline charts (site/simulation.py) and the emblem of a game without card pictures
    "svg", "g", "line", "rect", "circle", "path", "text", "title", "desc",
}
_COMMON = {"class", "id", "title", "lang", "role", "hidden", "tabindex"}
ATTRIBUTES = {
    "*": _COMMON,
    "a": {"href"},
    "img": {"src", "alt", "loading", "width", "height"},
    "input": {"type", "name", "checked", "id"},
    "label": {"for"},
    "button": {"type"},
    "details": {"open"},
    "td": {"colspan", "rowspan", "align"}, "th": {"colspan", "rowspan", "align", "scope"},
    "ol": {"start"},
    "svg": {"viewBox", "width", "height", "xmlns", "preserveAspectRatio"},
    "line": {"x1", "x2", "y1", "y2", "stroke", "stroke-width", "stroke-dasharray", "stroke-linecap"},
    "rect": {"x", "y", "width", "height", "rx", "fill", "stroke", "stroke-width"},
    "circle": {"cx", "cy", "r", "fill", "stroke", "stroke-width", "stroke-dasharray"},
    "path": {"d", "fill", "opacity", "stroke", "stroke-width", "stroke-linecap"},
    "text": {"x", "y", "fill", "font-family", "font-size", "font-weight", "text-anchor"},
}
URL_SCHEMES = {"http", "https", "mailto"}


# A title attribute inside a tag (after nh3 no text holds a raw "<", so this finds tags only).
_TITLE = re.compile(r'(<[a-zA-Z][^<>]*?\s)title="([^"]*)"')


def page_html(html: str) -> str:
    """A page's rendered HTML with everything not on the allow-list removed (text is kept, as text)."""
    clean = nh3.clean(html, tags=TAGS, attributes=ATTRIBUTES, generic_attribute_prefixes={"data-", "aria-"},
                      url_schemes=URL_SCHEMES, link_rel=None, strip_comments=True)
    return _TITLE.sub(_title_as_markup_text, clean)


def _title_as_markup_text(m: re.Match) -> str:
    """Material's tooltips (content.tooltips) put an element's title into the page as HTML (innerHTML): a title
    must therefore hold its text escaped as HTML, or a card named '<a href=javascript:…>' becomes a link in its
    tooltip. (Without JavaScript a browser shows the title itself: < > & read as entities there.)"""
    text = _html.unescape(m.group(2))
    return f'{m.group(1)}title="{_html.escape(_html.escape(text, quote=False), quote=True)}"'

