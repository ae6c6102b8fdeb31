"""The puzzles a front end offers, by name: one line each.

A new puzzle module declares its :class:`~pearls.description.Description` and joins
:data:`PUZZLES` here; the command line offers it with no code of its own.

>>> sorted(PUZZLES)
['graph', 'rushhour']
>>> PUZZLES["rushhour"].methods
('bfs', 'plan', 'dfs', 'iddfs')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from pearls.description import Solution, Survey
from pearls.limits import Meter
from pearls.puzzles import graph, rushhour

__all__ = ["PUZZLES", "Described"]


class Described(Protocol):
    """A :class:`~pearls.description.Description` as a front end sees it, whatever
    its state and move types."""

    @property
    def name(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def text_form(self) -> str: ...

    @property
    def examples(self) -> Mapping[str, str]: ...

    @property
    def methods(self) -> Sequence[str]: ...

    @property
    def drawable(self) -> bool: ...

    def solve(
        self, method: str, text: str, meter: Meter | None = None, draw: bool = False
    ) -> Solution: ...

    def survey(self, text: str, meter: Meter | None = None) -> Survey: ...


PUZZLES: Mapping[str, Described] = {
    d.name: d
    for d in (
        rushhour.DESCRIPTION,
        graph.DESCRIPTION,
    )
}
