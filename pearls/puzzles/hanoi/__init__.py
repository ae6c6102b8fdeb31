"""The Tower of Hanoi: n discs, three pegs, a larger disc never on a smaller one.

The discs are numbered by size, 1 the smallest; the pegs are 0, 1 and 2, drawn and named
``A``, ``B`` and ``C``.  A state is the three pegs, each a tuple of discs *top first*, as
the source (seed 004, a Prolog exercise) writes ``pole([[1, 2, 3, 4], [], []])``.  A move
``(d, p)`` puts disc ``d``, which must be on top of its peg, onto peg ``p``, whose top
disc (if any) must be larger.  The puzzle is solved when every disc is on peg ``C``::

    tower 3                    = ((1, 2, 3), (), ())
    move ((1, 2, 3), (), ()) (1, 2) = ((2, 3), (), (1,))

The classic recursion moves a tower of ``n`` discs in ``2^n - 1`` moves; :func:`hanoi`
gives its moves lazily, from any position, with an explicit stack in place of Python's
recursion, so a tower of 20 discs streams its 1,048,575 moves in constant memory.

>>> show(tower(3))
'1 2 3 |  |'
>>> list(hanoi(tower(2)))
[(1, 1), (2, 2), (1, 2)]
>>> len(bfsolve(tower(4)))
15
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import TypeAlias

from pearls import methods, search, svg
from pearls.analysis import PerfectHash
from pearls.description import NO_SETTINGS, Description, Option, Problem, Settings
from pearls.errors import BoardError
from pearls.search import mkplans
from pearls.types import Path, Plan, Planner, Puzzle

__all__ = [
    "DESCRIPTION",
    "MAX_DISCS",
    "PEGS",
    "TARGET",
    "Disc",
    "Move",
    "Peg",
    "Stack",
    "Towers",
    "bfsolve",
    "dfsolve",
    "discs",
    "draw",
    "goalmoves",
    "hanoi",
    "home",
    "lower_bound",
    "move",
    "moves",
    "newplans",
    "notation",
    "parse",
    "peg_of",
    "perfect_hash",
    "planner",
    "premoves",
    "problem",
    "psolve",
    "puzzle",
    "rank",
    "repeats_disc",
    "show",
    "solved",
    "standard",
    "third",
    "tower",
    "words",
]

Disc = int  # 1 the smallest .. n the largest, e.g. 3
Peg = int  # 0, 1 or 2, drawn and named A, B and C; e.g. 2, the target peg C
Stack: TypeAlias = tuple[Disc, ...]  # one peg's discs, top first, e.g. (1, 2, 3)
Towers: TypeAlias = tuple[Stack, Stack, Stack]  # the state, e.g. ((2, 3), (), (1,))
Move = tuple[Disc, Peg]  # disc d onto peg p, e.g. (1, 2): disc 1 onto peg C

PEGS = "ABC"  # peg p is named PEGS[p]
TARGET: Peg = 2  # every disc goes to peg C


def tower(n: int) -> Towers:
    """The usual start: discs ``1 .. n`` on peg ``A``.

    >>> tower(3)
    ((1, 2, 3), (), ())
    """
    return (tuple(range(1, n + 1)), (), ())


def discs(q: Towers) -> int:
    """How many discs there are.

    >>> discs(((2, 3), (), (1,)))
    3
    """
    return len(q[0]) + len(q[1]) + len(q[2])


def peg_of(q: Towers, d: Disc) -> Peg:
    """The peg that holds disc ``d``.

    >>> peg_of(((2, 3), (), (1,)), 1)
    2
    """
    return next(p for p, stack in enumerate(q) if d in stack)


def third(p: Peg, r: Peg) -> Peg:
    """The peg that is neither ``p`` nor ``r`` (two different pegs): ``3 - p - r``."""
    return 3 - p - r


def moves(q: Towers) -> list[Move]:
    """The legal moves: each top disc onto each other peg whose top is larger or which is
    empty, pegs in order.

    ``moves q = [(d, r) | (p, d : _) <- zip [0 ..] q, r <- [0, 1, 2], r /= p,
    null (q !! r) || d < head (q !! r)]``

    >>> moves(((2, 3), (), (1,)))
    [(2, 1), (1, 0), (1, 1)]
    """
    return [
        (stack[0], r)
        for p, stack in enumerate(q)
        if stack
        for r in range(3)
        if r != p and (not q[r] or stack[0] < q[r][0])
    ]


def move(q: Towers, m: Move) -> Towers:
    """The towers after disc ``d`` leaves the top of its peg (it must be on top) for the
    top of peg ``r``.

    >>> move(((1, 2, 3), (), ()), (1, 2))
    ((2, 3), (), (1,))
    """
    d, r = m
    top = (d,)
    p = 0 if q[0][:1] == top else 1 if q[1][:1] == top else 2
    pegs = list(q)
    pegs[p], pegs[r] = q[p][1:], top + q[r]
    return (pegs[0], pegs[1], pegs[2])


def solved(q: Towers) -> bool:
    """Whether every disc is on peg ``C``: ``solved q = null (q !! 0) && null (q !! 1)``."""
    return not q[0] and not q[1]


puzzle: Puzzle[Towers, Move] = Puzzle(moves, move, solved)


def hanoi(q: Towers) -> Iterator[Move]:
    """The shortest solution from ``q``, move by move, lazily: the classic recursion.

    ::

        hanoi q     = gather n C
        gather 0 t  = []
        gather d t
          | p == t    = gather (d-1) t
          | otherwise = gather (d-1) k ++ [(d, t)] ++ shift (d-1) k t
          where p = the peg of d in q; k = the third peg
        shift 0 a t = []
        shift d a t = shift (d-1) a k ++ [(d, t)] ++ shift (d-1) k t
          where k = the third peg

    ``gather d t`` brings discs ``1 .. d`` onto peg ``t`` from wherever they are, and
    ``shift d a t`` moves a tower of ``d`` discs from peg ``a`` to peg ``t``: from the
    usual start ``hanoi`` is ``shift n A C``, ``2^n - 1`` moves.  ``gather`` reads the
    pegs of ``q`` alone, since when it looks at disc ``d`` only larger discs have moved.
    The recursion is a stack of pending tasks, at most ``2n + 1`` of them, so no tower is
    too tall for Python's recursion limit and nothing is built beyond the next move.

    >>> list(hanoi(tower(3)))
    [(1, 2), (2, 1), (1, 1), (3, 2), (1, 0), (2, 2), (1, 2)]
    >>> sum(1 for _ in hanoi(tower(20)))
    1048575
    >>> list(hanoi(((2,), (1,), (3,))))  # disc 3 is home: gather 2 C
    [(2, 2), (1, 2)]
    """
    where = {d: p for p, stack in enumerate(q) for d in stack}
    pending: list[tuple[str, Disc, Peg, Peg]] = [("gather", discs(q), TARGET, TARGET)]
    while pending:
        task, d, a, t = pending.pop()
        if d == 0:
            continue
        if task == "move":
            yield (d, t)
        elif task == "gather" and where[d] == t:
            pending.append(("gather", d - 1, t, t))
        elif task == "gather":
            k = third(where[d], t)
            pending += [("shift", d - 1, k, t), ("move", d, k, t), ("gather", d - 1, k, k)]
        else:
            k = third(a, t)
            pending += [("shift", d - 1, k, t), ("move", d, a, t), ("shift", d - 1, a, k)]


def home(q: Towers) -> int:
    """How many discs are home: the largest ones, in order, at the bottom of peg ``C``.

    >>> home(((1,), (2,), (3, 4))), home(((), (), (1, 2, 3))), home(((1, 2), (), (3,)))
    (2, 3, 1)
    """
    n, target = discs(q), q[TARGET]
    count = 0
    while count < len(target) and target[-1 - count] == n - count:
        count += 1
    return count


def goalmoves(q: Towers) -> Plan[Move]:
    """The plan: the largest disc not yet home goes to peg ``C``.

    ``goalmoves q = [(d, C) | d > 0] where d = n - home q``

    >>> goalmoves(tower(3)), goalmoves(((), (), (1, 2, 3)))
    (((3, 2),), ())
    """
    d = discs(q) - home(q)
    return ((d, TARGET),) if d > 0 else ()


def premoves(q: Towers, m: Move) -> list[list[Move]]:
    """The way of making a move legal: clear what sits on the disc and on the target.

    Disc ``d`` can go from peg ``p`` to peg ``r`` once every smaller disc is on the third
    peg ``k``; so first the largest smaller disc not on ``k`` goes there:

    ``premoves q (d, r) = [[(e, k)] | e <- take 1 [d-1, d-2 .. 1], peg e /= k]``
    ``where k = the third peg of (peg d, r)``

    >>> premoves(tower(3), (3, 2)), premoves(tower(3), (2, 1)), premoves(tower(3), (1, 2))
    ([[(2, 1)]], [[(1, 2)]], [])
    """
    d, r = m
    k = third(peg_of(q, d), r)
    misplaced = [e for p, stack in enumerate(q) if p != k for e in stack if e < d]
    return [[(max(misplaced), k)]] if misplaced else []


def newplans(q: Towers, plan: Plan[Move]) -> list[Plan[Move]]:
    """Plans whose first move is legal, a spent plan replaced by a fresh goal.

    ::

        newplans q [] = mkplans (goalmoves q)
        newplans q ms = mkplans ms

    with ``mkplans`` as in :func:`pearls.search.mkplans`.  The chapter's ``newplans``
    gives nothing for an empty plan; here the largest disc still away from home becomes
    the next goal, so one plan leads all the way.  (A plan of every disc's last move at
    once would not do: ``mkplans`` drops a premove already in the plan, and disc 1 goes
    to ``C`` many times.)  The plans grow one premove at a time and hold one move per
    disc at most, so they stay shorter than ``n``.

    >>> newplans(tower(3), ())
    [((1, 2), (2, 1), (3, 2))]
    """
    return mkplans(moves(q), lambda m: premoves(q, m), plan or goalmoves(q))


planner: Planner[Towers, Move] = Planner(puzzle, goalmoves, newplans)


def bfsolve(q: Towers) -> list[Move] | None:
    """A shortest solution: ``bfsolve q = bfsearch' [] [] [([], q)]``."""
    return search.bfsolve(puzzle, q)


