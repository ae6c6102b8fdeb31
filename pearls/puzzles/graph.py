"""Any finite directed graph as a puzzle: the states are its nodes, a move names the
node to step to, and one node is the goal.

It is the smallest honest instance of the chapter's model, so the docstrings of
:mod:`pearls.search` use it, and the tests check the combinators on random graphs.
Planning works backwards: to step onto a node, first stand on one of its predecessors.
The chapter's ``newplans`` then lists every simple path into the goal, at every state the
search visits, so planning on a dense graph takes time exponential in its size (on a
complete graph of 10 nodes, seconds): plan on sparse graphs, search the others.

>>> from pearls.search import bfsolve
>>> bfsolve(puzzle({"home": ["shop", "park"], "park": ["pond"], "shop": []}, goal="pond"), "home")
['park', 'pond']

On the command line (``pearls solve graph``) a graph is text: a start, a goal and
edges, by line or separated by ``;``, or the same as a JSON object::

    start home; goal pond; home -> shop park; park -> pond
    {"start": "home", "goal": "pond", "edges": {"home": ["shop", "park"], "park": ["pond"]}}

There a move is said as the step it takes, ``{"from": "home", "to": "park"}`` in JSON;
the search itself is the chapter's, over the nodes.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import TypeAlias, TypeVar

from pearls import methods
from pearls.description import NO_SETTINGS, Description, Problem, Settings
from pearls.errors import BoardError
from pearls.search import planner as generic_planner
from pearls.textform import is_string_list, quoted, read_json, visible
from pearls.types import Path, Plan, Planner, Puzzle

__all__ = [
    "DESCRIPTION",
    "Edges",
    "Graph",
    "goalmoves",
    "parse",
    "planner",
    "premoves",
    "problem",
    "puzzle",
    "show",
    "undoes",
]

N = TypeVar("N", bound=Hashable)  # a node, e.g. "home"

Edges = Mapping[N, Iterable[N]]  # successors of each node, e.g. {"home": ["shop", "park"]}
Graph: TypeAlias = tuple[str, str, dict[str, tuple[str, ...]]]  # start, goal, edges
# e.g. ("a", "b", {"a": ("b",)})


def _frozen(edges: Edges[N]) -> dict[N, tuple[N, ...]]:
    """Each node's successors, read once into a tuple."""
    return {q: tuple(rs) for q, rs in edges.items()}


# The puzzle


def puzzle(edges: Edges[N], goal: N) -> Puzzle[N, N]:
    """The graph as a puzzle: ``moves q`` are the successors of ``q``, ``move q r = r``."""
    successors = _frozen(edges)
    return Puzzle(
        moves=lambda q: successors.get(q, ()),
        move=lambda q, r: r,
        solved=lambda q: q == goal,
    )


# The planner


def premoves(edges: Edges[N]) -> Callable[[N, N], list[tuple[N]]]:
    """``premoves q r``: to step onto ``r``, first step onto one of its predecessors.

    >>> premoves({"a": "c", "b": "c"})("a", "c")
    [('a',), ('b',)]
    """
    predecessors: dict[N, list[tuple[N]]] = {}
    for q, rs in _frozen(edges).items():
        for r in rs:
            predecessors.setdefault(r, []).append((q,))
    return lambda q, r: predecessors.get(r, [])


def goalmoves(goal: N) -> Callable[[N], Plan[N]]:
    """The plan "step onto the goal", empty once there."""
    return lambda q: () if q == goal else (goal,)


def planner(edges: Edges[N], goal: N) -> Planner[N, N]:
    """The graph with the chapter's generic ``newplans`` over :func:`premoves`."""
    return generic_planner(puzzle(edges, goal), goalmoves(goal), premoves(edges))


# The prune


def undoes(p: Path[N, N], m: N, start: N) -> bool:
    """Whether stepping onto ``m`` goes straight back to the node the path just left
    (``start`` before any move): never part of a shortest path.

    >>> from pearls.types import start
    >>> undoes(start("a"), "a", "a"), undoes(start("a"), "b", "a")
    (True, False)
    """
    left = p.history.rest.first if len(p.history) > 1 else start
    return m == left


# The text form


