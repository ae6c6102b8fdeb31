"""One owner's share of a whole-space analysis shared out among ``n`` owners (the
workers of a cluster, :mod:`pearls.distributed`): the states it owns that it has met,
its part of the current level and of the level before, and how the successors it finds
for the other owners travel to them.

Every state has one owner.  A level is worked out in two steps, the same on every
owner::

    at = shard.expand(at)          # its part of level k expanded, a chunk at a time:
                                   # the new successors it owns kept aside, the others'
                                   # grouped by their owners
    out, generated = shard.groups()  # those groups (out[j] for owner j), to send
    shard.advance(sent)            # level k+1: those kept aside, and those the others
                                   # sent it that it had not met

so that its parts of the levels are those of :func:`pearls.analysis.levels` shared out,
and the histogram, the sum of the parts' sizes, is the same.  Three kinds of shard, by
what the puzzle offers:

- :class:`RankShard`, where the perfect hash can unrank: owner ``j`` owns the ranks ``r``
  with ``r mod n == j`` (residues, not ranges: a sliding tray's level holds boards with
  the blank on cells of one colour, and ranges, by the blank's cell first, would split it
  3 to 2 on the 2x5 tray), keeps a bit for each (at ``r div n``) and its parts of the
  levels as arrays of ranks, works out a rank's successors from the rank where the hash
  can (:func:`~pearls.analysis.ranked_successors`), and sends another owner its ranks as
  fixed-width integers packed in ``bytes`` (4 bytes a rank below ``2 ** 32``), never
  pickled one by one.
- :class:`HashShard`, where the hash cannot unrank (the Tower of Hanoi, Flip It): the
  same owners and bits by rank, but the levels hold the states, which travel pickled,
  grouped by owner.
- :class:`KeyShard`, without a hash: a state's owner is a checksum of its ``key``, a
  name for it that is the same in every process (a problem's
  :meth:`~pearls.description.Problem.key`, its JSON; ``repr`` is not that for a state
  holding a ``set``, whose order follows each process's hash seed), the states met are
  a ``set``, and states travel pickled.

A shard travels as plain data: to its owner's worker, and back to the one that started
the analysis as a snapshot (:meth:`Shard.saved`, taken at the top of a level) to start
again from if a worker is lost.  Its owner works on a copy of what it was handed
(:meth:`Shard.begun`), never on the value itself, and what it sends is never changed
after.

>>> from pearls.puzzles import graph
>>> from pearls.analysis import PerfectHash
>>> ring = graph.puzzle({0: [1, 3], 1: [2], 2: [0], 3: [2]}, goal=9)
>>> owners = [s.begun() for s in rank_shards(ring, PerfectHash(int, 4, int), 2, [0])]
>>> [expanded(owner) for owner in owners]  # ranks 1 and 3 go to owner 1
[([b'', b'\\x01\\x00\\x00\\x00\\x03\\x00\\x00\\x00'], 2), ([b'', b''], 0)]
"""

from __future__ import annotations

import zlib
from abc import ABC, abstractmethod
from array import array
from collections.abc import Callable, Iterable, Sequence
from typing import Generic, TypeVar

from pearls.analysis import PerfectHash, addressable, checked_rank, rank_array, ranked_successors
from pearls.types import M, Puzzle, S

__all__ = [
    "CHUNK",
    "HashShard",
    "KeyShard",
    "RankShard",
    "Ranked",
    "Shard",
    "expanded",
    "hash_shards",
    "key_shards",
    "rank_shards",
]

W = TypeVar("W")  # what one owner sends another of a level: packed ranks, or states

CHUNK = 1 << 12  # ranks or states an owner expands at a time, between two looks at its worker


