"""The pandigital product's rules, as a person states them: choose ``n``; solved when
the product of the ``k`` consecutive numbers ``n, n+1, ..., n+k-1`` is written with
each of the digits (0-9 or 1-9) exactly once.

The text says ``k`` and the digits (``3 0-9``); a part it leaves out comes from
``--numbers`` and ``--digits``.  The start is ``null``, a state the ``k`` numbers
(``[1267, 1268, 1269]``), the one move ``{"n": 1267}``.  That no ``n`` exists is
checked by trying every ``n`` whose product could have as many digits.  The puzzle
offers each ``n`` whose product lies between the least and the greatest numbers
written with each of the digits once (``1023456789`` and ``9876543210``).

>>> from pearls.rules import Posed, written
>>> numbers = [1267, 1268, 1269]
>>> check(Posed("3 0-9", {}, None), written([None, numbers], [{"n": 1267}], answer=numbers))
>>> check(Posed("3 1-9", {}, None), written([None], None))
>>> offered = legal(Posed("3 0-9", {}, None), None)
>>> len(offered), offered[0], offered[-1][0]
(1138, ({'n': 1007}, [1007, 1008, 1009]), {'n': 2144})
>>> legal(Posed("3 0-9", {}, None), numbers)
[]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from math import prod

from pearls.description import JSON, Solution
from pearls.rules import Illegal, Posed, Rules, Step, allowed, fields, items, replay, text, whole

__all__ = ["asked", "check", "legal"]

_TEXT = re.compile(r"\s*(\d+)?\s*(?:numbers?)?\s*,?\s*(0-9|1-9)?\s*$")

Numbers = tuple[int, ...]  # the numbers chosen, none before the choice, e.g. (1267, 1268, 1269)


def asked(posed: Posed) -> tuple[int, str]:
    """How many numbers, and the digits their product uses, each once.

    >>> asked(Posed("4", {"numbers": 3, "digits": "1-9"}, None))
    (4, '123456789')
    """
    said = _TEXT.match(posed.text)
    if said is None:
        raise Illegal(f"no number of numbers and digits in {posed.text!r}")
    k = int(said[1]) if said[1] else whole(posed.setting("numbers"), "--numbers")
    digits = said[2] or text(posed.setting("digits"), "--digits")
    return k, "0123456789" if digits == "0-9" else "123456789"


def read(j: JSON) -> Numbers:
    """The numbers chosen, none before the choice."""
    return () if j is None else tuple(whole(n) for n in items(j, "the numbers"))


def step(k: int) -> Callable[[Numbers, JSON], Numbers]:
    """The one move: choose ``n``, a whole number of 1 or more, giving ``n .. n+k-1``."""

    def choose(q: Numbers, m: JSON) -> Numbers:
        n = whole(fields(m, "n")["n"])
        if q:
            raise Illegal(f"the numbers {list(q)} are chosen already")
        if n < 1:
            raise Illegal(f"n = {n}: the numbers count from 1")
        return tuple(range(n, n + k))

    return choose


def pandigital(digits: str) -> Callable[[Numbers], bool]:
    """Whether the numbers' product uses each of ``digits`` once."""
    return lambda q: bool(q) and "".join(sorted(str(prod(q)))) == digits


def every_n(k: int, digits: str) -> Callable[[Numbers], Iterator[JSON]]:
    """Every ``n`` whose product has no more digits than ``digits``: ``n^k`` is below
    the product, so ``n`` stops where ``n^k`` is longer."""

    def tries(q: Numbers) -> Iterator[JSON]:
        n = 1
        while not q and len(str(n**k)) <= len(digits):
            yield {"n": n}
            n += 1

    return tries


def in_bounds(k: int, digits: str) -> Callable[[Numbers], Iterator[JSON]]:
    """Every ``n`` whose product lies between the least and the greatest number
    written with each of ``digits`` once: from a little below the ``k``-th root of
    the least (``n^k`` is below the product, and ``(n+k-1)^k`` above it) until the
    product passes the greatest."""
    least = int(digits[1] + digits[0] + digits[2:] if digits[0] == "0" else digits)
    greatest = int(digits[::-1])

    def tries(q: Numbers) -> Iterator[JSON]:
        n = max(1, int(least ** (1 / k)) - k)
        while not q and prod(range(n, n + k)) <= greatest:
            if prod(range(n, n + k)) >= least:
                yield {"n": n}
            n += 1

    return tries


def write(q: Numbers) -> JSON:
    """The numbers as JSON, ``null`` before the choice."""
    return list(q) if q else None


def rules_of(posed: Posed) -> Rules[Numbers]:
    """The rules of ``k`` numbers and the digits ``posed`` asks for."""
    k, digits = asked(posed)
    return Rules(
        read,
        step(k),
        pandigital(digits),
        tries=every_n(k, digits),
        write=write,
        offers=in_bounds(k, digits),
    )


def check(posed: Posed, solution: Solution) -> None:
    """Raise :class:`~pearls.rules.Illegal` unless the solution chooses ``n`` whose ``k``
    numbers make a pandigital product, its answer the numbers (or, where it says none
    exists, none does)."""
    last = replay(rules_of(posed), posed, solution)
    if solution.moves is not None and solution.answer != list(last):
        raise Illegal(f"the answer {solution.answer} is not the numbers {list(last)}")


def legal(posed: Posed, state: JSON) -> list[Step]:
    """Every ``n`` the puzzle offers from ``state`` (none once chosen), with the
    numbers it chooses."""
    return allowed(rules_of(posed), state)
