"""PDF/X-1a:2003, which DriveThruCards asks card files to be ("Common Card Prep Issues & Solutions", OneBookShelf
publisher help: "All files need to be PDF/X-1a:2003", with U.S. Web Coated (SWOP) v2 as the printing condition).

What the standard asks of a file like ours, and how this module meets it on a reportlab canvas:

* colour only as CMYK or grey: every colour the faces set goes through `to_cmyk` (the canvas's colour-space hook,
  so text, shapes and icons alike), which prints it as cmyk.py converts it; the faces keep their RGB hex colours;
* no transparency: the canvas refuses `setFillAlpha`/`setStrokeAlpha` below 1 (faces lay see-through patterns as
  opaque mixtures, `palette.over`), and the file holds no images that could carry a soft mask;
* an output intent naming the printing condition: "CGATS TR 001", the ICC registry's name for SWOP, so no profile
  need be embedded (the registry name is given instead);
* GTS_PDFXVersion, Title, CreationDate, ModDate and Trapped in the document information; a document ID; PDF 1.4;
  TrimBox and BleedBox on every page (facepages.py sets them); fonts embedded (reportlab embeds our TrueType
  subsets); no annotations, actions or JavaScript (we write none).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from reportlab.lib.colors import CMYKColor, Color, toColor
from reportlab.pdfbase.pdfdoc import PDFArray, PDFCatalog, PDFDate, PDFDictionary, PDFInfo, PDFName, PDFString

from . import cmyk
from .errors import PdfBuildError

VERSION = "PDF/X-1a:2003"
CONDITION_ID = "CGATS TR 001"                   # the ICC characterization registry's reference name for SWOP
CONDITION = "U.S. Web Coated (SWOP) v2"
REGISTRY = "http://www.color.org"


@dataclass(frozen=True)
class Conformance:
    """What a PDF/X file is for: its title, and the most ink the shop lets a colour take."""
    title: str
    ink_limit: float = cmyk.INK_LIMIT


def to_cmyk(value, ink_limit: float = cmyk.INK_LIMIT) -> CMYKColor:
    """Any reportlab colour as CMYK; a colour that is not fully opaque is refused (see the module docstring)."""
    colour = toColor(value)
    if not isinstance(colour, Color) or colour.alpha != 1:
        raise PdfBuildError(f"{VERSION} allows no transparency: colour {value!r}")
    if isinstance(colour, CMYKColor):
        return colour
    return CMYKColor(*cmyk.convert(colour.hexval().replace("0x", "#"), ink_limit))


def conform(c, target: Conformance) -> None:
    """Make the canvas `c`, before anything is drawn on it, write a PDF/X-1a:2003 file for `target`."""
    # reportlab's documented hook (Canvas(enforceColorSpace=callable)), read by the canvas and its text objects
    c._enforceColorSpace = partial(to_cmyk, ink_limit=target.ink_limit)
    c.setFillAlpha = c.setStrokeAlpha = _opaque_only
    info = _PdfxInfo()
    info.__dict__.update(c._doc.info.__dict__)
    c._doc.info = info
    c.setTitle(target.title)
    catalog = c._doc.Catalog
    catalog.__NoDefault__ = [*PDFCatalog.__NoDefault__, "OutputIntents"]    # reportlab writes only known keys
    catalog.OutputIntents = PDFArray([PDFDictionary({
        "Type": PDFName("OutputIntent"), "S": PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": PDFString(CONDITION_ID), "OutputCondition": PDFString(CONDITION),
        "RegistryName": PDFString(REGISTRY), "Info": PDFString(CONDITION)})])


def _opaque_only(alpha) -> None:
    if alpha != 1:
        raise PdfBuildError(f"{VERSION} allows no transparency: an opacity of {alpha} was asked for; draw the "
                            "mixture as an opaque colour (palette.over)")


class _PdfxInfo(PDFInfo):
    """reportlab's document information with the PDF/X version key, which it has no setter for."""

    def format(self, document):
        date = PDFDate(ts=document._timeStamp, dateFormatter=self._dateFormatter)
        return PDFDictionary({
            "Title": PDFString(self.title), "Author": PDFString(self.author), "Subject": PDFString(self.subject),
            "Creator": PDFString(self.creator), "Producer": PDFString(self.producer),
            "Keywords": PDFString(self.keywords), "CreationDate": date, "ModDate": date,
            "Trapped": PDFName(self.trapped), "GTS_PDFXVersion": PDFString(VERSION)}).format(document)
