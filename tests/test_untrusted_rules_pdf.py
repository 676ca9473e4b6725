"""Content is untrusted in the rules PDFs too: markup a translator writes into a rule, a term or a question
(HTML, reportlab's own <font> and <a> tags, entities, javascript: links) prints as the characters written and
never becomes formatting, a link or an action."""
from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest
import yaml
from pypdf import PdfReader

from hostile import hostile_copy
from tischlein.content import loader
from tischlein.pdf import booklet, quickref

# reportlab's paragraph markup, which a rule text must not be able to use
REPORTLAB = '<font size="60" color="#ff0000">HUGE</font> <a href="javascript:alert(8)">click</a> &nbsp;&amp; <br/>'
# HTML a translator could write, put into a rule title every one of the PDFs prints (the quick reference too), so
# the check does not depend on which texts hostile_copy's rotation happens to give which payload
HTML = ('</title><script>window.__xss=1;alert(2)</script><title>', '<svg onload="alert(7)" data-xss=1>',
        '<img src=x onerror="alert(1)" data-xss=1>')


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("hostile")
    root = hostile_copy(tmp, "mahlzeit")
    rules = root / "games" / "mahlzeit" / "rules.yaml"
    data = yaml.safe_load(rules.read_text(encoding="utf-8"))
    data["sections"][0]["body"] += "\n\n" + REPORTLAB
    data["sections"][0]["title"] += " <b>bold?</b>"
    played = next(x for x in data["sections"] if not x["id"].endswith((".overview", ".components")))
    played["title"] += " " + " ".join(HTML)
    rules.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    content = loader.load(root)
    assert not content.problems.errors, content.problems.errors[:3]
    out = tmp / "out"
    return {
        "rules": booklet.build(content, "mahlzeit", "en", "a4", "rules", out / "rules.pdf"),
        "booklet": booklet.build(content, "mahlzeit", "en", "letter", "booklet", out / "booklet.pdf"),
        "quickref": quickref.build(content, "mahlzeit", "en", "a4", out / "quickref.pdf"),
    }


def _text(path) -> str:
    pdf = pdfium.PdfDocument(str(path))
    return re.sub(r"\s+", "", "".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf))))


def _squash(s: str) -> str:
    return re.sub(r"\s+", "", s)


@pytest.mark.parametrize("kind", ["rules", "booklet", "quickref"])
def test_html_in_content_prints_as_text(hostile, kind):
    text = _text(hostile[kind])
    for payload in HTML:
        assert _squash(payload) in text, (kind, payload)


@pytest.mark.parametrize("kind", ["rules", "booklet"])
def test_reportlab_markup_in_a_rule_prints_as_text(hostile, kind):
    text = _text(hostile[kind])
    assert _squash('<font size="60" color="#ff0000">HUGE</font>') in text
    assert _squash('<a href="javascript:alert(8)">click</a>') in text
    # entities are Markdown's (the site shows "&nbsp;&amp;" as a space and "&" too); reportlab never sees them
    assert "&<br/>" in text
    assert _squash("<b>bold?</b>") in text


@pytest.mark.parametrize("kind", ["rules", "booklet", "quickref"])
def test_no_glyph_is_enlarged_by_content(hostile, kind):
    pdf = pdfium.PdfDocument(str(hostile[kind]))
    tallest = 0.0
    for i in range(len(pdf)):
        text = pdf[i].get_textpage()
        for k in range(text.count_chars()):
            if text.get_text_range(k, 1) in "HUGE":
                _, b, _, t = text.get_charbox(k)
                tallest = max(tallest, t - b)
    assert 0 < tallest < 40          # titles are large, but a 60 pt <font> from content never happens


@pytest.mark.parametrize("kind", ["rules", "booklet", "quickref"])
def test_no_link_leaves_the_file_or_runs_anything(hostile, kind):
    for page in PdfReader(str(hostile[kind])).pages:
        for annot in page.get("/Annots") or []:
            action = annot.get_object().get("/A") or {}
            uri = str(action.get("/URI", ""))
            assert not uri.lower().startswith(("javascript:", "data:", "vbscript:")), uri
            assert action.get("/S") != "/JavaScript"
