"""Durable storage of tables: what a game is (game, config, seats, seed) and every accepted move.

A game's durable truth is its record: the config, the seats, the per-table chance seed and the
moves in notation. States are never stored; the server rebuilds them by replaying the moves.
`Store` is the interface the server needs; `SQLiteStore` implements it on the standard library's
`sqlite3` in WAL mode (one server process, nothing to install), and
`tablefeast.server.postgres.PostgresStore` on PostgreSQL (several server processes serving the
same tables); `open_store` opens either from what ``--db`` names. Every call may block (a disk,
a lock held by another process): the server makes them off its event loop, on threads of its
own.

Every accepted move is written by `append_moves` in one transaction, before anyone is told of
it: a crash loses no move that a player was told about, and the primary key (table, move
number) makes doubling a move impossible. A move numbered other than the next one to store is
refused with `StaleError`: another process stored that number first, and the caller catches up
(`moves_since`) before it tries again.

A table's bots and seat timeouts run in one process at a time: the one holding the table's
**lease** (`claim`, renewed by `renew` while the process lives, `release`d when it lets the table
go). A lease not renewed runs out, and another process takes the table over (`orphans`).

The SQL is written once for both backends (`tablefeast.server.sql`): every statement they share
is one text, and each backend names its `tablefeast.server.sql.Dialect` (placeholders, types,
the database's clock, lists of ids, row locks); `SharedSQL` runs them.

The schema has a version (`SCHEMA_VERSION`, SQLite's ``user_version``); opening an older
database migrates it in one transaction, and a newer one is refused rather than misread.

Examples:
    >>> store = SQLiteStore(":memory:")
    >>> store.create_table(TableRow("t1", "food_chain", {"players": 3}, ("human",) * 3,
    ...                             "seed", 0.0), {0: "hash0", 1: "hash1", 2: "hash2"})
    >>> store.append_moves("t1", 0, [(0, "play cat")], finished=False)
    >>> store.moves("t1")
    [(0, 'play cat')]
"""

from __future__ import annotations

import json
import math
import sqlite3
import threading
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, Protocol

import attrs

from tablefeast.kernel.errors import TablefeastError
from tablefeast.kernel.limits import MAX_JSON_CHARS, parse_json
from tablefeast.server.sql import LEASES, SQLITE, TOKENS_AND_MOVES, Dialect, Statements

__all__ = [
    "SCHEMA_VERSION",
    "Append",
    "SQLiteStore",
    "StaleError",
    "Store",
    "StoreError",
    "TableRow",
    "open_store",
    "shown_db",
]

SCHEMA_VERSION = 4
"""The version of the tables' layout that this code writes (1: the first; 2: ``updated`` and
``broken`` columns and the listing's indexes; 3: leases; 4: ``joined``)."""


class StoreError(TablefeastError):
    """The database cannot be opened or written (a clear one-line reason)."""


class StaleError(StoreError):
    """Moves numbered from `first` were refused: the table has `stored` moves (another process
    stored the next one first). Nothing of them was written; catch up and try again.

    Args:
        table_id: the table.
        first: the number of the first move refused.
        stored: how many moves the table has.
    """

    def __init__(self, table_id: str, first: int, stored: int) -> None:
        super().__init__(
            f"table {table_id} has {stored} moves stored: move {first} is not the next"
        )
        self.table_id = table_id
        self.first = first
        self.stored = stored


