"""The browser client through a failover (issue 33): two ``tablefeast serve`` processes on one
PostgreSQL database behind a round-robin proxy; a person plays in Chromium, the process holding
the page's WebSocket is killed with SIGKILL, and the page reconnects by itself (through the
proxy, to the process that is up) and the person plays the game to its end."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import urllib.request
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("playwright.sync_api")
pytest.importorskip("psycopg")
if shutil.which("chromium") is None and not os.environ.get("TABLEFEAST_REQUIRE_BROWSER"):
    pytest.skip("needs Debian's Chromium (apt-get install -y chromium)", allow_module_level=True)

from playwright.sync_api import expect

import tablefeast
from tablefeast.kernel.record import Record
from tests.support.browser import click_moves, play_by_clicking, watch_console
from tests.support.processes import serve_processes
from tests.support.proxy import RoundRobinProxy


def test_the_page_reconnects_to_another_process_and_the_game_goes_on(
    postgres_server: Any, browser: Any, tmp_path: Path
) -> None:
    url = postgres_server.database("browser_failover")
    with serve_processes(url, 2, tmp_path) as servers:
        proxy = RoundRobinProxy([port for port, _ in servers])
        try:
            body = {
                "game": "food_chain",
                "seats": ["human", "heuristic", "random"],
                "settings": {"reaction": 0},
            }
            request = urllib.request.Request(
                f"{proxy.url}/api/tables",
                data=json.dumps(body).encode(),
                headers={"Content-Type": "application/json"},
            )
            with urllib.request.urlopen(request, timeout=30) as answer:
                created = json.loads(answer.read())
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            errors = watch_console(page)
            link = f"{proxy.url}/table.html?table={created['table']}&token={created['tokens']['0']}"
            page.goto(link)
            page.wait_for_selector("#turn")
            rng = random.Random(33)
            click_moves(page, rng, 6)
            assert proxy.websockets, "the page opened its WebSocket through the proxy"
            serving = proxy.websockets[-1]
            victim = next(server for port, server in servers if port == serving)
            os.kill(victim.pid, signal.SIGKILL)  # a process this test started
            victim.wait(timeout=30)
            for _ in range(300):  # the page notices the lost connection and opens another
                if proxy.websockets[-1] != serving:
                    break
                page.wait_for_timeout(100)
            assert proxy.websockets[-1] != serving, "it reconnected to the other process"
            expect(page.locator("#connection")).to_have_text("connected", timeout=30_000)
            page.screenshot(path=str(tmp_path / "after_failover.png"), full_page=True)
            play_by_clicking(page, rng)
            winners = page.locator("#winners").get_attribute("data-winners")
            with urllib.request.urlopen(
                f"{proxy.url}/api/tables/{created['table']}/record", timeout=30
            ) as answer:
                record = Record.from_json(answer.read().decode())
            page.close()
        finally:
            proxy.stop()
    game = tablefeast.load("food_chain")
    state = tablefeast.replay(record)  # every move legal, none doubled
    assert game.is_terminal(state)
    assert sorted(game.winners(state)) == [int(s) for s in winners.split(",")]
    # The lost connection is logged by the browser; nothing else went wrong on the page.
    assert [e for e in errors if "WebSocket" not in e] == [], errors
