"""The chapter's search combinators, one function per group of equations.

Every function is generic in the state ``S`` and the move ``M`` and takes the puzzle
(or planner) first, data last.  Each Haskell equation group becomes one loop: Bird's
tail calls are iterations of a ``while``, so no search is bounded by Python's recursion
limit.  Five liberties, none visible in the results (the same solutions, after
expanding the same states):

* **visited states** ``qs`` (``q ∈ qs``) are a ``dict``, filled inside the loop: O(1)
  membership; the caller's states are copied, never changed;
* **a frontier** is a ``list`` holding Bird's list reversed (its head at the end), so
  taking the head and consing successors cost O(1); a ``deque`` serves where an
  equation appends at the far end (``ps ++ succs p``);
* **a path** is a flat node, ``(state, move, parent's state)``, and the visited
  ``dict`` maps each expanded state to its node; the moves are read off the parents
  once, on success (Bird's ``reverse ms``);
* **a successor already expanded** never joins the frontier: the equations would
  drop it unexpanded at ``q ∈ qs``; a state the caller marked visited is still an
  answer when solved, as the equations say;
* **``bfsearch'`` builds whole levels**, each state listed once, expanded and listed
  in the equations' order (its docstring shows why).

The order of exploration is exactly the equations' (a tracer, :mod:`pearls.tracing`,
shows it), and where a puzzle has several shortest (or planned) solutions, the one
Bird's code finds comes out.
``docs/performance.md`` measures what each liberty saves, and why flat nodes matter to
Python's garbage collector.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TypeAlias

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

Premoves = Callable[
    [S, M], Iterable[Sequence[M]]
]  # rushhour.premoves(g1, (0, 19)): [[(6, 5)], ...]

# A path inside a loop: (state, move, parent's state), or (state, history) at a start.
_Node: TypeAlias = "tuple[S, M, S] | tuple[S, History[M]]"
# A planned path: (state, plan, move, parent's state), or (state, plan, history).
_ANode: TypeAlias = "tuple[S, Plan[M], M, S] | tuple[S, Plan[M], History[M]]"
# The node each state was expanded from (listed by, in bfsearch'), keyed by the state;
# None for the states the caller marked as visited.  Its keys are the visited set.
_Links: TypeAlias = "dict[S, _Node[S, M] | None]"
_ALinks: TypeAlias = "dict[S, _ANode[S, M] | None]"


def _root(p: Path[S, M]) -> _Node[S, M]:
    """The node of a path given to a search."""
    return (p.state, p.history)


def _aroot(p: APath[S, M]) -> _ANode[S, M]:
    """The node of a planned path given to a search."""
    return (p.state, p.plan, p.history)


def _visited(qs: Iterable[S], solved: Callable[[S], bool]) -> Iterator[S]:
    """The caller's visited states that a search must skip.  A solved one is left out:
    the equations test ``solved q`` before ``q ∈ qs``, so it is still an answer."""
    return (q for q in qs if not solved(q))


def _moves(links: _Links[S, M], node: _Node[S, M]) -> list[M]:
    """The moves from the start to ``node``, first move first: Bird's ``reverse ms``."""
    newest: list[M] = []
    while len(node) == 3:
        _, m, parent = node
        newest.append(m)
        link = links[parent]
        assert link is not None, "a caller's visited state is never expanded"
        node = link
    _, history = node
    return [*reversed(history), *reversed(newest)]


def _amoves(links: _ALinks[S, M], node: _ANode[S, M]) -> list[M]:
    """The moves from the start to a planned ``node``, first move first."""
    newest: list[M] = []
    while len(node) == 4:
        _, _, m, parent = node
        newest.append(m)
        link = links[parent]
        assert link is not None, "a caller's visited state is never expanded"
        node = link
    _, _, history = node
    return [*reversed(history), *reversed(newest)]


def succs(puzzle: Puzzle[S, M], p: Path[S, M]) -> Frontier[S, M]:
    """The paths one move longer than ``p``.

    ``succs (ms, q) = [(ms ++ [m], move q m) | m <- moves q]``

    The searches below render this inline, on their own nodes.

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

    >>> from pearls.puzzles import graph
    >>> ladder = graph.puzzle({"a": "bc", "b": "d", "c": "e", "e": "d"}, goal="d")
    >>> bfsearch(ladder, [], [start("a")])
    ['b', 'd']
    """
    moves, move, solved = puzzle.moves, puzzle.move, puzzle.solved
    links: _Links[S, M] = dict.fromkeys(_visited(qs, solved))
    queue = deque(map(_root, ps))
    push = queue.append
    while queue:
        node = queue.popleft()
        q = node[0]
        if q in links:
            continue
        if solved(q):
            return _moves(links, node)
        links[q] = node
        for m in moves(q):
            r = move(q, m)
            if r not in links:
                push((r, m, q))
    return None


