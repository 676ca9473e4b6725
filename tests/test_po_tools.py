"""PO files as translators' tools read them: every exported PO of every language passes gettext's
`msgfmt -c --check-format` and translate-toolkit's `pofilter` (placeholder, plural and length checks); an entry
carries its string id as msgctxt, says where it appears and what each placeholder holds, is flagged
python-brace-format, and names the CLDR category of each plural slot; `export en` is a POT template; the usual
gettext Plural-Forms headers are taken where they map onto CLDR's categories; XLIFF marks translations approved."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import polib
import pytest
from click.testing import CliRunner

from content_tools import copy_content, run_cli as run
from tischlein.cli import main
from tischlein.content import loader

TOOLS = shutil.which("msgfmt") and shutil.which("pofilter")
needs_tools = pytest.mark.skipif(not TOOLS and not os.environ.get("CI"),
                                 reason="gettext (msgfmt) and translate-toolkit (pofilter) are not installed: "
                                        "apt-get install gettext translate-toolkit (.ci/run does)")
POFILTER_CHECKS = ("variables", "pythonbraceformat", "nplurals", "long", "short")


@pytest.fixture()
def content(tmp_path) -> Path:
    return copy_content(tmp_path)


def export(content: Path, lang: str, target: Path, *more: str) -> polib.POFile:
    run("i18n", "export", lang, "-o", str(target), "--content", str(content), *more)
    return polib.pofile(str(target))


@needs_tools
@pytest.mark.parametrize("lang", ["de", "pt", "fr"])
def test_every_exported_po_passes_msgfmt_and_pofilter(content, tmp_path, lang):
    po = tmp_path / f"{lang}.po"
    export(content, lang, po)
    checked = subprocess.run(["msgfmt", "-c", "--check-format", "-o", os.devnull, str(po)], capture_output=True,
                             text=True)
    assert checked.returncode == 0 and checked.stderr == "", checked.stderr[:3000]
    flagged = tmp_path / "flagged.po"
    args = ["pofilter", "--progress=none"] + [f"--test={t}" for t in POFILTER_CHECKS] + [str(po), str(flagged)]
    subprocess.run(args, check=True, capture_output=True)
    found = [line for line in flagged.read_text(encoding="utf-8").splitlines() if "(pofilter)" in line] \
        if flagged.exists() else []
    assert found == []


def test_a_french_entry_as_poedit_reads_it(content, tmp_path):
    po = export(content, "fr", tmp_path / "fr.po", "--game", "ta-na-mesa")
    entry = next(e for e in po if e.msgctxt == "ta-na-mesa:messages:step.take_face_up")
    assert entry.msgid == "{player} takes {card} from the {side} side."
    assert "python-brace-format" in entry.flags
    notes = entry.comment.split("\n")
    assert notes[0].startswith("Appears in: the game table")
    assert {"{player}: a player's name: keep it, in braces", "{card}: a card's printed name: keep it, in braces",
            "{side}: a side, in words (for example: left): keep it, in braces"} <= set(notes)
    assert entry.occurrences == [("games/ta-na-mesa/messages.yaml", entry.occurrences[0][1])]
    assert po.metadata["Language"] == "fr" and po.metadata["Language-Team"] == "French (tischlein)"
    assert po.metadata["Last-Translator"] and po.metadata["PO-Revision-Date"][:2] == "20"
    counted = next(e for e in po if e.msgid_plural and "ta-na-mesa" in e.msgctxt)
    assert "Plural forms: msgstr[0] = one (n = 0, 1 …); msgstr[1] = many (n = 1000000, 2000000 …); " \
           "msgstr[2] = other (n = 2, 3, 4 …)" in counted.comment
    links = next(e for e in export(content, "fr", tmp_path / "m.po", "--game", "mahlzeit")
                 if e.msgctxt == "mahlzeit:rules:mahlzeit.overview.body")
    assert "{term:stack}: the glossary term “Stack”, shown in your language: keep it exactly as it is" \
        in links.comment


def test_every_reference_points_inside_the_content_folder(content, tmp_path):
    po = export(content, "de", tmp_path / "de.po")
    places = {path for entry in po for path, _ in entry.occurrences}
    assert places and all((content / path).is_file() for path in places)


def test_export_en_is_a_template(content, tmp_path):
    pot = export(content, "en", tmp_path / "tischlein.pot")
    assert pot.metadata["Language"] == "" and "i18n/en" not in (tmp_path / "tischlein.pot").read_text()
    assert all(not e.msgstr and not any(e.msgstr_plural.values()) for e in pot)
    counted = next(e for e in pot if e.msgid_plural)
    assert sorted(counted.msgstr_plural) == [0, 1] and "msgstr[0] = one (n = 1)" in counted.comment


def _fill(po: polib.POFile, header: str, forms: dict[int, str]) -> str:
    po.metadata["Plural-Forms"] = header
    entry = next(e for e in po if e.msgctxt == "ui:ui:site.play.log_count")
    entry.msgstr_plural = forms
    return entry.msgctxt


def test_usual_gettext_plural_headers_map_onto_cldr(content, tmp_path):
    fr = export(content, "fr", tmp_path / "fr.po")
    _fill(fr, "nplurals=2; plural=(n > 1);", {0: "Historique ({n} étape)", 1: "Historique ({n} étapes)"})
    fr.save(str(tmp_path / "fr.po"))
    run("i18n", "import", str(tmp_path / "fr.po"), "--content", str(content))
    pl = export(content, "pl", tmp_path / "pl.po")
    _fill(pl, "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
          {0: "Dziennik ({n} krok)", 1: "Dziennik ({n} kroki)", 2: "Dziennik ({n} kroków)"})
    pl.save(str(tmp_path / "pl.po"))
    run("i18n", "import", str(tmp_path / "pl.po"), "--content", str(content))
    loaded = loader.load(content)
    assert not loaded.problems.errors
    assert dict(loaded.ui.translations["fr"]["ui:site.play.log_count"].text) == {
        "one": "Historique ({n} étape)", "many": "Historique ({n} étapes)", "other": "Historique ({n} étapes)"}
    assert dict(loaded.ui.translations["pl"]["ui:site.play.log_count"].text) == {
        "one": "Dziennik ({n} krok)", "few": "Dziennik ({n} kroki)", "many": "Dziennik ({n} kroków)",
        "other": "Dziennik ({n} kroków)"}


def test_a_plural_header_that_does_not_map_is_refused_with_the_reason(content, tmp_path):
    de = export(content, "de", tmp_path / "de.po")
    _fill(de, "nplurals=2; plural=(n > 1);", {0: "Verlauf ({n} Schritt)", 1: "Verlauf ({n} Schritte)"})
    de.save(str(tmp_path / "de.po"))
    said = CliRunner().invoke(main, ["i18n", "import", str(tmp_path / "de.po"), "--content", str(content)]).output
    assert "puts 0 and 2 in different forms (msgstr[0], msgstr[1]), but in de both take the `other` form" in said
    assert "nothing was written" in said


def test_xliff_marks_translated_units_approved(content, tmp_path):
    run("i18n", "export", "de", "--format", "xliff", "--game", "mahlzeit", "-o", str(tmp_path / "de.xlf"),
        "--content", str(content))
    text = (tmp_path / "de.xlf").read_text(encoding="utf-8")
    unit = text[text.index('id="mahlzeit:rules:mahlzeit.overview.title"') - 200:][:600]
    assert 'approved="yes"' in unit and 'state="translated"' in unit


def test_the_template_and_every_language_have_the_same_strings(content, tmp_path):
    """msgmerge of the template into a language's PO keeps every entry: the same strings in both."""
    pot = export(content, "en", tmp_path / "t.pot")
    for lang in ("fr", "de"):
        assert [e.msgctxt for e in export(content, lang, tmp_path / f"{lang}.po")] == [e.msgctxt for e in pot]
