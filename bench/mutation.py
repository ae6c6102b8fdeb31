"""``make mutate``: how well the tests verify the combinators and the puzzles' models.

    python -m bench.mutation [--only GROUP ...] [--retest] [--report-only] [--jobs N]

Runs mutmut (configured in pyproject.toml's ``[tool.mutmut]``) on the mutants of the
chosen groups that have no verdict yet, so a run stopped half way goes on where it
stopped; then counts every module's verdicts and writes them to
``bench/results/mutation-<timestamp>.md`` and ``.json``.  A group is ``combinators``
(search, informed, deepening, backtrack, analysis, limits, methods) or one puzzle's model
(``rushhour``, ``river``, ... ``graph``, ``pandigital``); none given means all of them,
the combinators first.  ``--retest`` runs the surviving mutants of those groups again
(after new tests), ``--report-only`` runs nothing.

A mutant is *killed* when a test fails on it, *timed out* when a test runs ten times its
clean time (bench/mutation_scope.py), *rejected by mypy* when ``mypy --strict`` (part of
``make test``) refuses it; each of these is caught.  It *survives* when every test in
its module's scope passes, and has *no tests* when none of them reaches it.  The
mutants in ``tests/equivalent_mutants.toml`` behave as the original does on every input,
each for the reason written beside it; they count only while they survive and their
change is still the one written there.  The score is the tests' own, over the mutants
that pass mypy and are not equivalent; beside it, the score with mypy's rejections:

    score           = (killed + timeout) / (mutants - mypy - equivalent)
    score with mypy = (killed + timeout + mypy) / (mutants - equivalent)

counting only the mutants tested so far.

>>> status(1), status(36), status(37), status(0), status(None)
('killed', 'timeout', 'mypy', 'survived', 'unchecked')
>>> change("def f(x):\\n    return x + 1\\n", "def f(x):\\n    return x - 1\\n")
('return x + 1', 'return x - 1')
"""

from __future__ import annotations

import argparse
import ast
import difflib
import json
import os
import subprocess
import sys
import time
import tomllib
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from pathlib import Path

from bench.timing import JSON, machine, markdown_table

__all__ = [
    "GROUPS",
    "Equivalent",
    "Mutant",
    "change",
    "equivalents",
    "main",
    "mutants",
    "status",
]

ROOT = Path(__file__).parent.parent
MUTANTS = ROOT / "mutants"  # mutmut's copy of the source, with every mutant and verdict
EQUIVALENT = ROOT / "tests" / "equivalent_mutants.toml"
OUT = ROOT / "bench" / "results"

COMBINATORS = ("search", "informed", "deepening", "backtrack", "analysis", "limits", "methods")
PUZZLES = (
    "rushhour",
    "rushhour_players",
    "flipit",
    "nooff",
    "river",
    "hanoi",
    "sliding",
    "knight",
    "colour",
    "graph",
    "pandigital",
)
# the source files of each group, as mutmut names their modules
GROUPS: dict[str, tuple[str, ...]] = {
    "combinators": tuple(f"pearls.{name}" for name in COMBINATORS),
    **{name: (f"pearls.puzzles.{name}",) for name in PUZZLES},
}
# where only part of a module is a model: its model's functions (pandigital's text form
# and command-line description are not)
MODEL_ONLY = {
    "pearls.puzzles.pandigital": (
        "product",
        "pandigital",
        "iroot",
        "search_range",
        "_least",
        "_ceil_root",
        "puzzle",
        "numbers",
    ),
}

CAUGHT = ("killed", "timeout", "mypy")
# mutmut's exit codes (mutmut.stats.status_by_exit_code), in the words of the report
STATUS = {
    0: "survived",
    1: "killed",
    3: "killed",
    5: "no tests",
    33: "no tests",
    36: "timeout",
    24: "timeout",
    -24: "timeout",
    152: "timeout",
    255: "timeout",
    37: "mypy",
}


