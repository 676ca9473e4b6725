"""`tischlein i18n …`: the translator's commands, none of which needs Python.

    status [--lang L] [--game G] [--diff]   coverage, summary first; runs even when other files have errors
    new LANG [--game G]                     the file set of a new language, every text empty, the English beside it
    accept --lang L KEY… | --all-reviewed   a fixed stale string: record the English it now translates
    export LANG --format po|xliff           every string with its context and English, for Poedit, Weblate …
                                            (export en: the POT template)
    import FILE                             back into the YAML files, checked exactly like hand-edited YAML
"""
from __future__ import annotations

import sys
from pathlib import Path

import click

from ..content import loader, status
from .common import content_option, load_or_exit


@click.group()
def i18n() -> None:
    """Translations: coverage, new languages, PO/XLIFF exchange, accepting fixes."""


def _load_anyway(content_dir: Path, games: list[str], langs: list[str] | None = None) -> loader.Content:
    """The content as far as it loads: a broken file elsewhere is counted, not fatal."""
    content = loader.load(content_dir, games or None, langs)
    errors = content.problems.errors
    if errors:
        shown = ", ".join(sorted({p.path for p in errors})[:3])
        click.echo(f"note: {len(errors)} error(s) elsewhere ({shown}…): run `tischlein check`; a game with errors "
                   f"is left out below", err=True)
    return content


@i18n.command("status")
@click.option("--lang", "langs", multiple=True,
              help="Only this language code (repeatable). Default: every language with translation files.")
@click.option("--game", "games", multiple=True, help="Only this game (repeatable); leaves out the interface strings.")
@click.option("--verbose/--summary", "-v", default=True, show_default=True, help="List the missing and stale keys.")
@click.option("--diff", is_flag=True, help="For each stale string, show how the English changed (old → new).")
@content_option
def i18n_status(langs: tuple[str, ...], games: tuple[str, ...], verbose: bool, diff: bool, content_dir: Path) -> None:
    """Coverage per part and language (summary first), then the missing, stale and copied keys."""
    content = _load_anyway(content_dir, list(games))
    rows = status.coverage(content, list(langs) or None, list(games) or None)
    click.echo(f"{'part':<24} lang  translated      %    stale  missing  copied")
    for cov in rows:
        click.echo(f"{cov.scope:<24} {cov.lang:<5} {cov.current:>4}/{cov.total:<4} {cov.percent:5.1f} %  "
                   f"{len(cov.stale):>5}  {len(cov.missing):>7}  {len(cov.copied):>6}")
    missing_games = [g for g in games if g not in content.games]
    for game in missing_games:
        click.echo(f"{game:<24} not loaded: it has errors (run `tischlein check`)")
    if not verbose and not diff:
        return
    catalogs = {"ui": content.ui, **{g.id: g.catalog for g in content.games.values()}}
    from_history: set = set()
    if diff:
        from ..content.english_history import recover
        from_history = {(file, key) for file, key, _ in recover(content, list(langs) or None)}
    for cov in rows:
        if not (cov.stale or cov.missing or cov.copied):
            continue
        click.echo(f"\n{cov.scope} · {cov.lang}")
        for key in cov.stale:
            click.echo(f"    stale    {key}")
            if diff:
                _show_diff(catalogs[cov.scope], key, cov.lang, from_history)
        if verbose:
            for key in cov.copied:
                click.echo(f"    copied   {key}   (the {cov.copied_from} text, unchanged)")
            for key in cov.missing:
                click.echo(f"    missing  {key}")
    if missing_games:
        sys.exit(1)


def _show_diff(catalog, key: str, lang: str, from_history: set) -> None:
    from ..content.english_history import word_diff
    from ..content.plural import Plural
    tr = catalog.translations[lang][key]
    new = catalog.source[key]
    old = tr.english
    if isinstance(new, Plural):
        new = new.as_message()
    if old is None:
        click.echo("        (the English it was translated from is not recorded in the file, nor found in the git "
                   "history; `tischlein i18n accept`, `import` and `accept --record-english` record it from now on)")
    else:
        click.echo(f"        - {old}" + ("   (from the git history)" if (tr.file, key) in from_history else ""))
    click.echo(f"        + {new}")
    if isinstance(old, str) and isinstance(new, str):
        click.echo(f"        changed: {word_diff(old, new)}")
    elif isinstance(old, dict) and isinstance(new, dict):
        for form in (f for f in new if f != "count" and old.get(f) != new[f]):
            click.echo(f"        changed ({form}): {word_diff(str(old.get(form, '')), new[form])}")
    click.echo(f"        {lang}: {tr.text}   ({tr.file}:{tr.line})")


