"""The tables a server process holds, the connections to them, and the work scheduled for them.

Every resource a client can make the hub hold is bounded (`ServerSettings`):

- **Tables in memory.** A table is loaded when asked for (restore on demand: start-up replays
  nothing) and stays while somebody is connected or a bot or timer is at work; beyond
  `ServerSettings.max_loaded_tables` idle ones, the least recently used leave memory. A table whose
  stored record does not replay is marked broken in the store, logged, and refused; the rest serve.
- **Connections** (`tablefeast.server.live`). At most `ServerSettings.max_connections` in
  all and per client address; spectators have a share of their own (in all, per address and per
  table), so that they never crowd the seats out; a seat opened once too often closes its oldest
  connection. Each has a bounded outbox (a reader that falls behind is closed) and rates of
  messages and bytes (what it sends past them waits, unread; a steady flood is closed). All the
  spectators of a table share one encoded update.
- **Tables created** (`tablefeast.server.capacity`): live tables in all, open ones per address.
- **Bot work** goes through fair pools (`tablefeast.server.bots`); **storage** through threads
  of its own, so that a slow or locked database never stops the event loop. A move is stored
  before it is applied; a failed write leaves the table as it was (a person is told to try
  again, a bot tries again after a pause).

Several processes may serve the same tables from one PostgreSQL database (issue 33): a move is
stored only as the table's next (`StaleError` otherwise: the process catches up with the moves
another stored, and tries again), every process hears of the others' moves and brings its copy up
to date at once (`Store.listen`), and a table's bots and seat timeouts run only in the process
holding its lease (`Store.claim`), which it renews while it lives; a table whose holder stopped
is taken over by another (`Store.orphans`).
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import ctypes.util
import logging
import os
import random
import secrets
import socket
import time
from collections import Counter, OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import attrs

from tablefeast.kernel.errors import TablefeastError
from tablefeast.server import protocol
from tablefeast.server.bots import BotRunner
from tablefeast.server.budget import Buckets
from tablefeast.server.capacity import OpenTables
from tablefeast.server.live import Connection, LiveTable
from tablefeast.server.seats import HUMAN, observes
from tablefeast.server.settings import ServerSettings
from tablefeast.server.store import Append, StaleError, Store, StoreError
from tablefeast.server.table import Pending, Table
from tablefeast.server.workers import BotError, BotRequest

__all__ = ["Connection", "Hub", "LiveTable", "TableBrokenError"]

log = logging.getLogger("tablefeast.server")

_RETRIES = (0.5, 1.0, 2.0, 4.0, 8.0)
"""Pauses before a bot's move is stored again after the store refused it."""
JOIN_NOTE = 60.0
"""Seconds between two notes in the store that a person joined a table (`Hub.joined`)."""
_STALE_TRIES = 5
"""How often a person's move is tried again after other processes stored moves first."""
TRIM_EVERY = 3.0
"""Seconds between two returns of freed memory to the system (`Hub._give_back_memory`)."""


