"""A person's move latency on a real `tablefeast serve` while an attacker floods it (loopback only).

It starts the server as a child process (a free port on 127.0.0.1, a temporary database, its
default limits unless a scenario says otherwise) and plays a victim table: three scripted people
from 127.0.0.2, each taking 0.1 s to answer, measuring from sending a move to the update that
shows it applied. Meanwhile one attack runs, from other loopback addresses (127.0.0.0/8 is all
this machine, so each attacker has an address of its own, as on the internet):

- ``quiet``: no attack, for scale;
- ``flood``: four connections that send pings as fast as they can and never read an answer,
  reconnecting whenever the server drops them;
- ``spectators``: a thousand spectators on the victim's table (the server's cap raised to a
  thousand for this run; with the default of 100 the rest are refused at once);
- ``creates``: 200 requests a second for new tables;
- ``memory``: the flood of ``flood``, with the server's peak and final memory.

Each scenario runs --seconds (default 10) and stops by itself; the script ends only the server
it started. Targets (benchmarks/README.md): a person's p99 under 100 ms in every scenario, and
memory bounded under a flood that never reads.

    python benchmarks/server_attack.py
    python benchmarks/server_attack.py --scenarios flood,creates --seconds 5
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

VICTIM = "127.0.0.2"
SCENARIOS = ("quiet", "flood", "spectators", "creates", "memory")
THINK = 0.1
"""Seconds a scripted person takes to answer (people take longer)."""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def _server(settings: str) -> Iterator[tuple[int, subprocess.Popen[bytes]]]:
    port = _free_port()
    with tempfile.TemporaryDirectory() as tmp:
        config = Path(tmp) / "settings.toml"
        config.write_text(settings)
        command = [sys.executable, "-m", "tablefeast.cli", "serve", "--port", str(port)]
        command += ["--db", str(Path(tmp) / "t.db"), "--config", str(config)]
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        try:
            for _ in range(300):
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/api/server", timeout=2)
                    break
                except OSError:
                    time.sleep(0.1)
            yield port, server
        finally:
            server.kill()  # the server this script started, and nothing else
            server.wait(timeout=30)


def _memory(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field):
            return int(line.split()[1])
    return 0


async def _post(port: int, address: str, body: dict[str, Any]) -> tuple[int, Any]:
    """An HTTP POST from `address`, by hand (the standard library cannot choose the source)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
    data = json.dumps(body).encode()
    writer.write(
        f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json"
        f"\r\nContent-Length: {len(data)}\r\nConnection: close\r\n\r\n".encode()
        + data
    )
    answer = await reader.read()
    writer.close()
    head, _, rest = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), json.loads(rest or b"null")


class Person:
    """A scripted person: answers every update that offers it a move, after `THINK` seconds."""

    def __init__(self, seat: int, seed: int, latencies: list[float]) -> None:
        self.seat = seat
        self.rng = random.Random(seed)
        self.latencies = latencies

    async def play(self, url: str, deadline: float) -> bool:
        """Play until the game is over (True) or the deadline."""
        async with connect(url, local_addr=(VICTIM, 0), max_size=2**20) as ws:
            pending: float | None = None
            played = 0
            answered = -1
            while time.monotonic() < deadline:
                try:
                    text = await asyncio.wait_for(ws.recv(), deadline - time.monotonic())
                except TimeoutError:
                    return False
                message = json.loads(text)
                if message["type"] == "error":
                    pending = None  # stale or rate limited: a newer update is coming
                    continue
                if message["type"] != "update":
                    continue
                if pending is not None and message["played"] > played:
                    self.latencies.append(time.monotonic() - pending)
                    pending = None
                played = message["played"]
                if message["over"]:
                    return True
                if self.seat in message["actors"] and message["turn"] != answered and not pending:
                    await asyncio.sleep(THINK)
                    answered = message["turn"]
                    move = self.rng.choice(message["legal"])
                    pending = time.monotonic()
                    await ws.send(json.dumps({"type": "move", "move": move, "turn": answered}))
        return False


async def _victim(port: int, deadline: float, tables: asyncio.Queue[str]) -> list[float]:
    """Victim games one after another until the deadline; returns the move latencies."""
    latencies: list[float] = []
    game = 0
    while time.monotonic() < deadline:
        status, created = await _post(
            port, VICTIM, {"game": "food_chain", "seats": ["human"] * 3, "settings": {}}
        )
        if status == 429:  # the server-wide creation rate, spent by an attacker: wait a little
            await asyncio.sleep(1.0)
            continue
        assert status == 201, (status, created)
        tables.put_nowait(created["table"])
        base = f"ws://127.0.0.1:{port}/ws/tables/{created['table']}"
        people = [Person(seat, game * 10 + seat, latencies) for seat in range(3)]
        await asyncio.gather(
            *(p.play(f"{base}?token={created['tokens'][str(p.seat)]}", deadline) for p in people)
        )
        game += 1
    return latencies


async def _flood(
    port: int, address: str, table: str, deadline: float, stats: dict[str, int]
) -> None:
    """Connect as a spectator, send pings as fast as possible, never read; again when dropped."""
    url = f"ws://127.0.0.1:{port}/ws/tables/{table}"
    ping = json.dumps({"type": "ping"})
    while time.monotonic() < deadline:
        try:
            async with connect(url, local_addr=(address, 0), max_queue=1) as ws:
                stats["connections"] += 1
                while time.monotonic() < deadline:
                    await ws.send(ping)
                    stats["sent"] += 1
        except Exception:  # dropped by the server: the attacker comes back
            stats["dropped"] += 1
            await asyncio.sleep(0.05)


