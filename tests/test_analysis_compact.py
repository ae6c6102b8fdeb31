"""The compact analysis (a bit a state by rank, levels as arrays of ranks) against the
plain one: the same levels, in the same order."""

from __future__ import annotations

import pytest
from described import typed
from hypothesis import given
from hypothesis import strategies as st

from pearls import description
from pearls.analysis import (
    CHUNK,
    Analysis,
    PerfectHash,
    analyze,
    analyze_compact,
    compact_levels,
    levels,
    rank_array,
)
from pearls.errors import LimitReached
from pearls.limits import Meter
from pearls.puzzles import graph, sliding
from pearls.puzzles.sliding import ranked
from pearls.registry import PUZZLES
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


def test_a_meter_counts_what_one_process_expands_and_stops_at_its_limit() -> None:
    """The 2x3 tray by its successors from a rank: the meter counts every board
    expanded and every move generated, as a watched puzzle does, and stops exactly at
    its limit of states (the same count and message as the plain analysis)."""
    f = sliding.frame(2, 3)
    h, unrank = ranked.perfect_hash(f), sliding.unrank(f)
    meter, watched = Meter(), Meter()
    analyze_compact(sliding.puzzle(f), [f.goal], h, unrank, meter)
    analyze(watched.watch(sliding.puzzle(f)), [f.goal])
    assert (meter.expanded, meter.generated) == (watched.expanded, watched.generated) == (360, 840)
    for limit in (0, 1, 100, 359):
        stopped, plain = Meter(max_states=limit), Meter(max_states=limit)
        with pytest.raises(LimitReached) as compact:
            analyze_compact(sliding.puzzle(f), [f.goal], h, unrank, stopped)
        with pytest.raises(LimitReached) as alone:
            analyze(plain.watch(sliding.puzzle(f)), [f.goal])
        assert (compact.value.expanded, compact.value.limit) == (alone.value.expanded, "states")


def test_a_large_level_is_counted_chunk_by_chunk() -> None:
    """A level of 10,000 states (a star around 0): the time limit is looked at within
    it, every CHUNK states, not only once it is done."""
    star = graph.puzzle({0: list(range(1, 10_001))}, goal=-1)
    h = PerfectHash(number, 10_001)
    seen: list[int] = []
    meter = Meter(progress=lambda stats: seen.append(stats.expanded), every=0.0)
    assert analyze_compact(star, [0], h, number, meter).histogram == (1, 10_000)
    assert seen == [1, *range(CHUNK + 1, 10_001, CHUNK), 10_001] and meter.generated == 10_000


@pytest.mark.parametrize(("name", "example"), [("sliding", "2x3"), ("nooff", "farthest")])
def test_a_survey_is_compact_where_the_hash_unranks(
    name: str, example: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A problem whose perfect hash unranks is surveyed by the compact analysis (the
    command line, the browser module and the laws alike): the histogram and the farthest
    positions, in order, of the analysis over states, which it never calls."""
    d = PUZZLES[name]
    p = typed(d.problem(d.examples[example]))
    plain = analyze(p.puzzle, [p.start])

    def refused(*args: object) -> Analysis[object]:
        raise AssertionError("the analysis over states")

    monkeypatch.setattr(description, "analyze", refused)
    survey = d.survey(d.examples[example], from_goals=False)
    assert (survey.states, survey.histogram) == (plain.states, plain.histogram)
    assert survey.farthest == tuple(map(p.state_json, plain.farthest))
    assert survey.stats.expanded == plain.states
