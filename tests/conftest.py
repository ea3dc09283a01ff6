"""A real PostgreSQL server for the tests that need one (`postgres_server`, `postgres_url`), and
Hypothesis profiles: "ci" (default; bounded so the suite stays within minutes on 2 cores, and
the same examples every run), "dev" (quick), "shake" (the ci sizes with fresh examples: run it
with a few `--hypothesis-seed` values to shake out a flaky property), and "thorough" (long runs
by hand). Choose with HYPOTHESIS_PROFILE=name."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
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


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Any]:
    """One PostgreSQL server for the session (its own cluster on 127.0.0.1, stopped by its
    process id at the end); the tests that need it skip, saying why, where none can start."""
    from tests.support.postgres import start_postgres

    server = start_postgres()
    if isinstance(server, str):
        if os.environ.get("TABLEFEAST_REQUIRE_POSTGRES"):  # CI: a missing server fails
            pytest.fail(f"PostgreSQL is required here: {server}")
        pytest.skip(server)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def postgres_url(postgres_server: Any, request: pytest.FixtureRequest) -> str:
    """A fresh database of the session's server, named after the test."""
    name = "t_" + "".join(c if c.isalnum() else "_" for c in request.node.name)[:50].lower()
    return str(postgres_server.database(name))
