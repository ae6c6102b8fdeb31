"""The cache: the one module of the library, beside the command line, that touches files.

Tables that take long to build and little room to keep (the 15 puzzle's pattern
databases, :mod:`pearls.puzzles.sliding.patterns`) are kept between runs under the user's
cache directory, ``$XDG_CACHE_HOME/pearls`` (by default ``~/.cache/pearls``), one file a
table: a header line naming the table, its size and its SHA-256, then the table
compressed with zlib.  The code that builds a table never reads or writes it: it is
handed a :class:`Files` (or any store with the same ``load``, ``save`` and ``warn``) as
a value.

Nothing here stops a run.  A directory that cannot be made or written, a file that
cannot be read, is not a regular file (a FIFO would block the read for ever), is not
the table it should be, or fails its checksum or the caller's check, is reported in
one line to ``warn`` (by default on stderr) and the caller goes on without it,
building the table afresh.  A directory that cannot be written is still read: the
tables kept there serve, and only the missing ones are built.  A read is bounded: a
file larger than its table could compress to is refused unread, and decompression
stops one byte past the table's size, so a small file cannot unpack to gigabytes.  A
save writes a ``.partial`` file first and renames it into place, so a killed save
never leaves a half-written table; the ``.partial`` files a killed save leaves behind
are removed once stale.  The files that come with the package (:func:`packaged`) are
read the same way: a regular file only, opened without waiting.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as root:
...     files = Files(Path(root), warn=print)
...     files.save("squares", bytes([0, 1, 4, 9]))
...     files.load("squares", 4, lambda table: table[0] == 0)
True
b'\\x00\\x01\\x04\\t'
"""

from __future__ import annotations

import errno
import hashlib
import os
import re
import stat
import sys
import time
import zlib
from collections.abc import Callable, Mapping
from contextlib import suppress
from importlib.resources import as_file, files
from pathlib import Path

__all__ = ["FORMAT", "STALE", "Check", "Files", "Warn", "directory", "packaged", "say"]

Warn = Callable[[str], None]  # told one line about a cache it cannot use, e.g. say
Check = Callable[[bytes], bool]  # whether a table read back is plausible, e.g. its goal's entry 0

FORMAT = "pearls-cache 1"  # the first words of a cached file's header line
STALE = 600.0  # seconds after which a .partial file is taken for a killed save's
_NAME = re.compile(r"[a-z0-9][a-z0-9-]*")  # a table's name, e.g. "tiles-4x4-blank-first-1-2-3"
_DIGEST = re.compile(rb"[0-9a-f]{64}")  # a SHA-256 as the header gives it
_NONBLOCKING = getattr(os, "O_NONBLOCK", 0)  # opening a FIFO to read must not wait for a writer


def say(message: str) -> None:
    """Warn in one line on stderr: ``pearls: warning: MESSAGE``, its whitespace folded.

    >>> import contextlib, io
    >>> with contextlib.redirect_stderr(io.StringIO()) as err:
    ...     say("cannot keep\\n  the table")
    >>> err.getvalue()
    'pearls: warning: cannot keep the table\\n'
    """
    print("pearls: warning:", *message.split(), file=sys.stderr)


def directory(environ: Mapping[str, str] = os.environ) -> Path | None:
    """Where tables are kept: ``$XDG_CACHE_HOME/pearls`` where that is an absolute path
    (the XDG specification ignores a relative one), else ``~/.cache/pearls``; ``None``
    where there is no home directory either.

    >>> directory({"XDG_CACHE_HOME": "/var/cache/me"}), directory({"HOME": "/home/me"})
    (PosixPath('/var/cache/me/pearls'), PosixPath('/home/me/.cache/pearls'))
    """
    base = environ.get("XDG_CACHE_HOME", "")
    if os.path.isabs(base):
        return Path(base) / "pearls"
    home = environ.get("HOME", "")
    return Path(home) / ".cache" / "pearls" if os.path.isabs(home) else None


def _header(name: str, size: int, digest: str) -> bytes:
    """A cached file's first line: the format, the table's name, its size and SHA-256."""
    return f"{FORMAT} {name} {size} {digest}\n".encode("ascii")


