"""The 15 puzzle's pattern databases as package data: built, checked and packed, with
the figures behind docs/performance.md.

Each table of the partition 3-6-6 is built from nothing
(:func:`pearls.puzzles.sliding.patterns.build`), its SHA-256 compared with the one
:data:`~pearls.puzzles.sliding.patterns.SHIPPED` pins (a build that differs is an
error: the tables are reproducible), packed (:func:`~pearls.puzzles.sliding.patterns.pack`)
and, with ``--write``, written to ``pearls/puzzles/sliding/tables/``.  Without
``--write`` the packed bytes are compared with the files already there.  Then each
shipped table is loaded and checked as a search loads it
(:func:`~pearls.puzzles.sliding.patterns.shipped_table`) and timed.  ``make patterns``
runs it with ``--write``.

    .venv/bin/python -m bench.patterns [--write] [--load-only]
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from pathlib import Path

from pearls.puzzles.sliding import patterns

__all__ = ["TABLES", "main"]

TABLES = Path(patterns.__file__).parent / "tables"


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
        path.write_bytes(packed)
    elif not path.is_file() or path.read_bytes() != packed:
        raise SystemExit(f"{path} is not the packed build: run make patterns")
    return [key, f"{wall:.1f}", f"{cpu:.1f}", f"{len(table):,}", f"{len(packed):,}"]


def _load(pattern: patterns.Pattern) -> list[str]:
    """Load one shipped table as a search does; its row of figures."""
    began = time.perf_counter()
    table = patterns.shipped_table(4, 4, pattern)
    if table is None:
        raise SystemExit(f"{patterns.name(4, 4, pattern)}: the shipped table does not load")
    return [patterns.name(4, 4, pattern), f"{time.perf_counter() - began:.2f}"]


def main(argv: list[str] | None = None) -> int:
    """Build (unless ``--load-only``), then load; print Markdown tables on stdout."""
    parser = argparse.ArgumentParser(prog="python -m bench.patterns", description=__doc__)
    parser.add_argument("--write", action="store_true", help="write the packed tables")
    parser.add_argument("--load-only", action="store_true", help="only time the loads")
    args = parser.parse_args(argv)
    if not args.load_only:
        print("| table | build, s | CPU, s | table bytes | packed bytes |")
        print("|---|---:|---:|---:|---:|")
        for pattern in patterns.FIFTEEN_PARTITION:
            print("| " + " | ".join(_build(pattern, args.write)) + " |", flush=True)
        print()
    print("| table | load and check, s |")
    print("|---|---:|")
    for pattern in patterns.FIFTEEN_PARTITION:
        print("| " + " | ".join(_load(pattern)) + " |")
    print(f"\npacked in all: {sum(p.stat().st_size for p in TABLES.glob('*.pdb')):,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
