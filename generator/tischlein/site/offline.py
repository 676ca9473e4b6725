"""The site's offline copy: what the service worker (site/offline/sw.js, on Workbox) may cache, written by the
build after `mkdocs build` because only the built files have their final bytes.

The service worker is <site>/sw.js: at the site's root, so its default scope is the whole site under any sub-path
(no Service-Worker-Allowed header needed). It is this module's manifest (TL_OFFLINE, prepended as one line of
JSON) followed by sw.js. The manifest holds:
  files  every file the worker may cache, site-relative ("mahlzeit/rules/" for a page), with its revision: the
         first 16 hex digits of the SHA-256 of its bytes. The worker stores each under path + revision and checks
         a response's bytes against it before storing, so its cache only ever holds this build's files;
  sets   per language and game ("de/mahlzeit"), what a visit to one of the game's pages caches: every page of
         the game, the language's home page, the images those pages show, the shared CSS/JS, and the slice of
         the search index with the game's pages; "de/" is the set of a page outside any game;
  search per language, the search index's config: offline, the worker answers the search index request with
         the slices it holds (search finds what opens offline), or an empty index;
  build  a hash of all the above: a new build changes sw.js, and the browser installs the new worker.
Pyodide, the engine zip and the games' data are in `files` but in no set: the worker caches them when a panel
first asks for them (most visitors never open one). The engine zip and game data are linked with ?v=<revision>
(site.panels), so a page asks for the exact engine it was built with.
"""
from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from .. import resources
from ..files import atomic
from . import compress

# The shared files of every page: Material's and ours. Not the .map files (only developer tools read them).
SHARED = ("assets/stylesheets/*.css", "assets/javascripts/bundle.*.js", "assets/javascripts/workers/*.js",
          "assets/css/**/*.css", "assets/js/**/*.js", "assets/js/**/*.mjs", "assets/images/*", "assets/fonts/**/*")
LUNR = "assets/javascripts/lunr/min/lunr.{}.min.js"      # the search's stemmer of a language other than English
ENGINE = ("assets/pyodide/*", "assets/engine/*", "assets/games/*.json",
          "assets/games/cards/*.json")     # the tables' card files: a card held up offline shows its words
IMAGE = re.compile(r'\b(?:src|href)="([^"#?]+\.(?:png|jpe?g|svg|webp|gif))"', re.I)
SEARCH_SLICE = "assets/offline/search/{lang}/{game}.json"
WORKER_SOURCE = "offline/sw.js"            # in the theme (not among the assets every page gets): the site has it
                                           # at its root, with the manifest
OWNED = ("sw.js", "assets/workbox/", "assets/offline/")     # what this module writes into the site, and nothing else


@dataclass
class OfflineReport:
    """Bytes a visit caches per (language, game), and what a panel's first use adds (Pyodide and the engine)."""
    sets: dict[str, int] = field(default_factory=dict)
    engine: int = 0
    build: str = ""
    files: list[str] = field(default_factory=list)        # what it wrote or found unchanged, site-relative


def _put(path: Path, data: bytes, site: Path, report: OfflineReport) -> None:
    """Write `data` to `path` atomically, unless it holds those bytes already (a rebuild then leaves its time),
    and its compressed copy where one pays (compress.py)."""
    if not (path.is_file() and path.read_bytes() == data):
        with atomic(path) as tmp:
            tmp.write_bytes(data)
    report.files.append(path.relative_to(site).as_posix())
    copy = compress.write_copy(path)
    if copy is not None:
        if not compress.current(path):          # same bytes as an older copy: it is this file's copy
            compress.date_like(copy, path)
        report.files.append(copy.relative_to(site).as_posix())


