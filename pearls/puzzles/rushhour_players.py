"""Rush Hour as players know it, on the chapter's grid and with the chapter's combinators.

The chapter (:mod:`pearls.puzzles.rushhour`) counts one-cell steps on a board of vehicles
alone.  Players, the puzzle cards and Michael Fogleman's database of every interesting
6x6 position ("Solving Rush Hour, the Puzzle", 2018) count a move as one vehicle slid any
distance, and the database's boards may hold walls: fixed one-cell blocks.  This module
adds both without touching the chapter's equations:

* a **metric** chooses the move model over the same :data:`~pearls.puzzles.rushhour.Grid`:
  ``"steps"`` (the chapter's :func:`~pearls.puzzles.rushhour.moves`) or ``"slides"``,
  where a move ``(v, c)`` slides vehicle ``v`` until its leading end lands on ``c``, any
  number of free cells away (the chapter's ``expand`` read as one move);
* **walls** are part of the problem, not of the state: a frozenset of cells, fixed for a
  puzzle and captured by its functions, so a state is still the chapter's grid, and the
  positions of a walled board hash and compare as fast as any other;
* the **text forms**: the chapter's 6x6 grid with ``.`` and the database's 36 characters
  (``o`` empty, ``x`` a wall, ``A`` the special car, other letters vehicles), read alike;
  a database record ``moves board cluster-size`` reads as its board, and a batch file of
  records keeps the database's numbers next to ours;
* **clusters**: every position reachable from a board, each at its distance from the
  nearest solved position (breadth first from all solved positions at once);
* **generation**: random legal boards, each cluster's hardest position kept.

>>> board = parse("IBBxoo IooLDD JAALoo JoKEEM FFKooM GGHHHM")
>>> sorted(board.walls), board.letters
([4], 'AIBLDJKEMFGH')
>>> len(bfsolve(rushhour.p4, "slides") or []), len(bfsolve(rushhour.p4, "steps") or [])
(51, 81)

The chapter's module stays the chapter: its names and numbers (Table 18.1) are untouched,
and with no walls and the step metric everything here agrees with it move for move.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from typing import Literal, NamedTuple, TypeAlias

from pyrsistent import pvector

from pearls import methods, search
from pearls.analysis import Analysis, analyze, levels
from pearls.description import (
    JSON,
    NO_SETTINGS,
    Generated,
    Option,
    Problem,
    Record,
    Settings,
)
from pearls.errors import BoardError
from pearls.limits import Meter
from pearls.puzzles import rushhour
from pearls.puzzles.rushhour import EXIT, LETTERS, Cell, Grid, Move, Span
from pearls.search import mkplans
from pearls.types import M, Path, Plan, Planner, Puzzle, S

__all__ = [
    "DESCRIPTION",
    "METRICS",
    "NO_WALLS",
    "Board",
    "Metric",
    "Walls",
    "bfsolve",
    "cluster",
    "database",
    "freecells",
    "generate",
    "goalslides",
    "metric",
    "newplans",
    "parse",
    "planner",
    "premoves",
    "problem",
    "psolve",
    "puzzle",
    "random_board",
    "records",
    "repeats",
    "show",
    "slide",
    "slides",
    "solved_members",
    "steps",
    "words",
]

Walls: TypeAlias = frozenset[Cell]  # fixed one-cell blocks, e.g. frozenset({4})
Metric: TypeAlias = Literal["steps", "slides"]  # what one move is, e.g. "slides"

NO_WALLS: Walls = frozenset()
METRICS: tuple[Metric, ...] = ("steps", "slides")

_BOARD = frozenset(rushhour.allcells)


def metric(name: str) -> Metric:
    """The metric a name gives, checked.

    >>> metric("slides")
    'slides'
    """
    if name == "steps":
        return "steps"
    if name == "slides":
        return "slides"
    raise BoardError(f"a metric is 'steps' or 'slides', not {name!r}")


# --- The three functions, in either metric, around walls ---------------------------------


def _taken(g: Grid, walls: Walls) -> set[Cell]:
    """The cells covered by a vehicle or a wall."""
    taken = set(walls)
    for r, f in g:
        taken.update(range(r, f + 1, 1 if r > f - 7 else 7))
    return taken


def freecells(g: Grid, walls: Walls = NO_WALLS) -> list[Cell]:
    """The empty cells, ascending: the chapter's ``freecells`` less the walls.

    ``freecells walls g = allcells \\\\ (walls `union` occupied g)``

    >>> freecells(rushhour.g1), freecells(rushhour.g1, frozenset({16, 39}))
    ([16, 22, 23, 29, 30, 32, 39], [22, 23, 29, 30, 32])
    """
    taken = _taken(g, walls)
    return [c for c in rushhour.allcells if c not in taken]


def steps(g: Grid, walls: Walls = NO_WALLS) -> list[Move]:
    """The chapter's moves, one cell each, on a board with walls.

    ``steps walls g = [(v, c) | (v, i) <- zip [0..] g, c <- adjs i, c ∈ freecells walls g]``

    >>> steps(rushhour.g1) == rushhour.moves(rushhour.g1)
    True
    >>> steps(rushhour.g1, frozenset({16}))
    [(1, 22), (8, 23), (10, 32), (12, 39)]
    """
    free = _BOARD - _taken(g, walls)
    return [(v, c) for v, span in enumerate(g) for c in rushhour.adjs(span) if c in free]


def _reach(span: Span, free: frozenset[Cell] | set[Cell]) -> list[Cell]:
    """The cells a vehicle's leading end can slide onto: forwards, nearest first, then
    backwards, each way until the first cell that is not free."""
    r, f = span
    step = 1 if rushhour.horizontal(span) else 7
    ahead, behind = [], []
    c = f + step
    while c in free:
        ahead.append(c)
        c += step
    c = r - step
    while c in free:
        behind.append(c)
        c -= step
    return ahead + behind


def slides(g: Grid, walls: Walls = NO_WALLS) -> list[Move]:
    """The legal slides: vehicle by vehicle, forwards (nearest first) before backwards.
    A slide ``(v, c)`` takes vehicle ``v`` until its front (forwards) or its rear
    (backwards) is on ``c``, over free cells only.

    ``slides walls g = [(v, c) | (v, i) <- zip [0..] g, c <- reach i]``, where ``reach``
    runs from each end of ``i`` along its line while the cells are in ``freecells walls g``.

    >>> slides(rushhour.g1)[:6]  # B down 1 or 2, C down 1 or 2 or 3
    [(0, 16), (1, 22), (1, 29), (2, 16), (2, 23), (2, 30)]
    """
    free = _BOARD - _taken(g, walls)
    return [(v, c) for v, span in enumerate(g) for c in _reach(span, free)]


def slide(g: Grid, m: Move) -> Grid:
    """The grid after a slide: the chapter's one-cell moves along the way, at once.

    ``slide g (v, c) = foldl move g (expand g (v, c))``

    >>> slide(rushhour.g1, (1, 29))[1], slide(rushhour.g1, (0, 16))[0]
    ((15, 29), (16, 17))
    """
    v, c = m
    r, f = g[v]
    return g.set(v, (c - (f - r), c) if c > f else (c, c + (f - r)))


def puzzle(metric: Metric = "steps", walls: Walls = NO_WALLS) -> Puzzle[Grid, Move]:
    """Rush Hour in a metric, around walls; ``solved`` is the chapter's.

    >>> len(search.bfsolve(puzzle("slides"), rushhour.g1) or [])
    24
    """
    if metric == "slides":
        return Puzzle(lambda g: slides(g, walls), slide, rushhour.solved)
    return Puzzle(lambda g: steps(g, walls), rushhour.move, rushhour.solved)


# --- Planning, in either metric, around walls ----------------------------------------------


def goalslides(g: Grid) -> Plan[Move]:
    """Drive the special car to the exit in one slide: ``[(0, 20)]`` unless solved.

    >>> goalslides(rushhour.g1), goalslides(slide(rushhour.g1, (0, 20)))
    (((0, 20),), ())
    """
    return () if rushhour.solved(g) else ((0, EXIT),)


def _crosses(way: Sequence[Move], walls: Walls) -> bool:
    """Whether one of a way's one-cell moves lands on a wall."""
    return any(c in walls for _, c in way)


