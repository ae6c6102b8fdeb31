"""Flip It on a line: the rule, the text form, the rank, the solvers, the planner and the
command line.

The yardstick here is a second model written on the text form itself: a board is a string
of ``.``, ``B`` and ``W``, and a jump is a slice turned over, with no masks, tables or
shared code; the Flip It Star program's first figure (space at 0, five black) is checked
move by move.
"""

from __future__ import annotations

import io
import json
import sys
from collections import deque
from collections.abc import Callable, Sequence
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pearls import search
from pearls.analysis import analyze, is_perfect
from pearls.cli import main
from pearls.deepening import idsolve
from pearls.errors import BoardError, LimitReached, OptionError
from pearls.limits import Meter
from pearls.puzzles import flipit as fl
from pearls.puzzles.flipit import Board, Move, Position, describe, draw
from pearls.puzzles.flipit import text as tx
from pearls.types import Path, start

Capture = pytest.CaptureFixture[str]

FIRST = ".BBBBB"  # the program's first figure: the space at 0, five black pieces
FIRST_STATES = [".BBBBB", "BWWWW.", "BW.BBW", ".BBBBW", "WWWWW."]  # 5>0, 2>5, 0>2, 5>0
STATES = 20_000  # more than any line of 3..8 positions has (8 * 2^7 = 1,024)


# --- an independent model on the text form -------------------------------------------------


def turned(text: str) -> str:
    return text.translate(str.maketrans("BW", "WB"))


def text_moves(board: str) -> list[str]:
    """Every board one jump away: a piece two or more cells from the space jumps into
    it, the cells between turned over."""
    s = board.index(".")
    after = []
    for p in range(len(board)):
        if abs(p - s) >= 2:
            lo, hi = min(p, s), max(p, s)
            cells = list(board)
            cells[lo + 1 : hi] = turned(board[lo + 1 : hi])
            cells[s], cells[p] = board[p], "."
            after.append("".join(cells))
    return after


def text_distances(starts: Sequence[str]) -> dict[str, int]:
    """The distance of every board reachable from ``starts``, breadth first."""
    distance = dict.fromkeys(starts, 0)
    queue = deque(starts)
    while queue:
        b = queue.popleft()
        for c in text_moves(b):
            if c not in distance:
                distance[c] = distance[b] + 1
                queue.append(c)
    return distance


def white(n: int) -> list[str]:
    """The solved boards of ``n`` positions."""
    return ["W" * s + "." + "W" * (n - 1 - s) for s in range(n)]


# --- positions -------------------------------------------------------------------------------


@st.composite
def boards(draw: st.DrawFn, sizes: tuple[int, int] = (3, 9)) -> tuple[Board, Position]:
    """Any position on a line of 3 to 9 positions."""
    n = draw(st.integers(*sizes))
    cells = draw(st.lists(st.sampled_from("BW"), min_size=n - 1, max_size=n - 1))
    s = draw(st.integers(0, n - 1))
    return tx.parse_line("".join(cells[:s]) + "." + "".join(cells[s:]))


@st.composite
def solvable(draw: st.DrawFn) -> tuple[Board, Position]:
    """A position reached from a solved one by a random walk: solvable, since every move
    can be undone."""
    n = draw(st.integers(3, 9))
    b = fl.line(n)
    q = draw(st.sampled_from(fl.goals(b)))
    for _ in range(draw(st.integers(0, 12))):
        legal = fl.moves(b, q)
        if not legal:
            break
        q = fl.move(b, q, draw(st.sampled_from(legal)))
    return b, q


def replay(b: Board, q: Position, ms: Sequence[Move]) -> Position:
    for m in ms:
        assert m in fl.moves(b, q), f"{m} is not legal in {tx.show(b, q)}"
        q = fl.move(b, q, m)
    return q


# --- the program's numbers ----------------------------------------------------------------------


def test_the_programs_line_takes_4_moves() -> None:
    b, q = tx.parse_line(FIRST)
    shortest = fl.bfsolve(b, q)
    assert shortest is not None and len(shortest) == 4
    assert fl.solved(replay(b, q, shortest))
    assert text_distances(white(6))[FIRST] == 4


