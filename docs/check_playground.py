"""Check the runnable site in headless Chromium, as a reader would use it, offline.

    python docs/check_playground.py [SITE] [--chromium PATH] [--browser {required,optional}]
                                    [--runnable {required,optional}] [--out DIR]
                                    [--bench ROUNDS] [--only PHASE,...] [--quick]

SITE (default ``site``, as ``make site`` builds it, made runnable by ``make runnable``) is
served by ``python -m http.server`` on 127.0.0.1, and Chromium starts with a fresh profile
and a proxy that leads nowhere, so a request for anything but this machine fails; every
request the pages make (the Web Worker's included) is logged to ``DIR/requests.txt`` and
any that is not for 127.0.0.1 is a problem.  The checks:

- ``/playground/?puzzle=rushhour&example=g1&method=bfs&run=1`` says "34 moves" in
  ``#outcome``, scrolled into view (first load: its seconds and bytes; with ``--bench``,
  then again from the browser's cache);
- a docs page and the playground, viewed without Run or Solve, fetch none of Python;
- the 8 puzzle's hardest board, solved by A*, says what CPython says (the same line);
- a bad board shows the command line's one line (``pearls solve rushhour --board``);
- Analyze says what CPython says, charts the histogram and draws the farthest positions;
- ``/playground/?puzzle=rushhour&example=g1&method=plan&watch=1`` shows ``#watch``
  reading "step 1 of N", N the events CPython's trace holds, and stepping forward
  changes the drawing; the 8 puzzle by A* watched too;
- play mode (``play=1``): Rush Hour's p1 and p2 played by Hint alone end "solved in 34
  moves" and "solved in 18 moves" (Table 18.1), the fewest possible, each move replayed
  by CPython; Undo takes one back, and the game's link (``#pg-link``) opened in a new
  page, and the page reloaded, show the same position; Redo solves it again; a link
  whose last move is hand-edited to an illegal one says CPython's one line; clicking the
  drawing plays the move meant (p2: either end of car C moves it that way, car E down);
- a long search shows live progress, the page answers while it runs, Stop ends it, and
  the next search runs;
- on each docs page with a ``pycon`` block, Run on its first block shows, for every
  example, the output its doctest expects (compared here by doctest's own checker);
- each live figure of ``/chapter/`` (``figure.explore``), stepped with Step, Back, Play
  and Pause, lights the lines of the rule :mod:`pearls.literal` fires at that step, in
  the Haskell (saying the book's words) and the Python, and shows ``qs``, ``rs`` and
  ``ps`` as the equations hold them, run here; beside the literal ``bfsearch'``, the
  fast loop's position is the one its tracer recorded for the same expansion.

Screenshots of the playground solving a Rush Hour board and the 8 puzzle, and analysing
the Rush Hour board, go to ``DIR/playground-rushhour.png``, ``DIR/playground-eight.png``
and ``DIR/playground-analysis.png``, the watch mode on Rush Hour planning and on the 8
puzzle by A* to ``DIR/watch-rushhour-plan.png`` and ``DIR/watch-eight-astar.png``, the
chapter's live figures, some steps in, to ``DIR/explore-NAME.png``, the games one move
from solved to ``DIR/play-rushhour-NAME.png``, the figures to
``DIR/figures.json``.  ``--bench ROUNDS`` also times ``bfsolve`` on Table 18.1's four
problems in the browser and in CPython (with and without pyrsistent's C extension),
round by round in turn, and reports the medians and their ratios.  ``--only`` runs the
phases named (of first_load, lazy, eight, korf, watch, play, stop, examples, figures,
bench), the requests still checked.  ``--quick`` (``make test``) leaves out the 8
puzzle's and Korf's boards (:data:`QUICK_LEAVES`), watches Rush Hour alone, runs the
first examples of the chapter (on the live figures' page, its Python loaded) and of
:data:`QUICK_PAGES`, and plays p1 alone, without the reload: each page loads its own
Python, some 6 s of Chromium's CPU.  ``make test-site-rest`` (run by CI after ``make
test``) runs those phases whole.

Where Chromium is missing, or the site was built without its runtime (no npm), the
check says so in one line and succeeds with ``--browser optional`` or ``--runnable
optional``, and fails with ``required`` (the defaults, and CI's).

Exit status: 0 no problem (or skipped), 1 problems (one line each), 2 no Chromium or no
runnable site.
"""

from __future__ import annotations

import argparse
import contextlib
import doctest
import io
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypedDict

import figures
from check_site import INSTALL
from playwright.sync_api import BrowserContext, Locator, Page, Request, expect, sync_playwright
from pyrsistent import PVector

import pearls.types
from pearls import literal, search
from pearls.description import JSON
from pearls.limits import Meter
from pearls.puzzles import rushhour
from pearls.puzzles.rushhour import Grid, text
from pearls.tracing import Expanded, Tracer
from pearls.types import APath, astart, start
from pearls.web import advise, analyze, play, solve

