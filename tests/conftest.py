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


def _install_plugin() -> None:
    """With TABLEFEAST_TEST_PLUGIN=1, the tutorial's Goofspiel is an installed plug-in game for
    the whole session (module ``tfgoof``, game ``goofspiel``, through the ``tablefeast.games``
    entry points, as pip would leave it), here and in the processes the tests start: the
    library's tests must pass with a plug-in installed (issue 48)."""
    import shutil
    import sys
    import tempfile
    from pathlib import Path

    site = Path(tempfile.mkdtemp(prefix="tablefeast-plugin-"))
    root = Path(__file__).resolve().parents[1]
    shutil.copy(root / "examples" / "goofspiel.py", site / "tfgoof.py")
    # The files its Capabilities declare (rulings, renderer, ...), beside the module.
    shutil.copytree(root / "examples" / "goofspiel_files", site / "goofspiel_files")
    info = site / "tfgoof-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tfgoof\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[tablefeast.games]\ngoofspiel = tfgoof\n")
    sys.path.insert(0, str(site))
    os.environ["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(site), os.environ.get("PYTHONPATH", "")) if p
    )


if os.environ.get("TABLEFEAST_TEST_PLUGIN") == "1":
    _install_plugin()


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


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A test parametrized by a game and an engine has no native case for a game without a
    native core (a plug-in game): that case does not exist, so it is deselected, not skipped."""
    from tablefeast import native

    kept, dropped = [], []
    for item in items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        name = params.get("name", params.get("game"))
        if params.get("engine") == "native" and name not in native.NATIVE_GAMES:
            dropped.append(item)
        else:
            kept.append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept
