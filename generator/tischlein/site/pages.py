"""Content → Markdown pages, one file per page and language, from the Jinja templates in templates/site/.

Nothing here knows Mahlzeit: component tables come from the typed model's record dicts, facts from the
game's `facts`/`totals`, states are drawn by the game's picture module (or state.py). A new game needs content (and a typed model), not a
new template; a new language needs its translation files (content/ui/<lang>.yaml and the games' i18n/<lang>/).

Escaping: the templates write Markdown. The Jinja environment's `finalize` passes every value through
markdown.text() (plain text, Markdown and HTML escaped) unless it is a Markup object, which only our helpers
produce: markdown.content() for content Markdown and the HTML blocks built from attr()-escaped values.
"""
from __future__ import annotations

import dataclasses
import html
import json
import re
from pathlib import Path
from typing import Any, Callable

import jinja2
from markupsafe import Markup

from .. import resources
from ..content.loader import Content, GameContent
from ..engine import api
from ..files import inside
from . import calculator
from . import markdown as md
from .context import Downloads, ExampleRender, PageContext, humanize, page_file
from .state import CardInfo, Picture


# page id -> (template, ui key of its title); order = nav order
GAME_PAGES = [
    ("index", "game.md.j2", None),
    ("overview", "overview.md.j2", "ui:site.overview"),
    ("rules", "rules.md.j2", "ui:site.rules"),
    ("components", "components.md.j2", "ui:site.components"),
    ("faq", "faq.md.j2", "ui:site.faq"),
    ("quickref", "quickref.md.j2", "ui:site.quickref"),
    ("calculator", "calculator.md.j2", "ui:site.calc.title"),
    ("examples/index", "examples.md.j2", "ui:site.examples"),
    ("play", "play.md.j2", "ui:site.play.page"),
    ("simulation", "simulation.md.j2", "ui:site.simulation"),
    ("sources", "sources.md.j2", "ui:site.provenance"),
    ("downloads", "downloads.md.j2", "ui:site.downloads"),
]
# Pages only a game with a rules engine has (its game package has an engine).
ENGINE_PAGES = {"simulation", "play"}
# Site-wide pages besides the landing page: (page, template)
SITE_PAGES = [("translate", "translate.md.j2")]
SKIP_FIELDS = {"id", "name", "key", "mark", "raw"}
# Component tables: these first when a game has them, then the rest in the model's order.
TABLE_ORDER = ("dishes", "recipes", "ingredients", "drinks")




