"""What a phone downloads and finds, read from a built site (Schwarzwälder Kirsch, every language): the play page is
linked as a button from the home page and the game's overview; a page loads only the CSS and scripts of what it
shows; the engine's loading message states the bytes the server sends for the engine's first start; every text
file has its compressed copy, and the offline copy's lists name none of the copies. And the state pictures' ARIA
roles sit where ARIA wants them (every game)."""
from __future__ import annotations

import gzip
import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from engine_tools import ENGINE_GAMES, engine_for, repository_content
from tischlein.content import loader
from tischlein.engine import api, replay
from tischlein.resources import PYODIDE_FILES
from tischlein.site import compress
from tischlein.site.assets import game_payload
from tischlein.site.build import BuildReport, build_site
from tischlein.locale import file_size as _size

ROOT = Path(__file__).resolve().parents[1]
GAME = "schwarzwaelder-kirsch"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("phone")
    content = loader.load(ROOT / "content", only=[GAME])
    import os
    os.environ["TISCHLEIN_SIM_GAMES"] = "5"
    try:
        return build_site(content, tmp / "out", "http://127.0.0.1:8123/", pdf_root=tmp / "out",
                          report=BuildReport(tmp / "out" / "site"))
    finally:
        os.environ.pop("TISCHLEIN_SIM_GAMES", None)


def _page(site: Path, path: str) -> str:
    return (site / path / "index.html").read_text(encoding="utf-8")


PLAY_BUTTON = re.compile(r'<a class="md-button md-button--primary" href="([^"]*)">([^<]+)</a>')


@pytest.mark.parametrize("lang, name", [("en", "Play a game"), ("de", "Eine Partie spielen"),
                                        ("pt", None)])
def test_home_and_overview_have_a_play_button_in_every_language(site, lang, name):
    prefix = "" if lang == "en" else f"{lang}/"
    for path, target in ((prefix, f"{GAME}/play/"), (f"{prefix}{GAME}/overview/", "../play/")):
        buttons = PLAY_BUTTON.findall(_page(site, path))
        assert (target, name or buttons[0][1]) in buttons, (path, buttons)
        assert (site / path / target / "index.html").resolve().is_file()
        assert (site / prefix / GAME / "play" / "index.html").is_file()


def _assets(page: str) -> set[str]:
    found = re.findall(r'<(?:script src|link rel="stylesheet" href)="([^"]+)"', page)
    return {re.sub(r"^(\.\./)+", "", url) for url in found}


def test_a_page_loads_only_the_css_and_scripts_of_what_it_shows(site):
    rules, play = _assets(_page(site, f"{GAME}/rules/")), _assets(_page(site, f"{GAME}/play/"))
    example = _assets(_page(site, f"{GAME}/examples/tauschen/"))
    calculator = _assets(_page(site, f"{GAME}/calculator/"))
    panels = {"assets/css/picture.css", "assets/css/calculator.css", "assets/js/play.js", "assets/js/tryit.js",
              "assets/js/calc/ui.js", "assets/js/steps.js"}
    assert not rules & panels, rules & panels
    assert play & panels == {"assets/css/picture.css", "assets/js/play.js"}
    assert example & panels == {"assets/css/picture.css", "assets/js/play.js", "assets/js/tryit.js",
                                "assets/js/steps.js"}
    assert calculator & panels == {"assets/css/calculator.css", "assets/js/calc/ui.js"}
    for assets in (rules, play, example, calculator):
        assert {"assets/css/tischlein.css", "assets/js/site.js"} <= assets
        assert any(a.startswith("assets/javascripts/bundle.") for a in assets)
    # Material's script waits for the page like ours (modules): no script holds the page's rendering up
    for script in re.findall(r"<script src=[^>]*>", _page(site, f"{GAME}/rules/")):
        assert " defer" in script or 'type="module"' in script, script


