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
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from tablefeast.server.store import (
    COLUMNS,
    Append,
    Dialect,
    StaleError,
    StoreError,
    TableCounts,
    TableRow,
    row_values,
    shown_db,
    table_from_row,
)

__all__ = ["CHANNEL", "SCHEMA_VERSION", "PostgresStore"]

log = logging.getLogger("tablefeast.server")

SCHEMA_VERSION = 2
"""The version of the tables' layout this code writes (1: the first; 2: ``joined``)."""
CHANNEL = "tablefeast_moves"
"""The channel of the news of stored moves (``LISTEN``/``NOTIFY``)."""
_MIGRATION_LOCK = 7_447_015_320_061_206
"""The advisory lock held while a database is created or migrated."""
_NOW = "EXTRACT(EPOCH FROM clock_timestamp())"
"""Now, on the database server's clock (leases run out by one clock for every process)."""

_SCHEMA_1 = """
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
CREATE TABLE tokens (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    hash TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE moves (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);
CREATE TABLE leases (
    table_id TEXT PRIMARY KEY REFERENCES tables(id),
    holder TEXT NOT NULL,
    expires DOUBLE PRECISION NOT NULL
);
CREATE INDEX leases_by_expiry ON leases (expires);
"""
_MIGRATIONS: dict[int, str] = {
    1: "ALTER TABLE tables ADD COLUMN joined DOUBLE PRECISION; UPDATE tables SET joined = updated",
}
"""What turns a database of version N into version N + 1 (a new one is created at version 1)."""


