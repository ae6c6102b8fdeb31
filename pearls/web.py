"""The library as the docs site calls it in a reader's browser: requests in, plain data
out, the command line's own words.

The site runs this package on Pyodide (CPython compiled to WebAssembly) in a Web Worker.
The page sends a request as a JSON object and reads back one JSON object; nothing here
prints, reads files or knows a puzzle by name.  :func:`catalogue` lists the registry
(:mod:`pearls.registry`) for the playground's pickers; :func:`solve` and :func:`analyze`
answer as ``pearls solve`` and ``pearls analyze`` do, in the words of
:mod:`pearls.cli.render`, with every position drawn; :func:`draw` draws a board;
:func:`handle` dispatches one message.  A docs page's own ``pycon`` examples run in
:mod:`pearls.pycon` instead, which the browser imports apart (it needs :mod:`doctest`).

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

from pearls import svg
from pearls.cli import MAX_STATES, TIMEOUT, render
from pearls.description import JSON, Description, Option, Settings, Solution
from pearls.errors import BoardError, InputError, LimitReached, OptionError
from pearls.limits import Meter, Stats
from pearls.registry import PUZZLES

__all__ = [
    "MAX_FARTHEST",
    "MAX_MEMORY",
    "MAX_TEXT",
    "Answer",
    "Post",
    "Request",
    "analyze",
    "catalogue",
    "draw",
    "handle",
    "solve",
]

Request: TypeAlias = Mapping[str, JSON]  # e.g. {"puzzle": "rushhour", "example": "g1"}
Answer: TypeAlias = dict[str, JSON]  # e.g. {"status": "solved", "outcome": "solved in ..."}
Post: TypeAlias = Callable[[str], None]  # sends a progress message (JSON) to the page

COMMANDS = ("solve", "analyze")  # the commands the playground offers
MAX_FARTHEST = 24  # the farthest positions of an analysis drawn at most
MAX_MEMORY = 1 << 30  # bytes an analysis's table may take in a browser tab
MAX_TEXT = 1 << 20  # characters of a board, as the command line reads one


def catalogue() -> Answer:
    """Every registered puzzle as the playground offers it: its title, text form,
    examples (each drawn, where the puzzle draws), methods, and the options of each
    command; and the command line's default limits.

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
        "unsolvable": list(sorted(d.unsolvable)),
        "methods": [
            {"name": name, "about": m.about, "shortest": m.shortest}
            for name, m in d.methods.items()
        ],
        "every": d.enumerable,
        "all_by_default": d.all_by_default,
        "answer_key": d.answer_key,
        "options": {command: [_option(o) for o in d.options_of(command)] for command in COMMANDS},
    }


def _option(o: Option) -> Answer:
    """An option as a form field: name, help, default and choices."""
    return {"name": o.name, "help": o.help, "default": o.default, "choices": list(o.choices)}


def solve(request: Request, progress: Post | None = None) -> Answer:
    """Solve as ``pearls solve`` does: ``puzzle``; ``board`` (its text) or ``example``
    (a name) or neither (the puzzle's default); ``method`` (the default first, or
    ``"all"`` for every solution where the puzzle lists them); ``options`` (name to
    value); ``max_states`` and ``timeout`` (the command line's defaults).  Progress
    (states expanded so far) goes to ``progress`` as JSON, five times a second.

    The answer: ``status``, the ``outcome`` line, the command line's ``text`` lines and
    ``json`` object, and for one solution the ``captions`` ("move 3: C down 3") and the
    positions ``frames`` drawn as SVG (``None`` where the puzzle has no drawing or the
    solution is too long to draw).

    >>> answer = solve({"puzzle": "hanoi", "options": {"discs": "3"}, "method": "bfs"})
    >>> answer["outcome"], answer["json"]["length"]
    ('solved in 7 moves (bfs, 24 states expanded)', 7)
    >>> solve({"puzzle": "hanoi", "method": "guess"})["outcome"]
    "no method 'guess' for this problem: it offers bfs, plan, direct, dfs, astar, idastar"
    """
    return _answering(request, "solve", progress, _solve)


def analyze(request: Request, progress: Post | None = None) -> Answer:
    """Analyse as ``pearls analyze`` does (the request as for :func:`solve`, and
    ``from``: ``"goals"``, ``"start"`` or neither): the ``outcome`` line, the ``text``
    and ``json``, the histogram as a bar ``chart`` (SVG), and the first
    :data:`MAX_FARTHEST` farthest positions ``drawn`` (SVG, where the puzzle draws one
    from its text) beside their ``pictures`` (text).

    >>> answer = analyze({"puzzle": "hanoi", "options": {"discs": "2"}})
    >>> answer["outcome"]
    '9 states; the farthest lie 3 moves from the solved positions (4 states)'
    >>> answer["json"]["histogram"], answer["chart"].count('class="bar"')
    ([1, 2, 2, 4], 4)
    """
    return _answering(request, "analyze", progress, _analyze)


