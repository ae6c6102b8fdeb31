"""The growth figures drawn: cost per state against the size of the space, log-log.

Two panels side by side, microseconds a state and peak bytes a state, one line for each
way of keeping the visited states, so that a flat line reads "grows in proportion".

>>> picture = growth_svg({"set": [(100, 2.0, 150.0), (10_000, 2.5, 160.0)]})
>>> picture.startswith("<svg"), picture.count("<polyline")
(True, 2)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from pearls import svg

__all__ = ["growth_svg"]

Series = Sequence[tuple[float, float, float]]  # (states, micros a state, bytes a state)

WIDTH, HEIGHT = 340, 260  # one panel
LEFT, BOTTOM, TOP, RIGHT = 56, 40, 30, 14
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e")


def _decades(low: float, high: float) -> list[int]:
    """The powers of ten that span ``low .. high``."""
    first = math.floor(math.log10(max(low, 1e-3)))
    last = math.ceil(math.log10(max(high, low * 10, 1e-2)))
    return list(range(first, last + 1))


def _panel(
    x0: float, title: str, series: Mapping[str, list[tuple[float, float]]], unit: str
) -> list[str]:
    """One log-log panel at horizontal offset ``x0``."""
    points = [p for line in series.values() for p in line if p[1] > 0]
    xs = _decades(min(p[0] for p in points), max(p[0] for p in points))
    ys = _decades(min(p[1] for p in points), max(p[1] for p in points))
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def place(x: float, y: float) -> tuple[float, float]:
        fx = (math.log10(x) - xs[0]) / (xs[-1] - xs[0])
        fy = (math.log10(y) - ys[0]) / (ys[-1] - ys[0])
        return x0 + LEFT + fx * inner_w, TOP + (1 - fy) * inner_h

    parts = [svg.element("text", svg.escape(title), x=x0 + LEFT, y=18, font_size=13)]
    for k in xs:
        x, _ = place(10.0**k, 10.0 ** ys[0])
        parts.append(svg.element("line", x1=x, y1=TOP, x2=x, y2=TOP + inner_h, stroke="#ddd"))
        label = f"10^{k}" if k > 3 else f"{10**k:,}"
        parts.append(
            svg.element("text", label, x=x, y=HEIGHT - 22, font_size=10, text_anchor="middle")
        )
    for k in ys:
        _, y = place(10.0 ** xs[0], 10.0**k)
        parts.append(
            svg.element("line", x1=x0 + LEFT, y1=y, x2=x0 + LEFT + inner_w, y2=y, stroke="#ddd")
        )
        label = f"{10.0**k:g}"
        parts.append(
            svg.element("text", label, x=x0 + LEFT - 4, y=y + 3, font_size=10, text_anchor="end")
        )
    parts.append(
        svg.element(
            "text",
            f"states ({unit} each)",
            x=x0 + LEFT + inner_w / 2,
            y=HEIGHT - 6,
            font_size=11,
            text_anchor="middle",
        )
    )
    for colour, line in zip(COLOURS, series.values(), strict=False):
        shown = [place(x, y) for x, y in line if y > 0]
        if not shown:
            continue
        coords = " ".join(f"{x:.1f},{y:.1f}" for x, y in shown)
        parts.append(
            svg.element("polyline", points=coords, fill="none", stroke=colour, stroke_width=2)
        )
        for x, y in shown:
            parts.append(svg.element("circle", cx=x, cy=y, r=3, fill=colour))
    return parts


def growth_svg(series: Mapping[str, Series]) -> str:
    """The two panels for ``series``: name -> points (states, micros, bytes), a legend."""
    micros = {name: [(s, m) for s, m, _ in line] for name, line in series.items()}
    size = {name: [(s, b) for s, _, b in line] for name, line in series.items()}
    legend = [
        svg.element("text", svg.escape(name), x=LEFT + 130 * i, y=14, fill=colour, font_size=12)
        for i, (colour, name) in enumerate(zip(COLOURS, series, strict=False))
    ]
    panels = svg.element(
        "g",
        *_panel(0, "microseconds per state", micros, "time"),
        *_panel(WIDTH, "peak bytes per state", size, "memory"),
        transform="translate(0,24)",
    )
    title = "Whole-space analysis: cost per state as the space grows"
    return svg.document(2 * WIDTH, HEIGHT + 24, *legend, panels, title=title)
