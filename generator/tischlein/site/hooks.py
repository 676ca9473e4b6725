"""MkDocs hooks of the generated site (build.py writes them into the work mkdocs.yml): run inside `mkdocs build`.

Every page's content passes the sanitiser, and its title — which MkDocs takes from the first heading with the
heading's HTML entities kept — becomes the page's meta title, so Material writes it as it is into <title>
(for a title without meta, its template runs `striptags`, which turns &lt; back into <).
"""
from __future__ import annotations

from typing import Any

from tischlein.site.sanitize import page_html


def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    if page.title is not None and "title" not in page.meta:
        page.meta["title"] = page.title
    return page_html(html)
