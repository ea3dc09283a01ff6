"""Room for new tables: the open tables of each client address and of the whole server.

A table counts as **open** while it is unfinished and someone is at it: until
`ServerSettings.unjoined_after` (5 minutes) after its creation while no person has joined one of
its seats, then until `ServerSettings.abandon_after` (1 hour) after its last move or join
(`tablefeast.server.store.TableRow.open_until`). So tables made and left empty stop counting
within minutes, and only tables people play on can keep the server full.

Two caps, checked before a table is built:

- **per address**: `ServerSettings.max_open_tables_per_address` open tables created from one
  client address (each process counts the tables it created itself); past it, 429;
- **in all**: `ServerSettings.max_open_tables` open tables in the store; past it, 503.

Each refusal carries a true ``Retry-After``: the time at which the soonest of the tables that
fill the cap stops counting if nobody joins or moves on it (a table that ends sooner frees its
place sooner). A table being created holds its place while it is built, so that a burst of
requests from one address cannot pass the cap together.

Examples:
    >>> import asyncio
    >>> from tablefeast.server.store import SQLiteStore
    >>> async def main():
    ...     tables = OpenTables(SQLiteStore(":memory:"), ServerSettings(), call=_direct)
    ...     async with tables.room("10.0.0.1", now=0.0) as room:
    ...         room.table_id = "t1"
    ...     return tables.mine("10.0.0.1")
    >>> asyncio.run(main())
    ['t1']
"""

from __future__ import annotations

import contextlib
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from tablefeast.kernel.errors import TablefeastError
from tablefeast.server.settings import ServerSettings
from tablefeast.server.store import Store

__all__ = ["NoRoomError", "OpenTables", "Room"]

Call = Callable[..., Awaitable[Any]]
"""How a storage call is made off the event loop (`tablefeast.server.hub.Hub.call`)."""


async def _direct(function: Callable[..., Any], *args: Any) -> Any:
    return function(*args)


class NoRoomError(TablefeastError):
    """A new table is refused: a cap of open tables is reached.

    Attributes:
        status: the HTTP status (429 for the address's cap, 503 for the server's).
        retry: seconds after which a place frees, unless somebody plays on meanwhile.
    """

    def __init__(self, status: int, message: str, retry: float) -> None:
        super().__init__(message)
        self.status = status
        self.retry = retry


class Room:
    """A place held for a table being created; set `table_id` once it is stored."""

    table_id: str | None = None


class OpenTables:
    """The caps on open tables, with the tables each address created in this process.

    Args:
        store: where the tables are.
        settings: the caps and the times.
        call: how a storage call is made (off the event loop, in the server).
    """

    def __init__(self, store: Store, settings: ServerSettings, call: Call) -> None:
        self.store = store
        self.settings = settings
        self.call = call
        self._mine: OrderedDict[str, list[str]] = OrderedDict()
        self._building: dict[str, int] = {}

    def mine(self, address: str) -> list[str]:
        """The tables `address` created here that may still be open (some may have ended).

        Args:
            address: the client's address.
        """
        return list(self._mine.get(address, ()))

    @contextlib.asynccontextmanager
    async def room(self, address: str, now: float | None = None) -> AsyncIterator[Room]:
        """Hold a place for a new table of `address`, or refuse.

        Args:
            address: the client's address.
            now: seconds since the epoch (`time.time`), for tests.

        Raises:
            NoRoomError: the address's cap (429) or the server's (503) is reached.
        """
        now = time.time() if now is None else now
        settings = self.settings
        times = (now, settings.abandon_after, settings.unjoined_after)
        self._building[address] = self._building.get(address, 0) + 1
        try:
            mine = self._mine.get(address, [])
            if len(mine) + self._building[address] > settings.max_open_tables_per_address:
                still = await self.call(self.store.open_among, mine, *times)
                mine[:] = [table_id for table_id in mine if table_id in still]
                if len(mine) + self._building[address] > settings.max_open_tables_per_address:
                    raise NoRoomError(
                        429,
                        f"your address has {len(mine)} open tables, as many as it may: finish "
                        "or leave one (a table nobody joins stops counting after "
                        f"{settings.unjoined_after:g} s)",
                        min(still.values(), default=now) - now,
                    )
            count, soonest = await self.call(self.store.open_tables, *times)
            if count + sum(self._building.values()) - 1 >= settings.max_open_tables:
                raise NoRoomError(
                    503, "the server is full: try again later", (soonest or now) - now
                )
            room = Room()
            yield room
        finally:
            self._building[address] -= 1
            if not self._building[address]:
                del self._building[address]
        if room.table_id is not None:
            self._mine.setdefault(address, []).append(room.table_id)
            self._mine.move_to_end(address)
            while len(self._mine) > settings.max_addresses:
                self._mine.popitem(last=False)
