"""Whole-space analysis: breadth-first from a set of start states to every state they
reach, level by level, and what the levels say (how many states, how far the farthest).

The source documents ask this of Flip It Star ("the positions farthest from solved")
and it is the chapter's Rush Hour question turned round: not one shortest path, but the
distance of every position.  In the chapter's notation the levels are::

    levels qs = takeWhile (not . null) (map fst (iterate step (nub qs, nub qs)))
      where step (ps, seen) = (rs, seen ++ rs)
              where rs = nub [move q m | q <- ps, m <- moves q] \\\\ seen

:func:`levels` yields them lazily, so a caller may stop early or show progress, and
:func:`analyze` sums them up.  The set ``seen`` is a Python ``set`` of states, or, given
a :class:`PerfectHash` (a ``rank`` onto ``range(size)``, as the source's
``2048 * space + bits`` for Flip It Star), a ``bytearray`` of ``size`` flags: one byte
a state instead of a whole object in a hashed set.  :class:`Halves` ranks the orders
of ``1..n`` (a perfect hash of permutations, such as sliding tiles') by two lookups.

Where the hash can also unrank, :func:`analyze_compact` keeps a bit a state and the
levels as arrays of ranks, counted by a :class:`Tally` (a meter) chunk by chunk.  Its
helpers are public, for the analysis on a cluster (:mod:`pearls.distributed`) to share:
:func:`rank_array` (an array for ranks), :func:`checked_rank` (a rank, or the error of
one out of range) and :func:`addressable` (a table's size, or the error of one too
large for this machine).
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import permutations
from math import factorial, perm
from operator import itemgetter
from typing import Generic, Protocol, TypeVar

from pearls.errors import HashError
from pearls.toolz_typed import isdistinct
from pearls.types import M, Puzzle, S

__all__ = [
    "Analysis",
    "Halves",
    "PerfectHash",
    "Tally",
    "addressable",
    "analyze",
    "analyze_compact",
    "checked_rank",
    "compact_levels",
    "halves",
    "is_perfect",
    "lehmer",
    "levels",
    "rank_array",
    "ranked_successors",
]

T = TypeVar("T", bound=Hashable)  # a state of a space analysed by its hash


@dataclass(frozen=True)
class PerfectHash(Generic[T]):
    """A minimal perfect hash: ``rank`` maps the states one to one onto ``range(size)``;
    ``unrank``, where given, is its inverse (an analysis on a cluster then ships ranks
    alone, :mod:`pearls.distributed`).  ``successors``, where given, makes (once: it may
    build tables) the moves of ranks themselves, a function from a state's rank to its
    successors' ranks in the order of its moves, no state built::

        successors () r = [rank (move q m) | m <- moves q]    where q = unrank r

    ``size`` is a whole number of at least 0, or
    :class:`~pearls.errors.HashError`; it may be larger than any memory (the Tower of
    Hanoi's ``3 ** 64``), and an analysis by it then raises :class:`MemoryError` before
    allocating anything.  A rank outside ``range(size)``, met in an analysis, raises
    :class:`~pearls.errors.HashError`.

    >>> bits = PerfectHash(rank=lambda q: int("".join(map(str, q)), 2), size=8)
    >>> bits.rank((1, 0, 1))
    5
    >>> PerfectHash(rank=int, size=-1)
    Traceback (most recent call last):
    ...
    pearls.errors.HashError: a perfect hash's size is a whole number of at least 0, not -1
    """

    rank: Callable[[T], int]
    size: int
    unrank: Callable[[int], T] | None = None
    successors: Callable[[], Callable[[int], Sequence[int]]] | None = None

    def __post_init__(self) -> None:
        if not _whole(self.size):
            raise HashError(
                f"a perfect hash's size is a whole number of at least 0, not {self.size!r}"
            )


def _whole(value: object) -> bool:
    """Whether ``value`` is an ``int`` of at least 0 (``True`` and ``False`` are not):
    a size given at run time may be anything, whatever its annotation says."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def lehmer(order: Sequence[int]) -> list[int]:
    """The Lehmer digits of a sequence of distinct numbers: for each, how many after it
    are smaller; weighted by ``(n-1)!, ..., 1!, 0!`` they number the orders of ``n``.

    >>> lehmer((2, 3, 1))
    [1, 1, 0]
    """
    return [sum(u < t for u in order[i + 1 :]) for i, t in enumerate(order)]


class Halves:
    """Tables that rank and unrank an order of the tiles ``1..n`` in two lookups.  Its
    Lehmer code splits at ``p = n // 2``: the first ``p`` digits depend on the first
    ``p`` tiles alone, the last ``s = n - p`` on the last ``s`` tiles' own order, so::

        lehmer o = front (take p o) + back (drop p o)    where front is a multiple of s!

    ``front`` and ``back`` are dictionaries by tuple; unranking looks the prefix up by
    ``code div s!`` and the suffix's order by ``code mod s!``.  Built on first use, with
    ``n! / s! + n! / p!`` entries (18,144 for the 8 puzzle and the 2x5 tray).

    >>> t = Halves(3)
    >>> t.front[(2,)] + t.back[(3, 1)], lehmer((2, 3, 1))
    (3, [1, 1, 0])
    """

    LIMIT = 50_000  # the most entries the tables may hold

    @staticmethod
    def fit(n: int) -> bool:
        """Whether the tables for ``n`` tiles stay within :attr:`LIMIT` entries."""
        return perm(n, n // 2) + perm(n, n - n // 2) <= Halves.LIMIT

    def __init__(self, n: int) -> None:
        p = n // 2
        self.cut: int = p
        self.span: int = factorial(n - p)
        weights = [factorial(n - 1 - i) for i in range(n)]
        tiles = range(1, n + 1)
        self.front: dict[tuple[int, ...], int] = {}
        self.prefixes: list[tuple[int, ...]] = [()] * (factorial(n) // self.span)
        self.rests: list[tuple[int, ...]] = [()] * len(self.prefixes)
        self.front_parity: list[int] = [0] * len(self.prefixes)
        for prefix in permutations(tiles, p):
            digits = [t - 1 - sum(u < t for u in prefix[:i]) for i, t in enumerate(prefix)]
            code = sum(d * w for d, w in zip(digits, weights, strict=False))
            self.front[prefix], at = code, code // self.span
            self.prefixes[at] = prefix
            self.rests[at] = tuple(t for t in tiles if t not in prefix)
            self.front_parity[at] = sum(digits) % 2
        self.back: dict[tuple[int, ...], int] = {
            suffix: sum(d * w for d, w in zip(lehmer(suffix), weights[p:], strict=True))
            for suffix in permutations(tiles, n - p)
        }
        self.pick: list[Callable[[tuple[int, ...]], tuple[int, ...]]] = [itemgetter(0)] * self.span
        self.back_parity: list[int] = [0] * self.span
        for places in permutations(range(n - p)):
            digits = lehmer(places)
            code = sum(d * w for d, w in zip(digits, weights[p:], strict=True))
            self.pick[code], self.back_parity[code] = itemgetter(*places), sum(digits) % 2


def halves(n: int) -> Callable[[], Halves]:
    """The tables for ``n`` tiles, built on the first call and kept (a local memo): a
    perfect hash is often made and never used.

    >>> halves(3)().back[(3, 1)]
    1
    """
    built: list[Halves] = []

    def tables() -> Halves:
        if not built:
            built.append(Halves(n))
        return built[0]

    return tables


def is_perfect(h: PerfectHash[T], states: Iterable[T]) -> bool:
    """Whether ``h`` ranks the given states one to one onto ``range(h.size)``: each
    rank in range, no two alike, and as many states as ranks.

    >>> is_perfect(PerfectHash(rank=lambda q: q % 4, size=4), range(4))
    True
    >>> is_perfect(PerfectHash(rank=lambda q: q % 4, size=4), range(5))
    False
    """
    ranks = [h.rank(q) for q in states]
    return len(ranks) == h.size and isdistinct(ranks) and all(0 <= r < h.size for r in ranks)


def _recorder(h: PerfectHash[T] | None) -> Callable[[T], bool]:
    """A fresh record of the states met so far: called with a state, it records it and
    says whether it was new.  A set of states, or flags indexed by a perfect hash."""
    if h is None:
        seen: set[T] = set()

        def new_in_set(q: T) -> bool:
            size = len(seen)
            seen.add(q)
            return len(seen) > size

        return new_in_set
    rank, flags = h.rank, bytearray(addressable(h.size))

    def new_in_flags(q: T) -> bool:
        r = rank(q)
        if r < 0:  # an index from the end: a rank outside range(size), which would alias
            raise _outside(h, q, r)
        try:
            if flags[r]:
                return False
        except IndexError:  # at or past the size
            raise _outside(h, q, r) from None
        flags[r] = 1
        return True

    return new_in_flags


def _outside(h: PerfectHash[T], q: T, r: int) -> HashError:
    """The error of a perfect hash that ranks ``q`` outside ``range(h.size)``."""
    return HashError(f"the perfect hash ranks {q!r} as {r}, outside range({h.size})")


def addressable(size: int) -> int:
    """``size``, the bytes of a table of flags, if this machine can address them; else
    :class:`MemoryError` (where ``bytearray`` would raise :class:`OverflowError`).

    >>> addressable(10**20)
    Traceback (most recent call last):
    ...
    MemoryError: a table of 100,000,000,000,000,000,000 bytes, more than this machine can address
    """
    if size > sys.maxsize:
        raise MemoryError(f"a table of {size:,} bytes, more than this machine can address")
    return size


def levels(
    puzzle: Puzzle[S, M], starts: Iterable[S], h: PerfectHash[S] | None = None
) -> Iterator[list[S]]:
    """The states at distance 0, 1, 2, ... from the nearest start, a list per level.

    Each level lists its states in the order they were first reached, so the levels
    come out the same on every run.  ``solved`` plays no part.

    >>> from pearls.puzzles import graph
    >>> list(levels(graph.puzzle({1: [2, 3], 2: [4], 3: [4], 4: [1]}, goal=0), [1]))
    [[1], [2, 3], [4]]
    """
    new = _recorder(h)
    moves, move = puzzle.moves, puzzle.move
    level = [q for q in starts if new(q)]
    while level:
        yield level
        level = [r for q in level for m in moves(q) if new(r := move(q, m))]


@dataclass(frozen=True)
class Analysis(Generic[T]):
    """A space summed up: ``histogram[d]`` states lie at distance ``d`` from the
    nearest start, ``states`` in all, and ``farthest`` are those at the largest
    distance, in the order reached."""

    states: int
    histogram: tuple[int, ...]
    farthest: tuple[T, ...]

    @property
    def max_distance(self) -> int:
        """The largest distance of any state from the nearest start (-1 with no start)."""
        return len(self.histogram) - 1


def analyze(
    puzzle: Puzzle[S, M], starts: Iterable[S], h: PerfectHash[S] | None = None
) -> Analysis[S]:
    """Every state reachable from ``starts``, summed up by distance.

    >>> from pearls.puzzles import graph
    >>> a = analyze(graph.puzzle({1: [2, 3], 2: [4], 3: [4], 4: [5, 1]}, goal=0), [1])
    >>> a.states, a.histogram, a.max_distance, a.farthest
    (5, (1, 2, 1, 1), 3, (5,))
    """
    histogram: list[int] = []
    last: list[S] = []
    for last in levels(puzzle, starts, h):
        histogram.append(len(last))
    return Analysis(sum(histogram), tuple(histogram), tuple(last))


def rank_array(size: int) -> array[int]:
    """An empty array for ranks below ``size``: 4 bytes a rank where that is enough."""
    return array("I") if size <= 1 << (8 * array("I").itemsize) else array("Q")


CHUNK = 1 << 12  # the ranks a compact analysis expands between two looks at its tally


class Tally(Protocol):
    """What counts a compact analysis's work and stops it at a limit, as a
    :class:`~pearls.limits.Meter` does: :meth:`count` checks the limits, then counts
    ``n`` states about to be expanded (reporting progress when due); ``max_states`` is
    the most it lets expand (``None``: no bound); ``expanded`` and ``generated`` are the
    counts so far."""

    max_states: int | None
    expanded: int
    generated: int

    def count(self, n: int = 1) -> None:
        """Check the limits (raising at one), then count ``n`` expansions."""
        ...


def compact_levels(
    puzzle: Puzzle[S, M],
    starts: Iterable[S],
    h: PerfectHash[S],
    unrank: Callable[[int], S],
    tally: Tally | None = None,
) -> Iterator[array[int]]:
    """:func:`levels` in little memory: the same states in the same order, each level
    an array of ranks (4 bytes a state below 2**32 ranks), the states met so far one
    bit each, indexed by rank.  A state is rebuilt from its rank (``unrank``, the
    inverse of ``h.rank``) when its level is expanded.

    This is the form for spaces too large for a set of state objects: the 239,500,800
    positions of the 3x4 sliding puzzle take 30 MB of bits and two levels of ranks,
    where a set would need over 40 GB.  Where the hash works out a rank's successors
    itself (:attr:`PerfectHash.successors`) no state is built at all but the farthest.
    ``tally``, if given, counts the states expanded and the successors generated, every
    :data:`CHUNK` states, and stops the analysis at its limits (never past its
    ``max_states``), as a watched puzzle stops :func:`levels`.

    >>> from pearls.puzzles import graph
    >>> ring = graph.puzzle({0: [1, 3], 1: [2], 2: [0], 3: [2]}, goal=9)
    >>> [list(level) for level in compact_levels(ring, [0], PerfectHash(int, 4), int)]
    [[0], [1, 3], [2]]
    """
    seen = bytearray(addressable((h.size + 7) // 8))
    level = rank_array(h.size)
    for q in starts:
        r = checked_rank(h, q)
        if not seen[r >> 3] & 1 << (r & 7):
            seen[r >> 3] |= 1 << (r & 7)
            level.append(r)
    successors = ranked_successors(puzzle, h, unrank)
    while level:
        yield level
        after = rank_array(h.size)
        for chunk in _chunks(level, tally):
            generated = 0
            for r in chunk:
                found = successors(r)
                generated += len(found)
                for s in found:
                    if not seen[s >> 3] & 1 << (s & 7):
                        seen[s >> 3] |= 1 << (s & 7)
                        after.append(s)
            if tally is not None:
                tally.generated += generated
        level = after


def _chunks(level: array[int], tally: Tally | None) -> Iterator[array[int]]:
    """``level`` in parts of at most :data:`CHUNK` ranks, each counted by ``tally``
    (which may stop the analysis there) before it is expanded, and none reaching past
    its ``max_states``; the whole level at once without a tally."""
    if tally is None:
        yield level
        return
    at = 0
    while at < len(level):
        room = CHUNK if tally.max_states is None else tally.max_states - tally.expanded
        step = max(1, min(CHUNK, room, len(level) - at))
        tally.count(step)
        yield level[at : at + step]
        at += step


def ranked_successors(
    puzzle: Puzzle[S, M], h: PerfectHash[S], unrank: Callable[[int], S]
) -> Callable[[int], Sequence[int]]:
    """The function from a state's rank to its successors' ranks, in the order of its
    moves: the hash's own (:attr:`PerfectHash.successors`) where it has them, else by
    unranking, moving and ranking, each rank checked to lie in ``range(h.size)``.

    >>> from pearls.puzzles import graph
    >>> ring = graph.puzzle({0: [1, 3], 1: [2], 2: [0], 3: [2]}, goal=9)
    >>> ranked_successors(ring, PerfectHash(int, 4), int)(0)
    [1, 3]
    """
    if h.successors is not None:
        return h.successors()
    moves, move = puzzle.moves, puzzle.move

    def by_states(r: int) -> list[int]:
        q = unrank(r)
        return [checked_rank(h, move(q, m)) for m in moves(q)]

    return by_states


def checked_rank(h: PerfectHash[S], q: S) -> int:
    """``h.rank q``, or :class:`~pearls.errors.HashError` where it lies outside
    ``range(h.size)``."""
    r = h.rank(q)
    if not 0 <= r < h.size:
        raise _outside(h, q, r)
    return r


def analyze_compact(
    puzzle: Puzzle[S, M],
    starts: Iterable[S],
    h: PerfectHash[S],
    unrank: Callable[[int], S],
    tally: Tally | None = None,
) -> Analysis[S]:
    """:func:`analyze` in little memory, by :func:`compact_levels` (counted by
    ``tally``, if given): the same analysis.

    >>> from pearls.puzzles import graph
    >>> ring = graph.puzzle({0: [1, 3], 1: [2], 2: [0], 3: [2]}, goal=9)
    >>> analyze_compact(ring, [0], PerfectHash(int, 4), int)
    Analysis(states=4, histogram=(1, 2, 1), farthest=(2,))
    """
    histogram: list[int] = []
    last = rank_array(h.size)
    for last in compact_levels(puzzle, starts, h, unrank, tally):
        histogram.append(len(last))
    return Analysis(sum(histogram), tuple(histogram), tuple(map(unrank, last)))
