"""`tablefeast serve`: a multiplayer game server that never leaks a hand (extra ``server``).

The server holds every table's true state; a connection is bound to one seat (or is a
spectator) by a secret token and receives only that seat's view, its legal moves and the public
events. A game's durable truth is its record, written to SQLite before a move is announced; on
start the server rebuilds every unfinished table by replaying its record. See the "Play online"
docs page for the protocol and the security model.

- `app`: the Starlette ASGI app (HTTP for tables, WebSockets for seats and spectators).
- `table`: one table's bookkeeping (moves, chance, seats, tokens, the public event log).
- `protocol`: the messages, their JSON Schemas, the client message parser.
- `store`: the storage interface and its SQLite implementation.
- `events`: the public event log in words.

Examples:
    >>> from tablefeast.server import create_app
    >>> create_app(":memory:").routes[0].path
    '/api/tables'
"""

from __future__ import annotations

import errno
import socket

from tablefeast.kernel.errors import TablefeastError

try:
    from tablefeast.server.app import create_app
except ImportError as e:  # a clear word on what to install, not a bare ModuleNotFoundError
    raise ImportError(
        f'{__name__} needs the server extra: pip install "tablefeast[server]" ({e})'
    ) from e

__all__ = ["ServeError", "create_app", "serve"]


class ServeError(TablefeastError):
    """The server cannot start (a taken port, an unwritable database): a one-line reason."""


def serve(host: str = "127.0.0.1", port: int = 8000, db: str = "tablefeast.db") -> None:
    """Run the server until interrupted.

    Args:
        host: the address to listen on (loopback by default).
        port: the TCP port.
        db: the SQLite database file.

    Raises:
        ServeError: the port is taken or the database cannot be used.
    """
    import uvicorn

    from tablefeast.server.store import StoreError

    try:  # a clear one-line error instead of uvicorn's log and exit
        with socket.create_server((host, port)):
            pass
    except OSError as e:
        if e.errno == errno.EADDRINUSE:
            raise ServeError(f"port {port} on {host} is already in use") from None
        raise ServeError(f"cannot listen on {host}:{port}: {e.strerror or e}") from None
    try:
        app = create_app(db)
    except StoreError as e:
        raise ServeError(str(e)) from None
    uvicorn.run(app, host=host, port=port, ws_max_size=64 * 1024, log_level="warning")
