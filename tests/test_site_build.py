"""`tischlein site` without a browser: pages per language, escaping, tokens, links, assets, no other origins.

One build of a content copy with hostile text in it (a <script>, a javascript: link, an attr_list attribute, an
external image) serves most tests; it takes a few seconds.
"""
from __future__ import annotations

import gzip
import html
import re
import shutil
import zipfile
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit
from xml.etree import ElementTree

import pytest
import yaml
from click.testing import CliRunner

from tischlein.content import loader
from tischlein.site import markdown as md
from tischlein.resources import PYODIDE_FILES
from tischlein.site.build import BuildReport, build_site

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = '<script>alert("pwned")</script>'
EVIL_FAQ = {
    "id": "evil-entry",
    "question": f"Is {SCRIPT} shown as text?",
    "answer": (f"It must be. {SCRIPT} <img src=x onerror=alert(1)> [click](javascript:alert(1)) "
               "![tracker](https://evil.example/pixel.png) *Stays emphasised* {: onclick=\"alert(2)\" } "
               "see {rule:mahlzeit.spoon} and the {term:stack}.\n"),
    "rules": ["mahlzeit.spoon"],
}


EVIL_TERM = {"id": "zuckerguss", "term": "Zuckerguss",
             "definition": 'Icing. <script>alert("abbr")</script> "quoted" & {: onclick=x }'}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """A content copy (Mahlzeit only) with a hostile FAQ entry, built into a tmp output folder."""
    tmp = tmp_path_factory.mktemp("site")
    content_dir = tmp / "content"
    shutil.copytree(ROOT / "content", content_dir, ignore=shutil.ignore_patterns("diced-veggies*"))
    for extra in (content_dir / "games").iterdir():
        if extra.name != "mahlzeit":
            shutil.rmtree(extra)
    faq = content_dir / "games" / "mahlzeit" / "faq.yaml"
    data = yaml.safe_load(faq.read_text(encoding="utf-8"))
    data["entries"].append(EVIL_FAQ)
    faq.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    glossary = content_dir / "games" / "mahlzeit" / "glossary.yaml"
    data = yaml.safe_load(glossary.read_text(encoding="utf-8"))
    data["terms"].append(EVIL_TERM)
    glossary.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    rules = content_dir / "games" / "mahlzeit" / "rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace(
        "Set up in this order:", "Set up in this order (Zuckerguss too):", 1), encoding="utf-8")
    content = loader.load(content_dir)
    assert not content.problems.errors, [str(p) for p in content.problems.errors]
    report = BuildReport(tmp / "out" / "site")
    import os
    os.environ["TISCHLEIN_SIM_GAMES"] = "12"
    try:
        site = build_site(content, tmp / "out", "http://127.0.0.1:8123/", keep_work=tmp / "work",
                          pdf_root=ROOT / "output", report=report)
    finally:
        os.environ.pop("TISCHLEIN_SIM_GAMES", None)
    print(f"\nsite build: {report.seconds:.2f} s, {report.bytes / 1e6:.1f} MB, {report.pages} pages")
    return site, tmp / "work" / "docs", report


def html_pages(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("*.html") if "assets" not in p.parts)


def test_every_page_exists_in_every_language(built):
    site, docs, report = built
    content = loader.load(ROOT / "content", ["mahlzeit"])
    game = content.games["mahlzeit"]
    pages = ["", "translate/", "mahlzeit/", "mahlzeit/overview/", "mahlzeit/components/", "mahlzeit/rules/",
             "mahlzeit/faq/", "mahlzeit/quickref/", "mahlzeit/simulation/", "mahlzeit/examples/",
             "mahlzeit/sources/", "mahlzeit/downloads/"]
    pages += [f"mahlzeit/examples/{ex['id']}/" for ex in game.examples]
    for lang_prefix in ("", "de/", "pt/"):
        for page in pages:
            html = site / lang_prefix / page / "index.html"
            assert html.is_file(), html
    de = (site / "de" / "mahlzeit" / "rules" / "index.html").read_text(encoding="utf-8")
    assert '<html lang="de"' in de and ">Regeln<" in de
    pt = (site / "pt" / "mahlzeit" / "rules" / "index.html").read_text(encoding="utf-8")
    assert '<html lang="pt"' in pt and ">Regras<" in pt
    assert 'class="tl-fallback-note"' in pt                  # the fixture's edited setup text is not in pt yet