__all__ = ["BENCH", "Check", "first_block", "main", "matches", "serve"]

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--proxy-server=http://127.0.0.1:9",  # nothing listens there: only loopback is reached
]
RUSH_HOUR = "/playground/?puzzle=rushhour&example=g1&method=bfs&run=1"
EIGHT = {"puzzle": "eight", "example": "hardest", "method": "astar"}
WATCHED = (
    ({"puzzle": "rushhour", "example": "g1", "method": "plan"}, "watch-rushhour-plan.png", 29),
    ({"puzzle": "eight", "example": "hardest", "method": "astar"}, "watch-eight-astar.png", 40),
)  # what the watch mode is checked on, its screenshot, and the steps taken before it
PLAYED = (("p1", 34), ("p2", 18))  # Table 18.1's problems played by hints, and their moves
# --quick: the page whose first examples run in a page of their own (the chapter's run on
# the live figures' page), the problem played (the first), the watch (the first) and the
# phases left out.
QUICK_PAGES = ("/own-puzzle/",)
QUICK_LEAVES = ("eight", "korf")
LONG = "/playground/?puzzle=fifteen&example=forty-four&method=bfs&run=1"
KORF_1 = "14 13 15 7 / 11 12 9 5 / 6 0 2 1 / 4 8 10 3"  # Korf's first instance: 57 moves
SECONDS = 240.0  # the longest wait for Python to load and answer, on a busy machine
DONE = "el => el.textContent && el.dataset.status && el.dataset.status !== 'running'"

# bfsolve alone on Table 18.1's problems (the puzzle bare, no meter): the mean seconds
# of 5 solves in a row, and the moves.
BENCH = """\
import json, time
from pearls.registry import PUZZLES
from pearls.search import bfsolve
rushhour = PUZZLES["rushhour"]
def timed(name, times=5):
    problem = rushhour.problem(rushhour.examples[name])
    began = time.perf_counter()
    for _ in range(times):
        moves = bfsolve(problem.puzzle, problem.start)
    return [(time.perf_counter() - began) / times, len(moves)]
print(json.dumps({name: timed(name) for name in ("p1", "p2", "p3", "p4")}))
"""
PROBLEMS = ("p1", "p2", "p3", "p4")


@dataclass
class Check:
    """What the checks found: problems, the requests made, and the figures."""

    base: str
    out: Path
    problems: list[str] = field(default_factory=list)
    requests: list[Request] = field(default_factory=list)
    figures: dict[str, object] = field(default_factory=dict)

    def expect(self, ok: bool, problem: str) -> bool:
        """Record ``problem`` unless ``ok``; say whether it was."""
        if not ok:
            self.problems.append(problem)
        return ok


def find_chromium(given: str | None) -> str | None:
    """The Chromium to drive: ``given`` when it names a file, else ``chromium`` on the
    PATH, else Debian's ``/usr/bin/chromium``; ``None`` where there is none.

    >>> find_chromium("/nonexistent/chromium") is None
    True
    """
    if given:
        return given if Path(given).is_file() else None
    return shutil.which("chromium") or (CHROMIUM if Path(CHROMIUM).is_file() else None)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextlib.contextmanager
def serve(site: Path) -> Iterator[str]:
    """``python -m http.server`` serving ``site`` on 127.0.0.1; yield its base URL."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
        cwd=site,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            with contextlib.suppress(OSError):
                urllib.request.urlopen(base + "/runnable.json", timeout=1).close()
                break
            time.sleep(0.1)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=10)


def first_block(markdown: str) -> str | None:
    """The text of a page's first ``pycon`` block, or ``None``.

    >>> first_block("intro\\n```pycon\\n>>> 1 + 1\\n2\\n```\\n")
    '>>> 1 + 1\\n2\\n'
    """
    lines = markdown.splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if line.strip() == "```pycon"]
    if not starts:
        return None
    body = lines[starts[0] + 1 :]
    end = next(i for i, line in enumerate(body) if line.strip() == "```")
    return "".join(body[:end])


def matches(want: str, got: str) -> bool:
    """Whether ``got`` is what the doctest ``want``s, as pytest checks it (ELLIPSIS).

    >>> matches("[1, ...]", "[1, 2, 3]"), matches("2", "3")
    (True, False)
    """
    checker = doctest.OutputChecker()
    return checker.check_output(want.rstrip("\n") + "\n", got.rstrip("\n") + "\n", doctest.ELLIPSIS)


def cpython_outcome(request: Mapping[str, JSON]) -> str:
    """The outcome line CPython gives for a playground request (``pearls.web.solve``)."""
    return str(solve(request)["outcome"])


def cli_error(board: str) -> str:
    """The command line's one line (after ``pearls: ``) for a bad Rush Hour board."""
    from pearls.cli import main as pearls

    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        pearls(["solve", "rushhour", "--board", board])
    return err.getvalue().strip().removeprefix("pearls: ")


def outcome(page: Page, timeout: float = SECONDS) -> str:
    """``#outcome``'s text once a search has ended."""
    page.wait_for_function(
        f"() => ({DONE})(document.getElementById('outcome'))", timeout=timeout * 1000
    )
    return page.inner_text("#outcome")


def in_view(page: Page, selector: str) -> bool:
    """Whether the element ``selector`` names lies within the window, once it has had a
    moment to scroll there."""
    page.wait_for_timeout(500)
    seen = page.evaluate(
        "(selector) => { const r = document.querySelector(selector).getBoundingClientRect();"
        " return r.top >= 0 && r.bottom <= window.innerHeight; }",
        selector,
    )
    return seen is True


