"""The chapter page's live figures (``docs/chapter.md``): the chapter's equations fired
rule by rule by :mod:`pearls.literal`, as plain data that the page steps through.

A figure is a row of panes stepped together, one rule a press.  Each pane quotes an
equation group (the build quotes it, ``docs/hooks/equations.py``), and each of its steps
holds the rule about to fire, in the book's numbering, and the group's variables just
before it fires, by their names, as the page shows them.  The site's Python (Pyodide,
in a Web Worker) imports this module from the site's own files when a reader first
presses Step or Play, and :func:`handle` answers the page's ``{"figure": NAME}``.

- ``levels``: ``bfsearch`` against ``bfsearch'`` on a small graph, where ``rs`` gathers
  the next level, newest first, so that the two find different shortest routes;
- ``planning``: ``psearch'`` with Rush Hour's planner on Figure 18.1's board: the plan
  each path follows, and the premoves that ``newplans`` chains in front of it;
- ``fast``: the literal ``bfsearch'`` beside ``bfsolve``'s own loop, traced: the same
  positions expanded, in the same order.

>>> shown = figure("levels")
>>> [(pane["title"], len(pane["steps"])) for pane in shown["panes"]]
[('bfsearch', 6), ("bfsearch'", 9)]
>>> shown["panes"][1]["steps"][1]["vars"][1]
{'name': 'rs', 'items': ['([b], b)', '([c], c)'], 'states': ['b', 'c'], 'inline': True}
"""

from __future__ import annotations

import json
from collections.abc import Callable, Generator, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeAlias, TypeVar

from pearls import literal, search, svg
from pearls.limits import Meter
from pearls.puzzles import graph, rushhour
from pearls.puzzles.rushhour import Grid, Move, draw, text
from pearls.puzzles.rushhour_players import describe
from pearls.tracing import Expanded, Tracer
from pearls.types import JSON, APath, History, Path, Plan, astart, solution, start

__all__ = [
    "ACCUMULATING",
    "EDGES",
    "FAST",
    "FIGURES",
    "GOAL",
    "SHOWN",
    "START",
    "Figure",
    "Pane",
    "figure",
    "graph_drawing",
    "handle",
]

Answer: TypeAlias = dict[str, JSON]  # e.g. {"rule": 5, "said": "otherwise", "vars": [...]}
T = TypeVar("T")
R = TypeVar("R")

EDGES = {"a": "bc", "b": "d", "c": "d", "d": "e"}  # a diamond and its tail: two routes to e
START, GOAL = "a", "e"
ROUTES = graph.puzzle(EDGES, GOAL)
FAST = text.parse("FFDEG. ..DEG. B.AA.H BCIIIH BCJKKH LLJ.MM")  # g1, 30 of bfsolve g1 played
SHOWN = 4  # the paths of a long frontier shown, head first; the rest are counted
ACCUMULATING = ("bfsearch'", "psearch'")  # the groups that gather the next level in rs


# --- The figures ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Pane:
    """A column of a figure: its title, the equation group whose rules it fires (a key
    of :data:`pearls.literal.RULES`, or ``None`` where it fires none) and the Python
    shown beside the equations: the :mod:`pearls.literal` function that fires them, or
    code; and the name of the position a step draws."""

    title: str
    group: str | None
    python: Callable[..., object] | str
    drawn: str = "q"  # the name of the position a step draws


@dataclass(frozen=True)
class Figure:
    """A figure's panes, stepped together, and what makes their steps: for each pane,
    its steps, and the positions they draw (``states``, each ``{"key", "drawing"}``);
    whether the panes' expansions are compared, number by number; and what the figure
    draws that stays the same as it steps, if anything (SVG, for each pane)."""

    panes: tuple[Pane, ...]
    steps: Callable[[], tuple[list[list[Answer]], list[JSON]]]
    compare: bool = False
    drawing: Callable[[], str] | None = None


def figure(name: str) -> Answer:
    """The figure ``name`` as the page steps it: each pane's title, group and steps,
    and the positions drawn.  Raises :class:`KeyError` for a name not in
    :data:`FIGURES`."""
    shown = FIGURES[name]
    panes, states = shown.steps()
    stepped: list[JSON] = [
        {"title": pane.title, "group": pane.group, "drawn": pane.drawn, "steps": list[JSON](steps)}
        for pane, steps in zip(shown.panes, panes, strict=True)
    ]
    return {"figure": name, "panes": stepped, "states": states, "compare": shown.compare}


