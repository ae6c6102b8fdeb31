"""Map colouring's rules, as a person states them: each move gives a region of the map
that has no colour yet a colour that none of the regions bordering it has; at most
``--colours`` colours in all; solved when every region has a colour.

The map is the text's: each region with the regions it borders (bordering goes both
ways), one region a line or separated by ``;``, ``A: B C`` or ``A B C``, commas
allowed; or the same as a JSON object ``{"A": ["B", "C"]}``.  A state is the coloured
regions, ``{"A": "red", ...}``; a move ``{"region": "B", "colour": "blue"}``.

>>> from checkers import Posed, written
>>> colouring = {"A": "red", "B": "blue"}
>>> check(Posed("A: B", {"colours": "2"}, {}), written(
...     [{}, {"A": "red"}, colouring],
...     [{"region": "A", "colour": "red"}, {"region": "B", "colour": "blue"}], colouring))
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping

from checkers import Illegal, Posed, Rules, fields, replay, text
from pearls.description import JSON, Solution

__all__ = ["borders", "check"]

Borders = Mapping[str, frozenset[str]]  # each region's neighbours, e.g. {"A": {"B"}, "B": {"A"}}
Colouring = tuple[tuple[str, str], ...]  # (region, colour), sorted, e.g. (("A", "red"),)


def borders(description: str) -> Borders:
    """The regions of a map's text (or JSON) and the regions each borders, both ways.

    >>> sorted(borders("A: B, C; B C")["C"])
    ['A', 'B']
    """
    if description.lstrip().startswith("{"):
        listed = list(json.loads(description).items())
    else:
        listed = []
        for part in description.replace(";", "\n").splitlines():
            head, _, rest = part.partition(":")
            words = (head + " " + rest).replace(",", " ").split()
            if words:
                listed.append((words[0], words[1:]))
    near: dict[str, set[str]] = {}
    for region, others in listed:
        near.setdefault(region, set())
        for other in others:
            near[region].add(other)
            near.setdefault(other, set()).add(region)
    return {region: frozenset(others) for region, others in near.items()}


def read(j: JSON) -> Colouring:
    """The coloured regions and their colours."""
    if not isinstance(j, dict):
        raise Illegal(f"a colouring is an object, not {j!r}")
    return tuple(sorted((region, text(c, "a colour")) for region, c in j.items()))


def step(m: Borders, most: int) -> Callable[[Colouring, JSON], Colouring]:
    """A move by the rules: a region of the map with no colour yet takes one that no
    region bordering it has, and the map uses at most ``most`` colours."""

    def paint(q: Colouring, move: JSON) -> Colouring:
        given = fields(move, "region", "colour")
        region, colour = text(given["region"], "a region"), text(given["colour"], "a colour")
        coloured = dict(q)
        if region not in m:
            raise Illegal(f"the map has no region {region!r}")
        if region in coloured:
            raise Illegal(f"{region} has a colour already, {coloured[region]}")
        clash = sorted(r for r in m[region] if coloured.get(r) == colour)
        if clash:
            raise Illegal(f"{region} and {clash[0]} border each other, both {colour}")
        if len({*coloured.values(), colour}) > most:
            raise Illegal(f"{colour} is one colour more than {most}")
        return tuple(sorted({**coloured, region: colour}.items()))

    return paint


def check(posed: Posed, solution: Solution) -> None:
    """Raise :class:`~checkers.Illegal` unless the solution colours every region of the
    map, no two bordering regions alike, in ``--colours`` colours at most, its answer
    the colouring."""
    m = borders(posed.text)
    most = int(posed.settings.get("colours", "4"))
    rules = Rules(read, step(m, most), lambda q: {r for r, _ in q} == set(m))
    last = replay(rules, posed, solution)
    if solution.moves is not None and solution.answer != dict(last):
        raise Illegal(f"the answer {solution.answer} is not the colouring {dict(last)}")
