"""Playing a puzzle: a game is a start and the moves played from it, each move named by
its notation (``C+1``) and found among the legal moves of the position it is played in;
at every position, the fewest moves left and the moves that begin a shortest way on.

A face (the docs site's playground) asks three things of a game, each answered as plain
data that any face can show:

- :func:`turn`: the game replayed, up to the first move that is not legal where it is
  played (said in one line), and the position reached with its legal moves, each in
  words, notation and JSON beside the position it leads to (shown, in JSON, drawn);
- :func:`measure`: the distance from solved of every position of a small component,
  found by one breadth-first walk out from the start and one back from the solved
  positions, so that a game played in it looks each position up;
- :func:`advise`: the fewest moves left at a position and the moves that begin a
  shortest way on, from a measured component or else from one search by a method whose
  first solution is a shortest one (:func:`advising`).

:class:`Tables` keeps the components a face has measured between its requests.

>>> from pearls.registry import PUZZLES
>>> hanoi = PUZZLES["hanoi"].problem("1 2 | |")  # two discs on peg A
>>> seen = turn(hanoi, ["AB", "AC"])
>>> seen.words, seen.picture, [c.notation for c in seen.choices]
(('disc 1 from A to B', 'disc 2 from A to C'), '| 1 | 2', ['BA', 'BC', 'CA'])
>>> advise(hanoi, hanoi.start, "bfs", measure(hanoi.puzzle, hanoi.start))
Advice(left=3, best=('AB',), by='measure', after=(2, 3), positions=9)
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Generic

from pearls.description import JSON, Offered, Problem
from pearls.limits import Meter
from pearls.textform import quoted
from pearls.types import M, Puzzle, S

__all__ = [
    "KEPT",
    "MEASURED",
    "Advice",
    "Choice",
    "Distances",
    "Replayed",
    "Tables",
    "Turn",
    "advise",
    "advising",
    "at_distance",
    "choices",
    "measurable",
    "measure",
    "replay",
    "turn",
]

MEASURED = 30_000  # the positions of the largest component measured whole
KEPT = 4  # the measured components a session keeps, the newest
_LISTED = 12  # the legal moves a refusal lists at most


# --- A game replayed ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Replayed(Generic[S, M]):
    """A game replayed: the positions it passes through (the start first) and the moves
    legal in turn; ``refused`` says, in one line, why the next move given was not played,
    where one was not legal."""

    states: tuple[S, ...]
    moves: tuple[M, ...]
    refused: str | None = None

    @property
    def position(self) -> S:
        """The position the game has reached."""
        return self.states[-1]


def replay(p: Problem[S, M], notations: Sequence[str]) -> Replayed[S, M]:
    """The game that plays ``notations`` from the start of ``p``, each found among the
    legal moves of its position by its notation, stopping at the first that is none of
    them.

    >>> from pearls.puzzles.graph import DESCRIPTION
    >>> p = DESCRIPTION.problem("start a; goal c; a -> b; b -> c")
    >>> replay(p, ["b", "c"]).states, replay(p, ["c"]).refused
    (('a', 'b', 'c'), "move 1, 'c', is not legal there: the legal moves are b")
    """
    states: list[S] = [p.start]
    moves: list[M] = []
    for number, said in enumerate(notations, start=1):
        q = states[-1]
        legal = p.puzzle.moves(q)
        found = next((m for m in legal if p.notation(q, m) == said), None)
        if found is None:
            why = _refusal(p, q, legal, number, said)
            return Replayed(tuple(states), tuple(moves), why)
        moves.append(found)
        states.append(p.puzzle.move(q, found))
    return Replayed(tuple(states), tuple(moves))


def _refusal(p: Problem[S, M], q: S, legal: Sequence[M], number: int, said: str) -> str:
    """The line that refuses move ``number``, ``said``: not legal where it is played,
    and the legal moves there (the first :data:`_LISTED` of them)."""
    where = f"move {number}, {quoted(said)}, is not legal there"
    if not legal:
        ended = "the puzzle is solved there" if p.puzzle.solved(q) else "no move is legal"
        return f"{where}: {ended}"
    named = [p.notation(q, m) for m in legal[:_LISTED]]
    more = f" and {len(legal) - _LISTED:,} more" if len(legal) > _LISTED else ""
    return f"{where}: the legal moves are {', '.join(named)}{more}"


# --- A position as a player sees it ------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    """A legal move as a player sees it: its notation, words and JSON, and the position
    it leads to, shown as text, in JSON and drawn (``None`` where the puzzle has no
    drawing)."""

    notation: str
    words: str
    move: JSON
    picture: str
    state: JSON
    drawing: str | None


@dataclass(frozen=True)
class Turn:
    """A game's position as a player sees it: the moves played (notation and words),
    the position shown as text, in JSON and drawn, whether it is solved, its legal
    moves, and the line that refused the game's next move, where one was refused."""

    played: tuple[str, ...]
    words: tuple[str, ...]
    picture: str
    state: JSON
    drawing: str | None
    solved: bool
    choices: tuple[Choice, ...]
    refused: str | None = None