def bfsearch_(
    puzzle: Puzzle[S, M], qs: Iterable[S], rs: Frontier[S, M], ps: Frontier[S, M]
) -> list[M] | None:
    """Breadth-first search with an accumulator ``rs`` for the next level: the
    chapter's final form, which lists alternate levels right to left, still finding a
    shortest solution.

    ::

        bfsearch' qs [] [] = Nothing
        bfsearch' qs rs [] = bfsearch' qs [] rs
        bfsearch' qs rs (p@(ms, q) : ps)
          | solved q  = Just ms
          | q ∈ qs    = bfsearch' qs rs ps
          | otherwise = bfsearch' (q : qs) (succs p ++ rs) ps

    The loop builds one level at a time.  It expands a level ``p1, ..., pn`` in that
    order, as the equations do; they gather ``succs pn ++ ... ++ succs p1 ++ rs`` and
    then expand, in that order, the first entry of each state that no earlier level
    holds.  So the loop lists the successors last state first, each the first time its
    state appears, and the next level comes out as exactly the states the equations
    will expand, in their order, each linked to its parent (a state is marked when
    listed, as in a hand-written breadth-first search, and waits on no frontier
    twice).  A solved state is caught as it is listed, once its level is expanded;
    the equations reach it after expanding the states listed ahead of it, and so does
    the loop, so the answer and the expansions, in their order, are theirs.

    >>> from pearls.puzzles import graph
    >>> ladder = graph.puzzle({"a": "bc", "b": "d", "c": "e", "e": "d"}, goal="d")
    >>> bfsearch_(ladder, [], [], [start("a")])
    ['b', 'd']
    """
    solved = puzzle.solved
    links: _Links[S, M] = dict.fromkeys(_visited(qs, solved))
    level: list[S] = []
    goal = _listed(map(_root, ps), solved, links, level)
    waiting = [_root(p) for p in rs]  # Bird's rs: the end of the second level
    while goal is None and (level or waiting):
        listed: list[S] = []
        goal = _next_level(puzzle, links, level, listed) or _listed(waiting, solved, links, listed)
        waiting = []
        level = listed
    if goal is None:
        return None
    _expand(puzzle.moves, level)
    return _moves(links, goal)


def _listed(
    nodes: Iterable[_Node[S, M]], solved: Callable[[S], bool], links: _Links[S, M], level: list[S]
) -> _Node[S, M] | None:
    """Add to ``level`` the states of ``nodes`` that no level holds yet, in order; the
    first solved one, if any, ends the listing instead."""
    for node in nodes:
        q = node[0]
        if q not in links:
            links[q] = node
            if solved(q):
                return node
            level.append(q)
    return None


def _next_level(
    puzzle: Puzzle[S, M], links: _Links[S, M], level: list[S], listed: list[S]
) -> _Node[S, M] | None:
    """Expand ``level`` in order, as the equations do, and list in ``listed`` the states
    one move beyond it that no level holds yet, in the order of Bird's accumulator
    (``succs pn ++ ... ++ succs p1``: the level's last path first), each linked to its
    parent; the first solved one, if any, ends the listing instead."""
    moves, move, solved = puzzle.moves, puzzle.move, puzzle.solved
    expanded = list(map(moves, level))
    push = listed.append
    for q, ms in zip(reversed(level), reversed(expanded), strict=True):
        for m in ms:
            r = move(q, m)
            if r not in links:
                node = links[r] = (r, m, q)
                if solved(r):
                    return node
                push(r)
    return None


def _expand(moves: Callable[[S], Sequence[M]], states: Iterable[S]) -> None:
    """Expand states whose successors the answer does not need, as the equations do
    before they reach it: every count and limit on expansions (a
    :class:`~pearls.limits.Meter`'s) then agrees with theirs."""
    for q in states:
        moves(q)


