"""The Tá na Mesa print-and-play PDF: every component in the model's numbers, geometry in points (cards, recipe
tiles, counters, tokens, the tiled scoring board), two-sided spice tokens, Portuguese diacritics, provenance and
the reshuffle erratum on the credits page, and text that does not fit failing the build with the piece's id.
"""
from __future__ import annotations

from collections import Counter
from functools import partial

import pytest
from pdf_helpers import MM, assert_face_does_not_fit, printed_set, read_page
from pdf_helpers import built, content, readers  # noqa: F401  (fixtures)

from tischlein.games.ta_na_mesa import board as ta_na_mesa_board
from tischlein.games.ta_na_mesa import faces as ta_na_mesa
from tischlein.pdf import document
from tischlein.pdf.component import print_set
from tischlein.pdf.options import Options
from tischlein.pdf.units import CARD_SIZES

GAME = "ta-na-mesa"
EDITIONS = [("en", "a4"), ("pt", "a4"), ("de", "letter")]
TOL = 0.1 * MM
SIZES_MM = {"ingredient": (63, 88), "character": (63, 88), "aid": (63, 88), "recipe": (45, 45),
            "counter": (180, 110), "spice": (25, 25), "marker": (25, 25), "prize": (25, 25), "hat": (25, 25),
            "spare": (63, 88)}


def group(form: str) -> str:
    """face-recipe-feijoada -> recipe; back-spice-alho -> spice."""
    return form.split("-", 2)[1]


def sheet_pairs(reader: PdfReader):
    """(page index, front placements, back placements) for every sheet of cards, tiles and tokens."""
    pages = [read_page(reader, i)[0] for i in range(len(reader.pages))]
    out = []
    for i, placed in enumerate(pages):
        if placed and all(p.form.startswith("face-") for p in placed):
            after = pages[i + 1] if i + 1 < len(pages) else []
            # a one-sided sheet (single-sided range) is followed by another sheet, not by its back page
            out.append((i, placed, after if any(p.form.startswith("back-") for p in after) else []))
    return out


def test_piece_counts_equal_the_model(content, model):
    ps = print_set(content, GAME, "en", CARD_SIZES["poker"])
    kinds = Counter(p.kind for p in ps.pieces())
    cards = Counter(c.kind for c in model.cards())
    others = Counter(p.kind for p in model.pieces())
    assert kinds["ingredient"] == cards["ingredient"] == model.totals["ingredient_cards"] == 50
    assert kinds["character"] == cards["character"] == model.totals["character_cards"] == 8
    assert kinds["recipe-tile"] == others["recipe-tile"] == model.totals["recipe_tiles"] == 25
    assert kinds["counter"] == others["counter"] == model.totals["counters"] == 4
    assert kinds["spice-token"] == others["spice-token"] == model.totals["spice_tokens"] == 12
    assert kinds["marker"] == others["marker"] == model.totals["markers"] == 8
    assert kinds["vegetarian-prize"] == model.totals["vegetarian_prizes"] == 1
    assert kinds["chefs-hat"] == model.totals["chefs_hats"] == 1
    assert kinds["aid"] == model.players[1]
    assert [b.id for b in ps.boards] == [model.raw["scoring_board"]["id"]] and model.totals["scoring_boards"] == 1
    # every ingredient card shows its own value: one face per (ingredient, value)
    faces = {p.face for p in ps.pieces() if p.kind == "ingredient"}
    assert len(faces) == 50


@pytest.mark.parametrize("key", ["en-a4", "de-letter"])
def test_every_piece_is_printed_at_its_size_with_its_back_behind_it(readers, content, key):
    reader = readers[key]
    page_w = float(reader.pages[0].mediabox.width)
    lang = key.split("-")[0]
    ps = printed_set(content, GAME, Options(lang=lang, paper=key.split("-")[1]))
    back_of = {p.face: p.back for p in ps.pieces() if p.kind != "spice-token"}
    fronts = Counter()
    spice_pairs = Counter()
    for _, placed, backs in sheet_pairs(reader):
        behind = {(round(b.x, 2), round(b.y, 2), round(b.w, 2), round(b.h, 2)): b.form for b in backs}
        for f in placed:
            kind = group(f.form)
            w, h = SIZES_MM[kind]
            # at its size, upright or (on a packed sheet) lying on its side
            assert sorted((f.w, f.h)) == pytest.approx(sorted((w * MM, h * MM)), abs=TOL), f
            fronts[kind] += 1
            spot = (round(page_w - f.x - f.w, 2), round(f.y, 2), round(f.w, 2), round(f.h, 2))
            face = f.form[len("face-"):]
            if kind == "counter":                      # one-sided
                assert spot not in behind
                continue
            assert spot in behind, f"nothing behind {f}"
            if kind == "spice":
                spice_pairs[(face[len("spice-"):], behind[spot][len("back-spice-"):])] += 1
            else:
                assert behind[spot] == f"back-{back_of[face]}"
    assert fronts == Counter({"ingredient": 50, "character": 8, "aid": 4, "recipe": 25, "counter": 4, "spice": 12,
                              "marker": 8, "prize": 1, "hat": 1, "spare": sum(p.kind == "spare" for p in ps.pieces())})
    # the spice tokens: each token's back is its other face, as the content lists them
    assert spice_pairs == Counter(tuple(f) for f in content.games[GAME].model.spice_tokens)


