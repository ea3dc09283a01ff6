"""The server tests' shared fixture: the app in-process, behind Starlette's test client.

Imports happen inside the fixture, so that this file loads on a machine without the server
extra (the test modules then skip themselves, saying why)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    """A fresh server with a database of its own, for scripted people: they answer far faster
    than people, so no rate limit applies (the tests of the limits set their own)."""
    from starlette.testclient import TestClient

    from tablefeast.server import create_app
    from tests.support.server import SCRIPTED

    with TestClient(create_app(tmp_path / "tables.db", **SCRIPTED)) as test_client:
        yield test_client


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
