"""A victim's moves on a real `tablefeast serve`, quiet and then under attack (loopback only).

For each scenario the script starts the server as a child process (a free port on 127.0.0.1, a
temporary database, its default limits unless the scenario says otherwise) and measures a victim
twice on that same server: first quiet for --seconds, then for another --seconds while one
attack runs. Each phase's own figures are compared, so every scenario carries its own baseline
(the same settings, the same victim, the same machine a few seconds earlier).

The victim plays from 127.0.0.2: three scripted people at a Food Chain table, each answering
0.1 s after it is offered a move, timing each move from sending it to the update that shows it
applied (one person and two ``heuristic`` bots in the ``bots`` scenario, where it also times how
long it waits for its bots). It plays one game after another, creating each table with
``POST /api/tables`` (waiting a second or two when refused, as a person would) and connecting its
seats' WebSockets; a seat that is refused or dropped tries again a second later, and every such
refusal is counted. The attack runs in a process of its own (so that it does not share the
victim's event loop), from other loopback addresses (127.0.0.0/8 is all this machine, so each
attacker has an address of its own, as on the internet: up to 32 of them), with its own soft
limit of open files raised to its hard limit. It says when it is set up; the victim's attacked
phase begins then (or after 20 s). Attacks on the victim's own table (``flood``, ``memory``,
``spectators``, ``ws-big-frames``, ``ws-pings``) get it before they start; in the others the
victim creates its table once the attack is under way.

- ``quiet``: no attack (the second phase measures the noise between two quiet phases);
- ``flood``: four connections send pings as fast as they can and never read, reconnecting
  whenever the server drops them;
- ``spectators``: a thousand spectators on the victim's table, from 32 addresses (the server's
  caps on connections and spectators raised to allow them: this measures sending them updates);
- ``creates``: 200 requests a second for tables of three ``ismcts:5000`` bots, from ten
  addresses;
- ``memory``: the flood of ``flood`` (kept for its memory figures);
- ``bots``: 20 tables of six ``ismcts:5000`` bots thinking up to 5 s a move (the server-wide
  creation burst), from four addresses;
- ``slow-bodies``: 1,000 connections from 32 addresses each send 250,000 bytes of a declared
  262,144-byte body (nine in ten to ``POST /api/tables/x/again``, the rest to
  ``POST /api/tables``) and stall until the attack ends;
- ``slowloris``: 3,000 connections from 32 addresses send request headers that never finish
  (a header line every 5 s; a connection the server ends is opened again 5 s later);
- ``slowloris-1024``: the same with the server under a soft limit of 1,024 open files (a usual
  ``ulimit -n``; set by ``resource.setrlimit`` before the server starts);
- ``ws-slots``: 1,000 idle spectator WebSockets from 32 addresses, on eleven tables the attacker
  created (as many connections as the server took by default before issue 45); here and in
  ``spectators`` a refused spectator tries again, up to five times half a second apart;
- ``ws-big-frames``: 32 connections send 64,000-character text frames as fast as they can,
  reading the answers, reconnecting when dropped;
- ``ws-pings``: 64 connections send JSON pings as fast as they can, reading the answers,
  reconnecting when dropped;
- ``open-tables``: the server's ``max_open_tables`` set to 50; tables of three people, never
  joined, created from 32 addresses twenty times a second until the cap is full, then once a
  second to take each place that frees; the victim's refusals and the Retry-After it was given
  are reported.

A scenario's settings that the server does not have (a setting of a later server, run against an
earlier one with --server-src) are left out, and the report says which were used.

Per scenario: the victim's p50 and p99 move latency and moves, quiet and attacked, and their
ratio; the server's resident memory (VmRSS of its process) and open files just before the
attack, at their peak during it, and --settle seconds after the attackers closed everything;
seat connections refused (or dropped) by the server; the victim's refused table creations and
their Retry-After; what the attacker did and was answered; and each target met or missed.
Targets (issue 45, on the 2-core machine): the victim keeps at least half its quiet moves, its
p99 stays under 250 ms (in ``bots``, the larger of its move's p99 and its wait for its bots), the
server's memory stays under 150 MiB and comes back to within 30 MiB of its start, and no seat
of a person is refused. --json FILE writes all of it.

Each scenario stops by itself (about 2 x --seconds + --settle + a few seconds of setting up); the
script ends only the server it started (and that server's own children, by their ids) and its
own attacker process.

    python benchmarks/server_attack.py
    python benchmarks/server_attack.py --scenarios flood,ws-slots --seconds 5 --json out.json
    git archive e7fa008 src | tar -x -C /tmp/before   # an earlier server, for comparison
    python benchmarks/server_attack.py --server-src /tmp/before/src
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import json
import os
import random
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections import Counter
from collections.abc import Awaitable, Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

VICTIM = "127.0.0.2"
THINK = 0.1
"""Seconds a scripted person takes to answer (people take longer)."""
SETUP = 20.0
"""The longest an attack may take to set itself up before the victim's attacked phase begins."""
KEEP, P99_MS, PEAK_MIB, BACK_MIB = 0.5, 250.0, 150.0, 30.0
"""The targets: the share of its quiet moves the victim keeps, its p99, the server's peak
memory and how close to its start it comes back after the attack (MiB)."""


