"""The listed mutants of ``make mutate``: changes mutmut has no operator for.

mutmut turns ``<`` into ``<=`` and ``+`` into ``-``, but never ``all`` into ``any``,
``min`` into ``max``, two arguments of the same type round, or a slice's bound one off,
and it leaves properties alone.  ``tests/listed_mutants.toml`` lists such changes by
hand, each as a file, an exact piece of its source (found there once) and what replaces
it.  Each is judged as mutmut judges its own: applied to a copy of the source
(``mutants/listed/``), checked by ``mypy --strict`` (refused: *mypy*), then tested by its
module's tests (:func:`bench.mutation_scope.scope`), the first failure ending the run
(*killed*), a test past ten times its clean time ending it too (*timeout*).  Unlike
mutmut's, a listed mutant runs in a fresh process, so values built at import (a
puzzle's example trays) are built by the mutant too.

The verdicts are kept in ``mutants/listed.json`` with a digest of the change and of the
original file: a mutant is tested again when either changes, or on ``--retest`` when it
survived or timed out.

>>> m = Mutant("pearls/search.py", "all-any", "all(", "any(")
>>> m.module
'pearls.search'
>>> Mutant("pearls/puzzles/hanoi/__init__.py", "swap", "a", "b").module
'pearls.puzzles.hanoi'
>>> apply("x = all(y)\\n", m)
'x = any(y)\\n'
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bench.mutation_scope import TIMEOUT, scope

__all__ = ["LISTED", "Mutant", "Verdict", "apply", "judge", "listed", "verdicts"]

ROOT = Path(__file__).parent.parent
LISTED = ROOT / "tests" / "listed_mutants.toml"
COPY = ROOT / "mutants" / "listed"  # the copy of the source the mutants are applied to
VERDICTS = ROOT / "mutants" / "listed.json"
COPIED = ("pearls", "tests", "bench", "docs", "typings", "README.md", "pyproject.toml")
BACKSTOP = 900  # seconds: a mutant's whole test run, behind the plugin's per-test limit
STATUS = {0: "survived", 1: "killed", 2: "killed", 5: "no tests", TIMEOUT: "timeout"}


@dataclass(frozen=True)
class Mutant:
    """One listed mutant: in ``file``, ``before`` becomes ``after``."""

    file: str  # e.g. "pearls/search.py"
    kind: str  # e.g. "all-any"
    before: str  # e.g. "if all(x not in plan for x in pms)"
    after: str  # e.g. "if any(x not in plan for x in pms)"
    equivalent: str | None = None  # why no input can tell it from the original
    note: str | None = None

    @property
    def module(self) -> str:
        """The module mutated, as mutmut names it."""
        return ".".join(Path(self.file).with_suffix("").parts).removesuffix(".__init__")

    @property
    def function(self) -> str:
        """The innermost function (or ``Class.method``) the change falls in."""
        text = (ROOT / self.file).read_text()
        line = text[: text.find(self.before)].count("\n") + 1
        return _enclosing(ast.parse(text), line) or "<module>"

    @property
    def name(self) -> str:
        """``module.function: kind, before -> after`` shortened: the report's name."""
        return f"{self.module}.{self.function} ({self.kind})"

    def digest(self) -> str:
        """A digest of the change and the original file: a new one asks for a new test."""
        source = (ROOT / self.file).read_bytes()
        return hashlib.sha256(repr((self.before, self.after)).encode() + source).hexdigest()


def _enclosing(tree: ast.AST, line: int, prefix: str = "") -> str | None:
    """The dotted name of the innermost function or class body holding ``line``."""
    bodies = (
        node
        for node in ast.iter_child_nodes(tree)
        if isinstance(node, ast.FunctionDef | ast.ClassDef)
    )
    for node in bodies:
        if node.lineno <= line <= (node.end_lineno or node.lineno):
            name = f"{prefix}{node.name}"
            return _enclosing(node, line, name + ".") or name
    return None


def listed() -> list[Mutant]:
    """The listed mutants, in the order of the file."""
    entries = tomllib.loads(LISTED.read_text()).get("mutant", []) if LISTED.exists() else []
    return [Mutant(**entry) for entry in entries]


def apply(text: str, m: Mutant) -> str:
    """The source ``text`` with the mutant's change made; it must be found there once."""
    found = text.count(m.before)
    if found != 1:
        raise ValueError(f"{m.file}: {m.before!r} is found {found} times, not once")
    return text.replace(m.before, m.after)


@dataclass(frozen=True)
class Verdict:
    """What became of a listed mutant, and for which version of it."""

    status: str  # killed, timeout, mypy, survived, no tests, suspicious
    digest: str
    seconds: float


def verdicts() -> dict[str, Verdict]:
    """The verdicts kept so far, by the mutant's place in the list and its name."""
    if not VERDICTS.exists():
        return {}
    kept: dict[str, dict[str, str | float]] = json.loads(VERDICTS.read_text())
    return {
        key: Verdict(str(v["status"]), str(v["digest"]), float(v["seconds"]))
        for key, v in kept.items()
    }


