"""The store contract, run against both backends (issue 33): SQLite and a real PostgreSQL server.

Every guarantee the server builds on: a table and its tokens stored and read back, moves stored
in one transaction and in order, a move number never stored twice (by any number of writers at
once), a batch whose refused appends leave the others stored, listing and counting, broken
tables left out, moves read from a number on, the schema's version and its migrations, and the
leases that give a table's bots to one process at a time.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from tablefeast.server.store import (
    SCHEMA_VERSION,
    Append,
    SQLiteStore,
    StaleError,
    Store,
    StoreError,
    TableRow,
    open_store,
)


@pytest.fixture(params=["sqlite", "postgres"])
def make_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[[], Store]]:
    """A maker of stores on one fresh database of each backend (several stores: several
    processes' connections to the same database)."""
    if request.param == "sqlite":
        where: str = str(tmp_path / "tables.db")
    else:
        where = request.getfixturevalue("postgres_url")
    made: list[Store] = []

    def make() -> Store:
        store = open_store(where, timeout=5.0)
        made.append(store)
        return store

    yield make
    for store in made:
        store.close()


def row(table_id: str, created: float = 1.0, **fields: Any) -> TableRow:
    return TableRow(
        table_id, "food_chain", {"players": 3}, ("human",) * 3, "seed", created, **fields
    )


def test_a_table_its_tokens_and_moves_are_stored_and_read_back(make_store: Any) -> None:
    store = make_store()
    store.create_table(row("t1", options={"think": 1.0}), {0: "h0", 2: "h2"})
    assert store.table("t1") == row("t1", options={"think": 1.0}, updated=1.0)
    assert store.table("nope") is None
    assert store.token_hashes("t1") == {0: "h0", 2: "h2"}
    store.append_moves("t1", 0, [(0, "play cat"), (-1, "card 3")], finished=False)
    store.append_moves("t1", 2, [(1, "play dog")], finished=True)
    assert store.moves("t1") == [(0, "play cat"), (-1, "card 3"), (1, "play dog")]
    assert store.moves_since("t1", 1) == [(-1, "card 3"), (1, "play dog")]
    assert store.moves_since("t1", 3) == []
    stored = store.table("t1")
    assert stored is not None and stored.finished and stored.updated > 1.0


def test_a_move_number_is_never_stored_twice_and_a_gap_is_refused(make_store: Any) -> None:
    store = make_store()
    store.create_table(row("t1"), {})
    store.append_moves("t1", 0, [(0, "a")], finished=False)
    for first in (0, 2, 5):
        with pytest.raises(StaleError) as refused:
            store.append_moves("t1", first, [(1, "b")], finished=True)
        assert refused.value.stored == 1 and refused.value.first == first
    assert store.moves("t1") == [(0, "a")]
    assert not store.table("t1").finished  # nothing of a refused append is written


def test_writers_racing_for_one_move_number_store_it_exactly_once(make_store: Any) -> None:
    """Eight connections (as eight processes would) each try to store moves 0 to 19 of one
    table as fast as they can; every number is stored once, by whoever came first."""
    make_store().create_table(row("t1"), {})
    stores = [make_store() for _ in range(8)]
    won: list[tuple[int, int]] = []
    lock = threading.Lock()

    def write(writer: int) -> None:
        for number in range(20):
            try:
                stores[writer].append_moves("t1", number, [(writer, f"m{number}")], finished=False)
            except StaleError:
                continue
            except StoreError as e:  # SQLite: another writer held the lock past the timeout
                pytest.fail(str(e))
            with lock:
                won.append((number, writer))

    threads = [threading.Thread(target=write, args=(w,)) for w in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    moves = stores[0].moves("t1")
    assert len(moves) == 20 and sorted(n for n, _ in won) == list(range(20))
    assert moves == [(writer, f"m{number}") for number, writer in sorted(won)]


def test_a_batch_stores_each_append_all_or_nothing(make_store: Any) -> None:
    store = make_store()
    for table_id in ("a", "b", "c"):
        store.create_table(row(table_id), {})
    store.append_moves("b", 0, [(0, "x")], finished=False)
    refusals = store.append_batch(
        [
            Append("c", 0, ((0, "c0"), (1, "c1")), False),
            Append("b", 0, ((0, "again"),), False),  # b has a move 0 already
            Append("a", 0, ((2, "a0"),), True),
            Append("missing", 0, ((2, "m"),), True),
        ]
    )
    assert refusals[0] is None and refusals[2] is None
    assert isinstance(refusals[1], StaleError) and refusals[1].stored == 1
    assert isinstance(refusals[3], StoreError)
    assert store.moves("a") == [(2, "a0")] and store.table("a").finished
    assert store.moves("b") == [(0, "x")]
    assert store.moves("c") == [(0, "c0"), (1, "c1")]
    assert store.moves("missing") == []


def test_tables_are_listed_newest_first_by_pages_and_broken_ones_left_out(
    make_store: Any,
) -> None:
    store = make_store()
    for i in range(7):
        store.create_table(row(f"t{i}", created=float(i)), {})
    store.mark_broken("t5", "does not replay")
    first = store.tables(3)
    assert [r.id for r in first] == ["t6", "t4", "t3"]
    assert [r.id for r in store.tables(3, before="t3")] == ["t2", "t1", "t0"]
    assert store.table("t5").broken == "does not replay"


def test_open_tables_count_until_nobody_joined_or_played_lately(make_store: Any) -> None:
    """A table nobody joined counts as open (for its creator) for `unjoined_after` after its
    creation, and is never live; a joined one is open and live for `abandon_after` after its
    last move or join; finished and broken ones never (issue 45, item 4: tables made and left
    cannot fill the server)."""
    store = make_store()
    store.create_table(row("fresh", created=1000.0, updated=1000.0), {})
    store.create_table(row("left", created=0.0, updated=0.0), {})
    store.create_table(row("joined", created=0.0, updated=0.0, joined=900.0), {})
    store.create_table(row("moved", created=0.0, updated=950.0, joined=10.0), {})
    store.create_table(row("over", created=990.0, updated=990.0, joined=990.0, finished=True), {})
    store.create_table(row("broken", created=990.0, updated=990.0, joined=990.0), {})
    store.mark_broken("broken", "does not replay")
    times = (3600.0, 300.0)  # abandon_after, unjoined_after
    assert store.live_tables(1000.0, 3600.0) == (2, 4500.0)  # joined, moved: not fresh
    ids = ["fresh", "left", "joined", "moved", "over", "broken", "missing"]
    assert store.open_among(ids, 1000.0, *times) == {
        "fresh": 1300.0,
        "joined": 4500.0,
        "moved": 4550.0,
    }
    store.mark_joined("fresh", 1100.0)
    assert store.open_among(ids, 1400.0, *times) == {
        "fresh": 4700.0,
        "joined": 4500.0,
        "moved": 4550.0,
    }
    assert store.table("fresh").joined == 1100.0
    assert store.live_tables(1400.0, 3600.0) == (3, 4500.0)
    assert store.live_tables(4600.0, 3600.0) == (1, 4700.0)
    assert store.live_tables(5000.0, 3600.0) == (0, None)
    assert store.open_among([], 0.0, *times) == {}


def _corruptions(backend: str) -> list[tuple[str, str]]:
    """Values a hand (or a damaged disk) may leave in a table's columns, as SQL literals."""
    text = [
        ("config", "'not json'"),
        ("config", "'[1, 2]'"),
        ("config", """'{"players": 3, "players": 4}'"""),
        ("seats", "'\"human\"'"),
        ("seats", "'[]'"),
        ("seats", "'[1, 2]'"),
        ("options", "'[1]'"),
    ]
    if backend == "sqlite":  # SQLite keeps any value in any column
        return [
            *text,
            ("updated", "'yesterday'"),
            ("created", "X'00ff'"),
            ("finished", "'yes'"),
            ("joined", "'soon'"),
            ("seed", "X'00'"),
            ("broken", "X'00'"),
        ]
    return [  # PostgreSQL's DOUBLE PRECISION holds what no JSON answer can carry
        *text,
        ("updated", "'NaN'"),
        ("created", "'Infinity'"),
        ("joined", "'-Infinity'"),
    ]


def test_a_corrupt_column_breaks_its_table_only(
    make_store: Any, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """Every column of a stored row is checked on read, not only the JSON ones (issue 45, item
    5): a bad value makes that table broken, and the listing and the counts go on."""
    backend = request.node.callspec.params["make_store"]
    for column, value in _corruptions(backend):
        store = make_store()
        for table_id in ("a", "b", "c"):
            store.create_table(row(table_id, created=1.0, updated=1.0), {})
        sql = f"UPDATE tables SET {column} = {value} WHERE id = 'b'"
        if backend == "sqlite":
            with sqlite3.connect(tmp_path / "tables.db") as db:
                db.execute(sql)
        else:
            import psycopg

            with psycopg.connect(request.getfixturevalue("postgres_url")) as db:
                db.execute(sql)
        listed = [r.id for r in store.tables(10)]
        assert listed == ["c", "a"], (column, value, listed)
        found = store.table("b")
        assert found is not None and found.broken is not None, (column, value)
        assert found.broken.startswith("bad row: "), found.broken
        store.live_tables(2.0, 3600.0)  # counts, whatever the column holds
        store.close()
        if backend == "sqlite":
            (tmp_path / "tables.db").unlink()
        else:
            with psycopg.connect(request.getfixturevalue("postgres_url")) as db:
                db.execute("DELETE FROM tokens; DELETE FROM moves; DELETE FROM leases")
                db.execute("DELETE FROM tables")


def test_leases_give_a_table_to_one_holder_until_it_stops_renewing(make_store: Any) -> None:
    one, two = make_store(), make_store()
    for table_id in ("t1", "t2", "t3"):
        one.create_table(row(table_id), {})
    assert one.claim("process-a", 0.6, ["t1"]) == {"t1"}
    assert one.claim("process-a", 0.6, ["t1"]) == {"t1"}  # kept by its holder
    assert two.claim("process-b", 0.6, ["t1"]) == set()  # held by another
    assert two.claim("process-b", 30, ["t2"]) == {"t2"}
    assert one.renew("process-a", 0.6, ["t1", "t2"]) == {"t1"}  # t2 is not a's
    assert two.claim("process-b", 30, ["t1", "t2", "t3"]) == {"t2", "t3"}  # several at once
    assert one.orphans(10) == []
    time.sleep(1.0)  # a stops renewing: its lease runs out
    assert two.orphans(10) == ["t1"]
    assert two.claim("process-b", 30, ["t1"]) == {"t1"}  # taken over
    assert one.renew("process-a", 0.6, ["t1"]) == set()  # a learns it lost it
    assert two.orphans(10) == []
    two.release("process-a", ["t1"])  # not a's to release
    assert one.claim("process-a", 30, ["t1"]) == set()
    two.release("process-b", ["t1", "t2"])
    assert one.claim("process-a", 30, ["t1"]) == {"t1"}
    one.append_moves("t2", 0, [(0, "m")], finished=True)
    assert two.claim("process-b", 0.01, ["t2"]) == {"t2"}
    time.sleep(0.1)
    assert one.orphans(10) == []  # a finished table is no orphan


def test_a_newer_schema_is_refused_and_an_older_one_migrated(
    make_store: Any, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    store = make_store()
    store.create_table(row("t1"), {})
    store.close()
    if request.node.callspec.params["make_store"] == "sqlite":
        path = tmp_path / "tables.db"
        with sqlite3.connect(path) as db:
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
        with pytest.raises(StoreError, match="upgrade tablefeast"):
            SQLiteStore(path)
        return
    import psycopg

    from tablefeast.server.postgres import SCHEMA_VERSION as PG_VERSION
    from tablefeast.server.postgres import PostgresStore

    url = request.getfixturevalue("postgres_url")
    PostgresStore(url).close()
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute("UPDATE tablefeast_schema SET version = %s", (PG_VERSION + 1,))
    with pytest.raises(StoreError, match="upgrade tablefeast"):
        PostgresStore(url)


def test_an_old_sqlite_database_is_migrated_in_place(tmp_path: Path) -> None:
    """A database of schema version 1 (before the listing's columns and the leases) opens,
    keeps its tables and moves, and can be leased."""
    from tablefeast.server.store import _SCHEMA_1

    path = tmp_path / "old.db"
    with sqlite3.connect(path) as db:
        db.executescript(_SCHEMA_1)
        db.execute(
            "INSERT INTO tables VALUES ('t1', 'food_chain', '{}', '[\"human\"]', 's', 1.0, 0, '{}')"
        )
        db.execute("INSERT INTO moves VALUES ('t1', 0, 0, 'play cat')")
        db.execute("PRAGMA user_version = 1")
    store = SQLiteStore(path)
    assert store.moves("t1") == [(0, "play cat")] and store.table("t1").updated == 1.0
    assert store.table("t1").joined == 1.0  # a table from before counts as joined
    assert store.claim("me", 5, ["t1"]) == {"t1"}
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    store.close()


def test_postgres_tells_every_listener_of_moves_stored(postgres_url: str) -> None:
    """LISTEN/NOTIFY: a move stored through one connection is heard by another process's
    listener at once, with the table's count of moves."""
    from tablefeast.server.postgres import PostgresStore

    writer, reader = PostgresStore(postgres_url), PostgresStore(postgres_url)
    heard: list[tuple[str | None, int]] = []
    got = threading.Event()

    def note(table_id: str | None, count: int) -> None:
        heard.append((table_id, count))
        if count == 3:
            got.set()

    try:
        writer.create_table(row("t1"), {})
        reader.listen(note)
        time.sleep(0.5)  # its LISTEN is in place
        writer.append_moves("t1", 0, [(0, "a"), (1, "b")], finished=False)
        writer.append_moves("t1", 2, [(2, "c")], finished=False)
        with pytest.raises(StaleError):
            writer.append_moves("t1", 2, [(2, "d")], finished=False)  # refused: not told
        assert got.wait(10), heard
        assert heard == [("t1", 2), ("t1", 3)]
    finally:
        reader.close()
        writer.close()


def test_an_unreachable_postgres_is_a_one_line_store_error() -> None:
    pytest.importorskip("psycopg")
    with pytest.raises(StoreError, match="cannot use the database postgresql://nobody@"):
        open_store("postgresql://nobody@127.0.0.1:1/none", timeout=0.5)


def test_processes_taking_and_renewing_leases_at_once_never_deadlock(make_store: Any) -> None:
    """Four processes' rounds of leases at once, over overlapping tables in shuffled orders:
    every call answers (PostgreSQL would abort a deadlocked transaction with an error)."""
    import random

    setup = make_store()
    ids = [f"t{i:02d}" for i in range(30)]
    for table_id in ids:
        setup.create_table(row(table_id), {})
    stores = [make_store() for _ in range(4)]
    errors: list[BaseException] = []

    def rounds(number: int) -> None:
        rng, holder = random.Random(number), f"process-{number}"
        try:
            for _ in range(15):
                picked = rng.sample(ids, 20)
                held = stores[number].claim(holder, 0.05, picked)
                stores[number].renew(holder, 0.05, rng.sample(sorted(held | {"t00"}), len(held)))
                stores[number].release(holder, rng.sample(picked, 5))
                stores[number].orphans(10)
        except BaseException as e:  # reported below, not lost in the thread
            errors.append(e)

    threads = [threading.Thread(target=rounds, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []


@pytest.mark.parametrize(
    ("setting", "value"),
    [
        ("lease_seconds", 0.1),
        ("lease_seconds", 4000.0),
        ("lease_seconds", "6"),
        ("max_adopted", -1),
        ("max_adopted", 10**6),
        ("max_adopted", 2.5),
    ],
)
def test_the_lease_settings_are_bounded(setting: str, value: Any) -> None:
    from tablefeast.kernel.errors import ConfigError
    from tablefeast.server.settings import ServerSettings

    with pytest.raises(ConfigError, match=f"ServerSettings.{setting} must be from"):
        ServerSettings(**{setting: value})