@attrs.frozen
class TableRow:
    """A table as stored: everything but its moves.

    Attributes:
        id: the table's id (public, in URLs).
        game: the game's name.
        config: the game's config as JSON data (``json.loads(tablefeast.dumps(config))``).
        seats: per seat, ``"human"`` or a bot's kind (``"heuristic"``, ``"ismcts:200"``).
        seed: the secret per-table chance seed (never sent to anyone).
        created: when it was created (seconds since the epoch).
        finished: whether the game is over.
        options: the table's own settings (timeouts, reaction delays), as JSON data.
        updated: when its last move was stored (its creation, before any).
        broken: why its record does not replay (it is then no longer served), or None.
        joined: when a person last took one of its seats (connected to it), or None if nobody
            ever has; a table with no human seat is joined when it is created. A table nobody
            joined stops counting as open soon after its creation (`open_until`).
    """

    id: str
    game: str
    config: dict[str, Any]
    seats: tuple[str, ...]
    seed: str
    created: float
    finished: bool = False
    options: dict[str, Any] = attrs.field(factory=dict)
    updated: float = 0.0
    broken: str | None = None
    joined: float | None = None

    def open_until(self, abandon_after: float, unjoined_after: float) -> float:
        """Until when the table counts as open (unless it moves on, is joined or ends first):
        `unjoined_after` seconds after its creation while nobody has joined it, else
        `abandon_after` seconds after its last move or join.

        Args:
            abandon_after: `ServerSettings.abandon_after`.
            unjoined_after: `ServerSettings.unjoined_after`.

        Examples:
            >>> row = TableRow("t", "food_chain", {}, ("human",), "s", created=100.0,
            ...                updated=100.0)
            >>> row.open_until(3600, 300)
            400.0
            >>> attrs.evolve(row, joined=200.0).open_until(3600, 300)
            3800.0
        """
        if self.finished or self.broken is not None:
            return float("-inf")
        if self.joined is None:
            return self.created + unjoined_after
        return max(self.updated, self.joined) + abandon_after


@attrs.frozen
class Append:
    """One table's moves to store (`Store.append_batch`).

    Attributes:
        table_id: the table.
        first: the 0-based number of the first move.
        moves: ``(seat, text)`` pairs.
        finished: whether the game is over after them.
    """

    table_id: str
    first: int
    moves: tuple[tuple[int, str], ...]
    finished: bool


MAX_ID_CHARS = 64
"""The longest table id read back (ids are made by the server: 22 characters)."""
MAX_SEATS_READ = 8
"""The most seats a stored table may list (no game has more)."""


def row_values(row: TableRow) -> tuple[Any, ...]:
    """A table's stored columns (`COLUMNS`), as either backend writes them.

    Args:
        row: the table.
    """
    return (
        row.id,
        row.game,
        json.dumps(row.config),
        json.dumps(list(row.seats)),
        row.seed,
        row.created,
        bool(row.finished),
        json.dumps(row.options),
        row.updated or row.created,
        row.broken,
        row.joined,
    )


class _BadRowError(Exception):
    """A stored column holds what the server never writes there."""


def _text(value: Any, column: str, most: int) -> str:
    if not isinstance(value, str) or len(value) > most:
        raise _BadRowError(f"{column} is not text of at most {most} characters")
    return value


def _time(value: Any, column: str) -> float:
    # A finite number (SQLite keeps whatever a hand puts in a column; PostgreSQL's DOUBLE
    # PRECISION holds NaN and Infinity, which no JSON answer can carry).
    if type(value) not in (int, float) or not math.isfinite(value):
        raise _BadRowError(f"{column} is not a finite number")
    return float(value)


def _json(value: Any, column: str, kind: type) -> Any:
    try:
        data = parse_json(_text(value, column, MAX_JSON_CHARS), column, StoreError)
    except StoreError as e:
        raise _BadRowError(str(e)) from None
    if not isinstance(data, kind):
        raise _BadRowError(f"{column} is not a JSON {kind.__name__}")
    return data