def test_iterative_deepening_finds_the_programs_own_four_jumps() -> None:
    b, q = tx.parse_line(FIRST)
    ms = fl.idsolve(b, q)
    assert ms == [(5, 0), (2, 5), (0, 2), (5, 0)]
    shown = [tx.show(b, q, sep="")]
    for m in ms:
        q = fl.move(b, q, m)
        shown.append(tx.show(b, q, sep=""))
    assert shown == FIRST_STATES


def test_the_programs_first_figure() -> None:
    """5 jumps to 0, then 2 to 5: ``●○○○○_`` then ``●○_●●○``."""
    b, q = tx.parse_line(FIRST)
    q = fl.move(b, q, (5, 0))
    assert tx.show(b, q) == "BWWWW."
    assert tx.show(b, fl.move(b, q, (2, 5))) == "BW.BBW"


@pytest.mark.parametrize("n", range(3, 10))
def test_analysis_from_the_solved_lines_agrees_with_the_text_model(n: int) -> None:
    b = fl.line(n)
    a = analyze(Meter(max_states=STATES).watch(fl.puzzle(b)), fl.goals(b), fl.perfect_hash(b))
    distance = text_distances(white(n))
    assert a.states == len(distance)
    assert a.max_distance == max(distance.values())
    farthest = {tx.show(b, q, sep="") for q in a.farthest}
    assert farthest == {t for t, d in distance.items() if d == a.max_distance}


def test_six_positions_all_solvable_at_most_8_moves_away() -> None:
    b = fl.line(6)
    a = analyze(fl.puzzle(b), fl.goals(b), fl.perfect_hash(b))
    assert (a.states, a.max_distance, len(a.farthest)) == (192, 8, 4)
    assert a.states == b.size << (b.size - 1)


# --- the rule --------------------------------------------------------------------------------


@given(boards())
def test_moves_and_move_agree_with_the_text_model(bq: tuple[Board, Position]) -> None:
    b, q = bq
    text = tx.show(b, q, sep="")
    assert sorted(tx.show(b, fl.move(b, q, m), sep="") for m in fl.moves(b, q)) == sorted(
        text_moves(text)
    )


@given(boards())
def test_every_move_is_undone_by_jumping_straight_back(bq: tuple[Board, Position]) -> None:
    b, q = bq
    for p, s in fl.moves(b, q):
        after = fl.move(b, q, (p, s))
        assert (s, p) in fl.moves(b, after)
        assert fl.move(b, after, (s, p)) == q


@given(boards())
def test_a_jump_keeps_the_pieces_colour_and_turns_those_jumped(bq: tuple[Board, Position]) -> None:
    b, q = bq
    before = tx.show(b, q, sep="")
    for p, s in fl.moves(b, q):
        after = tx.show(b, fl.move(b, q, (p, s)), sep="")
        assert after[s] == before[p] and after[p] == "."
        for c in fl.jumped(b, (p, s)):
            assert {after[c], before[c]} == {"B", "W"}


def test_a_piece_beside_the_space_cannot_move() -> None:
    b, q = tx.parse_line("B.BB")
    assert fl.moves(b, q) == ((3, 1),)
    assert fl.moves(*tx.parse_line("W.W")) == ()


# --- ranks -----------------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(3, 11))
def test_the_rank_is_a_minimal_perfect_hash(n: int) -> None:
    b = fl.line(n)
    h = fl.perfect_hash(b)
    everything = [fl.unrank(b, r) for r in range(h.size)]
    assert is_perfect(h, everything)
    assert all(fl.rank(b, q) == r for r, q in enumerate(everything))
    assert len({tx.show(b, q, sep="") for q in everything}) == h.size


@given(boards())
def test_rank_round_trips(bq: tuple[Board, Position]) -> None:
    b, q = bq
    r = fl.rank(b, q)
    assert 0 <= r < fl.perfect_hash(b).size
    assert fl.unrank(b, r) == q
    text = tx.show(b, q, sep="").replace(".", "")
    assert r == (q.space << (b.size - 1)) + int(text.replace("B", "1").replace("W", "0"), 2)


# --- solvers ---------------------------------------------------------------------------------


