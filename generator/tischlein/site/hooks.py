"""MkDocs hooks of the generated site (build.py writes them into the work mkdocs.yml): run inside `mkdocs build`.

Every page's content passes the sanitiser, and its title — which MkDocs takes from the first heading with the
heading's HTML entities kept — becomes the page's meta title, so Material writes it as it is into <title>
(for a title without meta, its template runs `striptags`, which turns &lt; back into <).

Search in the reader's language: mkdocs-static-i18n builds each language into /<lang>/ but one search index at
the root, so a German reader's search found English and Portuguese pages too. build.py splits the index into
one per language (/<lang>/search/search_index.json); here the pages of a language get that language's root as
Material's `base` (the only thing Material derives from it on our pages: where the index is and how result
links resolve, which are relative to that index's root).

Search excerpts that read as sentences: Material's search plugin indexes `page.content` in its on_page_context.
Just before it, the page's content is swapped for searchtext.search_html's copy (cells and blocks separated, a
table row said with its headings); just after, the page gets its own HTML back for its template.
"""
from __future__ import annotations

import html
import json
import os
import re
from typing import Any

from mkdocs.plugins import CombinedEvent, event_priority

from tischlein.site import pagecache
from tischlein.site.sanitize import page_html
from tischlein.site.searchtext import search_html

_SUMMARY = re.compile(r"<summary\b[^>]*>.*?</summary>", re.S)
_HEADERLINK = re.compile(r'<a class="headerlink"[^>]*>.*?</a>', re.S)
_CONFIG = re.compile(r'(<script id="__config" type="application/json">)(.*?)(</script>)', re.S)


# set by build.py: the one language this `mkdocs build` builds (tischlein build runs one task per language)
LANGUAGE = "TISCHLEIN_SITE_LANGUAGE"


def on_config(config: Any) -> Any:
    """Build only $TISCHLEIN_SITE_LANGUAGE: mkdocs-static-i18n builds its default language and then, from its
    on_post_build, every other one in turn. Set to one language before the plugin's own on_config (priority
    -100, after this hook), the build is exactly that language's pass of the all-language build, with every
    language still configured (language switcher, alternates, fallbacks); `building` keeps it from looping."""
    only = os.environ.get(LANGUAGE)
    i18n = config.plugins.get("i18n")
    if only and i18n is not None:
        i18n.current_language = only
        i18n.building = True
    pagecache.install()
    return config


def on_post_build(config: Any) -> None:
    pagecache.save()


def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    if page.title is not None and "title" not in page.meta:
        page.meta["title"] = page.title
    # a step's heading is its <summary>, which is the control that opens it: a permalink inside would be a
    # control in a control (axe: nested-interactive); the step links and the address bar give the link
    html = _SUMMARY.sub(lambda m: _HEADERLINK.sub("", m.group(0)), html)
    return page_html(html)


_SEARCH_ATTR = re.compile(r'\s?data-search-\w+="[^"]+"')     # what the search plugin strips from the page


@event_priority(90)                 # before the search plugin (0)
def _search_copy(context: Any, page: Any, config: Any, nav: Any) -> Any:
    page._tl_own_content = page.content
    if page.content is not None:
        page.content = search_html(page.content)
    return context


@event_priority(-90)                # after it
def _own_content(context: Any, page: Any, config: Any, nav: Any) -> Any:
    own = getattr(page, "_tl_own_content", None)
    if own is not None:
        page.content = _SEARCH_ATTR.sub("", own)
    return context


on_page_context = CombinedEvent(_search_copy, _own_content)


# A nav section with its own index page (navigation.indexes): Material names the section's <nav> and its toggle
# by a <label> that holds only an icon, so both have no name, and two such navs on one page are two landmarks
# alike (axe: landmark-unique). The label gets the section's title, which the link beside it shows, as text only
# screen readers read (a label may not carry aria-label).
_SECTION = re.compile(r'(<div class="md-nav__link md-nav__container">\s*<a [^>]*>)(.*?)'
                      r'(</a>\s*<label class="md-nav__link[^"]*" for="[^"]*" id="[^"]*_label"[^>]*>)', re.S)
_TAG = re.compile(r"<[^>]*>")


def _name_sections(output: str) -> str:
    def name(m: re.Match) -> str:
        title = html.escape(" ".join(html.unescape(_TAG.sub(" ", m.group(2))).split()))
        return f'{m.group(1)}{m.group(2)}{m.group(3)}<span class="md-visually-hidden">{title}</span>'
    return _SECTION.sub(name, output)


def on_post_page(output: str, page: Any, config: Any) -> str:
    output = _name_sections(output)
    i18n = config.plugins.get("i18n")
    if i18n is None or getattr(i18n, "is_default_language_build", True):
        return output
    lang = i18n.current_language

    def rebase(m: re.Match) -> str:
        data = json.loads(m.group(2))
        data["base"] = f"{data['base'].rstrip('/')}/{lang}/"      # a folder: URLs resolve inside it
        return m.group(1) + json.dumps(data, ensure_ascii=False) + m.group(3)
    return _CONFIG.sub(rebase, output, count=1)