def transferred(requests: list[Request]) -> int:
    """Bytes of the responses to ``requests`` (bodies and headers) as the browser got them."""
    total = 0
    for request in requests:
        with contextlib.suppress(Exception):
            sizes = request.sizes()
            total += sizes["responseBodySize"] + sizes["responseHeadersSize"]
    return total


def check_lazy(check: Check, context: BrowserContext) -> None:
    """A page viewed without Run, and the playground before Solve, fetch no Python."""
    for path in ("/chapter/", "/playground/?puzzle=eight"):
        page = context.new_page()
        seen = len(check.requests)
        page.goto(check.base + path, wait_until="networkidle")
        runtime = [
            r.url for r in check.requests[seen:] if "/pyodide/" in r.url or "/wheels/" in r.url
        ]
        check.expect(not runtime, f"{path}: viewing it fetched {runtime}")
        check.expect(page.locator(".pearls-run, #pg-solve").count() > 0, f"{path}: nothing to run")
        page.close()


def check_first_load(check: Check, context: BrowserContext, warm: bool) -> None:
    """The Rush Hour link: "34 moves" in #outcome, timed and weighed, the first time
    (and, with ``warm``, again from the browser's cache); a screenshot stepped to the
    middle of the solution."""
    for visit in ("cold", "warm") if warm else ("cold",):
        page = context.new_page()
        seen = len(check.requests)
        began = time.monotonic()
        page.goto(check.base + RUSH_HOUR)
        said = outcome(page)
        seconds = time.monotonic() - began
        check.expect("34 moves" in said, f"{RUSH_HOUR}: #outcome says {said!r}, not 34 moves")
        check.expect(in_view(page, "#outcome"), f"{RUSH_HOUR}: #outcome is not scrolled into view")
        loaded = page.get_attribute("#pearls-playground", "data-load-seconds")
        check.figures[f"first_load_{visit}"] = {
            "seconds_to_outcome": round(seconds, 2),
            "python_load_seconds": float(loaded or "nan"),
            "bytes": transferred(check.requests[seen:]),
            "requests": len(check.requests) - seen,
        }
        if visit == "cold":
            check.expect(
                cpython_outcome({"puzzle": "rushhour", "example": "g1", "method": "bfs"}) == said,
                f"{RUSH_HOUR}: the browser says {said!r}, CPython otherwise",
            )
            for _ in range(17):
                page.click("button:has-text('Next')")
            page.evaluate("() => window.scrollTo(0, 0)")
            page.screenshot(path=check.out / "playground-rushhour.png", full_page=True)
            check_bad_board(check, page)
            check_analysis(check, page)
        page.close()


def check_analysis(check: Check, page: Page) -> None:
    """Analyze on an example: the line CPython gives, a chart, the farthest drawn."""
    page.select_option("#pg-example", "g1")
    page.click("#pg-analyze")
    said = outcome(page)
    want = str(analyze({"puzzle": "rushhour", "example": "g1"})["outcome"])
    check.expect(said == want, f"analysis: the browser says {said!r}, CPython {want!r}")
    bars = page.locator(".pg-chart .bar").count()
    drawn = page.locator(".pg-farthest svg").count()
    check.expect(bars > 0 and drawn > 0, f"analysis: {bars} bars charted, {drawn} positions drawn")
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=check.out / "playground-analysis.png", full_page=True)


def check_bad_board(check: Check, page: Page) -> None:
    """A board the parser refuses shows the command line's one line."""
    board = "AAxx"
    page.fill("#pg-board", board)
    page.click("#pg-solve")
    said = outcome(page)
    want = cli_error(board)
    check.expect(said == want, f"bad board: the page says {said!r}, the command line {want!r}")
    check.expect(
        page.get_attribute("#outcome", "data-status") == "error",
        "bad board: #outcome is not marked as an error",
    )


def check_eight(check: Check, context: BrowserContext) -> None:
    """The 8 puzzle's hardest board by A*: the line CPython gives; a screenshot."""
    page = context.new_page()
    query = "&".join(f"{k}={v}" for k, v in EIGHT.items())
    page.goto(f"{check.base}/playground/?{query}&run=1")
    said = outcome(page)
    want = cpython_outcome(dict(EIGHT))
    check.expect(said == want, f"8 puzzle: the browser says {said!r}, CPython {want!r}")
    for _ in range(12):
        page.click("button:has-text('Next')")
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=check.out / "playground-eight.png", full_page=True)
    page.close()


def check_korf(check: Check, context: BrowserContext) -> None:
    """Korf's first 15 puzzle by the default method and heuristic, the pattern databases
    read from the wheel: the line CPython gives."""
    page = context.new_page()
    query = urllib.parse.urlencode({"puzzle": "fifteen", "board": KORF_1, "goal": "blank-first"})
    page.goto(f"{check.base}/playground/?{query}&run=1")
    said = outcome(page)
    want = cpython_outcome(
        {"puzzle": "fifteen", "board": KORF_1, "options": {"goal": "blank-first"}}
    )
    check.expect(said == want, f"Korf's first: the browser says {said!r}, CPython {want!r}")
    page.close()


