"""Additive pattern databases for sliding tiles (Korf and Felner, 2002), in pure Python.

A *pattern* is a few tiles, say ``(1, 2, 3)``.  Its database holds, for every placement
of those tiles on the tray, the least number of moves *of those tiles* that bring them
home, the other tiles ignored (as if blank) and the blank's own wanderings free.  Tiles
split into disjoint patterns (a *partition*) never share a counted move, so the values of
the patterns' databases add up and stay a lower bound on the moves left::

    h q = sum [db_p (cells of p's tiles in q) | p <- partition]

On the 15 puzzle the partition 3-6-6 of :data:`FIFTEEN_PARTITION` gives an average
starting bound of 41.3 on Korf's 100 instances, against 37 for Manhattan distance;
mirrored in the main diagonal (which the goal ``0 1 2 ... 15`` is symmetric in) each
board gives a second bound from the same databases, and the larger of the two, 42.2 on
average, is what :func:`tile_idastar` uses.

Building.  A database is filled by breadth-first search backwards from the goal over
the pattern's space: a state is the pattern tiles' cells and the *region* the blank can
roam without moving them (a bit mask), since blank moves inside a region cost nothing.
A placement's value is the level at which any of its regions is first met.  The search
keeps a bit mask of the cells already covered by each placement's regions (an
``array('Q')``); a table holds ``2 ** (b * k)`` bytes for ``k`` tiles (``b`` bits a cell:
4 on the 15 puzzle, so 16 MiB for 6 tiles), indexed by the cells of the tiles in the
pattern's order, ``sum [cell t_j * 2 ** (b * j)]``.  That sparse index moves by
``(c' - c) * 2 ** (b * j)`` when tile ``j`` slides from ``c`` to ``c'``: one addition.

Databases are built for the blank-first goal ``0 1 2 ... N-1``; a board posed for the
blank-last goal is turned half round and relabelled (:func:`turned`), which maps one
problem onto the other move for move.

Shipping.  The 15 puzzle's three tables come with the package (2.7 MB packed, read and
checked in a quarter of a second each), so a first search needs no build: a 6-tile
table takes some 50 s of CPU to build in pure Python, both some 100 s.  Each is shipped
as its excess over the Manhattan distance, halved, four bits a placement, compressed
(:func:`pack`) in ``tables/``, and must unpack to the table whose SHA-256 :data:`SHIPPED`
pins; the bytes are read by :func:`pearls.cache.packaged`.  One that does not is said
in one line to the store, with how long its rebuild takes.

Keeping.  Other tables are built in seconds to minutes and kept between runs; this
module does no input or output of its own, and takes where to keep tables as a value (a
:class:`Store`, such as :class:`pearls.cache.Files`).  A file rewritten with its
checksum to match is no more trusted than a damaged one (:func:`kept_check`): a copy of
a shipped table must have the SHA-256 :data:`SHIPPED` pins, and any other table must
look like one (:func:`plausible`) and be exactly its pattern's database, checked in
full (:func:`pearls.puzzles.sliding.exact.exact`), or it is built afresh.
"""

from __future__ import annotations

import hashlib
import time
import zlib
from array import array
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from math import perm
from operator import getitem
from typing import NamedTuple, Protocol

from pearls.cache import packaged
from pearls.informed import Estimate
from pearls.limits import Meter, Stats
from pearls.puzzles.sliding import BLANK, Board, Cell, Frame, Move, Tile, frame, move, puzzle
from pearls.puzzles.sliding.exact import UNSEEN, exact, spreader
from pearls.types import Path, Puzzle, solution, start

__all__ = [
    "BUILD_RATE",
    "FIFTEEN_PARTITION",
    "SHIPPED",
    "UNSEEN",
    "Database",
    "Databases",
    "Partition",
    "Pattern",
    "Progress",
    "Solved",
    "Store",
    "build",
    "database",
    "databases",
    "estimate",
    "floor",
    "kept_check",
    "metered",
    "mirrored",
    "name",
    "pack",
    "plausible",
    "shipped_table",
    "tile_idastar",
    "turned",
    "unpack",
]

Pattern = tuple[Tile, ...]  # tiles a database follows, in index order, e.g. (1, 2, 3)
Partition = tuple[Pattern, ...]  # disjoint patterns covering every tile, e.g. FIFTEEN_PARTITION
Progress = Callable[[Stats], None]  # told the states expanded so far, e.g. a Meter's progress

FIFTEEN_PARTITION: Partition = ((1, 2, 3), (4, 5, 8, 9, 12, 13), (6, 7, 10, 11, 14, 15))
MAX_TABLE = 1 << 26  # the largest table built: 64 MiB


@dataclass(frozen=True)
class Database:
    """One pattern's table on a ``rows x cols`` tray, for the blank-first goal:
    ``table[index]`` is the least number of moves of the pattern's tiles that bring them
    home from the placement ``index`` encodes (see :meth:`index`).

    >>> db = build(2, 3, (1, 2))
    >>> db.index((0, 2, 1, 3, 4, 5)), db.value((0, 2, 1, 3, 4, 5))
    (10, 6)
    """

    rows: int
    cols: int
    pattern: Pattern
    table: bytes

    @property
    def bits(self) -> int:
        """The bits a cell takes in an index."""
        return (self.rows * self.cols - 1).bit_length()

    def index(self, q: Board) -> int:
        """The index of the pattern's placement on board ``q``:
        ``sum [cell t_j * 2 ** (bits * j) | (j, t_j) <- zip [0..] pattern]``."""
        bits = self.bits
        return sum(q.index(t) << (bits * j) for j, t in enumerate(self.pattern))

    def value(self, q: Board) -> int:
        """The moves of the pattern's tiles still needed on board ``q``."""
        return self.table[self.index(q)]


