"""The registry and the puzzles' self-descriptions: every registered description's
examples parse and solve, its solutions replay move by move, its surveys agree with an
independent breadth-first search, and a board keeps its author's letters.

A solution is replayed from the plain data alone: each move's JSON must name one legal
move of the problem's puzzle, and each state's JSON and picture must be those of the
state that move reaches.
"""

from __future__ import annotations

import json
from collections.abc import Hashable
from typing import TypeAlias, TypeVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pearls.description import METHODS, Description, Solution
from pearls.errors import BoardError, LimitReached
from pearls.limits import Meter
from pearls.puzzles import graph, rushhour, rushhour_players
from pearls.registry import PUZZLES, Described

S = TypeVar("S", bound=Hashable)
M = TypeVar("M")

UNSOLVABLE = {("graph", "island")}  # examples documented as having no solution
SHORTEST = ("bfs", "iddfs")  # methods that find a shortest solution

# A Rush Hour board in its author's letters, four moves from the exit (Z up, X down, A
# right twice): small enough for every method, iterative deepening included.
ZX_BOARD = """
......
....Z.
..AAZX
.....X
......
......
"""

# Small problems every method of a puzzle solves quickly, by puzzle; others get their
# default example solved by their default method.
SMALL: dict[str, dict[str, str]] = {
    "graph": dict(graph.DESCRIPTION.examples),
    "rushhour": {"zx": ZX_BOARD},
    "flipit": {"seed": ".BBBBB"},
    "flipstar": {"near": "WWBWW.WWWWWB"},
    "nooff": {"near": "LLNO OF.F"},
}


def limited() -> Meter:
    """A meter far above what any honest search here needs, so that a search gone wrong
    stops in seconds."""
    return Meter(max_states=100_000, timeout=30)


def described(name: str) -> Description[Hashable, object]:
    """The registered description, seen with its ``parse``."""
    d = PUZZLES[name]
    assert isinstance(d, Description)
    return d


def default_example(d: Described) -> tuple[str, str]:
    name = next(iter(d.examples))
    return name, d.examples[name]


def replay(d: Description[S, M], text: str, solution: Solution) -> S:
    """The last state of ``solution``, checked move by move against the problem."""
    problem = d.problem(text)
    moves = solution.moves or ()
    assert len(solution.states) == len(solution.pictures) == len(moves) + 1
    assert len(solution.words) == len(solution.notation) == len(moves)
    q = problem.start
    assert (solution.states[0], solution.pictures[0]) == (problem.state_json(q), problem.show(q))
    for i, shown in enumerate(moves):
        legal = [m for m in problem.puzzle.moves(q) if problem.move_json(m) == shown]
        assert len(legal) == 1, f"move {i} {shown!r} is not one legal move"
        assert solution.words[i] == problem.words(q, legal[0])
        assert solution.notation[i] == problem.notation(q, legal[0])
        q = problem.puzzle.move(q, legal[0])
        assert solution.states[i + 1] == problem.state_json(q)
        assert solution.pictures[i + 1] == problem.show(q)
    json.dumps([solution.states, solution.moves])  # plain JSON data
    return q


def check_solution(name: str, text: str, method: str, solution: Solution) -> None:
    """A solution, or none exactly for an unsolvable problem, replayed to its end."""
    d = described(name)
    assert (solution.puzzle, solution.method) == (name, method)
    last = replay(d, text, solution)
    if solution.moves is None:
        assert solution.states == (d.problem(text).state_json(d.problem(text).start),)
    else:
        assert d.problem(text).puzzle.solved(last)


# --- the registry ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_each_description_is_registered_under_its_name(name: str) -> None:
    d = PUZZLES[name]
    assert d.name == name
    assert d.title and d.text_form
    assert d.examples
    assert d.methods
    assert len(set(d.methods)) == len(d.methods)
    assert set(d.methods) <= set(METHODS)
    assert isinstance(d.drawable, bool)


