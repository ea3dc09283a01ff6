"""The ASGI application: tables over HTTP (JSON), one WebSocket per seat and one per spectator.

Routes:

- ``POST /api/tables``: create a table; the answer holds its id and one secret join token per
  human seat.
- ``GET /api/tables?limit=N&before=ID``: a page of tables, newest first, public facts only.
- ``GET /api/tables/{id}``: one table's public information: seats, who acts, the public view and
  events, and the scores and winners once the game is over.
- ``GET /api/tables/{id}/record``: the finished game's record (what ``tablefeast replay`` reads);
  refused while the game runs.
- ``POST /api/tables/{id}/again``: once the game is over, one of its seats (``{"token": ...}``)
  asks for a new table with the same game, config, seats, settings and names: "play again".
- ``GET /api/server``: what this server offers: the seat kinds, whether creating a table needs a
  key, and its limits.
- ``GET /api/games``: the games a new table may play, as each declares them (title, player
  counts, the options a person may choose, whether custom cards may be sent): the lobby's form.
- ``WS /ws/tables/{id}?token=TOKEN``: the seat the token authorizes; without a token, a spectator.

The endpoints are the module's functions (Starlette's own style): each reads what the server
shares (`ServerState`: settings, hub, rates) from ``request.app.state``, and `create_app`
makes that state and routes the endpoints.

Every request first passes the `tablefeast.server.guard` (host, origin, rate, security headers);
every bound is a `ServerSettings` field. Everything about a game happens on the event loop, under
the table's lock; bots think on a fair pool of threads and storage runs on a thread of its own
(`tablefeast.server.hub`).

Examples:
    >>> from starlette.testclient import TestClient
    >>> app = create_app(":memory:")
    >>> with TestClient(app, base_url="http://127.0.0.1") as client:
    ...     answer = client.post("/api/tables", json={"game": "food_chain", "players": 3,
    ...                                               "seats": ["human", "random", "random"]})
    ...     answer.status_code, sorted(answer.json())
    (201, ['table', 'tokens'])
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import math
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import attrs
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

import tablefeast
from tablefeast.kernel.errors import ConfigError, TablefeastError
from tablefeast.kernel.limits import parse_json
from tablefeast.kernel.options import option_value
from tablefeast.kernel.serialize import unstructure
from tablefeast.server import protocol
from tablefeast.server.assets import ASSET_ROUTES
from tablefeast.server.budget import Buckets, TokenBucket
from tablefeast.server.capacity import NoRoomError
from tablefeast.server.guard import Guard, client_address
from tablefeast.server.hub import Connection, Hub, LiveTable, TableBrokenError
from tablefeast.server.seats import BUILT_IN, HUMAN, check_kind, check_names, seat_names
from tablefeast.server.settings import ServerSettings
from tablefeast.server.store import StoreError, open_store
from tablefeast.server.table import MAX_SEATS, Table, check_settings

__all__ = ["Hub", "ServerState", "create_app"]

STATIC = Path(__file__).parent / "static"
"""The browser client: HTML, CSS and JavaScript modules, served at ``/`` (no build step)."""
_CLOSE_WAIT = 0.2
"""Seconds the close of a connection that broke a rule may take before it is dropped anyway."""
AGAIN_BODY_BYTES = 1024
"""The largest body of ``POST /api/tables/{id}/again`` (it holds one seat's token)."""
_BODY_FIELDS = {"game", "players", "seats", "options", "settings", "names"}
_MAX_OPTIONS = 20


class _RefusedError(Exception):
    """An HTTP refusal: status, error code, message and an optional Retry-After."""

    def __init__(self, status: int, code: str, message: str, retry: float = 0.0) -> None:
        super().__init__(message)
        self.status, self.code, self.retry = status, code, retry

    def response(self) -> JSONResponse:
        headers = {"Retry-After": str(max(1, math.ceil(self.retry)))} if self.retry else None
        body = {"error": self.code, "message": str(self)}
        return JSONResponse(body, status_code=self.status, headers=headers)


def _state(row: Any, now: float, settings: ServerSettings) -> str:
    if row.finished:
        return "over"
    open_until = row.open_until(settings.abandon_after, settings.unjoined_after)
    return "playing" if now < open_until else "abandoned"


def _public(live: LiveTable) -> dict[str, Any]:
    table = live.table
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
        "view": unstructure(game.view(table.state, None)),
        "events": table.events,
        "scores": list(game.scores(table.state)) if over else None,
        "winners": sorted(game.winners(table.state)) if over else None,
    }


