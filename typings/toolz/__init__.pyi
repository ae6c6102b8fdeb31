"""The part of toolz that pearls uses, typed (toolz ships no type information).

``pearls.toolz_typed`` is the one module that imports it; each signature is the
runtime's (``tests/test_stubs.py`` holds them to it with mypy's stubtest).
"""

from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import Any, TypeVar

_T = TypeVar("_T")

# ``key``, the one keyword toolz reads, orders the items by its value.
def merge_sorted(*seqs: Iterable[_T], key: Callable[[_T], Any] | None = None) -> Iterator[_T]: ...
def isdistinct(seq: Iterable[Hashable]) -> bool: ...
def concat(seqs: Iterable[Iterable[_T]]) -> Iterator[_T]: ...
