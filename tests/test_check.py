"""``pearls check PUZZLE``: every law held against a registered puzzle, one line a law,
exit 0 when all hold and 1 when one breaks (``--json``: one object).  The cheap puzzles
here; every built-in puzzle under ``make fuzz`` (marked slow: a minute or two).  And
``pearls new NAME``, whose skeleton of a puzzle keeps every law as written."""

from __future__ import annotations

import importlib
import json
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from pearls.cli import main
from pearls.laws import LAWS, Trial, judged
from pearls.puzzles import nooff
from pearls.puzzles.nooff import describe as nooff_described
from pearls.registry import BUILT_IN, GROUP, registered
from pearls.rules import Entry
from pearls.types import Puzzle

CHEAP = ["graph", "flipit", "river", "hanoi", "colour"]


def checked(name: str, capsys: pytest.CaptureFixture[str], *more: str) -> tuple[int, list[str]]:
    """The exit code of ``pearls check NAME`` and the lines it prints."""
    code = main(["check", name, *more])
    return code, capsys.readouterr().out.splitlines()


@pytest.mark.parametrize("name", CHEAP)
def test_a_cheap_puzzle_keeps_every_law(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = checked(name, capsys)
    assert code == 0
    assert len(lines) == len(LAWS) >= 8
    assert all(line.startswith(("held    ", "n/a     ")) for line in lines)


@pytest.mark.slow
@pytest.mark.parametrize("name", [e.name for e in BUILT_IN])
def test_every_built_in_puzzle_keeps_every_law(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, lines = checked(name, capsys)
    assert (code, [line for line in lines if not line.startswith("held")]) == (0, [])


def test_nooff_with_its_moves_cut_breaks_the_law_of_legal_moves(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    cut = Puzzle(lambda q: nooff.moves(q)[:2], nooff.move, nooff.solved)
    monkeypatch.setattr(nooff_described, "puzzle", cut)
    code, lines = checked("nooff", capsys)
    assert code == 1
    broken = [line for line in lines if line.startswith("BROKEN")]
    assert any(line.startswith("BROKEN  legal-moves: ") for line in broken)
    assert "the model lacks the legal move" in "\n".join(broken)


def test_the_verdicts_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = checked("graph", capsys, "--json")
    found = json.loads("\n".join(lines))
    assert (code, found["puzzle"], found["held"]) == (0, "graph", True)
    assert [law["law"] for law in found["laws"]] == [law.name for law in LAWS]
    assert all(
        law["held"] is (law["applies"] or None) and not law["broken"] for law in found["laws"]
    )


def test_a_law_that_does_not_apply_is_said_so_not_held(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = checked("graph", capsys)
    moot = {line.split()[1].rstrip(":"): line for line in lines if line.startswith("n/a")}
    assert code == 0 and set(moot) == {"ranked", "every-solution"}
    assert (
        moot["ranked"] == "n/a     ranked: does not apply: no example's problem has a perfect hash"
    )
    code, lines = checked("graph", capsys, "--json")
    ranked = json.loads("\n".join(lines))["laws"][-1]
    assert (ranked["law"], ranked["applies"], ranked["held"]) == ("ranked", False, None)
    code, lines = checked("hanoi", capsys)
    assert not any(line.startswith("n/a     ranked") for line in lines)


def test_check_takes_the_limits_solve_takes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "hanoi", "--timeout", "0.1"]) == 3
    err = capsys.readouterr().err
    assert err.startswith("pearls: stopped at the time limit of 0.1 s (")
    assert err.endswith("; --timeout sets this limit\n") and err.count("\n") == 1
    assert main(["check", "hanoi", "--timeout", "0.1", "--json"]) == 3
    assert json.loads(capsys.readouterr().out)["limit"] == "time"
    assert main(["check", "hanoi", "--timeout", "soon"]) == 2
    assert "--timeout must be a finite number" in capsys.readouterr().err
    assert main(["check", "graph", "--max-states", "1"]) == 1
    assert "stopped at the limit of 1 states expanded" in capsys.readouterr().out
    assert main(["check", "graph", "--max-memory", "lots"]) == 2


def test_an_unknown_puzzle_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "tangram"]) == 2
    assert "invalid choice: 'tangram'" in capsys.readouterr().err


# --- puzzles from other packages ------------------------------------------------------------


