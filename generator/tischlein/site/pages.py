"""Content → Markdown pages, one file per page and language, from the Jinja templates in templates/site/.

Nothing here knows Mahlzeit: component tables come from the typed model's record dicts, facts from the
game's `facts`/`totals`, states are drawn by state.py. A new game needs content (and a typed model), not a
new template; a new language needs an entry in site/mkdocs.yml and its translation files.

Escaping: the templates write Markdown. The Jinja environment's `finalize` passes every value through
markdown.text() (plain text, Markdown and HTML escaped) unless it is a Markup object, which only our helpers
produce: markdown.content() for content Markdown and the HTML blocks built from attr()-escaped values.
"""
from __future__ import annotations

import dataclasses
import json
import posixpath
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import jinja2
from markupsafe import Markup

from ..content.i18n import SOURCE_LANGUAGE
from ..content.loader import Content, GameContent
from ..content.provenance import provenance_of
from . import markdown as md
from .state import CardInfo, Picture

TEMPLATES = Path(__file__).resolve().parents[3] / "templates" / "site"

# page id -> (template, ui key of its title); order = nav order
GAME_PAGES = [
    ("index", "game.md.j2", None),
    ("overview", "overview.md.j2", "ui:site.overview"),
    ("components", "components.md.j2", "ui:site.components"),
    ("rules", "rules.md.j2", "ui:site.rules"),
    ("faq", "faq.md.j2", "ui:site.faq"),
    ("examples/index", "examples.md.j2", "ui:site.examples"),
    ("sources", "sources.md.j2", "ui:site.provenance"),
    ("downloads", "downloads.md.j2", "ui:site.downloads"),
]
MARK_CLASS = {"R": "tl-r", "*": "tl-star", "E": "tl-erratum"}
MARK_UI = {"R": "ui:site.mark.rulebook", "*": "ui:site.mark.reconstructed", "E": "ui:site.mark.erratum"}
SKIP_FIELDS = {"id", "name", "key", "mark", "raw"}
# Component tables: these first when a game has them, then the rest in the model's order.
TABLE_ORDER = ("dishes", "recipes", "ingredients", "drinks")


def page_file(path: str, lang: str) -> str:
    """docs-relative file of a page in a language (mkdocs-static-i18n suffix structure)."""
    return f"{path}.md" if lang == SOURCE_LANGUAGE else f"{path}.{lang}.md"


def page_url(path: str) -> str:
    """The page's URL path (use_directory_urls) relative to the language root, e.g. 'mahlzeit/rules/'."""
    if path == "index":
        return ""
    if path.endswith("/index"):
        return path[: -len("index")]
    return path + "/"


def humanize(key: str) -> str:
    return key.replace("_", " ").replace("-", " ").strip().capitalize()


@dataclass
class Downloads:
    """PDFs found for a game: (lang, paper, site path relative to docs, size in bytes)."""

    files: list[tuple[str, str, str, int]] = field(default_factory=list)


@dataclass
class ExampleRender:
    """One example replayed by the engine at build time, per language (messages are translated)."""

    example: dict
    results: dict[str, dict] = field(default_factory=dict)       # lang -> engine.run(...) output
    illegal: dict[str, list[dict]] = field(default_factory=dict)  # lang -> [{move, note_key, error}]
    matches: bool = False           # the final state holds everything the example's `expect` says
    differences: list[str] = field(default_factory=list)
    error: str | None = None        # why the engine could not run at all