def check_watch(check: Check, context: BrowserContext, quick: bool = False) -> None:
    """The watch mode (``quick``: on Rush Hour alone): ``#watch`` reads "step 1 of N"
    with CPython's N, and stepping forward changes the drawing; a screenshot some steps
    in."""
    for asked, shot, steps in WATCHED[:1] if quick else WATCHED:
        page = context.new_page()
        query = "&".join(f"{k}={v}" for k, v in asked.items())
        page.goto(f"{check.base}/playground/?{query}&watch=1")
        outcome(page)
        trace = solve({**asked, "watch": True}).get("trace")
        total = len(trace) if isinstance(trace, list) else 0
        said = page.inner_text("#watch")
        check.expect(
            said == f"step 1 of {total}", f"{query}: #watch says {said!r}, not step 1 of {total}"
        )
        first = page.inner_html(".pg-watch-frame")
        changed = 0
        for k in range(1, steps + 1):
            page.click("button:has-text('Step')")
            if not changed and page.inner_html(".pg-watch-frame") != first:
                changed = k
        check.figures[f"watch_{asked['puzzle']}_steps_to_a_new_drawing"] = changed
        check.expect(changed > 0, f"{query}: {steps} steps forward left the drawing as it was")
        said = page.inner_text("#watch")
        want = f"step {steps + 1} of {total}"
        check.expect(
            said == want, f"{query}: after {steps} steps #watch says {said!r}, not {want!r}"
        )
        page.locator(".pg-watcher").scroll_into_view_if_needed()
        page.locator(".pg-watcher").screenshot(path=check.out / shot)
        page.close()


def game_ready(page: Page) -> None:
    """Wait until the game has its position and its advice."""
    page.wait_for_function(
        "() => document.getElementById('pg-game').dataset.state === 'ready'",
        timeout=SECONDS * 1000,
    )


def shown_game(page: Page) -> dict[str, str | None]:
    """The game as the page shows it: the position drawn, the moves played, the moves
    left, the status."""
    return {
        "board": page.inner_html("#pg-game-board"),
        "played": page.inner_text("#pg-played-count"),
        "left": page.get_attribute("#pg-moves-left", "data-left"),
        "status": page.inner_text("#pg-status"),
    }


def played_moves(link: str) -> list[str]:
    """The moves a game's link holds."""
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(link).query)
    return " ".join(query.get("moves", [""])).split()


def hinted(check: Check, page: Page, example: str, fewest: int) -> None:
    """Press Hint until the game is solved: as many hints as the fewest moves, the
    status saying so, the moves CPython's too."""
    where = f"play {example}"
    hints = 0
    while page.get_attribute("#pg-status", "data-status") != "solved" and hints <= fewest:
        page.click("#pg-hint")
        hints += 1
        game_ready(page)
    said = page.inner_text("#pg-status")
    want = f"solved in {fewest} moves, the fewest possible"
    check.expect(hints == fewest and said == want, f"{where}: {hints} hints, {said!r}")
    moves = played_moves(page.get_attribute("#pg-link", "href") or "")
    replayed = play({"puzzle": "rushhour", "example": example, "moves": " ".join(moves)})
    position = replayed.get("position")
    solved = isinstance(position, dict) and position.get("solved") is True
    check.expect(len(moves) == fewest and solved, f"{where}: the link's moves do not solve it")


def check_play(check: Check, context: BrowserContext, quick: bool = False) -> None:
    """Play mode: Rush Hour's Table 18.1 problems by hints alone; Undo; the game's link
    and (unless ``quick``) a reload restore the position; Redo; on the first game's
    page, the drawing clicked; an illegal move in a link in one line."""
    for example, fewest in PLAYED[:1] if quick else PLAYED:
        where = f"play {example}"
        page = context.new_page()
        page.goto(f"{check.base}/playground/?puzzle=rushhour&example={example}&play=1")
        game_ready(page)
        left = page.get_attribute("#pg-moves-left", "data-left")
        check.expect(left == str(fewest), f"{where}: {left} moves left at the start")
        hinted(check, page, example, fewest)
        page.click("#pg-undo")
        game_ready(page)
        undone = shown_game(page)
        want = {"played": str(fewest - 1), "left": "1", "status": f"{fewest - 1} moves played"}
        check.expect(all(undone[k] == v for k, v in want.items()), f"{where}: after Undo {undone}")
        page.evaluate("() => window.scrollTo(0, 0)")
        page.screenshot(path=check.out / f"play-rushhour-{example}.png", full_page=True)
        link = page.get_attribute("#pg-link", "href") or ""
        opened = context.new_page()
        opened.goto(check.base + link)
        game_ready(opened)
        check.expect(shown_game(opened) == undone, f"{where}: the link shows {shown_game(opened)}")
        opened.close()
        if not quick:
            page.reload()
            game_ready(page)
            shown = shown_game(page)
            check.expect(shown == undone, f"{where}: a reload shows {shown}")
        page.click("#pg-redo")
        game_ready(page)
        said = page.inner_text("#pg-status")
        check.expect(said.startswith(f"solved in {fewest}"), f"{where}: Redo gave {said!r}")
        if example == PLAYED[0][0]:
            check_clicks(check, page)
        page.close()
        check_illegal(check, context, link)


def vehicle_end(page: Page, name: str, end: str) -> None:
    """Click the ``end`` (left or right) of the vehicle ``name`` in the game's drawing."""
    shape = page.locator("#pg-game-board g.vehicle", has=page.locator(f"text=/^{name}$/"))
    shape.scroll_into_view_if_needed()
    box = shape.locator("rect").bounding_box()
    if box is None:
        raise LookupError(f"no vehicle {name} drawn")
    x = box["x"] + 6 if end == "left" else box["x"] + box["width"] - 6
    page.mouse.click(x, box["y"] + box["height"] / 2)
    game_ready(page)


