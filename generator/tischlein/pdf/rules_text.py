"""What the rules PDFs say, taken from the same place the site takes it: the site's page context.

`PdfContext` is the site's `PageContext` with links pointing inside one PDF instead of to other pages, so the
booklet, the plain rules and the quick reference show exactly the texts, provenance marks, fallback badges,
move descriptions and engine messages the rules site shows, made safe by the same code. Named destinations:

    <rule id>            a rules section          term-<id>     a glossary entry
    faq-<id>             a question               note-<…>      a reconstructed value or erratum
    examples/<id>        a worked example         glossary, faq, examples, sources   the chapters
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..content.i18n import SOURCE_LANGUAGE
from ..content.loader import Content, GameContent
from ..site.context import ExampleRender, PageContext
from ..site.pages import SiteWriter

LIST_START = re.compile(r"(?:[-*+]|\d+[.)])\s")


class PdfContext(PageContext):
    """A page context whose links are `#destination`s of one PDF."""

    def md_link(self, page: str, anchor: str | None = None) -> str:
        if anchor:
            return f"#{anchor}"
        return f"#{page}"

    def rel(self, docs_path: str) -> str:
        return f"#{docs_path}"

    def rel_page(self, path: str, anchor: str | None = None) -> str:
        return f"#{anchor or path}"


def context(content: Content, game: GameContent, lang: str) -> PdfContext:
    """The context of one game in one language, with the engines known (replays need them)."""
    from ..site.build import engine_games
    writer = SiteWriter(content, [lang])
    writer.engines = engine_games(content) & {game.id}
    return PdfContext(writer, game, f"{game.id}/rules", lang)


def replays(game: GameContent, lang: str) -> list[ExampleRender]:
    """Every worked example replayed by the engine, with messages in `lang` (none without an engine)."""
    from ..site.build import replay_examples
    return replay_examples(game, SOURCE_LANGUAGE, [lang], [])


@dataclass(frozen=True)
class QuickItem:
    """One entry of the quick reference: a rule section's title and its gist (Markdown, made safe)."""

    rule_id: str
    title: str
    gist: str
    children: tuple["QuickItem", ...] = ()


def quickref_items(ctx: PdfContext) -> list[QuickItem]:
    """The site's quick reference sections (top-level rules except overview and components), each with its
    lead (first paragraph, plus the list after it when it ends with a colon) and its subsections' gist. A gist
    that ends in a colon keeps the block that follows it, nested lists and tables whole."""
    out = []
    for s in ctx.quickref_sections():
        kids = tuple(QuickItem(k.id, ctx.plain(f"rules:{k.id}.title"), gist(ctx, f"rules:{k.id}.body"))
                     for k in ctx.children(s.id))
        out.append(QuickItem(s.id, ctx.plain(f"rules:{s.id}.title"), ctx.lead(f"rules:{s.id}.body"), kids))
    return out


def gist(ctx: PdfContext, key: str) -> str:
    """The first sentence of a rule text; when that sentence introduces something (ends with a colon), the
    block after it as well: "three spice combinations:" without its table says nothing."""
    if LIST_START.match(ctx.raw(key).lstrip()):
        return str(ctx.lead(key))           # a text that is a list from its first line: the whole list
    sentence = str(ctx.first_sentence(key))
    if not sentence.rstrip().endswith(":"):
        return sentence
    return str(ctx.lead(key))


def fact_line(ctx: PdfContext) -> list[tuple[str, Any]]:
    """(label, value Markdown) of the quick reference's first line: players and playing time."""
    return [(ctx.ui("site.fact.players"), ctx.players()), (ctx.ui("site.home.time"), ctx.play_time())]
