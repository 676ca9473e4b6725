"""Content Markdown → reportlab platypus flowables, read exactly as the site reads it.

The site's pipeline does the hard part: `site.markdown.content()` makes content Markdown inert (no raw HTML, no
unsafe links) and expands `{rule:…}`/`{term:…}` tokens; Python-Markdown (the parser MkDocs uses, with the same
`tables` extension) turns it into HTML. Here that HTML is parsed into a small tree and every text node is
escaped again for reportlab's paragraph markup, so the only tags reportlab ever sees are the ones written
below: a `<font>` or `<a>` in a rule text prints as those characters.

Links: `#anchor` targets become internal links to the PDF's named destinations (rule ids, `term-…`,
`faq-…`), http(s) links stay links, anything else prints its label only.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from html.parser import HTMLParser

import markdown as _markdown
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, ListFlowable, ListItem, Paragraph, Spacer, Table, TableStyle

from .typeset import INK, LINK, RULE, SOFT, Styles, colour, esc, panel_fill

_VOID = {"br", "hr", "img", "input", "meta", "link", "col", "area", "base", "wbr", "source"}
_BLOCKS = {"p", "ul", "ol", "table", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "hr", "dl", "div"}
SAFE_SCHEMES = ("http://", "https://", "mailto:")


@dataclass
class Node:
    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list = field(default_factory=list)          # Node or str


class _TreeBuilder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("root")
        self.stack = [self.root]

    def handle_starttag(self, tag, attrs):
        node = Node(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(node)
        if tag not in _VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag, attrs):
        self.stack[-1].children.append(Node(tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                return

    def handle_data(self, data):
        self.stack[-1].children.append(data)


def html_tree(html: str) -> Node:
    parser = _TreeBuilder()
    parser.feed(html)
    parser.close()
    return parser.root


_MD = _markdown.Markdown(extensions=["tables"], output_format="html")


@lru_cache(maxsize=4096)
def to_html(markdown_text: str) -> str:
    """Markdown (already made safe by site.markdown) → HTML, as the site's Python-Markdown renders it. One parser,
    reset between texts (building a new one per text costs more than converting it); the same short texts (move
    names, labels) recur in every example, so results are kept."""
    return _MD.reset().convert(str(markdown_text))


class Converter:
    """Turns HTML trees into flowables in one document's styles; `width` is the frame width (for tables)."""

    def __init__(self, st: Styles, width: float, anchors: set[str] | None = None, links: bool = True):
        self.st, self.width = st, width
        self.anchors = anchors        # named destinations that exist; None = trust every #link
        self.links = links            # False: every link prints as its text (a sheet to print has none)

    # -- public ----------------------------------------------------------------------------------------------
    def blocks(self, markdown_text: str, style: ParagraphStyle | None = None) -> list[Flowable]:
        """Block Markdown (a rule body, an answer) → flowables."""
        return self.flow(html_tree(to_html(markdown_text)).children, style or self.st.body, self.width)

    def inline(self, markdown_text: str) -> str:
        """Short Markdown (a title, a term) → paragraph markup of its text, inline formatting kept."""
        tree = html_tree(to_html(markdown_text))
        parts = [self.markup(n) for n in tree.children]
        return " ".join(p for p in parts if p.strip()).strip()

    def paragraph(self, markdown_text: str, style: ParagraphStyle | None = None) -> Paragraph:
        return Paragraph(self.inline(markdown_text), style or self.st.body)

    # -- blocks ----------------------------------------------------------------------------------------------
    def flow(self, nodes: list, style: ParagraphStyle, width: float) -> list[Flowable]:
        out: list[Flowable] = []
        loose: list = []                              # inline content between blocks (inside <li>)

        def flush():
            text = "".join(self.markup(n) for n in loose).strip()
            if text:
                out.append(Paragraph(text, style))
            loose.clear()

        for node in nodes:
            if isinstance(node, Node) and node.tag in _BLOCKS:
                flush()
                out.extend(self.block(node, style, width))
            else:
                loose.append(node)
        flush()
        return out

    def block(self, node: Node, style: ParagraphStyle, width: float) -> list[Flowable]:
        tag = node.tag
        if tag == "p":
            text = self.markup(node).strip()
            return [Paragraph(text, style)] if text else []
        if tag in ("ul", "ol"):
            return [self.listing(node, style, width)]
        if tag == "table":
            return [self.table(node, width)]
        if tag.startswith("h") and tag[1:].isdigit():
            return [Paragraph(f"<b>{self.markup(node).strip()}</b>", style)]
        if tag == "blockquote":
            inner = ParagraphStyle(style.name + "-quote", parent=style, leftIndent=style.leftIndent + 10)
            return self.flow(node.children, inner, width - 10)
        if tag == "pre":
            return [Paragraph(esc(text_of(node)).replace("\n", "<br/>"), style)]
        if tag == "hr":
            return [Spacer(1, style.fontSize * 0.6)]
        return self.flow(node.children, style, width)

    def listing(self, node: Node, style: ParagraphStyle, width: float, depth: int = 0) -> ListFlowable:
        ordered = node.tag == "ol"
        indent = style.fontSize * (1.6 if ordered else 1.2)
        items = []
        for li in (c for c in node.children if isinstance(c, Node) and c.tag == "li"):
            inner = []
            loose: list = []
            for child in li.children:
                if isinstance(child, Node) and child.tag in ("ul", "ol"):
                    inner.extend(self._loose(loose, style))
                    inner.append(self.listing(child, style, width - indent, depth + 1))
                elif isinstance(child, Node) and child.tag in _BLOCKS:
                    inner.extend(self._loose(loose, style))
                    inner.extend(self.block(child, style, width - indent))
                else:
                    loose.append(child)
            inner.extend(self._loose(loose, style))
            items.append(ListItem(inner or [Paragraph("", style)]))
        kw = dict(bulletFontName=style.fontName, bulletFontSize=style.fontSize, leftIndent=indent,
                  bulletColor=colour(INK), spaceBefore=0, spaceAfter=style.spaceAfter if depth == 0 else 0)
        if ordered:
            return ListFlowable(items, bulletType="1", bulletFormat="%s.", start=node.attrs.get("start") or "1",
                                **kw)
        return ListFlowable(items, bulletType="bullet", start="•" if depth == 0 else "–", **kw)

    def _loose(self, loose: list, style: ParagraphStyle) -> list[Flowable]:
        text = "".join(self.markup(n) for n in loose).strip()
        loose.clear()
        return [Paragraph(text, ParagraphStyle(style.name + "-li", parent=style, spaceAfter=1))] if text else []

    def table(self, node: Node, width: float) -> Table:
        rows: list[list[Node]] = []
        header = 0
        for section in (c for c in node.children if isinstance(c, Node)):
            trs = [section] if section.tag == "tr" else [c for c in section.children
                                                         if isinstance(c, Node) and c.tag == "tr"]
            for tr in trs:
                cells = [c for c in tr.children if isinstance(c, Node) and c.tag in ("th", "td")]
                if cells:
                    rows.append(cells)
                    if section.tag == "thead":
                        header += 1
        cols = max(len(r) for r in rows) if rows else 1
        data = []
        for r_i, cells in enumerate(rows):
            st = self.st.cell_head if r_i < header else self.st.cell
            line = [Paragraph(self.markup(c).strip(), st) for c in cells]
            data.append(line + [Paragraph("", st)] * (cols - len(line)))
        widths = _column_widths(rows, cols, width)
        t = Table(data, colWidths=widths, repeatRows=header, hAlign="LEFT")
        commands = [("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("LINEBELOW", (0, 0), (-1, -1), 0.4, colour(RULE)),
                    ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
                    ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 3)]
        if header:
            fill = panel_fill(SOFT)
            if fill:
                commands.append(("BACKGROUND", (0, 0), (-1, header - 1), colour(fill)))
            commands.append(("LINEBELOW", (0, header - 1), (-1, header - 1), 0.8, colour(INK)))
        t.setStyle(TableStyle(commands))
        t.spaceAfter = self.st.body.spaceAfter + 2
        return t

    # -- inline ----------------------------------------------------------------------------------------------
    def markup(self, node) -> str:
        if isinstance(node, str):
            return esc(node.replace("\n", " "))
        inner = "".join(self.markup(c) for c in node.children)
        tag, cls = node.tag, node.attrs.get("class", "")
        if tag in ("strong", "b"):
            return f"<b>{inner}</b>"
        if tag in ("em", "i"):
            return f"<i>{inner}</i>"
        if tag == "code":
            return f'<font color="{INK}">{inner}</font>'
        if tag == "br":
            return "<br/>"
        if tag == "img":
            return esc(node.attrs.get("alt", ""))
        if tag == "sup":
            return f"<super>{inner}</super>"
        if tag == "span" and "tl-fallback" in cls:       # the site's "EN" badge on untranslated text
            return f'<font size="6.5" color="{LINK}"><super>{inner}</super></font> '
        if tag == "a":
            return self._link(node.attrs.get("href", ""), inner)
        return inner

    def _link(self, href: str, inner: str) -> str:
        if not self.links:
            return inner
        if href.startswith("#") and len(href) > 1:
            name = href[1:]
            if self.anchors is not None and name not in self.anchors:
                return inner
            return f'<a href="#{esc(name)}" color="{LINK}">{inner}</a>'
        if href.lower().startswith(SAFE_SCHEMES):
            return f'<a href="{esc(href)}" color="{LINK}">{inner}</a>'
        return inner



