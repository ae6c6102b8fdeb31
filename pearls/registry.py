"""The puzzles a front end offers, by name: the built-ins, and those other packages
register.

A built-in puzzle declares its :class:`~pearls.description.Description`, writes its
rules apart in :mod:`pearls.rules`, and joins :data:`BUILT_IN` here.  A puzzle from
another package (a plugin) joins through the entry-point group ``pearls.puzzles``: the
entry's name is the puzzle's and its value a :class:`~pearls.rules.Entry` (its
description and its rules), e.g. in its ``pyproject.toml``::

    [project.entry-points."pearls.puzzles"]
    jugs = "pearls_jugs:ENTRY"

Either way the command line offers it with no code of its own, and ``pearls check``
holds it to the laws.

A plugin is loaded when it is first asked for by its name, or when the whole registry
is listed (``pearls solve hanoi`` loads none).  Its import and the reading of its
description (its examples, options and methods: the parse of its default example) run
apart, in a thread of their own, for at most :data:`LOAD_SECONDS`.  A plugin whose
import fails in any way at all (``SystemExit`` and ``KeyboardInterrupt`` too: a Ctrl-C
of the user's reaches the thread that waits, never the loading one), that takes longer,
that registers something other than an ``Entry`` of a sound description, or whose name
is taken, is left out, and one line says why (:func:`broken`).  A plugin that hangs is
left behind in its thread, which does not keep the process alive.

>>> {"graph", "rushhour"} <= set(PUZZLES)
True
>>> list(PUZZLES["rushhour"].methods)
['bfs', 'plan', 'dfs']
>>> ENTRIES["hanoi"].name, built_in("hanoi")
('hanoi', True)
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from importlib.metadata import entry_points
from typing import Protocol, TypeGuard

from pearls.description import COMMANDS, Description, Offered, Option
from pearls.guard import kind, said, vet
from pearls.puzzles import (
    graph,
    pandigital,
)
from pearls.puzzles.colour import describe as colour
from pearls.puzzles.flipit import describe as flipit
from pearls.puzzles.hanoi import describe as hanoi
from pearls.puzzles.knight import describe as knight
from pearls.puzzles.nooff import describe as nooff
from pearls.puzzles.river import describe as river
from pearls.puzzles.rushhour_players import describe as rushhour
from pearls.puzzles.sliding import describe as sliding
from pearls.rules import Entry
from pearls.rules import colour as colour_rules
from pearls.rules import eight as eight_rules
from pearls.rules import fifteen as fifteen_rules
from pearls.rules import flipit as flipit_rules
from pearls.rules import flipstar as flipstar_rules
from pearls.rules import graph as graph_rules
from pearls.rules import hanoi as hanoi_rules
from pearls.rules import knight as knight_rules
from pearls.rules import nooff as nooff_rules
from pearls.rules import pandigital as pandigital_rules
from pearls.rules import river as river_rules
from pearls.rules import rushhour as rushhour_rules
from pearls.rules import sliding as sliding_rules

__all__ = [
    "BUILT_IN",
    "ENTRIES",
    "GROUP",
    "LOAD_SECONDS",
    "PUZZLES",
    "Entry",
    "Point",
    "broken",
    "built_in",
    "registered",
]

GROUP = "pearls.puzzles"  # the entry-point group other packages register puzzles in
LOAD_SECONDS = 10.0  # the longest a plugin's import and the reading of its description take
_NAME = re.compile(r"[a-z][a-z0-9_-]*")  # a puzzle's or an option's name, e.g. "jugs", "discs"
_TAKEN = "its name is taken by another puzzle"

BUILT_IN: tuple[Entry, ...] = (
    Entry(rushhour.DESCRIPTION, rushhour_rules.check, rushhour_rules.legal),
    Entry(graph.DESCRIPTION, graph_rules.check, graph_rules.legal),
    Entry(flipit.DESCRIPTION, flipit_rules.check, flipit_rules.legal),
    Entry(flipit.STAR_DESCRIPTION, flipstar_rules.check, flipstar_rules.legal),
    Entry(nooff.DESCRIPTION, nooff_rules.check, nooff_rules.legal),
    Entry(knight.DESCRIPTION, knight_rules.check, knight_rules.legal),
    Entry(colour.DESCRIPTION, colour_rules.check, colour_rules.legal),
    Entry(pandigital.DESCRIPTION, pandigital_rules.check, pandigital_rules.legal),
    Entry(river.DESCRIPTION, river_rules.check, river_rules.legal),
    Entry(hanoi.DESCRIPTION, hanoi_rules.check, hanoi_rules.legal),
    Entry(sliding.EIGHT_DESCRIPTION, eight_rules.check, eight_rules.legal),
    Entry(sliding.FIFTEEN_DESCRIPTION, fifteen_rules.check, fifteen_rules.legal),
    Entry(sliding.DESCRIPTION, sliding_rules.check, sliding_rules.legal),
)


_NAMES = frozenset(e.name for e in BUILT_IN)


def built_in(name: str) -> bool:
    """Whether the puzzle ``name`` is built in (not a plugin's)."""
    return name in _NAMES


class Point(Protocol):
    """An entry point as the registry reads it (:class:`importlib.metadata.EntryPoint`)."""

    @property
    def name(self) -> str: ...
    @property
    def value(self) -> str: ...
    def load(self) -> object: ...


# --- one plugin, loaded apart -----------------------------------------------------------------


def _is(value: object, of: type) -> bool:
    """Whether ``value`` is of the type ``of``, whatever its declared type: a plugin's
    values are read as what they are."""
    return isinstance(value, of)


def _text(value: object) -> bool:
    """Whether ``value`` is a text."""
    return isinstance(value, str)


def _word(value: object) -> bool:
    """Whether ``value`` is a name a command line can take: ``jugs``, ``max-fill``."""
    return isinstance(value, str) and _NAME.fullmatch(value) is not None


def _is_mapping(value: object) -> TypeGuard[Mapping[object, object]]:
    """Whether ``value`` is a mapping, of keys and values of any type."""
    return isinstance(value, Mapping)


def _is_option(value: object) -> TypeGuard[Option[object]]:
    """Whether ``value`` is an option, of a value of any type."""
    return isinstance(value, Option)


def _option_fault(o: object) -> str | None:
    """What keeps ``o`` from being an option a front end can offer, if anything."""
    if not _is_option(o):
        return f"an option is {kind(o)}, not a pearls.description.Option"
    option = o
    texts: list[object] = [option.help, option.default_text, option.metavar]
    commands: list[object] = list(option.commands)
    if not _word(option.name):
        return f"an option's name is not a lower-case word: {option.name!r}"
    if not all(map(_text, [*texts, *option.choices, *option.methods])):
        return f"the option {option.name!r} is not made of texts"
    if not all(c in COMMANDS for c in commands):
        return f"the option {option.name!r} serves commands other than {', '.join(COMMANDS)}"
    return None


def _texts_fault(d: Description) -> str | None:
    """What is missing from a description's texts and examples, if anything."""
    texts: list[object] = [d.title, d.text_form, d.records_form]
    examples: object = d.examples
    if not all(map(_text, texts)):
        return "its title, text form or records form is not a text"
    if not _is_mapping(examples) or not examples:
        return "it has no examples"
    if not all(_text(k) and _text(v) for k, v in examples.items()):
        return "its examples are not texts by name"
    if not (_is(d.unsolvable, frozenset) and d.unsolvable <= set(examples)):
        return "its unsolvable examples are not a frozenset of its examples' names"
    return None


def _methods_fault(d: Description) -> str | None:
    """What is wrong with the problem of a description's default example, if anything.

    The parse of its default example runs here, once: what it offers and whether it
    draws are kept where the description's own cached properties keep them, so that no
    face parses it again.  They are not asked for through those properties: on Python
    3.11 each holds one lock for every description while it computes, and a parse that
    never returns would hold it for ever."""
    try:
        problem = d.problem(d.default_text())
        vet(problem)
        methods, drawable = problem.offered, problem.drawable
    except BaseException as e:  # a plugin's parse may fail any way at all
        return f"its default example does not parse: {said(e)}"
    vars(d).update(methods=methods, drawable=drawable)
    if not methods:
        return "its default example's problem offers no method"
    for name, m in methods.items():
        if not (_word(name) and _is(m, Offered) and _text(m.about)):
            return f"its method {name!r} is not a method offered by name, with its about"
    return None if _is(drawable, bool) else "it does not say whether it draws"


def _description_fault(d: object, name: str) -> str | None:
    """What keeps ``d`` from being the sound description of the puzzle ``name``, if
    anything: every value a front end reads of it, read once here."""
    if not isinstance(d, Description):
        return f"its entry holds no pearls.description.Description but {kind(d)}"
    if d.name != name:
        return f"it names the puzzle {d.name!r}: an entry point's name is its puzzle's"
    options: object = d.options
    listed: list[object] = list(options) if isinstance(options, tuple | list) else [options]
    faults = (_option_fault(o) for o in listed)
    return next((f for f in faults if f), None) or _texts_fault(d) or _methods_fault(d)


def _entry(point: Point) -> Entry | str:
    """The entry a package registers at ``point``, or what keeps it out."""
    try:
        entry = point.load()
    except BaseException as e:  # a plugin's import may fail any way at all
        return f"its import failed: {said(e)}"
    if not isinstance(entry, Entry):
        return f"it is not a pearls.rules.Entry but {kind(entry)}"
    fault = _description_fault(entry.description, point.name)
    return entry if fault is None else fault


class _Loader(threading.Thread):
    """One plugin loaded apart: whatever its import does (raise ``SystemExit``, hang),
    the thread that asked waits at most so long, and goes on."""

    def __init__(self, point: Point) -> None:
        super().__init__(name=f"pearls plugin {point.name}", daemon=True)
        self.point = point
        self.found: Entry | str = "its import did not finish"

    def run(self) -> None:
        """Load the plugin, keeping what was found."""
        try:
            self.found = _entry(self.point)
        except BaseException as e:  # whatever escapes the checks themselves
            self.found = f"its import failed: {said(e)}"


class _Abandoned(BaseException):
    """Raised in a plugin's loading thread left behind: its import took too long."""


def _stop(loader: _Loader) -> None:
    """Raise :class:`_Abandoned` in a loading thread left behind, where this Python can:
    an import that spins in Python code stops at once, instead of taking turns with
    every other thread for the rest of the process.  One that sleeps, or waits in C,
    wakes to it later, or never, harmlessly."""
    try:
        from ctypes import c_ulong, py_object, pythonapi
    except ImportError:  # no ctypes here
        return
    if loader.ident is not None and hasattr(pythonapi, "PyThreadState_SetAsyncExc"):
        pythonapi.PyThreadState_SetAsyncExc(c_ulong(loader.ident), py_object(_Abandoned))


def _where(point: Point) -> str:
    """How a line names a plugin left out: ``puzzle plugin 'jugs' (pearls_jugs:ENTRY)
    is left out``."""
    return f"puzzle plugin {point.name!r} ({point.value}) is left out"


def _loading() -> bool:
    """Whether this thread is loading a plugin (whose import asks for the registry)."""
    return isinstance(threading.current_thread(), _Loader)


def _loaded(points: Sequence[Point], seconds: float) -> list[Entry | str]:
    """The entry a package registers at each of ``points``, or one line saying why it
    is left out: each loaded in a thread of its own, side by side, all within
    ``seconds``.  Where no thread can be started (a browser), each is loaded in this
    one, unbounded."""
    loaders = [_Loader(point) for point in points]
    for loader in loaders:
        try:
            loader.start()
        except RuntimeError:  # no threads here
            loader.run()
    deadline = time.monotonic() + seconds
    found: list[Entry | str] = []
    for loader in loaders:
        loader.join(max(0.0, deadline - time.monotonic()))
        if loader.is_alive():
            _stop(loader)
            why = f"its import and the parse of its default example took over {seconds:g} s"
            found.append(f"{_where(loader.point)}: {why}")
        elif isinstance(loader.found, str):
            found.append(f"{_where(loader.point)}: {loader.found}")
        else:
            found.append(loader.found)
    return found


# --- the registry -----------------------------------------------------------------------------


class _Registry(Mapping[str, Entry]):
    """The entries by name: the built-ins at once, each plugin when it is first asked
    for by its name, and every plugin when the registry is listed."""

    def __init__(
        self, built_in: Iterable[Entry], points: Callable[[], Iterable[Point]], seconds: float
    ) -> None:
        self._entries = {e.name: e for e in built_in}
        self._points = points
        self._seconds = seconds
        self._unread: list[Point] | None = None  # the entry points not loaded yet
        self._broken: list[tuple[str, str]] = []  # (the name, the line) of each left out
        self._lock = threading.RLock()
        self._busy = False

    def __getitem__(self, name: str) -> Entry:
        if name not in self._entries:
            self._load(name)
        return self._entries[name]

    def __iter__(self) -> Iterator[str]:
        self._load(None)
        return iter(list(self._entries))

    def __len__(self) -> int:
        self._load(None)
        return len(self._entries)

    def broken(self, name: str | None) -> tuple[str, ...]:
        """The lines of the plugins left out so far (named ``name``, where given)."""
        return tuple(line for n, line in self._broken if name in (None, n))

    def _load(self, name: str | None) -> None:
        """Load the plugins named ``name`` (every one, for ``None``) not loaded yet; a
        plugin's import that asks for the registry sees what is loaded already."""
        if _loading():
            return
        with self._lock:
            if self._busy:
                return
            self._busy = True
            try:
                self._load_named(name)
            finally:
                self._busy = False

    def _load_named(self, name: str | None) -> None:
        """:meth:`_load`, within the lock: a name already taken is said without loading
        the plugin; of two plugins of one name, the first loaded is kept."""
        if self._unread is None:
            self._unread = list(self._points())
        wanted = [p for p in self._unread if name in (None, p.name)]
        self._unread = [p for p in self._unread if p not in wanted]
        fresh = [p for p in wanted if p.name not in self._entries]
        for point, found in zip(fresh, _loaded(fresh, self._seconds), strict=True):
            if isinstance(found, str):
                self._broken.append((point.name, found))
            elif point.name in self._entries:
                self._broken.append((point.name, f"{_where(point)}: {_TAKEN}"))
            else:
                self._entries[point.name] = found
        for point in (p for p in wanted if p not in fresh):
            self._broken.append((point.name, f"{_where(point)}: {_TAKEN}"))


class _Descriptions(Mapping[str, Description]):
    """The descriptions of a registry's entries, by name, as lazily."""

    def __init__(self, entries: Mapping[str, Entry]) -> None:
        self._entries = entries

    def __getitem__(self, name: str) -> Description:
        return self._entries[name].description

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)


