"""A puzzle from another package (a plugin) as the front end runs it: its own code held
to its types, and its faults said in one line that names the function and sends its
author to ``pearls check``.

A built-in puzzle is trusted: its faults are the project's bugs, and nothing here
touches it, so its searches run as fast as ever.  A plugin's ``moves``, ``move`` and
``solved`` (and a planner's ``goalmoves``, a heuristic) reach a search through the
meter, which wraps the puzzle it hands out (:meth:`~pearls.limits.Meter.watch`):
:class:`Guarded` is a meter that first wraps each of them in a check.  ``moves`` must
return a sequence (``None``, or a generator, would fail in the search with a message
about ``len``), ``move`` a hashable state (a list would fail in the set of states
seen), and an exception raised inside any of them is the function's fault, named as
such.  :func:`vet` holds the problem a plugin's parse gives to the same: a
:class:`~pearls.description.Problem`, its start hashable.

>>> from pearls import Puzzle, bfsolve
>>> lost = Puzzle(lambda q: None, lambda q, m: q, lambda q: False)
>>> bfsolve(Guarded().watch(lost), 0)  # type: ignore[arg-type]
Traceback (most recent call last):
...
pearls.guard.Fault: its moves returned None, not a sequence of moves

:class:`Overdue` is what a face raises where the work is when its deadline passes (the
command line's alarm, :mod:`pearls.cli.alarm`): a plugin's ``moves`` that sleeps or
spins never returns to the meter, which looks at the clock only between expansions.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TypeGuard

from pearls.description import Problem, Solvable
from pearls.limits import Meter
from pearls.types import M, Planner, Puzzle, S

__all__ = ["Fault", "Guarded", "Overdue", "faulted", "kind", "said", "vet"]

_SAID = 300  # characters of a plugin's own message said at most


class Overdue(BaseException):
    """The time limit of ``seconds`` passed while the work was inside code that did
    not come back to the meter; a face's alarm raises it wherever the work is.  It is
    no :class:`Exception`, so that a puzzle's ``except Exception`` does not swallow it."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"the time limit of {seconds:g} s passed")
        self.seconds = seconds


class Fault(Exception):
    """A plugin's function that broke its contract: the message names it and says how,
    e.g. ``its moves returned None, not a sequence of moves``."""


def kind(value: object) -> str:
    """What a value is, for a message: ``None``, or its type's name with an article.

    >>> kind(None), kind(3), kind([])
    ('None', 'an int', 'a list')
    """
    if value is None:
        return "None"
    name = type(value).__name__
    return f"{'an' if name[:1] in 'aeiou' else 'a'} {name}"


def said(error: BaseException) -> str:
    """An exception in one line, cut short.

    >>> said(KeyError(3)), said(SystemExit())
    ('KeyError: 3', 'SystemExit')
    """
    text = " ".join(f"{type(error).__name__}: {error}".split()).removesuffix(":")
    return text if len(text) <= _SAID else text[: _SAID - 3] + "..."


def _raised(function: str, error: Exception) -> Fault:
    """The fault of a function that raised ``error``."""
    return Fault(f"its {function} raised {said(error)}")


def _hashable(state: object, function: str, gave: str) -> None:
    """Raise :class:`Fault` unless ``state`` is hashable, as every state must be."""
    try:
        hash(state)
    except TypeError:
        raise Fault(
            f"its {function} {gave} {kind(state)}, which is not hashable: a state must "
            "be (a tuple, not a list; a frozenset, not a set)"
        ) from None


def vet(problem: Solvable) -> None:
    """Raise :class:`Fault` unless a plugin's parse gave a
    :class:`~pearls.description.Problem` whose start is hashable.

    >>> vet(42)  # type: ignore[arg-type]
    Traceback (most recent call last):
    ...
    pearls.guard.Fault: its parse returned an int, not a pearls.description.Problem
    """
    if not _is_problem(problem):
        raise Fault(f"its parse returned {kind(problem)}, not a pearls.description.Problem")
    _hashable(problem.start, "parse", "gave a start that is")


