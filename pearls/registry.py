"""The puzzles a front end offers, by name: the built-ins, and those other packages
register.

A built-in puzzle declares its :class:`~pearls.description.Description`, writes its
rules apart in :mod:`pearls.rules`, and joins :data:`BUILT_IN` here.  A puzzle from
another package joins through the entry-point group ``pearls.puzzles``: the entry's
value is a :class:`~pearls.rules.Entry` (its description and its rules), e.g. in its
``pyproject.toml``::

    [project.entry-points."pearls.puzzles"]
    jugs = "pearls_jugs:ENTRY"

Either way the command line offers it with no code of its own, and ``pearls check``
holds it to the laws.  A broken entry (one that fails to load, is not an ``Entry``, or
takes a name already taken) is left out and said in one line in :data:`BROKEN`.

>>> {"graph", "rushhour"} <= set(PUZZLES)
True
>>> list(PUZZLES["rushhour"].methods)
['bfs', 'plan', 'dfs']
>>> ENTRIES["hanoi"].name
'hanoi'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from importlib.metadata import entry_points
from typing import Protocol

from pearls.description import Description
from pearls.puzzles import (
    graph,
    pandigital,
)
from pearls.puzzles.colour import describe as colour
from pearls.puzzles.flipit import describe as flipit
from pearls.puzzles.hanoi import describe as hanoi
from pearls.puzzles.knight import describe as knight
from pearls.puzzles.nooff import describe as nooff
from pearls.puzzles.river import describe as river
from pearls.puzzles.rushhour_players import describe as rushhour
from pearls.puzzles.sliding import describe as sliding
from pearls.rules import Entry
from pearls.rules import colour as colour_rules
from pearls.rules import eight as eight_rules
from pearls.rules import fifteen as fifteen_rules
from pearls.rules import flipit as flipit_rules
from pearls.rules import flipstar as flipstar_rules
from pearls.rules import graph as graph_rules
from pearls.rules import hanoi as hanoi_rules
from pearls.rules import knight as knight_rules
from pearls.rules import nooff as nooff_rules
from pearls.rules import pandigital as pandigital_rules
from pearls.rules import river as river_rules
from pearls.rules import rushhour as rushhour_rules
from pearls.rules import sliding as sliding_rules

__all__ = ["BROKEN", "BUILT_IN", "ENTRIES", "GROUP", "PUZZLES", "Entry", "Point", "registered"]

GROUP = "pearls.puzzles"  # the entry-point group other packages register puzzles in

BUILT_IN: tuple[Entry, ...] = (
    Entry(rushhour.DESCRIPTION, rushhour_rules.check, rushhour_rules.legal),
    Entry(graph.DESCRIPTION, graph_rules.check, graph_rules.legal),
    Entry(flipit.DESCRIPTION, flipit_rules.check, flipit_rules.legal),
    Entry(flipit.STAR_DESCRIPTION, flipstar_rules.check, flipstar_rules.legal),
    Entry(nooff.DESCRIPTION, nooff_rules.check, nooff_rules.legal),
    Entry(knight.DESCRIPTION, knight_rules.check, knight_rules.legal),
    Entry(colour.DESCRIPTION, colour_rules.check, colour_rules.legal),
    Entry(pandigital.DESCRIPTION, pandigital_rules.check, pandigital_rules.legal),
    Entry(river.DESCRIPTION, river_rules.check, river_rules.legal),
    Entry(hanoi.DESCRIPTION, hanoi_rules.check, hanoi_rules.legal),
    Entry(sliding.EIGHT_DESCRIPTION, eight_rules.check, eight_rules.legal),
    Entry(sliding.FIFTEEN_DESCRIPTION, fifteen_rules.check, fifteen_rules.legal),
    Entry(sliding.DESCRIPTION, sliding_rules.check, sliding_rules.legal),
)


class Point(Protocol):
    """An entry point as the registry reads it (:class:`importlib.metadata.EntryPoint`)."""

    @property
    def name(self) -> str: ...
    @property
    def value(self) -> str: ...
    def load(self) -> object: ...


def _loaded(point: Point, taken: set[str]) -> Entry | str:
    """The entry a package registers at ``point``, or one line saying why it is left
    out."""
    where = f"puzzle plugin {point.name!r} ({point.value})"
    try:
        entry = point.load()
    except Exception as e:  # a plugin's import may fail any way at all
        return f"{where} failed to load: {type(e).__name__}: {e}"
    if not isinstance(entry, Entry):
        return f"{where} is not a pearls.rules.Entry but {type(entry).__name__}"
    if entry.name in taken:
        return f"{where} names {entry.name!r}, a puzzle already registered"
    return entry


def registered(
    points: Iterable[Point], built_in: Iterable[Entry] = BUILT_IN
) -> tuple[dict[str, Entry], tuple[str, ...]]:
    """The built-in entries and those loaded from ``points``, by name, with one line
    for each entry point left out.

    >>> from importlib.metadata import EntryPoint
    >>> entries, broken = registered([EntryPoint("x", "pearls.registry:GROUP", GROUP)])
    >>> len(entries) == len(BUILT_IN), broken
    (True, ("puzzle plugin 'x' (pearls.registry:GROUP) is not a pearls.rules.Entry but str",))
    """
    entries = {e.name: e for e in built_in}
    broken: list[str] = []
    for point in points:
        found = _loaded(point, set(entries))
        if isinstance(found, str):
            broken.append(found)
        else:
            entries[found.name] = found
    return entries, tuple(broken)


_REGISTERED = registered(entry_points(group=GROUP))
ENTRIES: Mapping[str, Entry] = _REGISTERED[0]
BROKEN: tuple[str, ...] = _REGISTERED[1]  # one line for each entry point left out
PUZZLES: Mapping[str, Description] = {name: e.description for name, e in ENTRIES.items()}
