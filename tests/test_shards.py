"""The shards of an analysis shared out among owners, run here level by level as the
owners of a cluster run them (each expands its part, then takes what the others sent
it): the levels of one process, shared out, for every kind of shard and any number of
owners; a snapshot goes on to the same end, and is left as it was taken."""

from __future__ import annotations

import zlib
from array import array
from collections.abc import Callable, Sequence

from hypothesis import given
from hypothesis import strategies as st

from pearls.analysis import PerfectHash, levels
from pearls.puzzles import graph, hanoi, sliding
from pearls.puzzles.sliding import ranked
from pearls.shards import CHUNK, Ranked, Shard, expanded, hash_shards, key_shards, rank_shards
from pearls.types import Puzzle

Graph = dict[int, list[int]]
Kind = Callable[[Puzzle[int, int], int, int, Sequence[int]], Sequence[Shard[int, object]]]


def number(q: int) -> int:
    """A graph's node as its own rank."""
    return q


def by_ranks(
    puzzle: Puzzle[int, int], size: int, n: int, starts: Sequence[int]
) -> list[Shard[int, bytes]]:
    return [s.begun() for s in rank_shards(puzzle, PerfectHash(number, size, number), n, starts)]


def by_hash(
    puzzle: Puzzle[int, int], size: int, n: int, starts: Sequence[int]
) -> list[Shard[int, Ranked[int]]]:
    return [s.begun() for s in hash_shards(puzzle, PerfectHash(number, size), n, starts)]


def by_key(
    puzzle: Puzzle[int, int], size: int, n: int, starts: Sequence[int]
) -> list[Shard[int, list[int]]]:
    return [s.begun() for s in key_shards(puzzle, repr, n, starts)]


def step(owners: Sequence[Shard[int, object]]) -> int:
    """One level on every owner: the level's size (0: the end, the owners left as they
    were)."""
    size = sum(map(len, owners))
    sent = [expanded(owner)[0] for owner in owners]
    if size:
        for j, owner in enumerate(owners):
            owner.advance([out[j] for i, out in enumerate(sent) if i != j])
    return size


def run(owners: Sequence[Shard[int, object]]) -> tuple[list[int], list[int]]:
    """The histogram and the farthest states, sorted."""
    histogram = []
    while size := step(owners):
        histogram.append(size)
    return histogram, sorted(q for owner in owners for q in owner.farthest())


graphs = st.integers(1, 30).flatmap(
    lambda n: st.tuples(
        st.just(n),
        st.dictionaries(st.integers(0, n - 1), st.lists(st.integers(0, n - 1), max_size=3)),
        st.lists(st.integers(0, n - 1), min_size=1, max_size=3),
        st.integers(1, 4),
    )
)


@given(graphs, st.sampled_from([by_ranks, by_hash, by_key]))
def test_the_owners_parts_are_the_levels_of_one_process(
    case: tuple[int, Graph, list[int], int], kind: Kind
) -> None:
    size, edges, starts, n = case
    puzzle = graph.puzzle(edges, goal=-1)
    one = list(levels(puzzle, starts))
    assert run(kind(puzzle, size, n, starts)) == ([len(level) for level in one], sorted(one[-1]))


@given(graphs, st.sampled_from([by_ranks, by_hash, by_key]), st.integers(0, 5))
def test_a_snapshot_goes_on_to_the_same_end_and_stays_as_taken(
    case: tuple[int, Graph, list[int], int], kind: Kind, at: int
) -> None:
    """Owners saved at the top of a level run on; copies of the snapshot, run from
    there, reach the same histogram's tail and farthest states, and the snapshot itself
    is unchanged by either run."""
    size, edges, starts, n = case
    owners = kind(graph.puzzle(edges, goal=-1), size, n, starts)
    for _ in range(at):
        step(owners)
    saved = [owner.saved() for owner in owners]
    before = [(len(s), sorted(s.farthest())) for s in saved]
    assert run([s.begun() for s in saved]) == run(owners)
    assert [(len(s), sorted(s.farthest())) for s in saved] == before


def test_ranks_for_another_owner_travel_as_packed_integers() -> None:
    """Expanding the 8 puzzle's goal on owner 1 of 2 (the odd ranks): its successors'
    ranks as bytes of fixed-width integers for owner 0, its own kept at once."""
    f = sliding.EIGHT
    h = ranked.perfect_hash(f)
    goal = h.rank(f.goal)
    owner = rank_shards(sliding.puzzle(f), h, 2, [f.goal])[goal % 2].begun()
    out, generated = expanded(owner)
    successors = sorted(h.rank(sliding.move(f.goal, m)) for m in sliding.moves(f, f.goal))
    shipped = array("I", out[1 - goal % 2])  # 4 bytes a rank below 2 ** 32
    assert sorted([*shipped, *owner.following]) == successors
    assert all(r % 2 != goal % 2 for r in shipped) and out[goal % 2] == b""
    assert generated == 2


@given(st.lists(st.integers(0, 3**6 - 1), max_size=20), st.integers(1, 5))
def test_each_start_goes_to_its_owner(ranks: list[int], n: int) -> None:
    """By residue of its rank with a perfect hash, by a checksum of its key without."""
    h = hanoi.perfect_hash(6)
    towers = [unranked(r) for r in ranks]
    hashed = hash_shards(hanoi.puzzle, h, n, towers)
    keyed = key_shards(hanoi.puzzle, repr, n, towers)
    assert all(h.rank(q) % n == j for j, part in enumerate(hashed) for q in part.level)
    assert all(
        zlib.crc32(repr(q).encode()) % n == j for j, part in enumerate(keyed) for q in part.level
    )
    assert (
        sum(len(part.level) for part in hashed)
        == sum(len(part.level) for part in keyed)
        == len(ranks)
    )


def unranked(r: int) -> hanoi.Towers:
    """The six discs' position of rank ``r`` (the disc ``d``'s peg is digit ``d - 1`` of
    ``r`` in base 3)."""
    pegs: list[list[int]] = [[], [], []]
    for d in range(1, 7):
        pegs[r // 3 ** (d - 1) % 3].append(d)
    a, b, c = pegs
    return tuple(a), tuple(b), tuple(c)


def test_a_level_is_expanded_a_chunk_at_a_time() -> None:
    """A level of two chunks and a half around a star's centre, expanded CHUNK states at
    a time: each step says where to go on from, and the groups hold what all of them
    found."""
    size = 2 * CHUNK + CHUNK // 2
    star = graph.puzzle(
        {0: list(range(1, size + 1))} | {i: [0, -i] for i in range(1, size + 1)}, goal=0
    )
    owner = key_shards(star, repr, 1, [0])[0].begun()
    expanded(owner)
    owner.advance([])
    assert len(owner) == size
    assert [owner.expand(at) for at in range(0, size, CHUNK)] == [CHUNK, 2 * CHUNK, size]
    assert owner.groups() == ([[]], 2 * size)
    assert owner.groups() == ([[]], 0)
