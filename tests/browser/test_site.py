"""The built rules site in a real browser (headless /usr/bin/chromium), hosted under a sub-path (/sub/)."""
from __future__ import annotations

import copy
import io
import json
from pathlib import Path

import pytest

from tischlein.content import loader
from tischlein.engine import api

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
LANGS = ("", "de/", "pt/")
# One page of each type (the first game that has it is found at test time for the per-game types).
PAGE_TYPES = ("", "translate/", "{g}/", "{g}/overview/", "{g}/rules/", "{g}/components/", "{g}/faq/",
              "{g}/quickref/", "{g}/examples/", "{g}/examples/{ex}/", "{g}/simulation/", "{g}/sources/",
              "{g}/downloads/", "{g}/calculator/")


def _pages(folder):
    """Every page of the site, as URL paths relative to the site root ('' = home), every language."""
    out = []
    for html in sorted(folder.rglob("index.html")):
        rel = html.parent.relative_to(folder).as_posix()
        if rel.startswith(("assets", "search")):
            continue
        out.append("" if rel == "." else rel + "/")
    return out


def _sample(folder, game="mahlzeit"):
    """One URL path per page type (Mahlzeit: it has every type)."""
    ex = sorted(p.name for p in (folder / game / "examples").iterdir() if p.is_dir())[0]
    return [t.format(g=game, ex=ex) for t in PAGE_TYPES if (folder / t.format(g=game, ex=ex)).is_dir()
            or t == ""]


def _visit(pg, watch, base, paths) -> dict:
    problems = {}
    for path in paths:
        watch.clear()
        pg.goto(base + path, wait_until="domcontentloaded")
        if pg.locator("h1").count() != 1:
            problems[path] = ["not exactly one h1"]
        if watch.problems():
            problems[path] = watch.problems()
    pg.wait_for_timeout(200)                                 # late requests of the last page
    if watch.problems():
        problems["(last page, late)"] = watch.problems()
    return problems


def test_every_page_of_every_language_loads_without_errors_or_other_origins(site, new_page):
    """Every page of every language, loaded by the browser with JavaScript off (3x faster on this machine):
    no failed load (the console reports them), no request to another origin or outside /sub/, one h1. The
    scripts are the same for all pages of a type: the next test runs them on one page per type and language."""
    folder, base, report = site
    tabs = [new_page(java_script_enabled=False) for _ in range(3)]     # three tabs load side by side
    pages = _pages(folder)
    assert "de/mahlzeit/rules/" in pages and "pt/ta-na-mesa/rules/" in pages and "pt/translate/" in pages
    assert len(pages) >= report.pages                       # every generated page (all languages) was built
    problems = {}
    for start in range(0, len(pages), len(tabs)):
        batch = list(zip(pages[start:start + len(tabs)], tabs))
        for path, (pg, watch) in batch:
            watch.clear()
            pg.goto(base + path, wait_until="commit")
        for path, (pg, watch) in batch:
            pg.wait_for_load_state("load")         # every stylesheet and image requested and answered
            if pg.locator("h1").count() != 1:
                problems[path] = ["not exactly one h1"]
        for path, (pg, watch) in batch:
            if watch.problems():
                problems[path] = watch.problems()
    assert not problems, json.dumps(problems, indent=1)


def test_every_page_type_in_every_language_runs_its_scripts_without_errors(site, page):
    folder, base, report = site
    pg, watch = page
    paths = [lang + p for lang in LANGS for p in _sample(folder)]
    paths += ["pt/" + p for p in _sample(folder, "ta-na-mesa") if "{" not in p and p.startswith("ta-na-mesa")]
    problems = _visit(pg, watch, base, paths)
    assert not problems, json.dumps(problems, indent=1)


