"""What a user's own code sees: the package's types, and examples that type-check as written.

mypy runs as a user runs it: ``python -m mypy --strict`` in a directory of its own
(pytest's ``tmp_path``), on code that imports the installed ``pearls``, which mypy finds
on the interpreter's path as an installed package (PEP 561: by its ``py.typed``), whether
in site-packages (``pip install .``, a wheel) or in the directory that a ``.pth`` line
adds (``pip install -e . --config-settings editable_mode=compat``, as the Makefile
installs it).

setuptools' default editable install (a plain ``pip install -e .``) puts no directory on
the path: an import hook finds the package, and mypy follows no import hook ("Cannot find
implementation or library stub for module named \"pearls\""). Under that install, mypy is
given the hook's directory in ``PYTHONPATH``, which puts it on the path just where the
compat install's ``.pth`` line does, so the package is still found as an installed one,
by its ``py.typed``, and the same checks run.

The examples are the ``pycon`` blocks of README.md and docs/*.md: each page's ``>>>`` and
``...`` lines, in order, become one module, as the page's doctest shares one namespace.
A block that cannot type-check on purpose is preceded by the line ``<!-- mypy: skip -->``.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from textwrap import dedent

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SKIP = "<!-- mypy: skip -->"
MYPY_SECONDS = 240  # one mypy run; a cold cache over pearls takes a few seconds

USER_SCRIPT = dedent(
    """\
    from pearls import Puzzle, bfsolve, dfsolve

    Jugs = tuple[int, int]  # litres in the 3-litre and the 5-litre jug, e.g. (3, 2)


    def moves(q: Jugs) -> list[str]:
        return ["fill 3", "fill 5", "empty 3", "empty 5"]


    def move(q: Jugs, m: str) -> Jugs:
        a, b = q
        return {"fill 3": (3, b), "fill 5": (a, 5), "empty 3": (0, b), "empty 5": (a, 0)}[m]


    jugs = Puzzle(moves=moves, move=move, solved=lambda q: q == (3, 5))
    plan = bfsolve(jugs, (0, 0))
    """
)

REVEALS = {
    "jugs": "pearls.types.Puzzle[tuple[int, int], str]",
    "bfsolve(jugs, (0, 0))": "list[str] | None",
    "dfsolve(jugs, (0, 0))": "list[str] | None",
    "plan": "list[str] | None",
}


# Where pearls is, and whether the interpreter's path holds it (mypy looks nowhere else).
PROBE = """\
import importlib.machinery, pearls
print(pearls.__file__)
print(importlib.machinery.PathFinder.find_spec("pearls") is not None)
"""


@dataclass(frozen=True)
class User:
    """How mypy runs here: its environment, and the install it sees, in words."""

    env: dict[str, str]
    install: str


@pytest.fixture(scope="module")
def user(tmp_path_factory: pytest.TempPathFactory) -> User:
    """The user's environment, less ``MYPYPATH`` and ``PYTHONPATH``; where the install
    reaches pearls through an import hook only, ``PYTHONPATH`` names the hook's directory."""
    env = {k: v for k, v in os.environ.items() if k not in {"MYPYPATH", "PYTHONPATH"}}
    probe = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=tmp_path_factory.mktemp("probe"),
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert probe.returncode == 0, f"pearls is not installed: {probe.stderr}"
    init, on_path = probe.stdout.splitlines()
    if on_path == "True":
        return User(env, "an install on the path")
    source = str(Path(init).parent.parent)
    hook = f"an editable install through an import hook, PYTHONPATH={source}"
    return User({**env, "PYTHONPATH": source}, hook)


def mypy(user: User, cwd: Path, cache: Path, *files: str) -> subprocess.CompletedProcess[str]:
    """Run ``mypy --strict`` on ``files`` in ``cwd``, as a user would, with no config file."""
    command = [sys.executable, "-m", "mypy", "--strict", "--config-file=", "--cache-dir"]
    return subprocess.run(
        [*command, str(cache), "--no-error-summary", "--hide-error-context", *files],
        cwd=cwd,
        env=user.env,
        capture_output=True,
        text=True,
        timeout=MYPY_SECONDS,
    )


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One mypy cache for the module's runs: pearls is analysed once."""
    return tmp_path_factory.mktemp("mypy-cache")


def revealed(output: str) -> list[str]:
    """The types mypy revealed, in order, written as recent mypy writes them."""
    found = re.findall(r'Revealed type is "(.*)"', output)
    return [t.replace("builtins.", "") for t in found]


@pytest.mark.timeout(2 * MYPY_SECONDS)
def test_user_script_sees_the_types(tmp_path: Path, cache: Path, user: User) -> None:
    (tmp_path / "jugs.py").write_text(USER_SCRIPT)
    clean = mypy(user, tmp_path, cache, "jugs.py")
    assert (clean.returncode, clean.stdout, clean.stderr) == (0, "", ""), user.install

    reveals = "".join(f"reveal_type({expr})\n" for expr in REVEALS)
    (tmp_path / "jugs.py").write_text(USER_SCRIPT + reveals)
    noted = mypy(user, tmp_path, cache, "jugs.py")
    assert noted.returncode == 0, f"{user.install}\n{noted.stdout}"
    assert revealed(noted.stdout) == list(REVEALS.values())


def prompt(text: str, ps: str) -> bool:
    """Whether ``text`` starts with the doctest prompt ``ps`` (``>>>`` or ``...``)."""
    return text == ps or text.startswith(ps + " ")


def doctest_source(page: Path) -> list[tuple[int, str]]:
    """The ``pycon`` blocks' code lines of ``page`` as ``(line number, code)``, in order."""
    code: list[tuple[int, str]] = []
    lines = page.read_text().splitlines()
    before, in_block, in_source = "", False, False
    for number, line in enumerate(lines, start=1):
        text = line.strip()
        if not in_block:
            if text == "```pycon" and before != SKIP:
                in_block, in_source = True, False
            before = text or before
        elif text == "```":
            in_block, before = False, ""
        elif prompt(text, ">>>") or (in_source and prompt(text, "...")):
            code.append((number, text[4:]))
            in_source = True
        else:
            in_source = False
    return code


def module_name(page: Path) -> str:
    """``docs/own-puzzle.md`` -> ``page_own_puzzle``: a module name mypy accepts."""
    return "page_" + re.sub(r"\W", "_", page.stem.lower())


@pytest.mark.timeout(MYPY_SECONDS + 60)
def test_examples_type_check_as_written(tmp_path: Path, cache: Path, user: User) -> None:
    where: dict[str, list[int]] = {}  # module name -> markdown line of each module line
    for page in PAGES:
        code = doctest_source(page)
        if code:
            name = module_name(page)
            where[name] = [number for number, _ in code]
            (tmp_path / f"{name}.py").write_text("".join(f"{text}\n" for _, text in code))
    assert "page_readme" in where and "page_own_puzzle" in where

    result = mypy(user, tmp_path, cache, *(f"{name}.py" for name in where))
    pages = {module_name(page): page.relative_to(ROOT) for page in PAGES}

    def on_page(match: re.Match[str]) -> str:
        name, line = match[1], int(match[2])
        return f"{pages[name]}:{where[name][line - 1]}:"

    report = re.sub(r"^(\w+)\.py:(\d+):", on_page, result.stdout, flags=re.MULTILINE)
    assert result.returncode == 0, f"{user.install}\n{report}{result.stderr}"