def parse(text: str) -> Graph:
    """A graph's start, goal and edges from its text or JSON form; a character no one
    can see (a zero-width or bidirectional mark) is refused
    (:func:`~pearls.textform.visible`).

    >>> parse("start a; goal c; a -> b c; b -> c")
    ('a', 'c', {'a': ('b', 'c'), 'b': ('c',)})
    >>> parse('{"start": "a", "goal": "c", "edges": {"a": ["b", "c"]}}')
    ('a', 'c', {'a': ('b', 'c')})
    >>> parse("start a; a -> b")
    Traceback (most recent call last):
    ...
    pearls.errors.BoardError: no goal: write 'goal NODE'
    >>> parse("start a; goal z; a -> b")
    Traceback (most recent call last):
    ...
    pearls.errors.BoardError: the goal 'z' is no node: it is not the start, and no edge names it
    """
    is_json = visible(text).lstrip().startswith("{")
    start, goal, edges = _from_json(text) if is_json else _from_lines(text)
    if start is None:
        raise BoardError("no start: write 'start NODE'")
    if goal is None:
        raise BoardError("no goal: write 'goal NODE'")
    if goal != start and goal not in edges and all(goal not in rs for rs in edges.values()):
        why = "it is not the start, and no edge names it"
        raise BoardError(f"the goal {quoted(goal)} is no node: {why}")
    return start, goal, edges


def _from_lines(text: str) -> tuple[str | None, str | None, dict[str, tuple[str, ...]]]:
    """The start, goal and edges of the text form, in one pass: a node's successors
    may be split over several parts, and are gathered in order, each once."""
    start = goal = None
    edges: dict[str, list[str]] = {}
    for n, line in enumerate(text.replace(";", "\n").splitlines(), start=1):
        words = line.split()
        if not words:
            continue
        if words[0] in ("start", "goal") and len(words) == 2 and words[1] != "->":
            start, goal = (words[1], goal) if words[0] == "start" else (start, words[1])
        elif len(words) >= 2 and words[1] == "->" and "->" not in words[2:]:
            edges.setdefault(words[0], []).extend(words[2:])
        else:
            raise BoardError(
                f"part {n} {line.strip()[:40]!r} is none of 'start NODE', 'goal NODE', "
                "'NODE -> NODE ...'"
            )
    return start, goal, {q: tuple(dict.fromkeys(rs)) for q, rs in edges.items()}


def _from_json(text: str) -> tuple[str | None, str | None, dict[str, tuple[str, ...]]]:
    """The start, goal and edges of the JSON form."""
    obj = read_json(text)
    shape = 'a JSON graph is {"start": NODE, "goal": NODE, "edges": {NODE: [NODE, ...]}}'
    if not isinstance(obj, dict) or set(obj) - {"start", "goal", "edges"}:
        raise BoardError(shape)
    start, goal, edges = obj.get("start"), obj.get("goal"), obj.get("edges", {})
    if not (
        isinstance(start, str | None) and isinstance(goal, str | None) and isinstance(edges, dict)
    ):
        raise BoardError(shape)
    listed = {q: rs for q, rs in edges.items() if is_string_list(rs)}
    if len(listed) < len(edges):
        raise BoardError(shape)
    return start, goal, {q: tuple(dict.fromkeys(rs)) for q, rs in listed.items()}


def show(g: Graph) -> str:
    """The text form of a graph, which :func:`parse` reads back.

    >>> show(("a", "c", {"a": ("b", "c")}))
    'start a; goal c; a -> b c'
    """
    start, goal, edges = g
    return "; ".join(
        [f"start {start}", f"goal {goal}"] + [f"{q} -> {' '.join(rs)}" for q, rs in edges.items()]
    )


# The graph described for the command line


def problem(text: str, settings: Settings = NO_SETTINGS) -> Problem[str, str]:
    """The problem a graph's text describes: from its start to its goal (a graph takes
    no settings); a move is said as the step it takes, from one node to the next."""
    start, goal, edges = parse(text)
    graph = puzzle(edges, goal)
    return Problem(
        puzzle=graph,
        start=start,
        methods=methods.chapter(graph, planner(edges, goal), lambda p, m: undoes(p, m, start)),
        show=str,
        state_json=str,
        move_json=lambda q, r: {"from": q, "to": r},
        words=lambda q, r: f"from {q} to {r}",
        notation=lambda q, r: r,
    )


DESCRIPTION: Description = Description(
    name="graph",
    title="A directed graph: from the start, reach the goal",
    text_form="A start, a goal and the edges, one per line or separated by ';': "
    "'start a; goal d; a -> b c; b -> d' (a move steps along an edge), or the same as JSON: "
    '{"start": "a", "goal": "d", "edges": {"a": ["b", "c"], "b": ["d"]}}.',
    parse=problem,
    examples={
        "ladder": "start a; goal d; a -> b c; b -> d; c -> e; e -> d",
        "ring": "start 0; goal 3; 0 -> 1 5; 1 -> 2 0; 2 -> 3 1; 3 -> 4 2; 4 -> 5 3; 5 -> 0 4",
        "island": "start a; goal z; a -> b; b -> a; z -> a",
    },
    unsolvable=frozenset({"island"}),
)