@dataclasses.dataclass(frozen=True)
class Scenario:
    """One attack and the server it runs against."""

    attack: str
    """What the attack does, in a few words (the report's)."""
    settings: dict[str, Any] = dataclasses.field(default_factory=dict)
    """The server's settings beyond the defaults (those the server has: a setting of a later
    server is left out when running an earlier one)."""
    nofile: int | None = None
    """The server's soft limit of open files (None: the limit this script has)."""
    victim: str = "people"
    """``people``: three scripted people; ``bots``: one person and two heuristic bots."""
    on_victim_table: bool = False
    """The attack aims at the victim's table (created before the attack starts)."""


SCENARIOS = {
    "quiet": Scenario("none"),
    "flood": Scenario(
        "4 connections send pings as fast as they can, never read", on_victim_table=True
    ),
    "spectators": Scenario(
        "1,000 spectators on the victim's table (caps raised to allow them)",
        settings={
            "max_connections": 2000,
            "max_spectators_per_table": 1000,
            "max_spectators": 1000,
            "max_spectators_per_address": 1000,
        },
        on_victim_table=True,
    ),
    "creates": Scenario("200 table requests a second from 10 addresses"),
    "memory": Scenario("the flood of flood", on_victim_table=True),
    "bots": Scenario("20 tables of 6 ismcts:5000 bots, think 5 s, from 4 addresses", victim="bots"),
    "slow-bodies": Scenario("1,000 connections send 250,000 of 262,144 body bytes and stall"),
    "slowloris": Scenario("3,000 connections send headers that never finish"),
    "slowloris-1024": Scenario(
        "3,000 never-finished headers, the server under ulimit -n 1024", nofile=1024
    ),
    "ws-slots": Scenario("1,000 idle spectators from 32 addresses"),
    "ws-big-frames": Scenario(
        "32 connections flood 64,000-character text frames", on_victim_table=True
    ),
    "ws-pings": Scenario("64 connections flood JSON pings", on_victim_table=True),
    "open-tables": Scenario(
        "never-joined tables from 32 addresses against max_open_tables = 50",
        settings={"max_open_tables": 50},
    ),
}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _descendants(pid: int) -> list[tuple[int, str]]:
    """The processes started by `pid` and by its children, each with its start time (so that a
    number the system has given to another process since is never touched)."""
    parents: dict[int, list[tuple[int, str]]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdecimal():
            continue
        with contextlib.suppress(OSError):
            fields = (entry / "stat").read_text().rpartition(")")[2].split()
            parents.setdefault(int(fields[1]), []).append((int(entry.name), fields[19]))
    found, todo = [], [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.append(child)
            todo.append(child[0])
    return found


def _start_time(pid: int) -> str | None:
    try:
        return (Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split())[19]
    except OSError:
        return None


def _known_settings(env: dict[str, str]) -> set[str]:
    """The names of the settings the server that `env` runs knows."""
    names = subprocess.run(
        [
            sys.executable,
            "-c",
            "import attrs; from tablefeast.server.settings import ServerSettings; "
            "print(' '.join(f.name for f in attrs.fields(ServerSettings)))",
        ],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if names.returncode:
        raise RuntimeError(f"the server's settings cannot be read: {names.stderr[-1500:]}")
    return set(names.stdout.split())


@contextlib.contextmanager
def _server(
    scenario: Scenario, source: str | None = None
) -> Iterator[tuple[int, subprocess.Popen[bytes], Path, dict[str, Any]]]:
    port = _free_port()
    env = dict(os.environ)
    if source is not None:  # this folder's tablefeast package before the installed one
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [source, env.get("PYTHONPATH")]))
    with tempfile.TemporaryDirectory() as tmp:
        known = _known_settings(env)
        used = {k: v for k, v in scenario.settings.items() if k in known}
        config = Path(tmp) / "settings.toml"
        config.write_text("".join(f"{k} = {json.dumps(v)}\n" for k, v in used.items()))
        log = Path(tmp) / "server.log"
        command = [sys.executable, "-m", "tablefeast.cli", "serve", "--port", str(port)]
        command += ["--db", str(Path(tmp) / "t.db"), "--config", str(config)]
        limit = scenario.nofile

        def limit_files() -> None:  # in the server's process, before it starts
            if limit is not None:
                hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
                resource.setrlimit(resource.RLIMIT_NOFILE, (limit, hard))

        with log.open("wb") as errors:
            server = subprocess.Popen(
                command,
                stdout=subprocess.DEVNULL,
                stderr=errors,
                env=env,
                preexec_fn=limit_files,  # noqa: PLW1509 - no thread runs yet in this process
            )
        try:
            for _ in range(300):
                if server.poll() is not None:
                    raise RuntimeError(f"the server did not start: {log.read_text()[-2000:]}")
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/api/server", timeout=2)
                    break
                except OSError:
                    time.sleep(0.1)
            yield port, server, log, used
        finally:  # the server this script started, and its own children, and nothing else
            children = _descendants(server.pid)
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait(timeout=30)
            for pid, started in children:
                if _start_time(pid) == started:
                    with contextlib.suppress(OSError):
                        os.kill(pid, signal.SIGKILL)


def _rss_kib(pid: int) -> int:
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS"):
                return int(line.split()[1])
    return 0


def _files(pid: int) -> int:
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return 0


async def _request(
    port: int,
    address: str,
    method: str,
    path: str,
    *,
    body: Any = None,
    timeout: float = 5.0,
) -> tuple[int, dict[str, str], Any]:
    """An HTTP request from `address`, by hand (the standard library cannot choose the source):
    the status, the headers and the JSON answer."""

    async def exchange() -> bytes:
        reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
        try:
            data = b"" if body is None else json.dumps(body).encode()
            writer.write(
                f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
                "Connection: close\r\n\r\n".encode()
                + data
            )
            return await reader.read()
        finally:
            writer.transport.abort()

    answer = await asyncio.wait_for(exchange(), timeout)
    head, _, rest = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    if not lines[0].startswith("HTTP/"):
        raise ConnectionError("closed without an answer")
    headers = {k.strip().lower(): v.strip() for k, _, v in (x.partition(":") for x in lines[1:])}
    return int(lines[0].split()[1]), headers, json.loads(rest) if rest else None


def _ws(url: str, address: str, **options: Any) -> connect:
    """A WebSocket client from `address`: no proxy, no compression (the server has none)."""
    defaults: dict[str, Any] = {
        "open_timeout": 5,
        "close_timeout": 1,
        "ping_interval": None,
        "compression": None,
        "proxy": None,
        "max_size": 2**20,
    }
    return connect(url, local_addr=(address, 0), **{**defaults, **options})


def _why(error: BaseException) -> str:
    if isinstance(error, InvalidStatus):
        return f"http {error.response.status_code}"
    if isinstance(error, ConnectionClosed):
        return f"closed {error.rcvd.code if error.rcvd else 'without a close frame'}"
    return type(error).__name__


def _percentile(values: list[float], share: float) -> float | None:
    ordered = sorted(values)
    return round(ordered[int(share * (len(ordered) - 1))] * 1000, 1) if ordered else None


class Victim:
    """The victim: games one after another from 127.0.0.2, each move timed."""

    def __init__(self, port: int, kind: str) -> None:
        self.port = port
        self.kind = kind
        self.latencies: list[float] = []
        self.bot_waits: list[float] = []
        self.unfinished_waits = 0
        self.seats_refused: Counter[str] = Counter()
        self.creates_refused: Counter[str] = Counter()
        self.retry_after: list[int] = []
        self.games = 0
        self.finished = 0
        self.turns: dict[str, int] = {}

    async def create(self, deadline: float) -> tuple[str, dict[str, str]] | None:
        """A new table (its id and tokens), asked again after each refusal until `deadline`."""
        seats = ["human"] * 3 if self.kind == "people" else ["human", "heuristic", "heuristic"]
        body = {"game": "food_chain", "seats": seats, "settings": {}}
        while (left := deadline - time.monotonic()) > 0:
            wait = 1.0
            try:
                status, headers, answer = await _request(
                    self.port, VICTIM, "POST", "/api/tables", body=body, timeout=min(5.0, left)
                )
            except (OSError, TimeoutError, ValueError) as e:
                self.creates_refused[_why(e)] += 1
            else:
                if status == 201:
                    return answer["table"], answer["tokens"]
                code = answer.get("error") if isinstance(answer, dict) else None
                self.creates_refused[f"{status} {code}"] += 1
                retry = headers.get("retry-after", "")
                if retry.isdecimal():
                    self.retry_after.append(int(retry))
                    wait = max(1.0, min(float(retry), 2.0))  # a person tries again soon
            await asyncio.sleep(min(wait, max(0.0, deadline - time.monotonic())))
        return None

    async def run(self, deadline: float, first: tuple[str, dict[str, str]] | None = None) -> None:
        """Play games until `deadline`, the first at `first` when given."""
        while time.monotonic() < deadline:
            created = first or await self.create(deadline)
            first = None
            if created is None:
                return
            table, tokens = created
            self.games += 1
            seats = range(3) if self.kind == "people" else range(1)
            url = f"ws://127.0.0.1:{self.port}/ws/tables/{table}?token="
            over = await asyncio.gather(
                *(self.person(url + tokens[str(seat)], table, seat, deadline) for seat in seats)
            )
            self.finished += all(over)

    async def person(self, url: str, table: str, seat: int, deadline: float) -> bool:
        """One seat until the game is over (True) or the deadline; a refused or dropped seat
        connects again a second later."""
        rng = random.Random(f"{table}:{seat}")
        while time.monotonic() < deadline:
            seated = [False]  # welcomed by the server: a close after that is a drop
            try:
                async with _ws(url, VICTIM) as ws:
                    outcome = await self._moves(ws, table, seat, rng, deadline, seated)
                    if outcome != "busy":
                        return outcome == "over"
                    self.seats_refused["busy"] += 1
            except (OSError, TimeoutError, ConnectionClosed, InvalidStatus, EOFError) as e:
                self.seats_refused[f"{'dropped' if seated[0] else 'refused'}: {_why(e)}"] += 1
            except Exception as e:  # any failed handshake is a refused seat
                self.seats_refused[f"refused: {_why(e)}"] += 1
            await asyncio.sleep(min(1.0, max(0.0, deadline - time.monotonic())))
        return False

    async def _moves(  # noqa: PLR0917
        self,
        ws: ClientConnection,
        table: str,
        seat: int,
        rng: random.Random,
        deadline: float,
        seated: list[bool],
    ) -> str:
        pending: float | None = None
        waiting: float | None = None  # since when the person waits for its bots
        played = 0
        answered = -1
        while True:
            try:
                text = await asyncio.wait_for(ws.recv(), deadline - time.monotonic())
            except TimeoutError:
                if waiting is not None:  # still waiting at the end: counted as waited so far
                    self.bot_waits.append(time.monotonic() - waiting)
                    self.unfinished_waits += 1
                return "deadline"
            message = json.loads(text)
            if message["type"] == "error":
                if message.get("code") == "busy":
                    return "busy"
                pending = None  # stale or rate limited: a newer update is coming
                continue
            seated[0] = True
            if message["type"] != "update":
                continue
            now = time.monotonic()
            self.turns[table] = max(self.turns.get(table, 0), message["turn"])
            if pending is not None and message["played"] > played:
                self.latencies.append(now - pending)
                pending = None
            played = message["played"]
            mine = seat in message["actors"]
            if waiting is not None and (mine or message["over"]):
                self.bot_waits.append(now - waiting)
                waiting = None
            if message["over"]:
                return "over"
            if self.kind == "bots" and not mine and waiting is None:
                waiting = now
            if mine and message["turn"] != answered and pending is None:
                await asyncio.sleep(THINK)
                answered = message["turn"]
                pending = time.monotonic()
                move = rng.choice(message["legal"])
                await ws.send(json.dumps({"type": "move", "move": move, "turn": answered}))

    def summary(self) -> dict[str, Any]:
        return {
            "moves": len(self.latencies),
            "p50_ms": _percentile(self.latencies, 0.5),
            "p99_ms": _percentile(self.latencies, 0.99),
            "max_ms": _percentile(self.latencies, 1.0),
            "games": self.games,
            "games_finished": self.finished,
            "table_moves": sum(self.turns.values()),
            "bot_wait_p50_ms": _percentile(self.bot_waits, 0.5),
            "bot_wait_p99_ms": _percentile(self.bot_waits, 0.99),
            "bot_waits_unfinished": self.unfinished_waits,
            "seats_refused": sum(self.seats_refused.values()),
            "seats_refused_by_reason": dict(self.seats_refused),
            "creates_refused": dict(self.creates_refused),
            "retry_after": sorted(set(self.retry_after)),
        }


# The attacker's side: its own process, until its standard input closes.


class Attack:
    """What every attack shares: the server, the victim's table, counters, the stop signal."""

    def __init__(self, port: int, table: str) -> None:
        self.port = port
        self.table = table
        self.stats: Counter[str] = Counter()
        self.notes: dict[str, Any] = {}
        self.stop = asyncio.Event()
        self.started = time.monotonic()
        self.ready_after: float | None = None

    def url(self, table: str | None = None) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/tables/{table or self.table}"

    @staticmethod
    def address(number: int, count: int = 32) -> str:
        return f"127.0.1.{1 + number % count}"

    def ready(self) -> None:
        """Tell the victim's side that the attack is set up (once)."""
        if self.ready_after is None:
            self.ready_after = round(time.monotonic() - self.started, 2)
            print(json.dumps({"ready": self.ready_after, **self.stats}), flush=True)

    async def pause(self, seconds: float) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.stop.wait(), seconds)

    async def run(
        self,
        workers: list[Coroutine[Any, Any, None]],
        set_up: Callable[[], bool] | None = None,
    ) -> None:
        """Run the workers until stopped (then cancel them); ready once `set_up()` holds."""
        tasks = [asyncio.ensure_future(worker) for worker in workers]
        limit = time.monotonic() + SETUP
        while set_up is not None and not set_up() and time.monotonic() < limit:
            if self.stop.is_set():
                break
            await asyncio.sleep(0.05)
        self.ready()
        await self.stop.wait()
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.wait(tasks, timeout=15)

    def report(self) -> dict[str, Any]:
        return {"ready_after_s": self.ready_after, **self.stats, **self.notes}