def dfsolve(q: Towers) -> list[Move] | None:
    """A depth-first solution: ``dfsolve q = dfsearch [] [([], q)]``."""
    return search.dfsolve(puzzle, q)


def psolve(q: Towers) -> list[Move] | None:
    """A planned solution: ``psolve q = psearch' [] [] [([], q, goalmoves q)]``.

    >>> len(psolve(tower(5)))
    31
    """
    return search.psolve(planner, q)


def repeats_disc(p: Path[Towers, Move], m: Move) -> bool:
    """Whether ``m`` moves the disc that the path moved last: never part of a shortest
    solution (one move would have taken it where two do), so iterative deepening need not
    try it.

    >>> from pearls.types import start
    >>> after = Path(start(tower(2)).history.cons((1, 1)), move(tower(2), (1, 1)))
    >>> repeats_disc(after, (1, 2)), repeats_disc(after, (2, 2))
    (True, False)
    """
    return bool(p.history) and p.history.first[0] == m[0]


def lower_bound(q: Towers) -> int:
    """At least this many moves remain: ``2^(d-1)`` while disc ``d`` is the largest not
    home, since it must move, and then the ``d - 1`` smaller discs, all on one other peg,
    must follow it as a tower (``2^(d-1) - 1`` moves); 0 when solved.

    >>> lower_bound(tower(3)), lower_bound(((1,), (), (2, 3))), lower_bound(((), (), (1,)))
    (4, 1, 0)
    """
    d = discs(q) - home(q)
    return 2 ** (d - 1) if d > 0 else 0


