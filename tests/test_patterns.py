"""Pattern databases: their tables against a second, simpler search, their sums against
the true distance, keeping them in the cache, IDA* on flat integers against Korf's
optimal lengths, and the same search run on boards when a tracer watches it, state for
state.

The yardstick for a table is a 0-1 breadth-first search over (pattern cells, blank cell)
states, the blank's moves free and the pattern tiles' moves costing one: no regions, no
bit masks, no sparse index.  True distances come from breadth-first search over whole
small trays, and from A* (itself checked against breadth-first search in
tests/puzzles/test_sliding.py) on the 8 puzzle.

Every test keeps its databases in a temporary cache (``XDG_CACHE_HOME``), if at all;
the 15 puzzle's own databases come with the package (checked here against their pinned
SHA-256, the 3-tile one against a build); building the 6-tile ones takes minutes and is
left to ``make patterns``, and all of Korf's 100 instances to ``make bench``.  The few
instances here use a weaker partition, 4-4-4-3, built in a couple of seconds.
"""

from __future__ import annotations

import csv
import hashlib
import json
import os
import time
import zlib
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from itertools import pairwise
from pathlib import Path
from random import Random
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench import patterns as bench_patterns
from pearls import limits
from pearls.analysis import levels
from pearls.cache import Files, _header, packaged
from pearls.cli import main
from pearls.errors import LimitReached
from pearls.frontend import TIMEOUT, Example, Request, Solve, Solved, respond
from pearls.informed import carried, idastar, score, scored
from pearls.limits import Meter, Stats
from pearls.puzzles import sliding as sl
from pearls.puzzles.sliding import EIGHT, Board, Cell, Frame, Move, describe
from pearls.puzzles.sliding import patterns as pt
from pearls.puzzles.sliding.heuristics import astar_solve
from pearls.tracing import Bound, Event, Expanded, Tracer

KORF = Path(__file__).parent / "data" / "korf100.tsv"
QUICK_KORF = (12, 42, 55, 79)  # the instances the 4-4-4-3 databases solve in a few 10,000 states
SMALL_15: pt.Partition = ((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12), (13, 14, 15))
EIGHT_PARTITION: pt.Partition = ((1, 2, 3, 4), (5, 6, 7, 8))
FEW = max(5, settings().max_examples // 4)


@pytest.fixture(autouse=True)
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh cache directory for every test."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    return tmp_path / "pearls"


@pytest.fixture(scope="module")
def eight_databases(tmp_path_factory: pytest.TempPathFactory) -> pt.Databases:
    """The 8 puzzle's 4-4 databases, built once for the module's properties (each of
    their examples read them again from the cache)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
        dbs = pt.databases(3, 3, EIGHT_PARTITION)
    assert dbs is not None
    return dbs


@pytest.fixture(scope="module")
def fifteen_small(tmp_path_factory: pytest.TempPathFactory) -> pt.Databases:
    """The 15 puzzle's 4-4-4-3 databases, built once for the module."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
        dbs = pt.databases(4, 4, SMALL_15)
    assert dbs is not None
    return dbs


def korf() -> Iterator[tuple[int, Board, int]]:
    """Korf's instances: number, board (blank-first goal), optimal length."""
    with KORF.open(newline="") as lines:
        for row in csv.DictReader(lines, delimiter="\t"):
            yield int(row["id"]), tuple(int(row[f"t{c}"]) for c in range(16)), int(row["optimal"])


def yardstick(rows: int, cols: int, pattern: pt.Pattern) -> dict[tuple[int, ...], int]:
    """The least pattern moves from each placement to the goal's, by 0-1 breadth-first
    search over (cells of the pattern's tiles, blank cell), from the goal."""
    f = sl.frame(rows, cols, blank_first=True)
    start = (tuple(f.home[t] for t in pattern), f.home[0])
    cost = {start: 0}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        cells, blank = state
        for c in f.neighbours[blank]:
            moved = tuple(blank if d == c else d for d in cells)
            after, step = (moved, c), int(c in cells)
            if after not in cost or cost[state] + step < cost[after]:
                cost[after] = cost[state] + step
                if step:
                    queue.append(after)
                else:
                    queue.appendleft(after)
    best: dict[tuple[int, ...], int] = {}
    for (cells, _), d in cost.items():
        best[cells] = min(d, best.get(cells, d))
    return best


def distances(f: Frame) -> dict[Board, int]:
    """The true distance of every board of a small tray."""
    return {q: d for d, level in enumerate(levels(sl.puzzle(f), [f.goal])) for q in level}


def replay(f: Frame, q: Board, ms: list[Move]) -> Board:
    for m in ms:
        assert m in sl.moves(f, q)
        q = sl.move(q, m)
    return q


# --- tables ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rows", "cols", "pattern"),
    [
        (2, 2, (1,)),
        (2, 3, (1, 2)),
        (2, 3, (5, 3, 4)),
        (3, 2, (2, 4)),
        (3, 3, (1, 2, 3)),
        (3, 3, (8, 4, 5)),
        (4, 4, (1, 2)),
    ],
)
def test_a_table_holds_the_least_pattern_moves_of_every_placement(
    rows: int, cols: int, pattern: pt.Pattern
) -> None:
    db = pt.build(rows, cols, pattern)
    expected = yardstick(rows, cols, pattern)
    bits = db.bits
    found = {
        tuple((i >> (bits * j)) & ((1 << bits) - 1) for j in range(len(pattern))): v
        for i, v in enumerate(db.table)
        if v != pt.UNSEEN
    }
    assert found == expected


