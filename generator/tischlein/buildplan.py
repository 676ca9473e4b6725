"""`tischlein build` as independent tasks, one per
- (game, language, paper): the print-and-play PDF variants and tuck boxes; and the rules PDFs (booklet, its
  ink-saver version, plain rules, quick reference);
- (game, language): the previews, with that language's print-shop and Tabletop Simulator zips;
- game with a rules engine: the site's random playouts;
- and the site, which reads them all (so it runs last), as one task per language (its pages under /<lang>/, the
  default language's at the root) and one for the files every language shares (downloads, card images, Pyodide,
  the engine, game data): site/build.py has the parts of the site tree. A language's task reads that
  language's content and, of the others, only what its pages show of them (language names, translation
  coverage, the downloads' names and sizes), so a German string edit rebuilds the German pages alone;
- and, after the site's tasks, the offline copy's service worker and lists (site/offline.py), which name every
  file of the built site by its revision.

- **Parallel:** tasks run on a pool of forked worker processes (tischlein.workers; the loaded content is
  inherited, not reloaded). Each task writes only its own files, each atomically, so the bytes do not depend on
  the order or the number of workers. A task's error, a worker's death, SIGTERM or Ctrl-C stops every worker
  (and a worker whose parent dies gets SIGTERM too); each unwinds its temporary files, and nothing half-written
  is left.
- **Incremental:** each task's inputs (the content files it reads, the code, its options) hash to one digest; a
  manifest per task (<out>/.cache/build/<task>.json) records it with the hash of every file the task wrote. A
  task whose digest is unchanged and whose outputs are still there, unmodified, is skipped. What a task wrote
  last time and no longer writes is removed (`run`), so an incremental build's tree is a clean build's.
- **Sharded:** `shard(tasks, i, n)` splits the tasks deterministically; shards write disjoint files and
  manifests, so a CI matrix can merge their output folders and a last `tischlein build` only builds the site.
"""
from __future__ import annotations

import ctypes
import hashlib
import json
import os
import shutil
import signal
import time
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from stat import S_ISREG
from typing import Callable

from . import games, resources, workers
from .content.i18n import SOURCE_LANGUAGE
from .files import note_stop, remove_empty_folders, remove_orphans, stop_if_asked, write_text

PACKAGE = Path(__file__).resolve().parent              # generator/tischlein
MANIFESTS = Path(".cache") / "build"
SIMULATIONS = Path(".cache") / "simulation"        # the site's playout statistics (site/simulation.py)
# Libraries whose version changes what a task writes.
# Babel: the PDFs' texts write their numbers as the reader's language does (tischlein.locale).
LIBRARIES = {"pdf": ("reportlab", "pypdfium2", "pillow", "babel"), "rules": ("reportlab", "pyphen", "babel"),
             "previews": ("reportlab", "pypdfium2", "pillow", "babel"),
             "simulation": (),
             "site": ("mkdocs", "mkdocs-material", "mkdocs-static-i18n", "babel", "jinja2", "nh3", "pypdfium2"),
             "offline": ()}


LONGEST_FIRST = ("previews", "simulation", "rules", "pdf", "site", "offline")


class BuildError(RuntimeError):
    pass


@dataclass(frozen=True, order=True)
class Task:
    kind: str                     # "pdf", "rules", "previews", "simulation", "site" or "offline"
    game: str = ""
    lang: str = ""                # a site task's language; "" for the site's shared files
    paper: str = ""

    @property
    def key(self) -> str:
        return "/".join(part for part in (self.kind, self.game, self.lang, self.paper) if part)


@dataclass
class Result:
    task: Task
    skipped: bool
    outputs: list[str] = field(default_factory=list)      # relative to the output folder
    seconds: float = 0.0
    lines: list[str] = field(default_factory=list)        # what the build prints about it


def printable(game_id: str) -> bool:
    return games.spec(game_id).print_set is not None


def languages_of(content, game) -> list[str]:
    """English plus every language in which the game's own texts (game.yaml: card texts, glosses) are
    translated; engine messages alone do not make a Portuguese PDF worth printing."""
    return [SOURCE_LANGUAGE] + [lang for lang in content.languages if lang != SOURCE_LANGUAGE and any(
        key.startswith("game:") for key in game.catalog.translations.get(lang, {}))]