class PageContext:
    """What a template may call while writing one page in one language."""

    def __init__(self, site: "SiteWriter", game: GameContent | None, path: str, lang: str):
        self.site, self.game, self.path, self.lang = site, game, path, lang
        self.fallbacks = 0

    # -- text ----------------------------------------------------------------------------------------------
    def ui(self, key: str, **params: Any) -> str:
        full = f"ui:{key}"
        catalog = self.site.content.ui
        if full not in catalog.source:
            raise KeyError(f"missing interface string {key!r} in content/ui/en.yaml")
        text = catalog.text(full, self.lang)
        for name, value in params.items():
            text = text.replace("{" + name + "}", str(value))
        return text

    def ui_or(self, key: str, default: str) -> str:
        return self.ui(key) if f"ui:{key}" in self.site.content.ui.source else default

    def has(self, key: str) -> bool:
        return self.game is not None and key in self.game.catalog.source

    def _resolve(self, key: str):
        resolved = self.game.catalog.get(key, self.lang)
        if self.lang != SOURCE_LANGUAGE and resolved.fallback:
            self.fallbacks += 1
        return resolved

    def _badge(self, resolved) -> str:
        if self.lang != SOURCE_LANGUAGE and resolved.fallback:
            return (f'<span class="tl-fallback" lang="en" title="{md.attr(self.ui("site.fallback"))}">'
                    f"EN</span> ")
        return ""

    def plain(self, key: str) -> Markup:
        """A short content text (title, gloss, term) as escaped plain text, with a fallback badge."""
        resolved = self._resolve(key)
        return Markup(self._badge(resolved)) + md.text(resolved.text)

    def raw(self, key: str) -> str:
        return self._resolve(key).text

    def text(self, key: str) -> Markup:
        """A content Markdown text, made safe, tokens expanded; a fallback badge when not translated."""
        resolved = self._resolve(key)
        return Markup(self._badge(resolved)) + md.content(resolved.text, self.expand)

    def expand(self, kind: str, target: str) -> str:
        if kind == "rule":
            title = self.game.catalog.text(f"rules:{target}.title", self.lang)
            return md.link(title, self.md_link("rules", target))
        term = self.game.catalog.text(f"glossary:{target}.term", self.lang)
        definition = self.game.catalog.text(f"glossary:{target}.definition", self.lang)
        return f'<span class="tl-term">{md.link(term, self.md_link("rules", "term-" + target), definition)}</span>'

    # -- links ---------------------------------------------------------------------------------------------
    def game_path(self, page: str) -> str:
        return f"{self.game.id}/{page}" if self.game else page

    def md_link(self, page: str, anchor: str | None = None) -> str:
        """A link target to another page of this game, as a .md path mkdocs checks and rewrites."""
        target = page_file(self.game_path(page), SOURCE_LANGUAGE)
        rel = posixpath.relpath(target, posixpath.dirname(self.path) or ".")
        return rel + (f"#{anchor}" if anchor else "")

    def rel(self, docs_path: str) -> str:
        """A docs-relative file (image, PDF) as a Markdown link target from this page's source file."""
        return posixpath.relpath(docs_path, posixpath.dirname(self.path) or ".")

    def link(self, label: Any, target: str, title: str | None = None) -> Markup:
        return Markup(md.link(str(label), target, title))

    def rule_link(self, rule_id: str) -> Markup:
        return self.link(self.raw(f"rules:{rule_id}.title"), self.md_link("rules", rule_id))

    def href(self, docs_path: str) -> str:
        """A URL to a static file under docs/, relative to this page's final URL (for raw HTML)."""
        depth = page_url(self.path).count("/") + (0 if self.lang == SOURCE_LANGUAGE else 1)
        return "../" * depth + docs_path

    def page_href(self, page: str, anchor: str | None = None) -> str:
        """A URL to another page of this game in this language, relative to this page (for raw HTML)."""
        here = page_url(self.path)
        there = page_url(self.game_path(page))
        rel = posixpath.relpath("/" + there, "/" + here) if here else there
        if there.endswith("/") and not rel.endswith("/"):
            rel += "/"
        if rel == "./":
            rel = ""
        return rel + (f"#{anchor}" if anchor else "")

    # -- components ----------------------------------------------------------------------------------------
    def mark(self, mark: str, note_anchor: str | None = None) -> Markup:
        title = self.ui(MARK_UI[mark][3:])
        if mark == "R" or not note_anchor:
            return Markup(f'<sup class="tl-mark {MARK_CLASS[mark]}" title="{md.attr(title)}">'
                          f'{md.attr(mark)}</sup>')
        return Markup(f'<sup class="tl-mark {MARK_CLASS[mark]}">'
                      f'{md.link(mark, self.md_link("sources", note_anchor), title)}</sup>')

    def field_mark(self, raw: Any, key_prefix: str, field_name: str) -> Markup:
        prov = provenance_of(raw, key_prefix, field_name)
        return self.mark(prov.mark, note_anchor(key_prefix.rstrip("."), field_name))

    def facts(self, section: str) -> list[tuple[str, Markup]]:
        """(label, value with its mark) for each fact of `facts`/`totals` in game.yaml."""
        raw = getattr(self.game.model, "raw", {}).get(section) or {}
        rows = []
        for k, v in raw.items():
            if k in ("source", "reconstructed", "errata", "id"):
                continue
            if isinstance(v, dict) and {"min", "max"} <= set(v):
                shown = f"{v['min']}–{v['max']}" if v["min"] != v["max"] else str(v["min"])
            else:
                shown = str(v)
            rows.append((self.ui_or(f"site.fact.{k}", humanize(k)),
                         md.text(shown) + self.field_mark(raw, f"{section}.", k)))
        return rows

    def example_title(self, example: dict) -> Markup:
        return self.plain(f"examples:{example['id']}.title")

    def picture(self, state: Any) -> Markup:
        return self.site.picture(self.game, self.lang, state)

    def move_text(self, move: Any, args: bool = True, bold: bool = True) -> Markup:
        """'**Silke**: takes a card · row 3' from a move dict {player, move, args}."""
        if not isinstance(move, dict):
            return md.text(move)
        verb = str(move.get("move", "?"))
        parts = [md.text(self.ui_or(f"site.move.{verb}", verb))]
        if args and move.get("args"):
            parts.append(self.move_args(move))
        player = move.get("player")
        strong = Markup("**") if bold else Markup("")
        head = (strong + md.text(player) + strong + Markup(": ")) if player else Markup("")
        return head + Markup(" · ").join(parts)

    def move_args(self, move: dict) -> Markup:
        lookup = self.site.card_lookup(self.game, self.lang)
        return Markup(" · ").join(
            md.text(f"{self.ui_or(f'site.arg.{name}', humanize(name))} ") + self._arg(value, lookup)
            for name, value in (move.get("args") or {}).items())

    def _arg(self, value: Any, lookup) -> Markup:
        if isinstance(value, list):
            return Markup(", ").join(self._arg(v, lookup) for v in value)
        if isinstance(value, str):
            info = lookup(value)
            return md.text(info.label if info else value)
        return md.text(value)

    def rejection(self, error: dict) -> Markup:
        """An engine error {index, rule, key, params, message}: the rule as a link, then the message."""
        rule = error.get("rule") or ""
        out = Markup("")
        if rule and self.has(f"rules:{rule}.title"):
            out += Markup(md.link(rule, self.md_link("rules", rule), self.raw(f"rules:{rule}.title")))
            out += Markup(" (") + self.rule_link(rule) + Markup(")")
        elif rule:
            out += Markup("`") + Markup(md.attr(rule).replace("`", "")) + Markup("`")
        message = error.get("message") or error.get("key") or ""
        return out + Markup(": ") + md.text(message)

    def tryit(self, example: dict) -> Markup:
        """The try-it panel: a raw HTML block that tryit.js turns into the editor when the reader asks."""
        strings = {k: self.ui(f"site.tryit.{k}") for k in (
            "start", "loading", "ready", "check", "reset", "legal", "illegal", "not_checked", "bad_json",
            "failed", "help", "result_ok", "result_error", "rule")}
        data = {
            "example": {k: v for k, v in example.items() if not k.startswith("_")},
            "strings": strings,
        }
        payload = json.dumps(data, ensure_ascii=False)
        return Markup(
            f'<div class="tl-tryit" data-game="{md.attr(self.href(f"assets/games/{self.game.id}.json"))}" '
            f'data-engine="{md.attr(self.href("assets/engine/engine.zip"))}" '
            f'data-rules="{md.attr(self.page_href("rules"))}" data-lang="{md.attr(self.lang)}" '
            f'data-tryit="{md.attr(payload)}" markdown="0">'
            f'<p class="tl-tryit-intro">{md.attr(self.ui("site.tryit.intro"))}</p>'
            f'<button type="button" class="md-button md-button--primary tl-tryit-start">'
            f'{md.attr(strings["start"])}</button>'
            f'<noscript><p>{md.attr(self.ui("site.tryit.noscript"))}</p></noscript></div>')

    def notes(self, examples: list["ExampleRender"]) -> list[tuple[str, list[dict]]]:
        """Every reconstructed value and erratum, grouped by kind, for the sources page."""
        model = self.game.model
        by_kind: dict[str, list[dict]] = {"reconstructed": [], "erratum": []}
        for note in getattr(model, "notes", []):
            section, _, rid = note.record.partition(".")
            raw = getattr(model, "raw", {}).get(section)
            if rid and isinstance(raw, list):
                raw = next((r for r in raw if r.get("id") == rid), {})
            value = raw.get(note.field) if isinstance(raw, dict) else None
            rec = self.site.records(self.game).get(rid) if rid else None
            name = note.name if rid else self.ui_or(f"site.game.{section}_record", humanize(section))
            entry = {
                "anchor": note_anchor(note.record, note.field),
                "name": name,
                "gloss": self.plain(f"game:{rec.key}gloss") if rec and self.has(f"game:{rec.key}gloss") else "",
                "field_label": self.ui_or(f"site.field.{note.field}", humanize(note.field)),
                "value": self._value(value),
                "mark": "*" if note.kind == "reconstructed" else "E",
                "reason": self.text(f"game:{note.reason_key}").replace("\n", " ")
                if self.has(f"game:{note.reason_key}") else "",
                "says": "", "uses": "",
            }
            if note.kind == "erratum":
                base = note.reason_key[: -len("why")]
                entry["says"] = self.text(f"game:{base}says") if self.has(f"game:{base}says") else ""
                entry["uses"] = self.text(f"game:{base}uses") if self.has(f"game:{base}uses") else ""
            by_kind["erratum" if note.kind == "erratum" else "reconstructed"].append(entry)
        for r in examples:
            ex = r.example
            k = f"examples:{ex['id']}.erratum"
            if "erratum" in ex and self.has(f"{k}.why"):
                by_kind["erratum"].append({
                    "anchor": f"note-example-{ex['id']}", "name": self.plain(f"examples:{ex['id']}.title"),
                    "gloss": "", "field_label": self.link(self.ui("site.example.page"),
                                                          self.md_link(f"examples/{ex['id']}")),
                    "value": "", "mark": "E", "reason": self.text(f"{k}.why"),
                    "says": self.text(f"{k}.says"), "uses": self.text(f"{k}.uses")})
        return [(kind, notes) for kind, notes in by_kind.items() if notes]

    def _value(self, value: Any) -> Markup | str:
        if value is None or isinstance(value, dict):
            return ""
        if isinstance(value, list):
            return Markup(", ").join(self._value(v) for v in value)
        if isinstance(value, str):
            name = self.record_name(value)
            return md.text(name if name else (value if len(value) < 60 else value[:57] + "…"))
        return md.text(value)

    def downloads(self, found: "Downloads") -> list[dict]:
        """PDF rows for the downloads page: this page's language first, then the others."""
        rows = []
        for lang, paper, path, size in found.files:
            rows.append({
                "name": posixpath.basename(path), "path": path,
                "language": self.ui_or(f"site.lang.{lang}", lang), "paper": self.ui_or(f"site.paper.{paper}", paper),
                "size": _size(size, self.lang), "sort_key": (lang != self.lang, lang, paper)})
        return sorted(rows, key=lambda r: r["sort_key"])

    def record_name(self, ref: str) -> str | None:
        rec = self.site.records(self.game).get(ref)
        return rec.name if rec else None


