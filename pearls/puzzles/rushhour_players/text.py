"""The players' text forms: the chapter's 6x6 grid with walls, Fogleman's database form
and its records, read alike.

A board is the chapter's 6x6 grid (:mod:`pearls.puzzles.rushhour.text`, its rows
separated by ``/`` or not) or the database's 36 characters in a row: ``o`` (or ``.``)
empty, ``x`` a wall, ``A`` the special car, other letters vehicles.  A database record
``moves board cluster-size`` reads as its board, and a batch of records keeps the
database's numbers next to ours.

>>> board = parse("IBBxoo IooLDD JAALoo JoKEEM FFKooM GGHHHM")
>>> sorted(board.walls), board.letters, board.empty
([4], 'ABDEFGHIJKLM', 'o')
>>> database(board.grid, board.walls, board.letters)
'IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple

from pearls.description import JSON, Record
from pearls.errors import BoardError
from pearls.puzzles.rushhour import Grid, allcells, fillcells
from pearls.puzzles.rushhour.text import LETTERS, MAX_TEXT, WALL, cells, parse_named
from pearls.puzzles.rushhour_players import NO_WALLS, Walls

__all__ = ["MAX_DIGITS", "WALL", "Board", "database", "parse", "records", "show"]

MAX_DIGITS = 9  # of a database record's counts; its largest cluster has 6 digits
_RECORD = re.compile(r"\s*(?P<moves>[0-9]+)\s+(?P<board>\S{36})\s+(?P<cluster>[0-9]+)\s*")


class Board(NamedTuple):
    """A board as written: the grid, the walls, each vehicle's letter in grid order, and
    the character written for an empty cell (``.`` or, in the database's form, ``o``)."""

    grid: Grid
    walls: Walls
    letters: str
    empty: str


def parse(text: str) -> Board:
    """The board a text shows: the chapter's 6x6 grid or the database's 36 characters,
    whitespace ignored; ``.`` or ``o`` is empty, ``x`` a wall, ``A`` the special car and
    any other letter a vehicle (case counts: ``X`` is a vehicle).  A database record
    ``moves board cluster-size`` reads as its board.  Vehicles are numbered as the
    chapter's :func:`~pearls.puzzles.rushhour.text.parse` numbers them (the special car
    first, then in the order of their letters).  Raises
    :class:`~pearls.errors.BoardError` saying what is wrong and where.

    >>> b = parse("51 IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM 24132")
    >>> b.walls, b.empty, b.grid[0]
    (frozenset({4}), 'o', (16, 17))
    >>> parse(show(b.grid, b.walls, letters=b.letters)) == b._replace(empty=".")
    True
    >>> parse("1" * 5000 + " IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM 2")
    Traceback (most recent call last):
    ...
    pearls.errors.BoardError: a database record's count of moves has 5,000 digits, at most 9
    """
    if len(text) > MAX_TEXT:
        raise BoardError(
            f"a board's text has at most {MAX_TEXT:,} characters, this one has {len(text):,}"
        )
    record = _RECORD.fullmatch(text)
    if record:
        _check_counts(record)
    written = record["board"] if record else cells(text)
    walls = frozenset(c for c, char in zip(allcells, written, strict=False) if char == WALL)
    g, letters = parse_named(written.replace(WALL, "."))
    empty = "o" if "o" in written and "." not in written else "."
    return Board(g, walls, letters, empty)


def _check_counts(record: re.Match[str]) -> None:
    """Refuse a database record whose counts are longer than any the database has."""
    for field, name in (("moves", "count of moves"), ("cluster", "cluster size")):
        if len(record[field]) > MAX_DIGITS:
            raise BoardError(
                f"a database record's {name} has {len(record[field]):,} digits, "
                f"at most {MAX_DIGITS}"
            )


def show(
    g: Grid,
    walls: Walls = NO_WALLS,
    sep: str = "\n",
    letters: Sequence[str] = LETTERS,
    empty: str = ".",
) -> str:
    """The board as 6 rows of 6 characters: ``empty`` for an empty cell, ``x`` for a
    wall, ``letters[v]`` for vehicle ``v``; ``sep=""`` gives the one-line form.

    >>> from pearls.puzzles import rushhour
    >>> print(show(rushhour.g1, frozenset({16, 39})))
    BCDEFF
    BCDEGH
    BxAAGH
    ..IIIH
    ..J.KK
    LLJxMM
    """
    board = {c: WALL if c in walls else empty for c in allcells}
    for v, span in enumerate(g):
        board.update(dict.fromkeys(fillcells(span), letters[v]))
    cells = [board[c] for c in allcells]
    return sep.join("".join(cells[i : i + 6]) for i in range(0, 36, 6))


def database(g: Grid, walls: Walls = NO_WALLS, letters: Sequence[str] = LETTERS) -> str:
    """The database's form: 36 characters, ``o`` empty, ``x`` a wall, ``A`` the special
    car, other vehicles ``B``, ``C``, ... in grid order unless ``letters`` are given.

    >>> from pearls.puzzles import rushhour
    >>> database(rushhour.p2)
    'BooCCCBDDEooAAFEoGooFooGooHIIGooHJJJ'
    """
    return show(g, walls, sep="", letters=letters, empty="o")


def records(lines: Iterable[str]) -> Iterator[Record]:
    """The boards of a batch, each with the line it starts on: database records
    ``moves board cluster-size`` (their counts kept as ``database_moves`` and
    ``database_cluster``), boards written on one line, and 6x6 grids over six lines of
    six cells.  Every other line is a record of its own, so a bad line never takes the
    next board with it; blank lines and lines starting with ``#`` are skipped.  A
    board's text is checked when it is parsed, not here.

    >>> batch = ["# two", "60 IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM 2332", *["AA...."] * 6]
    >>> for r in records([*batch, "g1"]):
    ...     print(r.fields)
    {'line': 2, 'database_moves': 60, 'database_cluster': 2332}
    {'line': 3}
    {'line': 9}
    """
    pending, first = "", 0
    for number, line in enumerate(lines, start=1):
        cells = "".join(line.split())
        record = _RECORD.fullmatch(line)
        if len(cells) == 6 and not record:
            pending, first = pending + cells, first if pending else number
            if len(pending) == 36:
                yield Record(pending, {"line": first})
                pending = ""
            continue
        if pending:
            yield Record(pending, {"line": first})
            pending = ""
        if cells and not cells.startswith("#"):
            yield _record(line, number, record)
    if pending:
        yield Record(pending, {"line": first})


def _record(line: str, number: int, record: re.Match[str] | None) -> Record:
    """One line of a batch: a database record with its counts, or a board's text."""
    fields: dict[str, JSON] = {"line": number}
    if record is None or max(len(record["moves"]), len(record["cluster"])) > MAX_DIGITS:
        return Record(line, fields)
    fields.update(database_moves=int(record["moves"]), database_cluster=int(record["cluster"]))
    return Record(record["board"], fields)
