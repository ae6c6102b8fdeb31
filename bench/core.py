"""The chapter's combinators at several commits, measured side by side on the cases that
judge a change to the core: Table 18.1 by ``bfsolve``, ``psolve`` and ``dfsolve``, and
the 8 puzzle's hardest board by ``bfsolve`` and ``dfsolve``.

    python -m bench.core [--rounds N] [--callgrind] [--cases CASE,...] REV [REV ...]

Each ``REV`` is a commit (or ``WORKTREE`` for the files as they are): its
``pearls/search.py`` is loaded as a module of its own beside today's puzzles, so the
combinators alone differ.  Wall time: the revisions take turns on each case, round by
round, in one process, and the best and median of each are printed with the ratio to
the first revision's best.  ``--callgrind``: each case runs once per revision under
valgrind's callgrind in a process of its own, its hashes seeded alike, and the
instructions it took (less those of a process that only imports) are printed, with the
ratio: a count that does not depend on what else the machine is doing.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType

from bench.timing import alternate, markdown_table
from pearls.puzzles import rushhour, sliding
from pearls.types import Planner

ROOT = Path(__file__).resolve().parent.parent
WORKTREE = "WORKTREE"
HARDEST = (8, 6, 7, 2, 5, 4, 3, 0, 1)  # 31 moves: breadth first visits all 181,440 boards
TABLE = (rushhour.p1, rushhour.p2, rushhour.p3, rushhour.p4)
EIGHT = sliding.puzzle(sliding.EIGHT)
PLANNER = Planner(rushhour.puzzle, rushhour.goalmoves, rushhour.newplans)

Case = Callable[[ModuleType], object]
CASES: dict[str, Case] = {
    "table-bfsolve": lambda s: [s.bfsolve(rushhour.puzzle, g) for g in TABLE],
    "table-psolve": lambda s: [s.psolve(PLANNER, g) for g in TABLE],
    "table-dfsolve": lambda s: [s.dfsolve(rushhour.puzzle, g) for g in TABLE],
    "eight-bfsolve": lambda s: s.bfsolve(EIGHT, HARDEST),
    "eight-dfsolve": lambda s: s.dfsolve(EIGHT, HARDEST),
}


def source(rev: str) -> str:
    """The text of ``pearls/search.py`` at ``rev``."""
    if rev == WORKTREE:
        return (ROOT / "pearls" / "search.py").read_text(encoding="utf-8")
    shown = subprocess.run(
        ["git", "show", f"{rev}:pearls/search.py"], cwd=ROOT, check=True, capture_output=True
    )
    return shown.stdout.decode()


def load(rev: str, folder: Path) -> ModuleType:
    """``pearls/search.py`` at ``rev`` as a module of its own."""
    path = folder / f"search_{len(list(folder.iterdir()))}.py"
    path.write_text(source(rev), encoding="utf-8")
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module
    spec.loader.exec_module(module)
    return module


def timed(revs: Sequence[str], cases: Sequence[str], rounds: int) -> list[str]:
    """The revisions' wall times, taking turns, as a Markdown table."""
    rows: list[list[object]] = []
    with tempfile.TemporaryDirectory() as folder:
        modules = {rev: load(rev, Path(folder)) for rev in revs}
        for case in cases:
            answers = {rev: CASES[case](m) for rev, m in modules.items()}
            assert len({repr(a) for a in answers.values()}) == 1, f"{case}: answers differ"
            runs = alternate({rev: _bound(CASES[case], m) for rev, m in modules.items()}, rounds)
            first = runs[revs[0]].low
            rows += [
                [case, rev, f"{t.low:.3f}", f"{t.median:.3f}", f"{t.low / first:.3f}"]
                for rev, t in runs.items()
            ]
    return markdown_table(["case", "revision", "best, s", "median, s", "best ÷ first"], rows)


def _bound(case: Case, module: ModuleType) -> Callable[[], object]:
    """The case on one revision's module."""
    return lambda: case(module)


def counted(revs: Sequence[str], cases: Sequence[str]) -> list[str]:
    """The revisions' instruction counts under callgrind, as a Markdown table."""
    rows: list[list[object]] = []
    with tempfile.TemporaryDirectory() as folder:
        paths = {rev: Path(folder) / f"search_{i}.py" for i, rev in enumerate(revs)}
        for rev, path in paths.items():
            path.write_text(source(rev), encoding="utf-8")
        baseline = _instructions(next(iter(paths.values())), "")
        for case in cases:
            counts = {rev: _instructions(path, case) - baseline for rev, path in paths.items()}
            first = counts[revs[0]]
            rows += [[case, rev, f"{n:,}", f"{n / first:.3f}"] for rev, n in counts.items()]
    return markdown_table(["case", "revision", "instructions", "÷ first"], rows)


def _instructions(path: Path, case: str) -> int:
    """The instructions a fresh process takes to import ``path`` and run ``case`` once
    (nothing, for ``""``)."""
    with tempfile.NamedTemporaryFile(suffix=".out") as out:
        command = [
            "valgrind", "--tool=callgrind", f"--callgrind-out-file={out.name}",
            sys.executable, "-m", "bench.core", "--run", str(path), case,
        ]  # fmt: skip
        seeded = dict(os.environ, PYTHONHASHSEED="0")  # the same dicts in every process
        subprocess.run(command, cwd=ROOT, check=True, capture_output=True, env=seeded)
        summary = next(line for line in Path(out.name).read_text().splitlines()
                       if line.startswith("summary:"))  # fmt: skip
        return int(summary.split()[1])


def run_once(path: str, case: str) -> None:
    """Load ``path`` as the combinators and run ``case`` on them once."""
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "search_run.py"
        target.write_text(Path(path).read_text(encoding="utf-8"), encoding="utf-8")
        spec = importlib.util.spec_from_file_location(target.stem, target)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[target.stem] = module
        spec.loader.exec_module(module)
        if case:
            CASES[case](module)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.core", description=__doc__)
    parser.add_argument("revs", nargs="*", metavar="REV")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--callgrind", action="store_true")
    parser.add_argument("--cases", default=",".join(CASES))
    parser.add_argument("--run", nargs=2, metavar=("PATH", "CASE"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.run:
        run_once(*args.run)
        return 0
    cases = args.cases.split(",")
    lines = counted(args.revs, cases) if args.callgrind else timed(args.revs, cases, args.rounds)
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
