"""``make mutate``'s choice of tests (``bench/mutation_scope.py``): a mutant is judged by
the tests of its module's scope that reached it in mutmut's clean run, so every test a
scope names must be in that run (pyproject's ``pytest_add_cli_args_test_selection``), or
the scope's mutants are reported as having no tests."""

from __future__ import annotations

import tomllib
from pathlib import Path

from bench.mutation import GROUPS
from bench.mutation_scope import scope

ROOT = Path(__file__).resolve().parent.parent


def test_every_test_a_scope_names_runs_in_the_clean_run() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    selected = tuple(config["tool"]["mutmut"]["pytest_add_cli_args_test_selection"])
    named = {path for modules in GROUPS.values() for m in modules for path in scope(m)}
    assert sorted(path for path in named if not path.startswith(selected)) == []