def draw(request: Request) -> Answer:
    """The start of the board a request names, drawn as SVG (``drawing``, ``None``
    where the puzzle has no drawing), or the command line's one line on a bad board.

    >>> draw({"puzzle": "hanoi", "options": {"discs": "2"}})["drawing"][:4]
    '<svg'
    """

    def drawing(request: Request, d: Description, text: str, s: Settings, m: Meter) -> Answer:
        return {"status": "ok", "drawing": d.drawing(text, s)}

    return _answering(request, "solve", None, drawing)


Work: TypeAlias = Callable[[Request, Description, str, Settings, Meter], Answer]


def _answering(request: Request, command: str, progress: Post | None, work: Work) -> Answer:
    """Read the request's puzzle, settings, board and limits, do ``work``, and turn
    every way it can fail into the command line's one line."""
    meter: Meter | None = None
    try:
        d = _puzzle(request)
        settings = d.settings(_given(request, d, command))
        meter = _meter(request, command, progress)
        try:
            text = _board(request, d, settings)
            return work(request, d, text, settings, meter)
        except BoardError as e:
            raise BoardError(f"bad board: {e}") from e
    except ValueError as e:  # a BoardError, OptionError or InputError, or a parser's slip
        return {"status": "error", "outcome": " ".join(str(e).split())}
    except LimitReached as e:
        return _stopped(request, command, e)
    except (MemoryError, RecursionError):
        expanded, seconds = (0, 0.0) if meter is None else (meter.expanded, meter.seconds)
        why = "the work needed more memory than the browser gives it"
        return _stopped(request, command, LimitReached("memory", expanded, seconds, 0, why))


def _stopped(request: Request, command: str, e: LimitReached) -> Answer:
    """A limit that stopped the work: its line, and the command line's JSON."""
    name = str(request.get("puzzle", ""))
    method = str(request.get("method", "")) if command == "solve" else None
    return {"status": "limit", "outcome": str(e), "json": render.limit_json(name, method, e)}


def _puzzle(request: Request) -> Description:
    """The registered puzzle the request names."""
    name = request.get("puzzle")
    if not isinstance(name, str) or name not in PUZZLES:
        raise OptionError(f"no puzzle {name!r}: the puzzles are {', '.join(PUZZLES)}")
    return PUZZLES[name]


def _given(request: Request, d: Description, command: str) -> Settings:
    """The options the request gives that ``command`` takes, as text."""
    options = request.get("options") or {}
    if not isinstance(options, dict):
        raise OptionError("options must be an object of names and values")
    known = {o.name for o in d.options_of(command)}
    return {name: _text(value, f"--{name}") for name, value in options.items() if name in known}


def _board(request: Request, d: Description, settings: Settings) -> str:
    """The text of the problem: the ``board`` given, the ``example`` named, or the
    puzzle's default for the settings."""
    board, example = request.get("board"), request.get("example")
    if board is not None:
        return _text(board, "the board")
    if example is not None:
        if example not in d.examples:
            raise OptionError(
                f"{d.name} has no example {example!r}: it has {', '.join(d.examples)}"
            )
        return d.examples[str(example)]
    return d.default_text(settings)


def _text(value: JSON, what: str) -> str:
    """A text field of the request, at most :data:`MAX_TEXT` characters."""
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise OptionError(f"{what} must be a text, not {json.dumps(value)[:40]}")
    text = str(value)
    if len(text) > MAX_TEXT:
        raise InputError(f"{what} is {len(text):,} characters long, more than any board")
    return text


def _meter(request: Request, command: str, progress: Post | None) -> Meter:
    """A meter with the request's limits (the command line's defaults), reporting to
    ``progress``; an analysis's tables bounded by :data:`MAX_MEMORY`."""
    max_states = _number(request.get("max_states"), "max_states", MAX_STATES)
    if max_states < 1:
        raise OptionError(f"max_states must be at least 1, not {max_states:g}")
    timeout = _number(request.get("timeout"), "timeout", TIMEOUT)
    report = None if progress is None else _reporter(progress)
    memory = MAX_MEMORY if command == "analyze" else None
    return Meter(int(max_states), timeout, report, max_memory=memory)


def _number(value: JSON, name: str, default: float) -> float:
    """A limit given as a number or its text, above 0 and finite; ``default`` if absent.

    >>> _number("1e3", "timeout", 60), _number(None, "timeout", 60)
    (1000.0, 60)
    >>> _number("nan", "timeout", 60)
    Traceback (most recent call last):
    ...
    pearls.errors.OptionError: timeout must be a number above 0, not 'nan'
    """
    if value is None or value == "":
        return default
    try:
        number = (
            float(value) if isinstance(value, int | float | str) and len(str(value)) <= 32 else 0
        )
    except ValueError:
        number = 0.0
    if isinstance(value, bool) or not 0 < number < float("inf"):
        raise OptionError(f"{name} must be a number above 0, not {str(value)[:40]!r}")
    return number


