"""The Tower of Hanoi: n discs, three pegs, a larger disc never on a smaller one.

The discs are numbered by size, 1 the smallest; the pegs are 0, 1 and 2, drawn and named
``A``, ``B`` and ``C``.  A state is the three pegs, each a tuple of discs *top first*, as
the Prolog notes (M. Hiroi's collection, source 004) write ``pole([[1, 2, 3, 4], [],
[]])``.  A move ``(d, p)`` puts disc ``d``, on top of its peg, onto peg ``p``, empty or
topped by a larger disc.  Solved: every disc on peg ``C``.  The classic recursion moves
a tower of ``n`` discs in ``2^n - 1`` moves; :func:`hanoi` streams them lazily from any
position, and :func:`distance` counts them without making them.  The text form, drawing
and command-line description are the modules ``text``, ``draw`` and ``describe``.

>>> list(hanoi(tower(2)))
[(1, 1), (2, 2), (1, 2)]
>>> len(bfsolve(tower(4))), distance(tower(4))
(15, 15)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal, TypeAlias

from pearls import search
from pearls.analysis import PerfectHash
from pearls.errors import BoardError
from pearls.search import mkplans
from pearls.types import Path, Plan, Planner, Puzzle

__all__ = [
    "PEGS",
    "TARGET",
    "Disc",
    "Move",
    "Peg",
    "Stack",
    "Towers",
    "bfsolve",
    "dfsolve",
    "discs",
    "distance",
    "goal",
    "goalmoves",
    "hanoi",
    "home",
    "lower_bound",
    "move",
    "moves",
    "newplans",
    "peg_of",
    "perfect_hash",
    "planner",
    "premoves",
    "psolve",
    "puzzle",
    "rank",
    "repeats_disc",
    "solved",
    "third",
    "tower",
]

Disc = int  # 1 the smallest .. n the largest, e.g. 3
Peg = int  # 0, 1 or 2, drawn and named A, B and C; e.g. 2, the target peg C
Stack: TypeAlias = tuple[Disc, ...]  # one peg's discs, top first, e.g. (1, 2, 3)
Towers: TypeAlias = tuple[Stack, Stack, Stack]  # the state, e.g. ((2, 3), (), (1,))
Move = tuple[Disc, Peg]  # disc d onto peg p, e.g. (1, 2): disc 1 onto peg C

PEGS = "ABC"  # peg p is named PEGS[p]
TARGET: Peg = 2  # every disc goes to peg C


def tower(n: int) -> Towers:
    """The usual start: discs ``1 .. n`` on peg ``A``; a :class:`~pearls.errors.BoardError`
    (a ``ValueError``) for a negative ``n``.

    >>> tower(3)
    ((1, 2, 3), (), ())
    >>> tower(-1)
    Traceback (most recent call last):
    ...
    pearls.errors.BoardError: a tower has 0 or more discs, not -1
    """
    if n < 0:
        raise BoardError(f"a tower has 0 or more discs, not {n}")
    return (tuple(range(1, n + 1)), (), ())


def goal(n: int) -> Towers:
    """The solved position of ``n`` discs: all of them on peg ``C``.

    >>> goal(3)
    ((), (), (1, 2, 3))
    """
    return ((), (), tower(n)[0])


def discs(q: Towers) -> int:
    """How many discs there are.

    >>> discs(((2, 3), (), (1,)))
    3
    """
    return len(q[0]) + len(q[1]) + len(q[2])


def peg_of(q: Towers, d: Disc) -> Peg:
    """The peg that holds disc ``d``.

    >>> peg_of(((2, 3), (), (1,)), 1)
    2
    """
    return next(p for p, stack in enumerate(q) if d in stack)


def third(p: Peg, r: Peg) -> Peg:
    """The peg that is neither ``p`` nor ``r`` (two different pegs): ``3 - p - r``.

    >>> third(0, 2)
    1
    """
    return 3 - p - r


# The three functions


def moves(q: Towers) -> list[Move]:
    """The legal moves: each top disc onto each other peg whose top is larger or which is
    empty, pegs in order.

    ``moves q = [(d, r) | (p, d : _) <- zip [0 ..] q, r <- [0, 1, 2], r /= p,
    null (q !! r) || d < head (q !! r)]``

    >>> moves(((2, 3), (), (1,)))
    [(2, 1), (1, 0), (1, 1)]
    """
    return [
        (stack[0], r)
        for p, stack in enumerate(q)
        if stack
        for r in range(3)
        if r != p and (not q[r] or stack[0] < q[r][0])
    ]


def move(q: Towers, m: Move) -> Towers:
    """The towers after disc ``d`` leaves the top of its peg (it must be on top) for the
    top of peg ``r``.

    >>> move(((1, 2, 3), (), ()), (1, 2))
    ((2, 3), (), (1,))
    """
    d, r = m
    top = (d,)
    p = 0 if q[0][:1] == top else 1 if q[1][:1] == top else 2
    pegs = list(q)
    pegs[p], pegs[r] = q[p][1:], top + q[r]
    return (pegs[0], pegs[1], pegs[2])


def solved(q: Towers) -> bool:
    """Whether every disc is on peg ``C``: ``solved q = null (q !! 0) && null (q !! 1)``.

    >>> solved(((), (), (1, 2))), solved(((1,), (), (2,)))
    (True, False)
    """
    return not q[0] and not q[1]


puzzle: Puzzle[Towers, Move] = Puzzle(moves, move, solved)


def bfsolve(q: Towers) -> list[Move] | None:
    """A shortest solution: ``bfsolve q = bfsearch' [] [] [([], q)]``.

    >>> bfsolve(tower(2))
    [(1, 1), (2, 2), (1, 2)]
    """
    return search.bfsolve(puzzle, q)


def dfsolve(q: Towers) -> list[Move] | None:
    """A depth-first solution: ``dfsolve q = dfsearch [] [([], q)]``.

    >>> len(dfsolve(tower(3)) or [])
    14
    """
    return search.dfsolve(puzzle, q)


# The recursion


def hanoi(q: Towers) -> Iterator[Move]:
    """The shortest solution from ``q``, move by move, lazily: the classic recursion.

    ::

        hanoi q     = gather n C
        gather 0 t  = []
        gather d t
          | p == t    = gather (d-1) t
          | otherwise = gather (d-1) k ++ [(d, t)] ++ shift (d-1) k t
          where p = the peg of d in q; k = the third peg
        shift 0 a t = []
        shift d a t = shift (d-1) a k ++ [(d, t)] ++ shift (d-1) k t
          where k = the third peg

    ``gather d t`` brings discs ``1 .. d`` onto peg ``t`` from wherever they are, and
    ``shift d a t`` moves a tower of ``d`` discs from peg ``a`` to peg ``t``: from the
    usual start ``hanoi`` is ``shift n A C``, ``2^n - 1`` moves.  ``gather`` reads the
    pegs of ``q`` alone, since when it looks at disc ``d`` only larger discs have moved.
    The recursion is a stack of pending tasks, at most ``2n + 1`` of them, so no tower is
    too tall for Python's recursion limit and nothing is built beyond the next move.

    >>> list(hanoi(tower(3)))
    [(1, 2), (2, 1), (1, 1), (3, 2), (1, 0), (2, 2), (1, 2)]
    >>> sum(1 for _ in hanoi(tower(20)))
    1048575
    >>> list(hanoi(((2,), (1,), (3,))))  # disc 3 is home: gather 2 C
    [(2, 2), (1, 2)]
    """
    where = {d: p for p, stack in enumerate(q) for d in stack}
    pending: list[tuple[Literal["gather", "shift", "move"], Disc, Peg, Peg]]
    pending = [("gather", discs(q), TARGET, TARGET)]
    while pending:
        task, d, a, t = pending.pop()
        if d == 0:
            continue
        if task == "move":
            yield (d, t)
        elif task == "gather" and where[d] == t:
            pending.append(("gather", d - 1, t, t))
        elif task == "gather":
            k = third(where[d], t)
            pending.extend([("shift", d - 1, k, t), ("move", d, k, t), ("gather", d - 1, k, k)])
        else:
            k = third(a, t)
            pending.extend([("shift", d - 1, k, t), ("move", d, a, t), ("shift", d - 1, a, k)])


# Planning


def home(q: Towers) -> int:
    """How many discs are home: the largest ones, in order, at the bottom of peg ``C``.

    >>> home(((1,), (2,), (3, 4))), home(((), (), (1, 2, 3))), home(((1, 2), (), (3,)))
    (2, 3, 1)
    """
    n, target = discs(q), q[TARGET]
    count = 0
    while count < len(target) and target[-1 - count] == n - count:
        count += 1
    return count


def goalmoves(q: Towers) -> Plan[Move]:
    """The plan: the largest disc not yet home goes to peg ``C``.

    ``goalmoves q = [(d, C) | d > 0] where d = n - home q``

    >>> goalmoves(tower(3)), goalmoves(((), (), (1, 2, 3)))
    (((3, 2),), ())
    """
    d = discs(q) - home(q)
    return ((d, TARGET),) if d > 0 else ()


def premoves(q: Towers, m: Move) -> list[list[Move]]:
    """The way of making a move legal: clear what sits on the disc and on the target.

    Disc ``d`` can go from peg ``p`` to peg ``r`` once every smaller disc is on the third
    peg ``k``; so first the largest smaller disc not on ``k`` goes there:

    ``premoves q (d, r) = [[(e, k)] | e <- take 1 [d-1, d-2 .. 1], peg e /= k]``
    ``where k = the third peg of (peg d, r)``

    >>> premoves(tower(3), (3, 2)), premoves(tower(3), (2, 1)), premoves(tower(3), (1, 2))
    ([[(2, 1)]], [[(1, 2)]], [])
    """
    d, r = m
    k = third(peg_of(q, d), r)
    misplaced = [e for p, stack in enumerate(q) if p != k for e in stack if e < d]
    return [[(max(misplaced), k)]] if misplaced else []


def newplans(q: Towers, plan: Plan[Move]) -> list[Plan[Move]]:
    """Plans whose first move is legal, a spent plan replaced by a fresh goal.

    ::

        newplans q [] = mkplans (goalmoves q)
        newplans q ms = mkplans ms

    with ``mkplans`` as in :func:`pearls.search.mkplans`.  The chapter's ``newplans``
    gives nothing for an empty plan; here the largest disc still away from home becomes
    the next goal, so one plan leads all the way.  (A plan of every disc's last move at
    once would not do: ``mkplans`` drops a premove already in the plan, and disc 1 goes
    to ``C`` many times.)  The plans grow one premove at a time and hold one move per
    disc at most, so they stay shorter than ``n``.

    >>> newplans(tower(3), ())
    [((1, 2), (2, 1), (3, 2))]
    """
    return mkplans(moves(q), lambda m: premoves(q, m), plan or goalmoves(q))


planner: Planner[Towers, Move] = Planner(puzzle, goalmoves, newplans)


def psolve(q: Towers) -> list[Move] | None:
    """A planned solution: ``psolve q = psearch' [] [] [([], q, goalmoves q)]``.

    >>> len(psolve(tower(5)) or [])
    31
    """
    return search.psolve(planner, q)


# Bounds on the moves left, and a prune


def distance(q: Towers) -> int:
    """The fewest moves from ``q`` to the goal: the moves :func:`hanoi` makes, counted
    without making them, as the Prolog notes' ``hanoi1`` counts them from a tower.

    ::

        distance q  = count n C
        count 0 t   = 0
        count d t
          | p == t    = count (d-1) t
          | otherwise = count (d-1) k + 2^(d-1)     -- gather, then (d, t), then shift
          where p = the peg of d in q; k = the third peg

    As a bound on the moves left for A* and IDA* it is exact: never more than the
    distance, and never less, so they expand the states of one shortest solution alone.

    >>> distance(tower(3)), distance(((1,), (), (2, 3))), distance(((2,), (1,), (3,)))
    (7, 1, 2)
    """
    where = {d: p for p, stack in enumerate(q) for d in stack}
    t, count = TARGET, 0
    for d in range(discs(q), 0, -1):
        if where[d] != t:
            count += 2 ** (d - 1)
            t = third(where[d], t)
    return count


def lower_bound(q: Towers) -> int:
    """A looser bound on the moves left: ``2^(d-1)`` while disc ``d`` is the largest not
    home, since it must move, and then the ``d - 1`` smaller discs, all on one other peg,
    must follow it as a tower (``2^(d-1) - 1`` moves); 0 when solved.  Half the
    :func:`distance` from a tower.

    >>> lower_bound(tower(3)), lower_bound(((1,), (), (2, 3))), lower_bound(((), (), (1,)))
    (4, 1, 0)
    """
    d = discs(q) - home(q)
    return 2 ** (d - 1) if d > 0 else 0


def repeats_disc(p: Path[Towers, Move], m: Move) -> bool:
    """Whether ``m`` moves the disc that the path moved last: never part of a shortest
    solution (one move would have taken it where two do), so iterative deepening
    (:func:`pearls.deepening.idsolve`) need not try it.

    >>> from pearls.types import start
    >>> after = Path(start(tower(2)).history.cons((1, 1)), move(tower(2), (1, 1)))
    >>> repeats_disc(after, (1, 2)), repeats_disc(after, (2, 2))
    (True, False)
    """
    return bool(p.history) and p.history.first[0] == m[0]


# Ranking


def rank(q: Towers) -> int:
    """The position as a number in base 3, disc ``d``'s peg its digit of weight
    ``3^(d-1)``: a minimal perfect hash of the ``3^n`` positions of ``n`` discs.

    >>> rank(tower(2)), rank(((), (), (1, 2))), rank(((2,), (1,), ()))
    (0, 8, 1)
    """
    return sum(p * 3 ** (d - 1) for p, stack in enumerate(q) for d in stack)


def perfect_hash(n: int) -> PerfectHash[Towers]:
    """:func:`rank` over the ``3^n`` positions of ``n`` discs.

    >>> perfect_hash(2).size
    9
    """
    return PerfectHash(rank, 3**n)
