"""The memory limit of ``--max-memory SIZE``: a size as people write it, and the limit
set on this process while the command works, so that a runaway search stops with a
``MemoryError`` (turned into the limit's one line) before the machine swaps.

The limit is the process's data segment (``RLIMIT_DATA``: the heap and the private
memory Python maps for its objects), set for the command and put back after it; where
the platform has no such limit (Windows, a browser), it is not enforced.

>>> size("2G"), size("512M"), size("1.5 GiB"), size("100000000")
(2147483648, 536870912, 1610612736, 100000000)
"""

from __future__ import annotations

import os
import re
from collections.abc import Generator
from contextlib import contextmanager
from importlib.util import find_spec

from pearls.errors import OptionError

__all__ = ["LEAST", "MOST", "default", "limited", "size"]

_SIZE = re.compile(r"\s*([0-9]{1,15}(?:\.[0-9]{1,6})?)\s*([KMGT]?)(?:I?B)?\s*", re.IGNORECASE)
_POWERS = {"": 0, "K": 1, "M": 2, "G": 3, "T": 4}
LEAST = 64 << 20  # below this, Python itself could not start a search: 64 MiB
MOST = (1 << 63) - 1  # the largest limit the system can hold (a signed 64-bit count): 8 EiB
# Whether this platform has resource limits: Windows and WebAssembly have none, and there
# the limit is not enforced (imported only where it exists).
_LIMITABLE = find_spec("resource") is not None


def size(text: str) -> int:
    """The bytes a size names: a number, optionally with ``K``, ``M``, ``G`` or ``T``
    (powers of 1,024, with or without ``B`` or ``iB``).  Raises
    :class:`~pearls.errors.OptionError` on anything else, below 64 MiB, or past
    :data:`MOST` (no machine has 8 EiB, and no system limit holds more).

    >>> size("1X")
    Traceback (most recent call last):
    ...
    pearls.errors.OptionError: --max-memory takes a size such as 2G or 512M, not '1X'
    >>> size("100000000000G")
    Traceback (most recent call last):
    ...
    pearls.errors.OptionError: --max-memory must be below 8388608T (8 EiB), not '100000000000G'
    """
    found = _SIZE.fullmatch(text) if text.isascii() else None
    if found is None:
        raise OptionError(f"--max-memory takes a size such as 2G or 512M, not {text!r}")
    number, unit = found.groups()
    n = int(float(number) * (1 << (10 * _POWERS[unit.upper()])))
    if n < LEAST:
        raise OptionError(f"--max-memory must be at least 64M, not {text!r}")
    if n > MOST:
        raise OptionError(f"--max-memory must be below 8388608T (8 EiB), not {text!r}")
    return n


def default() -> int | None:
    """Half this machine's memory, or ``None`` where it cannot be read."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // 2
    except (ValueError, OSError, AttributeError):
        return None


@contextmanager
def limited(n: int | None) -> Generator[None, None, None]:
    """This process's data limited to ``n`` bytes (never above the hard limit) while
    the block runs, and put back after it; no limit for ``None``, nor for ``n`` past
    what the system can hold (:data:`MOST`)."""
    if n is None or not _LIMITABLE or n > MOST:
        yield
        return
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
    wanted = n if hard == resource.RLIM_INFINITY else min(n, hard)
    resource.setrlimit(resource.RLIMIT_DATA, (wanted, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_DATA, (soft, hard))
