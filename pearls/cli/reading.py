"""Reading what the command line is given: a board (its text, a file, or stdin) and a
batch of boards (a file or stdin, line by line), each within a size no real board
reaches.  A file must be a regular file: a FIFO would wait for a writer for ever and
a device such as ``/dev/zero`` never ends, so either is refused unread (stdin is ``-``).

>>> text, where = read_board("AA.... ......", None)
>>> text, where
('AA.... ......', '')
>>> read_board("-", None)
Traceback (most recent call last):
...
pearls.errors.InputError: cannot read the board from stdin: there is none
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from typing import BinaryIO, TextIO

from pearls.errors import InputError
from pearls.frontend import MAX_TEXT

__all__ = ["NotRegular", "batch_lines", "read_board", "regular_descriptor"]

_NONBLOCKING = getattr(os, "O_NONBLOCK", 0)  # opening a FIFO must not wait for its other end


class NotRegular(Exception):
    """The path names no regular file; the message says what it is instead."""


def regular_descriptor(path: str, flags: int, mode: int = 0o644) -> int:
    """The file at ``path`` opened with ``flags``, if it is a regular file: opened
    without waiting (a FIFO's open waits for its other end, for ever) and looked at
    before a byte moves, then set to block as usual.  :class:`NotRegular` says what
    it is otherwise; ``os.open``'s :class:`OSError` where it cannot be opened."""
    descriptor = os.open(path, flags | _NONBLOCKING, mode)
    kind = os.fstat(descriptor).st_mode
    if not stat.S_ISREG(kind):
        os.close(descriptor)
        raise NotRegular("a directory" if stat.S_ISDIR(kind) else "not a regular file")
    if _NONBLOCKING:
        os.set_blocking(descriptor, True)
    return descriptor


def read_board(arg: str, stdin: TextIO | None) -> tuple[str, str]:
    """The text ``--board`` names, and where it came from (for error messages): ``-``
    for stdin, the path of a file, or else the board's text itself."""
    if arg == "-":
        if stdin is None:
            raise InputError("cannot read the board from stdin: there is none")
        what = "the board on stdin"
        return _decoded(_capped(_binary(stdin), what), what), " on stdin"
    if os.path.exists(arg):
        what = f"board file {arg!r}"
        with _regular(arg, what) as file:
            return _decoded(_capped(file, what), what), f" in file {arg!r}"
    _check_text(arg, "--board")
    if _looks_like_a_path(arg):
        return arg, f" (no file named {arg!r}, so read as board text)"
    return arg, ""


def batch_lines(arg: str, stdin: TextIO | None) -> Iterator[str]:
    """The lines of the batch ``--batch`` names (``-``: stdin), one at a time, without
    their line ends; a line longer than :data:`MAX_TEXT` ends the batch with an error."""
    if arg == "-":
        if stdin is None:
            raise InputError("cannot read the batch from stdin: there is none")
        yield from _lines(_binary(stdin), "the batch on stdin")
        return
    what = f"batch file {arg!r}"
    with _regular(arg, what) as file:  # read lazily, closed when the batch ends
        yield from _lines(file, what)


def _regular(path: str, what: str) -> BinaryIO:
    """The file at ``path``, opened to read, if it is a regular file
    (:func:`regular_descriptor`); else one line saying why not."""
    try:
        descriptor = regular_descriptor(path, os.O_RDONLY)
    except NotRegular as e:
        raise InputError(f"cannot read {what}: it is {e} (stdin is '-')") from e
    except OSError as e:
        raise InputError(f"cannot read {what}: {e.strerror or e}") from e
    return open(descriptor, "rb")  # handed to the caller, who closes it


class _Encoded:
    """A text stream read as UTF-8 bytes (a stream without a byte buffer, as a test's
    ``io.StringIO``), counting characters where a byte stream counts bytes."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def read(self, n: int) -> bytes:
        return self.stream.read(n).encode("utf-8", "surrogateescape")

    def readline(self, n: int) -> bytes:
        return self.stream.readline(n).encode("utf-8", "surrogateescape")


Source = BinaryIO | _Encoded  # what bytes are read from


def _binary(stream: TextIO) -> Source:
    """The bytes under a text stream: its buffer, where it has one."""
    buffer: BinaryIO | None = getattr(stream, "buffer", None)
    return _Encoded(stream) if buffer is None else buffer


def _lines(source: Source, what: str) -> Iterator[str]:
    """The lines of ``source``, decoded, each checked against the cap."""
    for number, line in enumerate(iter(lambda: source.readline(MAX_TEXT + 1), b""), start=1):
        if len(line) > MAX_TEXT:
            raise InputError(f"{what}: line {number} is longer than {MAX_TEXT:,} bytes")
        yield _decoded(line, f"{what}, line {number}").rstrip("\r\n")


def _capped(source: Source, what: str) -> bytes:
    """All of ``source``, refused past :data:`MAX_TEXT` bytes."""
    try:
        data = source.read(MAX_TEXT + 1)
    except OSError as e:
        raise InputError(f"cannot read {what}: {e.strerror or e}") from e
    if len(data) > MAX_TEXT:
        raise InputError(f"{what} is longer than {MAX_TEXT:,} bytes: no board is that large")
    return data


def _decoded(data: bytes, what: str) -> str:
    """``data`` as UTF-8 text, or one line saying where it is not."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputError(f"{what} is not UTF-8 text (byte {e.start})") from e


def _check_text(arg: str, option: str) -> None:
    """Refuse an argument that is not text: bytes that are not UTF-8 reach Python's
    ``argv`` as lone surrogates, which no board holds and no file can be written with
    (its size is the front end's to check, as for any board)."""
    try:
        arg.encode("utf-8")
    except UnicodeEncodeError as e:
        raise InputError(f"{option}: not UTF-8 text (character {e.start})") from e


def _looks_like_a_path(arg: str) -> bool:
    """Whether ``arg`` was more likely meant as a file name than as a board: a name
    ending in ``.txt`` or ``.json``, or starting like a path (``/``, ``./``, ``~``),
    with no spaces.  A board written with ``/`` between its rows is not a path.

    >>> _looks_like_a_path("boards/p1.txt"), _looks_like_a_path("QQQ.R./..S.RZ/......")
    (True, False)
    """
    starts = arg.startswith(("/", "./", "../", "~"))
    return not any(c.isspace() for c in arg) and (starts or arg.endswith((".txt", ".json")))