def test_replay_is_readable_without_javascript(site, new_page, shot):
    folder, base, _ = site
    page, watch = new_page(java_script_enabled=False)
    page.goto(base + "mahlzeit/examples/silke-currywurst/")
    assert page.locator("h2#step-1").is_visible()
    assert page.locator("h2#step-3").is_visible()
    assert page.locator(".tl-picture").count() == 4          # the start and three steps, each drawn
    assert page.locator("#start-body .tl-picture .tl-card-name", has_text="Rostzwiebeln").first.is_visible()
    assert page.locator(".tl-ok").is_visible()              # the final check
    refused = page.locator("#illegal ~ ul").first           # a refusal names its rule by title, linked
    assert "(Rule: Phase 2: Lay down dishes)" in refused.inner_text() and "mahlzeit.turn.lay" not in refused.inner_text()
    assert refused.locator("a", has_text="Phase 2: Lay down dishes").first.get_attribute("href").endswith(
        "#mahlzeit.turn.lay")
    assert page.locator(".tl-tryit noscript").count() == 1
    shot(page, "nojs-example-desktop")
    assert not [p for p in watch.problems() if not p.startswith("console")]


def test_every_example_of_every_game_is_prerendered(site):
    """Each example of each game has its page in every language, replayed by the engine when it has one."""
    folder, base, _ = site
    content = loader.load(ROOT / "content")
    from engine_tools import ENGINE_GAMES as GAMES
    for game in content.games.values():
        for ex in game.examples:
            for lang in LANGS:
                html = (folder / lang / game.id / "examples" / ex["id"] / "index.html").read_text("utf-8")
                if game.id in GAMES:
                    assert 'id="start"' in html and 'tl-picture' in html, (lang, game.id, ex["id"])
                    assert 'class="tl-tryit"' in html
                else:
                    assert 'class="tl-tryit"' not in html


def test_tryit_checks_a_legal_and_an_illegal_move(tryit, shot):
    page, watch, seconds, ready_ms = tryit
    print(f"\nPyodide + engine ready in the panel: {ready_ms} ms (click to ready, measured outside: {seconds:.2f} s)")
    moves = [
        {"player": "Silke", "move": "draw"},
        {"player": "Silke", "move": "lay",
         "args": {"dish": "currywurst", "ingredients": ["bratwurst-1", "pommes-1", "weisswurst-1"], "drink": "beer-1"}},
    ]
    page.fill(".tl-tryit-moves", "\n".join(json.dumps(m) for m in moves))
    page.click(".tl-tryit-check")
    page.wait_for_selector(".tl-tryit-results li[data-result=illegal]", timeout=15_000)
    items = page.locator(".tl-tryit-results li")
    assert items.count() == 2
    assert items.nth(0).get_attribute("data-result") == "legal"
    illegal = items.nth(1)
    assert illegal.get_attribute("data-rule") == "mahlzeit.turn.lay"
    link = illegal.locator("a.tl-rule-link")
    assert link.inner_text() == "Phase 2: Lay down dishes"     # the rule by its title; the id is only the anchor
    assert "mahlzeit.turn.lay" not in illegal.inner_text()
    assert link.get_attribute("href").endswith("/sub/mahlzeit/rules/#mahlzeit.turn.lay")
    assert "Weißwurst" in illegal.inner_text() or "weisswurst" in illegal.inner_text().lower()
    shot(page, "tryit-illegal-desktop")
    assert not watch.problems(), watch.problems()


def test_tryit_reports_bad_json_and_skips_moves_after_a_rejection(tryit):
    page, watch, _, _ = tryit
    panel = page.locator(".tl-tryit").first
    panel.locator(".tl-tryit-reset").click()
    # A bad line is reported by line number, without asking the engine.
    panel.locator(".tl-tryit-moves").fill('{"player": "Silke", "move": "draw"}\n{not json')
    panel.locator(".tl-tryit-check").click()
    panel.locator(".tl-tryit-results li.tl-res-bad").wait_for()
    assert "2" in panel.locator(".tl-tryit-results li").first.inner_text()
    # Lay a move after an illegal one: it is marked as not checked.
    moves = [{"player": "Max", "move": "draw"}, {"player": "Silke", "move": "draw"}]
    panel.locator(".tl-tryit-moves").fill("\n".join(json.dumps(m) for m in moves))
    panel.locator(".tl-tryit-check").click()
    panel.locator(".tl-tryit-results li[data-result=skipped]").wait_for()
    first = panel.locator(".tl-tryit-results li").first
    assert first.get_attribute("data-result") == "illegal"
    assert first.get_attribute("data-rule").startswith("mahlzeit.")
    assert not watch.problems(), watch.problems()


