"""Durable storage of tables: what a game is (game, config, seats, seed) and every accepted move.

A game's durable truth is its record: the config, the seats, the per-table chance seed and the
moves in notation. States are never stored; the server rebuilds them by replaying the moves.
`Store` is the interface the server needs; `SQLiteStore` implements it on the standard library's
`sqlite3` in WAL mode. A client-server database would plug in as another `Store`.

Every accepted move is written by `append_moves` in one transaction, before anyone is told of
it: a crash loses no move that a player was told about, and the primary key (table, move
number) makes doubling a move impossible.

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
import sqlite3
import threading
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Protocol

import attrs

from tablefeast.kernel.errors import TablefeastError

__all__ = ["SQLiteStore", "Store", "StoreError", "TableRow"]


class StoreError(TablefeastError):
    """The database cannot be opened or written (a clear one-line reason)."""


@attrs.frozen
class TableRow:
    """A table as stored: everything but its moves.

    Attributes:
        id: the table's id (public, in URLs).
        game: the game's name.
        config: the game's config as JSON data (``json.loads(tablefeast.dumps(config))``).
        seats: per seat, ``"human"`` or an agent spec (``"heuristic"``, ``"ismcts:200"``).
        seed: the secret per-table chance seed (never sent to anyone).
        created: when it was created (seconds since the epoch).
        finished: whether the game is over.
        options: the table's own settings (timeouts, reaction delays), as JSON data.
    """

    id: str
    game: str
    config: dict[str, Any]
    seats: tuple[str, ...]
    seed: str
    created: float
    finished: bool = False
    options: dict[str, Any] = attrs.field(factory=dict)


class Store(Protocol):
    """What the server needs from storage."""

    def create_table(self, row: TableRow, token_hashes: dict[int, str]) -> None:
        """Store a new table and the hashes of its seats' join tokens."""

    def append_moves(
        self, table_id: str, first: int, moves: Sequence[tuple[int, str]], *, finished: bool
    ) -> None:
        """Store moves numbered from `first` (0-based) in one transaction; raise on a double."""

    def tables(self) -> list[TableRow]:
        """Every table, newest first."""

    def table(self, table_id: str) -> TableRow | None:
        """One table, or None."""

    def moves(self, table_id: str) -> list[tuple[int, str]]:
        """A table's moves, in order."""

    def token_hashes(self, table_id: str) -> dict[int, str]:
        """A table's seats' token hashes."""

    def close(self) -> None:
        """Release the storage."""


_SCHEMA = """
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
CREATE TABLE IF NOT EXISTS tokens (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    hash TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);
"""


class SQLiteStore:
    """`Store` on SQLite: one file, WAL mode, a transaction per accepted move.

    A committed transaction survives the server process being killed (WAL with
    ``synchronous=NORMAL`` loses nothing on a process crash; only a power cut can lose the last
    commits). One connection, used under a lock, so bot threads never write at the same time.

    Args:
        path: the database file (created if missing), or ``":memory:"``.

    Raises:
        StoreError: the file cannot be opened or written.

    Examples:
        >>> SQLiteStore(":memory:").tables()
        []
    """

    def __init__(self, path: str | Path) -> None:
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(_SCHEMA)
        except sqlite3.Error as e:
            raise StoreError(f"cannot use the database {path}: {e}") from None

    def _write(self, statements: Iterable[tuple[str, tuple[Any, ...]]]) -> None:
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    for sql, params in statements:
                        self._db.execute(sql, params)
                except BaseException:
                    self._db.execute("ROLLBACK")
                    raise
                self._db.execute("COMMIT")
            except sqlite3.Error as e:
                raise StoreError(f"the database refused a write: {e}") from None

    def create_table(self, row: TableRow, token_hashes: dict[int, str]) -> None:
        """Store a new table and the hashes of its seats' join tokens.

        Args:
            row: the table.
            token_hashes: per human seat, the hash of its join token.
        """
        self._write(
            [
                (
                    "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        row.id,
                        row.game,
                        json.dumps(row.config),
                        json.dumps(list(row.seats)),
                        row.seed,
                        row.created,
                        int(row.finished),
                        json.dumps(row.options),
                    ),
                ),
                *(
                    ("INSERT INTO tokens VALUES (?, ?, ?)", (row.id, seat, digest))
                    for seat, digest in token_hashes.items()
                ),
            ]
        )

    def append_moves(
        self, table_id: str, first: int, moves: Sequence[tuple[int, str]], *, finished: bool
    ) -> None:
        """Store moves numbered from `first` in one transaction (the primary key refuses a
        move number stored twice, and the whole transaction with it).

        Args:
            table_id: the table.
            first: the 0-based number of the first move.
            moves: ``(seat, text)`` pairs.
            finished: whether the game is over after them.
        """
        statements: list[tuple[str, tuple[Any, ...]]] = [
            ("INSERT INTO moves VALUES (?, ?, ?, ?)", (table_id, first + i, seat, text))
            for i, (seat, text) in enumerate(moves)
        ]
        if finished:
            statements.append(("UPDATE tables SET finished = 1 WHERE id = ?", (table_id,)))
        self._write(statements)

    def _rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        with self._lock:
            try:
                return self._db.execute(sql, params).fetchall()
            except sqlite3.Error as e:
                raise StoreError(f"the database refused a read: {e}") from None

    @staticmethod
    def _table(row: Any) -> TableRow:
        return TableRow(
            id=row[0],
            game=row[1],
            config=json.loads(row[2]),
            seats=tuple(json.loads(row[3])),
            seed=row[4],
            created=row[5],
            finished=bool(row[6]),
            options=json.loads(row[7]),
        )

    def tables(self) -> list[TableRow]:
        """Every table, newest first."""
        return [self._table(r) for r in self._rows("SELECT * FROM tables ORDER BY created DESC")]

    def table(self, table_id: str) -> TableRow | None:
        """One table, or None.

        Args:
            table_id: the table's id.
        """
        rows = self._rows("SELECT * FROM tables WHERE id = ?", (table_id,))
        return self._table(rows[0]) if rows else None

    def moves(self, table_id: str) -> list[tuple[int, str]]:
        """A table's moves, in order.

        Args:
            table_id: the table's id.
        """
        rows = self._rows(
            "SELECT seat, text FROM moves WHERE table_id = ? ORDER BY number", (table_id,)
        )
        return [(seat, text) for seat, text in rows]

    def token_hashes(self, table_id: str) -> dict[int, str]:
        """A table's seats' token hashes.

        Args:
            table_id: the table's id.
        """
        rows = self._rows("SELECT seat, hash FROM tokens WHERE table_id = ?", (table_id,))
        return {seat: digest for seat, digest in rows}

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._db.close()
