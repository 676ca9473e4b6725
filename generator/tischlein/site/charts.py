"""The simulation page's charts, small inline SVGs written as text (no chart library, no script): the game length
histogram, the score spread per player count, win rates against the fair share. Each has `role="img"`, a <title>
and a text summary for screen readers; every label is escaped. site/simulation.py and site/balance.py draw with
them.
"""
from __future__ import annotations

import math
import statistics
from html import escape
from typing import Callable

# Drawn small (user units about the size of CSS pixels on a phone, whose column is ~360 px wide) so that the
# labels stay readable there; the figure's max-width keeps them from growing large on a desktop.
W, H = 400, 220
PAD_L, PAD_R, PAD_T, PAD_B = 48, 22, 14, 46
FONT = 12                  # every label, in user units
DIGIT = 7.2                # the width of a digit at FONT
BAR = "#a63d1f"
BAR2 = "#c7830e"
INK = "#3b2a20"
GRID = "#d6c4b0"


def _svg(label: str, body: str, summary_id: str) -> str:
    return (f'<svg class="tl-chart" viewBox="0 0 {W} {H}" width="100%" role="img" '
            f'aria-labelledby="{summary_id}-t" aria-describedby="{summary_id}" '
            f'xmlns="http://www.w3.org/2000/svg"><title id="{summary_id}-t">{escape(label)}</title>{body}</svg>')


def nice_range(lo: float, hi: float, steps: int = 4) -> tuple[float, float, float]:
    """A tick step of 1, 2 or 5 × 10^k and the range it covers, so that axis labels are round numbers."""
    span = max(hi - lo, 1e-9)
    raw = span / steps
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    if step < 1 and mag >= 1:
        step = 1
    return math.floor(lo / step) * step, math.ceil(hi / step) * step, step


def _axes(ymax: float, fmt: Callable[[float], str], steps: int = 4, ymin: float = 0.0,
          step: float | None = None) -> str:
    out = []
    plot_h = H - PAD_T - PAD_B
    step = step or (ymax - ymin) / steps
    count = max(1, round((ymax - ymin) / step))
    for i in range(count + 1):
        v = ymin + step * i
        y = PAD_T + plot_h - plot_h * i / count
        out.append(f'<line x1="{PAD_L}" x2="{W - PAD_R}" y1="{y:.1f}" y2="{y:.1f}" stroke="{GRID}" '
                   f'stroke-width="{1 if i == 0 else .5}"/>')
        out.append(f'<text x="{PAD_L - 6}" y="{y + 4:.1f}" text-anchor="end" font-size="{FONT}" fill="{INK}">'
                   f'{escape(fmt(v))}</text>')
    return "".join(out)


