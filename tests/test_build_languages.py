"""`tischlein build` prints a game in a language only where the game's own texts are translated."""
from __future__ import annotations

from types import SimpleNamespace

from tischlein.cli import languages_of


def test_pdf_languages_follow_translated_game_texts(content):
    """Engine messages alone do not make a PDF worth printing: a language needs the game's own texts (game.yaml:
    card texts, glosses)."""
    messages_only = SimpleNamespace(catalog=SimpleNamespace(translations={
        "de": {"game:dishes.x.gloss": "Gericht"}, "pt": {"messages:step.draw": "{player} compra."}}))
    assert languages_of(SimpleNamespace(languages=["en", "de", "pt"]), messages_only) == ["en", "de"]
    for game in content.games.values():           # every game has its card texts in German and Portuguese
        assert languages_of(content, game) == ["en", "de", "pt"], game.id
