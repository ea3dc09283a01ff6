"""Hypothesis profiles: "ci" (default; bounded so the suite stays within minutes on 2 cores, and
the same examples every run), "dev" (quick), "shake" (the ci sizes with fresh examples: run it
with a few `--hypothesis-seed` values to shake out a flaky property), and "thorough" (long runs
by hand). Choose with HYPOTHESIS_PROFILE=name."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=25,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=5, deadline=None)
settings.register_profile(
    "shake", parent=settings.get_profile("ci"), derandomize=False, database=None
)
settings.register_profile(
    "thorough", max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
