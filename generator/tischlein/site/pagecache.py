"""Pages that did not change are not rendered again: each language's `mkdocs build` keeps what it made of every
page (runs inside MkDocs, installed by hooks.py when build.py names a cache file in $TISCHLEIN_SITE_CACHE).

A translator's one-string fix changes the Markdown of a few pages, yet MkDocs renders every page of the language
again (about 10 s for one language here: Markdown 50 %, search indexing 26 %, templates 11 %). Its own `--dirty`
mode goes by file times, names every page it did not read "None" in the nav, keeps only the rebuilt pages in the
search index, and warns, which `--strict` turns into a failure.

Here a page is taken from the cache when its Markdown and everything all pages share are what they were: the
generated mkdocs.yml (nav, languages, plugins), the list of files (links resolve against it), the theme's
templates, the site's address, this code and the versions of MkDocs, its plugins and the sanitiser. Its
content, table of contents, title, anchors and links are restored before any page is laid out, so the nav, the
footer's neighbours and the anchor check see every page as a full build does; its search entries go into the
index in the page's place, so the index is the full build's too. When any page's title or metadata changed,
every page is laid out again (each one shows the nav), from its cached content. The cache is written beside
the one it replaces and build.py keeps it only when the build passed (`--strict` fails after the last plugin
has run).

This relies on two functions of MkDocs 1.6's build (`_populate_page`, `_build_page`): pyproject.toml pins
MkDocs to 1.6.x, and a test compares an incremental build with a full one byte for byte.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
from importlib import metadata
from pathlib import Path
from typing import Any

import yaml

CACHE = "TISCHLEIN_SITE_CACHE"      # the cache file of this language's build (build.py sets it)
NEXT = ".next"                      # what this build writes beside it; build.py renames it when the build passed
# what a page's rendering runs besides our code; nh3 is the sanitiser (sanitize.py): a fix there must reach every page
_PACKAGES = ("mkdocs", "mkdocs-material", "mkdocs-static-i18n", "markdown", "pymdown-extensions", "nh3")
_CODE = ("hooks.py", "pagecache.py", "sanitize.py", "searchtext.py")


class PageCache:
    def __init__(self, path: Path):
        self.path = path
        try:
            old = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            old = {}
        self.old = old if isinstance(old, dict) else {}
        self.old_pages: dict[str, dict] = {}   # the last build's, once its shared digest is found to be this one's
        self.old_layout = None
        self.pages: dict[str, dict] = {}       # this build's, by source path
        self.shared: str | None = None         # the digest of what every page shares
        self.layout_kept: bool | None = None   # every page's title and metadata as last time
        self.doc_files: Any = None
        self.rendered: list[str] = []          # the pages whose Markdown this build rendered

    # -- MkDocs' two steps, wrapped ------------------------------------------------------------------------------
    def populate(self, page: Any, config: Any, files: Any, dirty: bool = False) -> None:
        if self.shared is None:
            self.shared = _shared_digest(config, files)
            if self.old.get("shared") == self.shared:      # else nothing of it can be taken (nor read safely)
                self.old_pages, self.old_layout = self.old["pages"], self.old["layout"]
        key = hashlib.sha256(self.shared.encode() + page.file.content_bytes).hexdigest()
        old = self.old_pages.get(page.file.src_uri)
        if old is not None and old["key"] == key:
            page.read_source(config)            # the title needs the Markdown; the rest is what rendering made
            page.meta = _plain(old["meta"])     # a copy: what the build does to the page's meta stays out of it
            page.content = old["content"]
            page.toc = _toc(old["toc"])
            page._title_from_render = old["title"]
            page.present_anchor_ids = set(old["anchors"])
            links = old["links"]
            page.links_to_anchors = None if links is None else {
                files.get_file_from_path(uri): anchors for uri, anchors in links.items()}
            self.pages[page.file.src_uri] = dict(old)
            return
        _ORIGINAL["populate"](page, config, files, dirty)
        self.rendered.append(page.file.src_uri)
        try:
            meta = _plain(page.meta)
        except (TypeError, ValueError):      # front matter JSON cannot hold: render the page every time
            key, meta = None, {}
        self.pages[page.file.src_uri] = {
            "key": key, "meta": meta, "content": page.content, "toc": _tokens(page.toc),
            "title": page._title_from_render, "anchors": sorted(page.present_anchor_ids or ()),
            "links": None if page.links_to_anchors is None else {
                f.src_uri: anchors for f, anchors in page.links_to_anchors.items()},
            "html": None, "search": None}

    def build(self, page: Any, config: Any, doc_files: Any, nav: Any, env: Any, dirty: bool = False,
              excluded: bool = False) -> None:
        if self.layout_kept is None:
            self.doc_files = doc_files
            self.layout_kept = self.old_layout == _layout(doc_files)
        record = self.pages[page.file.src_uri]
        search = _search_index(config)
        if self.layout_kept and record["html"] is not None and not excluded:
            dest = Path(page.file.abs_dest_path)
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_bytes(record["html"].encode("utf-8"))
            if search is not None:
                search.entries.extend(record["search"])
            return
        before = len(search.entries) if search is not None else 0
        _ORIGINAL["build"](page, config, doc_files, nav, env, dirty, excluded)
        dest = Path(page.file.abs_dest_path)
        record["html"] = dest.read_text(encoding="utf-8") if dest.is_file() and not excluded else None
        record["search"] = search.entries[before:] if search is not None else []

    def save(self) -> None:
        """Write this build's cache beside the last one (build.py keeps it only if the build passed)."""
        data = {"shared": self.shared, "layout": _layout(self.doc_files or []), "rendered": self.rendered,
                "pages": self.pages}
        next_path = self.path.with_name(self.path.name + NEXT)
        next_path.parent.mkdir(parents=True, exist_ok=True)
        next_path.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


