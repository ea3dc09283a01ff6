"""The ASGI application: tables over HTTP (JSON), one WebSocket per seat and one per spectator.

Routes:

- ``POST /api/tables``: create a table; the answer holds its id and one secret join token per
  human seat.
- ``GET /api/tables``: every table, public information only.
- ``GET /api/tables/{id}``: one table's public information: seats, who acts, the public view and
  events, and the scores and winners once the game is over.
- ``GET /api/tables/{id}/record``: the finished game's record (what ``tablefeast replay`` reads);
  refused while the game runs.
- ``WS /ws/tables/{id}?token=TOKEN``: the seat the token authorizes; without a token, a spectator.

Everything about a game happens on the event loop, under the table's lock; bots think on a
thread pool (they get the seat's view, legal moves and a view-anchored sampler, never the true
state), within the table's ``think`` limit.

Examples:
    >>> from starlette.testclient import TestClient
    >>> app = create_app(":memory:")
    >>> with TestClient(app) as client:
    ...     answer = client.post("/api/tables", json={"game": "food_chain", "players": 3,
    ...                                               "seats": ["human", "random", "random"]})
    ...     answer.status_code, sorted(answer.json())
    (201, ['table', 'tokens'])
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

import tablefeast
from tablefeast.agents import make_agent
from tablefeast.kernel.errors import ConfigError, TablefeastError
from tablefeast.kernel.limits import parse_json
from tablefeast.kernel.options import option_value
from tablefeast.kernel.play import decision
from tablefeast.server import protocol
from tablefeast.server.store import SQLiteStore, Store
from tablefeast.server.table import HUMAN, Table

__all__ = ["MAX_BODY_BYTES", "Hub", "create_app"]

STATIC = Path(__file__).parent / "static"
"""The browser client: HTML, CSS and JavaScript modules, served at ``/`` (no build step)."""
MAX_BODY_BYTES = 256 * 1024
"""The largest request body read (a custom card list fits easily)."""
RATE = 20.0
"""Messages a connection may send per second, on average (a burst of twice that is allowed)."""


_UPDATE = object()
"""Outbox entry: send the connection its update as the table is when it is sent."""


class _Connection:
    """One WebSocket: its seat, how many events it has been sent, its rate budget, and its
    outbox, emptied by one writer task, so that messages leave in order and an update is
    always computed from the table as it is when it is sent (several changes, one update)."""

    def __init__(self, socket: WebSocket, seat: int | None, rate: float) -> None:
        self.socket = socket
        self.seat = seat
        self.sent_events = 0
        self.rate = rate
        self.allowance = 2 * rate
        self.checked = time.monotonic()
        self.outbox: asyncio.Queue[object] = asyncio.Queue()
        self.update_queued = False

    def allow(self) -> bool:
        now = time.monotonic()
        self.allowance = min(2 * self.rate, self.allowance + (now - self.checked) * self.rate)
        self.checked = now
        if self.allowance < 1:
            return False
        self.allowance -= 1
        return True

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message (an answer to this connection: an error, a pong)."""
        self.outbox.put_nowait(message)

    def send_update(self) -> None:
        """Queue an update, unless one is already waiting to be sent."""
        if not self.update_queued:
            self.update_queued = True
            self.outbox.put_nowait(_UPDATE)

    async def write(self, table: Table) -> None:
        """Send what the outbox holds, in order, until cancelled."""
        while True:
            item = await self.outbox.get()
            if item is _UPDATE:
                self.update_queued = False
                message = protocol.update(table, self.seat, self.sent_events)
                self.sent_events = len(table.events)
            else:
                message = item  # type: ignore[assignment]
            await self.socket.send_text(json.dumps(message))