def plan(content, langs: list[str], papers: list[str], site: bool = True) -> list[Task]:
    """Every task of a build, in a fixed order (the site last)."""
    tasks = [Task("simulation", g) for g in content.games if site and games.spec(g).engine_class is not None]
    for game in content.games.values():
        if not printable(game.id):
            continue
        for lang in langs or languages_of(content, game):
            tasks += [Task(kind, game.id, lang, paper) for kind in ("pdf", "rules") for paper in papers]
            tasks.append(Task("previews", game.id, lang))
    site_tasks = [Task("site")] + [Task("site", lang=lang) for lang in content.languages] + [Task("offline")]
    return tasks + (site_tasks if site else [])


def shard(tasks: list[Task], index: int, count: int) -> list[Task]:
    """The `index`-th (1-based) of `count` parts: tasks sorted by key and dealt out in turn, so every task is in
    exactly one part, the parts differ by at most one task, and the split depends on nothing but the tasks."""
    ordered = sorted(tasks, key=lambda t: (t.kind in ("site", "offline"), t.key))
    return [t for i, t in enumerate(ordered) if i % count == index - 1]


# -- inputs and manifests -------------------------------------------------------------------------------------

_SHA: dict[tuple, bytes] = {}      # (path, inode, size, modification time) → SHA-256 of the bytes


def _sha(path: Path) -> bytes | None:
    """The file's SHA-256, or None when it is not a file. Each file is read once per build, however many tasks
    read it (the site's tasks read every PDF and zip): a file written again gets a new inode (writes are atomic
    renames) and modification time, so a stale hash is never used."""
    try:
        stat = path.stat()
    except OSError:
        return None
    if not S_ISREG(stat.st_mode):
        return None
    key = (str(path), stat.st_ino, stat.st_size, stat.st_mtime_ns)
    if key not in _SHA:
        try:
            _SHA[key] = hashlib.sha256(path.read_bytes()).digest()
        except OSError:
            return None
    return _SHA[key]


def _files_digest(paths: list[Path], base: Path, h: "hashlib._Hash") -> None:
    for path in sorted(set(paths)):
        sha = _sha(path)
        if sha is not None:
            h.update(str(path.relative_to(base) if path.is_relative_to(base) else path).encode() + b"\0")
            h.update(sha)


def _shown_digest(paths: list[Path], base: Path, h: "hashlib._Hash") -> None:
    """What a page in another language shows of these outputs: the downloads rows (site/downloads.py) of the
    PDFs and zips, with the name and the size as the page rounds it (a German fix that leaves a PDF at
    "1.2 MB" changes no English page), and the zips' manifest; not the previews, which only its own
    language's pages show."""
    from .locale import file_size
    from .site.downloads import EXPORT_MANIFEST
    for path in sorted(set(paths)):
        if path.name == EXPORT_MANIFEST:
            _files_digest([path], base, h)
        elif path.suffix in (".pdf", ".zip") and path.is_file():
            h.update(f"{path.relative_to(base)}\0{file_size(path.stat().st_size, SOURCE_LANGUAGE)}\0".encode())


def _read_by(rel: Path, lang: str) -> bool:
    """Whether a site language's pages read this content file (relative to the content folder): everything
    but the other languages' translations and interface strings."""
    parts = rel.parts
    if parts[0] == "ui":
        return rel.stem in (SOURCE_LANGUAGE, lang)
    return "i18n" not in parts or parts[parts.index("i18n") + 1:][:1] == (lang,)


# A game's files a card prints nothing of (what `loader.load(rules_texts=False)` leaves out, as `tischlein pdf`
# does), and their translations: an edit to the rules rebuilds the rules PDFs and the site, not the cards.
RULES_TEXTS = ("rules", "glossary", "faq", "messages", "examples")


def _rules_text(rel: Path) -> bool:
    """Whether a game's file (relative to its folder) holds rules texts: examples/*.yaml, rules.yaml … and
    i18n/<lang>/rules.yaml …"""
    return rel.parts[0] == "examples" or (rel.stem in RULES_TEXTS and (len(rel.parts) == 1 or rel.parts[0] == "i18n"))


