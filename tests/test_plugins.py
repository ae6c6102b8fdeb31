"""Puzzles from other packages: ``examples/jugs`` registers the water jugs through the
entry-point group ``pearls.puzzles``, and the laws hold it as they hold a built-in.

In process, its entry is held to every law.  In a fresh virtual environment (a venv
without pip of its own, filled by this environment's uv, and three commands: a few
seconds) the main package and the example are installed from their local paths, and
``pearls list``, ``solve`` and ``check`` treat the jugs as a built-in.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from importlib.metadata import version
from pathlib import Path

import pytest
from laws import held

from pearls.laws import LAWS, Trial
from pearls.registry import GROUP, registered
from pearls.rules import Entry

ROOT = Path(__file__).resolve().parent.parent
JUGS = ROOT / "examples" / "jugs"


@pytest.fixture(scope="module")
def entry() -> Entry:
    """The jugs' entry, imported from the example's source."""
    sys.path.insert(0, str(JUGS))
    from pearls_jugs.describe import ENTRY

    return ENTRY


@pytest.mark.parametrize("law", [law.name for law in LAWS])
def test_the_jugs_keep_every_law(entry: Entry, law: str) -> None:
    held(next(x for x in LAWS if x.name == law)(Trial(entry)))


def test_the_jugs_offer_no_plan_having_no_planner(entry: Entry) -> None:
    assert list(entry.description.methods) == ["bfs", "dfs"]


def test_the_jugs_register_by_their_entry_point(entry: Entry) -> None:
    from importlib.metadata import EntryPoint

    point = EntryPoint("jugs", "pearls_jugs.describe:ENTRY", GROUP)
    entries, broken = registered([point])
    assert (broken, entries["jugs"]) == ((), entry)
    declared = (JUGS / "pyproject.toml").read_text(encoding="utf-8")
    assert f'[project.entry-points."{GROUP}"]\njugs = "pearls_jugs.describe:ENTRY"' in declared


# --- the suite with a plugin installed --------------------------------------------------------

# the tests that hold the docs to the registry, and the registry's own: each compares with the
# puzzles built in, so that no plugin installed beside pearls can break them
BESIDE = [
    "tests/test_frontend.py::test_the_readme_table_names_every_puzzle_and_no_other",
    "tests/test_frontend.py::test_the_command_lines_listing_in_the_docs_is_what_pearls_list_prints",
    "tests/test_laws.py::test_the_docs_table_of_methods_is_current",
    "tests/test_check.py::test_a_broken_plugin_is_left_out_in_one_line",
    "tests/test_cli_commands.py::test_list_names_every_puzzle",
]


def registering(where: Path) -> Path:
    """A folder that registers the jugs' entry point (an installed distribution's
    metadata, as pip writes it) to whatever has it on its path."""
    info = where / "pearls_jugs_beside-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: pearls-jugs-beside\nVersion: 0.1\n"
    )
    (info / "entry_points.txt").write_text(f"[{GROUP}]\njugs = pearls_jugs.describe:ENTRY\n")
    return where


def test_the_docs_tests_pass_with_a_plugin_installed(tmp_path: Path) -> None:
    path = os.pathsep.join(
        [str(registering(tmp_path)), str(JUGS), os.environ.get("PYTHONPATH", "")]
    )
    env = {**os.environ, "PYTHONPATH": path}
    asked = [sys.executable, "-c", "from pearls.registry import PUZZLES; print('jugs' in PUZZLES)"]
    seen = subprocess.run(asked, capture_output=True, text=True, check=True, env=env, cwd=ROOT)
    assert seen.stdout == "True\n"
    ran = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly"]
    done = subprocess.run([*ran, *BESIDE], capture_output=True, text=True, env=env, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-3000:]


# --- installed in a fresh environment ---------------------------------------------------------


def source_copy(to: Path) -> Path:
    """The main package's source, copied (a build writes beside its source)."""
    shutil.copytree(ROOT / "pearls", to / "pearls", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, to / name)
    return to


def alone() -> dict[str, str]:
    """This process's environment less ``PYTHONPATH``: the environment's own packages
    only."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}


def install(python: Path, *args: str) -> None:
    """Install into the environment of ``python`` with this environment's uv (a dev
    dependency), quietly; a failure shows its output.  The fresh environment needs no pip
    of its own, whose installation (ensurepip) took longer than the rest together; uv
    installs in a second what took pip seven of CPU."""
    ran: list[str | Path] = [sys.executable, "-m", "uv", "pip", "install", "--python", python]
    subprocess.run([*ran, "--quiet", *args], check=True, env=alone())


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh environment holding the main package and the jugs, from local paths (the
    dependencies this interpreter has, at its versions, from the wheels already built
    or uv's cache); its ``bin`` directory."""
    where = tmp_path_factory.mktemp("plugin")
    venv.create(where / "env")
    python = where / "env" / "bin" / "python"
    wheels = [f"--find-links={d}" for d in (ROOT / "build" / "wheels",) if d.is_dir()]
    pinned = [f"{name}=={version(name)}" for name in ("toolz", "pyrsistent")]
    install(python, "--no-deps", *wheels, *pinned, "setuptools>=77")
    main = source_copy(where / "main")
    jugs = shutil.copytree(JUGS, where / "jugs", ignore=shutil.ignore_patterns("__pycache__"))
    install(python, "--no-deps", "--no-build-isolation", str(main), str(jugs))
    return python.parent


def pearls(bin: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``pearls ARGS`` run in the environment, its output kept."""
    ran: list[str | Path] = [bin / "pearls", *args]
    return subprocess.run(ran, capture_output=True, text=True, check=False, env=alone())


def test_installed_the_jugs_are_listed_solved_and_checked(installed: Path) -> None:
    listed = pearls(installed, "list")
    assert listed.returncode == 0 and listed.stderr == ""
    assert any(line.split()[:1] == ["jugs"] for line in listed.stdout.splitlines())
    solved = pearls(installed, "solve", "jugs", "--moves")
    assert (solved.returncode, solved.stdout) == (0, "+B B>A -A B>A +B B>A\n")
    checked = pearls(installed, "check", "jugs")
    assert checked.returncode == 0, checked.stdout
    assert checked.stderr == ""
    assert len(checked.stdout.splitlines()) == len(LAWS)
