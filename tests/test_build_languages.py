"""`tischlein build` prints a game in a language only where the game's own texts are translated."""
from __future__ import annotations

from tischlein.cli import languages_of


def test_pdf_languages_follow_translated_game_texts(content):
    # Mahlzeit has Portuguese engine messages but no Portuguese card texts: no Portuguese PDF.
    assert content.games["mahlzeit"].catalog.translations.get("pt")
    assert languages_of(content, content.games["mahlzeit"]) == ["en", "de"]
    assert languages_of(content, content.games["ta-na-mesa"]) == ["en", "de", "pt"]
