"""The cache of tables: kept and read back; refused when damaged, foreign, oversized or a
zlib bomb; a directory that cannot serve warns once and the caller goes on; stale
``.partial`` files are swept.  Nothing here raises or prints on its own: every trouble is
one line to ``warn``."""

from __future__ import annotations

import hashlib
import os
import sys
import time
import tracemalloc
import zlib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pearls.cache import STALE, Files, _header, _opened, _unpacked, directory, packaged, say

TABLE = bytes(range(256)) * 64  # 16 KiB
NAME = "squares"


def anything(table: bytes) -> bool:
    """A check every table passes."""
    return True


@pytest.fixture
def warned() -> list[str]:
    return []


@pytest.fixture
def files(tmp_path: Path, warned: list[str]) -> Files:
    return Files(tmp_path / "pearls", warn=warned.append)


def forge(files: Files, packed: bytes, size: int = len(TABLE), digest: str | None = None) -> None:
    """Write a cache file by hand: a header for ``size`` bytes and ``digest``, then ``packed``."""
    path = files.path(NAME)
    assert path is not None
    path.parent.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256(TABLE).hexdigest() if digest is None else digest
    path.write_bytes(_header(NAME, size, digest) + packed)


def test_a_table_is_kept_and_read_back(files: Files, warned: list[str]) -> None:
    assert files.load(NAME, len(TABLE), anything) is None  # not kept yet: no warning
    assert files.save(NAME, TABLE)
    assert files.load(NAME, len(TABLE), anything) == TABLE
    assert files.load(NAME, len(TABLE), lambda table: False) is None
    assert warned == ["the cached " + str(files.path(NAME)) + " fails the table's own "
                      "checks; building it afresh"]  # fmt: skip