class _Bodies:
    """The bytes of request bodies being read at once, by their declared lengths (a body of
    no declared length holds its endpoint's whole limit): past `ServerSettings.
    max_bodies_bytes`, a body is refused before it is read, so that stalled bodies never hold
    more memory than that.

    Args:
        total: the bytes all bodies being read may hold together.
    """

    def __init__(self, total: int) -> None:
        self.total = total
        self.held = 0

    async def read(self, request: Request, limit: int) -> Any:
        """The request's JSON body, checked by its type and declared length first.

        Args:
            request: the request.
            limit: the most bytes this endpoint takes.
        """
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            raise _RefusedError(415, "unsupported_media_type", "the body must be application/json")
        declared = request.headers.get("content-length", "")
        known = declared.isascii() and declared.isdecimal() and len(declared) <= 18
        size = int(declared) if known else limit
        if size > limit:
            raise _RefusedError(413, "too_large", f"the request body is over {limit} bytes")
        if self.held + size > self.total:
            raise _RefusedError(
                503, "busy", "the server is reading as many request bodies as it takes", 1
            )
        self.held += size
        try:
            read = 0
            chunks = []
            async for chunk in request.stream():
                read += len(chunk)
                if read > size:
                    raise _RefusedError(413, "too_large", f"the request body is over {size} bytes")
                chunks.append(chunk)
            return parse_json(b"".join(chunks), "the request body", ConfigError)
        finally:
            self.held -= size


def _table_request(
    data: Any, settings: ServerSettings
) -> tuple[str, int, dict[str, Any], tuple[str, ...], dict[str, Any]]:
    """The checked parts of a table request; nothing sized by the request is built before."""
    if not isinstance(data, dict):
        raise ConfigError("the body is a JSON object: game, players, seats, options, settings")
    unknown = set(data) - _BODY_FIELDS
    if unknown:
        raise ConfigError(f"unknown fields {', '.join(sorted(map(str, unknown)))[:200]}")
    game = data.get("game")
    if game not in tablefeast.names():
        raise ConfigError(
            f"unknown game {str(game)[:40]!r}; games: {', '.join(tablefeast.names())}"
        )
    seats = data.get("seats")
    if seats is not None and not (isinstance(seats, list) and len(seats) <= MAX_SEATS):
        raise ConfigError(f"seats is a list of at most {MAX_SEATS} seat kinds")
    players = data.get("players", len(seats) if seats else 4)
    if type(players) is not int or not 1 <= players <= MAX_SEATS:
        raise ConfigError(f"players must be an int from 1 to {MAX_SEATS}")
    seats = [HUMAN] * players if seats is None else seats
    if len(seats) != players:
        raise ConfigError(f"seats must list one kind per player ({players})")
    kinds = tuple(check_kind(kind, settings) for kind in seats)
    options = data.get("options") or {}
    if not isinstance(options, dict) or len(options) > _MAX_OPTIONS:
        raise ConfigError(f"options map each option to its value (at most {_MAX_OPTIONS})")
    read = {k: option_value(k, v) if isinstance(v, str) else v for k, v in options.items()}
    table_settings = check_settings(data.get("settings") or {}, settings)
    names = check_names(data.get("names"), players)
    if any(names):  # kept with the table's settings: the page shows them as text
        table_settings["names"] = list(names)
    return game, players, read, kinds, table_settings