class Hub:
    """The server's tables, their connections, and the work scheduled for them.

    Args:
        store: where tables and moves are kept.
        bot_workers: threads for bots to think on.
        rate: messages a connection may send per second (twice that in a burst).
    """

    def __init__(self, store: Store, bot_workers: int = 2, rate: float = RATE) -> None:
        self.store = store
        self.rate = rate
        self.tables: dict[str, Table] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.connections: dict[str, list[_Connection]] = {}
        self.pool = ThreadPoolExecutor(bot_workers, thread_name_prefix="tablefeast-bot")
        self.tasks: set[asyncio.Task[None]] = set()
        self._pending: dict[tuple[str, int, str], int] = {}

    def restore(self) -> None:
        """Rebuild every unfinished table from its record (on start)."""
        for row in self.store.tables():
            if not row.finished:
                self.add(Table.restore(self.store, row))

    def add(self, table: Table) -> None:
        """Serve a table.

        Args:
            table: the table.
        """
        self.tables[table.row.id] = table
        self.locks[table.row.id] = asyncio.Lock()
        self.connections[table.row.id] = []
        self.schedule(table)

    def table(self, table_id: str) -> Table | None:
        """A served table, or a finished one loaded from the store, or None.

        Args:
            table_id: the table's id.
        """
        if table_id in self.tables:
            return self.tables[table_id]
        row = self.store.table(table_id) if len(table_id) <= 64 else None
        if row is None:
            return None
        table = Table.restore(self.store, row)
        self.tables[table_id] = table
        self.locks[table_id] = asyncio.Lock()
        self.connections[table_id] = []
        return table

    async def play(self, table: Table, seat: int, text: str) -> None:
        """Apply a move and tell everyone (the caller handles a refusal).

        Args:
            table: the table.
            seat: the moving seat.
            text: the move in notation.
        """
        async with self.locks[table.row.id]:
            table.play(seat, text, time.monotonic())
        self.broadcast(table)
        self.schedule(table)

    def broadcast(self, table: Table) -> None:
        """Queue an update for every connection of the table (each seat its own view).

        Args:
            table: the table.
        """
        for connection in self.connections[table.row.id]:
            connection.send_update()

    def schedule(self, table: Table) -> None:
        """Start the bots whose turn it is, and the idle timers of the human seats.

        Args:
            table: the table.
        """
        if table.finished:
            return
        for seat in table.game.actors(table.state):
            kind = table.row.seats[seat]
            if kind != HUMAN:
                self._start(table, seat, "bot", kind, delay=self._reaction(table, seat))
            elif table.setting("timeout") is not None:
                self._start(
                    table,
                    seat,
                    "timeout",
                    table.setting("takeover"),
                    delay=table.setting("timeout"),
                )

    def _reaction(self, table: Table, seat: int) -> float:
        base = float(table.setting("reaction"))
        if base <= 0 or len(table.game.actors(table.state)) < 2:
            return 0.0
        rng = random.Random(f"{table.row.seed}:reaction:{seat}:{len(table.moves)}")
        return base * rng.uniform(0.6, 1.4)  # people do not all react alike

    def _start(self, table: Table, seat: int, why: str, spec: str, delay: float) -> None:
        key = (table.row.id, seat, why)
        if self._pending.get(key) == table.version:
            return  # already thinking about this position
        self._pending[key] = table.version
        task = asyncio.get_running_loop().create_task(
            self._bot_move(table, seat, why, spec, delay, table.version)
        )
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _bot_move(  # noqa: PLR0917
        self, table: Table, seat: int, why: str, spec: str, delay: float, version: int
    ) -> None:
        if delay > 0:
            await asyncio.sleep(delay)
        if table.version != version or seat not in table.game.actors(table.state):
            return
        decide = decision(table.game, table.state, seat, make_agent(spec))
        rng = random.Random(f"{table.row.seed}:bot:{seat}:{len(table.moves)}")
        loop = asyncio.get_running_loop()
        try:
            action = await asyncio.wait_for(
                loop.run_in_executor(self.pool, decide, rng), timeout=table.setting("think")
            )
        except TimeoutError:  # too slow: any legal move, so that the table goes on
            action = table.game.legal_actions(table.state, seat)[0]
        if table.version != version:
            return  # the position changed while it thought (a person's move won the race)
        async with self.locks[table.row.id]:
            if table.version != version:
                return
            if why == "timeout":
                table.events.append(f"seat {seat} took too long: {spec} played for it")
            table.play(seat, table.game.action_to_str(action), time.monotonic())
        self.broadcast(table)
        self.schedule(table)

    async def close(self) -> None:
        """Stop every bot and timer and release the store."""
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.store.close()


def _public(table: Table) -> dict[str, Any]:
    game = table.game
    over = game.is_terminal(table.state)
    return {
        "id": table.row.id,
        "game": table.row.game,
        "config": table.row.config,
        "seats": list(table.row.seats),
        "actors": list(game.actors(table.state)),
        "turn": len(table.moves),
        "over": over,
        "view": json.loads(tablefeast.dumps(game.view(table.state, None))),
        "events": table.events,
        "scores": list(game.scores(table.state)) if over else None,
        "winners": sorted(game.winners(table.state)) if over else None,
    }


async def _body(request: Request) -> Any:
    size = 0
    chunks = []
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise ConfigError(f"the request body is over {MAX_BODY_BYTES} bytes")
        chunks.append(chunk)
    return parse_json(b"".join(chunks), "the request body", ConfigError)