def premoves(
    g: Grid, m: Move, walls: Walls = NO_WALLS, metric: Metric = "steps"
) -> list[list[Move]]:
    """The ways of clearing the first cell that move ``m`` needs and finds taken.

    The chapter's ``premoves g (v, c) = freeingmoves c (blocker g c)``, with three
    changes: a slide needs every cell of ``expand g (v, c)``, so the first taken one is
    cleared; a wall is never moved (a move that needs a wall's cell has no premoves);
    and a way that would run a vehicle into a wall is no way.  In slides, each way is
    one slide, to the last cell of the chapter's way.

    >>> premoves(rushhour.g1, (0, 19)), premoves(rushhour.g1, (0, 19), frozenset({5}))
    ([[(6, 5)], [(6, 26), (6, 33)]], [[(6, 26), (6, 33)]])
    >>> premoves(rushhour.g1, (0, 20), metric="slides")
    [[(6, 5)], [(6, 33)]]
    """
    free = _BOARD - _taken(g, walls)
    needed = [c for _, c in rushhour.expand(g, m) if c not in free]
    if not needed or needed[0] in walls or needed[0] not in _BOARD:
        return []
    c = needed[0]
    ways = [
        way for way in rushhour.freeingmoves(c, rushhour.blocker(g, c)) if not _crosses(way, walls)
    ]
    return [[way[-1]] for way in ways] if metric == "slides" else ways


