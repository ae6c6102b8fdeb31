"""The full check of a pattern database: every table built passes it, and any table
that is not the database fails it: an entry changed, tables of looser rules (the blank
anywhere at once, the Manhattan distance), another pattern's table.  The rule over
placements alone, which it replaces, fails on tables as built; its lanes of bytes
against plain elementwise least and most."""

from __future__ import annotations

from collections import deque

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pearls.puzzles import sliding as sl
from pearls.puzzles.sliding import patterns as pt
from pearls.puzzles.sliding.exact import _TOP, UNSEEN, _Lanes, exact

SHAPES = [
    (2, 2, (1,)),
    (2, 3, (1, 2)),
    (2, 3, (1, 2, 3, 4, 5)),  # every tile: half the placements unreachable
    (3, 2, (2, 4)),
    (3, 3, (1, 2, 3)),
    (3, 3, (8, 4, 5)),
    (3, 3, (1, 2, 3, 4)),
    (2, 4, (1, 2, 3, 4, 5, 6, 7)),
    (3, 4, (1, 2, 3, 4)),
    (4, 4, (1, 4)),  # the goal's placement walls the blank's home off: two regions
    (4, 4, (13, 14, 15)),
]
SMALL = [(3, 3, (1, 2, 3)), (2, 3, (1, 2, 3, 4, 5)), (4, 4, (1, 4)), (3, 2, (2, 4))]


@pytest.mark.parametrize(("rows", "cols", "pattern"), SHAPES)
def test_every_table_built_is_exact(rows: int, cols: int, pattern: pt.Pattern) -> None:
    assert exact(rows, cols, pattern, pt.build(rows, cols, pattern).table)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SMALL), st.data())
def test_any_entry_changed_is_refused(
    shape: tuple[int, int, pt.Pattern], data: st.DataObject
) -> None:
    rows, cols, pattern = shape
    built = pt.build(rows, cols, pattern).table
    table = bytearray(built)
    for _ in range(data.draw(st.integers(1, 3))):
        i, value = data.draw(st.integers(0, len(table) - 1)), data.draw(st.integers(0, 254))
        table[i] = value + (value >= table[i])  # any value but the one it had
    assume(table != built)
    assert not exact(rows, cols, pattern, bytes(table))


@pytest.mark.parametrize("by", [8, 14, 20, -1])
def test_an_entry_out_of_line_only_with_placements_that_leave_two_regions_is_refused(
    by: int,
) -> None:
    """Tiles 1-4 on the top row of the 4x4 tray: every move of one leaves two regions,
    and none is above it, so no check of one placement against its neighbours' entries
    sees it raised."""
    table = bytearray(pt.build(4, 4, (1, 2, 3, 4)).table)
    i = 1 + (2 << 4) + (0 << 8) + (3 << 12)
    table[i] += by
    assert not exact(4, 4, (1, 2, 3, 4), bytes(table))


def blank_anywhere(rows: int, cols: int, pattern: pt.Pattern) -> bytes:
    """The distances of a looser puzzle, where a tile slides onto any free cell next to
    it, the blank wherever it is needed: breadth-first search over placements."""
    f = sl.frame(rows, cols, blank_first=True)
    bits = (f.size - 1).bit_length()
    table = bytearray([UNSEEN]) * (1 << (bits * len(pattern)))
    home = tuple(f.home[t] for t in pattern)

    def index(cells: tuple[int, ...]) -> int:
        return sum(c << (bits * j) for j, c in enumerate(cells))

    table[index(home)], queue = 0, deque([home])
    while queue:
        cells = queue.popleft()
        for j, c in enumerate(cells):
            for e in f.neighbours[c]:
                after = (*cells[:j], e, *cells[j + 1 :])
                if e not in cells and table[index(after)] == UNSEEN:
                    table[index(after)] = table[index(cells)] + 1
                    queue.append(after)
    return bytes(table)


@pytest.mark.parametrize(("rows", "cols", "pattern"), [(3, 3, (1, 2, 3)), (4, 4, (1, 2, 3))])
def test_the_tables_of_looser_rules_and_of_other_patterns_are_refused(
    rows: int, cols: int, pattern: pt.Pattern
) -> None:
    """The blank anywhere at once gives a table that looks like one (plausible) and
    keeps the rule over placements: it is not the database."""
    looser = blank_anywhere(rows, cols, pattern)
    assert pt.plausible(rows, cols, pattern, looser)
    assert looser != pt.build(rows, cols, pattern).table
    other = pt.build(rows, cols, (3, 2, 1)).table
    for table in (looser, pt.floor(rows, cols, pattern), other, bytes(len(looser))):
        assert not exact(rows, cols, pattern, table)
    assert not exact(rows, cols, pattern, looser[:-1])


def test_the_rule_over_placements_alone_fails_on_a_table_as_built() -> None:
    """On the 4x4 tray with tiles 1-4, 588 entries are two or more above their nearest
    neighbour's, and 499 have a neighbour two or more above them."""
    f = sl.frame(4, 4, blank_first=True)
    table = pt.build(4, 4, (1, 2, 3, 4)).table
    above = below = 0
    for i, value in enumerate(table):
        cells = [(i >> (4 * j)) & 15 for j in range(4)]
        if value in (0, UNSEEN):
            continue
        near = [
            table[i + ((e - c) << (4 * j))]
            for j, c in enumerate(cells)
            for e in f.neighbours[c]
            if e not in cells
        ]
        above += value >= min(near) + 2
        below += max(near) >= value + 2
    assert (above, below) == (588, 499)


@given(st.lists(st.tuples(st.integers(0, _TOP), st.integers(0, _TOP)), min_size=1, max_size=40))
def test_lanes_are_elementwise_least_most_and_a_step_up_or_down(
    pairs: list[tuple[int, int]],
) -> None:
    xs, ys = [x for x, _ in pairs], [y for _, y in pairs]
    lanes = _Lanes.of(len(pairs))
    a, b = lanes.number(xs), lanes.number(ys)
    assert list(lanes.row(lanes.least(a, b))) == list(map(min, xs, ys))
    assert list(lanes.row(lanes.most(a, b))) == list(map(max, xs, ys))
    assert list(lanes.row(lanes.up(a))) == [min(x + 1, _TOP) for x in xs]
    assert list(lanes.row(lanes.down(a))) == [max(x - 1, 0) for x in xs]