@attrs.frozen
class ServerState:
    """What the endpoints share, kept as ``app.state.server`` (and the hub as ``app.state.hub``):
    the settings, the hub, the bodies being read, the creation rates and the lobby's offer.

    Attributes:
        settings: the server's settings.
        hub: the tables, connections and work (`tablefeast.server.hub`).
        bodies: the request bodies being read at once.
        creates: the creation rate per client address.
        all_creates: the creation rate of all clients together.
        offered: what ``GET /api/games`` answers (`protocol.games`), the same every time.
        titles: each game's title, by its name.
    """

    settings: ServerSettings
    hub: Hub
    bodies: _Bodies
    creates: Buckets
    all_creates: TokenBucket
    offered: list[dict[str, Any]]
    titles: dict[str, str]


def create_app(
    db: str | Path = "tablefeast.db",
    *,
    settings: ServerSettings | None = None,
    **overrides: Any,
) -> Starlette:
    """The server's ASGI app: the module's endpoints, routed, behind the `Guard`.

    The app bounds what it sees: requests, bodies, WebSockets, tables, bots. What comes before
    a request reaches it (connections, the pace of headers and bodies, the parsing of
    WebSocket frames) is bounded by the protocol classes `tablefeast.server.serve` runs uvicorn
    with (`tablefeast.server.connections`): serve the app through `serve` (``tablefeast
    serve``), or give another ASGI server bounds of its own for those.

    Args:
        db: the SQLite database file (created if missing), ``":memory:"``, or a PostgreSQL
            URL (``postgresql://...``: several processes may serve the same tables).
        settings: the server's settings (every limit; `ServerSettings` by default).
        overrides: settings to change, by name (``create_app(db, max_open_tables=50)``).

    Raises:
        StoreError: the database cannot be opened.
        ConfigError: a bad setting.
    """
    settings = settings or ServerSettings()
    if overrides:
        settings = ServerSettings.from_mapping({**_fields(settings), **overrides})
    hub = Hub(open_store(db, timeout=settings.db_timeout), settings)
    offered = protocol.games(tablefeast.names())  # what the lobby offers: the same every time
    app = Starlette(
        routes=[
            Route("/api/tables", create, methods=["POST"]),
            Route("/api/tables", list_tables, methods=["GET"]),
            Route("/api/server", server, methods=["GET"]),
            Route("/api/games", games, methods=["GET"]),
            Route("/api/tables/{id}", show, methods=["GET"]),
            Route("/api/tables/{id}/record", record, methods=["GET"]),
            Route("/api/tables/{id}/again", again, methods=["POST"]),
            WebSocketRoute("/ws/tables/{id}", socket),
            *ASSET_ROUTES,  # a game's browser files, from its package
            Mount("/", StaticFiles(directory=STATIC, html=True), name="static"),
        ],
        middleware=[Middleware(Guard, settings=settings)],
        lifespan=_lifespan,
    )
    app.state.server = ServerState(
        settings=settings,
        hub=hub,
        bodies=_Bodies(settings.max_bodies_bytes),
        creates=Buckets(settings.create_rate, settings.create_burst, settings.max_addresses),
        all_creates=TokenBucket(settings.create_rate_total, settings.create_burst_total),
        offered=offered,
        titles={game["name"]: game["title"] for game in offered},
    )
    app.state.hub = hub
    return app


@contextlib.asynccontextmanager
async def _lifespan(app: Starlette) -> AsyncIterator[None]:
    hub = _of(app).hub
    await hub.start()  # nothing is replayed on start: a table is restored when asked for
    yield
    await hub.close()


def _of(where: Starlette | HTTPConnection) -> ServerState:
    """The server's shared state, from the app or from a request or WebSocket to it."""
    app = where if isinstance(where, Starlette) else where.app
    state: ServerState = app.state.server
    return state