def test_sitemap_names_every_page_of_every_language_and_the_404_page_is_the_default_languages(built):
    """Each language is a `mkdocs build` of its own; the default language's writes the sitemap of them all."""
    site, _, _ = built
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}
    base, languages = "http://127.0.0.1:8123/", ["en", "de", "pt"]
    urls = ElementTree.fromstring((site / "sitemap.xml").read_bytes()).findall("s:url", ns)
    pages = [base + "".join(f"{part}/" for part in p.parent.relative_to(site).parts)
             for p in html_pages(site) if p.name == "index.html"]
    assert sorted(u.find("s:loc", ns).text for u in urls) == sorted(pages) and len(pages) > 3 * 12
    for url in urls:
        loc = url.find("s:loc", ns).text
        lang = next((x for x in languages[1:] if loc.startswith(f"{base}{x}/")), "en")
        alternates = {link.get("hreflang"): link.get("href") for link in url.findall("x:link", ns)}
        assert set(alternates) == set(languages) and alternates[lang] == loc, loc
        assert alternates["en"].replace(base, f"{base}{lang}/" if lang != "en" else base) == loc
    assert gzip.decompress((site / "sitemap.xml.gz").read_bytes()) == (site / "sitemap.xml").read_bytes()
    assert '<html lang="en"' in (site / "404.html").read_text(encoding="utf-8")
    assert not (site / "de" / "404.html").exists() and not (site / "de" / "sitemap.xml").exists()


