"""Writing ``--trace FILE``: a search's events as JSON lines, into a regular file opened
before the search starts, or to standard output for ``-``.

The file is opened at once, without waiting: a FIFO with no reader is refused then,
not after a search of minutes, and never waited on for ever; so is anything that is not
a regular file (a FIFO, a device, a folder), and a symbolic link, as ``--svg`` refuses
one.  A file that exists keeps its contents until the events are written over them.

>>> import io, os, tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     path = os.path.join(folder, "trace.jsonl")
...     with opened(path, io.StringIO()) as write:
...         write([{"event": "expand", "state": "a", "depth": 0}])
...     print(open(path).read(), end="")
{"event": "expand", "state": "a", "depth": 0}
"""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Callable, Generator, Sequence
from contextlib import contextmanager
from typing import TextIO

from pearls.cli.reading import NotRegular, regular_descriptor
from pearls.errors import InputError
from pearls.types import JSON

__all__ = ["Write", "opened"]

Write = Callable[[Sequence[dict[str, JSON]]], None]  # writes a trace's events, one a line
_FLAGS = os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)  # no link followed


@contextmanager
def opened(path: str, out: TextIO) -> Generator[Write, None, None]:
    """What writes the events into ``path`` (``-``: ``out``), opened now; a path that
    is not a regular file, or cannot be written, is one line of bad input."""
    if path == "-":
        yield lambda events: _write(events, out)
        return
    with open(_descriptor(path), "w", encoding="utf-8") as file:

        def write(events: Sequence[dict[str, JSON]]) -> None:
            file.seek(0)
            file.truncate()
            _write(events, file)

        yield write


def _descriptor(path: str) -> int:
    """The file at ``path`` opened to write (made if missing), if it is a regular file
    (:func:`~pearls.cli.reading.regular_descriptor`: a FIFO with no reader is refused,
    not waited on); else one line saying why not."""
    try:
        return regular_descriptor(path, _FLAGS)
    except NotRegular as e:
        raise InputError(f"--trace: {path!r} is {e} (standard output is '-')") from e
    except OSError as e:
        raise InputError(f"--trace: cannot write to {path!r}: {_why(e)}") from e


def _why(e: OSError) -> str:
    """Why a path could not be opened, in words: a link, a FIFO no one reads, or the
    system's reason."""
    if e.errno == errno.ELOOP:
        return "it is a symbolic link, not a regular file"
    if e.errno == errno.ENXIO:
        return "it is not a regular file (standard output is '-')"
    return str(e.strerror or e)


def _write(events: Sequence[dict[str, JSON]], out: TextIO) -> None:
    """The events as JSON lines, flushed."""
    for event in events:
        out.write(json.dumps(event) + "\n")
    out.flush()
