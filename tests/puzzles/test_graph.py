"""A directed graph as a puzzle: the instance the combinators are tested on."""

from __future__ import annotations

import copy
import json
from collections.abc import Hashable
from itertools import pairwise
from typing import TypeAlias, TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pyrsistent import plist

from pearls import methods
from pearls.errors import BoardError, LimitReached, OptionError
from pearls.limits import Meter
from pearls.puzzles import graph
from pearls.search import bfsolve, dfsolve, psolve
from pearls.types import Path, Planner, Puzzle

S = TypeVar("S", bound=Hashable)
M = TypeVar("M")

Node = int
Edges = dict[Node, list[Node]]

STATES = 100  # expansions allowed one search of these small graphs before LimitReached


def bounded(puzzle: Puzzle[S, M]) -> Puzzle[S, M]:
    """The puzzle, its searches cut short with LimitReached past ``STATES`` expansions."""
    return Meter(max_states=STATES).watch(puzzle)


def bounded_planner(planner: Planner[S, M]) -> Planner[S, M]:
    """The planner, its searches cut short with LimitReached past ``STATES`` expansions."""
    return Meter(max_states=STATES).watch_planner(planner)


@st.composite
def graphs(draw: st.DrawFn, max_nodes: int = 9) -> tuple[Edges, Node, Node]:
    """A graph on nodes ``0..n-1`` without repeated edges, a node, and a goal."""
    n = draw(st.integers(1, max_nodes))
    node = st.integers(0, n - 1)
    edges = {q: draw(st.lists(node, max_size=3, unique=True)) for q in range(n)}
    return edges, draw(node), draw(node)


def test_moves_are_the_successors_in_order() -> None:
    puzzle = graph.puzzle({"a": ["c", "b"], "b": []}, goal="c")
    assert list(puzzle.moves("a")) == ["c", "b"]
    assert list(puzzle.moves("b")) == []
    assert list(puzzle.moves("z")) == []  # a node without an entry is a dead end
    assert puzzle.move("a", "b") == "b"
    assert puzzle.solved("c")
    assert not puzzle.solved("a")


def test_successors_may_be_any_iterable() -> None:
    puzzle = graph.puzzle({"a": "bc", "b": iter("c")}, goal="c")
    assert list(puzzle.moves("a")) == ["b", "c"]
    assert list(puzzle.moves("b")) == ["c"]
    assert list(puzzle.moves("b")) == ["c"]  # read once, kept: not an exhausted iterator
    assert bfsolve(bounded(puzzle), "a") == ["c"]


def test_a_puzzle_keeps_its_own_copy_of_the_edges() -> None:
    edges = {0: [1], 1: [2]}
    puzzle = bounded(graph.puzzle(edges, goal=2))
    planner = bounded_planner(graph.planner(edges, goal=2))
    edges[0].append(2)
    edges[1].clear()
    assert list(puzzle.moves(0)) == [1]
    assert bfsolve(puzzle, 0) == [1, 2]
    assert psolve(planner, 0) == [1, 2]


def test_premoves_are_the_predecessors_in_edge_order() -> None:
    premoves = graph.premoves({"b": "cd", "a": "c", "c": "c"})
    assert premoves("x", "c") == [("b",), ("a",), ("c",)]
    assert premoves("b", "c") == premoves("x", "c")  # the state does not matter
    assert premoves("x", "d") == [("b",)]
    assert premoves("x", "a") == []
    assert premoves("x", "nowhere") == []


def test_goalmoves_step_onto_the_goal_until_there() -> None:
    goalmoves = graph.goalmoves("g")
    assert goalmoves("a") == ("g",)
    assert goalmoves("g") == ()


def test_the_module_example() -> None:
    edges = {"home": ["shop", "park"], "park": ["pond"], "shop": []}
    puzzle = bounded(graph.puzzle(edges, goal="pond"))
    assert bfsolve(puzzle, "home") == ["park", "pond"]
    assert dfsolve(puzzle, "home") == ["park", "pond"]
    assert psolve(bounded_planner(graph.planner(edges, goal="pond")), "home") == ["park", "pond"]
    assert psolve(bounded_planner(graph.planner(edges, goal="home")), "park") is None


def simple_walks(edges: Edges, q: Node, goal: Node) -> list[tuple[Node, ...]]:
    """Every walk n1 .. nk = goal without repeated nodes such that n1 is a successor of q
    and no later node is: what planning backwards from the goal can find, in the order it
    finds them (a walk's first node's predecessors in the order of the edge lists)."""
    legal = edges.get(q, [])

    def grow(walk: tuple[Node, ...]) -> list[tuple[Node, ...]]:
        if walk[0] in legal:
            return [walk]
        before = [p for p, rs in edges.items() if walk[0] in rs and p not in walk]
        return [found for p in before for found in grow((p, *walk))]

    return grow((goal,))


