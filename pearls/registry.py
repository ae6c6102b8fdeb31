"""The puzzles a front end offers, by name: one line each.

A new puzzle module declares its :class:`~pearls.description.Description` and joins
:data:`PUZZLES` here; the command line offers it with no code of its own.

>>> {"graph", "rushhour"} <= set(PUZZLES)
True
>>> PUZZLES["rushhour"].methods
('bfs', 'plan', 'dfs', 'iddfs')
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Protocol

from pearls.description import Analyser, Generated, Option, Record, Settings, Solution, Survey
from pearls.limits import Meter
from pearls.puzzles import (
    colour,
    flipit,
    graph,
    hanoi,
    knight,
    nooff,
    pandigital,
    river,
    rushhour_players,
    sliding,
)

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
    def options(self) -> Sequence[Option]: ...

    @property
    def standard(self) -> Callable[[Settings], str] | None: ...

    @property
    def answer_key(self) -> str | None: ...

    @property
    def enumerable(self) -> bool: ...

    @property
    def all_by_default(self) -> bool: ...

    @property
    def generate(self) -> Callable[[Settings, int, Meter], Iterator[Generated]] | None: ...

    @property
    def records(self) -> Callable[[str], Iterator[Record]]: ...

    @property
    def drawable(self) -> bool: ...

    def settings(self, given: Settings | None = None) -> Settings: ...

    def default_text(self, settings: Settings | None = None) -> str: ...

    def drawing(self, text: str, settings: Settings | None = None) -> str | None: ...

    def solve(
        self,
        method: str,
        text: str,
        meter: Meter | None = None,
        draw: bool = False,
        settings: Settings | None = None,
    ) -> Solution: ...

    def every(
        self,
        text: str,
        meter: Meter | None = None,
        settings: Settings | None = None,
        draw: bool = False,
    ) -> Iterator[Solution]: ...

    def survey(
        self,
        text: str,
        meter: Meter | None = None,
        settings: Settings | None = None,
        from_goals: bool | None = None,
        analyser: Analyser | None = None,
    ) -> Survey: ...


PUZZLES: Mapping[str, Described] = {
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
