"""The chapter's search combinators, one function per group of equations.

Every function is generic in the state ``S`` and the move ``M`` and takes the puzzle
(or planner) first, data last.  Each Haskell equation group becomes one loop: Bird's
tail calls are iterations of a ``while``, so no search is bounded by Python's recursion
limit.  Five liberties, none visible in the results (the same solutions, after
expanding the same states, as many):

* **visited states** ``qs`` (``q ∈ qs``) are a ``dict``, filled inside the loop: O(1)
  membership; the caller's states are copied, never changed;
* **a frontier** is a ``list`` holding Bird's list reversed (its head at the end), so
  taking the head and consing successors cost O(1); a ``deque`` serves where an
  equation appends at the far end (``ps ++ succs p``);
* **a path** ``(ms, q)`` is kept as ``q``'s :data:`Link`, the state it came from and
  the move from there, in the visited ``dict``; a start's ``ms`` is kept once, in
  ``roots``; the moves are read back along the links once, on success (Bird's
  ``reverse ms``);
* **a successor already expanded** never joins the frontier: the equations would
  drop it unexpanded at ``q ∈ qs``; a state the caller marked visited is still an
  answer when solved, as the equations say;
* **the breadth-first searches list each state once**, when it is first reached, as
  a hand-written search marks it; ``bfsearch'`` builds whole levels and expands each
  last state first (its docstring shows why the answer is the equations').

Where a puzzle has several shortest (or planned) solutions, the one Bird's code finds
comes out.  ``docs/performance.md`` measures what each liberty saves, and why plain
links matter to Python's garbage collector.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeAlias

from pearls.types import (
    AFrontier,
    APath,
    Frontier,
    History,
    M,
    Path,
    Plan,
    Planner,
    Puzzle,
    S,
    astart,
    start,
)

__all__ = [
    "Levels",
    "Link",
    "Newplans",
    "Premoves",
    "asuccs",
    "bfsearch",
    "bfsearch_",
    "bfsolve",
    "bsuccs",
    "dfsearch",
    "dfsolve",
    "mkplans",
    "newplans",
    "planner",
    "psearch",
    "psearch_",
    "psolve",
    "succs",
]

Premoves: TypeAlias = Callable[
    [S, M], Iterable[Sequence[M]]
]  # rushhour.premoves(g1, (0, 19)): [[(6, 5)], ...]
Levels: TypeAlias = Callable[[Sequence[S]], None]  # told each level bfsearch' expands

Link: TypeAlias = tuple[S, M]
"""How a search reached a state: the state it came from and the move made there, e.g.
``(g1, (0, 19))``.  A path ``(ms ++ [m], move q m)`` is its state's link ``(q, m)``
followed back to a start, whose ``ms`` the search keeps in ``roots``."""

_Links: TypeAlias = "dict[S, Link[S, M] | None]"  # keys: the states visited; None: a start's
_Roots: TypeAlias = "dict[S, History[M]]"  # each start's moves so far, its first path's
_Planned: TypeAlias = "tuple[S, Plan[M], Link[S, M] | None]"  # (q, plan, link): an APath


def _visited(qs: Iterable[S], solved: Callable[[S], bool]) -> _Links[S, M]:
    """The links of the caller's visited states, which a search must skip.  A solved
    one is left out: the equations test ``solved q`` before ``q ∈ qs``, so it is still
    an answer."""
    return dict.fromkeys(q for q in qs if not solved(q))


def _roots(*frontiers: Iterable[Path[S, M] | APath[S, M]]) -> _Roots[S, M]:
    """Each start's history, by its state: the first path's, the one a search takes
    first, since no search lets a later start overtake an earlier one."""
    roots: _Roots[S, M] = {}
    for paths in frontiers:
        for p in paths:
            roots.setdefault(p.state, p.history)
    return roots


def _moves(links: _Links[S, M], roots: _Roots[S, M], q: S, link: Link[S, M] | None) -> list[M]:
    """The moves of the path to ``q`` that ends with ``link`` (``None`` at a start),
    first move first: Bird's ``reverse ms``, read back along the links to a start."""
    newest: list[M] = []
    while link is not None:
        q, m = link
        newest.append(m)
        link = links[q]
    return [*reversed(roots[q]), *reversed(newest)]


