"""The tap marks of a state picture (engine.picture.Pick) read back, and the rule site/assets/js/picks.js applies to
them: which legal moves use a tapped thing. Shared by the picture tests and the browser tests of the table."""
from __future__ import annotations

import json

from picture_tree import Tree

# The kinds of move whose every argument is a thing on the table. The rest name what the table does not show as a
# thing of its own (a Cooking Spoon's count of cards, the veggie a die is improvised as, a stove tile's turn, the
# target of an action card, the kind of a red chip's favour); the move list and the move builder offer those.
TAPPED = {
    "mahlzeit": {"draw", "take", "lay", "discard"},
    "diced-veggies": {"cut", "cook", "draw", "discard"},
    "schwarzwaelder-kirsch": {"reveal", "joker", "take"},
    "suppenkasper": {"lead", "add", "eat", "diet", "special", "give"},
    "ta-na-mesa": {"take", "pick", "discard", "flip"},
}


def picks(html: str) -> list[dict]:
    """Every mark of a picture: {value (None for a move's own mark), arg, move, node}."""
    out = []
    for n in Tree(html).root.walk():
        if "data-pick" in n.attrs or "data-pick-move" in n.attrs:
            out.append({"value": json.loads(n.attrs["data-pick"]) if "data-pick" in n.attrs else None,
                        "arg": n.attrs.get("data-pick-arg", ""), "move": n.attrs.get("data-pick-move", ""),
                        "node": n})
    return out


def uses(move: dict, pick: dict) -> bool:
    """Does `move` use the thing `pick` marks (picks.js: uses)?"""
    if pick["move"] and pick["move"] != move["move"]:
        return False
    if pick["value"] is None:
        return True
    return any(pick["arg"] in ("", k) and (pick["value"] in v if isinstance(v, list) else pick["value"] == v)
               for k, v in move["args"].items())


def taps(move: dict, marks: list[dict]) -> list[dict]:
    """The marks a reader taps to choose `move`: those of its arguments' values (for a move without arguments,
    its own mark)."""
    return [p for p in marks if uses(move, p) and (p["value"] is not None or not move["args"])]


def narrowed(moves: list[dict], tapped: list[dict]) -> list[dict]:
    return [m for m in moves if all(uses(m, p) for p in tapped)]


def selector(pick: dict) -> str:
    """The CSS selector of a mark in the page (attribute values as the picture writes them)."""
    parts = []
    if pick["value"] is not None:
        parts.append(f"[data-pick={json.dumps(json.dumps(pick['value']))}]")
    if pick["arg"]:
        parts.append(f"[data-pick-arg={json.dumps(pick['arg'])}]")
    if pick["move"]:
        parts.append(f"[data-pick-move={json.dumps(pick['move'])}]")
    return "".join(parts)
