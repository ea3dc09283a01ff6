"""HTTP connections before the app sees them: how many, from whom, and how fast they must speak.

An ASGI app is called only once a request's line and headers have arrived, so what happens
before (a connection that never finishes its headers, headers of megabytes, a body sent a
byte a minute) must be bounded where the connection is read: in the HTTP protocol of the ASGI
server. `tablefeast serve` runs uvicorn with `GuardedProtocol`, its ``httptools`` protocol with:

- **connection caps**: `ServerSettings.max_http_connections` at once, and
  `ServerSettings.max_http_connections_per_address` from one client address (not for the
  trusted proxy's own address, whose clients the proxy bounds). A connection past a cap is
  answered at once (503 ``busy`` or 429 ``too_many_connections``, with ``Retry-After``) and
  closed, before anything of it is read;
- **a deadline for the head**: a request's line and headers must arrive within
  `ServerSettings.header_timeout` seconds of its first byte (a new connection must start one
  within that too); past it, 408 and closed (slowloris);
- **a size for the head**: at most `ServerSettings.max_header_bytes`; past it, 431 and closed;
- **a minimum rate for the body**: a body must arrive within `ServerSettings.header_timeout`
  plus its length at `ServerSettings.min_body_rate` bytes a second; past it, 408 and closed.

A connection that becomes a WebSocket leaves these counts for the hub's
(`ServerSettings.max_connections`). uvicorn's own ``limit_concurrency`` is not used: it counts
connections of every address together, answers only once a request's headers are read, and
knows no deadline for them; its ``timeout_keep_alive`` (5 s) still closes idle connections
between requests. The counts and deadlines are tested against a real server
(``tests/server/test_connections.py``).

`files_needed` and `fit_to_files` keep the caps within the process's open-file limit, so
that no number of connections can make the server unable to accept its next one.
"""

from __future__ import annotations

import contextlib
import json
import logging
import resource
from collections import Counter
from typing import Any

import attrs

from tablefeast.server.budget import TokenBucket
from tablefeast.server.settings import ServerSettings

try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
except ImportError:  # uvicorn without httptools: `serve` says what to install
    HttpToolsProtocol = None  # type: ignore[assignment,misc]
try:
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
except ImportError:  # uvicorn without websockets: `serve` says what to install
    WebSocketsSansIOProtocol = None  # type: ignore[assignment,misc]

__all__ = [
    "FILES_SPARE",
    "PARSE_SLICE",
    "PINGS_PER_SECOND",
    "UNPARSED_BYTES",
    "ConnectionCounts",
    "GuardedProtocol",
    "OneLineProtocolErrors",
    "PacedWebSocket",
    "files_needed",
    "fit_to_files",
]

log = logging.getLogger("tablefeast.server")

FILES_SPARE = 128
"""Open files kept for everything but client connections (the database, the bots' pipes, the
static files, logs)."""


def _answer(status: str, code: str, message: str, retry: int | None = None) -> bytes:
    """A whole HTTP answer that closes the connection, with the app's JSON error body."""
    body = json.dumps({"error": code, "message": message}).encode()
    head = [
        f"HTTP/1.1 {status}",
        "content-type: application/json",
        f"content-length: {len(body)}",
        "connection: close",
    ]
    if retry is not None:
        head.append(f"retry-after: {retry}")
    return ("\r\n".join(head) + "\r\n\r\n").encode() + body


_BUSY = _answer(
    "503 Service Unavailable", "busy", "the server has as many connections as it takes", 5
)
_TOO_MANY = _answer(
    "429 Too Many Requests", "too_many_connections", "too many connections from your address", 5
)
_TIMEOUT = _answer("408 Request Timeout", "timeout", "the request came too slowly")
_TOO_BIG = _answer(
    "431 Request Header Fields Too Large", "too_large", "the request's headers are too large"
)


class ConnectionCounts:
    """The HTTP connections one server process holds, in all and per client address.

    Args:
        settings: the caps.
        proxy: the trusted proxy's address, whose connections have no per-address cap.

    Examples:
        >>> counts = ConnectionCounts(ServerSettings(max_http_connections_per_address=1))
        >>> counts.admit("10.0.0.1"), counts.admit("10.0.0.1")
        (None, 429)
        >>> counts.release("10.0.0.1"); counts.admit("10.0.0.1")
        >>> counts.total
        1
    """

    def __init__(self, settings: ServerSettings, proxy: str | None = None) -> None:
        self.settings = settings
        self.proxy = proxy
        self.total = 0
        self.by_address: Counter[str] = Counter()

    def admit(self, address: str) -> int | None:
        """Count a new connection from `address`, or the status refusing it (not counted).

        Args:
            address: the client's address.
        """
        if self.total >= self.settings.max_http_connections:
            return 503
        if (
            address != self.proxy
            and self.by_address[address] >= self.settings.max_http_connections_per_address
        ):
            return 429
        self.total += 1
        self.by_address[address] += 1
        return None

    def release(self, address: str) -> None:
        """Forget a connection `admit` counted.

        Args:
            address: the client's address.
        """
        self.total -= 1
        self.by_address[address] -= 1
        if self.by_address[address] <= 0:
            del self.by_address[address]


