"""Every card readable, on a phone (site/assets/js/cardinfo.js): on the play page of Mahlzeit (English) and Tá na
Mesa (Portuguese), at 390 × 844 with touch, a card is held up by a long press (finger and mouse) and by its ⓘ
button. The dialog shows the card's face (the preview PNG, loaded), its name as the card file gives it (a German
name with its English meaning: "Spätzle — egg noodles"), and a link to its rule that opens a page holding that
rule's anchor; Escape closes it and focus goes back to the card's ⓘ button (or the row holding it, where the key
I holds up the row's top card). The long press is on a card a tap would take (a row's top card, a face-up card):
it plays no move and taps nothing. No hidden card has a button or a face id, and a card held up goes down when
the table is covered for the next player.

A site of its own (two games, English and Portuguese, previews made here), served under a sub-path: not the
session's full site build. Screenshots of the open dialog go to $TISCHLEIN_SHOTS (card-info-<game>.png)."""
from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from site_tools import ROOT, SUB, free_port  # noqa: E402

from tischlein.content import loader  # noqa: E402
from tischlein.pdf.previews import build_previews  # noqa: E402
from tischlein.site import cardinfo  # noqa: E402
from tischlein.site.build import build_site  # noqa: E402
from tischlein.site.serve import serve_in_thread  # noqa: E402

SHOTS = Path(os.environ.get("TISCHLEIN_SHOTS", "/tmp/tischlein-site-shots"))
GAMES = {"mahlzeit": "en", "ta-na-mesa": "pt"}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
# on the table: the rules about controls and ARIA, what the ⓘ buttons add (the table's colours are not this test's)
CONTROLS = ["nested-interactive", "button-name", "aria-allowed-attr", "aria-hidden-focus", "aria-valid-attr-value",
            "duplicate-id-aria", "scrollable-region-focusable"]
SERIOUS = """async ([selector, rules]) => {
    const only = rules.length ? {runOnly: {type: "rule", values: rules}} : {};
    const r = await axe.run(document.querySelector(selector), {resultTypes: ["violations"], ...only});
    return r.violations.filter(v => ["serious", "critical"].includes(v.impact))
        .map(v => `${v.id}: ${v.nodes.slice(0, 3).map(n => n.target.join(" ")).join(" | ")}`); }"""
IMAGE_LOADED = """() => { const i = document.querySelector('dialog.tl-cardinfo[open] .tl-cardinfo-face');
                          return !!i && !i.hidden && i.complete && i.naturalWidth > 0; }"""


@pytest.fixture(scope="module")
def card_site(browser, tmp_path_factory):
    """(base URL, content) of a site of the two games with their card previews."""
    tmp = tmp_path_factory.mktemp("card-info")
    source = tmp / "content"
    shutil.copytree(ROOT / "content", source,
                    ignore=lambda folder, names: [n for n in names if Path(folder).name == "games" and n not in GAMES])
    content = loader.load(source)
    assert not content.problems.errors, [str(p) for p in content.problems.errors]
    out = tmp / "out"
    for game, lang in GAMES.items():
        build_previews(content, game, [lang], out)
    port = free_port()
    base = f"http://127.0.0.1:{port}/{SUB}/"
    previous = os.environ.get("TISCHLEIN_SIM_GAMES")
    os.environ["TISCHLEIN_SIM_GAMES"] = "4"
    try:
        folder = build_site(content, out, base, pdf_root=out, languages=["en", "pt"])
    finally:
        if previous is None:
            os.environ.pop("TISCHLEIN_SIM_GAMES", None)
        else:
            os.environ["TISCHLEIN_SIM_GAMES"] = previous
    served = tmp / "served"
    served.mkdir()
    folder.rename(served / SUB)
    server, _ = serve_in_thread(served, port)
    yield base, content
    server.shutdown()
    server.server_close()


def _deal(browser, base: str, game: str, lang: str):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.goto(f"{base}{'' if lang == 'en' else lang + '/'}{game}/play/")
    page.click(".tl-play-start")
    page.wait_for_selector(".tl-play[data-state=ready]", timeout=120_000)
    page.wait_for_selector(".tl-play-picture .tl-card-info", state="attached", timeout=20_000)
    return context, page, errors


def _long_press(context, page, target) -> None:
    """A finger held on the card for 800 ms, then lifted (touch events as a phone sends them)."""
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    x, y = box["x"] + min(box["width"] / 2, 20), box["y"] + box["height"] / 2
    cdp = context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    page.wait_for_timeout(800)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def _expected(content, game: str, lang: str, face: str) -> tuple[str, str, str]:
    """The dialog's heading and the rule id and title the card file gives the face `face`."""
    info = cardinfo.card_info(content.games[game], lang, {})
    entry = info["faces"][info["ids"][face]]
    heading = entry["name"] + (f" — {entry['gloss']}" if entry.get("gloss") else "")
    return heading, entry["rule"], entry["rule_title"]


def _check_dialog(page, content, game: str, lang: str, face: str) -> None:
    page.wait_for_selector("dialog.tl-cardinfo[open]")
    page.wait_for_function(IMAGE_LOADED, timeout=15_000)
    heading, rule, title = _expected(content, game, lang, face)
    assert page.inner_text("dialog.tl-cardinfo[open] .tl-cardinfo-name") == heading
    link = page.locator("dialog.tl-cardinfo[open] .tl-cardinfo-rule a")
    assert title in link.inner_text()
    href = link.evaluate("a => a.href")
    address, _, anchor = href.partition("#")
    assert anchor == rule
    answer = page.request.get(address)
    assert answer.status == 200 and f'id="{rule}"' in answer.text(), (href, answer.status)


