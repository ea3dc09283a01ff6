"""HTTP connections before the app sees them (issue 45, item 2), on a real `tablefeast serve`.

Headers that never finish, bodies sent a byte at a time, thousands of silent connections from
many addresses: each is bounded by `tablefeast.server.connections`, and a victim's requests
from another address are served throughout. Loopback only; every server is the test's own
child process, ended by its id; every wait is bounded.
"""

from __future__ import annotations

import json
import resource
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")

from tests.server.test_attack_process import _frame, _raw_socket
from tests.server.test_process import _free_port, _wait_until_up

BODY = {"game": "food_chain", "seats": ["human", "human", "random"]}


class Served:
    """A running server: its port and process, and what it wrote to stderr once it ended."""

    def __init__(self, port: int, process: subprocess.Popen[str]) -> None:
        self.port = port
        self.process = process
        self.stderr = ""

    def __iter__(self) -> Iterator[Any]:  # port, self = served(...)
        return iter((self.port, self))


@contextmanager
def served(tmp_path: Path, files: int | None = None, **settings: Any) -> Iterator[Served]:
    """A `tablefeast serve` with these settings (a TOML file), and at most `files` open files;
    yields its port and itself (`Served.stderr` is read once it has ended)."""
    config = tmp_path / "settings.toml"
    config.write_text("".join(f"{key} = {json.dumps(value)}\n" for key, value in settings.items()))
    port = _free_port()

    arguments = ["serve", "--port", str(port), "--db", str(tmp_path / "t.db")]
    arguments += ["--config", str(config)]
    # At most `files` open files, set in the child before the server starts (a machine whose
    # limit is low): soft and hard, so that the server cannot raise it.
    start = (
        f"import resource, sys; resource.setrlimit(resource.RLIMIT_NOFILE, ({files}, {files}))"
        if files is not None
        else "import sys"
    )
    start += f"; from tablefeast.cli import main; sys.exit(main({arguments!r}))"
    server = subprocess.Popen(
        [sys.executable, "-c", start], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    running = Served(port, server)
    try:
        _wait_until_up(port, server)
        yield running
    finally:
        if server.poll() is None:  # end only the process this test started
            server.kill()
        running.stderr = server.communicate(timeout=30)[1]


def _connect(port: int, source: str = "127.0.0.1") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
    return sock


def _answer(sock: socket.socket, timeout: float = 10.0) -> bytes:
    """Everything the server sends until it closes the connection (or `timeout`)."""
    sock.settimeout(timeout)
    data = b""
    with suppress(TimeoutError, ConnectionResetError):
        while chunk := sock.recv(65536):
            data += chunk
    return data


def _get(port: int, path: str = "/api/server", source: str = "127.0.0.1") -> int:
    """The status of a GET, by hand (from `source`)."""
    with _connect(port, source) as sock:
        sock.sendall(
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode()
        )
        head = _answer(sock)
    return int(head.split()[1]) if head.startswith(b"HTTP/1.1 ") else 0


def _raise_own_file_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def test_headers_that_never_finish_are_answered_408_and_closed(tmp_path: Path) -> None:
    with served(tmp_path, header_timeout=0.5) as (port, _):
        slow, silent = _connect(port), _connect(port)
        slow.sendall(b"GET /api/server HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        started = time.monotonic()
        for sock in (slow, silent):
            answer = _answer(sock)
            assert answer.startswith(b"HTTP/1.1 408"), answer
            assert b'"error": "timeout"' in answer
        assert time.monotonic() - started < 5
        # A kept-alive connection's next request has the same deadline.
        with _connect(port) as sock:
            sock.sendall(b"GET /api/server HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            time.sleep(0.2)
            sock.sendall(b"GET /api/server HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Sl")
            answers = _answer(sock)
            assert answers.startswith(b"HTTP/1.1 200") and b"HTTP/1.1 408" in answers
        assert _get(port) == 200


def test_headers_over_the_limit_are_answered_431(tmp_path: Path) -> None:
    with served(tmp_path, max_header_bytes=4096) as (port, _), _connect(port) as sock:
        sock.sendall(b"GET /api/server HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        time.sleep(0.1)
        with suppress(OSError):  # the server may close before the last piece
            for _ in range(8):  # 8 KiB of headers, in pieces, never finished
                sock.sendall(b"X-Filler: " + b"a" * 1000 + b"\r\n")
                time.sleep(0.02)
        answer = _answer(sock)
        assert answer.startswith(b"HTTP/1.1 431"), answer


def test_a_body_slower_than_the_minimum_rate_is_answered_408(tmp_path: Path) -> None:
    with served(tmp_path, header_timeout=0.5, min_body_rate=1000.0) as (port, _):
        with _connect(port) as sock:
            sock.sendall(
                b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                b"Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"
            )
            started = time.monotonic()
            answer = _answer(sock)  # due 0.5 s + 1000 bytes at 1000 a second
            assert answer.startswith(b"HTTP/1.1 408"), answer
            assert 1.0 < time.monotonic() - started < 6
        with _connect(port) as sock:  # the same body at once is read and answered
            body = json.dumps(BODY).encode()
            sock.sendall(
                b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                b"Content-Type: application/json\r\nContent-Length: "
                + str(len(body)).encode()
                + b"\r\n\r\n"
                + body
            )
            assert _answer(sock).startswith(b"HTTP/1.1 201")


def test_http_connections_are_capped_per_address_and_in_all(tmp_path: Path) -> None:
    settings = {"max_http_connections": 6, "max_http_connections_per_address": 3}
    with served(tmp_path, **settings) as (port, _):
        held = [_connect(port, "127.0.0.2") for _ in range(3)]
        with _connect(port, "127.0.0.2") as fourth:
            answer = _answer(fourth)
            assert answer.startswith(b"HTTP/1.1 429"), answer
            assert b"too_many_connections" in answer and b"retry-after: 5" in answer
        assert _get(port, source="127.0.0.3") == 200  # another address is served
        held += [_connect(port, "127.0.0.4") for _ in range(3)]
        time.sleep(0.3)
        with _connect(port, "127.0.0.5") as over:
            assert _answer(over).startswith(b"HTTP/1.1 503")
        held.pop().close()
        time.sleep(0.3)
        assert _get(port, source="127.0.0.5") == 200
        for sock in held:
            sock.close()


def test_websockets_leave_the_http_counts(tmp_path: Path) -> None:
    """A connection that becomes a WebSocket is counted by the hub, not as HTTP."""
    with served(tmp_path, max_http_connections_per_address=2) as (port, _):
        created = json.loads(_answer(_post_table(port)).partition(b"\r\n\r\n")[2])
        sockets = [_raw_socket(port, f"/ws/tables/{created['table']}")[0] for _ in range(4)]
        assert _get(port) == 200
        for sock in sockets:
            sock.close()


def _post_table(port: int) -> socket.socket:
    sock = _connect(port)
    body = json.dumps(BODY).encode()
    sock.sendall(
        b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        b"Content-Type: application/json\r\nContent-Length: "
        + str(len(body)).encode()
        + b"\r\n\r\n"
        + body
    )
    return sock


def test_slowloris_from_many_addresses_under_a_low_file_limit(tmp_path: Path) -> None:
    """The attack found (issue 45): 3,000 connections whose headers never finish, under a
    1,024-file limit, took every file the server could open: the victim's next request failed.
    Now the server fits its caps to its files, each address holds at most a few connections,
    and the victim (another address) is served throughout."""
    _raise_own_file_limit()
    with served(tmp_path, files=1024) as (port, server):
        attackers: list[socket.socket] = []
        statuses = []
        for _ in range(10):
            for i in range(300):  # 30 addresses, 10 connections each this round
                with suppress(OSError):
                    sock = _connect(port, f"127.0.{1 + (i % 30)}.9")
                    sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                    attackers.append(sock)
            statuses.append(_get(port, source="127.0.0.250"))
            time.sleep(0.2)
            alive = []  # the refused ones are closed by the server: let them go
            for sock in attackers:
                sock.setblocking(False)
                try:  # anything to read: a refusal (429 or 503) and the close
                    sock.recv(65536)
                    gone = True
                except BlockingIOError:  # nothing: held, waiting for its headers
                    gone = False
                except OSError:
                    gone = True
                if gone:
                    sock.close()
                else:
                    alive.append(sock)
            attackers = alive
        assert statuses == [200] * 10, statuses
        assert len(attackers) <= 30 * 8, len(attackers)  # the per-address cap held
        for sock in attackers:
            sock.close()
    assert "warning: this process may open 1024 files" in server.stderr


def test_invalid_utf8_in_a_frame_is_one_line_in_the_log(tmp_path: Path) -> None:
    with served(tmp_path) as (port, server):
        created = json.loads(_answer(_post_table(port)).partition(b"\r\n\r\n")[2])
        for _ in range(3):
            sock, head = _raw_socket(port, f"/ws/tables/{created['table']}")
            assert head.startswith(b"HTTP/1.1 101")
            sock.sendall(_frame(b'{"type": "\xff\xfe"}'))
            _answer(sock, timeout=5)
            sock.close()
        assert _get(port) == 200
    log = server.stderr
    assert log.count("Invalid UTF-8") == 3, log
    assert "Traceback" not in log, log


def test_a_websockets_input_is_parsed_only_as_fast_as_the_app_reads_it() -> None:
    """uvicorn's own protocol parses every frame of a read at once and queues them all; the
    paced one holds the input unparsed (pausing the socket past UNPARSED_BYTES) and parses a
    slice at a time, once the app has read everything parsed before."""
    import asyncio
    import base64
    import os
    from unittest import mock

    import uvicorn
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
    from uvicorn.server import ServerState

    from tablefeast.server.connections import PARSE_SLICE, UNPARSED_BYTES, PacedWebSocket
    from tests.server.test_attack_process import _frame

    key = base64.b64encode(os.urandom(16)).decode()
    handshake = (
        "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
    ).encode()
    frames = _frame(b'{"type": "ping"}') * 4000

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        reads.append(await receive())  # one message, then it reads no more for now
        await asyncio.sleep(3600)

    async def queued(kind: Any) -> tuple[int, Any, Any]:
        config = uvicorn.Config(app, ws=kind, log_level="error")
        config.load()
        transport = mock.Mock()
        transport.get_extra_info.side_effect = lambda name, default=None: (
            ("127.0.0.1", 9) if name in ("peername", "sockname") else default
        )
        transport.is_closing.return_value = False
        protocol = kind(config=config, server_state=ServerState(), app_state={})
        protocol.connection_made(transport)
        protocol.data_received(handshake)
        await asyncio.sleep(0.05)  # the app accepts and reads its first message
        protocol.data_received(frames)
        await asyncio.sleep(0.05)
        for task in protocol.tasks:
            task.cancel()
        return protocol.queue.qsize(), protocol, transport

    reads: list[Any] = []
    unpaced, _, _ = asyncio.run(queued(WebSocketsSansIOProtocol))
    assert unpaced >= 3990  # every frame of the read parsed and queued at once
    reads.clear()
    paced, protocol, transport = asyncio.run(queued(PacedWebSocket))
    assert reads and reads[0]["text"] == '{"type": "ping"}'
    assert paced <= PARSE_SLICE // 20  # one slice parsed, waiting for the app
    assert len(protocol.unparsed) >= len(frames) - 2 * PARSE_SLICE
    assert len(frames) > UNPARSED_BYTES and transport.pause_reading.called