def _full(n: int) -> int:
    """The bit mask of all ``n`` cells."""
    return (1 << n) - 1


def build(rows: int, cols: int, pattern: Pattern, progress: Progress | None = None) -> Database:
    """The database of ``pattern`` on a ``rows x cols`` tray, by breadth-first search from
    the goal over (placement, blank region) states; only moves of pattern tiles count.

    ::

        level 0     = [(home cells, region of the blank's home)]
        level (d+1) = [(cells with tile j moved from c onto c', region of c in them)
                      | (cells, region) <- level d, tile j at c, c' in region next to c,
                        not yet met]
        table[cells] = the first d at which any region of cells is met

    ``progress``, if given, is told the counts so far after each level and every 65,536
    states expanded (and may raise, :class:`~pearls.errors.LimitReached` say, to stop
    the build).

    >>> db = build(2, 3, (1, 2))
    >>> db.value((0, 1, 2, 3, 4, 5)), db.value((1, 0, 2, 3, 4, 5)), db.value((0, 2, 1, 3, 4, 5))
    (0, 1, 6)
    """
    f = frame(rows, cols, blank_first=True)
    n, bits, k = f.size, (f.size - 1).bit_length(), len(pattern)
    _check_pattern(f, pattern)
    if 1 << (bits * k) > MAX_TABLE or bits * k + f.size > 64:
        raise ValueError(f"a pattern of {k} tiles on {rows}x{cols} needs too big a table")
    table = bytearray([UNSEEN]) * (1 << (bits * k))
    covered = array(_mask_type(n), bytes(len(table) * array(_mask_type(n)).itemsize))
    spread = spreader(f)
    start = sum(f.home[t] << (bits * j) for j, t in enumerate(pattern))
    free = _full(n) & ~sum(1 << f.home[t] for t in pattern)
    table[start], covered[start] = 0, spread(1 << f.home[BLANK], free)
    level, depth = array("Q", [(start << n) | covered[start]]), 0
    counts = _Counts(time.monotonic(), progress)
    while level:
        depth += 1
        level = _next_level(level, depth, f, pattern, table, covered, spread, counts)
        counts.report()
    return Database(rows, cols, pattern, bytes(table))


def _mask_type(n: int) -> str:
    """The smallest array type code that holds a bit mask of ``n`` cells."""
    return next(code for code in "HIQ" if array(code).itemsize * 8 >= n)


@dataclass
class _Counts:
    """A build's running counts, for its progress reports."""

    began: float
    progress: Progress | None
    expanded: int = 0
    generated: int = 0

    def report(self) -> None:
        """Tell the progress callback the counts so far."""
        if self.progress is not None:
            seconds = time.monotonic() - self.began
            self.progress(Stats(self.expanded, self.generated, seconds))


def _next_level(
    level: array[int],
    depth: int,
    f: Frame,
    pattern: Pattern,
    table: bytearray,
    covered: array[int],
    spread: Callable[[int, int], int],
    counts: _Counts,
) -> array[int]:
    """The states first met at ``depth``, one pattern move from ``level``; each is marked
    in ``covered`` (and its placement in ``table``, if new).

    A state packs a placement's index and a region as ``index << N | region``.  From
    each, every pattern tile next to the region slides into it; the result is new
    unless its placement was already met with the tile's old cell in a region, and the
    blank's new region is the tile's old cell spread through the free cells (memoised in
    ``regions``, a local accumulator: a few thousand free masks recur millions of times).
    """
    n, bits, k = f.size, (f.size - 1).bit_length(), len(pattern)
    everything, mask = _full(n), (1 << bits) - 1
    shifts = [bits * j for j in range(k)]
    slides = [
        [
            tuple((1 << d, (d - c) << s, (1 << c) | (1 << d)) for d in f.neighbours[c])
            for c in range(n)
        ]
        for s in shifts
    ]
    tiles = list(zip(shifts, slides, strict=True))
    regions: dict[int, int] = {}
    following = array("Q")
    push = following.append
    expanded, generated = counts.expanded, counts.generated
    for state in level:
        index, region = state >> n, state & everything
        free = everything
        for s in shifts:
            free ^= 1 << ((index >> s) & mask)
        for s, steps in tiles:
            c = (index >> s) & mask
            here = 1 << c
            for bit, step, flip in steps[c]:
                if not region & bit:
                    continue
                after = index + step
                met = covered[after]
                if met & here:
                    continue
                key = ((free ^ flip) << bits) | c
                roam = regions.get(key)
                if roam is None:
                    roam = regions[key] = spread(here, free ^ flip)
                if not met:
                    table[after] = depth
                covered[after] = met | roam
                push((after << n) | roam)
        expanded += 1
        if expanded & 0xFFFF == 0:
            counts.expanded, counts.generated = expanded, generated + len(following)
            counts.report()
    counts.expanded, counts.generated = expanded, generated + len(following)
    return following


