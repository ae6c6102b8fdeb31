"""Rush Hour as players know it: the slide metric, walls, the database's text form,
clusters and generated puzzles.

The yardstick here is a second Rush Hour written apart from ``pearls``: a board is its
36 characters, a vehicle slides along its row or column cell by cell in (row, column)
arithmetic, and breadth-first searches over those strings give the distances and the
clusters.  The published counts it confirms, and ``pearls`` reproduces:

* ThinkFun's card 40, the chapter's p4: 51 moves (the issue; the chapter counts 81 steps);
* the example of Michael Fogleman's solver (its README): 49 moves;
* the board Fogleman's online player opens with (``web/app.js`` of his ``rush``
  repository, ``movesRequired = 60``), from his database, with a wall: 60 moves.

Fogleman's write-up ("Solving Rush Hour, the Puzzle", 2018) gives the hardest 6x6 position
without walls as 51 moves in a cluster of 24,132 positions; that board is not available
offline, and the board sometimes quoted with those numbers,
``IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM``, is the 60-move one above: both solvers find 60
slides in a cluster of 2,332 positions (see ``docs/rushhour-players.md``).
"""

from __future__ import annotations

import inspect
import json
import random
from collections import deque
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pyrsistent import pvector

from pearls import cli, search
from pearls.analysis import levels
from pearls.description import Settings
from pearls.errors import BoardError, LimitReached, OptionError
from pearls.limits import Meter
from pearls.puzzles import rushhour as rh
from pearls.puzzles import rushhour_players as rp
from pearls.puzzles.rushhour import Grid, Move
from pearls.puzzles.rushhour import text as rt
from pearls.puzzles.rushhour_players import Metric, Walls, clusters
from pearls.puzzles.rushhour_players import generate as gen
from pearls.puzzles.rushhour_players import text as pt
from pearls.puzzles.rushhour_players.describe import DESCRIPTION

Capture = pytest.CaptureFixture[str]

CARD_40 = rt.show(rh.p4, sep="")
README = "BBBCDEFGGCDEF.AADEHHI....JI.KK.JLLMM"  # Fogleman's rush README: 49 moves
PLAYER = "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM"  # his online player's board: 60 moves

STATES = 60_000  # expansions one search or analysis here may make before LimitReached