_ORIGINAL: dict = {}
_ACTIVE: list[PageCache] = []


def install() -> PageCache | None:
    """Wrap MkDocs' page steps when build.py asked for a cache (hooks.py calls this from on_config)."""
    path = os.environ.get(CACHE)
    if not path:
        return None
    from mkdocs.commands import build as mkdocs_build
    cache = PageCache(Path(path))
    _ACTIVE[:] = [cache]
    _ORIGINAL.setdefault("populate", mkdocs_build._populate_page)
    _ORIGINAL.setdefault("build", mkdocs_build._build_page)
    mkdocs_build._populate_page = cache.populate
    mkdocs_build._build_page = cache.build
    return cache


def save() -> None:
    if _ACTIVE:
        _ACTIVE[0].save()


def _search_index(config: Any) -> Any:
    plugin = config.plugins.get("material/search") or config.plugins.get("search")
    return getattr(plugin, "search_index", None)


def _toc(tokens: list[dict]) -> Any:
    from mkdocs.structure.toc import get_toc
    return get_toc(tokens)


def _tokens(toc: Any) -> list[dict]:
    return [{"level": a.level, "id": a.id, "name": a.title, "children": _tokens(a.children)} for a in toc]


def _layout(doc_files: Any) -> str:
    """What every page shows of every other one: titles (the nav, the footer) and metadata, in nav order."""
    return json.dumps([[f.src_uri, f.page.title, f.page.meta] for f in doc_files if f.page is not None],
                      ensure_ascii=False, default=repr)


def _plain(value: Any) -> Any:
    """`value` as the cache file will give it back (a copy: later steps of the build may change the original)."""
    return json.loads(json.dumps(value, ensure_ascii=False))


def _shared_digest(config: Any, files: Any) -> str:
    h = hashlib.sha256()
    generated = Path(config.config_file_path).read_bytes()
    h.update(generated)
    inherit = re.search(rb"^INHERIT: *(.+)$", generated, re.M)       # the theme's mkdocs.yml
    if inherit:
        h.update(Path(yaml.safe_load(inherit.group(1))).read_bytes())
    h.update(json.dumps([config.site_url, os.environ.get("TISCHLEIN_SITE_LANGUAGE"),
                         [metadata.version(p) for p in _PACKAGES], sorted(files.src_uris)]).encode())
    here = Path(__file__).resolve().parent
    for name in _CODE:
        h.update((here / name).read_bytes())
    custom = config.theme.custom_dir
    for root, _, names in sorted(os.walk(custom)) if custom else ():
        for name in sorted(names):
            h.update(name.encode() + Path(root, name).read_bytes())
    return h.hexdigest()