def _most_packed(size: int) -> int:
    """The most bytes a file holding a table of ``size`` bytes can take: its header and
    zlib's worst case (stored blocks: 5 bytes a block of up to 16 KiB, and 6 more)."""
    return len(_header("x" * 100, size, "0" * 64)) + size + 5 * (size // 16_383 + 1) + 6


def _unpacked(packed: bytes, size: int) -> bytes | None:
    """The table ``packed`` decompresses to, if it is one whole zlib stream of exactly
    ``size`` bytes; decompression stops one byte past ``size``.

    >>> _unpacked(zlib.compress(bytes(10)), 10), _unpacked(zlib.compress(bytes(10**6)), 10)
    (b'\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00', None)
    """
    inflate = zlib.decompressobj()
    try:
        table = inflate.decompress(packed, size + 1)
    except zlib.error:
        return None
    whole = inflate.eof and not inflate.unused_data and not inflate.unconsumed_tail
    return table if whole and len(table) == size else None


def _opened(data: bytes, name: str, size: int) -> tuple[bytes | None, str]:
    """The table a cached file's ``data`` holds and the SHA-256 its header gives, if
    the header is this table's (any other bytes in it, none); the table unchecked.

    >>> _opened(_header("t", 2, "0" * 64) + zlib.compress(b"ab"), "t", 2)[0]
    b'ab'
    >>> _opened(b"x \\xff\\n", "t", 2)
    (None, '')
    """
    line, _, packed = data.partition(b"\n")
    digest = line.rsplit(b" ", 1)[-1]
    if not _DIGEST.fullmatch(digest) or line + b"\n" != _header(name, size, digest.decode()):
        return None, ""
    return _unpacked(packed, size), digest.decode()


class Files:
    """Tables kept as files in the directory ``root`` (by default :func:`directory`),
    any trouble told to ``warn`` in one line.  Once the directory itself fails (it
    is a file, say, or cannot be made), it is not tried again: one warning, and every
    table is built afresh.  Once a save fails (the directory is read-only, say), no
    other save is tried, but the tables kept there are still read.
    """

    def __init__(self, root: Path | None = None, warn: Warn = say) -> None:
        self.root: Path | None = directory() if root is None else root
        self.warn = warn
        self.off: bool = False  # set once the directory has failed
        self.unwritable: bool = False  # set once a save has failed: tables are still read
        self.blocked: set[str] = set()  # tables whose file is a directory: left alone
        if self.root is None:
            self._give_up("no cache directory (set XDG_CACHE_HOME or HOME)")

    def _give_up(self, why: str) -> None:
        """Warn once that the cache is not used, and why."""
        if not self.off:
            self.off = True
            self.warn(f"{why}; going on without the cache, building tables afresh")

    def _read_only(self, why: str) -> None:
        """Warn once that no table can be kept, and why; the kept ones are still read."""
        if not (self.off or self.unwritable):
            self.unwritable = True
            self.warn(f"{why}; tables built now are not kept")

    def path(self, name: str) -> Path | None:
        """The file that keeps the table ``name``; ``None`` with no directory.

        >>> Files(Path("/tmp/pearls")).path("tiles-3x3")
        PosixPath('/tmp/pearls/tiles-3x3.table')
        """
        if not _NAME.fullmatch(name):
            raise ValueError(f"a table's name is lower-case letters, digits and '-', not {name!r}")
        return None if self.root is None else self.root / f"{name}.table"

    def load(self, name: str, size: int, check: Check) -> bytes | None:
        """The table ``name`` as kept, if its file is there and intact: its header names
        it and ``size``, it decompresses to ``size`` bytes with the SHA-256 the header
        gives, and ``check`` passes it.  ``None`` (and a warning, unless the file is
        simply not there) otherwise."""
        path = self.path(name)
        if path is None or self.off:
            return None
        self._sweep()
        data = self._read(path, _most_packed(size))
        if data is None:
            return None
        table, digest = _opened(data, name, size)
        if table is None or hashlib.sha256(table).hexdigest() != digest:
            self.warn(
                f"the cached {path} is damaged or not the table it should be; building it afresh"
            )
            return None
        if not check(table):
            self.warn(f"the cached {path} fails the table's own checks; building it afresh")
            return None
        return table

    def _read(self, path: Path, most: int) -> bytes | None:
        """The bytes of ``path``, up to ``most``; ``None`` if it is not there (silently),
        cannot be read, is not a regular file or is longer (with a warning); read as
        :func:`_regular` reads."""
        try:
            data = _regular(path, most)
        except FileNotFoundError:
            return None
        except IsADirectoryError:
            self.blocked.add(path.stem)
            self.warn(f"{path} is a directory where a cached table should be; going on without it")
            return None
        except NotADirectoryError as e:
            self._give_up(f"the cache directory {self.root} cannot be used ({e.strerror})")
            return None
        except OSError as e:
            self.warn(f"cannot read the cached {path} ({e.strerror}); building it afresh")
            return None
        if data is None:
            self.warn(f"{path} is not a regular file; building the table afresh")
            return None
        if len(data) > most:
            self.warn(f"the cached {path} is larger than its table can be; building it afresh")
            return None
        return data

    def save(self, name: str, table: bytes) -> bool:
        """Keep ``table`` as ``name``: written to a ``.partial`` file, then renamed into
        place.  Whether it was kept: a warning says why not, and a directory that cannot
        be written is not tried again."""
        path = self.path(name)
        if path is None or self.off or self.unwritable or name in self.blocked:
            return False
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            self._give_up(f"cannot make the cache directory {path.parent} ({e.strerror or e})")
            return False
        self._sweep()
        partial = path.with_name(f"{path.name}.{os.getpid()}.partial")
        digest = hashlib.sha256(table).hexdigest()
        try:
            partial.write_bytes(_header(name, len(table), digest) + zlib.compress(table, 6))
            partial.replace(path)
        except OSError as e:
            with suppress(OSError):
                partial.unlink()
            if isinstance(e, IsADirectoryError):
                self.warn(
                    f"{path} is a directory where a cached table should be; going on without it"
                )
            else:
                self._read_only(
                    f"cannot write in the cache directory {path.parent} ({e.strerror or e})"
                )
            return False
        return True

    def _sweep(self, now: float | None = None) -> None:
        """Remove the ``.partial`` files older than :data:`STALE` seconds: what killed
        saves left (a live save renames its own within a second)."""
        if self.root is None:
            return
        now = time.time() if now is None else now
        with suppress(OSError):
            for partial in self.root.glob("*.partial"):
                with suppress(OSError):
                    if now - partial.stat().st_mtime > STALE:
                        partial.unlink()


def _regular(path: Path, most: int) -> bytes | None:
    """The first ``most + 1`` bytes of the file ``path``, or ``None`` if it is no regular
    file (a FIFO, a device); ``OSError`` where it cannot be opened or read, and
    ``IsADirectoryError`` for a directory.  It is opened without waiting (a FIFO's open
    would wait for a writer, for ever) and read only once it is known to be a regular
    file."""
    with open(os.open(path, os.O_RDONLY | _NONBLOCKING), "rb") as file:
        mode = os.fstat(file.fileno()).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        return file.read(most + 1) if stat.S_ISREG(mode) else None


def packaged(package: str, name: str, most: int) -> bytes | None:
    """The bytes of the file ``name`` (``/`` between folders) that comes with the
    installed ``package`` as its package data, such as the 15 puzzle's pattern databases,
    at most ``most`` of them; ``None`` where there is no such file, it cannot be read, is
    no regular file (it is opened as the cache's own are, :func:`_regular`: a FIFO in its
    place is not waited on), or it is longer.

    >>> packaged("pearls", "py.typed", 10), packaged("pearls", "no/such.file", 10)
    (b'', None)
    """
    resource = files(package)
    for part in name.split("/"):
        resource = resource / part
    try:
        with as_file(resource) as path:
            data = _regular(path, most)
    except OSError:
        return None
    return data if data is not None and len(data) <= most else None
