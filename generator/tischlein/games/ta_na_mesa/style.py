"""Tá na Mesa's look, shared by its cards, tiles, tokens and board: the palette, the sizes, the class shapes and
wallpapers (so colour-blind players tell the classes apart), and small drawing helpers."""
from __future__ import annotations

from ...pdf import fonts
from ...pdf.errors import PdfBuildError
from ...pdf.icons import ICONS as ICON_REGISTRY
from ...pdf.icons import color, place_centred
from ...pdf.palette import text_on
from ...pdf.units import CARD_SIZES
from . import art

# --- palette ---------------------------------------------------------------------------------------------------
INK = "#3a2314"
CREAM = "#fff3dc"
PAPER = "#fffaf0"
TERRACOTTA = "#c4532d"
WOOD = "#7a4a2a"
COUNTER = "#f1dfbf"
STOVETOP = "#34302c"
CHARACTER = "#1f6f5c"
AID = "#8a4b2a"

RECIPE_TILE_MM = 45.0
STOVE_SPACE_MM = 46.0          # a stove space is 1 mm larger than a tile, so a tile lies flat in it
COUNTER_MM = (180.0, 110.0)
TOKEN_MM = 25.0
AID_MIN = CARD_SIZES["poker"]      # player aids are never printed smaller than this
BOARD_SPACES = (25, 17)        # score track: spaces along the width and the height of the board (perimeter = 80)
BOARD_SPACE_MM = 11.2

ICONS = {
    # ingredients
    "arroz": "tnm-rice", "feijao": "tnm-beans", "couve": "tnm-collard", "tomate": "tnm-tomato",
    "queijo": "tnm-cheese", "ovo": "tnm-egg", "carne-seca": "tnm-dried-beef", "linguica": "tnm-sausage",
    "peito-de-frango": "tnm-chicken-breast", "coxa-de-frango": "tnm-drumstick",
    # classes
    "graos": "tnm-grains", "verduras": "tnm-vegetable", "derivados": "tnm-dairy", "carnes": "tnm-meat",
    "frango": "tnm-drumstick",
    # spices
    "alho": "tnm-garlic", "cebolinha": "tnm-spring-onion", "coentro": "tnm-coriander", "pimenta": "tnm-chilli",
    "colorau": "tnm-annatto", "louro": "tnm-bay-leaf",
    # things
    "cook": "tnm-cook", "stove": "tnm-stove", "veg": "tnm-veg", "score": "tnm-star", "sum": "tnm-sum",
    "recipe": "tnm-recipe", "hat": "chef-hat", "aid": "checklist", "board": "tnm-star",
}
KIND_ORDER = ("ingredient", "character", "aid", "recipe-tile", "counter", "spice-token", "marker",
              "vegetarian-prize", "chefs-hat", "scoring-board")
KIND_ICON = {"ingredient": "tnm-rice", "character": "tnm-cook", "aid": "checklist", "recipe-tile": "tnm-recipe",
             "counter": "tnm-stove", "spice-token": "tnm-chilli", "marker": "tnm-star",
             "vegetarian-prize": "tnm-veg", "chefs-hat": "chef-hat", "scoring-board": "tnm-sum"}
SIDES = ("top", "right", "bottom", "left")
FIELD_KEYS = {"values": "pdf.field.quality"}     # an ingredient's values are quality numbers here


def on(fill: str) -> str:
    return text_on(fill, INK)


def icon_for(ref: str) -> str:
    if ref not in ICONS:
        raise PdfBuildError(f"ta-na-mesa: no icon for {ref!r}; add it to tischlein/games/ta_na_mesa/style.py ICONS")
    return ICONS[ref]


def shape_plate(c, shape: str, cx: float, cy: float, r: float, fill: str, ring: str = INK,
                width: float = 0.9) -> None:
    """A class shape filled with its colour and outlined, the colour-blind-safe class sign."""
    c.setFillColor(color(fill))
    c.setStrokeColor(color(ring))
    c.setLineWidth(width)
    c.drawPath(art.shape_path(c, shape, cx, cy, r), stroke=1, fill=1)


def wallpaper_name(shape: str, fill: str) -> str:
    """Register (once) and name the wallpaper icon of one class: its shape, tiled, in a tint of its colour."""
    name = f"tnm-wall-{shape}-{fill.lstrip('#').lower()}"
    if name not in ICON_REGISTRY:
        ICON_REGISTRY[name] = art.wallpaper_icon(shape, fill)
    return name


def wallpaper(c, shape: str, x: float, y: float, w: float, h: float, fill: str) -> None:
    """Small class shapes tiled over a coloured area, so the class reads without its colour (one form per class)."""
    c.saveState()
    clip = c.beginPath()
    clip.rect(x, y, w, h)
    c.clipPath(clip, stroke=0, fill=0)
    size = max(w, h)
    place_centred(c, wallpaper_name(shape, fill), x + w / 2, y + h / 2, size)
    c.restoreState()


def value_text(c, text: str, cx: float, cy: float, size: float, fill: str) -> None:
    c.setFont(fonts.TITLE, size)
    c.setFillColor(color(fill))
    c.drawCentredString(cx, cy - size * 0.36, text)


def value_disc(c, value: int, cx: float, cy: float, r: float, size: float) -> None:
    """A value in a small white disc, pinned to a class sign (free symbols, a counter's symbols)."""
    c.setFillColor(color("#ffffff"))
    c.setStrokeColor(color(INK))
    c.setLineWidth(0.8)
    c.circle(cx, cy, r, stroke=1, fill=1)
    value_text(c, str(value), cx, cy, size, INK)
