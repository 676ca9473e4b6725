"""The credits page of every print-and-play PDF: each reconstructed value and erratum is named as a reader can
find it on the table — the piece's printed name, the field in the reader's language — and a reason shared by
many records names their fields once.
"""
from __future__ import annotations

import pytest
from content_tools import CONTENT
from pypdf import PdfReader

from tischlein import games
from tischlein.content import loader
from tischlein.pdf.component import print_set
from tischlein.pdf.document import build_pdf, default_path
from tischlein.pdf.options import Options

GAMES = sorted(gid for gid in games.specs() if (CONTENT / "games" / gid).is_dir())


@pytest.fixture(scope="module")
def content():
    return loader.load(CONTENT)


def _credits(content, game: str, lang: str):
    return print_set(content, game, lang, Options(lang=lang).card).credits


@pytest.mark.parametrize("game", GAMES)
def test_every_field_reads_in_the_readers_language(content, game):
    """A German credit never shows a content file's field name ("time", "dice", "spaces"): every field the notes
    mark has its interface text. (German capitalises nouns, so an untranslated field shows as itself.)"""
    raw = {n.field.replace("_", " ") for n in content.games[game].model.notes}
    shown = {cr.field for cr in _credits(content, game, "de")}
    assert not shown & raw, sorted(shown & raw)


@pytest.mark.parametrize("game", GAMES)
def test_nothing_is_credited_to_an_id(content, game):
    """A note on a card back or a section is credited to the pieces or the game, never to its key in the file
    ("ingredient: text", "start: text")."""
    model = content.games[game].model
    ids = {part for n in model.notes for part in n.record.split(".")}
    for lang in ("en", "de", "pt"):
        credited = {cr.who for cr in _credits(content, game, lang)}
        assert not credited & ids, (lang, sorted(credited & ids))


def test_names_kept_in_the_games_language_carry_their_meaning_and_backs_name_their_cards(content):
    en = {(cr.who, cr.field) for cr in _credits(content, "ta-na-mesa", "en")}
    assert ("roxo (purple)", "name") in en and ("Alho (garlic)", "name") in en
    assert ("Ingredient cards", "card back") in en and ("Recipe tiles", "card back") in en
    assert ("Placar · Score", "length of the track") in en and ("Placar · Sum", "length of the track") in en
    pt = {cr.who for cr in _credits(content, "ta-na-mesa", "pt")}
    assert "roxo" in pt and not any("(" in who for who in pt if who.startswith("roxo"))   # its own language


def test_a_game_whose_cards_print_translated_names_credits_them_so(content):
    """Diced Veggies' German cards say "Brokkoli-Auflauf": its credits must too, or a reader cannot find it."""
    de = {cr.who for cr in _credits(content, "diced-veggies", "de")}
    assert "Brokkoli-Auflauf" in de and "Broccoli Bake" not in de
    assert not any("(" in who for who in de)


def test_records_sharing_a_reason_and_fields_share_one_line(content, tmp_path):
    opts = Options(lang="en", paper="a4")
    path = build_pdf(content, "diced-veggies", opts, default_path(tmp_path, "diced-veggies", opts))
    page = " ".join(PdfReader(path).pages[1].extract_text().split())
    recipes = content.games["diced-veggies"].model.recipes.values()
    assert all(r.name in page for r in recipes)
    assert page.count("name, ingredients, points") == 1            # was once per recipe: 44 times
    assert "Broccoli Bake · Crudités" in page


@pytest.mark.parametrize("game", GAMES)
def test_the_sites_sources_page_credits_notes_as_the_pdf_does(content, game):
    """The sources page (German here) names the same pieces and fields as the PDF credits: no content key
    ("ingredient", "Time"), no English section name, no gloss repeating the name ("Torte (Torte)")."""
    from tischlein.site.context import PageContext
    from tischlein.site.pages import SiteWriter
    ctx = PageContext(SiteWriter(content, ["en", "de", "pt"]), content.games[game], f"{game}/sources", "de")
    entries = [e for _, notes in ctx.notes([]) for e in notes]
    model = content.games[game].model
    ids = {part for n in model.notes for part in n.record.split(".")}
    raw = {n.field.replace("_", " ").capitalize() for n in model.notes} - {"Name"}
    for e in entries:
        assert str(e["name"]) not in ids and str(e["field_label"]) not in raw, e
        assert str(e["gloss"]).casefold() != str(e["name"]).casefold(), e
    if game != "diced-veggies":           # its cards print translated names: the site shows name and gloss
        printed = {cr.who.split(" (")[0] for cr in _credits(content, game, "de") if cr.kind != "missing"}
        assert {str(e["name"]) for e in entries} >= printed
