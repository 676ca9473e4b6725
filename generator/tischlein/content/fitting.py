"""`tischlein check` finds what would stop a PDF build: a card, tile or token text that does not fit its box even
at its smallest size, or a character its font cannot draw. Every game in every language is measured by the PDF's
own drawing code (tischlein.pdf.measure), all at once, and each problem is named at the file and line of the
string at fault (the translation file for a translated string) with its box.

Measuring costs about half a second for the shipped games, and translators run `check` often: a game and
language that measured clean is remembered under the digest of everything its PDF reads (its texts in that
language, game.yaml, the drawing code, the fonts), and is not measured again — nor reportlab even imported — until
one of those changes. Results with problems are never kept, so every problem is found afresh with its line.
"""
from __future__ import annotations

import hashlib
import importlib.util
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .errors import Problems
from .glyphs import FONT_FILES, PRINTED
from .plural import Plural

PACKAGE = Path(__file__).resolve().parents[1]          # tischlein/


def check(content, problems: Problems) -> None:
    from .. import games
    already = {(p.path, p.line) for p in problems.errors}
    found: dict[tuple, tuple[str, list[str]]] = {}     # (file, line, field, problem) -> (piece, languages)
    for game_id, game in content.games.items():
        spec = games.spec(game_id)
        if game.model is None or spec is None or _folder(f"{spec.package}.faces") is None:
            continue
        for lang in content.languages:
            key = _digest(game, lang, spec.package)
            if _known_clean(key):
                continue
            if not _measure(content, game_id, lang, DEFAULT_CARD_SIZE, found):
                _remember(key)
    _report(found, problems, already)


def explain(content, game_id: str, lang: str, card_size: str) -> list[str]:
    """After a PDF build failed on a text: every text of that PDF that cannot be printed, as check shows them
    (file:line: field: problem), so `tischlein pdf` names the strings to shorten, not only the card."""
    found: dict[tuple, tuple[str, list[str]]] = {}
    _measure(content, game_id, lang, card_size, found)
    problems = Problems()
    _report(found, problems, set())
    return [str(problem) for problem in problems.errors]


DEFAULT_CARD_SIZE = "poker"       # what `build` prints (tischlein.pdf.units.DEFAULT_CARD_SIZE, not imported here)


def _measure(content, game_id: str, lang: str, card_size: str, found: dict) -> bool:
    """Measure one PDF into `found`; whether anything could not be printed."""
    from ..pdf.measure import measure
    overflows, failures = measure(content, game_id, lang, card_size)
    where = Locator(content.games[game_id], lang) if overflows or failures else None
    for o in overflows:
        _add(found, (*_shown(where(o.text, o.what)), o.problem() + _room(o)), o.card, lang)
    for f in failures:
        _add(found, (*_shown(where(f.message)), f.message), f.piece, lang)
    return bool(overflows or failures)


def _report(found: dict, problems: Problems, already: set) -> None:
    for (file, line, field_, problem), (piece, langs) in found.items():
        if (file, line) in already and "no glyph" in problem:
            continue                    # glyphs.check named this text already
        pdfs = f"the {', '.join(langs)} PDF{'s' if len(langs) > 1 else ''}"
        problems.error(file, line, field_, f"{pdfs} cannot be built: {f'on {piece}: ' if piece else ''}{problem}")


def _room(o) -> str:
    """How much of a text that does not fit its box would: a figure a translator can shorten to."""
    if o.missing:
        return ""
    from ..pdf.measure import average_width
    room = _limit(o, average_width([o.text], o.font)).chars
    return f" (the box holds about {room} of its {len(o.text)} characters)" if room < len(o.text) else ""


def _shown(where: tuple[str, int | None, str]) -> tuple[str, int | None, str]:
    file, line, key = where
    return file, line, key.split(":", 1)[1] if ":" in key else key


def imported_overflows(content, lang: str, texts: dict[tuple[str, str], str]) -> dict[tuple[str, str], str]:
    """What `check` would refuse once `texts` ((scope, key) -> text, scope "ui" or a game id) are the `lang`
    translations: (scope, key) -> the problem, for the imported strings that would not fit their boxes (or have a
    character their font lacks). `i18n import` refuses them, so an import never leaves content check fails."""
    from .i18n import Translation, source_hash
    printed = {sk: t for sk, t in texts.items() if sk[1].startswith(PRINTED) and isinstance(t, str)}
    if not printed:
        return {}
    mark = "\0imported\0"
    for (scope, key), text in printed.items():
        catalogs = [content.ui, *(g.ui for g in content.games.values())] if scope == "ui" else \
            [content.games[scope].catalog, content.games[scope].ui]
        for catalog in catalogs:
            if key in catalog.source:
                catalog.translations.setdefault(lang, {})[key] = Translation(
                    text, source_hash(catalog.source[key]), mark + scope, None)
    from .. import games as registry
    out: dict[tuple[str, str], str] = {}
    for game_id, game in content.games.items():
        spec = registry.spec(game_id)
        if game.model is None or spec is None or _folder(f"{spec.package}.faces") is None:
            continue
        if not any(scope in ("ui", game_id) for scope, _ in printed):
            continue
        from ..pdf.measure import measure
        overflows, _ = measure(content, game_id, lang)
        where = Locator(game, lang)
        for o in overflows:
            file, _, key = where(o.text, o.what)
            if file.startswith(mark):
                out.setdefault((file[len(mark):], key), f"it would not print: on {o.card}, {o.problem()}")
    return out


