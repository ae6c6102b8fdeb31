"""The 15 puzzle's pattern databases as package data: built, checked and packed, with
the figures behind docs/performance.md.

Each table of the partition 3-6-6 is built from nothing
(:func:`pearls.puzzles.sliding.patterns.build`), its SHA-256 compared with the one
:data:`~pearls.puzzles.sliding.patterns.SHIPPED` pins (a build that differs is an
error: the tables are reproducible), packed (:func:`~pearls.puzzles.sliding.patterns.pack`)
and, with ``--write``, written to ``pearls/puzzles/sliding/tables/`` (through a new file
renamed into place, so a FIFO or any other file standing there is replaced, never
opened).  Without ``--write`` the packed bytes are compared with the files already
there, read as a search reads them.  Then each shipped table is loaded and checked as a
search loads it (:func:`~pearls.puzzles.sliding.patterns.shipped_table`) and timed.
Last, the full check that a table the package does not pin passes when read back
(:func:`~pearls.puzzles.sliding.exact.exact`) is timed against a build, on tables of 4
to 6 tiles (the six-tile ones are the shipped tables, whose build the first table
times).  ``make patterns`` runs it with ``--write``.

    .venv/bin/python -m bench.patterns [--write] [--load-only]
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
import tempfile
import time
from pathlib import Path

from pearls.cache import packaged
from pearls.puzzles.sliding import patterns
from pearls.puzzles.sliding.exact import exact

__all__ = ["CHECKED", "TABLES", "main"]

TABLES = Path(patterns.__file__).parent / "tables"
CHECKED: tuple[tuple[int, int, patterns.Pattern], ...] = (  # the tables built and checked
    (3, 3, (1, 2, 3, 4)),
    (4, 4, (1, 2, 3, 4)),
    (4, 4, (5, 6, 7, 8)),
    (4, 4, (1, 2, 3, 4, 5)),
)


def _build(pattern: patterns.Pattern, write: bool) -> list[str]:
    """Build, check, pack (and write) one table; its row of figures."""
    key = patterns.name(4, 4, pattern)
    began, cpu = time.perf_counter(), time.process_time()
    table = patterns.build(4, 4, pattern).table
    wall, cpu = time.perf_counter() - began, time.process_time() - cpu
    digest = hashlib.sha256(table).hexdigest()
    if digest != patterns.SHIPPED[key]:
        raise SystemExit(f"{key}: built with SHA-256 {digest}, not the pinned one")
    packed = patterns.pack(4, 4, pattern, table)
    path = TABLES / f"{key}.pdb"
    if write:
        _replace(path, packed)
    elif packaged("pearls.puzzles.sliding", f"tables/{path.name}", len(packed)) != packed:
        raise SystemExit(f"{path} is not the packed build: run make patterns")
    return [key, f"{wall:.1f}", f"{cpu:.1f}", f"{len(table):,}", f"{len(packed):,}"]


def _replace(path: Path, data: bytes) -> None:
    """Write ``data`` as ``path``: to a new file beside it, then renamed into place."""
    handle, name = tempfile.mkstemp(prefix=f"{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        os.chmod(name, 0o644)
        os.replace(name, path)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise


def _load(pattern: patterns.Pattern) -> list[str]:
    """Load one shipped table as a search does; its row of figures."""
    began = time.perf_counter()
    table = patterns.shipped_table(4, 4, pattern)
    if table is None:
        raise SystemExit(f"{patterns.name(4, 4, pattern)}: the shipped table does not load")
    return [patterns.name(4, 4, pattern), f"{time.perf_counter() - began:.2f}"]


def _check(rows: int, cols: int, pattern: patterns.Pattern) -> list[str]:
    """Build a table (take a shipped one as it is) and check it in full; its row."""
    key = patterns.name(rows, cols, pattern)
    table, built = patterns.shipped_table(rows, cols, pattern), "(above)"
    if table is None:
        cpu = time.process_time()
        table = patterns.build(rows, cols, pattern).table
        built = f"{time.process_time() - cpu:.2f}"
    began, cpu = time.perf_counter(), time.process_time()
    if not exact(rows, cols, pattern, table):
        raise SystemExit(f"{key}: a table as built fails the full check")
    wall, cpu = time.perf_counter() - began, time.process_time() - cpu
    return [key, built, f"{cpu:.2f}", f"{wall:.2f}"]


def _print(rows: list[str]) -> None:
    """One row of a Markdown table."""
    print("| " + " | ".join(rows) + " |", flush=True)


def main(argv: list[str] | None = None) -> int:
    """Build (unless ``--load-only``), then load, then time the full check; print
    Markdown tables on stdout."""
    parser = argparse.ArgumentParser(prog="python -m bench.patterns", description=__doc__)
    parser.add_argument("--write", action="store_true", help="write the packed tables")
    parser.add_argument("--load-only", action="store_true", help="only time the loads")
    args = parser.parse_args(argv)
    if not args.load_only:
        print("| table | build, s | CPU, s | table bytes | packed bytes |")
        print("|---|---:|---:|---:|---:|")
        for pattern in patterns.FIFTEEN_PARTITION:
            _print(_build(pattern, args.write))
        print()
    print("| table | load and check, s |")
    print("|---|---:|")
    for pattern in patterns.FIFTEEN_PARTITION:
        _print(_load(pattern))
    print(f"\npacked in all: {sum(p.stat().st_size for p in TABLES.glob('*.pdb')):,} bytes")
    if not args.load_only:
        print("\n| table | build, CPU s | full check, CPU s | full check, s |")
        print("|---|---:|---:|---:|")
        for rows, cols, pattern in (*CHECKED, *((4, 4, p) for p in patterns.FIFTEEN_PARTITION)):
            _print(_check(rows, cols, pattern))
    return 0


if __name__ == "__main__":
    sys.exit(main())
