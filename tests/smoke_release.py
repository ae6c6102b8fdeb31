"""The smoke test of a release: run by the Python of a fresh venv into which the sdist
alone was installed (``make release-check``), with nothing of the source tree on its
path.  It imports the installed package, solves the chapter's Figure 18.1 through the
library and through the command, and reads a shipped pattern table.

    build/release/venv/bin/python tests/smoke_release.py 0.2.0
"""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import version
from pathlib import Path


def main(expected: str) -> int:
    """Check the installed package; 0 when all is well, else say what is not."""
    import pearls
    from pearls.puzzles import rushhour

    here = Path(pearls.__file__).resolve()
    assert "site-packages" in here.parts, f"pearls imported from {here}, not the venv"
    assert version("functional-pearls") == expected, version("functional-pearls")
    assert len(rushhour.bfsolve(rushhour.g1) or []) == 34
    assert (here.parent / "py.typed").is_file()
    tables = here.parent / "puzzles" / "sliding" / "tables"
    assert any(tables.glob("*.pdb")), f"no pattern tables in {tables}"
    command = Path(sys.executable).parent / "pearls"
    said = subprocess.run(
        [str(command), "solve", "rushhour", "--example", "g1"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "solved in 34 moves" in said.stdout, said.stdout
    print(f"smoke test: functional-pearls {expected} from the sdist solves Figure 18.1")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
