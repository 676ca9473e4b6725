"""The copy of a page's HTML that the site search indexes, so that its excerpts read as sentences.

Material's search plugin takes the text of a page as it comes, tag by tag: cells, picture pieces and other
blocks with no space between them run together ("21Peças viradas para baixo: 21Receitas na mesaFeijoada5",
"Name Punkte Karten Bier R 3 R 8 *"). hooks.py hands the plugin this copy instead, and the page keeps its HTML:

* a table row reads as a sentence, each cell with its column's heading: "Bier: Punkte 3, Karten 8.";
* blocks (divs, the labels of a picture's zones …) are separated by " · ", and so is a piece of a picture (a
  classed span) whose first word would run into the word before it: "Monte de ingredientes · 42 · Cartas viradas
  para baixo: 42" — a word ending in a span ("<span>Menu</span>s") stays whole;
* what a screen reader skips (aria-hidden) and the provenance marks (R, *, E) are left out, and a picture
  (role="img": the simulation's charts) says only its label, as a screen reader does, not its bars' numbers.

Only the standard library: this runs inside `mkdocs build` for every page.
"""
from __future__ import annotations

from html import escape
from html.parser import HTMLParser

# boundaries between these start a new piece of text
_BLOCKS = {"address", "article", "aside", "blockquote", "br", "caption", "dd", "details", "div", "dl", "dt",
           "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr",
           "legend", "li", "main", "nav", "ol", "p", "pre", "section", "summary", "table", "tbody", "td", "tfoot",
           "th", "thead", "tr", "ul", "button", "label", "option", "select",
           "svg", "g", "text", "title", "desc"}
_HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"}
_ENDS = ".!?:;·,"          # text that ends so needs no separator after it
# the tags the search plugin keeps in its text: a result shows them as paragraphs and lists, separated already
_KEPT = {"p", "li", "ul", "ol", "pre"}


def search_html(html: str) -> str:
    """`html` with separators where its text would run together, for the search index only."""
    parser = _Rewriter()
    parser.feed(html)
    parser.close()
    return "".join(parser.out)


def _skipped(tag: str, attrs: dict) -> bool:
    classes = (attrs.get("class") or "").split()
    return (attrs.get("aria-hidden") == "true" or attrs.get("role") == "img"
            or (tag == "sup" and "tl-mark" in classes))


class _Table:
    def __init__(self) -> None:
        self.heads: list[str] = []      # the column headings (thead)
        self.in_head = False
        self.column = -1
        self.cell: list[str] | None = None     # the text of the heading cell being read


