"""What the property tests ask of the small directed graphs they draw."""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def reachable(edges: Mapping[int, Sequence[int]], q: int) -> set[int]:
    """The nodes a path of edges leads to from ``q``, ``q`` among them.

    >>> sorted(reachable({0: [1], 1: [0, 2], 3: [0]}, 0))
    [0, 1, 2]
    """
    seen, todo = {q}, [q]
    while todo:
        for r in edges.get(todo.pop(), []):
            if r not in seen:
                seen.add(r)
                todo.append(r)
    return seen
