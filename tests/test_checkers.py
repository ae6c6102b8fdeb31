"""The independent checkers (:mod:`pearls.rules`) can fail: each accepts a legal solution
written here by hand and refuses, for the rule it breaks, a solution that breaks one (an
illegal move with the state it would give, a wrong state, a solution that stops short, a
claim that none exists where one does); and every registered puzzle's checker refuses
the corruptions of a real solution that any puzzle's must.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import cache

import pytest
from described import typed

from pearls.description import JSON, Description, Solution
from pearls.registry import ENTRIES, PUZZLES
from pearls.rules import Check, Illegal, Posed, written

Case = tuple[object, object, str]


def checker(name: str) -> Check:
    """The rules of the puzzle ``name``, written apart: its checker."""
    return ENTRIES[name].check  # states and moves as JSON, what the refusal says


def posed(d: Description, text: str, settings: Mapping[str, str] | None = None) -> Posed:
    """The problem ``text`` poses, as the laws pose it: every option's value (read
    once, in JSON), the start in JSON."""
    read = d.settings(settings)
    p = typed(d.problem(text, read))
    return Posed(text, read.json, p.state_json(p.start))


def as_json(x: object) -> JSON:
    """A literal written here as JSON, checked: lists, objects, strings, numbers."""
    if x is None or isinstance(x, bool | int | float | str):
        return x
    if isinstance(x, list):
        return [as_json(y) for y in x]
    if isinstance(x, dict):
        return {str(k): as_json(v) for k, v in x.items()}
    raise TypeError(f"not JSON: {x!r}")


def listed(x: object) -> list[JSON]:
    """A literal list written here, as a list of JSON."""
    j = as_json(x)
    assert isinstance(j, list)
    return j


def solution(name: str, states: object, moves: object) -> Solution:
    """The solution of these states and moves (``None``: no solution), its answer the
    last state where the puzzle's answer is its solved state."""
    shown = listed(states)
    answered = any(m.answer for m in PUZZLES[name].methods.values()) and moves is not None
    return written(shown, None if moves is None else listed(moves), shown[-1] if answered else None)


def start_of(case: Case) -> JSON:
    """The first state of a case."""
    return listed(case[0])[0]


def accepts(name: str, problem: Posed, states: object, moves: object) -> None:
    """The checker of ``name`` accepts the solution."""
    checker(name)(problem, solution(name, states, moves))


def refuses(name: str, problem: Posed, case: Case) -> None:
    """The checker of ``name`` refuses the solution, saying what the case says."""
    states, moves, says = case
    with pytest.raises(Illegal, match=says):
        checker(name)(problem, solution(name, states, moves))


# --- every registered puzzle: a real solution, corrupted ---------------------------------------


@cache
def example_with_moves(name: str) -> tuple[str, Solution]:
    """The first example of puzzle ``name`` whose default solution makes a move, and
    that solution."""
    d = PUZZLES[name]
    method = d.finding[0]
    for text in d.examples.values():
        solution = d.solve(method, text)
        if solution.moves:
            return text, solution
    raise AssertionError(f"no example of {name} has a solution with a move")


def stops_short(s: Solution) -> Solution:
    """The solution without its last move."""
    moves = s.moves or ()
    return replace(s, states=s.states[:-1], moves=moves[:-1])


def shows_a_wrong_state(s: Solution) -> Solution:
    """The solution with the start shown again where the first move's state belongs."""
    return replace(s, states=(s.states[0], s.states[0], *s.states[2:]))


def starts_elsewhere(s: Solution) -> Solution:
    """The solution with its start replaced by the state after its first move."""
    return replace(s, states=(s.states[1], *s.states[1:]))


def plays_a_move_twice(s: Solution) -> Solution:
    """The solution with its last move played again from the solved state."""
    moves = s.moves or ()
    return replace(s, states=(*s.states, s.states[-1]), moves=(*moves, moves[-1]))


