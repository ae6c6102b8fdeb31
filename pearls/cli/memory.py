"""The memory limit of ``--max-memory SIZE``: the limit set on this process while the
command works, so that a runaway search stops with a ``MemoryError`` (turned into the
limit's one line) before the machine swaps.  The size itself is read by the front end,
by the one rule every face reads it by (:func:`pearls.values.max_memory`).

The limit is the process's data segment (``RLIMIT_DATA``: the heap and the private
memory Python maps for its objects), set for the command and put back after it; where
the platform has no such limit (Windows, a browser), it is not enforced.

Putting it back is one system call in an object's ``__exit__``, not a generator resumed
with the error: when the work has just run out of memory, the way out of the limit makes
as few frames and objects as it can, so that the limit is let go before anything else
is asked of the interpreter.

>>> with limited(None):
...     pass
"""

from __future__ import annotations

import os
from collections.abc import Callable
from contextlib import AbstractContextManager
from functools import partial
from importlib.util import find_spec
from types import TracebackType

from pearls.values import MOST

__all__ = ["default", "limited"]

# Whether this platform has resource limits: Windows and WebAssembly have none, and there
# the limit is not enforced (imported only where it exists).
_LIMITABLE = find_spec("resource") is not None


def default() -> int | None:
    """Half this machine's memory, or ``None`` where it cannot be read."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // 2
    except (ValueError, OSError, AttributeError):
        return None


def limited(n: int | None) -> AbstractContextManager[None]:
    """This process's data limited to ``n`` bytes (never above the hard limit) while
    the block runs, and put back after it; no limit for ``None``, nor for ``n`` past
    what the system can hold (:data:`~pearls.values.MOST`), nor where the platform has
    none."""
    return _Limited(n if _LIMITABLE and n is not None and n <= MOST else None)


class _Limited(AbstractContextManager[None]):
    """The data limit of :func:`limited`: set on entry, put back on exit."""

    def __init__(self, n: int | None) -> None:
        self.n = n
        self.restore: Callable[[], None] | None = None

    def __enter__(self) -> None:
        if self.n is None:
            return
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
        wanted = self.n if hard == resource.RLIM_INFINITY else min(self.n, hard)
        self.restore = partial(resource.setrlimit, resource.RLIMIT_DATA, (soft, hard))
        resource.setrlimit(resource.RLIMIT_DATA, (wanted, hard))

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self.restore is not None:
            self.restore()