def _aim(g: Grid, m: Move) -> list[Move]:
    """A planned slide as it stands now: none if its vehicle already covers the cell."""
    v, c = m
    return [] if rushhour.covers(c, g[v]) else [m]


def newplans(
    g: Grid, plan: Plan[Move], walls: Walls = NO_WALLS, metric: Metric = "steps"
) -> list[Plan[Move]]:
    """Plans whose first move is legal, grown by :func:`premoves`.

    ::

        newplans g []       = []
        newplans g (m : ms) = mkplans (expand g m ++ ms)   -- steps, as in the chapter
        newplans g (m : ms) = mkplans (aim g m ++ ms)      -- slides

    where ``aim g (v, c)`` is ``[]`` if vehicle ``v`` already covers ``c`` (a premove
    took it there) and ``[(v, c)]`` otherwise: a slide needs no expanding.

    >>> for plan in newplans(rushhour.g1, goalslides(rushhour.g1), metric="slides"):
    ...     print(plan)
    ((0, 16), (4, 18), (5, 3), (6, 5), (0, 20))
    ((8, 23), (6, 33), (0, 20))
    """
    if not plan:
        return []
    m, *ms = plan
    legal = slides(g, walls) if metric == "slides" else steps(g, walls)
    first = _aim(g, m) if metric == "slides" else rushhour.expand(g, m)
    return mkplans(legal, lambda m: premoves(g, m, walls, metric), (*first, *ms))


def planner(metric: Metric = "steps", walls: Walls = NO_WALLS) -> Planner[Grid, Move]:
    """The planner of :func:`puzzle` in a metric, around walls.

    >>> len(search.psolve(planner("slides"), rushhour.g1) or [])
    33
    """
    goalmoves = goalslides if metric == "slides" else rushhour.goalmoves
    return Planner(
        puzzle(metric, walls), goalmoves, lambda g, plan: newplans(g, plan, walls, metric)
    )