def drops_a_state(s: Solution) -> Solution:
    """The solution with one state fewer than its moves need."""
    return replace(s, states=s.states[1:])


CORRUPTIONS: dict[str, tuple[Callable[[Solution], Solution], str]] = {
    "stops short": (stops_short, "is not solved"),
    "shows a wrong state": (shows_a_wrong_state, "move 1 .* gives"),
    "starts elsewhere": (starts_elsewhere, "not the start"),
    "plays a move twice": (plays_a_move_twice, "move [0-9]+ "),
    "drops a state": (drops_a_state, "not the start|moves but"),
}


@pytest.mark.parametrize("corruption", list(CORRUPTIONS))
@pytest.mark.parametrize("name", list(PUZZLES))
def test_every_checker_refuses_a_corrupted_solution(name: str, corruption: str) -> None:
    text, solution = example_with_moves(name)
    problem = posed(PUZZLES[name], text)
    checker(name)(problem, solution)
    corrupt, says = CORRUPTIONS[corruption]
    with pytest.raises(Illegal, match=says):
        checker(name)(problem, corrupt(solution))


# --- each puzzle's own rules ------------------------------------------------------------------


def rows(*lines: str) -> str:
    """A Rush Hour board's 36 cells from its 6 rows."""
    return "".join(lines)


RUSH_START = rows("......", ".....B", "..AA.B", ".....B", "......", "......")
RUSH_SOLVED = rows("......", "......", "....AA", ".....B", ".....B", ".....B")
RUSH_LEGAL = (
    [
        RUSH_START,
        rows("......", "......", "..AA.B", ".....B", ".....B", "......"),
        rows("......", "......", "..AA..", ".....B", ".....B", ".....B"),
        rows("......", "......", "...AA.", ".....B", ".....B", ".....B"),
        RUSH_SOLVED,
    ],
    [
        {"vehicle": "B", "from": [1, 5], "to": [2, 5]},
        {"vehicle": "B", "from": [2, 5], "to": [3, 5]},
        {"vehicle": "A", "from": [2, 2], "to": [2, 3]},
        {"vehicle": "A", "from": [2, 3], "to": [2, 4]},
    ],
)
RUSH_ILLEGAL: list[Case] = [
    (
        [
            RUSH_START,
            rows("......", ".....B", "...AAB", ".....B", "......", "......"),
            rows("......", ".....B", "....AB", ".....A", "......", "......"),
        ],
        [
            {"vehicle": "A", "from": [2, 2], "to": [2, 3]},
            {"vehicle": "A", "from": [2, 3], "to": [2, 4]},
        ],
        "runs into 'B'",
    ),
    (
        [RUSH_START, rows("......", ".....B", "......", "..AA.B", "......", "......")],
        [{"vehicle": "A", "from": [2, 2], "to": [3, 2]}],
        "leaves its line",
    ),
    (
        [RUSH_START, rows("......", "......", "..AA..", ".....B", ".....B", ".....B")],
        [{"vehicle": "B", "from": [1, 5], "to": [3, 5]}],
        "moves 2 cells, not one",
    ),
    (
        [RUSH_SOLVED, rows("......", "......", "....AA", "......", ".....B", ".....B")],
        [{"vehicle": "B", "from": [3, 5], "to": [4, 5]}],
        "leaves the board",
    ),
    (
        [RUSH_START, rows("......", "....B.", "..AAB.", "....B.", "......", "......")],
        [{"vehicle": "B", "from": [1, 5], "to": [1, 4]}],
        "leaves its line",
    ),
    (
        [RUSH_START, rows("......", ".....B", "..AA.B", ".....B", "......", "......")],
        [{"vehicle": "C", "from": [0, 0], "to": [1, 0]}],
        "no vehicle 'C'",
    ),
    (
        [RUSH_START, rows("......", ".....B", "..AA.B", ".....B", "......", "......")],
        [{"vehicle": "A", "from": [2, 3], "to": [2, 4]}],
        "top-left cell is",
    ),
    (RUSH_LEGAL[0][:4], RUSH_LEGAL[1][:3], "is not solved"),
]


