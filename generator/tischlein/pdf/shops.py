"""What each print shop asks for, and how sure we are of it.

One `Shop` per shop `tischlein export --shop` knows. Every figure names where it comes from: DriveThruCards' were
read on its own help pages; The Game Crafter's and MakePlayingCards' pages could not be read, so their figures are
what tools that work with those shops use, and their exports' READMEs say they are unverified. Change a figure
here, with its source, when a shop's published spec says otherwise.

Cards for every shop; boards and custom dice for The Game Crafter, the one shop whose board and dice files we have
figures for (`TGC_BOARDS`, its `die`; see `board_product`). Everything else (tiles, tokens, MakePlayingCards' and
DriveThruCards' other products) is listed in each README as "not in this export" and printed from the PnP PDF.
`shop_decks` picks a game's decks for a shop, `left_out` names what they leave out (the export's README and the
print guide say so).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .component import Piece, PrintSet
from .units import Size

INCH_MM = 25.4
DPI = 300


@dataclass(frozen=True)
class Product:
    """A flat product a shop prints from one image per side (a board), with 1/8 in of bleed at 300 dpi."""
    id: str                        # the shop's own name for it, in file names and the README
    width_in: float                # trim size, the longer side first or not: a board may be turned to fit
    height_in: float
    two_sided: bool                # the shop asks for a back image too

    @property
    def image_px(self) -> tuple[int, int]:
        return round((self.width_in + 0.25) * DPI), round((self.height_in + 0.25) * DPI)

    def fits(self, width_mm: float, height_mm: float) -> bool:
        w, h = width_mm / INCH_MM, height_mm / INCH_MM
        return (w <= self.width_in and h <= self.height_in) or (h <= self.width_in and w <= self.height_in)


@dataclass(frozen=True)
class DieProduct:
    """A six-sided die the shop prints one image per face on, the image smaller than the die's edge."""
    id: str
    edge_mm: float
    face_px: int                   # square, no bleed


@dataclass(frozen=True)
class Shop:
    id: str                       # the --shop value, also in file names
    name: str                     # a proper name, not translated
    card: Size                    # the trim size of the shop's product we export to (drawn at that size)
    bleed_in: float               # bleed on every side
    image_px: tuple[int, int] | None   # per-card image size incl. bleed at DPI; None: the shop takes a PDF
    verified: bool = False        # read on the shop's own pages? (DriveThruCards' are)
    boards: tuple[Product, ...] = ()     # the boards it makes, smallest first (board_product picks one)
    die: DieProduct | None = None        # the custom die it prints faces on
    ink_limit: float = 3.0               # most CMYK ink a colour may take (PDF shops; 300 % is SWOP's own)

    @property
    def bleed_mm(self) -> float:
        return self.bleed_in * INCH_MM

    @property
    def source_key(self) -> str:
        """The interface string that says where the figures come from (shown in the README)."""
        return f"export.source.{self.id}"

    def fits(self, size: Size, tolerance_mm: float = 1.0) -> bool:
        """Whether a piece of `size` is this shop's card (our 63 × 88 mm poker is their 2.5 × 3.5 in poker)."""
        return abs(size.width_mm - self.card.width_mm) <= tolerance_mm and \
            abs(size.height_mm - self.card.height_mm) <= tolerance_mm


POKER_INCH = Size("poker (inch)", 2.5 * INCH_MM, 3.5 * INCH_MM)
POKER_MPC = Size("poker (MPC)", 2.48 * INCH_MM, 3.46 * INCH_MM)     # 63 × 88 mm, as MPC rounds it