def status(exit_code: int | None) -> str:
    """The verdict on a mutant whose test run ended with ``exit_code``."""
    if exit_code is None:
        return "unchecked"
    return STATUS.get(exit_code, "suspicious")


@dataclass(frozen=True)
class Mutant:
    """One mutant: its name, module, function, and verdict."""

    name: str  # e.g. "pearls.informed.x__contour__mutmut_12"
    module: str  # e.g. "pearls.informed"
    function: str  # e.g. "_contour"
    status: str  # e.g. "killed"


def _source(module: str) -> Path:
    """The source file of a module, as mutmut copied it into ``mutants/``."""
    path = MUTANTS / Path(*module.split("."))
    package = path / "__init__.py"
    return package if package.exists() else path.with_suffix(".py")


def _function(name: str) -> str:
    """The function a mutant's name points into: ``x_f`` or ``xǁClassǁf`` -> ``f``."""
    mangled = name.partition("__mutmut_")[0].rpartition(".")[2]
    return mangled.rpartition("ǁ")[2] if "ǁ" in mangled else mangled.removeprefix("x_")


def _chosen(module: str, function: str) -> bool:
    return function in MODEL_ONLY.get(module, (function,))


def mutants(modules: Sequence[str]) -> list[Mutant]:
    """Every mutant of ``modules`` that mutmut has made, with its verdict so far."""
    found = []
    for module in modules:
        meta = _source(module).with_name(_source(module).name + ".meta")
        if not meta.exists():
            continue
        codes: dict[str, int | None] = json.loads(meta.read_text())["exit_code_by_key"]
        for name, code in codes.items():
            function = _function(name)
            if _chosen(module, function):
                found.append(Mutant(name, module, function, status(code)))
    return found


def change(original: str, mutated: str) -> tuple[str, str]:
    """The lines a mutant changes, stripped and joined: (before, after)."""
    diff = list(difflib.ndiff(original.splitlines(), mutated.splitlines()))
    before = " ".join(line[2:].strip() for line in diff if line.startswith("- "))
    after = " ".join(line[2:].strip() for line in diff if line.startswith("+ "))
    return before, after


@cache
def _functions(path: Path) -> dict[str, str]:
    """The source of each top-level function and method in a file of ``mutants/``."""
    text = path.read_text()
    tree = ast.parse(text)
    found: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            source = ast.get_source_segment(text, node) or ""
            found[node.name] = source.replace(node.name, "", 1)  # name apart, as it differs
    return found


def mutant_change(m: Mutant) -> tuple[str, str]:
    """What the mutant changes in its function."""
    mangled = m.name.rpartition(".")[2]
    stem = mangled.partition("__mutmut_")[0]
    functions = _functions(_source(m.module))
    return change(functions.get(f"{stem}__mutmut_orig", ""), functions.get(mangled, ""))


@dataclass(frozen=True)
class Equivalent:
    """A mutant that no test can kill, the change it makes, and why it changes nothing."""

    mutant: str
    before: str
    after: str
    why: str


def equivalents() -> dict[str, Equivalent]:
    """The committed list of equivalent mutants, by name."""
    entries = (
        tomllib.loads(EQUIVALENT.read_text()).get("equivalent", []) if EQUIVALENT.exists() else []
    )
    return {
        e["mutant"]: Equivalent(e["mutant"], e["before"], e["after"], e["why"]) for e in entries
    }


def _mutmut(*args: str) -> int:
    """Run mutmut from the project's root, its progress shown, its list of results not."""
    tools = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": tools + os.pathsep + os.environ.get("PATH", "")}
    command = [os.path.join(tools, "mutmut"), *args]
    with subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True) as run:
        assert run.stdout is not None
        for line in run.stdout:
            if line.startswith("Mutant results"):
                break
            sys.stdout.write(line)
            sys.stdout.flush()
        for _ in run.stdout:
            pass
    return run.returncode


