"""The one rule for each value a request gives, whoever gives it: the command line's
text, a JSON value from the browser, or a caller's ``int`` or ``float``.  Each value is
read here, once, and refused in one line that names it as the command line spells it,
so that the same value gets the same verdict and the same line from every face and from
:class:`~pearls.limits.Meter`.

A whole number is written in ASCII digits, spaces around them allowed (``" 5 "``): no
sign, no ``_``, no ``0x``, no exponent, no other script's digits.  A number of seconds
may have a fraction and an exponent (``1.5``, ``1e3``), and must be finite.  A size is
a whole number of bytes, or a number with a unit (``2G``, ``512M``, ``1.5 GiB``).  A
value given as a number keeps to the same rule: ``1.5`` is no whole number, NaN and
infinity no number of seconds, and ``True`` is no number at all.

>>> max_states("5"), max_states(" 5 "), timeout("1e3"), max_memory("512M")
(5, 5, 1000.0, 536870912)
>>> max_states("1.5")
Traceback (most recent call last):
...
pearls.errors.OptionError: --max-states must be a whole number of at least 0, not '1.5'
>>> max_states(1.5)
Traceback (most recent call last):
...
pearls.errors.OptionError: --max-states must be a whole number of at least 0, not '1.5'
"""

from __future__ import annotations

import math
import re

from pearls.errors import OptionError
from pearls.textform import quoted

__all__ = [
    "LEAST_MEMORY",
    "MOST",
    "max_memory",
    "max_states",
    "shown",
    "size",
    "timeout",
    "whole",
]

MOST = (1 << 63) - 1  # the largest count or size any limit holds (a signed 64-bit count)
LEAST_MEMORY = 64 << 20  # the least memory a face holds a search to: Python needs more
_SECONDS = re.compile(r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]{1,4})?")
_SIZE = re.compile(r"([0-9]{1,15}(?:\.[0-9]{1,6})?)\s*([KMGT]?)(?:I?B)?", re.IGNORECASE)
_POWERS = {"": 0, "K": 1, "M": 2, "G": 3, "T": 4}
_LONGEST = 40  # characters of a number of seconds or a size, spaces aside


def shown(value: object) -> str:
    """A value as a refusal quotes it: a text as it was given, a number as Python
    writes it, either cut short where it is long.

    >>> shown("1.5"), shown(1.5), shown(True), shown("9" * 50)
    ("'1.5'", "'1.5'", "'True'", 'a value of 50 characters')
    """
    return quoted(value if isinstance(value, str) else repr(value))


def whole(value: object, name: str, least: int = 0, most: int = MOST) -> int:
    """A whole number from ``least`` to ``most``, given as its digits or as an ``int``;
    else :class:`~pearls.errors.OptionError` naming the option ``name``.

    >>> whole("7", "--discs", 1, 64)
    7
    >>> whole("+7", "--discs", 1, 64)
    Traceback (most recent call last):
    ...
    pearls.errors.OptionError: --discs must be a whole number from 1 to 64, not '+7'
    """
    n = _whole(value, most)
    if n is None or not least <= n <= most:
        upper = f"of at least {least}" if most == MOST else f"from {least} to {most}"
        raise OptionError(f"{name} must be a whole number {upper}, not {shown(value)}")
    return n


def _whole(value: object, most: int) -> int | None:
    """The whole number ``value`` is or writes, reading no more digits than ``most``
    has (``int`` refuses 4,301 of them); ``None`` where it is none."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if not isinstance(value, str):
        return None
    digits = value.strip()
    if not (digits.isascii() and digits.isdecimal()) or len(digits) > len(str(most)):
        return None
    return int(digits)


def max_states(value: object) -> int:
    """A bound on the states expanded: a whole number, 0 allowing none."""
    return whole(value, "--max-states")


def timeout(value: object) -> float:
    """A bound on the seconds: a finite number of at least 0, 0 allowing none.

    >>> timeout("nan")
    Traceback (most recent call last):
    ...
    pearls.errors.OptionError: --timeout must be a finite number of seconds, at least 0, not 'nan'
    """
    seconds = _number(value)
    if seconds is None or not 0 <= seconds < math.inf:
        raise OptionError(
            f"--timeout must be a finite number of seconds, at least 0, not {shown(value)}"
        )
    return seconds


def _number(value: object) -> float | None:
    """The number ``value`` is or writes in ASCII decimal digits; ``None`` where it is
    none (NaN is a number here, for its caller to refuse)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if not isinstance(value, str):
        return None
    text = value.strip()
    if len(text) > _LONGEST or not _SECONDS.fullmatch(text):
        return None
    return float(text)


def max_memory(value: object) -> int:
    """A bound on the memory the work holds, as a face holds a process to it: a size
    of at least :data:`LEAST_MEMORY` (:func:`size`)."""
    return size(value, LEAST_MEMORY)


def size(value: object, least: int = 0) -> int:
    """The bytes a size names: a whole number, or a number with ``K``, ``M``, ``G`` or
    ``T`` (powers of 1,024, with or without ``B`` or ``iB``), from ``least`` to
    :data:`MOST` (no machine has 8 EiB, and no system limit holds more); else
    :class:`~pearls.errors.OptionError` naming ``--max-memory``.

    >>> size("2G"), size("512M"), size("1.5 GiB"), size("100000000"), size(4096)
    (2147483648, 536870912, 1610612736, 100000000, 4096)
    >>> size("1X")
    Traceback (most recent call last):
    ...
    pearls.errors.OptionError: --max-memory takes a size such as 2G or 512M, not '1X'
    >>> size("100000000000G")
    Traceback (most recent call last):
    ...
    pearls.errors.OptionError: --max-memory must be below 8388608T (8 EiB), not '100000000000G'
    """
    n = _bytes(value)
    if n is None:
        raise OptionError(f"--max-memory takes a size such as 2G or 512M, not {shown(value)}")
    if n < least:
        raise OptionError(f"--max-memory must be at least {_written(least)}, not {shown(value)}")
    if n > MOST:
        raise OptionError(f"--max-memory must be below 8388608T (8 EiB), not {shown(value)}")
    return n


def _bytes(value: object) -> int | None:
    """The bytes ``value`` is or names; ``None`` where it names none."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if not isinstance(value, str):
        return None
    text = value.strip()
    found = _SIZE.fullmatch(text) if text.isascii() and len(text) <= _LONGEST else None
    if found is None:
        return None
    number, unit = found.groups()
    return int(float(number) * (1 << (10 * _POWERS[unit.upper()])))


def _written(n: int) -> str:
    """A size as :func:`size` reads it, in the largest unit that writes it whole.

    >>> _written(64 << 20), _written(0), _written(1000)
    ('64M', '0', '1000')
    """
    for unit, power in (("T", 4), ("G", 3), ("M", 2), ("K", 1)):
        if n and n % (1 << (10 * power)) == 0:
            return f"{n >> (10 * power)}{unit}"
    return str(n)