if HttpToolsProtocol is not None:

    class GuardedProtocol(HttpToolsProtocol):
        """uvicorn's httptools protocol with the caps and deadlines of the module docs.

        Args:
            counts: the process's connection counts.
            kwargs: what uvicorn passes to its protocols.
        """

        def __init__(self, counts: ConnectionCounts, **kwargs: Any) -> None:
            super().__init__(**kwargs)
            self.counts = counts
            self.guarded = counts.settings
            self.address: str | None = None  # set once counted
            self.head_bytes: int | None = 0  # bytes of the head being read; None: not in one
            self.deadline: Any = None

        # -------------------------------------------------------------- the connection

        def connection_made(self, transport: Any) -> None:
            peer = transport.get_extra_info("peername")
            address = str(peer[0]) if isinstance(peer, tuple) and peer else "unknown"
            refused = self.counts.admit(address)
            if refused is not None:  # answered and closed before anything is read
                transport.write(_BUSY if refused == 503 else _TOO_MANY)
                transport.close()
                return
            self.address = address
            super().connection_made(transport)
            self._expire_in(self.guarded.header_timeout)  # a silent new connection too

        def connection_lost(self, exc: Exception | None) -> None:
            if self.address is None:  # refused: uvicorn's bookkeeping never began
                return
            self._release()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            if self.address is None:  # refused (it is closing): nothing of it is read
                return
            if self.head_bytes is not None:
                self.head_bytes += len(data)
            super().data_received(data)
            # Still in the head after this read (a read may hold the head's end and a body):
            if self.head_bytes is not None and self.head_bytes > self.guarded.max_header_bytes:
                self._end(_TOO_BIG)

        def handle_websocket_upgrade(self) -> None:
            self._release()  # a WebSocket now: the hub counts it
            super().handle_websocket_upgrade()

        # -------------------------------------------------------------- the parser's calls

        def on_message_begin(self) -> None:
            super().on_message_begin()
            if self.head_bytes is None:  # the next request of a kept-alive connection
                self.head_bytes = 0
                self._expire_in(self.guarded.header_timeout)

        def on_headers_complete(self) -> None:
            self.head_bytes = None
            super().on_headers_complete()
            length = self._declared_length()
            if length == 0:
                self._expire_in(None)
            else:
                body = self.guarded.max_body_bytes if length is None else length
                self._expire_in(self.guarded.header_timeout + body / self.guarded.min_body_rate)

        def on_message_complete(self) -> None:
            self._expire_in(None)
            super().on_message_complete()

        # -------------------------------------------------------------- helpers

        def _declared_length(self) -> int | None:
            # 0: no body; None: a body of unknown length (chunked).
            for name, value in self.headers:
                if name == b"content-length":
                    return int(value) if value.isdigit() and len(value) <= 18 else None
                if name == b"transfer-encoding":
                    return None
            return 0

        def _expire_in(self, seconds: float | None) -> None:
            if self.deadline is not None:
                self.deadline.cancel()
            self.deadline = None if seconds is None else self.loop.call_later(seconds, self._late)

        def _late(self) -> None:
            self.deadline = None
            self._end(_TIMEOUT)

        def _end(self, answer: bytes) -> None:
            # An answer unless one is under way, then closed (connection_lost releases the
            # count).
            self._expire_in(None)
            if self.transport.is_closing():
                return
            cycle = self.cycle
            if cycle is None or cycle.response_complete or not cycle.response_started:
                self.transport.write(answer)
            self.transport.close()

        def _release(self) -> None:
            self._expire_in(None)
            if self.address is not None:
                self.counts.release(self.address)
                self.address = None

else:  # pragma: no cover - uvicorn[standard] brings httptools
    GuardedProtocol = None  # type: ignore[assignment,misc]


PARSE_SLICE = 4096
"""Bytes of a WebSocket's input parsed into messages at a time, once the app has read every
message parsed before (`PacedWebSocket`)."""
UNPARSED_BYTES = 64 * 1024
"""Bytes of a WebSocket's input held unparsed before its socket is read no more."""
PINGS_PER_SECOND = 5.0
"""Protocol pings (control frames, answered by the WebSocket layer) a client may send a
second, on average (bursts of four times that); past it the connection is dropped."""


