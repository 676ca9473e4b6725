"""The one error a PDF build raises for content that cannot be printed as asked."""
from __future__ import annotations


class PdfBuildError(Exception):
    """A component cannot be drawn (text too long, unknown icon, card too big for the paper).

    The message names the component, so `tischlein pdf` can print it and exit 1 without writing a file.
    """