def _engine_games():
    from engine_tools import ENGINE_GAMES
    content = loader.load(ROOT / "content")
    return [g for g in content.games if g in ENGINE_GAMES and content.games[g].examples]


def _legal_and_illegal(payload: dict, examples: list[dict]) -> tuple[str, list[dict], list[dict], str]:
    """(example id, moves that are all legal, moves whose last one is illegal, its rule id), decided by the
    engine in CPython: the panel in the browser must say the same."""
    for raw in examples:
        ex = {k: v for k, v in raw.items() if not k.startswith("_")}
        result = api.run(payload, ex)
        if not result.get("start") or not result["steps"]:
            continue
        moves = [{k: v for k, v in m.items() if k in ("player", "move", "args")} for m in ex.get("moves", [])]
        legal = moves[:1]
        start = result["start"]["state"]
        candidates = []
        for item in ex.get("illegal", []):
            move = {k: v for k, v in item.items() if k in ("player", "move", "args")}
            if item.get("from") == "start":
                candidates.append(([move], start))
        candidates.append(([dict(copy.deepcopy(moves[0]), player="Nobody")], start))   # not a player
        for seq, state in candidates:
            checked = api.check_move(payload, copy.deepcopy(state), seq[-1])
            if not checked.get("legal") and checked["error"].get("rule"):
                return ex["id"], legal, seq, checked["error"]["rule"]
    pytest.skip("no example with a legal first move and a rejected move")


def add_panel(page, base: str, game_id: str, example_id: str) -> None:
    """Copy the try-it panel of another example page into the booted page (same depth, so its relative URLs
    resolve the same) and let tryit.js set it up: it shares the engine that is already running."""
    page.evaluate("""async ([url, id]) => {
        const html = await (await fetch(url)).text();
        const doc = new DOMParser().parseFromString(html, "text/html");
        const panel = doc.querySelector(".tl-tryit");
        for (const key of ["game", "engine", "rules"]) {     // relative to the page it came from
            panel.dataset[key] = new URL(panel.dataset[key], url).href;
        }
        const box = document.createElement("section");
        box.id = id;
        box.append(document.importNode(panel, true));
        document.querySelector("article").append(box);
        document.dispatchEvent(new Event("tl:tryit-scan"));
    }""", [f"{base}{game_id}/examples/{example_id}/", f"panel-{game_id}"])


@pytest.mark.parametrize("game_id", _engine_games())
def test_tryit_panel_of_every_game_with_an_engine(game_id, site, tryit):
    folder, base, _ = site
    page, watch, _, _ = tryit
    payload = json.loads((folder / "assets" / "games" / f"{game_id}.json").read_text("utf-8"))
    content = loader.load(ROOT / "content", [game_id])
    ex_id, legal, illegal, rule = _legal_and_illegal(payload, content.games[game_id].examples)
    add_panel(page, base, game_id, ex_id)
    panel = page.locator(f"#panel-{game_id} .tl-tryit")
    panel.locator(".tl-tryit-start").click()
    panel.locator(".tl-tryit-status[data-state=ready]").wait_for(timeout=30_000)
    for moves, expected in ((legal, "legal"), (illegal, "illegal")):
        panel.locator(".tl-tryit-moves").fill("\n".join(json.dumps(m) for m in moves))
        panel.locator(".tl-tryit-check").click()
        last = panel.locator(".tl-tryit-results li").nth(len(moves) - 1)
        last.wait_for(timeout=15_000)
        assert last.get_attribute("data-result") == expected, (game_id, moves, last.inner_text())
    assert last.get_attribute("data-rule") == rule
    assert last.locator("a.tl-rule-link").get_attribute("href").endswith(f"/sub/{game_id}/rules/#{rule}")
    assert not watch.problems(), watch.problems()