if WebSocketsSansIOProtocol is not None:

    class PacedWebSocket(WebSocketsSansIOProtocol):
        """uvicorn's WebSocket protocol, parsing a client's frames only as fast as the app
        reads the messages.

        uvicorn's own parses every frame of each read from the socket at once (a read of 64 KiB
        of small frames is thousands of messages, parsed in one go while every other table
        waits) and queues them all. Here the input waits unparsed (at most `UNPARSED_BYTES`;
        past it the socket is read no more) and `PARSE_SLICE` bytes are parsed only when the
        app has read every message parsed before, so a flood costs its parsing at the pace the
        app reads it (`tablefeast.server.live.Connection.pace`), a slice at a time. Protocol
        pings past `PINGS_PER_SECOND` drop the connection.

        Args:
            kwargs: what uvicorn passes to its protocols.
        """

        def __init__(self, **kwargs: Any) -> None:
            super().__init__(**kwargs)
            self.unparsed = bytearray()
            self.pings = TokenBucket(PINGS_PER_SECOND, 4 * PINGS_PER_SECOND)

        def data_received(self, data: bytes) -> None:
            if not self.handshake_initiated:  # the handshake itself, at once
                super().data_received(data)
                return
            self.unparsed += data
            self._hold()
            self._parse()

        def _hold(self) -> None:
            if len(self.unparsed) >= UNPARSED_BYTES and not self.read_paused:
                self.read_paused = True
                self.transport.pause_reading()

        def _parse(self) -> None:
            # The next slices, while nothing parsed waits for the app (control frames queue
            # nothing: a slice of them is parsed and the next waits for the next call).
            if self.unparsed and self.queue.empty() and not self.transport.is_closing():
                piece = bytes(self.unparsed[:PARSE_SLICE])
                del self.unparsed[:PARSE_SLICE]
                super().data_received(piece)
                if self.unparsed and self.queue.empty():
                    self.loop.call_soon(self._parse)  # after the others' turn

        async def receive(self) -> Any:
            self._parse()
            message = await super().receive()
            self._hold()  # uvicorn resumes reading once its queue is empty
            return message

        def handle_ping(self) -> None:
            if self.pings.take():
                self.transport.abort()  # a flood of pings: dropped
                return
            super().handle_ping()

else:  # pragma: no cover - uvicorn[standard] brings websockets
    PacedWebSocket = None  # type: ignore[assignment,misc]


def files_needed(settings: ServerSettings) -> int:
    """Open files the connection caps may take at once, with `FILES_SPARE` for the rest.

    Args:
        settings: the caps.

    Examples:
        >>> files_needed(ServerSettings())
        2640
    """
    return settings.max_http_connections + settings.max_connections + FILES_SPARE


def fit_to_files(settings: ServerSettings) -> tuple[ServerSettings, str | None]:
    """Raise the process's open-file limit to what the caps need (as far as its hard limit
    allows); where it cannot, lower the caps to fit, and say so.

    Args:
        settings: the caps.

    Returns:
        The settings to serve with, and a warning when the caps were lowered.
    """
    needed = files_needed(settings)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < needed:
        target = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if soft == resource.RLIM_INFINITY or soft >= needed:
        return settings, None
    room = max(16, soft - FILES_SPARE)
    http = max(8, min(settings.max_http_connections, room * 3 // 10))
    sockets = max(8, min(settings.max_connections, room - http))
    fitted = attrs.evolve(
        settings,
        max_http_connections=http,
        max_connections=sockets,
        max_spectators=min(settings.max_spectators, sockets // 4),
    )
    return fitted, (
        f"warning: this process may open {soft} files, fewer than its connection caps need "
        f"({needed}): serving at most {http} HTTP connections and {sockets} WebSockets "
        f"({fitted.max_spectators} spectators). Raise the limit (ulimit -n) for more."
    )


class OneLineProtocolErrors(logging.Filter):
    """Protocol errors of clients (invalid UTF-8 in a text frame, a bad handshake), which
    uvicorn logs with a whole traceback, logged as one line: a client cannot fill the log
    with tracebacks."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and record.exc_info[0] is not None:
            kind = record.exc_info[0]
            if issubclass(kind, UnicodeDecodeError) or kind.__module__.startswith("websockets"):
                record.msg = f"{record.getMessage()} ({kind.__name__})"
                record.args = None
                record.exc_info = None
                record.exc_text = None
        return True
