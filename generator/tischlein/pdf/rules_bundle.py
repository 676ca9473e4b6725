"""What `tischlein build` makes of a game's rules for every language and paper: the booklet, its ink-saver
version, the plain rules and the quick reference (named so the site's downloads page lists each variant)."""
from __future__ import annotations

from pathlib import Path

from . import booklet, quickref


def build_rules_pdfs(content, game_id: str, langs: list[str], papers: list[str], out_dir: Path) -> list[Path]:
    written = []
    for lang in langs:
        for paper in papers:
            for kind, ink in (("booklet", False), ("booklet", True), ("rules", False)):
                written.append(booklet.build(content, game_id, lang, paper, kind,
                                             booklet.default_path(out_dir, game_id, lang, paper, kind, ink),
                                             ink_saver=ink))
            written.append(quickref.build(content, game_id, lang, paper,
                                          quickref.default_path(out_dir, game_id, lang, paper)))
    return written
