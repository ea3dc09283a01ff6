"""`tablefeast serve`: a multiplayer game server that never leaks a hand (extra ``server``).

The server holds every table's true state; a connection is bound to one seat (or is a
spectator) by a secret token and receives only that seat's view, its legal moves and the public
events. A game's durable truth is its record, written to SQLite before a move is announced; a
table is rebuilt by replaying its record when it is asked for. Every request is hostile until
checked: none names code, and everything a client can make the server hold is bounded
(`ServerSettings`). See the "Play online" docs page for the protocol and the threat model.

- `app`: the Starlette ASGI app (HTTP for tables, WebSockets for seats and spectators).
- `connections`: HTTP connections before the app sees them (caps, deadlines, sizes).
- `guard`: the middleware every request passes first (host, origin, rate, security headers).
- `settings`: every limit, and what the server trusts.
- `seats`: the seat kinds a request may name, and the bots built for them.
- `hub`: the tables in memory, their connections, bots and storage calls.
- `live`: a table the hub holds, and its connections (their rates and outboxes).
- `capacity`: room for new tables (live tables in all, open ones per address).
- `bots`: the fair pools the bots think on, and the promise of time.
- `budget`: token buckets per client address.
- `table`: one table's bookkeeping (moves, chance, seats, tokens, the public event log).
- `protocol`: the messages, their JSON Schemas, the client message parser.
- `store`: the storage interface and its SQLite implementation; `postgres`: on PostgreSQL,
  for several server processes serving the same tables.
- `events`: the public event log in words.

Examples:
    >>> from tablefeast.server import create_app
    >>> create_app(":memory:").routes[0].path
    '/api/tables'
"""

from __future__ import annotations

import errno
import functools
import ipaddress
import logging
import socket
import sys

from tablefeast.kernel.errors import TablefeastError

try:
    from tablefeast.server.app import create_app
    from tablefeast.server.settings import ServerSettings
except ImportError as e:  # a clear word on what to install, not a bare ModuleNotFoundError
    raise ImportError(
        f'{__name__} needs the server extra: pip install "tablefeast[server]" ({e})'
    ) from e

__all__ = [
    "ServeError",
    "ServerSettings",
    "check_port",
    "create_app",
    "exposure_warning",
    "loopback",
    "serve",
]


class ServeError(TablefeastError):
    """The server cannot start (a taken port, an unwritable database): a one-line reason."""


def loopback(host: str) -> bool:
    """Whether `host` (an address to listen on) is reachable only from this machine.

    Args:
        host: the address, as given to ``--host``.

    Examples:
        >>> loopback("127.0.0.1"), loopback("localhost"), loopback("0.0.0.0")
        (True, True, False)
    """
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def exposure_warning(host: str, settings: ServerSettings) -> str | None:
    """The warning for a server reachable from other machines without a creation key, or None.

    Args:
        host: the address it listens on.
        settings: its settings.
    """
    if loopback(host) or settings.create_key is not None:
        return None
    return (
        f"warning: listening on {host} without a creation key: anyone who can reach this "
        "address can create tables and make the server run bots for them (up to "
        f"{settings.max_open_tables} open tables). Set --create-key or TABLEFEAST_CREATE_KEY, "
        "or listen on 127.0.0.1 behind a reverse proxy."
    )


def check_port(host: str, port: int) -> None:
    """Whether the server could listen on `host`:`port` now (it binds and lets go at once).

    Args:
        host: the address.
        port: the TCP port.

    Raises:
        ServeError: the port is taken, or the address cannot be listened on (in one line).
    """
    try:
        with socket.create_server((host, port)):
            pass
    except OSError as e:
        if e.errno == errno.EADDRINUSE:
            raise ServeError(f"port {port} on {host} is already in use") from None
        raise ServeError(f"cannot listen on {host}:{port}: {e.strerror or e}") from None


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str = "tablefeast.db",
    settings: ServerSettings | None = None,
    proxy: str | None = None,
) -> None:
    """Run the server until interrupted.

    Args:
        host: the address to listen on (loopback by default).
        port: the TCP port.
        db: the SQLite database file, or a PostgreSQL URL.
        settings: the server's settings (every limit, the creation key, the operator's agents).
        proxy: the address of a trusted reverse proxy, whose X-Forwarded-For names the client
            (None: the connection's own address is the client's).

    Raises:
        ServeError: the port is taken or the database cannot be used.
    """
    import uvicorn

    from tablefeast.server import connections, protocol
    from tablefeast.server.store import StoreError

    if connections.GuardedProtocol is None or connections.PacedWebSocket is None:
        raise ServeError(
            'the server needs httptools and websockets: pip install "tablefeast[server]"'
        )
    check_port(host, port)  # a clear one-line error instead of uvicorn's log and exit
    settings, fitted = connections.fit_to_files(settings or ServerSettings())
    if fitted is not None:
        print(fitted, file=sys.stderr)
    try:
        app = create_app(db, settings=settings)
    except StoreError as e:
        raise ServeError(str(e)) from None
    logging.getLogger("uvicorn.error").addFilter(connections.OneLineProtocolErrors())
    counts = connections.ConnectionCounts(settings, proxy)
    uvicorn.run(
        app,
        host=host,
        port=port,
        http=functools.partial(connections.GuardedProtocol, counts),  # type: ignore[arg-type]
        ws=connections.PacedWebSocket,
        ws_max_size=protocol.MAX_MESSAGE_BYTES,  # a larger frame is refused by its header
        log_level="warning",
        proxy_headers=proxy is not None,
        forwarded_allow_ips=proxy or "",
        server_header=False,
        ws_per_message_deflate=False,
    )
