"""Build the rules site: generate docs/ from content in a work folder, run `mkdocs build --strict` once per
language, and install each language's part into <out>/site.

The work folder holds:
  mkdocs.yml   INHERITs site/mkdocs.yml; adds docs_dir, site_dir, nav and the translated nav section titles
  overrides/   a copy of site/overrides (theme.custom_dir is resolved relative to the generated config)
  docs/        generated pages (<page>.md, <page>.de.md, ...), assets/ (css, js, pyodide, engine.zip, game JSON),
               downloads/ (PDFs), images/ (card faces)
  site-<lang>/ what that language's `mkdocs build` wrote

The site tree is made of parts, each written by one part of the build and nothing else (so `tischlein build`
runs them as independent tasks, in parallel, and rebuilds one language alone):
  FILES        the files every language shares that come from content and the build (SHARED: downloads, card
               images, Pyodide, engine.zip, game JSON, calculators), copied from docs/ without MkDocs;
  <default>    the default language's pages at the root, with the theme's assets, 404.html, the sitemap of every
               language (site/overrides/sitemap.xml) and its search index;
  <lang>       every other language's pages under /<lang>/, with its own search index;
  OFFLINE      the offline copy's service worker sw.js and its lists (offline.py): last, as it names every file
               of the other parts by its revision.
Each `mkdocs build` is exactly that language's pass of mkdocs-static-i18n's all-language build (hooks.py starts
the plugin on it), with every language configured: the language switcher, alternates and fallbacks are the same.
A part is installed file by file, each atomically and only when its bytes changed (an unchanged file keeps its
modification time), and its files that the new build no longer has are removed.

Only this package knows about MkDocs: content, engine and PDF code do not, so the site layer can move (e.g. to
Zensical, which reads mkdocs.yml) without touching them.

Besides the per-game pages (pages.py) the build plays random games for each game with an engine
(simulation.py; N = $TISCHLEIN_SIM_GAMES, default 100, seeded; results cached in
<out>/.cache/simulation/ keyed by engine source + game data + N), reads translation coverage
(content.status.coverage) for the translator's page, and every PDF in output/pdf/<game>/ for the downloads.
Engines are picked up from the game packages (tischlein.games) at build time: a game whose engine lands gets its replays,
try-it panel and simulation page on the next build, without template changes.

Instant navigation is off (see site/mkdocs.yml). Without it every page is a plain document: the language
switcher keeps the page, pages work on any host and port whatever site_url says, and no hooks file is needed
to quiet mkdocs-static-i18n. The try-it panel boots Pyodide once per page visit, only when asked.
"""
from __future__ import annotations

import copy
import html
import json
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from .. import resources
from ..content.loader import Content, GameContent
from ..files import atomic, new_temporary_folder
from . import assets, cardinfo, compress, images, offline
from .context import ExampleRender
from .pages import SiteWriter



# The languages Material's search (lunr.js) can stem; a language without one is searched without stemming.
SEARCH_LANGUAGES = frozenset("ar da de du en es fi fr hi hu hy it ja kn ko nl no pt ro ru sa sv ta te th tr vi zh"
                             .split())
# The part of the site tree shared by every language (see the module's docstring), and what it holds.
FILES = "files"
SHARED = ("downloads/", "images/", "assets/pyodide/", "assets/engine/", "assets/games/", "assets/js/calc/")
OFFLINE = "offline"       # the offline copy's worker and lists (site/offline.py): read every other part, so last
PAGE_CACHE = Path(".cache") / "site"   # under the output folder: each language's pages as last built (pagecache.py)
                                       # and the compiled page templates


class SiteBuildError(RuntimeError):
    pass


@dataclass
class BuildReport:
    site: Path
    seconds: float = 0.0
    bytes: int = 0
    pages: int = 0
    warnings: list[str] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)      # every file the built parts hold
    downloads: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    offline: offline.OfflineReport | None = None


class _TagTolerantLoader(yaml.SafeLoader):
    """Reads site/mkdocs.yml without resolving MkDocs' !ENV / !relative tags (we only need plain keys)."""


_TagTolerantLoader.add_multi_constructor("!", lambda loader, suffix, node: None)


def base_config(site_src: Path | None = None) -> dict:
    with open((site_src or resources.theme()) / "mkdocs.yml", encoding="utf-8") as f:
        return yaml.load(f, Loader=_TagTolerantLoader)


