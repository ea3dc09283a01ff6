"""A table the hub holds, and the WebSockets connected to it (`tablefeast.server.hub`).

- `Connection`: one WebSocket: its seat, its rates of messages and bytes (what it sends is read
  no faster: a flood waits in the flooder's own buffers), and its bounded outbox, emptied in
  order by one writer (a reader that falls behind is closed).
- `LiveTable`: the table, its lock, its seats' and spectators' connections, and the work under
  way for it; all its spectators share one encoded update, sent a chunk at a time, and every
  connection the public fields of its update (`tablefeast.server.protocol.public_fields`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from starlette.websockets import WebSocket

from tablefeast.server import protocol
from tablefeast.server.budget import TokenBucket
from tablefeast.server.settings import ServerSettings
from tablefeast.server.table import Table

__all__ = ["FLOOD_WINDOW", "SPECTATOR_CHUNK", "Connection", "LiveTable"]

log = logging.getLogger("tablefeast.server")

_UPDATE = object()
"""Outbox entry: send the connection its update as the table is when it is sent."""
SPECTATOR_CHUNK = 50
"""Spectators of one table sent an update in one pass of the event loop."""
FLOOD_WINDOW = 10.0
"""Seconds over which the messages that waited for the rates are counted
(`ServerSettings.flood_limit`)."""


class Connection:
    """One WebSocket: its seat, how many events it has been sent, its rate, and its outbox,
    emptied by one writer task, so that messages leave in order and an update is always computed
    from the table as it is when it is sent (several changes, one update).

    Args:
        socket: the WebSocket.
        seat: the seat it plays, or None for a spectator.
        address: the client's address.
        settings: the server's settings (rate, flood and outbox limits).
    """

    def __init__(
        self,
        socket: WebSocket,
        seat: int | None,
        address: str,
        settings: ServerSettings,
        shared: TokenBucket | None = None,
    ) -> None:
        self.socket = socket
        self.seat = seat
        self.address = address
        self.sent_events = 0
        self.messages = TokenBucket(settings.message_rate, 2 * settings.message_rate)
        self.bytes = TokenBucket(settings.byte_rate, 4 * settings.byte_rate)
        self.shared = shared
        self.flood_limit = settings.flood_limit
        self.outbox: asyncio.Queue[object] = asyncio.Queue(settings.outbox_limit)
        self.update_queued = False
        self.closing: str | None = None
        self.close_code = protocol.CLOSE_POLICY
        self._window = 0.0
        self._waited = 0

    def pace(self, size: int, now: float) -> float:
        """The seconds to wait before the message just received is read, so that the
        connection keeps to its rates of messages and bytes (and its address's connections to
        theirs together); a connection made to wait more than `ServerSettings.flood_limit`
        times in `FLOOD_WINDOW` seconds is closed. Waiting reads nothing more from the socket,
        so a flood stays in the flooder's own buffers: it costs the flooder, not the table.

        Args:
            size: the message's length.
            now: `time.monotonic`.
        """
        wait = max(self.messages.spend(1, now), self.bytes.spend(size, now))
        if self.shared is not None:
            wait = max(wait, self.shared.spend(1, now))
        if wait:
            if now - self._window > FLOOD_WINDOW:
                self._window, self._waited = now, 0
            self._waited += 1
            if self._waited > self.flood_limit:
                self.close("flooding: too many messages")
        return wait

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message (an answer to this connection: an error, a pong).

        Args:
            message: the message.
        """
        self._put(message)

    def send_update(self) -> None:
        """Queue an update, unless one is already waiting to be sent."""
        if not self.update_queued:
            self.update_queued = True
            self._put(_UPDATE)

    def _put(self, item: object) -> None:
        if self.closing is not None:
            return
        try:
            self.outbox.put_nowait(item)
        except asyncio.QueueFull:
            self.close("too slow: messages were not read")

    def close(self, why: str, code: int = protocol.CLOSE_POLICY) -> None:
        """Close the connection once what is queued is dropped.

        Args:
            why: the reason, sent as the close reason.
            code: the close code (1008: it broke a rule).
        """
        if self.closing is None:
            log.info("closing a connection from %s: %s", self.address, why)
            self.closing = why
            self.close_code = code
            with contextlib.suppress(asyncio.QueueEmpty):
                while True:
                    self.outbox.get_nowait()
            self.outbox.put_nowait(None)  # wakes the writer, which then stops

    async def write(self, live: LiveTable) -> None:
        """Send what the outbox holds, in order, until closed or cancelled.

        Args:
            live: the table.
        """
        while True:
            item = await self.outbox.get()
            if item is None or self.closing is not None:
                return
            if item is _UPDATE:
                if self.seat is None:
                    await live.pace()  # spectators in chunks: the players' moves go between
                self.update_queued = False
                text = live.update_text(self.seat, self.sent_events)
                self.sent_events = len(live.table.events)
            elif isinstance(item, dict):
                text = protocol.encode(item)
            else:
                text = str(item)
            await self.socket.send_text(text)