def first_of(value: JSON, key: str | None = None) -> str:
    """The first item of a JSON list (its field ``key``, where it is an object), as text.

    >>> first_of(["E+1"]), first_of([{"notation": "C-1"}], "notation"), first_of(None)
    ('E+1', 'C-1', '')
    """
    item = value[0] if isinstance(value, list) and value else None
    if key is not None and isinstance(item, dict):
        item = item.get(key)
    return item if isinstance(item, str) else ""


def check_clicks(check: Check, page: Page) -> None:
    """On a page in play mode, p2 chosen (a new game begins, the page not loaded again),
    clicking the drawing: car C's left end, then its right end, then its left end move
    it that way (C-1, C+1, C-1); car E (one way free) moves down (E+1).  Then the keys:
    u undoes, r redoes, h plays the hint, 1 the first legal move."""
    page.select_option("#pg-example", "p2")
    page.wait_for_function(
        "() => new URLSearchParams(location.search).get('example') === 'p2'",
        timeout=SECONDS * 1000,
    )
    game_ready(page)
    for name, end in (("C", "left"), ("C", "right"), ("C", "left"), ("E", "left")):
        vehicle_end(page, name, end)
    moves = played_moves(page.get_attribute("#pg-link", "href") or "")
    want = ["C-1", "C+1", "C-1", "E+1"]
    check.expect(moves == want, f"clicking the drawing played {moves}, not {want}")
    for key in ("u", "r", "h", "1"):
        page.keyboard.press(key)
        game_ready(page)
    keyed = played_moves(page.get_attribute("#pg-link", "href") or "")
    hinted = advise({"puzzle": "rushhour", "example": "p2", "moves": " ".join(want)})["best"]
    after = [*want, first_of(hinted)]
    legal = play({"puzzle": "rushhour", "example": "p2", "moves": " ".join(after)})["legal"]
    pressed = [*after, first_of(legal, "notation")]
    check.expect(
        keyed == pressed, f"the keys u, r, h, 1 after {want} played {keyed}, not {pressed}"
    )


def check_illegal(check: Check, context: BrowserContext, link: str) -> None:
    """A game's link with its last move hand-edited to an illegal one: one line, the
    one CPython says, the game kept up to the move before."""
    moves = played_moves(link)
    edited = [*moves[:-1], "Z+9"]
    parts = urllib.parse.urlsplit(link)
    query = dict(urllib.parse.parse_qsl(parts.query))
    query["moves"] = " ".join(edited)
    page = context.new_page()
    page.goto(f"{check.base}{parts.path}?{urllib.parse.urlencode(query)}")
    game_ready(page)
    said = page.inner_text("#pg-status")
    example = query.get("example", "")
    want = play({"puzzle": "rushhour", "example": example, "moves": " ".join(edited)})
    check.expect(
        said == want["outcome"] and "\n" not in said,
        f"illegal link: the page says {said!r}, CPython {want['outcome']!r}",
    )
    check.expect(
        page.get_attribute("#pg-status", "data-status") == "error",
        "illegal link: #pg-status is not marked as an error",
    )
    page.close()


def check_stop(check: Check, context: BrowserContext) -> None:
    """A long search: live progress, a page that answers, Stop, and a search after it."""
    page = context.new_page()
    page.goto(check.base + LONG)
    page.wait_for_function(
        "() => /[0-9,]{5,} states expanded/.test(document.getElementById('progress').textContent)",
        timeout=SECONDS * 1000,
    )
    first = page.inner_text("#progress")
    began = time.monotonic()
    page.evaluate("() => document.title")
    answered = time.monotonic() - began
    time.sleep(1.5)
    later = page.inner_text("#progress")
    check.expect(first != later, f"long search: no live progress ({first!r}, then {later!r})")
    check.expect(answered < 1, f"long search: the page took {answered:.1f} s to answer")
    began = time.monotonic()
    page.click("#pg-stop")
    said = outcome(page, 10)
    stopped = time.monotonic() - began
    check.figures["stop"] = {"seconds": round(stopped, 2), "outcome": said, "progress": later}
    check.expect(said.startswith("stopped by you"), f"long search: Stop gave {said!r}")
    page.select_option("#pg-method", "idastar")
    page.click("#pg-solve")
    again = outcome(page)
    check.expect(again.startswith("solved in"), f"after Stop, the next search gave {again!r}")
    page.close()


def check_examples(
    check: Check, context: BrowserContext, quick: bool = False, together: int = 4
) -> None:
    """Run the first pycon block of each docs page (``quick``: of :data:`QUICK_PAGES`),
    ``together`` pages at a time (each page loads its own Python); compare each output
    with its doctest's want."""
    blocks = example_blocks()
    paths = [path for path in blocks if path in QUICK_PAGES or not quick]
    for at in range(0, len(paths), together):
        pages = {path: context.new_page() for path in paths[at : at + together]}
        for path, page in pages.items():
            page.goto(check.base + path)
            page.click(".pearls-run >> nth=0")
        for path, page in pages.items():
            compare_outputs(check, page, path, blocks[path])
            page.close()
    check.figures["example_pages"] = len(paths)