def _owned_bits(h: PerfectHash[S], index: int, n: int) -> bytearray:
    """A bit for each rank owner ``index`` of ``n`` owns (``r mod n == index``, bit
    ``r div n``), all clear."""
    owned = (h.size - index + n - 1) // n
    return bytearray(addressable((owned + 7) // 8))


class Shard(ABC, Generic[S, W]):
    """Owner ``index`` of ``n``'s share of an analysis: the states it owns that it has
    met, its part of the current level and of the one before (``last``: once the
    current level is empty everywhere, the farthest)."""

    index: int
    n: int

    @abstractmethod
    def __len__(self) -> int:
        """The size of its part of the current level."""

    @abstractmethod
    def begun(self) -> Shard[S, W]:
        """A copy to work on, its tables built: where nothing has been met yet (a shard
        of starts), its part of the level is the starts it owns, each once."""

    @abstractmethod
    def saved(self) -> Shard[S, W]:
        """A copy, at the top of a level: what the owner needs to go on from there."""

    @abstractmethod
    def expand(self, at: int) -> int:
        """Expand its part of the level from position ``at`` on, :data:`CHUNK` states at
        most: the successors it owns and had not met kept aside for the next level, the
        others' grouped for their owners (:meth:`groups`).  The position to go on from
        (its part's size, once it is all expanded)."""

    @abstractmethod
    def groups(self) -> tuple[list[W], int]:
        """The successors found for each owner since the level began (its own group
        empty), to send, and the successors generated."""

    @abstractmethod
    def advance(self, sent: Iterable[W]) -> None:
        """On to the next level: the successors kept aside, then those of ``sent`` (the
        other owners' groups for it) that it had not met."""

    @abstractmethod
    def farthest(self) -> list[S]:
        """Its part of the level before the current one, as states."""


class RankShard(Shard[S, bytes], Generic[S, M]):
    """A shard by ranks alone, where the perfect hash ``h`` can unrank: a bit for each
    rank ``r`` it owns (``r mod n == index``) at ``r div n`` in ``seen`` (``None``
    until begun, for a shard of starts), its parts of the levels as arrays of ranks,
    and the ranks for other owners sent packed in ``bytes``.

    >>> from pearls.puzzles import graph
    >>> line = graph.puzzle({0: [1, 2], 1: [], 2: []}, goal=9)
    >>> owner = rank_shards(line, PerfectHash(int, 3, int), 1, [0, 0])[0].begun()
    >>> len(owner), owner.expand(0), owner.groups(), owner.advance([]), list(owner.level)
    (1, 1, ([b''], 2), None, [1, 2])
    """

    def __init__(
        self,
        index: int,
        n: int,
        puzzle: Puzzle[S, M],
        h: PerfectHash[S],
        seen: bytearray | None,
        level: array[int],
        last: array[int],
    ) -> None:
        self.index: int = index
        self.n: int = n
        self.puzzle: Puzzle[S, M] = puzzle
        self.h: PerfectHash[S] = h
        self.seen: bytearray | None = seen
        self.level: array[int] = level
        self.last: array[int] = last
        self.following: array[int] = level[:0]
        self.out: list[array[int]] = [level[:0] for _ in range(n)]
        self.generated: int = 0
        self.successors: Callable[[int], Sequence[int]] | None = None

    def __len__(self) -> int:
        return len(self.level)

    def begun(self) -> RankShard[S, M]:
        unrank = self.h.unrank
        assert unrank is not None  # a shard by ranks is made only where the hash unranks
        if self.seen is None:
            working = self._with(_owned_bits(self.h, self.index, self.n), self.level[:0])
            working.level = working.kept(working.level, [self.level.tobytes()])
        else:
            working = self.saved()
        working.successors = ranked_successors(self.puzzle, self.h, unrank)
        return working

    def saved(self) -> RankShard[S, M]:
        assert self.seen is not None  # a shard of starts is saved as it is given
        return self._with(bytearray(self.seen), self.level[:], self.last[:])

    def _with(
        self, seen: bytearray, level: array[int], last: array[int] | None = None
    ) -> RankShard[S, M]:
        """This shard with these bits and levels."""
        last = level[:0] if last is None else last
        return RankShard(self.index, self.n, self.puzzle, self.h, seen, level, last)

    def expand(self, at: int) -> int:
        assert self.seen is not None and self.successors is not None  # made by begun
        me, n, bits, successors = self.index, self.n, self.seen, self.successors
        following, out = self.following, self.out
        generated, stop = 0, min(at + CHUNK, len(self.level))
        for r in self.level[at:stop]:
            found = successors(r)
            generated += len(found)
            for s in found:
                owner = s % n
                if owner != me:
                    out[owner].append(s)
                    continue
                i = s // n
                if not bits[i >> 3] & 1 << (i & 7):
                    bits[i >> 3] |= 1 << (i & 7)
                    following.append(s)
        self.generated += generated
        return stop

    def groups(self) -> tuple[list[bytes], int]:
        out, generated = self.out, self.generated
        self.out, self.generated = [self.level[:0] for _ in range(self.n)], 0
        return [ranks.tobytes() for ranks in out], generated

    def advance(self, sent: Iterable[bytes]) -> None:
        self.last, self.level = self.level, self.kept(self.following, sent)
        self.following = self.level[:0]

    def kept(self, level: array[int], packed: Iterable[bytes]) -> array[int]:
        """``level`` with the ranks of ``packed`` it had not met, now met."""
        assert self.seen is not None  # made by begun
        n, bits = self.n, self.seen
        for data in packed:
            ranks = level[:0]
            ranks.frombytes(data)
            for s in ranks:
                i = s // n
                if not bits[i >> 3] & 1 << (i & 7):
                    bits[i >> 3] |= 1 << (i & 7)
                    level.append(s)
        return level

    def farthest(self) -> list[S]:
        unrank = self.h.unrank
        assert unrank is not None  # a shard by ranks is made only where the hash unranks
        return list(map(unrank, self.last))


Ranked = tuple[list[S], bytes]  # states for another owner, and their ranks packed


class HashShard(Shard[S, Ranked[S]], Generic[S, M]):
    """A shard of states where the perfect hash ``h`` cannot unrank: owner ``j`` owns
    the states of ranks ``r`` with ``r mod n == j`` and keeps a bit for each at ``r div
    n`` (``seen``, ``None`` until begun, for a shard of starts); its parts of the levels
    hold the states, and the states for another owner travel pickled, their ranks packed
    beside them, so that each state is ranked once.

    >>> from pearls.puzzles import graph
    >>> line = graph.puzzle({0: [1, 2], 1: [], 2: []}, goal=9)
    >>> owners = [s.begun() for s in hash_shards(line, PerfectHash(int, 3), 2, [0])]
    >>> [expanded(owner) for owner in owners]
    [([([], b''), ([1], b'\\x01\\x00\\x00\\x00')], 2), ([([], b''), ([], b'')], 0)]
    """

    def __init__(
        self,
        index: int,
        n: int,
        puzzle: Puzzle[S, M],
        h: PerfectHash[S],
        seen: bytearray | None,
        level: list[S],
        last: list[S],
    ) -> None:
        self.index: int = index
        self.n: int = n
        self.puzzle: Puzzle[S, M] = puzzle
        self.h: PerfectHash[S] = h
        self.seen: bytearray | None = seen
        self.level: list[S] = level
        self.last: list[S] = last
        self.following: list[S] = []
        self.out: list[tuple[list[S], array[int]]] = self._empty()
        self.generated: int = 0

    def _empty(self) -> list[tuple[list[S], array[int]]]:
        """A group for each owner, empty."""
        return [([], rank_array(self.h.size)) for _ in range(self.n)]

    def __len__(self) -> int:
        return len(self.level)

    def begun(self) -> HashShard[S, M]:
        if self.seen is not None:
            return self.saved()
        seen = _owned_bits(self.h, self.index, self.n)
        working = HashShard(self.index, self.n, self.puzzle, self.h, seen, [], [])
        ranks = rank_array(self.h.size)
        ranks.extend(self.h.rank(q) for q in self.level)
        working.advance([(self.level, ranks.tobytes())])
        return working

    def saved(self) -> HashShard[S, M]:
        assert self.seen is not None  # a shard of starts is saved as it is given
        seen, level, last = bytearray(self.seen), list(self.level), list(self.last)
        return HashShard(self.index, self.n, self.puzzle, self.h, seen, level, last)

    def expand(self, at: int) -> int:
        assert self.seen is not None  # made by begun
        me, n, bits, h = self.index, self.n, self.seen, self.h
        moves, move, following, out = self.puzzle.moves, self.puzzle.move, self.following, self.out
        generated, stop = 0, min(at + CHUNK, len(self.level))
        for q in self.level[at:stop]:
            ms = moves(q)
            generated += len(ms)
            for m in ms:
                s = move(q, m)
                r = checked_rank(h, s)
                owner = r % n
                if owner != me:
                    states, ranks = out[owner]
                    states.append(s)
                    ranks.append(r)
                    continue
                i = r // n
                if not bits[i >> 3] & 1 << (i & 7):
                    bits[i >> 3] |= 1 << (i & 7)
                    following.append(s)
        self.generated += generated
        return stop

    def groups(self) -> tuple[list[Ranked[S]], int]:
        out, generated = self.out, self.generated
        self.out, self.generated = self._empty(), 0
        return [(states, ranks.tobytes()) for states, ranks in out], generated

    def advance(self, sent: Iterable[Ranked[S]]) -> None:
        assert self.seen is not None  # made by begun
        n, bits, level = self.n, self.seen, self.following
        for states, packed in sent:
            ranks = rank_array(self.h.size)
            ranks.frombytes(packed)
            for q, r in zip(states, ranks, strict=True):
                i = r // n
                if not bits[i >> 3] & 1 << (i & 7):
                    bits[i >> 3] |= 1 << (i & 7)
                    level.append(q)
        self.last, self.level, self.following = self.level, level, []

    def farthest(self) -> list[S]:
        return list(self.last)


class KeyShard(Shard[S, list[S]], Generic[S, M]):
    """A shard of states without a perfect hash: the owner of ``q`` is a checksum of
    ``key(q)`` modulo ``n``, the states met are a set (``seen``, ``None`` until begun,
    for a shard of starts), and the states for another owner travel pickled.

    >>> from pearls.puzzles import graph
    >>> line = graph.puzzle({0: [4, 5], 4: [], 5: []}, goal=9)
    >>> [s.level for s in key_shards(line, repr, 2, [0, 4, 5, 0])]
    [[4, 5], [0, 0]]
    """

    def __init__(
        self,
        index: int,
        n: int,
        puzzle: Puzzle[S, M],
        key: Callable[[S], str],
        seen: set[S] | None,
        level: list[S],
        last: list[S],
    ) -> None:
        self.index: int = index
        self.n: int = n
        self.puzzle: Puzzle[S, M] = puzzle
        self.key: Callable[[S], str] = key
        self.seen: set[S] | None = seen
        self.level: list[S] = level
        self.last: list[S] = last
        self.following: list[S] = []
        self.out: list[list[S]] = [[] for _ in range(n)]
        self.generated: int = 0

    def __len__(self) -> int:
        return len(self.level)

    def begun(self) -> KeyShard[S, M]:
        if self.seen is not None:
            return self.saved()
        working = KeyShard(self.index, self.n, self.puzzle, self.key, set(), [], [])
        working.advance([self.level])
        return working

    def saved(self) -> KeyShard[S, M]:
        assert self.seen is not None  # a shard of starts is saved as it is given
        seen, level, last = set(self.seen), list(self.level), list(self.last)
        return KeyShard(self.index, self.n, self.puzzle, self.key, seen, level, last)

    def expand(self, at: int) -> int:
        assert self.seen is not None  # made by begun
        me, n, key, seen = self.index, self.n, self.key, self.seen
        moves, move, following, out = self.puzzle.moves, self.puzzle.move, self.following, self.out
        generated, stop = 0, min(at + CHUNK, len(self.level))
        for q in self.level[at:stop]:
            ms = moves(q)
            generated += len(ms)
            for m in ms:
                s = move(q, m)
                owner = _checksum(key, n, s)
                if owner != me:
                    out[owner].append(s)
                elif s not in seen:
                    seen.add(s)
                    following.append(s)
        self.generated += generated
        return stop

    def groups(self) -> tuple[list[list[S]], int]:
        out, generated = self.out, self.generated
        self.out, self.generated = [[] for _ in range(self.n)], 0
        return out, generated

    def advance(self, sent: Iterable[list[S]]) -> None:
        assert self.seen is not None  # made by begun
        seen, level = self.seen, self.following
        for states in sent:
            for q in states:
                if q not in seen:
                    seen.add(q)
                    level.append(q)
        self.last, self.level, self.following = self.level, level, []

    def farthest(self) -> list[S]:
        return list(self.last)


def rank_shards(
    puzzle: Puzzle[S, M], h: PerfectHash[S], n: int, starts: Iterable[S]
) -> list[RankShard[S, M]]:
    """The ``n`` shards by ranks of an analysis from ``starts``, each holding the ranks
    of the starts it owns (each rank checked to lie in ``range(h.size)``)."""
    parts = [rank_array(h.size) for _ in range(n)]
    for q in starts:
        r = checked_rank(h, q)
        parts[r % n].append(r)
    return [RankShard(j, n, puzzle, h, None, part, part[:0]) for j, part in enumerate(parts)]


def hash_shards(
    puzzle: Puzzle[S, M], h: PerfectHash[S], n: int, starts: Iterable[S]
) -> list[HashShard[S, M]]:
    """The ``n`` shards of states by rank of an analysis from ``starts``, each holding
    the starts it owns (each rank checked to lie in ``range(h.size)``)."""
    parts: list[list[S]] = [[] for _ in range(n)]
    for q in starts:
        parts[checked_rank(h, q) % n].append(q)
    return [HashShard(j, n, puzzle, h, None, part, []) for j, part in enumerate(parts)]


def key_shards(
    puzzle: Puzzle[S, M], key: Callable[[S], str], n: int, starts: Iterable[S]
) -> list[KeyShard[S, M]]:
    """The ``n`` shards of states by key of an analysis from ``starts``, each holding
    the starts it owns."""
    parts: list[list[S]] = [[] for _ in range(n)]
    for q in starts:
        parts[_checksum(key, n, q)].append(q)
    return [KeyShard(j, n, puzzle, key, None, part, []) for j, part in enumerate(parts)]


def _checksum(key: Callable[[S], str], n: int, q: S) -> int:
    """The owner of ``q`` among ``n``, by a checksum of its key (the same in every
    process, where Python's own ``hash`` of a string is not)."""
    return zlib.crc32(key(q).encode()) % n if n > 1 else 0


def expanded(shard: Shard[S, W]) -> tuple[list[W], int]:
    """``shard``'s whole part of its level expanded (:meth:`Shard.expand`, chunk by
    chunk): the groups for the owners, and the successors generated."""
    at = 0
    while at < len(shard):
        at = shard.expand(at)
    return shard.groups()
