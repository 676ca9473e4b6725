"""What the browser tests of the table (site/assets/js/play.js) share: pressing a move's button where a long list
folds it into a group, and the picture as the engine drew it, without what the table adds to make its things
tappable (picks.js)."""
from __future__ import annotations

from picture_tree import Node, Tree

TAPPABLE = ("role", "tabindex", "aria-pressed")      # what choices.js sets on a thing a listed move uses
ADDED = ("tl-pickable", "tl-changed")                # its class, and game.js's mark of what a move changed


def press(button) -> None:
    """Click a move's button, opening the folded group of its kind first if it is in one."""
    if not button.is_visible():
        button.locator("xpath=ancestor::details[1]/summary").click()
    button.click()


def as_drawn(html: str) -> Node:
    """The picture in the page read back as the engine drew it: a tappable thing's button role, focus, pressed
    state and class, and the mark of a change, taken off again."""
    root = Tree(html).root
    for n in root.walk():
        if "tl-pickable" in n.classes:
            n.attrs = {k: v for k, v in n.attrs.items() if k not in TAPPABLE}
        if {"tl-pickable", "tl-changed"} & n.classes:
            n.attrs["class"] = " ".join(c for c in n.attrs["class"].split() if c not in ADDED)
    return root
