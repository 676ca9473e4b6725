"""A game state (the engine's JSON, as a replay step gives it) drawn for paper: zones of named boxes.

Generic, like the site's state picture (site/state.py), and reading the state the same way: strings that name a
card or component become boxes with the printed name, lists of them a row of boxes, lists of lists piles (or a
grid, when some places are empty), long lists one face-down pile with its count, lists of dicts with a name one
panel per player, other dicts labelled groups. Every text is escaped for reportlab's markup.
"""
from __future__ import annotations

from typing import Any, Callable

from reportlab.lib.utils import simpleSplit
from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from . import fonts
from .markup import Indent
from .typeset import INK, MUTED, RULE, SOFT, Styles, colour, esc, panel_fill

PILE_AT = 13                       # as on the site: longer lists are a face-down pile with a count
HIDDEN = frozenset({"rng", "seed", "rng_state", "random", "log", "history", "events", "game"})
QUIET_WHEN_EMPTY = frozenset({"spoons_taken", "pending"})
TURN_KEYS = ("turn", "current", "active")
NAME_KEYS = ("name", "player", "id")
REF_KEYS = ("card", "type", "dish", "ref", "id", "kind")
KIND_COLOURS = ("#b3263b", "#2f6f3e", "#1e4e8c", "#a0611a", "#6b3a8c", "#0f766e", "#7a5c1e", "#9c2f6b")
BOX_PT = 8.0                       # names in the boxes: the smallest size a player reads
BACK = "back"                      # a face-down pile


class Chips(Flowable):
    """A wrapping row of boxes: (text, kind) with kind None for a value chip, BACK for a face-down pile,
    "" for an empty place (its text, if any, in muted type), a #hex colour for a thing of that colour. A text wider
    than the row wraps inside a taller box (a stove card's list of spice combinations)."""

    def __init__(self, chips: list[tuple[str, str | None]], size: float = BOX_PT):
        super().__init__()
        self.chips, self.size = chips, size
        self.pad, self.gap, self.row_h, self.lead = 2.6, 2.4, size + 5.2, size * 1.2
        self._rows: list[tuple[float, list[tuple[float, list[str], str | None]]]] = []

    @staticmethod
    def _font(kind: str | None) -> str:
        return fonts.BOLD if kind in (None, BACK) else fonts.BODY

    def _width(self, text: str, kind: str | None) -> float:
        return max(fonts.width(text, self._font(kind), self.size) + 2 * self.pad, self.size * 1.6)

    def _lines(self, text: str, kind: str | None, w: float) -> list[str]:
        room = w - 2 * self.pad
        if fonts.width(text, self._font(kind), self.size) <= room:
            return [text]
        return simpleSplit(text, self._font(kind), self.size, room) or [text]

    def wrap(self, avail_w, avail_h):
        self._rows, row, x = [], [], 0.0
        for text, kind in self.chips:
            w = min(self._width(text, kind), avail_w)
            if row and x + w > avail_w:
                self._rows.append((max(self._height(lines) for _, lines, _ in row), row))
                row, x = [], 0.0
            row.append((w, self._lines(text, kind, w), kind))
            x += w + self.gap
        if row:
            self._rows.append((max(self._height(lines) for _, lines, _ in row), row))
        self.width = avail_w
        self.height = sum(h + self.gap for h, _ in self._rows)
        return self.width, self.height

    def _height(self, lines: list[str]) -> float:
        return self.row_h + (len(lines) - 1) * self.lead

    def draw(self):
        top = self.height
        for row_h, row in self._rows:
            x = 0.0
            for w, lines, kind in row:
                h = self._height(lines)
                self._box(self.canv, x, top - h, w, h, lines, kind)     # boxes of a row share their top edge
                x += w + self.gap
            top -= row_h + self.gap

    def _box(self, c, x: float, y: float, w: float, h: float, lines: list[str], kind: str | None) -> None:
        c.saveState()
        c.setLineWidth(0.7)
        if kind == "":
            c.setDash(1.5, 1.5)
            c.setStrokeColor(colour(RULE))
            c.roundRect(x, y, w, h, 2, stroke=1, fill=0)
            c.setFillColor(colour(MUTED))           # a place that names what belongs there
            self._text(c, x, y, w, h, lines, fonts.BODY, 0.0)
        else:
            edge = colour(MUTED if kind in (None, BACK) else _kind_colour(kind))
            c.setStrokeColor(edge)
            fill = panel_fill("#efe4d2" if kind == BACK else "#ffffff" if kind is None else SOFT)
            if fill:
                c.setFillColor(colour(fill))
            c.roundRect(x, y, w, h, 2 if kind is not None else self.row_h / 2, stroke=1, fill=1 if fill else 0)
            if kind not in (None, BACK):
                c.setFillColor(edge)
                c.rect(x + 0.6, y + 0.8, 1.6, h - 1.6, stroke=0, fill=1)   # the kind's colour strip
            c.setFillColor(colour(INK))
            self._text(c, x, y, w, h, lines, self._font(kind), 0.8 if kind not in (None, BACK) else 0.0)
        c.restoreState()

    def _text(self, c, x: float, y: float, w: float, h: float, lines: list[str], font: str, shift: float) -> None:
        """The lines centred in the box, from its top; a word wider than the whole frame is set smaller."""
        first = y + h - self.row_h / 2
        for i, line in enumerate(lines):
            if not line:
                continue
            size = self.size
            while fonts.width(line, font, size) > w - 2 * self.pad and size > 5:
                size -= 0.25
            c.setFont(font, size)
            c.drawCentredString(x + w / 2 + shift, first - i * self.lead - size * 0.35, line)