def test_language_switch_keeps_the_page_en_de_pt(site, page):
    folder, base, _ = site
    pg, watch = page
    for path in ("mahlzeit/rules/", "ta-na-mesa/quickref/", "translate/"):
        pg.goto(base + path, wait_until="domcontentloaded")
        for lang, prefix in (("de", "de/"), ("pt", "pt/"), ("en", "")):
            pg.hover(".md-header__option .md-select")
            pg.locator(f"a[hreflang={lang}]").first.click()
            pg.wait_for_url(base + prefix + path)
            assert pg.locator("html").get_attribute("lang") == lang
    pg.goto(base + "pt/ta-na-mesa/rules/", wait_until="domcontentloaded")
    assert pg.locator("h1").inner_text().startswith("Regras")


def test_search_works_in_each_language(site, page):
    """Material's search (lunr, in a web worker) finds a word of each language and stays in that language."""
    folder, base, _ = site
    pg, watch = page
    for prefix, word, expect in (("", "Currywurst", "/sub/mahlzeit/"), ("de/", "Spielaufbau", "/sub/de/"),
                                 ("pt/", "ingredientes", "/sub/pt/")):
        pg.goto(base + prefix, wait_until="networkidle")
        pg.locator("input.md-search__input").click()
        # Results are drawn as the reader types: wait for those of the whole word (Material adds it as ?h=),
        # not the first letter's.
        answered = pg.locator(f'a.md-search-result__link[href*="h={word.lower()}"]').first
        for attempt in range(3):   # Material does not rerun a query typed while its index still loads
            pg.fill("input.md-search__input", "")
            pg.locator("input.md-search__input").press_sequentially(word)
            try:
                answered.wait_for(timeout=10_000)
                break
            except Exception:
                assert attempt < 2, (prefix, word)
        hrefs = pg.locator("a.md-search-result__link").evaluate_all("links => links.map(a => a.href)")
        assert expect in hrefs[0], (prefix, hrefs[0])
        if prefix:                                   # only pages of the reader's language
            assert all(expect in h for h in hrefs), (prefix, hrefs)
        else:
            assert not [h for h in hrefs if "/sub/de/" in h or "/sub/pt/" in h], hrefs
        pg.keyboard.press("Escape")


def test_complete_pt_pages_carry_no_fallback_banner(site, page):
    """Every game is complete in Portuguese: no page says it falls back to English (a page that does is tested in
    test_site_build.py, on content with an untranslated text)."""
    folder, base, _ = site
    pg, watch = page
    for path in ("pt/mahlzeit/rules/", "pt/ta-na-mesa/rules/", "pt/suppenkasper/faq/"):
        pg.goto(base + path, wait_until="domcontentloaded")
        assert pg.locator("h1").inner_text().startswith(("Regras", "Perguntas")), path    # the interface is pt
        assert pg.locator(".tl-fallback-note").count() == 0, path


def test_axe_finds_no_serious_violation(site, page, shot):
    """axe-core (self-hosted from node_modules) on one page of each type, in English, and a few in de/pt."""
    folder, base, _ = site
    pg, watch = page
    assert AXE.is_file(), "npm ci: axe-core is pinned in package.json"
    paths = _sample(folder) + ["de/mahlzeit/rules/", "pt/ta-na-mesa/overview/", "pt/", "de/translate/",
                               "ta-na-mesa/components/", "diced-veggies/simulation/"]
    found = {}
    for path in paths:
        pg.goto(base + path, wait_until="domcontentloaded")
        pg.add_script_tag(path=str(AXE))
        result = pg.evaluate("""async () => {
            const r = await axe.run(document, {resultTypes: ["violations"]});
            return r.violations.filter(v => ["serious", "critical"].includes(v.impact))
                .map(v => `${v.id}: ${v.nodes.slice(0, 3).map(n => n.target.join(" ")).join(" | ")}`);
        }""")
        if result:
            found[path] = result
    assert not found, json.dumps(found, indent=1, ensure_ascii=False)


