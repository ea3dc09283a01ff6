"""`Store` on PostgreSQL: several server processes serving the same tables (extra ``postgres``).

``tablefeast serve --db postgresql://user@host/dbname`` keeps the tables in PostgreSQL, through
psycopg 3 and a pool of connections, every call off the event loop. The guarantees are
`SQLiteStore`'s: a move and the chance after it are written in one transaction before anyone is
told of them, and ``(table, number)`` is the key of a move, so none is doubled. What more there
is, for several processes on one database:

- **Moves are serialized per table.** An append locks its table's row (``SELECT ... FOR
  UPDATE``) and checks that its first move is the next one (the row counts the moves stored);
  a move numbered otherwise is refused with `StaleError`, and its process catches up and tries
  again. A batch locks its tables in the order of their ids, so two processes' batches never
  wait on each other in a cycle.
- **News of moves.** The transaction that stores moves also sends ``NOTIFY tablefeast_moves``
  with ``"<table id> <moves stored>"``; every process `listen`s (one connection of its own, on
  a thread of its own) and brings its copy of that table up to date at once. After the
  listening connection is lost and made again, `listen`'s callback hears ``(None, 0)``: news may
  have been missed, every table held is checked.
- **Leases.** A table's bots and seat timeouts run in the process holding its lease (a row of
  ``leases`` with an expiry on the database server's clock, so that the processes' own clocks
  do not matter); the holder renews it while it lives, and once it runs out another process
  takes the table over.
- **Schema versions and migrations.** ``tablefeast_schema`` holds the layout's version; opening
  an older database migrates it in one transaction under an advisory lock (so that processes
  starting together migrate it once), and a newer one is refused rather than misread. There are
  no hand edits of a live database.

Examples:
    >>> PostgresStore("postgresql://nobody@127.0.0.1:1/none", timeout=0.5)
    Traceback (most recent call last):
    ...
    tablefeast.server.store.StoreError: cannot use the database postgresql://nobody@...
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from tablefeast.server.sql import LEASES, POSTGRES, TOKENS_AND_MOVES
from tablefeast.server.store import (
    Append,
    SharedSQL,
    StaleError,
    StoreError,
    shown_db,
)

__all__ = ["CHANNEL", "SCHEMA_VERSION", "PostgresStore"]

log = logging.getLogger("tablefeast.server")

SCHEMA_VERSION = 2
"""The version of the tables' layout this code writes (1: the first; 2: ``joined``)."""
CHANNEL = "tablefeast_moves"
"""The channel of the news of stored moves (``LISTEN``/``NOTIFY``)."""
_MIGRATION_LOCK = 7_447_015_320_061_206
"""The advisory lock held while a database is created or migrated."""

_SCHEMA_1 = (
    """
CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    config TEXT NOT NULL,
    seats TEXT NOT NULL,
    seed TEXT NOT NULL,
    created DOUBLE PRECISION NOT NULL,
    finished BOOLEAN NOT NULL DEFAULT FALSE,
    options TEXT NOT NULL DEFAULT '{}',
    updated DOUBLE PRECISION NOT NULL,
    broken TEXT,
    moves INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX tables_by_age ON tables (created DESC, id DESC);
CREATE INDEX tables_open ON tables (finished, updated);
"""
    + TOKENS_AND_MOVES
    + POSTGRES.schema(LEASES)
)
_MIGRATIONS: dict[int, str] = {
    1: "ALTER TABLE tables ADD COLUMN joined DOUBLE PRECISION; UPDATE tables SET joined = updated",
}
"""What turns a database of version N into version N + 1 (a new one is created at version 1)."""


