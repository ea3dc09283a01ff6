"""A real server on 127.0.0.1 and Debian's Chromium driven by Playwright, for the browser tests.

CI installs Chromium with ``apt-get install -y chromium`` and Playwright with pip; Playwright's
own browser download is never used (``executable_path`` points at the installed binary).
"""

from __future__ import annotations

import json
import random
import shutil
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import uvicorn

from tablefeast.server import create_app
from tests.support.server import SCRIPTED


@contextmanager
def running_server(db: Path) -> Iterator[tuple[str, Any]]:
    """A server in a thread on a free loopback port; yields its base URL and its app."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = create_app(db, **SCRIPTED)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}", app
    finally:
        server.should_exit = True
        thread.join(timeout=30)


def create_table(base: str, game: str, seats: list[str], **body: Any) -> dict[str, Any]:
    """Create a table over HTTP; returns the answer (table id and tokens)."""
    data = json.dumps({"game": game, "seats": seats, "settings": {"reaction": 0}, **body})
    request = urllib.request.Request(
        f"{base}/api/tables", data=data.encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return dict(json.loads(answer.read()))


def chromium(playwright: Any) -> Any:
    """Debian's Chromium, headless."""
    path = shutil.which("chromium")
    assert path, "Chromium is not installed (apt-get install -y chromium)"
    return playwright.chromium.launch(executable_path=path)


def watch_console(page: Any) -> list[str]:
    """Collect the page's console errors and uncaught exceptions."""
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


def click_moves(page: Any, rng: random.Random, count: int) -> int:
    """Click up to `count` enabled controls of the table, each when it is this seat's turn, and
    stop early if the game ends; returns the number of clicks."""
    clicks = 0
    while clicks < count and not page.locator("#end").is_visible():
        if page.locator('#turn[data-your-turn="true"]').count():
            buttons = page.locator("#game button:enabled")
            found = buttons.count()
            if found:
                try:
                    buttons.nth(rng.randrange(found)).click(timeout=2000)
                    clicks += 1
                except Exception:  # re-rendered under the pointer: look again
                    pass
                continue
        page.wait_for_timeout(25)
    return clicks


def play_by_clicking(
    page: Any, rng: random.Random, max_clicks: int = 3000, screenshot: Path | None = None
) -> int:
    """Play this page's seat to the end by clicking enabled controls of the table only.

    Returns the number of clicks. Takes `screenshot` after a dozen clicks, mid-game.
    """
    clicks = 0
    if screenshot is not None:
        clicks = click_moves(page, rng, 12)
        page.wait_for_timeout(200)
        page.screenshot(path=str(screenshot), full_page=True)
    clicks += click_moves(page, rng, max_clicks - clicks)
    if not page.locator("#end").is_visible():
        raise AssertionError(f"the game did not end within {max_clicks} clicks")
    return clicks
