"""The installed wheel as its users' type checkers see it: the report of pyright's
``--verifytypes pearls --ignoreexternal`` (JSON, which ``make typecheck-wheel`` writes)
held to every exported name's type known, besides the names of
``tests/data/wheel-types-known.txt``.  A name found ambiguous that is not listed fails
the check, and so does a listed name whose type is known now: the list only shrinks.

    python tests/wheel_types.py build/typecheck-wheel/report.json
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TypedDict

__all__ = ["KNOWN", "Completeness", "Report", "Symbol", "ambiguous", "known", "main", "verdict"]

KNOWN = Path(__file__).resolve().parent / "data" / "wheel-types-known.txt"


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


def known(lines: Iterable[str]) -> set[str]:
    """The names listed, one a line; ``#`` starts a comment.

    >>> sorted(known(["# allowed", "pearls.a", "", "pearls.b  # why"]))
    ['pearls.a', 'pearls.b']
    """
    return {name for line in lines if (name := line.partition("#")[0].strip())}


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


def verdict(report: Report, allowed: set[str]) -> list[str]:
    """What is wrong with the wheel's types, one line each (nothing: all is well).

    >>> verdict({"typeCompleteness": {}}, set())
    ['the report found no installed pearls with a py.typed file']
    >>> a = {"name": "pearls.a", "isExported": True, "isTypeKnown": False, "isTypeAmbiguous": True}
    >>> at = {"pyTypedPath": "py.typed", "packageRootDirectory": "/v/lib/site-packages/pearls"}
    >>> verdict({"typeCompleteness": {**at, "symbols": [a]}}, {"pearls.a"})
    []
    >>> for line in verdict({"typeCompleteness": {**at, "symbols": [a]}}, {"pearls.b"}):
    ...     print(line)
    pearls.a: its type is ambiguous or unknown
    pearls.b: not ambiguous (typed now, or gone); remove it from wheel-types-known.txt
    """
    completeness = report["typeCompleteness"]
    symbols = completeness.get("symbols", [])
    if not completeness.get("pyTypedPath") or not symbols:
        return ["the report found no installed pearls with a py.typed file"]
    where = completeness.get("packageRootDirectory", "")
    if "site-packages" not in Path(where).parts:
        return [f"the report read pearls at {where}, not where a wheel installs it"]
    found = ambiguous(symbols)
    return [f"{name}: its type is ambiguous or unknown" for name in sorted(found - allowed)] + [
        f"{name}: not ambiguous (typed now, or gone); remove it from {KNOWN.name}"
        for name in sorted(allowed - found)
    ]


def main(argv: list[str]) -> int:
    """Check the report at ``argv[0]``; 0 when the wheel's types are as they must be."""
    report: Report = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    allowed = known(KNOWN.read_text(encoding="utf-8").splitlines())
    problems = verdict(report, allowed)
    for line in problems:
        print(f"typecheck-wheel: {line}", file=sys.stderr)
    if problems:
        return 1
    score = report["typeCompleteness"].get("completenessScore", 0.0)
    print(f"typecheck-wheel: type completeness {score:.1%}, {len(allowed)} names allowed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
