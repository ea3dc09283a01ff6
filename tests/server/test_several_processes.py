"""Several server processes on one PostgreSQL database, serving the same tables (issue 33).

In one test process: two apps on one database, a person connected to each, bots, and a game
played to its end, with every move stored once and both processes' copies equal. Then real
``tablefeast serve`` processes: three of them behind clients that go to the next process when
theirs is gone, one killed with SIGKILL in the middle of the games, every game finished with
every move a player was told of kept and none doubled.
"""

from __future__ import annotations

import json
import os
import random
import signal
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("psycopg")

import tablefeast
from tablefeast.kernel.record import Record
from tests.support.processes import serve_processes
from tests.support.server import FAST, SCRIPTED, checked, create, play_person


def _stored_moves(url: str, table: str) -> list[tuple[int, int, str]]:
    import psycopg

    with psycopg.connect(url) as connection:
        rows = connection.execute(
            "SELECT number, seat, text FROM moves WHERE table_id = %s ORDER BY number", (table,)
        ).fetchall()
    return [(number, seat, text) for number, seat, text in rows]


def test_two_processes_serve_one_table_to_its_people_and_bots(postgres_url: str) -> None:
    from starlette.testclient import TestClient

    from tablefeast.server import create_app

    settings = {**SCRIPTED, "lease_seconds": 1.0}
    with (
        TestClient(create_app(postgres_url, **settings)) as first,
        TestClient(create_app(postgres_url, **settings)) as second,
    ):
        seats = ["human", "heuristic", "human", "random"]
        table, tokens = create(first, "food_chain", seats)
        results: dict[int, Any] = {}

        def person(client: Any, seat: int) -> None:
            with client.websocket_connect(f"/ws/tables/{table}?token={tokens[seat]}") as ws:
                checked(ws.receive_json())  # welcome
                results[seat] = play_person(ws, seat, random.Random(seat))[0]

        threads = [
            threading.Thread(target=person, args=(first, 0)),
            threading.Thread(target=person, args=(second, 2)),
        ]
        for thread in threads:
            thread.start()
        time.sleep(0.5)
        hubs = [client.app.state.hub for client in (first, second)]  # type: ignore[attr-defined]
        holders = [table in hub.leased for hub in hubs]
        for thread in threads:
            thread.join(timeout=120)
        assert not any(thread.is_alive() for thread in threads), "the game did not finish"
        assert holders.count(True) <= 1, "one process at a time runs the table's bots"
        records = [client.get(f"/api/tables/{table}/record").text for client in (first, second)]
    assert records[0] == records[1]
    record = Record.from_json(records[0])
    state = tablefeast.replay(record)  # every move legal
    game = tablefeast.load("food_chain")
    assert game.is_terminal(state)
    assert sorted(game.winners(state)) == results[0]["winners"] == results[2]["winners"]
    stored = _stored_moves(postgres_url, table)
    assert [number for number, *_ in stored] == list(range(len(record.moves)))  # none doubled
    assert [(seat, text) for _, seat, text in stored] == list(record.moves)


# ---------------------------------------------------------------- real processes, one killed


def _http(port: int, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data)
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=10) as answer:
        text = answer.read().decode()
    return text if path.endswith("/record") else json.loads(text)


class _Person:
    """A scripted person who plays on whichever process answers: when its connection is lost,
    it connects to the next process in turn (as a browser behind a round-robin proxy does) and
    plays on from the update it is sent."""

    def __init__(self, ports: list[int], table: str, seat: int, token: str, seed: int) -> None:
        self.ports, self.table, self.seat, self.token = ports, table, seat, token
        self.rng = random.Random(seed)
        self.told = 0  # the most moves an update told this person of
        self.final: dict[str, Any] | None = None
        self.reconnects = 0
        self.error: BaseException | None = None

    def run(self, start: int) -> None:
        from websockets.sync.client import connect

        index = start
        deadline = time.monotonic() + 180
        try:
            while self.final is None and time.monotonic() < deadline:
                port = self.ports[index % len(self.ports)]
                address = f"ws://127.0.0.1:{port}/ws/tables/{self.table}?token={self.token}"
                try:
                    with connect(address, open_timeout=5) as connection:
                        self._play(connection)
                except OSError:  # refused, reset, or closed without a frame: the next process
                    pass
                except Exception as e:  # websockets' ConnectionClosed and the like
                    if (
                        "ConnectionClosed" not in type(e).__name__
                        and "Invalid" not in type(e).__name__
                    ):
                        raise
                if self.final is None:
                    self.reconnects += 1
                    index += 1
                    time.sleep(0.2)
        except BaseException as e:  # reported by the test, not lost in the thread
            self.error = e

    def _play(self, connection: Any) -> None:
        answered = -1
        while True:
            message = checked(json.loads(connection.recv(timeout=30)))
            if message["type"] != "update":
                continue
            self.told = max(self.told, message["turn"])
            if message["over"]:
                self.final = message
                return
            if self.seat in message["actors"] and message["turn"] != answered:
                move = self.rng.choice(message["legal"])
                connection.send(json.dumps({"type": "move", "move": move, "turn": message["turn"]}))
                answered = message["turn"]


def test_three_processes_survive_one_killed_with_no_move_lost_or_doubled(
    postgres_server: Any, tmp_path: Path
) -> None:
    url = postgres_server.database("failover")
    with serve_processes(url, 3, tmp_path) as servers:
        ports = [port for port, _ in servers]
        games = []
        for i in range(6):
            game = ("food_chain", "schlacht_am_buffet", "all_you_can_eat_buffet")[i % 3]
            body = {
                "game": game,
                "seats": ["human", "heuristic", "human", "random"],
                "settings": FAST,
            }
            created = _http(ports[i % 3], "/api/tables", body)
            games.append((game, created["table"], created["tokens"]))
        people = [
            _Person(ports, table, seat, tokens[str(seat)], seed=10 * i + seat)
            for i, (_, table, tokens) in enumerate(games)
            for seat in (0, 2)
        ]
        threads = [
            threading.Thread(target=person.run, args=(i,), daemon=True)
            for i, person in enumerate(people)
        ]
        for thread in threads:
            thread.start()
        time.sleep(3.0)  # the games are under way on every process
        victim = servers[0][1]
        os.kill(victim.pid, signal.SIGKILL)
        killed_at = time.monotonic()
        victim.wait(timeout=30)
        for thread in threads:
            thread.join(timeout=200)
        finished_at = time.monotonic()
        assert not any(thread.is_alive() for thread in threads), "a game did not finish"
        for person in people:
            assert person.error is None, person.error
        survivor = ports[1]
        records = {
            table: Record.from_json(_http(survivor, f"/api/tables/{table}/record"))
            for _, table, _ in games
        }
    assert any(person.reconnects for person in people), "the killed process served someone"
    for (name, table, _), record in zip(games, records.values(), strict=True):
        state = tablefeast.replay(record)  # every move legal
        game = tablefeast.load(name)
        assert game.is_terminal(state), f"{table} did not finish"
        stored = _stored_moves(url, table)
        assert [number for number, *_ in stored] == list(range(len(record.moves)))  # no double
        for person in people:
            if person.table == table:
                assert person.final is not None and person.final["turn"] == len(record.moves)
                assert person.told <= len(record.moves), "a move a player was told of was lost"
                assert sorted(game.winners(state)) == person.final["winners"]
    assert finished_at - killed_at < 200