def _reporter(post: Post) -> Callable[[Stats], None]:
    """The meter's progress, posted as JSON: states expanded and generated, seconds."""

    def report(stats: Stats) -> None:
        counts = {"expanded": stats.expanded, "generated": stats.generated}
        post(json.dumps({**counts, "seconds": round(stats.seconds, 2)}))

    return report


def _method(request: Request, d: Description) -> str:
    """The method asked for, the puzzle's default if none; ``"all"`` where every
    solution is asked for (or is the puzzle's answer)."""
    method = request.get("method") or next(iter(d.methods))
    if d.all_by_default or (method == "all" and d.enumerable):
        return "all"
    return str(method)


def _solve(request: Request, d: Description, text: str, settings: Settings, meter: Meter) -> Answer:
    """One solution, or every solution, as the command line says it."""
    method = _method(request, d)
    if method == "all":
        found = list(d.every(text, meter, settings))
        lines = render.every_text(found, meter.stats)
        status = "solved" if found else "none"
        every = render.every_json(d.name, found, meter.stats)
        return {"status": status, "outcome": lines[-1], "text": list(lines), "json": every}
    if method not in d.methods:
        offered = ", ".join(d.methods)
        raise OptionError(f"no method {method!r} for this problem: it offers {offered}")
    solution = _solution(d, text, settings, method, meter)
    return {
        "status": "none" if solution.moves is None else "solved",
        "outcome": render.outcome(solution, d.answer_key),
        "text": list(render.solution_text(solution, d.answer_key)),
        "json": render.solution_json(solution, d.answer_key),
        "captions": ["start", *(f"move {i}: {w}" for i, w in enumerate(solution.words, 1))],
        "notation": list(solution.notation),
        "frames": None if solution.drawings is None else list(solution.drawings),
    }


def _solution(d: Description, text: str, settings: Settings, method: str, meter: Meter) -> Solution:
    """The solution ``method`` (one the puzzle offers) finds, every position drawn
    where the puzzle draws and the solution is not too long to draw: drawing refuses
    one too long only once it is found, so it is then found again, undrawn, on a new
    meter with the same limits (the search is deterministic, and its count is one
    search's, as the command line's)."""
    if not d.drawable:
        return d.solve(method, text, meter, False, settings)
    try:
        return d.solve(method, text, meter, True, settings)
    except OptionError:
        again = Meter(meter.max_states, meter.timeout, meter.progress, meter.every)
        return d.solve(method, text, again, False, settings)


def _analyze(
    request: Request, d: Description, text: str, settings: Settings, meter: Meter
) -> Answer:
    """The board's component summed up, as the command line says it, with the
    histogram charted and the farthest positions drawn."""
    where = request.get("from")
    from_goals = None if where not in ("goals", "start") else where == "goals"
    survey = d.survey(text, meter, settings, from_goals)
    lines = render.survey_text(survey)
    chart = svg.bar_chart(
        survey.histogram,
        title=f"{survey.states:,} positions by distance",
        x_label="distance",
        y_label="positions",
    )
    shown = survey.pictures[:MAX_FARTHEST]
    return {
        "status": "analysed",
        "outcome": lines[0],
        "text": list(lines),
        "json": render.survey_json(survey),
        "chart": chart,
        "pictures": list(shown),
        "drawn": [_drawn(d, picture, settings) for picture in shown],
    }


def _drawn(d: Description, picture: str, settings: Settings) -> str | None:
    """A position drawn from its text, where the puzzle draws and its text form reads
    back what it shows; ``None`` otherwise."""
    if not d.drawable:
        return None
    try:
        return d.drawing(picture, settings)
    except BoardError:
        return None


def handle(message: str, post: Post | None = None) -> str:
    """Answer one message from the page (a JSON object with ``op``: ``"catalogue"``,
    ``"solve"``, ``"analyze"`` or ``"draw"``, and the request's fields) as one JSON
    object, progress going to ``post``.

    >>> json.loads(handle('{"op": "draw", "puzzle": "graph"}'))
    {'status': 'ok', 'drawing': None}
    """
    try:
        request = json.loads(message)
    except (ValueError, RecursionError) as e:
        return json.dumps({"status": "error", "outcome": f"a message that is no JSON: {e}"})
    if not isinstance(request, dict):
        return json.dumps({"status": "error", "outcome": "a message must be a JSON object"})
    return json.dumps(_dispatch(request, post))


def _dispatch(request: dict[str, JSON], post: Post | None) -> Answer:
    """The answer to one request."""
    op = request.get("op")
    if op == "catalogue":
        return catalogue()
    if op == "solve":
        return solve(request, post)
    if op == "analyze":
        return analyze(request, post)
    if op == "draw":
        return draw(request)
    return {"status": "error", "outcome": f"no operation {op!r}"}