def succs(puzzle: Puzzle[S, M], p: Path[S, M]) -> Frontier[S, M]:
    """The paths one move longer than ``p``.

    ``succs (ms, q) = [(ms ++ [m], move q m) | m <- moves q]``

    The searches below render this inline, each successor a :data:`Link`.

    >>> from pearls.puzzles import graph
    >>> ring = graph.puzzle({0: [1, 2], 1: [2], 2: [0]}, goal=2)
    >>> [(list(path.history), path.state) for path in succs(ring, start(0))]
    [([1], 1), ([2], 2)]
    """
    history, q = p
    return [Path(history.cons(m), puzzle.move(q, m)) for m in puzzle.moves(q)]


def bfsearch(puzzle: Puzzle[S, M], qs: Iterable[S], ps: Frontier[S, M]) -> list[M] | None:
    """Breadth-first search, the frontier a queue.

    ::

        bfsearch qs [] = Nothing
        bfsearch qs (p@(ms, q) : ps)
          | solved q  = Just ms
          | q ∈ qs    = bfsearch qs ps
          | otherwise = bfsearch (q : qs) (ps ++ succs p)

    A state joins the queue once, linked to the path that first reached it: a queue
    keeps its entries in order, so that first entry is the one the equations expand,
    and they drop the later ones at ``q ∈ qs``.  The first solved state to join ends
    the search, once the states ahead of it are expanded: the equations expand those,
    then reach it.

    >>> from pearls.puzzles import graph
    >>> ladder = graph.puzzle({"a": "bc", "b": "d", "c": "e", "e": "d"}, goal="d")
    >>> bfsearch(ladder, [], [start("a")])
    ['b', 'd']
    """
    moves, move, solved = puzzle.moves, puzzle.move, puzzle.solved
    links: _Links[S, M] = _visited(qs, solved)
    roots = _roots(ps)
    starts: list[S] = []
    found = _listed(ps, solved, links, starts)
    queue = deque(starts)
    push = queue.append
    while queue and not found:
        q = queue.popleft()
        for m in moves(q):
            r = move(q, m)
            if r not in links:
                links[r] = (q, m)
                push(r)
                if solved(r):
                    found = True
                    break
    if not found:
        return None
    *ahead, goal = queue
    for q in ahead:
        moves(q)
    return _moves(links, roots, goal, links[goal])


def bfsearch_(
    puzzle: Puzzle[S, M],
    qs: Iterable[S],
    rs: Frontier[S, M],
    ps: Frontier[S, M],
    levels: Levels[S] | None = None,
) -> list[M] | None:
    """Breadth-first search with an accumulator ``rs`` for the next level: the
    chapter's final form, which lists alternate levels right to left, still finding a
    shortest solution.

    ::

        bfsearch' qs [] [] = Nothing                         -- 1
        bfsearch' qs rs [] = bfsearch' qs [] rs              -- 2
        bfsearch' qs rs (p@(ms, q) : ps)
          | solved q  = Just ms                              -- 3
          | q ∈ qs    = bfsearch' qs rs ps                   -- 4
          | otherwise = bfsearch' (q : qs) (succs p ++ rs) ps  -- 5

    The loop takes a level at a time, as rule 2 hands it over: the states of ``ps``
    that no earlier level holds, in order, each once.  Rule 5 expands them all and
    gathers ``succs pn ++ ... ++ succs p1 ++ rs``, whose first entry of each new state
    is the next level; rule 3 ends the search at the next level's first solved state,
    once the states ahead of it are expanded.  The loop expands a level last state
    first, listing each successor the first time it appears, which gives the next
    level in that order without holding the level's moves (docs/performance.md:
    holding them to expand first state first took 1.4 times as long on the 8 puzzle's
    hardest board), and it stops at the first solved state it lists, since the states
    listed after it would never be expanded.  The states expanded are the equations',
    as many; ``levels``, where given, is told the states of each level before they are
    expanded, in the equations' order, so that a tracer (:mod:`pearls.tracing`) can
    list the expansions as the equations make them.

    >>> from pearls.puzzles import graph
    >>> ladder = graph.puzzle({"a": "bc", "b": "d", "c": "e", "e": "d"}, goal="d")
    >>> bfsearch_(ladder, [], [], [start("a")], levels=print)  # d follows e in level 2
    ['a']
    ['b', 'c']
    ['e']
    ['b', 'd']
    """
    solved = puzzle.solved
    links: _Links[S, M] = _visited(qs, solved)
    roots = _roots(ps, rs)
    level: list[S] = []
    found = _listed(ps, solved, links, level)
    waiting = rs  # the end of the second level
    while not found and (level or waiting):
        if levels is not None:
            levels(level)
        listed: list[S] = []
        found = _next_level(puzzle, links, level, listed) or _listed(waiting, solved, links, listed)
        level, waiting = listed, []
    if not found:
        return None
    *ahead, goal = level
    if levels is not None:
        levels(ahead)
    for q in ahead:
        puzzle.moves(q)
    return _moves(links, roots, goal, links[goal])


