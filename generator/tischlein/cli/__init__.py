"""The tischlein command line: check, build, pdf, export, site, replay, simulate (and simulate-merge), i18n,
new-game, editor-config.

Each command lives in a module of this package and imports what it needs from .common. This module only names
them: a command's module is imported when that command runs, so `tischlein --help` and `tischlein check` import
neither reportlab nor MkDocs nor the site package (tests/test_cli_startup.py keeps it so).
"""
from __future__ import annotations

import importlib
import os

import click

from .errors import EXIT_CODES

CONTEXT = {"help_option_names": ["-h", "--help"]}

# command -> (module of this package, attribute, the one-line help `tischlein --help` shows without importing it;
# tests/test_cli_startup.py checks each line against the command's own help)
COMMANDS = {
    "build": ("build", "build", "Build every game's PDFs and the rules site into the output folder."),
    "check": ("check", "check", "Validate content and translations; print file:line errors; exit 1 on error."),
    "editor-config": ("editor", "editor_config",
                      "Write .vscode/settings.json so the editor checks every content file against its schema as "
                      "you type."),
    "export": ("export", "export", "Write GAME's cards as a print shop asks for them, one zip per deck."),
    "i18n": ("i18n", "i18n", "Translations: coverage, new languages, PO/XLIFF exchange, accepting fixes."),
    "new-game": ("new_game", "new_game", "Start a game of your own: content, a rules engine, card faces and one "
                 "worked example, all editable."),
    "pdf": ("pdf", "pdf", "Build the print-and-play PDF of GAME (or its rules booklet, quick reference, calibration "
            "sheet)."),
    "replay": ("replay", "replay", "Replay a game's worked examples (all, one EXAMPLE id, or a replay FILE); exit 1 if a "
               "result differs."),
    "simulate": ("simulate", "simulate", "Play GAME with random or greedy players and report who wins and how games "
                 "end."),
    "simulate-merge": ("simulate", "simulate_merge", "Join the --shard reports of one simulate run (every shard once) "
                       "into the report of the whole run."),
    "site": ("site", "site", "Build the rules site (MkDocs-Material, every language) into OUT/site; with --serve, "
             "serve it locally."),
}


class LazyGroup(click.Group):
    """A group whose subcommands are imported only when one of them runs (or its own --help is asked for)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(COMMANDS) | set(super().list_commands(ctx)))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in COMMANDS and name not in self.commands:
            module, attr, _ = COMMANDS[name]
            self.add_command(getattr(importlib.import_module(f"{__name__}.{module}"), attr), name)
        return super().get_command(ctx, name)

    def invoke(self, ctx: click.Context):
        from .errors import handled
        with handled(lambda: f"tischlein {ctx.invoked_subcommand or ''}".strip()):
            return super().invoke(ctx)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, COMMANDS[name][2] if name in COMMANDS else self.get_command(ctx, name).get_short_help_str())
                for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


def _print_versions(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        from .common import game_plugins, versions
        for name, found in versions().items():
            click.echo(f"{name} {found}")
        for line in game_plugins():
            click.echo(f"game {line}")
        ctx.exit()


def _debug(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if value:
        from .errors import DEBUG_VARIABLE
        os.environ[DEBUG_VARIABLE] = "1"           # the build's workers inherit it


@click.group(cls=LazyGroup, context_settings=CONTEXT, epilog=EXIT_CODES)
@click.option("--debug", is_flag=True, expose_value=False, is_eager=True, callback=_debug,
              help="Show the traceback of an error instead of its one-line message (or set TISCHLEIN_DEBUG=1).")
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_print_versions,
              help="Show the versions of tischlein, reportlab, MkDocs-Material and Pyodide, and the games found.")
def main() -> None:
    """Turn tabletop-game content into print-and-play PDFs, a rules site and a rules engine."""
    from ..files import exit_on_sigterm
    exit_on_sigterm()


def __getattr__(name: str):
    """`languages_of` stays importable from here, without importing the build for every command."""
    if name == "languages_of":
        from ..buildplan import languages_of
        return languages_of
    raise AttributeError(name)


if __name__ == "__main__":
    main()
