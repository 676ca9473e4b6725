"""The Schwarzwälder Kirsch print-and-play PDF: the model's cards plus a player aid each, geometry in points, one
pantry back behind every pantry card, German umlauts, the reconstructed Tauschen effect marked, and text that
does not fit failing the build with the card's id.
"""
from __future__ import annotations

from collections import Counter

import pytest
from pdf_helpers import FRONT_MATTER, MM, assert_face_does_not_fit, printed_set, read_page, segment_touches_rect, \
    sheets
from pdf_helpers import built, content, readers  # noqa: F401  (fixtures)

from tischlein.pdf.component import print_set
from tischlein.pdf.options import Options
from tischlein.pdf.units import CARD_SIZES

GAME = "schwarzwaelder-kirsch"
EDITIONS = [("en", "a4"), ("de", "letter")]
TOL = 0.1 * MM


def test_piece_counts_equal_the_model(content):
    model = content.games[GAME].model
    ps = print_set(content, GAME, "en", CARD_SIZES["poker"])
    kinds = Counter(p.kind for p in ps.pieces())
    cards = Counter(c.kind for c in model.cards())
    assert {k: kinds[k] for k in cards} == dict(cards)
    assert kinds["ingredient"] == model.totals["ingredient_cards"] == 32
    assert kinds["joker"] == model.totals["joker_cards"] == 4
    assert kinds["action"] == model.totals["action_cards"] == 8
    assert kinds["start"] == model.totals["start_cards"] == 1
    assert kinds["aid"] == model.players[1]
    assert [p.id for p in ps.pieces() if p.kind != "aid"] == [c.id for c in model.cards()]


@pytest.mark.parametrize("key", ["en-a4", "de-letter"])
def test_cards_trims_marks_and_backs(readers, content, key):
    reader = readers[key]
    page_w = float(reader.pages[0].mediabox.width)
    model = content.games[GAME].model
    ps = printed_set(content, GAME, Options(lang=key[:2], paper=key[3:]))
    back_of = {p.face: p.back for p in ps.pieces()}
    backs = Counter()
    for fronts, segments, back_page in sheets(reader):
        behind = {(round(b.x, 2), round(b.y, 2)): b.form for b in back_page}
        for f in fronts:
            # a 63 × 88 mm card, upright or (on a packed sheet) lying on its side
            assert abs(min(f.w, f.h) - 63 * MM) < TOL and abs(max(f.w, f.h) - 88 * MM) < TOL
            for s in segments:                       # no crop mark on any card
                assert not segment_touches_rect(s, f.x + 0.5, f.y + 0.5, f.w - 1, f.h - 1)
            spot = (round(page_w - f.x - f.w, 2), round(f.y, 2))
            assert behind[spot] == "back-" + back_of[f.form[len("face-"):]]
            backs[behind[spot]] += 1
    pantry = sum(1 for c in model.cards() if c.back == "pantry")
    assert pantry == model.totals["pantry_cards"] == 44
    spares = sum(p.kind == "spare" for p in ps.pieces())          # blank spares take the pantry back
    assert backs == {"back-pantry": 44 + spares, "back-start": 1, "back-aid": model.players[1]}


def test_umlauts_and_names_extract(readers):
    de = readers["de-letter"]
    text = "".join(de.pages[i].extract_text() for i in (0, len(de.pages) - 2))
    assert "Schwarzwälder Kirsch" in text and "Küchenmaschinenkarte" in text and "Spielhilfe" in text
    en = readers["en-a4"].pages[FRONT_MATTER].extract_text()
    assert "eggs" in en and "INGREDIENT OF" in en and "Schwarzwälder Kirschtorte" in en


def test_tauschen_effect_is_marked_reconstructed(content, readers):
    ps = print_set(content, GAME, "en", CARD_SIZES["poker"])
    assert ps.faces["action-tauschen"].keywords["tag"] == "Effect reconstructed *"
    assert ps.faces["action-tauschen"].keywords["mark"] == "*"
    assert ps.faces["action-stehlen"].keywords["tag"] == "Detail reconstructed *"     # only its wording
    assert ps.faces["action-garnieren"].keywords["tag"] is None
    reader = readers["en-a4"]
    page = next(i for i in range(FRONT_MATTER, len(reader.pages), 2)
                if any(p.form == "face-action-tauschen" for p in read_page(reader, i)[0]))
    assert "Effect reconstructed *" in reader.pages[page].extract_text()
    credits = reader.pages[1].extract_text().replace("\n", " ")
    assert "Tauschen" in credits and "never says what it does" in credits


def test_text_that_does_not_fit_fails_with_the_card_id_and_writes_nothing(content, tmp_path):
    assert_face_does_not_fit(content, GAME, "action-stehlen",
                             r"stehlen-1 \(and 2 identical\): the rule text does not fit", tmp_path,
                             text="Take it all. " * 60)