def _listed(
    ps: Iterable[Path[S, M] | APath[S, M]],
    solved: Callable[[S], bool],
    links: _Links[S, M],
    level: list[S],
) -> bool:
    """List in ``level``, as starts, the states of the paths ``ps`` that no level
    holds yet, in order, each once; whether the last one listed is solved (the
    listing stops there)."""
    for p in ps:
        q = p.state
        if q not in links:
            links[q] = None
            level.append(q)
            if solved(q):
                return True
    return False


def _next_level(puzzle: Puzzle[S, M], links: _Links[S, M], level: list[S], listed: list[S]) -> bool:
    """Rule 5 over ``level``: expand it, last state first, and list in ``listed`` the
    states it reaches that no level holds yet, in the order of Bird's accumulator,
    each linked to its parent; whether the last one listed is solved.  The listing
    stops there, once the rest of ``level`` is expanded, as the equations expand it."""
    moves, move, solved = puzzle.moves, puzzle.move, puzzle.solved
    push = listed.append
    for q in reversed(level):
        for m in moves(q):
            r = move(q, m)
            if r not in links:
                links[r] = (q, m)
                push(r)
                if solved(r):
                    for p in level[: level.index(q)]:
                        moves(p)
                    return True
    return False


def bfsolve(puzzle: Puzzle[S, M], q: S, levels: Levels[S] | None = None) -> list[M] | None:
    """A shortest solution from ``q``, or ``None`` if no solution exists; ``levels`` as
    for :func:`bfsearch_`.

    ``bfsolve q = bfsearch' [] [] [([], q)]``

    >>> from pearls.puzzles import graph
    >>> diamond = graph.puzzle({1: [2, 3], 2: [4], 3: [4]}, goal=4)
    >>> bfsolve(diamond, 1)  # level 2 is gathered as succs 3 ++ succs 2
    [3, 4]
    >>> bfsearch(diamond, [], [start(1)])
    [2, 4]
    >>> bfsolve(graph.puzzle({1: [2], 2: [1]}, goal=3), 1) is None
    True
    """
    return bfsearch_(puzzle, [], [], [start(q)], levels)


def dfsearch(puzzle: Puzzle[S, M], qs: Iterable[S], ps: Frontier[S, M]) -> list[M] | None:
    """Depth-first search, the frontier a stack: ``bfsearch`` with one change.

    ::

        dfsearch qs [] = Nothing
        dfsearch qs (p@(ms, q) : ps)
          | solved q  = Just ms
          | q ∈ qs    = dfsearch qs ps
          | otherwise = dfsearch (q : qs) (succs p ++ ps)

    The stack of paths is two stacks side by side: the paths' states, and the link of
    each (a :data:`Link`, ``None`` at a start).

    >>> from pearls.puzzles import graph
    >>> ladder = graph.puzzle({"a": "bc", "b": "c", "c": "d"}, goal="d")
    >>> dfsearch(ladder, [], [start("a")])
    ['b', 'c', 'd']
    """
    moves, move, solved = puzzle.moves, puzzle.move, puzzle.solved
    links: _Links[S, M] = _visited(qs, solved)
    roots = _roots(ps)
    states = [p.state for p in reversed(ps)]
    ways: list[Link[S, M] | None] = [None] * len(states)
    push_state, push_way = states.append, ways.append
    while states:
        q, link = states.pop(), ways.pop()
        if q in links:
            continue
        if solved(q):
            return _moves(links, roots, q, link)
        links[q] = link
        for m in reversed(moves(q)):
            r = move(q, m)
            if r not in links:
                push_state(r)
                push_way((q, m))
    return None


def dfsolve(puzzle: Puzzle[S, M], q: S) -> list[M] | None:
    """A solution from ``q`` found depth first, or ``None`` if none exists.

    ``dfsolve q = dfsearch [] [([], q)]``

    >>> from pearls.puzzles import graph
    >>> dfsolve(graph.puzzle({1: [2, 3], 2: [3], 3: [4]}, goal=4), 1)
    [2, 3, 4]
    """
    return dfsearch(puzzle, [], [start(q)])