async def _flood(attack: Attack, address: str, message: str, read: bool) -> None:
    """One connection that sends `message` as fast as it can (reading the answers, or never),
    connecting again whenever the server drops it."""
    while not attack.stop.is_set():
        try:
            async with _ws(attack.url(), address, max_queue=None if read else 1) as ws:
                attack.stats["connections"] += 1
                drain = asyncio.ensure_future(_drain(ws)) if read else None
                try:
                    while True:
                        await ws.send(message)
                        attack.stats["sent"] += 1
                        await asyncio.sleep(0)  # the other connections' turn
                finally:
                    if drain is not None:
                        drain.cancel()
        except asyncio.CancelledError:
            raise
        except Exception as e:  # dropped by the server: the attacker comes back
            attack.stats[f"dropped ({_why(e)})"] += 1
            await attack.pause(0.05)


async def _drain(ws: ClientConnection) -> None:
    with contextlib.suppress(ConnectionClosed):
        async for _ in ws:
            pass


async def _spectate(attack: Attack, table: str, address: str, done: list[int]) -> None:
    """A spectator that connects (trying again, up to five times half a second apart, when
    refused), then reads whatever comes until the attack ends; `done` counts those connected
    and those whose attempts are over (connected or not)."""
    for _ in range(5):
        refused = False
        try:
            async with _ws(attack.url(table), address, open_timeout=15) as ws:
                first = json.loads(await ws.recv())
                if first.get("type") == "error":
                    attack.stats[f"refused ({first.get('code')})"] += 1
                    refused = True
                else:
                    attack.stats["connected"] += 1
                    done[0] += 1
                    done[1] += 1
                    try:
                        async for _ in ws:
                            pass
                        attack.stats["closed by the server"] += 1
                    except ConnectionClosed as e:
                        attack.stats[f"closed by the server ({_why(e)})"] += 1
                    return
        except asyncio.CancelledError:
            raise
        except Exception as e:  # refused at the handshake
            attack.stats[f"refused ({_why(e)})"] += 1
            refused = True
        if refused:
            await attack.pause(0.5)
    attack.stats["gave up after 5 refusals"] += 1
    done[1] += 1