@settings(max_examples=3 * settings().max_examples)  # milliseconds an example
@given(graphs())
def test_plans_are_the_simple_walks_to_the_goal(case: tuple[Edges, Node, Node]) -> None:
    edges, q, goal = case
    before = copy.deepcopy(edges)
    planner = graph.planner(edges, goal)
    plans = list(planner.newplans(q, (goal,)))
    assert plans == simple_walks(edges, q, goal)
    for plan in plans:
        assert all(b in edges[a] for a, b in pairwise(plan))
    assert planner.goalmoves(q) == (() if q == goal else (goal,))
    assert list(planner.puzzle.moves(q)) == edges[q]
    assert edges == before


def test_deepening_round_a_cycle_out_of_reach_ends_only_at_a_limit() -> None:
    """Undo-pruning forbids a -> b -> a, not a -> b -> c -> a: every round cuts off."""
    text = "start a; goal z; a -> b; b -> c; c -> a; z -> a"
    assert graph.DESCRIPTION.solve("bfs", text, limited()).moves is None
    with pytest.raises(LimitReached) as caught:
        graph.DESCRIPTION.solve("iddfs", text, Meter(max_states=1_000))
    assert caught.value.expanded == 1_000


def test_a_method_the_puzzle_lacks_is_refused() -> None:
    with pytest.raises(OptionError, match="no method 'astar' for this problem: it offers bfs"):
        graph.DESCRIPTION.solve("astar", "start a; goal b; a -> b", limited())


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "no start"),
        ("goal b; a -> b", "no start"),
        ("start a; a -> b", "no goal"),
        (
            "start a; goal z; a -> b",
            "^the goal 'z' is no node: it is not the start, and no edge names it$",
        ),
        ("start a; goal b; a b", "part 3"),
        ("start a; goal b\na -> b -> c", "part 3"),
        ("start a b; goal b", "part 1"),
        ("start; goal b", "part 1"),
        ("[1, 2]", "part 1"),
        ("{", "not JSON"),
        ('{"start": "a", "goal": "b",}', "not JSON"),
        ('{"start": 1, "goal": "b"}', "JSON graph"),
        ('{"start": "a", "goal": "b", "edges": {"a": "b"}}', "JSON graph"),
        ('{"start": "a", "goal": "b", "edges": {"a": [1]}}', "JSON graph"),
        ('{"start": "a", "goal": "b", "edges": ["a"]}', "JSON graph"),
        ('{"start": "a", "goal": "b", "nodes": []}', "JSON graph"),
        ('{"start": "a"}', "no goal"),
        ('{"goal": "a", "edges": {}}', "no start"),
        ('{"start": "a", "goal": ' + "1" * 5000 + "}", "a number of more than 4,300 digits"),
        ('{"edges": ' * 200_000, "nested too deep"),
        ('{"start": "a", "goal": "b", "edges": {"a": ' + "[" * 200_000, "nested too deep"),
        ("start a; goal b; " + "x" * 100_000, "part 3 '" + "x" * 40 + "' is none of"),
        ("start a\u200b; goal b; a -> b", "U\\+200B ZERO WIDTH SPACE, which cannot be seen"),
        ("\ufeffstart a; goal b; a -> b", "U\\+FEFF"),
    ],
)
def test_a_bad_graph_is_a_board_error(text: str, says: str) -> None:
    with pytest.raises(BoardError, match=says) as caught:
        graph.parse(text)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 200
    with pytest.raises(BoardError, match=says):
        graph.DESCRIPTION.solve("bfs", text, limited())


def test_parsing_is_linear_in_the_text() -> None:
    """One node's successors over 100,000 parts: once quadratic (40,000 took 12.7 s),
    now a fraction of a second (the bound leaves room for a busy machine)."""
    text = "start a; goal z\nz -> a\n" + "\n".join(f"a -> n{i}" for i in range(100_000))
    meter = Meter()
    start, goal, edges = graph.parse(text)
    assert (start, goal, len(edges["a"])) == ("a", "z", 100_000)
    assert meter.seconds < 10


def test_repeated_edges_are_one_move() -> None:
    assert graph.parse("start a; goal b; a -> b c b; a -> c")[2] == {"a": ("b", "c")}


def test_moves_are_said_as_steps() -> None:
    solution = graph.DESCRIPTION.solve("bfs", "start a; goal c; a -> b; b -> c", limited())
    assert solution.moves == ({"from": "a", "to": "b"}, {"from": "b", "to": "c"})
    assert (solution.words, solution.notation) == (("from a to b", "from b to c"), ("b", "c"))
    assert solution.states == ("a", "b", "c")


@pytest.mark.parametrize("method", ["bfs", "plan", "dfs", "iddfs"])
def test_every_method_says_its_moves_as_steps(method: str) -> None:
    solution = graph.DESCRIPTION.solve(method, graph.DESCRIPTION.examples["ring"])
    assert solution.moves is not None
    nodes = solution.states
    assert list(solution.moves) == [{"from": q, "to": r} for q, r in pairwise(nodes)]
    assert solution.words == tuple(f"from {q} to {r}" for q, r in pairwise(nodes))