def rank(q: Towers) -> int:
    """The position as a number in base 3, disc ``d``'s peg its digit of weight
    ``3^(d-1)``: a minimal perfect hash of the ``3^n`` positions of ``n`` discs.

    >>> rank(tower(2)), rank(((), (), (1, 2))), rank(((2,), (1,), ()))
    (0, 8, 1)
    """
    return sum(p * 3 ** (d - 1) for p, stack in enumerate(q) for d in stack)


def perfect_hash(n: int) -> PerfectHash[Towers]:
    """:func:`rank` over the ``3^n`` positions of ``n`` discs."""
    return PerfectHash(rank, 3**n)


# The text form


def show(q: Towers) -> str:
    """The pegs ``A``, ``B`` and ``C`` separated by ``|``, each its discs top first.

    >>> show(((2, 3), (), (1,)))
    '2 3 |  | 1'
    """
    return " | ".join(" ".join(map(str, stack)) for stack in q).strip()


def parse(text: str) -> Towers:
    """The position a text shows: three pegs separated by ``|``, each its discs top
    first, separated by whitespace; the discs are ``1 .. n``, each once, and no disc sits
    on a smaller one.  Raises :class:`~pearls.errors.BoardError` saying what is wrong.

    >>> parse("1 2 3 | | "), parse(" 2 3|| 1")
    (((1, 2, 3), (), ()), ((2, 3), (), (1,)))
    >>> parse("2 1 | | 3")
    Traceback (most recent call last):
    ...
    pearls.errors.BoardError: peg A: disc 2 sits on disc 1; a disc may sit only on a larger one
    """
    fields = text.split("|")
    if len(fields) != 3:
        raise BoardError(
            f"a position is 3 pegs separated by '|', this text has {len(fields)} part(s)"
        )
    words = [field.split() for field in fields]
    names = {str(d): d for d in range(1, sum(map(len, words)) + 1)}
    if not names:
        raise BoardError("no discs: write the discs 1 .. n on the pegs, e.g. '1 2 3 | |'")
    pegs = [_stack(PEGS[p], stack, names) for p, stack in enumerate(words)]
    counts = Counter(d for stack in pegs for d in stack)
    twice = [d for d, count in counts.items() if count > 1]
    if twice:
        raise BoardError(f"disc {min(twice)} is written {counts[min(twice)]} times")
    return (pegs[0], pegs[1], pegs[2])