def build_site(content: Content, out_dir: Path, site_url: str | None = None, *, pdf_root: Path | None = None, keep_work: Path | None = None,
               report: BuildReport | None = None, pyodide: Path | None = None,
               languages: list[str] | None = None, parts: list[str] | None = None) -> Path:
    """Build the site into out_dir/site and return that path.

    `pdf_root` is where output/pdf/ lives (default: out_dir). `keep_work` keeps the generated docs folder there for
    inspection. `pyodide`: the folder of Pyodide's files (default: tischlein.resources.pyodide finds it).
    `languages` (English first) limits the site to those, for a translator's quick preview; default: every language.
    `parts`: build only these parts of the tree (FILES and/or languages; default: all of them, so the whole site).
    """
    started = time.perf_counter()
    out_dir = Path(out_dir)
    report = report if report is not None else BuildReport(out_dir / "site")
    config = base_config()
    languages = list(languages or content.languages)
    parts = list(parts or [FILES] + languages + [OFFLINE])

    work = new_temporary_folder("tischlein-site-") if keep_work is None else Path(keep_work)
    if keep_work is not None and work.exists():
        shutil.rmtree(work)
    try:
        docs = work / "docs"
        docs.mkdir(parents=True)
        theme = resources.theme()
        shutil.copytree(theme / "assets", docs / "assets")
        if (theme / "overrides").is_dir():
            shutil.copytree(theme / "overrides", work / "overrides")
        else:
            (work / "overrides").mkdir()
        shared = FILES in parts          # what only the shared files hold (pages reach them from scripts, not links)
        pages = [lang for lang in languages if lang in parts]
        if shared:
            assets.copy_pyodide(docs / "assets" / "pyodide", pyodide or resources.pyodide(content.root))
            assets.copy_calculators(docs / "assets" / "js" / "calc", content)
        assets.zip_engine(docs / "assets" / "engine" / "engine.zip", assets.browser_modules(content))

        examples: dict[str, list[ExampleRender]] = {}
        payloads: dict[str, dict] = {}
        for game in content.games.values():
            payloads[game.id] = assets.game_payload(game, languages)
            assets.write_game_json(docs / "assets" / "games" / f"{game.id}.json", payloads[game.id])
            examples[game.id] = replay_examples(game, languages[0], pages, report.warnings) if pages else []

        downloads = assets.copy_downloads(content, Path(pdf_root or out_dir), docs, languages, copy=shared)
        report.downloads = {g: [(p, s) for _, _, p, s in d.files] for g, d in downloads.items()}
        card_images = {g.id: {lang: images.card_images(g, Path(pdf_root or out_dir), docs, lang, copy=shared)
                               for lang in languages} for g in content.games.values()}
        for per_lang in card_images.values():       # a language without its own PDF shows the English cards
            for lang in languages:
                per_lang[lang] = per_lang[lang] or per_lang[languages[0]]
        for g in content.games.values():            # what the table shows of a card held up (cardinfo.js)
            for lang in languages:
                cardinfo.write(g, lang, Path(pdf_root or out_dir), docs, copy=shared, fallback_lang=languages[0])

        if pages:
            writer = SiteWriter(content, languages, compiled=out_dir / PAGE_CACHE / "templates")
            writer.engines = engine_games(content)
            writer.payloads = payloads              # the replays' pictures are drawn from what the browser gets
            writer.site_values["simulations"] = simulations(content, writer.engines, report.warnings,
                                                            out_dir / ".cache" / "simulation")
            writer.site_values["coverage"] = _coverage(content, languages)
            writer.site_values["languages"] = languages
            # the panels link the engine and game data of this build by revision: the offline copy caches them by
            # URL (every task writes them into docs/ to know their revision; the FILES part installs them)
            writer.site_values["versions"] = {p: offline.versioned(docs, p) for p in
                                              ["assets/engine/engine.zip", *(f"assets/games/{g}.json" for g in payloads)]}
            writer.site_values["engine_bytes"] = engine_download(
                docs, pyodide or resources.pyodide(content.root), list(payloads), out_dir / PAGE_CACHE / "sent.json")
            nav = writer.write_all(docs, downloads, examples, card_images, only=pages)
            report.pages = sum(1 for _ in docs.rglob("*.md"))
            if languages[0] not in pages:
                _stand_ins(docs, pages)
            _write_config(work, config, nav, content, languages, work / "site")
        target = out_dir / "site"
        target.mkdir(parents=True, exist_ok=True)
        if FILES in parts:
            report.files += install(docs, target, lambda rel: rel.startswith(SHARED))
        for lang in (part for part in parts if part not in (FILES, OFFLINE)):
            tree = work / f"site-{lang}"
            _run_mkdocs(work / "mkdocs.yml", site_url, lang, tree, out_dir / PAGE_CACHE / f"{lang}.json")
            split_search_index(tree, languages, only=lang)
            report.files += install(tree, target, _owned_by(lang, languages))
        if OFFLINE in parts:
            report.offline = offline.write(target, languages, list(content.games), resources.workbox(content.root))
            report.files += [target / rel for rel in report.offline.files]
    finally:
        if keep_work is None:
            shutil.rmtree(work, ignore_errors=True)
    report.site = target
    report.seconds = time.perf_counter() - started
    report.bytes = sum(f.stat().st_size for f in report.files)
    return target