def test_script_in_content_is_shown_as_text(built):
    site, docs, _ = built
    for path in html_pages(site):
        text = path.read_text(encoding="utf-8")
        assert "<script>alert" not in text, path
        assert "javascript:" not in text, path
        handlers = _Handlers()
        handlers.feed(text)
        assert not handlers.found, (path, handlers.found)
    faq = (site / "mahlzeit" / "faq" / "index.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert" in faq                                   # visible as text
    assert "<em>Stays emphasised</em>" in faq                              # Markdown still works
    assert not re.search(r"<img[^>]+evil\.example", faq)                    # no external image request
    assert 'href="https://evil.example/pixel.png"' in faq                  # ... only a link to it
    assert 'id="mahlzeit.spoon"' in (site / "mahlzeit" / "rules" / "index.html").read_text(encoding="utf-8")
    # the untranslated entry is marked on the German page
    faq_de = (site / "de" / "mahlzeit" / "faq" / "index.html").read_text(encoding="utf-8")
    assert 'class="tl-fallback-note"' in faq_de and 'class="tl-fallback"' in faq_de


def test_tokens_are_expanded_into_links(built):
    site, docs, _ = built
    for path in html_pages(site):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\{(rule|term):[a-z0-9]", text), path      # the translator's guide shows {rule:...}
    faq = (site / "mahlzeit" / "faq" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'href="\.\./rules/#mahlzeit\.spoon"', faq)
    assert re.search(r'href="\.\./rules/#term-stack" title="[^"]+"', faq)


class _Handlers(HTMLParser):
    """Event-handler attributes (onclick=, onerror=, ...) on any element: an attribute's VALUE may mention
    'onclick=' as text (a tooltip quoting content), an attribute NAME may not."""

    def __init__(self):
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.found += [f"<{tag} {name}>" for name, _ in attrs if name.startswith("on")]


class _Refs(HTMLParser):
    def __init__(self):
        super().__init__()
        self.refs: list[tuple[str, str, str]] = []      # (tag, attribute, url)

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("src", "href", "srcset", "data", "action", "poster") and value:
                self.refs.append((tag, name, value))


def test_no_other_origin_except_links_in_content_text(built):
    site, docs, _ = built
    allowed_links = {"https://evil.example/pixel.png"}      # a link written in the content text
    for path in html_pages(site):
        parser = _Refs()
        parser.feed(path.read_text(encoding="utf-8"))
        for tag, attr, url in parser.refs:
            parts = urlsplit(url)
            if not parts.scheme and not parts.netloc:
                continue
            if parts.scheme in ("data", "mailto"):
                continue
            if tag == "link" and attr == "href" and parts.netloc == "127.0.0.1:8123":
                continue                                      # canonical / alternate links to the site itself
            assert tag == "a" and url in allowed_links, f"{path}: <{tag} {attr}={url}>"


def test_assets_pyodide_engine_and_game_json(built):
    site, docs, _ = built
    for name in PYODIDE_FILES:
        assert (site / "assets" / "pyodide" / name).stat().st_size > 1000
    assert not (site / "de" / "assets").exists()                      # not duplicated per language
    with zipfile.ZipFile(site / "assets" / "engine" / "engine.zip") as zf:
        names = zf.namelist()
    assert "tischlein/__init__.py" in names and "tischlein/engine/api.py" in names
    assert "tischlein/games/mahlzeit/engine.py" in names
    assert all(n.startswith(("tischlein/__init__.py", "tischlein/engine/", "tischlein/games/")) for n in names)
    assert all(re.fullmatch(r"__init__\.py|engine(_\w+)?\.py|picture\.py|policy\.py", n.rsplit("/", 1)[-1]) for n in names
               if n.startswith("tischlein/games/"))
    import json
    game = json.loads((site / "assets" / "games" / "mahlzeit.json").read_text(encoding="utf-8"))
    assert game["data"]["game"] == "mahlzeit" and set(game["messages"]) >= {"en", "de"}
    worker = (site / "assets" / "js" / "engine-worker.mjs").read_text(encoding="utf-8")
    assert 'from "../pyodide/pyodide.mjs"' in worker and "importScripts" not in worker


def test_examples_are_prerendered_by_the_engine(built):
    site, docs, _ = built
    page = (site / "mahlzeit" / "examples" / "silke-currywurst" / "index.html").read_text(encoding="utf-8")
    assert 'id="step-1"' in page and 'id="step-3"' in page
    assert page.count('class="tl-picture ') == 4                          # the start and three steps, drawn
    assert 'class="tl-ok"' in page                                     # the engine's expect check holds
    printed = (site / "de" / "mahlzeit" / "examples" / "silke-currywurst-as-printed" / "index.html").read_text("utf-8")
    assert "mahlzeit.turn.lay" in printed and 'id="illegal"' in printed
    assert 'class="tl-tryit"' in printed and 'data-lang="de"' in printed


def test_components_and_provenance(built):
    site, docs, _ = built
    comp = (site / "mahlzeit" / "components" / "index.html").read_text(encoding="utf-8")
    for name in ("Currywurst", "Kartoffeln", "Kaffee mit Rum", "Kochlöffel", "Besteck"):
        assert name in comp
    assert 'class="tl-mark tl-star"' in comp and 'class="tl-mark tl-r"' in comp
    sources = (site / "mahlzeit" / "sources" / "index.html").read_text(encoding="utf-8")
    assert 'id="note-dishes-rote-gruetze-values"' in sources
    assert 'id="note-facts-players"' in sources
    home = (site / "mahlzeit" / "index.html").read_text(encoding="utf-8")
    assert "2–5" in home and "tl-star" in home                        # players, marked reconstructed


def test_downloads_list_the_pdfs_that_exist(built):
    site, docs, report = built
    page = (site / "mahlzeit" / "downloads" / "index.html").read_text(encoding="utf-8")
    pdfs = sorted((ROOT / "output" / "pdf" / "mahlzeit").glob("mahlzeit-*-*.pdf"))
    if not pdfs:
        assert "tischlein build" in page
        return
    for pdf in pdfs:
        if re.fullmatch(r"mahlzeit-(en|de)-(a4|letter)\.pdf", pdf.name):
            assert pdf.name in page and (site / "downloads" / "mahlzeit" / pdf.name).is_file()


def test_markdown_escaping_units():
    assert md.text("a*b_c <b> {x}") == r"a\*b\_c &lt;b&gt; &#123;x&#125;"
    out = md.content("[x](javascript:alert(1)) [y](https://ok.example) ![i](http://t.example/p.png) `<b>`")
    assert "javascript" not in out and "(https://ok.example)" in out and "![" not in out and "`<b>`" in out
    assert md.content("{: onclick=x }") == "&#123;: onclick=x &#125;"
    assert md.content("see {rule:a.b}", lambda k, t: f"[{t}](r.md#{t})") == "see [a.b](r.md#a.b)"
    assert md.content("[z](JaVa\tScRipt:alert(1))") == "[z](#)"


def test_cli_site_command_is_registered():
    from tischlein.cli import main
    result = CliRunner().invoke(main, ["site", "--help"])
    assert result.exit_code == 0 and "--serve" in result.output and "--port" in result.output


def test_glossary_terms_become_tooltips_with_escaped_definitions(built):
    site, docs, _ = built
    rules = (site / "mahlzeit" / "rules" / "index.html").read_text(encoding="utf-8")
    m = re.search(r'<abbr title="([^"]*)">Zuckerguss</abbr>', rules)
    assert m, "the glossary term is not a tooltip"
    # Material's tooltip puts the title in as HTML: the title holds the definition as escaped HTML text
    title = html.unescape(m.group(1))
    assert "&lt;script&gt;" in title and "<script" not in title and '"quoted"' in title and "&amp;" in title
    assert html.unescape(title).startswith("Icing. <script>")                      # what the tooltip shows
    assert re.search(r'<abbr title="[^"]+">[Ss]tack</abbr>', rules)


def test_rule_sections_end_with_related_rules_faq_and_examples(built):
    site, docs, _ = built
    rules = (site / "mahlzeit" / "rules" / "index.html").read_text(encoding="utf-8")
    spoon = rules[rules.index('id="mahlzeit.spoon"'):]
    related = spoon[spoon.index('class="tl-related"'):][:3000]
    assert 'href="../faq/#faq-spoon-same-turn"' in related           # the FAQ entry that cites this rule
    assert re.search(r'href="\.\./examples/[a-z0-9-]+/"', related)     # a worked example showing it
    faq = (site / "mahlzeit" / "faq" / "index.html").read_text(encoding="utf-8")
    assert 'href="../rules/#mahlzeit.spoon"' in faq                   # FAQ entries link their rule ids


def test_landing_quickref_simulation_and_translator_pages(built):
    site, docs, _ = built
    home = (site / "index.html").read_text(encoding="utf-8")
    assert home.count('class="tl-game"') == 1 and "Mahlzeit" in home
    # the game's picture: a card face when output/ has previews (after `make build`), else the drawn emblem
    assert re.search(r'<img class="tl-emblem" src="[^"]+" alt="[^"]*Mahlzeit|<svg class="tl-emblem"[^>]* role="img"',
                     home)
    assert "2–5" in home and "min" in home
    qr = (site / "mahlzeit" / "quickref" / "index.html").read_text(encoding="utf-8")
    assert 'class="tl-quickref"' in qr and 'href="../rules/#mahlzeit.scoring"' in qr
    sim = (site / "mahlzeit" / "simulation" / "index.html").read_text(encoding="utf-8")
    assert sim.count('<svg class="tl-chart"') == 4 and sim.count('role="img"') >= 4     # + does skill matter
    assert 'id="tl-sim-skill"' in sim and "Win rate by seat" in sim and "How games end" in sim
    assert "N = 12 games" in sim
    assert "<script" not in sim.split('class="md-content"')[1].split("</article>")[0]
    tr = (site / "pt" / "translate" / "index.html").read_text(encoding="utf-8")
    assert "tischlein i18n status" in tr and "Mahlzeit" in tr and "Português" in tr


def test_the_game_page_says_what_the_game_is_once_per_language(built):
    """The subtitle, its gloss and the tagline (the overview's first sentence) each add something: a German page,
    whose gloss is the subtitle itself, shows it once, and no tagline only repeats the gloss."""
    site, _, _ = built
    glosses = {"": "A card game about traditional German cooking",
               "de": "Ein Kartenspiel über die traditionelle deutsche Küche",
               "pt": "Um jogo de cartas sobre a cozinha tradicional alemã"}
    for lang, gloss in glosses.items():
        page = html.unescape((site / lang / "mahlzeit" / "index.html").read_text(encoding="utf-8"))
        assert page.count(gloss) == 1, lang or "en"
        tagline = re.sub(r"<[^>]+>", "", page.split('class="tl-tagline"')[1].split("</p>")[0])
        rest = re.sub(re.escape(gloss.split(" ", 1)[1]), "", tagline.split(">", 1)[1], flags=re.I)
        assert len(rest.replace("Mahlzeit", "")) > 60, (lang or "en", tagline)


def test_ta_na_mesa_is_complete_in_pt_and_has_per_player_setup(tmp_path):
    content = loader.load(ROOT / "content", ["ta-na-mesa"])
    from tischlein.site.context import PageContext
    from tischlein.site.pages import SiteWriter
    writer = SiteWriter(content, ["en", "de", "pt"])
    game = content.games["ta-na-mesa"]
    for page in ("rules", "overview", "faq"):
        ctx = PageContext(writer, game, f"ta-na-mesa/{page}", "pt")
        writer.render(f"{page}.md.j2", ctx, downloads=None, examples=[], images={}, tables=[])
        assert ctx.fallbacks == 0, page
    ctx = PageContext(writer, game, "ta-na-mesa/overview", "en")
    text = writer.render("overview.md.j2", ctx, downloads=None, examples=[], images={}, tables=[])
    assert '=== "2 players"' in text and '=== "4 players"' in text


def test_pdf_names_give_language_paper_and_variant():
    from tischlein.site.downloads import parse_pdf_name
    langs = ["en", "de", "pt"]
    assert parse_pdf_name("mahlzeit", "mahlzeit-de-a4.pdf", langs) == ("de", "a4", "")
    assert parse_pdf_name("mahlzeit", "mahlzeit-en-letter-ink-saver.pdf", langs) == ("en", "letter", "ink-saver")
    assert parse_pdf_name("ta-na-mesa", "ta-na-mesa-pt-a4-fold.pdf", langs) == ("pt", "a4", "fold")
    assert parse_pdf_name("mahlzeit", "mahlzeit-xx-a4.pdf", langs) is None
    assert parse_pdf_name("mahlzeit", "other-en-a4.pdf", langs) is None


def test_ui_strings_exist_in_pt_with_current_hashes():
    content = loader.load(ROOT / "content", ["mahlzeit"])
    ui = content.ui
    site_keys = [k for k in ui.source if k.startswith("ui:site.") and not k.startswith("ui:site.calc.")]
    assert site_keys
    missing = [k for k in site_keys if ui.status(k, "pt") != "current"]
    assert not missing, missing
