"""Typed doors to the parts of toolz that pearls uses (toolz ships no type information)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TypeVar

import toolz

__all__ = ["concat", "merge_sorted"]

T = TypeVar("T")


def merge_sorted(*seqs: Iterable[T]) -> Iterator[T]:
    """Merge ascending iterables into one ascending iterator, lazily: Haskell's ``merge``.

    >>> list(merge_sorted([1, 4, 9], [2, 3], [8]))
    [1, 2, 3, 4, 8, 9]
    """
    merged: Iterator[T] = toolz.merge_sorted(*seqs)
    return merged


def concat(seqs: Iterable[Iterable[T]]) -> Iterator[T]:
    """Concatenate iterables into one iterator, lazily: Haskell's ``concat``.

    >>> list(concat([[1, 2], [], [3]]))
    [1, 2, 3]
    """
    joined: Iterator[T] = toolz.concat(seqs)
    return joined
