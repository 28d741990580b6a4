"""Hypothesis profiles, chosen by the environment variable ``HYPOTHESIS_PROFILE``.

* ``ci`` (the default): derandomized (the same examples on every run, so a failure
  reproduces) and no deadline (the machine may be busy: tests never assert on time);
* ``dev``: random examples, a new draw on every run, to explore while developing;
* ``thorough``: random, and ten times the examples each test asks for (``examples``).

A test asks for its number of examples with ``@settings(max_examples=examples(40))``;
the rest of its settings come from the profile (``tests/conftest.py`` loads it before any
test module is imported).
"""

from __future__ import annotations

import os

from hypothesis import settings

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
SCALE = {"ci": 1, "dev": 1, "thorough": 10}

settings.register_profile("ci", derandomize=True, deadline=None)
settings.register_profile("dev", derandomize=False, deadline=None)
settings.register_profile("thorough", derandomize=False, deadline=None)
if PROFILE not in SCALE:
    raise ValueError(f"HYPOTHESIS_PROFILE={PROFILE!r}: choose one of {', '.join(SCALE)}")
settings.load_profile(PROFILE)


def examples(count: int) -> int:
    """``count`` examples, scaled by the profile (ten times as many when thorough)."""
    return count * SCALE[PROFILE]