# ---------------------------------------------------------------------- endpoints


async def create(request: Request) -> Response:
    """``POST /api/tables``: a new table (its id and one join token per human seat)."""
    state = _of(request)
    try:
        _admit(request, state)
        game, players, read, kinds, table_settings = _table_request(
            await state.bodies.read(request, state.settings.max_body_bytes), state.settings
        )
    except _RefusedError as e:
        return e.response()
    except TablefeastError as e:
        return _RefusedError(400, "bad_request", str(e)).response()
    return await _open_table(
        request, state, game, players, read, kinds, table_settings, state.settings
    )


async def again(request: Request) -> Response:
    """``POST /api/tables/{id}/again``: a new table for the same game, config, seats, settings
    and names as a finished one: asked by one of its people (with their seat's token), under
    the same limits as any new table."""
    state = _of(request)
    try:
        data = await state.bodies.read(request, AGAIN_BODY_BYTES)  # a token: a few bytes
        token = data.get("token") if isinstance(data, dict) else None
        old = (await _found(request)).table
        if old.seat_of(token) is None:
            raise _RefusedError(403, "forbidden", "only a seat of this table asks for another")
        if not old.finished:
            raise _RefusedError(409, "not_over", "a new game begins once this one is over")
        _admit(request, state)
    except _RefusedError as e:
        return e.response()
    except TablefeastError as e:
        return _RefusedError(400, "bad_request", str(e)).response()
    row = old.row
    return await _open_table(
        request,
        state,
        *(row.game, len(row.seats), {}, row.seats, row.options, state.settings, old.config),
    )


async def list_tables(request: Request) -> Response:
    """``GET /api/tables?limit=N&before=ID``: a page of tables, newest first."""
    state = _of(request)
    settings = state.settings
    limit_text = request.query_params.get("limit", "50")
    before = request.query_params.get("before")
    if (
        not (limit_text.isascii() and limit_text.isdecimal() and 0 < len(limit_text) <= 4)
        or int(limit_text) == 0
    ):
        return _RefusedError(400, "bad_request", "limit is a number of tables").response()
    if before is not None and not 0 < len(before) <= 64:
        return _RefusedError(400, "bad_request", "before is a table's id").response()
    every = request.query_params.get("all") == "1"
    limit = min(int(limit_text), settings.list_limit)
    try:
        rows = await state.hub.call(state.hub.store.tables, limit + 1, before)
    except StoreError as e:
        return _RefusedError(503, "unavailable", str(e), 5).response()
    now = time.time()
    page = [
        {
            "id": row.id,
            "game": row.game,
            "title": state.titles.get(row.game, row.game),
            "players": len(row.seats),
            "seats": list(row.seats),
            "names": seat_names(row.seats, row.options.get("names")),
            "created": row.created,
            "updated": row.updated,
            "over": row.finished,
            "state": _state(row, now, settings),
        }
        for row in rows[:limit]
    ]
    # The cursor is the last table read, so that paging goes on past hidden tables.
    cursor = rows[limit - 1].id if len(rows) > limit else None
    if not every:  # finished a while ago, or abandoned: no longer worth watching
        page = [
            t
            for t in page
            if t["state"] == "playing"
            or (t["state"] == "over" and now - t["updated"] <= settings.list_hide_after)
        ]
    return JSONResponse({"tables": page, "next": cursor})


async def show(request: Request) -> Response:
    """``GET /api/tables/{id}``: one table's public information."""
    try:
        return JSONResponse(_public(await _found(request)))
    except _RefusedError as e:
        return e.response()


async def record(request: Request) -> Response:
    """``GET /api/tables/{id}/record``: the finished game's record."""
    try:
        live = await _found(request)
    except _RefusedError as e:
        return e.response()
    if not live.table.finished:
        return _RefusedError(
            409, "not_over", "the record is published when the game is over"
        ).response()
    return Response(live.table.record().to_json(), media_type="application/json")


