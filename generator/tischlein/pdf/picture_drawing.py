"""A game's own state picture (the HTML its picture module draws for the site and the browser) set for paper.

The rules booklet shows the worked examples' states as the site does: from the same picture, not from the raw
state. The picture is made of the few primitives of `tischlein.engine.picture` (zones, rows, grids, facts, player
panels, cards, dice, tokens, tiles, markers, face-down piles, empty places), each marked by its class, so each
becomes a reportlab piece here: a zone a labelled row, a grid a table of boxes, facts one line of values, player
panels boxes side by side, the things boxes in a wrapping row (state_drawing.Chips). Colours are the site's, read
from its picture.css. Text comes out of the HTML as text and is escaped again for reportlab's markup.
"""
from __future__ import annotations

import re
from functools import lru_cache

from reportlab.platypus import Flowable, Paragraph

from .markup import Indent, Node, html_tree
from .state_drawing import BACK, Bar, Chips, labelled, panel_table, panel_width
from .typeset import Styles, esc

THINGS = ("tl-card", "tl-die", "tl-token", "tl-tile", "tl-marker", "tl-empty", "tl-slot", "tl-key-item",
          "tl-space")
SKIP = ("tl-sr", "tl-needs")             # words for screen readers only; a card's needs icons


def _classes(n: Node) -> set[str]:
    return set(n.attrs.get("class", "").split())


def _has(n: Node, name: str) -> bool:
    return name in _classes(n)


def _nodes(n: Node) -> list[Node]:
    return [c for c in n.children if isinstance(c, Node)]


def _child(n: Node, name: str) -> Node | None:
    return next((c for c in _nodes(n) if _has(c, name)), None)


def _row_label(n: Node) -> Node | None:
    """The label of a labelled row (a row of cards, a segment of a track), if `n` is one."""
    if _has(n, "tl-row") or _has(n, "tl-segment"):
        return _child(n, "tl-row-label") or _child(n, "tl-segment-name")
    return None


def _text(n: Node | None) -> str:
    """What a thing shows, screen-reader words and need icons left out."""
    if n is None:
        return ""
    return " ".join("".join(c if isinstance(c, str) else f" {_text(c)} " for c in n.children
                            if isinstance(c, str) or not any(_has(c, k) for k in SKIP)).split())


@lru_cache(maxsize=1)
def site_colours() -> dict[str, str]:
    """tl-col-<name> -> its fill, as site/assets/css/picture.css sets it (one list of colours for both)."""
    from ..resources import data_folder
    css = (data_folder("site") / "assets" / "css" / "picture.css").read_text(encoding="utf-8")
    return dict(re.findall(r"\.(tl-col-[a-z0-9-]+)\s*\{\s*--tl-c:\s*(#[0-9a-fA-F]{3,6})", css))