@given(solvable())
def test_bfs_and_iterative_deepening_agree_on_the_shortest_length(
    bq: tuple[Board, Position],
) -> None:
    b, q = bq
    meter = Meter(max_states=STATES)
    shortest = search.bfsolve(meter.watch(fl.puzzle(b)), q)
    deepened = idsolve(Meter(max_states=200_000).watch(fl.puzzle(b)), q, fl.undoes)
    assert shortest is not None and deepened is not None
    assert len(shortest) == len(deepened) == text_distances(white(b.size))[tx.show(b, q, sep="")]
    assert fl.solved(replay(b, q, shortest)) and fl.solved(replay(b, q, deepened))


@given(boards())
def test_bfs_finds_a_solution_exactly_when_one_exists(bq: tuple[Board, Position]) -> None:
    b, q = bq
    found = search.bfsolve(Meter(max_states=STATES).watch(fl.puzzle(b)), q)
    solvable = tx.show(b, q, sep="") in text_distances(white(b.size))
    assert (found is not None) == solvable
    if found is not None:
        assert fl.solved(replay(b, q, found))


@given(solvable())
def test_dfs_finds_a_solution_that_replays(bq: tuple[Board, Position]) -> None:
    b, q = bq
    found = search.dfsolve(Meter(max_states=STATES).watch(fl.puzzle(b)), q)
    assert found is not None and fl.solved(replay(b, q, found))


@given(solvable())
def test_the_undo_prune_forbids_only_the_jump_straight_back(bq: tuple[Board, Position]) -> None:
    b, q = bq
    first: Path[Position, Move] = start(q)
    assert not any(fl.undoes(first, m) for m in fl.moves(b, q))
    for m in fl.moves(b, q):
        after = Path(first.history.cons(m), fl.move(b, q, m))
        forbidden = [n for n in fl.moves(b, after.state) if fl.undoes(after, n)]
        assert forbidden == [(m[1], m[0])]


def test_an_unsolvable_line_has_no_bfs_solution_and_deepening_stops_at_a_limit() -> None:
    b, q = tx.parse_line("WBW.")  # W B W . : only 0 can jump, and back
    assert fl.bfsolve(b, q) is None
    with pytest.raises(LimitReached):
        idsolve(Meter(max_states=1_000).watch(fl.puzzle(b)), q)


# --- planning ------------------------------------------------------------------------------


def text_gain(board: str, p: int, s: int) -> int:
    """Black pieces less white ones between ``p`` and ``s``, on the text itself."""
    between = board[min(p, s) + 1 : max(p, s)]
    return between.count("B") - between.count("W")


def text_steps(n: int, t: int) -> dict[int, int]:
    """The fewest jumps that bring the space from ``t`` to each cell of a line of ``n``:
    a jump links any two cells two or more apart."""
    steps, queue = {t: 0}, deque([t])
    while queue:
        s = queue.popleft()
        for p in range(n):
            if abs(p - s) >= 2 and p not in steps:
                steps[p] = steps[s] + 1
                queue.append(p)
    return steps


@given(boards())
def test_goal_moves_are_the_jumps_of_greatest_gain(bq: tuple[Board, Position]) -> None:
    """Up to three jumps, each whitening more than it blackens, none with the space in
    its way or as its piece, best first; no jump left out gains more than the last."""
    b, q = bq
    board, space = tx.show(b, q, sep=""), q.space
    steps = text_steps(b.size, space)
    fair = [
        (text_gain(board, p, s), -steps[s], (p, s))
        for p in range(b.size)
        for s in range(b.size)
        if abs(p - s) >= 2 and p != space and not min(p, s) < space < max(p, s) and s in steps
    ]
    aims = fl.goalmoves(b, q)
    gains = [text_gain(board, p, s) for p, s in aims]
    assert len(aims) == min(fl.GOAL_JUMPS, sum(g > 0 for g, _, _ in fair))
    assert all(g > 0 for g in gains) and gains == sorted(gains, reverse=True)
    chosen = {m: (g, -steps[m[1]]) for g, _, m in fair if m in aims}
    assert set(chosen) == set(aims)
    if aims:
        worst = min(chosen.values())
        assert all((g, d) <= worst for g, d, m in fair if m not in aims)