async def server(request: Request) -> Response:
    """``GET /api/server``: the seat kinds, whether creating a table needs a key, the limits."""
    settings = _of(request).settings
    return JSONResponse(
        {
            "create_key": settings.create_key is not None,
            "seats": [HUMAN, *BUILT_IN, *settings.agents],
            "max_iterations": settings.max_iterations,
            "max_think": settings.max_think,
            "limits": {k: v for k, v in _fields(settings).items() if k.startswith("max_")},
        }
    )


async def games(request: Request) -> Response:
    """``GET /api/games``: the games a new table may play, as each declares them."""
    return JSONResponse({"games": _of(request).offered})


async def socket(websocket: WebSocket) -> None:
    """``WS /ws/tables/{id}?token=TOKEN``: the seat the token opens; without one, a
    spectator."""
    state = _of(websocket)
    hub = state.hub
    address = client_address(websocket.scope)
    token = websocket.query_params.get("token")
    try:
        live = await hub.get(websocket.path_params["id"])
    except TableBrokenError as e:
        await _close(websocket, "broken", str(e), protocol.CLOSE_BROKEN)
        return
    except StoreError as e:
        await _close(websocket, "unavailable", str(e), protocol.CLOSE_BUSY)
        return
    seat = None if token is None or live is None else live.table.seat_of(token)
    if live is None or (token is not None and seat is None):
        why = "no such table" if live is None else "this token opens no seat of this table"
        await _close(websocket, "forbidden", why, protocol.CLOSE_FORBIDDEN)
        return
    refusal = hub.admit(live, seat, address)
    if refusal is not None:
        await _close(websocket, "busy", refusal, protocol.CLOSE_BUSY)
        return
    connection = Connection(websocket, seat, address, state.settings, hub.messages.bucket(address))
    connection.send(protocol.welcome(live.table, seat))  # first, whatever happens next
    connection.send_update()
    hub.attach(live, connection)  # before the next await: the table stays in memory
    try:
        await websocket.accept()
        await _run(hub, live, connection)
    finally:
        hub.detach(live, connection)


# ---------------------------------------------------------------------- the endpoints' parts


def _admit(request: Request, state: ServerState) -> None:
    """A new table's first checks: the creation key and the creation rates."""
    _check_key(request, state.settings)
    wait = state.creates.take(client_address(request.scope)) or state.all_creates.take()
    if wait:
        raise _RefusedError(429, "rate_limited", "too many new tables: wait a little", wait)


async def _open_table(request: Request, state: ServerState, *args: Any) -> Response:
    """Create a table with `Table.create`'s arguments, if the server and the client's address
    have room (`tablefeast.server.capacity`); the answer holds its id and tokens (or the
    refusal)."""
    hub = state.hub
    try:
        live = HUMAN not in args[3]  # the seats: a table of bots alone is live at once
        async with hub.open_tables.room(client_address(request.scope), live) as room:
            table, tokens = await hub.call(Table.create, hub.store, *args)
            room.table_id = table.row.id
        await hub.lease(table)
    except NoRoomError as e:
        return _RefusedError(e.status, "too_many_tables", str(e), max(1.0, e.retry)).response()
    except StoreError as e:
        return _RefusedError(503, "unavailable", str(e), 5).response()
    except TablefeastError as e:
        return _RefusedError(400, "bad_request", str(e)).response()
    hub.schedule(hub.add(table, client_address(request.scope)))
    return JSONResponse(
        {"table": table.row.id, "tokens": {str(s): t for s, t in tokens.items()}},
        status_code=201,
    )


async def _found(request: Request) -> LiveTable:
    """The table the request's path names (refused: broken, unavailable, not found)."""
    try:
        live = await _of(request).hub.get(request.path_params["id"])
    except TableBrokenError as e:
        raise _RefusedError(410, "broken", str(e)) from None
    except StoreError as e:
        raise _RefusedError(503, "unavailable", str(e), 5) from None
    if live is None:
        raise _RefusedError(404, "not_found", "no such table")
    return live