def handle(message: str) -> str:
    """Answer one message from the page, ``{"figure": NAME}``: ``{"status": "ok", ...}``
    with the figure (:func:`figure`), or the one line that says why not.

    >>> json.loads(handle('{"figure": "nine"}'))
    {'status': 'error', 'outcome': "no figure 'nine': levels, planning or fast"}
    """
    try:
        request: JSON = json.loads(message)
    except (ValueError, RecursionError) as e:
        return json.dumps({"status": "error", "outcome": f"a message that is no JSON: {e}"})
    name = request.get("figure") if isinstance(request, dict) else None
    if not isinstance(name, str) or name not in FIGURES:
        known = ", ".join(list(FIGURES)[:-1]) + f" or {list(FIGURES)[-1]}"
        return json.dumps({"status": "error", "outcome": f"no figure {name!r}: {known}"})
    return json.dumps({"status": "ok", **figure(name)}, separators=(",", ":"))


def _run(steps: Generator[T, None, R]) -> tuple[list[T], R]:
    """Every step a group takes, and what it returns."""
    taken: list[T] = []
    while True:
        try:
            taken.append(next(steps))
        except StopIteration as done:
            returned: R = done.value
            return taken, returned


def _rule(group: str, rule: int) -> Answer:
    """A step's rule: its number and the words of the book that state it."""
    return {"rule": rule, "said": literal.RULES[group][rule - 1]}


def _var(name: str, items: Sequence[str], states: Sequence[str], total: int) -> Answer:
    """A variable that holds a list: its first items, their states, and how many
    there are in all, where that is more."""
    shown: Answer = {"name": name, "items": list(items), "states": list(states)}
    return shown if total == len(items) else shown | {"total": total}


# --- bfsearch against bfsearch' on a small graph ----------------------------------------------


def _levels() -> tuple[list[list[Answer]], list[JSON]]:
    """``bfsearch`` and ``bfsearch'`` from :data:`START` to :data:`GOAL` over
    :data:`EDGES`."""
    first: Path[str, str] = start(START)
    queue = _run(literal.bfsearch(ROUTES, [], [first]))
    levels = _run(literal.bfsearch_(ROUTES, [], [], [first]))
    return [_graph_steps("bfsearch", *queue), _graph_steps("bfsearch'", *levels)], []


def _graph_steps(
    group: str, steps: list[literal.Step[str, Path[str, str]]], found: list[str] | None
) -> list[Answer]:
    """A graph search's steps: the rule, ``qs`` and the frontiers, each path as Bird
    writes it, and each node marked with where it stands."""
    shown = [_graph_step(group, step) for step in steps]
    shown[-1]["result"] = "Nothing" if found is None else f"Just {_nodes(found)}"
    return shown


def _graph_step(group: str, step: literal.Step[str, Path[str, str]]) -> Answer:
    """One step of a graph search (``rs`` only where the group has it)."""
    qs: Answer = {"name": "qs", "items": list(step.qs), "states": list(step.qs), "inline": True}
    frontiers = [("rs", step.rs)] if group in ACCUMULATING else []
    lists = [_graph_paths(name, ps) for name, ps in [*frontiers, ("ps", step.ps)]]
    return _rule(group, step.rule) | {"vars": [qs, *lists], "marks": _marks(step)}


def _graph_paths(name: str, ps: Sequence[Path[str, str]]) -> Answer:
    """A frontier of a graph search, each path ``(ms, q)`` as Bird writes it."""
    items = [f"({_nodes(solution(p.history))}, {p.state})" for p in ps]
    return _var(name, items, [p.state for p in ps], len(ps)) | {"inline": True}


def _nodes(ns: Iterable[str]) -> str:
    """Nodes as a Haskell list: ``[b, d]``."""
    return "[" + ", ".join(ns) + "]"


def _marks(step: literal.Step[str, Path[str, str]]) -> Answer:
    """Where each node stands before the rule fires: ``seen`` (in ``qs``), ``next``
    (in ``rs``), ``waiting`` (in the tail of ``ps``), ``head`` (the head of ``ps``)."""
    marks: dict[str, list[str]] = {}
    placed = [
        *(("seen", q) for q in step.qs),
        *(("next", p.state) for p in step.rs),
        *(("waiting", p.state) for p in step.ps[1:]),
        *(("head", p.state) for p in step.ps[:1]),
    ]
    for mark, node in placed:
        if mark not in marks.setdefault(node, []):
            marks[node].append(mark)
    return {node: " ".join(names) for node, names in marks.items()}


