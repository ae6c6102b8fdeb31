"""``make mutate``: how well the tests verify the combinators and the puzzles' models.

    python -m bench.mutation [--only GROUP ...] [--retest] [--report-only] [--listed-only]
                             [--jobs N]

Runs mutmut (configured in pyproject.toml's ``[tool.mutmut]``) on the mutants of the
chosen groups that have no verdict yet, so a run stopped half way goes on where it
stopped; then counts every module's verdicts and writes them to
``bench/results/mutation-<timestamp>.md`` and ``.json``.  A group is ``combinators``
(search, informed, deepening, backtrack, analysis, limits, methods) or one puzzle's model
(``rushhour``, ``river``, ... ``graph``, ``pandigital``); none given means all of them,
the combinators first.  ``--retest`` runs the surviving and timed-out mutants of those
groups again (after new tests), ``--report-only`` runs nothing.

Beside mutmut's mutants, the *listed* ones of ``tests/listed_mutants.toml``
(bench/mutation_listed.py): changes mutmut has no operator for (``all`` made ``any``,
``min`` made ``max``, arguments swapped, a slice one off), judged the same way and
reported apart.  ``--listed-only`` runs those alone.

A mutant is *killed* when a test fails on it, *timed out* when a test runs ten times its
clean time (bench/mutation_scope.py), *rejected by mypy* when ``mypy --strict`` (part of
``make test``) refuses it; each of these is caught.  A timeout is reported apart from the
kills: a slow but right mutant (a weaker heuristic) should fail an assertion on the
expansions a search makes, not outlast the clock.  A mutant *survives* when every test
in its module's scope passes, and has *no tests* when none of them reaches it.  The
mutants in ``tests/equivalent_mutants.toml`` behave as the original does on every input,
each for the reason written beside it; they count only while they survive and their
change is still the one written there.  The mutants the tests *judged* are those mypy
accepts.  The score is the tests' own, over the judged mutants that are not
equivalent; beside it, the same with the kills alone, and with mypy's rejections:

    score           = (killed + timeout) / (mutants - mypy - equivalent)
    kills only      = killed / (mutants - mypy - equivalent)
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
import textwrap
import time
import tomllib
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from pathlib import Path

from bench import mutation_listed
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
    "sliding": ("pearls.puzzles.sliding", "pearls.puzzles.sliding.ranked"),
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
    ``retest``, the survivors and timeouts).

    mutmut chooses a mutant's tests by which tests reached its function in a clean run,
    and times them by it.  It runs new tests again for this, but not old tests that now
    reach a new function, so a retest first forgets that run: mutmut makes it anew."""
    wanted = {"unchecked"} | ({"survived", "no tests", "timeout"} if retest else set())
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
    return tally(["equivalent" if _equivalent(m, equivalent) else m.status for m in ms])


def tally(verdicts: Sequence[str]) -> dict[str, int]:
    """How many of each verdict, with the mutants, the caught and the judged (tested by
    the tests: neither refused by mypy nor yet unchecked).

    >>> t = tally(["killed", "mypy", "timeout", "survived", "unchecked"])
    >>> t["mutants"], t["caught"], t["judged"]
    (5, 3, 3)
    """
    c = Counter(verdicts)
    caught = sum(c[s] for s in CAUGHT)
    return {"mutants": len(verdicts), **c, "caught": caught, "judged": _judged(c)}


def _judged(c: Counter[str]) -> int:
    return sum(c.values()) - c["mypy"] - c["unchecked"]


def _in_list(m: Mutant, equivalent: dict[str, Equivalent]) -> bool:
    e = equivalent.get(m.name)
    return e is not None and mutant_change(m) == (e.before, e.after)


def _equivalent(m: Mutant, equivalent: dict[str, Equivalent]) -> bool:
    """Whether ``m`` survives and is listed as equivalent with the change it makes."""
    return m.status in ("survived", "no tests") and _in_list(m, equivalent)


def score(c: dict[str, int], with_mypy: bool = False, kills_only: bool = False) -> float | None:
    """The tests' catches over the mutants tested that pass mypy and are not equivalent;
    or the kills alone (timeouts not counted); or with mypy's rejections counted as kills
    (``None`` when no mutant is judged).

    >>> c = {"mutants": 10, "killed": 5, "timeout": 1, "mypy": 2, "equivalent": 1, "caught": 8}
    >>> score(c), score(c, kills_only=True), score(c, with_mypy=True)
    (0.8571428571428571, 0.7142857142857143, 0.8888888888888888)
    """
    judged = c["mutants"] - c.get("equivalent", 0) - c.get("unchecked", 0)
    judged -= 0 if with_mypy else c.get("mypy", 0)
    caught = c["caught"] - (0 if with_mypy else c.get("mypy", 0))
    caught -= c.get("timeout", 0) if kills_only else 0
    return caught / judged if judged else None


