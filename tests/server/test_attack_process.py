"""Attacks on a real `tablefeast serve` over real sockets on 127.0.0.1 (bounded in time).

The attacks a test client cannot make: a request as a browser on another site sends it, raw
frames, and a client that floods and never reads what the server answers.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import socket
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
from websockets.sync.client import connect

from tests.server.test_process import _free_port, running

BODY = {"game": "food_chain", "seats": ["human", "human", "random"]}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, int]]:
    """A server with its default limits; yields its port and process id."""
    port = _free_port()
    with running(port, tmp_path_factory.mktemp("attack") / "t.db") as process:
        yield port, process.pid


def _request(port: int, method: str, path: str, body: bytes | None, headers: dict[str, str]) -> Any:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", data=body, method=method, headers=headers
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def _table(port: int) -> dict[str, Any]:
    status, created = _request(
        port, "POST", "/api/tables", json.dumps(BODY).encode(), {"Content-Type": "application/json"}
    )
    assert status == 201, created
    return dict(created)


def _raw_socket(port: int, path: str, origin: str | None = None) -> tuple[socket.socket, bytes]:
    """A WebSocket handshake by hand; returns the socket and the server's answer head."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    key = base64.b64encode(os.urandom(16)).decode()
    lines = [
        f"GET {path} HTTP/1.1",
        f"Host: 127.0.0.1:{port}",
        "Upgrade: websocket",
        "Connection: Upgrade",
        f"Sec-WebSocket-Key: {key}",
        "Sec-WebSocket-Version: 13",
    ]
    if origin:
        lines.append(f"Origin: {origin}")
    sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(4096)
        if not chunk:
            break
        head += chunk
    return sock, head


def _frame(payload: bytes, opcode: int = 1) -> bytes:
    """A masked client frame (text by default)."""
    mask = os.urandom(4)
    length = len(payload)
    header = bytes([0x80 | opcode])
    if length < 126:
        header += bytes([0x80 | length])
    else:
        header += bytes([0x80 | 126]) + length.to_bytes(2, "big")
    return header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def test_a_cross_site_text_plain_post_runs_nothing_and_creates_nothing(
    server: tuple[int, int],
) -> None:
    """What a page on another site can send without a preflight: text/plain, its own Origin."""
    port, _ = server
    body = json.dumps({**BODY, "seats": ["human", 'os:system:"touch PWNED"', "random"]}).encode()
    for headers in (
        {"Content-Type": "text/plain", "Origin": "http://evil.example"},
        {"Content-Type": "text/plain"},
        {"Content-Type": "application/json", "Origin": "http://evil.example"},
        {"Content-Type": "application/json", "Host": "evil.example"},
    ):
        status, answer = _request(port, "POST", "/api/tables", body, headers)
        assert status in (400, 403, 415), (headers, status, answer)
        assert answer["error"] in ("unsupported_media_type", "forbidden_origin", "host_not_allowed")
    status, answer = _request(
        port, "POST", "/api/tables", body, {"Content-Type": "application/json"}
    )
    assert status == 400 and "unknown seat kind" in answer["message"]
    assert not Path("PWNED").exists()


def test_a_websocket_handshake_from_another_site_is_refused(server: tuple[int, int]) -> None:
    port, _ = server
    created = _table(port)
    path = f"/ws/tables/{created['table']}?token={created['tokens']['0']}"
    sock, head = _raw_socket(port, path, origin="http://evil.example")
    sock.close()
    assert head.startswith(b"HTTP/1.1 403"), head[:60]
    sock, head = _raw_socket(port, path, origin=f"http://127.0.0.1:{port}")
    sock.close()
    assert head.startswith(b"HTTP/1.1 101"), head[:60]


def test_a_binary_frame_is_answered_with_an_error(server: tuple[int, int]) -> None:
    port, _ = server
    created = _table(port)
    url = f"ws://127.0.0.1:{port}/ws/tables/{created['table']}?token={created['tokens']['0']}"
    with connect(url) as ws:
        json.loads(ws.recv(timeout=10))
        ws.send(b'{"type": "ping"}')
        while (message := json.loads(ws.recv(timeout=10)))["type"] == "update":
            pass
        assert message["type"] == "error" and message["code"] == "bad_message"
        ws.send(json.dumps({"type": "ping"}))
        while (message := json.loads(ws.recv(timeout=10)))["type"] == "update":
            pass
        assert message == {"type": "pong"}


