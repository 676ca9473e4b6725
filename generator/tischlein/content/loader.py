"""Load and validate a content tree: every game's files, their translations and the UI strings."""
from __future__ import annotations

import os
import re
from functools import lru_cache
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import games
from ..engine.messages import RULE_TITLE
from .errors import Problems
from .model import GameModel
from . import links
from .i18n import SOURCE_LANGUAGE, Catalog, tokens
from .plural import as_json
from .translations import load_translation, source_text
from .texts import walk_texts
from .parsecache import load_checked
from .yamlfile import LineDict, line_of, read_yaml

# tischlein's own interface strings (PDF labels, site navigation, engine messages of malformed moves), English.
UI_STRINGS = Path(__file__).resolve().parent / "ui" / "en.yaml"

# A language code as file and folder names and URLs use it: en, de, pt, pt-BR, zh-Hant.
LANGUAGE_CODE = re.compile(r"[a-z]{2,3}(-[A-Za-z0-9]{2,8})?")
# A game or example id as file names, URLs and anchors use it. Checked here, not only by a schema: ids become
# paths, and a path must never leave the output folder.
ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
PLURAL_RULE = "plural:rule"   # the engine messages' entry for the language's plural rule (not a message key)
MAX_PIECES = 5000          # physical pieces of one game: a typo of a count must not make a PDF of a million cards

# The text files of a game folder besides game.yaml: file stem -> (schema, keys flattened by id?)
TEXT_FILES = {
    "rules": ("rules.schema.json", True),
    "glossary": ("glossary.schema.json", True),
    "faq": ("faq.schema.json", True),
}


@dataclass(frozen=True)
class RuleSection:
    id: str
    depth: int
    children: tuple[str, ...]
    line: int | None = None


@dataclass
class GameContent:
    id: str
    folder: Path
    model: GameModel
    catalog: Catalog
    rules: list[RuleSection]                  # in document order
    glossary: list[str]                      # term ids
    faq: list[dict]                          # {id, rules}
    messages: dict[str, str]                 # engine message keys -> English
    examples: list[dict] = field(default_factory=list)
    ui: Catalog = field(default_factory=Catalog, repr=False)   # the interface strings, the game's own included

    def t(self, key: str, lang: str) -> str:
        return self.catalog.text(key, lang)

    def engine_messages(self, lang: str) -> dict[str, str]:
        """The engine's message texts in `lang` (English where untranslated): the kernel's from the interface
        strings (engine.<key>), the game's own over them, plus `name.<id>` entries so messages show printed
        names instead of ids and `rule.<id>` entries, the rules sections' titles."""
        texts = {key[len("ui:engine."):]: as_json(self.ui.text(key, lang)) for key in self.ui.keys("ui:engine.")}
        texts.update({key: as_json(self.catalog.text(f"messages:{key}", lang)) for key in self.messages})
        texts.update({f"name.{id_}": name for id_, name in self._names(lang).items()})
        # a refusal names the rule it breaks by the title a reader finds on the rules page (the id is its anchor)
        texts.update({f"{RULE_TITLE}{r.id}": self.catalog.text(f"rules:{r.id}.title", lang) for r in self.rules})
        if any(isinstance(text, dict) for text in texts.values()):
            from .plural import rule_table
            texts[PLURAL_RULE] = rule_table(lang)          # how the engine picks a form, without Babel
        return texts

    def _names(self, lang: str) -> dict[str, str]:
        """Printed names by id in `lang`: as the game prints them, or — for a game whose model has
        `printed_names(gloss)`, whose PDFs print names translated — in the reader's language."""
        printed = getattr(self.model, "printed_names", None)
        if printed is None or lang == self.model.raw.get("original_language"):
            return self.model.names()

        def gloss(record) -> str | None:
            key = f"game:{record.key}gloss"
            return self.catalog.text(key, lang) if key in self.catalog.source else None
        return printed(gloss)


@dataclass
class Content:
    root: Path
    ui: Catalog
    games: dict[str, GameContent]
    problems: Problems
    languages: list[str] = field(default_factory=lambda: [SOURCE_LANGUAGE])   # English first, then by code

    def language_name(self, lang: str) -> str:
        """The language's name in itself ("Deutsch"), from its ui/<lang>.yaml."""
        return self.ui.text("ui:language.name", lang) if "ui:language.name" in self.ui.source else lang