def engine_download(docs: Path, pyodide: Path, games: list[str], cache: Path) -> dict[str, int]:
    """Per game, the bytes a panel's first start downloads, as the server sends them (compressed where that
    pays): the engine's worker, Pyodide, the engine zip and the game's data. The panels say it."""
    common = [docs / "assets" / "js" / "engine-worker.mjs", docs / "assets" / "engine" / "engine.zip",
              *(pyodide / name for name in resources.PYODIDE_FILES)]
    shared = compress.sent_bytes(common, cache)
    return {game: shared + compress.sent_bytes([docs / "assets" / "games" / f"{game}.json"], cache)
            for game in games}


def _owned_by(lang: str, languages: list[str]):
    """Which files of the site tree (paths relative to it) the part of `lang` writes."""
    if lang != languages[0]:
        return lambda rel: rel.startswith(f"{lang}/")
    others = tuple(f"{other}/" for other in languages[1:])
    return lambda rel: not rel.startswith(SHARED + offline.OWNED + others)


def install(tree: Path, target: Path, owned) -> list[Path]:
    """Copy the files of `tree` that `owned(relative path)` into `target`, each atomically and only when its
    bytes changed (an unchanged file keeps its modification time: after a one-string fix only the pages that
    show it look changed, to `rsync`, a deploy, a browser cache), with its compressed copy where one pays
    (compress.py); remove the owned files of `target` that `tree` no longer has. The other parts' files are left
    alone: they may be being written at the same time."""
    wanted = {}
    for folder, _, names in os.walk(tree):
        for name in names:
            rel = (Path(folder) / name).relative_to(tree).as_posix()
            if owned(rel):
                wanted[rel] = Path(folder) / name
    kept = set(wanted)
    for rel, src in sorted(wanted.items()):
        dest = target / rel
        same = dest.is_file() and not dest.is_symlink() and dest.stat().st_size == src.stat().st_size \
            and _same_bytes(src, dest)
        copy = compress.copy_of(dest)
        packs = compress.wanted(rel, src.stat().st_size) and rel + compress.SUFFIX not in wanted
        if packs:
            # an unchanged original with its copy is not compressed again; a copy older than its original (a
            # build stopped between the two, a hand-edited page) is stale: the server sends the original instead
            if not (same and compress.current(dest)):
                compress.write_copy(src, copy)
                if same and copy.is_file():
                    compress.date_like(copy, dest)
            if copy.is_file():
                kept.add(rel + compress.SUFFIX)
        if same:
            continue
        dest.parent.mkdir(parents=True, exist_ok=True)
        with atomic(dest) as tmp:
            shutil.copyfile(src, tmp)
        if packs and copy.is_file():
            compress.date_like(copy, dest)
    for folder, _, names in os.walk(target):
        for name in names:
            rel = (Path(folder) / name).relative_to(target).as_posix()
            if owned(rel) and rel not in kept and not name.endswith(".tmp"):
                (Path(folder) / name).unlink(missing_ok=True)
    return [target / rel for rel in sorted(kept)]


def _same_bytes(a: Path, b: Path, chunk: int = 1 << 20) -> bool:
    with open(a, "rb") as fa, open(b, "rb") as fb:
        while True:
            x, y = fa.read(chunk), fb.read(chunk)
            if x != y:
                return False
            if not x:
                return True


def engine_games(content: Content) -> set[str]:
    """Ids of the games whose game package has a rules engine."""
    from .. import games
    return {gid for gid in content.games if games.spec(gid).engine_class is not None}


