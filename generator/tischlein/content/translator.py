"""What `tischlein i18n new` and `i18n accept` write: a new language's file set, and accepted fixes of stale
strings, edited into the YAML files line by line (translation_files.set_fields keeps everything else)."""
from __future__ import annotations

from pathlib import Path

from .i18n import SOURCE_LANGUAGE, source_hash
from .loader import LANGUAGE_CODE
from .plural import Plural, as_json
from .translation_files import path_of, render_entry, scopes, set_entries, set_fields, units

HEADER = ("# {lang} translation of {english}. Fill in each text; `source` is the hash of the English beside it\n"
          "# (`english`), so a change to the English marks the text stale. Empty texts show in English.\n")


class TranslatorError(RuntimeError):
    pass


def new_language(content, lang: str, games: list[str], force: bool = False) -> list[tuple[Path, int]]:
    """Write the translation files of `lang` (every key, its text empty, its English beside it) for tischlein's
    interface strings and every game (or only `games`, plus the interface strings if that file is missing).
    A file that exists is left alone, unless `force`: then only its missing keys are added."""
    if not LANGUAGE_CODE.fullmatch(lang) or lang == SOURCE_LANGUAGE:
        raise TranslatorError(f"{lang!r} is not a language code to translate into: use one such as fr or pt-BR")
    ui_file = path_of(content.root, "ui", "ui", lang)
    wanted = list(units(content, games))
    if games and not ui_file.exists():
        wanted = [u for u in units(content) if u.scope == "ui"] + wanted
    catalogs = dict(scopes(content))
    by_file: dict[Path, dict[str, str]] = {}
    english_file: dict[Path, str] = {}
    for unit in wanted:
        path = path_of(content.root, unit.scope, unit.namespace, lang)
        if (path.exists() and not force) or unit.key in catalogs[unit.scope].translations.get(lang, {}):
            continue
        text = _language_name(lang) if unit.key == "ui:language.name" else (
            {} if isinstance(unit.english, Plural) else "")
        by_file.setdefault(path, {})[unit.file_key] = render_entry(unit.file_key, text, unit.english)
        english_file.setdefault(path, "tischlein's interface strings" if unit.scope == "ui" else
                                f"games/{unit.scope}/{unit.namespace}.yaml")
    written = []
    for path, entries in sorted(by_file.items()):
        set_entries(path, entries, HEADER.format(lang=lang, english=english_file[path]))
        written.append((path, len(entries)))
    return written


def _language_name(lang: str) -> str:
    """The language's name in itself, from CLDR ("français"); the translator may change it."""
    from babel import Locale, UnknownLocaleError
    try:
        return Locale.parse(lang.replace("-", "_")).get_display_name() or ""
    except (UnknownLocaleError, ValueError):
        return ""


def accept(content, lang: str, keys: list[str], all_stale: bool, games: list[str],
           record_english: bool = False) -> list[tuple[Path, str]]:
    """Record the current English (hash and text) for stale strings of `lang` the translator has fixed; with
    `record_english`, also beside every up-to-date string whose file does not keep its English yet (files
    written before `english:` existed), so a later change of the English shows as old → new, and beside every
    stale one the English its hash names in the content's git history (english_history)."""
    catalogs = dict(scopes(content, games))
    chosen: list[tuple[str, str]] = []
    previous: dict[Path, dict[str, dict]] = {}      # stale, not accepted: the English it was made from
    recovered = set()
    if record_english:
        from .english_history import recover
        recovered = {(tr_file, key) for tr_file, key, _ in recover(content, [lang])}
    for scope, catalog in catalogs.items():
        for key, tr in catalog.translations.get(lang, {}).items():
            status = catalog.status(key, lang)
            if status == "stale" and (all_stale or key in keys or f"{scope}/{key}" in keys):
                chosen.append((scope, key))
            elif record_english and status == "current" and tr.english is None:
                chosen.append((scope, key))
            elif (tr.file, key) in recovered:
                previous.setdefault(Path(tr.file), {})[key.split(":", 1)[1]] = {"english": tr.english}
    unknown = [k for k in keys if not any(k in (key, f"{scope}/{key}") for scope, key in chosen)]
    if unknown:
        raise TranslatorError(f"not a stale {lang} string: {', '.join(unknown)} (see `tischlein i18n status "
                              f"--lang {lang}`; a key looks like rules:mahlzeit.turn.draw.title)")
    by_file: dict[Path, dict[str, dict]] = {}
    for scope, key in chosen:               # the text stays as the translator wrote it: only hash and English change
        english = catalogs[scope].source[key]
        by_file.setdefault(Path(catalogs[scope].translations[lang][key].file), {})[key.split(":", 1)[1]] = {
            "source": source_hash(english), "english": as_json(english)}
    done = []
    for path, entries in sorted(by_file.items()):
        set_fields(path, entries)
        done += [(path, key) for key in entries]
    for path, entries in sorted(previous.items()):
        set_fields(path, entries)
        done += [(path, key) for key in entries]
    return done