def _patterns(group: str) -> Iterator[str]:
    """mutmut's name patterns for every mutant of a group."""
    for module in GROUPS[group]:
        for function in MODEL_ONLY.get(module, ("*",)):
            yield f"{module}.x_{function}__mutmut_*" if function != "*" else f"{module}.*"


def run(groups: Sequence[str], retest: bool, jobs: int) -> None:
    """Test, in one mutmut run, the mutants of ``groups`` that have no verdict (and, with
    ``retest``, the survivors).

    mutmut chooses a mutant's tests by which tests reached its function in a clean run,
    and times them by it.  It runs new tests again for this, but not old tests that now
    reach a new function, so a retest first forgets that run: mutmut makes it anew."""
    wanted = {"unchecked"} | ({"survived", "no tests"} if retest else set())
    if retest:
        (MUTANTS / "mutmut-stats.json").unlink(missing_ok=True)
    names: list[str] = []
    for group in groups:
        made = mutants(GROUPS[group])
        todo = [m.name for m in made if m.status in wanted] if made else list(_patterns(group))
        print(f"{group}: {len(todo) if made else 'all'} mutants to test")
        names += todo
    if names:
        sys.stdout.flush()
        _mutmut("run", "--max-children", str(jobs), *names)


def counts(ms: Sequence[Mutant], equivalent: dict[str, Equivalent]) -> dict[str, int]:
    """The verdicts on ``ms``, the equivalent ones apart."""
    tally = Counter("equivalent" if _equivalent(m, equivalent) else m.status for m in ms)
    caught = sum(tally[s] for s in CAUGHT)
    return {"mutants": len(ms), **tally, "caught": caught}


def _listed(m: Mutant, equivalent: dict[str, Equivalent]) -> bool:
    e = equivalent.get(m.name)
    return e is not None and mutant_change(m) == (e.before, e.after)


def _equivalent(m: Mutant, equivalent: dict[str, Equivalent]) -> bool:
    """Whether ``m`` survives and is listed as equivalent with the change it makes."""
    return m.status in ("survived", "no tests") and _listed(m, equivalent)


def score(c: dict[str, int], with_mypy: bool = False) -> float | None:
    """The tests' kills over the mutants tested that pass mypy and are not equivalent,
    or with mypy's rejections counted as kills (``None`` when no mutant is judged).

    >>> c = {"mutants": 10, "killed": 5, "timeout": 1, "mypy": 2, "equivalent": 1, "caught": 8}
    >>> score(c), score(c, with_mypy=True)
    (0.8571428571428571, 0.8888888888888888)
    """
    judged = c["mutants"] - c.get("equivalent", 0) - c.get("unchecked", 0)
    judged -= 0 if with_mypy else c.get("mypy", 0)
    caught = c["caught"] - (0 if with_mypy else c.get("mypy", 0))
    return caught / judged if judged else None


COLUMNS = (
    "mutants",
    "mypy",
    "killed",
    "timeout",
    "survived",
    "no tests",
    "equivalent",
    "unchecked",
)