def example_blocks() -> dict[str, str]:
    """The first pycon block of each docs page that has one, by the page's path."""
    blocks = {}
    for source in sorted((ROOT / "docs").glob("*.md")):
        text = first_block(source.read_text(encoding="utf-8"))
        if text is not None:
            blocks["/" if source.stem == "index" else f"/{source.stem}/"] = text
    return blocks


def compare_outputs(check: Check, page: Page, path: str, text: str) -> None:
    """The outputs under a page's first block, each against its doctest's want."""
    page.wait_for_selector(".pearls-output:not([hidden]) >> nth=0", timeout=SECONDS * 1000)
    output = page.locator(".pearls-output").first
    gots = [
        got.inner_text() if got.count() else ""
        for got in (e.locator(".pearls-got") for e in output.locator(".pearls-example").all())
    ]
    wants = [e.want for e in doctest.DocTestParser().get_examples(text)]
    same = len(gots) == len(wants) and all(map(matches, wants, gots))
    check.expect(same, f"{path}: the first example's output is not its doctest's: {gots!r}")
    check.expect(
        output.get_attribute("data-status") == "match",
        f"{path}: the page does not mark its output as the doctest's",
    )


# --- The chapter's live figures -----------------------------------------------------------------

CHAPTER = "/chapter/"
SHOWN_FIGURE = """figure => ({
  status: figure.querySelector(".explore-status").textContent,
  verdict: figure.querySelector(".explore-verdict").textContent,
  panes: [...figure.querySelectorAll(".explore-pane")].map(pane => {
    const lit = [...pane.querySelectorAll(".explore-haskell .explore-fired")];
    const vars = [...pane.querySelectorAll("dd[data-var]")];
    return {
      rules: lit.map(line => line.dataset.rules),
      said: lit.map(line => line.textContent).join(" "),
      python: pane.querySelectorAll(".explore-python .explore-fired").length,
      texts: Object.fromEntries(vars.map(dd => [dd.dataset.var, dd.textContent])),
      states: Object.fromEntries(vars.map(dd => [dd.dataset.var,
        [...dd.querySelectorAll("[data-state]")].map(item => item.dataset.state)])),
      state: pane.querySelector(".explore-picture").dataset.state || "",
    };
  }),
})"""


class ShownPane(TypedDict):
    """A pane of a live figure as the page shows it."""

    rules: list[str]  # the rules of the Haskell lines lit, e.g. ["5"]
    said: str  # their text
    python: int  # the lines of the Python lit
    texts: dict[str, str]  # each variable's text, by its name
    states: dict[str, list[str]]  # the states of a list's items, by the variable's name
    state: str  # the position drawn, its board on one line


class ShownFigure(TypedDict):
    """A live figure as the page shows it: its status line, its verdict, its panes."""

    status: str
    verdict: str
    panes: list[ShownPane]


@dataclass(frozen=True)
class Stepped:
    """A pane of a live figure as :mod:`pearls.literal` steps it in CPython."""

    group: str
    steps: Sequence[literal.Step[object, object]]


def literal_runs() -> dict[str, list[Stepped | None]]:
    """Each live figure's panes as the equations step them here (``None`` for a pane
    that steps none: the fast loop's)."""
    first: pearls.types.Path[str, str] = start(figures.START)
    queue = list(literal.bfsearch(figures.ROUTES, [], [first]))
    levels = list(literal.bfsearch_(figures.ROUTES, [], [], [first]))
    planner = rushhour.planner
    planned = list(literal.psearch_(planner, [], [], [astart(planner, rushhour.g1)]))
    fast = list(literal.bfsearch_(rushhour.puzzle, [], [], [start(figures.FAST)]))
    return {
        "levels": [Stepped("bfsearch", queue), Stepped("bfsearch'", levels)],
        "planning": [Stepped("psearch'", planned)],
        "fast": [Stepped("bfsearch'", fast), None],
    }


def state_key(q: object) -> str:
    """A state as a figure names it: a node by its name, a Rush Hour grid by its board
    on one line."""
    if isinstance(q, PVector):
        return text.show(q, sep="")
    return str(q)


def path_keys(ps: Sequence[object]) -> list[str]:
    """The states of a frontier's paths, head first."""
    return [state_key(p.state) for p in ps if isinstance(p, pearls.types.Path | APath)]


def traced_keys(q: Grid) -> list[str]:
    """The states ``bfsolve``'s own loop expands from ``q``, traced, in order."""
    tracer = Tracer()
    meter = Meter(observer=tracer)
    search.bfsolve(meter.watch(rushhour.puzzle), q, meter.levels)
    return [state_key(e.state) for e in tracer.recorded if isinstance(e, Expanded)]