def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or None where the C library has none."""
    try:
        return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim
    except (OSError, AttributeError):
        return None


def _discount(counts: Counter[str], key: str) -> None:
    counts[key] -= 1
    if counts[key] <= 0:
        del counts[key]


def _any_legal(table: Table, legal: Sequence[object], seed: str) -> str:
    """The legal move a bot that failed plays instead, in notation (drawn from `seed`, the
    bot's own: the same table draws the same move)."""
    rng = random.Random(seed)
    return table.game.action_to_str(legal[rng.randrange(len(legal))])


class _Writes:
    """Moves waiting to be stored: the storage thread writes all that are waiting in one
    transaction (group commit), so that a hundred tables moving at once cost one commit and one
    trip to the thread, not a hundred. Each move is still stored before it is applied.

    Args:
        hub: the hub (its store and its storage thread).
    """

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.waiting: list[tuple[Append, asyncio.Future[None]]] = []
        self.writing = False

    async def save(self, table: Table, pending: Pending) -> None:
        """Store `pending`'s moves, with whatever else is waiting.

        Args:
            table: the table.
            pending: its moves (`Table.prepare`).

        Raises:
            StoreError: the database refused them (nothing of them was stored).
        """
        append = Append(table.row.id, pending.first, pending.texts, pending.finished)
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting.append((append, future))
        if not self.writing:
            self.writing = True
            asyncio.get_running_loop().create_task(self._write())
        await future

    async def _write(self) -> None:
        try:
            while self.waiting:
                batch, self.waiting = self.waiting, []
                try:
                    refusals = await self.hub.call(
                        self.hub.store.append_batch, [a for a, _ in batch]
                    )
                except StoreError as e:
                    refusals = [e] * len(batch)
                for (_, future), refused in zip(batch, refusals, strict=True):
                    if future.cancelled():
                        continue
                    if refused is None:
                        future.set_result(None)
                    else:
                        future.set_exception(refused)
        finally:
            self.writing = False


class TableBrokenError(TablefeastError):
    """The table's stored record does not replay: it is not served."""


class Hub:
    """The server's tables, their connections, and the work scheduled for them.

    Args:
        store: where tables and moves are kept.
        settings: the server's settings (every bound).
    """

    def __init__(self, store: Store, settings: ServerSettings) -> None:
        self.store = store
        self.settings = settings
        self.live: OrderedDict[str, LiveTable] = OrderedDict()
        self.bots = BotRunner(settings)
        """Where and when the bots think (`tablefeast.server.bots`)."""
        self.connected = 0
        self.by_address: Counter[str] = Counter()
        self.spectating = 0
        self.spectators_by_address: Counter[str] = Counter()
        self.messages = Buckets(
            4 * settings.message_rate, 8 * settings.message_rate, settings.max_addresses
        )
        """Each address's message rate, shared by its connections (four connections' worth)."""
        self._loading: dict[str, asyncio.Future[LiveTable | None]] = {}
        self._db = ThreadPoolExecutor(2, thread_name_prefix="tablefeast-db")
        self.writes = _Writes(self)
        self.open_tables = OpenTables(store, settings, self.call)
        """The caps on open tables (`tablefeast.server.capacity`)."""
        self.holder = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        """This process's name as a holder of leases (unique per start)."""
        self.leased: set[str] = set()
        """The tables whose lease this process holds: it runs their bots and timeouts."""
        self._background: set[asyncio.Task[Any]] = set()
        self._renewed = 0.0

    # ------------------------------------------------------------------ the process's own work

    async def start(self) -> None:
        """Begin what the process does by itself: hear the other processes' moves (from the
        store's listening thread), renew its leases and take over orphaned tables."""
        loop = asyncio.get_running_loop()

        def heard(table_id: str | None, count: int) -> None:  # on the store's thread
            loop.call_soon_threadsafe(self._heard, table_id, count)

        self.store.listen(heard)
        self._renewed = time.monotonic()
        self._spawn(self._keep_leases())
        self._spawn(self._give_back_memory())

    async def _give_back_memory(self) -> None:
        """Every `TRIM_EVERY` seconds, hand the memory freed meanwhile back to the system
        (glibc's ``malloc_trim``, a few milliseconds; elsewhere nothing): without it, the memory
        of a thousand closed connections or stalled request bodies stays in the process's heap,
        and a burst of them leaves the server tens of megabytes larger for good."""
        trim = _malloc_trim()
        while trim is not None:
            await asyncio.sleep(TRIM_EVERY)
            trim(0)

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    def _heard(self, table_id: str | None, count: int) -> None:
        """Another process stored moves (or news may have been missed: `table_id` None)."""
        targets = list(self.live.values()) if table_id is None else [self.live.get(table_id)]
        for live in targets:
            if live is not None and (table_id is None or len(live.table.moves) < count):
                self._spawn(self.catch_up(live, None if table_id is None else count))

    async def catch_up(self, live: LiveTable, stored: int | None = None) -> None:
        """Bring the table up to date with the moves other processes stored, and tell its
        connections (and start its bots, where this process holds its lease).

        Args:
            live: the table.
            stored: how many moves the table is known to have stored (None: ask the store).
                A table this process brought that far while the news came (its own moves'
                news comes back to it too) is not read again.
        """
        async with live.lock:
            if stored is not None and len(live.table.moves) >= stored:
                return
            changed = await self._catch_up_locked(live)
        if changed:
            self.broadcast(live)
            self.schedule(live)

    async def _catch_up_locked(self, live: LiveTable) -> bool:
        table = live.table
        try:
            moves = await self.call(self.store.moves_since, table.row.id, len(table.moves))
        except StoreError as e:
            log.warning("table %s: cannot catch up: %s", table.row.id, e)
            return False
        if not moves:
            return False
        try:
            table.catch_up(moves, time.monotonic())
        except TablefeastError as e:  # a stored move does not replay: the record is broken
            log.error("table %s: a stored move does not replay: %.300s", table.row.id, e)
            with contextlib.suppress(StoreError):
                await self.call(self.store.mark_broken, table.row.id, str(e))
            for connection in live.connections():
                connection.close("the table's record is broken")
            self.live.pop(table.row.id, None)
        return True

    async def _keep_leases(self) -> None:
        """Renew this process's leases every third of their life; take the lease of every
        table held here that nobody leases; take over orphaned tables; release the leases of
        tables no longer held."""
        ttl = self.settings.lease_seconds
        while True:
            await asyncio.sleep(ttl / 3)
            try:
                await self._lease_round(ttl)
                self._renewed = time.monotonic()
            except StoreError as e:
                log.warning("leases: %s", e)
                if time.monotonic() - self._renewed > ttl:  # they ran out: another may run them
                    self.leased.clear()

    async def _lease_round(self, ttl: float) -> None:
        gone = [table_id for table_id in self.leased if table_id not in self.live]
        if gone:
            await self.call(self.store.release, self.holder, gone)
            self.leased.difference_update(gone)
        held = sorted(self.leased)
        kept = await self.call(self.store.renew, self.holder, ttl, held)
        for table_id in set(held) - kept:
            log.warning("table %s: its lease was taken over by another process", table_id)
            self.leased.discard(table_id)
        free = [
            i for i, live in self.live.items() if i not in self.leased and not live.table.finished
        ]
        for table_id in await self.call(self.store.claim, self.holder, ttl, free):
            live = self.live.get(table_id)
            self.leased.add(table_id)
            if live is not None:  # its holder stopped: this process runs its bots now
                self.schedule(live)
        if self.settings.max_adopted:
            for table_id in await self.call(self.store.orphans, self.settings.max_adopted):
                if table_id not in self.live:
                    with contextlib.suppress(TablefeastError):  # broken, or gone: skip it
                        await self.get(table_id)

    async def call(self, function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Run a storage call (or anything that makes one) on the storage threads.

        Args:
            function: the call.
            args: its arguments.
            kwargs: its keyword arguments.
        """
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db, lambda: function(*args, **kwargs))

    # ------------------------------------------------------------------ tables

    async def get(self, table_id: str) -> LiveTable | None:
        """The table, loaded if need be (its record replayed on the storage thread); None if
        there is no such table.

        Args:
            table_id: the table's id.

        Raises:
            TableBrokenError: its stored record does not replay.
            StoreError: the store cannot be read.
        """
        live = self.live.get(table_id)
        if live is not None:
            self.live.move_to_end(table_id)
            return live
        if not isinstance(table_id, str) or not 0 < len(table_id) <= 64:
            return None
        loading = self._loading.get(table_id)
        if loading is None:  # one replay however many ask at once
            loading = asyncio.get_running_loop().create_future()
            self._loading[table_id] = loading
            try:
                loading.set_result(await self._load(table_id))
            except BaseException as e:
                loading.set_exception(e)
            finally:
                del self._loading[table_id]
        live = await asyncio.shield(loading)
        if live is not None:  # another caller's eviction may have come first: hold it again
            live = self.live.setdefault(table_id, live)
        return live

    async def _load(self, table_id: str) -> LiveTable | None:
        row = await self.call(self.store.table, table_id)
        if row is None:
            return None
        if row.broken is not None:  # marked before, or a stored row that does not parse
            with contextlib.suppress(StoreError):
                await self.call(self.store.mark_broken, table_id, row.broken)
            raise TableBrokenError(f"table {table_id} cannot be served: its record is broken")
        try:
            table = await self.call(Table.restore, self.store, row)
        except StoreError:
            raise
        except Exception as e:  # any failure to rebuild it: the record is broken
            reason = f"{type(e).__name__}: {e}"
            log.error("table %s does not replay and is marked broken: %.300s", table_id, reason)
            with contextlib.suppress(StoreError):
                await self.call(self.store.mark_broken, table_id, reason)
            raise TableBrokenError(
                f"table {table_id} cannot be served: its record is broken"
            ) from e
        await self.lease(table)
        live = self.add(table)
        self.schedule(live)
        return live

    async def lease(self, table: Table) -> None:
        """Take the table's lease if nobody holds it (so that this process runs its bots and
        timeouts); call it before `add`.

        Args:
            table: the table, just created or loaded.
        """
        if table.finished:
            return
        try:
            ttl = self.settings.lease_seconds
            self.leased |= await self.call(self.store.claim, self.holder, ttl, [table.row.id])
        except StoreError as e:  # served all the same; the next round of leases tries again
            log.warning("table %s: cannot take its lease: %s", table.row.id, e)

    def add(self, table: Table, owner: str | None = None) -> LiveTable:
        """Hold a table (just created or loaded); the caller uses it before it next awaits.

        Args:
            table: the table.
            owner: the address that created it, if it was created here.
        """
        self.evict(room=1)
        live = self.live[table.row.id] = LiveTable(table, owner)
        return live

    def evict(self, room: int = 0) -> None:
        """Let the least recently used idle tables beyond the limit leave memory (a table is
        used only between awaits, or while connected or at work, so none in use leaves).

        Args:
            room: idle tables about to be added.
        """
        idle = [table_id for table_id, live in self.live.items() if live.idle]
        for table_id in idle[: max(0, len(idle) + room - self.settings.max_loaded_tables)]:
            del self.live[table_id]

    # ------------------------------------------------------------------ connections

    def admit(self, live: LiveTable, seat: int | None, address: str) -> str | None:
        """Why a new connection is refused (a cap is reached), or None.

        Spectators have their own share (`ServerSettings.max_spectators`, per address and per
        table too), so that however many watch, a seat gets in: from 32 addresses, the seats
        and spectators they may open stay well under `ServerSettings.max_connections`.

        Args:
            live: the table.
            seat: the seat it would play, or None.
            address: the client's address.
        """
        settings = self.settings
        if seat is None:
            if self.spectating >= settings.max_spectators:
                return "the server has as many spectators as it takes: try again later"
            if self.spectators_by_address[address] >= settings.max_spectators_per_address:
                return "too many spectators from your address"
            if len(live.spectators) >= settings.max_spectators_per_table:
                return "this table has as many spectators as it takes"
        if self.connected >= settings.max_connections:
            return "the server has as many connections as it takes: try again later"
        if self.by_address[address] >= settings.max_connections_per_address:
            return "too many connections from your address"
        return None

    def attach(self, live: LiveTable, connection: Connection) -> None:
        """Count a connection and send it its table's updates; a seat opened more than
        `ServerSettings.max_connections_per_seat` times closes its oldest connection, so that
        a person coming back (a new tab, a phone after the laptop) always gets in.

        Args:
            live: the table.
            connection: the connection.
        """
        self.connected += 1
        self.by_address[connection.address] += 1
        if connection.seat is None:
            live.spectators.append(connection)
            self.spectating += 1
            self.spectators_by_address[connection.address] += 1
            return
        same = [c for c in live.seated if c.seat == connection.seat and c.closing is None]
        for old in same[: max(0, len(same) + 1 - self.settings.max_connections_per_seat)]:
            old.close("this seat was opened elsewhere", protocol.CLOSE_REPLACED)
        live.seated.append(connection)
        self.joined(live)

    def joined(self, live: LiveTable) -> None:
        """Note that a person took a seat of the table (it then counts as open for
        `ServerSettings.abandon_after`, not only `ServerSettings.unjoined_after`); written at
        most once a `JOIN_NOTE` seconds a table, so that reconnections cost no writes.

        Args:
            live: the table.
        """
        row = live.table.row
        now = time.time()
        if row.joined is None or now - row.joined > JOIN_NOTE:
            live.table.row = attrs.evolve(row, joined=now)
            self._spawn(self._note_joined(row.id, now))

    async def _note_joined(self, table_id: str, now: float) -> None:
        try:
            await self.call(self.store.mark_joined, table_id, now)
        except StoreError as e:  # it counts as open a little less long: no harm
            log.warning("table %s: cannot note that a seat was joined: %s", table_id, e)

    def detach(self, live: LiveTable, connection: Connection) -> None:
        """Forget a closed connection.

        Args:
            live: the table.
            connection: the connection.
        """
        group = live.seated if connection.seat is not None else live.spectators
        if connection in group:
            group.remove(connection)
            self.connected -= 1
            _discount(self.by_address, connection.address)
            if connection.seat is None:
                self.spectating -= 1
                _discount(self.spectators_by_address, connection.address)
        self.evict()

    # ------------------------------------------------------------------ moves

    async def play(self, live: LiveTable, seat: int, text: str) -> None:
        """Apply a move (stored first) and tell everyone.

        Args:
            live: the table.
            seat: the moving seat.
            text: the move in notation.

        Raises:
            TablefeastError: the move is refused; StoreError: it could not be stored.
        """
        # Shielded: once a move is being stored it is also applied and announced, even if the
        # connection that sent it goes away meanwhile (the store and the table never differ).
        await asyncio.shield(self._play(live, seat, text, time.monotonic()))

    async def _play(self, live: LiveTable, seat: int, text: str, now: float) -> None:
        table = live.table
        changed = False
        try:
            async with live.lock:
                for _ in range(_STALE_TRIES):
                    pending = table.prepare(seat, text, now)
                    try:
                        await self.writes.save(table, pending)
                    except StaleError:  # another process stored a move first: catch up
                        changed = await self._catch_up_locked(live) or changed
                        continue
                    table.apply(pending)
                    changed = True
                    return
                raise StoreError("the table moved on meanwhile: send the move again")
        finally:
            if changed:
                self.broadcast(live)
                self.schedule(live)

    def broadcast(self, live: LiveTable) -> None:
        """Queue an update for every connection of the table (each seat its own view).

        Args:
            live: the table.
        """
        for connection in live.connections():
            connection.send_update()

    def schedule(self, live: LiveTable) -> None:
        """Start the bots whose turn it is, and the idle timers of the human seats.

        Args:
            live: the table.
        """
        table = live.table
        if table.finished:
            if table.row.id in self.leased:  # nothing more to run: another may have it
                self.leased.discard(table.row.id)
                self._spawn(self.call(self.store.release, self.holder, [table.row.id]))
            return
        if table.row.id not in self.leased:
            return  # another process runs its bots and timeouts
        for seat in table.game.actors(table.state):
            kind = table.row.seats[seat]
            if kind != HUMAN:
                self._start(live, seat, "bot", kind, delay=self._reaction(table, seat))
            elif table.setting("timeout") is not None:
                takeover = table.setting("takeover")
                self._start(live, seat, "timeout", takeover, delay=table.setting("timeout"))

    def _reaction(self, table: Table, seat: int) -> float:
        base = float(table.setting("reaction"))
        if base <= 0 or len(table.game.actors(table.state)) < 2:
            return 0.0
        rng = random.Random(f"{table.row.seed}:reaction:{seat}:{len(table.moves)}")
        return base * rng.uniform(0.6, 1.4)  # people do not all react alike

    def _start(self, live: LiveTable, seat: int, why: str, kind: str, delay: float) -> None:
        version = live.table.version
        if live._pending.get((seat, why)) == version:
            return  # already thinking about this position
        live._pending[(seat, why)] = version
        task = asyncio.get_running_loop().create_task(
            self._bot_move(live, seat, why, kind, delay, version)
        )
        live.tasks.add(task)
        task.add_done_callback(live.tasks.discard)

    async def _bot_move(  # noqa: PLR0917
        self, live: LiveTable, seat: int, why: str, kind: str, delay: float, version: int
    ) -> None:
        table = live.table
        if delay > 0:
            await asyncio.sleep(delay)
        if table.version != version or seat not in table.game.actors(table.state):
            return
        think = float(table.setting("think"))
        seed = f"{table.row.seed}:bot:{seat}:{len(table.moves)}"
        legal = table.game.legal_actions(table.state, seat)
        if len(legal) == 1:  # nothing to think about
            text = table.game.action_to_str(legal[0])
        else:
            # Only a search reads what the table showed of the others' play: gathering it
            # costs a view per move played, so a simple bot goes without.
            observed = table.observer.shown(seat) if observes(kind, self.settings) else ()
            request = BotRequest(
                game=table.game.NAME,
                state=table.state,
                seat=seat,
                kind=kind,
                think=think,
                seed=seed,
                agents=tuple(self.settings.agents.items()),
                max_iterations=self.settings.max_iterations,
                observed=observed,
            )
            due = time.monotonic() + think  # the promise (`tablefeast.server.bots`)
            try:
                text = await self.bots.move(request, table.row.id, live.owner, due)
            except BotError as e:  # any legal move, so that the table goes on
                log.warning("table %s: seat %s's bot failed: %s", table.row.id, seat, e)
                text = _any_legal(table, legal, seed)
        for pause in (*_RETRIES, None):
            if table.version != version:
                return  # the position changed while it thought (a person's move won the race)
            try:
                async with live.lock:
                    if table.version != version:
                        return
                    try:
                        pending = table.prepare(seat, text, time.monotonic())
                    except TablefeastError as e:  # an operator's agent chose an illegal move
                        log.warning("table %s: seat %s's bot: %s", table.row.id, seat, e)
                        text = _any_legal(table, legal, seed)
                        pending = table.prepare(seat, text, time.monotonic())
                    await self.writes.save(table, pending)
                    if why == "timeout":
                        table.events.append(f"seat {seat} took too long: {kind} played for it")
                    table.apply(pending)
                break
            except StaleError:  # another process stored a move first: catch up, think again
                await self.catch_up(live)
                return
            except StoreError as e:
                if pause is None:
                    log.error("table %s: a bot's move could not be stored: %s", table.row.id, e)
                    return
                await asyncio.sleep(pause)
        self.broadcast(live)
        self.schedule(live)

    async def close(self) -> None:
        """Stop every bot and timer, give up this process's leases (so that another process
        takes its tables over at once) and release the store."""
        tasks = [task for live in self.live.values() for task in live.tasks]
        tasks += list(self._background)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.bots.close()
        if self.leased:
            with contextlib.suppress(StoreError):
                self._db.submit(self.store.release, self.holder, sorted(self.leased)).result()
        self._db.submit(self.store.close).result()
        self._db.shutdown(wait=False)