def bfsolve(g: Grid, metric: Metric = "steps", walls: Walls = NO_WALLS) -> list[Move] | None:
    """A shortest solution in the metric: ``bfsearch' [] [] [([], g)]``.

    >>> bfsolve(rushhour.g1, "slides")[:3]
    [(2, 30), (0, 16), (4, 18)]
    """
    return search.bfsolve(puzzle(metric, walls), g)


def psolve(g: Grid, metric: Metric = "steps", walls: Walls = NO_WALLS) -> list[Move] | None:
    """A planned solution in the metric: ``psearch' [] [] [([], g, goalmoves g)]``.

    >>> len(psolve(rushhour.p2, "slides") or []), len(psolve(rushhour.p2) or [])
    (17, 27)
    """
    return search.psolve(planner(metric, walls), g)


def repeats(p: Path[Grid, Move], m: Move) -> bool:
    """Whether ``m`` moves the vehicle that the path moved last: two slides of one
    vehicle in a row are one slide or none, never part of a shortest solution, so
    iterative deepening in slides need not try them.

    >>> from pearls.types import start
    >>> after = Path(start(rushhour.g1).history.cons((1, 29)), slide(rushhour.g1, (1, 29)))
    >>> repeats(after, (1, 22)), repeats(after, (2, 16))
    (True, False)
    """
    return bool(p.history) and p.history.first[0] == m[0]


# --- Clusters ----------------------------------------------------------------------------


def solved_members(puzzle: Puzzle[S, M], q: S) -> list[S]:
    """The solved positions of the cluster of ``q``, in the order first reached
    breadth first: ``filter solved (concat (levels [q]))``.

    >>> len(solved_members(puzzle("slides"), rushhour.p4))
    199
    """
    return [r for level in levels(puzzle, [q]) for r in level if puzzle.solved(r)]


def cluster(puzzle: Puzzle[S, M], q: S) -> Analysis[S]:
    """The cluster of ``q`` (every position reachable from it), each position at its
    distance from the nearest solved one: breadth first from all the solved members at
    once, as Fogleman's database counts.  With no solved member, the cluster's size and
    no distances.  The moves must be reversible (Rush Hour's are), so that the solved
    members reach the whole cluster back.

    ::

        cluster q = analyze (filter solved members)   where members = concat (levels [q])

    >>> a = cluster(puzzle("slides"), rushhour.p4)
    >>> a.states, a.max_distance, len(a.farthest)
    (4780, 51, 3)
    """
    members = [r for level in levels(puzzle, [q]) for r in level]
    goals = [r for r in members if puzzle.solved(r)]
    if not goals:
        return Analysis(len(members), (), ())
    return analyze(puzzle, goals)


# --- Text forms ----------------------------------------------------------------------------


class Board(NamedTuple):
    """A board as written: the grid, the walls, each vehicle's letter in grid order, and
    the character written for an empty cell (``.`` or, in the database's form, ``o``)."""

    grid: Grid
    walls: Walls
    letters: str
    empty: str


WALL = "x"
_RECORD = re.compile(r"\s*(?P<moves>\d+)\s+(?P<board>\S{36})\s+(?P<cluster>\d+)\s*")


def parse(text: str) -> Board:
    """The board a text shows: the chapter's 6x6 grid or the database's 36 characters,
    whitespace ignored; ``.`` or ``o`` is empty, ``x`` a wall, ``A`` the special car and
    any other letter a vehicle (case counts: ``X`` is a vehicle).  A database record
    ``moves board cluster-size`` reads as its board.  Vehicles come in the chapter's
    order (special car first, then by rear cell).  Raises
    :class:`~pearls.errors.BoardError` saying what is wrong and where.

    >>> b = parse("51 IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM 24132")
    >>> b.walls, b.empty, b.grid[0]
    (frozenset({4}), 'o', (16, 17))
    >>> parse(show(b.grid, b.walls, letters=b.letters)) == b._replace(empty=".")
    True
    """
    record = _RECORD.fullmatch(text)
    cells = record["board"] if record else "".join(text.split())
    walls = frozenset(c for c, char in zip(rushhour.allcells, cells, strict=False) if char == WALL)
    g, letters = rushhour.parse_named(cells.replace(WALL, "."))
    empty = "o" if "o" in cells and "." not in cells else "."
    return Board(g, walls, letters, empty)


