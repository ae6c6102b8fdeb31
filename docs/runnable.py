"""Make a built docs site runnable in the reader's browser, or say in one line why not.

    python docs/runnable.py SITE --pyodide DIR --wheels DIR
    python docs/runnable.py SITE --without REASON

The first form copies Pyodide's core (``DIR`` as ``make pyodide`` unpacks it) into
``SITE/pyodide/`` and the wheels into ``SITE/wheels/HASH/`` (a folder named by each
wheel's contents, so a browser never runs a stale copy), and writes ``SITE/runnable.json``,
what the pages load when a reader first presses Run.  Both forms write the playground's
catalogue (``SITE/playground/catalogue.json``, :func:`pearls.web.catalogue`), so its
pickers and drawings show without Python; the second writes a ``runnable.json`` that says
why nothing runs, which the pages show in one line.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
from pathlib import Path

from pearls.web import catalogue

__all__ = ["CATALOGUE", "FIGURES", "PYODIDE_FILES", "add_runtime", "main", "write_json"]

CATALOGUE = "playground/catalogue.json"  # the playground's pickers, without Python
PYODIDE_FILES = (  # what loading Pyodide fetches: its module, its engine, the standard library
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

RUNNER = Path(__file__).with_name("pycon.py")  # the examples' runner, beside the wheels
FIGURES = Path(__file__).with_name("figures.py")  # the steps of the chapter's live figures


def write_json(path: Path, value: object) -> None:
    """Write ``value`` as compact JSON to ``path``, its folder made if missing.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     write_json(Path(folder) / "a" / "b.json", {"available": False})
    ...     (Path(folder) / "a" / "b.json").read_text()
    '{"available":false}'
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(value, separators=(",", ":")), encoding="utf-8")


def add_runtime(site: Path, pyodide: Path, wheels: Path) -> dict[str, object]:
    """Copy Pyodide's core and the wheels into ``site``; the manifest the pages read.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     core, wheels = Path(folder, "314.0.8"), Path(folder, "wheels")
    ...     for path in [*(core / n for n in PYODIDE_FILES), wheels / "functional_pearls.whl"]:
    ...         path.parent.mkdir(exist_ok=True)
    ...         _ = path.write_text(path.name)
    ...     add_runtime(Path(folder, "site"), core, wheels)["wheels"]  # doctest: +ELLIPSIS
    ['wheels/.../functional_pearls.whl']
    """
    missing = [name for name in PYODIDE_FILES if not (pyodide / name).is_file()]
    if missing:
        raise FileNotFoundError(f"no {', '.join(missing)} in {pyodide}: run `make pyodide`")
    target = site / "pyodide"
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(pyodide / name, target / name)
    shutil.rmtree(site / "python", ignore_errors=True)
    (site / "python").mkdir()
    for module in (RUNNER, FIGURES):
        shutil.copyfile(module, site / "python" / module.name)
    shutil.rmtree(site / "wheels", ignore_errors=True)
    copied = []
    for wheel in sorted(wheels.glob("*.whl")):
        digest = hashlib.sha256(wheel.read_bytes()).hexdigest()[:16]
        (site / "wheels" / digest).mkdir(parents=True)
        shutil.copyfile(wheel, site / "wheels" / digest / wheel.name)
        copied.append(f"wheels/{digest}/{wheel.name}")
    if not any("functional_pearls" in w for w in copied):
        raise FileNotFoundError(f"no wheel of pearls in {wheels}: run `make wheels`")
    return {
        "available": True,
        "pyodide": "pyodide/",
        "version": pyodide.name,
        "wheels": copied,
        "modules": [f"python/{module.name}" for module in (RUNNER, FIGURES)],
        "catalogue": CATALOGUE,
    }


def main(argv: list[str] | None = None) -> int:
    """Add the runtime to the site (or write why not), and the catalogue; one line.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as site:  # doctest: +ELLIPSIS
    ...     main([site, "--without", "npm was not found"])
    ...     json.loads(Path(site, "runnable.json").read_text())["available"]
    runnable: this build of the site cannot run its examples: npm was not found (...)
    0
    False
    """
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("--pyodide", type=Path)
    parser.add_argument("--wheels", type=Path)
    parser.add_argument("--without", metavar="REASON")
    args = parser.parse_args(argv)
    write_json(args.site / CATALOGUE, catalogue())
    if args.without is not None:
        for stale in ("pyodide", "wheels", "python"):
            shutil.rmtree(args.site / stale, ignore_errors=True)
        why = f"this build of the site cannot run its examples: {args.without}"
        manifest = {"available": False, "why": why, "catalogue": CATALOGUE}
        write_json(args.site / "runnable.json", manifest)
        print(f"runnable: {why} (install Node.js's npm and rebuild to include them)")
        return 0
    if args.pyodide is None or args.wheels is None:
        parser.error("give --pyodide and --wheels, or --without")
    try:
        manifest = add_runtime(args.site, args.pyodide, args.wheels)
    except FileNotFoundError as e:
        print(f"runnable: {e}", file=sys.stderr)
        return 1
    write_json(args.site / "runnable.json", manifest)
    size = sum(f.stat().st_size for f in (args.site / "pyodide").iterdir())
    wheels = len(manifest["wheels"]) if isinstance(manifest["wheels"], list) else 0
    print(
        f"runnable: Pyodide {args.pyodide.name} ({size / 1e6:.1f} MB) and {wheels} wheels "
        f"added to {args.site}: its examples and playground run in the browser"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
