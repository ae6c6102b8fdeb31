"""Typed doors to the parts of toolz that pearls uses.  toolz ships no type information:
the project's checkers read the stubs in typings/toolz, and a user's read these
signatures."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from typing import TypeVar

import toolz

__all__ = ["concat", "isdistinct", "merge_sorted"]

T = TypeVar("T")
H = TypeVar("H", bound=Hashable)


def merge_sorted(*seqs: Iterable[T]) -> Iterator[T]:
    """Merge ascending iterables into one ascending iterator, lazily: Haskell's ``merge``.

    >>> list(merge_sorted([1, 4, 9], [2, 3], [8]))
    [1, 2, 3, 4, 8, 9]
    """
    return toolz.merge_sorted(*seqs)


def isdistinct(seq: Iterable[H]) -> bool:
    """Whether no two items of ``seq`` are equal (stopping at the first repeat).

    >>> isdistinct([3, 1, 4]), isdistinct("abca")
    (True, False)
    """
    return toolz.isdistinct(seq)


def concat(seqs: Iterable[Iterable[T]]) -> Iterator[T]:
    """Concatenate iterables into one iterator, lazily: Haskell's ``concat``.

    >>> list(concat([[1, 2], [], [3]]))
    [1, 2, 3]
    """
    return toolz.concat(seqs)
