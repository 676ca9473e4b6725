"""The built rules site in a real browser (headless /usr/bin/chromium)."""
from __future__ import annotations

import json



def _pages(folder):
    """Every page of the site, as URL paths ('' = home), both languages."""
    out = []
    for html in sorted(folder.rglob("index.html")):
        rel = html.parent.relative_to(folder).as_posix()
        if rel.startswith(("assets", "search")):
            continue
        out.append("" if rel == "." else rel + "/")
    return out


def test_every_page_loads_without_errors_or_other_origins(site, new_page):
    folder, base, _ = site
    pages = _pages(folder)
    assert len(pages) >= 40 and "de/mahlzeit/rules/" in pages
    tabs = [new_page() for _ in range(4)]          # four tabs load side by side
    problems = {}
    for start in range(0, len(pages), len(tabs)):
        batch = list(zip(pages[start:start + len(tabs)], tabs))
        for path, (page, watch) in batch:
            watch.clear()
            page.goto(base + path, wait_until="commit")
        for path, (page, watch) in batch:
            page.wait_for_load_state("load")
            assert page.url == base + path
            assert page.locator("h1").count() == 1, path
        tabs[0][0].wait_for_timeout(150)            # late requests (search index, language selector)
        for path, (page, watch) in batch:
            if watch.problems():
                problems[path] = watch.problems()
    assert not problems, json.dumps(problems, indent=1)


def test_replay_is_readable_without_javascript(site, new_page, shot):
    folder, base, _ = site
    page, watch = new_page(java_script_enabled=False)
    page.goto(base + "mahlzeit/examples/silke-currywurst/")
    assert page.locator("h2#step-1").is_visible()
    assert page.locator("h2#step-3").is_visible()
    assert page.locator(".tl-state").count() == 4            # the start and three steps
    assert page.locator(".tl-state .tl-card", has_text="Currywurst").first.is_visible()
    assert page.locator(".tl-ok").is_visible()              # the final check
    assert "mahlzeit.turn.lay" in page.locator("#illegal ~ ul").first.inner_text()
    assert page.locator(".tl-tryit noscript").count() == 1
    shot(page, "nojs-example-desktop")
    assert not [p for p in watch.problems() if not p.startswith("console")]


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
    assert link.inner_text() == "mahlzeit.turn.lay"
    assert link.get_attribute("href").endswith("/mahlzeit/rules/#mahlzeit.turn.lay")
    assert "Weißwurst" in illegal.inner_text() or "weisswurst" in illegal.inner_text().lower()
    shot(page, "tryit-illegal-desktop")
    assert not watch.problems(), watch.problems()


def test_tryit_reports_bad_json_and_skips_moves_after_a_rejection(tryit):
    page, watch, _, _ = tryit
    page.click(".tl-tryit-reset")
    # A bad line is reported by line number, without asking the engine.
    page.fill(".tl-tryit-moves", '{"player": "Silke", "move": "draw"}\n{not json')
    page.click(".tl-tryit-check")
    page.wait_for_selector(".tl-tryit-results li.tl-res-bad")
    assert "2" in page.locator(".tl-tryit-results li").first.inner_text()
    # Lay a move after an illegal one: it is marked as not checked.
    moves = [{"player": "Max", "move": "draw"}, {"player": "Silke", "move": "draw"}]
    page.fill(".tl-tryit-moves", "\n".join(json.dumps(m) for m in moves))
    page.click(".tl-tryit-check")
    page.wait_for_selector(".tl-tryit-results li[data-result=skipped]")
    first = page.locator(".tl-tryit-results li").first
    assert first.get_attribute("data-result") == "illegal"
    assert first.get_attribute("data-rule").startswith("mahlzeit.")
    assert not watch.problems(), watch.problems()


def test_language_switch_keeps_the_page(site, new_page):
    folder, base, _ = site
    page, watch = new_page()
    page.goto(base + "mahlzeit/rules/")
    page.hover(".md-header__option .md-select")
    page.locator("a[hreflang=de]").first.click()
    page.wait_for_url("**/de/mahlzeit/rules/")
    assert page.locator("html").get_attribute("lang") == "de"
    assert page.locator("h1").inner_text().startswith("Regeln")
    page.hover(".md-header__option .md-select")
    page.locator("a[hreflang=en]").first.click()
    page.wait_for_url(base + "mahlzeit/rules/")
    assert page.locator("h1").inner_text().startswith("Rules")


def test_rule_anchors_and_glossary_links(site, new_page):
    folder, base, _ = site
    page, watch = new_page()
    page.goto(base + "de/mahlzeit/faq/")
    link = page.locator("a[href*='rules/#mahlzeit.spoon']").first
    link.click()
    page.wait_for_url("**/de/mahlzeit/rules/#mahlzeit.spoon")
    assert page.locator("[id='mahlzeit.spoon']").is_visible()
    assert page.locator("[id='term-stack']").count() == 1


def test_screenshots_desktop_and_phone(site, new_page, shot):
    folder, base, _ = site
    for name, viewport in (("desktop", {"width": 1280, "height": 900}), ("phone", {"width": 390, "height": 844})):
        page, watch = new_page(viewport=viewport)
        for path in ("mahlzeit/", "mahlzeit/components/", "de/mahlzeit/examples/silke-currywurst/"):
            page.goto(base + path)
            label = (path.strip("/").replace("/", "-") or "home")
            shot(page, f"{label}-{name}")
        # nothing may stick out sideways on a phone
        if name == "phone":
            page.goto(base + "mahlzeit/examples/silke-currywurst/")
            overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 1, overflow