class _Rewriter(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.stack: list[tuple[str, int]] = []    # (tag, what it did to `skip`: +1, 0, or −n for a label)
        self.skip = 0                  # inside a skipped element
        self.labels: list[str] = []    # the ids of the labels of the pictures (role="img") we are in
        self.last = ""                 # the last text character written (of the current section)
        self.spaced = True             # whether the text written so far ends in white space
        self.pending = ""              # a separator due before the next text: "", "touch", "block", "cell", "row"
        self.mark = 0                  # where it goes: in `out`, right after the last text
        self.tables: list[_Table] = []
        self.heading = 0               # inside h1-h6: the search plugin takes it as a title

    # -- tags -------------------------------------------------------------------------------------------------
    def handle_starttag(self, tag: str, attrs: list) -> None:
        a = dict(attrs)
        text = self.get_starttag_text() or f"<{tag}>"
        if tag in _VOID:
            if not self.skip:
                self.out.append(text)
                if tag in _BLOCKS:
                    self._boundary("block")
            return
        if self.skip and a.get("id") and a.get("id") in self.labels:      # a picture's label: said
            self.stack.append((tag, -self.skip))
            self.skip = 0
        elif self.skip or _skipped(tag, a):
            self.stack.append((tag, 1))
            self.skip += 1
            if a.get("role") == "img":
                self.labels.append(a.get("aria-labelledby") or "")
            return
        else:
            self.stack.append((tag, 0))
        if tag in _HEADINGS:
            self.heading += 1
            self.last, self.pending, self.spaced = "", "", True    # a heading starts a new section of the index
        table = self.tables[-1] if self.tables else None
        if tag == "table":
            self.tables.append(_Table())
        elif table and tag == "thead":
            table.in_head = True
        elif table and tag == "tr" and not table.in_head:
            table.column = -1
            self._boundary("row")
        elif table and tag in ("td", "th"):
            table.column += 1
            if table.in_head:
                table.cell = []
                table.column = len(table.heads)
            else:
                self._boundary("cell")
        elif tag in _KEPT:
            self._kept()
        elif tag in _BLOCKS:
            self._boundary("block")
        elif tag == "span" and a.get("class"):
            self._boundary("touch")
        self.out.append(text)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1][0] != tag:
            if not any(t == tag for t, _ in self.stack):
                return                     # a stray end tag: the search plugin ignores it as well
            while self.stack[-1][0] != tag:
                self.handle_endtag(self.stack[-1][0])
        _, did = self.stack.pop()
        if did > 0:
            self.skip -= 1
            if not self.skip:
                self.labels.clear()
            return
        if did < 0:
            self.skip = -did
        table = self.tables[-1] if self.tables else None
        if tag in _HEADINGS:
            self.heading -= 1
        if tag == "table":
            self.tables.pop()
        elif table and tag == "thead":
            table.in_head = False
        elif table and table.in_head and tag in ("td", "th") and table.cell is not None:
            table.heads.append(" ".join("".join(table.cell).split()))
            table.cell = None
        elif table and tag == "tr" and not table.in_head:
            self._boundary("row")
        self.out.append(f"</{tag}>")
        if tag in _KEPT:
            self._kept()
        elif tag in _BLOCKS:
            self._boundary("block")

    def handle_startendtag(self, tag: str, attrs: list) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in _VOID:
            self.handle_endtag(tag)

    # -- text -------------------------------------------------------------------------------------------------
    def handle_data(self, data: str) -> None:
        if self.skip:
            return
        table = self.tables[-1] if self.tables else None
        if table and table.in_head and table.cell is not None:
            table.cell.append(data)
            return                         # headings are said with each row's cells
        if not data.strip():
            self.out.append(data)
            self.spaced = True
            if self.pending == "touch":
                self.pending = ""          # pieces with a space between them do not run together
            return
        if self.pending == "touch" and (self.spaced or not (self.last.isalnum() and data[0].isalnum())):
            self.pending = ""              # only a word or number that would run into the one before
        if self.heading:
            self.pending = ""
            self.out.append(escape(data, quote=False))
            return                         # a title: the search plugin indexes it apart from the text
        if self.pending and (self.last or (self.pending == "cell" and table)):
            sep = self._separator(table)
            spaced = any(not piece.strip() or piece[0] != "<" and piece[-1:].isspace()
                         for piece in self.out[self.mark:]) or data[0].isspace()
            sep = escape(sep.rstrip() if spaced and sep.strip() else sep, quote=False)
            # in a tag of its own: glued to the white space after it, the plugin would keep both
            self.out.insert(self.mark, f"<span>{sep}</span>")
        self.pending = ""
        self.out.append(escape(data, quote=False))
        self.last = data.rstrip()[-1:] or self.last
        self.spaced = data[-1].isspace()

    def _kept(self) -> None:
        if self.pending in ("", "touch", "block"):
            self.pending = ""
            self.last = ""                 # the result shows the paragraph or list item apart already

    def _boundary(self, kind: str) -> None:
        rank = {"": 0, "touch": 1, "block": 2, "cell": 3, "row": 4}
        if not self.pending:
            self.mark = len(self.out)      # the separator goes right after the text before the boundary
        if kind == "cell" or rank[kind] > rank[self.pending]:
            self.pending = kind

    def _separator(self, table: _Table | None) -> str:
        kind, ends = self.pending, self.last in _ENDS
        if kind == "row":
            return " " if ends or not self.last else ". "
        if kind == "cell" and table is not None:
            head = table.heads[table.column] if 0 <= table.column < len(table.heads) else ""
            lead = "" if not self.last else " " if self.last in ".:" else ": " if table.column == 1 else ", "
            if table.column == 0:
                lead = " " if ends or not self.last else ". "
                return lead
            return f"{lead}{head} " if head else (lead or " ")
        if ends:
            return " "
        return " · "