def test_a_flood_that_never_reads_is_closed_and_costs_bounded_memory(
    server: tuple[int, int],
) -> None:
    port, pid = server
    created = _table(port)
    base = f"/ws/tables/{created['table']}"
    before = _rss_kib(pid)
    sock, head = _raw_socket(port, f"{base}?token={created['tokens']['0']}")
    assert head.startswith(b"HTTP/1.1 101")
    ping = _frame(b'{"type": "ping"}')
    latencies = []
    closed = False
    deadline = time.monotonic() + 20
    sock.settimeout(0.05)
    with connect(f"ws://127.0.0.1:{port}{base}?token={created['tokens']['1']}") as victim:
        json.loads(victim.recv(timeout=10))
        while time.monotonic() < deadline and not closed:
            try:
                for _ in range(200):
                    sock.sendall(ping)  # and never a recv
            except TimeoutError:
                pass  # the server reads no faster than it answers: its buffers are full
            except OSError:  # the server dropped the connection: the flood is over
                closed = True
            time.sleep(0.1)  # the victim keeps within its own rate: ten pings a second
            sent = time.perf_counter()
            victim.send(json.dumps({"type": "ping"}))
            while json.loads(victim.recv(timeout=10))["type"] != "pong":
                pass
            latencies.append(time.perf_counter() - sent)
    sock.close()
    assert closed, "the server kept a connection that floods and never reads"
    assert max(latencies) < 1.0, latencies
    assert _rss_kib(pid) - before < 40_000, "the server buffered the flood"


def test_a_frame_over_the_message_size_closes_the_connection_unread(
    server: tuple[int, int],
) -> None:
    """The attack found (issue 45): 64 KB frames on 32 connections took a victim from 15 to
    857 ms (p99). A client message is at most 4,096 characters, so a frame announcing more
    closes its connection (1009) from its header, before its payload is read."""
    port, _ = server
    created = _table(port)
    sock, head = _raw_socket(port, f"/ws/tables/{created['table']}?token={created['tokens']['0']}")
    assert head.startswith(b"HTTP/1.1 101")
    frame = _frame(json.dumps({"type": "why", "move": "x" * 20_000}).encode())
    sock.settimeout(10)
    with contextlib.suppress(OSError):
        sock.sendall(frame[:1000])  # the header and a little: the rest never needs to come
    answer = b""
    with contextlib.suppress(OSError):
        while chunk := sock.recv(65536):
            answer += chunk
    sock.close()
    close = answer[answer.rfind(b"\x88") :]  # the server's close frame
    assert close[:1] == b"\x88" and int.from_bytes(close[2:4], "big") == 1009, answer[-40:]


def test_a_burst_of_frames_is_parsed_only_as_fast_as_it_is_read(server: tuple[int, int]) -> None:
    """The attack found (issue 45): JSON pings flooded on 64 connections gave a victim a p99
    of 1,965 ms, the server parsing every frame of each read at once (thousands in a 64 KiB
    read). Now a connection's input waits unparsed, a slice at a time as the app reads it: a
    burst of 4,000 pings is answered at the connection's rate, and another connection's ping
    is answered at once meanwhile."""
    port, _ = server
    created = _table(port)
    base = f"/ws/tables/{created['table']}"
    sock, head = _raw_socket(port, f"{base}?token={created['tokens']['0']}")
    assert head.startswith(b"HTTP/1.1 101")
    sock.sendall(_frame(b'{"type": "ping"}') * 4000)  # 92 KB in one write
    started = time.monotonic()
    with connect(f"ws://127.0.0.1:{port}{base}?token={created['tokens']['1']}") as other:
        json.loads(other.recv(timeout=10))
        latencies = []
        for _ in range(10):
            sent = time.perf_counter()
            other.send(json.dumps({"type": "ping"}))
            while json.loads(other.recv(timeout=10))["type"] != "pong":
                pass
            latencies.append(time.perf_counter() - sent)
            time.sleep(0.1)
    sock.settimeout(0.5)
    answered = b""
    with contextlib.suppress(OSError):
        while chunk := sock.recv(65536):
            answered += chunk
    took = time.monotonic() - started
    sock.close()
    pongs = answered.count(b'{"type":"pong"}')  # the server writes compact JSON
    assert 40 <= pongs <= 40 + 20 * took + 5, (pongs, took)  # its burst, then its rate
    assert max(latencies) < 0.5, latencies


def test_a_flood_of_protocol_pings_drops_the_connection(server: tuple[int, int]) -> None:
    port, _ = server
    created = _table(port)
    sock, head = _raw_socket(port, f"/ws/tables/{created['table']}")
    assert head.startswith(b"HTTP/1.1 101")
    sock.settimeout(10)
    with contextlib.suppress(OSError):
        sock.sendall(_frame(b"", opcode=9) * 200)  # 200 pings (control frames) at once
        while sock.recv(65536):
            pass
    sock.settimeout(1)
    with pytest.raises(OSError):  # gone: reset, or closed and refusing what follows
        for _ in range(20):
            sock.sendall(_frame(b"", opcode=9))
            time.sleep(0.05)
    sock.close()