def _fields(settings: ServerSettings) -> dict[str, Any]:
    return {field.name: getattr(settings, field.name) for field in attrs.fields(ServerSettings)}


def _check_key(request: Request, settings: ServerSettings) -> None:
    if settings.create_key is None:
        return
    given = request.headers.get("authorization", "")
    expected = f"Bearer {settings.create_key}"
    if not hmac.compare_digest(given.encode("utf-8", "replace"), expected.encode()):
        raise _RefusedError(
            401, "create_key_required", "creating a table on this server needs its key"
        )


async def _close(websocket: WebSocket, code: str, why: str, close_code: int) -> None:
    await websocket.accept()
    await websocket.send_text(protocol.encode(protocol.error(code, why)))
    await websocket.close(code=close_code, reason=code)


async def _run(hub: Hub, live: LiveTable, connection: Connection) -> None:
    """Read and write one connection until it closes (or must be closed)."""
    loop = asyncio.get_running_loop()
    writer = loop.create_task(connection.write(live))
    reader = loop.create_task(_read(hub, live, connection))
    for task in (writer, reader):
        task.add_done_callback(_retrieve)
    try:
        await asyncio.wait({writer, reader}, return_when=asyncio.FIRST_COMPLETED)
    finally:  # not awaited: a cancelled handler must not wait (a move under way is shielded)
        writer.cancel()
        reader.cancel()
    if connection.closing is not None:  # flooding or too slow: told why if it still reads,
        # then dropped at once, buffers and all (read on while closing, a flood costs the
        # server on; and a client that reads nothing would hold its connection open forever)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(
                connection.socket.close(
                    code=connection.close_code, reason=connection.closing[:120]
                ),
                _CLOSE_WAIT,
            )
        abort = connection.socket.scope.get("tablefeast.abort")
        if abort is not None:
            abort()


def _retrieve(task: asyncio.Task[None]) -> None:
    # A connection's task ends by its socket closing: whatever it raised is expected.
    if not task.cancelled():
        task.exception()


async def _read(hub: Hub, live: LiveTable, connection: Connection) -> None:
    """Answer one connection's messages until it closes."""
    table = live.table
    socket = connection.socket
    while connection.closing is None:
        frame = await socket.receive()
        if frame["type"] == "websocket.disconnect":
            return
        text = frame.get("text")
        size = len(text if text is not None else frame.get("bytes") or b"")
        wait = connection.pace(size, time.monotonic())  # before anything is parsed
        if connection.closing is not None:
            return  # flooding
        if wait:  # nothing more is read meanwhile: the flood waits in the flooder's buffers
            await asyncio.sleep(wait)
        if text is None:
            connection.send(protocol.error("bad_message", "messages are JSON text frames"))
            continue
        try:
            message = protocol.parse_client(text)
        except protocol.ProtocolError as e:
            connection.send(protocol.error(e.code, str(e)))
            continue
        if message["type"] == "ping":
            connection.send({"type": "pong"})
        elif message["type"] == "why" and connection.seat is not None:
            move, action = message.get("move"), message.get("action")
            connection.send(protocol.why(table, connection.seat, move, action))
        elif message["type"] == "sync":
            connection.sent_events = 0
            connection.send_update()
        elif connection.seat is None:
            connection.send(protocol.error("spectator", "a spectator cannot move"))
        elif "turn" in message and table.is_stale(connection.seat, message["turn"]):
            connection.send(protocol.error("stale", "the position changed: sync and retry"))
        else:
            try:
                await hub.play(live, connection.seat, message["move"])
            except StoreError:
                connection.send(
                    protocol.error("unavailable", "the move could not be saved: send it again")
                )
            except TablefeastError as e:
                connection.send(protocol.error(protocol.error_code(e), str(e)))