# Whole searches per example: a tenth of the profile's count, at least a few.
FEW = max(5, settings().max_examples // 10)


def meter() -> Meter:
    return Meter(max_states=STATES, timeout=60)


# --- the yardstick: boards as strings ------------------------------------------------------


def pieces(board: str) -> dict[str, list[int]]:
    """Each vehicle's squares (0..35, row by row), by letter."""
    found: dict[str, list[int]] = {}
    for i, char in enumerate(board):
        if char not in ".ox":
            found.setdefault(char, []).append(i)
    return found


def neighbours(board: str) -> Iterator[str]:
    """The boards one slide away: a vehicle moved any number of squares along its line
    over empty squares ('.' or 'o'), never onto a wall 'x' or off the board."""
    for char, squares in pieces(board).items():
        stride = 1 if squares[1] - squares[0] == 1 else 6
        for sign in (1, -1):
            cells, now = list(board), list(squares)
            while True:
                lead = now[-1] + stride if sign == 1 else now[0] - stride
                if not 0 <= lead < 36 or (stride == 1 and lead // 6 != now[0] // 6):
                    break
                if board[lead] not in ".o":
                    break
                tail = now[0] if sign == 1 else now[-1]
                cells[lead], cells[tail] = char, "."
                now = [s + sign * stride for s in now]
                yield "".join(cells)


def is_solved(board: str) -> bool:
    return board[16] == board[17] == "A"


def plain(board: str) -> str:
    return "".join(board.split()).replace("o", ".")


def slides_to_exit(board: str) -> int | None:
    """The fewest slides from the board to a solved one, breadth first (None: never)."""
    level, seen, count = [plain(board)], {plain(board)}, 0
    while level:
        if any(is_solved(b) for b in level):
            return count
        level = list({a: None for b in level for a in neighbours(b) if a not in seen})
        seen.update(level)
        count += 1
    return None


def slide_distances(board: str) -> tuple[int, dict[str, int]]:
    """The size of the board's cluster, and each member's slides from the nearest
    solved member (none when no member is solved)."""
    start = plain(board)
    seen, queue = {start}, deque([start])
    while queue:
        for after in neighbours(queue.popleft()):
            if after not in seen:
                seen.add(after)
                queue.append(after)
    distance = {b: 0 for b in seen if is_solved(b)}
    queue = deque(distance)
    while queue:
        b = queue.popleft()
        for after in neighbours(b):
            if after not in distance:
                distance[after] = distance[b] + 1
                queue.append(after)
    return len(seen), distance


# --- known counts ---------------------------------------------------------------------------


def solve(text: str, metric: Metric) -> list[Move] | None:
    board = pt.parse(text)
    return search.bfsolve(meter().watch(rp.puzzle(metric, board.walls)), board.grid)


def test_card_40_takes_51_slides_and_81_steps() -> None:
    assert len(solve(CARD_40, "slides") or []) == 51
    assert len(solve(CARD_40, "steps") or []) == 81
    size, distance = slide_distances(CARD_40)
    assert (size, distance[plain(CARD_40)]) == (4_780, 51)


def test_fogleman_readme_example_takes_49_slides() -> None:
    assert len(solve(README, "slides") or []) == 49
    assert slides_to_exit(README) == 49


def test_fogleman_player_board_with_a_wall_takes_60_slides_in_a_cluster_of_2332() -> None:
    board = pt.parse(PLAYER)
    assert board.walls == frozenset({4})
    assert len(solve(PLAYER, "slides") or []) == 60
    analysis = clusters.cluster(meter().watch(rp.puzzle("slides", board.walls)), board.grid)
    assert (analysis.states, analysis.max_distance) == (2_332, 60)
    assert board.grid in analysis.farthest
    size, distance = slide_distances(PLAYER)
    assert (size, distance[plain(PLAYER)], max(distance.values())) == (2_332, 60, 60)
    assert list(analysis.histogram) == [
        sum(1 for d in distance.values() if d == k) for k in range(61)
    ]


def test_the_wall_matters() -> None:
    """Without its wall, the player's board is easy: the wall is no empty cell."""
    open_board = PLAYER.replace("x", "o")
    assert len(solve(open_board, "slides") or []) == slides_to_exit(open_board)
    assert len(solve(open_board, "slides") or []) < 60


# --- boards for the properties --------------------------------------------------------------


@st.composite
def walled(
    draw: st.DrawFn, starts: tuple[Grid, ...] = (rh.g1, rh.p2, rh.p3, rh.p4), max_moves: int = 30
) -> tuple[Grid, Walls]:
    """A book example after a random walk, with up to three walls on free cells."""
    g = draw(st.sampled_from(starts))
    for _ in range(draw(st.integers(0, max_moves))):
        g = rh.move(g, draw(st.sampled_from(rh.moves(g))))
    free = rh.freecells(g)
    walls = draw(st.lists(st.sampled_from(free), max_size=3, unique=True))
    return g, frozenset(walls)


@st.composite
def sparse(draw: st.DrawFn) -> tuple[Grid, Walls]:
    """A random board of a few vehicles and walls: clusters of at most some ten thousand
    positions (12,500 the largest of 3,000 tried), some unsolvable."""
    rng = random.Random(draw(st.integers(0, 10**6)))
    cars, trucks, walls = draw(st.integers(0, 4)), draw(st.integers(0, 1)), draw(st.integers(0, 3))
    board = gen.random_board(rng, cars, trucks, walls)
    if board is None:
        return rt.grid([(15, 16)]), rp.NO_WALLS
    return board.grid, board.walls


boards = walled() | sparse()
modest = walled(starts=(rh.p3,)) | sparse()  # clusters of at most 1,366 positions (p3's)


def text_of(g: Grid, walls: Walls) -> str:
    return pt.database(g, walls)


# --- moves --------------------------------------------------------------------------------


@given(boards)
def test_slides_agree_with_the_yardstick(board: tuple[Grid, Walls]) -> None:
    g, walls = board
    after = sorted(plain(pt.database(rp.slide(g, m), walls)) for m in rp.slides(g, walls))
    assert after == sorted(neighbours(plain(pt.database(g, walls))))


@given(boards)
def test_a_slide_is_the_chapters_steps_along_the_way(board: tuple[Grid, Walls]) -> None:
    g, walls = board
    for m in rp.slides(g, walls):
        h = g
        for step in rh.expand(g, m):
            assert step in rp.steps(h, walls)
            h = rh.move(h, step)
        assert h == rp.slide(g, m)


def test_a_slide_is_its_equation_onto_every_cell_of_the_vehicles_line() -> None:
    """``slide g (v, c) = foldl move g (expand g (v, c))`` for every place a car or a
    truck can stand, alone on the board, and every cell of its row or column: the cells
    it covers included, where ``expand`` has no steps and nothing moves."""
    places = [
        (r, r + d)
        for r in rh.allcells
        for d in (1, 2, 7, 14)
        if set(range(r, r + d + 1, 1 if d < 7 else 7)) <= set(rh.allcells)
    ]
    assert len(places) == 108
    for span in places:
        g = pvector([span])  # vehicle 0 anywhere: slide and move do not care
        r, f = span
        line = range(r - r % 7 + 1, r - r % 7 + 7) if f - r < 7 else range(r % 7 or 7, 42, 7)
        for c in line:
            h = g
            for step in rh.expand(g, (0, c)):
                h = rh.move(h, step)
            assert rp.slide(g, (0, c)) == h, (span, c)


@given(boards)
def test_no_move_enters_a_wall_and_walls_never_move(board: tuple[Grid, Walls]) -> None:
    g, walls = board
    for metric in rp.METRICS:
        p = rp.puzzle(metric, walls)
        for m in p.moves(g):
            h = p.move(g, m)
            assert walls.isdisjoint(rh.occupied(h))
            assert rt.grid(h) == h
            assert set(rp.freecells(h, walls)) | set(rh.occupied(h)) | walls == set(rh.allcells)


@given(walled())
def test_without_walls_steps_are_the_chapters_moves(board: tuple[Grid, Walls]) -> None:
    g, _ = board
    assert rp.steps(g) == rh.moves(g)
    assert rp.freecells(g) == rh.freecells(g)
    for m in rh.moves(g):
        assert rp.premoves(g, m) == ([] if m in rh.moves(g) else rh.premoves(g, m))
    assert rp.newplans(g, rh.goalmoves(g)) == rh.newplans(g, rh.goalmoves(g))
    assert tuple(rp.planner().goalmoves(g)) == tuple(rh.planner.goalmoves(g))


@given(boards)
def test_premoves_never_move_a_wall_nor_cross_one(board: tuple[Grid, Walls]) -> None:
    g, walls = board
    for metric in rp.METRICS:
        for c in rh.allcells:
            for m in [(0, c), *((v, c) for v in range(1, len(g)))]:
                for way in rp.premoves(g, m, walls, metric):
                    for v, target in way:
                        assert v < len(g)
                        assert target not in walls
                        path = rh.expand(g, (v, target))
                        assert all(cell not in walls for _, cell in path)


@given(boards, st.data())
def test_newplans_start_legal_and_keep_the_rest_of_the_plan(
    board: tuple[Grid, Walls], data: st.DataObject
) -> None:
    """Whatever the plan, in either metric: each new plan's first move is legal now, and
    each ends with the plan's moves after its first, as ``mkplans`` only puts premoves
    in front."""
    g, walls = board
    metric: Metric = data.draw(st.sampled_from(rp.METRICS))
    legal = rp.puzzle(metric, walls).moves(g)

    @st.composite
    def planned(draw: st.DrawFn) -> Move:
        v = draw(st.integers(0, len(g) - 1))
        r, f = g[v]
        line = (
            [c for c in rh.allcells if c // 7 == r // 7]
            if f - r < 7
            else rh.allcells[r % 7 - 1 :: 6]
        )
        return v, draw(st.sampled_from(line))

    plan = tuple(data.draw(st.lists(planned(), min_size=1, max_size=3)))
    for new in rp.newplans(g, plan, walls, metric):
        assert new[0] in legal
        assert new[len(new) - len(plan) + 1 :] == plan[1:]


def test_newplans_pass_over_a_move_already_made() -> None:
    """A planned move whose vehicle already covers its cell (a premove took it there) is
    passed over, and the plan goes on with its next move if that is legal in the metric:
    here the car A alone in its row, at its left end, planned onto its own front."""
    g = rt.grid([(15, 16)])
    assert rp.newplans(g, ((0, 16), (0, 20)), metric="slides") == [((0, 20),)]
    assert rp.newplans(g, ((0, 16), (0, 17), (0, 18))) == [((0, 17), (0, 18))]
    # four cells at once is no step, and with nothing in the way there is nothing to clear
    assert rp.newplans(g, ((0, 16), (0, 20))) == []


def test_the_models_defaults_are_the_chapters_steps_without_walls() -> None:
    """Told nothing, every function of the model plays the chapter's game, and its
    signature (which the reference pages show) says so."""
    functions: list[Callable[..., object]] = [rp.freecells, rp.steps, rp.slides, rp.puzzle]
    for function in [*functions, rp.premoves, rp.newplans, rp.planner, rp.bfsolve, rp.psolve]:
        parameters = inspect.signature(function).parameters
        assert parameters["walls"].default == rp.NO_WALLS
        if "metric" in parameters:
            assert parameters["metric"].default == "steps"


# --- the solvers in slides -----------------------------------------------------------------


def replay(g: Grid, walls: Walls, metric: Metric, plan: list[Move]) -> Grid:
    p = rp.puzzle(metric, walls)
    for m in plan:
        assert m in p.moves(g), f"{m} is not a legal {metric} move in {g}"
        g = p.move(g, m)
    return g


@settings(max_examples=FEW)
@given(modest)
def test_slide_solutions_replay_and_are_no_longer_than_step_solutions(
    board: tuple[Grid, Walls],
) -> None:
    g, walls = board
    _, distance = slide_distances(pt.database(g, walls))
    shortest = {m: solve(pt.database(g, walls), m) for m in rp.METRICS}
    expected = distance.get(plain(pt.database(g, walls)))
    if expected is None:
        assert shortest == {"steps": None, "slides": None}
        return
    slides, steps = shortest["slides"], shortest["steps"]
    assert slides is not None and steps is not None
    assert len(slides) == expected <= len(steps)
    assert rh.solved(replay(g, walls, "slides", slides))
    assert rh.solved(replay(g, walls, "steps", steps))


@settings(max_examples=FEW)
@given(modest)
def test_plans_in_either_metric_replay_and_never_beat_bfs(board: tuple[Grid, Walls]) -> None:
    g, walls = board
    for metric in rp.METRICS:
        planned = search.psolve(meter().watch_planner(rp.planner(metric, walls)), g)
        shortest = solve(pt.database(g, walls), metric)
        assert (planned is None) == (shortest is None)
        if planned is not None and shortest is not None:
            assert len(planned) >= len(shortest)
            assert rh.solved(replay(g, walls, metric, planned))


@pytest.mark.parametrize("name", ["g1", "p1", "p2", "p3", "p4"])
def test_the_chapters_examples_in_slides(name: str) -> None:
    g = getattr(rh, name)
    slides = solve(rt.show(g), "slides")
    planned = search.psolve(meter().watch_planner(rp.planner("slides")), g)
    assert slides is not None and planned is not None
    assert len(slides) == slides_to_exit(rt.show(g))
    assert len(slides) <= len(planned)
    assert rh.solved(replay(g, rp.NO_WALLS, "slides", planned))


MEASURED = {"g1": (34, 24), "p1": (34, 24), "p2": (18, 10), "p3": (55, 32), "p4": (81, 51)}


@pytest.mark.parametrize("name", MEASURED)
def test_steps_and_slides_on_the_chapters_examples(name: str) -> None:
    """The table of docs/rushhour-players.md."""
    text = rt.show(getattr(rh, name))
    assert (len(solve(text, "steps") or []), len(solve(text, "slides") or [])) == MEASURED[name]


# psolve's moves and the states it expands, in steps and in slides: the table of
# docs/rushhour-players.md (measured with a Meter).
PLANNED = {"g1": ((38, 169), (33, 1_314)), "p2": ((27, 41), (17, 24)), "p3": ((67, 529), (44, 513))}


@pytest.mark.parametrize("name", PLANNED)
def test_planning_in_either_metric_as_the_page_measures_it(name: str) -> None:
    """Planning in steps is the chapter's (its goal moves, one cell at a time); in
    slides its goal is one slide to the exit, a premove one slide, and a planned slide
    kept whole: each its own number of moves and of states expanded."""
    g = getattr(rh, name)
    found = []
    for metric in rp.METRICS:
        watched = meter()
        planned = search.psolve(watched.watch_planner(rp.planner(metric)), g)
        assert planned is not None and rh.solved(replay(g, rp.NO_WALLS, metric, planned))
        found.append((len(planned), watched.expanded))
    assert tuple(found) == PLANNED[name]


def test_the_slides_plan_drives_the_special_car_out_in_one_slide() -> None:
    """``goalslides``: one slide of the special car onto the exit, nothing once it is
    there."""
    assert rp.goalslides(rh.g1) == ((0, rh.EXIT),)
    out = rp.slide(rh.g1, (0, 16))
    assert rp.goalslides(out) == ((0, rh.EXIT),)
    assert rp.goalslides(rt.grid([(19, 20)])) == ()


def test_walls_can_make_a_board_unsolvable() -> None:
    board = pt.parse("...... ...... AA..x. ...... ...... ......")
    assert solve("...... ...... AA..x. ...... ...... ......", "slides") is None
    assert rp.premoves(board.grid, (0, 20), board.walls, "slides") == []
    assert (
        search.psolve(meter().watch_planner(rp.planner("slides", board.walls)), board.grid) is None
    )


def test_the_models_own_solvers_keep_the_walls() -> None:
    """``bfsolve`` and ``psolve`` of the model, the chapter's wrappers, search around
    the walls they are given: a wall in the special car's way leaves no solution, in
    either metric, where the open board takes one slide or two steps."""
    board = pt.parse("...... ...... AA..x. ...... ...... ......")
    for metric in rp.METRICS:
        assert rp.bfsolve(board.grid, metric, board.walls) is None
        assert rp.psolve(board.grid, metric, board.walls) is None
    assert rp.bfsolve(board.grid, "slides") == [(0, rh.EXIT)]
    assert rp.bfsolve(board.grid) == [(0, 17), (0, 18), (0, 19), (0, 20)]


def test_the_models_psolve_plans_in_steps_unless_told_slides() -> None:
    """``psolve`` of the model, as the page's table has it for p2: 27 steps, or 17
    slides, each replayed."""
    steps, slides = rp.psolve(rh.p2), rp.psolve(rh.p2, "slides")
    assert steps is not None and rh.solved(replay(rh.p2, rp.NO_WALLS, "steps", steps))
    assert slides is not None and rh.solved(replay(rh.p2, rp.NO_WALLS, "slides", slides))
    assert (len(steps), len(slides)) == (27, 17)


# --- clusters -----------------------------------------------------------------------------


@settings(max_examples=FEW)
@given(modest, st.data())
def test_cluster_distances_agree_with_bfs_from_each_position(
    board: tuple[Grid, Walls], data: st.DataObject
) -> None:
    g, walls = board
    for metric in rp.METRICS:
        p = rp.puzzle(metric, walls)
        analysis = clusters.cluster(meter().watch(p), g)
        members = [q for level in levels(p, [g]) for q in level]
        assert analysis.states == len(members)
        if analysis.max_distance < 0:
            assert not any(rh.solved(q) for q in members)
            continue
        assert sum(analysis.histogram) == len(members)
        goals = [q for q in members if rh.solved(q)]
        by_level = {q: d for d, level in enumerate(levels(p, goals)) for q in level}
        for q in data.draw(st.lists(st.sampled_from(members), max_size=2)):
            assert len(search.bfsolve(meter().watch(p), q) or []) == by_level[q]
        for q in analysis.farthest[:2]:
            assert len(search.bfsolve(meter().watch(p), q) or []) == analysis.max_distance


# --- text forms ---------------------------------------------------------------------------


@given(boards, st.sampled_from(["\n", "", " "]))
def test_the_text_forms_read_back(board: tuple[Grid, Walls], sep: str) -> None:
    g, walls = board
    for text in (pt.database(g, walls), pt.show(g, walls, sep=sep)):
        read = pt.parse(text)
        assert (read.grid, read.walls) == (g, walls)
        assert pt.show(read.grid, read.walls, sep="", letters=read.letters, empty=read.empty) == (
            "".join(text.split())
        )
    assert pt.parse(f"17 {pt.database(g, walls)} 2").grid == g
    assert pt.database(g, walls).replace("o", ".") == pt.show(g, walls, sep="")


def test_the_forms_of_one_board() -> None:
    board = pt.parse(PLAYER)
    assert pt.show(board.grid, board.walls, letters=board.letters, empty="o", sep="") == PLAYER
    grid6 = pt.show(board.grid, board.walls, letters=board.letters)
    assert grid6.splitlines()[0] == "IBBx.."
    assert pt.parse(grid6)._replace(empty="o") == board
    assert pt.database(board.grid, board.walls) == "HBBxooHooKCCIAAKooIoJDDLEEJooLFFGGGL"
    assert pt.parse(pt.database(board.grid, board.walls)).grid == board.grid


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("x" * 36, "no special car"),
        (PLAYER[:-1], "a board has 36 cells"),
        (PLAYER.replace("x", "X"), "covers 1 cell"),
        ("60 " + PLAYER + " 2332 9", "this text has 43"),
    ],
)
def test_bad_boards_say_why(text: str, message: str) -> None:
    with pytest.raises(BoardError, match=message):
        pt.parse(text)


def test_records_keep_the_databases_numbers() -> None:
    batch = [
        "# moves board cluster",
        f"60 {PLAYER} 2332",
        "",
        CARD_40,
        *rt.show(rh.p2).splitlines(),
        "AA....",
    ]
    found = list(pt.records(batch))
    assert [r.fields for r in found] == [
        {"line": 2, "database_moves": 60, "database_cluster": 2332},
        {"line": 4},
        {"line": 5},
        {"line": 11},
    ]
    assert [r.text for r in found[:3]] == [PLAYER, CARD_40, rt.show(rh.p2, sep="")]
    with pytest.raises(BoardError):
        pt.parse(found[3].text)


def test_a_bad_line_of_a_batch_is_a_record_of_its_own() -> None:
    batch = ["g1", "AAxx", CARD_40, "...... ......", *rt.show(rh.p2).splitlines(), "#", "BB...."]
    found = list(pt.records(batch))
    assert [(r.fields["line"], r.text) for r in found] == [
        (1, "g1"),
        (2, "AAxx"),
        (3, CARD_40),
        (4, "...... ......"),
        (5, rt.show(rh.p2, sep="")),
        (12, "BB...."),
    ]


# --- generation -----------------------------------------------------------------------------


def test_generated_puzzles_are_their_clusters_hardest_and_seeded() -> None:
    settings = Settings(gen.OPTIONS, {"cars": "4", "trucks": "2", "walls": "1", "tries": "2"})
    made = [g for _, g in zip(range(3), gen.generate(settings, 5, meter()), strict=False)]
    again = [g for _, g in zip(range(3), gen.generate(settings, 5, meter()), strict=False)]
    assert [m.fields for m in made] == [m.fields for m in again]
    assert [m.fields["boards"] for m in made] == [2, 4, 6]
    for m in made:
        text = m.fields["board"]
        assert isinstance(text, str) and text == m.text
        board = pt.parse(text)
        assert (len(board.grid), len(board.walls)) == (7, 1)
        size, distance = slide_distances(text)
        assert (m.fields["slides"], m.fields["cluster"]) == (distance[plain(text)], size)
        assert m.fields["slides"] == max(distance.values())
        assert m.picture == pt.show(board.grid, board.walls)


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"cars": "12", "trucks": "4"}, "do not fit"),
        ({"cars": "20"}, "--cars must be a whole number from 0 to 17, not '20'"),
        ({"trucks": "many"}, "--trucks must be a whole number from 0 to 11, not 'many'"),
        ({"cars": "²"}, "--cars must be a whole number from 0 to 17, not '²'"),
        ({"walls": "٣"}, "--walls must be a whole number from 0 to 34, not '٣'"),
        ({"walls": "-1"}, "--walls must be a whole number from 0 to 34, not '-1'"),
        ({"tries": "9" * 5_000}, "--tries must be .* not a value of 5,000 characters$"),
        ({"tries": "0"}, "--tries must be a whole number from 1 to 999999, not '0'"),
    ],
)
def test_generate_refuses_impossible_settings(settings: dict[str, str], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        next(gen.generate(Settings(gen.OPTIONS, settings), 0, meter()))


def test_generate_stops_at_the_meters_limit() -> None:
    with pytest.raises(LimitReached):
        list(gen.generate(Settings(gen.OPTIONS), 0, Meter(max_states=2_000)))


# --- the command line ----------------------------------------------------------------------


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command line offers the players' Rush Hour, whatever the registry says."""
    monkeypatch.setattr(cli, "PUZZLES", {"rushhour": DESCRIPTION})


def run(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    code = cli.main([*argv, "--max-states", str(STATES), "--timeout", "60"])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.usefixtures("registered")
def test_cli_solves_a_database_board_with_a_wall_in_slides(capsys: Capture) -> None:
    code, out, err = run(
        capsys, "solve", "rushhour", "--board", PLAYER, "--metric", "slides", "--json"
    )
    answer = json.loads(out)
    assert (code, err) == (0, "")
    assert answer["length"] == 60
    assert answer["states"][0] == PLAYER
    assert all(s.count("x") == 1 and s[3] == "x" for s in answer["states"])
    assert is_solved(plain(answer["states"][-1]))
    for before, after in zip(answer["states"], answer["states"][1:], strict=False):
        assert plain(after) in set(neighbours(plain(before)))


@pytest.mark.usefixtures("registered")
def test_cli_metric_defaults_to_the_chapters_steps(capsys: Capture) -> None:
    code, out, _ = run(capsys, "solve", "rushhour", "--example", "p2", "--json")
    assert (code, json.loads(out)["length"]) == (0, 18)
    code, out, _ = run(capsys, "solve", "rushhour", "--example", "p2", "--metric", "slides")
    assert code == 0
    assert "move 1: " in out and out.splitlines()[-1].startswith("solved in 10 moves")


@pytest.mark.usefixtures("registered")
def test_cli_batch_reports_the_databases_numbers_beside_ours(
    capsys: Capture, tmp_path: Path
) -> None:
    batch = tmp_path / "rush.txt"
    batch.write_text(f"60 {PLAYER} 2332\n51 {pt.database(rh.p4)} 4780\n", encoding="utf-8")
    code, out, err = run(
        capsys, "solve", "rushhour", "--batch", str(batch), "--metric", "slides", "--json"
    )
    lines = [json.loads(line) for line in out.splitlines()]
    assert (code, err) == (0, "")
    assert [(x["database_moves"], x["length"]) for x in lines] == [(60, 60), (51, 51)]


@pytest.mark.usefixtures("registered")
@pytest.mark.parametrize("metric", rp.METRICS)
def test_cli_analyze_finds_the_whole_cluster(capsys: Capture, metric: str) -> None:
    code, out, _ = run(
        capsys, "analyze", "rushhour", "--board", PLAYER, "--metric", metric, "--json"
    )
    survey = json.loads(out)
    assert (code, survey["states"]) == (0, 2_332)
    assert sum(survey["histogram"]) == 2_332
    if metric == "slides":
        _, distance = slide_distances(PLAYER)
        assert survey["histogram"] == [
            sum(d == k for d in distance.values()) for k in range(max(distance.values()) + 1)
        ]
        assert (survey["max_distance"], survey["farthest"]) == (60, [PLAYER])


@pytest.mark.usefixtures("registered")
def test_cli_generate_prints_board_length_and_cluster(capsys: Capture) -> None:
    argv = ["generate", "rushhour", "--cars", "4", "--trucks", "2", "--walls", "1", "--json"]
    code, out, _ = run(capsys, *argv, "--count", "2", "--seed", "3")
    made = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(made) == 2
    for m in made:
        size, distance = slide_distances(m["board"])
        assert (m["slides"], m["cluster"]) == (distance[plain(m["board"])], size)


GENERATING = ("--cars", "--trucks", "--walls", "--tries")


@pytest.mark.parametrize("command", ["solve", "analyze", "generate"])
def test_each_command_offers_its_own_options(capsys: Capture, command: str) -> None:
    assert cli.main([command, "rushhour", "--help"]) == 0
    shown = capsys.readouterr().out
    generating = command == "generate"
    assert all((f"[{option} N]" in shown) == generating for option in GENERATING)
    assert ("[--metric {steps,slides}]" in shown) != generating


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "rushhour", "--cars", "3"], "unrecognized arguments: --cars 3"),
        (["generate", "rushhour", "--metric", "slides"], "unrecognized arguments: --metric"),
        (["generate", "rushhour", "--cars", "²"], "--cars must be a whole number from 0 to 17"),
        (["generate", "rushhour", "--walls", "9" * 5_000], "--walls must be a whole number from"),
        (["solve", "rushhour", "--board", "." * 100_000], "at most 10,000 characters"),
        (["solve", "rushhour", "--board", f"{'5' * 5_000} {PLAYER} 1"], "has 5,000 digits"),
    ],
)
def test_bad_values_get_one_line_and_exit_2(capsys: Capture, argv: list[str], message: str) -> None:
    code = cli.main(argv)
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and message in err and "Traceback" not in err
