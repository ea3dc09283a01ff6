"""A real server on 127.0.0.1 and Debian's Chromium driven by Playwright, for the browser tests.

CI installs Chromium with ``apt-get install -y chromium`` and Playwright with pip; Playwright's
own browser download is never used (``executable_path`` points at the installed binary).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import socket
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import uvicorn

import tablefeast
from tablefeast.server import create_app
from tests.support.server import SCRIPTED

ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def running_server(db: Path) -> Iterator[tuple[str, Any]]:
    """A server in a thread on a free loopback port; yields its base URL and its app."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    # One server serves a whole test module, whose tables (some left waiting for a person on
    # purpose) all come from this one address: the default of 10 open tables an address would
    # refuse the module's later tests (the limit's own tests are in tests/server/test_attacks.py).
    app = create_app(db, **SCRIPTED, max_open_tables_per_address=1_000)
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


@contextmanager
def installed_goofspiel(folder: Path) -> Iterator[None]:
    """The tutorial's Goofspiel as an installed game, as pip would leave a package of it (its
    module, the files its Capabilities declare beside it, an entry point), for this process and
    the processes it starts; as it is where one is installed already (TABLEFEAST_TEST_PLUGIN=1).
    Start the server inside, so that its workers find the game too."""
    if "goofspiel" in tablefeast.names():
        yield
        return
    shutil.copy(ROOT / "examples" / "goofspiel.py", folder / "tfgoofb.py")
    shutil.copytree(ROOT / "examples" / "goofspiel_files", folder / "goofspiel_files")
    info = folder / "tfgoofb-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tfgoofb\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[tablefeast.games]\ngoofspiel = tfgoofb\n")
    before = os.environ.get("PYTHONPATH")
    sys.path.insert(0, str(folder))
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(folder), before) if p)
    try:
        assert "goofspiel" in tablefeast.names()
        yield
    finally:
        sys.path.remove(str(folder))
        sys.modules.pop("tfgoofb", None)
        if before is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = before


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
