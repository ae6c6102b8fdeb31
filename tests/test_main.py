"""The ``pearls`` command's entry point (:mod:`pearls.__main__`): Ctrl-C while the
command line is still being imported is one line and exit 130, never a traceback.

The interrupt is made to arrive at a known moment: the child process sends itself
SIGINT when the import of :mod:`pearls.registry` (every puzzle, in the middle of the
command line's half second of imports) begins.  The entry point is the one
``pyproject.toml`` names for the console script.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

import pearls

ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import os, signal, sys

class Interrupt:
    def find_spec(self, name, path=None, target=None):
        if name == {module!r}:
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, Interrupt())
sys.argv = ["pearls", "list"]
from {entry} import {function} as main
sys.exit(main())
"""


def entry_point() -> tuple[str, str]:
    """The module and function of the ``pearls`` console script."""
    with (ROOT / "pyproject.toml").open("rb") as file:
        script = tomllib.load(file)["project"]["scripts"]["pearls"]
    module, _, function = script.partition(":")
    return module, function


@pytest.fixture
def sigint_default() -> Iterator[None]:
    """Ctrl-C as Python's default in the children (a child inherits an ignoring)."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def interrupted_at(module: str) -> subprocess.CompletedProcess[str]:
    """Run the console script's entry point, Ctrl-C arriving as ``module`` is imported."""
    entry, function = entry_point()
    code = CHILD.format(module=module, entry=entry, function=function)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60
    )


@pytest.mark.usefixtures("sigint_default")
@pytest.mark.parametrize("module", ["pearls.registry", "pearls.frontend", "pearls.cli.memory"])
def test_ctrl_c_while_importing_is_one_line_and_130(module: str) -> None:
    done = interrupted_at(module)
    assert (done.returncode, done.stdout, done.stderr) == (130, "", "pearls: interrupted\n")


def test_the_console_script_is_the_light_entry_point() -> None:
    assert entry_point() == ("pearls.__main__", "main")


def test_importing_the_package_imports_none_of_its_modules() -> None:
    """The package's names come from their modules on first use, so the entry point
    sets its handler before anything heavy is imported."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    code = "import sys, pearls.__main__; print(sorted(m for m in sys.modules if 'pearls.' in m))"
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert done.stdout.strip() == "['pearls.__main__']"


def test_the_lazy_names_are_the_modules_own() -> None:
    from pearls.limits import Meter
    from pearls.search import bfsolve

    assert pearls.Meter is Meter and pearls.bfsolve is bfsolve
    assert set(pearls.__all__) <= set(dir(pearls))
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        pearls.nothing  # noqa: B018  # the attribute is the test
