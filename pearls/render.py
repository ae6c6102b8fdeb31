"""What a front end says, as text and JSON, built from plain data and printed by
nobody here: a solution, an analysis, every solution, a batch's record, a generated
problem, a limit reached, the list of puzzles.

The command line prints these words and the docs' playground shows them: both turn the
same :class:`~pearls.description.Solution` into the same words
(:mod:`pearls.frontend`).

>>> plural(1, "state"), plural(2_778, "state")
('1 state', '2,778 states')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pearls.description import JSON, Description, Generated, Solution, Survey
from pearls.errors import LimitReached
from pearls.limits import Stats

__all__ = [
    "MAX_SHOWN",
    "every_json",
    "every_text",
    "generated_json",
    "generated_text",
    "limit_json",
    "listing_json",
    "listing_text",
    "outcome",
    "plural",
    "record_text",
    "solution_json",
    "solution_text",
    "stats_json",
    "survey_json",
    "survey_text",
]


MAX_SHOWN = 12  # the farthest positions of an analysis drawn as text at most


def plural(n: int, noun: str) -> str:
    """``n`` and the noun, in the plural unless ``n`` is 1, the number grouped by commas."""
    return f"{n:,} {noun}{'' if n == 1 else 's'}"


def _how(solution: Solution) -> str:
    """The method and the states it expanded: ``bfs, 2,778 states expanded``."""
    return f"{solution.method}, {plural(solution.stats.expanded, 'state')} expanded"


def outcome(solution: Solution) -> str:
    """The one line that says how a search ended.

    >>> from pearls.registry import PUZZLES
    >>> outcome(PUZZLES["rushhour"].solve("bfs", PUZZLES["rushhour"].examples["g1"]))
    'solved in 34 moves (bfs, 2,778 states expanded)'
    """
    if solution.moves is None:
        return f"no solution exists ({_how(solution)})"
    if solution.answer_key is not None:
        return f"{solution.answer_key} found ({_how(solution)})"
    return f"solved in {plural(len(solution.moves), 'move')} ({_how(solution)})"


def solution_text(solution: Solution) -> list[str]:
    """A solution as a person reads it: each position drawn and the move between them
    in words (for a puzzle whose answer is its solved position, that position alone),
    then the outcome."""
    if solution.moves is None:
        return [outcome(solution)]
    if solution.answer_key is not None:
        return [solution.pictures[-1], "", outcome(solution)]
    lines = ["start", solution.pictures[0], ""]
    steps = zip(solution.words, solution.pictures[1:], strict=True)
    for i, (words, picture) in enumerate(steps, start=1):
        lines += [f"move {i}: {words}", picture, ""]
    return [*lines, outcome(solution)]


def stats_json(stats: Stats) -> dict[str, JSON]:
    """The counts as JSON: states expanded and seconds."""
    return {"expanded": stats.expanded, "seconds": round(stats.seconds, 3)}


def solution_json(solution: Solution) -> dict[str, JSON]:
    """A solution as one JSON object: the moves and states, or the puzzle's answer
    under its own key."""
    head: dict[str, JSON] = {"puzzle": solution.puzzle, "method": solution.method}
    if solution.answer_key is not None:
        answer = {solution.answer_key: solution.answer}
        return {**head, **answer, "stats": stats_json(solution.stats)}
    moves = None if solution.moves is None else list(solution.moves)
    return {
        **head,
        "length": None if moves is None else len(moves),
        "moves": moves,
        "states": list(solution.states),
        "stats": stats_json(solution.stats),
    }


def _answer(solution: Solution) -> JSON:
    """A solution as one item of ``--all``: the puzzle's answer, or else the moves."""
    if solution.answer is not None:
        return solution.answer
    return None if solution.moves is None else list(solution.moves)


def every_json(
    puzzle: str, method: str, found: Sequence[Solution], stats: Stats
) -> dict[str, JSON]:
    """Every solution as one JSON object, with their count."""
    return {
        "puzzle": puzzle,
        "method": method,
        "solutions": [_answer(s) for s in found],
        "count": len(found),
        "stats": stats_json(stats),
    }


