"""A game state as a picture: the primitives every game's picture module (tischlein/games/<game>/picture.py)
draws with. Standard library only: the same code draws the replays at build time and the state in Pyodide.

Safe by construction: a primitive escapes every piece of text it is given unless it is `Html` (what another
primitive returned), so text from content or a browser can never become markup. Escaping also turns the
characters Markdown acts on into entities: the site places pictures as raw HTML blocks inside Markdown pages,
and an entity reads the same to a browser. No primitive writes an event handler, a URL or a style: colours are
classes (`tl-col-<name>`) styled in site/assets/css/picture.css.

Words come from `Words`: labels are the messages' `picture.<key>` texts (tischlein's content/ui `engine.picture.*`
strings and a game's own), printed names the messages' `name.<id>` entries — the names the engine's messages use.
"""
from __future__ import annotations

import json
import re
from typing import Any, Callable, Iterable, Mapping, NamedTuple

from .messages import format_message, printed_name
from .privacy import sees  # noqa: F401 (part of the kit: whether a viewer sees a player's hidden things)

# One pass over the text: HTML's special characters and those Python-Markdown acts on even inside some raw HTML
# become entities (escaping twice would turn the # of &#39; into an entity too).
_ENTITIES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;",
                           **{c: f"&#{ord(c)};" for c in "[]()*_`!\\{}|#~:"}})
_NAME = re.compile(r"[a-z][a-z0-9-]*")
_ATTR = re.compile(r"(?:aria-|data-)?[a-z][a-z-]*")


class Pick(NamedTuple):
    """A thing on the table that names a move, so the player's table (site/assets/js/picks.js) lets a reader tap
    it: `value` is a move argument's value (a card or die id); `arg` names the argument for a value that means
    nothing by itself (row 2, position 5); `move` the kind of move a thing stands for alone (the stack: draw).
    A primitive given `pick=` writes it as data attributes, which do nothing in a page without the table."""

    value: Any = None
    arg: str = ""
    move: str = ""


def _picked(pick: Pick | None) -> dict[str, Any]:
    if pick is None:
        return {}
    return {"data_pick": json.dumps(pick.value) if pick.value is not None else None,
            "data_pick_arg": pick.arg or None, "data_pick_move": pick.move or None}


class Html(str):
    """HTML a primitive built; any other str given to a primitive is text and gets escaped."""

    __slots__ = ()


# Speed (a click in the browser redraws the whole table in Pyodide, issue 10): a picture escapes the same few
# hundred texts and checks the same class and attribute names thousands of times, so each is done once per
# process and remembered. The results are those of the plain functions; the memos are bounded.
_ESCAPED: dict[str, Html] = {}
_CLASSES: dict[str, str] = {}
_TAGS: dict[str, str] = {}
_ATTRS: dict[str, str] = {}
_MEMO_MOST = 20000


def _remember(memo: dict, key: Any, value: Any) -> Any:
    if len(memo) > _MEMO_MOST:
        memo.clear()
    memo[key] = value
    return value


def _cached(memo: dict, key: tuple, make: Callable[[], Any]) -> Any:
    """`make()`, remembered under `key`; a key holding a list (unhashable) is made each time."""
    try:
        done = memo.get(key)
    except TypeError:
        return make()
    return done if done is not None else _remember(memo, key, make())


def esc(value: Any) -> Html:
    """Text as HTML: escaped (quotes too, so it may go in an attribute) and inert to Markdown."""
    if isinstance(value, Html):
        return value
    text = value if type(value) is str else str(value)
    done = _ESCAPED.get(text)
    return done if done is not None else _remember(_ESCAPED, text, Html(text.translate(_ENTITIES)))


def join(items: Iterable[Any], sep: Any = "") -> Html:
    return Html(esc(sep).join([esc(i) for i in items if i is not None and i != ""]))


def _classes(text: str) -> str:
    done = _CLASSES.get(text)
    if done is None:
        done = _remember(_CLASSES, text, " ".join(n for n in text.split() if _NAME.fullmatch(n)))
    return done


def classes(*names: str) -> str:
    """Class names; a name that is not a plain word (content may name a colour) is left out."""
    return _classes(" ".join(filter(None, names)))


def _attribute(key: str) -> str:
    """The attribute a keyword names (`aria_label` → aria-label), refused if it is not one a picture writes."""
    name = _ATTRS.get(key)
    if name is None:
        name = key.rstrip("_").replace("_", "-")
        if not _ATTR.fullmatch(name) or name.startswith("on") or name in ("href", "src", "style", "action"):
            raise ValueError(f"a picture does not write the attribute {name!r}")
        _remember(_ATTRS, key, name)
    return name


def _opening(tag: str) -> str:
    if tag not in _TAGS:
        if not _NAME.fullmatch(tag):
            raise ValueError(f"not a tag: {tag!r}")
        _remember(_TAGS, tag, tag)
    return tag