def _translator(action: str, *args):
    """Run a tischlein.content.translator action; its refusal is a usage message, not a traceback."""
    from ..content import translator
    try:
        return getattr(translator, action)(*args)
    except translator.TranslatorError as exc:
        raise click.ClickException(str(exc)) from None


@i18n.command("new")
@click.argument("lang")
@click.option("--game", "games", multiple=True, help="Only this game's files (repeatable). Default: every game.")
@click.option("--force", is_flag=True, help="Write files that exist already (their translations are kept).")
@content_option
def i18n_new(lang: str, games: tuple[str, ...], force: bool, content_dir: Path) -> None:
    """Start a language: every file it needs, each text empty with its English beside it."""
    content = load_or_exit(content_dir, list(games) or None, langs=[lang])
    for path, count in _translator("new_language", content, lang, list(games), force):
        click.echo(f"wrote {path} ({count} text(s))")
    click.echo(f"next: translate the texts (start with language.name), then `tischlein i18n status --lang {lang}`")


@i18n.command("accept")
@click.argument("keys", nargs=-1)
@click.option("--lang", required=True, help="The language whose strings were fixed.")
@click.option("--game", "games", multiple=True, help="Only this game (repeatable).")
@click.option("--all-reviewed", is_flag=True, help="Accept every stale string of the language (and --game).")
@click.option("--record-english", is_flag=True,
              help="Also write the English beside every up-to-date string that lacks it (files from before "
                   "`english:` was kept), so `status --diff` can show old → new when the English changes.")
@content_option
def i18n_accept(keys: tuple[str, ...], lang: str, games: tuple[str, ...], all_reviewed: bool,
                record_english: bool, content_dir: Path) -> None:
    """Mark stale strings as up to date after fixing them: record the current English's hash (and text)."""
    if not keys and not all_reviewed and not record_english:
        raise click.UsageError("name the keys to accept (as `i18n status` prints them), or pass --all-reviewed "
                               "or --record-english")
    content = load_or_exit(content_dir, list(games) or None, langs=[lang])
    done = _translator("accept", content, lang, list(keys), all_reviewed, list(games), record_english)
    if record_english:          # hundreds of strings: a line per file
        for path in sorted({path for path, _ in done}):
            click.echo(f"updated {path} ({sum(1 for p, _ in done if p == path)} string(s))")
    else:
        for path, key in done:
            click.echo(f"accepted {key}  ({path})")
    click.echo(f"{len(done)} string(s) accepted")


@i18n.command("export")
@click.argument("lang")
@click.option("--format", "fmt", type=click.Choice(["po", "xliff"]), default="po", show_default=True)
@click.option("--game", "games", multiple=True, help="Only this game (repeatable). Default: everything.")
@click.option("-o", "output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The file to write (default: LANG.po or LANG.xlf in the current folder).")
@content_option
def i18n_export(lang: str, fmt: str, games: tuple[str, ...], output: Path | None, content_dir: Path) -> None:
    """Write every string of LANG, with its context and English source, as a PO or XLIFF 1.2 file (`en`: the POT
    template, tischlein.pot)."""
    from ..content import exchange
    # every language: a sentence some language translated differently in two places goes out as two strings,
    # in every export and in the template alike (translation_files.string_groups)
    content = load_or_exit(content_dir, list(games) or None)
    from ..content.i18n import SOURCE_LANGUAGE
    template = lang == SOURCE_LANGUAGE and fmt == "po"          # English: the POT template translators start from
    target = output or Path("tischlein.pot" if template else f"{lang}.{'po' if fmt == 'po' else 'xlf'}")
    count = exchange.export(content, lang, fmt, target, list(games))
    click.echo(f"wrote {target} ({count} strings)")


@i18n.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@content_option
def i18n_import(file: Path, content_dir: Path) -> None:
    """Read a PO or XLIFF file back into the YAML translation files; nothing is written if any string fails."""
    from ..content import exchange
    content = loader.load(content_dir)
    if content.problems.errors:
        load_or_exit(content_dir)               # prints the errors and exits 1
    try:
        written = exchange.import_file(content, file)
    except exchange.ImportProblems as exc:
        for problem in exc.problems:
            click.echo(str(problem), err=True)
        click.echo(f"{len(exc.problems)} error(s) in {file}: nothing was written", err=True)
        sys.exit(1)
    for path, count in written:
        click.echo(f"wrote {path} ({count} strings)")