def note_anchor(record: str, field_name: str) -> str:
    return "note-" + re.sub(r"[^a-z0-9]+", "-", f"{record}-{field_name}".lower()).strip("-")


class SiteWriter:
    """Writes every page of every game in every language into docs/."""

    def __init__(self, content: Content, languages: list[str], templates: Path = TEMPLATES):
        self.content = content
        self.languages = languages
        self.env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(str(templates)),
            autoescape=False,              # the output is Markdown: see finalize
            finalize=_finalize,
            undefined=jinja2.StrictUndefined,
            keep_trailing_newline=True,
            trim_blocks=True,
            lstrip_blocks=True,
        )
        self.env.filters["md"] = lambda v: md.text(v)
        self.env.filters["anchor"] = _anchor
        self.env.globals["field"] = lambda obj, name, default="": getattr(obj, name, default) or default
        self.env.filters["hashes"] = lambda depth: Markup("#" * max(1, min(6, int(depth))))
        self.env.filters["attr"] = lambda v: Markup(md.attr(v))
        self.env.filters["tojson_html"] = lambda v: Markup(
            json.dumps(v, ensure_ascii=False).replace("<", "\\u003c").replace(">", "\\u003e")
            .replace("&", "\\u0026"))
        self._records: dict[str, dict[str, Any]] = {}

    # -- model introspection -------------------------------------------------------------------------------
    @staticmethod
    def record_tables(model: Any) -> list[tuple[str, dict[str, Any]]]:
        """The model's component record dicts in declaration order: [(section, {id: record})]."""
        out = []
        for name, value in vars(model).items():
            if isinstance(value, dict) and value and all(
                    dataclasses.is_dataclass(v) and hasattr(v, "key") and hasattr(v, "raw") for v in value.values()):
                out.append((name, value))
        return out

    def records(self, game: GameContent) -> dict[str, Any]:
        if game.id not in self._records:
            merged: dict[str, Any] = {}
            for _, table in self.record_tables(game.model):
                for rid, rec in table.items():
                    merged.setdefault(rid, rec)
            self._records[game.id] = merged
        return self._records[game.id]

    def card_lookup(self, game: GameContent, lang: str) -> Callable[[str], CardInfo | None]:
        records = self.records(game)
        kinds = {}
        for section, table in self.record_tables(game.model):
            for rid in table:
                kinds.setdefault(rid, section.rstrip("s"))
        cards = {}
        if hasattr(game.model, "cards"):
            for card in game.model.cards():
                cards[card.id] = card.ref

        def lookup(value: str) -> CardInfo | None:
            ref = value if value in records else cards.get(value)
            if ref is None or ref not in records:
                return None
            rec = records[ref]
            gloss_key = f"game:{rec.key}gloss"
            gloss = game.catalog.text(gloss_key, lang) if gloss_key in game.catalog.source else ""
            return CardInfo(rec.name, kinds.get(ref, "card"), gloss)
        return lookup

    def state_label(self, game: GameContent, lang: str) -> Callable[[str | None], str]:
        lookup = self.card_lookup(game, lang)

        def label(key: str | None) -> str:
            if key is None:
                return ""
            if f"ui:site.state.{key}" in self.content.ui.source:
                return self.content.ui.text(f"ui:site.state.{key}", lang)
            info = lookup(key)
            return info.label if info else humanize(str(key))
        return label

    def picture(self, game: GameContent, lang: str, state: Any) -> Markup:
        return Markup(Picture(self.card_lookup(game, lang), self.state_label(game, lang)).render(state))

    # -- writing -------------------------------------------------------------------------------------------
    def render(self, template: str, ctx: PageContext, **values: Any) -> str:
        body = self.env.get_template(template).render(c=ctx, game=ctx.game, lang=ctx.lang, **values)
        if ctx.fallbacks:
            note = ctx.ui("site.fallback_page")
            body = _insert_after_h1(body, f'<p class="tl-fallback-note" markdown="0">{md.attr(note)}</p>\n')
        return body

    def write_all(self, docs: Path, downloads: dict[str, Downloads], examples: dict[str, list[ExampleRender]],
                  images: dict[str, dict[str, dict[str, str]]]) -> list[str]:
        """Write all pages; return the nav as a list of page paths (nested lists for sections)."""
        for lang in self.languages:
            ctx = PageContext(self, None, "index", lang)
            self._write(docs, "index", lang, self.render("home.md.j2", ctx, games=list(self.content.games.values())))
            for game in self.content.games.values():
                renders = examples.get(game.id, [])
                for page, template, _ in GAME_PAGES:
                    path = f"{game.id}/{page}"
                    ctx = PageContext(self, game, path, lang)
                    text = self.render(template, ctx, downloads=downloads.get(game.id, Downloads()),
                                       examples=renders, images=images.get(game.id, {}).get(lang, {}),
                                       tables=self.component_tables(ctx) if page == "components" else [])
                    self._write(docs, path, lang, text)
                for render in renders:
                    path = f"{game.id}/examples/{render.example['id']}"
                    ctx = PageContext(self, game, path, lang)
                    self._write(docs, path, lang, self.render("example.md.j2", ctx, r=render))
        return self.nav(examples)

    def nav(self, examples: dict[str, list[ExampleRender]]) -> list:
        nav: list = ["index.md"]
        for game in self.content.games.values():
            entries: list = []
            for page, _, _ in GAME_PAGES:
                if page == "examples/index":
                    ex = [f"{game.id}/examples/index.md"] + [
                        f"{game.id}/examples/{r.example['id']}.md" for r in examples.get(game.id, [])]
                    entries.append({"Examples": ex})
                else:
                    entries.append(f"{game.id}/{page}.md")
            nav.append({getattr(game.model, "name", game.id): entries})
        return nav

    @staticmethod
    def _write(docs: Path, path: str, lang: str, text: str) -> None:
        target = docs / page_file(path, lang)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")

    # -- component tables ----------------------------------------------------------------------------------
    def component_tables(self, ctx: PageContext) -> list[dict]:
        game = ctx.game
        tables = []
        ordered = sorted(self.record_tables(game.model),
                         key=lambda t: TABLE_ORDER.index(t[0]) if t[0] in TABLE_ORDER else len(TABLE_ORDER))
        for section, table in ordered:
            first = next(iter(table.values()))
            fields = [f.name for f in dataclasses.fields(first) if f.name not in SKIP_FIELDS]
            columns = [ctx.ui_or(f"site.field.{f}", humanize(f)) for f in fields]
            rows = []
            for rec in table.values():
                name = md.text(rec.name) + ctx.field_mark(rec.raw, rec.key, "name")
                if ctx.has(f"game:{rec.key}gloss") and \
                        ctx.raw(f"game:{rec.key}gloss").casefold() != rec.name.casefold():
                    name = Markup("**") + name + Markup("**<br>") + ctx.plain(f"game:{rec.key}gloss")
                cells = [Markup(f'<span id="{md.attr(section)}-{md.attr(rec.id)}"></span>') + name]
                for f in fields:
                    cells.append(self._cell(ctx, rec, f, getattr(rec, f)) + ctx.field_mark(rec.raw, rec.key, f))
                rows.append(cells)
            tables.append({"id": section, "title": ctx.ui_or(f"site.table.{section}", humanize(section)),
                           "columns": [ctx.ui("site.field.name")] + columns, "rows": rows})
        return tables

    def _cell(self, ctx: PageContext, rec: Any, field_name: str, value: Any) -> Markup:
        key = f"game:{rec.key}{field_name}"
        if ctx.has(key):
            return ctx.text(key).replace("\n", " ")
        if field_name == "rule" and isinstance(value, str) and ctx.has(f"rules:{value}.title"):
            return Markup(md.link(ctx.game.catalog.text(f"rules:{value}.title", ctx.lang),
                                  ctx.md_link("rules", value)))
        if isinstance(value, bool):
            return Markup("✓" if value else "–")
        if isinstance(value, (tuple, list)):
            if not value:
                return Markup("–")
            return Markup(", ").join(self._ref(ctx, v) for v in value)
        if isinstance(value, str):
            return self._ref(ctx, value) if value else Markup("–")
        return md.text(value)

    def _ref(self, ctx: PageContext, value: Any) -> Markup:
        if isinstance(value, (tuple, list)) and len(value) == 2 and isinstance(value[1], int) \
                and isinstance(value[0], str):                      # (id, count) pairs: "2 × Broccoli"
            return md.text(f"{value[1]} × ") + self._ref(ctx, value[0])
        if isinstance(value, (tuple, list)):
            return Markup(", ").join(self._ref(ctx, v) for v in value)
        if isinstance(value, dict):
            return Markup(", ").join(md.text(f"{k}: ") + self._ref(ctx, v) for k, v in value.items())
        if isinstance(value, str):
            name = ctx.record_name(value)
            if name is not None:
                return md.text(name)
        return md.text(value)


def _size(n: int, lang: str) -> str:
    value = f"{n / 1_000_000:.1f} MB" if n >= 100_000 else f"{n / 1000:.0f} kB"
    return value.replace(".", ",") if lang in ("de", "pt") else value


_ANCHOR = re.compile(r"^[a-z0-9][a-z0-9._\-]*$")


def _anchor(value: str) -> Markup:
    """An id for `{ #id }` / id="": content ids are schema-checked, but check again rather than escape."""
    if not _ANCHOR.match(str(value)):
        raise ValueError(f"not a usable anchor id: {value!r}")
    return Markup(value)


def _finalize(value: Any) -> Any:
    if isinstance(value, Markup):
        return value
    if value is None:
        return ""
    return md.text(value)


def _insert_after_h1(body: str, html: str) -> str:
    m = re.search(r"^# .*$", body, re.M)
    if not m:
        return html + "\n" + body
    return body[: m.end()] + "\n\n" + html + body[m.end():]