def bfsolve(puzzle: Puzzle[S, M], q: S) -> list[M] | None:
    """A shortest solution from ``q``, or ``None`` if no solution exists.

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
    return bfsearch_(puzzle, [], [], [start(q)])


def dfsearch(puzzle: Puzzle[S, M], qs: Iterable[S], ps: Frontier[S, M]) -> list[M] | None:
    """Depth-first search, the frontier a stack: ``bfsearch`` with one change.

    ::

        dfsearch qs [] = Nothing
        dfsearch qs (p@(ms, q) : ps)
          | solved q  = Just ms
          | q ∈ qs    = dfsearch qs ps
          | otherwise = dfsearch (q : qs) (succs p ++ ps)

    >>> from pearls.puzzles import graph
    >>> ladder = graph.puzzle({"a": "bc", "b": "c", "c": "d"}, goal="d")
    >>> dfsearch(ladder, [], [start("a")])
    ['b', 'c', 'd']
    """
    moves, move, solved = puzzle.moves, puzzle.move, puzzle.solved
    links: _Links[S, M] = dict.fromkeys(_visited(qs, solved))
    stack = [_root(p) for p in reversed(ps)]
    push = stack.append
    while stack:
        node = stack.pop()
        q = node[0]
        if q in links:
            continue
        if solved(q):
            return _moves(links, node)
        links[q] = node
        for m in reversed(moves(q)):
            r = move(q, m)
            if r not in links:
                push((r, m, q))
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


def planner(
    puzzle: Puzzle[S, M], goalmoves: Callable[[S], Sequence[M]], premoves: Premoves[S, M]
) -> Planner[S, M]:
    """The planner whose ``newplans`` is the chapter's generic one over ``premoves``
    (kept beside it, so that a meter can time the planning's steps)."""
    return Planner(puzzle, goalmoves, lambda q, ms: newplans(puzzle, premoves, q, ms), premoves)


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


def _planned(planner: Planner[S, M], seen: _ALinks[S, M], node: _ANode[S, M]) -> list[_ANode[S, M]]:
    """:func:`asuccs` on a node, leaving out the states already expanded."""
    q, plan, move = node[0], node[1], planner.puzzle.move
    return [
        (r, tuple(ms[1:]), ms[0], q)
        for ms in planner.newplans(q, plan)
        if (r := move(q, ms[0])) not in seen
    ]


def _replanned(
    planner: Planner[S, M], seen: _ALinks[S, M], node: _ANode[S, M]
) -> list[_ANode[S, M]]:
    """:func:`bsuccs` on a node, leaving out the states already expanded."""
    q, puzzle, goalmoves = node[0], planner.puzzle, planner.goalmoves
    moves, move = puzzle.moves, puzzle.move
    return [(r, tuple(goalmoves(r)), m, q) for m in moves(q) if (r := move(q, m)) not in seen]


def psearch(planner: Planner[S, M], qs: Iterable[S], ps: AFrontier[S, M]) -> list[M] | None:
    """Search guided by plans: planned moves jump the queue, others wait at its end.

    ::

        psearch qs [] = Nothing
        psearch qs (p@(ms, q, plan) : ps)
          | solved q  = Just ms
          | q ∈ qs    = psearch qs ps
          | otherwise = psearch (q : qs) (asuccs p ++ ps ++ bsuccs p)

    >>> from pearls.puzzles import graph
    >>> ladder = graph.planner({"a": "bc", "b": "e", "c": "d", "e": "d"}, goal="d")
    >>> psearch(ladder, [], [astart(ladder, "a")])  # the plan to d goes through c
    ['c', 'd']
    >>> bfsearch(ladder.puzzle, [], [start("a")])
    ['c', 'd']
    """
    solved = planner.puzzle.solved
    links: _ALinks[S, M] = dict.fromkeys(_visited(qs, solved))
    queue = deque(map(_aroot, ps))
    while queue:
        node = queue.popleft()
        q = node[0]
        if q in links:
            continue
        if solved(q):
            return _amoves(links, node)
        links[q] = node
        queue.extendleft(reversed(_planned(planner, links, node)))
        queue.extend(_replanned(planner, links, node))
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
    links: _ALinks[S, M] = dict.fromkeys(_visited(qs, solved))
    later = [_aroot(p) for p in reversed(rs)]
    now = [_aroot(p) for p in reversed(ps)]
    while True:
        if not now:
            if not later:
                return None
            now, later = later, now
        node = now.pop()
        q = node[0]
        if q in links:
            continue
        if solved(q):
            return _amoves(links, node)
        links[q] = node
        later.extend(reversed(_replanned(planner, links, node)))
        now.extend(reversed(_planned(planner, links, node)))


def psolve(planner: Planner[S, M], q: S) -> list[M] | None:
    """A solution from ``q`` found by planning, or ``None`` if none exists.

    ``psolve q = psearch' [] [] [([], q, goalmoves q)]``

    >>> from pearls.puzzles import graph
    >>> psolve(graph.planner({1: [2, 3], 2: [4], 3: [5], 5: [4]}, goal=4), 1)
    [2, 4]
    """
    return psearch_(planner, [], [], [astart(planner, q)])