class PictureDrawing:
    """The flowables of one picture, in the booklet's styles."""

    def __init__(self, st: Styles):
        self.st = st

    def flowables(self, html: str, width: float) -> list[Flowable]:
        rows = self._blocks(_nodes(html_tree(html)), width - 6)
        if not rows:
            return []
        out = [Bar(Indent(f, 6)) for f in rows]
        out[-1].spaceAfter = self.st.body.spaceAfter + 2
        return out

    # -- blocks ------------------------------------------------------------------------------------------------
    def _blocks(self, nodes: list[Node], width: float) -> list[Flowable]:
        """Nodes in order: runs of things (cards, dice, …) as one wrapping row of boxes, the rest as blocks."""
        out: list[Flowable] = []
        things: list[tuple[str, str | None]] = []
        for n in nodes:
            if _row_label(n) is None and (self._is_thing(n) or _has(n, "tl-track")
                                          or (_has(n, "tl-row") and self._only_things(n))):
                things += self._things(n)
                continue
            block = self._block(n, width)
            if block:
                out += [Chips(things)] if things else []
                out += block
                things = []
        return out + ([Chips(things)] if things else [])

    def _block(self, n: Node, width: float) -> list[Flowable]:
        label = _row_label(n)
        if label is not None:
            return [self._labelled(_text(label), [t for c in _nodes(n) if c is not label for t in self._things(c)],
                                   width)]
        if _has(n, "tl-facts"):
            return [self._facts(n)]
        if _has(n, "tl-zone"):
            return self._zone(n, width)
        if _has(n, "tl-grid"):          # one row of boxes per row of the grid
            return [Chips(self._things(r)) for r in _nodes(n) if _has(r, "tl-grid-row")]
        if _has(n, "tl-players") or _has(n, "tl-panel"):
            return [self._panels(_nodes(n) if _has(n, "tl-players") else [n], width)]
        if n.tag == "div" and _nodes(n):        # the picture, a row of zones, a game's own group: what it holds
            return self._blocks(_nodes(n), width)
        if not any(_has(n, k) for k in SKIP) and _text(n):
            return [Paragraph(esc(_text(n)), self.st.cell)]
        return []

    def _zone(self, n: Node, width: float) -> list[Flowable]:
        name = _text(_child(n, "tl-zone-label"))
        body = _child(n, "tl-zone-body")
        inner = _nodes(body) if body else []
        if inner and all(self._is_thing(c) or (_has(c, "tl-row") and self._only_things(c)) for c in inner):
            return [self._labelled(name, [t for c in inner for t in self._things(c)], width)]
        rows = self._blocks(inner, width - 8)
        return ([Paragraph(esc(name), self.st.label)] if name else []) + [Indent(f, 8) for f in rows]

    def _labelled(self, name: str, chips: list, width: float) -> Flowable:
        return labelled(Paragraph(esc(name), self.st.label), Chips(chips or [("", "")]), width)

    def _facts(self, n: Node) -> Paragraph:
        parts = []
        for fact in (c for c in _nodes(n) if _has(c, "tl-fact")):
            label, value = _child(fact, "tl-fact-label"), _child(fact, "tl-fact-value")
            parts.append(f"<b>{esc(_text(label))}</b> {esc(_text(value))}")
        return Paragraph(" · ".join(parts), self.st.cell.clone("facts", spaceAfter=2, spaceBefore=1))

    def _panels(self, panels: list[Node], width: float) -> Flowable:
        """Player panels, two side by side when there is room; the player to move in a heavier box."""
        cells = []
        for p in panels:
            head = _child(p, "tl-panel-head")
            name = _text(_child(head, "tl-panel-name")) if head else ""
            badge = _text(_child(head, "tl-badge")) if head else ""
            title = f"<b>{esc(name)}</b>" + (f" · {esc(badge)}" if badge else "")
            body = [c for c in _nodes(p) if c is not head]
            cells.append([Paragraph(title, self.st.cell_head)]
                         + self._blocks(body, panel_width(width, len(panels)) - 8))
        return panel_table(cells, width, [_has(p, "tl-current") for p in panels])

    # -- things ------------------------------------------------------------------------------------------------
    @staticmethod
    def _is_thing(n: Node) -> bool:
        return any(_has(n, k) for k in THINGS)

    def _only_things(self, n: Node) -> bool:
        return _row_label(n) is None and all(
            self._is_thing(c) or (_has(c, "tl-row") and self._only_things(c)) or c.tag == "li" for c in _nodes(n))

    def _things(self, n: Node) -> list[tuple[str, str | None]]:
        """A row's things as boxes: (text, kind) for state_drawing.Chips, a colour (#hex) for a kind when the
        site colours the thing."""
        if not self._is_thing(n):
            return [t for c in _nodes(n) for t in (self._things(c) if self._is_thing(c) or _nodes(c)
                                                   else [(_text(c), None)] if _text(c) else [])]
        if _has(n, "tl-space"):                  # a space of a track: its caption and who stands on it
            markers = [_text(m) for m in _nodes(_child(_child(n, "tl-track-on") or n, "tl-markers") or n)
                       if _has(m, "tl-marker")]
            caption = _text(_child(n, "tl-track-caption"))
            return [(f"{caption}: {', '.join(markers)}" if markers else caption, BACK if markers else None)]
        if _has(n, "tl-empty") or _has(n, "tl-slot"):
            return [(_text(n) if _has(n, "tl-slot") else "", "")]       # an empty place; a slot names what fits
        if _has(n, "tl-back"):
            return [(_text(n) or n.attrs.get("title", ""), BACK)]       # its count, or a place's number
        tint = next((site_colours()[c] for c in _classes(n) if c in site_colours()), None)
        kind = next((c[len("tl-kind-"):] for c in _classes(n) if c.startswith("tl-kind-")), None)
        if _has(n, "tl-key-item"):
            swatch = next((c for c in _nodes(n) if self._is_thing(c)), None)
            tint = next((site_colours()[c] for c in (_classes(swatch) if swatch else ()) if c in site_colours()), tint)
            return [(_text(n), tint or kind or "key")]
        text = _text(n) or n.attrs.get("title", "")
        return [(text, tint or kind or ("thing" if not _has(n, "tl-die") else None))]
