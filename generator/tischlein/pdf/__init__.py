"""Print-and-play PDFs: vector cards drawn by code, imposed on A4 or US Letter with crop marks and duplex backs.

Modules, in the order data flows through them:

* `games/<game>.py` turns a game's content model into a `component.PrintSet` (pieces, faces, backs, checklist,
  credits); `games/__init__.py` registers each game.
* `card.py` (frame, title, badge, icon discs, fitted text) and `icons.py` (vector icons) draw the faces.
* `sheet.py` does all the layout arithmetic: cells, bleed, crop marks, mirrored back cells.
* `guide.py` draws the print guide and the credits; `document.py` assembles and writes the file atomically.
* `cli.py` is the `tischlein pdf` command and `build_pdfs` for `tischlein build`.
* `palette.py` is the ink-saver switch the games' palettes honour; `accel.py` speeds up reportlab for a build;
  `calibration.py` writes the duplex calibration sheet; `previews.py` rasterises faces to PNGs and TTS sheets.
"""
from .errors import PdfBuildError

__all__ = ["PdfBuildError"]