async def _create(attack: Attack, address: str, body: dict[str, Any]) -> str | None:
    """A table created from `address`, or None; every answer counted."""
    try:
        status, headers, answer = await _request(
            attack.port, address, "POST", "/api/tables", body=body
        )
    except (OSError, TimeoutError, ValueError) as e:
        attack.stats[f"create failed ({_why(e)})"] += 1
        return None
    code = answer.get("error", "") if isinstance(answer, dict) else ""
    attack.stats[f"create {status} {code}".strip()] += 1
    if status == 503 and "retry-after" in headers:
        attack.notes.setdefault("retry_after", sorted({headers["retry-after"]}))
    return answer["table"] if status == 201 else None


async def _attack_flood(attack: Attack) -> None:
    ping = json.dumps({"type": "ping"})
    await attack.run(
        [_flood(attack, f"127.0.1.{1 + i}", ping, read=False) for i in range(4)],
        lambda: attack.stats["connections"] >= 4,
    )


async def _attack_spectators(attack: Attack) -> None:
    done = [0, 0]  # connected, tried
    await attack.run(
        [_spectate(attack, attack.table, Attack.address(i), done) for i in range(1000)],
        lambda: done[1] >= 1000 or done[0] >= 1000,
    )


async def _attack_creates(attack: Attack) -> None:
    body = {"game": "food_chain", "seats": ["ismcts:5000"] * 3}

    async def requests() -> None:
        number = 0
        while True:
            started = time.monotonic()
            await asyncio.gather(
                *(_create(attack, Attack.address(number + i, 10), body) for i in range(20))
            )
            number += 20
            await asyncio.sleep(max(0.0, 0.1 - (time.monotonic() - started)))

    await attack.run([requests()])