def test_rush_hour_vehicles_slide_along_their_lines_into_empty_cells() -> None:
    d = PUZZLES["rushhour"]
    accepts("rushhour", posed(d, RUSH_START), *RUSH_LEGAL)
    for case in RUSH_ILLEGAL:
        refuses("rushhour", posed(d, str(start_of(case))), case)


def test_rush_hour_slides_go_any_distance_but_never_through_a_wall() -> None:
    d = PUZZLES["rushhour"]
    slides = {"metric": "slides"}
    accepts(
        "rushhour",
        posed(d, RUSH_START, slides),
        [RUSH_START, rows("......", "......", "..AA..", ".....B", ".....B", ".....B"), RUSH_SOLVED],
        [{"vehicle": "B", "from": [1, 5], "to": [3, 5]},
         {"vehicle": "A", "from": [2, 2], "to": [2, 4]}],
    )  # fmt: skip
    walled = rows("......", "......", "AA.x..", "......", "......", "......")
    refuses(
        "rushhour",
        posed(d, walled, slides),
        ([walled, rows("......", "......", "...xAA", "......", "......", "......")],
         [{"vehicle": "A", "from": [2, 0], "to": [2, 4]}], "runs into 'x'"),
    )  # fmt: skip


def test_a_graph_walk_follows_the_edges() -> None:
    d = PUZZLES["graph"]
    problem = posed(d, "start a; goal c; a -> b; b -> c; c -> a")
    accepts("graph", problem, ["a", "b", "c"], [{"from": "a", "to": "b"}, {"from": "b", "to": "c"}])
    for case in [
        (["a", "c"], [{"from": "a", "to": "c"}], "no edge from 'a' to 'c'"),
        (["a", "b", "c"], [{"from": "a", "to": "b"}, {"from": "a", "to": "c"}], "stands on 'b'"),
        (["a"], None, "yet a solved state is reachable"),
    ]:
        refuses("graph", problem, case)


FLIP_ILLEGAL: list[Case] = [
    ([".BBW", "B.BW"], [{"piece": 1, "to": 0, "over": []}], "jumps over no piece"),
    ([".BBW", "BWW."], [{"piece": 3, "to": 0, "over": [1]}], r"jumps over \[1, 2\], not \[1\]"),
    ([".BBW", ".BBW"], [{"piece": 0, "to": 2, "over": [1]}], "position 2 is not the space"),
    ([".BBW", "BB.W"], [{"piece": 2, "to": 0, "over": [1]}], "gives"),
]


def test_a_flip_it_jump_turns_the_pieces_it_jumps_over() -> None:
    problem = posed(PUZZLES["flipit"], ".BBW")
    accepts("flipit", problem, [".BBW", "WWW."], [{"piece": 3, "to": 0, "over": [1, 2]}])
    for case in FLIP_ILLEGAL:
        refuses("flipit", problem, case)


def test_a_flip_it_star_jump_goes_along_one_of_the_six_lines() -> None:
    start = ".BBBBBBBBBBB"
    problem = posed(PUZZLES["flipstar"], "   .\nB B B B\n B   B\nB B B B\n   B")
    accepts("flipstar", problem, [start], None)
    along = {"piece": 5, "to": 0, "over": [2]}
    refuses("flipstar", problem, ([start, "BBWBB.BBBBBB"], [along], "is not solved"))
    across = {"piece": 4, "to": 0, "over": [2, 3]}
    refuses("flipstar", problem, ([start, "BBWWW.BBBBBB"], [across], "over no piece along a line"))
    bent = {"piece": 8, "to": 0, "over": [5, 2]}
    refuses("flipstar", problem, ([start, "BBWBBW.BBBBB"], [bent], "over no piece along a line"))


