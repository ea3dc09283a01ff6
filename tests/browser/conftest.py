"""The browser tests' shared fixtures: one real server and one Chromium per test module.

Imports happen inside the fixtures, so that this file loads on a machine without the server
extra or Playwright (the test modules then skip themselves, saying why)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(scope="module")
def server(
    tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> Iterator[tuple[str, Any]]:
    """A server on 127.0.0.1 with a fresh database: its base URL and its app."""
    from tests.support.browser import running_server

    folder = tmp_path_factory.mktemp(request.module.__name__.rsplit(".", 1)[-1])
    with running_server(folder / "tables.db") as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, through Playwright."""
    from playwright import sync_api

    from tests.support.browser import chromium

    with sync_api.sync_playwright() as playwright:
        launched = chromium(playwright)
        yield launched
        launched.close()
