"""A state picture (engine/picture.py, games/*/picture.py) read back as a tree of elements with html.parser, so tests
look at what a reader, a tooltip or a screen reader gets, never string-match the HTML blindly. The tree must be
well formed: every element closed by its own end tag."""
from __future__ import annotations

from html.parser import HTMLParser


class Node:
    def __init__(self, tag: str, attrs: dict, parent: "Node | None"):
        self.tag, self.attrs, self.parent, self.children, self.texts = tag, attrs, parent, [], []

    @property
    def classes(self) -> set[str]:
        return set((self.attrs.get("class") or "").split())

    def walk(self):
        yield self
        for c in self.children:
            yield from c.walk()

    def strings(self) -> list[str]:
        """Every text and attribute value in this subtree: what a reader, a tooltip or a screen reader gets."""
        out = []
        for n in self.walk():
            out += n.texts + [v for v in n.attrs.values() if v]
        return out

    def text(self) -> str:
        parts = list(self.texts)
        for c in self.children:
            parts.append(c.text())
        return " ".join(" ".join(parts).split())

    def all(self, cls: str) -> list["Node"]:
        out = [self] if cls in self.classes else []
        for c in self.children:
            out += c.all(cls)
        return out

    def one(self, cls: str) -> "Node":
        found = self.all(cls)
        assert len(found) == 1, f"{len(found)} × .{cls}"
        return found[0]

    def zone(self, label: str) -> "Node":
        """The zone whose label reads `label` (its body)."""
        for z in self.all("tl-zone"):
            if z.one("tl-zone-label").text() == label:
                return z.one("tl-zone-body")
        raise AssertionError(f"no zone {label!r}: {[z.one('tl-zone-label').text() for z in self.all('tl-zone')]}")


class Tree(HTMLParser):
    VOID = {"br", "img", "input", "hr", "meta", "link"}

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.root = self.node = Node("root", {}, None)
        self.feed(html)
        assert self.node is self.root, "unclosed elements"

    def handle_starttag(self, tag, attrs):
        node = Node(tag, dict(attrs), self.node)
        self.node.children.append(node)
        if tag not in self.VOID:
            self.node = node

    def handle_endtag(self, tag):
        assert self.node.tag == tag, f"</{tag}> closes <{self.node.tag}>"
        self.node = self.node.parent

    def handle_data(self, data):
        self.node.texts.append(data)
