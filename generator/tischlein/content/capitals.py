"""Text in capitals as its language writes them (card backs print their word in capitals; content/glyphs.py
checks the fonts have those letters too)."""
from __future__ import annotations

import unicodedata

# Greek capitals carry no accents or breathings (ΜΑΓΕΙΡΑΣ, not ΜΆΓΕΙΡΑΣ); the diaeresis stays (ΠΡΩΤΕΪΝΗ)
_GREEK_MARKS_DROPPED = frozenset("\u0300\u0301\u0313\u0314\u0342\u0345")


def capitals(text: str, lang: str) -> str:
    """`text` in capitals as `lang` writes them: Turkish and Azerbaijani dotted i becomes İ (İÇİN, TARİF), Greek
    drops its accents; str.upper() does neither."""
    base = lang.split("-")[0].lower()
    if base in ("tr", "az"):
        text = text.replace("i", "İ")
    if base == "el":
        out = []
        for ch in text:
            parts = unicodedata.normalize("NFD", ch)
            if "\u0370" <= parts[:1] <= "\u03ff" or "\u1f00" <= parts[:1] <= "\u1fff":
                ch = unicodedata.normalize("NFC", "".join(p for p in parts if p not in _GREEK_MARKS_DROPPED))
            out.append(ch)
        text = "".join(out)
    return unicodedata.normalize("NFC", text.upper())