NOOFF_ILLEGAL: list[Case] = [
    (["LLON OFF.", "LLO. OFFO"], [{"piece": "O", "from": [0, 2], "to": [1, 3]}], "not beside"),
    (["LLON OFF.", "LLO. OFFN"], [{"piece": "N", "from": [0, 3], "to": [0, 2]}], "not the space"),
    (["LLON OFF.", "LLON O.FF"], [{"piece": "F", "from": [1, 2], "to": [1, 3]}], "gives"),
    (["LLON OFF.", "LLON OFF"], [{"piece": "N", "from": [0, 3], "to": [1, 3]}], "two rows of four"),
    (["OLLN O.FF", "O.LN OLFF"], [{"piece": "bulb", "from": [0, 1], "to": [1, 1]}], "top row only"),
    (["LL.O NOFF", "L.LO NOFF"], [{"piece": "bulb", "from": [0, 3], "to": [0, 2]}], "not the bulb"),
    ([".LLO NOFF", "L.LO NOFF"], [{"piece": "L", "from": [0, 1], "to": [0, 0]}], "no letter 'L'"),
    (["OLL. NOFF", ".OLL NOFF"], [{"piece": "bulb", "from": [0, 2], "to": [0, 3]}], "gives"),
]


def test_no_off_letters_slide_into_the_space_and_the_bulb_keeps_to_the_top_row() -> None:
    d = PUZZLES["nooff"]
    last: list[JSON] = [{"piece": "F", "from": [1, 3], "to": [1, 2]}]
    accepts("nooff", posed(d, "LLNO OF.F"), ["LLNO OF.F", "LLNO OFF."], last)
    for case in NOOFF_ILLEGAL:
        refuses("nooff", posed(d, str(start_of(case))), case)


# An open tour of the 3x4 board from its top left square, one of its two (found by a plain
# search of every path): its last square, row 3, column 4, is no jump from the first.
TOUR_3X4 = [[0, 0], [1, 2], [2, 0], [0, 1], [1, 3], [2, 1], [0, 2], [1, 0], [2, 2], [0, 3],
            [1, 1], [2, 3]]  # fmt: skip


def tour(squares: list[list[int]]) -> tuple[list[JSON], list[JSON]]:
    """The states and moves of a tour through ``squares``."""
    return listed([squares[: i + 1] for i in range(len(squares))]), listed(
        [{"to": s} for s in squares[1:]]
    )


def test_a_knight_jumps_onto_unvisited_squares_of_the_board() -> None:
    problem = posed(PUZZLES["knight"], "3x4 open")
    states, moves = tour(TOUR_3X4)
    accepts("knight", problem, states, moves)
    with pytest.raises(Illegal, match="is not the tour"):
        checker("knight")(problem, written(states, moves, answer=as_json(TOUR_3X4[:-1])))
    for case in [
        (*tour([[0, 0], [1, 2], [2, 0], [1, 2]]), r"\[1, 2\] is visited already"),
        (*tour([[0, 0], [1, 1]]), "not a knight's jump"),
        (*tour([[0, 0], [-1, 2]]), "not a square of the board"),
        ([[[0, 0]]], None, "yet a solved state is reachable"),
    ]:
        refuses("knight", problem, case)


def test_an_open_tour_is_not_a_closed_one() -> None:
    refuses("knight", posed(PUZZLES["knight"], "3x4 closed"), (*tour(TOUR_3X4), "is not solved"))
    refuses(
        "knight",
        posed(PUZZLES["knight"], "3x4", {"closed": "yes"}),
        (*tour(TOUR_3X4), "is not solved"),
    )


