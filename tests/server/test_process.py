"""A real `tablefeast serve` on 127.0.0.1: killed mid-game with SIGKILL, restarted, finished.

The final record must replay to the same result, and no accepted move may be missing or doubled.
Also: the one-line errors for a taken port and an unusable database.
"""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
from websockets.sync.client import connect

import tablefeast
from tablefeast.kernel.record import Record
from tests.support.server import play_person


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _serve(port: int, db: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tablefeast.cli", "serve", "--port", str(port), "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _wait_until_up(port: int, server: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        assert server.poll() is None, server.communicate()
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tables", timeout=2):
                return
        except OSError:
            time.sleep(0.1)
    raise AssertionError("the server did not start within 30 s")


@contextmanager
def running(port: int, db: Path) -> Iterator[subprocess.Popen[str]]:
    server = _serve(port, db)
    try:
        _wait_until_up(port, server)
        yield server
    finally:
        if server.poll() is None:  # end only the process this test started
            server.kill()
        server.communicate(timeout=30)


def _http(port: int, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data)
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=10) as answer:
        text = answer.read().decode()
    return text if path.endswith("/record") else json.loads(text)


class _Socket:
    """The websockets client, as the scripted person reads and writes it."""

    def __init__(self, connection: Any) -> None:
        self.connection = connection

    def receive_json(self) -> Any:
        return json.loads(self.connection.recv(timeout=30))

    def send_json(self, data: Any) -> None:
        self.connection.send(json.dumps(data))


def test_a_killed_server_loses_no_move_and_finishes_the_game(tmp_path: Path) -> None:
    port, db = _free_port(), tmp_path / "tables.db"
    body = {
        "game": "schlacht_am_buffet",
        "seats": ["human", "random", "heuristic"],
        "settings": {"reaction": 0},
    }
    url = f"ws://127.0.0.1:{port}/ws/tables/"
    with running(port, db) as server:
        created = _http(port, "/api/tables", body)
        table, token = created["table"], created["tokens"]["0"]
        with connect(f"{url}{table}?token={token}") as connection:
            person = _Socket(connection)
            person.receive_json()  # welcome
            play_person(person, 0, random.Random(5), stop_after=20)
            told = person.receive_json()  # the latest position the player was told of
            while told["type"] != "update":  # a refusal (stale) of a move sent as bots moved
                told = person.receive_json()
        os.kill(server.pid, signal.SIGKILL)
        server.wait(timeout=30)
    stored = sqlite3.connect(db).execute(
        "SELECT seat, text FROM moves WHERE table_id = ? ORDER BY number", (table,)
    )
    before = tuple((seat, text) for seat, text in stored)
    assert len(before) >= told["turn"], "every move a player was told of was stored first"
    with running(port, db):
        shown = _http(port, f"/api/tables/{table}")
        assert shown["turn"] >= told["turn"], "no move a player was told of is lost"
        with connect(f"{url}{table}?token={token}") as connection:
            person = _Socket(connection)
            person.receive_json()
            final, _ = play_person(person, 0, random.Random(6))
        text = _http(port, f"/api/tables/{table}/record")
    record = Record.from_json(text)
    assert record.moves[: len(before)] == before, "the game went on from where it stopped"
    state = tablefeast.replay(record)  # every move legal, none doubled (replay checks each)
    game = tablefeast.load("schlacht_am_buffet")
    assert game.is_terminal(state) and sorted(game.winners(state)) == final["winners"]
    assert len(record.moves) == final["turn"]


def test_a_taken_port_is_a_one_line_error(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "tablefeast.cli",
                "serve",
                "--port",
                str(port),
                "--db",
                str(tmp_path / "x.db"),
            ],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    assert done.returncode != 0
    assert done.stderr.strip() == f"tablefeast: error: port {port} on 127.0.0.1 is already in use"


def test_an_unusable_database_is_a_one_line_error(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "tablefeast.cli",
            "serve",
            "--port",
            str(_free_port()),
            "--db",
            str(tmp_path / "no" / "such" / "dir" / "x.db"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode != 0
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "cannot use the database" in lines[0], done.stderr


def test_an_unreachable_postgres_is_a_one_line_error_that_hides_the_password() -> None:
    pytest.importorskip("psycopg")
    done = subprocess.run(
        [
            *(sys.executable, "-m", "tablefeast.cli", "serve", "--port", str(_free_port())),
            *("--db", "postgresql://app:s3cret@127.0.0.1:1/tables"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode != 0
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("tablefeast: error: cannot use the database ")
    assert "postgresql://app:***@127.0.0.1:1/tables" in lines[0] and "s3cret" not in lines[0]
    assert "refused" in lines[0]  # the reason, not a pool's time-out