def choices(p: Problem[S, M], q: S) -> tuple[Choice, ...]:
    """The legal moves at ``q``, in the model's order, each beside the position it
    leads to."""
    made: list[Choice] = []
    for m in p.puzzle.moves(q):
        r = p.puzzle.move(q, m)
        drawn = None if p.draw is None else p.draw(r)
        said = Choice(
            p.notation(q, m), p.words(q, m), p.move_json(q, m), p.show(r), p.state_json(r), drawn
        )
        made.append(said)
    return tuple(made)


def turn(p: Problem[S, M], notations: Sequence[str]) -> Turn:
    """The game ``notations`` plays from the start of ``p``, as a player sees the
    position it reaches (up to the first move that is not legal, where one is not)."""
    game = replay(p, notations)
    q = game.position
    return Turn(
        played=tuple(map(p.notation, game.states, game.moves)),
        words=tuple(map(p.words, game.states, game.moves)),
        picture=p.show(q),
        state=p.state_json(q),
        drawing=None if p.draw is None else p.draw(q),
        solved=p.puzzle.solved(q),
        choices=choices(p, q),
        refused=game.refused,
    )


# --- The distance of every position of a small component ---------------------------------------


@dataclass(frozen=True)
class Distances(Generic[S]):
    """A component measured: every position reachable from its start, each at its
    distance (the fewest moves) from the nearest solved position, or ``None`` where no
    solved position can be reached from it.

    >>> from pearls.puzzles import graph
    >>> g = graph.puzzle({1: [2, 3], 2: [4], 3: [], 4: [1]}, goal=4)
    >>> dict(measure(g, 1).of)
    {1: 2, 2: 1, 3: None, 4: 0}
    """

    of: Mapping[S, int | None]

    @property
    def positions(self) -> int:
        """How many positions the component holds."""
        return len(self.of)


def measurable(p: Problem[S, M]) -> bool:
    """Whether the component of a problem's start may be measured whole: not where its
    perfect hash ranks more than :data:`MEASURED` positions (the 8 puzzle's 362,880),
    else it may, until the walk finds it larger.

    >>> from pearls.registry import PUZZLES
    >>> eight, nooff = PUZZLES["eight"], PUZZLES["nooff"]
    >>> [measurable(d.problem(d.default_text())) for d in (eight, nooff)]
    [False, True]
    """
    h = p.perfect_hash
    return h is None or h.size <= MEASURED


def measure(puzzle: Puzzle[S, M], start: S, most: int = MEASURED) -> Distances[S] | None:
    """The component of ``start`` measured, or ``None`` where it holds more than
    ``most`` positions: one breadth-first walk out from the start records, for each
    position reached, the positions one move before it; a second walks back along those
    records from the solved positions, level by level, so each position's level is its
    distance.  The records and the levels are local mutable accumulators (a ``dict`` of
    lists, a ``list`` a level), as :func:`~pearls.analysis.levels` keeps its own.

    >>> from pearls.puzzles import graph
    >>> ring = graph.puzzle({1: [2], 2: [3], 3: [1]}, goal=3)
    >>> measure(ring, 1).of[1], measure(ring, 1, most=2) is None
    (2, True)
    """
    before: dict[S, list[S]] = {start: []}
    level = [start]
    while level:
        reached: list[S] = []
        for q in level:
            for m in puzzle.moves(q):
                r = puzzle.move(q, m)
                if r not in before:
                    if len(before) == most:
                        return None
                    before[r] = []
                    reached.append(r)
                before[r].append(q)
        level = reached
    back = _back(puzzle, before)
    return Distances({q: back.get(q) for q in before})


def _back(puzzle: Puzzle[S, M], before: Mapping[S, list[S]]) -> dict[S, int]:
    """The distance of each position from which a solved one is reached, walking back
    from the solved positions along the records of the positions one move before."""
    level = [q for q in before if puzzle.solved(q)]
    distance = dict.fromkeys(level, 0)
    d = 0
    while level:
        d += 1
        reached: list[S] = []
        for r in level:
            for q in before[r]:
                if q not in distance:
                    distance[q] = d
                    reached.append(q)
        level = reached
    return distance


