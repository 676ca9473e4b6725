"""What the browser tests of the table (site/assets/js/play.js) share: pressing a move's button where a long list
folds it into a group, and the picture as the engine drew it, without what the table adds to make its things
tappable (picks.js) or held up (cardinfo.js)."""
from __future__ import annotations

from picture_tree import Node, Tree

TAPPABLE = ("role", "tabindex", "aria-pressed")      # what choices.js sets on a thing a listed move uses


def press(button) -> None:
    """Click a move's button, opening the folded group of its kind first if it is in one."""
    if not button.is_visible():
        button.locator("xpath=ancestor::details[1]/summary").click()
    button.click()


def as_drawn(html: str) -> Node:
    """The picture in the page read back as the engine drew it: a tappable thing's button role, focus, pressed
    state and class, the mark of a change (game.js), and what cardinfo.js adds to a face the reader may hold up
    (the span that keeps card and ⓘ button together, the button, the card's class) taken off again."""
    root = Tree(html).root
    for n in root.walk():
        if "tl-held" in n.classes:          # an element of no text or attribute adds nothing to strings()
            n.attrs, n.texts = {}, []
            n.children = [c for c in n.children if "tl-card-info" not in c.classes]
        n.attrs.pop("aria-keyshortcuts", None)          # the key I on a row or place that holds a card
        for added, attrs in (("tl-pickable", TAPPABLE), ("tl-inspectable", ()), ("tl-changed", ())):
            if added in n.classes:
                n.attrs = {k: v for k, v in n.attrs.items() if k not in attrs}
                n.attrs["class"] = " ".join(c for c in n.attrs["class"].split() if c != added)
    return root