def show(
    g: Grid,
    walls: Walls = NO_WALLS,
    sep: str = "\n",
    letters: Sequence[str] = LETTERS,
    empty: str = ".",
) -> str:
    """The board as 6 rows of 6 characters: ``empty`` for an empty cell, ``x`` for a
    wall, ``letters[v]`` for vehicle ``v``; ``sep=""`` gives the one-line form.

    >>> print(show(rushhour.g1, frozenset({16, 39})))
    BCDEFF
    BCDEGH
    BxAAGH
    ..IIIH
    ..J.KK
    LLJxMM
    """
    board = {c: WALL if c in walls else empty for c in rushhour.allcells}
    for v, span in enumerate(g):
        board.update(dict.fromkeys(rushhour.fillcells(span), letters[v]))
    cells = [board[c] for c in rushhour.allcells]
    return sep.join("".join(cells[i : i + 6]) for i in range(0, 36, 6))


def database(g: Grid, walls: Walls = NO_WALLS, letters: Sequence[str] = LETTERS) -> str:
    """The database's form: 36 characters, ``o`` empty, ``x`` a wall, ``A`` the special
    car, other vehicles ``B``, ``C``, ... in grid order unless ``letters`` are given.

    >>> database(rushhour.p2)
    'BooCCCBDDEooAAFEoGooFooGooHIIGooHJJJ'
    """
    return show(g, walls, sep="", letters=letters, empty="o")


def records(lines: Iterable[str]) -> Iterator[Record]:
    """The boards of a batch, each with the line it starts on: database records
    ``moves board cluster-size`` (their numbers kept as ``database_moves`` and
    ``database_cluster``), boards written on one line, and 6x6 grids over six lines;
    blank lines and lines starting with ``#`` are skipped.  A board's text is checked
    when it is parsed, not here.

    >>> batch = ["# two", "60 IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM 2332", *["AA...."] * 6]
    >>> for r in records(batch):
    ...     print(r.fields)
    {'line': 2, 'database_moves': 60, 'database_cluster': 2332}
    {'line': 3}
    """
    pending, first = "", 0
    for number, line in enumerate(lines, start=1):
        cells = "".join(line.split())
        if not cells or cells.startswith("#"):
            if pending:
                yield Record(pending, {"line": first})
            pending = ""
            continue
        record = _RECORD.fullmatch(line)
        if record and not pending:
            fields: dict[str, JSON] = {"line": number}
            fields.update(
                database_moves=int(record["moves"]), database_cluster=int(record["cluster"])
            )
            yield Record(record["board"], fields)
            continue
        pending, first = pending + cells, first if pending else number
        if len(pending) >= 36:
            yield Record(pending, {"line": first})
            pending = ""
    if pending:
        yield Record(pending, {"line": first})


# --- Generating hard puzzles -------------------------------------------------------------

_PLACEMENTS = 100  # tries to place one vehicle or wall before a board is drawn again


def _place(rng: random.Random, taken: set[Cell], length: int) -> Span | None:
    """A random vehicle of ``length`` cells on free cells, never across the exit row
    (a vehicle there ahead of the special car blocks it for good, one behind it is of
    no use); ``None`` after :data:`_PLACEMENTS` tries."""
    for _ in range(_PLACEMENTS):
        across = rng.random() < 0.5
        row = rng.choice([0, 1, 3, 4, 5]) if across else rng.randrange(7 - length)
        col = rng.randrange(7 - length) if across else rng.randrange(6)
        rear = 7 * row + col + 1
        span = (rear, rear + (length - 1) * (1 if across else 7))
        cells = rushhour.fillcells(span)
        if taken.isdisjoint(cells):
            taken.update(cells)
            return span
    return None


