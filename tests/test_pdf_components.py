"""Component kinds beyond cards: board tiling (glue overlap, coverage), die nets (16 mm faces, tabs), stickers,
two-sided tokens registered for duplex, tiles — as pure geometry and read back from a built PDF with pypdf.
"""
from __future__ import annotations

from functools import partial

import pytest
from pypdf import PdfReader

from content_tools import load_game
from pdf_helpers import MM, read_page
from tischlein.pdf import board, die, document
from tischlein.pdf.card import FaceBox
from tischlein.pdf.component import Board, Deck, DiceSet, Die, Kind, Piece, PrintSet
from tischlein.pdf.errors import PdfBuildError
from tischlein.pdf.options import Options
from tischlein.pdf.sheet import MIN_MARGIN_MM
from tischlein.pdf.texts import Texts
from tischlein.pdf.tile import tile_deck, tile_size
from tischlein.pdf.token import round_token, standee, standee_size, token_deck
from tischlein.pdf.units import PAPERS

TOL = 0.01


# --- board tiling: pure geometry -----------------------------------------------------------------------------

@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size_mm", [(344, 236), (600, 420), (150, 110), (420, 297)])
def test_board_tiles_overlap_by_the_glue_width_and_cover_the_board(paper, size_mm):
    w, h = size_mm[0] * MM, size_mm[1] * MM
    plan = board.plan_tiles(w, h, PAPERS[paper], bleed=3 * MM, overlap=12 * MM)
    area = board.usable_area(PAPERS[paper], 3 * MM)
    assert len(plan.tiles) == plan.cols * plan.rows
    labels = [t.label for t in plan.tiles]
    assert labels[0] == "A1" and len(set(labels)) == len(labels)
    for t in plan.tiles:
        assert t.region.w <= area.w + TOL and t.region.h <= area.h + TOL      # never scaled, always fits
        assert abs(t.page.w - t.region.w) < TOL and abs(t.page.h - t.region.h) < TOL
        assert t.page.x >= area.x - TOL and t.page.y >= area.y - TOL and t.page.x1 <= area.x1 + TOL
    for row in range(plan.rows):
        tiles = sorted((t for t in plan.tiles if t.row == row), key=lambda t: t.col)
        assert abs(tiles[0].region.x) < TOL and abs(tiles[-1].region.x1 - w) < TOL
        for a, b in zip(tiles, tiles[1:]):
            assert abs((a.region.x1 - b.region.x) - 12 * MM) < TOL          # exactly the glue width
    for col in range(plan.cols):
        tiles = sorted((t for t in plan.tiles if t.col == col), key=lambda t: t.row)
        assert abs(tiles[0].region.y1 - h) < TOL and abs(tiles[-1].region.y) < TOL
        for a, b in zip(tiles, tiles[1:]):
            assert abs((b.region.y1 - a.region.y) - 12 * MM) < TOL
    # coverage: every point of a grid over the board lies in some tile
    for i in range(41):
        for j in range(29):
            x, y = w * i / 40, h * j / 28
            assert any(t.region.x - TOL <= x <= t.region.x1 + TOL and t.region.y - TOL <= y <= t.region.y1 + TOL
                       for t in plan.tiles)
    # glue strips: one per right/lower neighbour, as wide as the overlap, inside their tile
    for t in plan.tiles:
        assert len(t.glue) == (t.col < plan.cols - 1) + (t.row < plan.rows - 1) == len(t.glue_to)
        for g in t.glue:
            assert abs(min(g.w, g.h) - 12 * MM) < TOL
            assert t.region.x - TOL <= g.x and g.x1 <= t.region.x1 + TOL and t.region.y - TOL <= g.y
    if size_mm == (150, 110):
        assert len(plan.tiles) == 1 and not plan.tiles[0].glue


def test_board_overlap_outside_10_to_15_mm_is_refused():
    with pytest.raises(PdfBuildError, match="10–15 mm"):
        board.plan_tiles(400 * MM, 300 * MM, PAPERS["a4"], overlap=5 * MM)
    assert len(board.plan_tiles(600 * MM, 420 * MM, PAPERS["a4"]).tiles) >= 4


# --- dice: pure geometry -------------------------------------------------------------------------------------