def timeout_share(c: dict[str, int]) -> float | None:
    """The timeouts' share of what the tests caught (mypy's rejections apart).

    >>> timeout_share({"killed": 49, "timeout": 1}), timeout_share({})
    (0.02, None)
    """
    tests_caught = c.get("killed", 0) + c.get("timeout", 0)
    return c.get("timeout", 0) / tests_caught if tests_caught else None


COLUMNS = (
    "mutants",
    "mypy",
    "judged",
    "killed",
    "timeout",
    "survived",
    "no tests",
    "equivalent",
    "unchecked",
)
SCORES = ("score", "kills only", "timeouts of catches", "with mypy")


def _scores(c: dict[str, int]) -> list[float | None]:
    return [score(c), score(c, kills_only=True), timeout_share(c), score(c, with_mypy=True)]


def _row(label: str, c: dict[str, int]) -> list[object]:
    return [label, *(c.get(k, 0) for k in COLUMNS), *map(_percent, _scores(c))]


def _figures(c: dict[str, int]) -> dict[str, JSON]:
    names = ("score", "kills_only", "timeout_share", "score_with_mypy")
    named = zip(names, _scores(c), strict=True)
    return {**c, **{name: _round(s) for name, s in named}}


def summary(c: dict[str, int], listed: dict[str, int]) -> list[str]:
    """The report's first lines: what share the tests judged, and how they caught it.

    >>> c = {"mutants": 100, "mypy": 62, "judged": 38, "killed": 35, "timeout": 1,
    ...      "equivalent": 2, "caught": 98}
    >>> print(*summary(c, {"mutants": 0}), sep=chr(10))
    - mutmut's mutants: 100. mypy --strict refused 62 (62.0%), which never met a test; the
      tests judged 38 (38.0%), 2 of them equivalent.
    - Of the 36 the tests caught, 35 failed an assertion (killed) and 1 (2.8%) only ran
      too long (timed out); 0 survived. Score 100.0%, 97.2% by kills alone.
    """

    tested = c["mutants"] - c.get("unchecked", 0)

    def share(n: int) -> str:
        return f"{n:,} ({_percent(n / tested if tested else None)})"

    killed, timeout = c.get("killed", 0), c.get("timeout", 0)
    lost = c.get("survived", 0) + c.get("no tests", 0)
    said = [
        f"mutmut's mutants: {tested:,}. mypy --strict refused {share(c.get('mypy', 0))},"
        f" which never met a test; the tests judged {share(c.get('judged', 0))},"
        f" {c.get('equivalent', 0):,} of them equivalent.",
        f"Of the {killed + timeout:,} the tests caught, {killed:,} failed an assertion"
        f" (killed) and {timeout:,} ({_percent(timeout_share(c))}) only ran too long"
        f" (timed out); {lost:,} survived. Score {_percent(score(c))},"
        f" {_percent(score(c, kills_only=True))} by kills alone.",
    ]
    if c.get("unchecked", 0):
        said.append(f"Not yet tested, and left out above: {c['unchecked']:,}.")
    if listed.get("mutants", 0):
        said.append(
            f"Listed mutants (tests/listed_mutants.toml, changes mutmut does not make):"
            f" {listed['mutants']}; mypy refused {listed.get('mypy', 0)}, killed"
            f" {listed.get('killed', 0)}, timed out {listed.get('timeout', 0)}, survived"
            f" {listed.get('survived', 0) + listed.get('no tests', 0)}, equivalent"
            f" {listed.get('equivalent', 0)}, not yet tested {listed.get('unchecked', 0)}."
        )
    return [line for one in said for line in _bullet(one)]


def _bullet(text: str) -> list[str]:
    """A Markdown list item, wrapped."""
    return textwrap.wrap(text, 86, initial_indent="- ", subsequent_indent="  ")


def report(groups: Sequence[str], seconds: float) -> tuple[list[str], dict[str, JSON]]:
    """The report in Markdown and JSON: a summary, per module, then per group, then
    the listed mutants."""
    equivalent = equivalents()
    rows: dict[str, JSON] = {}
    table = []
    for group in groups:
        for module in GROUPS[group]:
            c = counts(mutants((module,)), equivalent)
            rows[module] = {**_figures(c), "group": group}
            table.append(_row(module, c))
    totals = _totals(groups, equivalent)
    table += [_row(f"**{kind}**", c) for kind, c in totals.items()]
    everything = counts([m for g in groups for m in mutants(GROUPS[g])], equivalent)
    judged = _listed_verdicts(groups)
    listed_counts = tally([status for _, status in judged])
    lines = [*summary(everything, listed_counts), "", "## Mutants by module", ""]
    lines += markdown_table(["module", *COLUMNS, *SCORES], table)
    stale = _stale(groups, equivalent)
    survivors = _survivors(groups, equivalent)
    timeouts = [
        (m.name, *mutant_change(m))
        for g in groups
        for m in mutants(GROUPS[g])
        if m.status == "timeout"
    ]
    lines += ["", f"Surviving mutants: {len(survivors)}", ""]
    lines += [f"- `{name}`: `{before}` -> `{after}`" for name, before, after in survivors]
    lines += ["", f"Timed-out mutants: {len(timeouts)}", ""]
    lines += [f"- `{name}`: `{before}` -> `{after}`" for name, before, after in timeouts]
    if stale:
        lines += ["", "Listed as equivalent but now killed or changed:", ""]
        lines += [f"- `{name}`" for name in stale]
    lines += ["", *_listed_lines(judged)]
    data: dict[str, JSON] = {
        "machine": machine(),
        "seconds": round(seconds, 1),
        "summary": _figures(everything),
        "modules": rows,
        "totals": {kind: _figures(c) for kind, c in totals.items()},
        "survivors": [name for name, _, _ in survivors],
        "timeouts": [name for name, _, _ in timeouts],
        "stale_equivalents": list(stale),
        "unchecked": everything.get("unchecked", 0),
        "listed": {
            "totals": _figures(listed_counts),
            "mutants": [
                {
                    "name": m.name,
                    "kind": m.kind,
                    "file": m.file,
                    "before": m.before,
                    "after": m.after,
                    "status": status,
                }
                for m, status in judged
            ],
        },
    }
    return lines, data