def test_phone_has_no_horizontal_scrolling_on_any_page_type(site, page, shot):
    folder, base, _ = site
    pg, watch = page
    pg.set_viewport_size({"width": 390, "height": 844})
    try:
        wide = {}
        for path in _sample(folder) + ["pt/ta-na-mesa/overview/", "de/mahlzeit/examples/silke-currywurst/"]:
            pg.goto(base + path, wait_until="domcontentloaded")
            overflow = pg.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            if overflow > 1:
                wide[path] = overflow
            if path in ("", "mahlzeit/rules/", "mahlzeit/simulation/", "mahlzeit/components/"):
                shot(pg, f"phone-{path.strip('/').replace('/', '-') or 'home'}")
        assert not wide, wide
    finally:
        pg.set_viewport_size({"width": 1280, "height": 900})


def test_screenshots_desktop(site, page, shot):
    folder, base, _ = site
    pg, watch = page
    for path in ("", "mahlzeit/rules/", "ta-na-mesa/overview/", "mahlzeit/simulation/", "pt/translate/",
                 "mahlzeit/components/", "de/mahlzeit/examples/silke-currywurst/"):
        pg.goto(base + path)
        shot(pg, f"desktop-{path.strip('/').replace('/', '-') or 'home'}")


def test_quick_reference_prints_on_one_sheet(site, page):
    """Every game's quick reference: one page on A4 and on US Letter (print CSS), in every language."""
    from pypdf import PdfReader
    folder, base, _ = site
    pg, watch = page
    pages = {}
    for lang in LANGS:
        for game in sorted(p.parent.name for p in folder.glob("*/quickref")):
            pg.goto(f"{base}{lang}{game}/quickref/", wait_until="domcontentloaded")
            counts = [len(PdfReader(io.BytesIO(pg.pdf(format=f))).pages) for f in ("A4", "Letter")]
            if counts != [1, 1]:
                pages[lang + game] = counts
    assert not pages, pages


def test_landing_page_shows_every_game(site, page):
    folder, base, _ = site
    pg, watch = page
    content = loader.load(ROOT / "content")
    pg.goto(base, wait_until="domcontentloaded")
    cards = pg.locator(".tl-game")
    assert cards.count() == len(content.games)
    for i in range(cards.count()):
        card = cards.nth(i)
        assert card.locator(".tl-emblem").count() == 1
        pic = card.locator(".tl-emblem").first
        assert (pic.get_attribute("alt") or pic.get_attribute("aria-label") or "").strip()
        text = card.inner_text()
        assert "Players:" in text and "Time:" in text and " min" in text
        assert card.locator(".tl-tagline").inner_text().strip()


def test_component_tables_sort_with_the_keyboard(site, page):
    folder, base, _ = site
    pg, watch = page
    pg.goto(base + "mahlzeit/components/", wait_until="domcontentloaded")
    table = pg.locator(".tl-sortable table").first
    header = table.locator("thead th").first
    names = lambda: table.locator("tbody tr td:first-child").all_inner_texts()  # noqa: E731
    before = names()
    header.locator("button.tl-sort").focus()
    pg.keyboard.press("Enter")
    assert header.get_attribute("aria-sort") == "ascending"
    ascending = names()
    assert ascending == sorted(before, key=lambda s: s.casefold()) or ascending != before
    pg.keyboard.press("Space")
    assert header.get_attribute("aria-sort") == "descending"
    assert names() == list(reversed(ascending))


def test_card_gallery_lightbox_keyboard_and_no_js(site, page, new_page):
    folder, base, _ = site
    pg, watch = page
    pg.goto(base + "mahlzeit/components/", wait_until="domcontentloaded")
    links = pg.locator(".tl-gallery a.tl-lightbox")
    assert links.count() >= 2
    assert all(alt.strip() for alt in pg.locator(".tl-gallery img").evaluate_all("els => els.map(e => e.alt)"))
    links.first.focus()
    pg.keyboard.press("Enter")
    dialog = pg.locator("dialog.tl-dialog[open]")
    dialog.wait_for()
    first_src = dialog.locator("img").get_attribute("src")
    pg.keyboard.press("ArrowRight")
    assert dialog.locator("img").get_attribute("src") != first_src
    pg.keyboard.press("Escape")
    assert pg.locator("dialog.tl-dialog[open]").count() == 0
    # without JavaScript the link opens the full image
    nojs, _ = new_page(java_script_enabled=False)
    nojs.goto(base + "mahlzeit/components/")
    href = nojs.locator(".tl-gallery a.tl-lightbox").first.get_attribute("href")
    response = nojs.request.get(nojs.url + href)
    assert response.ok and response.headers["content-type"].startswith("image/")


