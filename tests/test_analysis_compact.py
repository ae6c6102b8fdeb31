"""The compact analysis (a bit a state by rank, levels as arrays of ranks) against the
plain one: the same levels, in the same order."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pearls.analysis import (
    PerfectHash,
    analyze,
    analyze_compact,
    compact_levels,
    levels,
    rank_array,
)
from pearls.limits import Meter
from pearls.puzzles import graph, sliding
from pearls.types import M, Puzzle, S


def number(q: int) -> int:
    """A graph's node as its own rank."""
    return q


def once_each(puzzle: Puzzle[S, M], states: int) -> Puzzle[S, M]:
    """The puzzle, stopped past ``states`` expansions: an analysis of that many states
    expands each once, so one that forgets what it has met fails at once instead of
    running for ever."""
    return Meter(max_states=states).watch(puzzle)


@given(
    st.integers(1, 40).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.dictionaries(
                st.integers(0, n - 1), st.lists(st.integers(0, n - 1), max_size=3), max_size=n
            ),
            st.lists(st.integers(0, n - 1), min_size=1, max_size=3),
        )
    )
)
def test_the_same_levels_as_a_set_gives(case: tuple[int, dict[int, list[int]], list[int]]) -> None:
    n, edges, starts = case
    h = PerfectHash(number, n)
    plain = list(levels(once_each(graph.puzzle(edges, goal=-1), n), starts))
    compact = compact_levels(once_each(graph.puzzle(edges, goal=-1), n), starts, h, number)
    assert [list(level) for level in compact] == plain


def test_a_sliding_tray_from_its_goal() -> None:
    """The 2x3 tray's 360 solvable boards, ranked and rebuilt by the sliding module."""

    f = sliding.frame(2, 3)
    h = sliding.rank(f)
    compact = analyze_compact(once_each(sliding.puzzle(f), 360), [f.goal], h, sliding.unrank(f))
    plain = analyze(once_each(sliding.puzzle(f), 360), [f.goal])
    assert compact == plain
    assert (compact.states, compact.max_distance) == (360, 21)


def test_a_start_given_twice_is_one_state_at_any_rank() -> None:
    """Starts of rank 9 (in the second byte of the bitmap) and 1, 9 again: two states."""
    ten = once_each(graph.puzzle({9: [0], 1: [0]}, goal=-1), 10)
    h = PerfectHash(number, 10)
    assert [list(level) for level in compact_levels(ten, [9, 1, 9], h, number)] == [[9, 1], [0]]
    assert [list(level) for level in compact_levels(ten, [0, 8], h, number)] == [[0, 8]]


def test_a_rank_equal_to_the_size_is_refused() -> None:
    """Ranks run from 0 to size - 1: a hash that ranks a state as its size is no perfect
    hash of that many states, and the bitmap has no bit for it."""
    line = once_each(graph.puzzle({0: [1], 1: [2], 2: [3]}, goal=-1), 4)
    with pytest.raises(ValueError, match=r"ranks 3 as 3, outside range\(3\)"):
        list(compact_levels(line, [0], PerfectHash(number, 3), number))


def test_ranks_take_four_bytes_while_they_fit_in_them() -> None:
    """Unsigned 4-byte ranks up to 2**32 states (ranks below 2**32), 8 bytes beyond."""
    assert [rank_array(n).typecode for n in (1, 2**32, 2**32 + 1, 2**40)] == ["I", "I", "Q", "Q"]