def _stack(peg: str, words: Sequence[str], names: dict[str, Disc]) -> Stack:
    """One peg's discs, top first, checked: known numbers, each larger than the one above."""
    stack: list[Disc] = []
    for word in words:
        if word not in names:
            raise BoardError(
                f"peg {peg}: {word!r} is not a disc; with {len(names)} discs, "
                f"write whole numbers 1 .. {len(names)}"
            )
        d = names[word]
        if stack and d < stack[-1]:
            raise BoardError(
                f"peg {peg}: disc {stack[-1]} sits on disc {d}; a disc may sit only on a larger one"
            )
        stack.append(d)
    return tuple(stack)


# Drawing

_PEG_SPACING = 190  # the width of each peg's third of the drawing, in SVG units
_WIDEST, _NARROWEST = 170, 26  # the largest disc's width, the smallest one's
_STACK_HEIGHT = 240  # a full peg's height, whatever the number of discs
_PAD = 16
_PALETTE = (  # disc d takes colour (d - 1) mod 10, with a dark or light number on it
    ("#d62728", "#ffffff"), ("#ff7f0e", "#1a1a1a"), ("#f2b701", "#1a1a1a"),
    ("#2ca02c", "#ffffff"), ("#17becf", "#1a1a1a"), ("#1f77b4", "#ffffff"),
    ("#393b79", "#ffffff"), ("#9467bd", "#ffffff"), ("#e377c2", "#1a1a1a"),
    ("#8c564b", "#ffffff"),
)  # fmt: skip


def draw(q: Towers) -> str:
    """The towers as a standalone SVG document: three pegs on a base, named ``A``, ``B``
    and ``C`` beneath, each disc a rounded bar as wide as its size, numbered while the
    discs are tall enough to hold a number.

    >>> picture = draw(tower(3))
    >>> picture.startswith("<svg"), picture.count('class="disc"'), picture.count('class="peg"')
    (True, 3, 3)
    """
    n = max(1, discs(q))
    thick = max(4.0, min(22.0, _STACK_HEIGHT / (n + 1)))
    base = _PAD + (n + 1) * thick + 8
    width, height = 3 * _PEG_SPACING + 2 * _PAD, base + 40
    parts = [_base(base, width)]
    for p, stack in enumerate(q):
        middle = _PAD + (p + 0.5) * _PEG_SPACING
        parts.append(_peg(middle, base, (n + 1) * thick + 8, PEGS[p]))
        for level, d in enumerate(reversed(stack)):
            parts.append(_disc(d, n, middle, base - (level + 1) * thick, thick))
    title = f"Tower of Hanoi, {discs(q)} disc{'s' if discs(q) != 1 else ''}"
    return svg.document(width, height, *parts, title=title)


def _base(y: float, width: float) -> str:
    """The board the pegs stand on."""
    return svg.element(
        "rect", x=_PAD / 2, y=y, width=width - _PAD, height=10, rx=3, fill="#8c6d31", class_="base"
    )


def _peg(middle: float, base: float, tall: float, name: str) -> str:
    """A peg: a rod rising from the base, its name below."""
    rod = svg.element(
        "rect", x=middle - 4, y=base - tall, width=8, height=tall, rx=4, fill="#a0896b"
    )
    label = svg.element(
        "text",
        name,
        x=middle,
        y=base + 30,
        font_size=18,
        font_weight="bold",
        font_family="sans-serif",
        text_anchor="middle",
        fill="#3b3b3b",
    )
    return svg.element("g", rod, label, class_="peg", data_peg=name)


