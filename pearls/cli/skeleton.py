"""``pearls new NAME``: the skeleton of a puzzle in a package of its own, the shape of
``examples/jugs``, that ``pearls check NAME`` passes once installed: a model (reach a
number from 1 by adding one or doubling), its text form, its description, its rules
written apart, and the entry point that registers it.  Each file is there to be
rewritten for the puzzle meant.

>>> sorted(files("tally"))  # doctest: +NORMALIZE_WHITESPACE
['pearls_tally/__init__.py', 'pearls_tally/describe.py', 'pearls_tally/py.typed',
 'pearls_tally/rules.py', 'pearls_tally/text.py', 'pyproject.toml']
"""

from __future__ import annotations

import re
from pathlib import Path

from pearls.errors import InputError

__all__ = ["files", "write"]

_PYPROJECT = """\
[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = "pearls-NAME"
version = "0.1.0"
description = "NAME, a puzzle for pearls"
requires-python = ">=3.11"
dependencies = ["functional-pearls"]

[project.entry-points."pearls.puzzles"]
NAME = "pearls_NAME.describe:ENTRY"

[tool.setuptools]
packages = ["pearls_NAME"]

[tool.setuptools.package-data]
pearls_NAME = ["py.typed"]
"""

_MODEL = '''\
"""NAME: reach the goal from 1, each move adding one or doubling, never past the goal.

A state is the number reached, ``1`` at the start; a move is ``"+1"`` or ``"*2"``.

>>> from pearls import bfsolve
>>> bfsolve(puzzle(10), 1)
['+1', '*2', '+1', '*2']
"""

from __future__ import annotations

from pearls import Puzzle

__all__ = ["Move", "Number", "move", "moves", "puzzle", "solved"]

Number = int  # the number reached, e.g. 5
Move = str  # "+1" or "*2"


def moves(goal: int, n: Number) -> list[Move]:
    """Add one, or double, where that does not pass the goal."""
    return [m for m, after in (("+1", n + 1), ("*2", 2 * n)) if after <= goal]


def move(n: Number, m: Move) -> Number:
    """The number after ``m``."""
    return n + 1 if m == "+1" else 2 * n


def puzzle(goal: int) -> Puzzle[Number, Move]:
    """The chapter's three functions for one goal."""
    return Puzzle(lambda n: moves(goal, n), move, lambda n: n == goal)


def solved(goal: int, n: Number) -> bool:
    """The goal is reached."""
    return n == goal
'''

_TEXT = '''\
"""NAME's text form: the start and the goal, ``1 -> 10``.

>>> parse("1 -> 10"), show(10, 5)
((1, 10), '5 -> 10')
"""

from __future__ import annotations

from pearls import BoardError

__all__ = ["parse", "show"]


def parse(text: str) -> tuple[int, int]:
    """The start and the goal, whole numbers from 1, the start no more than the goal."""
    start, arrow, goal = text.partition("->")
    if not (arrow and start.strip().isdigit() and goal.strip().isdigit()):
        raise BoardError(f"write the start and the goal as '1 -> 10', not {text!r}")
    if not 1 <= int(start) <= int(goal):
        raise BoardError("the start is from 1 to the goal")
    return int(start), int(goal)


def show(goal: int, n: int) -> str:
    """The number reached, and the goal."""
    return f"{n} -> {goal}"
'''

_DESCRIBE = '''\
"""NAME described for the command line, and its entry (description and rules),
registered by ``pyproject.toml`` in the entry-point group ``pearls.puzzles``.

>>> DESCRIPTION.solve("bfs", DESCRIPTION.examples["ten"]).notation
('+1', '*2', '+1', '*2')
"""

from __future__ import annotations

from pearls import methods
from pearls.description import Description, Problem, Settings
from pearls.rules import Entry
from pearls_NAME import Move, Number, puzzle, rules
from pearls_NAME.text import parse, show

__all__ = ["DESCRIPTION", "ENTRY", "problem"]


def problem(text: str, settings: Settings) -> Problem[Number, Move]:
    """The problem a text describes: no planner, so bfs and dfs."""
    start, goal = parse(text)
    p = puzzle(goal)
    return Problem(
        puzzle=p,
        start=start,
        methods=methods.chapter(p),
        show=lambda n: show(goal, n),
        state_json=lambda n: n,
        move_json=lambda n, m: m,
        words=lambda n, m: f"{'add one' if m == '+1' else 'double'} to {p.move(n, m)}",
        notation=lambda n, m: m,
    )


DESCRIPTION = Description(
    name="NAME",
    title="NAME: reach the goal from 1 by adding one or doubling",
    text_form="The start and the goal, '1 -> 10'.",
    parse=problem,
    examples={"ten": "1 -> 10", "there": "7 -> 7"},
)

ENTRY = Entry(DESCRIPTION, rules.check, rules.legal)
'''