def check_pane(check: Check, where: str, shown: ShownPane, stepped: Stepped, at: int) -> None:
    """One pane at step ``at`` (from 1) against the equations: the lines of the rule
    about to fire lit, in the Haskell (saying the book's words for it) and the Python,
    none once the search has returned; ``qs``, ``rs`` and ``ps`` as the equations hold
    them (a long frontier's first paths)."""
    if at > len(stepped.steps):
        check.expect(not shown["rules"], f"{where}: rules {shown['rules']} lit after the end")
        return
    step = stepped.steps[at - 1]
    words = literal.RULES[stepped.group][step.rule - 1]
    lit = shown["rules"]
    check.expect(set(lit) == {str(step.rule)}, f"{where}: rules {lit} lit, not {step.rule}")
    said = " ".join(shown["said"].split())
    check.expect(words in said, f"{where}: the line lit says {said!r}, not {words!r}")
    check.expect(shown["python"] > 0, f"{where}: no line of the Python lit for rule {step.rule}")
    qs = [state_key(q) for q in step.qs]
    seen = shown["texts"].get("qs", "")
    graph = all(len(q) == 1 for q in qs)
    want = f"[{', '.join(qs)}]" if graph else "[]" if not qs else f"{len(qs)} position"
    check.expect(seen.startswith(want), f"{where}: qs shows {seen!r}, the equations hold {qs}")
    for name, paths in (("rs", step.rs), ("ps", step.ps)):
        if name in shown["states"]:
            states, held = shown["states"][name], path_keys(paths)
            whole = states == held or (
                len(states) == figures.SHOWN and held[: len(states)] == states
            )
            check.expect(whole, f"{where}: {name} shows {states}, the equations hold {held}")


def check_figure_at(
    check: Check, name: str, shown: ShownFigure, panes: list[Stepped | None], at: int
) -> None:
    """A live figure at step ``at``: each pane against the equations; the fast loop's
    position, where a pane shows it, the one the loop expanded at the equations' last
    expansion, and the verdict saying so."""
    total = max(len(p.steps) for p in panes if p is not None)
    check.expect(
        shown["status"] == f"step {at} of {total}", f"{name}: {shown['status']!r}, not step {at}"
    )
    literal_pane = next(p for p in panes if p is not None)
    for i, (pane, stepped) in enumerate(zip(shown["panes"], panes, strict=True)):
        if stepped is not None:
            check_pane(check, f"{CHAPTER}#explore-{name} pane {i} step {at}", pane, stepped, at)
            continue
        expanded = sum(step.rule == 5 for step in literal_pane.steps[:at])
        traced = traced_keys(figures.FAST)
        want = traced[expanded - 1] if 0 < expanded <= len(traced) else ""
        check.expect(
            pane["state"] == want,
            f"{name} step {at}: the loop's position is not its expansion {expanded}",
        )
        if literal_pane.steps[min(at, len(literal_pane.steps)) - 1].rule == 5:
            same = shown["verdict"].endswith("the same position on both sides ✓")
            check.expect(same, f"{name} step {at}: the verdict says {shown['verdict']!r}")


def stopped_at(
    check: Check, name: str, figure: Locator, panes: list[Stepped | None], at: int
) -> ShownFigure:
    """What a live figure shows once it has stopped at step ``at``, checked."""
    total = max(len(p.steps) for p in panes if p is not None)
    status = figure.locator(".explore-status")
    expect(status).to_have_text(f"step {at} of {total}", timeout=SECONDS * 1000)
    shown: ShownFigure = figure.evaluate(SHOWN_FIGURE)
    check_figure_at(check, name, shown, panes, at)
    return shown


def check_figures(check: Check, context: BrowserContext, examples: bool = False) -> None:
    """The chapter's live figures, each stepped as a reader would: Step (which loads
    Python), three more, Back, then Play and Pause; at each stop the lines lit and the
    variables agree with :mod:`pearls.literal` run here, and the variables change as
    the figure steps.  A screenshot of each.  With ``examples``, then the page's first
    examples, on the Python the figures loaded."""
    page = context.new_page()
    page.goto(check.base + CHAPTER)
    began = time.monotonic()
    for name, panes in literal_runs().items():
        figure = page.locator(f"#explore-{name}")
        figure.locator("button.explore-step").click()
        shown = [stopped_at(check, name, figure, panes, 1)]
        check.figures.setdefault("figure_first_step_seconds", round(time.monotonic() - began, 1))
        for at in (2, 3, 4):
            figure.locator("button.explore-step").click()
            shown.append(stopped_at(check, name, figure, panes, at))
        figure.locator("button.explore-back").click()
        shown.append(stopped_at(check, name, figure, panes, 3))
        figure.locator("button.explore-play").click()
        status = figure.locator(".explore-status")
        expect(status).to_have_text(re.compile(r"step ([6-9]|\d\d+) of"), timeout=SECONDS * 1000)
        figure.locator("button.explore-play").click()
        played = int(status.inner_text().split()[1])
        shown.append(stopped_at(check, name, figure, panes, played))
        texts = [json.dumps(seen["panes"][0]["texts"]) for seen in shown]
        changed = texts[0] != texts[3] and texts[3] != texts[5]
        check.expect(changed, f"{CHAPTER}#explore-{name}: the variables did not change")
        check.expect(texts[4] == texts[2], f"{CHAPTER}#explore-{name}: Back did not restore step 3")
        hidden = ".md-header { visibility: hidden }"  # the page's bar would cover the figure
        figure.screenshot(path=check.out / f"explore-{name}.png", style=hidden)
    if examples:
        page.click(".pearls-run >> nth=0")
        compare_outputs(check, page, CHAPTER, example_blocks()[CHAPTER])
        pages = check.figures.get("example_pages", 0)
        check.figures["example_pages"] = (pages if isinstance(pages, int) else 0) + 1
    page.close()


