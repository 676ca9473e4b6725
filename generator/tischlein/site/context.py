"""What a page template may call while writing one page in one language: `PageContext`, and the little
helpers around it (page files and URLs, marks, sizes).

Escaping: see pages.py. Every string from content reaches a page through markdown.text() (plain text, Markdown
and HTML escaped), markdown.content() (content Markdown, sanitised) or attr() inside an HTML block we build.
"""
from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from markupsafe import Markup

from ..content import plural
from ..content.i18n import SOURCE_LANGUAGE
from ..content.loader import Content, GameContent
from ..content.provenance import provenance_of
from ..engine.messages import param_text, printed_name
from .. import locale
from . import downloads as dl
from .downloads import Downloads
from .facts import GameFacts
from .panels import EnginePanels, humanize
from .simulation import page_view
from . import markdown as md
from .state import CardInfo


class Site(Protocol):
    """What a page context reads of the site being written (pages.SiteWriter is one): declared here so that this
    module needs nothing of pages.py, which imports it."""

    content: Content
    engines: set[str]                   # game ids whose game package has a rules engine
    site_values: dict[str, Any]         # extra values for site-wide pages (simulations, coverage)

    def records(self, game: GameContent) -> dict[str, Any]: ...
    def related(self, game: GameContent, lang: str) -> dict[str, dict[str, list]]: ...
    def names(self, game: GameContent, lang: str) -> dict[str, str]: ...
    def card_lookup(self, game: GameContent, lang: str) -> Callable[[str], CardInfo | None]: ...
    def named(self, game: GameContent, state: Any) -> Callable[[Any], Any]: ...
    def picture(self, game: GameContent, lang: str, state: Any) -> Markup: ...


MARK_CLASS = {"R": "tl-r", "*": "tl-star", "E": "tl-erratum"}
MARK_UI = {"R": "ui:site.mark.rulebook", "*": "ui:site.mark.reconstructed", "E": "ui:site.mark.erratum"}


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


@dataclass
class ExampleRender:
    """One example replayed by the engine at build time, per language (messages are translated)."""

    example: dict
    results: dict[str, dict] = field(default_factory=dict)       # lang -> tischlein.engine.replay.run(...)


# A Markdown text whose first line opens a block other than a paragraph
_BLOCK_START = re.compile(r"\s*(?:[-*+]\s|\d+[.)]\s|#{1,6}\s|>|\||```|~~~|\n)")


