"""The components page's tables and the home page's facts, as a player reads them in every language: headings,
columns and labels are interface texts in the page's language, and no cell shows engine data ({'kind': 'sum',
'equals': 19}, None, True).
"""
from __future__ import annotations

import re

import pytest
from content_tools import CONTENT

from tischlein import games
from tischlein.content import loader
from tischlein.site.context import PageContext
from tischlein.site.pages import SiteWriter

GAMES = sorted(gid for gid in games.specs() if (CONTENT / "games" / gid).is_dir())
ENGINE_DATA = re.compile(r"\{'|\('|&#123;|\bNone\b|\bTrue\b|\bFalse\b|[a-z]+_[a-z]+")


@pytest.fixture(scope="module")
def writer():
    content = loader.load(CONTENT)
    return content, SiteWriter(content, content.languages)


def _tables(writer, game: str, lang: str):
    content, site = writer
    ctx = PageContext(site, content.games[game], f"{game}/components", lang)
    return ctx, site.component_tables(ctx)


@pytest.mark.parametrize("game", GAMES)
def test_no_cell_shows_engine_data(writer, game):
    for lang in ("en", "de"):
        _, tables = _tables(writer, game, lang)
        assert tables
        for table in tables:
            for row in table["rows"]:
                for cell in row[1:]:
                    visible = re.sub(r"<[^>]+>|\(rules\.md#[^)]*\)|\(sources\.md#[^)]*\)", "", str(cell))
                    assert not ENGINE_DATA.search(visible), (lang, table["id"], visible)


@pytest.mark.parametrize("game", GAMES)
def test_headings_and_columns_are_interface_texts(writer, game):
    """A German page never falls back to a content key made into words ("Veggies", "Needs", "Cls")."""
    en_ctx, en = _tables(writer, game, "en")
    de_ctx, de = _tables(writer, game, "de")
    catalog = de_ctx._ui_catalog.source
    for table in de:
        assert f"ui:site.table.{table['id']}" in catalog, table["id"]
    for table in en:
        first = next(iter(dict(writer[1].record_tables(writer[0].games[game].model))[table["id"]].values()))
        for field in writer[1]._table_fields(en_ctx, [first]):
            assert en_ctx.has_label(field), (table["id"], field)


def test_a_score_and_a_spice_combination_read_as_words(writer):
    _, dv = _tables(writer, "diced-veggies", "en")
    hype = next(t for t in dv if t["id"] == "hype")
    assert hype["columns"][1:] == ["Points", "Cards", "Card text"]
    assert any("Scores 5 points" in str(row[1]) for row in hype["rows"])
    _, tnm = _tables(writer, "ta-na-mesa", "de")
    counters = next(t for t in tnm if t["id"] == "counters")
    assert any("Coentro \\+ Pimenta: 3" in str(cell) for row in counters["rows"] for cell in row)


@pytest.mark.parametrize("game", GAMES)
def test_what_is_in_the_box_is_named_in_the_pages_language(writer, game):
    """The home page's "cards in the box" rows: every label an interface text ("Hype cards" was made from the
    key hype_cards, in English on the German page too)."""
    content, site = writer
    ctx = PageContext(site, content.games[game], f"{game}/index", "de")
    for key in content.games[game].model.raw.get("totals") or {}:
        if key not in ("source", "reconstructed", "errata", "id"):
            assert f"ui:site.fact.{key}" in ctx._ui_catalog.source, key
    assert ctx.facts("totals")


def test_colour_words_are_in_the_pages_language(writer):
    _, dv = _tables(writer, "diced-veggies", "de")
    dice = next(t for t in dv if t["id"] == "veggies")
    assert any(str(row[1]).startswith("grün") for row in dice["rows"])
    content, site = writer
    ctx = PageContext(site, content.games["suppenkasper"], "suppenkasper/sources", "pt")
    figures = next(e for _, notes in ctx.notes([]) for e in notes if e["anchor"].endswith("figures-colours"))
    assert str(figures["value"]).startswith("amarelo, verde")
