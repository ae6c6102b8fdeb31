"""Sliding tiles for the command line: ``eight``, ``fifteen`` and ``sliding`` (any tray).

Each offers five methods, the default first: ``astar`` (``idastar`` on the 15 puzzle),
``idastar``, ``bfs``, ``iddfs`` and ``plan``.  A* and IDA* are led by linear conflicts,
Manhattan distance or (on 4x4 trays) the pattern databases (``--heuristic``); only they
search boards that carry their heuristic's value, so the others search the plain
boards.  With no board, a puzzle starts from its first example (for a ``--size`` with
none, from the goal scrambled by a fixed walk), posed for the goal ``--goal`` names.

>>> EIGHT_DESCRIPTION.solve("astar", EIGHT_DESCRIPTION.default_text()).moves[:2]
({'tile': 1, 'from': [0, 1], 'to': [0, 0]}, {'tile': 4, 'from': [1, 1], 'to': [0, 1]})
>>> list(FIFTEEN_DESCRIPTION.methods)
['idastar', 'astar', 'bfs', 'iddfs', 'plan']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from functools import partial
from random import Random

from pearls import cache, methods
from pearls.description import JSON, Description, Generated, Option, Problem, Settings, choice
from pearls.errors import LimitReached, OptionError
from pearls.informed import Estimate, astar, carried, score, scored
from pearls.limits import Meter
from pearls.methods import Method
from pearls.puzzles.sliding import (
    EIGHT_EXAMPLES,
    FIFTEEN_EXAMPLES,
    MAX_SIDE,
    TRAY_EXAMPLES,
    Board,
    Frame,
    Move,
    check_solvable,
    frame,
    moves,
    patterns,
    puzzle,
    random_board,
    undoes,
)
from pearls.puzzles.sliding import move as slide
from pearls.puzzles.sliding.draw import draw
from pearls.puzzles.sliding.heuristics import (
    conflict_estimate,
    linear_conflict,
    manhattan,
    manhattan_estimate,
)
from pearls.puzzles.sliding.planning import planner
from pearls.puzzles.sliding.ranked import perfect_hash
from pearls.puzzles.sliding.text import (
    move_json,
    notation,
    parse,
    shape_of,
    show,
    state_json,
    words,
)
from pearls.textform import quoted, whole_number

__all__ = [
    "DESCRIPTION",
    "EIGHT_DESCRIPTION",
    "FIFTEEN_DESCRIPTION",
    "GOAL_OPTION",
    "HEURISTIC_OPTION",
    "SIZE_OPTION",
    "TEXT_FORM",
    "BuildStopped",
    "problem",
    "scrambled",
]

SCRAMBLE = 2  # a scrambled start walks the goal this many times the tray's rows and columns

Shape = tuple[int, int]  # a tray's rows and columns, e.g. (3, 4)


def _shape(text: str) -> Shape | None:
    """A ``--size``: rows x columns, each 2 to :data:`MAX_SIDE`, or ``auto`` (None)."""
    if text == "auto":
        return None
    rows, x, cols = text.lower().partition("x")
    r, c = whole_number(rows, 2, MAX_SIDE), whole_number(cols, 2, MAX_SIDE)
    if not x or r is None or c is None:
        raise OptionError(
            f"--size must be rows x columns, each 2 to {MAX_SIDE}, e.g. 3x4, or auto, "
            f"not {quoted(text)}"
        )
    return r, c


GOAL_OPTION = choice(
    "goal",
    "where the blank ends: blank-last (1 2 ... 0) or blank-first (0 1 2 ..., Korf's goal)",
    "blank-last",
    ("blank-last", "blank-first"),
)
HEURISTIC_OPTION = choice(
    "heuristic",
    "what leads astar and idastar: auto (patterns on 4x4 trays, else conflict), conflict "
    "(Manhattan distance and linear conflicts), manhattan, or patterns (additive pattern "
    "databases, 4x4 trays only, what random 15 puzzles need: shipped with the package for "
    "the blank-first goal, read in about a second)",
    "auto",
    ("auto", "conflict", "manhattan", "patterns"),
    commands=("solve",),
    methods=("astar", "idastar"),
)
SIZE_OPTION = Option[Shape | None](
    "size",
    f"the tray's rows x columns, each 2 to {MAX_SIDE}, e.g. 3x4; auto: the board's rows, or "
    "a square (with no board: the first example)",
    None,
    _shape,
    "auto",
    metavar="RxC",
)
TEXT_FORM = (
    "The tiles row by row, 0 (or _) for the blank, rows separated by newlines or '/', tiles "
    "by spaces or commas: '1 2 3 / 4 5 6 / 7 8 0'. A move slides a tile next to the blank "
    "into it. Boards that cannot reach the goal (half of them, by parity) are refused. With "
    "no board: the first example of the tray's size, posed for the goal chosen; on a size "
    f"with no example, the goal scrambled by a fixed walk of {SCRAMBLE} x (rows + columns) "
    "moves."
)  # of a tray of any size; a fixed tray's says what its own options choose
_FIXED_TEXT_FORM = TEXT_FORM.split(" With no board:")[0] + (
    " With no board: the first example, posed for the goal chosen."
)


# The tray and the start


def _size(settings: Settings, text: str | None) -> Shape:
    """The rows and columns the ``size`` option asks for, or the text shows (with no
    text, the first example's)."""
    given = settings[SIZE_OPTION]
    if given is not None:
        return given
    first, _ = next(iter(TRAY_EXAMPLES.values()))
    return (first.rows, first.cols) if text is None else shape_of(text)


def _frame_of(settings: Settings, text: str | None, fixed: Shape | None) -> Frame:
    """The tray for the settings: a fixed size, or the ``size`` option's."""
    rows, cols = fixed if fixed is not None else _size(settings, text)
    return frame(rows, cols, settings[GOAL_OPTION] == "blank-first")


def scrambled(f: Frame) -> Board:
    """The goal after a fixed walk of ``SCRAMBLE * (rows + columns)`` moves, each drawn
    by a generator seeded with the tray's shape from those that reach a board the walk
    has not met (any, where there is none), so the walk never comes back to the goal.

    >>> from pearls.puzzles.sliding.heuristics import astar_solve
    >>> q = scrambled(frame(5, 5))
    >>> q == scrambled(frame(5, 5)), len(astar_solve(frame(5, 5), q))
    (True, 20)
    """
    rng, q = Random(f"{f.rows}x{f.cols}"), f.goal
    met = {q}
    for _ in range(SCRAMBLE * (f.rows + f.cols)):
        after = [r for m in moves(f, q) if (r := slide(q, m)) not in met]
        q = rng.choice(after or [slide(q, m) for m in moves(f, q)])
        met.add(q)
    return q


def _start(
    fixed: Shape | None, examples: Mapping[str, tuple[Frame, Board]]
) -> Callable[[Settings], str]:
    """The start with no board given: the first example of the tray's size, posed for
    the goal the settings choose (turned half round for the blank first), or else the
    goal scrambled."""

    def standard(settings: Settings) -> str:
        f = _frame_of(settings, None, fixed)
        shaped = [q for g, q in examples.values() if (g.rows, g.cols) == (f.rows, f.cols)]
        if not shaped:
            return show(f, scrambled(f), sep=" / ")
        q = patterns.turned(Frame(f.rows, f.cols), shaped[0]) if f.blank_first else shaped[0]
        return show(f, q, sep=" / ")

    return standard


# The methods


class BuildStopped(LimitReached):
    """The time limit the user gave, reached while building the pattern databases; its
    message says what to do about it.

    >>> str(BuildStopped("time", 1000, 30.0, 30.0))  # doctest: +ELLIPSIS
    'stopped at the time limit of 30 s (...) while building the pattern databases, ...'
    """

    def __str__(self) -> str:
        return (
            f"{super().__str__()} while building the pattern databases, a minute or a few "
            "once, then kept in the cache (the tables finished so far are kept): give the "
            "first run --timeout 600, or no --timeout"
        )


USUAL_TIMEOUT = 60.0  # the front end's default time limit (pearls.frontend.TIMEOUT)


def _kept_databases(meter: Meter) -> patterns.Databases:
    """The 15 puzzle's pattern databases as the command line keeps them
    (:class:`pearls.cache.Files`): shipped, read back, or built and kept.  A build (of
    a shipped table found damaged, say) stops at a time limit the user gave, at what
    the meter has left; the default one, which the user never set, does not stop it,
    and counts the search's time from when the tables are ready (the meter's timeout
    grows by the build's seconds).  The build's states are not the search's, so not
    counted."""
    given = None if meter.timeout in (None, USUAL_TIMEOUT) else meter.timeout
    left = None if given is None else max(0.0, given - meter.seconds)
    build = Meter(timeout=left, progress=meter.progress, every=meter.every)
    try:
        dbs = patterns.databases(
            4, 4, patterns.FIFTEEN_PARTITION, cache.Files(), patterns.metered(build)
        )
    except LimitReached as e:  # the time limit: the build's meter has no other
        raise BuildStopped(e.limit, e.expanded, meter.seconds, meter.timeout) from e
    if given is None and meter.timeout is not None and build.expanded:
        meter.timeout += build.seconds
    assert dbs is not None  # databases() builds what is missing unless told not to
    return dbs


def _with_patterns(f: Frame) -> dict[str, Method[Board, Move]]:
    """A* and IDA* led by the pattern databases, which they read (or build) when run;
    IDA* on flat integers (:func:`~pearls.puzzles.sliding.patterns.tile_idastar`)."""

    def by_astar(q: Board, meter: Meter) -> list[Move] | None:
        e = patterns.estimate(_kept_databases(meter), f)
        return astar(meter.watch(scored(puzzle(f), e)), score(e, q), carried)

    def by_idastar(q: Board, meter: Meter) -> list[Move] | None:
        return patterns.tile_idastar(_kept_databases(meter), f, q, meter).moves

    return {
        "astar": Method(by_astar, "a shortest solution led by pattern databases (astar)", True),
        "idastar": Method(
            by_idastar,
            "a shortest solution by IDA* over pattern databases (idastar)",
            shortest=True,
            deepening=True,
        ),
    }


def _informed(f: Frame, heuristic: str) -> dict[str, Method[Board, Move]]:
    """A* and IDA* led by the heuristic the settings name (``auto``: the pattern
    databases on a 4x4 tray, linear conflicts on any other)."""
    if heuristic == "auto":
        heuristic = "patterns" if (f.rows, f.cols) == (4, 4) else "conflict"
    if heuristic == "patterns":
        if (f.rows, f.cols) != (4, 4):
            raise OptionError("--heuristic patterns serves 4x4 trays: use conflict or manhattan")
        return _with_patterns(f)
    e: Estimate[Board, Move] = (
        manhattan_estimate(f) if heuristic == "manhattan" else conflict_estimate(f)
    )
    return {"astar": methods.astar(puzzle(f), e), "idastar": methods.idastar(puzzle(f), e)}


def _methods(f: Frame, settings: Settings, big: bool) -> dict[str, Method[Board, Move]]:
    """The methods for the tray ``f``, A* and IDA* first (IDA* before A* on a big
    tray), then breadth first, deepening and planning over the plain boards."""
    informed = _informed(f, settings[HEURISTIC_OPTION])
    p = puzzle(f)
    first = ["idastar", "astar"] if big else ["astar", "idastar"]
    return {
        **{name: informed[name] for name in first},
        "bfs": methods.bfs(p),
        "iddfs": methods.iddfs(p, undoes),
        "plan": methods.plan(planner(f)),
    }


def problem(f: Frame, text: str, settings: Settings, big: bool) -> Problem[Board, Move]:
    """The problem a text board describes on the tray ``f``, refused if unsolvable.  Its
    perfect hash ranks the solvable boards, so an analysis sets aside a byte a board, or
    is refused before it starts where those bytes pass the memory limit.

    >>> p = problem(frame(2, 3), "4 1 2 / 0 5 3", DESCRIPTION.settings(), big=False)
    >>> p.start, list(p.methods), p.perfect_hash.size
    ((4, 1, 2, 0, 5, 3), ['astar', 'idastar', 'bfs', 'iddfs', 'plan'], 360)
    """
    return Problem(
        puzzle=puzzle(f),
        start=check_solvable(f, parse(text, f)),
        methods=_methods(f, settings, big),
        show=partial(show, f),
        state_json=state_json,
        move_json=partial(move_json, f),
        words=partial(words, f),
        notation=partial(notation, f),
        draw=partial(draw, f),
        reversible=True,
        goals=lambda q: (f.goal,),
        perfect_hash=perfect_hash(f),
    )


# Generation


def _generate(
    fixed: Shape | None,
) -> Callable[[Settings, int, Meter], Iterator[Generated]]:
    """Random solvable boards from a seed, with their heuristics, each counted on the
    meter; on trays of up to 9 cells their shortest length too (by A*, under it)."""

    def generate(settings: Settings, seed: int, meter: Meter) -> Iterator[Generated]:
        f = _frame_of(settings, None, fixed)
        rng, e = Random(seed), conflict_estimate(f)
        while True:
            meter.count()
            q = random_board(f, rng)
            fields: dict[str, JSON] = {
                "board": show(f, q, sep=" / "),
                "manhattan": manhattan(f, q),
                "conflict": linear_conflict(f, q),
            }
            if f.size <= 9:
                plan = astar(meter.watch(scored(puzzle(f), e)), score(e, q), carried)
                fields["length"] = None if plan is None else len(plan)
            yield Generated(show(f, q, sep=" / "), show(f, q), fields)

    return generate


# The three puzzles


def _description(
    name: str,
    title: str,
    fixed: Shape | None,
    examples: Mapping[str, tuple[Frame, Board]],
) -> Description:
    """A sliding-tile puzzle for the command line: a fixed tray, or any (``fixed`` None)."""
    options = (
        (GOAL_OPTION, HEURISTIC_OPTION) if fixed else (SIZE_OPTION, GOAL_OPTION, HEURISTIC_OPTION)
    )
    big = fixed is not None and fixed[0] * fixed[1] > 9

    def parse_problem(text: str, settings: Settings) -> Problem[Board, Move]:
        return problem(_frame_of(settings, text, fixed), text, settings, big)

    return Description(
        name=name,
        title=title,
        text_form=_FIXED_TEXT_FORM if fixed else TEXT_FORM,
        parse=parse_problem,
        examples={name: show(f, q, sep=" / ") for name, (f, q) in examples.items()},
        options=options,
        standard=_start(fixed, examples),
        generate=_generate(fixed),
    )


def _on(f: Frame, boards: Mapping[str, Board]) -> dict[str, tuple[Frame, Board]]:
    """Examples of one tray, each with its tray."""
    return {name: (f, q) for name, q in boards.items()}


EIGHT_DESCRIPTION = _description(
    "eight",
    "The 8 puzzle: slide the tiles of a 3x3 tray into order",
    (3, 3),
    _on(frame(3, 3), EIGHT_EXAMPLES),
)
FIFTEEN_DESCRIPTION = _description(
    "fifteen",
    "The 15 puzzle: slide the tiles of a 4x4 tray into order",
    (4, 4),
    _on(frame(4, 4), FIFTEEN_EXAMPLES),
)
DESCRIPTION = _description(
    "sliding", "Sliding tiles on a tray of any size (--size RxC)", None, TRAY_EXAMPLES
)