def routes(n: int, t: int, s: int) -> list[list[int]]:
    """Every shortest walk of the space from ``t`` to ``s`` on a line of ``n``."""
    steps = text_steps(n, t)
    if s == t:
        return [[t]]
    before = [u for u in range(n) if abs(u - s) >= 2 and steps.get(u) == steps[s] - 1]
    return [[*walk, s] for u in before for walk in routes(n, t, u)]


@given(boards())
def test_premoves_walk_the_space_to_where_a_jump_lands(bq: tuple[Board, Position]) -> None:
    """The plans grown for a goal move ``(p, s)`` are the shortest walks of the space to
    ``s`` that do not end by way of ``p`` (its piece would only jump back), each step a
    jump into the space, then the goal move; each replays."""
    b, q = bq
    planner = fl.planner(b)
    for p, s in fl.goalmoves(b, q):
        walks = [w for w in routes(b.size, q.space, s) if len(w) == 1 or w[-2] != p]
        expected = [(*((v, u) for u, v in pairwise(w)), (p, s)) for w in walks]
        assert sorted(map(tuple, planner.newplans(q, ((p, s),)))) == sorted(expected)
        for plan in expected:
            replay(b, q, plan)


@given(solvable())
def test_a_plan_replays_and_never_beats_bfs(bq: tuple[Board, Position]) -> None:
    b, q = bq
    planned = search.psolve(Meter(max_states=STATES).watch_planner(fl.planner(b)), q)
    assert planned is not None and fl.solved(replay(b, q, planned))
    assert len(planned) >= text_distances(white(b.size))[tx.show(b, q, sep="")]


def measured(text: str) -> tuple[int, int, int, int]:
    """(psolve's length, its states expanded, bfsolve's length, its states expanded)."""
    b, q = tx.parse_line(text)
    planned, plain = Meter(), Meter()
    by_plan = search.psolve(planned.watch_planner(fl.planner(b)), q)
    by_bfs = search.bfsolve(plain.watch(fl.puzzle(b)), q)
    assert by_plan is not None and by_bfs is not None
    return len(by_plan), planned.expanded, len(by_bfs), plain.expanded


def test_planning_on_the_examples() -> None:
    """Figures for docs/flipit.md: as short as breadth first, with fewer states."""
    assert measured(FIRST) == (4, 25, 4, 37)
    assert measured("BBB.BB") == (8, 93, 8, 106)


# --- text form -------------------------------------------------------------------------------


@given(boards(), st.sampled_from(["", " ", "\n", "\t "]))
def test_show_reads_back(bq: tuple[Board, Position], sep: str) -> None:
    b, q = bq
    text = sep.join(tx.show(b, q, sep=""))
    assert tx.parse_line(text) == (b, q)
    assert tx.parse(b, tx.show(b, q)) == q


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "3 to 64 positions, this text has 0"),
        (".B", "this text has 2"),
        ("." + "B" * 64, "this text has 65"),
        (".BBBBb", "unknown character 'b' at position 5"),
        (".BB.BB", "one space '.', this one has 2 (at 0, 3)"),
        ("BBBBBB", "has 0 (at none)"),
        (".BB1B", "unknown character '1' at position 3"),
    ],
)
def test_a_bad_line_is_a_board_error(text: str, says: str) -> None:
    with pytest.raises(BoardError, match=says.replace("(", r"\(").replace(")", r"\)")):
        tx.parse_line(text)