def simulations(content: Content, engines: set[str], warnings: list[str], cache: Path | None = None,
                paths: dict | None = None) -> dict:
    """Random playouts per game with an engine (N = $TISCHLEIN_SIM_GAMES, default 100; 0 = none), kept in
    `cache` (default <out>/.cache/simulation) between builds: seeded playouts give the same statistics.
    `paths` receives the cache file of each game (tischlein build plays them as tasks of their own)."""
    from . import simulation
    n = int(os.environ.get("TISCHLEIN_SIM_GAMES", simulation.DEFAULT_GAMES))
    out = {}
    if n <= 0:
        return out
    from .. import games
    for gid in sorted(engines):
        game = content.games[gid]
        try:
            data = game.model.engine_data()
            players = simulation.player_range(game.model)
            engine = games.spec(gid).engine_class(data)
            stats = (simulation.cached_run(cache, [gid], engine, players, n) if cache
                     else simulation.run(engine, players, n))
            if paths is not None and cache:
                paths[gid] = simulation.cache_path(cache, [gid], engine, players, n)
        except Exception as exc:      # never fail the site for a simulation
            warnings.append(f"{gid}: simulation failed: {type(exc).__name__}: {exc}")
            continue
        if stats.failures:
            warnings.append(f"{gid}: simulation: {len(stats.failures)} random game(s) failed, e.g. "
                            f"{stats.failures[0]}")
        out[gid] = stats
    return out


def _coverage(content: Content, languages: list[str]) -> list:
    from ..content.status import coverage
    return coverage(content, [lang for lang in languages if lang != "en"])


def _stand_ins(docs: Path, languages: list[str]) -> None:
    """A language's build has mkdocs-static-i18n find each of its pages through the default language's file of
    that page (`x.md` beside `x.de.md`), which only its own pass would render: that file need only exist."""
    for lang in languages:
        for page in docs.rglob(f"*.{lang}.md"):
            page.with_name(page.name[: -len(f".{lang}.md")] + ".md").write_text(
                "<!-- the default language's page is built by its own task -->\n", encoding="utf-8")


def replay_examples(game: GameContent, default: str, languages: list[str],
                    warnings: list[str]) -> list[ExampleRender]:
    """Replay each example in `languages` (the engine's messages are translated; the moves are the same); a
    message missing in a language is the `default` language's."""
    from .. import games
    from ..engine import replay

    engine_class = games.spec(game.id).engine_class
    if engine_class is None:
        return []
    engine = engine_class(game.model.engine_data())
    english = game.engine_messages(default)
    renders = []
    for example in game.examples:
        render = ExampleRender({k: v for k, v in example.items() if not k.startswith("_")})
        render.results = {lang: replay.run(engine, render.example, game.engine_messages(lang), english)
                          for lang in languages}
        if not render.results[languages[0]]["ok"]:       # the same moves in every language
            warnings.append(f"{game.id}/{render.example['id']}: the replay does not give the expected result")
        renders.append(render)
    return renders


def _i18n_languages(content: Content, languages: list[str]) -> list[dict]:
    """The languages as mkdocs-static-i18n's config lists them: what every language's build knows of them all."""
    def text(key: str, lang: str) -> str:
        # content is untrusted, and Material prints these unescaped, in text and in attributes (the logo's
        # aria-label): quotes too, or a translated site name ends the attribute
        return html.escape(content.ui.text(f"ui:{key}", lang))

    return [{"locale": lang, "name": html.escape(content.language_name(lang)), "default": lang == languages[0],
             "build": True, "site_name": text("site.name", lang),
             "nav_translations": {"Examples": text("site.examples", lang)},
             **({} if _material_knows(lang) else {"theme": {"language": "en"}})}
            for lang in languages]


def language_facts(content: Content) -> str:
    """What one language's pages show of the other languages: their entries in the i18n config (names, site
    names) and the translation coverage of the translator's page. With a language's own content files and the
    code, this is all its pages read (the incremental build hashes it for each language's task)."""
    from dataclasses import asdict
    return json.dumps({"languages": _i18n_languages(content, content.languages),
                       "coverage": [asdict(c) for c in _coverage(content, content.languages)]},
                      sort_keys=True, ensure_ascii=False, default=str)


