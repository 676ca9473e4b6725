"""tischlein: one content source per tabletop game, turned into PDFs, a rules site and a rules engine."""

__version__ = "0.1.0"