def table_from_row(values: Sequence[Any]) -> TableRow:
    """The table a stored row (`COLUMNS`) holds, every column checked as the JSON ones are; a
    row that does not hold what the server writes (edited by hand, or damaged) gives a broken
    table, which is then not served (410) and left out of the listing: one bad row is one
    broken table, never a broken lobby.

    Args:
        values: the row's columns.

    Examples:
        >>> good = ("t1", "food_chain", '{"players": 3}', '["human"]', "s", 1.0, 0, "{}", 2.0,
        ...         None, None)
        >>> table_from_row(good).updated
        2.0
        >>> table_from_row(good[:8] + ("yesterday",) + good[9:]).broken
        'bad row: updated is not a finite number'
    """
    table_id = values[0] if isinstance(values[0], str) else str(values[0])[:MAX_ID_CHARS]
    game = values[1] if isinstance(values[1], str) else ""
    try:
        seats = _json(values[3], "seats", list)
        if not 0 < len(seats) <= MAX_SEATS_READ or not all(
            isinstance(seat, str) and len(seat) <= 64 for seat in seats
        ):
            raise _BadRowError(f"seats is not a list of 1 to {MAX_SEATS_READ} seat kinds")
        if type(values[6]) not in (bool, int) or values[6] not in (0, 1):
            raise _BadRowError("finished is not a truth value")
        return TableRow(
            id=_text(table_id, "id", MAX_ID_CHARS),
            game=_text(game, "game", 64),
            config=_json(values[2], "config", dict),
            seats=tuple(seats),
            seed=_text(values[4], "seed", 200),
            created=_time(values[5], "created"),
            finished=bool(values[6]),
            options=_json(values[7], "options", dict),
            updated=_time(values[8], "updated"),
            broken=None if values[9] is None else _text(values[9], "broken", 100_000),
            joined=None if values[10] is None else _time(values[10], "joined"),
        )
    except _BadRowError as e:
        return TableRow(table_id[:MAX_ID_CHARS], game[:64], {}, (), "", 0.0, broken=f"bad row: {e}")


class Store(Protocol):
    """What the server needs from storage (every call may block)."""

    def create_table(self, row: TableRow, token_hashes: dict[int, str]) -> None:
        """Store a new table and the hashes of its seats' join tokens."""

    def append_moves(
        self, table_id: str, first: int, moves: Sequence[tuple[int, str]], *, finished: bool
    ) -> None:
        """Store moves numbered from `first` (0-based) in one transaction; raise on a double."""

    def append_batch(self, batch: Sequence[Append]) -> list[StoreError | None]:
        """Store several tables' moves in one transaction, each `Append` all or nothing; per
        append, None or why it was refused (a double, say)."""

    def tables(self, limit: int, before: str | None = None) -> list[TableRow]:
        """At most `limit` tables that are not broken, newest first, older than `before`."""

    def live_tables(self, now: float, abandon_after: float) -> tuple[int, float | None]:
        """How many tables are live at `now` (joined, and played on or joined lately), and the
        soonest time one of them is abandoned (None: none is live)."""

    def open_among(
        self, table_ids: Sequence[str], now: float, abandon_after: float, unjoined_after: float
    ) -> dict[str, float]:
        """Those of `table_ids` open at `now`, each with when it stops counting."""

    def mark_joined(self, table_id: str, when: float) -> None:
        """Note that a person took a seat of the table at `when`."""

    def table(self, table_id: str) -> TableRow | None:
        """One table, or None."""

    def moves(self, table_id: str) -> list[tuple[int, str]]:
        """A table's moves, in order."""

    def token_hashes(self, table_id: str) -> dict[int, str]:
        """A table's seats' token hashes."""

    def mark_broken(self, table_id: str, reason: str) -> None:
        """Note that a table's record does not replay, and why."""

    def moves_since(self, table_id: str, first: int) -> list[tuple[int, str]]:
        """A table's moves from number `first` on, in order."""

    def claim(self, holder: str, ttl: float, table_ids: Sequence[str]) -> set[str]:
        """Take (or keep) these tables' leases for `ttl` seconds, where no other holder has one
        running; the tables whose lease `holder` has now."""

    def renew(self, holder: str, ttl: float, table_ids: Sequence[str]) -> set[str]:
        """Extend `holder`'s leases of these tables; the ones it still holds."""

    def release(self, holder: str, table_ids: Sequence[str]) -> None:
        """Give up `holder`'s leases of these tables."""

    def orphans(self, limit: int) -> list[str]:
        """Unfinished tables whose lease ran out (their holder stopped renewing it)."""

    def listen(self, callback: Callable[[str | None, int], None]) -> None:
        """Call ``callback(table_id, moves)`` whenever another connection stores moves (from
        a thread of the store's own), and ``callback(None, 0)`` when news may have been missed;
        a store that only this process writes never calls it."""

    def close(self) -> None:
        """Release the storage."""


_SCHEMA_1 = (
    """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    config TEXT NOT NULL,
    seats TEXT NOT NULL,
    seed TEXT NOT NULL,
    created REAL NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    options TEXT NOT NULL DEFAULT '{}'
);
"""
    + TOKENS_AND_MOVES
)

