"""The table's hints say what the reader's screen does: tap on a touch screen (a coarse pointer), click with a mouse,
in the page's language."""
from __future__ import annotations

import pytest

from engine_tools import repository_content
from test_play import BOOT_MS, PHONE


def _ui(key: str, lang: str) -> str:
    return repository_content().ui.text(f"ui:{key}", lang)


@pytest.mark.parametrize("touch, lang", [(True, "en"), (False, "en"), (True, "de"), (False, "pt")])
def test_the_hints_say_tap_on_a_touch_screen_and_click_with_a_mouse(site, new_page, touch, lang):
    _, base, _ = site
    pg, watch = new_page(viewport=PHONE, has_touch=touch)
    prefix = "" if lang == "en" else f"{lang}/"
    pg.goto(f"{base}{prefix}diced-veggies/examples/cut-shapes/", wait_until="networkidle")
    pg.locator("button.tl-play-start").click()
    pg.wait_for_selector(".tl-play[data-state=ready]", timeout=BOOT_MS)
    table = pg.locator(".tl-play")
    hint = table.locator(".tl-play-tap").inner_text()
    builder = table.locator(".tl-play-build .tl-play-hint").first.text_content()      # in a closed section
    assert hint == _ui("site.play.tap" if touch else "site.play.tap_mouse", lang)
    assert builder == _ui("site.play.build_hint_touch" if touch else "site.play.build_hint", lang)
    assert _ui("site.play.tap", lang) != _ui("site.play.tap_mouse", lang)
    assert not watch.problems(), watch.problems()