def _kind_colour(kind: str) -> str:
    """A kind's colour: given as #hex (a picture's thing the site colours), else one of KIND_COLOURS by name."""
    return kind if kind.startswith("#") else KIND_COLOURS[sum(map(ord, kind)) % len(KIND_COLOURS)]


class Bar(Flowable):
    """A flowable with a tinted bar down its left edge (the margin of a state picture)."""

    def __init__(self, inner: Flowable):
        super().__init__()
        self.inner = inner
        self.spaceAfter = 0

    def wrap(self, avail_w, avail_h):
        self.width, self.height = self.inner.wrap(avail_w, avail_h)
        return self.width, self.height

    def split(self, avail_w, avail_h):
        return [Bar(p) for p in self.inner.split(avail_w, avail_h)]

    def draw(self):
        self.canv.saveState()
        self.canv.setFillColor(colour(RULE))
        self.canv.rect(0, -1.5, 2.2, self.height + 1.5, stroke=0, fill=1)
        self.canv.restoreState()
        self.inner.drawOn(self.canv, 0, 0)


class StateDrawing:
    """Builds the flowables of one state. `lookup(value)` names a card or record (CardInfo or None), `label`
    translates a state key."""

    def __init__(self, lookup: Callable[[str], Any], label: Callable[[str], str], st: Styles, pile_label: str):
        self.lookup, self.label, self.st, self.pile_label = lookup, label, st, pile_label
        self.players: list[dict] = []

    def flowables(self, state: Any, width: float) -> list[Flowable]:
        self.players = [p for p in state.get("players", []) if isinstance(p, dict)] if isinstance(state, dict) else []
        rows = self._merge(self._zones(state, width - 6))
        if not rows:
            return []
        # a bar down the left edge holds the picture together; rows stay separate flowables so a large state
        # can run on into the next column or page
        out = [Bar(Indent(f, 6)) for f in rows]
        out[-1].spaceAfter = self.st.body.spaceAfter + 2
        return out

    # -- reading the state -------------------------------------------------------------------------------------
    def _info(self, value: Any):
        return self.lookup(value) if isinstance(value, str) else None

    def _is_card(self, value: Any) -> bool:
        if isinstance(value, str):
            return self._info(value) is not None
        if isinstance(value, dict):
            return any(self._info(value.get(k)) for k in REF_KEYS)
        return False

    def _chips_of(self, value: Any) -> list[tuple[str, str | None]]:
        if isinstance(value, dict):
            ref = next(k for k in REF_KEYS if self._info(value.get(k)))
            info = self._info(value[ref])
            out = [(info.label, info.kind)]
            for k, v in value.items():
                if k == ref or k in HIDDEN:
                    continue
                if self._is_card(v):
                    out += self._chips_of(v)
                elif isinstance(v, list) and v and all(self._is_card(x) for x in v):
                    out += [c for x in v for c in self._chips_of(x)]
                elif isinstance(v, (int, float)) and not isinstance(v, bool):
                    out.append((f"{self.label(k)} {v}", None))
            return out
        info = self._info(value)
        return [(info.label, info.kind)]

    def _cards(self, values: list) -> list[tuple[str, str | None]]:
        if len(values) > PILE_AT:
            return [(self.pile_label.replace("{n}", str(len(values))), BACK)]
        return [c for v in values for c in self._chips_of(v)]

    def _name_of(self, value: dict) -> str | None:
        return next((value[k] for k in NAME_KEYS if isinstance(value.get(k), str)), None)

    def _zones(self, value: Any, width: float) -> list[Flowable]:
        if isinstance(value, dict):
            out: list[Flowable] = []
            for k, v in value.items():
                out += self._zone(k, v, width)
            return out
        return self._zone(None, value, width)

    def _zone(self, key: str | None, value: Any, width: float) -> list[Flowable]:
        if key in HIDDEN or (isinstance(key, str) and key.startswith("_")):
            return []
        if value is None or value is False or value == "" or (value == [] and key in QUIET_WHEN_EMPTY):
            return []
        if key in TURN_KEYS and isinstance(value, int) and not isinstance(value, bool) \
                and 0 <= value < len(self.players) and self._name_of(self.players[value]):
            value = self._name_of(self.players[value])
        name = self.label(key) if key is not None else ""
        if isinstance(value, list) and value and all(isinstance(v, list) for v in value):
            places = [c for v in value for c in v]
            if places and all(self._is_card(c) or c is None for c in places):
                return self._piles(name, [(str(i), v) for i, v in enumerate(value, 1)], width)
        if isinstance(value, list) and all(self._is_card(v) for v in value):
            return self._labelled(name, self._cards(value) or [("–", None)], width)
        if isinstance(value, list) and all(isinstance(v, dict) for v in value):
            return self._panels(name, value, width)
        if isinstance(value, dict) and value and all(isinstance(v, list) for v in value.values()):
            return self._piles(name, [(self._ref_label(k), v) for k, v in value.items()], width)
        if isinstance(value, dict) and value and all(_scalar(v) for v in value.values()):
            return self._labelled(name, [(f"{self._ref_label(k)}: {_shown(v)}", None) for k, v in value.items()],
                                  width)
        if isinstance(value, dict):
            inner = self._zones(value, width - 8)
            if not inner:
                return []
            inner = self._merge(inner)
            return [self._caption(name)] + [Indent(f, 8) for f in inner] if name else inner
        if isinstance(value, str) and self._is_card(value):
            return self._labelled(name, self._chips_of(value), width)
        if isinstance(value, list):
            shown = [(_shown(v), None) for v in value] or [("–", None)]
            return self._labelled(name, shown, width)
        return self._labelled(name, [(_shown(value), None)], width)

    def _ref_label(self, key: str) -> str:
        info = self._info(key)
        return info.label if info else str(key)

    # -- drawing ------------------------------------------------------------------------------------------------
    def _caption(self, text: str) -> Paragraph:
        return Paragraph(esc(text), self.st.label)

    def _labelled(self, name: str, chips: list, width: float) -> list[Flowable]:
        """A zone as a two-column row: its label on the left, the boxes on the right. Zones that only hold values
        (round 2, phase draft) become `_Value`s, which `_merge` sets as one line."""
        values = all(kind is None for _, kind in chips)
        if values and name:
            text = ", ".join(t for t, _ in chips)
            if len(text) <= 40:
                return [_Value(name, text)]
        if not name:
            return [Chips(chips)]
        right: Flowable = Paragraph(esc(" · ".join(t for t, _ in chips)), self.st.cell) if values else Chips(chips)
        return [labelled(self._caption(name), right, width)]

    def _merge(self, rows: list) -> list[Flowable]:
        """Runs of value zones as one line: "Round 1 · Phase draft · Turn Ana"."""
        out: list[Flowable] = []
        run: list[_Value] = []
        for row in rows + [None]:
            if isinstance(row, _Value):
                run.append(row)
                continue
            if run:
                text = " · ".join(f"<b>{esc(v.label)}</b> {esc(v.text)}" for v in run)
                out.append(Paragraph(text, self.st.cell.clone("values", spaceAfter=2, spaceBefore=1)))
                run = []
            if row is not None:
                out.append(row)
        return out

    def _piles(self, name: str, piles: list[tuple[str, list]], width: float) -> list[Flowable]:
        rows: list = []
        for label, cards in piles:
            chips = []
            for c in cards:
                chips += [("", "")] if c is None else self._chips_of(c) if self._is_card(c) else [(_shown(c), None)]
            if len(cards) > PILE_AT and all(c is not None for c in cards):
                chips = self._cards(cards)
            rows += self._labelled(label, chips or [("–", None)], width - 8)
        return ([self._caption(name)] if name else []) + [Indent(f, 8) for f in self._merge(rows)]

    def _panels(self, name: str, items: list[dict], width: float) -> list[Flowable]:
        """One panel per player (or other named thing), two side by side when there is room."""
        col_w = panel_width(width, len(items))
        cells = []
        for item in items:
            title = self._name_of(item)
            inner: list[Flowable] = [Paragraph(f"<b>{esc(title)}</b>", self.st.cell_head)] if title else []
            for k, v in item.items():
                if k in NAME_KEYS and v == title:
                    continue
                inner += self._zone(k, v, col_w - 8)
            cells.append(self._merge(inner))
        return ([self._caption(name)] if name else []) + [panel_table(cells, width, [False] * len(cells))]