def random_board(rng: random.Random, cars: int, trucks: int, walls: int) -> Board | None:
    """A random legal board: the special car (2 cells) on the exit row, then ``trucks``
    vehicles of 3 cells, ``cars`` of 2 and ``walls`` walls, each at a random free place;
    ``None`` when one does not fit after :data:`_PLACEMENTS` tries.

    >>> board = random_board(random.Random(1), cars=4, trucks=1, walls=1)
    >>> board is not None and (len(board.grid), len(board.walls))
    (6, 1)
    """
    col = rng.randrange(5)
    taken = {EXIT - 5 + col, EXIT - 4 + col}
    spans = [(EXIT - 5 + col, EXIT - 4 + col)]
    for length in [3] * trucks + [2] * cars:
        span = _place(rng, taken, length)
        if span is None:
            return None
        spans.append(span)
    free = [c for c in rushhour.allcells if c not in taken]
    if walls > len(free):
        return None
    blocks = frozenset(rng.sample(free, walls))
    g = pvector([spans[0], *sorted(spans[1:])])
    return Board(g, blocks, LETTERS[: len(g)], "o")


def _count(settings: Settings, name: str) -> int:
    """An option's value as a count, checked."""
    value = settings.get(name, _DEFAULTS[name])
    if not value.isdigit():
        raise BoardError(f"--{name} must be a whole number, not {value!r}")
    return int(value)


def _counts(settings: Settings) -> tuple[int, int, int, int]:
    """Cars, trucks, walls and tries, checked to fit on a board."""
    cars, trucks, walls, tries = (_count(settings, n) for n in ("cars", "trucks", "walls", "tries"))
    if 2 + 2 * cars + 3 * trucks + walls > 36:
        raise BoardError(
            f"{cars} cars, {trucks} trucks and {walls} walls do not fit on 36 cells "
            "with the special car"
        )
    if tries < 1:
        raise BoardError("--tries must be at least 1")
    return cars, trucks, walls, tries


def _solvable_board(
    rng: random.Random, settings: Settings, meter: Meter
) -> tuple[Board, Analysis[Grid]]:
    """A random board of the settings whose cluster holds a solved position, with the
    cluster analysed in slides; boards that do not fit, or never reach the exit, are
    drawn again."""
    cars, trucks, walls, _ = _counts(settings)
    misfits = 0
    while True:
        board = random_board(rng, cars, trucks, walls)
        if board is None:
            misfits += 1
            if misfits == 1_000:
                raise BoardError("vehicles this many rarely fit on a board: ask for fewer")
            continue
        analysis = cluster(meter.watch(puzzle("slides", board.walls)), board.grid)
        if analysis.max_distance >= 0:
            return board, analysis


def generate(settings: Settings, seed: int, meter: Meter) -> Iterator[Generated]:
    """Hard puzzles, one after another: for each, ``tries`` random boards of the
    settings whose clusters can be solved, each cluster analysed in slides, and the
    hardest position of the hardest cluster kept (the first one reached, of those
    farthest from solved).  Its fields: ``board`` (the database form), ``length`` (its
    slides to the exit), ``cluster`` (its cluster's size), ``walls`` and ``boards`` (the
    random boards analysed so far).  The same seed and settings give the same puzzles.

    >>> settings = {"cars": "5", "trucks": "2", "walls": "1", "tries": "2"}
    >>> made = next(generate(settings, 7, Meter()))
    >>> made.fields["length"], made.fields["cluster"]
    (7, 2324)
    """
    rng = random.Random(seed)
    tries = _counts(settings)[3]
    boards = 0
    while True:
        candidates = [_solvable_board(rng, settings, meter) for _ in range(tries)]
        boards += tries
        board, analysis = max(candidates, key=lambda candidate: candidate[1].max_distance)
        yield _generated(board, analysis, boards)