def _listed_verdicts(groups: Sequence[str]) -> list[tuple[mutation_listed.Mutant, str]]:
    """The listed mutants of ``groups`` and their verdicts (an equivalent one that
    survives counts as equivalent; one with no verdict for its present change, as
    unchecked)."""
    modules = {module for g in groups for module in GROUPS[g]}
    kept = mutation_listed.verdicts()
    found = []
    for m in mutation_listed.listed():
        if m.module not in modules:
            continue
        v = kept.get(mutation_listed.key(m))
        status = v.status if v is not None and v.digest == m.digest() else "unchecked"
        if m.equivalent and status in ("survived", "no tests"):
            status = "equivalent"
        found.append((m, status))
    return found


def _listed_lines(judged: Sequence[tuple[mutation_listed.Mutant, str]]) -> list[str]:
    """The listed mutants' section: by module, then each with its verdict."""
    if not judged:
        return []
    by_module: dict[str, list[str]] = {}
    for m, status in judged:
        by_module.setdefault(m.module, []).append(status)
    table = [_row(module, tally(statuses)) for module, statuses in by_module.items()]
    table.append(_row("**listed**", tally([status for _, status in judged])))
    lines = ["## Listed mutants", "", "Changes mutmut has no operator for"]
    lines[-1] += " (tests/listed_mutants.toml), each judged by its module's tests.\n"
    lines += markdown_table(["module", *COLUMNS, *SCORES], table)
    lines += [""]
    lines += [
        f"- {status}: `{m.name}`: `{_one_line(m.before)}` -> `{_one_line(m.after)}`"
        for m, status in judged
    ]
    stale = [m.name for m, status in judged if m.equivalent and status not in ("equivalent",)]
    if stale:
        lines += ["", "Listed as equivalent but not surviving:", ""]
        lines += [f"- `{name}`" for name in stale]
    return lines


def _one_line(text: str) -> str:
    return " ".join(text.split())


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
    by_name = {m.name: m for g in groups for m in mutants(GROUPS[g]) if m.status != "unchecked"}
    return [
        name for name, m in by_name.items() if name in equivalent and not _equivalent(m, equivalent)
    ]


def write(lines: list[str], data: dict[str, JSON], what: str) -> Path:
    """Write the report as ``bench/results/mutation-<timestamp>.md`` and ``.json``."""
    OUT.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y-%m-%dT%H%M%SZ")
    path = OUT / f"mutation-{stamp}.md"
    head = ["# Mutation testing", "", f"{stamp}, {data['seconds']} s of this run ({what})", ""]
    path.write_text("\n".join(head + lines) + "\n")
    path.with_suffix(".json").write_text(json.dumps({**data, "run": what}, indent=1) + "\n")
    return path


FLAGS = ("retest", "report_only", "listed_only")  # the options a report names


def main(argv: Sequence[str] | None = None) -> None:
    """Test what has no verdict yet, then report."""
    parser = argparse.ArgumentParser(prog="python -m bench.mutation", description=__doc__)
    parser.add_argument("--only", nargs="+", choices=list(GROUPS), metavar="GROUP")
    parser.add_argument("--retest", action="store_true", help="test the survivors again")
    parser.add_argument("--report-only", action="store_true", help="run nothing, report")
    parser.add_argument("--listed-only", action="store_true", help="run the listed mutants alone")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="mutants at once")
    args = parser.parse_args(argv)
    groups = args.only or list(GROUPS)
    started = time.monotonic()
    if not args.report_only:
        if not args.listed_only:
            run(groups, args.retest, args.jobs)
        modules = [module for g in groups for module in GROUPS[g]]
        mutation_listed.run(modules, args.retest)
    lines, data = report(groups, time.monotonic() - started)
    print("\n".join(lines))
    flags = [f"--{k.replace('_', '-')}" for k in FLAGS if getattr(args, k)]
    what = " ".join(["groups:", *groups, *flags])
    print(f"\nwritten to {write(lines, data, what).relative_to(ROOT)}")


if __name__ == "__main__":
    main()