_LABELLED = TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                        ("RIGHTPADDING", (0, 0), (0, -1), 4), ("RIGHTPADDING", (1, 0), (1, -1), 0),
                        ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 1)])


def labelled(label: Flowable, right: Flowable, width: float) -> Table:
    """A zone as a two-column row: its label on the left (at most 70 pt), what it holds on the right."""
    label_w = min(width * 0.3, 70)
    return Table([[label, right]], colWidths=[label_w, width - label_w], style=_LABELLED)


def _panel_columns(width: float, count: int) -> tuple[int, float]:
    """Panels per row (two side by side when there is room) and the width of each."""
    per_row = 2 if width > 300 and count > 1 else 1
    return per_row, (width - (per_row - 1) * 6) / per_row


def panel_width(width: float, count: int) -> float:
    return _panel_columns(width, count)[1]


def panel_table(cells: list[list[Flowable]], width: float, strong: list[bool]) -> Table:
    """Panels (each a list of flowables) in boxes, two side by side when there is room; a `strong` one (the
    player to move) gets a heavier box."""
    per_row, col_w = _panel_columns(width, len(cells))
    grid = [cells[i:i + per_row] for i in range(0, len(cells), per_row)]
    grid[-1] = grid[-1] + [[]] * (per_row - len(grid[-1]))
    style = [("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 4),
             ("RIGHTPADDING", (0, 0), (-1, -1), 4), ("TOPPADDING", (0, 0), (-1, -1), 3),
             ("BOTTOMPADDING", (0, 0), (-1, -1), 3)]
    for r, row in enumerate(grid):
        for c_, cell in enumerate(row):
            if cell:
                heavy = strong[r * per_row + c_]
                style.append(("BOX", (c_, r), (c_, r), 1.4 if heavy else 0.6, colour(MUTED)))
    return Table(grid, colWidths=[col_w] * per_row, style=TableStyle(style))


class _Value:
    """A zone that holds only a short value, waiting to be set on one line with its neighbours."""

    def __init__(self, label: str, text: str):
        self.label, self.text = label, text


def _scalar(v: Any) -> bool:
    return v is None or isinstance(v, (str, int, float, bool))


YES_NO = {True: "+", False: "–"}        # Lato has no check mark; the site's ✓ would print as an empty box


def _shown(v: Any) -> str:
    if isinstance(v, bool):
        return YES_NO[v]
    return "–" if v is None else str(v)