class PostgresStore(TableCounts):
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

    dialect = Dialect(mark="%s", greatest="GREATEST", unfinished="NOT finished")

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
                kwargs={"connect_timeout": max(1, round(timeout))},
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
        try:
            with (
                self._pool.connection(timeout=self._timeout) as connection,
                connection.transaction(),
            ):
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
        with self._transaction() as connection:
            return list(connection.execute(sql, params).fetchall())

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

    def create_table(self, row: TableRow, token_hashes: dict[int, str]) -> None:
        """Store a new table and the hashes of its seats' join tokens.

        Args:
            row: the table.
            token_hashes: per human seat, the hash of its join token.
        """
        values = row_values(row)
        marks = ", ".join(["%s"] * len(values))
        with self._transaction() as connection:
            connection.execute(f"INSERT INTO tables ({COLUMNS}) VALUES ({marks})", values)
            with connection.cursor() as cursor:
                cursor.executemany(
                    "INSERT INTO tokens VALUES (%s, %s, %s)",
                    [(row.id, seat, digest) for seat, digest in token_hashes.items()],
                )

    def append_moves(
        self, table_id: str, first: int, moves: Sequence[tuple[int, str]], *, finished: bool
    ) -> None:
        """Store moves numbered from `first` in one transaction, if `first` is the next.

        Args:
            table_id: the table.
            first: the 0-based number of the first move.
            moves: ``(seat, text)`` pairs.
            finished: whether the game is over after them.

        Raises:
            StaleError: `first` is not the next move's number (nothing was written).
            StoreError: the database refused the write (nothing was written).
        """
        (refused,) = self.append_batch([Append(table_id, first, tuple(moves), finished)])
        if refused is not None:
            raise refused

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
        found = connection.execute(
            "SELECT moves FROM tables WHERE id = %s FOR UPDATE", (item.table_id,)
        ).fetchone()
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
                        "INSERT INTO moves VALUES (%s, %s, %s, %s)",
                        [
                            (item.table_id, item.first + i, seat, text)
                            for i, (seat, text) in enumerate(item.moves)
                        ],
                    )
                connection.execute(
                    f"UPDATE tables SET moves = %s, updated = {_NOW}, "
                    "finished = finished OR %s WHERE id = %s",
                    (count, item.finished, item.table_id),
                )
                connection.execute(
                    "SELECT pg_notify(%s, %s)", (CHANNEL, f"{item.table_id} {count}")
                )
        except self._psycopg.errors.IntegrityError as e:  # a move number stored already
            return StoreError(f"the database refused a write: {_reason(e)}")
        return None

    def tables(self, limit: int, before: str | None = None) -> list[TableRow]:
        """At most `limit` tables that are not broken, newest first; with `before` (a table's
        id), those listed after it (the next page). Read through an index.

        Args:
            limit: the most tables.
            before: the id of the last table of the previous page, or None.
        """
        where = "broken IS NULL"
        params: tuple[str, ...] = ()
        if before is not None:
            where += " AND (created, id) < (SELECT created, id FROM tables WHERE id = %s)"
            params = (before,)
        sql = f"SELECT {COLUMNS} FROM tables WHERE {where} ORDER BY created DESC, id DESC LIMIT %s"
        rows = [table_from_row(r) for r in self._rows(sql, (*params, limit))]
        return [row for row in rows if row.broken is None]

    def mark_joined(self, table_id: str, when: float) -> None:
        """Note that a person took a seat of the table at `when`.

        Args:
            table_id: the table.
            when: seconds since the epoch.
        """
        with self._transaction() as connection:
            connection.execute("UPDATE tables SET joined = %s WHERE id = %s", (when, table_id))

    def table(self, table_id: str) -> TableRow | None:
        """One table, or None.

        Args:
            table_id: the table's id.
        """
        rows = self._rows(f"SELECT {COLUMNS} FROM tables WHERE id = %s", (table_id,))
        return table_from_row(rows[0]) if rows else None

    def moves(self, table_id: str) -> list[tuple[int, str]]:
        """A table's moves, in order.

        Args:
            table_id: the table's id.
        """
        return self.moves_since(table_id, 0)

    def moves_since(self, table_id: str, first: int) -> list[tuple[int, str]]:
        """A table's moves from number `first` on, in order.

        Args:
            table_id: the table's id.
            first: the number of the first move wanted.
        """
        rows = self._rows(
            "SELECT seat, text FROM moves WHERE table_id = %s AND number >= %s ORDER BY number",
            (table_id, first),
        )
        return [(seat, text) for seat, text in rows]

    def token_hashes(self, table_id: str) -> dict[int, str]:
        """A table's seats' token hashes.

        Args:
            table_id: the table's id.
        """
        rows = self._rows("SELECT seat, hash FROM tokens WHERE table_id = %s", (table_id,))
        return {seat: digest for seat, digest in rows}

    def mark_broken(self, table_id: str, reason: str) -> None:
        """Note that a table's record does not replay: it is no longer listed or served.

        Args:
            table_id: the table's id.
            reason: why, for the operator (at most 500 characters are kept).
        """
        with self._transaction() as connection:
            connection.execute(
                "UPDATE tables SET broken = %s WHERE id = %s", (reason[:500], table_id)
            )

    # ------------------------------------------------------------------ leases

    def claim(self, holder: str, ttl: float, table_ids: Sequence[str]) -> set[str]:
        """Take these tables' leases for `ttl` seconds, where no other holder has one running
        (one statement for all of them).

        Args:
            holder: who takes them (a server process).
            ttl: seconds until they run out, unless renewed.
            table_ids: the tables.

        Returns:
            The tables whose lease `holder` has now.
        """
        if not table_ids:
            return set()
        # Rows locked in the order of their ids, by every statement on leases: two processes'
        # rounds never wait on each other in a cycle.
        rows = self._rows(
            f"INSERT INTO leases SELECT id, %s, {_NOW} + %s FROM unnest(%s::text[]) AS id "
            "ON CONFLICT (table_id) DO UPDATE "
            "SET holder = EXCLUDED.holder, expires = EXCLUDED.expires "
            f"WHERE leases.holder = EXCLUDED.holder OR leases.expires < {_NOW} "
            "RETURNING table_id",
            (holder, ttl, sorted(table_ids)),
        )
        return {table_id for (table_id,) in rows}

    def renew(self, holder: str, ttl: float, table_ids: Sequence[str]) -> set[str]:
        """Extend `holder`'s leases of these tables by `ttl` seconds from now.

        Args:
            holder: the holder.
            ttl: seconds until they run out, unless renewed again.
            table_ids: the tables.

        Returns:
            The tables whose lease `holder` still has (not taken over meanwhile).
        """
        if not table_ids:
            return set()
        ids = sorted(table_ids)
        with self._transaction() as connection:
            _lock_leases(connection, ids)
            rows = connection.execute(
                f"UPDATE leases SET expires = {_NOW} + %s "
                "WHERE holder = %s AND table_id = ANY(%s) RETURNING table_id",
                (ttl, holder, ids),
            ).fetchall()
        return {table_id for (table_id,) in rows}

    def release(self, holder: str, table_ids: Sequence[str]) -> None:
        """Give up `holder`'s leases of these tables (another holder's are left alone).

        Args:
            holder: the holder.
            table_ids: the tables.
        """
        if table_ids:
            ids = sorted(table_ids)
            with self._transaction() as connection:
                _lock_leases(connection, ids)
                connection.execute(
                    "DELETE FROM leases WHERE holder = %s AND table_id = ANY(%s)", (holder, ids)
                )

    def orphans(self, limit: int) -> list[str]:
        """Unfinished tables, not broken, whose lease ran out, oldest lapse first.

        Args:
            limit: the most tables.
        """
        rows = self._rows(
            "SELECT leases.table_id FROM leases JOIN tables ON tables.id = leases.table_id "
            f"WHERE leases.expires < {_NOW} AND NOT tables.finished AND tables.broken IS NULL "
            "ORDER BY leases.expires LIMIT %s",
            (limit,),
        )
        return [table_id for (table_id,) in rows]

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


def _lock_leases(connection: Any, ids: list[str]) -> None:
    """Lock these tables' lease rows in the order of their ids (`ids` sorted): the order every
    statement on leases takes them in, so that no two transactions deadlock."""
    connection.execute(
        "SELECT table_id FROM leases WHERE table_id = ANY(%s) ORDER BY table_id FOR UPDATE",
        (ids,),
    )


def _reason(error: BaseException) -> str:
    """An error in one line, without the server's details beyond its first line."""
    text = str(error).strip().splitlines()
    return (text[0] if text else type(error).__name__)[:300]
