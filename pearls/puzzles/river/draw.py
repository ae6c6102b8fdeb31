"""River crossings drawn as SVG: two banks, the river between, the boat at its bank, and
each traveller a labelled circle in a fixed place on the bank they stand on.

>>> from pearls.puzzles.river import everyone_left, farmer
>>> draw(farmer(2), everyone_left(farmer(2))).count('class="person"')
4
"""

from __future__ import annotations

from pearls import svg
from pearls.puzzles.river import FARMER, Crossing, Person, River, Side

__all__ = ["draw"]

_BANK, _RIVER = 150, 170  # widths of a bank and of the river, in SVG units
_ROW, _RADIUS = 46, 17  # the height of a row of people, a person's radius
_TOP = 20
_COLOURS = {  # fill and ink of each kind of traveller
    "H": ("#1f77b4", "#ffffff"),
    "W": ("#d62728", "#ffffff"),
    "M": ("#393b79", "#ffffff"),
    "C": ("#ff7f0e", "#1a1a1a"),
    "farmer": ("#8c564b", "#ffffff"),
    "wolf": ("#7f7f7f", "#ffffff"),
    "goat": ("#f2e6c9", "#1a1a1a"),
    "cabbage": ("#2ca02c", "#ffffff"),
}


def _slot(river: River, p: Person) -> tuple[int, int]:
    """The (row, column) where a person stands on either bank: a couple (or the
    ``i``-th missionary and cannibal) on row ``i``; the farmer's party two to a row."""
    if river.variant == "farmer":
        return divmod(river.people.index(p), 2)
    return int(p[1:]) - 1, 0 if p[0] in "HM" else 1


def _label(p: Person) -> tuple[str, str]:
    """A person's short label and colour key: ``H1``, or a capital for the farmer's party."""
    return (p, p[0]) if p not in FARMER else (p[0].upper(), p)


def draw(river: River, q: Crossing) -> str:
    """The river as a standalone SVG document: two green banks, the blue river between,
    the boat moored at its bank, and each person a labelled circle standing in a fixed
    place on the bank they are on (husbands blue and wives red, couples side by side).

    >>> from pearls.puzzles.river import everyone_left, husbands
    >>> picture = draw(husbands(3, 2), everyone_left(husbands(3, 2)))
    >>> picture.startswith("<svg"), picture.count('class="person"'), 'class="boat"' in picture
    (True, 6, True)
    """
    rows = 1 + max(_slot(river, p)[0] for p in river.people)
    height = 2 * _TOP + rows * _ROW
    width = 2 * _BANK + _RIVER
    scenery = [
        svg.element("rect", x=0, y=0, width=_BANK, height=height, fill="#b5d99c", class_="bank"),
        svg.element("rect", x=_BANK, y=0, width=_RIVER, height=height, fill="#9ecae1"),
        svg.element(
            "rect", x=_BANK + _RIVER, y=0, width=_BANK, height=height, fill="#b5d99c", class_="bank"
        ),
        _boat(q.boat, height),
    ]
    people = [_person(river, p, "left" if p in q.left else "right") for p in river.people]
    title = f"River crossing ({river.variant}), boat for {river.capacity}, on the {q.boat}"
    return svg.document(width, height, *scenery, *people, title=title)


def _boat(side: Side, height: float) -> str:
    """The boat, a hull moored against the bank of ``side``."""
    x = _BANK + 8 if side == "left" else _BANK + _RIVER - 78
    y = height / 2 - 12
    hull = f"M{x} {y}h70l-10 24h-50z"
    return svg.element(
        "path", svg.element("title", f"the boat, on the {side}"), d=hull, fill="#8c6d31",
        stroke="#4d3b1a", stroke_width=2, class_="boat",
    )  # fmt: skip


def _person(river: River, p: Person, side: Side) -> str:
    """A person as a circle with a short label, standing in their place on a bank."""
    row, column = _slot(river, p)
    x = (40 + column * 60) + (0 if side == "left" else _BANK + _RIVER)
    y = _TOP + row * _ROW + _ROW / 2
    label, key = _label(p)
    fill, ink = _COLOURS[key]
    circle = svg.element("circle", cx=x, cy=y, r=_RADIUS, fill=fill, stroke="#1a1a1a")
    text = svg.element(
        "text", svg.escape(label), x=x, y=y, dy="0.35em", fill=ink, font_size=13,
        font_weight="bold", font_family="sans-serif", text_anchor="middle",
    )  # fmt: skip
    return svg.element(
        "g", svg.element("title", svg.escape(p)), circle, text, class_="person", data_side=side
    )
