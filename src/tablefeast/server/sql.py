"""The SQL both stores speak, written once: each statement is one text, and a `Dialect` (a row
of `DIALECTS`) fills in what SQLite and PostgreSQL write differently: the parameters' mark, the
types, the larger of two values, the truth of ``finished``, the database's clock, a list of ids
given as one parameter, and the lock a row is read under.

`Statements` are a dialect's texts, made once per backend; `tablefeast.server.store.SQLiteStore`
and `tablefeast.server.postgres.PostgresStore` each name their dialect and run them. What only
one backend has (SQLite's ``user_version``; PostgreSQL's news of moves, advisory lock and schema
table) stays with that backend, and so do the schemas' histories (each backend migrates its own
databases, version by version).

Examples:
    >>> SQLITE.statements().token_hashes
    'SELECT seat, hash FROM tokens WHERE table_id = ?'
    >>> POSTGRES.statements().token_hashes
    'SELECT seat, hash FROM tokens WHERE table_id = %s'
    >>> POSTGRES.ids(["b", "a"]), SQLITE.ids(["b", "a"])
    (['a', 'b'], '["a", "b"]')
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from typing import Any

import attrs

__all__ = [
    "COLUMNS",
    "DIALECTS",
    "LEASES",
    "POSTGRES",
    "SQLITE",
    "TOKENS_AND_MOVES",
    "Dialect",
    "Statements",
]

COLUMNS = "id, game, config, seats, seed, created, finished, options, updated, broken, joined"
"""The columns of a stored table, in the order `tablefeast.server.store.row_values` and
`tablefeast.server.store.table_from_row` use."""


@attrs.frozen
class Dialect:
    """What a backend writes its own way in the statements both share.

    Attributes:
        name: the backend.
        mark: a parameter's placeholder.
        real: the type of a time (seconds since the epoch).
        boolean: the type of a truth value, and its false (``finished``'s default).
        greatest: the function giving the larger of two values.
        unfinished: the condition that a table is not finished.
        now: the database's clock, in seconds since the epoch.
        in_ids: ``IN`` a list of ids given as one parameter (`ids` makes the parameter).
        id_rows: the rows (one column, ``id``) of a list of ids given as one parameter.
        for_update: what locks the rows a select reads until the transaction ends (nothing
            where a write transaction holds the whole database).
        next_move: the number of a table's next move, read from its row in ``tables``.
        set_moves: what an append sets besides ``updated`` and ``finished`` (PostgreSQL keeps
            the count of moves in the table's row: the row it locks).
    """

    name: str
    mark: str
    real: str
    boolean: tuple[str, str]
    greatest: str
    unfinished: str
    now: str
    in_ids: str
    id_rows: str
    for_update: str
    next_move: str
    set_moves: str

    def ids(self, values: Sequence[str]) -> Any:
        """The parameter `in_ids` takes for these ids, in their order (sorted: every statement
        on leases takes their rows in that order, so that no two transactions deadlock).

        Args:
            values: the ids.
        """
        ordered = sorted(values)
        return ordered if self.name == "postgresql" else json.dumps(ordered)

    def schema(self, template: str) -> str:
        """A schema's text with this dialect's types (``{real}``, ``{boolean}``, ``{false}``).

        Args:
            template: the text.
        """
        return template.format(real=self.real, boolean=self.boolean[0], false=self.boolean[1])

    @functools.cache  # noqa: B019 - two dialects, made once each
    def statements(self) -> Statements:
        """This dialect's texts of the shared statements."""
        return Statements(self)


SQLITE = Dialect(
    name="sqlite",
    mark="?",
    real="REAL",
    boolean=("INTEGER", "0"),
    greatest="MAX",
    unfinished="finished = 0",
    now="((julianday('now') - 2440587.5) * 86400.0)",
    in_ids="IN (SELECT value FROM json_each(?))",
    id_rows="(SELECT value AS id FROM json_each(?)) AS ids",
    for_update="",
    next_move="(SELECT COALESCE(MAX(number) + 1, 0) FROM moves WHERE table_id = tables.id)",
    set_moves="",
)
POSTGRES = Dialect(
    name="postgresql",
    mark="%s",
    real="DOUBLE PRECISION",
    boolean=("BOOLEAN", "FALSE"),
    greatest="GREATEST",
    unfinished="NOT finished",
    now="EXTRACT(EPOCH FROM clock_timestamp())",
    in_ids="= ANY(?)",
    id_rows="unnest(?::text[]) AS id",
    for_update=" FOR UPDATE",
    next_move="moves",
    set_moves="moves = ?, ",
)
DIALECTS = {dialect.name: dialect for dialect in (SQLITE, POSTGRES)}
"""The dialects, by backend."""

TOKENS_AND_MOVES = """
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
"""The seats' token hashes and the moves, alike in both backends since their first schema."""
LEASES = """
CREATE TABLE IF NOT EXISTS leases (
    table_id TEXT PRIMARY KEY REFERENCES tables(id),
    holder TEXT NOT NULL,
    expires {real} NOT NULL
);
CREATE INDEX IF NOT EXISTS leases_by_expiry ON leases (expires);
"""
"""The leases (a template: `Dialect.schema` fills in the types)."""

_WIDTH = len(COLUMNS.split(","))

_SQL = {
    "insert_table": f"INSERT INTO tables ({COLUMNS}) VALUES ({', '.join('?' * _WIDTH)})",
    "insert_token": "INSERT INTO tokens VALUES (?, ?, ?)",
    "insert_move": "INSERT INTO moves VALUES (?, ?, ?, ?)",
    # Locks the table's row (PostgreSQL) and reads its next move's number; no row: no table.
    "next_move": "SELECT {next_move} FROM tables WHERE id = ?{for_update}",
    "appended": (
        "UPDATE tables SET {set_moves}updated = {now}, finished = finished OR ? WHERE id = ?"
    ),
    "table": f"SELECT {COLUMNS} FROM tables WHERE id = ?",
    "tables": (
        f"SELECT {COLUMNS} FROM tables WHERE broken IS NULL ORDER BY created DESC, id DESC LIMIT ?"
    ),
    "tables_before": (
        f"SELECT {COLUMNS} FROM tables WHERE broken IS NULL AND (created, id) < "
        "(SELECT created, id FROM tables WHERE id = ?) ORDER BY created DESC, id DESC LIMIT ?"
    ),
    "mark_joined": "UPDATE tables SET joined = ? WHERE id = ?",
    "mark_broken": "UPDATE tables SET broken = ? WHERE id = ?",
    "moves_since": (
        "SELECT seat, text FROM moves WHERE table_id = ? AND number >= ? ORDER BY number"
    ),
    "token_hashes": "SELECT seat, hash FROM tokens WHERE table_id = ?",
    "live_tables": (
        "SELECT COUNT(*), MIN(until) FROM (SELECT {greatest}(updated, joined) + ? AS until "
        "FROM tables WHERE {unfinished} AND broken IS NULL AND joined IS NOT NULL) AS live "
        "WHERE until > ?"
    ),
    "open_among": (
        "SELECT id, until FROM (SELECT id, CASE WHEN joined IS NULL THEN created + ? "
        "ELSE {greatest}(updated, joined) + ? END AS until FROM tables WHERE {unfinished} "
        "AND broken IS NULL AND id {in_ids}) AS open WHERE until > ?"
    ),
    # Leases: rows always taken in the order of their ids (`Dialect.ids` sorts them).
    "claim": (
        "INSERT INTO leases SELECT id, ?, {now} + ? FROM {id_rows} WHERE TRUE "
        "ON CONFLICT (table_id) DO UPDATE SET holder = excluded.holder, "
        "expires = excluded.expires WHERE leases.holder = excluded.holder "
        "OR leases.expires < {now} RETURNING table_id"
    ),
    "lock_leases": (
        "SELECT table_id FROM leases WHERE table_id {in_ids} ORDER BY table_id{for_update}"
    ),
    "renew": (
        "UPDATE leases SET expires = {now} + ? WHERE holder = ? AND table_id {in_ids} "
        "RETURNING table_id"
    ),
    "release": "DELETE FROM leases WHERE holder = ? AND table_id {in_ids}",
    "orphans": (
        "SELECT leases.table_id FROM leases JOIN tables ON tables.id = leases.table_id "
        "WHERE leases.expires < {now} AND {unfinished} AND broken IS NULL "
        "ORDER BY leases.expires LIMIT ?"
    ),
}


class Statements:
    """A dialect's texts of the statements both stores share (attributes named as in
    ``_SQL``), made once: ``?`` becomes the dialect's mark and every ``{name}`` its
    `Dialect` field.

    Args:
        dialect: the dialect.
    """

    insert_table: str
    insert_token: str
    insert_move: str
    next_move: str
    appended: str
    table: str
    tables: str
    tables_before: str
    mark_joined: str
    mark_broken: str
    moves_since: str
    token_hashes: str
    live_tables: str
    open_among: str
    claim: str
    lock_leases: str
    renew: str
    release: str
    orphans: str

    def __init__(self, dialect: Dialect) -> None:
        fields = attrs.asdict(dialect)
        for name, template in _SQL.items():
            text = template.format(**fields) if "{" in template else template
            setattr(self, name, text.replace("?", dialect.mark))