def test_die_net_has_six_square_faces_forming_a_cross_and_seven_tabs():
    s = 16 * MM
    net = die.net_layout(s)
    assert [slot for slot, _ in net.faces] == list(die.NET_SLOTS)
    rects = [r for _, r in net.faces]
    assert all(abs(r.w - s) < TOL and abs(r.h - s) < TOL for r in rects)
    for i, a in enumerate(rects):                  # no two faces overlap
        for b in rects[i + 1:]:
            assert min(a.x1, b.x1) - max(a.x, b.x) < TOL or min(a.y1, b.y1) - max(a.y, b.y) < TOL
    shared = sum(1 for i, a in enumerate(rects) for b in rects[i + 1:]
                 if (abs(a.x1 - b.x) < TOL or abs(b.x1 - a.x) < TOL) and abs(a.y - b.y) < TOL
                 or (abs(a.y1 - b.y) < TOL or abs(b.y1 - a.y) < TOL) and abs(a.x - b.x) < TOL)
    assert shared == 5                             # a tree of folds: the net is one piece
    assert len(net.tabs) == 7                      # 12 edges − 5 folds = 7 seams, one tab each
    for poly in net.tabs:                          # every tab hangs on a face edge
        (ax, ay), (bx, by) = poly[0], poly[-1]
        assert any(abs(abs(ax - bx) + abs(ay - by) - s) < TOL and
                   r.x - TOL <= min(ax, bx) and max(ax, bx) <= r.x1 + TOL and
                   r.y - TOL <= min(ay, by) and max(ay, by) <= r.y1 + TOL for r in rects)
    assert abs(net.width - (4 * s + die.TAB_MM * MM)) < TOL and abs(net.height - 3 * s) < TOL


# --- a synthetic print set built end to end ------------------------------------------------------------------

@pytest.fixture(scope="module")
def ui():
    return Texts(load_game("mahlzeit").ui, "en")


def _face(c, box: FaceBox, fill="#cc3333"):
    round_token(c, box, fill=fill, ring="#ffffff")


def _plain(c, box: FaceBox):
    c.setFillColorRGB(0.9, 0.9, 0.7)
    c.rect(-box.bleed, -box.bleed, box.w + 2 * box.bleed, box.h + 2 * box.bleed, stroke=0, fill=1)


def _board_draw(c, w, h, bleed):
    c.setFillColorRGB(0.95, 0.8, 0.3)
    c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)


def _die_face(c, size, bleed, value):
    c.setFillColorRGB(0.2, 0.6, 0.2)
    c.rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, stroke=0, fill=1)
    c.drawString(size / 3, size / 3, str(value))


def synthetic() -> PrintSet:
    tokens = [Piece(f"tok-{i}", "tok", "tok-front", "tok-back-a" if i % 2 else "tok-back-b") for i in range(7)]
    tiles = [Piece(f"tile-{i}", "tile", "tile", "tile") for i in range(3)]
    figs = [Piece(f"fig-{i}", "fig", "fig", None) for i in range(2)]
    faces = {"tok-front": _face, "tile": _plain,
             "fig": lambda c, box: standee(c, box, lambda c2, w, h: _plain(c2, FaceBox(w, h, 0, "x")), "#ffffff")}
    backs = {"tok-back-a": partial(_face, fill="#3333cc"), "tok-back-b": partial(_face, fill="#33cc33"),
             "tile": _plain}
    dice = [Die(f"d{i}", tuple(f"v{v}" for v in (1, 2, 3, 4, 5, 6)), f"die {i}") for i in range(11)]
    return PrintSet(
        game_id="synthetic", title="Synthetic", subtitle="", lang="en",
        decks=[token_deck("token", 25, tokens), tile_deck(tile_size("tile", 60), tiles, PAPERS["a4"]),
               Deck(standee_size("fig", 25, 35), figs)],
        faces=faces, backs=backs, back_labels={}, kinds=[Kind("tok", "Tokens", "plate", None)], credits=[],
        icons=["plate"], boards=[Board("big", "big", "Big board", 340, 300, _board_draw)],
        dice=[DiceSet("die", dice, {f"v{v}": partial(_die_face, value=v) for v in range(1, 7)})])


def _all(reader):
    return [read_page(reader, i) for i in range(len(reader.pages))]