def test_the_scoring_board_is_tiled_with_overlap(readers, model):
    w, _ = ta_na_mesa_board.board_size()
    # the 280 × 190 mm board with its full 3 mm bleed and printable crop marks fits neither A4 (297 mm) nor US
    # Letter: it is tiled with a glue overlap
    for key in ("en-a4", "de-letter"):
        paper = readers[key]
        tiles = [p for i in range(len(paper.pages)) for p in read_page(paper, i)[0] if p.form.startswith("board-")]
        assert len(tiles) >= 2
        assert sum(t.w for t in tiles) > w * MM                                 # tiles overlap for glue
        assert all(t.w <= 200 * MM and t.h <= 287 * MM for t in tiles)
    cols, rows = ta_na_mesa_board.BOARD_SPACES
    assert 2 * cols + 2 * (rows - 2) == len(model.tracks["score"].spaces)     # the score track runs round the edge


def test_portuguese_diacritics_extract(readers):
    reader = readers["pt-a4"]
    first = {}
    for i, placed, _ in sheet_pairs(reader):
        for kind in {group(f.form) for f in placed}:
            first.setdefault(kind, i)
    # the guide and the first sheet of recipe tiles and of counters (text extraction is slow: only the pages that
    # carry the words)
    pages = [0, first["recipe"], first["counter"]]
    text = " ".join(" ".join(reader.pages[i].extract_text() for i in pages).split())     # names may wrap
    for word in ("Tutu de feijão", "Farofa de linguiça", "Pão de queijo", "Prêmio vegetariano", "Chapéu de chef",
                 "Fogão a lenha", "Bancadas com fogão", "COMBINAÇÕES DE TEMPEROS", "Salpicão", "Peças de receita"):
        assert word in text, word
    assert {"ç", "ã", "é", "ê", "Ç", "Õ"} <= set(text)
    # Portuguese names need no gloss in Portuguese; English glosses appear only in the English PDF
    assert "black bean stew" not in text
    # the English file's own first recipe sheet (its guide may take another number of pages than the Portuguese)
    en = readers["en-a4"]
    en_first = next(i for i, placed, _ in sheet_pairs(en) if any(group(f.form) == "recipe" for f in placed))
    assert "black bean stew" in en.pages[en_first].extract_text()


def test_credits_show_reconstructions_and_the_reshuffle_erratum(readers, model):
    reader = readers["en-a4"]
    text = " ".join(reader.pages[i].extract_text() for i in range(1, 4)).replace("\n", " ")
    assert "Erratum" in text and "32 recipes" in text and "shuffle the discarded" in text
    assert "The rulebook does not name the spices" in text
    pt = " ".join(readers["pt-a4"].pages[i].extract_text() for i in range(1, 4)).replace("\n", " ")
    assert "Errata" in pt and "embaralhe as receitas descartadas" in pt


def test_provenance_marks_on_faces(content):
    ps = print_set(content, GAME, "en", CARD_SIZES["poker"])
    marks = {key: draw.keywords.get("mark") for key, draw in ps.faces.items() if isinstance(draw, partial)}
    assert marks["recipe-feijoada"] == "*" and marks["ingredient-arroz-1"] == "*"
    assert marks["aid"] == "E"          # the player aid tells the reshuffle erratum


def test_text_that_does_not_fit_fails_with_the_piece_id_and_writes_nothing(content, tmp_path):
    assert_face_does_not_fit(content, GAME, "recipe-feijoada", r"feijoada-1: the recipe name does not fit", tmp_path,
                             name="Feijoada " * 30)


def test_class_shapes_differ_for_colour_blind_players(model):
    from tischlein.games.ta_na_mesa import art
    shapes = [art.SHAPES[c.colour] for c in model.classes.values()]
    assert len(set(shapes)) == len(shapes) == 5


def test_two_builds_are_byte_identical(content, built, tmp_path):
    again = document.build_pdf(content, GAME, Options(lang="en", paper="a4"), tmp_path / "again.pdf")
    assert again.read_bytes() == built["en-a4"].read_bytes()
