"""The named exceptions, all under :class:`PearlsError`: input that describes no
position, an option a puzzle cannot use, and a limit that stopped a search.

A search never raises for "no solution" (it returns ``None``); these are for the other
ways a search can end without an answer.  Bad input is a :class:`ValueError` too, so a
caller may catch it as one.
"""

from __future__ import annotations

__all__ = ["BoardError", "LimitReached", "OptionError", "PearlsError"]


class PearlsError(Exception):
    """The base of every exception this package raises on purpose."""


class BoardError(PearlsError, ValueError):
    """A puzzle's board, as given, does not describe a position: the message says what
    and where."""


class OptionError(PearlsError, ValueError):
    """An option's value, or a combination of options, that a puzzle cannot use: the
    message names the option."""


class LimitReached(PearlsError):
    """A limit stopped a search before it finished: ``limit`` names which (``"states"``
    or ``"time"``), and ``expanded`` and ``seconds`` say what was explored by then.

    It is not a :class:`ValueError`: the input was fine, the search was cut short.

    >>> str(LimitReached("states", expanded=1000, seconds=0.25))
    'stopped at the limit of 1,000 states expanded (1,000 states expanded in 0.25 s)'
    """

    def __init__(self, limit: str, expanded: int, seconds: float, bound: float | None = None):
        self.limit = limit
        self.expanded = expanded
        self.seconds = seconds
        self.bound = expanded if bound is None else bound
        super().__init__(self._message())

    def _message(self) -> str:
        explored = f"{self.expanded:,} states expanded in {self.seconds:.2f} s"
        if self.limit == "states":
            return f"stopped at the limit of {self.bound:,.0f} states expanded ({explored})"
        return f"stopped at the time limit of {self.bound:g} s ({explored})"
