"""The last word on what a page may contain: every page's HTML passes an allow-list (nh3, the Rust `ammonia`
sanitiser) after MkDocs has rendered it, whatever content or a template put into it.

Content reaches pages escaped by construction (markdown.text, markdown.content, attr()); this is the second
line, so that a mistake in a template or a gap in the Markdown escaping can still not run script: no tag or
attribute outside the lists below survives, no event handler, no `javascript:` or `data:` URL, no <script>,
<style>, <iframe>, <object> or <form>. The lists are what tischlein's templates, Python-Markdown's extensions and
our inline SVG charts produce; a template that needs more adds it here.
"""
from __future__ import annotations

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


def page_html(html: str) -> str:
    """A page's rendered HTML with everything not on the allow-list removed (text is kept, as text)."""
    return nh3.clean(html, tags=TAGS, attributes=ATTRIBUTES, generic_attribute_prefixes={"data-", "aria-"},
                     url_schemes=URL_SCHEMES, link_rel=None, strip_comments=True)