def mkplans(
    legal: Sequence[M], premoves: Callable[[M], Iterable[Sequence[M]]], ms: Plan[M]
) -> list[Plan[M]]:
    """Grow the plan ``ms`` with premoves until its first move is ``legal``, in every way.

    ::

        mkplans ms | null ms   = []
                   | m ∈ qms   = [ms]
                   | otherwise = concat [mkplans (pms ++ ms) | pms <- premoves q m,
                                                               all (∉ ms) pms]
          where m = head ms; qms = moves q

    The recursion is an explicit stack, popped in the order of ``concat``.

    >>> premoves = {"c": [["b"]], "b": [["z"], ["a"]], "z": [["c"]]}.__getitem__
    >>> mkplans(["a"], premoves, ("c",))  # ("z", "b", "c") needs "c" first: dropped
    [('a', 'b', 'c')]
    """
    plans: list[Plan[M]] = []
    pending = [ms]
    while pending:
        plan = pending.pop()
        if not plan:
            continue
        m = plan[0]
        if m in legal:
            plans.append(plan)
            continue
        grown = [(*pms, *plan) for pms in premoves(m) if all(x not in plan for x in pms)]
        pending.extend(reversed(grown))
    return plans


def newplans(puzzle: Puzzle[S, M], premoves: Premoves[S, M], q: S, ms: Plan[M]) -> list[Plan[M]]:
    """The plans, grown from ``ms``, whose first move is legal in ``q``.

    ``newplans q ms = mkplans ms`` (see :func:`mkplans`), where
    ``premoves :: State -> Move -> [[Move]]`` lists the ways of making move ``m`` legal.

    >>> from pearls.puzzles import graph
    >>> edges = {"a": "b", "b": "c", "c": "d"}
    >>> newplans(graph.puzzle(edges, goal="d"), graph.premoves(edges), "a", ("d",))
    [('b', 'c', 'd')]
    """
    return mkplans(puzzle.moves(q), lambda m: premoves(q, m), ms)


@dataclass(frozen=True)
class Newplans(Generic[S, M]):
    """The chapter's generic ``newplans`` over a puzzle's ``premoves``, as a value
    that says what it is made of, so that a meter can time each premove it asks for
    (:meth:`pearls.limits.Meter.watch_planner`): growing one plan along a long chain
    of premoves is one call, and can take minutes."""

    puzzle: Puzzle[S, M]
    premoves: Premoves[S, M]

    def __call__(self, q: S, ms: Plan[M]) -> list[Plan[M]]:
        """``newplans q ms`` (:func:`newplans`)."""
        return newplans(self.puzzle, self.premoves, q, ms)


def planner(
    puzzle: Puzzle[S, M], goalmoves: Callable[[S], Sequence[M]], premoves: Premoves[S, M]
) -> Planner[S, M]:
    """The planner whose ``newplans`` is the chapter's generic one over ``premoves``
    (:class:`Newplans`)."""
    return Planner(puzzle, goalmoves, Newplans(puzzle, premoves))


def asuccs(planner: Planner[S, M], p: APath[S, M]) -> AFrontier[S, M]:
    """The paths that take the first move of a new plan.

    ``asuccs (ms, q, plan) = [(ms ++ [m], move q m, plan') | m : plan' <- newplans q plan]``

    >>> from pearls.puzzles import graph
    >>> chain = graph.planner({"a": "b", "b": "c", "c": "d"}, goal="d")
    >>> [(path.state, path.plan) for path in asuccs(chain, astart(chain, "a"))]
    [('b', ('c', 'd'))]
    """
    history, q, plan = p
    move = planner.puzzle.move
    return [
        APath(history.cons(ms[0]), move(q, ms[0]), tuple(ms[1:]))
        for ms in planner.newplans(q, plan)
    ]


def bsuccs(planner: Planner[S, M], p: APath[S, M]) -> AFrontier[S, M]:
    """The paths that take any legal move and plan afresh.

    ``bsuccs (ms, q, _) = [(ms ++ [m], q', goalmoves q') | m <- moves q, let q' = move q m]``

    >>> from pearls.puzzles import graph
    >>> fork = graph.planner({"a": "bc", "b": "d", "c": "d"}, goal="d")
    >>> [(path.state, path.plan) for path in bsuccs(fork, astart(fork, "a"))]
    [('b', ('d',)), ('c', ('d',))]
    """
    history, q, _ = p
    puzzle = planner.puzzle
    successors = ((m, puzzle.move(q, m)) for m in puzzle.moves(q))
    return [APath(history.cons(m), r, tuple(planner.goalmoves(r))) for m, r in successors]