def at_distance(measured: Distances[S], wanted: int) -> tuple[S, int] | None:
    """A position ``wanted`` moves from solved, the first of those reached walking out
    from the start; where none lies that far, the first of the farthest; and its
    distance.  ``None`` where no position of the component reaches a solved one.

    >>> from pearls.puzzles import graph
    >>> g = graph.puzzle({1: [2, 3], 2: [4], 3: [], 4: [1]}, goal=4)
    >>> at_distance(measure(g, 1), 1), at_distance(measure(g, 1), 9)
    ((2, 1), (1, 2))
    """
    found: tuple[S, int] | None = None
    for q, d in measured.of.items():
        if d is not None and d <= wanted and (found is None or d > found[1]):
            found = (q, d)
    return found


# --- Advice: the fewest moves left, and the moves that begin a shortest way on -----------------


@dataclass(frozen=True)
class Advice:
    """The fewest moves ``left`` at a position (``None``: no solved position can be
    reached from it), the notations of the legal moves that ``best`` begin a shortest
    way on (the first is the hint), and what found them: ``by`` :data:`MEASURE` (its
    component measured whole, ``positions`` of them, with ``after``, each legal move's
    distance after it, in the order of the legal moves) or the name of the method that
    searched.
    """

    left: int | None
    best: tuple[str, ...]
    by: str
    after: tuple[int | None, ...] | None = None
    positions: int | None = None


MEASURE = "measure"  # what an advice found by a measured component says it was found by


def advising(offered: Mapping[str, Offered]) -> str | None:
    """The method an advice searches by: the first offered that finds one solution and
    either finds a shortest one or builds the solved position as its answer (a tour, a
    colouring: every solution then has as many moves, one a square or a region), so
    that its first move begins a shortest way on; ``None`` where none does.

    >>> from pearls.registry import PUZZLES
    >>> [advising(PUZZLES[name].methods) for name in ("rushhour", "knight", "fifteen")]
    ['bfs', 'backtrack', 'idastar']
    """
    for name, m in offered.items():
        if not m.every and (m.shortest or m.answer is not None):
            return name
    return None


def advise(
    p: Problem[S, M],
    q: S,
    method: str,
    measured: Distances[S] | None = None,
    meter: Meter | None = None,
) -> Advice:
    """The advice at ``q``: looked up in ``measured`` where it holds ``q``, else from one
    search from ``q`` by ``method`` under ``meter`` (no limits where none), which raises
    :class:`~pearls.errors.LimitReached` where a limit stops it."""
    if measured is not None and q in measured.of:
        return _looked_up(p, q, measured)
    moved = replace(p, start=q).solve(method, meter)
    left = None if moved.moves is None else len(moved.moves)
    return Advice(left, moved.notation[:1], method)


def _looked_up(p: Problem[S, M], q: S, measured: Distances[S]) -> Advice:
    """The advice at ``q`` from its measured component: each legal move's distance
    after it, and those one nearer solved than ``q``."""
    left = measured.of[q]
    legal = p.puzzle.moves(q)
    after = tuple(measured.of.get(p.puzzle.move(q, m)) for m in legal)
    best = tuple(
        p.notation(q, m)
        for m, d in zip(legal, after, strict=True)
        if left is not None and d == left - 1
    )
    return Advice(left, best, MEASURE, after, measured.positions)


# --- What a session remembers ------------------------------------------------------------------


class Tables:
    """The components a session has measured, the newest :data:`KEPT` of them, each by
    a key naming the game it serves (its puzzle, settings and start); a component too
    large to measure is kept as ``None``, so that it is not tried again.  A face that
    plays one game move after move keeps one, and each position's advice is looked up,
    not searched for again.  Like a meter, it is an argument that changes: it is there
    to remember.

    >>> tables = Tables(kept=1)
    >>> tables.keep("a", None); tables.keep("b", None)
    >>> "a" in tables, "b" in tables
    (False, True)
    """

    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self._kept: OrderedDict[str, Distances[Hashable] | None] = OrderedDict()

    def __contains__(self, key: str) -> bool:
        return key in self._kept

    def recall(self, key: str) -> Distances[Hashable] | None:
        """The component kept by ``key`` (``None``: too large to measure, or not kept),
        now the newest."""
        if key not in self._kept:
            return None
        self._kept.move_to_end(key)
        return self._kept[key]

    def keep(self, key: str, measured: Distances[Hashable] | None) -> None:
        """Keep ``measured`` by ``key``, the oldest let go beyond :attr:`kept`."""
        self._kept[key] = measured
        self._kept.move_to_end(key)
        while len(self._kept) > self.kept:
            self._kept.popitem(last=False)