async def _attack_bots(attack: Attack) -> None:
    body = {"game": "food_chain", "seats": ["ismcts:5000"] * 6, "settings": {"think": 5}}
    tables = await asyncio.gather(*(_create(attack, Attack.address(i, 4), body) for i in range(20)))
    attack.notes["tables"] = sum(table is not None for table in tables)
    await attack.run([])


async def _attack_slow_bodies(attack: Attack) -> None:
    declared, sent = 256 * 1024, 250_000
    payload = b'{"token": "' + b"a" * (sent - 11)
    gate = asyncio.Semaphore(100)  # connections being opened and filled at once
    done = [0]

    async def one(number: int) -> None:
        path = "/api/tables" if number % 10 == 0 else "/api/tables/x/again"
        route = "create" if number % 10 == 0 else "again"
        writer = None
        try:
            async with gate:
                reader, writer = await asyncio.wait_for(
                    asyncio.open_connection(
                        "127.0.0.1", attack.port, local_addr=(Attack.address(number), 0)
                    ),
                    10,
                )
                writer.write(
                    f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{attack.port}\r\n"
                    f"Content-Type: application/json\r\nContent-Length: {declared}\r\n\r\n".encode()
                    + payload
                )
                await asyncio.wait_for(writer.drain(), 10)
                attack.stats[f"{route}: body sent, stalled"] += 1
            done[0] += 1
            answer = await reader.read(100)  # until the attack ends, unless the server answers
            status = answer.split()[1].decode() if answer.startswith(b"HTTP/") else "closed"
            attack.stats[f"{route}: answered before the end ({status})"] += 1
        except asyncio.CancelledError:
            raise
        except Exception as e:  # could not connect or send
            attack.stats[f"{route}: failed ({_why(e)})"] += 1
            done[0] += 1
        finally:
            if writer is not None:
                writer.transport.abort()

    await attack.run([one(i) for i in range(1000)], lambda: done[0] >= 1000)


