"""The cache of tables (:mod:`pearls.cache`) as a hypothesis state machine: two
:class:`~pearls.cache.Files` over one folder (two processes, say) write tables and
read them back, while their files are tampered with on disk, the folder is made
read-only and writable again, one of them is opened afresh, and one reads while the
other writes.

The model is what should be readable: each name's table last written, and whether
its file still holds it, read here by the format itself (the header line naming the
table, its size and its SHA-256, then one whole zlib stream of exactly the table; a
flip of the unused bits of zlib's last byte leaves a file that still does).  A read
gives exactly that table where the file holds it, nothing and one warning where the
file was tampered with, and nothing, silently, where there is no file; never another
table, never an exception.  A read-only folder still serves what is kept there; a
save succeeds exactly where the folder can be written and its ``Files`` has not
found it read-only before (then it warns once and tries no more).  After every step,
a reader opened afresh reads every table as the model says, each reader has been
warned exactly as often as the model counts, and the folder holds one file for each
name written and no ``.partial`` file.

As root, ``chmod`` stops no write: there, a read-only folder also refuses
``Path.write_bytes`` inside it (the way the cache writes, and the way
``tests/test_cache.py`` makes a folder read-only), as the system would for a user.
``docs/testing.md`` says which planted defects this machine finds, and how fast.
"""

from __future__ import annotations

import errno
import hashlib
import os
import shutil
import tempfile
import threading
import time
import zlib
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass
from functools import cache as once
from pathlib import Path
from typing import TypeVar
from unittest.mock import patch

import pytest
from hypothesis import Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from pearls import cache
from pearls.cache import FORMAT, Files, _opened

T = TypeVar("T")

