"""Hard Rush Hour puzzles at random: legal boards drawn at random, each board's cluster
analysed in slides, and the hardest position of the hardest cluster kept.

>>> given = {"cars": "5", "trucks": "2", "walls": "1", "tries": "2"}
>>> made = next(generate(Settings(OPTIONS, given), 7, Meter()))
>>> made.fields["slides"], made.fields["cluster"]
(7, 2324)
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Literal, NamedTuple

from pyrsistent import pvector

from pearls.analysis import Analysis
from pearls.description import JSON, Generated, Option, Settings, whole
from pearls.errors import OptionError
from pearls.limits import Meter
from pearls.puzzles.rushhour import EXIT, Cell, Grid, Span, allcells, fillcells
from pearls.puzzles.rushhour.text import LETTERS
from pearls.puzzles.rushhour_players import puzzle
from pearls.puzzles.rushhour_players.clusters import cluster
from pearls.puzzles.rushhour_players.text import Board, database, show

__all__ = [
    "CARS",
    "DEFAULTS",
    "OPTIONS",
    "TRIES",
    "TRUCKS",
    "WALLS",
    "Counts",
    "counts",
    "generate",
    "random_board",
]

_PLACEMENTS = 100  # tries to place one vehicle or wall before a board is drawn again
_MISFITS = 1_000  # boards that do not fit, in a row, before the counts are refused


class Counts(NamedTuple):
    """What a random board holds besides the special car, and how many boards are
    analysed for each puzzle, e.g. ``Counts(cars=9, trucks=3, walls=0, tries=1)``."""

    cars: int
    trucks: int
    walls: int
    tries: int


DEFAULTS = Counts(cars=9, trucks=3, walls=0, tries=1)
_CELLS = 34  # the cells of a board besides the special car's: no count passes it
_GENERATING: tuple[Literal["generate"]] = ("generate",)

CARS = whole("cars", "cars besides the special car", DEFAULTS.cars, 0, _CELLS // 2,
             commands=_GENERATING)  # fmt: skip
TRUCKS = whole("trucks", "trucks", DEFAULTS.trucks, 0, _CELLS // 3, commands=_GENERATING)
WALLS = whole("walls", "walls, fixed one-cell blocks", DEFAULTS.walls, 0, _CELLS,
              commands=_GENERATING)  # fmt: skip
TRIES = whole(
    "tries",
    "random boards per puzzle, each analysed in slides, the hardest kept",
    DEFAULTS.tries,
    1,
    999_999,
    commands=_GENERATING,
)
OPTIONS: tuple[Option[int], ...] = (CARS, TRUCKS, WALLS, TRIES)


def counts(settings: Settings) -> Counts:
    """The counts the settings give, checked to fit on a board with the special car.
    Raises :class:`~pearls.errors.OptionError`.

    >>> counts(Settings(OPTIONS, {"cars": "4", "walls": "1"}))
    Counts(cars=4, trucks=3, walls=1, tries=1)
    >>> counts(Settings(OPTIONS, {"cars": "12", "trucks": "4"}))
    Traceback (most recent call last):
    ...
    pearls.errors.OptionError: 12 cars, 4 trucks and 0 walls do not fit on 36 cells ...
    """
    given = Counts(*(settings[o] for o in OPTIONS))
    cars, trucks, walls, _ = given
    if 2 + 2 * cars + 3 * trucks + walls > 36:
        raise OptionError(
            f"{cars} cars, {trucks} trucks and {walls} walls do not fit on 36 cells "
            "with the special car"
        )
    return given


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
        cells = fillcells(span)
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
    free = [c for c in allcells if c not in taken]
    if walls > len(free):
        return None
    blocks = frozenset(rng.sample(free, walls))
    g = pvector([spans[0], *sorted(spans[1:])])
    return Board(g, blocks, LETTERS[: len(g)], "o")


def _solvable_board(
    rng: random.Random, wanted: Counts, meter: Meter
) -> tuple[Board, Analysis[Grid]]:
    """A random board of the counts whose cluster holds a solved position, with the
    cluster analysed in slides; boards that do not fit, or never reach the exit, are
    drawn again."""
    misfits = 0
    while True:
        board = random_board(rng, wanted.cars, wanted.trucks, wanted.walls)
        if board is None:
            misfits += 1
            if misfits == _MISFITS:
                raise OptionError("vehicles this many rarely fit on a board: ask for fewer")
            continue
        analysis = cluster(meter.watch(puzzle("slides", board.walls)), board.grid)
        if analysis.max_distance >= 0:
            return board, analysis


def generate(settings: Settings, seed: int, meter: Meter) -> Iterator[Generated]:
    """Hard puzzles, one after another: for each, ``tries`` random boards of the
    settings whose clusters can be solved, each cluster analysed in slides, and the
    hardest position of the hardest cluster kept (the first one reached, of those
    farthest from solved).  Its fields: ``board`` (the database form), ``slides`` (its
    length, in slides to the exit), ``cluster`` (its cluster's size), ``walls`` and ``boards`` (the
    random boards analysed so far).  The same ``seed`` (of the random numbers) and
    settings give the same puzzles; the meter's limits stop the analyses.

    >>> made = next(generate(Settings(OPTIONS, {"walls": "1"}), 231, Meter()))
    >>> made.fields["board"], made.fields["slides"]
    ('oBBECCDDDEFoJoAAFoJHHHIIKKLLoGMMMoxG', 16)
    """
    rng = random.Random(seed)
    wanted = counts(settings)
    boards = 0
    while True:
        candidates = (_solvable_board(rng, wanted, meter) for _ in range(wanted.tries))
        board, analysis = max(candidates, key=lambda candidate: candidate[1].max_distance)
        boards += wanted.tries
        yield _generated(board, analysis, boards)


def _generated(board: Board, analysis: Analysis[Grid], boards: int) -> Generated:
    """The hardest position of an analysed cluster, as a generated problem."""
    g = analysis.farthest[0]
    text = database(g, board.walls)
    fields: dict[str, JSON] = {
        "board": text,
        "slides": analysis.max_distance,
        "cluster": analysis.states,
        "walls": len(board.walls),
        "boards": boards,
    }
    return Generated(text, show(g, board.walls), fields)
