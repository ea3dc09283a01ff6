"""Load on a real `tablefeast serve`, over real WebSockets on 127.0.0.1, bounded in count and time.

It starts the server as a child process (on a free loopback port, with a temporary database),
creates TABLES tables of Food Chain (4 players: 3 scripted people and one random bot), connects
the three people and one spectator per table (4 connections a table), and lets the people play:
each answers every update that offers it a move, with the update's turn. It measures

- moves per second accepted by the server (people's and bots' moves, from the records);
- latency: from sending a move to receiving the update that shows it applied (p50, p99);
- the server's peak memory (VmHWM);
- lost or doubled moves: every move a person was told was accepted must be in the table's
  record exactly once, in order (must be 0).

It stops after --seconds or when every game is over, whichever comes first, and ends only the
server it started. The server runs with its limits raised for one client (`CAPACITY`): all the
load comes from this one loopback address, and the point is what the server can carry, not its
defences (`server_attack.py` measures those). `--settings` adds settings (TOML lines).

    python benchmarks/server_load.py --tables 100 --seconds 60
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

CAPACITY = """
create_rate = 10000.0
create_burst = 10000
create_rate_total = 10000.0
create_burst_total = 10000
request_rate = 10000.0
request_burst = 10000
max_connections = 10000
max_connections_per_address = 10000
max_spectators_per_table = 1000
message_rate = 10000.0
"""
"""The server's settings for the load: every limit a single client address meets, raised."""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _post(port: int, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/tables",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def _get(port: int, path: str) -> str:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as answer:
        return str(answer.read().decode())


class Person:
    """A scripted person at one seat: answers every update that offers it a move."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = random.Random(seed)
        self.accepted: list[str] = []  # moves the server applied, in order
        self.latencies: list[float] = []
        self.over = False

    async def play(self, url: str, deadline: float) -> None:
        async with connect(url, max_size=2**20) as ws:
            pending: tuple[str, int, float] | None = None  # move, turn, sent at
            answered = -1
            while time.monotonic() < deadline:
                try:
                    text = await asyncio.wait_for(ws.recv(), deadline - time.monotonic())
                except TimeoutError:
                    return
                message = json.loads(text)
                if message["type"] == "error":
                    if message["code"] == "rate_limited" and pending is not None:
                        await asyncio.sleep(0.2)
                        await ws.send(json.dumps({"type": "move", "move": pending[0]}))
                    else:
                        pending = None  # refused (stale): a newer update is coming
                    continue
                if message["type"] != "update":
                    continue
                if pending is not None and message["played"] > len(self.accepted):
                    self.accepted.append(pending[0])  # the server applied it
                    self.latencies.append(time.monotonic() - pending[2])
                    pending = None
                if message["over"]:
                    self.over = True
                    return
                if self.seat in message["actors"] and message["turn"] != answered:
                    if pending is not None:
                        continue  # still waiting to hear about the last move
                    move = self.rng.choice(message["legal"])
                    pending = (move, message["turn"], time.monotonic())
                    answered = message["turn"]
                    await ws.send(json.dumps({"type": "move", "move": move, "turn": answered}))


async def _spectate(url: str, deadline: float) -> None:
    async with connect(url, max_size=2**20) as ws:
        while time.monotonic() < deadline:
            try:
                text = await asyncio.wait_for(ws.recv(), deadline - time.monotonic())
            except TimeoutError:
                return
            if json.loads(text).get("over"):
                return


async def _load(port: int, tables: list[tuple[str, dict[str, str]]], seconds: float) -> Any:
    deadline = time.monotonic() + seconds
    people: dict[str, list[Person]] = {}
    jobs = []
    for number, (table, tokens) in enumerate(tables):
        base = f"ws://127.0.0.1:{port}/ws/tables/{table}"
        people[table] = [Person(int(s), number * 10 + int(s)) for s in tokens]
        jobs += [p.play(f"{base}?token={tokens[str(p.seat)]}", deadline) for p in people[table]]
        jobs.append(_spectate(base, deadline))
    started = time.monotonic()
    await asyncio.gather(*jobs)
    return people, time.monotonic() - started, len(jobs)


def _peak_memory(pid: int) -> str:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM"):
            return line.split(":")[1].strip()
    return "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--settings", default="", help="more server settings, TOML lines")
    args = parser.parse_args()
    if not 1 <= args.tables <= 1000 or not 1 <= args.seconds <= 600:
        parser.error("--tables 1 to 1000, --seconds 1 to 600")
    port = _free_port()
    with tempfile.TemporaryDirectory() as tmp:
        settings = Path(tmp) / "capacity.toml"
        settings.write_text(CAPACITY + args.settings + "\n")
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tablefeast.cli",
                "serve",
                "--port",
                str(port),
                "--db",
                str(Path(tmp) / "load.db"),
                "--config",
                str(settings),
            ],
            stdout=subprocess.DEVNULL,
        )
        try:
            for _ in range(300):
                try:
                    _get(port, "/api/tables")
                    break
                except OSError:
                    time.sleep(0.1)
            body = {"game": "food_chain", "seats": ["human", "human", "human", "random"]}
            tables = []
            for _ in range(args.tables):
                created = _post(port, {**body, "settings": {"reaction": 0}})
                tables.append((created["table"], created["tokens"]))
            people, elapsed, connections = asyncio.run(_load(port, tables, args.seconds))
            memory = _peak_memory(server.pid)
            total = lost = doubled = finished = 0
            for table, _ in tables:
                info = json.loads(_get(port, f"/api/tables/{table}"))
                total += info["turn"]
                if not info["over"]:
                    continue
                finished += 1
                record = json.loads(_get(port, f"/api/tables/{table}/record"))
                for person in people[table]:
                    stored = [text for seat, text in record["moves"] if seat == person.seat]
                    told = person.accepted
                    # Every move the person was told of is stored, once, in its order.
                    it = iter(stored)
                    missing = sum(1 for move in told if move not in it)
                    lost += missing
                    doubled += max(0, len(told) - missing - len(stored))
        finally:
            server.kill()  # the server this script started, and nothing else
            server.wait(timeout=30)
    latencies = sorted(x for ps in people.values() for p in ps for x in p.latencies)
    p50 = statistics.median(latencies) * 1000
    p99 = latencies[int(0.99 * (len(latencies) - 1))] * 1000
    print(f"tables: {len(tables)}, connections: {connections}, finished games: {finished}")
    print(f"moves accepted: {total} in {elapsed:.1f} s = {total / elapsed:.0f} moves/s")
    print(f"latency move -> update: p50 {p50:.1f} ms, p99 {p99:.1f} ms ({len(latencies)} moves)")
    print(f"server peak memory: {memory}")
    print(f"lost moves: {lost}, doubled moves: {doubled}")


if __name__ == "__main__":
    main()