def el(tag: str, *children: Any, cls: str = "", pick: Pick | None = None, **attrs: Any) -> Html:
    """<tag class=… attr=…>children</tag>. Attribute names are plain words (`aria_label` → aria-label); an event
    handler (on…), a link or a style cannot be written. `pick`: what the element lets a reader choose (Pick)."""
    parts = [_opening(tag)]
    names = _classes(cls) if cls else ""
    if names:
        parts.append(f'class="{names}"')
    if pick is not None:
        attrs = {**attrs, **_picked(pick)}
    for key, value in attrs.items():
        name = _attribute(key)
        if value is None or value is False:
            continue
        parts.append(name if value is True else f'{name}="{esc(value)}"')
    return Html(f"<{' '.join(parts)}>{join(children)}</{tag}>")


def span(*children: Any, cls: str = "", **attrs: Any) -> Html:
    return el("span", *children, cls=cls, **attrs)


def div(*children: Any, cls: str = "", **attrs: Any) -> Html:
    return el("div", *children, cls=cls, **attrs)


def colour(name: Any) -> str:
    """The class of a colour named by content (green, beige …); nothing for a name that is not a plain word."""
    return f"tl-col-{name}" if isinstance(name, str) and _NAME.fullmatch(name) else ""


class Words:
    """The words of a picture in one language: `words("table")` is the label `picture.table`, `words.name(id)`
    the printed name of a component (the messages' `name.<id>`)."""

    def __init__(self, messages: Mapping[str, str], fallback: Mapping[str, str] | None = None):
        self.messages, self.fallback = messages, fallback or {}
        self.names = {**self.fallback, **self.messages}
        # a label or name asked again (each card's name, "Hand (4)" in every panel) is looked up once: engine.api
        # keeps one Words per game and language, so a redraw in the browser formats only what is new
        self._said: dict[tuple, str] = {}
        self._named: dict[tuple, str] = {}

    def __call__(self, key: str, **params: Any) -> str:
        memo = (key, *((k, type(v), v) for k, v in params.items()))     # 1, 1.0 and True differ
        return _cached(self._said, memo,
                       lambda: format_message(self.messages, f"picture.{key}", params, self.fallback))

    def name(self, ident: Any) -> str:
        return _cached(self._named, (type(ident), ident), lambda: printed_name(ident, self.names))


# --- primitives ---------------------------------------------------------------------------------------------

def _same_each_time(primitive):
    """A primitive whose picture follows from its arguments alone (a die, a card, a back): drawn once per
    arguments and remembered. Keys carry the types (1, 1.0 and True draw differently but are equal keys)."""
    memo: dict[tuple, Html] = {}

    def drawn(*args: Any, **kwargs: Any) -> Html:
        key = (*((type(a), a) for a in args), *((k, type(v), v) for k, v in kwargs.items()))
        return _cached(memo, key, lambda: primitive(*args, **kwargs))

    drawn.__doc__, drawn.__name__, drawn.__wrapped__ = primitive.__doc__, primitive.__name__, primitive
    return drawn


@_same_each_time
def hidden(text: Any) -> Html:
    """Words for a screen reader only (what a sighted reader gets from a colour or a position)."""
    return span(text, cls="tl-sr")


@_same_each_time
def card(name: Any, *extra: Any, kind: str = "", value: Any = None, cls: str = "", label: Any = None,
         pick: Pick | None = None, face: Any = None) -> Html:
    """A face-up card: its printed name, a number in a corner (points, quality, calories) and anything after.
    `face`: the id of the card (or piece) whose face this is, written as data-face so the table can show that
    face large with its rules (site/assets/js/cardinfo.js). Give it only for a face the viewer sees: a hidden
    card is drawn with `back`, `hand_back` or `face_down`, which carry no id."""
    corner = span(value, cls="tl-card-value") if value is not None else ""
    return span(span(name, cls="tl-card-name"), corner, *extra,
                cls=f"tl-card {f'tl-kind-{kind}' if kind else ''} {cls}", title=label, pick=pick,
                data_face=face)


@_same_each_time
def back(count: int, label: str, cls: str = "", pick: Pick | None = None) -> Html:
    """A face-down pile: a card back with the number of cards (and what they are, for a screen reader)."""
    return span(span(count, cls="tl-back-count"), hidden(label), cls=f"tl-card tl-back {cls}", title=label,
                pick=pick)


def hand_back(count: int, words: "Words") -> Html:
    """Another player's hidden hand, as the viewer sees it: how many cards, never which."""
    return back(count, words("hand_hidden", n=count), cls="tl-hidden-hand") if count else empty(words("empty_hand"))


def face_down(words: "Words") -> Html:
    """One card lying face down (a paired hype card, a kept action card): that it is there, not what it is."""
    return span(hidden(words("face_down_card")), cls="tl-card tl-back tl-hidden-card", title=words("face_down_card"))