_MIGRATIONS = {
    1: """
ALTER TABLE tables ADD COLUMN updated REAL NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN broken TEXT;
UPDATE tables SET updated = created;
CREATE INDEX IF NOT EXISTS tables_by_age ON tables (created DESC, id DESC);
CREATE INDEX IF NOT EXISTS tables_open ON tables (finished, updated);
""",
    2: SQLITE.schema(LEASES),
    3: """
ALTER TABLE tables ADD COLUMN joined REAL;
UPDATE tables SET joined = updated;
""",
}
"""What turns a database of version N into version N + 1 (a new one is created as version 1)."""


class SharedSQL:
    """What both backends do alike, written once: every statement from the dialect's
    `Statements` (`tablefeast.server.sql`), run through the backend's own `_rows` (one read)
    and `_write` (statements in one transaction). A backend names its `Dialect`; it keeps
    only its connection, its transactions, its appends (SQLite checks the next move under the
    database's write lock; PostgreSQL locks the table's row and tells the other processes) and
    what it alone has."""

    dialect: Dialect
    sql: Statements

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        cls.sql = cls.dialect.statements()

    def _rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        raise NotImplementedError

    def _write(self, statements: Iterable[tuple[str, tuple[Any, ...]]]) -> list[Any]:
        """Run `statements` in one transaction (all or nothing); the rows the last returns."""
        raise NotImplementedError

    def create_table(self, row: TableRow, token_hashes: dict[int, str]) -> None:
        """Store a new table and the hashes of its seats' join tokens.

        Args:
            row: the table.
            token_hashes: per human seat, the hash of its join token.
        """
        self._write(
            [
                (self.sql.insert_table, row_values(row)),
                *((self.sql.insert_token, (row.id, s, h)) for s, h in token_hashes.items()),
            ]
        )

    def append_moves(
        self, table_id: str, first: int, moves: Sequence[tuple[int, str]], *, finished: bool
    ) -> None:
        """Store moves numbered from `first` in one transaction, if `first` is the next (the
        primary key refuses a move number stored twice, and the whole transaction with it).

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
        """Store several tables' moves in one transaction, each append all or nothing."""
        raise NotImplementedError

    def tables(self, limit: int, before: str | None = None) -> list[TableRow]:
        """At most `limit` tables that are not broken, newest first; with `before` (a table's
        id), those listed after it (the next page). Read through an index.

        Args:
            limit: the most tables.
            before: the id of the last table of the previous page, or None.
        """
        if before is None:
            found = self._rows(self.sql.tables, (limit,))
        else:
            found = self._rows(self.sql.tables_before, (before, limit))
        rows = [table_from_row(r) for r in found]
        return [row for row in rows if row.broken is None]  # a row that does not parse

    def mark_joined(self, table_id: str, when: float) -> None:
        """Note that a person took a seat of the table at `when` (`TableRow.joined`).

        Args:
            table_id: the table.
            when: seconds since the epoch.
        """
        self._write([(self.sql.mark_joined, (when, table_id))])

    def table(self, table_id: str) -> TableRow | None:
        """One table, or None.

        Args:
            table_id: the table's id.
        """
        rows = self._rows(self.sql.table, (table_id,))
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
        rows = self._rows(self.sql.moves_since, (table_id, first))
        return [(seat, text) for seat, text in rows]

    def token_hashes(self, table_id: str) -> dict[int, str]:
        """A table's seats' token hashes.

        Args:
            table_id: the table's id.
        """
        rows = self._rows(self.sql.token_hashes, (table_id,))
        return {seat: digest for seat, digest in rows}

    def mark_broken(self, table_id: str, reason: str) -> None:
        """Note that a table's record does not replay: it is no longer listed or served.

        Args:
            table_id: the table's id.
            reason: why, for the operator (at most 500 characters are kept).
        """
        self._write([(self.sql.mark_broken, (reason[:500], table_id))])

    def live_tables(self, now: float, abandon_after: float) -> tuple[int, float | None]:
        """How many tables are live at `now`: unfinished, not broken, joined (by a person, or
        made of bots alone) and moved on or joined in the last `abandon_after` seconds; and the
        soonest time one of them is abandoned.

        Args:
            now: seconds since the epoch.
            abandon_after: seconds without a move or a join after which a table is abandoned.

        Returns:
            The count, and the soonest end (None when none is live).
        """
        count, soonest = self._rows(self.sql.live_tables, (abandon_after, now))[0]
        return int(count), None if soonest is None else float(soonest)

    def open_among(
        self, table_ids: Sequence[str], now: float, abandon_after: float, unjoined_after: float
    ) -> dict[str, float]:
        """Those of `table_ids` (at most a few hundred) open at `now`, each with when it stops
        counting (`TableRow.open_until`: a table nobody joined counts as its creator's for
        `unjoined_after`, a joined one while it is live).

        Args:
            table_ids: the tables.
            now: seconds since the epoch.
            abandon_after: seconds without a move or a join after which a table is abandoned.
            unjoined_after: seconds after which a table nobody joined stops counting.
        """
        if not table_ids:
            return {}
        params = (unjoined_after, abandon_after, self.dialect.ids(table_ids), now)
        return {
            table_id: float(until) for table_id, until in self._rows(self.sql.open_among, params)
        }

    # ------------------------------------------------------------------ leases

    def claim(self, holder: str, ttl: float, table_ids: Sequence[str]) -> set[str]:
        """Take these tables' leases for `ttl` seconds, where no other holder has one running
        (one statement for all of them, on the database's clock).

        Args:
            holder: who takes them (a server process).
            ttl: seconds until they run out, unless renewed.
            table_ids: the tables.

        Returns:
            The tables whose lease `holder` has now.
        """
        if not table_ids:
            return set()
        # Rows taken in the order of their ids by every statement on leases (`Dialect.ids`):
        # two processes' rounds never wait on each other in a cycle.
        rows = self._write([(self.sql.claim, (holder, ttl, self.dialect.ids(table_ids)))])
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
        ids = self.dialect.ids(table_ids)
        rows = self._write([(self.sql.lock_leases, (ids,)), (self.sql.renew, (ttl, holder, ids))])
        return {table_id for (table_id,) in rows}

    def release(self, holder: str, table_ids: Sequence[str]) -> None:
        """Give up `holder`'s leases of these tables (another holder's are left alone).

        Args:
            holder: the holder.
            table_ids: the tables.
        """
        if table_ids:
            ids = self.dialect.ids(table_ids)
            self._write([(self.sql.lock_leases, (ids,)), (self.sql.release, (holder, ids))])

    def orphans(self, limit: int) -> list[str]:
        """Unfinished tables, not broken, whose lease ran out, oldest lapse first.

        Args:
            limit: the most tables.
        """
        return [table_id for (table_id,) in self._rows(self.sql.orphans, (limit,))]