def test_the_registry_holds_the_puzzle_modules_descriptions() -> None:
    assert PUZZLES["graph"] is graph.DESCRIPTION
    assert PUZZLES["rushhour"] is rushhour_players.DESCRIPTION
    assert graph.DESCRIPTION.drawable is False
    assert rushhour.DESCRIPTION.drawable is True


@pytest.mark.parametrize(
    ("name", "example"), [(name, ex) for name, d in sorted(PUZZLES.items()) for ex in d.examples]
)
def test_every_example_parses(name: str, example: str) -> None:
    d = described(name)
    problem = d.problem(d.examples[example])
    assert problem.show(problem.start)
    json.dumps(problem.state_json(problem.start))


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_the_default_method_solves_the_default_example(name: str) -> None:
    d = PUZZLES[name]
    example, text = default_example(d)
    solution = d.solve(d.methods[0], text, limited())
    assert (solution.moves is None) == ((name, example) in UNSOLVABLE)
    check_solution(name, text, d.methods[0], solution)
    assert solution.stats.expanded > 0 or solution.moves == ()


@pytest.mark.parametrize(
    ("name", "text", "method"),
    [
        pytest.param(name, text, method, id=f"{name}-{label}-{method}")
        for name, texts in sorted(SMALL.items())
        for label, text in texts.items()
        for method in PUZZLES[name].methods
    ],
)
def test_every_method_on_small_problems(name: str, text: str, method: str) -> None:
    d = PUZZLES[name]
    unsolvable = any((name, ex) in UNSOLVABLE for ex, t in d.examples.items() if t == text)
    # the meter only guards the test: iterative deepening ends on the island because its
    # prune forbids stepping straight back, which leaves no cycle to go round
    solution = d.solve(method, text, Meter(max_states=100_000))
    assert (solution.moves is None) == unsolvable
    check_solution(name, text, method, solution)
    if method in SHORTEST:
        shortest = d.solve("bfs", text, limited()).moves
        assert len(solution.moves or ()) == len(shortest or ())


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_drawings_only_when_asked_and_drawable(name: str) -> None:
    d = PUZZLES[name]
    text = next(iter(SMALL[name].values())) if name in SMALL else default_example(d)[1]
    plain = d.solve(d.methods[0], text, limited())
    drawn = d.solve(d.methods[0], text, limited(), draw=True)
    assert plain.drawings is None
    if d.drawable:
        assert drawn.drawings is not None
        assert len(drawn.drawings) == len(drawn.states)
        assert all(picture.lstrip().startswith("<svg") for picture in drawn.drawings)
    else:
        assert drawn.drawings is None


def test_deepening_round_a_cycle_out_of_reach_ends_only_at_a_limit() -> None:
    """Undo-pruning forbids a -> b -> a, not a -> b -> c -> a: every round cuts off."""
    text = "start a; goal z; a -> b; b -> c; c -> a"
    assert graph.DESCRIPTION.solve("bfs", text, limited()).moves is None
    with pytest.raises(LimitReached) as caught:
        graph.DESCRIPTION.solve("iddfs", text, Meter(max_states=1_000))
    assert caught.value.expanded == 1_000


def test_a_method_the_puzzle_lacks_is_refused() -> None:
    with pytest.raises(ValueError, match="astar"):
        graph.DESCRIPTION.solve("astar", "start a; goal b; a -> b", limited())


def test_solve_runs_under_the_meter_it_is_given() -> None:
    meter = Meter(max_states=100_000)
    solution = rushhour.DESCRIPTION.solve("bfs", ZX_BOARD, meter)
    assert solution.stats.expanded == meter.expanded > 0
    with pytest.raises(LimitReached):
        rushhour.DESCRIPTION.solve("bfs", rushhour.DESCRIPTION.examples["g1"], Meter(10))


# --- surveys ---------------------------------------------------------------------------------


def bfs_levels(edges: dict[str, tuple[str, ...]], start: str) -> list[set[str]]:
    """The nodes at distance 0, 1, 2, ... from ``start``."""
    seen, level, found = {start}, {start}, []
    while level:
        found.append(level)
        level = {r for q in level for r in edges.get(q, ()) if r not in seen}
        seen |= level
    return found