def _tree(folder: Path, suffixes: tuple[str, ...] | None = None) -> list[Path]:
    if not folder.is_dir():
        return []
    return [p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts
            and (suffixes is None or p.suffix in suffixes)]


class Inputs:
    """Digests of what tasks read, each file hashed once per build."""

    def __init__(self, content, content_dir: Path, out_dir: Path, pyodide: Path | None = None):
        self.content, self.root, self.out, self.pyodide = content, Path(content_dir), Path(out_dir), pyodide
        self._code: dict[str, str] = {}
        self._languages: str | None = None

    def code(self, kind: str) -> str:
        if kind not in self._code:
            h = hashlib.sha256()
            code = _tree(PACKAGE, (".py", ".json", ".yaml", ".js", ".ttf"))
            for game_id in self.content.games:
                code += _tree(games.spec(game_id).folder, (".py", ".json", ".js"))
            if kind in ("site", "offline"):
                code += _tree(resources.templates()) + _tree(resources.theme()) + [
                    self.pyodide / "package.json" if self.pyodide else Path("-")]
            _files_digest(code, PACKAGE.parent, h)
            for name in LIBRARIES[kind]:
                try:
                    h.update(f"{name}={metadata.version(name)}\0".encode())
                except metadata.PackageNotFoundError:
                    h.update(f"{name}=-\0".encode())
            self._code[kind] = h.hexdigest()
        return self._code[kind]

    def content_files(self, task: Task) -> list[Path]:
        """The content a task reads: a game's files in English and in the task's language (not the others'),
        and the interface strings of both; a site language's task every game's, the shared files everything."""
        if task.kind == "offline":
            return []                           # it reads the built site (the site tasks' outputs) only
        if task.kind == "site" and not task.lang:
            return _tree(self.root, (".yaml", ".yml"))
        if task.kind == "site":
            return [p for p in _tree(self.root, (".yaml", ".yml")) if _read_by(p.relative_to(self.root), task.lang)]
        folder = self.root / "games" / task.game
        if task.kind == "simulation":
            return [folder / "game.yaml"]
        own = [p for p in _tree(folder, (".yaml", ".yml")) if "i18n" not in p.relative_to(folder).parts]
        if task.lang != SOURCE_LANGUAGE:
            own += _tree(folder / "i18n" / task.lang) + [self.root / "ui" / f"{task.lang}.yaml"]
        if task.kind in ("pdf", "previews"):        # cards print none of the rules' texts
            own = [p for p in own if not (p.is_relative_to(folder) and _rules_text(p.relative_to(folder)))]
        return own + [self.root / "ui" / f"{SOURCE_LANGUAGE}.yaml"]

    def languages(self) -> str:
        """What every language's pages show of the other languages (site.build.language_facts)."""
        if self._languages is None:
            from .site.build import language_facts
            self._languages = language_facts(self.content)
        return self._languages

    def digest(self, task: Task, before: list[Result]) -> str:
        h = hashlib.sha256(f"{task.key}\0{self.code(task.kind)}\0".encode())
        _files_digest(self.content_files(task), self.root, h)
        if task.kind == "offline":
            h.update(" ".join(self.content.languages + list(self.content.games)).encode() + b"\0")
            for result in sorted(before, key=lambda r: r.task):
                if result.task.kind == "site":
                    _files_digest([self.out / rel for rel in result.outputs], self.out, h)
        elif task.kind in ("site", "simulation"):
            h.update(os.environ.get("TISCHLEIN_SIM_GAMES", "").encode() + b"\0")
            for result in sorted(before, key=lambda r: r.task):          # the PDFs and previews it shows
                if task.kind == "site" and task.lang and result.task.lang not in ("", task.lang, SOURCE_LANGUAGE):
                    _shown_digest([self.out / rel for rel in result.outputs], self.out, h)
                else:
                    _files_digest([self.out / rel for rel in result.outputs], self.out, h)
        if task.kind == "site" and task.lang:
            h.update(self.languages().encode())
        return h.hexdigest()