_RULES = '''\
"""NAME's rules, written apart from the model (nothing of it is imported here): add one
or double, never past the goal; solved at the goal, read from the text ``1 -> 10``.

>>> from pearls.rules import Posed
>>> legal(Posed("1 -> 10", {}, 1), 5)
[('+1', 6), ('*2', 10)]
"""

from __future__ import annotations

from pearls.description import JSON, Solution
from pearls.rules import Illegal, Posed, Rules, Step, allowed, replay, text, whole

__all__ = ["check", "legal"]


def rules(posed: Posed) -> Rules[int]:
    """The rules of the problem posed."""
    goal = int(posed.text.split("->")[1])

    def step(n: int, m: JSON) -> int:
        after = {"+1": n + 1, "*2": 2 * n}.get(text(m, "a move"))
        if after is None or after > goal:
            raise Illegal(f"{m!r} from {n} is not a move to at most {goal}")
        return after

    def offers(n: int) -> list[JSON]:
        return ["+1", "*2"]

    return Rules(whole, step, lambda n: n == goal, write=lambda n: n, offers=offers)


def check(posed: Posed, solution: Solution) -> None:
    """Raise :class:`~pearls.rules.Illegal` unless the solution reaches the goal."""
    replay(rules(posed), posed, solution)


def legal(posed: Posed, state: JSON) -> list[Step]:
    """Every legal move from ``state``, with the number it reaches."""
    return allowed(rules(posed), state)
'''

_NAME = re.compile(r"[a-z][a-z0-9_]{0,30}")
_SHOWN = 200  # the characters of a folder's path a message quotes at most


def files(name: str) -> dict[str, str]:
    """The skeleton's files for the puzzle ``name``, by their paths; a name that is not
    a short lower-case identifier is :class:`~pearls.errors.InputError`."""
    if not _NAME.fullmatch(name):
        raise InputError(
            f"a puzzle's name is a lower-case letter, then letters, digits or _: {_shown(name)}"
        )
    package = f"pearls_{name}"
    texts = {
        "pyproject.toml": _PYPROJECT,
        f"{package}/__init__.py": _MODEL,
        f"{package}/text.py": _TEXT,
        f"{package}/describe.py": _DESCRIBE,
        f"{package}/rules.py": _RULES,
        f"{package}/py.typed": "",
    }
    return {path: text.replace("NAME", name) for path, text in texts.items()}


def write(name: str, where: Path) -> list[Path]:
    """Write the skeleton of ``name`` into the new folder ``where``; the files written.
    A folder that exists already is refused (nothing is overwritten), and so is one
    that cannot be made (a name too long, a path through a file, a link to nowhere,
    no permission, too many parts): :class:`~pearls.errors.InputError`, in one line.

    >>> write("tally", Path("/dev/null/tally"))
    Traceback (most recent call last):
    ...
    pearls.errors.InputError: cannot make the folder '/dev/null/tally': Not a directory
    """
    texts = files(name)
    try:
        return _written(texts, where)
    except FileExistsError:
        raise InputError(
            f"{_shown(str(where))} exists already: pearls new writes a new folder"
        ) from None
    except OSError as e:
        raise InputError(
            f"cannot make the folder {_shown(str(where))}: {e.strerror or e}"
        ) from None
    except RecursionError:
        raise InputError(f"cannot make the folder {_shown(str(where))}: too many parts") from None


def _written(texts: dict[str, str], where: Path) -> list[Path]:
    """Write ``texts`` by their paths into the new folder ``where``; the files written."""
    if where.exists() or where.is_symlink():
        raise FileExistsError(where)
    made: list[Path] = []
    for path, text in texts.items():
        target = where / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        made.append(target)
    return made


def _shown(text: str) -> str:
    """A path or a name as a message quotes it: itself, or its start and length where it
    is long.

    >>> _shown("a" * 500)
    "'aaaaaaaaaaaaaaaaaaaa...' (500 characters)"
    """
    if len(text) <= _SHOWN:
        return repr(text)
    return f"{text[:20]!r}"[:-1] + f"...' ({len(text):,} characters)"