def _planned(
    planner: Planner[S, M], links: _Links[S, M], q: S, plan: Plan[M]
) -> list[_Planned[S, M]]:
    """:func:`asuccs` of ``q`` following ``plan``, leaving out the states visited."""
    move = planner.puzzle.move
    return [
        (r, tuple(ms[1:]), (q, ms[0]))
        for ms in planner.newplans(q, plan)
        if (r := move(q, ms[0])) not in links
    ]


def _replanned(planner: Planner[S, M], links: _Links[S, M], q: S) -> list[_Planned[S, M]]:
    """:func:`bsuccs` of ``q``, leaving out the states visited."""
    puzzle, goalmoves = planner.puzzle, planner.goalmoves
    move = puzzle.move
    return [
        (r, tuple(goalmoves(r)), (q, m)) for m in puzzle.moves(q) if (r := move(q, m)) not in links
    ]


def _planned_starts(ps: Iterable[APath[S, M]]) -> list[_Planned[S, M]]:
    """The planned paths ``ps`` as the loops hold them: each a start, no link."""
    return [(p.state, p.plan, None) for p in ps]


def psearch(planner: Planner[S, M], qs: Iterable[S], ps: AFrontier[S, M]) -> list[M] | None:
    """Search guided by plans: planned moves jump the queue, others wait at its end.

    ::

        psearch qs [] = Nothing
        psearch qs (p@(ms, q, plan) : ps)
          | solved q  = Just ms
          | q ∈ qs    = psearch qs ps
          | otherwise = psearch (q : qs) (asuccs p ++ ps ++ bsuccs p)

    Each path on the queue is its state, plan and :data:`Link` (``None`` at a start).

    >>> from pearls.puzzles import graph
    >>> ladder = graph.planner({"a": "bc", "b": "e", "c": "d", "e": "d"}, goal="d")
    >>> psearch(ladder, [], [astart(ladder, "a")])  # the plan to d goes through c
    ['c', 'd']
    >>> bfsearch(ladder.puzzle, [], [start("a")])
    ['c', 'd']
    """
    solved = planner.puzzle.solved
    links: _Links[S, M] = _visited(qs, solved)
    roots = _roots(ps)
    queue = deque(_planned_starts(ps))
    while queue:
        q, plan, link = queue.popleft()
        if q in links:
            continue
        if solved(q):
            return _moves(links, roots, q, link)
        links[q] = link
        queue.extendleft(reversed(_planned(planner, links, q, plan)))
        queue.extend(_replanned(planner, links, q))
    return None


def psearch_(
    planner: Planner[S, M], qs: Iterable[S], rs: AFrontier[S, M], ps: AFrontier[S, M]
) -> list[M] | None:
    """Planned search with an accumulator: planned moves go first, fresh plans wait for
    the next round.

    ::

        psearch' qs [] [] = Nothing
        psearch' qs rs [] = psearch' qs [] rs
        psearch' qs rs (p@(ms, q, plan) : ps)
          | solved q  = Just (reverse ms)
          | q ∈ qs    = psearch' qs rs ps
          | otherwise = psearch' (q : qs) (bsuccs p ++ rs) (asuccs p ++ ps)

    >>> from pearls.puzzles import graph
    >>> ring = graph.planner({0: [1, 5], 1: [2], 2: [3], 5: [4], 4: [3]}, goal=3)
    >>> psearch_(ring, [], [], [astart(ring, 0)])
    [1, 2, 3]
    >>> psearch_(ring, [1], [], [astart(ring, 0)])  # 1 marked visited: the other way
    [5, 4, 3]
    """
    solved = planner.puzzle.solved
    links: _Links[S, M] = _visited(qs, solved)
    roots = _roots(ps, rs)
    later = _planned_starts(reversed(rs))
    now = _planned_starts(reversed(ps))
    while now or later:
        if not now:
            now, later = later, now
        q, plan, link = now.pop()
        if q in links:
            continue
        if solved(q):
            return _moves(links, roots, q, link)
        links[q] = link
        later.extend(reversed(_replanned(planner, links, q)))
        now.extend(reversed(_planned(planner, links, q, plan)))
    return None


def psolve(planner: Planner[S, M], q: S) -> list[M] | None:
    """A solution from ``q`` found by planning, or ``None`` if none exists.

    ``psolve q = psearch' [] [] [([], q, goalmoves q)]``

    >>> from pearls.puzzles import graph
    >>> psolve(graph.planner({1: [2, 3], 2: [4], 3: [5], 5: [4]}, goal=4), 1)
    [2, 4]
    """
    return psearch_(planner, [], [], [astart(planner, q)])