def registered(
    points: Iterable[Point], built_in: Iterable[Entry] = BUILT_IN, seconds: float = LOAD_SECONDS
) -> tuple[dict[str, Entry], tuple[str, ...]]:
    """The built-in entries and those loaded from ``points``, by name, with one line
    for each entry point left out.

    >>> from importlib.metadata import EntryPoint
    >>> entries, broken = registered([EntryPoint("x", "pearls.registry:GROUP", GROUP)])
    >>> len(entries) == len(BUILT_IN)
    True
    >>> print(broken[0])
    puzzle plugin 'x' (pearls.registry:GROUP) is left out: it is not a pearls.rules.Entry but a str
    """
    found = list(points)
    registry = _Registry(built_in, lambda: found, seconds)
    return dict(registry), registry.broken(None)


_REGISTRY = _Registry(BUILT_IN, lambda: entry_points(group=GROUP), LOAD_SECONDS)
ENTRIES: Mapping[str, Entry] = _REGISTRY  # every puzzle's entry by name, plugins loaded lazily
PUZZLES: Mapping[str, Description] = _Descriptions(ENTRIES)  # every puzzle's description


def broken(name: str | None = None) -> tuple[str, ...]:
    """One line for each plugin left out among those loaded so far (all of them, once
    the registry has been listed), or for the plugins named ``name``.

    >>> broken("hanoi")
    ()
    """
    return _REGISTRY.broken(name)