def _disc(d: Disc, n: int, middle: float, top: float, thick: float) -> str:
    """Disc ``d`` of ``n``, centred on a peg, its top edge at ``top``."""
    wide = _NARROWEST + (_WIDEST - _NARROWEST) * (d - 1) / max(1, n - 1)
    fill, ink = _PALETTE[(d - 1) % len(_PALETTE)]
    body = svg.element(
        "rect",
        x=middle - wide / 2,
        y=top + 0.5,
        width=wide,
        height=thick - 1,
        rx=min(6.0, thick / 2),
        fill=fill,
        stroke="#000000",
        stroke_opacity=0.35,
    )
    number = svg.element(
        "text",
        str(d),
        x=middle,
        y=top + thick / 2,
        dy="0.35em",
        font_size=min(14.0, thick - 4),
        font_family="sans-serif",
        font_weight="bold",
        text_anchor="middle",
        fill=ink,
    )
    return svg.element("g", body, *([number] if thick >= 12 else []), class_="disc", data_disc=d)


# The puzzle described for the command line

MAX_DISCS = 64  # the legend's tower of Brahma
_MAX_FLAGS = 3**15  # the largest space analysed with a table of flags (14 MB) over rank


def words(q: Towers, m: Move) -> str:
    """A move in words, given the towers before it.

    >>> words(tower(3), (1, 2))
    'disc 1 from A to C'
    """
    d, r = m
    return f"disc {d} from {PEGS[peg_of(q, d)]} to {PEGS[r]}"


def notation(q: Towers, m: Move) -> str:
    """A move as its two pegs, from and to: ``AC``.

    >>> notation(tower(3), (1, 2))
    'AC'
    """
    d, r = m
    return PEGS[peg_of(q, d)] + PEGS[r]


def _discs_option(settings: Settings) -> int:
    """The ``--discs`` setting, checked: a whole number from 1 to 64."""
    text = settings.get("discs", "4")
    if not (text.isascii() and text.isdigit() and 1 <= int(text) <= MAX_DISCS):
        raise BoardError(f"--discs must be a whole number from 1 to {MAX_DISCS}, not {text!r}")
    return int(text)


def standard(settings: Settings) -> str:
    """The usual start for ``--discs N``: every disc on peg ``A``.

    >>> standard({"discs": "3"})
    '1 2 3 |  |'
    """
    return show(tower(_discs_option(settings)))


def problem(text: str, settings: Settings = NO_SETTINGS) -> Problem[Towers, Move]:
    """The problem a text describes: its discs to peg ``C``.  The ``--discs`` setting is
    checked, and sizes only the usual start; a board has as many discs as it shows."""
    if settings:
        _discs_option(settings)
    q = parse(text)
    n = discs(q)
    return Problem(
        puzzle=puzzle,
        start=q,
        methods={
            "bfs": methods.bfs(puzzle),
            "plan": methods.plan(planner),
            "direct": methods.known(hanoi, "the recursion of the Tower of Hanoi, no search"),
            "dfs": methods.dfs(puzzle),
            "iddfs": methods.iddfs(puzzle, repeats_disc),
            "astar": methods.astar(puzzle, lower_bound),
            "idastar": methods.idastar(puzzle, lower_bound),
        },
        show=show,
        state_json=lambda q: [list(stack) for stack in q],
        move_json=lambda m: [m[0], m[1]],
        words=words,
        notation=notation,
        draw=draw,
        reversible=True,
        perfect_hash=perfect_hash(n) if 3**n <= _MAX_FLAGS else None,
    )


DESCRIPTION = Description(
    name="hanoi",
    title="Tower of Hanoi: move the discs from peg A to peg C, never a larger on a smaller",
    text_form="A position is the pegs A, B and C separated by '|', each its discs top first "
    "by number, 1 the smallest: '1 2 3 | |' is three discs on A. Whitespace is ignored. A "
    "move takes the top disc of one peg onto another peg, empty or topped by a larger disc.",
    parse=problem,
    examples={
        "seed": "1 2 3 4 |  |",
        "three": "1 2 3 |  |",
        "midway": "3 | 1 2 | 4",
        "eight": "1 2 3 4 5 6 7 8 |  |",
    },
    options=(
        Option(
            "discs",
            f"discs of the usual start, all on peg A, 1 to {MAX_DISCS} (used when no board is "
            "given; a board has as many discs as it shows)",
            "4",
        ),
    ),
    standard=standard,
)