@pytest.mark.parametrize(
    "damage",
    ["flip bytes", "truncate", "empty", "other name", "other size", "other table", "trailing"],
)
def test_a_damaged_or_foreign_file_is_refused_with_one_warning(
    files: Files, warned: list[str], damage: str
) -> None:
    packed = zlib.compress(TABLE)
    if damage == "flip bytes":
        forge(files, packed[:40] + bytes(b ^ 0xFF for b in packed[40:43]) + packed[43:])
    elif damage == "truncate":
        forge(files, packed[: len(packed) // 2])
    elif damage == "empty":
        files.save(NAME, TABLE)
        path = files.path(NAME)
        assert path is not None
        path.write_bytes(b"")
    elif damage == "other name":
        files.save("cubes", TABLE)
        path, other = files.path(NAME), files.path("cubes")
        assert path is not None and other is not None
        other.rename(path)
    elif damage == "other size":
        forge(files, zlib.compress(TABLE[:-1]), size=len(TABLE) - 1)
    elif damage == "other table":  # well compressed, but not the table the checksum names
        forge(files, zlib.compress(TABLE[::-1]))
    else:
        forge(files, packed + b"more")
    assert files.load(NAME, len(TABLE), anything) is None
    assert len(warned) == 1 and "building it afresh" in warned[0]


@pytest.mark.parametrize(
    "header",
    [b"x \xff\n", "pearls-cache 1 squares 16384 é\n".encode(), b"\xff" * 80 + b"\n"],
    ids=["a byte", "an accent", "a line of them"],
)
def test_a_header_with_bytes_that_are_not_ascii_is_refused_not_raised(
    files: Files, warned: list[str], header: bytes
) -> None:
    path = files.path(NAME)
    assert path is not None
    path.parent.mkdir(parents=True)
    path.write_bytes(header + zlib.compress(TABLE))
    assert files.load(NAME, len(TABLE), anything) is None
    assert len(warned) == 1 and "building it afresh" in warned[0]


def bomb(megabytes: int) -> bytes:
    """A zlib stream of ``megabytes`` of zeros, compressed a megabyte at a time."""
    pack, zero = zlib.compressobj(9), bytes(1 << 20)
    return b"".join(pack.compress(zero) for _ in range(megabytes)) + pack.flush()


def test_a_zlib_bomb_is_not_unpacked_past_the_tables_size(files: Files, warned: list[str]) -> None:
    """65 KB that would unpack to 64 MiB, where a table of 4 MiB is expected:
    decompression stops one byte past 4 MiB (and a 2 MB bomb is no different)."""
    packed = bomb(64)
    assert len(packed) < 1 << 17
    forge(files, packed, size=4 << 20)
    tracemalloc.start()
    try:
        assert files.load(NAME, 4 << 20, anything) is None
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 12 << 20
    assert len(warned) == 1


def test_a_file_longer_than_its_table_can_compress_to_is_refused(
    files: Files, warned: list[str]
) -> None:
    forge(files, os.urandom(3 * len(TABLE)))
    assert files.load(NAME, len(TABLE), anything) is None
    assert len(warned) == 1 and "larger than its table can be" in warned[0]


def test_a_cache_directory_that_is_a_file_warns_once(tmp_path: Path, warned: list[str]) -> None:
    plain = tmp_path / "plain"
    plain.write_text("not a directory")
    files = Files(plain, warn=warned.append)
    assert files.load(NAME, len(TABLE), anything) is None
    assert not files.save(NAME, TABLE)
    assert files.load("cubes", len(TABLE), anything) is None
    assert not files.save("cubes", TABLE)
    assert len(warned) == 1 and "without the cache" in warned[0]
    assert plain.read_text() == "not a directory"


def test_a_directory_that_cannot_be_made_warns_once(tmp_path: Path, warned: list[str]) -> None:
    (tmp_path / "plain").write_text("")
    files = Files(tmp_path / "plain" / "pearls", warn=warned.append)
    assert not files.save(NAME, TABLE)
    assert not files.save("cubes", TABLE)
    assert len(warned) == 1 and "cannot make the cache directory" in warned[0]


def test_a_directory_where_a_table_should_be_is_left_alone(files: Files, warned: list[str]) -> None:
    path = files.path(NAME)
    assert path is not None
    path.mkdir(parents=True)
    assert files.load(NAME, len(TABLE), anything) is None
    assert not files.save(NAME, TABLE)
    assert path.is_dir() and not list(path.parent.glob("*.partial"))
    assert len(warned) == 1 and "is a directory where a cached table should be" in warned[0]
    assert files.save("cubes", TABLE)  # the other tables are kept as usual


def test_a_save_that_cannot_rename_leaves_no_partial_file(files: Files, warned: list[str]) -> None:
    other = Files(files.root, warn=warned.append)  # no load first: the directory is unknown
    path = other.path(NAME)
    assert path is not None
    path.mkdir(parents=True)
    assert not other.save(NAME, TABLE)
    assert not list(path.parent.glob("*.partial"))
    assert len(warned) == 1


def test_a_directory_that_cannot_be_written_still_serves_the_tables_kept_there(
    files: Files, warned: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read-only cache with one table missing: that one cannot be kept (one warning),
    and the others are read back as ever, not built afresh."""
    assert files.save("cubes", TABLE)

    def refused(path: Path, data: bytes) -> int:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "write_bytes", refused)
    assert files.load(NAME, len(TABLE), anything) is None
    assert not files.save(NAME, TABLE)
    assert files.load("cubes", len(TABLE), anything) == TABLE
    assert not files.save("squares-too", TABLE)
    assert len(warned) == 1 and "not kept" in warned[0]


@pytest.mark.timeout(20)  # a guard: the old read waited for a writer for ever
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_where_a_table_should_be_is_not_opened_for_reading(
    files: Files, warned: list[str]
) -> None:
    path = files.path(NAME)
    assert path is not None
    path.parent.mkdir(parents=True)
    os.mkfifo(path)
    assert files.load(NAME, len(TABLE), anything) is None
    assert warned == [f"{path} is not a regular file; building the table afresh"]
    assert files.save(NAME, TABLE)  # a regular file takes its place
    assert files.load(NAME, len(TABLE), anything) == TABLE


@pytest.mark.timeout(20)  # a guard: the old read of package data waited for a writer for ever
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_package_data_is_read_as_the_cache_reads_a_table_and_a_fifo_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A package whose data holds a FIFO in place of a table, a table, and a folder."""
    tables = tmp_path / "pearls_fifo_data" / "tables"
    tables.mkdir(parents=True)
    (tables.parent / "__init__.py").write_text("")
    os.mkfifo(tables / "fifo.pdb")
    (tables / "table.pdb").write_bytes(TABLE[:10])
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        assert packaged("pearls_fifo_data", "tables/fifo.pdb", len(TABLE)) is None
        assert packaged("pearls_fifo_data", "tables/table.pdb", 10) == TABLE[:10]
        assert packaged("pearls_fifo_data", "tables/table.pdb", 9) is None
        assert packaged("pearls_fifo_data", "tables", 10) is None
    finally:
        sys.modules.pop("pearls_fifo_data", None)


def test_stale_partial_files_are_swept_and_fresh_ones_kept(files: Files) -> None:
    assert files.root is not None
    files.root.mkdir(parents=True)
    stale, fresh = files.root / "old.table.1.partial", files.root / "new.table.2.partial"
    for partial in (stale, fresh):
        partial.write_bytes(b"half a table")
    old = time.time() - STALE - 60
    os.utime(stale, (old, old))
    assert files.load(NAME, len(TABLE), anything) is None
    assert not stale.exists() and fresh.exists()


def test_the_directory_follows_xdg_and_ignores_a_relative_path() -> None:
    assert directory({"XDG_CACHE_HOME": "/c", "HOME": "/h"}) == Path("/c/pearls")
    assert directory({"XDG_CACHE_HOME": "relative", "HOME": "/h"}) == Path("/h/.cache/pearls")
    assert directory({"XDG_CACHE_HOME": "", "HOME": "/h"}) == Path("/h/.cache/pearls")
    assert directory({}) is None


def test_with_no_directory_at_all_the_cache_warns_once_and_keeps_nothing(
    monkeypatch: pytest.MonkeyPatch, warned: list[str]
) -> None:
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.delenv("HOME", raising=False)
    files = Files(warn=warned.append)
    assert files.load(NAME, len(TABLE), anything) is None
    assert not files.save(NAME, TABLE)
    assert len(warned) == 1


def test_a_name_is_checked() -> None:
    with pytest.raises(ValueError, match="name"):
        Files(Path("/tmp")).path("../escape")


def test_the_default_warning_is_one_line_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    say("cannot read\n  the cache")
    assert capsys.readouterr() == ("", "pearls: warning: cannot read the cache\n")


@given(st.binary(max_size=300), st.integers(0, 100))
def test_any_bytes_unpack_to_a_whole_table_or_none(data: bytes, size: int) -> None:
    table = _unpacked(data, size)
    assert table is None or len(table) == size
    assert _unpacked(zlib.compress(data), len(data)) == data


@given(st.binary(max_size=200), st.binary(max_size=100))
def test_any_header_and_bytes_are_a_table_or_nothing_never_an_error(
    header: bytes, packed: bytes
) -> None:
    table, digest = _opened(header + b"\n" + packed, NAME, 4)
    assert table is None or (len(table) == 4 and len(digest) == 64)