@pytest.mark.parametrize("cells", [1_000_000, 3_000_000])
def test_megabytes_of_board_text_are_one_line_errors(capsys: Capture, cells: int) -> None:
    huge = "." + "B" * (cells - 1)
    with pytest.raises(BoardError, match=f"3 to 64 positions, this text has {cells:,} cells"):
        tx.parse_line(huge)
    with pytest.raises(BoardError, match=f"12 positions, this text has {cells:,} cells"):
        tx.parse(fl.STAR, huge)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sys, "stdin", io.StringIO(huge))
        assert main(["solve", "flipit", "--board", "-"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and len(err) < 200


def test_line_sizes_are_checked() -> None:
    with pytest.raises(BoardError, match="3 to 64"):
        fl.line(2)
    assert fl.line(fl.MAX_CELLS).size == 64


# --- the description and the command line ----------------------------------------------------


def run(capsys: Capture, *argv: str) -> dict[str, object]:
    code = main([*argv, "--json", "--max-states", "100000", "--timeout", "60"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    obj = json.loads(out)
    assert isinstance(obj, dict)
    return obj


@pytest.mark.parametrize("method", ["bfs", "iddfs"])
def test_the_cli_solves_the_programs_line_in_4_moves(capsys: Capture, method: str) -> None:
    obj = run(capsys, "solve", "flipit", "--method", method)
    assert obj["length"] == 4
    states = obj["states"]
    assert isinstance(states, list) and states[0] == FIRST and set(states[-1]) == {".", "W"}
    if method == "iddfs":
        assert obj["moves"] == [
            {"piece": 5, "to": 0, "over": [1, 2, 3, 4]},
            {"piece": 2, "to": 5, "over": [3, 4]},
            {"piece": 0, "to": 2, "over": [1]},
            {"piece": 5, "to": 0, "over": [1, 2, 3, 4]},
        ]
        assert states == FIRST_STATES


def test_the_cli_takes_a_board_and_the_cells_option(capsys: Capture) -> None:
    obj = run(capsys, "solve", "flipit", "--cells", "8")
    assert isinstance(obj["states"], list) and obj["states"][0] == ".BBBBBBB"
    assert obj["length"] == text_distances(white(8))[".BBBBBBB"]
    obj = run(capsys, "solve", "flipit", "--board", "B B B . B B")
    assert obj["length"] == 8


@pytest.mark.parametrize("cells", ["2", "65", "six", "٣", "²", "", "0" * 5000 + "6", "9" * 5000])
def test_a_bad_cells_option_is_one_line(capsys: Capture, cells: str) -> None:
    with pytest.raises(OptionError, match="--cells must be a whole number from 3 to 64"):
        describe.DESCRIPTION.default_text({"cells": cells})
    assert main(["solve", "flipit", "--cells", cells, "--board", FIRST]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and len(err) < 200
    assert "--cells must be a whole number from 3 to 64" in err


def test_the_cli_analyses_a_line(capsys: Capture) -> None:
    obj = run(capsys, "analyze", "flipit", "--board", "WWWWW.", "--from-start")
    distance = text_distances(["WWWWW."])
    assert (obj["states"], obj["max_distance"]) == (len(distance), max(distance.values()))


@pytest.mark.parametrize("board", [".BBB", FIRST, "BBB.BB", "W.WBBB", "WBW."])
def test_analysis_measures_the_boards_own_component(capsys: Capture, board: str) -> None:
    """From the solved positions within the board's reach, or from the board where it
    reaches none (.BBB reaches 4 positions, none solved), as a plain search finds."""
    component = text_distances([board])
    solved_within = [t for t in component if "B" not in t]
    obj = run(capsys, "analyze", "flipit", "--board", board)
    distance = text_distances(solved_within) if solved_within else component
    far = max(distance.values())
    assert obj["from"] == ("goals" if solved_within else "start")
    assert obj["states"] == len(component) == len(distance)
    assert obj["histogram"] == [sum(d == k for d in distance.values()) for k in range(far + 1)]
    farthest = obj["farthest"]
    assert isinstance(farthest, list)
    assert sorted(farthest) == sorted(t for t, d in distance.items() if d == far)


def test_four_positions_are_reachable_from_space_then_three_black() -> None:
    assert sorted(text_distances([".BBB"])) == [".BBB", "B.BW", "BW.B", "BWW."]


def test_the_examples_and_the_drawing() -> None:
    d = describe.DESCRIPTION
    assert list(d.examples) == ["all-black", "farthest"]
    assert d.examples["all-black"] == FIRST
    assert text_distances(white(6))[d.examples["farthest"]] == 8
    picture = d.drawing(FIRST)
    assert picture is not None and picture.count('class="cell"') == 6
    assert picture.count('class="piece black"') == 5 and picture.count('class="space"') == 1


def test_a_board_checks_its_lines() -> None:
    points = [(0.0, 0.0), (1.0, 0.0), (2.0, 0.0)]
    row = [[(0, 0), (1, 1), (2, 2)]]
    with pytest.raises(ValueError, match="ascending"):
        fl.board("back", [(2, 1, 0)], row, points)
    with pytest.raises(ValueError, match="ascending"):
        fl.board("off", [(0, 1, 3)], row, points)
    with pytest.raises(ValueError, match="ascending"):  # one bad line among good ones
        fl.board("one back", [(0, 1), (2, 1), (1, 2)], row, points)
    with pytest.raises(ValueError, match="share two positions"):
        fl.board("twice", [(0, 1, 2), (0, 1, 2)], row, points)
    assert fl.board("once", [(0, 1, 2)], row, points).jumps == {0: ((2, 0),), 1: (), 2: ((0, 2),)}


def test_a_board_refused_names_the_positions_its_lines_may_use() -> None:
    """A board's lines may use the positions ``0 .. size-1``; the refusal says so with
    the board's own last position."""
    points = [(float(c), 0.0) for c in range(4)]
    with pytest.raises(ValueError, match=r"^board 'off': every line lists positions 0\.\.3,"):
        fl.board("off", [(0, 1, 4)], [[(c, c) for c in range(4)]], points)


def test_a_line_is_drawn_under_its_name() -> None:
    """The drawing's title names the puzzle as its page does, Flip It, then the pieces."""
    b, q = tx.parse_line(FIRST)
    assert "<title>Flip It: 5 black, 0 white, the space at 0</title>" in draw.draw(b, q)


def test_the_chapters_solvers_of_the_model_solve_the_programs_line() -> None:
    """The model's own ``dfsolve`` and ``psolve`` (the chapter's wrappers): depth first
    some solution, planned one of 4 jumps (docs/flipit.md), each jump one the text
    model allows."""
    b, q = tx.parse_line(FIRST)
    for ms in (fl.dfsolve(b, q), fl.psolve(b, q)):
        assert ms is not None
        boards = [FIRST]
        for m in ms:
            q2 = fl.move(b, tx.parse(b, boards[-1]), m)
            assert tx.show(b, q2, sep="") in text_moves(boards[-1])
            boards.append(tx.show(b, q2, sep=""))
        assert "B" not in boards[-1]
    assert len(fl.psolve(b, q) or []) == 4


def test_idsolve_prunes_as_the_program_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """``idsolve`` never tries the jump straight back: it asks for the moves of as few
    states as iterative deepening with :func:`~pearls.puzzles.flipit.undoes`, and of
    fewer than without it (on the program's line, counted by calls of ``moves``)."""
    b, q = tx.parse_line(FIRST)
    asked: list[Position] = []
    moves = fl.moves

    def counted(b: Board, q: Position) -> Sequence[Move]:
        asked.append(q)
        return moves(b, q)

    monkeypatch.setattr(fl, "moves", counted)
    calls = []
    solvers: list[Callable[[], list[Move] | None]] = [
        lambda: fl.idsolve(b, q),
        lambda: idsolve(fl.puzzle(b), q, fl.undoes),
        lambda: idsolve(fl.puzzle(b), q),
    ]
    for solve in solvers:
        asked.clear()
        assert solve() == [(5, 0), (2, 5), (0, 2), (5, 0)]
        calls.append(len(asked))
    wrapper, pruned, plain = calls
    assert wrapper == pruned < plain


def test_no_premove_brings_the_space_where_it_can_never_go() -> None:
    """On a board of two lines that share no position, the space stays on its own line:
    a jump on the other line has no premoves (nor has a jump into the space itself),
    while one on its own line has the jump that brings the space there."""
    points = [(float(c), 0.0) for c in range(8)]
    two = fl.board("two", [(0, 1, 2, 3), (4, 5, 6, 7)], [[(c, c) for c in range(8)]], points)
    q = Position(0, 0b1111111)
    assert fl.premoves(two, q, (7, 4)) == []
    assert fl.premoves(two, q, (3, 0)) == []
    assert fl.premoves(two, q, (1, 3)) == [[(3, 0)]]
