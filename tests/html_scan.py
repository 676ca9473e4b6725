"""Find markup in built pages that content must never produce: elements or attributes a payload would inject."""
from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path


class _Scan(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self.in_script = False

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            value = value or ""
            if name == "data-xss" or (name.startswith("on") and "alert(" in value):
                self.found.append(f"<{tag} {name}={value!r}>")
            if name in ("href", "src", "action", "formaction", "xlink:href") and \
                    value.strip().lower().startswith(("javascript:", "data:text")):
                self.found.append(f"<{tag} {name}={value[:40]!r}>")
        self.in_script = tag == "script"

    def handle_data(self, data):
        if self.in_script and "__xss" in data:
            self.found.append(f"<script>{data[:40]}")

    def handle_endtag(self, tag):
        if tag == "script":
            self.in_script = False


def injected(html: str) -> list[str]:
    scan = _Scan()
    scan.feed(html)
    return scan.found


def scan_site(site: Path) -> dict[str, list[str]]:
    """Every page of a built site with what content injected into it (empty when nothing)."""
    out = {}
    for page in sorted(site.rglob("*.html")):
        found = injected(page.read_text(encoding="utf-8"))
        if found:
            out[str(page.relative_to(site))] = found
    return out
