"""The PO / XLIFF bridge: every translatable string of one language out to the tools translators use (Poedit,
Weblate, Crowdin …) and back into the YAML files.

Each string goes out once (a sentence repeated across records is one string: translation_files.groups) with its
context: `msgctxt` (XLIFF: the trans-unit id) is `<scope>:<namespace>:<key>`, where the scope is `ui` or a game
id; the English file and line are its references (inside the content folder); extracted comments (XLIFF:
developer notes) say where it appears, what each {placeholder} holds (exchange_notes) and which CLDR category each
plural slot is; a text with placeholders is flagged python-brace-format. A text a card, tile or token prints says
how much its box holds ("Limit: about N characters", measured in the language's PDF by fitting.limits) and carries
it as Weblate's `max-length:N` flag (XLIFF: maxwidth with size-unit="char"). A stale translation goes out fuzzy
(XLIFF: needs-review) with the English it was made from as the previous msgid (from the git history when its file
does not keep it: english_history). `export en` writes the POT template. Plural texts use the format's own plural
forms (gettext's msgid_plural and Plural-Forms; XLIFF's x-gettext-plurals groups), in CLDR's category order; an
imported PO whose Plural-Forms is the usual gettext one is mapped onto CLDR's categories (plural.gettext_slots).

An import is checked exactly like hand-edited YAML (translations.check_entry) and refuses what `check` would
(characters the PDF fonts cannot draw, control characters, card texts that would not fit their boxes: measured by
fitting.imported_overflows with the PDF's code), with the PO/XLIFF file and line in every message;
when anything fails nothing is written. Only the lines of strings that changed are rewritten: an unchanged round
trip changes no byte. Fuzzy and needs-review entries and empty ones are not taken: the YAML keeps what it had.
An entry whose English is no longer the current English goes in stale.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator

from ..files import atomic
from . import exchange_notes, plural
from .errors import Problems
from .i18n import SOURCE_LANGUAGE, source_hash, tokens
from .plural import Plural, as_json
from .translation_files import Unit, groups, path_of, relative, scopes, set_fields
from .translations import check_entry

MAX_BYTES = 20_000_000
XLIFF_NS = "urn:oasis:names:tc:xliff:document:1.2"
PLURAL_GROUP = "x-gettext-plurals"


class ImportProblems(Exception):
    def __init__(self, problems: list):
        super().__init__(f"{len(problems)} problem(s)")
        self.problems = problems


def context(unit: Unit) -> str:
    return f"{unit.scope}:{unit.key}"


def _english_forms(english: "str | Plural", lang: str) -> list[str]:
    """The English text for each plural slot of `lang` (English's own form where it has one, else `other`)."""
    return [english.get(cat) or english["other"] for cat in plural.categories(lang)]


def _reference(content, unit: Unit) -> tuple[str, str]:
    """The English file (relative to the content folder, or tischlein's own) and line of a string."""
    file = Path(unit.where[0])
    try:
        shown = relative(content.root, file)
    except ValueError:
        shown = "tischlein/" + file.resolve().relative_to(Path(__file__).resolve().parents[1]).as_posix() \
            if file.resolve().is_relative_to(Path(__file__).resolve().parents[1]) else str(file)
    return shown, str(unit.where[1] or "")


def _rule_id(unit: Unit) -> str | None:
    if unit.namespace == "rules":
        return unit.file_key.rsplit(".", 1)[0]
    return None


def _plural_forms_header(lang: str) -> str:
    """gettext's Plural-Forms for `lang`, from CLDR (Babel). CLDR's `e` operand (compact exponents) is 0 for every
    number a program prints, and gettext has no such operand."""
    from babel import Locale, UnknownLocaleError
    from babel.plural import to_gettext
    try:
        rule = Locale.parse(lang.replace("-", "_")).plural_form
    except (UnknownLocaleError, ValueError):
        rule = Locale.parse("en").plural_form
    expression = re.sub(r"\be\b", "0", to_gettext(rule))
    for constant, value in (("(0 == 0)", "1"), ("(0 >= 0 && 0 <= 5)", "1")):     # what e = 0 leaves behind
        expression = expression.replace(constant, value)
    return expression


def _entries(content, lang: str, games: list[str]) -> Iterator[tuple[Unit, Any, Any, list[Unit]]]:
    """(unit, its translation or None, its status, every unit of the same string) for every distinct string:
    a sentence repeated across records is one string (translation_files.groups). Of a repeated sentence the
    translation most of its places have goes out; it is stale (fuzzy) when any place is stale or translated
    differently."""
    catalogs = dict(scopes(content, games))
    for members in groups(content, games):
        catalog = catalogs[members[0].scope]
        found = [(u, catalog.translations.get(lang, {}).get(u.key), catalog.status(u.key, lang)) for u in members]
        translated = [(u, tr, state) for u, tr, state in found if tr is not None]
        if not translated:
            yield members[0], None, found[0][2], members
            continue
        texts = [_plain(tr.text) for _, tr, _ in translated]
        best = max(range(len(texts)), key=lambda i: (texts.count(texts[i]), translated[i][2] == "current", -i))
        unit, tr, state = translated[best]
        if any(st == "stale" for _, _, st in translated) or len({repr(t) for t in texts}) > 1:
            state = "stale"
        yield unit, tr, state, members


# -- export -------------------------------------------------------------------------------------------------

def export(content, lang: str, fmt: str, target: Path, games: list[str]) -> int:
    from .english_history import recover
    recover(content, [lang])            # a stale string's previous English, from git when its file lacks it
    rows = list(_entries(content, lang, games))          # one row per distinct string
    from .fitting import limits
    boxes = limits(content, lang, games)        # what each card string's box holds, measured in lang's PDF
    with atomic(Path(target)) as tmp:
        (_export_po if fmt == "po" else _export_xliff)(content, lang, rows, tmp, boxes)
    return len(rows)


def _limit(boxes: dict, members: list[Unit]):
    """The tightest box any place of the string is printed in, or None for a string no card prints."""
    found = [boxes[(u.scope, u.key)] for u in members if (u.scope, u.key) in boxes]
    return min(found, key=lambda limit: limit.chars) if found else None


def _export_po(content, lang: str, rows, tmp: Path, boxes: dict) -> None:
    """A PO file (a POT template for English): msgctxt the string's id; extracted comments say where it appears,
    what each placeholder holds and, for a plural, which CLDR category each msgstr[i] is; a text with
    placeholders is flagged python-brace-format so `msgfmt --check-format` and editors check them. A card text
    says how much its box holds (`Limit: …`) and carries Weblate's `max-length:N` flag."""
    import polib
    template = lang == SOURCE_LANGUAGE
    po = polib.POFile(wrapwidth=0)
    po.metadata = _po_header(content, lang, template)
    catalogs = dict(scopes(content))
    for unit, tr, state, members in rows:
        english = unit.english
        is_plural = isinstance(english, Plural)
        entry = polib.POEntry(msgctxt=context(unit), msgid=english["one"] if is_plural else english,
                              occurrences=list(dict.fromkeys(_reference(content, u) for u in members))
                              if unit.scope != "ui" else [],
                              comment="\n".join(_notes(content, catalogs[unit.scope], unit, lang, template)
                                                + _shared_note(members) + _limit_note(boxes, members)))
        if tokens(english):
            entry.flags.append("python-brace-format")
        limit = _limit(boxes, members)
        if limit is not None:
            entry.flags.append(f"max-length:{limit.chars}")
        if is_plural:
            entry.msgid_plural = english["other"]
            forms = tr.text if tr is not None and isinstance(tr.text, dict) and not template else {}
            cats = ENGLISH_PO_FORMS if template else plural.categories(lang)
            entry.msgstr_plural = {i: forms.get(cat, "") for i, cat in enumerate(cats)}
        else:
            entry.msgstr = tr.text if tr is not None and isinstance(tr.text, str) and not template else ""
        if state == "stale" and not template:
            entry.flags.insert(0, "fuzzy")
            old = tr.english
            if isinstance(old, str):
                entry.previous_msgid = old
            elif isinstance(old, dict) and "one" in old:
                entry.previous_msgid, entry.previous_msgid_plural = old["one"], old.get("other", "")
        po.append(entry)
    po.save(str(tmp))


ENGLISH_PO_FORMS = ("one", "other")      # a template's two plural slots: gettext's msgid / msgid_plural


def _po_header(content, lang: str, template: bool) -> dict:
    """gettext's full header. PO-Revision-Date is when the language's translation files last changed."""
    import datetime
    from .. import __version__
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M+0000")
    files = [p for p in Path(content.root).rglob(f"{lang}.yaml") if p.parent.name == "ui"] + \
        list(Path(content.root).glob(f"games/*/i18n/{lang}/*.yaml"))
    revised = max((p.stat().st_mtime for p in files), default=None)
    header = {"Project-Id-Version": f"tischlein {__version__}",
              "Report-Msgid-Bugs-To": "", "POT-Creation-Date": now,
              "PO-Revision-Date": "YEAR-MO-DA HO:MI+ZONE" if template else now if revised is None else
              datetime.datetime.fromtimestamp(revised, datetime.timezone.utc).strftime("%Y-%m-%d %H:%M+0000"),
              "Last-Translator": "" if template else f"{_language_name(lang)} translators of tischlein",
              "Language-Team": "" if template else f"{_language_name(lang)} (tischlein)",
              "Language": "" if template else lang, "MIME-Version": "1.0",
              "Content-Type": "text/plain; charset=UTF-8", "Content-Transfer-Encoding": "8bit",
              "Plural-Forms": "nplurals=2; plural=(n != 1);" if template else _plural_forms_header(lang)}
    return header


def _language_name(lang: str) -> str:
    from babel import Locale, UnknownLocaleError
    try:
        return Locale.parse(lang.replace("-", "_")).get_display_name("en") or lang
    except (UnknownLocaleError, ValueError):
        return lang


def _limit_note(boxes: dict, members: list[Unit]) -> list[str]:
    limit = _limit(boxes, members)
    return [] if limit is None else [limit.note()]


def _shared_note(members: list[Unit]) -> list[str]:
    if len(members) == 1:
        return []
    keys = [m.key for m in members[1:]]
    shown = ", ".join(keys[:4]) + (f" and {len(keys) - 4} more" if len(keys) > 4 else "")
    return [f"The same sentence in {len(members)} places, translated once for all: also {shown}"]


def _notes(content, catalog, unit: Unit, lang: str, template: bool) -> list[str]:
    """The extracted comments of a string: where it appears, its placeholders, its plural slots, its files."""
    english = unit.english
    notes = [f"Appears in: {exchange_notes.place(unit.scope, unit.namespace, unit.file_key)}"
             + (f" (rule: {_rule_id(unit)})" if _rule_id(unit) else "")]
    texts = english.texts() if isinstance(english, Plural) else [english]
    notes += dict.fromkeys(n for t in texts for n in exchange_notes.placeholder_notes(
        t, catalog, english.count if isinstance(english, Plural) else None))
    if isinstance(english, Plural):
        cats = ENGLISH_PO_FORMS if template else plural.categories(lang)
        of = SOURCE_LANGUAGE if template else lang
        notes.append("Plural forms: " + "; ".join(
            f"msgstr[{i}] = {cat} (n = {', '.join(map(str, plural.samples(of, cat)))}"
            f"{'' if plural.single_number(of, cat) else ' …'})" for i, cat in enumerate(cats)))
    if unit.scope == "ui":
        shown, line = _reference(content, unit)
        notes.append(f"English: tischlein's interface strings ({shown}, line {line})")
    if not template:
        target = path_of(content.root, unit.scope, unit.namespace, lang)
        notes.append(f"Translation file: {relative(content.root, target)}")
    return notes


def _export_xliff(content, lang: str, rows, tmp: Path, boxes: dict) -> None:
    import xml.etree.ElementTree as ET
    ET.register_namespace("", XLIFF_NS)
    q = lambda tag: f"{{{XLIFF_NS}}}{tag}"          # noqa: E731
    root = ET.Element(q("xliff"), {"version": "1.2"})
    bodies: dict[str, Any] = {}
    catalogs = dict(scopes(content))
    for unit, tr, state, members in rows:
        if unit.scope not in bodies:
            file = ET.SubElement(root, q("file"), {"original": unit.scope, "source-language": SOURCE_LANGUAGE,
                                                   "target-language": lang, "datatype": "plaintext"})
            bodies[unit.scope] = ET.SubElement(file, q("body"))
        body = bodies[unit.scope]
        notes = _notes(content, catalogs[unit.scope], unit, lang, False)
        if unit.scope != "ui":
            notes.insert(1, "English: {}, line {}".format(*_reference(content, unit)))
        note = "\n".join([note for note in notes if not note.startswith("Plural forms: ")] + _shared_note(members)
                         + _limit_note(boxes, members))
        review = state == "stale"
        limit = _limit(boxes, members)
        size = {} if limit is None else {"maxwidth": str(limit.chars), "size-unit": "char"}
        if isinstance(unit.english, Plural):
            group = ET.SubElement(body, q("group"), {"id": context(unit), "restype": PLURAL_GROUP})
            ET.SubElement(group, q("note"), {"from": "developer"}).text = note
            forms = tr.text if tr is not None and isinstance(tr.text, dict) else {}
            for cat, source in zip(plural.categories(lang), _english_forms(unit.english, lang)):
                _unit(body=group, q=q, ident=f"{context(unit)}[{cat}]", source=source, target=forms.get(cat, ""),
                      review=review, old=(tr.english or {}).get(cat) if tr and isinstance(tr.english, dict) else None,
                      size=size)
        else:
            element = _unit(body=body, q=q, ident=context(unit), source=unit.english,
                            target=tr.text if tr is not None and isinstance(tr.text, str) else "", review=review,
                            old=tr.english if tr is not None and isinstance(tr.english, str) else None, size=size)
            ET.SubElement(element, q("note"), {"from": "developer"}).text = note
    ET.indent(root)
    ET.ElementTree(root).write(tmp, encoding="utf-8", xml_declaration=True)


def _unit(body, q, ident: str, source: str, target: str, review: bool, old: str | None, size: dict):
    import xml.etree.ElementTree as ET
    element = ET.SubElement(body, q("trans-unit"), {"id": ident, "xml:space": "preserve", **size})
    ET.SubElement(element, q("source")).text = source
    state = "new" if not target else ("needs-review-translation" if review else "translated")
    if state == "translated":
        element.set("approved", "yes")
    ET.SubElement(element, q("target"), {"state": state}).text = target
    if old is not None:
        alt = ET.SubElement(element, q("alt-trans"), {"alttranstype": "previous-version"})
        ET.SubElement(alt, q("source")).text = old
    return element


# -- import -------------------------------------------------------------------------------------------------

def import_file(content, path: Path) -> list[tuple[Path, int]]:
    """Write the strings of a PO or XLIFF file into the YAML translation files; raises ImportProblems."""
    shown = str(path)
    problems = Problems()
    data = Path(path).read_bytes()
    if len(data) > MAX_BYTES:
        raise ImportProblems([_problem(problems, shown, 1, "", f"larger than {MAX_BYTES // 1_000_000} MB")])
    is_xliff = data.lstrip().startswith(b"<")
    try:
        lang, items = (_read_xliff if is_xliff else _read_po)(data, shown, problems)
    except ValueError as exc:
        raise ImportProblems([_problem(problems, shown, 1, "", str(exc))]) from None
    known = {context(u): members for members in groups(content) for u in members}
    catalogs = dict(scopes(content))
    by_file: dict[Path, dict[str, str]] = {}
    taken: dict[tuple[str, str], tuple[str, int, str]] = {}     # (scope, key) -> (text, line, msgctxt)
    given = {item[0] for item in items}
    for ctx, english_given, text, line in items:
        if ctx not in known:
            problems.error(shown, line, ctx, "no such string in this content (renamed or removed since the export?)")
            continue
        for unit in known[ctx]:            # a sentence said in many places is translated in all of them,
            if context(unit) != ctx and context(unit) in given:
                continue                   # unless the file gives that place its own text
            if _take(content, catalogs, unit, lang, english_given, text, shown, line, ctx, problems, by_file):
                taken[(unit.scope, unit.key)] = (text, line, ctx)
    if not problems.errors:             # every card text must still fit its box, as check and the PDF ask
        from .fitting import imported_overflows
        too_long = imported_overflows(content, lang, {k: v[0] for k, v in taken.items()})
        for (text, line, ctx), problem in sorted(((taken[k], p) for k, p in too_long.items()), key=lambda e: e[0][1]):
            problems.error(shown, line, ctx, problem)
    if problems.errors:
        raise ImportProblems(problems.errors)
    from .translator import HEADER
    written = []
    for target, entries in sorted(by_file.items()):
        set_fields(target, entries, HEADER.format(lang=lang, english="the English texts"))
        written.append((target, len(entries)))
    return written


def _take(content, catalogs, unit: Unit, lang: str, english_given, text, shown: str, line: int, ctx: str,
          problems: Problems, by_file: dict) -> bool:
    """Check one imported text for one place and note the fields of its YAML entry that change; whether it is
    taken."""
    where = check_entry(catalogs[unit.scope], unit.key, text, lang, shown, line, ctx, problems)
    if where is None:
        return False
    refused = _refused(unit.key, where)         # what `tischlein check` would refuse once it is in the YAML
    if refused:
        problems.error(shown, line, ctx, refused)
        return False
    english = unit.english
    if english_given is not None and english_given != _plain(english):
        english = plural.from_yaml(english_given, english.count) if isinstance(english_given, dict) and \
            isinstance(english, Plural) else english_given     # made from an older English: goes in stale
    value = {k: v for k, v in where.items()} if isinstance(where, dict) else where
    fields = _changed_fields(catalogs[unit.scope].translations.get(lang, {}).get(unit.key), value, english)
    if fields:
        target = path_of(content.root, unit.scope, unit.namespace, lang)
        by_file.setdefault(target, {})[unit.file_key] = fields
    return True


def _refused(key: str, text: "str | Plural") -> str | None:
    from . import glyphs
    from .yamlfile import _CONTROL
    for form in (text.texts() if isinstance(text, Plural) else [text]):
        bad = _CONTROL.search(form)
        if bad:
            return (f"the control character U+{ord(bad.group()):04X} has no place in a text (delete it; write a "
                    "line break as a new line)")
    return glyphs.problem(key, text)


def _changed_fields(tr, value: "str | dict", english: "str | Plural") -> dict:
    """The fields of a translation entry an import changes: none when the file has this text made from this
    English already (so an unchanged round trip writes nothing); else the text, the hash and the English."""
    new_hash = source_hash(english)
    old_text = _plain(tr.text) if tr is not None else None
    if tr is not None and old_text == value and tr.source == new_hash:
        return {}
    new = {"text": value, "source": new_hash, "english": as_json(english)}
    old = {"text": old_text, "source": tr.source, "english": tr.english} if tr is not None else {}
    return {name: v for name, v in new.items() if old.get(name) != v}


def _plain(english: "str | Plural") -> Any:
    return {k: v for k, v in english.items()} if isinstance(english, Plural) else english


def _problem(problems: Problems, shown: str, line: int | None, field: str, message: str):
    problems.error(shown, line, field, message)
    return problems.errors[-1]


def _read_po(data: bytes, shown: str, problems: Problems) -> tuple[str, list]:
    import polib
    try:
        po = polib.pofile(data.decode("utf-8"))
    except (UnicodeDecodeError, OSError, ValueError) as exc:
        raise ValueError(f"not a PO file: {exc}") from None
    lines = data.decode("utf-8").split("\n")
    msgstr_line: dict[str, int] = {}          # msgctxt -> the line of its msgstr: where a translator looks
    current = None
    for number, line in enumerate(lines, 1):
        if line.startswith("msgctxt "):
            current = line[len("msgctxt "):].strip().strip('"')
        elif line.startswith("msgstr") and current is not None:
            msgstr_line.setdefault(current, number)
            current = None
    lang = po.metadata.get("Language", "").strip()
    if not lang:
        raise ValueError("the PO file does not say its language (a Language: header)")
    header = po.metadata.get("Plural-Forms", "").strip()
    slots = plural.gettext_slots(lang, header) if header else {c: i for i, c in enumerate(plural.categories(lang))}
    items = []
    for entry in po:
        if entry.obsolete or "fuzzy" in entry.flags or not entry.msgctxt:
            continue
        if entry.msgid_plural:
            if not any(entry.msgstr_plural.values()):
                continue
            text = {cat: entry.msgstr_plural.get(i, "") for cat, i in slots.items()}
            text = {k: v for k, v in text.items() if v}
            english = {"one": entry.msgid, "other": entry.msgid_plural}
        else:
            if not entry.msgstr:
                continue
            text, english = entry.msgstr, entry.msgid
        items.append((entry.msgctxt, english, text, msgstr_line.get(entry.msgctxt, entry.linenum)))
    return lang, items


def _read_xliff(data: bytes, shown: str, problems: Problems) -> tuple[str, list]:
    from defusedxml import ElementTree as DET
    from defusedxml.common import DefusedXmlException
    try:
        root = DET.fromstring(data)
    except (DET.ParseError, DefusedXmlException) as exc:
        raise ValueError(f"not an XLIFF file: {exc}") from None
    text = data.decode("utf-8", "replace")
    q = lambda tag: f"{{{XLIFF_NS}}}{tag}"          # noqa: E731

    def line_of(ident: str) -> int:
        at = text.find(f'id="{ident}"')
        return text.count("\n", 0, at) + 1 if at >= 0 else 1

    langs = {f.get("target-language") for f in root.iter(q("file"))}
    if len(langs) != 1 or None in langs:
        raise ValueError("an XLIFF file to import names one target-language")
    lang = langs.pop()
    items = []

    def taken(unit) -> tuple[str, str] | None:
        target = unit.find(q("target"))
        if target is None or not (target.text or "") or target.get("state", "translated").startswith(
                ("needs-review", "new")):
            return None
        return (unit.find(q("source")).text or ""), target.text

    for body in root.iter(q("body")):
        for child in body:
            if child.tag == q("group") and child.get("restype") == PLURAL_GROUP:
                forms, sources = {}, {}
                for unit in child.iter(q("trans-unit")):
                    got = taken(unit)
                    cat = unit.get("id", "").rsplit("[", 1)[-1].rstrip("]")
                    if got is not None:
                        sources[cat], forms[cat] = got
                if forms:
                    english = {k: sources[k] for k in ("one", "other") if k in sources} or None
                    items.append((child.get("id"), english if english and len(english) == 2 else None, forms,
                                  line_of(child.get("id"))))
            elif child.tag == q("trans-unit"):
                got = taken(child)
                if got is not None:
                    items.append((child.get("id"), got[0], got[1], line_of(child.get("id"))))
    return lang, items