class PostgresStore(SharedSQL):
    """`tablefeast.server.store.Store` on PostgreSQL (module docs).

    Args:
        url: a libpq connection URL (``postgresql://user:password@host:5432/dbname``).
        timeout: seconds to wait for a connection of the pool (or to connect) before a call
            fails with StoreError.
        pool_size: the most connections the pool opens.

    Raises:
        StoreError: the database cannot be reached, or holds a newer schema; or psycopg is not
            installed (the ``postgres`` extra).
    """

    dialect = POSTGRES

    def __init__(self, url: str, timeout: float = 5.0, pool_size: int = 4) -> None:
        try:
            import psycopg
            from psycopg_pool import ConnectionPool
        except ImportError as e:
            raise StoreError(
                f'PostgreSQL needs the postgres extra: pip install "tablefeast[postgres]" ({e})'
            ) from None
        self._psycopg = psycopg
        self._url = url
        self._timeout = timeout
        self._listening: threading.Event | None = None
        try:  # one connection first: its refusal says why, where the pool's only times out
            psycopg.connect(url, connect_timeout=max(1, round(timeout))).close()
        except psycopg.Error as e:
            raise StoreError(f"cannot use the database {shown_db(url)}: {_reason(e)}") from None
        try:
            self._pool = ConnectionPool(
                url,
                min_size=1,
                max_size=pool_size,
                timeout=timeout,
                open=False,
                # Autocommit: a read is one statement, one trip to the server (no BEGIN and
                # COMMIT around it); writes open their transactions themselves (`_transaction`).
                kwargs={"connect_timeout": max(1, round(timeout)), "autocommit": True},
            )
            self._pool.open(wait=True, timeout=timeout)
        except Exception as e:  # the pool's own errors as well as psycopg's
            with contextlib.suppress(Exception):
                self._pool.close()
            raise StoreError(f"cannot use the database {shown_db(url)}: {_reason(e)}") from None
        try:
            self._migrate()
        except BaseException:
            self._pool.close()
            raise

    # ------------------------------------------------------------------ plumbing

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[Any]:
        """A connection of the pool in a transaction (committed at the end, rolled back on an
        error); any database error becomes StoreError."""
        with self._connection() as connection, connection.transaction():
            yield connection

    @contextlib.contextmanager
    def _connection(self) -> Iterator[Any]:
        """A connection of the pool, in autocommit (each statement its own transaction); any
        database error becomes StoreError."""
        try:
            with self._pool.connection(timeout=self._timeout) as connection:
                yield connection
        except StoreError:
            raise
        except self._psycopg.Error as e:
            raise StoreError(f"the database refused a call: {_reason(e)}") from None
        except Exception as e:  # the pool's timeout (no connection free) and the like
            if type(e).__module__.startswith("psycopg"):
                raise StoreError(f"the database cannot be reached: {_reason(e)}") from None
            raise

    def _rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        with self._connection() as connection:  # one statement: a transaction of its own
            return list(connection.execute(sql, params).fetchall())

    def _write(self, statements: Iterable[tuple[str, tuple[Any, ...]]]) -> list[Any]:
        with self._transaction() as connection:
            rows: list[Any] = []
            for sql, params in statements:
                cursor = connection.execute(sql, params)
                rows = list(cursor.fetchall()) if cursor.description is not None else []
            return rows

    def _migrate(self) -> None:
        with self._transaction() as connection:
            connection.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
            exists = connection.execute("SELECT to_regclass('tablefeast_schema')").fetchone()[0]
            if exists is None:
                connection.execute("CREATE TABLE tablefeast_schema (version INTEGER NOT NULL)")
                connection.execute(_SCHEMA_1)
                connection.execute("INSERT INTO tablefeast_schema VALUES (1)")
            (version,) = connection.execute("SELECT version FROM tablefeast_schema").fetchone()
            if version > SCHEMA_VERSION:
                raise StoreError(
                    f"the database has schema version {version}; this tablefeast knows up to "
                    f"{SCHEMA_VERSION}: upgrade tablefeast"
                )
            while version < SCHEMA_VERSION:
                connection.execute(_MIGRATIONS[version])
                version += 1
            connection.execute("UPDATE tablefeast_schema SET version = %s", (version,))

    # ------------------------------------------------------------------ tables and moves

    def append_batch(self, batch: Sequence[Append]) -> list[StoreError | None]:
        """Store several tables' moves in one transaction (one commit for all), each append all
        or nothing, the tables locked in the order of their ids.

        Args:
            batch: the appends (at most one per table).

        Returns:
            Per append, None, or why it was refused (`StaleError`: not the next move).

        Raises:
            StoreError: the database refused the transaction itself (nothing was written).
        """
        results: list[StoreError | None] = [None] * len(batch)
        order = sorted(range(len(batch)), key=lambda i: batch[i].table_id)
        with self._transaction() as connection:
            for i in order:
                results[i] = self._append(connection, batch[i])
        return results

    def _append(self, connection: Any, item: Append) -> StoreError | None:
        # One append inside the batch's transaction, undone alone if refused.
        found = connection.execute(self.sql.next_move, (item.table_id,)).fetchone()
        if found is None:
            return StoreError(f"the database has no table {item.table_id}")
        (stored,) = found
        if stored != item.first:  # not the next move: another process stored it first
            return StaleError(item.table_id, item.first, stored)
        count = stored + len(item.moves)
        try:
            with connection.transaction():  # a savepoint
                with connection.cursor() as cursor:
                    cursor.executemany(
                        self.sql.insert_move,
                        [
                            (item.table_id, item.first + i, seat, text)
                            for i, (seat, text) in enumerate(item.moves)
                        ],
                    )
                # The news goes with the update of the table's row: one trip to the server.
                connection.execute(
                    f"{self.sql.appended} RETURNING pg_notify(%s, %s)",
                    (count, item.finished, item.table_id, CHANNEL, f"{item.table_id} {count}"),
                )
        except self._psycopg.errors.IntegrityError as e:  # a move number stored already
            return StoreError(f"the database refused a write: {_reason(e)}")
        return None

    # ------------------------------------------------------------------ news

    def listen(self, callback: Callable[[str | None, int], None]) -> None:
        """Hear every process's stored moves: ``callback(table_id, moves stored)`` per
        notification, from a thread of the store's own, on a connection of its own (made again
        after it is lost, and then ``callback(None, 0)``: news may have been missed).

        Args:
            callback: called with each table's id and its number of moves stored.
        """
        if self._listening is not None:
            raise StoreError("this store is listening already")
        stop = self._listening = threading.Event()
        thread = threading.Thread(
            target=self._listen, args=(callback, stop), name="tablefeast-listen", daemon=True
        )
        thread.start()

    def _listen(self, callback: Callable[[str | None, int], None], stop: threading.Event) -> None:
        psycopg = self._psycopg
        pause = 0.1
        first = True
        while not stop.is_set():
            try:
                with psycopg.connect(self._url, autocommit=True, connect_timeout=5) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    if not first:
                        callback(None, 0)  # news may have come while nobody listened
                    first, pause = False, 0.1
                    while not stop.is_set():
                        for note in connection.notifies(timeout=0.5, stop_after=64):
                            table_id, _, count = note.payload.rpartition(" ")
                            if table_id and count.isdigit():
                                callback(table_id, int(count))
            except psycopg.Error as e:
                if stop.is_set():
                    return
                log.warning("listening for moves: %s; again in %.1f s", _reason(e), pause)
                first = False
                stop.wait(pause)
                pause = min(pause * 2, 5.0)

    def close(self) -> None:
        """Stop listening and close the pool's connections."""
        if self._listening is not None:
            self._listening.set()
        self._pool.close()


def _reason(error: BaseException) -> str:
    """An error in one line, without the server's details beyond its first line."""
    text = str(error).strip().splitlines()
    return (text[0] if text else type(error).__name__)[:300]