class SQLiteStore(SharedSQL):
    """`Store` on SQLite: one file, WAL mode, a transaction per accepted move.

    A committed transaction survives the server process being killed (WAL with
    ``synchronous=NORMAL`` loses nothing on a process crash; only a power cut can lose the last
    commits). One connection, used under a lock, so threads never write at the same time; a lock
    held by another process is waited for `timeout` seconds, then the call fails with
    StoreError (and the server's table stays as it was).

    Args:
        path: the database file (created if missing), or ``":memory:"``.
        timeout: seconds to wait for another process's lock.

    Raises:
        StoreError: the file cannot be opened or written, or holds a newer schema.

    Examples:
        >>> SQLiteStore(":memory:").tables(10)
        []
    """

    dialect = SQLITE

    def __init__(self, path: str | Path, timeout: float = 5.0) -> None:
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(
                str(path), check_same_thread=False, isolation_level=None, timeout=timeout
            )
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._migrate()
        except sqlite3.Error as e:
            raise StoreError(f"cannot use the database {path}: {e}") from None

    def _migrate(self) -> None:
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"the database has schema version {version}; this tablefeast knows up to "
                f"{SCHEMA_VERSION}: upgrade tablefeast"
            )
        if version == SCHEMA_VERSION:
            return
        self._db.execute("BEGIN IMMEDIATE")
        try:
            if version == 0:
                for statement in _SCHEMA_1.split(";"):
                    if statement.strip():
                        self._db.execute(statement)
                version = 1
            while version < SCHEMA_VERSION:
                for statement in _MIGRATIONS[version].split(";"):
                    if statement.strip():
                        self._db.execute(statement)
                version += 1
            self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def _write(self, statements: Iterable[tuple[str, tuple[Any, ...]]]) -> list[Any]:
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    rows: list[Any] = []
                    for sql, params in statements:
                        rows = self._db.execute(sql, params).fetchall()
                except BaseException:
                    self._db.execute("ROLLBACK")
                    raise
                self._db.execute("COMMIT")
            except sqlite3.Error as e:
                raise StoreError(f"the database refused a write: {e}") from None
        return rows

    def append_batch(self, batch: Sequence[Append]) -> list[StoreError | None]:
        """Store several tables' moves in one transaction (one commit however many tables move
        at once), each append all or nothing.

        Args:
            batch: the appends.

        Returns:
            Per append, None, or why the database refused it (nothing of it was written).

        Raises:
            StoreError: the database refused the transaction itself (nothing was written).
        """
        results: list[StoreError | None] = []
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    for item in batch:
                        results.append(self._append(item))
                except BaseException:
                    self._db.execute("ROLLBACK")
                    raise
                self._db.execute("COMMIT")
            except sqlite3.Error as e:
                raise StoreError(f"the database refused a write: {e}") from None
        return results

    def _append(self, item: Append) -> StoreError | None:
        # One append inside the batch's transaction (which holds the database's write lock),
        # undone alone if the database refuses it.
        found = self._db.execute(self.sql.next_move, (item.table_id,)).fetchone()
        if found is None:
            return StoreError(f"the database has no table {item.table_id}")
        (stored,) = found
        if stored != item.first:  # not the next move: another writer came first
            return StaleError(item.table_id, item.first, stored)
        self._db.execute("SAVEPOINT one")
        try:
            self._db.executemany(
                self.sql.insert_move,
                [(item.table_id, item.first + i, s, t) for i, (s, t) in enumerate(item.moves)],
            )
            self._db.execute(self.sql.appended, (item.finished, item.table_id))
        except sqlite3.IntegrityError as e:  # a move number stored already: a double
            self._db.execute("ROLLBACK TO one")
            self._db.execute("RELEASE one")
            return StoreError(f"the database refused a write: {e}")
        self._db.execute("RELEASE one")
        return None

    def _rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        with self._lock:
            try:
                return self._db.execute(sql, params).fetchall()
            except sqlite3.Error as e:
                raise StoreError(f"the database refused a read: {e}") from None

    def listen(self, callback: Callable[[str | None, int], None]) -> None:
        """Nothing to hear: one process writes a SQLite database (see the module docs).

        Args:
            callback: never called.
        """

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._db.close()