def _manifest_path(out_dir: Path, task: Task) -> Path:
    return Path(out_dir) / MANIFESTS / (task.key.replace("/", "--") + ".json")


def _hash(path: Path) -> str | None:
    sha = _sha(path)
    return None if sha is None else sha.hex()


def up_to_date(out_dir: Path, task: Task, digest: str) -> list[str] | None:
    """The task's outputs when its manifest has this digest and every output it lists is unchanged."""
    try:
        manifest = json.loads(_manifest_path(out_dir, task).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(manifest, dict) or manifest.get("inputs") != digest or "outputs" not in manifest:
        return None
    outputs = manifest["outputs"]
    if any(_hash(Path(out_dir) / rel) != sha for rel, sha in outputs.items()):
        return None
    return sorted(outputs)


def _record(out_dir: Path, task: Task, digest: str, outputs: list[str]) -> None:
    hashes = {rel: _hash(Path(out_dir) / rel) for rel in sorted(outputs)}
    write_text(_manifest_path(out_dir, task), json.dumps({"task": task.key, "inputs": digest, "outputs": hashes},
                                                         indent=1, sort_keys=True) + "\n")


# -- running ------------------------------------------------------------------------------------------------

_CONTENT = None          # the loaded content, inherited by forked workers
_PYODIDE = None          # the folder of Pyodide's files the site copies


def _execute(task: Task, out_dir: str) -> tuple[list[str], list[str], float]:
    """Run one task (in a worker or in the build's own process): the files written and what to print."""
    started = time.perf_counter()
    out = Path(out_dir)
    content = _CONTENT
    if task.kind == "pdf":
        from .pdf.bundle import pdf_variants
        paths = pdf_variants(content, task.game, task.lang, task.paper, out)
        lines = [f"pdf   {p}  ({p.stat().st_size / 1024:.0f} KiB)" for p in paths]
    elif task.kind == "rules":
        from .pdf.rules_bundle import build_rules_pdfs
        paths = build_rules_pdfs(content, task.game, [task.lang], [task.paper], out)
        lines = [f"pdf   {p}  ({p.stat().st_size / 1024:.0f} KiB)" for p in paths]
    elif task.kind == "previews":
        from .pdf.bundle import language_files
        from .pdf.export import MANIFEST, export_dir
        previews, exports = language_files(content, task.game, task.lang, out)
        manifest = export_dir(out, task.game, task.lang) / MANIFEST
        paths = previews + exports + ([manifest] if manifest.is_file() else [])
        size = sum(p.stat().st_size for p in exports)
        lines = [f"png   {out / 'previews' / task.game / task.lang}  ({len(previews)} files)",
                 f"zip   {export_dir(out, task.game, task.lang)}  ({len(exports)} files, {size / 1e6:.1f} MB)"]
    elif task.kind == "simulation":
        from .site.build import simulations
        warnings: list[str] = []
        found: dict = {}
        simulations(content, {task.game}, warnings, out / SIMULATIONS, found)
        paths = list(found.values())
        lines = [f"sim   {task.game}: random playouts for the site"] + [f"warning: {w}" for w in warnings]
    elif task.kind == "offline":
        from .site import offline
        written = offline.write(out / "site", content.languages, list(content.games), resources.workbox(content.root))
        paths = [out / "site" / rel for rel in written.files]
        lines = [f"site  {out / 'site' / 'sw.js'}  (offline copy: {len(written.sets)} game sets, {len(paths)} files)"]
    else:
        from .site.build import FILES, BuildReport, build_site
        report = BuildReport(out / "site")
        site = build_site(content, out, pyodide=_PYODIDE, report=report, parts=[task.lang or FILES])
        paths = report.files
        lines = [f"site  {site / task.lang if task.lang not in ('', SOURCE_LANGUAGE) else site}  ("
                 f"{f'{task.lang} pages' if task.lang else 'shared files'}, {len(paths)} files)"]
        lines += [f"warning: {w}" for w in report.warnings]
    root = out.resolve()          # a relative --out, while some writers give absolute paths
    return [str(Path(p).resolve().relative_to(root)) for p in paths], lines, time.perf_counter() - started


def _worker_stop(signum: int, frame: object) -> None:
    # one stop only: a second SIGTERM (the parent's, then the parent's death) must not cut the unwinding short
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    note_stop(signum)
    raise SystemExit(128 + signum)


def _execute_in_worker(task: Task, out_dir: str) -> tuple[list[str], list[str], float]:
    try:
        done = _execute(task, out_dir)
        stop_if_asked()         # a stop raised where Python ignores exceptions (in a finalizer) is not lost
        return done
    except (SystemExit, KeyboardInterrupt):
        os._exit(143)          # unwound, temporary files gone: stop here rather than take the next task


def _worker_start() -> None:
    """In each worker: die (unwinding, so temporary files go) when the build's process dies or is stopped."""
    try:
        signal.signal(signal.SIGTERM, _worker_stop)
        signal.signal(signal.SIGINT, signal.SIG_IGN)      # Ctrl-C reaches the build, which stops the workers
        try:
            PR_SET_PDEATHSIG = 1
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
        except (OSError, AttributeError):      # not Linux: the parent's SIGTERM handler still stops the pool
            pass
        if os.getppid() == 1:                   # the parent died before prctl took effect
            raise SystemExit(143)
        stop_if_asked()                         # noted by the handler inherited from the build, before ours
    except (SystemExit, KeyboardInterrupt):
        # stopped while starting: nothing to clean up yet, and the pool would print the exit as a traceback
        os._exit(143)


def run(content, content_dir: Path, out_dir: Path, tasks: list[Task], jobs: int, force: bool = False,
        report: Callable[[str], None] = print, pyodide: Path | None = None,
        scope: Callable[[Task], bool] | None = None) -> list[Result]:
    """Run the tasks that are not up to date, `jobs` at a time; the site after the rest. Raises BuildError.
    `pyodide`: the folder of Pyodide's files for the site (default: tischlein.resources finds it).

    What the last build wrote and this one no longer does is removed, with the folders it leaves empty, so the
    tree is a clean build's: a task's old outputs that it no longer writes (a renamed example's pages), and the
    outputs of a task that is gone (a removed game or language) when `scope(task)` says this build would have
    run it (a build of one game leaves the others alone). Temporary files a killed build left go first."""
    global _CONTENT, _PYODIDE
    _CONTENT, _PYODIDE = content, pyodide
    out_dir = Path(out_dir)
    remove_orphans(out_dir)
    inputs = Inputs(content, content_dir, out_dir, pyodide)
    if force:           # every page rendered again too, not taken from the last build
        from .site.build import PAGE_CACHE
        shutil.rmtree(out_dir / PAGE_CACHE, ignore_errors=True)
    last = _last_outputs(out_dir)
    planned = {t.key for t in tasks}
    gone = [key for key in last if key not in planned and scope is not None and scope(_task_of(key))]
    _prune(out_dir, {rel for key in gone for rel in last[key]},
           keep={rel for t in tasks for rel in last.get(t.key, [])})
    for key in gone:
        _manifest_path(out_dir, _task_of(key)).unlink(missing_ok=True)
    results: list[Result] = []
    pieces = [t for t in tasks if t.kind not in ("site", "offline")]
    batches = [pieces, [t for t in tasks if t.kind == "site"], [t for t in tasks if t.kind == "offline"]]
    for n, batch in enumerate(batches):
        stop_if_asked()
        todo, before = [], list(results)          # a task's digest reads the batches before its own, never its own
        for task in batch:
            digest = inputs.digest(task, before)
            outputs = None if force else up_to_date(out_dir, task, digest)
            if outputs is None:
                todo.append((task, digest))
            else:
                results.append(Result(task, True, outputs))
        done = _run_batch(todo, out_dir, jobs if len(todo) > 1 else 1, report)
        results += done
        # before the next batch reads the tree: what these tasks wrote last time and no longer do
        later = {rel for b in batches[n + 1:] for t in b for rel in last.get(t.key, [])}
        _prune(out_dir, {rel for r in done for rel in last.get(r.task.key, [])},
               keep={rel for r in results for rel in r.outputs} | later)
    if scope is not None and scope(Task("simulation")):        # every game's playouts: keep only this build's
        used = {rel for r in results if r.task.kind == "simulation" for rel in r.outputs}
        _prune(out_dir, {p.relative_to(out_dir).as_posix() for p in (out_dir / SIMULATIONS).glob("*.json")}, used)
    return results


def _task_of(key: str) -> Task:
    """The task a manifest's key names (Task.key read back)."""
    kind, *rest = key.split("/")
    if kind == "site":
        return Task(kind, lang=rest[0] if rest else "")
    return Task(kind, *rest)


def _last_outputs(out_dir: Path) -> dict[str, list[str]]:
    """Every manifest's task key and the outputs it lists."""
    found = {}
    for path in sorted((out_dir / MANIFESTS).glob("*.json")):
        try:
            manifest = json.loads(path.read_text(encoding="utf-8"))
            found[manifest["task"]] = sorted(manifest["outputs"])
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return found


def _prune(out_dir: Path, stale: set[str], keep: set[str]) -> None:
    """Remove the files in `stale` but not in `keep` (relative to the output folder, never outside it) and the
    folders they leave empty."""
    root = out_dir.resolve()
    for rel in sorted(stale - keep):
        path = out_dir / rel
        if not path.resolve().is_relative_to(root) or ".." in Path(rel).parts:
            continue
        if path.is_file() or path.is_symlink():
            path.unlink(missing_ok=True)
        remove_empty_folders(path.parent, out_dir)


def _finish(out_dir: Path, task: Task, digest: str, done: tuple, report) -> Result:
    outputs, lines, seconds = done
    _record(out_dir, task, digest, outputs)
    for n, line in enumerate(lines):
        report(line + (f"  [{seconds:.1f} s]" if n == len(lines) - 1 else ""))
    return Result(task, False, sorted(outputs), seconds, lines)


def _run_batch(todo: list[tuple[Task, str]], out_dir: Path, jobs: int, report) -> list[Result]:
    results = []
    if jobs == 1:
        for task, digest in todo:
            stop_if_asked()
            try:
                done = _execute(task, str(out_dir))
            except Exception as exc:
                raise _failure(task, exc) from None
            results.append(_finish(out_dir, task, digest, done, report))
        return results
    # the longest first, so the pool does not end waiting for one of them alone (of the site's tasks the
    # default language's, whose pages hold the most, and the shared files', a copy, last)
    longest = sorted(todo, key=lambda item: (LONGEST_FIRST.index(item[0].kind),
                                             item[0].kind == "site" and item[0].lang != SOURCE_LANGUAGE,
                                             item[0].kind == "site" and not item[0].lang, item[0]))

    def finished(index: int, done: tuple) -> None:
        task, digest = longest[index]
        results.append(_finish(out_dir, task, digest, done, report))

    try:
        workers.run_all([(task, str(out_dir)) for task, _ in longest], _execute_in_worker, jobs, finished,
                        initializer=_worker_start)
    except workers.TaskFailed as exc:
        raise _failure(exc.item[0], exc.error or exc, exc.details) from None
    except workers.WorkerDied as exc:
        raise BuildError(f"{exc.item[0].key}: {exc}; nothing half-written was kept, run the build again") from None
    stop_if_asked()
    return sorted(results, key=lambda r: r.task)


def _failure(task: Task, error: BaseException, details: str = "") -> BaseException:
    """What a failed task raises in the build: a BuildError naming the task for what the content or a tool got
    wrong; an operating-system error as it is (the command line says which file and what to do); anything else,
    a bug, as it is with the task noted (the command line names it and, with --debug, shows where)."""
    from .pdf.errors import PdfBuildError
    from .site.build import SiteBuildError
    if isinstance(error, (PdfBuildError, SiteBuildError)) or (
            isinstance(error, FileNotFoundError) and error.filename is None):
        return BuildError(f"{task.key}: {error}")
    try:
        error.task, error.details = task.key, details       # details: the worker's traceback, for --debug
    except AttributeError:           # an exception type that takes no attributes: the message goes without it
        pass
    return error