def load(root: Path, only: list[str] | None = None, langs: list[str] | None = None,
         rules_texts: bool = True) -> Content:
    """Load everything under `root` (or only the games `only`, and only the translations into `langs`: an
    English PDF parses no translation at all; with `rules_texts` False, no game's rules, glossary, FAQ, engine
    messages or worked examples either: a card PDF prints none of them). Problems are collected, not raised:
    callers decide."""
    problems = Problems()
    root = Path(root)
    ui, languages = _load_ui(root, problems, langs)
    games: dict[str, GameContent] = {}
    games_dir = root / "games"
    if not games_dir.is_dir():
        problems.error(_show(root, games_dir), None, "", "missing folder: expected one folder per game here")
    else:
        for folder in sorted(p for p in games_dir.iterdir() if p.is_dir()):
            if only and folder.name not in only:
                continue
            if not ID.fullmatch(folder.name):
                problems.error(_show(root, folder), None, "", "a game folder's name is its id: lowercase letters, "
                               "digits and single dashes, such as ta-na-mesa")
                continue
            game = _load_game(root, folder, ui, problems, langs, rules_texts)
            if game is not None:
                games[game.id] = game
    links.check([ui] + [c for g in games.values() for c in (g.catalog, g.ui)], problems)
    if only:
        for wanted in only:
            if wanted not in games and not any(p.path.startswith(f"{_show(root, games_dir / wanted)}")
                                               for p in problems.errors):
                here = ", ".join(sorted(p.name for p in games_dir.iterdir() if p.is_dir() and ID.fullmatch(p.name))) \
                    if games_dir.is_dir() else ""
                problems.error(_show(root, games_dir / wanted), None, "",
                               f"no such game {wanted!r}; the games here: {here or 'none'}")
    return Content(root, ui, games, problems, languages)


def _show(root: Path, path: Path) -> str:
    """File names in messages: relative to the current directory when possible, else as given."""
    return _shown(os.getcwd(), path)


@lru_cache(maxsize=4096)
def _shown(cwd: str, path: Path) -> str:
    try:
        return str(Path(path).resolve().relative_to(cwd))
    except ValueError:
        return str(path)


def _load_ui(root: Path, problems: Problems, langs: list[str] | None = None) -> tuple[Catalog, list[str]]:
    """The interface strings, and the languages: a language exists when content/ui/<code>.yaml exists.

    tischlein's own English strings (UI_STRINGS) come first; a content folder's ui/en.yaml may reword them or
    add its own, so a new game's content needs no interface strings at all."""
    catalog = Catalog()
    languages = [SOURCE_LANGUAGE]
    for source in (UI_STRINGS, root / "ui" / f"{SOURCE_LANGUAGE}.yaml"):
        if not source.exists():
            continue
        data, valid = load_checked(source, "ui.schema.json", problems, _show(root, source))
        if not valid:
            return catalog, languages
        for key, text in data.items():
            where = (_show(root, source), data.key_lines.get(key))
            catalog.add_source(f"ui:{key}", source_text(text, *where, key, problems), *where)
    for path in sorted((root / "ui").glob("*.yaml")):
        if path.stem == SOURCE_LANGUAGE:
            continue
        if not LANGUAGE_CODE.fullmatch(path.stem):
            problems.error(_show(root, path), None, "", f"{path.stem!r} is not a language code: name the file "
                                                        "after one, such as fr.yaml or pt-BR.yaml")
            continue
        languages.append(path.stem)
        if langs is None or path.stem in langs:
            _load_translation(root, path, "ui", path.stem, catalog, problems)
    return catalog, languages


def _spec_schema(game_id: str) -> Path | None:
    """The schema of a game's game.yaml, known from its folder's name (the loader checks that it is the id)."""
    spec = games.spec(game_id)
    return spec.schema if spec is not None else None