@pytest.mark.parametrize("example", sorted(graph.DESCRIPTION.examples))
def test_a_graph_survey_is_a_breadth_first_search(example: str) -> None:
    text = graph.DESCRIPTION.examples[example]
    start, _, edges = graph.parse(text)
    expected = bfs_levels(edges, start)
    survey = graph.DESCRIPTION.survey(text, limited())
    assert survey.puzzle == "graph"
    assert survey.histogram == tuple(map(len, expected))
    assert survey.states == sum(survey.histogram) == len(set().union(*expected))
    assert survey.max_distance == len(expected) - 1
    assert set(survey.farthest) == expected[-1]
    assert survey.pictures == tuple(map(str, survey.farthest))
    assert survey.stats.expanded == survey.states


def test_a_rush_hour_survey_keeps_the_letters() -> None:
    survey = rushhour.DESCRIPTION.survey(ZX_BOARD, limited())
    assert survey.states == sum(survey.histogram) > 1
    for state in survey.farthest:
        assert isinstance(state, str)
        assert set(state) <= set("AZX.")


# --- the graph's text forms ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "no start"),
        ("goal b; a -> b", "no start"),
        ("start a; a -> b", "no goal"),
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
    ],
)
def test_a_bad_graph_is_a_board_error(text: str, says: str) -> None:
    with pytest.raises(BoardError, match=says):
        graph.parse(text)
    with pytest.raises(BoardError, match=says):
        graph.DESCRIPTION.solve("bfs", text, limited())


NAMES = st.sampled_from(["a", "b", "c", "home", "park", "n1", "n2"])
Graph: TypeAlias = graph.Graph


@st.composite
def graphs(draw: st.DrawFn) -> Graph:
    edges = draw(st.dictionaries(NAMES, st.lists(NAMES, max_size=3).map(tuple), max_size=6))
    return draw(NAMES), draw(NAMES), edges


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
    g = data.draw(graphs())
    start, goal, edges = g
    text = data.draw(texts(g))
    as_json = json.dumps(
        {"start": start, "goal": goal, "edges": {q: list(rs) for q, rs in edges.items()}}
    )
    assert graph.parse(text) == graph.parse(as_json) == g
    by_text = graph.DESCRIPTION.solve("bfs", text, limited())
    by_json = graph.DESCRIPTION.solve("bfs", as_json, limited())
    assert (by_text.moves, by_text.states) == (by_json.moves, by_json.states)


@given(graphs())
def test_show_reads_back(g: Graph) -> None:
    assert graph.parse(graph.show(g)) == g


def test_a_node_named_start_without_successors_reads_back() -> None:
    g: Graph = ("a", "b", {"a": ("start",), "start": ()})
    assert graph.parse(graph.show(g)) == g


# --- Rush Hour keeps the author's letters -------------------------------------------------


def test_a_board_is_shown_back_in_its_own_letters() -> None:
    solution = rushhour.DESCRIPTION.solve("bfs", ZX_BOARD, limited())
    assert solution.pictures[0] == ZX_BOARD.strip()
    assert all(set(p) <= set("AZX.\n") for p in solution.pictures)
    assert all(
        isinstance(s, str) and len(s) == 36 and set(s) <= set("AZX.") for s in solution.states
    )
    rows = ["....Z.", "....Z.", "....AA", ".....X", ".....X", "......"]
    assert solution.states[-1] == "".join(rows)
    assert solution.pictures[-1] == "\n".join(rows)
    assert {w.split()[0] for w in solution.words} == {"A", "Z", "X"}
    assert sorted(solution.notation) == ["A+1", "A+1", "X+1", "Z-1"]
    check_solution("rushhour", ZX_BOARD, "bfs", solution)


def test_a_lower_case_x_is_a_wall_and_refused() -> None:
    with pytest.raises(BoardError, match="wall"):
        rushhour.DESCRIPTION.solve("bfs", ZX_BOARD.replace("X", "x"), limited())