class PageContext(GameFacts, EnginePanels):
    """What a template may call while writing one page in one language."""

    def __init__(self, site: Site, game: GameContent | None, path: str, lang: str):
        self.site, self.game, self.path, self.lang = site, game, path, lang
        self.fallbacks = 0

    # -- text ----------------------------------------------------------------------------------------------
    def ui(self, key: str, **params: Any) -> str:
        full = f"ui:{key}"
        catalog = self._ui_catalog
        if full not in catalog.source:
            raise KeyError(f"missing interface string {key!r} in tischlein/content/ui/en.yaml")
        text = plural.choose(catalog.text(full, self.lang), self.lang, params)
        for name, value in params.items():
            text = text.replace("{" + name + "}", locale.number(value, self.lang))
        return text

    def ui_or(self, key: str, default: str, **params: Any) -> str:
        return self.ui(key, **params) if f"ui:{key}" in self._ui_catalog.source else default

    @property
    def _ui_catalog(self):
        """The interface strings: tischlein's, with the game's own on a game's pages."""
        return self.game.ui if self.game is not None else self.site.content.ui

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
        """A content Markdown text, made safe, tokens expanded; a fallback badge when not translated. Before a
        text that starts with a block (a list, a heading, a quote, a table …) the badge stands in a paragraph of
        its own: in front of `- item` it would turn the list into a line of running text."""
        resolved = self._resolve(key)
        badge = self._badge(resolved)
        if badge and _BLOCK_START.match(resolved.text):
            badge = badge.rstrip() + "\n\n"
        return Markup(badge) + md.content(resolved.text, self.expand)

    def expand(self, kind: str, target: str) -> str:
        if kind == "rule":
            title = self.game.catalog.text(f"rules:{target}.title", self.lang)
            return md.link(title, self.md_link("rules", target))
        if kind == "example":       # a worked example by its title (its id names its page, never the reader)
            title = self.game.catalog.text(f"examples:{target}.title", self.lang)
            return md.link(title, self.md_link(f"examples/{target}"))
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
        raw = self.game.model.raw.get(section) or {}
        if section == "totals" and not raw:
            return self.counted_totals()
        rows = []
        for k, v in raw.items():
            if k in ("source", "reconstructed", "errata", "id") or (section, k) == ("facts", "time"):
                continue                # the playing time has its own row (play_time)
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

    def step_nav(self, previous: int | None, following: int | None) -> Markup:
        """The previous / next controls of a replay step (0 = the start). Plain links into the other step's body,
        so they work without JavaScript: a browser opens the collapsed section a link leads into (site.js also
        closes the one being left)."""
        def step(n: int) -> tuple[str, str]:
            return ("start-body", self.ui("site.example.start")) if n == 0 else \
                (f"step-{n}-body", f"{self.ui('replay.step')} {n}")
        links = []
        for n, key, cls in ((previous, "site.example.previous", "tl-step-prev"),
                            (following, "site.example.next", "tl-step-next")):
            if n is not None:
                target, name = step(n)
                links.append(f'<a class="md-button {cls}" href="#{md.attr(target)}">'
                             f'{md.attr(self.ui(key, step=name))}</a>')
        return Markup(f'<nav class="tl-step-nav" aria-label="{md.attr(self.ui("site.example.steps"))}" '
                      f'markdown="0">{"".join(links)}</nav>')

    def move_text(self, move: Any, args: bool = True, bold: bool = True, before: Any = None) -> Markup:
        """'**Silke**: takes a card · row 3' from a move dict {player, move, args}; with the state `before` the
        move, what it uses reads as it looks there (a die: "Broccoli 5")."""
        if not isinstance(move, dict):
            return md.text(move)
        verb = str(move.get("move", "?"))
        parts = [md.text(self.ui_or(f"site.move.{verb}", verb))]
        if args and move.get("args"):
            parts.append(self.move_args(move, before))
        player = move.get("player")
        strong = Markup("**") if bold else Markup("")
        head = (strong + md.text(player) + strong + Markup(": ")) if player else Markup("")
        return head + Markup(" · ").join(parts)

    def move_args(self, move: dict, before: Any = None) -> Markup:
        """A move's arguments, each named; with the state `before` the move, as things look there."""
        lookup = self.site.card_lookup(self.game, self.lang)
        named = self.site.named(self.game, before) if self.game is not None else (lambda value: value)
        return Markup(" · ").join(
            md.text(f"{self.ui_or(f'site.arg.{name}', humanize(name))} ") + self._arg(value, lookup, named)
            for name, value in (move.get("args") or {}).items())

    def _arg(self, value: Any, lookup, named=lambda value: value) -> Markup:
        """A move's argument as the reader knows it: the printed names the engine's messages and the pictures use
        (a die reads "Onion 5", as `named` says it looks), else the record's name."""
        if isinstance(value, list):
            return Markup(", ").join(self._arg(v, lookup, named) for v in value)
        if isinstance(value, dict):              # a part of a move (a counter symbol used, a purchase)
            return Markup(", ").join(md.text(f"{self.ui_or(f'site.arg.{k}', humanize(k))} ")
                                     + self._arg(v, lookup, named) for k, v in value.items())
        seen = named(value)
        if isinstance(seen, dict):               # a thing that its looks tell apart: a die showing a number
            return md.text(param_text(seen, self.site.names(self.game, self.lang)))
        if isinstance(value, bool):
            return md.text(self.ui("engine.picture.yes") if value else "–")
        if isinstance(value, str):
            shown = printed_name(value, self.site.names(self.game, self.lang))
            if shown == value:
                info = lookup(value)
                shown = info.label if info else self.ui_or(f"site.value.{value}", value) \
                    if re.fullmatch(r"[a-z0-9_]+", value) else value
            return md.text(shown)
        return md.text(value)

    def rejection(self, error: dict) -> Markup:
        """An engine error {index, rule, key, params, message}: the message, then the rule it breaks by its
        title, linked (the rule's id is only the link's anchor: a reader never sees it)."""
        rule = error.get("rule") or ""
        out = md.text(error.get("message") or "")
        if rule and self.has(f"rules:{rule}.title"):
            out += Markup(" (") + md.text(self.ui("site.play.rule")) + Markup(": ") + self.rule_link(rule) \
                + Markup(")")
        return out

    # -- issue 6: landing, setup, related rules, tooltips, quick reference ------------------------------------
    @property
    def has_engine(self) -> bool:
        return self.game is not None and self.game.id in self.site.engines

    def for_game(self, game: GameContent) -> "PageContext":
        """A context for another game, written from this page (the landing page shows every game)."""
        other = PageContext(self.site, game, self.path, self.lang)
        other.fallbacks = 0
        return other

    def rel_page(self, path: str, anchor: str | None = None) -> str:
        """A .md link target to any page (docs-relative path without suffix) from this page."""
        rel = posixpath.relpath(page_file(path, SOURCE_LANGUAGE), posixpath.dirname(self.path) or ".")
        return rel + (f"#{anchor}" if anchor else "")

    def first_sentence(self, key: str, whole: bool = False) -> Markup:
        """The first sentence of a content text (up to the first . ! ? followed by a space), made safe. With
        `whole`, a sentence that announces a list or a table ("three spice combinations:") comes with it."""
        resolved = self._resolve(key)
        blocks = [b for b in re.split(r"\n\s*\n", resolved.text.strip()) if b.strip()] or [""]
        text = re.sub(r"^\s*(?:[-*+]|\d+[.)])\s+", "", blocks[0])          # a list's first item
        text = text.split("\n")[0] if re.match(r".*\n\s*(?:[-*+]|\d+[.)])\s", text, re.S) else text
        m = re.match(r"(.*?\w.*?[.!?])(\s|$)", text, re.S)
        sentence = " ".join((m.group(1) if m else text).split())
        if sentence.count("**") % 2:                       # cut inside **bold**: close it
            sentence += "**"
        out = Markup(self._badge(resolved)) + md.content(sentence, self.expand)
        if whole and sentence.endswith(":") and len(blocks) > 1:
            out += Markup("\n\n") + md.content(blocks[1], self.expand)
        return out

    def lead(self, key: str) -> Markup:
        """The first paragraph of a content text, and the list after it when the paragraph ends with a colon
        (\"Add up:\" + the items): the gist of a rule section for the quick reference."""
        resolved = self._resolve(key)
        blocks = [b for b in re.split(r"\n\s*\n", resolved.text.strip()) if b.strip()]
        if not blocks:
            return Markup("")
        taken = blocks[:1]
        if taken[0].rstrip().endswith(":") and len(blocks) > 1:
            taken.append(blocks[1])
        return Markup(self._badge(resolved)) + md.content("\n\n".join(taken), self.expand)

    def tagline(self) -> Markup:
        """What makes the game tick, in one line: a `game:tagline` text if content has one, else the first
        sentence of the overview rule."""
        if self.has("game:tagline"):
            return self.plain("game:tagline")
        key = f"rules:{self.game.id}.overview.body"
        if self.has(key):
            return self.first_sentence(key)
        return self.plain("game:gloss") if self.has("game:gloss") else Markup("")

    def players(self) -> Markup:
        raw = self.game.model.raw.get("facts", {})
        v = raw.get("players")
        if isinstance(v, dict) and {"min", "max"} <= set(v):
            shown = f"{v['min']}–{v['max']}" if v["min"] != v["max"] else str(v["min"])
            return md.text(shown) + self.field_mark(raw, "facts.", "players")
        return Markup("–")

    def play_time(self) -> Markup:
        """Playing time (`facts.time` of game.yaml) with its provenance mark."""
        raw = self.game.model.raw.get("facts", {})
        v = raw.get("time")
        if not isinstance(v, dict):
            return Markup("–")
        return md.text(self.ui("site.home.minutes", min=v["min"], max=v["max"])) + self.field_mark(raw, "facts.", "time")

    def emblem(self, images: dict[str, Any] | None = None) -> Markup:
        """The game's picture: a card face from the previews when there is one, else an SVG drawn here."""
        name = self.game.model.name
        alt = self.ui("site.home.emblem", name=name)
        if images:
            path = next(iter(images.values())).path
            return Markup(f'<img class="tl-emblem" src="{md.attr(self.href(path))}" alt="{md.attr(alt)}" '
                          f'loading="lazy">')
        return Markup(emblem_svg(self.game.id, name, alt))

    def setup_sections(self) -> list:
        """The setup rule and its subsections (document order)."""
        root = f"{self.game.id}.setup"
        return [s for s in self.game.rules if s.id == root or s.id.startswith(root + ".")]

    def player_counts(self) -> list[tuple[int, list[tuple[str, Markup]]]]:
        """Per player count: (count, [(label, value)]) from a `player_counts` list in game.yaml, if any."""
        raw = self.game.model.raw.get("player_counts")
        out = []
        if isinstance(raw, list):
            for entry in raw:
                if not isinstance(entry, dict) or not isinstance(entry.get("players"), int):
                    continue
                rows = []
                for k, v in entry.items():
                    if k in ("players", "source", "reconstructed", "errata", "id"):
                        continue
                    rows.append((self.ui_or(f"site.fact.{k}", humanize(k)), self._cell_value(v)))
                out.append((entry["players"], rows))
        return out

    @staticmethod
    def _cell_value(v: Any) -> Markup:
        if isinstance(v, bool):
            return Markup("✓" if v else "–")
        if isinstance(v, (list, tuple)):
            return md.text(", ".join(str(x) for x in v))
        return md.text(v)

    def related(self, rule_id: str) -> dict[str, list]:
        """Rules this section links to or is linked from, FAQ entries and examples about it."""
        return self.site.related(self.game, self.lang).get(rule_id, {"rules": [], "faq": [], "examples": []})

    def faq_link(self, faq_id: str) -> Markup:
        return self.link(self.raw(f"faq:{faq_id}.question"), self.md_link("faq", f"faq-{faq_id}"))

    def example_link(self, example_id: str) -> Markup:
        return self.link(self.raw(f"examples:{example_id}.title"), self.md_link(f"examples/{example_id}"))

    def abbreviations(self) -> str:
        """`*[term]: definition` lines for the abbr extension: every glossary term becomes a tooltip wherever
        it appears on the page. The definition is plain text (an HTML attribute, escaped by Markdown)."""
        if self.game is None:
            return ""
        lines = []
        seen = set()
        for term in self.game.glossary:
            word = " ".join(self.game.catalog.text(f"glossary:{term}.term", self.lang).split())
            definition = self.game.catalog.text(f"glossary:{term}.definition", self.lang)
            definition = re.sub(r"\{rule:([^{}\s]+)\}", lambda m: self._title_or(f"rules:{m.group(1)}.title",
                                                                                m.group(1)), definition)
            definition = re.sub(r"\{term:([^{}\s]+)\}", lambda m: self._title_or(f"glossary:{m.group(1)}.term",
                                                                                m.group(1)), definition)
            definition = md.tooltip_text(definition)
            if not word or any(c in word for c in "[]\\") or len(word) > 60:
                continue
            for variant in dict.fromkeys((word, word[:1].lower() + word[1:], word[:1].upper() + word[1:])):
                if variant not in seen:
                    seen.add(variant)
                    lines.append(f"*[{variant}]: {definition}")
        return "\n".join(lines)

    def _title_or(self, key: str, default: str) -> str:
        return self.game.catalog.text(key, self.lang) if key in self.game.catalog.source else default

    def quickref_sections(self) -> list:
        """Top-level rule sections for the quick reference (not the overview and component lists)."""
        skip = {f"{self.game.id}.overview", f"{self.game.id}.components"}
        return [s for s in self.game.rules if s.depth == 0 and s.id not in skip]

    def children(self, rule_id: str) -> list:
        return [s for s in self.game.rules if s.id.startswith(rule_id + ".") and
                s.id.count(".") == rule_id.count(".") + 1]

    def gallery(self, images: dict[str, Any]) -> list[dict]:
        """The card faces of the gallery: link and alt text (the printed name, else the record's, else the id)."""
        return [{"href": self.href(image.path), "alt": image.name or self.record_name(ref) or humanize(ref)}
                for ref, image in images.items()]

    def simulation(self) -> dict | None:
        """Charts (inline SVG) and summaries of the build-time random playouts of this game."""
        return page_view(self)

    def coverage(self) -> list[dict]:
        """Translation coverage rows (site-wide translator's page): per part and language."""
        rows = []
        for cov in self.site.site_values.get("coverage", []):
            if cov.scope == "ui":
                part = self.ui("site.translate.ui_part")
            else:
                game = self.site.content.games.get(cov.scope)
                part = game.model.name if game else cov.scope
            rows.append({"part": part, "scope": cov.scope, "lang": self.language(cov.lang),
                         "code": cov.lang, "total": cov.total, "current": cov.current, "stale": len(cov.stale),
                         "missing": len(cov.missing), "percent": f"{cov.percent:.0f}"})
        return rows

    def rulebook_trace(self) -> dict:
        """For the sources page, from the game's trace.yaml (content/trace.py): each ambiguous rulebook sentence
        (its place, the reading chosen, the other readings, why) and, per rule, where the rulebook states it."""
        from ..content.trace import entries_of
        entries = entries_of(self.game.folder)

        def place(e: dict) -> Markup:
            return md.text(e["section"].rstrip(":") + ", " + (self.ui("site.sources.heading") if e["n"] == 0 else
                                                  self.ui("site.sources.sentence", n=e["n"])))
        ambiguous = []
        for e in entries:
            if e.get("ambiguous") and self.has(f"trace:{e['fingerprint']}.why"):
                key, chosen = f"trace:{e['fingerprint']}", e["ambiguous"]["chosen"] - 1
                readings = [self.plain(f"{key}.readings.{i}") for i in range(len(e["ambiguous"]["readings"]))]
                ambiguous.append({"place": place(e), "chosen": readings[chosen],
                                  "others": [r for i, r in enumerate(readings) if i != chosen],
                                  "why": self.plain(f"{key}.why")})
        by_rule: dict[str, list[tuple[str, list[int]]]] = {}     # rule -> [(section, its sentence numbers)]
        for e in entries:
            for rule in e.get("rules", []):
                groups = by_rule.setdefault(rule, [])
                if not groups or groups[-1][0] != e["section"]:
                    groups.append((e["section"], []))
                groups[-1][1].append(e["n"])
        rules = [{"id": r.id, "places": Markup(" · ").join(self._places(by_rule[r.id]))}
                 for r in self.game.rules if r.id in by_rule]
        return {"ambiguous": ambiguous, "rules": rules}

    def rulebook_places(self) -> dict[str, Markup]:
        """Each rule id with where the rulebook states it ("Setup, sentences 1, 2 · Turn, heading"), for the line
        under the rule on the rules page and in the booklet."""
        if not hasattr(self, "_rulebook_places"):
            self._rulebook_places = {r["id"]: r["places"] for r in self.rulebook_trace()["rules"]}
        return self._rulebook_places

    def _places(self, groups: list[tuple[str, list[int]]]) -> list[Markup]:
        """"Setup, sentences 1, 2, 6" per section (a heading that states the rule: "…, heading")."""
        out = []
        for section, numbers in groups:
            parts = [self.ui("site.sources.heading")] if 0 in numbers else []
            counted = [n for n in numbers if n]
            if len(counted) == 1:
                parts.append(self.ui("site.sources.sentence", n=counted[0]))
            elif counted:
                parts.append(self.ui("site.sources.sentences", numbers=", ".join(str(n) for n in counted)))
            out.append(md.text(section.rstrip(":") + ", " + ", ".join(parts)))
        return out

    def notes(self, examples: list["ExampleRender"]) -> list[tuple[str, list[dict]]]:
        """Every reconstructed value and erratum, grouped by kind, for the sources page."""
        model = self.game.model
        by_kind: dict[str, list[dict]] = {"reconstructed": [], "erratum": []}
        for note in model.notes:
            section, _, rid = note.record.partition(".")
            raw = model.raw.get(section)
            if rid and isinstance(raw, list):
                raw = next((r for r in raw if r.get("id") == rid), {})
            value = raw.get(note.field) if isinstance(raw, dict) else None
            key = f"game:{note.record}."          # the record's texts in the catalog: its gloss, its translated fields
            entry = {
                "anchor": note_anchor(note.record, note.field),
                "name": self._credited(note, section),
                "gloss": self.gloss_of(key, note.name) if section != "backs" else "",
                "field_label": self.field_label(note.field),
                "value": self._value(self.raw(key + note.field) if self.has(key + note.field) else value),
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

    def _credited(self, note, section: str) -> str:
        """Who a note belongs to, as the reader knows it (Note.credited_as, as in the PDF credits), else the
        record's name."""
        how = note.credited_as(lambda key: f"ui:{key}" in self._ui_catalog.source, lambda key: self.has(f"game:{key}"))
        if how and how[0] == "ui":
            return self.ui(how[1])
        if how:
            return f"{note.name} · {self.raw(f'game:{how[1]}')}"
        return note.name if note.name != section else humanize(section)

    def gloss_of(self, key: str, name: str) -> Markup | str:
        """What a record's name means (`key`: its catalog prefix), where it says more than the name ("FdH (Friss
        die Hälfte)", not "Torte (Torte)")."""
        if not self.has(f"{key}gloss") or self.raw(f"{key}gloss").casefold() == name.casefold():
            return ""
        return self.plain(f"{key}gloss")

    def has_label(self, field: str) -> bool:
        return f"ui:site.field.{field}" in self._ui_catalog.source or f"ui:pdf.field.{field}" in self._ui_catalog.source

    def field_label(self, field: str) -> str:
        """A field as a column heading: the site's own label, else the PDF credits' (capitalised)."""
        if f"ui:site.field.{field}" in self._ui_catalog.source:
            return self.ui(f"site.field.{field}")
        label = self.ui_or(f"pdf.field.{field}", humanize(field))
        return label[:1].upper() + label[1:]

    def _value(self, value: Any) -> Markup | str:
        if value is None or isinstance(value, dict):
            return ""
        if isinstance(value, list):          # a list of records (cards taken out, table rows) shows no value
            return Markup(", ").join(v for v in map(self._value, value) if v)
        if isinstance(value, str):
            name = self.record_name(value)
            return md.text(name if name else (value if len(value) < 60 else value[:57] + "…"))
        return md.text(value)

    def downloads(self, found: "Downloads") -> list[dict]:
        """A row per file: this page's language first, then the others (site/downloads.py)."""
        return dl.rows(self, found)

    def download_sections(self, found: "Downloads") -> list[dict]:
        """The downloads page: a section per language, this page's first (site/downloads.py)."""
        return dl.sections(self, found)

    def size(self, n: int) -> str:
        """A file size in the reader's language: "840 kB", "1.2 MB"."""
        return locale.file_size(n, self.lang)

    def language(self, code: str) -> str:
        """The name of a language in the reader's language."""
        return locale.language_name(code, self.lang, self.site.content.language_name(code))

    def record_name(self, ref: str) -> str | None:
        """A record's name for its id; a colour word of the content ("green") in the page's language."""
        rec = self.site.records(self.game).get(ref)
        if rec:
            return rec.name
        return self.ui(f"colour.{ref}") if f"ui:colour.{ref}" in self._ui_catalog.source else None


EMBLEM_COLOURS = ("#a63d1f", "#3f6212", "#7c2d12", "#1e3a8a", "#86198f", "#0f766e", "#92400e")


def emblem_svg(game_id: str, name: str, alt: str) -> str:
    """A plate with the game's initials, its colour derived from the id: a picture for every game, even one
    without card previews. Only escaped text goes in."""
    import hashlib
    h = int(hashlib.sha256(game_id.encode()).hexdigest(), 16)
    colour = EMBLEM_COLOURS[h % len(EMBLEM_COLOURS)]
    words = [w for w in re.split(r"[\s\-:]+", name) if w and w[0].isalpha()]
    initials = "".join(w[0] for w in words[:2]).upper() or game_id[:2].upper()
    return (f'<svg class="tl-emblem" viewBox="0 0 120 120" role="img" aria-label="{md.attr(alt)}" '
            f'xmlns="http://www.w3.org/2000/svg">'
            f'<circle cx="60" cy="60" r="56" fill="#fff7ec" stroke="{colour}" stroke-width="4"/>'
            f'<circle cx="60" cy="60" r="42" fill="none" stroke="{colour}" stroke-width="1.5" '
            f'stroke-dasharray="3 4"/>'
            f'<path d="M18 34 v22 M12 34 v14 q0 8 6 8 q6 0 6 -8 v-14 M102 34 q-8 8 0 24 v30" fill="none" '
            f'stroke="{colour}" stroke-width="2.5" stroke-linecap="round" opacity=".55"/>'
            f'<text x="60" y="72" text-anchor="middle" font-family="Georgia, serif" font-size="34" '
            f'font-weight="700" fill="{colour}">{md.attr(initials)}</text></svg>')


def note_anchor(record: str, field_name: str) -> str:
    return "note-" + re.sub(r"[^a-z0-9]+", "-", f"{record}-{field_name}".lower()).strip("-")