@_same_each_time
def empty(label: str, cls: str = "") -> Html:
    """An empty place (no card in a row, no die in a cell): visibly empty, named for a screen reader."""
    return span(hidden(label), cls=f"tl-empty {cls}", title=label)


@_same_each_time
def die(value: Any, label: str, colour_name: Any = "", cls: str = "", pick: Pick | None = None) -> Html:
    """A die showing `value`, in its colour; `label` says what it is ("Broccoli 5")."""
    return span(span(value, cls="tl-die-value", aria_hidden="true"), hidden(label),
                cls=f"tl-die {colour(colour_name)} {cls}", title=label, pick=pick)


@_same_each_time
def token(text: Any, cls: str = "", colour_name: Any = "", label: Any = None, pick: Pick | None = None,
          face: Any = None) -> Html:
    """A round token (a spice token, a chip, the chef's hat) showing `text`; `face` as for `card` (a card the
    game shows as a token: the start card beside its holder)."""
    return span(text, cls=f"tl-token {colour(colour_name)} {cls}", title=label, pick=pick, data_face=face)


@_same_each_time
def tile(name: Any, *parts: Any, kind: str = "", cls: str = "", label: Any = None, pick: Pick | None = None,
         face: Any = None) -> Html:
    """A tile (a counter, a recipe tile, a stove space): a square with its name and what it shows; `face` as
    for `card`."""
    return span(span(name, cls="tl-tile-name"), *parts, cls=f"tl-tile {f'tl-kind-{kind}' if kind else ''} {cls}",
                title=label, pick=pick, data_face=face)


@_same_each_time
def marker(text: Any, label: Any = None, cls: str = "") -> Html:
    """A player's marker on a track or a board (their initial in a coloured disc)."""
    return span(text, cls=f"tl-marker {cls}", title=label)


def track(cells: Iterable[tuple[Any, Any, str]], label: str, cls: str = "") -> Html:
    """A track of spaces, in order: each (caption, what stands on it, extra classes)."""
    spaces = [el("li", span(caption, cls="tl-track-caption"), span(on, cls="tl-track-on"), cls=f"tl-space {c}")
              for caption, on, c in cells]
    return el("ol", *spaces, cls=f"tl-track {cls}", aria_label=label)


def grid(rows: Iterable[Iterable[Any]], label: str, cls: str = "") -> Html:
    """A grid of places (the dice block, a spread of face-down cards), row by row."""
    # no role="row": ARIA rows live in a table or grid of cells, and a row of dice is neither (axe:
    # aria-required-parent, aria-required-children); the group's name and the dice's own words are read in order
    body = [div(*row, cls="tl-grid-row") for row in rows]
    return div(*body, cls=f"tl-grid {cls}", role="group", aria_label=label)


def row(*items: Any, cls: str = "", pick: Pick | None = None) -> Html:
    """Things side by side, wrapping on a narrow screen."""
    return div(*items, cls=f"tl-row {cls}", pick=pick)


def zone(label: Any, *body: Any, cls: str = "") -> Html:
    """A labelled part of the table (the stack, the rows, a player's hand)."""
    return div(div(label, cls="tl-zone-label"), div(*body, cls="tl-zone-body"), cls=f"tl-zone {cls}")


def facts(*items: tuple[Any, Any]) -> Html:
    """A line of small facts: (label, value) pairs such as ("Round", "2 of 4")."""
    return div(*(span(span(k, cls="tl-fact-label"), " ", span(v, cls="tl-fact-value"), cls="tl-fact")
                 for k, v in items if v is not None and v != ""), cls="tl-facts")


def panel(name: Any, *body: Any, current: bool = False, badge: Any = "") -> Html:
    """A player's place at the table: their name (and whether it is their move), then their things."""
    head = div(span(name, cls="tl-panel-name"), span(badge, cls="tl-badge") if badge else "", cls="tl-panel-head")
    return div(head, *body, cls=f"tl-panel {'tl-current' if current else ''}")


def players(*panels: Any) -> Html:
    return div(*panels, cls="tl-players")


def picture(*body: Any, label: str, game: str = "") -> Html:
    """The whole picture of one state: a group a screen reader announces by `label`."""
    return div(*body, cls=f"tl-picture {f'tl-game-{game}' if game else ''}", role="group", aria_label=label)


def text_picture(text: str, label: str) -> Html:
    """A game without a picture module: the engine's text picture (render), escaped, as it is."""
    return picture(el("pre", text, cls="tl-state-text"), label=label)


def seats(engine: Any, state: Any, words: Words) -> list[tuple[bool, str]]:
    """Per player in seat order: (is it their decision now, the badge beside their name) — "to move" while the
    game runs, their place and total once it is over."""
    if engine.is_over(state):
        ranks = {r["player"]: r for r in engine.ranking(state)}
        return [(False, words("place", rank=ranks[p.name]["rank"], total=ranks[p.name]["total"]))
                for p in state.players]
    actor = engine.actor(state)
    return [(i == actor, words("to_move") if i == actor else "") for i in range(len(state.players))]