def _add(found: dict, key: tuple, piece: str, lang: str) -> None:
    """One problem per string (the first piece that shows it named), with every language whose PDF it stops."""
    langs = found.setdefault(key, (piece, []))[1]
    if lang not in langs:
        langs.append(lang)


class Locator:
    """Where a printed text comes from: the translation into `lang` that holds it, else the English string, else
    any string of game.yaml (names are printed as written); for a text the PDF composed of several (a list, a
    word in capitals), the longest string it contains."""

    def __init__(self, game, lang: str):
        self.entries: list[tuple[str, str, int | None, str]] = []      # (text, file, line, key), best first
        catalogs = (game.catalog, game.ui)
        for catalog in catalogs:
            for k, tr in catalog.translations.get(lang, {}).items():
                if k.startswith(PRINTED):
                    self._add(tr.text, tr.file, tr.line, k)
        for catalog in catalogs:
            for k, text in catalog.source.items():
                if k.startswith(PRINTED):
                    self._add(text, *catalog.source_where[k], k)
        game_file = next((f for k, (f, _) in game.catalog.source_where.items() if k.startswith("game:")),
                         str(Path(game.folder) / "game.yaml"))
        self.game_file = game_file
        _walk(game.model.raw, "", lambda text, line, field_: self._add(text, game_file, line, f"game.yaml:{field_}"))

    def _add(self, text, file: str, line: int | None, key: str) -> None:
        for t in (text.texts() if isinstance(text, Plural) else [text]):
            if isinstance(t, str) and t.strip():
                self.entries.append((_plain(t), file, line, key))     # as printed: lines joined, spaces single

    def __call__(self, text: str, what: str = "") -> tuple[str, int | None, str]:
        """The string `text` comes from; of several that read the same (a German name and its German gloss), the
        one whose field the box is for (`what`: "dish name", "gloss", "rule text")."""
        wanted = _plain(text)
        same = [entry for entry in self.entries if entry[0] == wanted]
        if same:
            fields = set(what.split()) | ({"name"} if "title" in what.split() else set())
            best = next((e for e in same if e[3].rsplit(".", 1)[-1] in fields), same[0])
            return best[1:]
        # a text composed of strings (a name in a label, words in capitals) or a part of one (an item of a list):
        # the string that shares the most of it
        folded = wanted.casefold()
        best, overlap = None, 2
        for t, file, line, field_ in self.entries:
            folded_t = t.casefold()
            shared = len(t) if folded_t in folded else len(wanted) if folded in folded_t else 0
            if shared > overlap:
                best, overlap = (file, line, field_), shared
        if best is not None:
            return best
        return self.game_file, None, ""


def _walk(node, path: str, on_text) -> None:
    """Every string below a game.yaml node with its line: names and other untranslated printed values."""
    if isinstance(node, dict):
        lines = getattr(node, "key_lines", {})
        for k, v in node.items():
            if isinstance(v, str):
                on_text(v, lines.get(k), f"{path}{k}")
            else:
                _walk(v, f"{path}{k}.", on_text)
    elif isinstance(node, list):
        lines = getattr(node, "item_lines", [])
        for i, v in enumerate(node):
            name = v.get("id") if isinstance(v, dict) and isinstance(v.get("id"), str) else str(i)
            if isinstance(v, str):
                on_text(v, lines[i] if i < len(lines) else None, f"{path}{name}")
            else:
                _walk(v, f"{path}{name}.", on_text)


# -- the cache of clean results -------------------------------------------------------------------------------

def _digest(game, lang: str, package: str) -> str:
    h = hashlib.sha256(_code_digest(package) + _model_digest(game))
    h.update(f"\0{lang}".encode())
    for catalog in (game.catalog, game.ui):
        for k in sorted(catalog.source):
            if k.startswith(PRINTED):
                text = catalog.text(k, lang)
                h.update(f"\0{k}\0{text.canonical() if isinstance(text, Plural) else text}".encode())
    return h.hexdigest()


_MODELS: dict[int, bytes] = {}