def _refusal(e: Exception, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": "bad_request", "message": str(e)}, status_code=status)


def create_app(
    db: str | Path = "tablefeast.db", *, bot_workers: int = 2, rate: float = RATE
) -> Starlette:
    """The server's ASGI app.

    Args:
        db: the SQLite database file (created if missing), or ``":memory:"``.
        bot_workers: threads for bots to think on.
        rate: messages a connection may send per second, on average (twice that in a burst).

    Raises:
        StoreError: the database cannot be opened.
    """
    hub = Hub(SQLiteStore(db), bot_workers, rate)

    async def create(request: Request) -> Response:
        try:
            data = await _body(request)
            if not isinstance(data, dict):
                raise ConfigError("the body is a JSON object: game, players, seats, options")
            unknown = set(data) - {"game", "players", "seats", "options", "settings"}
            if unknown:
                raise ConfigError(f"unknown fields {', '.join(sorted(map(str, unknown)))}")
            players = data.get("players", len(data.get("seats") or ()) or 4)
            options = data.get("options") or {}
            if not isinstance(options, dict):
                raise ConfigError("options map each option to its value")
            read = {k: option_value(k, v) if isinstance(v, str) else v for k, v in options.items()}
            seats = data.get("seats") or [HUMAN] * players
            settings = data.get("settings") or {}
            if not isinstance(settings, dict):
                raise ConfigError("settings map each table setting to its value")
            table, tokens = Table.create(
                hub.store, str(data.get("game")), players, read, tuple(seats), settings
            )
        except TablefeastError as e:
            return _refusal(e)
        async with hub.locks.setdefault(table.row.id, asyncio.Lock()):
            hub.add(table)
        return JSONResponse(
            {"table": table.row.id, "tokens": {str(s): t for s, t in tokens.items()}},
            status_code=201,
        )

    async def list_tables(request: Request) -> Response:
        rows = hub.store.tables()
        return JSONResponse(
            [
                {
                    "id": row.id,
                    "game": row.game,
                    "players": len(row.seats),
                    "seats": list(row.seats),
                    "created": row.created,
                    "over": row.finished,
                }
                for row in rows[:200]
            ]
        )

    async def show(request: Request) -> Response:
        table = hub.table(request.path_params["id"])
        if table is None:
            return _refusal(ValueError("no such table"), 404)
        return JSONResponse(_public(table))

    async def record(request: Request) -> Response:
        table = hub.table(request.path_params["id"])
        if table is None:
            return _refusal(ValueError("no such table"), 404)
        if not table.finished:
            return _refusal(ValueError("the record is published when the game is over"), 409)
        return Response(table.record().to_json(), media_type="application/json")

    async def socket(websocket: WebSocket) -> None:
        table = hub.table(websocket.path_params["id"])
        token = websocket.query_params.get("token")
        seat = None if token is None or table is None else table.seat_of(token)
        await websocket.accept()
        if table is None or (token is not None and seat is None):
            why = "no such table" if table is None else "this token opens no seat of this table"
            await websocket.send_text(json.dumps(protocol.error("forbidden", why)))
            await websocket.close(code=4403)
            return
        connection = _Connection(websocket, seat, hub.rate)
        hub.connections[table.row.id].append(connection)
        writer = asyncio.get_running_loop().create_task(connection.write(table))
        try:
            connection.send(protocol.welcome(table, seat))
            connection.send_update()
            await _serve(hub, table, connection)
        except WebSocketDisconnect:
            pass
        finally:
            hub.connections[table.row.id].remove(connection)
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub.restore()
        yield
        await hub.close()

    app = Starlette(
        routes=[
            Route("/api/tables", create, methods=["POST"]),
            Route("/api/tables", list_tables, methods=["GET"]),
            Route("/api/tables/{id}", show, methods=["GET"]),
            Route("/api/tables/{id}/record", record, methods=["GET"]),
            WebSocketRoute("/ws/tables/{id}", socket),
            Mount("/", StaticFiles(directory=STATIC, html=True), name="static"),
        ],
        lifespan=lifespan,
    )
    app.state.hub = hub
    return app


async def _serve(hub: Hub, table: Table, connection: _Connection) -> None:
    """Answer one connection's messages until it closes."""
    while True:
        text = await connection.socket.receive_text()
        if not connection.allow():
            connection.send(protocol.error("rate_limited", "too many messages: slow down"))
            continue
        try:
            message = protocol.parse_client(text)
        except protocol.ProtocolError as e:
            connection.send(protocol.error(e.code, str(e)))
            continue
        if message["type"] == "ping":
            connection.send({"type": "pong"})
        elif message["type"] == "why" and connection.seat is not None:
            connection.send(protocol.why(table, connection.seat, message["move"]))
        elif message["type"] == "sync":
            connection.sent_events = 0
            connection.send_update()
        elif connection.seat is None:
            connection.send(protocol.error("spectator", "a spectator cannot move"))
        elif "turn" in message and table.is_stale(connection.seat, message["turn"]):
            connection.send(protocol.error("stale", "the position changed: sync and retry"))
        else:
            try:
                await hub.play(table, connection.seat, message["move"])
            except TablefeastError as e:
                connection.send(protocol.error(protocol.error_code(e), str(e)))