def _focused_button_of(page, face: str) -> bool:
    """Has the card `face` its focus back: on its ⓘ button, or (a card inside a row or place tapped as a whole,
    whose ⓘ is no control of its own) on that row or place."""
    return page.evaluate("""(face) => {
        const card = [...document.querySelectorAll('.tl-play-picture [data-face]')].find(n => n.dataset.face === face);
        const info = card && card.nextElementSibling;
        const owner = info && info.tagName === 'BUTTON' ? info : card && card.parentElement.closest('.tl-pickable');
        return !!owner && document.activeElement === owner; }""", face)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_card_is_held_up_by_a_long_press_and_by_its_button(browser, card_site, game):
    base, content = card_site
    lang = GAMES[game]
    context, page, errors = _deal(browser, base, game, lang)
    panel = page.locator(".tl-play")
    picture = page.locator(".tl-play-picture")
    assert AXE.is_file(), "npm ci: axe-core is pinned in package.json"
    page.add_script_tag(path=str(AXE))
    assert not page.evaluate(SERIOUS, [".tl-play", CONTROLS])      # the ⓘ buttons among the tappable things
    # nothing hidden can be held up: a face-down pile or another player's hand has no face id and no button
    assert picture.locator(".tl-back[data-face], .tl-back [data-face]").count() == 0
    assert picture.locator(".tl-card-info").count() == picture.locator("[data-face]").count() > 0

    # a long press on a card a tap would take plays nothing
    target = picture.locator(".tl-pickable[data-face], .tl-pickable [data-face]").first
    face = target.get_attribute("data-face")
    before = (panel.get_attribute("data-at"), panel.get_attribute("data-moves"))
    _long_press(context, page, target)
    _check_dialog(page, content, game, lang, face)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"card-info-{game}.png"))
    # the dialog fits the phone: its close button in view without scrolling, nothing wider than the screen
    close = page.locator("dialog.tl-cardinfo[open] .tl-cardinfo-close").bounding_box()
    assert close["y"] + close["height"] <= 844 and page.evaluate("document.documentElement.scrollWidth") <= 390
    page.add_script_tag(path=str(AXE))
    assert not page.evaluate(SERIOUS, ["dialog.tl-cardinfo[open]", []])       # every rule
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog.tl-cardinfo", state="hidden")
    page.wait_for_timeout(600)                   # a move the press set off would have been played by now
    assert (panel.get_attribute("data-at"), panel.get_attribute("data-moves")) == before
    assert picture.locator("[aria-pressed=true]").count() == 0 and page.locator(".tl-play-picked").is_hidden()
    assert _focused_button_of(page, face)

    # held with a mouse: the same
    box = target.bounding_box()
    page.mouse.move(box["x"] + min(box["width"] / 2, 20), box["y"] + box["height"] / 2)
    page.mouse.down()
    page.wait_for_timeout(800)
    page.mouse.up()
    _check_dialog(page, content, game, lang, face)
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog.tl-cardinfo", state="hidden")
    page.wait_for_timeout(600)
    assert (panel.get_attribute("data-at"), panel.get_attribute("data-moves")) == before
    assert picture.locator("[aria-pressed=true]").count() == 0

    # the ⓘ button: tapped, and from the keyboard
    buttons = picture.locator("button.tl-card-info")
    last = buttons.nth(buttons.count() - 1)
    face = last.evaluate("b => b.previousElementSibling.dataset.face")
    last.tap()
    _check_dialog(page, content, game, lang, face)
    page.click("dialog.tl-cardinfo[open] .tl-cardinfo-close")
    page.wait_for_selector("dialog.tl-cardinfo", state="hidden")
    assert _focused_button_of(page, face)
    page.keyboard.press("Enter")
    _check_dialog(page, content, game, lang, face)
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog.tl-cardinfo", state="hidden")
    assert _focused_button_of(page, face)
    assert (panel.get_attribute("data-at"), panel.get_attribute("data-moves")) == before

    # a row or place tapped as a whole (Mahlzeit's rows): the key I on it holds up its last card
    hosts = picture.locator(".tl-pickable[aria-keyshortcuts=I]")
    if game == "mahlzeit":
        assert hosts.count() == 5                                   # the five open rows
    if hosts.count():
        host = hosts.first
        face = host.evaluate("h => [...h.querySelectorAll('[data-face]')].pop().dataset.face")
        host.focus()
        page.keyboard.press("i")
        _check_dialog(page, content, game, lang, face)
        page.keyboard.press("Escape")
        page.wait_for_selector("dialog.tl-cardinfo", state="hidden")
        assert _focused_button_of(page, face)
    assert (panel.get_attribute("data-at"), panel.get_attribute("data-moves")) == before
    last.focus()

    # the table covered for the next player at the phone (play.js empties the picture): the card goes down too
    page.keyboard.press("Enter")
    page.wait_for_selector("dialog.tl-cardinfo[open]")
    picture.evaluate("p => p.replaceChildren()")
    page.wait_for_selector("dialog.tl-cardinfo", state="hidden")
    assert not errors, errors
    context.close()
