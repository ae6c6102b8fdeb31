"""``python -m pearls``: the command line of :mod:`pearls.cli`."""

import sys

from pearls.cli import main

__all__: list[str] = []

if __name__ == "__main__":
    sys.exit(main())