def graph_drawing(edges: dict[str, str], root: str) -> str:
    """The graph drawn top down by breadth-first depth from ``root``, each node a
    ``<g data-node=NAME>`` that the page marks as a search passes it.

    >>> picture = graph_drawing(EDGES, START)
    >>> picture.count("data-node="), picture.count("<line")
    (5, 5)
    """
    rows = _rows(edges, root)
    at = {q: (_X * (i + 1) * 4 / (len(row) + 1), _Y * (d + 0.5)) for d, row in enumerate(rows)
          for i, q in enumerate(row)}  # fmt: skip
    arrows = [_arrow(at[q], at[r]) for q, rs in edges.items() for r in rs]
    nodes = [_node(q, *xy) for q, xy in at.items()]
    title = "the graph: " + "; ".join(f"{q} → {', '.join(rs)}" for q, rs in edges.items())
    return svg.document(_X * 4, _Y * len(rows), *arrows, *nodes, title=title)


_X, _Y, _R = 40, 44, 13  # a quarter of the drawing's width, a row's height, a node's radius


def _rows(edges: dict[str, str], root: str) -> list[list[str]]:
    """The nodes by depth from ``root``, each row in the order first reached."""
    rows, seen = [[root]], {root}
    while True:
        row = [r for q in rows[-1] for r in edges.get(q, "") if r not in seen]
        row = list(dict.fromkeys(row))
        if not row:
            return rows
        seen.update(row)
        rows.append(row)


def _arrow(tail: tuple[float, float], head: tuple[float, float]) -> str:
    """An edge from one node's rim to the other's, its head a small triangle."""
    (x1, y1), (x2, y2) = tail, head
    length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
    dx, dy = (x2 - x1) / length, (y2 - y1) / length
    sx, sy, ex, ey = x1 + dx * _R, y1 + dy * _R, x2 - dx * _R, y2 - dy * _R
    back, side = 7, 3.5
    points = [(ex, ey), (ex - dx * back - dy * side, ey - dy * back + dx * side),
              (ex - dx * back + dy * side, ey - dy * back - dx * side)]  # fmt: skip
    drawn = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    line = svg.element("line", x1=sx, y1=sy, x2=ex - dx * back, y2=ey - dy * back)
    return svg.element("g", line, svg.element("polygon", points=drawn), class_="edge")


def _node(q: str, x: float, y: float) -> str:
    """A node: a circle and its name."""
    circle = svg.element("circle", cx=x, cy=y, r=_R)
    name = svg.element("text", svg.escape(q), x=x, y=y + 4.5, text_anchor="middle")
    return svg.element("g", circle, name, class_="node", data_node=q)


# --- Rush Hour positions, drawn once and said in words ----------------------------------------


class _Boards:
    """Rush Hour positions as a figure shows them: each drawn once, in the table the
    steps refer to by number, and moves said in words by the puzzle's description,
    each from the position it was made in."""

    def __init__(self, first: Grid) -> None:
        self.first = first
        self.words = describe.problem(text.show(first)).words
        self.numbers: dict[Grid, int] = {}
        self.states: list[JSON] = []

    def number(self, g: Grid) -> int:
        """The number of ``g`` in the table, drawn the first time."""
        if g not in self.numbers:
            self.numbers[g] = len(self.states)
            self.states.append({"key": text.show(g, sep=""), "drawing": draw.draw(g)})
        return self.numbers[g]

    def said(self, ms: History[Move]) -> list[str]:
        """The moves ``ms`` in words, first move first, each from the position it was
        made in."""
        g, words = self.first, []
        for m in solution(ms):
            words.append(self.words(g, m))
            g = rushhour.move(g, m)
        return words

    def plan(self, g: Grid, plan: Plan[Move]) -> str:
        """A plan in words, every move said from ``g``, where the plan is made."""
        return "[" + ", ".join(self.words(g, m) for m in plan) + "]"

    def made(self, ms: History[Move]) -> str:
        """A path's moves in short: how many, and the last two."""
        words = self.said(ms)
        last = ", ".join(words[-2:])
        shown = f"(… {last})" if len(words) > 2 else f"({last})" if words else ""
        return f"{len(words)} move{'' if len(words) == 1 else 's'} {shown}".rstrip()

    def frontier(self, name: str, ps: Sequence[Path[Grid, Move] | APath[Grid, Move]]) -> Answer:
        """A frontier, its first :data:`SHOWN` paths said in words (a planned path with
        its plan), the rest counted."""
        head = ps[:SHOWN]
        items = [self.made(p.history) + self._planned(p) for p in head]
        return _var(name, items, [text.show(p.state, sep="") for p in head], len(ps))

    def _planned(self, p: Path[Grid, Move] | APath[Grid, Move]) -> str:
        """A path's plan in words, where it has one."""
        return f"; plan {self.plan(p.state, p.plan)}" if isinstance(p, APath) else ""

    def seen(self, qs: Sequence[Grid]) -> Answer:
        """``qs``, counted: the positions expanded so far, newest first."""
        said = f"{len(qs)} position{'' if len(qs) == 1 else 's'}, newest first" if qs else "[]"
        return {"name": "qs", "text": said}

    def result(self, found: list[Move] | None) -> str:
        """What a search returns, its moves in words."""
        if found is None:
            return "Nothing"
        g, words = self.first, []
        for m in found:
            words.append(self.words(g, m))
            g = rushhour.move(g, m)
        return f"Just [{', '.join(words)}] ({len(found)} moves)"