@pytest.fixture(scope="module")
def built(ui, tmp_path_factory):
    out = tmp_path_factory.mktemp("components")
    paths = {}
    for duplex in ("long", "short", "none"):
        opts = Options(duplex=duplex)
        paths[duplex] = document.render(synthetic(), opts, out / f"synthetic-{duplex}.pdf", ui)
    return {k: PdfReader(p) for k, p in paths.items()}


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_token_backs_are_registered_behind_their_fronts(built, duplex):
    reader = built[duplex]
    pages = _all(reader)
    W, H = (float(v) for v in reader.pages[0].mediabox[2:])
    pairs = 0
    for i, (places, _) in enumerate(pages[:-1]):
        fronts = [p for p in places if p.form == "face-tok-front"]
        if not fronts:
            continue
        backs = [p for p in pages[i + 1][0] if p.form.startswith("back-tok-")]
        assert len(backs) == len(fronts)
        for f, b in zip(fronts, backs):
            assert abs(f.w - 25 * MM) < 0.1 * MM and abs(f.h - 25 * MM) < 0.1 * MM
            if duplex == "long":
                assert abs(b.x - (W - f.x - f.w)) < TOL and abs(b.y - f.y) < TOL
            else:
                assert abs(b.y - (H - f.y - f.h)) < TOL and abs(b.x - f.x) < TOL
            pairs += 1
        # each token keeps its own back
        front_ids = [p for p in places if p.form == "face-tok-front"]
        assert {b.form for b in backs} == {"back-tok-back-a", "back-tok-back-b"}
        assert len(front_ids) == 7
    assert pairs == 7


def test_tiles_and_standees_have_their_sizes(built):
    pages = _all(built["none"])
    tiles = [p for places, _ in pages for p in places if p.form == "face-tile"]
    figs = [p for places, _ in pages for p in places if p.form == "face-fig"]
    assert len(tiles) == 3 and all(abs(t.w - 60 * MM) < 0.1 * MM and abs(t.h - 60 * MM) < 0.1 * MM for t in tiles)
    assert len(figs) == 2 and all(abs(f.w - 25 * MM) < 0.1 and abs(f.h - (2 * 35 + 20) * MM) < 0.1 for f in figs)


def test_tile_too_big_for_a_sheet_is_an_error():
    with pytest.raises(PdfBuildError, match="board"):
        tile_deck(tile_size("huge", 300), [], PAPERS["a4"])


@pytest.mark.parametrize("duplex", ["long", "none"])
def test_board_pages_hold_the_planned_tiles_with_marks_outside(built, duplex):
    reader = built[duplex]
    W, H = (float(v) for v in reader.pages[0].mediabox[2:])
    plan = board.plan_tiles(340 * MM, 300 * MM, PAPERS["a4"], 3 * MM)
    assert len(plan.tiles) == 4                                     # 2 × 2 sheets on A4
    found = []
    for i, (places, segs) in enumerate(_all(reader)):
        tiles = [p for p in places if p.form == "board-big"]
        if not tiles:
            continue
        assert len(tiles) == 1
        t = tiles[0]
        found.append(t)
        if duplex == "long" and i + 1 < len(reader.pages):          # single-sided range: no blank back
            assert not any(p.form.startswith("back-") for p in read_page(reader, i + 1)[0])
        marks = [s for s in segs if s.x0 == s.x1 and min(abs(s.x0 - t.x), abs(s.x0 - t.x - t.w)) < TOL]
        assert len(marks) == 4                                      # top and bottom at both vertical cuts
        for s in marks:                                             # outside the tile and its bleed
            assert min(s.y0, s.y1) >= t.y + t.h + 3 * MM - TOL or max(s.y0, s.y1) <= t.y - 3 * MM + TOL
        assert t.x >= MIN_MARGIN_MM * MM and t.x + t.w <= W - MIN_MARGIN_MM * MM
    assert len(found) == len(plan.tiles)
    for t, p in zip(found, plan.tiles):
        assert abs(t.w - p.region.w) < 0.05 and abs(t.h - p.region.h) < 0.05


def test_dice_nets_and_stickers_are_squares_of_the_chosen_size(built):
    pages = _all(built["none"])
    faces = [p for places, _ in pages for p in places if p.form.startswith("die-face-")]
    net = [p for p in faces if abs(p.w - 16 * MM) < TOL]
    stickers = [p for p in faces if abs(p.w - 14 * MM) < TOL]
    assert len(net) == 11 * 6 and len(stickers) == 11 * 6 and len(faces) == len(net) + len(stickers)
    assert all(abs(p.w - p.h) < TOL for p in faces)


def test_checklist_counts_boards_and_dice(ui):
    ps = synthetic()
    kinds = [p.kind for p in ps.all_pieces()]
    assert kinds.count("big") == 1 and kinds.count("die") == 11 and kinds.count("tok") == 7
