"""A game state (the engine's JSON) as a small HTML picture: zones of cards as styled boxes.

Generic on purpose: it knows no game. Strings that name a card or a component record become card boxes
(coloured by kind); lists of cards become a row of boxes, lists of lists become piles (last card on top),
long lists become a face-down pile with a count, dicts become labelled zones, lists of dicts with a name
become one panel per player. Every text is HTML-escaped here; the result is a raw HTML block.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from .markdown import attr

PILE_AT = 13            # lists of more cards than this are drawn as a face-down pile with a count
HIDDEN_KEYS = frozenset({"rng", "seed", "rng_state", "random", "log", "history", "events", "game"})
QUIET_WHEN_EMPTY = frozenset({"spoons_taken", "pending"})   # zones only worth showing when they hold something
TURN_KEYS = ("turn", "current", "active")
NAME_KEYS = ("name", "player", "id")
REF_KEYS = ("card", "type", "dish", "ref", "id", "kind")


@dataclass
class CardInfo:
    label: str
    kind: str
    title: str = ""


@dataclass
class Picture:
    lookup: Callable[[str], CardInfo | None]
    label: Callable[[str], str]                       # state key -> translated label
    lines: list[str] = field(default_factory=list)

    def render(self, state: Any) -> str:
        self.lines = []
        self.players = [p for p in state.get("players", []) if isinstance(p, dict)] if isinstance(state, dict) else []
        self._zone(None, state, 0)
        return '<div class="tl-state" markdown="0">' + "".join(self.lines) + "</div>"

    # -- helpers -------------------------------------------------------------------------------------------
    def _is_card(self, value: Any) -> bool:
        if isinstance(value, str):
            return self.lookup(value) is not None
        if isinstance(value, dict):
            return any(isinstance(value.get(k), str) and self.lookup(value[k]) for k in REF_KEYS)
        return False

    def _card(self, value: Any, top: bool = False) -> str:
        extra = ""
        if isinstance(value, dict):
            ref_key = next(k for k in REF_KEYS if isinstance(value.get(k), str) and self.lookup(value[k]))
            info = self.lookup(value[ref_key])
            parts = []
            for k, v in value.items():
                if k == ref_key or k in HIDDEN_KEYS:
                    continue
                if isinstance(v, str) and self.lookup(v):
                    parts.append(self._card(v))
                elif isinstance(v, list) and v and all(self._is_card(x) for x in v):
                    parts.extend(self._card(x) for x in v)
                elif isinstance(v, (int, float)) and not isinstance(v, bool):
                    parts.append(f'<span class="tl-val" title="{attr(self.label(k))}">{attr(v)}</span>')
            extra = "".join(parts)
        else:
            info = self.lookup(value)
        assert info is not None
        cls = f"tl-card tl-kind-{attr(info.kind)}" + (" tl-top" if top else "")
        title = f' title="{attr(info.title)}"' if info.title else ""
        return f'<span class="{cls}"{title}>{attr(info.label)}</span>{extra}'

    def _cards(self, values: list, pile: bool = False) -> str:
        if len(values) > PILE_AT:
            return (f'<span class="tl-card tl-back" title="{attr(len(values))}">'
                    f'<b>{attr(len(values))}</b></span>')
        if not values:
            return '<span class="tl-empty">–</span>'
        return "".join(self._card(v, top=pile and i == len(values) - 1) for i, v in enumerate(values))

    def _name_of(self, value: dict) -> str | None:
        for k in NAME_KEYS:
            if isinstance(value.get(k), str):
                return value[k]
        return None

    # -- zones ---------------------------------------------------------------------------------------------
    def _zone(self, key: str | None, value: Any, depth: int) -> None:
        if key in HIDDEN_KEYS or (isinstance(key, str) and key.startswith("_")):
            return
        if value is None or value is False or value == "" or (value == [] and key in QUIET_WHEN_EMPTY):
            return                                  # unset flags and empty optional zones: nothing to see
        if key in TURN_KEYS and isinstance(value, int) and not isinstance(value, bool) \
                and 0 <= value < len(self.players) and self._name_of(self.players[value]):
            value = self._name_of(self.players[value])
        label = f'<div class="tl-label">{attr(self.label(key))}</div>' if key is not None else ""
        if isinstance(value, list) and value and all(isinstance(v, list) for v in value) \
                and all(self._is_card(c) for v in value for c in v):
            piles = "".join(f'<div class="tl-pile"><span class="tl-pile-no">{i}</span>{self._cards(v, pile=True)}'
                            f"</div>" for i, v in enumerate(value, 1))
            self.lines.append(f'<div class="tl-zone tl-piles">{label}{piles}</div>')
        elif isinstance(value, list) and all(self._is_card(v) for v in value):
            self.lines.append(f'<div class="tl-zone">{label}<div class="tl-cards">{self._cards(value)}</div></div>')
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            self.lines.append(f'<div class="tl-zone tl-group">{label}')
            for item in value:
                name = self._name_of(item)
                self.lines.append('<div class="tl-panel">')
                if name is not None:
                    self.lines.append(f'<div class="tl-panel-name">{attr(name)}</div>')
                for k, v in item.items():
                    if k in NAME_KEYS and v == name:
                        continue
                    self._zone(k, v, depth + 1)
                self.lines.append("</div>")
            self.lines.append("</div>")
        elif isinstance(value, dict):
            if key is not None and all(isinstance(v, list) and all(self._is_card(c) for c in v)
                                       for v in value.values()) and value:
                # e.g. dish columns by dish id: one pile per entry
                piles = "".join(f'<div class="tl-pile"><span class="tl-pile-no">{attr(self._ref_label(k))}</span>'
                                f"{self._cards(v)}</div>" for k, v in value.items())
                self.lines.append(f'<div class="tl-zone tl-piles">{label}{piles}</div>')
                return
            if key is not None and value and all(
                    isinstance(v, list) and all(isinstance(x, int) and not isinstance(x, bool) for x in v)
                    for v in value.values()):
                # e.g. dish columns {dish: [values]}: the record's name and its values as chips
                piles = "".join(
                    f'<div class="tl-pile"><span class="tl-pile-no">{attr(self._ref_label(k))}</span>'
                    + ("".join(f'<span class="tl-val">{attr(x)}</span>' for x in v) or '<span class="tl-empty">–</span>')
                    + "</div>" for k, v in value.items())
                self.lines.append(f'<div class="tl-zone tl-piles">{label}{piles}</div>')
                return
            if key is not None:
                self.lines.append(f'<div class="tl-zone tl-group">{label}')
            for k, v in value.items():
                self._zone(k, v, depth + 1)
            if key is not None:
                self.lines.append("</div>")
        elif isinstance(value, list) and value and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            vals = "".join(f'<span class="tl-val">{attr(v)}</span>' for v in value)
            self.lines.append(f'<div class="tl-zone tl-scalar">{label}<span class="tl-vals">{vals}</span></div>')
        elif isinstance(value, (str, int, float, bool)) or value is None:
            if isinstance(value, bool):
                shown = "✓" if value else "–"
            elif isinstance(value, str) and self.lookup(value):
                shown = self._card(value)
                self.lines.append(f'<div class="tl-zone tl-scalar">{label}<div class="tl-cards">{shown}</div></div>')
                return
            else:
                shown = attr("–" if value is None else value)
            self.lines.append(f'<div class="tl-zone tl-scalar">{label}<span class="tl-value">{shown}</span></div>')
        else:  # a list of mixed things
            shown = ", ".join(attr(v) for v in value)
            self.lines.append(f'<div class="tl-zone tl-scalar">{label}<span class="tl-value">{shown}</span></div>')

    def _ref_label(self, key: str) -> str:
        info = self.lookup(key)
        return info.label if info else key
