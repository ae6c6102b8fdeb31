"""A perfect hash's own moves: the sliding trays' successors worked out from a rank
alone, held to the model's moves ranked; the analysis that uses them; and the law
``ranked``, which holds every registered puzzle's hash to its model."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache
from itertools import permutations, product
from math import perm

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pearls.analysis import PerfectHash, compact_levels, lehmer
from pearls.description import Problem, Settings, Solvable
from pearls.laws import LAWS, Trial
from pearls.puzzles import sliding
from pearls.puzzles.sliding import ranked
from pearls.registry import ENTRIES
from pearls.rules import Entry

SHAPES = [(rows, cols) for rows, cols in product(range(2, 7), repeat=2) if rows * cols <= 12]


@cache
def tray(rows: int, cols: int) -> tuple[sliding.Frame, PerfectHash[sliding.Board]]:
    """A tray and its hash, whose tables are built once here."""
    f = sliding.frame(rows, cols)
    return f, ranked.perfect_hash(f)


@cache
def successors(rows: int, cols: int) -> Callable[[int], Sequence[int]]:
    made = tray(rows, cols)[1].successors
    assert made is not None
    return made()


@pytest.mark.parametrize("shape", SHAPES, ids=[f"{r}x{c}" for r, c in SHAPES])
@given(data=st.data())
def test_a_ranks_successors_are_its_boards_moves_ranked(
    shape: tuple[int, int], data: st.DataObject
) -> None:
    f, h = tray(*shape)
    assert h.unrank is not None
    r = data.draw(st.integers(0, h.size - 1), label="rank")
    q = h.unrank(r)
    assert successors(*shape)(r) == [h.rank(sliding.move(q, m)) for m in sliding.moves(f, q)]


@pytest.mark.parametrize("shape", [(3, 2), (4, 2)], ids=["3x2", "4x2"])
def test_every_rank_of_a_narrow_tray_moves_as_its_board(shape: tuple[int, int]) -> None:
    """Every rank, not a sample, by tables built afresh: on a tray two cells wide the
    last move across rows rotates a stretch of two, the one step whose digits' table
    has two entries."""
    f, h = tray(*shape)
    assert h.unrank is not None
    boards = map(h.unrank, range(h.size))
    moved = [[h.rank(sliding.move(q, m)) for m in sliding.moves(f, q)] for q in boards]
    assert list(map(ranked.successors(f), range(h.size))) == moved


@pytest.mark.parametrize("shape", [(3, 4), (4, 3), (6, 2)], ids=str)
def test_the_goals_successors_on_the_largest_trays(shape: tuple[int, int]) -> None:
    """Built afresh, not shared with other tests: the tables of 12 cells (but the 2x6
    tray's, whose rows of 6 take seconds to tabulate)."""
    f, h = tray(*shape)
    goal = f.goal
    assert ranked.successors(f)(h.rank(goal)) == [
        h.rank(sliding.move(goal, m)) for m in sliding.moves(f, goal)
    ]


def test_the_tables_are_made_for_at_most_twelve_cells() -> None:
    assert [ranked.fits(cells) for cells in (12, 14, 16)] == [True, False, False]
    assert ranked.perfect_hash(sliding.FIFTEEN).successors is None


@pytest.mark.parametrize("length, width", [(3, 1), (4, 2), (5, 3), (5, 5)])
def test_rotations_move_the_last_of_a_stretch_to_its_front(length: int, width: int) -> None:
    """Each order's digits, against the digits of the order with that move made."""

    def value(order: Sequence[int]) -> int:
        digits = lehmer(order)[:width]
        return sum(d * perm(length - i - 1, width - i - 1) for i, d in enumerate(digits))

    turned = ranked.rotations(length, width)
    for order in permutations(range(length)):
        moved = (order[width - 1], *order[: width - 1], *order[width:])
        assert turned[value(order)] == value(moved)
    assert sorted(turned) == list(range(len(turned)))


@given(st.lists(st.integers(1, 6), min_size=0, max_size=4))
def test_digit_parities_are_the_parities_of_the_digits_sums(bases: list[int]) -> None:
    table = ranked.digit_parities(bases)
    numbers = list(product(*map(range, bases)))
    assert list(table) == [sum(digits) % 2 for digits in numbers]


def test_the_compact_analysis_by_the_hashs_own_moves_is_the_analysis_by_boards() -> None:
    """The 8 puzzle's 181,440 boards, level by level in the same order, the tables' way
    and by unranking, moving and ranking each board."""
    f = sliding.EIGHT
    h = ranked.perfect_hash(f)
    assert h.unrank is not None
    by_boards = replace(h, successors=None)
    puzzle = sliding.puzzle(f)
    own = compact_levels(puzzle, [f.goal], h, h.unrank)
    moved = compact_levels(puzzle, [f.goal], by_boards, h.unrank)
    assert [list(level) for level in own] == [list(level) for level in moved]


def test_successors_that_are_not_the_moves_break_the_law() -> None:
    """The 8 puzzle's hash with its successors listed backwards: the law names a board."""
    entry = ENTRIES["eight"]
    d = entry.description
    h = ranked.perfect_hash(sliding.EIGHT)
    made = h.successors
    assert made is not None

    def backwards() -> Callable[[int], list[int]]:
        ahead = made()
        return lambda r: list(reversed(ahead(r)))

    def parse(text: str, settings: Settings) -> Solvable:
        p = d.parse(text, settings)
        assert isinstance(p, Problem)
        return replace(p, perfect_hash=replace(h, successors=backwards))

    law = next(law for law in LAWS if law.name == "ranked")
    verdict = law(Trial(Entry(replace(d, parse=parse), entry.check, entry.legal)))
    assert not verdict.held
    assert "the hash's successors [" in verdict.line


def test_a_hash_that_ranks_two_near_states_alike_breaks_the_law_in_a_large_component() -> None:
    """The Tower of Hanoi's hash (no unrank) halved: two states share a rank.  On the
    eight discs' 6,561 states only the states near the start are ranked, and they are
    ranked level by level, so the law finds the clash there too."""
    entry = ENTRIES["hanoi"]
    d = entry.description

    def parse(text: str, settings: Settings) -> Solvable:
        p = d.parse(text, settings)
        assert isinstance(p, Problem) and p.perfect_hash is not None
        h = p.perfect_hash
        halved = replace(h, rank=lambda q: h.rank(q) // 2)
        return replace(p, perfect_hash=halved)

    eight = {"eight-discs": d.examples["eight-discs"]}
    law = next(law for law in LAWS if law.name == "ranked")
    damaged = replace(d, parse=parse, examples=eight)
    verdict = law(Trial(Entry(damaged, entry.check, entry.legal)))
    assert not verdict.held
    assert "example 'eight-discs', at " in verdict.line
    assert "is out of range or taken" in verdict.line
