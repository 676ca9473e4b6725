"""The panels of example pages that the page's rules engine brings to life in the browser (Pyodide): the try-it
editor (tryit.js) and the table (play.js). Each is a raw HTML block with its strings in the reader's language
and the addresses of the engine and the game's JSON; nothing loads until the reader clicks its button."""
from __future__ import annotations

import importlib
import json
from typing import Any

from markupsafe import Markup

from ..content.plural import as_json
from ..locale import file_size
from . import cardinfo
from . import markdown as md
from .simulation import player_range


def humanize(key: str) -> str:
    """A key as words, where the interface has no text for it (PageContext uses it too)."""
    return key.replace("_", " ").replace("-", " ").strip().capitalize()


class EnginePanels:
    """Mixed into PageContext (ui, ui_or, href, page_href, game, lang come from there)."""

    def tryit(self, example: dict) -> Markup:
        """The try-it panel: a raw HTML block that tryit.js turns into the editor when the reader asks."""
        strings = {k: self.ui(f"site.tryit.{k}") for k in (
            "start", "ready", "check", "reset", "legal", "illegal", "not_checked", "bad_json",
            "failed", "help", "result_ok", "result_error", "rule")}
        strings["loading"] = self._loading()
        return self._engine_panel("tl-tryit", {"example": self._example(example)}, strings, "site.tryit")

    def play(self, example: dict) -> Markup:
        """The table: play.js plays the example move by move from the reader's clicks (the legal moves in the
        engine's words, undo/redo, a step slider, any other move at any step), drawn by api.draw."""
        return self._engine_panel("tl-play", {"example": self._example(example)}, self._play_strings(), "site.play")

    def new_game(self) -> Markup:
        """The table for a whole game (the game's play page): players, bots and a seed, then play.js deals it."""
        strings = self._play_strings()
        strings.update({k: self.ui(f"site.play.{k}") for k in (
            "new", "count", "seed", "seat", "name", "bot", "bot_moves", "bots_finish", "dealt",
            "ranking", "rank", "pass", "pass_hint", "reveal", "share", "share_copied", "share_label", "new_game",
            "resumed", "shared", "link_broken", "link_format", "link_game", "link_move", "link_players",
            "engine_ready", "turn", "waiting", "undo_own", "back_to_game", "looking", "log", "log_deal", "close",
            "menu", "pace", "pace_slow", "pace_normal", "pace_fast", "pace_instant", "takeover", "bots_playing",
            "new_confirm", "keep_playing", "tap_nothing", "tap_wait", "tap_past")})
        strings.update({k: self._counted(f"site.play.{k}") for k in ("log_count", "log_turn")})
        strings["start"] = strings["new"]
        return self._engine_panel("tl-play", {"game": self.game.id, "players": [min(player_range(self.game.model)),
                                                          max(player_range(self.game.model))]},
                                  strings, "site.play", mode="new", intro="site.play.new_intro")

    def _play_strings(self) -> dict:
        strings = {k: self.ui(f"site.play.{k}") for k in (
            "start", "slider", "position", "undo", "redo", "restart", "start_text", "happened", "moves", "more",
            "over", "own", "illegal", "rule", "picture", "build", "build_hint", "build_hint_touch", "try", "tap",
            "tap_mouse", "unpick", "card_about", "card_close", "card_rule")}
        strings.update({k: self._counted(f"site.play.{k}") for k in ("picked", "ways")})
        strings.update(loading=self._loading(), failed=self.ui("site.tryit.failed"))
        # the words of the move builders: each move's and argument's name, as the example steps name them
        from .. import games
        moves = importlib.import_module(games.spec(self.game.id).engine_module).ENGINE.MOVES
        strings["verbs"] = {v: self.ui_or(f"site.move.{v}", humanize(v)) for v in moves}
        strings["args"] = {a: self.ui_or(f"site.arg.{a}", humanize(a)) for spec in moves.values() for a in spec.args}
        return strings

    def _loading(self) -> str:
        """What the panel says while the engine starts, with the bytes that start downloads the first time (the
        build counts them as the server sends them: site.build.engine_download)."""
        return self.ui("site.tryit.loading", size=file_size(self.site.site_values["engine_bytes"][self.game.id],
                                                             self.lang))

    def _counted(self, key: str) -> Any:
        """A string that counts something, whole: the browser picks its plural form (text.js)."""
        return as_json(self._ui_catalog.text(f"ui:{key}", self.lang))

    @staticmethod
    def _example(example: dict) -> dict:
        return {k: v for k, v in example.items() if not k.startswith("_")}

    def _engine_panel(self, cls: str, data: dict, strings: dict, keys: str, mode: str = "example",
                      intro: str = "") -> Markup:
        """A panel its script brings to life with the page's one rules engine, started by the reader's click."""
        if cls == "tl-play":           # the table's card faces, fetched when a reader first holds one up
            data = {**data, "cards": self.href(cardinfo.path(self.game.id, self.lang))}
        payload = json.dumps({**data, "strings": strings}, ensure_ascii=False)
        versions = self.site.site_values.get("versions", {})      # ?v=<revision> (site/offline.py)
        game_json = f"assets/games/{self.game.id}.json"
        return Markup(
            f'<div class="{cls}" data-mode="{mode}" data-game="{md.attr(self.href(versions.get(game_json, game_json)))}" '
            f'data-engine="{md.attr(self.href(versions.get("assets/engine/engine.zip", "assets/engine/engine.zip")))}" '
            f'data-rules="{md.attr(self.page_href("rules"))}" data-lang="{md.attr(self.lang)}" '
            f'data-panel="{md.attr(payload)}" markdown="0">'
            f'<p class="{cls}-intro">{md.attr(self.ui(intro or f"{keys}.intro"))}</p>'
            f'<button type="button" class="md-button md-button--primary {cls}-start">'
            f'{md.attr(strings["start"])}</button>'
            f'<noscript><p>{md.attr(self.ui(f"{keys}.noscript"))}</p></noscript></div>')