def key(m: Mutant) -> str:
    """The key of a mutant's verdict: the change itself, which names it uniquely."""
    return f"{m.file}: {m.before.strip()} -> {m.after.strip()}"


def _copy() -> None:
    """A fresh copy of what the tests need, mutmut's clean-run times beside it."""
    shutil.rmtree(COPY, ignore_errors=True)
    COPY.mkdir(parents=True)
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, COPY / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, COPY / name)
    stats = ROOT / "mutants" / "mutmut-stats.json"
    if stats.exists():
        shutil.copy2(stats, COPY / stats.name)


def _env(m: Mutant | None) -> dict[str, str]:
    """The copy first on the path; under a mutant, a name bench/mutation_scope.py reads
    as that mutant's module (so it keeps that module's tests and times them)."""
    env = {**os.environ, "PYTHONPATH": str(COPY)}
    if m is not None:
        env["MUTANT_UNDER_TEST"] = f"{m.module}.x_listed__mutmut_1"
    return env


def _mypy() -> bool:
    """Whether ``mypy --strict`` accepts the copy, as mutmut's type check asks."""
    command = [sys.executable, "-m", "mypy", "--strict", "--no-warn-unused-ignores", "pearls"]
    done = subprocess.run(command, cwd=COPY, env=_env(None), capture_output=True, check=False)
    return done.returncode == 0


def _tests(module: str) -> list[str]:
    """The test files in the scope of ``module``, as paths in the copy."""
    files = {
        str(path.relative_to(COPY))
        for prefix in scope(module)
        for path in COPY.glob(prefix + "*")
        if path.suffix == ".py" and not path.name.endswith("_fuzz.py")
    }
    return sorted(files)


def _pytest_args() -> list[str]:
    """mutmut's own pytest options and the project's additions (pyproject.toml)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mutmut"]
    added: list[str] = config.get("pytest_add_cli_args", [])
    return ["-x", "-q", "-p", "no:randomly", "-p", "no:random-order", *added]


def _pytest(m: Mutant | None, tests: Sequence[str]) -> int:
    """Run ``tests`` on the copy; the exit code, or the plugin's timeout code if the
    whole run passes the backstop."""
    command = [sys.executable, "-m", "pytest", *_pytest_args(), *tests]
    try:
        done = subprocess.run(
            command, cwd=COPY, env=_env(m), capture_output=True, timeout=BACKSTOP, check=False
        )
    except subprocess.TimeoutExpired:
        return TIMEOUT
    return done.returncode


def _check_copy(modules: Sequence[str]) -> None:
    """Before any mutant: the copy imports its own ``pearls``, passes mypy and its tests."""
    probe = [sys.executable, "-c", "import pearls; print(pearls.__file__)"]
    where = subprocess.run(probe, cwd=COPY, env=_env(None), capture_output=True, text=True)
    if not where.stdout.startswith(str(COPY)):
        raise SystemExit(f"the copy imports pearls from {where.stdout.strip()}, not {COPY}")
    if not _mypy():
        raise SystemExit("mypy --strict refuses the unmutated copy")
    tests = sorted({t for module in modules for t in _tests(module)})
    if (code := _pytest(None, tests)) != 0:
        raise SystemExit(f"the unmutated copy fails its tests (pytest exit {code})")


def judge(m: Mutant) -> str:
    """The verdict on one mutant, its change made in the copy and undone after."""
    path = COPY / m.file
    original = path.read_text()
    path.write_text(apply(original, m))
    try:
        if not _mypy():
            return "mypy"
        return STATUS.get(_pytest(m, _tests(m.module)), "suspicious")
    finally:
        path.write_text(original)


def run(modules: Sequence[str], retest: bool) -> None:
    """Judge the listed mutants of ``modules`` that have no verdict for their present
    change and file (with ``retest``, the survivors and timeouts too)."""
    kept = verdicts()
    again = {"survived", "no tests", "timeout", "suspicious"} if retest else set()
    todo = [
        m
        for m in listed()
        if m.module in modules
        and ((v := kept.get(key(m))) is None or v.digest != m.digest() or v.status in again)
    ]
    print(f"listed: {len(todo)} mutants to test")
    if not todo:
        return
    sys.stdout.flush()
    _copy()
    _check_copy(sorted({m.module for m in todo}))
    for i, m in enumerate(todo, 1):
        began = time.monotonic()
        status = judge(m)
        kept[key(m)] = Verdict(status, m.digest(), round(time.monotonic() - began, 1))
        VERDICTS.write_text(json.dumps({k: v.__dict__ for k, v in kept.items()}, indent=1))
        print(f"  {i}/{len(todo)} {status:<9} {m.name}: {' '.join(m.after.split())[:60]}")
        sys.stdout.flush()