def revision(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def versioned(docs: Path, path: str) -> str:
    """`path` (a file under docs/) with ?v=<its revision>: a URL that names one build's bytes."""
    return f"{path}?v={revision(docs / path)}"


def copy_workbox(site: Path, source: Path | None, report: OfflineReport) -> None:
    """Workbox's runtime (loader, core, routing, strategies) into assets/workbox/, from node_modules."""
    source = source or resources.workbox()
    for relative in resources.WORKBOX_FILES:
        for name in (relative, relative + ".map"):
            if (source / name).is_file():
                _put(site / "assets" / "workbox" / Path(name).name, (source / name).read_bytes(), site, report)


def page_path(site: Path, html: Path) -> str:
    """The URL path of a built page, relative to the site root: "mahlzeit/rules/", "" for the home page."""
    parent = html.parent.relative_to(site).as_posix()
    return "" if parent == "." else parent + "/"


def _glob(site: Path, patterns) -> list[Path]:
    """The files matching `patterns`, without the compressed copies (the browser asks for the file itself)."""
    return sorted({p for pattern in patterns for p in site.glob(pattern)
                   if p.is_file() and not p.name.endswith(compress.SUFFIX)})


def _images(site: Path, page: Path) -> set[Path]:
    """The site's images a page shows or links (the card lightbox), as files of the site."""
    found = set()
    for ref in IMAGE.findall(page.read_text(encoding="utf-8")):
        target = (page.parent / ref).resolve()
        if target.is_file() and site.resolve() in target.parents:
            found.add(target)
    return found


def _search_slices(site: Path, languages: list[str], games: list[str], report: OfflineReport) -> dict[str, dict]:
    """Per language, the search index's config; writes each game's slice of the language's index."""
    configs = {}
    for lang in languages:
        prefix = "" if lang == languages[0] else f"{lang}/"
        index = json.loads((site / prefix / "search" / "search_index.json").read_text(encoding="utf-8"))
        configs[lang] = index["config"]
        for game in games:
            docs = [d for d in index["docs"] if d["location"].split("#")[0].split("/")[0] == game]
            _put(site / SEARCH_SLICE.format(lang=lang, game=game),
                 json.dumps({"config": index["config"], "docs": docs}, ensure_ascii=False,
                            separators=(",", ":")).encode("utf-8"), site, report)
    return configs


def write(site: Path, languages: list[str], games: list[str], workbox: Path | None = None) -> OfflineReport:
    """Copy Workbox, write the search slices and <site>/sw.js (the manifest and the worker) into a built site
    (every other part of it installed). Run again after a file of the site changed, it gives that file a new
    revision (what a rebuild does); a file whose bytes stay is not rewritten."""
    site = Path(site)
    report = OfflineReport()
    copy_workbox(site, workbox, report)
    worker = (resources.theme() / WORKER_SOURCE).read_text(encoding="utf-8")
    search = _search_slices(site, languages, games, report)
    root = site.resolve()

    def rel(p: Path) -> str:
        p = p.resolve()
        return page_path(root, p) if p.name == "index.html" else p.relative_to(root).as_posix()

    files: dict[str, Path] = {}
    sets: dict[str, list[str]] = {}
    for lang in languages:
        prefix = "" if lang == languages[0] else f"{lang}/"
        shared = _glob(site, SHARED) + _glob(site, [LUNR.format("stemmer.support"), LUNR.format(lang)]
                                             if lang != "en" else [])
        home = site / prefix / "index.html"
        sets[f"{lang}/"] = [rel(p) for p in [home, *shared]]
        for game in games:
            pages = sorted((site / prefix / game).rglob("index.html"))
            images = sorted({img for page in pages for img in _images(site, page)})
            slice_ = site / SEARCH_SLICE.format(lang=lang, game=game)
            sets[f"{lang}/{game}"] = [rel(p) for p in [home, *pages, *images, *shared, slice_]]
            files.update({rel(p): p for p in [*pages, *images, slice_]})
        files.update({rel(p): p for p in [home, *shared]})
    engine = _glob(site, ENGINE)
    files.update({rel(p): p for p in engine})

    revisions = {path: revision(p) for path, p in sorted(files.items())}
    manifest = {"files": revisions, "sets": sets, "search": search, "languages": languages, "games": games}
    build = hashlib.sha256(json.dumps(manifest, sort_keys=True).encode()).hexdigest()[:16]
    manifest["build"] = build
    _put(site / "sw.js", ("const TL_OFFLINE = " + json.dumps(manifest, ensure_ascii=False, separators=(",", ":"))
                          + ";\n" + worker).encode("utf-8"), site, report)
    sizes = {path: p.stat().st_size for path, p in files.items()}
    report.sets = {key: sum(sizes[p] for p in paths) for key, paths in sets.items() if not key.endswith("/")}
    report.engine = sum(p.stat().st_size for p in engine if "games" not in p.parts)
    report.build = build
    kept = set(report.files)
    for folder in OWNED[1:]:                       # what an earlier build wrote and this one no longer does
        for old in (site / folder).rglob("*"):
            if old.is_file() and old.relative_to(site).as_posix() not in kept:
                old.unlink()
    return report


def describe(report: OfflineReport) -> str:
    """One line per language: the bytes a visit to each game caches, and what a panel's first use adds."""
    by_lang: dict[str, list[str]] = {}
    for key, size in sorted(report.sets.items()):
        lang, game = key.split("/", 1)
        by_lang.setdefault(lang, []).append(f"{game} {size / 1024:.0f} KiB")
    lines = [f"offline {lang}: " + ", ".join(cells) for lang, cells in by_lang.items()]
    return "\n".join(lines + [f"offline: a panel's first use adds {report.engine / 1024 / 1024:.1f} MiB "
                              f"(Pyodide and the engine zip) plus the game's data"])