COLOUR_ILLEGAL: list[Case] = [
    ([{}, {"A": "red"}, {"A": "red", "B": "red"}],
     [{"region": "A", "colour": "red"}, {"region": "B", "colour": "red"}],
     "B and A border each other, both red"),
    ([{}, {"A": "red"}, {"A": "blue"}],
     [{"region": "A", "colour": "red"}, {"region": "A", "colour": "blue"}],
     "A has a colour already"),
    ([{}, {"A": "red"}, {"A": "red", "B": "blue"}, {"A": "red", "B": "blue", "C": "green"}],
     [{"region": "A", "colour": "red"}, {"region": "B", "colour": "blue"},
      {"region": "C", "colour": "green"}],
     "green is one colour more than 2"),
    ([{}, {"Z": "red"}], [{"region": "Z", "colour": "red"}], "no region 'Z'"),
    ([{}, {"A": "red"}, {"A": "red", "B": "blue"}],
     [{"region": "A", "colour": "red"}, {"region": "B", "colour": "blue"}],
     "is not solved"),
]  # fmt: skip


def test_a_colouring_gives_bordering_regions_different_colours() -> None:
    d = PUZZLES["colour"]
    problem = posed(d, "A: B; B: C", {"colours": "2"})
    legal: list[JSON] = [
        {},
        {"A": "red"},
        {"A": "red", "B": "blue"},
        {"A": "red", "B": "blue", "C": "red"},
    ]
    paints: list[JSON] = [{"region": "A", "colour": "red"}, {"region": "B", "colour": "blue"},
                          {"region": "C", "colour": "red"}]  # fmt: skip
    accepts("colour", problem, legal, paints)
    for case in COLOUR_ILLEGAL:
        refuses("colour", problem, case)


def test_a_pandigital_product_uses_each_digit_once() -> None:
    d = PUZZLES["pandigital"]
    triples = posed(d, "3 0-9")
    accepts("pandigital", triples, [None, [1267, 1268, 1269]], [{"n": 1267}])
    for case in [
        ([None, [1266, 1267, 1268]], [{"n": 1266}], "is not solved"),
        ([None, [1267, 1268]], [{"n": 1267}], "gives"),
        ([None, [1267, 1269, 1270]], [{"n": 1267}], "gives"),
        (
            [None, [1267, 1268, 1269], [1332, 1333, 1334]],
            [{"n": 1267}, {"n": 1332}],
            "chosen already",
        ),
        ([None], None, "yet a solved state is reachable"),
    ]:
        refuses("pandigital", triples, case)
    accepts("pandigital", posed(d, "3 1-9"), [None], None)
    refuses(
        "pandigital", posed(d, "", {"numbers": "2", "digits": "1-9"}), ([None], None, "reachable")
    )


def crossing(boat: str, left: str, right: str) -> JSON:
    """A river's state from the names on each bank."""
    return as_json({"boat": boat, "left": left.split(), "right": right.split()})


def cross(people: str, to: str) -> JSON:
    """A crossing of the people named."""
    return as_json({"people": people.split(), "to": to})


