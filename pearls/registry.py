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
    colour,
    flipit,
    graph,
    knight,
    nooff,
    pandigital,
    rushhour_players,
    sliding,
)
from pearls.puzzles.hanoi import describe as hanoi
from pearls.puzzles.river import describe as river

__all__ = ["PUZZLES"]


PUZZLES: Mapping[str, Description] = {
    d.name: d
    for d in (
        rushhour_players.DESCRIPTION,
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
