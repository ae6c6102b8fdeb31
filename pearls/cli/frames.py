"""Writing ``--svg DIR``: a viewer's files (``000.svg``, ``001.svg``, ...,
``index.html``) into a folder that holds nothing else, each a regular file this command
creates, never a link it would follow; frames of an earlier, longer run are removed.

>>> import tempfile, os
>>> with tempfile.TemporaryDirectory() as folder:
...     write(folder, {"000.svg": "<svg/>", "index.html": "<html/>"})
...     write(folder, {"000.svg": "<svg/>", "001.svg": "<svg/>", "index.html": "<html/>"})
...     write(folder, {"000.svg": "<svg/>", "index.html": "<html/>"})
...     sorted(os.listdir(folder))
['000.svg', 'index.html']
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path

from pearls.errors import InputError

__all__ = ["write"]

_OURS = re.compile(r"[0-9]{3,}\.svg|index\.html")  # the names a viewer's files have


def write(directory: str, files: Mapping[str, str]) -> None:
    """Write ``files`` (name to text) into ``directory``, made if missing; refuse a
    folder holding files of other names, or a file of ours that is not a regular file."""
    folder = Path(directory)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        present = list(os.scandir(folder))
    except OSError as e:
        raise InputError(f"--svg: cannot write to {directory!r}: {e.strerror or e}") from e
    others = sorted(entry.name for entry in present if not _OURS.fullmatch(entry.name))
    if others:
        shown = ", ".join(others[:3]) + (", ..." if len(others) > 3 else "")
        raise InputError(f"--svg: {directory!r} holds other files ({shown}): give an empty folder")
    for entry in present:
        if not entry.is_file(follow_symlinks=False):
            raise InputError(f"--svg: {entry.path!r} is not a regular file: give an empty folder")
    try:
        for entry in present:
            os.unlink(entry.path)
        for name, text in files.items():
            _create(folder / name, text)
    except OSError as e:
        raise InputError(f"--svg: cannot write to {directory!r}: {e.strerror or e}") from e


def _create(path: Path, text: str) -> None:
    """A new regular file at ``path`` holding ``text``: never an existing file, and
    never through a link."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    with os.fdopen(os.open(path, flags, 0o644), "w", encoding="utf-8") as file:
        file.write(text)