CREW = "M1 M2 M3 M4 M5 C1 C2 C3"
RIVER_ILLEGAL: list[tuple[str, Case]] = [
    # missionaries(5, 3, 3): the load {M1, C1, C2} is outnumbered in the boat, though
    # the bank it leaves and the bank it reaches are safe after it.
    (
        "3",
        (
            [
                crossing("left", "M1 M2 M3 M4 M5 C1 C2", "C3"),
                crossing("right", "M2 M3 M4 M5", "M1 C1 C2 C3"),
            ],
            [cross("M1 C1 C2", "right")],
            r"\['C1', 'C2', 'M1'\] in the boat is not safe",
        ),
    ),
    (
        "3",
        (
            [crossing("left", CREW, ""), crossing("right", "M3 M4 M5 C3", "M1 M2 C1 C2")],
            [cross("M1 M2 C1 C2", "right")],
            "4 aboard a boat for 1 to 3",
        ),
    ),
    (
        "3",
        (
            [
                crossing("left", "M2 M3 M4 M5 C2 C3", "M1 C1"),
                crossing("right", "M2 M3 M4 M5", "M1 C1 C2 C3"),
            ],
            [cross("C2 C3", "right")],
            "on the right bank is not safe",
        ),
    ),
    (
        "2",
        (
            [crossing("left", "H1 W1 H2 W2", ""), crossing("right", "W1 H2", "H1 W2")],
            [cross("H1 W2", "right")],
            "in the boat is not safe",
        ),
    ),
    (
        "2",
        (
            [crossing("left", "H1 W1 H2 W2", ""), crossing("right", "W1 H2", "H1 W2")],
            [cross("H1 W2", "left")],
            "on the left bank already",
        ),
    ),
    (
        "2",
        (
            [crossing("left", "H1 W1 H2 W2", ""), crossing("right", "H1 W1 W2", "H2")],
            [cross("H2", "right")],
            "in the left bank is not safe",
        ),
    ),
    (
        "2",
        (
            [
                crossing("left", "farmer wolf goat cabbage", ""),
                crossing("right", "farmer wolf cabbage", "goat"),
            ],
            [cross("goat", "right")],
            r"nobody in \['goat'\] can row",
        ),
    ),
    (
        "2",
        (
            [
                crossing("left", "farmer wolf goat cabbage", ""),
                crossing("right", "wolf", "farmer goat cabbage"),
            ],
            [cross("farmer goat", "right")],
            "gives",
        ),
    ),
    (
        "2",
        (
            [crossing("right", "H1", "W1"), crossing("left", "H1", "W1")],
            [cross("H1", "left")],
            r"\['H1'\] not on the right bank",
        ),
    ),
]


def river(start: JSON, boat: str = "2") -> Posed:
    """A river crossing posed from its start, in a boat for ``boat``."""
    return Posed("", PUZZLES["river"].settings({"boat": boat}).json, start)


@pytest.mark.parametrize(("boat", "case"), RIVER_ILLEGAL)
def test_a_river_crossing_keeps_everyone_safe_on_the_banks_and_in_the_boat(
    boat: str, case: Case
) -> None:
    refuses("river", river(start_of(case), boat), case)


def test_the_missionaries_are_alike_and_only_the_farmer_rows() -> None:
    start = crossing("left", "M1 M2 C1 C2", "")
    accepts(
        "river",
        river(start),
        [start, crossing("right", "M1 M2", "C1 C2"), crossing("left", "M1 M2 C1", "C2"),
         crossing("right", "C1", "M1 M2 C2"), crossing("left", "C1 C2", "M1 M2"),
         crossing("right", "", "M1 M2 C1 C2")],
        [cross("C1 C2", "right"), cross("C2", "left"), cross("M1 M2", "right"),
         cross("C2", "left"), cross("C1 C2", "right")],
    )  # fmt: skip
    story = crossing("left", "farmer goat", "")
    accepts("river", river(story), [story, crossing("right", "", "farmer goat")],
            [cross("farmer goat", "right")])  # fmt: skip
    couples = crossing("left", "H1 W1 H2 W2", "")
    refuses("river", river(couples), ([couples], None, "yet a solved state is reachable"))


HANOI_ILLEGAL: list[Case] = [
    (
        [[[1, 2], [], []], [[1], [2], []]],
        [{"disc": 2, "from": "A", "to": "B"}],
        "not on top of peg A",
    ),
    (
        [[[1, 2], [], []], [[2], [1], []], [[], [2, 1], []]],
        [{"disc": 1, "from": "A", "to": "B"}, {"disc": 2, "from": "A", "to": "B"}],
        "disc 2 onto disc 1, a smaller one",
    ),
    ([[[1, 2], [], []], [[1, 2], [], []]], [{"disc": 1, "from": "A", "to": "A"}], "the same peg"),
    ([[[1, 2], [], []], [[2], [], [1]]], [{"disc": 1, "from": "A", "to": "D"}], "no peg 'D'"),
    (
        [[[1, 2], [], []], [[2], [1], []], [[], [1], [2]]],
        [{"disc": 1, "from": "A", "to": "B"}, {"disc": 2, "from": "A", "to": "C"}],
        "is not solved",
    ),
]