def test_the_loading_message_states_what_the_engine_sends_the_first_time(site):
    sent = 0
    for rel in [*(f"assets/pyodide/{n}" for n in PYODIDE_FILES), "assets/engine/engine.zip",
                "assets/js/engine-worker.mjs", f"assets/games/{GAME}.json"]:
        copy = compress.copy_of(site / rel)
        sent += (copy if copy.is_file() else site / rel).stat().st_size
    assert 4_000_000 < sent < 10_000_000                  # Pyodide's 13.5 MB of files, compressed
    for lang, prefix in (("en", ""), ("de", "de/")):
        for path in (f"{GAME}/play/", f"{GAME}/examples/tauschen/"):
            panels = re.findall(r'data-panel="([^"]*)"', _page(site, prefix + path))
            assert panels, path
            for panel in panels:
                loading = json.loads(html.unescape(panel))["strings"]["loading"]
                assert _size(sent, lang) in loading and "14 MB" not in loading, loading


def test_text_files_have_compressed_copies_and_the_offline_lists_name_none(site):
    copies = sorted(site.rglob("*.gz"))
    for rel in ("index.html", f"{GAME}/rules/index.html", "assets/pyodide/pyodide.asm.wasm", "sw.js",
                "assets/css/tischlein.css", "search/search_index.json", "de/search/search_index.json"):
        assert compress.copy_of(site / rel) in copies, rel
    assert not (site / "assets/pyodide/python_stdlib.zip.gz").exists()        # gains 2 %: not worth a copy
    for copy in copies:
        if copy.name != "sitemap.xml.gz":                                       # MkDocs' own
            assert gzip.decompress(copy.read_bytes()) == copy.with_name(copy.name[:-3]).read_bytes(), copy
    manifest = (site / "sw.js").read_text(encoding="utf-8").split("\n", 1)[0]
    assert ".gz" not in manifest


class _Roles(HTMLParser):
    """The ARIA roles of a picture, each with the roles of its ancestors."""
    VOID = {"img", "br", "input", "hr", "meta", "link"}

    def __init__(self):
        super().__init__()
        self.stack: list[str | None] = []
        self.found: list[tuple[str, list]] = []

    def handle_starttag(self, tag, attrs):
        role = dict(attrs).get("role")
        if role:
            self.found.append((role, [r for r in self.stack if r]))
        if tag not in self.VOID:
            self.stack.append(role)

    def handle_endtag(self, tag):
        if tag not in self.VOID and self.stack:
            self.stack.pop()


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_picture_roles_have_the_parents_and_children_aria_asks(game_id):
    """A role="row" belongs in a table or grid of cells (axe: aria-required-parent and -children; Diced Veggies'
    dice block was a group of rows)."""
    content = repository_content()
    game = content.games[game_id]
    engine = engine_for(game_id)
    payload = game_payload(game, content.languages)
    for example in game.examples:
        state = replay.run(engine, example, game.engine_messages("en"))["start"]["state"]
        drawn = api.draw(payload, state, "en")
        roles = _Roles()
        roles.feed(drawn["html"])
        for role, parents in roles.found:
            if role in ("row", "cell", "gridcell", "rowheader", "columnheader"):
                assert {"table", "grid", "treegrid", "rowgroup", "row"} & set(parents), (example["id"], role)


def _luminance(hex_colour: str) -> float:
    if len(hex_colour) == 4:                                      # #fff
        hex_colour = "#" + "".join(c * 2 for c in hex_colour[1:])
    channels = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def test_text_on_a_content_colour_reads_at_4_5_to_1():
    """The pictures' content colours (picture.css: tl-col-<name>, a fill and the text on it) are backgrounds of
    small bold labels, such as Tá na Mesa's ingredient classes (white on #4e9a3a read at 3.5:1; axe: color-contrast)."""
    css = (ROOT / "site" / "assets" / "css" / "picture.css").read_text(encoding="utf-8")
    colour = r"(#[0-9a-f]{3}(?:[0-9a-f]{3})?)"
    pairs = re.findall(rf"\.tl-col-([a-z]+) \{{ --tl-c: {colour}; --tl-on: {colour}; \}}", css)
    assert len(pairs) >= 8
    for name, fill, text in pairs:
        light, dark = sorted((_luminance(fill), _luminance(text)), reverse=True)
        assert (light + 0.05) / (dark + 0.05) >= 4.5, (name, fill, text)
