"""`python benchmarks/run.py bundle`: the whole print bundle against the bare reportlab floor, in the same run.

The bundle is what `tischlein build` prints for every game, language and paper: the PDF variants of
pdf/bundle.py (double-sided, fold, ink saver) and the tuck boxes. The floor is benchmarks/run.py's bare reportlab
script drawing as many cards as the bundle has pieces, on as many 9-up sheets. Both are CPU time
(process_time), the bundle once and the floor best of three; the print-shop and Tabletop Simulator exports are
timed separately (wall time: they are mostly PDFium and PNG encoding, and their cache is off here).

Also printed: physical sheets per game and paper (imposition.py's count, front matter excluded) against the area
lower bound (the pieces' area with bleed ÷ the printable area of a sheet, rounded up), as issue 11 asks.
"""
from __future__ import annotations

import math
import tempfile
import time
from pathlib import Path


def sheets_and_bound(content, game_id: str, paper: str) -> tuple[int, int, int]:
    """(sheets the standard PDF uses, area bound with bleed, area bound of the trims alone), in sheets. The bounds
    count every packed piece, board and the first dice alternative (nets), tiled boards by their area. Issue 11's
    bound includes each piece's bleed, but pieces in a grid share their cuts and so their bleed: a sheet count
    can lie below it. The trim-only bound is a true lower bound."""
    from tischlein.pdf import imposition
    from tischlein.pdf.component import print_set
    from tischlein.pdf.options import Options
    from tischlein.pdf.sheet.pack import region
    from tischlein.pdf.units import mm

    opts = Options(lang="en", paper=paper)
    ps = print_set(content, game_id, "en", opts.card)
    stacks, tiled = imposition.stacks_of(ps, opts)
    stacks += [next(iter(imposition.dice_stacks(ds).values())) for ds in ps.dice]
    area, trims = 0.0, 0.0
    for st in stacks:
        b = mm(opts.bleed_mm if st.bleed_mm is None else st.bleed_mm)
        area += len(st.items) * (st.size.width + 2 * b) * (st.size.height + 2 * b)
        trims += len(st.items) * st.size.width * st.size.height
    boards = sum(mm(t.width_mm) * mm(t.height_mm) for t in tiled)
    printable = region(opts.paper_size)
    sheet = printable.w * printable.h
    sheets = imposition.plan(ps, opts, 2).sheet_count
    return sheets, math.ceil((area + boards) / sheet), math.ceil((trims + boards) / sheet)


def bench_bundle() -> None:
    from run import ROOT, bare_reportlab, interleaved
    from tischlein.content import loader
    from tischlein.pdf.bundle import PDF_VARIANTS, build_bundle
    from tischlein.pdf.component import print_set
    from tischlein.pdf.document import build_pdf, default_path
    from tischlein.pdf.export import export_game
    from tischlein.pdf.options import Options
    from tischlein.pdf.tuckbox import build_tuckboxes
    from tischlein.cli import languages_of

    content = loader.load(ROOT / "content")
    games = sorted(content.games)
    langs = {g: languages_of(content, content.games[g]) for g in games}
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        pieces = files = 0
        started = time.process_time()
        for g in games:
            n = len(print_set(content, g, "en", Options().card).all_pieces())
            for lang in langs[g]:
                for paper in ("a4", "letter"):
                    for variant in PDF_VARIANTS.values():
                        opts = Options(lang=lang, paper=paper, **variant)
                        build_pdf(content, g, opts, default_path(out, g, opts))
                        pieces += n
                        files += 1
                    if build_tuckboxes(content, g, Options(lang=lang, paper=paper), out / f"{g}-tuck.pdf"):
                        files += 1
        ours = time.process_time() - started
        floor = interleaved({"bare": lambda: bare_reportlab(out / "bare.pdf", pieces)}, 3)["bare"]
        size = sum(p.stat().st_size for p in out.rglob("*.pdf") if p.name != "bare.pdf")
        print(f"bundle {len(games)} games, {sum(len(v) for v in langs.values())} game-languages, 2 papers, "
              f"{len(PDF_VARIANTS)} PDF variants + tuck boxes: {files} PDFs, {size / 1e6:.1f} MB, "
              f"{ours:.1f} s CPU; bare reportlab for the same {pieces} pieces {floor:.1f} s; "
              f"ratio {ours / floor:.2f}x")
        started = time.perf_counter()
        zips = [z for g in games for z in export_game(content, g, "en", ("tgc", "mpc", "dtc"), out / "x")]
        took = time.perf_counter() - started
        print(f"bundle print-shop zips (English, all games, 3 shops, no cache): {len(zips)} zips, "
              f"{sum(z.stat().st_size for z in zips) / 1e6:.1f} MB in {took:.1f} s wall")
        started = time.perf_counter()
        build_bundle(content, "mahlzeit", ["en"], ["a4"], out / "b", shops=())
        took = time.perf_counter() - started
        print(f"bundle mahlzeit en a4 via build_bundle (PDFs, tuck box, previews, TTS; no shop zips): {took:.1f} s wall")
    for g in games:
        row = []
        for paper in ("a4", "letter"):
            sheets, bound, trims = sheets_and_bound(content, g, paper)
            row.append(f"{paper} {sheets} sheets (area bound with bleed {bound}: {sheets / bound:.2f}x; "
                       f"trims only {trims}: {sheets / trims:.2f}x)")
        print(f"sheets {g}: " + "; ".join(row))