async def _attack_slowloris(attack: Attack) -> None:
    gate = asyncio.Semaphore(200)  # connections being opened at once
    done = [0]

    async def one(number: int) -> None:
        first = True
        while not attack.stop.is_set():  # a connection the server ends is opened again
            writer = None
            try:
                async with gate:
                    reader, writer = await asyncio.wait_for(
                        asyncio.open_connection(
                            "127.0.0.1", attack.port, local_addr=(Attack.address(number), 0)
                        ),
                        5,
                    )
                    writer.write(
                        f"GET /api/server HTTP/1.1\r\nHost: 127.0.0.1:{attack.port}\r\n".encode()
                    )
                    attack.stats["opened" if first else "opened again"] += 1
                if first:
                    done[0] += 1
                    first = False
                line = 0
                while True:  # a header line every 5 s, the blank line never
                    try:
                        answer = await asyncio.wait_for(reader.read(100), 5)
                    except TimeoutError:
                        line += 1
                        writer.write(f"X-Wait-{line}: {line}\r\n".encode())
                        continue
                    status = answer.split()[1].decode() if answer.startswith(b"HTTP/") else "closed"
                    attack.stats[f"ended by the server ({status})"] += 1
                    break
            except asyncio.CancelledError:
                raise
            except Exception as e:  # could not connect, or reset
                attack.stats[f"failed ({_why(e)})"] += 1
                if first:
                    done[0] += 1
                    first = False
            finally:
                if writer is not None:
                    writer.transport.abort()
            await attack.pause(5.0)

    await attack.run([one(i) for i in range(3000)], lambda: done[0] >= 3000)


async def _attack_ws_slots(attack: Attack) -> None:
    body = {"game": "food_chain", "seats": ["human"] * 3}
    tables = [
        t
        for t in await asyncio.gather(
            *(_create(attack, Attack.address(i), body) for i in range(11))
        )
        if t is not None
    ]
    attack.notes["tables"] = len(tables)
    done = [0, 0]
    workers = [
        _spectate(attack, tables[i % len(tables)], Attack.address(i), done)
        for i in range(1000 if tables else 0)
    ]
    await attack.run(workers, lambda: done[1] >= len(workers))


async def _attack_big_frames(attack: Attack) -> None:
    frame = json.dumps({"type": "ping", "pad": "x" * (64_000 - 28)})
    await attack.run(
        [_flood(attack, Attack.address(i), frame, read=True) for i in range(32)],
        lambda: attack.stats["connections"] >= 32,
    )


async def _attack_pings(attack: Attack) -> None:
    ping = json.dumps({"type": "ping"})
    await attack.run(
        [_flood(attack, Attack.address(i), ping, read=True) for i in range(64)],
        lambda: attack.stats["connections"] >= 64,
    )


async def _attack_open_tables(attack: Attack) -> None:
    body = {"game": "food_chain", "seats": ["human"] * 3}

    def full() -> bool:
        return attack.stats["create 503 too_many_tables"] > 0

    async def requests() -> None:
        number = 0
        while True:  # ten a round, two rounds a second until the cap is full; then one a
            # second, to take each place that frees (and leave the creation rate to others)
            started = time.monotonic()
            count = 1 if full() else 10
            await asyncio.gather(
                *(_create(attack, Attack.address(number + i), body) for i in range(count))
            )
            number += count
            await asyncio.sleep(max(0.0, (1.0 if full() else 0.5) - (time.monotonic() - started)))

    await attack.run([requests()], full)


ATTACKS: dict[str, Callable[[Attack], Awaitable[None]]] = {
    "quiet": lambda attack: attack.run([]),
    "flood": _attack_flood,
    "memory": _attack_flood,
    "spectators": _attack_spectators,
    "creates": _attack_creates,
    "bots": _attack_bots,
    "slow-bodies": _attack_slow_bodies,
    "slowloris": _attack_slowloris,
    "slowloris-1024": _attack_slowloris,
    "ws-slots": _attack_ws_slots,
    "ws-big-frames": _attack_big_frames,
    "ws-pings": _attack_pings,
    "open-tables": _attack_open_tables,
}


