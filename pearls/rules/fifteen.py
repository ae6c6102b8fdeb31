"""The 15 puzzle's rules: sliding tiles (:mod:`pearls.rules.sliding`) on a 4x4 tray.

>>> from pearls.rules import Posed, written
>>> start = [*range(1, 15), 0, 15]
>>> check(Posed("", {"goal": "blank-last"}, start), written(
...     [start, [*range(1, 16), 0]], [{"tile": 15, "from": [3, 3], "to": [3, 2]}]))
"""

from __future__ import annotations

from pearls.rules import Check, Legal
from pearls.rules.sliding import check_tray, legal_tray

__all__ = ["check", "legal"]

check: Check = check_tray(4, 4)
legal: Legal = legal_tray(4, 4)
