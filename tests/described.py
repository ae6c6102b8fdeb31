"""A registered puzzle's problem seen with its types, for tests that look inside it."""

from __future__ import annotations

from collections.abc import Hashable

from pearls.description import Problem, Solvable


def typed(p: Solvable) -> Problem[Hashable, object]:
    """The problem behind ``p``: every description's ``parse`` makes a :class:`Problem`."""
    assert isinstance(p, Problem)
    return p