def shown_db(db: str | Path) -> str:
    """The database as it may be printed or logged: a URL's password hidden.

    Args:
        db: a SQLite file or a database URL.

    Examples:
        >>> shown_db("postgresql://app:s3cret@db.example:5432/tables")
        'postgresql://app:***@db.example:5432/tables'
        >>> shown_db("tablefeast.db")
        'tablefeast.db'
    """
    text = str(db)
    scheme, sep, rest = text.partition("://")
    if not sep or "@" not in rest:
        return text
    credentials, _, place = rest.rpartition("@")
    user, colon, _ = credentials.partition(":")
    return f"{scheme}://{user}{':***' if colon else ''}@{place}"


def open_store(db: str | Path, timeout: float = 5.0) -> Store:
    """The store `db` names: a PostgreSQL URL (``postgresql://...``, see
    `tablefeast.server.postgres`), else a SQLite database file (or ``":memory:"``).

    Args:
        db: the database.
        timeout: seconds to wait for a lock (or a pooled connection) before a call fails.

    Raises:
        StoreError: the database cannot be opened (or PostgreSQL's driver is not installed).

    Examples:
        >>> open_store(":memory:").tables(1)
        []
    """
    text = str(db)
    if text.startswith(("postgresql://", "postgres://")):
        from tablefeast.server.postgres import PostgresStore

        return PostgresStore(text, timeout=timeout)
    return SQLiteStore(db, timeout=timeout)
