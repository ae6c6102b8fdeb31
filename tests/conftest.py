"""Hypothesis profiles for the whole suite.

``fast`` (the default) keeps ``pytest`` quick on a shared, noisy machine: a modest
number of examples and no per-example deadline.  ``thorough`` digs deeper before a
release.  Choose one with ``HYPOTHESIS_PROFILE=thorough pytest`` (or hypothesis's own
``--hypothesis-profile thorough``).  Tests whose single example is expensive (a whole
Rush Hour search) scale their own counts down from the loaded profile.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("fast", max_examples=60, deadline=None)
settings.register_profile("thorough", max_examples=1_000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "fast"))