def _is_problem(p: Solvable) -> TypeGuard[Problem[object, object]]:
    """Whether ``p`` is a :class:`~pearls.description.Problem`, of states and moves of
    any type."""
    return isinstance(p, Problem)


def _is_sequence(value: object) -> bool:
    """Whether ``value`` is a sequence, whatever its declared type."""
    return isinstance(value, Sequence)


def _moves(
    moves: Callable[[S], Sequence[M]], function: str = "moves"
) -> Callable[[S], Sequence[M]]:
    """``moves`` (or a planner's ``goalmoves``), its result held to be a sequence."""

    def vetted(q: S) -> Sequence[M]:
        try:
            ms = moves(q)
        except (MemoryError, Fault):
            raise
        except Exception as e:  # whatever a plugin's function raises is its fault
            raise _raised(function, e) from e
        if not _is_sequence(ms):
            raise Fault(f"its {function} returned {kind(ms)}, not a sequence of moves")
        return ms

    return vetted


def _move(move: Callable[[S, M], S]) -> Callable[[S, M], S]:
    """``move``, its result held to be hashable."""

    def vetted(q: S, m: M) -> S:
        try:
            after = move(q, m)
        except (MemoryError, Fault):
            raise
        except Exception as e:  # whatever a plugin's move raises is its fault
            raise _raised("move", e) from e
        _hashable(after, "move", "returned")
        return after

    return vetted


def _called(function: str, f: Callable[[S], Hashable]) -> Callable[[S], Hashable]:
    """``f``, whatever it raises said as the fault of ``function``."""

    def vetted(q: S) -> Hashable:
        try:
            return f(q)
        except (MemoryError, Fault):
            raise
        except Exception as e:  # whatever a plugin's function raises is its fault
            raise _raised(function, e) from e

    return vetted


def _solved(solved: Callable[[S], bool]) -> Callable[[S], bool]:
    """``solved``, whatever it raises said as its fault."""
    called = _called("solved", solved)
    return lambda q: bool(called(q))


def _vetted(puzzle: Puzzle[S, M]) -> Puzzle[S, M]:
    """The puzzle, each of its functions held to its type."""
    return Puzzle(_moves(puzzle.moves), _move(puzzle.move), _solved(puzzle.solved))


class Guarded(Meter):
    """A meter for a plugin's puzzle: the puzzle, planner and heuristic it hands out
    are first held to their types (:class:`Fault` names the function that is not),
    then counted and bounded as any meter's."""

    def watch(self, puzzle: Puzzle[S, M]) -> Puzzle[S, M]:
        """The puzzle, vetted, then counted, bounded and reported."""
        return super().watch(_vetted(puzzle))

    def watch_planner(self, planner: Planner[S, M]) -> Planner[S, M]:
        """The planner, its puzzle and ``goalmoves`` vetted, then counted."""
        vetted = Planner(
            _vetted(planner.puzzle), _moves(planner.goalmoves, "goalmoves"), planner.newplans
        )
        return super().watch_planner(vetted)

    def heuristic(self, h: Callable[[S], int]) -> Callable[[S], int]:
        """The heuristic, whatever it raises said as its fault."""
        called = _called("heuristic", h)

        def vetted(q: S) -> int:
            value = called(q)
            if not isinstance(value, int):
                raise Fault(f"its heuristic returned {kind(value)}, not a whole number")
            return value

        return super().heuristic(vetted)


def faulted(name: str, error: BaseException) -> str:
    """The one line that says a plugin failed: the fault, or the exception that
    escaped it, and what to run.

    >>> faulted("tally", KeyError(3))
    "puzzle plugin 'tally' failed: KeyError: 3; run 'pearls check tally'"
    """
    why = str(error) if isinstance(error, Fault) else said(error)
    return f"puzzle plugin {name!r} failed: {why}; run 'pearls check {name}'"