def test_a_broken_plugin_is_left_out_in_one_line() -> None:
    points = [
        EntryPoint("missing", "no_such_module_here:ENTRY", GROUP),
        EntryPoint("wrong", "pearls.registry:GROUP", GROUP),
        EntryPoint("again", "pearls.registry:ENTRIES", GROUP),
    ]
    entries, broken = registered(points)
    assert list(entries) == [e.name for e in BUILT_IN]
    assert len(broken) == 3 and all("\n" not in line for line in broken)
    left = "'missing' (no_such_module_here:ENTRY) is left out: its import failed: "
    assert f"{left}ModuleNotFoundError" in broken[0]
    assert broken[1].endswith("is left out: it is not a pearls.rules.Entry but a str")
    assert broken[2].endswith("is left out: it is not a pearls.rules.Entry but a _Registry")


def test_a_plugin_taking_a_name_is_left_out_unloaded() -> None:
    taken = BUILT_IN[-1]

    class Again:
        name, group, value = taken.name, GROUP, "here:AGAIN"

        def load(self) -> object:
            return taken

    entries, broken = registered([Again()], BUILT_IN[:-1])
    assert entries[taken.name] is taken and not broken
    Again.load = lambda self: pytest.fail("loaded")  # type: ignore[method-assign]  # a taken name is not loaded
    entries, broken = registered([Again()])
    assert broken == (
        f"puzzle plugin '{taken.name}' (here:AGAIN) is left out: "
        "its name is taken by another puzzle",
    )


def test_a_plugin_naming_another_puzzle_is_left_out() -> None:
    class Other:
        name, group, value = "other", GROUP, "here:HANOI"

        def load(self) -> object:
            return BUILT_IN[-1]

    _, broken = registered([Other()], BUILT_IN[:-1])
    assert broken[0].endswith(
        f"it names the puzzle '{BUILT_IN[-1].name}': an entry point's name is its puzzle's"
    )


# --- a skeleton to start from ---------------------------------------------------------------


def test_a_new_puzzles_skeleton_keeps_every_law(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    where = tmp_path / "tally"
    assert main(["new", "tally", "--dir", str(where)]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[-1] == f"next: pip install -e {where} && pearls check tally"
    assert (where / "pearls_tally" / "rules.py").is_file()
    declared = (where / "pyproject.toml").read_text(encoding="utf-8")
    assert 'tally = "pearls_tally.describe:ENTRY"' in declared
    monkeypatch.syspath_prepend(str(where))
    entry = importlib.import_module("pearls_tally.describe").ENTRY
    assert isinstance(entry, Entry) and entry.name == "tally"
    assert [v.line for v in judged(Trial(entry)) if not v.held] == []


def test_a_skeleton_overwrites_nothing_and_needs_a_plain_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["new", "tally", "--dir", str(tmp_path)]) == 2
    assert "exists already" in capsys.readouterr().err
    assert main(["new", "Tally-2", "--dir", str(tmp_path / "t")]) == 2
    assert "'Tally-2'" in capsys.readouterr().err
    assert not (tmp_path / "t").exists()


def test_a_skeleton_says_a_pip_path_that_works_from_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "here").mkdir()
    monkeypatch.chdir(tmp_path / "here")
    for given, said in [
        ([], "./tally"),
        (["--dir", "t/x"], "./t/x"),
        (["--dir", "../up"], "../up"),
    ]:
        assert main(["new", "tally", *given]) == 0
        assert capsys.readouterr().out.splitlines()[-1] == (
            f"next: pip install -e {said} && pearls check tally"
        )


def test_a_skeleton_refuses_a_name_a_puzzle_has(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", "rushhour", "--dir", "/nowhere/at/all"]) == 2
    assert capsys.readouterr().err == (
        "pearls: 'rushhour' is a puzzle already: pearls new needs a name of its own\n"
    )


def test_a_folder_that_cannot_be_made_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "afile").touch()
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    long, deep = "a" * 5_000, "a/" * 2_000
    said = {
        long: "pearls: cannot make the folder 'aaaaaaaaaaaaaaaaaaaa...' (5,000 characters): "
        "File name too long",
        "dangling": "pearls: 'dangling' exists already: pearls new writes a new folder",
        "afile/sub": "pearls: cannot make the folder 'afile/sub': Not a directory",
        deep: "cannot make the folder 'a/a/a/a/a/a/a/a/a/a/...' (3,999 characters): ",
    }
    for where, line in said.items():
        with pytest.MonkeyPatch.context() as patched:
            patched.chdir(tmp_path)
            assert main(["new", "tally", "--dir", where]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and line in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile", "dangling"]
