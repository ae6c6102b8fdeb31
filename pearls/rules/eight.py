"""The 8 puzzle's rules: sliding tiles (:mod:`pearls.rules.sliding`) on a 3x3 tray.

>>> from pearls.rules import Posed, written
>>> start = [1, 2, 3, 4, 5, 6, 7, 0, 8]
>>> check(Posed("1 2 3 / 4 5 6 / 7 0 8", {"goal": "blank-last"}, start), written(
...     [start, [1, 2, 3, 4, 5, 6, 7, 8, 0]], [{"tile": 8, "from": [2, 2], "to": [2, 1]}]))
"""

from __future__ import annotations

from pearls.rules import Check, Legal
from pearls.rules.sliding import check_tray, legal_tray

__all__ = ["check", "legal"]

check: Check = check_tray(3, 3)
legal: Legal = legal_tray(3, 3)
