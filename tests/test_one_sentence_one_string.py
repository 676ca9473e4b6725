"""One sentence, one string: a sentence repeated across records (Tá na Mesa's reconstruction note on 97 recipe
fields) goes out to PO once, its translation comes back into every place, and coverage counts distinct strings."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import polib
import pytest

from content_tools import copy_content, run_cli as run
from tischlein.content import loader, status

@pytest.fixture()
def content(tmp_path) -> Path:
    return copy_content(tmp_path)


def _note(catalog) -> tuple[str, list[str]]:
    text, times = Counter(t for t in catalog.source.values() if isinstance(t, str)).most_common(1)[0]
    return text, [k for k, t in catalog.source.items() if t == text]


def test_a_repeated_note_goes_out_once_and_comes_back_everywhere(content, tmp_path):
    catalog = loader.load(content, ["ta-na-mesa"]).games["ta-na-mesa"].catalog
    note, keys = _note(catalog)
    assert len(keys) >= 90 and len(note.split()) > 40
    said = run("i18n", "export", "fr", "--game", "ta-na-mesa", "-o", str(tmp_path / "fr.po"), "--content", str(content))
    po = polib.pofile(str(tmp_path / "fr.po"))
    entries = [e for e in po if e.msgid == note]
    assert len(entries) == 1
    assert f"The same sentence in {len(keys)} places, translated once for all" in entries[0].comment
    assert f"({len(po)} strings)" in said and len(po) < len(catalog.source) - len(keys) + 2
    entries[0].msgstr = "Le livret donne 25 tuiles recette (traduction)."
    po.save(str(tmp_path / "fr.po"))
    run("i18n", "import", str(tmp_path / "fr.po"), "--content", str(content))
    french = loader.load(content, ["ta-na-mesa"]).games["ta-na-mesa"].catalog.translations["fr"]
    assert {k for k, tr in french.items() if tr.text == entries[0].msgstr} == set(keys)


def test_coverage_counts_distinct_strings(content):
    loaded = loader.load(content, ["ta-na-mesa"])
    catalog = loaded.games["ta-na-mesa"].catalog
    row = next(c for c in status.coverage(loaded, ["de"], ["ta-na-mesa"]))
    note, keys = _note(catalog)
    assert row.total <= len(catalog.source) - len(keys) + 1
