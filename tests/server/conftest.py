"""The server tests' shared fixture: the app in-process, behind Starlette's test client.

Imports happen inside the fixture, so that this file loads on a machine without the server
extra (the test modules then skip themselves, saying why)."""

from __future__ import annotations

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
