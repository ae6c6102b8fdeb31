"""The pattern databases that come with the package: the one place besides
:mod:`pearls.cache` and the command line that reads a file, a package resource.

The 15 puzzle's three tables (the partition 3-6-6 of
:data:`~pearls.puzzles.sliding.patterns.FIFTEEN_PARTITION`) are package data under
``tables/``, one packed file a table (see :func:`pearls.puzzles.sliding.patterns.pack`),
written by ``make patterns`` (``python -m bench.patterns --write``) and checked on load
against the SHA-256 that :data:`pearls.puzzles.sliding.patterns.SHIPPED` pins.  This
module only reads the bytes; unpacking and checking are the pattern module's.

>>> packed("tiles-4x4-blank-first-1-2-3", 1 << 20) is not None
True
>>> packed("tiles-9x9-blank-first-1", 1 << 20) is None
True
"""

from __future__ import annotations

from importlib.resources import files

__all__ = ["SUFFIX", "packed"]

SUFFIX = ".pdb"  # a shipped table's file, e.g. tables/tiles-4x4-blank-first-1-2-3.pdb


def packed(name: str, most: int) -> bytes | None:
    """The packed bytes of the shipped table ``name``, at most ``most`` of them; ``None``
    where there is no such table, it cannot be read, or it is longer."""
    try:
        with (files("pearls.puzzles.sliding") / "tables" / f"{name}{SUFFIX}").open("rb") as file:
            data = file.read(most + 1)
    except OSError:
        return None
    return data if len(data) <= most else None