def _load_game(root: Path, folder: Path, ui: Catalog, problems: Problems,
               langs: list[str] | None = None, rules_texts: bool = True) -> GameContent | None:
    game_file = folder / "game.yaml"
    shown = _show(root, game_file)
    if not game_file.exists():
        problems.error(shown, None, "", "missing file: every game folder needs a game.yaml")
        return None
    before = len(problems.errors)
    spec_schema = _spec_schema(folder.name)
    data, valid = load_checked(game_file, spec_schema, problems, shown) if spec_schema else (
        read_yaml(game_file, problems, shown), False)
    if data is None:
        return None
    game_id = data.get("id") if isinstance(data, dict) else None
    if game_id != folder.name:
        line = data.key_lines.get("id") if isinstance(data, LineDict) else 1
        problems.error(shown, line, "id", f"expected {folder.name!r} (the folder's name), got {game_id!r}")
        return None
    spec = games.spec(game_id)
    if spec is None:
        problems.error(shown, data.key_lines.get("id"), "id",
                       f"no game package for {game_id!r}; known: {', '.join(games.specs())}")
        return None
    # A broken game.yaml does not stop the other files being checked: one run reports everything.
    model = spec.build_model(data, shown, problems) if valid else None
    pieces = len(model.cards()) + len(getattr(model, "pieces", list)()) if model is not None else 0
    if pieces > MAX_PIECES:
        problems.error(shown, 1, "", f"{pieces:,} pieces to print: more than {MAX_PIECES:,} is surely a typo in a "
                                        "count")
        model = None

    catalog = Catalog()
    walk_texts(data, lambda k, t, line: catalog.add_source(f"game:{k}", t, shown, line))

    texts: dict[str, Any] = {}
    for stem, (schema_name, flat) in (TEXT_FILES if rules_texts else {}).items():
        path = folder / f"{stem}.yaml"
        if not path.exists():
            problems.error(_show(root, path), None, "", f"missing file: the game's {stem}")
            continue
        doc, valid = load_checked(path, schema_name, problems, _show(root, path))
        if not valid:
            continue
        texts[stem] = doc
        walk_texts(doc, lambda k, t, line, s=stem, p=path: catalog.add_source(f"{s}:{k}", t, _show(root, p), line),
                   flat_ids=flat)

    _load_game_ui(root, folder, catalog, problems)
    messages = _load_messages(root, folder, catalog, problems) if rules_texts else {}
    examples = _load_examples(root, folder, catalog, problems) if rules_texts else []
    if rules_texts:
        _load_trace_texts(root, folder, catalog, problems)

    rules = _flatten_rules(texts.get("rules", {}).get("sections", []), 0) if "rules" in texts else []
    _check_rule_refs(root, folder, game_id, texts, rules, examples, model, problems)

    # A broken translation is reported but keeps the game: `i18n status` still counts it; check still fails.
    own_errors = len(problems.errors)
    for lang in sorted(p.name for p in (folder / "i18n").glob("*") if p.is_dir()):
        if lang == SOURCE_LANGUAGE or (langs is not None and lang not in langs):
            continue
        for stem in ("game", *TEXT_FILES, "messages", "examples", "ui", "trace") if rules_texts else ("game", "ui"):
            _load_translation(root, folder / "i18n" / lang / f"{stem}.yaml", stem, lang, catalog, problems)
    game_ui = Catalog()
    game_ui.merge(ui)
    game_ui.merge(catalog.subset("ui:"))

    if own_errors > before or model is None:
        return None
    return GameContent(
        id=game_id, folder=folder, model=model, catalog=catalog, rules=rules,
        glossary=[t["id"] for t in texts["glossary"]["terms"]] if rules_texts else [],
        faq=[{"id": e["id"], "rules": list(e["rules"])} for e in texts["faq"]["entries"]] if rules_texts else [],
        messages=messages, examples=examples, ui=game_ui)


def _load_game_ui(root: Path, folder: Path, catalog: Catalog, problems: Problems) -> None:
    """The game's own interface strings (ui.yaml: labels its PDF faces and calculator use), beside tischlein's."""
    path = folder / "ui.yaml"
    if not path.exists():
        return
    doc, valid = load_checked(path, "ui.schema.json", problems, _show(root, path))
    if not valid:
        return
    for key, text in doc.items():
        where = (_show(root, path), doc.key_lines.get(key))
        catalog.add_source(f"ui:{key}", source_text(text, *where, key, problems), *where)


def _load_messages(root: Path, folder: Path, catalog: Catalog, problems: Problems) -> dict[str, str]:
    path = folder / "messages.yaml"
    if not path.exists():
        return {}
    doc, valid = load_checked(path, "messages.schema.json", problems, _show(root, path))
    if not valid:
        return {}
    for key, text in doc["messages"].items():
        where = (_show(root, path), doc["messages"].key_lines.get(key))
        catalog.add_source(f"messages:{key}", source_text(text, *where, key, problems), *where)
    return dict(doc["messages"])


def _load_examples(root: Path, folder: Path, catalog: Catalog, problems: Problems) -> list[dict]:
    examples = []
    seen: dict[str, str] = {}
    for path in sorted((folder / "examples").glob("*.yaml")):
        shown = _show(root, path)
        doc, valid = load_checked(path, "example.schema.json", problems, shown)
        if not valid:
            continue
        if doc["id"] in seen:
            problems.error(shown, doc.key_lines.get("id"), "id", f"duplicate example id, also in {seen[doc['id']]}")
            continue
        if doc["id"] != path.stem or not ID.fullmatch(doc["id"]):
            problems.error(shown, doc.key_lines.get("id"), "id", f"an example's id is its file name ({path.stem!r}): "
                           "lowercase letters, digits and single dashes")
            continue
        seen[doc["id"]] = shown
        walk_texts(doc, lambda k, t, line, s=shown, i=doc["id"]: catalog.add_source(f"examples:{i}.{k}", t, s, line))
        doc_plain = _plain(doc)
        doc_plain["_file"] = shown
        doc_plain["_lines"] = {key: doc.key_lines.get(key) for key in ("start", "expect", "rules")} | {
            key: list(getattr(doc.get(key), "item_lines", [])) for key in ("moves", "illegal")}
        examples.append(doc_plain)
    return examples