def text_of(node) -> str:
    """The characters of a tree, tags dropped."""
    if isinstance(node, str):
        return node
    return "".join(text_of(c) for c in node.children)


def _column_widths(rows: list[list[Node]], cols: int, width: float) -> list[float]:
    """Columns share the width by the length of their longest cell (square root, so a long text column does not
    starve a short one), each at least a third of an even share."""
    longest = [1.0] * cols
    for cells in rows:
        for i, c in enumerate(cells):
            longest[i] = max(longest[i], len(text_of(c)) ** 0.5)
    total = sum(longest)
    raw = [width * v / total for v in longest]
    floor = width / cols / 6 * 2
    raw = [max(floor, w) for w in raw]
    scale = width / sum(raw)
    return [w * scale for w in raw]


class Indent(Flowable):
    """A flowable drawn `by` points in from the frame's left edge (nested zones, definitions, reasons)."""

    def __init__(self, inner: Flowable, by: float):
        super().__init__()
        self.inner, self.by = inner, by
        self.spaceAfter = getattr(inner, "spaceAfter", 0)

    def wrap(self, avail_w, avail_h):
        w, h = self.inner.wrap(avail_w - self.by, avail_h)
        self.width, self.height = w + self.by, h
        return self.width, self.height

    def split(self, avail_w, avail_h):
        return [Indent(p, self.by) for p in self.inner.split(avail_w - self.by, avail_h)]

    def draw(self):
        self.inner.drawOn(self.canv, self.by, 0)