# --- psearch' planning on Figure 18.1 ---------------------------------------------------------


def _planning() -> tuple[list[list[Answer]], list[JSON]]:
    """``psearch'`` with Rush Hour's planner from Figure 18.1's board, ``psolve g1``."""
    boards = _Boards(rushhour.g1)
    steps, found = _run(
        literal.psearch_(rushhour.planner, [], [], [astart(rushhour.planner, rushhour.g1)])
    )
    shown = [_planned_step(boards, step) for step in steps]
    shown[-1]["result"] = boards.result(found)
    return [shown], boards.states


def _planned_step(boards: _Boards, step: literal.Step[Grid, APath[Grid, Move]]) -> Answer:
    """One step of ``psearch'``: ``qs``, ``rs``, ``ps``, and the head of ``ps`` taken
    apart, ``p@(ms, q, plan)``, its position drawn; where it is expanded, how
    ``newplans`` grew its plan."""
    shown = _rule("psearch'", step.rule) | {"vars": _planned_vars(boards, step)}
    if not step.ps:
        return shown
    _, q, plan = step.ps[0]
    shown["state"] = boards.number(q)
    if step.rule == 5:
        shown["trail"] = _newplans(boards, q, plan)
        shown["notes"] = [
            "asuccs p: a path for each new plan, its first move made, in front of ps",
            "bsuccs p: a path for each legal move, planning afresh (goalmoves), in front of rs",
        ]
    return shown


def _planned_vars(boards: _Boards, step: literal.Step[Grid, APath[Grid, Move]]) -> list[JSON]:
    """``qs``, ``rs`` and ``ps``, then ``ms`` and ``plan`` of the head of ``ps``."""
    shown: list[JSON] = [
        boards.seen(step.qs),
        boards.frontier("rs", step.rs),
        boards.frontier("ps", step.ps),
    ]
    if step.ps:
        ms, q, plan = step.ps[0]
        moves = boards.said(ms)
        shown.append({"name": "ms", "text": f"[{', '.join(moves)}]" if moves else "[]"})
        shown.append({"name": "plan", "text": boards.plan(q, plan)})
    return shown


def _newplans(boards: _Boards, q: Grid, plan: Plan[Move]) -> Answer:
    """How ``newplans q plan`` grows the plan, Rush Hour's way: its first move
    expanded into one-cell moves, then ``mkplans`` rule by rule, premoves chained in
    front until the first move is legal."""
    if not plan:
        return {"title": "newplans q [] = []", "items": []}
    m, *ms = plan
    legal = rushhour.moves(q)
    steps, plans = _run(
        literal.mkplans(legal, lambda m: rushhour.premoves(q, m), (*rushhour.expand(q, m), *ms))
    )
    items = [_mkplans_step(boards, q, step) for step in steps]
    made = ", ".join(boards.plan(q, p) for p in plans) or "none"
    return {
        "title": "newplans q (m : ms) = mkplans (expand q m ++ ms)",
        "items": [*items, f"the new plans: {made}"],
    }


def _mkplans_step(boards: _Boards, q: Grid, step: literal.PlanStep[Move]) -> str:
    """One rule of ``mkplans`` on the plan it holds, in words; for ``otherwise``, the
    premoves that may go in front of the plan's first move."""
    said = f"{literal.RULES['mkplans'][step.rule - 1]}: {boards.plan(q, step.ms)}"
    if step.rule != 3:
        return said
    ways = [boards.plan(q, tuple(pms)) for pms in rushhour.premoves(q, step.ms[0])]
    return f"{said}; premoves q m = [{', '.join(ways)}]"