NAMES = ("squares", "cubes", "tiles-3x3")
SIZES = (0, 3, 40)  # a table's bytes: none, a few, more; two tables are often of one size
TABLES = st.sampled_from(SIZES).flatmap(lambda n: st.binary(min_size=n, max_size=n))
READERS = st.sampled_from((0, 1))
ASKING = ("its size", "another size", "a failing check")  # how a reader asks for a table
# runs of the machine under make test: a third of the profile's examples (20), each of up
# to 50 steps
RUNS = settings(max_examples=max(1, settings().max_examples // 3))


def anything(table: bytes) -> bool:
    """A check every table passes."""
    return True


def nothing(table: bytes) -> bool:
    """A check no table passes."""
    return False


def written(name: str, table: bytes) -> bytes:
    """The bytes of ``table``'s file as ``name``, by the format."""
    digest = hashlib.sha256(table).hexdigest()
    return f"{FORMAT} {name} {len(table)} {digest}\n".encode("ascii") + zlib.compress(table)


def holds(data: bytes, name: str, table: bytes) -> bool:
    """Whether a cached file's bytes hold ``table`` as ``name``, by the format: the
    header line for its name, size and SHA-256, then one whole zlib stream of exactly
    the table and nothing after it."""
    header = written(name, table).partition(b"\n")[0] + b"\n"
    if not data.startswith(header):
        return False
    inflate = zlib.decompressobj()
    try:
        unpacked = inflate.decompress(data[len(header) :])
    except zlib.error:
        return False
    return inflate.eof and not inflate.unused_data and unpacked == table


@once
def chmod_stops_writes() -> bool:
    """Whether a folder made read-only by ``chmod`` refuses a new file (not for root)."""
    with tempfile.TemporaryDirectory() as folder:
        os.chmod(folder, 0o555)
        try:
            (Path(folder) / "probe").write_bytes(b"")
        except PermissionError:
            return True
        finally:
            os.chmod(folder, 0o755)
    return False


def refusing(folder: Path) -> Callable[[Path, bytes], int]:
    """``Path.write_bytes``, refused inside ``folder`` as a read-only folder refuses a
    user."""
    write = Path.write_bytes

    def write_bytes(path: Path, data: bytes) -> int:
        if path.parent == folder:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return write(path, data)

    return write_bytes


def read_while(
    files: Files, name: str, size: int, write: Callable[[], T]
) -> tuple[T, list[bytes | None]]:
    """What ``write`` gives, and what ``files`` reads of ``name`` (of ``size`` bytes),
    again and again in a thread while ``write`` runs, and once after it; an exception
    in either is raised here."""
    done, seen, failed = threading.Event(), list[bytes | None](), list[BaseException]()

    def read() -> None:
        try:
            while not done.is_set():
                seen.append(files.load(name, size, anything))
                time.sleep(0)
            seen.append(files.load(name, size, anything))
        except BaseException as e:  # raised again in the test's own thread
            failed.append(e)

    reader = threading.Thread(target=read)
    reader.start()
    try:
        result = write()
    finally:
        done.set()
        reader.join()
    if failed:
        raise failed[0]
    return result, seen


# --- ways to tamper with a file: its bytes, its name, the tables written, more drawn --------

Tampering = Callable[[bytes, str, dict[str, bytes], st.DataObject], bytes]


def flip_a_byte(content: bytes, name: str, kept: dict[str, bytes], data: st.DataObject) -> bytes:
    """Flip some bits of one byte (of an empty file: none)."""
    if not content:
        return content
    at = data.draw(st.integers(0, len(content) - 1), label="at")
    flipped = content[at] ^ data.draw(st.integers(1, 255), label="mask")
    return content[:at] + bytes([flipped]) + content[at + 1 :]


def truncate(content: bytes, name: str, kept: dict[str, bytes], data: st.DataObject) -> bytes:
    """Cut the file short, perhaps to nothing."""
    return content[: data.draw(st.integers(0, max(0, len(content) - 1)), label="length")]


def append(content: bytes, name: str, kept: dict[str, bytes], data: st.DataObject) -> bytes:
    """Add bytes after the file's end."""
    return content + data.draw(st.binary(min_size=1, max_size=8), label="more")


def copy_another(content: bytes, name: str, kept: dict[str, bytes], data: st.DataObject) -> bytes:
    """Another table's file, as the cache writes it: the table kept under another name,
    or one drawn where none is."""
    other = data.draw(st.sampled_from([n for n in NAMES if n != name]), label="other")
    return written(other, kept[other] if other in kept else data.draw(TABLES, label="its table"))


def newer_format(content: bytes, name: str, kept: dict[str, bytes], data: st.DataObject) -> bytes:
    """The table written in a format this version does not know."""
    return written(name, kept[name]).replace(FORMAT.encode(), b"pearls-cache 2", 1)


def forge(content: bytes, name: str, kept: dict[str, bytes], data: st.DataObject) -> bytes:
    """The table's own header over another table of its size (of an empty table, its
    file as written)."""
    table = kept[name]
    if not table:
        return written(name, table)
    others = st.binary(min_size=len(table), max_size=len(table)).filter(table.__ne__)
    other = data.draw(others, label="other table")
    return written(name, table).partition(b"\n")[0] + b"\n" + zlib.compress(other)


TAMPERING: dict[str, Tampering] = {
    "flip a byte": flip_a_byte,
    "truncate": truncate,
    "append": append,
    "copy another table's file": copy_another,
    "a newer format": newer_format,
    "forge the contents": forge,
}


@dataclass
class Reader:
    """One ``Files`` over the folder (one process, say), the warnings it was given, and
    what the model expects of it."""

    files: Files
    warned: list[str]
    warnings: int = 0  # the warnings it should have been given
    found_read_only: bool = False  # once a save of its own failed


def opened(root: Path) -> Reader:
    """A new reader of the folder ``root``."""
    warned: list[str] = []
    return Reader(Files(root, warn=warned.append), warned)


class CacheMachine(RuleBasedStateMachine):
    """Two readers of one cache folder, and the files in it tampered with."""

    def __init__(self) -> None:
        super().__init__()
        self.top = Path(tempfile.mkdtemp(prefix="pearls-cache-machine-"))
        self.root = self.top / "pearls"  # made by the first save
        self.readers = [opened(self.root), opened(self.root)]
        self.kept: dict[str, bytes] = {}  # each name's table last written
        self.intact: dict[str, bool] = {}  # whether its file holds that table still
        self.unlock = ExitStack()  # undoes what makes the folder read-only
        self.locked = False

    def teardown(self) -> None:
        """Make the folder writable again and remove it."""
        self.unlock.close()
        shutil.rmtree(self.top)

    # --- what the model says ----------------------------------------------------------------

    def readable(self, name: str) -> bytes | None:
        """The table a read of ``name`` gives: the one last written, where its file
        holds it still."""
        return self.kept[name] if self.intact.get(name, False) else None

    def damaged(self, name: str) -> bool:
        """Whether ``name`` has a file that no longer holds its table."""
        return name in self.kept and not self.intact[name]

    def saved(self, writer: int, name: str, table: bytes, kept: bool) -> None:
        """The model after ``writer``'s save of ``table`` as ``name``, which says
        ``kept``: kept exactly where the folder can be written and the writer has not
        found it read-only; the first refusal warns."""
        one = self.readers[writer]
        writable = not self.locked and not one.found_read_only
        assert kept == writable, f"reader {writer} saved {name!r}: {kept}, expected {writable}"
        if kept:
            self.kept[name], self.intact[name] = table, True
        elif not one.found_read_only:
            one.found_read_only = True
            one.warnings += 1

    def path(self, name: str) -> Path:
        """The file of ``name``."""
        return self.root / f"{name}.table"

    # --- writing and reading ------------------------------------------------------------------

    @rule(writer=READERS, name=st.sampled_from(NAMES), table=TABLES)
    def save(self, writer: int, name: str, table: bytes) -> None:
        """A reader writes a table."""
        self.saved(writer, name, table, self.readers[writer].files.save(name, table))

    @rule(
        reader=READERS,
        name=st.sampled_from(NAMES),
        asking=st.sampled_from(ASKING),
        offset=st.integers(1, 63),
    )
    def load(self, reader: int, name: str, asking: str, offset: int) -> None:
        """A reader reads a table back, asking for its size (the table last written,
        where its file holds it, or nothing), another size (``offset`` more, modulo 64:
        nothing) or with a check that refuses it (nothing); a file that serves nothing
        warns once."""
        size = len(self.kept.get(name, b""))
        if asking == "another size":
            size = (size + offset) % 64
        check = nothing if asking == "a failing check" else anything
        got = self.readers[reader].files.load(name, size, check)
        expected = self.readable(name) if asking == "its size" else None
        assert got == expected, f"reader {reader} read {name!r} as {got!r}, not {expected!r}"
        warns = name in self.kept and (asking != "its size" or self.damaged(name))
        self.readers[reader].warnings += warns

    @rule(reader=READERS)
    def open_again(self, reader: int) -> None:
        """A reader starts afresh (a new process): no warnings, no refusal known."""
        self.readers[reader] = opened(self.root)

    @rule(writer=READERS, name=st.sampled_from(NAMES), data=st.data())
    def read_while_another_writes(self, writer: int, name: str, data: st.DataObject) -> None:
        """One reader reads a table again and again while the other writes it anew
        (of the same size): each read gives the old table or the new one, never
        anything else, and never warns."""
        if self.damaged(name):
            return
        if name in self.kept:
            size = len(self.kept[name])
            table = data.draw(st.binary(min_size=size, max_size=size), label="table")
        else:
            table = data.draw(TABLES, label="table")
        before, reader = self.readable(name), 1 - writer
        save = self.readers[writer].files.save
        kept, seen = read_while(
            self.readers[reader].files, name, len(table), lambda: save(name, table)
        )
        self.saved(writer, name, table, kept)
        after = table if kept else before
        wrong = [got for got in seen if got not in (before, after)]
        assert not wrong, f"reader {reader} read {name!r} as {wrong[0]!r} during a save"
        assert seen[-1] == after, f"reader {reader} read {name!r} as {seen[-1]!r} after a save"

    # --- tampering --------------------------------------------------------------------------

    @precondition(lambda self: bool(self.kept))
    @rule(how=st.sampled_from(sorted(TAMPERING)), data=st.data())
    def tamper_with_a_file(self, how: str, data: st.DataObject) -> None:
        """Change a table's file on disk (not by ``Path.write_bytes``, which a read-only
        folder refuses); the model judges whether it holds the table still (a flip of
        the unused bits of zlib's last byte leaves it so)."""
        name = data.draw(st.sampled_from(sorted(self.kept)), label="name")
        path = self.path(name)
        changed = TAMPERING[how](path.read_bytes(), name, self.kept, data)
        with open(path, "wb") as file:
            file.write(changed)
        self.intact[name] = holds(changed, name, self.kept[name])

    # --- a read-only folder -------------------------------------------------------------------

    @precondition(lambda self: not self.locked and self.root.is_dir())
    @rule()
    def make_read_only(self) -> None:
        """Make the folder read-only (as root, refuse the cache's writes in it too)."""
        os.chmod(self.root, 0o555)
        self.unlock.callback(os.chmod, self.root, 0o755)
        if not chmod_stops_writes():
            self.unlock.enter_context(patch.object(Path, "write_bytes", refusing(self.root)))
        self.locked = True

    @precondition(lambda self: self.locked)
    @rule()
    def make_writable(self) -> None:
        """Make the folder writable again."""
        self.unlock.close()
        self.locked = False

    # --- after every step -------------------------------------------------------------------

    @invariant()
    def each_reader_is_warned_as_the_model_says(self) -> None:
        """Each reader has had exactly the warnings the model counts."""
        for i, reader in enumerate(self.readers):
            warned, expected = reader.warned, reader.warnings
            assert len(warned) == expected, f"reader {i}: {warned}, not {expected} warnings"

    @invariant()
    def a_new_reader_reads_what_should_be_readable(self) -> None:
        """A reader opened now (another process) reads each table written as the model
        says, warned once for each damaged file."""
        new = opened(self.root)
        for name, table in sorted(self.kept.items()):
            got, expected = new.files.load(name, len(table), anything), self.readable(name)
            assert got == expected, f"reader new read {name!r} as {got!r}, not {expected!r}"
        damaged = sum(map(self.damaged, self.kept))
        assert len(new.warned) == damaged, f"reader new: {new.warned}, not {damaged} warnings"

    @invariant()
    def the_folder_holds_one_file_a_table_written(self) -> None:
        """One file for each name written, and nothing else: no ``.partial`` file."""
        there = sorted(p.name for p in self.root.iterdir()) if self.root.is_dir() else []
        assert there == sorted(f"{name}.table" for name in self.kept), f"the folder holds {there}"


def test_the_cache_keeps_what_should_be_readable() -> None:
    run_state_machine_as_test(CacheMachine, settings=RUNS)


# --- planted defects, each found by the machine -------------------------------------------


def lenient(packed: bytes, size: int) -> bytes | None:
    """Unpacking that ignores whatever follows the zlib stream: a file with bytes
    appended is accepted."""
    inflate = zlib.decompressobj()
    try:
        table = inflate.decompress(packed, size + 1)
    except zlib.error:
        return None
    return table if inflate.eof and len(table) == size else None


def any_name(data: bytes, name: str, size: int) -> tuple[bytes | None, str]:
    """Opening that takes the name the header gives for the one asked: another
    table's file of the same size is read as this one."""
    words = data.partition(b"\n")[0].split(b" ")
    named = words[2].decode("latin-1") if len(words) > 2 else name
    return _opened(data, named if named.isascii() else name, size)


def unchecked(data: bytes, name: str, size: int) -> tuple[bytes | None, str]:
    """Opening that gives the table's own SHA-256 for the header's: a forged table is
    never caught."""
    table, digest = _opened(data, name, size)
    return table, digest if table is None else hashlib.sha256(table).hexdigest()


def giving_up(files: Files, why: str) -> None:
    """A failed save that gives up the whole cache: a read-only folder serves nothing."""
    files._give_up(why)


DEFECTS: dict[str, tuple[object, str, object]] = {  # where, what, and what replaces it
    "bytes after the stream accepted": (cache, "_unpacked", lenient),
    "another name's table read": (cache, "_opened", any_name),
    "the checksum unchecked": (cache, "_opened", unchecked),
    "a read-only folder unread": (Files, "_read_only", giving_up),
}
FOUND_WITHIN = 100  # runs: each defect here is found within a few dozen (docs/testing.md)


@pytest.mark.parametrize("defect", list(DEFECTS))
def test_the_machine_finds_a_planted_defect(monkeypatch: pytest.MonkeyPatch, defect: str) -> None:
    owner, attribute, planted = DEFECTS[defect]
    monkeypatch.setattr(owner, attribute, planted)
    once = settings(
        max_examples=FOUND_WITHIN, phases=[Phase.generate], database=None, derandomize=True
    )
    with pytest.raises(AssertionError, match=r"^reader (0|1|new)"):
        run_state_machine_as_test(CacheMachine, settings=once)
