"""The print guide's first cutting step holds on every sheet of every game, on A4, US Letter and a custom paper:
each line marked in the margin runs across the whole sheet without touching a piece (blank spares included), and
every piece lies whole in one of the strips those cuts leave. Checked on the page plan the PDF draws its marks
from."""
from __future__ import annotations

import pytest
from content_tools import load_game

from tischlein.pdf import document
from tischlein.pdf.component import print_set
from tischlein.pdf.options import Options
from tischlein.pdf.sheet.pack import Placed
from tischlein.pdf.texts import Texts

GAMES = ["diced-veggies", "mahlzeit", "schwarzwaelder-kirsch", "suppenkasper", "ta-na-mesa"]
E = 1e-3


def _sheets(game: str, paper: str):
    content = load_game(game)
    opts = Options(paper=paper)
    ps = print_set(content, game, "en", opts.card)
    _, layout, _ = document.laid_out(ps, opts, Texts(content.games[game].ui, "en"))
    return [p.page for s in layout.sections if s.role not in ("front", "board") for p in s.pages
            if isinstance(p, Placed)]


@pytest.mark.parametrize("paper", ["a4", "letter", "230x300"])
@pytest.mark.parametrize("game", GAMES)
def test_every_piece_comes_free_with_marked_straight_cuts(game, paper):
    for n, page in enumerate(_sheets(game, paper)):
        cut = [c.trim for i, c in enumerate(page.cells) if page.is_cut(i)]
        margin = page.margin_marks()
        xs = sorted({m.x0 for m in margin if abs(m.x0 - m.x1) < E})
        ys = sorted({m.y0 for m in margin if abs(m.y0 - m.y1) < E})
        # first every line marked in the margin, across the whole sheet: none crosses a piece
        for x in xs:
            assert not any(t.x + E < x < t.x1 - E for t in cut), (game, paper, n, "margin line", x)
        for y in ys:
            assert not any(t.y + E < y < t.y1 - E for t in cut), (game, paper, n, "margin line", y)
        # so every piece lies in one of the strips they cut the sheet into
        xs, ys = [0.0, *xs, page.page_w], [0.0, *ys, page.page_h]
        assert sum(1 for x0, x1 in zip(xs, xs[1:]) for y0, y1 in zip(ys, ys[1:]) for t in cut
                   if x0 - E <= t.x and t.x1 <= x1 + E and y0 - E <= t.y and t.y1 <= y1 + E) == len(cut)