def _check_pattern(f: Frame, pattern: Pattern) -> None:
    """A pattern names distinct tiles of the tray, the blank not among them."""
    if (
        not pattern
        or len(set(pattern)) != len(pattern)
        or not set(pattern) <= set(range(1, f.size))
    ):
        raise ValueError(f"a pattern is distinct tiles from 1 to {f.size - 1}, not {pattern}")


# Keeping tables


class Store(Protocol):
    """Where tables are kept between runs, such as :class:`pearls.cache.Files`: ``load``
    gives the table kept as ``name`` if it has ``size`` bytes and passes ``check``;
    ``save`` keeps one (and says whether it could); ``warn`` tells the user, in one
    line, of trouble with the tables (a shipped one that is damaged, say)."""

    def load(self, name: str, size: int, check: Callable[[bytes], bool]) -> bytes | None: ...

    def save(self, name: str, table: bytes) -> bool: ...

    def warn(self, message: str, /) -> None: ...


def name(rows: int, cols: int, pattern: Pattern) -> str:
    """The name a pattern's table is kept under.

    >>> name(4, 4, (1, 2, 3))
    'tiles-4x4-blank-first-1-2-3'
    """
    return f"tiles-{rows}x{cols}-blank-first-{'-'.join(map(str, pattern))}"


def _size(rows: int, cols: int, pattern: Pattern) -> int:
    """The bytes of a pattern's table: ``2 ** (bits * k)``."""
    return 1 << ((rows * cols - 1).bit_length() * len(pattern))


def plausible(rows: int, cols: int, pattern: Pattern, table: bytes) -> bool:
    """Whether ``table`` could be the pattern's, by what is cheap to count: its size;
    0 at the goal's placement and nowhere else (no other placement is home); and
    :data:`UNSEEN` at as many indices as are no reachable placement (every one of the
    ``N! / (N - k)!`` placements is reachable, half of them when the pattern holds
    every tile), so every placement has a value below it.

    >>> db = build(2, 3, (1, 2))
    >>> plausible(2, 3, (1, 2), db.table), plausible(2, 3, (1, 2), bytes(len(db.table)))
    (True, False)
    """
    f = frame(rows, cols, blank_first=True)
    bits, k = (f.size - 1).bit_length(), len(pattern)
    goal = sum(f.home[t] << (bits * j) for j, t in enumerate(pattern))
    placements = perm(f.size, k) // (2 if k == f.size - 1 else 1)
    return (
        len(table) == _size(rows, cols, pattern)
        and table[goal] == 0
        and table.count(0) == 1
        and table.count(UNSEEN) == len(table) - placements
    )


# Tables shipped with the package

SHIPPED = {  # the SHA-256 of each table shipped as package data, tables/NAME.pdb
    "tiles-4x4-blank-first-1-2-3": (
        "91bebcb7b767080d6e95b81c70e8c3d79f09490f1ae52954e25422eeac2f6bf7"
    ),
    "tiles-4x4-blank-first-4-5-8-9-12-13": (
        "1b3236d4c0e184f24f92849938a2af4fd7abfaf8ca8d80c1f0aab2ca0ab0b8b1"
    ),
    "tiles-4x4-blank-first-6-7-10-11-14-15": (
        "12ae4e2b05714096345ba3378cd15aec3eba540bd9a366fdad4197b0c10f0041"
    ),
}
_NIBBLE = 15  # the largest excess a packed table holds: (value - floor) / 2 in 4 bits


def floor(rows: int, cols: int, pattern: Pattern) -> bytes:
    """The table of Manhattan distances: at each placement's index the sum of the
    pattern tiles' distances from home, :data:`UNSEEN` at an index that is no
    placement.  Built block by block from the top cell down, each block the blocks
    below it shifted by one tile's distance (``bytes.translate``), with no loop over
    the indices::

        floor[cells] = sum [|row c_j - row t_j| + |col c_j - col t_j| | j <- [0..k-1]]

    >>> list(floor(2, 2, (1,)))
    [1, 0, 2, 1]
    """
    return b"".join(_floor_parts(rows, cols, pattern))