def _model_digest(game) -> bytes:
    """game.yaml as read (every language's PDF draws from it), hashed once per game and run."""
    if id(game.model) not in _MODELS:
        _MODELS[id(game.model)] = hashlib.sha256(f"{game.id}\0{game.model.raw!r}".encode()).digest()
    return _MODELS[id(game.model)]


@lru_cache(maxsize=None)
def _code_digest(package: str) -> bytes:
    """The drawing code (tischlein.pdf, the game's package), this module, reportlab's version and the fonts (read
    from their files: importlib.metadata alone would cost more than the check it saves)."""
    h = hashlib.sha256()
    for folder in (PACKAGE / "pdf", _folder(package)):
        for path in sorted(folder.rglob("*.py")) if folder else ():
            h.update(path.name.encode() + path.read_bytes())
    h.update(Path(__file__).read_bytes())
    reportlab = _folder("reportlab")
    h.update((reportlab / "__init__.py").read_bytes() if reportlab else b"no reportlab")
    for font_package, name in sorted(FONT_FILES.values()):
        folder = _folder(font_package)
        h.update(f"{name}={(folder / 'files' / name).stat().st_size if folder else 0}".encode())
    return h.digest()


def _folder(package: str) -> Path | None:
    spec = importlib.util.find_spec(package)
    return Path(spec.origin).parent if spec and spec.origin else None


def _cache_dir() -> Path | None:
    from .parsecache import cache_dir
    parsed = cache_dir()
    return None if parsed is None else parsed.parent / "fitted"


def _known_clean(key: str) -> bool:
    folder = _cache_dir()
    return folder is not None and (folder / key[:2] / key).exists()


def _remember(key: str) -> None:
    """Keep a clean result; a cache that cannot be written only means no speed-up."""
    folder = _cache_dir()
    if folder is None:
        return
    try:
        (folder / key[:2]).mkdir(parents=True, exist_ok=True)
        (folder / key[:2] / key).touch()
    except OSError:
        pass


# -- the limits the translation export states -----------------------------------------------------------------

@dataclass(frozen=True)
class Limit:
    """How much of a language's text a string's box holds at its smallest size."""

    chars: int
    width_mm: float
    lines: int
    min_size: float

    def note(self) -> str:
        return (f"Limit: about {self.chars} characters (its box: {self.width_mm:.1f} mm × {self.lines} "
                f"line{'s' if self.lines != 1 else ''} at {self.min_size:g} pt, the smallest size)")


WRAP_LOSS = 0.9       # a wrapped text leaves the ends of its lines short: about a tenth of each line


def limits(content, lang: str, games: list[str] | None = None) -> dict[tuple[str, str], Limit]:
    """(scope, key) -> the smallest box the string is printed in, for the card texts of `games` (all when None),
    measured in `lang`'s PDF by the PDF's code: characters of the language's average width (its own texts in
    that font) that fit the box's width × lines at its smallest size."""
    from .. import games as registry
    from ..pdf.measure import average_width, boxes
    out: dict[tuple[str, str], Limit] = {}
    for game_id, game in content.games.items():
        spec = registry.spec(game_id)
        if games and game_id not in games or game.model is None or spec is None or \
                _folder(f"{spec.package}.faces") is None:
            continue
        index: dict[str, list[tuple[str, str]]] = {}
        for k in game.ui.source:
            if k.startswith(PRINTED):
                scope = game_id if k in game.catalog.source else "ui"
                _index(index, game.ui.text(k, lang), (scope, k))
        for k in game.catalog.source:
            if k.startswith(PRINTED):
                _index(index, game.catalog.text(k, lang), (game_id, k))
        found = boxes(content, game_id, lang)
        widths: dict[str, float] = {}
        for box in found:
            keys = index.get(_plain(box.text))
            if not keys:
                continue
            if box.font not in widths:
                widths[box.font] = average_width([b.text for b in found if b.font == box.font], box.font)
            limit = _limit(box, widths[box.font])
            for key in keys:
                if key not in out or limit.chars < out[key].chars:
                    out[key] = limit
    return out


def _index(index: dict, text, key: tuple[str, str]) -> None:
    if isinstance(text, str) and text.strip():
        index.setdefault(_plain(text), []).append(key)


def _plain(text: str) -> str:
    return " ".join(text.split())


def _limit(box, average: float) -> Limit:
    from ..pdf.units import to_mm
    lines = box.max_lines
    if box.height is not None:
        fit = max(1, int(box.height / (box.min_size * box.leading) + 1e-6))
        lines = fit if lines is None else min(lines, fit)
    lines = lines or 1
    per_line = box.width / (average * box.min_size)
    chars = int(per_line) if lines == 1 else int(per_line * lines * WRAP_LOSS)
    return Limit(chars, to_mm(box.width), lines, box.min_size)