class LiveTable:
    """A table the hub holds: the table, its lock, its connections and the work under way.

    Args:
        table: the table.
    """

    def __init__(self, table: Table, owner: str | None = None) -> None:
        self.table = table
        self.owner = table.row.id if owner is None else owner
        """Whose table it is: the address that created it (its bots' share of the pools), or
        the table itself when that is not known here (a table restored from the store)."""
        self.lock = asyncio.Lock()
        self.seated: list[Connection] = []
        self.spectators: list[Connection] = []
        self.tasks: set[asyncio.Task[None]] = set()
        self._pending: dict[tuple[int, str], int] = {}
        self._spectator_texts: dict[tuple[int, int], str] = {}
        self._public_mark: tuple[int, int] | None = None
        self._public_state: object = None
        self._public: dict[int, dict[str, object]] = {}
        self._chunk = SPECTATOR_CHUNK

    async def pace(self) -> None:
        """Wait for a spectator's turn to be sent an update: at most `SPECTATOR_CHUNK` of a
        table's spectators are sent one in one pass of the event loop, so that a thousand
        spectators never hold up a player's move for more than a chunk."""
        while self._chunk <= 0:
            await asyncio.sleep(0)  # the next pass of the loop, after it has read the sockets
        if self._chunk == SPECTATOR_CHUNK:  # the first of this pass: a new chunk at the next
            asyncio.get_running_loop().call_soon(self._refill)
        self._chunk -= 1

    def _refill(self) -> None:
        self._chunk = SPECTATOR_CHUNK

    @property
    def idle(self) -> bool:
        """Nobody connected and no work under way: it may leave memory."""
        return not (self.seated or self.spectators or self.tasks or self.lock.locked())

    def connections(self) -> list[Connection]:
        """Every connection, the seats first."""
        return [*self.seated, *self.spectators]

    def update_text(self, seat: int | None, since: int) -> str:
        """The update a connection is sent, as text: one text for every spectator in step, and
        the public fields worked out once for every connection in step (the seats add their
        own view and moves).

        Args:
            seat: the connection's seat, or None.
            since: the events it has been sent.
        """
        table = self.table
        if seat is None:
            key = (table.version, since)
            text = self._spectator_texts.get(key)
            if text is None:
                if len(self._spectator_texts) > 8 or any(
                    v != table.version for v, _ in self._spectator_texts
                ):
                    self._spectator_texts.clear()
                text = self._spectator_texts[key] = protocol.update_text(table, None, since)
            return text
        # Keyed by what the public fields are read from: a timeout's event line is added
        # without a new version, and the state is compared as the object it is.
        mark = (table.version, len(table.events))
        if mark != self._public_mark or table.state is not self._public_state:
            self._public_mark, self._public_state, self._public = mark, table.state, {}
        public = self._public.get(since)
        if public is None:
            if len(self._public) >= 8:
                self._public.clear()
            public = self._public[since] = protocol.public_fields(table, since)
        return protocol.update_text(table, seat, since, public)