async def _spectate(
    port: int, address: str, table: str, deadline: float, stats: dict[str, int]
) -> None:
    with contextlib.suppress(Exception):
        async with connect(
            f"ws://127.0.0.1:{port}/ws/tables/{table}", local_addr=(address, 0), max_size=2**20
        ) as ws:
            stats["connected"] += 1
            while time.monotonic() < deadline:
                text = await asyncio.wait_for(ws.recv(), deadline - time.monotonic())
                if json.loads(text).get("code") == "busy":
                    stats["refused"] += 1
                    return
    return


async def _creates(port: int, deadline: float, stats: dict[str, int]) -> None:
    """200 requests a second for new tables, from ten addresses."""
    body = {"game": "food_chain", "seats": ["ismcts:5000"] * 3}
    number = 0
    while time.monotonic() < deadline:
        started = time.monotonic()
        answers = await asyncio.gather(
            *(_post(port, f"127.0.0.{10 + (number + i) % 10}", body) for i in range(20)),
            return_exceptions=True,
        )
        number += 20
        for answer in answers:
            key = f"status {answer[0]}" if isinstance(answer, tuple) else "failed"
            stats[key] = stats.get(key, 0) + 1
        await asyncio.sleep(max(0.0, 0.1 - (time.monotonic() - started)))


async def _attack(name: str, port: int, table: str, seconds: float) -> dict[str, int]:
    """One attack until `seconds` have passed (run in a process of its own: a flood would
    starve the victim's people if they shared its event loop)."""
    deadline = time.monotonic() + seconds
    stats: dict[str, int] = {}
    if name in ("flood", "memory"):
        stats = {"connections": 0, "sent": 0, "dropped": 0}
        attack = [_flood(port, f"127.0.0.{3 + i}", table, deadline, stats) for i in range(4)]
    elif name == "spectators":
        stats = {"connected": 0, "refused": 0}
        attack = [
            _spectate(port, f"127.0.1.{1 + i // 30}", table, deadline, stats) for i in range(1000)
        ]
    elif name == "creates":
        attack = [_creates(port, deadline, stats)]
    else:
        attack = []
    await asyncio.gather(*attack, return_exceptions=True)
    return stats


async def _scenario(name: str, port: int, pid: int, seconds: float) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    tables: asyncio.Queue[str] = asyncio.Queue()
    victim = asyncio.ensure_future(_victim(port, deadline, tables))
    first = await tables.get()
    attacker = await asyncio.create_subprocess_exec(
        sys.executable,
        __file__,
        "--attack",
        name,
        "--port",
        str(port),
        f"--table={first}",  # an id may begin with "-", which argparse takes for an option
        "--seconds",
        str(max(0.5, deadline - time.monotonic())),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    peak = 0

    async def sample() -> None:
        nonlocal peak
        while time.monotonic() < deadline:
            peak = max(peak, _memory(pid, "VmRSS"))
            await asyncio.sleep(0.2)

    start_rss = _memory(pid, "VmRSS")
    latencies, _ = await asyncio.gather(victim, sample())
    output, errors = await attacker.communicate()  # it stops by itself at the deadline
    if attacker.returncode:  # an attack that could not run is an error, not a quiet result
        raise RuntimeError(f"the {name} attacker failed: {errors.decode()[-2000:]}")
    ordered = sorted(latencies)
    return {
        "scenario": name,
        "moves": len(ordered),
        "p50_ms": round(statistics.median(ordered) * 1000, 1) if ordered else None,
        "p99_ms": round(ordered[int(0.99 * (len(ordered) - 1))] * 1000, 1) if ordered else None,
        "rss_start_kib": start_rss,
        "rss_peak_kib": peak,
        "rss_end_kib": _memory(pid, "VmRSS"),
        "attack": json.loads(output or b"{}"),
    }


SETTINGS = {
    "spectators": "max_spectators_per_table = 1000\nmax_connections = 2000\n",
}
"""A scenario's settings beyond the defaults."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--scenarios", default=",".join(SCENARIOS))
    parser.add_argument("--json", help="also write the results to this file")
    parser.add_argument("--attack", help=argparse.SUPPRESS)  # the attacker's own process
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--table", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.attack:
        print(json.dumps(asyncio.run(_attack(args.attack, args.port, args.table, args.seconds))))
        return
    chosen = args.scenarios.split(",")
    if not set(chosen) <= set(SCENARIOS) or not 0.5 <= args.seconds <= 120:
        parser.error(f"--scenarios from {', '.join(SCENARIOS)}; --seconds 1 to 120")
    results = []
    for name in chosen:
        with _server(SETTINGS.get(name, "")) as (port, server):
            result = asyncio.run(_scenario(name, port, server.pid, args.seconds))
        results.append(result)
        print(
            f"{name:>10}: person p50 {result['p50_ms']} ms, p99 {result['p99_ms']} ms "
            f"({result['moves']} moves); server memory {result['rss_start_kib']} -> peak "
            f"{result['rss_peak_kib']} -> end {result['rss_end_kib']} KiB; "
            f"attack {result['attack']}",
            flush=True,
        )
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
