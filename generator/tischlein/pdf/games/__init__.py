"""One module per game: content model -> PrintSet. Register a new game's builder here."""
from __future__ import annotations

from typing import Callable

from ..component import PrintSet
from ..errors import PdfBuildError
from ..units import Size
from . import diced_veggies, mahlzeit, suppenkasper
from . import schwarzwaelder_kirsch
from . import ta_na_mesa

# game id -> print_set(game_content, ui_catalog, lang, card_size)
BUILDERS: dict[str, Callable[..., PrintSet]] = {
    "mahlzeit": mahlzeit.print_set,
    "diced-veggies": diced_veggies.print_set,
    "suppenkasper": suppenkasper.print_set,
    "schwarzwaelder-kirsch": schwarzwaelder_kirsch.print_set,
    "ta-na-mesa": ta_na_mesa.print_set,
}


def print_set(content, game_id: str, lang: str, card: Size) -> PrintSet:
    if game_id not in BUILDERS:
        raise PdfBuildError(f"no print-and-play layout for game {game_id!r} yet; known: {', '.join(BUILDERS)}")
    if game_id not in content.games:
        raise PdfBuildError(f"game {game_id!r} is not in the content")
    return BUILDERS[game_id](content.games[game_id], content.ui, lang, card)