def _load_trace_texts(root: Path, folder: Path, catalog: Catalog, problems: Problems) -> None:
    """trace.yaml (optional; content/trace.py checks it against the seed rulebook): its schema, and the two
    readings of each ambiguous rulebook sentence with why one was chosen, which the sources page shows
    (trace:<fingerprint>.readings.<i>, trace:<fingerprint>.why)."""
    path = folder / "trace.yaml"
    if not path.is_file():
        return
    shown = _show(root, path)
    doc, valid = load_checked(path, "trace.schema.json", problems, shown)
    if not valid:
        return
    for entry, line in zip(doc["sentences"], getattr(doc["sentences"], "item_lines", [None] * len(doc["sentences"]))):
        ambiguous = entry.get("ambiguous")
        if ambiguous:
            key = f"trace:{entry['fingerprint']}"
            for i, reading in enumerate(ambiguous["readings"]):
                catalog.add_source(f"{key}.readings.{i}", reading, shown, line)
            catalog.add_source(f"{key}.why", ambiguous["why"], shown, line)


def _plain(value: Any) -> Any:
    """Drop the line bookkeeping: the engine and JSON output want plain dicts and lists."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _flatten_rules(sections: list, depth: int) -> list[RuleSection]:
    out: list[RuleSection] = []
    for section in sections:
        children = tuple(c["id"] for c in section.get("sections", []))
        out.append(RuleSection(section["id"], depth, children, section.key_lines.get("id")))
        out += _flatten_rules(section.get("sections", []), depth + 1)
    return out


def _check_rule_refs(root, folder, game_id, texts, rules, examples, model, problems) -> None:
    """Every rule id is unique, starts with the game id, and every reference points at one."""
    known = set()
    if "rules" in texts:
        path = _show(root, folder / "rules.yaml")
        for section in rules:
            if section.id in known:
                problems.error(path, section.line, section.id, "duplicate rule id")
            if not section.id.startswith(f"{game_id}."):
                problems.error(path, section.line, section.id, f"rule ids must start with '{game_id}.'")
            known.add(section.id)
    terms = {t["id"] for t in texts.get("glossary", {}).get("terms", [])}
    for stem, section in (("glossary", "terms"), ("faq", "entries")):
        seen: set[str] = set()
        for i, item in enumerate(texts.get(stem, {}).get(section, [])):
            if item["id"] in seen:
                problems.error(_show(root, folder / f"{stem}.yaml"), line_of(texts[stem], (section, i, "id")),
                               f"{section}.{item['id']}", "duplicate id: anchors and translations need it once")
            seen.add(item["id"])

    def check(path: str, line, field_: str, rule: str) -> None:
        if known and rule not in known:
            problems.error(path, line, field_, f"unknown rule id {rule!r}")

    if "faq" in texts:
        path = _show(root, folder / "faq.yaml")
        for entry in texts["faq"]["entries"]:
            for rule in entry["rules"]:
                check(path, entry.key_lines.get("rules"), f"{entry['id']}.rules", rule)
    for example in examples:
        lines = example["_lines"]
        for rule in example["rules"]:
            check(example["_file"], lines["rules"], f"{example['id']}.rules", rule)
        for item, line in zip(example.get("illegal", []), lines["illegal"]):
            check(example["_file"], line, f"{example['id']}.illegal.rule", item["rule"])
    raw = model.raw if model is not None else {}
    for section in ("actions", "specials"):
        for item in raw.get(section, []):
            if "rule" in item:
                check(_show(root, folder / "game.yaml"), item.key_lines.get("rule"), f"{section}.{item['id']}.rule",
                      item["rule"])
    example_ids = {e["id"] for e in examples}

    def scan(key: str, text: str, line, path: str) -> None:
        for token in tokens(text):
            kind, _, target = token[1:-1].partition(":")
            if kind == "rule":
                check(path, line, key, target)
            elif kind == "term" and "glossary" in texts and target not in terms:
                problems.error(path, line, key, f"unknown glossary term {target!r} in {token}")
            elif kind == "example" and target not in example_ids:
                problems.error(path, line, key, f"unknown example {target!r} in {token}; the examples: "
                               f"{', '.join(sorted(example_ids)) or 'none'}")

    for stem in ("rules", "glossary", "faq"):
        if texts.get(stem) is not None:
            shown = _show(root, folder / f"{stem}.yaml")
            walk_texts(texts[stem], lambda key, text, line, path=shown: scan(key, text, line, path), flat_ids=True)
    for example in examples:       # an example links another by {example:<id>}, read as that example's title
        walk_texts(example, lambda key, text, line, path=example["_file"]: scan(key, text, line, path))


def _load_translation(root: Path, path: Path, namespace: str, lang: str, catalog: Catalog,
                      problems: Problems) -> None:
    load_translation(path, _show(root, path), namespace, lang, catalog, problems)
