"""Load on real `tablefeast serve` processes, over real WebSockets on 127.0.0.1, bounded in count
and time.

It starts the server as child processes (on free loopback ports), creates TABLES tables of Food
Chain (4 players: 3 scripted people and one random bot), connects the three people and one
spectator per table (4 connections a table), and lets the people play: each answers every update
that offers it a move, with the update's turn. With several processes, a table's people are
spread over them (seat s of table t on process (t + s) mod N), so that every move crosses from
one process to the others. It measures

- moves per second accepted (people's and bots' moves, from the records);
- latency: from sending a move to receiving the update that shows it applied (p50, p99);
- each server's peak memory (VmHWM);
- the servers' CPU seconds per move: user and system time of the server processes (and of their
  bot worker processes, shown apart) spent while the people played, over the moves accepted;
- lost or doubled moves: every move a person was told was accepted must be in the table's
  record exactly once, in order (must be 0);
- with ``--kill-after S``, the failover: one process is killed with SIGKILL S seconds in; its
  people connect to the next process (as a browser behind a round-robin proxy does), and the
  script reports how long they were without an update and whether every game still finished.

The database: ``--db sqlite`` (a temporary SQLite file: one process only), ``--db postgres`` (a
temporary PostgreSQL server of its own, started as the tests start one: Debian's
``postgresql`` package), or a PostgreSQL URL. It stops after --seconds or when every game is
over, whichever comes first, and ends only the servers it started. The servers run with their
limits raised for one client (`CAPACITY`): all the load comes from this one loopback address,
and the point is what the servers can carry, not their defences (`server_attack.py` measures
those). `--settings` adds settings (TOML lines).

    python benchmarks/server_load.py --tables 100 --seconds 60
    python benchmarks/server_load.py --tables 100 --seconds 60 --db postgres --processes 2
    python benchmarks/server_load.py --tables 40 --seconds 90 --db postgres --processes 3 \
        --kill-after 10
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
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
from websockets.exceptions import ConnectionClosed, InvalidStatus

ROOT = Path(__file__).resolve().parent.parent

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
max_open_tables_per_address = 10000
max_spectators_per_address = 10000
max_http_connections_per_address = 10000
max_bot_jobs_per_address = 10000
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
    """A scripted person at one seat: answers every update that offers it a move, on the
    processes in `ports` from the `first`; when its connection is lost it goes to the next."""

    def __init__(self, seat: int, seed: int, ports: list[int], first: int) -> None:
        self.seat = seat
        self.rng = random.Random(seed)
        self.ports, self.first = ports, first
        self.accepted: list[str] = []  # moves the server applied, in order
        self.latencies: list[float] = []
        self.gaps: list[float] = []  # seconds without an update across a lost connection
        self.seen: list[tuple[float, int]] = []  # when each update came, and its turn
        self.over = False

    async def play(self, path: str, deadline: float) -> None:
        pending: tuple[str, int, float] | None = None  # move, turn, sent at
        index, lost_at = self.first, None
        while time.monotonic() < deadline and not self.over:
            url = f"ws://127.0.0.1:{self.ports[index % len(self.ports)]}{path}"
            try:
                async with connect(url, max_size=2**20, open_timeout=5) as ws:
                    answered, fresh = -1, True
                    while time.monotonic() < deadline:
                        try:
                            text = await asyncio.wait_for(ws.recv(), deadline - time.monotonic())
                        except TimeoutError:
                            return
                        message = json.loads(text)
                        if message["type"] == "error":
                            if message["code"] in ("rate_limited", "unavailable") and pending:
                                await asyncio.sleep(0.2)
                                move = {"type": "move", "move": pending[0]}
                                await ws.send(json.dumps(move))
                            else:
                                pending = None  # refused (stale): a newer update is coming
                            continue
                        if message["type"] != "update":
                            continue
                        self.seen.append((time.monotonic(), message["turn"]))
                        if lost_at is not None:
                            self.gaps.append(time.monotonic() - lost_at)
                            lost_at = None
                        if pending is not None and message["played"] > len(self.accepted):
                            self.accepted.append(pending[0])  # the server applied it
                            self.latencies.append(time.monotonic() - pending[2])
                            pending = None
                        elif pending is not None and fresh:
                            pending = None  # not applied (its process went away): play again
                        fresh = False
                        if message["over"]:
                            self.over = True
                            return
                        if self.seat in message["actors"] and message["turn"] != answered:
                            if pending is not None:
                                continue  # still waiting to hear about the last move
                            move = self.rng.choice(message["legal"])
                            pending = (move, message["turn"], time.monotonic())
                            answered = message["turn"]
                            text = json.dumps({"type": "move", "move": move, "turn": answered})
                            await ws.send(text)
            except (OSError, ConnectionClosed, InvalidStatus, TimeoutError):
                pass
            if lost_at is None:
                lost_at = time.monotonic()
            index += 1  # the next process, as a round-robin proxy would send it
            await asyncio.sleep(0.1)


async def _spectate(ports: list[int], path: str, first: int, deadline: float) -> None:
    index = first
    while time.monotonic() < deadline:
        url = f"ws://127.0.0.1:{ports[index % len(ports)]}{path}"
        try:
            async with connect(url, max_size=2**20, open_timeout=5) as ws:
                while time.monotonic() < deadline:
                    try:
                        text = await asyncio.wait_for(ws.recv(), deadline - time.monotonic())
                    except TimeoutError:
                        return
                    if json.loads(text).get("over"):
                        return
        except (OSError, ConnectionClosed, InvalidStatus, TimeoutError):
            index += 1
            await asyncio.sleep(0.1)


async def _load(
    ports: list[int],
    tables: list[tuple[str, dict[str, str]]],
    seconds: float,
    kill: tuple[float, subprocess.Popen[bytes]] | None,
) -> Any:
    deadline = time.monotonic() + seconds
    people: dict[str, list[Person]] = {}
    jobs = []
    for number, (table, tokens) in enumerate(tables):
        path = f"/ws/tables/{table}"
        people[table] = [
            Person(int(s), number * 10 + int(s), ports, number + int(s)) for s in tokens
        ]
        jobs += [p.play(f"{path}?token={tokens[str(p.seat)]}", deadline) for p in people[table]]
        jobs.append(_spectate(ports, path, number, deadline))
    started = time.monotonic()
    killed_at = None
    if kill is not None:

        async def killer() -> None:
            nonlocal killed_at
            await asyncio.sleep(kill[0])
            os.kill(kill[1].pid, signal.SIGKILL)  # a server this script started
            killed_at = time.monotonic()

        jobs.append(killer())
    await asyncio.gather(*jobs)
    return people, time.monotonic() - started, len(jobs) - (kill is not None), killed_at


def _peak_memory(pid: int) -> str:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM"):
            return line.split(":")[1].strip()
    return "?"


def _cpu_seconds(pid: int) -> float:
    """The user and system CPU seconds process `pid` has used so far (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (a server's bot workers and fork server)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(stat[1]) == pid:
                found.append(int(entry.name))
    return found


def _cpu(servers: list[subprocess.Popen[bytes]]) -> dict[int, float]:
    """CPU seconds used so far by each server process (its pid, as a positive key) and by each
    of their child processes (the negated pid)."""
    used = {}
    for server in servers:
        used[server.pid] = _cpu_seconds(server.pid)
        for child in _children(server.pid):
            for pid in (child, *_children(child)):
                used[-pid] = _cpu_seconds(pid)
    return used


def _database(choice: str, folder: Path) -> tuple[str, Any]:
    """The database URL or file for `--db`, and the PostgreSQL server started for it (or None)."""
    if choice == "sqlite":
        return str(folder / "load.db"), None
    if choice == "postgres":  # a throwaway server of its own, as the tests start one
        sys.path.insert(0, str(ROOT))
        from tests.support.postgres import start_postgres

        server = start_postgres()
        if isinstance(server, str):
            sys.exit(f"server_load: cannot start PostgreSQL: {server}")
        return server.database("load"), server
    return choice, None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--processes", type=int, default=1, help="server processes (1 to 8)")
    parser.add_argument(
        "--db", default="sqlite", help="sqlite, postgres (a temporary server), or a URL"
    )
    parser.add_argument("--kill-after", type=float, default=None, help="kill one process then")
    parser.add_argument("--settings", default="", help="more server settings, TOML lines")
    args = parser.parse_args()
    if not 1 <= args.tables <= 1000 or not 1 <= args.seconds <= 600:
        parser.error("--tables 1 to 1000, --seconds 1 to 600")
    if not 1 <= args.processes <= 8:
        parser.error("--processes 1 to 8")
    if args.db == "sqlite" and args.processes > 1:
        parser.error("SQLite serves one process: --db postgres (or a URL) for several")
    if args.kill_after is not None and args.processes < 2:
        parser.error("--kill-after needs --processes 2 or more (one must survive)")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        db, postgres = _database(args.db, folder)
        settings = folder / "capacity.toml"
        settings.write_text(CAPACITY + args.settings + "\n")
        ports = [_free_port() for _ in range(args.processes)]
        servers = [
            subprocess.Popen(
                [
                    *(sys.executable, "-m", "tablefeast.cli", "serve", "--port", str(port)),
                    *("--db", db, "--config", str(settings)),
                ],
                stdout=subprocess.DEVNULL,
            )
            for port in ports
        ]
        try:
            for port in ports:
                for _ in range(300):
                    try:
                        _get(port, "/api/tables")
                        break
                    except OSError:
                        time.sleep(0.1)
            body = {"game": "food_chain", "seats": ["human", "human", "human", "random"]}
            tables = []
            for number in range(args.tables):
                created = _post(ports[number % len(ports)], {**body, "settings": {"reaction": 0}})
                tables.append((created["table"], created["tokens"]))
            kill = None if args.kill_after is None else (args.kill_after, servers[0])
            turns_before = sum(
                json.loads(_get(ports[0], f"/api/tables/{table}"))["turn"] for table, _ in tables
            )
            cpu_before = _cpu(servers)
            people, elapsed, connections, killed_at = asyncio.run(
                _load(ports, tables, args.seconds, kill)
            )
            cpu_after = _cpu(servers)
            alive = [
                (port, server)
                for port, server in zip(ports, servers, strict=True)
                if server.poll() is None
            ]
            memory = ", ".join(_peak_memory(server.pid) for _, server in alive)
            port = alive[0][0]
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
            for server in servers:  # the servers this script started, and nothing else
                if server.poll() is None:
                    server.kill()
                server.wait(timeout=30)
            if postgres is not None:
                postgres.stop()
    latencies = sorted(x for ps in people.values() for p in ps for x in p.latencies)
    p50 = statistics.median(latencies) * 1000
    p99 = latencies[int(0.99 * (len(latencies) - 1))] * 1000
    backend = "SQLite" if args.db == "sqlite" else "PostgreSQL"
    print(f"{backend}, {args.processes} process(es)")
    print(f"tables: {len(tables)}, connections: {connections}, finished games: {finished}")
    print(f"moves accepted: {total} in {elapsed:.1f} s = {total / elapsed:.0f} moves/s")
    print(f"latency move -> update: p50 {p50:.1f} ms, p99 {p99:.1f} ms ({len(latencies)} moves)")
    print(f"servers' peak memory: {memory}")
    played = max(1, total - turns_before)
    # A process gone by the end (killed) counts for nothing: its time is not known.
    spent = {k: max(0.0, v - cpu_before.get(k, 0.0)) for k, v in cpu_after.items()}
    main_cpu = sum(v for k, v in spent.items() if k > 0)
    worker_cpu = sum(v for k, v in spent.items() if k < 0)
    print(
        f"server CPU: {main_cpu:.2f} s for {played} moves = {main_cpu / played:.6f} CPU s "
        f"per move (bot workers: {worker_cpu / played:.6f} CPU s per move)"
    )
    print(f"lost moves: {lost}, doubled moves: {doubled}")
    if killed_at is not None:
        gaps = sorted(g for ps in people.values() for p in ps for g in p.gaps)
        if gaps:
            print(
                f"failover: {len(gaps)} people reconnected, without an update p50 "
                f"{statistics.median(gaps):.2f} s, max {gaps[-1]:.2f} s"
            )
        resumed = sorted(r for r in (_resumed(ps, killed_at) for ps in people.values()) if r)
        if resumed:
            print(
                f"failover: a move stored after the kill, per table still playing: p50 "
                f"{statistics.median(resumed):.2f} s, max {resumed[-1]:.2f} s "
                f"({len(resumed)} tables)"
            )


def _resumed(people: list[Person], killed_at: float) -> float | None:
    """How long after the kill the table's game went on: its first update with a turn past the
    last one its people saw before the kill (None: it had ended before)."""
    before = max((turn for p in people for t, turn in p.seen if t <= killed_at), default=-1)
    after = [t for p in people for t, turn in p.seen if t > killed_at and turn > before]
    if not after or any(p.over and p.seen and p.seen[-1][0] <= killed_at for p in people):
        return None
    return min(after) - killed_at


if __name__ == "__main__":
    main()