def _generated(board: Board, analysis: Analysis[Grid], boards: int) -> Generated:
    """The hardest position of an analysed cluster, as a generated problem."""
    g = analysis.farthest[0]
    text = database(g, board.walls)
    fields: dict[str, JSON] = {
        "board": text,
        "length": analysis.max_distance,
        "cluster": analysis.states,
        "walls": len(board.walls),
        "boards": boards,
    }
    return Generated(text, show(g, board.walls), fields)


# --- The puzzle described for the command line ---------------------------------------------


def words(g: Grid, m: Move, letters: Sequence[str] = LETTERS) -> str:
    """A slide in words, given the grid before it: the direction and the cells.

    >>> words(rushhour.g1, (1, 29))
    'B down 2 (vehicle 1 to cell 29)'
    """
    v, c = m
    r, f = g[v]
    across = rushhour.horizontal((r, f))
    forward = c > f
    cells = abs(c - f if forward else r - c) // (1 if across else 7)
    direction = ("right" if forward else "left") if across else ("down" if forward else "up")
    return f"{letters[v]} {direction} {cells} (vehicle {v} to cell {c})"


def problem(text: str, settings: Settings = NO_SETTINGS) -> Problem[Grid, Move]:
    """The problem a text board describes in the settings' metric, shown in the board's
    own letters, walls and empty cells."""
    board = parse(text)
    chosen = metric(settings.get("metric", "steps"))
    walls, letters, empty = board.walls, board.letters, board.empty
    in_slides = chosen == "slides"
    say: Callable[[Grid, Move], str] = (
        (lambda g, m: words(g, m, letters))
        if in_slides
        else (lambda g, m: rushhour.words(g, m, letters))
    )
    moving = puzzle(chosen, walls)
    return Problem(
        puzzle=moving,
        start=board.grid,
        methods={
            "bfs": methods.bfs(moving),
            "plan": methods.plan(planner(chosen, walls)),
            "dfs": methods.dfs(moving),
        },
        show=lambda g: show(g, walls, letters=letters, empty=empty),
        state_json=lambda g: show(g, walls, sep="", letters=letters, empty=empty),
        move_json=lambda g, m: [m[0], m[1]],
        words=say,
        notation=lambda g, m: rushhour.notation(g, m, letters),
        draw=lambda g: rushhour.draw(g, letters, walls),
        reversible=True,
    )


_DEFAULTS = {"metric": "steps", "cars": "9", "trucks": "3", "walls": "0", "tries": "1"}

_OPTIONS = (
    Option(
        "metric",
        "what one move is: steps (one cell, the chapter's) or slides (any distance, the "
        "players'); generate always measures slides",
        _DEFAULTS["metric"],
        METRICS,
        "METRIC",
    ),
    Option("cars", "generate: cars besides the special car", _DEFAULTS["cars"]),
    Option("trucks", "generate: trucks", _DEFAULTS["trucks"]),
    Option("walls", "generate: walls, fixed one-cell blocks", _DEFAULTS["walls"]),
    Option("tries", "generate: random boards per puzzle, the hardest kept", _DEFAULTS["tries"]),
)

DESCRIPTION = replace(
    rushhour.DESCRIPTION,
    text_form="A board is 6 rows of 6 characters, or the 36 in a row (Fogleman's database "
    "form; a whole record 'moves board cluster-size' is read as its board): '.' or 'o' "
    "empty, 'x' a wall, 'A' the special car on row 3 (the exit is at its right end), any "
    "other letter a vehicle of 2 or 3 cells in a line. Whitespace is ignored. A move slides "
    "one vehicle one cell (--metric steps, the chapter's) or any distance (--metric slides). "
    "A batch holds one board or database record a line, or 6x6 grids.",
    parse=problem,
    options=_OPTIONS,
    generate=generate,
    records=records,
)
