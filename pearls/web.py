"""The library as the docs site calls it in a reader's browser: requests in, plain data
out, the command line's own words.

The site runs this package on Pyodide (CPython compiled to WebAssembly) in a Web Worker.
The page sends a request as a JSON object and reads back one JSON object; nothing here
prints, reads files or knows a puzzle by name.  :func:`catalogue` lists the registry
(:mod:`pearls.registry`) for the playground's pickers; :func:`solve` and :func:`analyze`
answer as ``pearls solve`` and ``pearls analyze`` do, in the words of
:mod:`pearls.render`, with every position drawn; :func:`draw` draws a board;
:func:`handle` dispatches one message.  Each is a face over :mod:`pearls.frontend`:
each field of the message handed to it as given (a JSON value where the command line
has text) and read there by the one rule both faces share, the outcome written as
JSON, so the page's words and verdicts are the command line's.

Every answer carries ``status`` (``"solved"``, ``"none"``, ``"analysed"``, ``"limit"``,
``"error"`` or ``"ok"``) and, but for a catalogue or a drawing, the one line
``outcome`` that the command line would print last (or say on stderr):

>>> answer = solve({"puzzle": "rushhour", "example": "g1", "method": "bfs"})
>>> answer["status"], answer["outcome"]
('solved', 'solved in 34 moves (bfs, 2,778 states expanded)')
>>> answer["captions"][0], len(answer["captions"]), len(answer["frames"])
('start', 35, 35)
>>> solve({"puzzle": "rushhour", "board": "AAxx"})["outcome"]  # doctest: +ELLIPSIS
'bad board: a board has 36 cells (6 rows of 6), ...'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import TypeAlias

from pearls import frontend, svg
from pearls.description import JSON, Description, Offered, Option, Solution
from pearls.errors import OptionError
from pearls.frontend import (
    MAX_STATES,
    MAX_TEXT,
    TIMEOUT,
    Analyze,
    Board,
    Draw,
    Drawn,
    Example,
    Limits,
    Listed,
    Made,
    Outcome,
    Refused,
    Request,
    Solve,
    Solved,
    Source,
    Stopped,
    Surveyed,
    Task,
    Trace,
    Unsolvable,
    Usual,
)
from pearls.limits import Stats
from pearls.registry import PUZZLES

__all__ = [
    "MAX_FARTHEST",
    "MAX_MEMORY",
    "MAX_TEXT",
    "MAX_WATCHED",
    "Answer",
    "Post",
    "analyze",
    "catalogue",
    "draw",
    "handle",
    "solve",
]

Message: TypeAlias = Mapping[str, JSON]  # e.g. {"puzzle": "rushhour", "example": "g1"}
Answer: TypeAlias = dict[str, JSON]  # e.g. {"status": "solved", "outcome": "solved in ..."}
Post: TypeAlias = Callable[[str], None]  # sends a progress message (JSON) to the page

COMMANDS = ("solve", "analyze")  # the commands the playground offers
_LIMITS = ("max_states", "timeout", "max_memory")  # a message's limits, as Limits names them
MAX_FARTHEST = 24  # the farthest positions of an analysis drawn at most
MAX_MEMORY = 1 << 30  # bytes an analysis's table may take in a browser tab
MAX_WATCHED = 5_000  # the events of a search the playground's watch mode steps through


def catalogue() -> Answer:
    """Every registered puzzle as the playground offers it: its title, text form,
    examples (each drawn, where the puzzle draws), methods, and the options of each
    command with the methods they serve; and the default limits.

    >>> entry = catalogue()["puzzles"][0]
    >>> entry["name"], [m["name"] for m in entry["methods"]], entry["default"]
    ('rushhour', ['bfs', 'plan', 'dfs'], 'g1')
    """
    limits: Answer = {"max_states": MAX_STATES, "timeout": TIMEOUT}
    return {"puzzles": [_entry(d) for d in PUZZLES.values()], "limits": limits}


def _entry(d: Description) -> Answer:
    """One puzzle of the catalogue; ``default`` names the example shown first, and
    ``usual`` is the text of the usual start for the default options, where the puzzle
    has one (the command line's default board)."""
    return {
        "name": d.name,
        "title": d.title,
        "text_form": d.text_form,
        "examples": dict(d.examples),
        "drawings": {name: d.drawing(text) for name, text in d.examples.items()},
        "default": next(iter(d.examples)),
        "usual": d.default_text() if d.standard else None,
        "unsolvable": list[JSON](sorted(d.unsolvable)),
        "methods": [_method(name, m) for name, m in d.methods.items()],
        "options": {command: [_option(o) for o in d.options_of(command)] for command in COMMANDS},
    }


def _method(name: str, m: Offered) -> Answer:
    """A method as the picker offers it: what it finds, whether shortest, whether it
    lists every solution, and whether its memory is its depth (no bound on states by
    default: time alone bounds it)."""
    return {
        "name": name,
        "about": m.about,
        "shortest": m.shortest,
        "every": m.every,
        "deepening": m.deepening,
    }


def _option(o: Option[object]) -> Answer:
    """An option as a form field: name, help, default, choices, and the methods it
    serves (every method where none is named)."""
    return {
        "name": o.name,
        "help": o.help,
        "default": o.default_text,
        "choices": list(o.choices),
        "methods": list(o.methods),
    }


def solve(message: Message, progress: Post | None = None) -> Answer:
    """Solve as ``pearls solve`` does: ``puzzle``; ``board`` (its text) or ``example``
    (a name) or neither (the puzzle's default); ``method`` (the puzzle's default where
    there is none; ``"all"`` lists every solution where the puzzle offers it);
    ``options`` (name to value, a text or a number: those ``solve`` takes, as the
    command line takes them); ``max_states``, ``timeout`` and ``max_memory`` (the
    command line's defaults, and no memory bound).  Each value is handed to the front
    end as given and read there by the rule the command line's are read by.  Progress
    (states expanded so far) goes to ``progress`` as JSON, five times a second.

    The answer: ``status``, the ``outcome`` line, the command line's ``text`` lines and
    ``json`` object, and for one solution the ``captions`` ("move 3: C down 3") and the
    positions ``frames`` drawn as SVG (``None`` where the puzzle has no drawing or the
    solution is too long to draw).  With ``"watch": true``, the answer carries the
    search's ``trace`` too: its events as ``pearls solve --trace`` writes them (at most
    :data:`MAX_WATCHED`), the first :data:`~pearls.description.TRACE_DRAWN` expanded
    positions each with its ``drawing``.

    >>> answer = solve({"puzzle": "hanoi", "options": {"discs": "3"}, "method": "bfs"})
    >>> answer["outcome"], answer["json"]["length"]
    ('solved in 7 moves (bfs, 24 states expanded)', 7)
    >>> watched = solve({"puzzle": "graph", "example": "ladder", "watch": True})
    >>> [(e["event"], e["state"]) for e in watched["trace"]]
    [('expand', 'a'), ('expand', 'b'), ('expand', 'c'), ('expand', 'e')]
    >>> solve({"puzzle": "hanoi", "method": "guess"})["outcome"]
    "no method 'guess' for this problem: it offers bfs, plan, direct, dfs, astar, idastar"
    """
    return _answering(message, progress, _solving)


def analyze(message: Message, progress: Post | None = None) -> Answer:
    """Analyse as ``pearls analyze`` does (the message as for :func:`solve`, its options
    those ``analyze`` takes, its memory bound :data:`MAX_MEMORY` where it gives none,
    and ``from``: ``"goals"``, ``"start"`` or neither): the ``outcome`` line, the
    ``text`` and ``json``, the histogram as a bar ``chart`` (SVG), and the first
    :data:`MAX_FARTHEST` farthest positions ``drawn`` (SVG, where the puzzle draws one
    from its text) beside their ``pictures`` (text).

    >>> answer = analyze({"puzzle": "hanoi", "options": {"discs": "2"}})
    >>> answer["outcome"]
    '9 states; the farthest lie 3 moves from the solved positions (4 states)'
    >>> answer["json"]["histogram"], answer["chart"].count('class="bar"')
    ([1, 2, 2, 4], 4)
    """
    return _answering(message, progress, _analysing)


def draw(message: Message) -> Answer:
    """The start of the board a message names, drawn as SVG (``drawing``, ``None``
    where the puzzle has no drawing), or the command line's one line on a bad board.

    >>> draw({"puzzle": "hanoi", "options": {"discs": "2"}})["drawing"][:4]
    '<svg'
    """
    return _answering(message, None, lambda m: Draw())


def _solving(message: Message) -> Task:
    """Solving by the method the message names, every position drawn; with ``watch``,
    the search traced too (at most :data:`MAX_WATCHED` events)."""
    method = message.get("method")
    named = None if method is None else _text(method, "method")
    return Solve(named, draw=True, trace=message.get("watch") is True, events=MAX_WATCHED)


def _analysing(message: Message) -> Task:
    """Analysing from where the message says, the first :data:`MAX_FARTHEST` farthest
    positions drawn."""
    where = message.get("from")
    from_goals = None if where not in ("goals", "start") else where == "goals"
    return Analyze(from_goals, drawn=MAX_FARTHEST)


def _answering(message: Message, progress: Post | None, task: Callable[[Message], Task]) -> Answer:
    """Read the message as a request for ``task``, ask the front end, and write its
    outcome as JSON: the command line's own words."""
    try:
        request = _request(message, task(message))
    except ValueError as e:  # a field that is not of the JSON type it must be
        return {"status": "error", "outcome": " ".join(str(e).split())}
    report = None if progress is None else _reporter(progress)
    outcome = frontend.respond(request, report)
    return {"status": outcome.status, "outcome": outcome.line, **_shown(outcome)}


def _shown(outcome: Outcome) -> Answer:
    """What the page shows of an outcome beside its line: the words and the JSON, and
    for a search its captions, drawn positions and trace, for an analysis its chart
    and farthest positions drawn."""
    said: Answer = {"text": list(outcome.lines), "json": outcome.json}
    match outcome:
        case Refused():
            return {}
        case Drawn():
            return dict(outcome.json)
        case Solved() | Unsolvable():
            return {**said, **_solution(outcome.solution), **_trace(outcome.trace)}
        case Stopped():
            return {**said, **_trace(outcome.trace)}
        case Surveyed():
            return {**said, **_surveyed(outcome)}
        case Listed():
            return {**said, **_trace(outcome.trace)}
        case Made():
            return said


def _solution(solution: Solution) -> Answer:
    """A solution's captions, notation and positions drawn (``None`` where the puzzle
    has no drawing or the solution is too long to draw)."""
    drawings = solution.drawings
    return {
        "captions": list(solution.captions),
        "notation": list(solution.notation),
        "frames": None if drawings is None else list(drawings),
    }


def _trace(trace: Trace | None) -> Answer:
    """A search's events, where it was watched."""
    return {} if trace is None else {"trace": list(trace)}


def _surveyed(outcome: Surveyed) -> Answer:
    """An analysis's histogram charted and its farthest positions drawn."""
    survey = outcome.survey
    chart = svg.bar_chart(
        survey.histogram,
        title=f"{survey.states:,} positions by distance",
        x_label="distance",
        y_label="positions",
    )
    return {
        "chart": chart,
        "pictures": list(survey.pictures[:MAX_FARTHEST]),
        "drawn": list(outcome.drawings),
    }


def _request(message: Message, task: Task) -> Request:
    """The request a message makes for ``task``: its puzzle, board, options and limits,
    each as given."""
    options = message.get("options") or {}
    if not isinstance(options, dict):
        raise OptionError("options must be an object of names and values")
    puzzle = _text(message.get("puzzle", ""), "puzzle")
    return Request(puzzle, task, _source(message), options, _limits(message, task))


def _source(message: Message) -> Source:
    """Where the board comes from: the ``board`` given, the ``example`` named, or the
    usual start."""
    board, example = message.get("board"), message.get("example")
    if board is not None:
        return Board(_text(board, "the board"))
    return Usual() if example is None else Example(_text(example, "example"))


def _text(value: JSON, what: str) -> str:
    """A field of the message that names or writes something: a text, or a number
    as it is written."""
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise OptionError(f"{what} must be a text, not {json.dumps(value)[:40]}")
    return str(value)


def _limits(message: Message, task: Task) -> Limits:
    """The limits the message gives, as given (the command line's defaults where it
    gives none); an analysis's tables bounded by :data:`MAX_MEMORY` unless it says."""
    given = {name: message[name] for name in _LIMITS if message.get(name) is not None}
    if isinstance(task, Analyze):
        given.setdefault("max_memory", MAX_MEMORY)
    return Limits(**given)


def _reporter(post: Post) -> Callable[[Stats], None]:
    """The meter's progress, posted as JSON: states expanded and generated, seconds."""

    def report(stats: Stats) -> None:
        counts = {"expanded": stats.expanded, "generated": stats.generated}
        post(json.dumps({**counts, "seconds": round(stats.seconds, 2)}))

    return report


def handle(message: str, post: Post | None = None) -> str:
    """Answer one message from the page (a JSON object with ``op``: ``"catalogue"``,
    ``"solve"``, ``"analyze"`` or ``"draw"``, and the request's fields) as one JSON
    object, progress going to ``post``.

    >>> json.loads(handle('{"op": "draw", "puzzle": "graph"}'))
    {'status': 'ok', 'outcome': 'this puzzle has no drawing', 'drawing': None}
    """
    try:
        request: JSON = json.loads(message)
    except (ValueError, RecursionError) as e:
        return json.dumps({"status": "error", "outcome": f"a message that is no JSON: {e}"})
    if not isinstance(request, dict):
        return json.dumps({"status": "error", "outcome": "a message must be a JSON object"})
    return json.dumps(_dispatch(request, post))


_OPERATIONS: Mapping[str, Callable[[Message, Post | None], Answer]] = {
    "catalogue": lambda message, post: catalogue(),
    "solve": solve,
    "analyze": analyze,
    "draw": lambda message, post: draw(message),
}


def _dispatch(message: dict[str, JSON], post: Post | None) -> Answer:
    """The answer to one message, by its ``op``."""
    op = message.get("op")
    if not isinstance(op, str) or op not in _OPERATIONS:
        return {"status": "error", "outcome": f"no operation {op!r}"}
    return _OPERATIONS[op](message, post)