@pytest.mark.parametrize(
    "f", [sl.frame(2, 3, True), sl.frame(3, 2, True), sl.frame(2, 3), sl.frame(2, 4, True)], ids=str
)
def test_partition_sums_never_exceed_the_true_distance_on_whole_small_trays(f: Frame) -> None:
    split = (tuple(range(1, f.size // 2)), tuple(range(f.size // 2, f.size)))
    dbs = pt.databases(f.rows, f.cols, split)
    assert dbs is not None
    e = pt.estimate(dbs, f)
    for q, d in distances(f).items():
        assert e.whole(q) <= d
        assert all(db.value(pt.turned(f, q)) <= d for db in dbs.tables)


@settings(max_examples=FEW)
@given(st.randoms(use_true_random=False), st.booleans())
def test_partition_sums_and_mirrors_never_exceed_the_true_distance_on_the_8_puzzle(
    eight_databases: pt.Databases, rng: Random, first: bool
) -> None:
    f, dbs = sl.frame(3, 3, first), eight_databases
    q = sl.random_board(f, rng)
    shortest = astar_solve(f, q)
    assert shortest is not None
    plain = pt.turned(f, q)
    assert dbs.value(plain) <= len(shortest)
    assert dbs.value(pt.mirrored(3, plain)) <= len(shortest)


@given(st.randoms(use_true_random=False), st.booleans())
def test_a_move_changes_the_sum_by_the_estimates_change(
    eight_databases: pt.Databases, rng: Random, first: bool
) -> None:
    f = sl.frame(3, 3, first)
    e = pt.estimate(eight_databases, f)
    q = sl.random_board(f, rng)
    for m in sl.moves(f, q):
        assert e.whole(q) + e.change(q, m) == e.whole(sl.move(q, m))


def test_turning_and_mirroring_keep_the_distance() -> None:
    rng = Random(5)
    for _ in range(10):
        q = sl.random_board(EIGHT, rng)
        first = sl.frame(3, 3, blank_first=True)
        lengths = {
            len(ms)
            for ms in (
                astar_solve(EIGHT, q),
                astar_solve(first, pt.turned(EIGHT, q)),
                astar_solve(first, pt.mirrored(3, pt.turned(EIGHT, q))),
            )
            if ms is not None
        }
        assert len(lengths) == 1


def test_bad_patterns_and_partitions_are_refused() -> None:
    for pattern in [(), (0, 1), (1, 1), (9,)]:
        with pytest.raises(ValueError, match="pattern"):
            pt.build(3, 3, pattern)
    with pytest.raises(ValueError, match="too big"):
        pt.build(4, 4, tuple(range(1, 9)))
    with pytest.raises(ValueError, match="partition"):
        pt.databases(3, 3, ((1, 2, 3), (4, 5)))


# --- keeping tables --------------------------------------------------------------------------


def files(cache: Path, warned: list[str]) -> Files:
    """The cache in ``cache``, its warnings collected."""
    return Files(cache, warn=warned.append)


def test_a_database_is_kept_and_read_back(cache: Path) -> None:
    warned: list[str] = []
    store = files(cache, warned)
    assert pt.database(3, 3, (1, 2, 3), store, make=False) is None
    built = pt.database(3, 3, (1, 2, 3), store)
    assert built is not None
    assert [p.name for p in cache.iterdir()] == ["tiles-3x3-blank-first-1-2-3.table"]
    assert pt.database(3, 3, (1, 2, 3), files(cache, warned), make=False) == built
    assert warned == []


def test_the_command_line_keeps_tables_under_xdg_cache_home(cache: Path) -> None:
    assert Files().root == cache


@pytest.mark.parametrize(
    ("rows", "cols", "pattern"), [(2, 2, (1, 2, 3)), (2, 3, (1, 2)), (3, 3, (5,))]
)
def test_every_table_built_is_plausible_and_a_damaged_one_is_not(
    rows: int, cols: int, pattern: pt.Pattern
) -> None:
    table = pt.build(rows, cols, pattern).table
    assert pt.plausible(rows, cols, pattern, table)
    zeros, unseen, shifted = (
        bytes(len(table)),
        bytes([pt.UNSEEN]) * len(table),
        table[1:] + table[:1],
    )
    for damaged in (zeros, unseen, shifted, table[:-1]):
        assert not pt.plausible(rows, cols, pattern, damaged)


def test_an_absurd_table_with_the_right_checksum_is_refused_and_rebuilt(cache: Path) -> None:
    """All zeros, well compressed and named by its own checksum, would say every board
    is solved: it is refused, rebuilt and kept in its place."""
    warned: list[str] = []
    built = pt.database(3, 3, (1, 2, 3), files(cache, warned))
    assert built is not None
    files(cache, warned).save(pt.name(3, 3, (1, 2, 3)), bytes(len(built.table)))
    again = pt.database(3, 3, (1, 2, 3), files(cache, warned))
    assert again == built
    assert len(warned) == 1 and "fails the table's own checks" in warned[0]
    assert pt.database(3, 3, (1, 2, 3), files(cache, warned), make=False) == built


def test_a_build_reports_progress_and_stops_at_a_limit() -> None:
    seen: list[Stats] = []
    pt.build(3, 3, (1, 2, 3, 4), seen.append)
    assert seen and seen[-1].expanded > 0
    assert all(a.expanded <= b.expanded for a, b in pairwise(seen))
    with pytest.raises(LimitReached):
        pt.build(3, 3, (1, 2, 3, 4), pt.metered(Meter(max_states=10)))
    with pytest.raises(LimitReached):
        pt.build(3, 3, (1, 2, 3, 4), pt.metered(Meter(timeout=1e-9)))


def test_the_command_line_builds_the_databases_on_first_use_then_reads_them(
    cache: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pt, "FIFTEEN_PARTITION", SMALL_15)
    builds: list[pt.Pattern] = []
    real = pt.build

    def build(
        rows: int, cols: int, pattern: pt.Pattern, progress: pt.Progress | None = None
    ) -> pt.Database:
        builds.append(pattern)
        return real(rows, cols, pattern, progress)

    monkeypatch.setattr(pt, "build", build)
    _, q, optimal = next(i for i in korf() if i[0] == QUICK_KORF[0])
    board = " ".join(map(str, q))
    for method in ("idastar", "astar"):
        argv = ["solve", "fifteen", "--goal", "blank-first", "--heuristic", "patterns"]
        assert main([*argv, "--method", method, "--json", "--board", board]) == 0
        found = json.loads(capsys.readouterr().out)
        assert (found["method"], found["length"]) == (method, optimal)
    assert builds == list(SMALL_15)  # built by the first run, read by the second
    assert len(list(cache.glob("*.table"))) == len(SMALL_15)


def test_a_build_answers_to_the_time_limit(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pt, "FIFTEEN_PARTITION", SMALL_15)
    code = main(["solve", "fifteen", "--heuristic", "patterns", "--timeout", "0.001"])
    out, err = capsys.readouterr()
    assert (code, out) == (3, "")
    assert "time limit" in err and len(err.splitlines()) == 1
    assert "while building the pattern databases" in err and "--timeout 600" in err


def test_an_unusable_cache_warns_once_and_the_search_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pt, "FIFTEEN_PARTITION", SMALL_15)
    not_a_directory = tmp_path / "file"
    not_a_directory.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(not_a_directory))
    code = main(["solve", "fifteen", "--heuristic", "patterns", "--moves"])
    out, err = capsys.readouterr()
    assert (code, out.split()) == (0, ["7U", "11L", "12U"])
    assert len(err.splitlines()) == 1 and "without the cache" in err


# --- The shipped tables ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rows", "cols", "pattern"),
    [(2, 3, (1, 2, 3)), (2, 3, (1, 2)), (2, 3, (3, 4, 5)), (3, 3, (5,)), (3, 3, (1, 2, 3, 4))],
)
def test_a_packed_table_unpacks_to_itself(rows: int, cols: int, pattern: pt.Pattern) -> None:
    table = pt.build(rows, cols, pattern).table
    assert pt.unpack(rows, cols, pattern, pt.pack(rows, cols, pattern, table)) == table