def _write_config(work: Path, config: dict, nav: list, content: Content, languages: list[str],
                  site_dir: Path) -> None:
    def text(key: str, lang: str) -> str:
        return html.escape(content.ui.text(f"ui:{key}", lang))        # see _i18n_languages

    plugins = copy.deepcopy(config.get("plugins", []))
    for plugin in plugins:
        if isinstance(plugin, dict) and "i18n" in plugin:
            plugin["i18n"]["languages"] = _i18n_languages(content, languages)
        if isinstance(plugin, dict) and "search" in plugin:
            plugin["search"]["lang"] = [lang for lang in languages if lang in SEARCH_LANGUAGES] or ["en"]

    generated = {
        "INHERIT": str(resources.theme() / "mkdocs.yml"),
        "site_name": text("site.name", languages[0]),
        "site_description": text("site.description", languages[0]),
        "docs_dir": "docs",
        "site_dir": site_dir.name,          # beside this file; relative, so the file is the same in every build
        "nav": nav,
        "plugins": plugins,
        "hooks": [str(Path(__file__).resolve().parent / "hooks.py")],
    }
    (work / "mkdocs.yml").write_text("# generated by `tischlein site`; edit site/mkdocs.yml instead\n"
                                     + yaml.safe_dump(generated, allow_unicode=True, sort_keys=False),
                                     encoding="utf-8")


def split_search_index(site_dir: Path, languages: list[str], only: str | None = None) -> None:
    """One search index per language: the root one keeps the default language's pages, /<lang>/search/ gets
    that language's, with locations relative to /<lang>/ (hooks.py points each language's pages there), so a
    search finds only pages in the reader's language. `only`: write that language's index alone (a build of
    one language has only its own pages in the index MkDocs wrote)."""
    root = site_dir / "search" / "search_index.json"
    index = json.loads(root.read_text(encoding="utf-8"))
    others = languages[1:]
    by_lang: dict[str, list] = {lang: [] for lang in languages}
    for doc in index["docs"]:
        lang = next((x for x in others if doc["location"].startswith(f"{x}/")), languages[0])
        if lang != languages[0]:
            doc = {**doc, "location": doc["location"][len(lang) + 1:]}
        by_lang[lang].append(doc)
    for lang, docs in by_lang.items():
        if only is not None and lang != only:
            continue
        target = root if lang == languages[0] else site_dir / lang / "search" / "search_index.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        config = {**index["config"], "lang": [lang if lang in SEARCH_LANGUAGES else "en"]}
        target.write_text(json.dumps({"config": config, "docs": docs}, ensure_ascii=False, separators=(",", ":")),
                          encoding="utf-8")


def _material_knows(lang: str) -> bool:
    """Whether Material has its own interface strings for `lang`; a language it lacks (a translator's new
    one) gets Material's English ones, while every page text still comes from our content."""
    import material
    return (Path(material.__file__).parent / "templates" / "partials" / "languages" / f"{lang}.html").is_file()


def _run_mkdocs(config_file: Path, site_url: str | None, lang: str, site_dir: Path, cache: Path) -> None:
    """`mkdocs build` of one language into site_dir (hooks.py reads the language from the environment), taking
    the pages whose Markdown did not change from `cache` (pagecache.py), which it then updates."""
    from .hooks import LANGUAGE
    from .pagecache import CACHE, NEXT
    # a fixed build date: MkDocs stamps it into sitemap.xml.gz, and two builds of the same content must not differ
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", SOURCE_DATE_EPOCH="315532800",
               **{LANGUAGE: lang, CACHE: str(cache.resolve())})
    if site_url:
        env["SITE_URL"] = site_url
    # not -q: MkDocs then drops warnings before --strict counts them, and a build with warnings passes
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--clean",
                           "-f", str(config_file), "-d", str(site_dir)], cwd=config_file.parent, env=env,
                          capture_output=True, text=True)
    written = cache.with_name(cache.name + NEXT)
    if proc.returncode == 0 and written.is_file():
        os.replace(written, cache)
    else:                         # a failed build's pages are not taken again: they may hold what failed it
        written.unlink(missing_ok=True)
    if proc.returncode != 0:
        log = "\n".join(line for line in (proc.stdout + proc.stderr).splitlines()
                        if "WARNING" in line or "ERROR" in line or "Error" in line) or proc.stderr[-4000:]
        raise SiteBuildError(f"mkdocs build --strict failed:\n{log}")


def describe(report: BuildReport) -> str:
    return json.dumps({"site": str(report.site), "seconds": round(report.seconds, 2), "bytes": report.bytes,
                       "pages": report.pages}, indent=None)
