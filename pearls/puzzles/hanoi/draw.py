"""The Tower of Hanoi drawn as SVG: three pegs on a base, each disc a numbered bar as
wide as its size.

>>> from pearls.puzzles.hanoi import tower
>>> draw(tower(3)).count('class="disc"')
3
"""

from __future__ import annotations

from pearls import svg
from pearls.puzzles.hanoi import PEGS, Disc, Towers, discs

__all__ = ["draw"]

_PEG_SPACING = 190  # the width of each peg's third of the drawing, in SVG units
_WIDEST, _NARROWEST = 170, 26  # the largest disc's width, the smallest one's
_STACK_HEIGHT = 240  # a full peg's height, whatever the number of discs
_PAD = 16
_PALETTE = (  # disc d takes colour (d - 1) mod 10, with a dark or light number on it
    ("#d62728", "#ffffff"), ("#ff7f0e", "#1a1a1a"), ("#f2b701", "#1a1a1a"),
    ("#2ca02c", "#ffffff"), ("#17becf", "#1a1a1a"), ("#1f77b4", "#ffffff"),
    ("#393b79", "#ffffff"), ("#9467bd", "#ffffff"), ("#e377c2", "#1a1a1a"),
    ("#8c564b", "#ffffff"),
)  # fmt: skip


def draw(q: Towers) -> str:
    """The towers as a standalone SVG document: three pegs on a base, named ``A``, ``B``
    and ``C`` beneath, each disc a rounded bar as wide as its size, numbered while the
    discs are tall enough to hold a number.

    >>> from pearls.puzzles.hanoi import tower
    >>> picture = draw(tower(3))
    >>> picture.startswith("<svg"), picture.count('class="disc"'), picture.count('class="peg"')
    (True, 3, 3)
    """
    n = max(1, discs(q))
    thick = max(4.0, min(22.0, _STACK_HEIGHT / (n + 1)))
    base = _PAD + (n + 1) * thick + 8
    width, height = 3 * _PEG_SPACING + 2 * _PAD, base + 40
    parts = [_base(base, width)]
    for p, stack in enumerate(q):
        middle = _PAD + (p + 0.5) * _PEG_SPACING
        parts.append(_peg(middle, base, (n + 1) * thick + 8, PEGS[p]))
        for level, d in enumerate(reversed(stack)):
            parts.append(_disc(d, n, middle, base - (level + 1) * thick, thick))
    title = f"Tower of Hanoi, {discs(q)} disc{'s' if discs(q) != 1 else ''}"
    return svg.document(width, height, *parts, title=title)


def _base(y: float, width: float) -> str:
    """The board the pegs stand on."""
    return svg.element(
        "rect", x=_PAD / 2, y=y, width=width - _PAD, height=10, rx=3, fill="#8c6d31", class_="base"
    )


def _peg(middle: float, base: float, tall: float, name: str) -> str:
    """A peg: a rod rising from the base, its name below."""
    rod = svg.element(
        "rect", x=middle - 4, y=base - tall, width=8, height=tall, rx=4, fill="#a0896b"
    )
    label = svg.element(
        "text",
        name,
        x=middle,
        y=base + 30,
        font_size=18,
        font_weight="bold",
        font_family="sans-serif",
        text_anchor="middle",
        fill="#3b3b3b",
    )
    return svg.element("g", rod, label, class_="peg", data_peg=name)


def _disc(d: Disc, n: int, middle: float, top: float, thick: float) -> str:
    """Disc ``d`` of ``n``, centred on a peg, its top edge at ``top``."""
    wide = _NARROWEST + (_WIDEST - _NARROWEST) * (d - 1) / max(1, n - 1)
    fill, ink = _PALETTE[(d - 1) % len(_PALETTE)]
    body = svg.element(
        "rect",
        x=middle - wide / 2,
        y=top + 0.5,
        width=wide,
        height=thick - 1,
        rx=min(6.0, thick / 2),
        fill=fill,
        stroke="#000000",
        stroke_opacity=0.35,
    )
    number = svg.element(
        "text",
        str(d),
        x=middle,
        y=top + thick / 2,
        dy="0.35em",
        font_size=min(14.0, thick - 4),
        font_family="sans-serif",
        font_weight="bold",
        text_anchor="middle",
        fill=ink,
    )
    return svg.element("g", body, *([number] if thick >= 12 else []), class_="disc", data_disc=d)
