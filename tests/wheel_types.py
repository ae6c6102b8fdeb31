"""The installed wheel as its users' type checkers see it: the report of pyright's
``--verifytypes pearls --ignoreexternal`` (JSON, which ``make typecheck-wheel`` writes)
held to every exported name's type known: a name found ambiguous fails the check.

    python tests/wheel_types.py build/typecheck-wheel/report.json
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TypedDict

__all__ = ["Completeness", "Report", "Symbol", "ambiguous", "main", "verdict"]


class Symbol(TypedDict):
    """One symbol of the report, as far as the check reads it."""

    name: str
    isExported: bool
    isTypeKnown: bool
    isTypeAmbiguous: bool


class Completeness(TypedDict, total=False):
    """The report's part on type completeness (no ``pyTypedPath``: no package found)."""

    pyTypedPath: str
    packageRootDirectory: str
    completenessScore: float
    symbols: list[Symbol]


class Report(TypedDict):
    """The report, as far as the check reads it."""

    typeCompleteness: Completeness


def ambiguous(symbols: Iterable[Symbol]) -> set[str]:
    """The names whose type is not known for sure, exported or referenced.

    >>> sorted(ambiguous([
    ...     {"name": "a", "isExported": True, "isTypeKnown": True, "isTypeAmbiguous": False},
    ...     {"name": "b", "isExported": True, "isTypeKnown": False, "isTypeAmbiguous": True},
    ...     {"name": "c", "isExported": False, "isTypeKnown": False, "isTypeAmbiguous": False},
    ... ]))
    ['b', 'c']
    """
    return {s["name"] for s in symbols if s["isTypeAmbiguous"] or not s["isTypeKnown"]}


def verdict(report: Report) -> list[str]:
    """What is wrong with the wheel's types, one line each (nothing: all is well).

    >>> verdict({"typeCompleteness": {}})
    ['the report found no installed pearls with a py.typed file']
    >>> a = {"name": "pearls.a", "isExported": True, "isTypeKnown": False, "isTypeAmbiguous": True}
    >>> at = {"pyTypedPath": "py.typed", "packageRootDirectory": "/v/lib/site-packages/pearls"}
    >>> verdict({"typeCompleteness": {**at, "symbols": [a]}})
    ['pearls.a: its type is ambiguous or unknown']
    """
    completeness = report["typeCompleteness"]
    symbols = completeness.get("symbols", [])
    if not completeness.get("pyTypedPath") or not symbols:
        return ["the report found no installed pearls with a py.typed file"]
    where = completeness.get("packageRootDirectory", "")
    if "site-packages" not in Path(where).parts:
        return [f"the report read pearls at {where}, not where a wheel installs it"]
    return [f"{name}: its type is ambiguous or unknown" for name in sorted(ambiguous(symbols))]


def main(argv: list[str]) -> int:
    """Check the report at ``argv[0]``; 0 when the wheel's types are as they must be."""
    report: Report = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    problems = verdict(report)
    for line in problems:
        print(f"typecheck-wheel: {line}", file=sys.stderr)
    if problems:
        return 1
    score = report["typeCompleteness"].get("completenessScore", 0.0)
    print(f"typecheck-wheel: type completeness {score:.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
