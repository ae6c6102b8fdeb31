"""The time limit held over code that may never come back: a puzzle from another
package whose ``moves`` sleeps or spins never returns to the meter, which looks at the
clock only between expansions (:class:`~pearls.limits.Meter`).

While such work runs, an alarm is set for its deadline: ``SIGALRM``, from
``setitimer``, whose handler raises :class:`~pearls.guard.Overdue` in the main thread
wherever the work is, inside a sleep too (the signal interrupts it); the front end
says the time limit's usual line, with the meter's counts.  What the signal cannot stop
(a loop in C that never looks at signals, or an ``except BaseException`` that swallows
the exception) is ended by a watchdog thread :data:`GRACE` seconds past the deadline:
it writes the limit's line itself and ends the process with exit 3.

Nothing is wrapped: a search runs as fast under the alarm as without it, and setting
one is two system calls and a thread per command.  The alarm is set only while the
work runs (:meth:`Alarm.each`), never while its outcomes are printed.  Where there is
no ``setitimer`` (Windows), or outside the main thread, the watchdog alone holds the
limit.

>>> with watched(5.0, "stopped") as alarm:
...     list(alarm.each(iter([1, 2, 3])))
[1, 2, 3]
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager, suppress
from types import FrameType, TracebackType
from typing import TypeAlias, TypeVar

from pearls.guard import Overdue

__all__ = ["GRACE", "Alarm", "watched"]

T = TypeVar("T")
Handler: TypeAlias = Callable[[int, FrameType | None], object] | int | signal.Handlers | None

GRACE = 2.0  # seconds past the deadline before the watchdog ends the process
_SOON = 1e-3  # the alarm of a deadline already passed: at once (0 would clear it)
_EXIT = 3  # the exit code of a limit reached


class Alarm:
    """A deadline ``seconds`` from its making, held over the work while it runs (unless
    it is not ``watched``); the watchdog's last words are ``said`` on stderr and
    ``printed`` on stdout."""

    def __init__(self, seconds: float, said: str, printed: str = "", watched: bool = True) -> None:
        self.seconds = seconds
        self.deadline: float = time.monotonic() + seconds
        self.watched = watched
        self.said = said
        self.printed = printed
        self.done: threading.Event = threading.Event()
        self._before: Handler = None  # the handler of SIGALRM while the alarm is clear

    def each(self, items: Iterator[T]) -> Iterator[T]:
        """The items, the alarm set while each is made and clear while it is used."""
        while True:
            with self:
                try:
                    item = next(items)
                except StopIteration:
                    return
            yield item

    def __enter__(self) -> None:
        if _signals() and self.watched:
            self._before = signal.signal(signal.SIGALRM, self._ring)
            left = self.deadline - time.monotonic()
            signal.setitimer(signal.ITIMER_REAL, max(left, _SOON))

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if _signals() and self.watched:
            signal.setitimer(signal.ITIMER_REAL, 0)
            before = self._before
            signal.signal(signal.SIGALRM, signal.SIG_DFL if before is None else before)

    def _ring(self, signum: int, frame: FrameType | None) -> None:
        """The alarm: the deadline passed, wherever the work is."""
        raise Overdue(self.seconds)

    def watch(self) -> None:
        """The watchdog: unless the work is done :data:`GRACE` seconds past the deadline,
        say the limit's line and end the process."""
        if self.done.wait(max(0.0, self.deadline - time.monotonic()) + GRACE):
            return
        with suppress(OSError):
            if self.printed:
                os.write(1, f"{self.printed}\n".encode())
            os.write(2, f"pearls: {self.said}\n".encode())
        os._exit(_EXIT)


def _signals() -> bool:
    """Whether an alarm can interrupt this thread: it is the main thread, on a
    platform with ``setitimer``."""
    main = threading.current_thread() is threading.main_thread()
    return main and hasattr(signal, "setitimer")


@contextmanager
def watched(
    seconds: float, said: str, printed: str = "", watched: bool = True
) -> Generator[Alarm, None, None]:
    """An :class:`Alarm` ``seconds`` from now and its watchdog, while the block runs;
    one that never rings where the work is not ``watched`` (a built-in puzzle's, whose
    meter alone holds the limit)."""
    alarm = Alarm(seconds, said, printed, watched)
    if not watched:
        yield alarm
        return
    watchdog = threading.Thread(target=alarm.watch, name="pearls watchdog", daemon=True)
    with suppress(RuntimeError):  # no thread to be had: the signal alone
        watchdog.start()
    try:
        yield alarm
    finally:
        alarm.done.set()