def report(groups: Sequence[str], seconds: float) -> tuple[list[str], dict[str, JSON]]:
    """The report in Markdown and JSON: per module, then per group."""
    equivalent = equivalents()
    rows: dict[str, JSON] = {}
    lines = ["## Mutants by module", ""]
    table = []
    for group in groups:
        for module in GROUPS[group]:
            c = counts(mutants((module,)), equivalent)
            s, t = score(c), score(c, with_mypy=True)
            rows[module] = {**c, "score": _round(s), "score_with_mypy": _round(t), "group": group}
            table.append([module, *(c.get(k, 0) for k in COLUMNS), _percent(s), _percent(t)])
    totals = _totals(groups, equivalent)
    for kind, c in totals.items():
        s, t = score(c), score(c, with_mypy=True)
        table.append([f"**{kind}**", *(c.get(k, 0) for k in COLUMNS), _percent(s), _percent(t)])
    lines += markdown_table(["module", *COLUMNS, "score", "with mypy"], table)
    stale = _stale(groups, equivalent)
    unfinished = [m.name for g in groups for m in mutants(GROUPS[g]) if m.status == "unchecked"]
    survivors = _survivors(groups, equivalent)
    lines += ["", f"Surviving mutants: {len(survivors)}", ""]
    lines += [f"- `{name}`: `{before}` -> `{after}`" for name, before, after in survivors]
    if stale:
        lines += ["", "Listed as equivalent but now killed or changed:", ""]
        lines += [f"- `{name}`" for name in stale]
    if unfinished:
        lines += ["", f"Not yet tested: {len(unfinished)} mutants (run again to go on)."]
    data: dict[str, JSON] = {
        "machine": machine(),
        "seconds": round(seconds, 1),
        "modules": rows,
        "totals": {
            kind: {**c, "score": _round(score(c)), "score_with_mypy": _round(score(c, True))}
            for kind, c in totals.items()
        },
        "survivors": [name for name, _, _ in survivors],
        "stale_equivalents": list(stale),
        "unchecked": len(unfinished),
    }
    return lines, data


def _totals(groups: Sequence[str], equivalent: dict[str, Equivalent]) -> dict[str, dict[str, int]]:
    """The counts over the combinators, and over the models, of ``groups``."""
    kinds = {
        "combinators": [g for g in groups if g == "combinators"],
        "models": [g for g in groups if g != "combinators"],
    }
    return {
        kind: counts([m for g in chosen for m in mutants(GROUPS[g])], equivalent)
        for kind, chosen in kinds.items()
        if chosen
    }


def _round(s: float | None) -> float | None:
    return None if s is None else round(s, 4)


def _percent(s: float | None) -> str:
    return "-" if s is None else f"{100 * s:.1f}%"


def _survivors(
    groups: Sequence[str], equivalent: dict[str, Equivalent]
) -> list[tuple[str, str, str]]:
    return [
        (m.name, *mutant_change(m))
        for g in groups
        for m in mutants(GROUPS[g])
        if m.status in ("survived", "no tests") and not _equivalent(m, equivalent)
    ]


def _stale(groups: Sequence[str], equivalent: dict[str, Equivalent]) -> list[str]:
    by_name = {m.name: m for g in groups for m in mutants(GROUPS[g])}
    return [
        name for name, m in by_name.items() if name in equivalent and not _equivalent(m, equivalent)
    ]


def write(lines: list[str], data: dict[str, JSON]) -> Path:
    """Write the report as ``bench/results/mutation-<timestamp>.md`` and ``.json``."""
    OUT.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y-%m-%dT%H%M%SZ")
    path = OUT / f"mutation-{stamp}.md"
    head = ["# Mutation testing", "", f"{stamp}, {data['seconds']} s of this run", ""]
    path.write_text("\n".join(head + lines) + "\n")
    path.with_suffix(".json").write_text(json.dumps(data, indent=1) + "\n")
    return path


def main(argv: Sequence[str] | None = None) -> None:
    """Test what has no verdict yet, then report."""
    parser = argparse.ArgumentParser(prog="python -m bench.mutation", description=__doc__)
    parser.add_argument("--only", nargs="+", choices=list(GROUPS), metavar="GROUP")
    parser.add_argument("--retest", action="store_true", help="test the survivors again")
    parser.add_argument("--report-only", action="store_true", help="run nothing, report")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="mutants at once")
    args = parser.parse_args(argv)
    groups = args.only or list(GROUPS)
    started = time.monotonic()
    if not args.report_only:
        run(groups, args.retest, args.jobs)
    lines, data = report(groups, time.monotonic() - started)
    print("\n".join(lines))
    print(f"\nwritten to {write(lines, data).relative_to(ROOT)}")


if __name__ == "__main__":
    main()