def every_text(method: str, found: Sequence[Solution], stats: Stats) -> list[str]:
    """Every solution, one a line, its moves in notation (as a person writes them,
    the squares of a tour counted from 1), and how many there are, by which method
    (as :func:`outcome` names it).

    >>> every_text("all", [], Stats(12, 30, 0.0))
    ['0 solutions (all, 12 states expanded)']
    """
    lines = [f"solution {i}: {' '.join(s.notation)}" for i, s in enumerate(found, start=1)]
    how = f"{method}, {plural(stats.expanded, 'state')} expanded"
    return [*lines, f"{plural(len(found), 'solution')} ({how})"]


def survey_json(survey: Survey) -> dict[str, JSON]:
    """An analysis as one JSON object."""
    return {
        "puzzle": survey.puzzle,
        "from": survey.origin,
        "states": survey.states,
        "max_distance": survey.max_distance,
        "histogram": list(survey.histogram),
        "farthest": list(survey.farthest),
        "stats": stats_json(survey.stats),
    }


def survey_text(survey: Survey) -> list[str]:
    """The counts, the distance histogram, and the farthest states drawn, at most
    :data:`MAX_SHOWN` of them (the JSON lists them all)."""
    n = len(survey.farthest)
    origin = "the solved positions" if survey.origin == "goals" else "the start"
    lines = [
        f"{plural(survey.states, 'state')}; the farthest lie "
        f"{plural(survey.max_distance, 'move')} from {origin} ({plural(n, 'state')})",
        "",
        "distance  states",
        *(f"{d:8}  {count:,}" for d, count in enumerate(survey.histogram)),
        "",
    ]
    for i, picture in enumerate(survey.pictures[:MAX_SHOWN], start=1):
        lines += [f"farthest {i} of {n}", picture, ""]
    if n > MAX_SHOWN:
        lines += [f"... and {plural(n - MAX_SHOWN, 'more farthest state')} (the JSON lists all)"]
    return lines


def record_text(fields: dict[str, JSON]) -> str:
    """One board of a batch on one line: its fields as ``name: value``, the moves and
    states left out, and a missing solution said in words.

    >>> record_text({"line": 2, "puzzle": "rushhour", "length": None, "moves": None})
    'line: 2; puzzle: rushhour; length: no solution'
    """
    shown = {k: v for k, v in fields.items() if k not in ("moves", "states", "stats")}
    if "length" in shown and shown["length"] is None:
        shown["length"] = "no solution"
    return "; ".join(f"{k}: {v}" for k, v in shown.items())


def generated_json(puzzle: str, problem: Generated) -> dict[str, JSON]:
    """A generated problem as one JSON object."""
    return {"puzzle": puzzle, **problem.fields}


def generated_text(problem: Generated) -> list[str]:
    """A generated problem: its picture and what is known of it."""
    facts = "; ".join(f"{k}: {v}" for k, v in problem.fields.items())
    return [problem.picture, facts, ""]


def limit_json(puzzle: str, method: str | None, stopped: LimitReached) -> dict[str, JSON]:
    """A limit that stopped the work, as one JSON object: which limit, its bound, and
    what was explored by then.

    >>> stopped = limit_json("rushhour", "bfs", LimitReached("states", 10, 0.01))
    >>> stopped["limit"], stopped["bound"], stopped["stats"]
    ('states', 10, {'expanded': 10, 'seconds': 0.01})
    """
    head: dict[str, JSON] = {"puzzle": puzzle}
    if method is not None:
        head["method"] = method
    bound = stopped.bound
    return {
        **head,
        "limit": stopped.limit,
        "bound": int(bound) if float(bound).is_integer() else bound,
        "stats": {"expanded": stopped.expanded, "seconds": round(stopped.seconds, 3)},
    }


def listing_json(puzzles: Iterable[Description]) -> dict[str, JSON]:
    """The puzzles, their methods and examples, as one JSON object."""
    return {
        "puzzles": [
            {
                "name": d.name,
                "title": d.title,
                "methods": list(d.methods),
                "examples": list(d.examples),
                "drawable": d.drawable,
            }
            for d in puzzles
        ]
    }


def listing_text(puzzles: Iterable[Description]) -> list[str]:
    """The puzzles, their methods and examples, four lines each."""
    lines: list[str] = []
    for d in puzzles:
        lines += [
            d.name,
            f"  {d.title}",
            f"  methods:  {', '.join(d.methods)}",
            f"  examples: {', '.join(d.examples)}",
        ]
    return lines