# Sources (the same words, translated, are the export.source.<id> interface strings):
# - tgc: the poker card template is a 825 × 1125 px PNG including bleed (2.5 × 3.5 in + 1/8 in on every side),
#   quoted by netninja.com (2016, "Designing Amazon Web Services Playing Cards") and sffc/card-creatr-studio#86.
# - mpc: the 63 × 88 mm poker card with bleed is 2.72 × 3.70 in = 816 × 1110 px, quoted by card-proxy tools from
#   MPC's American-poker-size.pdf template (e.g. Malacath-92/print-proxy-prep constants.py: 2.72 × 3.7 in with
#   bleed, 2.48 × 3.46 in without). MPC's own pages could not be read.
# - dtc: read on DriveThru's own publisher help. "Spezifikationen für gedruckte Karten"
#   (help.drivethrupartners.com/hc/de/articles/12780748203543): one PDF per deck, page 1 the back of card 1, page 2
#   its front, and so on through the deck; CMYK with at most 240 % ink; 1/8 in of bleed on every side; nothing
#   important within 1/8 in of the cut; PDF/X-1a:2003 with every font embedded. "Common Card Prep Issues &
#   Solutions" (onebookshelfpublisherservice.zendesk.com): 2.75 × 3.75 in with the bleed for 2.5 × 3.5 in poker
#   cards, U.S. Web Coated (SWOP) v2 as the printing condition.
# - tgc boards and die: Templative (templative/templative-electron, src/shared/componentInfo.js, 2025), a tool that
#   uploads games to The Game Crafter through its API, gives every product's image size: the boards below at their
#   trim + 1/8 in on every side at 300 dpi (QuarterBoard 1575 px square, BiFoldBoard 2775 × 5475 …; the same rule
#   gives its 825 × 1125 px PokerDeck), and CustomColorD6 as six 180 × 180 px faces for a 0.63 in (16 mm) die.
TGC_BOARDS = tuple(sorted((
    Product("SmallSquareBoard", 4, 4, True), Product("QuarterBoard", 5, 5, True), Product("SquareBoard", 8, 8, True),
    Product("SkinnyBoard", 4, 10, True), Product("HalfBoard", 5, 10, True), Product("LargeSquareBoard", 10, 10, True),
    Product("AccordionBoard", 8, 16, True), Product("BiFoldBoard", 9, 18, False),
    Product("MediumSixFoldBoard", 16, 16, False), Product("QuadFoldBoard", 18, 18, False),
    Product("LargeQuadFoldBoard", 20, 20, False), Product("SixFoldBoard", 27, 18, False)),
    key=lambda p: p.width_in * p.height_in))

SHOPS: dict[str, Shop] = {
    "tgc": Shop("tgc", "The Game Crafter", POKER_INCH, 0.125, (825, 1125), boards=TGC_BOARDS,
                die=DieProduct("CustomColorD6", 16.0, 180)),
    "mpc": Shop("mpc", "MakePlayingCards", POKER_MPC, 0.12, (816, 1110)),
    "dtc": Shop("dtc", "DriveThruCards", POKER_INCH, 0.125, None, verified=True, ink_limit=2.4),
}


@dataclass
class ShopDeck:
    name: str                 # in file names: the back's key, or "<kind>-front" for one-sided cards
    label: str                # translated: "light back"
    size: Size
    back: str | None
    pieces: list[Piece]


def safe(name: str) -> str:
    """A content id as a file-name part: lower-case letters, digits and hyphens only."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "x"


def shop_decks(ps: PrintSet, shop: Shop) -> list[ShopDeck]:
    out: list[ShopDeck] = []
    used: set[str] = set()
    groups: dict[str | None, list[Piece]] = {}       # one deck per back, whatever the pieces' exact size
    for deck in ps.decks:
        if shop.fits(deck.size):
            for p in deck.pieces:
                groups.setdefault(p.back, []).append(p)
    for back, pieces in groups.items():
        name = safe(back or f"{pieces[0].kind}-front")
        while name in used:
            name += "-2"
        used.add(name)
        label = ps.back_labels.get(back, back) if back else _kind_label(ps, pieces[0].kind)
        # drawn at the shop's size: a 63 × 88 mm player aid is MPC's 2.48 × 3.46 in card, within a rounding
        out.append(ShopDeck(name, label, shop.card, back, pieces))
    return out


def _kind_label(ps: PrintSet, kind: str) -> str:
    return next((k.label for k in ps.kinds if k.id == kind), kind)


def left_out(ps: PrintSet, decks: list[ShopDeck], shop: Shop | None = None) -> list[str]:
    """What this export does not hold, as "Player aids (4)", by checklist line (with `shop`, counting the boards
    and dice it takes as held)."""
    inside_ids = {p.id for d in decks for p in d.pieces} | (parts_held(ps, shop) if shop else set())
    counts: dict[str, int] = {}
    for p in ps.all_pieces():
        if p.id not in inside_ids:
            counts[p.kind] = counts.get(p.kind, 0) + 1
    return [f"{_kind_label(ps, kind)} ({n})" for kind, n in counts.items()]


def board_product(shop: Shop, width_mm: float, height_mm: float) -> Product | None:
    """The smallest of the shop's boards that holds a board of this size at its real size (turned if need be), so
    that the pieces still fit its spaces; None when the shop makes none that large."""
    return next((p for p in shop.boards if p.fits(width_mm, height_mm)), None)


def parts_held(ps: PrintSet, shop: Shop) -> set[str]:
    """The ids of the boards and dice the shop's export holds (shop_parts.py makes their images)."""
    held = {b.id for b in ps.boards if board_product(shop, b.width_mm, b.height_mm) is not None}
    return held | ({d.id for ds in ps.dice for d in ds.dice} if shop.die is not None else set())
