"""The ``pearls`` command and ``python -m pearls``: the command line of :mod:`pearls.cli`,
Ctrl-C answered in one line and exit 130 from the first instant.

The command line imports every puzzle, its text form and its drawing before it reads
its arguments, half a second of work in which Ctrl-C used to print a
``KeyboardInterrupt`` traceback.  :func:`main` sets a handler first, importing nothing
heavy to do so (the package's own names are imported lazily): interrupted while the
command line is being imported, the process says so and exits at once; from then on
Ctrl-C is Python's own ``KeyboardInterrupt`` again, which the command line turns into
the same line.  A process started with Ctrl-C ignored (a background job) keeps it
ignored.
"""

from __future__ import annotations

import os
import signal
import sys

TYPE_CHECKING = False  # true for the type checker alone: nothing more is imported to start
if TYPE_CHECKING:
    from types import FrameType

__all__ = ["INTERRUPTED", "main"]

INTERRUPTED = 130  # the exit code of a command stopped by Ctrl-C: 128 + SIGINT


def main() -> int:
    """Run the command line on ``sys.argv``; the exit code."""
    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        from pearls.cli import main as run

        return run()
    signal.signal(signal.SIGINT, _while_starting)
    from pearls.cli import main as run

    try:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        return run()
    except KeyboardInterrupt:  # in the instant before the command line's own handling
        _say_interrupted()
        return INTERRUPTED


def _while_starting(signum: int, frame: FrameType | None) -> None:
    """Ctrl-C before the command line is imported: one line, and exit at once (no
    exception unwinds through the half-done imports)."""
    _say_interrupted()
    os._exit(INTERRUPTED)


def _say_interrupted() -> None:
    """The line the command line says when interrupted, written straight to stderr."""
    from contextlib import suppress

    with suppress(OSError, ValueError):  # no standard error to tell
        os.write(sys.stderr.fileno() if sys.stderr else 2, b"pearls: interrupted\n")


if __name__ == "__main__":
    sys.exit(main())