class SiteWriter:
    """Writes every page of every game in every language into docs/."""

    def __init__(self, content: Content, languages: list[str], templates: Path | None = None,
                 compiled: Path | None = None):
        """`compiled`: a folder where Jinja keeps the compiled templates between builds (each language's task
        would compile them all again; Jinja checks each against its source)."""
        self.content = content
        self.languages = languages
        if compiled is not None:
            compiled.mkdir(parents=True, exist_ok=True)
        self.env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(str(templates or resources.templates())),
            bytecode_cache=jinja2.FileSystemBytecodeCache(str(compiled)) if compiled is not None else None,
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
        self.env.globals["calculator"] = calculator.widget      # the scoring calculator block
        self.env.filters["tojson_html"] = lambda v: Markup(
            json.dumps(v, ensure_ascii=False).replace("<", "\\u003c").replace(">", "\\u003e")
            .replace("&", "\\u0026"))
        self._records: dict[str, dict[str, Any]] = {}
        self._related: dict[tuple[str, str], dict[str, dict[str, list]]] = {}
        self._names: dict[tuple[str, str], dict[str, str]] = {}
        self.engines: set[str] = set()          # game ids whose game package has a rules engine
        self.payloads: dict[str, dict] = {}     # game id -> what engine.api takes as `game` (assets.game_payload)
        self.site_values: dict[str, Any] = {}   # extra values for site-wide pages (simulations, coverage)

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

    def related(self, game: GameContent, lang: str) -> dict[str, dict[str, list]]:
        """rule id -> {"rules": [ids linked from or to it], "faq": [faq ids], "examples": [example ids]}."""
        key = (game.id, lang)
        if key not in self._related:
            token = re.compile(r"\{rule:([^{}\s]+)\}")
            ids = [s.id for s in game.rules]
            out = {rid: {"rules": [], "faq": [], "examples": []} for rid in ids}
            for rid in ids:
                body = game.catalog.source.get(f"rules:{rid}.body", "")
                for target in token.findall(body):
                    if target in out and target != rid:
                        if target not in out[rid]["rules"]:
                            out[rid]["rules"].append(target)
                        if rid not in out[target]["rules"]:
                            out[target]["rules"].append(rid)
            for entry in game.faq:
                for rid in entry.get("rules") or []:
                    if rid in out:
                        out[rid]["faq"].append(entry["id"])
            for ex in game.examples:
                for rid in ex.get("rules") or []:
                    if rid in out and ex["id"] not in out[rid]["examples"]:
                        out[rid]["examples"].append(ex["id"])
            self._related[key] = out
        return self._related[key]

    def names(self, game: GameContent, lang: str) -> dict[str, str]:
        """The engine's messages in `lang`, whose `name.<id>` entries are the printed names pictures use."""
        key = (game.id, lang)
        if key not in self._names:
            self._names[key] = game.engine_messages(lang)
        return self._names[key]

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

    @staticmethod
    def has_own_picture(game: GameContent) -> bool:
        """Whether the game draws its states itself (a picture module beside its engine)."""
        from .. import games
        spec = games.spec(game.id)
        return spec is not None and bool(spec.picture_module) and spec.engine_class is not None

    def payload(self, game: GameContent) -> dict:
        """The game JSON the browser's engine reads (made once per game): the build draws and names with it."""
        if game.id not in self.payloads:
            from .assets import game_payload
            self.payloads[game.id] = game_payload(game, self.languages)
        return self.payloads[game.id]

    def named(self, game: GameContent, state: Any) -> Callable[[Any], Any]:
        """How the engine names a move's argument in `state` (Engine.named: a die as what it shows); the value
        itself without an engine or a state."""
        if state is None or game.id not in self.engines:
            return lambda value: value
        engine = api.engine_of(self.payload(game))
        read = engine.from_dict(state)
        return lambda value: engine.named(read, value)

    def picture(self, game: GameContent, lang: str, state: Any) -> Markup:
        """A state as a picture: drawn by the game's picture module through engine.api.draw — the very function the
        browser calls — or, for a game without one, by the generic picture of state.py."""
        if self.has_own_picture(game):
            drawn = api.draw(self.payload(game), state, lang)
            if drawn["error"] is not None:
                raise ValueError(f"{game.id}: cannot draw a state: {drawn['error']['message']}")
            return Markup(drawn["html"])
        return Markup(Picture(self.card_lookup(game, lang), self.state_label(game, lang)).render(state))

    # -- writing -------------------------------------------------------------------------------------------
    def render(self, template: str, ctx: PageContext, **values: Any) -> str:
        body = self.env.get_template(template).render(c=ctx, game=ctx.game, lang=ctx.lang, site=self.site_values,
                                                      **values)
        if ctx.fallbacks:
            note = ctx.ui("site.fallback_page")
            body = _insert_after_h1(body, f'<p class="tl-fallback-note" role="note" markdown="0">'
                                          f'{md.attr(note)}</p>\n')
        abbreviations = ctx.abbreviations()
        if abbreviations:
            body = body.rstrip("\n") + "\n\n" + abbreviations + "\n"
        return body

    def game_pages(self, game: GameContent) -> list[tuple[str, str, str | None]]:
        """The pages this game has: ENGINE_PAGES only with a rules engine."""
        return [p for p in GAME_PAGES if p[0] not in ENGINE_PAGES or game.id in self.engines]

    def write_all(self, docs: Path, downloads: dict[str, Downloads], examples: dict[str, list[ExampleRender]],
                  images: dict[str, dict[str, dict[str, str]]], only: list[str] | None = None) -> list[str]:
        """Write all pages (or only those in the languages `only`); return the nav as a list of page paths
        (nested lists for sections)."""
        for lang in self.languages if only is None else [lang for lang in self.languages if lang in only]:
            ctx = PageContext(self, None, "index", lang)
            self._write(docs, "index", lang, self.render("home.md.j2", ctx, games=list(self.content.games.values()),
                                                         downloads=downloads, images=images))
            for page, template in SITE_PAGES:
                ctx = PageContext(self, None, page, lang)
                self._write(docs, page, lang, self.render(template, ctx, games=list(self.content.games.values())))
            for game in self.content.games.values():
                renders = examples.get(game.id, [])
                for page, template, _ in self.game_pages(game):
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
            for page, _, _ in self.game_pages(game):
                if page == "examples/index":
                    ex = [f"{game.id}/examples/index.md"] + [
                        f"{game.id}/examples/{r.example['id']}.md" for r in examples.get(game.id, [])]
                    entries.append({"Examples": ex})
                else:
                    entries.append(f"{game.id}/{page}.md")
            nav.append({html.escape(game.model.name): entries})      # MkDocs writes nav titles as they are
        nav += [f"{page}.md" for page, _ in SITE_PAGES]
        return nav

    @staticmethod
    def _write(docs: Path, path: str, lang: str, text: str) -> None:
        target = inside(docs, docs / page_file(path, lang))
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")

    # -- component tables ----------------------------------------------------------------------------------
    def component_tables(self, ctx: PageContext) -> list[dict]:
        game = ctx.game
        tables = []
        ordered = sorted(self.record_tables(game.model),
                         key=lambda t: TABLE_ORDER.index(t[0]) if t[0] in TABLE_ORDER else len(TABLE_ORDER))
        for section, table in ordered:
            fields = self._table_fields(ctx, list(table.values()))
            columns = [ctx.field_label(f) for f in fields]
            rows = []
            for rec in table.values():
                name = md.text(rec.name) + ctx.field_mark(rec.raw, rec.key, "name")
                gloss = ctx.gloss_of(f"game:{rec.key}", rec.name)
                if gloss:
                    name = Markup("**") + name + Markup("**<br>") + gloss
                cells = [Markup(f'<span id="{md.attr(section)}-{md.attr(rec.id)}"></span>') + name]
                for f in fields:
                    cells.append(self._cell(ctx, rec, f, getattr(rec, f, None)) + ctx.field_mark(rec.raw, rec.key, f))
                rows.append(cells)
            tables.append({"id": section, "title": ctx.ui_or(f"site.table.{section}", humanize(section)),
                           "columns": [ctx.ui("site.field.name")] + columns, "rows": rows})
        return tables

    @staticmethod
    def _table_fields(ctx: PageContext, records: list[Any]) -> list[str]:
        """The columns of a record table: the record type's TABLE, or its fields with an interface label whose
        values are not engine data; then its card text, where its records have one."""
        first = records[0]
        fields = first.TABLE
        if fields is None:
            fields = [f.name for f in dataclasses.fields(first) if f.name not in SKIP_FIELDS and ctx.has_label(f.name)
                      and not any(isinstance(getattr(r, f.name), dict) and r.shown(f.name, ctx.ui, str) is None
                                  for r in records)]
        return [*fields, "text"] if any(ctx.has(f"game:{r.key}text") for r in records) else list(fields)

    def _cell(self, ctx: PageContext, rec: Any, field_name: str, value: Any) -> Markup:
        key = f"game:{rec.key}{field_name}"
        if ctx.has(key):
            return ctx.text(key).replace("\n", " ")
        shown = rec.shown(field_name, ctx.ui, lambda rid: ctx.record_name(rid) or rid)
        if shown is not None:
            return md.text(shown)
        if value is None:
            return Markup("–")
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