def test_a_hanoi_move_takes_a_top_disc_onto_an_empty_peg_or_a_larger_disc() -> None:
    problem = posed(PUZZLES["hanoi"], "1 2 | |")
    accepts(
        "hanoi",
        problem,
        [[[1, 2], [], []], [[2], [1], []], [[], [1], [2]], [[], [], [1, 2]]],
        [{"disc": 1, "from": "A", "to": "B"}, {"disc": 2, "from": "A", "to": "C"},
         {"disc": 1, "from": "B", "to": "C"}],
    )  # fmt: skip
    for case in HANOI_ILLEGAL:
        refuses("hanoi", problem, case)


TILES_ILLEGAL: list[Case] = [
    ([[1, 2, 3, 4, 0, 5], [1, 2, 0, 4, 3, 5]], [{"tile": 3, "from": [0, 2], "to": [1, 1]}],
     r"jumps from \[0, 2\] to \[1, 1\]"),
    ([[1, 2, 3, 4, 0, 5], [1, 2, 3, 0, 4, 5]], [{"tile": 4, "from": [0, 0], "to": [1, 1]}],
     r"tile 4 is not on \[0, 0\]"),
    ([[1, 2, 3, 4, 0, 5], [1, 0, 3, 4, 2, 5]], [{"tile": 2, "from": [0, 1], "to": [0, 2]}],
     "holds tile 3, not the blank"),
    ([[1, 2, 3, 4, 0, 5], [1, 2, 3, 4, 0, 5]], [{"tile": 5, "from": [1, 2], "to": [1, 3]}],
     "outside the 2x3 tray"),
]  # fmt: skip


def test_a_tile_slides_into_the_blank_beside_it() -> None:
    d = PUZZLES["sliding"]
    problem = posed(d, "1 2 3 / 4 0 5")
    accepts("sliding", problem, [[1, 2, 3, 4, 0, 5], [1, 2, 3, 4, 5, 0]],
            [{"tile": 5, "from": [1, 2], "to": [1, 1]}])  # fmt: skip
    for case in TILES_ILLEGAL:
        refuses("sliding", problem, case)
    blank_first = posed(d, "1 0 2 / 3 4 5", {"goal": "blank-first"})
    accepts("sliding", blank_first, [[1, 0, 2, 3, 4, 5], [0, 1, 2, 3, 4, 5]],
            [{"tile": 1, "from": [0, 0], "to": [0, 1]}])  # fmt: skip
    tall, states = posed(d, "1 2 / 3 4 / 0 5"), [[1, 2, 3, 4, 0, 5], [1, 2, 3, 4, 5, 0]]
    up: list[JSON] = [{"tile": 5, "from": [2, 1], "to": [2, 0]}]
    accepts("sliding", tall, [*states], up)
    refuses("sliding", problem, ([*states], up, "outside the 2x3 tray"))


@pytest.mark.parametrize(("name", "side"), [("eight", 3), ("fifteen", 4)])
def test_the_8_and_15_puzzles_are_square_trays(name: str, side: int) -> None:
    cells = side * side
    start: list[JSON] = [*range(1, cells - 1), 0, cells - 1]
    goal: list[JSON] = [*range(1, cells), 0]
    problem = Posed("", PUZZLES[name].settings().json, start)
    slide = {"tile": cells - 1, "from": [side - 1, side - 1], "to": [side - 1, side - 2]}
    accepts(name, problem, [start, goal], [slide])
    wrapped = {"tile": cells - 2, "from": [side - 2, side - 1], "to": [side - 1, side - 2]}
    refuses(name, problem, ([start, goal], [wrapped], "not on|jumps"))
