"""The puzzles a front end offers, by name: one line each.

A new puzzle module declares its :class:`~pearls.description.Description` and joins
:data:`PUZZLES` here; the command line offers it with no code of its own.

>>> {"graph", "rushhour"} <= set(PUZZLES)
True
>>> list(PUZZLES["rushhour"].methods)
['bfs', 'plan', 'dfs']
"""

from __future__ import annotations

from collections.abc import Mapping

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

__all__ = ["PUZZLES"]


PUZZLES: Mapping[str, Description] = {
    d.name: d
    for d in (
        rushhour.DESCRIPTION,
        graph.DESCRIPTION,
        flipit.DESCRIPTION,
        flipit.STAR_DESCRIPTION,
        nooff.DESCRIPTION,
        knight.DESCRIPTION,
        colour.DESCRIPTION,
        pandigital.DESCRIPTION,
        river.DESCRIPTION,
        hanoi.DESCRIPTION,
        sliding.EIGHT_DESCRIPTION,
        sliding.FIFTEEN_DESCRIPTION,
        sliding.DESCRIPTION,
    )
}
