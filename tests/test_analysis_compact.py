"""The compact analysis (a bit a state by rank, levels as arrays of ranks) against the
plain one: the same levels, in the same order."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pearls.analysis import PerfectHash, analyze, analyze_compact, compact_levels, levels
from pearls.puzzles import graph, sliding


def number(q: int) -> int:
    """A graph's node as its own rank."""
    return q


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
    puzzle = graph.puzzle(edges, goal=-1)
    h = PerfectHash(number, n)
    plain = list(levels(puzzle, starts))
    assert [list(level) for level in compact_levels(puzzle, starts, h, number)] == plain


def test_a_sliding_tray_from_its_goal() -> None:
    """The 2x3 tray's 360 solvable boards, ranked and rebuilt by the sliding module."""

    f = sliding.frame(2, 3)
    puzzle, h = sliding.puzzle(f), sliding.rank(f)
    compact = analyze_compact(puzzle, [f.goal], h, sliding.unrank(f))
    plain = analyze(puzzle, [f.goal])
    assert compact == plain
    assert (compact.states, compact.max_distance) == (360, 21)