def test_a_table_that_cannot_be_packed_is_refused() -> None:
    every = pt.build(2, 2, (1, 2, 3)).table  # half its placements unreachable
    odd = bytes(x + 1 if x not in (0, pt.UNSEEN) else x for x in pt.build(2, 3, (1, 2)).table)
    for rows, cols, pattern, table in ((2, 2, (1, 2, 3), every), (2, 3, (1, 2), odd)):
        with pytest.raises(ValueError, match="does not pack"):
            pt.pack(rows, cols, pattern, table)


def test_the_floor_is_the_manhattan_distance_and_never_above_a_table() -> None:
    f = sl.frame(3, 3, blank_first=True)
    pattern = (1, 5, 7)
    low, table = pt.floor(3, 3, pattern), pt.build(3, 3, pattern).table
    assert [i for i, x in enumerate(low) if x == pt.UNSEEN] == [
        i for i, x in enumerate(table) if x == pt.UNSEEN
    ]
    for i, value in enumerate(table):
        if value != pt.UNSEEN:
            cells = [(i >> (4 * j)) & 15 for j in range(len(pattern))]
            distance = sum(
                abs(c // 3 - f.home[t] // 3) + abs(c % 3 - f.home[t] % 3)
                for c, t in zip(cells, pattern, strict=True)
            )
            assert low[i] == distance <= value and (value - distance) % 2 == 0


def test_the_fifteen_puzzles_tables_are_shipped_and_pinned() -> None:
    for pattern in pt.FIFTEEN_PARTITION:
        table = pt.shipped_table(4, 4, pattern)
        assert table is not None and pt.plausible(4, 4, pattern, table)
    assert pt.shipped_table(4, 4, (1, 2, 3)) == pt.build(4, 4, (1, 2, 3)).table
    assert set(pt.SHIPPED) == {pt.name(4, 4, p) for p in pt.FIFTEEN_PARTITION}


def test_a_damaged_shipped_table_is_refused_and_built_instead(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = pt.name(4, 4, (1, 2, 3))
    good = packaged("pearls.puzzles.sliding", f"tables/{key}.pdb", 1 << 20)
    assert good is not None
    table, goal = bytearray(pt.build(4, 4, (1, 2, 3)).table), 1 + (2 << 4) + (3 << 8)
    table[goal] = 2  # well formed, but not the pinned table
    other = pt.pack(4, 4, (1, 2, 3), bytes(table))
    for damaged in (b"", good[:-1], good + b"x", bytes(len(good)), other):
        monkeypatch.setattr(pt, "packaged", lambda package, name, most, data=damaged: data)
        assert pt.shipped_table(4, 4, (1, 2, 3)) is None
        assert pt.database(4, 4, (1, 2, 3), make=False) is None
        built = pt.database(4, 4, (1, 2, 3))
        assert built is not None and pt.plausible(4, 4, (1, 2, 3), built.table)


def test_the_command_line_solves_korfs_first_instance_from_the_shipped_tables(
    cache: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With an empty cache, no table is built and none is written."""

    def build(*args: object) -> pt.Database:
        raise AssertionError("built a table that is shipped")

    monkeypatch.setattr(pt, "build", build)
    _, q, optimal = next(korf())
    board = " ".join(map(str, q))
    argv = ["solve", "fifteen", "--goal", "blank-first", "--heuristic", "patterns", "--json"]
    assert main([*argv, "--board", board]) == 0
    found = json.loads(capsys.readouterr().out)
    assert (found["method"], found["length"]) == ("idastar", optimal) == ("idastar", 57)
    assert not cache.exists()


# --- IDA* on flat integers -------------------------------------------------------------------


def test_korfs_instances_are_the_documented_ones() -> None:
    instances = list(korf())
    assert len(instances) == 100
    assert sum(length for _, _, length in instances) == 5305
    assert instances[0] == (1, (14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3), 57)
    first = sl.frame(4, 4, blank_first=True)
    assert all(sl.solvable(first, q) for _, q, _ in instances)


@pytest.mark.parametrize("number", QUICK_KORF)
def test_quick_korf_instances_are_solved_optimally(
    fifteen_small: pt.Databases, number: int
) -> None:
    _, q, optimal = next(i for i in korf() if i[0] == number)
    f = sl.frame(4, 4, blank_first=True)
    meter = Meter(max_states=500_000)
    found = pt.tile_idastar(fifteen_small, f, q, meter)
    assert len(found.moves) == optimal == found.bounds[-1]
    assert meter.expanded == found.expanded
    assert replay(f, q, found.moves) == f.goal
    assert all(b - a == 2 for a, b in pairwise(found.bounds))


def test_the_generic_idastar_over_the_databases_agrees(fifteen_small: pt.Databases) -> None:
    _, q, optimal = next(i for i in korf() if i[0] == 12)
    f = sl.frame(4, 4, blank_first=True)
    e = pt.estimate(fifteen_small, f)
    found = idastar(Meter(max_states=100_000).watch(scored(sl.puzzle(f), e)), score(e, q), carried)
    assert found is not None and len(found) == optimal
    assert replay(f, q, found) == f.goal


@settings(max_examples=FEW)
@given(
    st.randoms(use_true_random=False),
    st.sampled_from([(3, 3, True), (3, 3, False), (2, 3, True), (3, 2, False)]),
)
def test_flat_idastar_finds_shortest_solutions_on_small_trays(
    rng: Random, shape: tuple[int, int, bool]
) -> None:
    rows, cols, first = shape
    f = sl.frame(rows, cols, first)
    split = (tuple(range(1, f.size // 2)), tuple(range(f.size // 2, f.size)))
    dbs = pt.databases(rows, cols, split)
    assert dbs is not None
    q = sl.random_board(f, rng)
    shortest = astar_solve(f, q)
    found = pt.tile_idastar(dbs, f, q, Meter(max_states=1_000_000))
    assert shortest is not None and len(found.moves) == len(shortest)
    assert replay(f, q, found.moves) == f.goal


def test_flat_idastar_on_a_solved_board_and_under_a_meter(fifteen_small: pt.Databases) -> None:
    f = sl.frame(4, 4, blank_first=True)
    assert pt.tile_idastar(fifteen_small, f, f.goal) == pt.Solved([], 1, (0,))
    _, q, _ = next(i for i in korf() if i[0] == 1)
    with pytest.raises(LimitReached) as caught:
        pt.tile_idastar(fifteen_small, f, q, Meter(max_states=1_000))
    assert (caught.value.limit, caught.value.expanded) == ("states", 1_000)
    with pytest.raises(LimitReached, match="time"):
        pt.tile_idastar(fifteen_small, f, q, Meter(timeout=1e-9))
    _, q30, _ = next(i for i in korf() if i[0] == 30)  # 59,055 states with these tables
    seen: list[Stats] = []
    pt.tile_idastar(fifteen_small, f, q30, Meter(progress=seen.append, every=0))
    assert seen and all(a.expanded < b.expanded for a, b in pairwise(seen))


def test_a_tampered_table_with_its_checksum_rewritten_is_refused_and_rebuilt(cache: Path) -> None:
    """Every entry tripled and kept under its own SHA-256 passes the counts of
    :func:`~pearls.puzzles.sliding.patterns.plausible` but would overestimate: it fails
    the full check, and is built afresh."""
    warned: list[str] = []
    built = pt.database(3, 3, (1, 2, 3), files(cache, warned))
    assert built is not None
    tripled = bytes(min(3 * v, pt.UNSEEN) for v in built.table)
    assert pt.plausible(3, 3, (1, 2, 3), tripled)
    files(cache, warned).save(pt.name(3, 3, (1, 2, 3)), tripled)
    assert pt.database(3, 3, (1, 2, 3), files(cache, warned)) == built
    assert len(warned) == 1 and "fails the table's own checks" in warned[0]


# --- IDA* watched: the same search on boards ------------------------------------------------

SMALL_TRAYS = [(3, 3, True), (3, 3, False), (2, 3, True), (3, 2, False), (2, 4, False)]


@pytest.fixture(scope="module")
def shipped() -> pt.Databases:
    """The 15 puzzle's databases, as the package ships them."""
    dbs = pt.databases(4, 4, make=False)
    assert dbs is not None
    return dbs


def halves(f: Frame) -> pt.Databases:
    """Two patterns splitting a small tray's tiles, built (or read from the test's cache)."""
    split = (tuple(range(1, f.size // 2)), tuple(range(f.size // 2, f.size)))
    dbs = pt.databases(f.rows, f.cols, split)
    assert dbs is not None
    return dbs


def flat_visits(dbs: pt.Databases, f: Frame, q: Board) -> tuple[pt.Solved, list[Board | None]]:
    """The search on flat integers from ``q``, looked at after each state it expands by
    a tick told the count and the blank's walk: what it found, and the boards it
    expanded in order, ``None`` where a round starts.  The solved board ends the list:
    the search counts it, then stops before a look."""
    visits: list[Board | None] = []

    def ticker(meter: Meter | None, before: int) -> pt.Tick:
        def tick(nodes: int, walk: Sequence[Cell]) -> int:
            visits.append(None if nodes == 0 else replay(f, q, pt._replay(f, q, walk)))
            return nodes + 1

        return tick

    found = pt._flat(dbs, f, q, None, ticker)
    return found, [*visits, f.goal]


def larger_sum(dbs: pt.Databases, f: Frame, q: Board) -> int:
    """The larger of the databases' sums on ``q`` turned for the blank-first goal and on
    its mirror image (on a square tray)."""
    plain = pt.turned(f, q)
    return max(dbs.value(plain), dbs.value(pt.mirrored(f.rows, plain)) if f.rows == f.cols else 0)


def assert_watched_as_flat(dbs: pt.Databases, f: Frame, q: Board) -> list[Event]:
    """Watched by a tracer, the search expands the flat search's states in its order,
    round by round with its bounds, each with ``h`` the larger sum and ``f`` within its
    round's bound, and finds the same solution after as many states; its events."""
    flat, visits = flat_visits(dbs, f, q)
    tracer = Tracer()
    meter = Meter(observer=tracer)
    assert pt.tile_idastar(dbs, f, q, meter) == flat
    assert meter.expanded == flat.expanded == len(visits) - len(flat.bounds)
    events = tracer.recorded
    assert {type(e) for e in events} == {Bound, Expanded}
    seen = [e.state if isinstance(e, Expanded) else None for e in events]
    assert seen == visits
    assert tuple(e.bound for e in events if isinstance(e, Bound)) == flat.bounds
    bound = 0
    for e in events:
        if isinstance(e, Bound):
            bound = e.bound
        elif isinstance(e, Expanded):
            assert isinstance(e.state, tuple) and e.h == larger_sum(dbs, f, e.state)
            assert e.depth + e.h <= bound
    return events


@settings(max_examples=FEW)
@given(st.randoms(use_true_random=False), st.sampled_from(SMALL_TRAYS))
def test_a_watched_search_on_a_small_tray_is_the_flat_one_state_for_state(
    rng: Random, shape: tuple[int, int, bool]
) -> None:
    rows, cols, first = shape
    f = sl.frame(rows, cols, first)
    assert_watched_as_flat(halves(f), f, sl.random_board(f, rng))


@pytest.mark.parametrize(
    ("instance", "expanded", "bounds"),
    [("forty-four", 1_462, (36, 38, 40, 42, 44)), ("korf-12", 1_180, (37, 39, 41, 43, 45))],
)
def test_a_watched_15_puzzle_search_is_the_flat_one_state_for_state(
    shipped: pt.Databases, instance: str, expanded: int, bounds: tuple[int, ...]
) -> None:
    """The example of 44 moves, posed for the blank last, and Korf's 12th instance, for
    the blank first."""
    if instance == "korf-12":
        f, (_, q, _) = sl.frame(4, 4, True), next(i for i in korf() if i[0] == 12)
    else:
        f, q = sl.FIFTEEN, sl.FIFTEEN_EXAMPLES[instance]
    events = assert_watched_as_flat(shipped, f, q)
    assert sum(isinstance(e, Expanded) for e in events) == expanded
    assert tuple(e.bound for e in events if isinstance(e, Bound)) == bounds


def test_a_watched_search_stops_at_a_limit_with_its_trace(shipped: pt.Databases) -> None:
    f, (_, q, _) = sl.frame(4, 4, True), next(korf())
    tracer = Tracer()
    with pytest.raises(LimitReached) as caught:
        pt.tile_idastar(shipped, f, q, Meter(max_states=1_000, observer=tracer))
    assert (caught.value.limit, caught.value.expanded) == ("states", 1_000)
    assert sum(isinstance(e, Expanded) for e in tracer.recorded) == 1_000


def test_the_15_puzzles_trace_shows_its_states_and_bounds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``pearls solve fifteen --trace -``: IDA* over the pattern databases, the default,
    shows each round's bound and each state it expands, with ``h`` and ``f``."""
    assert main(["solve", "fifteen", "--trace", "-"]) == 0
    lines = capsys.readouterr().out.splitlines()
    events = [json.loads(line) for line in lines[:5]]
    assert events[0] == {"event": "bound", "bound": 3}
    assert [(e["event"], e["depth"], e["h"], e["f"]) for e in events[1:]] == [
        ("expand", 0, 3, 3),
        ("expand", 1, 2, 3),
        ("expand", 2, 1, 3),
        ("expand", 3, 0, 3),
    ]
    assert events[-1]["state"] == list(sl.FIFTEEN.goal)
    assert lines[5] == "start" and lines[-1] == "solved in 3 moves (idastar, 4 states expanded)"
    asked = Request("fifteen", Solve("idastar", trace=True), Example("forty-four"))
    outcome = respond(asked)
    assert isinstance(outcome, Solved) and outcome.trace is not None
    said = [e["event"] for e in outcome.trace]
    assert set(said) == {"bound", "expand"}
    assert said.count("expand") == outcome.solution.stats.expanded == 1_462
    assert [e["bound"] for e in outcome.trace if e["event"] == "bound"] == [36, 38, 40, 42, 44]


# --- forged and damaged tables ---------------------------------------------------------------

UNSEEN_BY_NEIGHBOURS = {  # cells of a placement each of whose moves leaves two regions or more,
    (1, 2, 3, 4): (1, 2, 0, 3),  # and whose neighbours' entries are none above its own: a
    (4, 5, 8, 9, 12, 13): (0, 1, 6, 10, 5, 14),  # check of placements against neighbours'
    (6, 7, 10, 11, 14, 15): (0, 1, 7, 6, 5, 4),  # entries misses it raised
}


def forged(pattern: pt.Pattern, table: bytes, by: int) -> bytes:
    """A 4x4 table with the entry of :data:`UNSEEN_BY_NEIGHBOURS` raised by ``by``."""
    i = sum(c << (4 * j) for j, c in enumerate(UNSEEN_BY_NEIGHBOURS[pattern]))
    return table[:i] + bytes([table[i] + by]) + table[i + 1 :]


def unshipped(monkeypatch: pytest.MonkeyPatch, *damaged: pt.Pattern) -> None:
    """The shipped tables of ``damaged`` (all, if none is named) read as empty files."""
    keys = {pt.name(4, 4, pattern) for pattern in damaged or pt.FIFTEEN_PARTITION}

    def read(package: str, name: str, most: int) -> bytes | None:
        return (
            b""
            if name.removeprefix("tables/").removesuffix(".pdb") in keys
            else packaged(package, name, most)
        )

    monkeypatch.setattr(pt, "packaged", read)


def keep(cache: Path, pattern: pt.Pattern, table: bytes) -> None:
    """Keep a 4x4 table in the cache as :class:`~pearls.cache.Files` does, with its own
    checksum, but compressed faster."""
    key = pt.name(4, 4, pattern)
    cache.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256(table).hexdigest()
    (cache / f"{key}.table").write_bytes(_header(key, len(table), digest) + zlib.compress(table, 1))


@pytest.fixture(scope="module")
def six() -> bytes:
    """The shipped six-tile table of tiles 4, 5, 8, 9, 12 and 13."""
    table = pt.shipped_table(4, 4, (4, 5, 8, 9, 12, 13))
    assert table is not None
    return table


@pytest.mark.parametrize("by", [8, 14, 20])
def test_a_cached_copy_of_a_shipped_table_serves_only_with_the_pinned_hash(
    cache: Path, monkeypatch: pytest.MonkeyPatch, six: bytes, by: int
) -> None:
    """The shipped six-tile table unusable, and the cache's copy raised at one entry under
    its own checksum: refused (it once gave 52, 64 and 76 moves for a 44-move board);
    the true table kept there serves."""
    pattern, warned = (4, 5, 8, 9, 12, 13), list[str]()
    unshipped(monkeypatch)
    keep(cache, pattern, forged(pattern, six, by))
    assert pt.database(4, 4, pattern, files(cache, warned), make=False) is None
    key = pt.name(4, 4, pattern)
    said = f"the table {key} shipped with the package is missing or damaged"
    assert warned == [
        f"the cached {cache / key}.table fails the table's own checks; building it afresh",
        said,
    ]
    keep(cache, pattern, six)
    kept = pt.database(4, 4, pattern, files(cache, warned), make=False)
    assert kept is not None and kept.table == six
    assert warned[2:] == [f"{said}; reading the copy kept in the cache"]


@pytest.mark.parametrize("by", [8, 14, 20])
def test_a_table_not_pinned_raised_where_neighbours_cannot_see_is_refused_and_rebuilt(
    cache: Path, by: int
) -> None:
    pattern = (1, 2, 3, 4)
    warned: list[str] = []
    built = pt.database(4, 4, pattern, files(cache, warned))
    assert built is not None
    files(cache, warned).save(pt.name(4, 4, pattern), forged(pattern, built.table, by))
    assert pt.database(4, 4, pattern, files(cache, warned)) == built
    assert len(warned) == 1 and "fails the table's own checks" in warned[0]


def test_a_damaged_shipped_table_is_said_once_and_rebuilt_then_read_from_the_cache(
    cache: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    unshipped(monkeypatch, (1, 2, 3))
    said = (
        "pearls: warning: the table tiles-4x4-blank-first-1-2-3 shipped with the package is "
        "missing or damaged; "
    )
    for then in ("building it afresh (under a second)", "reading the copy kept in the cache"):
        assert main(["solve", "fifteen", "--example", "easy", "--moves"]) == 0
        out, err = capsys.readouterr()
        assert out.split() == ["7U", "11L", "12U"] and err == said + then + "\n"


def test_the_warning_says_how_long_a_six_tile_table_takes_to_build(
    monkeypatch: pytest.MonkeyPatch, six: bytes
) -> None:
    """A store that keeps nothing, and a build that gives the table at once."""
    pattern, warned = (4, 5, 8, 9, 12, 13), list[str]()

    class Empty:
        def load(self, name: str, size: int, check: Callable[[bytes], bool]) -> bytes | None:
            return None

        def save(self, name: str, table: bytes) -> bool:
            return False

        def warn(self, message: str) -> None:
            warned.append(message)

    unshipped(monkeypatch, pattern)
    monkeypatch.setattr(pt, "build", lambda *args: pt.Database(4, 4, pattern, six))
    assert pt.database(4, 4, pattern, Empty()) == pt.Database(4, 4, pattern, six)
    assert warned == [
        f"the table {pt.name(4, 4, pattern)} shipped with the package is missing or damaged; "
        "building it afresh (some 46 s of CPU)"
    ]


@pytest.fixture
def slow_build(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shipped 3-tile table damaged, and its build taking 100 s by the meters' clock."""
    unshipped(monkeypatch, (1, 2, 3))
    clock, real = [0.0], pt.build

    def build(
        rows: int, cols: int, pattern: pt.Pattern, progress: pt.Progress | None = None
    ) -> pt.Database:
        clock[0] += 100.0
        return real(rows, cols, pattern, progress)

    monkeypatch.setattr(pt, "build", build)
    monkeypatch.setattr(
        limits, "time", SimpleNamespace(monotonic=lambda: time.monotonic() + clock[0])
    )


def test_the_default_time_limit_is_the_front_ends() -> None:
    assert describe.USUAL_TIMEOUT == TIMEOUT


@pytest.mark.usefixtures("slow_build")
def test_a_rebuild_is_not_stopped_by_the_default_time_limit(
    cache: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", "fifteen", "--example", "thirty-six", "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["length"] == 36 and len(err.splitlines()) == 1


@pytest.mark.usefixtures("slow_build")
def test_a_rebuild_stops_at_the_users_own_time_limit(
    cache: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", "fifteen", "--example", "thirty-six", "--timeout", "90"]) == 3
    out, err = capsys.readouterr()
    warning, stopped = err.splitlines()
    assert out == "" and "missing or damaged" in warning
    assert "time limit of 90 s" in stopped and "while building the pattern databases" in stopped


@pytest.mark.timeout(60)  # a guard: the old write waited for a reader for ever
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_make_patterns_replaces_a_fifo_where_a_table_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bench_patterns, "TABLES", tmp_path)
    path = tmp_path / f"{pt.name(4, 4, (1, 2, 3))}.pdb"
    os.mkfifo(path)
    bench_patterns._build((1, 2, 3), write=True)
    assert path.is_file() and pt.unpack(4, 4, (1, 2, 3), path.read_bytes()) == pt.shipped_table(
        4, 4, (1, 2, 3)
    )
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


@pytest.mark.slow
def test_forged_cached_copies_with_the_shipped_tables_unusable_give_the_optimum(
    cache: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The issue's case: the shipped tables unusable, and the cache's six-tile copies
    raised at the entries of the board forty-four and its mirror image, under their own
    checksums (which once gave 52 or more moves for 44, exit 0): both refused and rebuilt
    (a minute or more of CPU each), and the 44 moves found."""
    q = pt.turned(sl.FIFTEEN, sl.FIFTEEN_EXAMPLES["forty-four"])
    for pattern, by in zip(pt.FIFTEEN_PARTITION[1:], (8, 14), strict=True):
        table = pt.shipped_table(4, 4, pattern)
        assert table is not None
        raised, db = bytearray(table), pt.Database(4, 4, pattern, table)
        for i in {db.index(q), db.index(pt.mirrored(4, q))}:
            raised[i] += by
        keep(cache, pattern, bytes(raised))
    unshipped(monkeypatch)
    assert main(["solve", "fifteen", "--example", "forty-four", "--moves"]) == 0
    out, err = capsys.readouterr()
    assert len(out.split()) == 44
    assert sum("fails the table's own checks" in line for line in err.splitlines()) == 2
    assert sum("missing or damaged; building" in line for line in err.splitlines()) == 3
