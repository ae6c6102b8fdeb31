"""Map colouring's rules, as a person states them: each move gives a region of the map
that has no colour yet a colour that none of the regions bordering it has; at most
``--colours`` colours in all; solved when every region has a colour.

The map is the text's: each region with the regions it borders (bordering goes both
ways), one region a line or separated by ``;``, ``A: B C`` or ``A B C``, commas
allowed; or the same as a JSON object ``{"A": ["B", "C"]}``.  A state is the coloured
regions, ``{"A": "red", ...}``; a move ``{"region": "B", "colour": "blue"}``.

The puzzle colours the regions in the order the map lists them (those that head a
part first, then those named only as neighbours), and offers the next region each of
the ``--colours`` first colours of :data:`PALETTE` that none of its neighbours has.

>>> from pearls.rules import Posed, written
>>> colouring = {"A": "red", "B": "blue"}
>>> check(Posed("A: B", {"colours": 2}, {}), written(
...     [{}, {"A": "red"}, colouring],
...     [{"region": "A", "colour": "red"}, {"region": "B", "colour": "blue"}], colouring))
>>> legal(Posed("A: C; B: C", {"colours": 3}, {}), {"A": "red"})  # doctest: +NORMALIZE_WHITESPACE
[({'region': 'B', 'colour': 'red'}, {'A': 'red', 'B': 'red'}),
 ({'region': 'B', 'colour': 'blue'}, {'A': 'red', 'B': 'blue'}),
 ({'region': 'B', 'colour': 'green'}, {'A': 'red', 'B': 'green'})]
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping

from pearls.description import JSON, Solution
from pearls.rules import Illegal, Posed, Rules, Step, allowed, fields, replay, text, whole

__all__ = ["PALETTE", "borders", "check", "colour_name", "legal", "regions"]

PALETTE = (  # the colours' names, in the order offered; then colour11, colour12, ...
    "red", "blue", "green", "yellow", "purple", "orange", "cyan", "pink", "brown", "grey",
)  # fmt: skip

Borders = Mapping[str, frozenset[str]]  # each region's neighbours, e.g. {"A": {"B"}, "B": {"A"}}
Colouring = tuple[tuple[str, str], ...]  # (region, colour), sorted, e.g. (("A", "red"),)


def borders(description: str) -> Borders:
    """The regions of a map's text (or JSON) and the regions each borders, both ways.

    >>> sorted(borders("A: B, C; B C")["C"])
    ['A', 'B']
    """
    listed: list[tuple[str, list[str]]]
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


def regions(description: str) -> list[str]:
    """The regions of a map's text (or JSON) in the order they are coloured: those
    that head a part, in order, then those named only as neighbours.

    >>> regions("A: C; B: C, D")
    ['A', 'B', 'C', 'D']
    """
    if description.lstrip().startswith("{"):
        listed = [[region, *others] for region, others in json.loads(description).items()]
    else:
        parts = [part.partition(":") for part in description.replace(";", "\n").splitlines()]
        listed = [(head + " " + rest).replace(",", " ").split() for head, _, rest in parts]
    heads = [words[0] for words in listed if words]
    return list(dict.fromkeys([*heads, *(r for words in listed for r in words[1:])]))


def colour_name(i: int) -> str:
    """The name of the ``i``-th colour offered, from 0.

    >>> colour_name(1), colour_name(10)
    ('blue', 'colour11')
    """
    return PALETTE[i] if i < len(PALETTE) else f"colour{i + 1}"


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


def next_region(order: list[str], most: int) -> Callable[[Colouring], Iterator[JSON]]:
    """The first region of ``order`` with no colour yet, in each of the ``most``
    first colours."""

    def paints(q: Colouring) -> Iterator[JSON]:
        coloured = dict(q)
        region = next((r for r in order if r not in coloured), None)
        for i in range(most if region is not None else 0):
            yield {"region": region, "colour": colour_name(i)}

    return paints


def rules_of(posed: Posed) -> Rules[Colouring]:
    """The rules of colouring the map ``posed`` in ``--colours`` colours."""
    m = borders(posed.text)
    most = whole(posed.setting("colours"), "--colours")
    return Rules(
        read,
        step(m, most),
        lambda q: {r for r, _ in q} == set(m),
        write=lambda q: dict(q),
        offers=next_region(regions(posed.text), most),
    )


def check(posed: Posed, solution: Solution) -> None:
    """Raise :class:`~pearls.rules.Illegal` unless the solution colours every region of the
    map, no two bordering regions alike, in ``--colours`` colours at most, its answer
    the colouring."""
    last = replay(rules_of(posed), posed, solution)
    if solution.moves is not None and solution.answer != dict(last):
        raise Illegal(f"the answer {solution.answer} is not the colouring {dict(last)}")


def legal(posed: Posed, state: JSON) -> list[Step]:
    """Every colour the next region of the map may take from the colouring ``state``,
    with the colouring it makes."""
    return allowed(rules_of(posed), state)