def test_glossary_terms_are_tooltips(site, page):
    folder, base, _ = site
    pg, watch = page
    pg.goto(base + "de/mahlzeit/rules/", wait_until="domcontentloaded")
    abbr = pg.locator("article abbr[title]")
    assert abbr.count() > 10
    assert all(t.strip() for t in abbr.evaluate_all("els => els.slice(0, 20).map(e => e.title)"))


def test_simulation_charts_are_accessible_svg(site, page):
    folder, base, _ = site
    pg, watch = page
    from engine_tools import ENGINE_GAMES as GAMES
    for game in GAMES:
        if not (folder / game / "simulation").is_dir():
            continue
        pg.goto(f"{base}{game}/simulation/", wait_until="domcontentloaded")
        charts = pg.locator("svg.tl-chart[role=img]")
        assert charts.count() == 4, game          # length, scores, first player, does skill matter
        for i in range(4):
            described = charts.nth(i).get_attribute("aria-describedby")
            assert pg.locator(f"[id='{described}']").inner_text().strip()
        assert "N = " in pg.locator("article").inner_text()


def test_sub_path_hosting_keeps_every_link_inside(site, page):
    """The site lives under /sub/: links, the language switcher and the assets never leave it."""
    folder, base, _ = site
    pg, watch = page
    for path in ("", "de/mahlzeit/", "pt/ta-na-mesa/examples/", "mahlzeit/examples/silke-currywurst/"):
        watch.clear()
        pg.goto(base + path, wait_until="load")
        hrefs = pg.locator("a[href]").evaluate_all("els => els.map(a => a.href)")
        inside = [h for h in hrefs if h.startswith(base.split("/sub/")[0])]
        assert inside and all(h.startswith(base) for h in inside), [h for h in inside if not h.startswith(base)]
        assert not watch.problems(), watch.problems()


CHART_LABELS = """svg => {
  const box = svg.getBoundingClientRect(), scale = box.width / svg.viewBox.baseVal.width;
  return [...svg.querySelectorAll('text')].map(t => {
    const r = t.getBoundingClientRect();
    return {text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * scale,
            inside: r.left >= box.left - 1 && r.right <= box.right + 1 &&
                    r.top >= box.top - 1 && r.bottom <= box.bottom + 1,
            rect: [r.left, r.top, r.right, r.bottom]};
  });
}"""


def _overlap(a, b) -> bool:
    return a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1


@pytest.mark.parametrize("lang", ["", "de/", "pt/"], ids=["en", "de", "pt"])
def test_simulation_charts_are_readable_on_a_phone(site, new_page, lang):
    """Charts scale with the column: on a 390 px phone every label is at least 10 px, inside its chart, and
    clear of the others."""
    folder, base, _ = site
    pg, watch = new_page(viewport={"width": 390, "height": 844})
    from engine_tools import ENGINE_GAMES as GAMES
    for game in GAMES:
        if not (folder / game / "simulation").is_dir():
            continue
        pg.goto(f"{base}{lang}{game}/simulation/", wait_until="domcontentloaded")
        charts = pg.locator("svg.tl-chart")
        assert charts.count() == 4, game
        for i in range(charts.count()):
            labels = charts.nth(i).evaluate(CHART_LABELS)
            assert labels, (game, i)
            small = [(l["text"], round(l["px"], 1)) for l in labels if l["px"] < 10]
            assert not small, (lang, game, i, small)
            outside = [l["text"] for l in labels if not l["inside"]]
            assert not outside, (lang, game, i, outside)
            clash = [(a["text"], b["text"]) for n, a in enumerate(labels) for b in labels[n + 1:]
                     if _overlap(a["rect"], b["rect"])]
            assert not clash, (lang, game, i, clash)
    assert not watch.problems(), watch.problems()