def histogram(values: list[int], label: str, x_label: str, summary_id: str, bins: int = 12) -> str:
    if not values:
        return ""
    lo, hi = min(values), max(values)
    width = max(1, -(-(hi - lo + 1) // bins))
    edges = list(range(lo, hi + 1, width))
    counts = [sum(1 for v in values if e <= v < e + width) for e in edges]
    _, ymax, ystep = nice_range(0, max(counts) or 1)
    plot_w, plot_h = W - PAD_L - PAD_R, H - PAD_T - PAD_B
    bw = plot_w / len(edges)
    every = max(1, math.ceil(DIGIT * len(str(hi + width)) / bw * 1.4))
    parts = [_axes(ymax, lambda v: f"{v:g}", step=ystep)]
    for i, (e, c) in enumerate(zip(edges, counts)):
        h = plot_h * c / ymax
        x = PAD_L + i * bw
        rng = f"{e}" if width == 1 else f"{e}–{e + width - 1}"
        parts.append(f'<rect x="{x + 1:.1f}" y="{PAD_T + plot_h - h:.1f}" width="{bw - 2:.1f}" height="{h:.1f}" '
                     f'fill="{BAR}"><title>{escape(rng)}: {c}</title></rect>')
        # Ranges like "1429–2015" are wider than a bar: label the bin edges instead, as few as stay legible.
        if i % every == 0:
            parts.append(_tick_label(x, str(e)))
    parts.append(_tick_label(PAD_L + plot_w, str(edges[-1] + width)))
    parts.append(f'<text x="{PAD_L + plot_w / 2:.1f}" y="{H - 6}" text-anchor="middle" font-size="{FONT}" '
                 f'fill="{INK}">{escape(x_label)}</text>')
    return _svg(label, "".join(parts), summary_id)


def _tick_label(x: float, text: str) -> str:
    return (f'<text x="{x:.1f}" y="{H - PAD_B + 19}" text-anchor="middle" font-size="{FONT}" fill="{INK}">'
            f'{escape(text)}</text>')


def ranges(groups: list[tuple[str, list[int]]], label: str, summary_id: str, legend: tuple[str, str]) -> str:
    """Per group: a bar from the minimum to the maximum, a thick bar for the middle half, a tick at the median."""
    groups = [(name, vals) for name, vals in groups if vals]
    if not groups:
        return ""
    ymin, ymax, ystep = nice_range(min(0, min(min(v) for _, v in groups)), max(max(v) for _, v in groups) or 1)
    span = (ymax - ymin) or 1
    plot_w, plot_h = W - PAD_L - PAD_R, H - PAD_T - PAD_B
    gw = plot_w / len(groups)

    def y(v: float) -> float:
        return PAD_T + plot_h - plot_h * (v - ymin) / span

    parts = [_axes(ymax, lambda v: f"{v:g}", ymin=ymin, step=ystep)]
    for i, (name, vals) in enumerate(groups):
        cx = PAD_L + gw * (i + .5)
        q = statistics.quantiles(vals, n=4) if len(vals) > 1 else [vals[0]] * 3
        parts.append(f'<line x1="{cx:.1f}" x2="{cx:.1f}" y1="{y(min(vals)):.1f}" y2="{y(max(vals)):.1f}" '
                     f'stroke="{INK}" stroke-width="1.5"/>')
        parts.append(f'<rect x="{cx - 16:.1f}" y="{y(q[2]):.1f}" width="32" height="{max(1.0, y(q[0]) - y(q[2])):.1f}" '
                     f'fill="{BAR2}" stroke="{INK}"><title>{escape(name)}: {min(vals)}–{max(vals)}, '
                     f'{escape(legend[1])} {statistics.median(vals):g}</title></rect>')
        parts.append(f'<line x1="{cx - 16:.1f}" x2="{cx + 16:.1f}" y1="{y(statistics.median(vals)):.1f}" '
                     f'y2="{y(statistics.median(vals)):.1f}" stroke="{INK}" stroke-width="3"/>')
        parts.append(f'<text x="{cx:.1f}" y="{H - PAD_B + 19}" text-anchor="middle" font-size="{FONT}" '
                     f'fill="{INK}">{escape(name)}</text>')
    parts.append(f'<text x="{PAD_L + plot_w / 2:.1f}" y="{H - 6}" text-anchor="middle" font-size="{FONT}" '
                 f'fill="{INK}">{escape(legend[0])}</text>')
    return _svg(label, "".join(parts), summary_id)


def rates(groups: list[tuple], label: str, summary_id: str, x_label: str, fair_label: str) -> str:
    """Bars of a rate (0..1) per group (name, rate, fair share[, (low, high) 95 % interval]), with a dashed
    line at the fair share and, where given, the interval as a whisker."""
    if not groups:
        return ""
    plot_w, plot_h = W - PAD_L - PAD_R, H - PAD_T - PAD_B
    gw = plot_w / len(groups)
    parts = [_axes(1.0, lambda v: f"{v * 100:.0f} %")]
    for i, (name, rate, fair, *ci) in enumerate(groups):
        x = PAD_L + gw * i
        h = plot_h * rate
        parts.append(f'<rect x="{x + gw * .25:.1f}" y="{PAD_T + plot_h - h:.1f}" width="{gw * .5:.1f}" '
                     f'height="{h:.1f}" fill="{BAR}"><title>{escape(name)}: {rate * 100:.0f} %</title></rect>')
        if ci:
            (lo, hi), cx = ci[0], x + gw / 2
            y_lo, y_hi = PAD_T + plot_h - plot_h * lo, PAD_T + plot_h - plot_h * hi
            parts.append(f'<path d="M{cx:.1f} {y_lo:.1f}V{y_hi:.1f}M{cx - 6:.1f} {y_lo:.1f}h12M{cx - 6:.1f} '
                         f'{y_hi:.1f}h12" stroke="{INK}" stroke-width="1.5" fill="none"><title>95 %: '
                         f'{lo * 100:.0f}–{hi * 100:.0f} %</title></path>')
        fy = PAD_T + plot_h - plot_h * fair
        parts.append(f'<line x1="{x + gw * .15:.1f}" x2="{x + gw * .85:.1f}" y1="{fy:.1f}" y2="{fy:.1f}" '
                     f'stroke="{INK}" stroke-dasharray="4 3" stroke-width="1.5"><title>{escape(fair_label)} '
                     f'{fair * 100:.0f} %</title></line>')
        parts.append(f'<text x="{x + gw / 2:.1f}" y="{H - PAD_B + 19}" text-anchor="middle" font-size="{FONT}" '
                     f'fill="{INK}">{escape(name)}</text>')
    parts.append(f'<text x="{PAD_L + plot_w / 2:.1f}" y="{H - 6}" text-anchor="middle" font-size="{FONT}" '
                 f'fill="{INK}">{escape(x_label)}</text>')
    return _svg(label, "".join(parts), summary_id)
