"""Room for new tables: the open tables of each client address and the live tables of the server.

A table is **live** while it is unfinished and played at: joined (a person took one of its
seats; a table of bots alone is joined when it is created) and moved on or joined in the last
`ServerSettings.abandon_after` seconds. A table nobody has joined is not live (it holds no
memory and no bot work once its first bots have moved): it counts only for the address that
created it, for `ServerSettings.unjoined_after` seconds (`tablefeast.server.store.TableRow.
open_until`). Two caps, checked before a table is built:

- **per address**: `ServerSettings.max_open_tables_per_address` open tables (live, or made and
  not yet joined) created from one client address (each process counts the tables it created
  itself); past it, 429;
- **in all**: `ServerSettings.max_open_tables` live tables in the store; past it, 503.

So tables made and left can never fill the server (the lockout found in issue 45: fifty such
tables closed a server capped at fifty for an hour); only tables people join can, and an address
may hold at most its own cap of them, so filling the server takes `max_open_tables /
max_open_tables_per_address` addresses that each join their tables. Each refusal carries a true
``Retry-After``: when the soonest of the tables that fill the cap stops counting if nobody joins
or moves on it (a table that ends sooner frees its place sooner). A table being created holds
its place while it is built, so that a burst of requests cannot pass a cap together.

Examples:
    >>> import asyncio
    >>> from tablefeast.server.store import SQLiteStore
    >>> async def main():
    ...     tables = OpenTables(SQLiteStore(":memory:"), ServerSettings(), call=_direct)
    ...     async with tables.room("10.0.0.1", live=False, now=0.0) as room:
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
        self._live_building = 0

    def mine(self, address: str) -> list[str]:
        """The tables `address` created here that may still be open (some may have ended).

        Args:
            address: the client's address.
        """
        return list(self._mine.get(address, ()))

    @contextlib.asynccontextmanager
    async def room(self, address: str, live: bool, now: float | None = None) -> AsyncIterator[Room]:
        """Hold a place for a new table of `address`, or refuse.

        Args:
            address: the client's address.
            live: whether the table is live once created (bots alone: nobody need join it).
            now: seconds since the epoch (`time.time`), for tests.

        Raises:
            NoRoomError: the address's cap (429) or the server's (503) is reached.
        """
        now = time.time() if now is None else now
        settings = self.settings
        self._building[address] = self._building.get(address, 0) + 1
        self._live_building += live
        try:
            mine = self._mine.get(address, [])
            cap = settings.max_open_tables_per_address
            if len(mine) + self._building[address] > cap:
                still = await self.call(
                    self.store.open_among,
                    mine,
                    now,
                    settings.abandon_after,
                    settings.unjoined_after,
                )
                mine[:] = [table_id for table_id in mine if table_id in still]
                if len(mine) + self._building[address] > cap:
                    raise NoRoomError(
                        429,
                        f"your address has {len(mine)} open tables, as many as it may: finish "
                        "or leave one (a table nobody joins stops counting after "
                        f"{settings.unjoined_after:g} s)",
                        min(still.values(), default=now) - now,
                    )
            count, soonest = await self.call(self.store.live_tables, now, settings.abandon_after)
            if count + self._live_building - live >= settings.max_open_tables:
                raise NoRoomError(
                    503, "the server is full: try again later", (soonest or now) - now
                )
            room = Room()
            yield room
        finally:
            self._building[address] -= 1
            if not self._building[address]:
                del self._building[address]
            self._live_building -= live
        if room.table_id is not None:
            self._mine.setdefault(address, []).append(room.table_id)
            self._mine.move_to_end(address)
            while len(self._mine) > settings.max_addresses:
                self._mine.popitem(last=False)
