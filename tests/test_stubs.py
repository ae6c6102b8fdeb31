"""The stubs of ``typings/`` (the few names of distributed and toolz that pearls uses,
typed for mypy and pyright alike) agree with the installed packages: mypy's stubtest
imports each package and compares every name a stub gives with the runtime's, parameter
for parameter.  A name the stubs leave out is not an error; a name they give wrongly is.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STUBS = ROOT / "typings"


def stubbed() -> list[str]:
    """The packages ``typings/`` gives stubs of."""
    return sorted(p.name for p in STUBS.iterdir() if (p / "__init__.pyi").is_file())


def test_the_stubs_are_those_of_distributed_and_toolz() -> None:
    assert stubbed() == ["distributed", "toolz"]


def test_every_stub_agrees_with_the_installed_package() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", *stubbed(), "--ignore-missing-stub"],
        cwd=ROOT,
        env={**os.environ, "MYPYPATH": str(STUBS)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