async def _attacker(name: str, port: int, table: str, bound: float) -> dict[str, Any]:
    """The attacker's process: the attack until its standard input closes (or `bound` s)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # its own limit, for many sockets
    attack = Attack(port, table)
    loop = asyncio.get_running_loop()

    def wait_for_eof() -> None:
        while os.read(0, 4096):  # unbuffered: a buffered read would hold a lock at exit
            pass
        loop.call_soon_threadsafe(attack.stop.set)

    threading.Thread(target=wait_for_eof, daemon=True).start()
    loop.call_later(bound, attack.stop.set)
    await ATTACKS[name](attack)
    attack.notes["open_files_limit"] = [soft, hard]
    return attack.report()


# The victim's side, and the report.


async def _scenario(
    name: str, scenario: Scenario, port: int, pid: int, *, seconds: float, settle: float
) -> dict[str, Any]:
    load = os.getloadavg()[0]
    quiet = Victim(port, scenario.victim)
    await quiet.run(time.monotonic() + seconds)
    await asyncio.sleep(0.5)  # the quiet phase's connections closed
    start = {"rss": _rss_kib(pid), "files": _files(pid)}
    attacked = Victim(port, scenario.victim)
    first = None
    if scenario.on_victim_table:
        first = await attacked.create(time.monotonic() + 10)
    attacker = await asyncio.create_subprocess_exec(
        sys.executable,
        __file__,
        "--attack",
        name,
        "--port",
        str(port),
        f"--table={first[0] if first else 'none'}",  # an id may begin with "-"
        "--seconds",
        str(SETUP + seconds + 30),  # it stops by itself even if this script dies
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    stdin, stdout, stderr = attacker.stdin, attacker.stdout, attacker.stderr
    assert stdin is not None and stdout is not None and stderr is not None
    peak = dict(start)
    sampling = True

    async def sample() -> None:
        while sampling:
            peak["rss"] = max(peak["rss"], _rss_kib(pid))
            peak["files"] = max(peak["files"], _files(pid))
            await asyncio.sleep(0.2)

    sampler = asyncio.ensure_future(sample())
    errors = asyncio.ensure_future(stderr.read())
    began = time.monotonic()
    try:
        line = await asyncio.wait_for(stdout.readline(), SETUP)
    except TimeoutError:
        line = b""
    set_up = json.loads(line) if line.strip() else {"ready": None}
    await attacked.run(time.monotonic() + seconds, first)
    stdin.close()  # the attacker closes everything and reports
    killed = False
    try:
        output = await asyncio.wait_for(stdout.read(), 30)
        await asyncio.wait_for(attacker.wait(), 10)
    except TimeoutError:
        attacker.kill()  # the attacker this script started
        await attacker.wait()
        output, killed = b"", True
    attack_seconds = round(time.monotonic() - began, 1)
    if attacker.returncode and not killed:  # an attack that could not run is an error
        raise RuntimeError(f"the {name} attacker failed: {(await errors).decode()[-2000:]}")
    await asyncio.sleep(settle)
    sampling = False
    await sampler
    end = {"rss": _rss_kib(pid), "files": _files(pid)}
    lines = output.decode().strip().splitlines()
    result = {
        "scenario": name,
        "attack": scenario.attack,
        "settings": scenario.settings,
        "server_open_files_limit": scenario.nofile,
        "load_average_1min": round(load, 2),
        "quiet": quiet.summary(),
        "attacked": attacked.summary(),
        "attack_ready_after_s": set_up.get("ready"),
        "attack_seconds": attack_seconds,
        "attacker": json.loads(lines[-1]) if lines else {"killed": killed},
        "rss_mib": [round(v["rss"] / 1024, 1) for v in (start, peak, end)],
        "open_files": [start["files"], peak["files"], end["files"]],
    }
    result["targets"] = _targets(result)
    return result


def _targets(result: dict[str, Any]) -> dict[str, dict[str, Any]]:
    quiet, attacked = result["quiet"], result["attacked"]
    ratio = attacked["moves"] / quiet["moves"] if quiet["moves"] else None
    result["moves_ratio"] = None if ratio is None else round(ratio, 2)
    start, peak, end = result["rss_mib"]
    p99 = attacked["p99_ms"]
    if p99 is not None and attacked["bot_wait_p99_ms"] is not None:  # its bots answer too
        p99 = max(p99, attacked["bot_wait_p99_ms"])
    return {
        f"moves >= {KEEP} of quiet": {"value": result["moves_ratio"], "met": (ratio or 0) >= KEEP},
        f"p99 < {P99_MS:g} ms": {"value": p99, "met": p99 is not None and p99 < P99_MS},
        f"RSS peak < {PEAK_MIB:g} MiB": {"value": peak, "met": peak < PEAK_MIB},
        f"RSS after within {BACK_MIB:g} MiB of start": {
            "value": round(end - start, 1),
            "met": end - start <= BACK_MIB,
        },
        "no seat refused": {
            "value": attacked["seats_refused"],
            "met": attacked["seats_refused"] == 0,
        },
    }


def _print(result: dict[str, Any]) -> None:
    quiet, attacked = result["quiet"], result["attacked"]
    start, peak, end = result["rss_mib"]
    print(
        f"{result['scenario']}: {result['attack']}\n"
        f"  victim quiet    p50 {quiet['p50_ms']} ms, p99 {quiet['p99_ms']} ms, "
        f"{quiet['moves']} moves\n"
        f"  victim attacked p50 {attacked['p50_ms']} ms, p99 {attacked['p99_ms']} ms, "
        f"{attacked['moves']} moves ({result['moves_ratio']} of quiet); "
        f"games {attacked['games']} ({attacked['games_finished']} finished)",
        flush=True,
    )
    if attacked["bot_wait_p50_ms"] is not None or quiet["bot_wait_p50_ms"] is not None:
        print(
            f"  waits for its bots: quiet p50 {quiet['bot_wait_p50_ms']} ms, p99 "
            f"{quiet['bot_wait_p99_ms']} ms; attacked p50 {attacked['bot_wait_p50_ms']} ms, "
            f"p99 {attacked['bot_wait_p99_ms']} ms ({attacked['bot_waits_unfinished']} still "
            f"waiting at the end); table moves {quiet['table_moves']} -> "
            f"{attacked['table_moves']}"
        )
    print(
        f"  server RSS {start} -> peak {peak} -> after {end} MiB; open files "
        f"{' -> '.join(map(str, result['open_files']))}; seats refused "
        f"{attacked['seats_refused']} {attacked['seats_refused_by_reason'] or ''}"
    )
    if attacked["creates_refused"]:
        print(
            f"  victim's new tables refused {attacked['creates_refused']}, Retry-After "
            f"{attacked['retry_after']}"
        )
    print(f"  attack (set up in {result['attack_ready_after_s']} s): {result['attacker']}")
    print(
        "  targets: "
        + "; ".join(
            f"{name} {'met' if t['met'] else 'MISSED'} ({t['value']})"
            for name, t in result["targets"].items()
        ),
        flush=True,
    )


def _table(results: list[dict[str, Any]]) -> str:
    rows = [
        "| scenario | quiet p50 / p99 ms (moves) | attacked p50 / p99 ms (moves) | kept | "
        "RSS start / peak / after MiB | seats refused | targets missed |",
        "|---|---:|---:|---:|---:|---:|---|",
    ]
    for r in results:
        q, a = r["quiet"], r["attacked"]
        missed = [name for name, t in r["targets"].items() if not t["met"]]
        rows.append(
            f"| {r['scenario']} | {q['p50_ms']} / {q['p99_ms']} ({q['moves']}) | "
            f"{a['p50_ms']} / {a['p99_ms']} ({a['moves']}) | {r['moves_ratio']} | "
            f"{' / '.join(map(str, r['rss_mib']))} | {a['seats_refused']} | "
            f"{', '.join(missed) or 'none'} |"
        )
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds", type=float, default=6.0, help="each phase, quiet and attacked (default 6)"
    )
    parser.add_argument(
        "--settle",
        type=float,
        default=4.0,
        help="seconds after the attackers closed before the server's memory is read (4)",
    )
    parser.add_argument(
        "--scenarios", default=",".join(SCENARIOS), help=f"some of {', '.join(SCENARIOS)}"
    )
    parser.add_argument("--json", help="also write the results to this file")
    parser.add_argument(
        "--server-src",
        metavar="DIR",
        help="run the server from the tablefeast package in DIR (a folder holding tablefeast/, "
        "such as an export of an earlier commit's src) instead of the installed one",
    )
    parser.add_argument("--attack", help=argparse.SUPPRESS)  # the attacker's own process
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--table", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.attack:
        report = asyncio.run(_attacker(args.attack, args.port, args.table, args.seconds))
        print(json.dumps(report), flush=True)
        return
    chosen = args.scenarios.split(",")
    if not set(chosen) <= set(SCENARIOS) or not 1 <= args.seconds <= 60:
        parser.error(f"--scenarios from {', '.join(SCENARIOS)}; --seconds 1 to 60")
    if not 0 <= args.settle <= 60:
        parser.error("--settle 0 to 60")
    if args.server_src is not None:
        args.server_src = str(Path(args.server_src).resolve())
        if not (Path(args.server_src) / "tablefeast" / "server").is_dir():
            parser.error(f"--server-src: no tablefeast/server in {args.server_src}")
    results, failed = [], []
    for name in chosen:
        try:
            result = _run(name, args)
        except (RuntimeError, OSError, subprocess.SubprocessError) as e:  # the next one may run
            print(f"{name}: could not run: {e}", flush=True)
            failed.append({"scenario": name, "error": str(e)})
            continue
        results.append(result)
        _print(result)
    print()
    print(_table(results))
    if args.json:
        Path(args.json).write_text(json.dumps(results + failed, indent=2) + "\n")
    if failed:
        sys.exit(1)


def _run(name: str, args: argparse.Namespace) -> dict[str, Any]:
    """One scenario on a server of its own."""
    with _server(SCENARIOS[name], args.server_src) as (port, server, log, used):
        result = asyncio.run(
            _scenario(
                name, SCENARIOS[name], port, server.pid, seconds=args.seconds, settle=args.settle
            )
        )
        text = log.read_text(errors="replace").splitlines()
    result["server_src"] = args.server_src or "installed"
    result["settings_used"] = used
    result["server_log_lines"] = len(text)
    result["server_log_last"] = text[-3:]
    return result


if __name__ == "__main__":
    main()
