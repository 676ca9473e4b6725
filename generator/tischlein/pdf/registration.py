"""Registration targets on duplex sheets: a ring and a cross, drawn once as a Form XObject.

page.py finds free spots in a duplex page's margin (`Page.registration_points`); document.py places the target
there on the front and at the mirrored spot on the back (shifted with the backs by the back offset). Held
against the light, the two targets coincide when the printer aligns front and back; where they do not, the
distance between them is the printer's error (measure it exactly with `tischlein pdf --calibration`).
"""
from __future__ import annotations

from .sheet.page import REG_RADIUS_MM
from .units import mm

FORM = "registration"
LINE_PT = 0.35


def define(c) -> None:
    r = mm(REG_RADIUS_MM)
    arm = r * 1.3
    c.beginForm(FORM, -arm, -arm, arm, arm)
    c.setLineWidth(LINE_PT)
    c.setStrokeGray(0)
    c.circle(0, 0, r, stroke=1, fill=0)
    c.circle(0, 0, r * 0.45, stroke=1, fill=0)
    c.line(-arm, 0, arm, 0)
    c.line(0, -arm, 0, arm)
    c.endForm()


def place(c, x: float, y: float) -> None:
    c.saveState()
    c.translate(x, y)
    c.doForm(FORM)
    c.restoreState()
