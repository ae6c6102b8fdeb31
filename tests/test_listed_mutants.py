"""The listed mutants of ``make mutate`` (tests/listed_mutants.toml) still fit the source:
each change is found once in its file, gives Python that parses, and falls in a module
that ``make mutate`` mutates; so an edit that moves a listed line fails here, not
silently in the next mutation run."""

from __future__ import annotations

import ast

import pytest

from bench.mutation import GROUPS
from bench.mutation_listed import ROOT, Mutant, apply, listed

KINDS = {"all-any", "min-max", "not", "swap", "slice", "off-by-one", "order", "sign"}
MODULES = {module for modules in GROUPS.values() for module in modules}


@pytest.mark.parametrize("m", listed(), ids=lambda m: m.name)
def test_a_listed_mutant_changes_its_file_once_into_python(m: Mutant) -> None:
    source = (ROOT / m.file).read_text()
    mutated = apply(source, m)
    assert mutated != source
    ast.parse(mutated)
    assert m.kind in KINDS
    assert m.module in MODULES


def test_the_list_holds_every_kind_and_the_issue_example() -> None:
    mutants = listed()
    assert {m.kind for m in mutants} == KINDS
    assert len({(m.file, m.before, m.after) for m in mutants}) == len(mutants)
    mkplans = [m for m in mutants if m.module == "pearls.search" and m.kind == "all-any"]
    assert [m.function for m in mkplans] == ["mkplans"]


def test_a_change_not_found_once_is_refused() -> None:
    m = Mutant("pearls/search.py", "all-any", "all(", "any(")
    with pytest.raises(ValueError, match="found 0 times"):
        apply("x = any(y)\n", m)
    with pytest.raises(ValueError, match="found 2 times"):
        apply("all(a) and all(b)\n", m)