def _floor_parts(rows: int, cols: int, pattern: Pattern) -> Iterator[bytes]:
    """:func:`floor` in parts, one for each cell of the pattern's last tile (the whole
    table for a pattern of one tile); blocks below the top two digits are memoised."""
    f = frame(rows, cols, blank_first=True)
    n, bits, k = f.size, (f.size - 1).bit_length(), len(pattern)
    away = [
        [abs(c // cols - t // cols) + abs(c % cols - t % cols) for c in range(n)] for t in pattern
    ]
    adds = [
        bytes(x if x == UNSEEN else min(x + d, UNSEEN - 1) for x in range(256)) for d in range(n)
    ]
    blocks: dict[tuple[int, int], bytes] = {}  # a local memo: a block below j digits, by cells used

    def part(j: int, used: int, c: int) -> bytes:
        """The block of digit ``j - 1`` at cell ``c``, given the cells above it."""
        if c >= n or used >> c & 1:
            return bytes([UNSEEN]) * (1 << (bits * (j - 1)))
        return block(j - 1, used | 1 << c).translate(adds[away[j - 1][c]])

    def block(j: int, used: int) -> bytes:
        if j == 0:
            return b"\x00"
        if (j, used) in blocks:
            return blocks[j, used]
        whole = b"".join(part(j, used, c) for c in range(1 << bits))
        if j < k - 1:
            blocks[j, used] = whole
        return whole

    if k == 1:
        yield block(1, 0)
        return
    for c in range(1 << bits):
        yield part(k, 0, c)


def pack(rows: int, cols: int, pattern: Pattern, table: bytes) -> bytes:
    """A table as shipped: each value's excess over :func:`floor`, halved (a pattern tile's
    moves home have the parity of its distance, so the excess is even), two to a byte,
    compressed with zlib::

        excess[i] = (table[i] - floor[i]) / 2          (0 where i is no placement)
        packed    = zlib (excess[2i] + 16 * excess[2i+1] | i <- [0..])

    Both sums are done on the whole table at once as integers, one byte a digit: no
    digit carries or borrows, as every excess is at most 15.  A table that does not
    unpack to itself raises ``ValueError``: a pattern of every tile, say, whose table
    leaves half the placements :data:`UNSEEN`.

    >>> db = build(2, 3, (1, 2))
    >>> unpack(2, 3, (1, 2), pack(2, 3, (1, 2), db.table)) == db.table
    True
    """
    size = len(table)
    low = floor(rows, cols, pattern)
    excess = (int.from_bytes(table, "little") - int.from_bytes(low, "little")) >> 1
    halves = excess.to_bytes(size, "little")
    pairs = int.from_bytes(halves[0::2], "little") + (int.from_bytes(halves[1::2], "little") << 4)
    packed = zlib.compress(pairs.to_bytes(size // 2, "little"), 9)
    if max(halves) > _NIBBLE or unpack(rows, cols, pattern, packed) != table:
        raise ValueError(f"the table of {pattern} does not pack: not over its floor by 0 to 30")
    return packed


def unpack(rows: int, cols: int, pattern: Pattern, packed: bytes) -> bytes | None:
    """The table :func:`pack` packed, or ``None`` if ``packed`` is not one whole zlib
    stream of the right size (decompression stops one byte past it)::

        table[i] = floor[i] + 2 * excess[i]
    """
    size = _size(rows, cols, pattern)
    inflate = zlib.decompressobj()
    try:
        pairs = inflate.decompress(packed, size // 2 + 1)
    except zlib.error:
        return None
    if not inflate.eof or inflate.unused_data or len(pairs) != size // 2:
        return None
    lows, highs = bytes(x & _NIBBLE for x in range(256)), bytes(x >> 4 for x in range(256))
    table, at = bytearray(size), 0
    for low in _floor_parts(rows, cols, pattern):  # part by part: a few MB at a time
        span, pair = len(low), pairs[at // 2 : (at + len(low)) // 2]
        halves = bytearray(span)
        halves[0::2], halves[1::2] = pair.translate(lows), pair.translate(highs)
        whole = int.from_bytes(low, "little") + (int.from_bytes(halves, "little") << 1)
        if whole >> (8 * span):
            return None
        table[at : at + span], at = whole.to_bytes(span, "little"), at + span
    return bytes(table)


def shipped_table(rows: int, cols: int, pattern: Pattern) -> bytes | None:
    """The pattern's table as shipped with the package, if it is, unpacks, and is the
    table whose SHA-256 :data:`SHIPPED` pins; ``None`` otherwise.

    >>> shipped_table(4, 4, (1, 2, 3)) == build(4, 4, (1, 2, 3)).table
    True
    >>> shipped_table(3, 3, (1, 2, 3)) is None
    True
    """
    key = name(rows, cols, pattern)
    if key not in SHIPPED:
        return None
    data = packaged("pearls.puzzles.sliding", f"tables/{key}.pdb", _size(rows, cols, pattern))
    table = None if data is None else unpack(rows, cols, pattern, data)
    if table is None or hashlib.sha256(table).hexdigest() != SHIPPED[key]:
        return None
    return table


def database(
    rows: int,
    cols: int,
    pattern: Pattern,
    store: Store | None = None,
    progress: Progress | None = None,
    make: bool = True,
) -> Database | None:
    """The database of ``pattern``: shipped with the package (:func:`shipped_table`),
    kept in ``store`` (:func:`kept_check` says what a copy read back must pass), or
    (with ``make``) built, kept there and returned; ``None`` if it is neither shipped
    nor kept and ``make`` is false.  A table the package ships that is missing or
    damaged is said in one line to ``store.warn``, with what serves instead.

    >>> database(2, 3, (1, 2)).value((0, 2, 1, 3, 4, 5))
    6
    """
    key = name(rows, cols, pattern)
    kept = shipped_table(rows, cols, pattern)
    if kept is None and store is not None:
        kept = store.load(key, _size(rows, cols, pattern), kept_check(rows, cols, pattern))
        if key in SHIPPED:
            store.warn(_unshipped(rows, cols, pattern, kept is not None, make))
    if kept is not None:
        return Database(rows, cols, pattern, kept)
    if not make:
        return None
    db = build(rows, cols, pattern, progress)
    if store is not None:
        store.save(key, db.table)
    return db


def kept_check(rows: int, cols: int, pattern: Pattern) -> Callable[[bytes], bool]:
    """What a copy of the pattern's table read back from a store must pass: the SHA-256
    :data:`SHIPPED` pins, for a table the package ships; else :func:`plausible` (a cheap
    look) and :func:`~pearls.puzzles.sliding.exact.exact` (the full check).

    >>> table = build(2, 3, (1, 2)).table
    >>> kept_check(2, 3, (1, 2))(table), kept_check(4, 4, (1, 2, 3))(table)
    (True, False)
    """
    key = name(rows, cols, pattern)
    if key in SHIPPED:
        return lambda table: hashlib.sha256(table).hexdigest() == SHIPPED[key]
    return lambda table: plausible(rows, cols, pattern, table) and exact(rows, cols, pattern, table)


BUILD_RATE = 125_000  # placements a build settles in a second of CPU (6 tiles: 41 to 50 s)


def _unshipped(rows: int, cols: int, pattern: Pattern, kept: bool, make: bool) -> str:
    """The line that says a shipped table is missing or damaged, and what serves instead:
    the copy kept in the cache, or a build and how long it takes.

    >>> _unshipped(4, 4, (1, 2, 3), kept=False, make=True)  # doctest: +ELLIPSIS
    'the table tiles-4x4-blank-first-1-2-3 shipped with the package is missing or ...'
    """
    said = f"the table {name(rows, cols, pattern)} shipped with the package is missing or damaged"
    if kept:
        return f"{said}; reading the copy kept in the cache"
    if not make:
        return said
    seconds = perm(rows * cols, len(pattern)) / BUILD_RATE
    took = "under a second" if seconds < 1 else f"some {seconds:.0f} s of CPU"
    return f"{said}; building it afresh ({took})"


def metered(meter: Meter) -> Progress:
    """A progress callback that counts a build's states on ``meter`` (showing its
    progress) and stops the build at the meter's limits.

    >>> build(3, 3, (1, 2, 3, 4), metered(Meter(max_states=10)))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pearls.errors.LimitReached: stopped at the limit of 10 states expanded (...)
    """

    def report(stats: Stats) -> None:
        meter.count(stats.expanded - meter.expanded)
        meter.check()

    return report


# A partition's databases as one heuristic


@dataclass(frozen=True)
class Databases:
    """The databases of a partition of a ``rows x cols`` tray's tiles, for the
    blank-first goal; their values add up (see the module's docstring)."""

    rows: int
    cols: int
    tables: tuple[Database, ...]

    @property
    def partition(self) -> Partition:
        """The patterns, in order."""
        return tuple(db.pattern for db in self.tables)

    def value(self, q: Board) -> int:
        """The sum of the patterns' values on the blank-first board ``q``."""
        return sum(db.value(q) for db in self.tables)


def databases(
    rows: int = 4,
    cols: int = 4,
    partition: Partition = FIFTEEN_PARTITION,
    store: Store | None = None,
    progress: Progress | None = None,
    make: bool = True,
) -> Databases | None:
    """The partition's databases, each kept in ``store`` or (with ``make``) built (and
    kept); ``None`` if one is missing and ``make`` is false.  ``partition`` must cover
    every tile once.

    >>> databases(2, 3, ((1, 2), (3, 4, 5))).value((1, 0, 2, 3, 4, 5))
    1
    """
    f = frame(rows, cols, blank_first=True)
    tiles = sorted(t for pattern in partition for t in pattern)
    if tiles != list(range(1, f.size)):
        raise ValueError(f"a partition covers each of the tiles 1 to {f.size - 1} once")
    found = [database(rows, cols, pattern, store, progress, make) for pattern in partition]
    tables = tuple(db for db in found if db is not None)
    return Databases(rows, cols, tables) if len(tables) == len(found) else None


def turned(f: Frame, q: Board) -> Board:
    """The board posed for the blank-first goal: as it is, if ``f``'s goal is blank
    first; else turned half round with each tile ``t`` renamed ``N - t``, which takes
    the goal ``1 2 ... N-1 0`` to ``0 1 2 ... N-1`` and every move to a move.

    >>> turned(frame(2, 2), (1, 2, 3, 0))
    (0, 1, 2, 3)
    """
    if f.blank_first:
        return q
    n = f.size
    return tuple(n - t if t else BLANK for t in reversed(q))


def mirrored(n: int, q: Board) -> Board:
    """A blank-first board on an ``n x n`` tray mirrored in its main diagonal: the tile
    on ``(r, c)`` goes to ``(c, r)`` and is renamed as its home mirrored, so the goal
    stays the goal and distances stay the same.

    >>> mirrored(2, (0, 2, 1, 3)), mirrored(2, (0, 1, 2, 3))
    ((0, 2, 1, 3), (0, 1, 2, 3))
    """
    flip = [(c % n) * n + c // n for c in range(n * n)]
    board = [BLANK] * (n * n)
    for c, t in enumerate(q):
        board[flip[c]] = flip[t]
    return tuple(board)


def estimate(dbs: Databases, f: Frame) -> Estimate[Board, Move]:
    """The databases' sum as an :class:`~pearls.informed.Estimate` for boards of ``f``
    (of either goal): a move changes one pattern's value only,

        change q m = db_p (index after) - db_p (index before)   where p holds m's tile

    and the index moves by one addition (see the module's docstring).

    >>> dbs = databases(2, 3, ((1, 2), (3, 4, 5)))
    >>> e, q = estimate(dbs, frame(2, 3)), (1, 2, 3, 4, 0, 5)
    >>> e.whole(q), e.change(q, (5, 4)), e.whole(move(q, (5, 4)))
    (1, -1, 0)
    """
    n = f.size
    owner = {t: (db, j) for db in dbs.tables for j, t in enumerate(db.pattern)}

    def change(q: Board, m: Move) -> int:
        t, c = m
        s = q.index(t)
        if not f.blank_first:
            t, c, s = n - t, n - 1 - c, n - 1 - s
        db, j = owner[t]
        before = db.index(turned(f, q))
        after = before + ((c - s) << (db.bits * j))
        return db.table[after] - db.table[before]

    return Estimate(lambda q: dbs.value(turned(f, q)), change)


# IDA* on flat integers


class Solved(NamedTuple):
    """What :func:`tile_idastar` found: a shortest solution, the states it expanded in
    all, and the bound of each round (the last is the solution's length)."""

    moves: list[Move]
    expanded: int
    bounds: tuple[int, ...]


_Tables = tuple[list[int], list[int], list[bytes], list[int], list[int], list[bytes], list[int]]


def _tables(dbs: Databases) -> tuple[_Tables, list[tuple[Cell, ...]]]:
    """Per tile: its pattern, its index weight and its table, plainly and mirrored (the
    mirror is the identity on a tray that is not square); the mirror of each cell; and
    each cell's neighbours."""
    f = frame(dbs.rows, dbs.cols, blank_first=True)
    n, square = f.size, f.rows == f.cols
    flip = [(c % f.cols) * f.cols + c // f.cols if square else c for c in range(n)]
    group, weight, table = [0] * n, [0] * n, [b""] * n
    for g, db in enumerate(dbs.tables):
        for j, t in enumerate(db.pattern):
            group[t], weight[t], table[t] = g, 1 << (db.bits * j), db.table
    mirror_group = [group[flip[t]] for t in range(n)]
    mirror_weight = [weight[flip[t]] for t in range(n)]
    mirror_table = [table[flip[t]] for t in range(n)]
    tables = (group, weight, table, mirror_group, mirror_weight, mirror_table, flip)
    return tables, list(f.neighbours)


Indices = tuple[list[int], list[int]]  # each pattern's index, plainly and mirrored


def _placing(dbs: Databases, tables: _Tables, f: Frame) -> Callable[[Board], Indices]:
    """Each pattern's index, plainly and mirrored, on a board of ``f`` turned for the
    blank-first goal (:func:`turned`): each tile and its cell are counted as the
    turning renames and moves them, by a row per cell of what each tile adds there."""
    rows, patterns = _placings(tables, f), len(dbs.tables)

    def placed(q: Board) -> Indices:
        index, mirror_index = [0] * patterns, [0] * patterns
        for row, t in zip(rows, q, strict=True):
            if t:
                g, v, mirror_g, mirror_v = row[t]
                index[g] += v
                mirror_index[mirror_g] += mirror_v
        return index, mirror_index

    return placed


Placing = tuple[int, int, int, int]  # a tile's pattern and what it adds to its index there,
# plainly and mirrored, e.g. (1, 64, 1, 64)


def _placings(tables: _Tables, f: Frame) -> list[list[Placing]]:
    """For each cell of ``f`` and each tile on it, the tile's :data:`Placing` on the
    board turned for the blank-first goal (:func:`turned`; the blank's is unused)."""
    group, weight, _, mirror_group, mirror_weight, _, flip = tables
    n = f.size
    tiles = [t if f.blank_first or t == BLANK else n - t for t in range(n)]
    cells = [c if f.blank_first else n - 1 - c for c in range(n)]
    return [
        [(group[u], d * weight[u], mirror_group[u], flip[d] * mirror_weight[u]) for u in tiles]
        for d in cells
    ]


def _sum(tables: Sequence[bytes], index: Sequence[int]) -> int:
    """The patterns' values (their ``tables``) at their indices, added up."""
    return sum(map(getitem, tables, index))


def tile_idastar(dbs: Databases, f: Frame, q: Board, meter: Meter | None = None) -> Solved:
    """A shortest solution of a solvable board ``q`` of the tray ``f`` by IDA* led by the
    databases: the larger of the sum on the board and the sum on its mirror image
    (:func:`mirrored`, on square trays), both admissible, so the larger is too::

        h q = max (sum of db_p q) (sum of db_p (mirrored q))

    The same algorithm as :func:`pearls.informed.idastar`, written for speed: the board
    is one list changed in place and changed back, each pattern's index and the two
    sums are updated by additions, a child is bounded before it is pushed, and no move
    undoes the one before.  A ``meter``, if given, counts the states expanded, shows
    progress and stops the search at its limits (checked every 16,384 states), raising
    :class:`~pearls.errors.LimitReached`.

    A meter with an observer (a tracer, :mod:`pearls.tracing`) is shown the same
    search run on boards (:func:`_on_boards`): the same states expanded in the same
    order, the same bounds and the same solution, each expansion (with its ``h``) and
    each round's bound seen, some twenty times slower (17 and 21 times on Korf's
    instances 16 and 97, 36,181 and 22,024 states): a hard instance watched may stop
    at a time limit that the search on flat integers meets.

    >>> dbs = databases(2, 3, ((1, 2), (3, 4, 5)))
    >>> found = tile_idastar(dbs, frame(2, 3), (4, 1, 2, 0, 5, 3))
    >>> found.moves, found.bounds
    ([(4, 3), (1, 0), (2, 1), (3, 2)], (4,))
    """
    if meter is not None and meter.observer is not None:
        return _on_boards(dbs, f, q, meter)
    return _flat(dbs, f, q, meter, _ticker)


def _flat(dbs: Databases, f: Frame, q: Board, meter: Meter | None, ticker: Ticker) -> Solved:
    """:func:`tile_idastar` on flat integers, each round looking at the meter by a tick
    that ``ticker`` makes (:func:`_ticker`; a test's may look at every state)."""
    tables, neighbours = _tables(dbs)
    board, (index, mirror_index) = turned(f, q), _placing(dbs, tables, f)(q)
    tabled = [db.table for db in dbs.tables]
    plain, mirror = _sum(tabled, index), _sum(tabled, mirror_index)
    bound, expanded = max(plain, mirror), 0
    bounds: list[int] = []
    while True:
        bounds.append(bound)
        tick = ticker(meter, expanded)
        walk, beyond, nodes = _contour(
            list(board), index[:], mirror_index[:], (plain, mirror), bound, tick, tables, neighbours
        )
        expanded += nodes
        if meter is not None:
            meter.tally(expanded - meter.expanded)
        if walk is not None:
            return Solved(_replay(f, q, walk), expanded, tuple(bounds))
        bound = beyond


Tick = Callable[[int, Sequence[Cell]], int]  # told the states a round has expanded and the
# blank's walk from the start to the state it stands on; gives the count to be told again at
Ticker = Callable[[Meter | None, int], Tick]  # a round's tick: the meter, the states before it
TICKS = 1 << 14  # states between two looks at a meter


def _no_ticks(nodes: int, walk: Sequence[Cell]) -> int:
    """No meter: never call again."""
    return -1


_NO_TICKS: Tick = _no_ticks


def _ticker(meter: Meter | None, before: int) -> Tick:
    """A round's look at ``meter``, ``before`` states having been expanded in earlier
    rounds: count the states since the last look (:meth:`~pearls.limits.Meter.count`
    reports progress when due), raise at a limit (:meth:`~pearls.limits.Meter.check`),
    and give the count to look again at: no later than the state limit.  No meter:
    no look."""
    if meter is None:
        return _NO_TICKS

    def tick(nodes: int, walk: Sequence[Cell]) -> int:
        meter.count(before + nodes - meter.expanded)
        meter.check()
        left = TICKS if meter.max_states is None else meter.max_states - meter.expanded
        return nodes + min(TICKS, left)

    return tick


_NEVER = 1 << 30  # more than any bound


def _contour(
    board: list[Tile],
    index: list[int],
    mirror_index: list[int],
    sums: tuple[int, int],
    bound: int,
    tick: Tick,
    tables: _Tables,
    neighbours: list[tuple[Cell, ...]],
) -> tuple[list[Cell] | None, int, int]:
    """One round of :func:`tile_idastar` within ``bound``: the blank's walk to the goal,
    or ``None`` and the least ``f`` beyond the bound, and the states expanded; ``tick``
    is told the count and the walk so far when the count reaches the number ``tick``
    last returned (and may raise).

    The stack holds children already bounded: the blank's next cell, the depth, and the
    plain and mirrored sums with the one index of each that the move changes.  Popping
    one first takes back the moves of the walk deeper than its parent (``undo`` holds
    what each move changed), then makes its move.  The loop is one function on purpose:
    CPython reads local names fastest.
    """
    group, weight, table, mirror_group, mirror_weight, mirror_table, flip = tables
    walk: list[Cell] = []
    least, nodes, look = _NEVER, 0, tick(0, walk)
    undo: list[tuple[int, int, int, int]] = []
    plain, mirror = sums
    stack = [(board.index(BLANK), 0, plain, 0, index[0], mirror, 0, mirror_index[0])]
    depth = -1
    while stack:
        c, d, x, g, i, y, mg, mi = stack.pop()
        while depth >= d:
            b = walk.pop()
            p = walk[-1]
            board[b], board[p] = board[p], BLANK
            g0, i0, mg0, mi0 = undo.pop()
            index[g0], mirror_index[mg0] = i0, mi0
            depth -= 1
        if d:
            b = walk[-1]
            board[b], board[c] = board[c], BLANK
            undo.append((g, index[g], mg, mirror_index[mg]))
            index[g], mirror_index[mg] = i, mi
        else:
            b = -1
        walk.append(c)
        depth = d
        nodes += 1
        if x == 0:
            return walk, least, nodes
        if nodes == look:
            look = tick(nodes, walk)
        d1, fc = d + 1, flip[c]
        for e in neighbours[c]:
            if e == b:
                continue
            t = board[e]
            g2, tab, i0 = group[t], table[t], index[group[t]]
            i2 = i0 + (c - e) * weight[t]
            x2 = x - tab[i0] + tab[i2]
            if d1 + x2 > bound:
                if d1 + x2 < least:
                    least = d1 + x2
                continue
            mg2, mtab, mi0 = mirror_group[t], mirror_table[t], mirror_index[mirror_group[t]]
            mi2 = mi0 + (fc - flip[e]) * mirror_weight[t]
            y2 = y - mtab[mi0] + mtab[mi2]
            if d1 + y2 > bound:
                if d1 + y2 < least:
                    least = d1 + y2
                continue
            stack.append((e, d1, x2, g2, i2, y2, mg2, mi2))
    return None, least, nodes


def _replay(f: Frame, q: Board, walk: Sequence[Cell]) -> list[Move]:
    """The moves on ``q`` of the blank's walk on the board turned for the blank-first goal
    (see :func:`turned`): each step slides the tile ahead of the blank onto its cell."""
    last = f.size - 1
    cells = walk if f.blank_first else [last - c for c in walk]
    ms: list[Move] = []
    board = q
    for b, e in pairwise(cells):
        m = (board[e], b)
        ms.append(m)
        board = move(board, m)
    return ms


# The same search on boards, watched


def _on_boards(dbs: Databases, f: Frame, q: Board, meter: Meter) -> Solved:
    """:func:`tile_idastar`'s search run on boards of ``f`` through the meter's watched
    puzzle, so that its observer sees each state expanded, with its ``h`` (the larger
    sum, through :meth:`~pearls.limits.Meter.heuristic`), and each round's bound
    (:attr:`~pearls.limits.Meter.rounds`).  State for state it is the search on flat
    integers: the same rounds and bounds, the same states expanded in the same order
    (the solved board among them, as that search counts it) and the same solution.

    >>> from pearls.tracing import Bound, Expanded, Tracer
    >>> dbs, f, q = databases(2, 3, ((1, 2), (3, 4, 5))), frame(2, 3), (4, 1, 2, 0, 5, 3)
    >>> tracer = Tracer()
    >>> tile_idastar(dbs, f, q, Meter(observer=tracer)) == tile_idastar(dbs, f, q)
    True
    >>> [(e.state, e.depth, e.h) for e in tracer.recorded if isinstance(e, Expanded)][:2]
    [((4, 1, 2, 0, 5, 3), 0, 4), ((0, 1, 2, 4, 5, 3), 1, 3)]
    >>> [e.bound for e in tracer.recorded if isinstance(e, Bound)]
    [4]
    """
    watched, sums = meter.watch(puzzle(f)), _board_sums(dbs, f)

    def larger(r: Board) -> int:
        return max(sums(r))

    h, rounds, before = meter.heuristic(larger), meter.rounds, meter.expanded
    bound = h(q)
    bounds: list[int] = []
    while True:
        bounds.append(bound)
        if rounds is not None:
            rounds(bound)
        found, beyond = _board_contour(watched, f, (sums, h), q, bound)
        if found is not None:
            return Solved(found, meter.expanded - before, tuple(bounds))
        bound = beyond


Sums = Callable[[Board], tuple[int, int]]  # the sums on a board and its mirror, e.g. (4, 4)


def _board_sums(dbs: Databases, f: Frame) -> Sums:
    """The sums on a board of ``f`` and on its mirror image, worked out as
    :func:`tile_idastar` works them out, on the board turned for the blank-first goal.
    The last board's are kept: the search asks for a child's sums, then for their
    larger (through the observer's ``h``)."""
    placed, tabled = _placing(dbs, _tables(dbs)[0], f), [db.table for db in dbs.tables]

    @lru_cache(maxsize=1)
    def sums(q: Board) -> tuple[int, int]:
        index, mirror_index = placed(q)
        return _sum(tabled, index), _sum(tabled, mirror_index)

    return sums


def _board_contour(
    puzzle: Puzzle[Board, Move],
    f: Frame,
    led: tuple[Sums, Callable[[Board], int]],
    q: Board,
    bound: int,
) -> tuple[list[Move] | None, int]:
    """One round of :func:`_on_boards` within ``bound``, as :func:`_contour` runs it:
    a solution, or ``None`` and the least ``f`` beyond the bound, led by the sums
    (:func:`_board_sums`) and ``h``, the larger of the two.

    ::

        contour b [] = Beyond (least f cut off)
        contour b ((g, p@(ms, q)) : ps)
          | solved q  = Found ms                  -- q expanded (counted) first
          | otherwise = contour b ([(g + 1, p') | p'@(_, r) <- succs p, fits r] ++ ps)
          where fits r = the move to r slides back no tile moved last, and
                         g + 1 + plain r <= b && g + 1 + h r <= b

    A cut off ``f`` is the first of the two sums' that exceeds the bound, as on flat
    integers; the successors are tried in :func:`_contour`'s order
    (:func:`_flat_order`).  The stack holds each path with its length and the tile it
    moved last.
    """
    sums, h = led
    least = _NEVER
    stack: list[tuple[int, Tile, Path[Board, Move]]] = [(0, BLANK, start(q))]
    while stack:
        g, last, (history, r) = stack.pop()
        ms = puzzle.moves(r)
        if puzzle.solved(r):
            return solution(history), least
        for m in _flat_order(f, ms):
            if m[0] == last:
                continue
            after = puzzle.move(r, m)
            beyond = g + 1 + sums(after)[0]
            if beyond <= bound:
                beyond = g + 1 + h(after)
            if beyond > bound:
                least = min(least, beyond)
                continue
            stack.append((g + 1, m[0], Path(history.cons(m), after)))
    return None, least


def _flat_order(f: Frame, ms: Sequence[Move]) -> Sequence[Move]:
    """The moves of a board of ``f`` (:func:`~pearls.puzzles.sliding.moves`: the tiles
    above, left of, right of and below the blank) in the order :func:`_contour` tries
    them, on the board turned for the blank-first goal: the same, or, on a board posed
    for the blank-last goal, turned half round, below, right, left and above, the
    moves reversed.

    >>> _flat_order(frame(3, 3), [(2, 4), (4, 4), (5, 4), (7, 4)])
    [(7, 4), (5, 4), (4, 4), (2, 4)]
    """
    return ms if f.blank_first else ms[::-1]