NAMES = st.sampled_from(["a", "b", "c", "home", "park", "n1", "n2"])
Graph: TypeAlias = graph.Graph


@st.composite
def text_graphs(draw: st.DrawFn) -> Graph:
    successors = st.lists(NAMES, max_size=3, unique=True).map(tuple)
    edges = draw(st.dictionaries(NAMES, successors, max_size=6))
    start = draw(NAMES)
    nodes = sorted({start, *edges, *(r for rs in edges.values() for r in rs)})
    return start, draw(st.sampled_from(nodes)), edges


@st.composite
def texts(draw: st.DrawFn, g: Graph) -> str:
    """The text form of ``g`` written freely: ';' or new lines between parts, spaces around
    words, start and goal anywhere, a node's successors possibly split over two parts."""
    start, goal, edges = g
    parts = []
    for q, rs in edges.items():
        cut = draw(st.integers(0, len(rs)))
        parts.append(f"{q} -> {' '.join(rs[:cut])}")
        if cut < len(rs):
            parts.append(f" {q}  ->\t{' '.join(rs[cut:])} ")
    for line in (f"start {start}", f"goal  {goal}"):
        parts.insert(draw(st.integers(0, len(parts))), line)
    seps = [draw(st.sampled_from([";", "\n", " ; ", ";\n", "\r\n"])) for _ in parts]
    return "".join(part + sep for part, sep in zip(parts, seps, strict=True))


@given(st.data())
def test_text_and_json_describe_the_same_graph(data: st.DataObject) -> None:
    g = data.draw(text_graphs())
    start, goal, edges = g
    text = data.draw(texts(g))
    as_json = json.dumps(
        {"start": start, "goal": goal, "edges": {q: list(rs) for q, rs in edges.items()}}
    )
    assert graph.parse(text) == graph.parse(as_json) == g
    by_text = graph.DESCRIPTION.solve("bfs", text, limited())
    by_json = graph.DESCRIPTION.solve("bfs", as_json, limited())
    assert (by_text.moves, by_text.states) == (by_json.moves, by_json.states)


@given(text_graphs())
def test_show_reads_back(g: Graph) -> None:
    assert graph.parse(graph.show(g)) == g


def test_a_node_named_start_without_successors_reads_back() -> None:
    g: Graph = ("a", "start", {"a": ("start",), "start": ()})
    assert graph.parse(graph.show(g)) == g


def limited() -> Meter:
    """A meter far above what any honest search here needs."""
    return Meter(max_states=100_000, timeout=30)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("goal c; a -> c", "no start: write 'start NODE'"),
        ("start a; a -> b", "no goal: write 'goal NODE'"),
        (
            "start a; goal b; a -> -> b",
            "part 3 'a -> -> b' is none of 'start NODE', 'goal NODE', 'NODE -> NODE ...'",
        ),
        (
            '{"start": "a", "goal": 2}',
            'a JSON graph is {"start": NODE, "goal": NODE, "edges": {NODE: [NODE, ...]}}',
        ),
    ],
)
def test_a_bad_graph_is_told_how_to_write_one(text: str, says: str) -> None:
    """Each error names what is missing or wrong and shows the form to write, in the
    form's own placeholders (NODE); an arrow is never a node."""
    with pytest.raises(BoardError) as caught:
        graph.parse(text)
    assert str(caught.value) == says


def test_json_may_follow_blank_space() -> None:
    """A JSON graph is known by its first character after any blank space."""
    text = '{"start": "a", "goal": "b", "edges": {"a": ["b"]}}'
    assert graph.parse(" \n\t" + text) == graph.parse(text) == ("a", "b", {"a": ("b",)})


def test_undoes_names_the_node_the_path_just_left() -> None:
    """After a -> b -> c, stepping to b goes straight back; to a or d does not.  After
    one step, the node left is the start."""
    two_steps: Path[str, str] = Path(plist(["c", "b"]), "c")
    assert [graph.undoes(two_steps, m, "a") for m in "abd"] == [False, True, False]
    one_step: Path[str, str] = Path(plist(["b"]), "b")
    assert [graph.undoes(one_step, m, "a") for m in "abd"] == [True, False, False]


def test_deepening_prunes_the_step_straight_back() -> None:
    """On a path of two-way edges, iterative deepening that may not step straight back
    expands fewer states than deepening that may, and finds the same shortest path."""
    text = "start a; goal e; a -> b; b -> a c; c -> b d; d -> c e"
    problem = graph.problem(text)
    pruned, plain = Meter(), Meter()
    found = problem.methods["iddfs"].run(problem.start, pruned)
    unpruned = methods.iddfs(problem.puzzle).run(problem.start, plain)
    assert found == unpruned == ["b", "c", "d", "e"]
    assert pruned.expanded < plain.expanded