def bench(check: Check, context: BrowserContext, rounds: int) -> None:
    """bfsolve on p1..p4 in the browser and in CPython (C extension, then pure
    pyrsistent), a round of each in turn; the medians and the ratios."""
    page = context.new_page()
    page.goto(check.base + "/table-18-1/")
    page.click(".pearls-edit >> nth=0")
    page.fill(".pearls-editor", BENCH)
    times: dict[str, list[dict[str, list[float]]]] = {"browser": [], "cpython": [], "pure": []}
    pure = "import sys; sys.modules['pvectorc'] = None\n" + BENCH
    for _ in range(rounds):
        page.click(".pearls-run >> nth=0")
        page.wait_for_selector(".pearls-output:not([hidden]) .pearls-got", timeout=SECONDS * 1000)
        times["browser"].append(json.loads(page.locator(".pearls-got").first.inner_text()))
        page.evaluate("() => document.querySelector('.pearls-output').hidden = true")
        for kind, code in (("cpython", BENCH), ("pure", pure)):
            ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
            times[kind].append(json.loads(ran.stdout))
    page.close()
    medians = {
        kind: {p: statistics.median(r[p][0] for r in runs) for p in PROBLEMS}
        for kind, runs in times.items()
    }
    moves = {p: times["browser"][0][p][1] for p in PROBLEMS}
    ratios = {
        kind: {p: round(medians["browser"][p] / medians[kind][p], 2) for p in PROBLEMS}
        for kind in ("cpython", "pure")
    }
    check.figures["bench"] = {
        "rounds": rounds,
        "moves": moves,
        "medians": medians,
        "ratios": ratios,
    }


def run(
    site: Path,
    chromium: str,
    out: Path,
    rounds: int,
    only: Sequence[str] = (),
    quick: bool = False,
) -> Check:
    """Serve the site, drive Chromium through the checks, log every request."""
    out.mkdir(parents=True, exist_ok=True)
    with serve(site) as base, sync_playwright() as pw, tempfile.TemporaryDirectory() as profile:
        check = Check(base, out)
        context = pw.chromium.launch_persistent_context(
            profile,
            executable_path=chromium,
            args=FLAGS,
            headless=True,
            viewport={"width": 1100, "height": 1000},
        )
        context.on("request", lambda request: check.requests.append(request))
        context.on("weberror", lambda e: check.problems.append(f"script error: {e.error}"))
        phases: dict[str, Callable[[], None]] = {
            "first_load": lambda: check_first_load(check, context, warm=rounds > 0),
            "lazy": lambda: check_lazy(check, context),
            "eight": lambda: check_eight(check, context),
            "korf": lambda: check_korf(check, context),
            "watch": lambda: check_watch(check, context, quick),
            "play": lambda: check_play(check, context, quick),
            "stop": lambda: check_stop(check, context),
            "examples": lambda: check_examples(check, context, quick),
            "figures": lambda: check_figures(check, context, quick),
            "bench": lambda: bench(check, context, rounds) if rounds else None,
        }
        try:
            for name, phase in phases.items():
                if (only and name not in only) or (quick and name in QUICK_LEAVES):
                    continue
                began = time.monotonic()
                phase()
                check.figures[f"seconds_{name}"] = round(time.monotonic() - began, 1)
        except Exception as e:  # a wait that timed out, a selector missing: one line
            check.problems.append(f"stopped: {type(e).__name__}: {str(e).splitlines()[0]}")
        finally:
            context.close()
    urls = [r.url for r in check.requests]
    (out / "requests.txt").write_text("\n".join(urls) + "\n", encoding="utf-8")
    for url in urls:
        check.expect(url.startswith(base + "/"), f"a request left this machine: {url}")
    check.figures["requests"] = len(urls)
    (out / "figures.json").write_text(json.dumps(check.figures, indent=2) + "\n", encoding="utf-8")
    return check


def main(argv: list[str] | None = None) -> int:
    """Run the checks; one line per problem, then one line of what was checked."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", type=Path, default=ROOT / "site")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM"))
    parser.add_argument("--browser", choices=["required", "optional"], default="required")
    parser.add_argument("--runnable", choices=["required", "optional"], default="required")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "playground")
    parser.add_argument("--bench", type=int, default=0, metavar="ROUNDS")
    parser.add_argument("--only", default="", metavar="PHASE,...")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    chromium = find_chromium(args.chromium)
    if chromium is None:
        if args.browser == "optional":
            print(f"check_playground: skipped, no Chromium: {INSTALL}")
            return 0
        print(f"check_playground: no Chromium: {INSTALL}", file=sys.stderr)
        return 2
    manifest = args.site / "runnable.json"
    available = manifest.is_file() and json.loads(manifest.read_text()).get("available")
    if not available:
        print(
            f"check_playground: {args.site} is not runnable: run `make runnable`", file=sys.stderr
        )
        return 2
    only = [name for name in args.only.split(",") if name]
    check = run(args.site, chromium, args.out, args.bench, only, args.quick)
    for problem in check.problems:
        print(problem)
    shown = ", ".join(f"{k} {v}" for k, v in check.figures.items() if k.startswith("first_load"))
    checked = (
        f"the phases {', '.join(only)}"
        if only
        else f"{check.figures.get('example_pages', 0)} pages' examples, the playground, Stop"
    )
    print(
        f"check_playground: {checked}; {len(check.requests)} requests, all local; {shown}: "
        f"{len(check.problems) or 'no'} problems",
        file=sys.stderr,
    )
    return 1 if check.problems else 0


if __name__ == "__main__":
    sys.exit(main())