# --- The fast loop beside the literal one -----------------------------------------------------


def _fast() -> tuple[list[list[Answer]], list[JSON]]:
    """The literal ``bfsearch'`` from :data:`FAST`, and ``bfsolve``'s loop traced, the
    expansion of one beside the same expansion of the other."""
    boards = _Boards(FAST)
    steps, found = _run(literal.bfsearch_(rushhour.puzzle, [], [], [start(FAST)]))
    tracer = Tracer()
    meter = Meter(observer=tracer)
    fast = search.bfsolve(meter.watch(rushhour.puzzle), FAST, meter.levels)
    traced = [e for e in tracer.recorded if isinstance(e, Expanded)]
    grids: dict[Hashable, Grid] = {p.state: p.state for step in steps for p in step.ps[:1]}
    counted = _expansions(steps)
    literal_pane = [_literal_step(boards, step, k) for step, k in zip(steps, counted, strict=True)]
    literal_pane[-1]["result"] = boards.result(found)
    fast_pane = [
        _traced_step(boards, grids, traced, step, k) for step, k in zip(steps, counted, strict=True)
    ]
    fast_pane[-1]["result"] = boards.result(fast)
    return [literal_pane, fast_pane], boards.states


def _expansions(steps: Sequence[literal.Step[Grid, Path[Grid, Move]]]) -> list[int]:
    """For each step, how many states the search has expanded once it fires."""
    counted, k = [], 0
    for step in steps:
        k += 1 if step.rule == 5 else 0
        counted.append(k)
    return counted


def _literal_step(boards: _Boards, step: literal.Step[Grid, Path[Grid, Move]], k: int) -> Answer:
    """One step of the literal ``bfsearch'``, and the expansion it makes, if any."""
    shown = _rule("bfsearch'", step.rule) | {
        "vars": [
            boards.seen(step.qs),
            boards.frontier("rs", step.rs),
            boards.frontier("ps", step.ps),
        ]
    }
    if step.ps:
        shown["state"] = boards.number(step.ps[0].state)
    if step.rule == 5:
        shown["expansion"] = k
    return shown


_WHY = {
    2: "rs becomes the next level: the loop was told it (levels) in this order",
    4: "q ∈ qs: the loop never listed this path, as a successor already expanded "
    "never joins its frontier",
}  # what the loop does where the equations fire a rule that expands nothing


def _traced_step(
    boards: _Boards,
    grids: dict[Hashable, Grid],
    traced: Sequence[Expanded],
    step: literal.Step[Grid, Path[Grid, Move]],
    k: int,
) -> Answer:
    """The loop's expansion number ``k`` as the tracer recorded it, beside the
    equations' step; its position drawn, if it is one the equations reached."""
    if not 0 < k <= len(traced):  # the equations expanded more than the loop
        return {
            "rule": None,
            "vars": [{"name": "expansion", "text": f"none: {len(traced)} in all"}],
        }
    e = traced[k - 1]
    shown: Answer = {
        "rule": None,
        "expansion": k,
        "vars": [
            {"name": "expansion", "text": f"{k} of {len(traced)}"},
            {"name": "depth", "text": str(e.depth)},
            {"name": "reached", "text": str(e.reached)},
        ],
    }
    g = grids.get(e.state)
    if g is not None:
        shown["state"] = boards.number(g)
    if step.rule in _WHY:
        shown["notes"] = [_WHY[step.rule]]
    return shown


FIGURES: dict[str, Figure] = {
    "levels": Figure(
        (
            Pane("bfsearch", "bfsearch", literal.bfsearch),
            Pane("bfsearch'", "bfsearch'", literal.bfsearch_),
        ),
        _levels,
        drawing=lambda: graph_drawing(EDGES, START),
    ),
    "planning": Figure((Pane("psearch'", "psearch'", literal.psearch_),), _planning),
    "fast": Figure(
        (
            Pane("bfsearch', literally", "bfsearch'", literal.bfsearch_),
            Pane(
                "bfsolve's loop, traced",
                None,
                "tracer = Tracer()\n"
                "meter = Meter(observer=tracer)\n"
                "bfsolve(meter.watch(puzzle), q, meter.levels)\n"
                "[e for e in tracer.recorded if isinstance(e, Expanded)]",
                drawn="state",
            ),
        ),
        _fast,
        compare=True,
    ),
}
