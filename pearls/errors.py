"""The named exceptions, all under :class:`PearlsError`: input that describes no
position, an option a puzzle cannot use (or a limit that is no limit), input that
cannot be read, a perfect hash that is not one, and a limit that stopped a search.

A search never raises for "no solution" (it returns ``None``); these are for the other
ways a search can end without an answer.  Bad input is a :class:`ValueError` too, so a
caller may catch it as one.
"""

from __future__ import annotations

__all__ = [
    "BoardError",
    "HashError",
    "InputError",
    "LimitReached",
    "OptionError",
    "PearlsError",
]


class PearlsError(Exception):
    """The base of every exception this package raises on purpose."""


class BoardError(PearlsError, ValueError):
    """A puzzle's board, as given, does not describe a position: the message says what
    and where."""


class OptionError(PearlsError, ValueError):
    """An option's value, or a combination of options, that a puzzle cannot use: the
    message names the option."""


class InputError(PearlsError, ValueError):
    """Input that cannot be read at all: a missing file, bytes that are not text, a text
    larger than any board: the message says which and why."""


class HashError(PearlsError, ValueError):
    """A perfect hash that is not one: a size that is no count of states, or a rank
    outside ``range(size)``: the message names the state and its rank."""


class LimitReached(PearlsError):
    """A limit stopped a search before it finished: ``limit`` names which (``"states"``,
    ``"time"`` or ``"memory"``, with its ``bound``), ``expanded`` and ``seconds`` say
    what was explored by then, and ``why`` adds what would not fit, if known.

    It is not a :class:`ValueError`: the input was fine, the search was cut short.

    >>> str(LimitReached("states", expanded=1000, seconds=0.25))
    'stopped at the limit of 1,000 states expanded (1,000 states expanded in 0.25 s)'
    """

    def __init__(
        self,
        limit: str,
        expanded: int,
        seconds: float,
        bound: float | None = None,
        why: str = "",
    ):
        self.limit = limit
        self.expanded = expanded
        self.seconds = seconds
        self.bound: float = expanded if bound is None else bound
        self.why = why
        super().__init__(self._message())

    def _message(self) -> str:
        explored = f"{self.expanded:,} states expanded in {self.seconds:.2f} s"
        because = f": {self.why}" if self.why else ""
        if self.limit == "states":
            return f"stopped at the limit of {self.bound:,.0f} states expanded ({explored})"
        if self.limit == "memory":
            return f"stopped at the memory limit of {_size(self.bound)} ({explored}){because}"
        return f"stopped at the time limit of {self.bound:g} s ({explored})"


def _size(n: float) -> str:
    """A number of bytes as people write it: ``2 GiB``, ``512 MiB``, ``1.5 TiB``.

    >>> _size(2 << 30), _size(3 << 19), _size(10**15)
    ('2 GiB', '1.5 MiB', '909.5 TiB')
    """
    for power, unit in ((4, "TiB"), (3, "GiB"), (2, "MiB"), (1, "KiB")):
        if n >= 1 << (10 * power):
            return f"{n / (1 << (10 * power)):.1f}".removesuffix(".0") + f" {unit}"
    return f"{n:,.0f} bytes"
