"""The server attacked as an outsider would: a regression test for every attack found.

No code from a request; same-origin only; every resource a client can make the server hold is
bounded, with a clear refusal past it. In-process with Starlette's test client (its requests name
the host ``testserver``, which these servers answer to), bounded in count and time; the attacks
that need real sockets are in ``test_server_attack_process.py``.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import logging
import sqlite3
import threading
import time
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import tablefeast
from tablefeast.server import bots as bots_module
from tablefeast.server import create_app
from tablefeast.server import hub as hub_module
from tablefeast.server.bots import BotPool, BotPoolFullError, BotRunner
from tablefeast.server.budget import TokenBucket
from tablefeast.server.guard import SECURITY_HEADERS
from tablefeast.server.hub import Connection
from tablefeast.server.seats import bot
from tablefeast.server.settings import ServerSettings
from tablefeast.server.store import StoreError
from tests.support.server import SCRIPTED, checked

CODE = [
    'os:system:"touch PWNED"',
    "os:system:touch PWNED",
    'subprocess:Popen:["touch","PWNED"]',
    "builtins:eval:__import__('os').system('touch PWNED')",
    "importlib:import_module:os",
    "tablefeast.agents:RandomAgent",  # a real, harmless class: still never loaded from a request
    "pathlib:Path:PWNED",
]
"""Seat kinds that name code, as an attacker sends them."""
BODY = {"game": "food_chain", "seats": ["human", "random", "random"]}


def _app(tmp_path: Path, **settings: Any) -> Any:
    return create_app(tmp_path / "t.db", **{**SCRIPTED, **settings})


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(_app(tmp_path)) as test_client:
        yield test_client


def _count(client: TestClient) -> int:
    return len(client.get("/api/tables?limit=100").json()["tables"])


# ---------------------------------------------------------------- no code from the wire


@pytest.mark.parametrize("kind", CODE)
def test_a_seat_kind_never_names_code(
    client: TestClient, kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    imported: list[str] = []
    real = importlib.import_module

    def watch(name: str, package: str | None = None) -> Any:
        imported.append(name)
        return real(name, package)

    monkeypatch.setattr(importlib, "import_module", watch)
    for body in (
        {**BODY, "seats": ["human", kind, "random"]},
        {**BODY, "settings": {"timeout": 1, "takeover": kind}},
    ):
        answer = client.post("/api/tables", json=body)
        assert answer.status_code == 400 and "unknown seat kind" in answer.json()["message"]
    assert imported == [] and not (tmp_path / "PWNED").exists()
    assert _count(client) == 0


def test_the_operators_own_agent_may_be_seated_by_its_name(tmp_path: Path) -> None:
    agents = {"house": "tablefeast.agents:HeuristicAgent"}
    with TestClient(_app(tmp_path, agents=agents)) as client:
        answer = client.post("/api/tables", json={**BODY, "seats": ["house"] * 3})
        assert answer.status_code == 201, answer.text
        assert "house" in client.get("/api/server").json()["seats"]
        table = answer.json()["table"]
        for _ in range(200):  # the operator's bots play the game to its end
            if client.get(f"/api/tables/{table}").json()["over"]:
                break
            time.sleep(0.05)
        assert client.get(f"/api/tables/{table}").json()["over"]


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        ("ismcts:1000000", "from 1 to 5,000"),
        ("ismcts:0", "from 1"),
        ("ismcts:x", "ismcts"),
        ("ismcts:\uff15", "ismcts"),  # a fullwidth 5: int() reads it, the server does not
        ("model:\u0663", "model"),  # an Arabic-Indic 3
    ],
)
def test_bot_budgets_are_capped(client: TestClient, kind: str, message: str) -> None:
    answer = client.post("/api/tables", json={**BODY, "seats": ["human", kind, "random"]})
    assert answer.status_code == 400 and message in answer.json()["message"]
    answer = client.post("/api/tables", json={**BODY, "settings": {"think": 60}})
    assert answer.status_code == 400 and "think must be seconds from 0.05 to 5.0" in answer.text


def test_a_bots_search_stops_within_its_think_limit() -> None:
    fc = tablefeast.load("food_chain")
    state = fc.initial_state(fc.Config(players=4))
    agent = bot("ismcts:5000", ServerSettings(), think=0.2)
    decide = tablefeast.kernel.play.decision(fc, state, 0, agent)
    started = time.perf_counter()
    decide(__import__("random").Random(0))
    assert time.perf_counter() - started < 1.0
    assert bot("hard", ServerSettings(), think=0.2).agent_for("food_chain").seconds == 0.2


# ---------------------------------------------------------------- same origin


def test_a_body_that_is_not_json_is_refused_before_anything(client: TestClient) -> None:
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data", ""):
        answer = client.post(
            "/api/tables", content=json.dumps(BODY).encode(), headers={"Content-Type": kind}
        )
        assert answer.status_code == 415 and answer.json()["error"] == "unsupported_media_type"
    assert _count(client) == 0


@pytest.mark.parametrize(
    ("headers", "status"),
    [
        ({"Origin": "http://evil.example"}, 403),
        ({"Origin": "null"}, 403),
        ({"Origin": "http://testserver.evil.example"}, 403),
        ({"Referer": "http://evil.example/page"}, 403),
        ({"Origin": "http://testserver"}, 201),
        ({"Referer": "http://testserver/"}, 201),
        ({}, 201),  # not a browser page: no site can make a browser send this
    ],
)
def test_a_post_from_another_site_is_refused(
    client: TestClient, headers: dict[str, str], status: int
) -> None:
    answer = client.post("/api/tables", json=BODY, headers=headers)
    assert answer.status_code == status, answer.text
    if status == 403:
        assert answer.json()["error"] == "forbidden_origin" and _count(client) == 0


def test_an_allowed_origin_may_post(tmp_path: Path) -> None:
    settings = {"allowed_origins": ["https://games.example"]}
    with TestClient(_app(tmp_path, **settings)) as client:
        answer = client.post("/api/tables", json=BODY, headers={"Origin": "https://games.example"})
        assert answer.status_code == 201
        answer = client.post("/api/tables", json=BODY, headers={"Origin": "https://evil.example"})
        assert answer.status_code == 403


@pytest.mark.parametrize(
    ("host", "allowed"),
    [
        ("evil.example", False),
        ("evil.example:8000", False),
        ("127.0.0.1.evil.example", False),
        ("", False),
        ("127.0.0.1:8000", True),
        ("[::1]:8000", True),
        ("localhost:8000", True),
        ("192.168.1.5", True),
    ],
)
def test_a_request_for_another_host_name_is_refused(
    tmp_path: Path, host: str, allowed: bool
) -> None:
    """DNS rebinding: a page whose name resolves to this machine sends its own name."""
    app = create_app(tmp_path / "t.db")  # the default: no host names besides localhost
    with TestClient(app) as client:
        for method, path in (("GET", "/"), ("GET", "/api/tables"), ("POST", "/api/tables")):
            answer = client.request(method, path, json=BODY, headers={"Host": host})
            if allowed:
                assert answer.status_code in (200, 201), answer.text
            else:
                assert answer.status_code == 400 and answer.json()["error"] == "host_not_allowed"


def test_a_websocket_from_another_site_is_refused(client: TestClient) -> None:
    created = client.post("/api/tables", json=BODY).json()
    url = f"/ws/tables/{created['table']}?token={created['tokens']['0']}"
    with (
        pytest.raises(WebSocketDisconnect) as refused,
        client.websocket_connect(url, headers={"Origin": "http://evil.example"}),
    ):
        pass
    assert refused.value.code == 1008
    with client.websocket_connect(url, headers={"Origin": "http://testserver"}) as socket:
        assert checked(socket.receive_json())["type"] == "welcome"


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    created = client.post("/api/tables", json=BODY).json()
    for answer in (
        client.get("/"),
        client.get("/table.html"),
        client.get("/js/table.js"),
        client.get("/api/tables"),
        client.get(f"/api/tables/{created['table']}"),
        client.get("/api/tables/nope"),
        client.post("/api/tables", content=b"x", headers={"Content-Type": "text/plain"}),
        client.get("/", headers={"Host": "evil.example"}),
    ):
        for name, value in SECURITY_HEADERS:
            assert answer.headers[name.decode()] == value.decode(), (answer.url, name)
        policy = answer.headers["content-security-policy"]
        assert "'unsafe-inline'" not in policy and "frame-ancestors 'none'" in policy
    assert client.get("/api/tables").headers["cache-control"] == "no-store"


def test_a_creation_key_is_asked_for_when_set(tmp_path: Path) -> None:
    with TestClient(_app(tmp_path, create_key="s3cret-key")) as client:
        assert client.get("/api/server").json()["create_key"] is True
        for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": "s3cret-key"}):
            answer = client.post("/api/tables", json=BODY, headers=headers)
            assert answer.status_code == 401 and answer.json()["error"] == "create_key_required"
        answer = client.post(
            "/api/tables", json=BODY, headers={"Authorization": "Bearer s3cret-key"}
        )
        assert answer.status_code == 201
        created = answer.json()
        with client.websocket_connect(  # joining needs the seat's token only
            f"/ws/tables/{created['table']}?token={created['tokens']['0']}"
        ) as socket:
            assert checked(socket.receive_json())["type"] == "welcome"


def test_listening_on_other_machines_without_a_key_warns() -> None:
    from tablefeast.server import exposure_warning

    assert exposure_warning("127.0.0.1", ServerSettings()) is None
    assert exposure_warning("::1", ServerSettings()) is None
    warning = exposure_warning("0.0.0.0", ServerSettings())
    assert warning is not None and "without a creation key" in warning and "anyone" in warning
    assert exposure_warning("0.0.0.0", ServerSettings(create_key="x" * 16)) is None


# ---------------------------------------------------------------- validated before allocated


@pytest.mark.parametrize("players", [100_000_000, 10**18, "4", 4.0, True, -1, 0, None, [4]])
def test_players_are_checked_before_anything_is_built(client: TestClient, players: Any) -> None:
    tracemalloc.start()
    started = time.perf_counter()
    answer = client.post("/api/tables", json={"game": "food_chain", "players": players})
    elapsed = time.perf_counter() - started
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert answer.status_code == 400 and "players must be an int from 1 to 8" in answer.text
    assert elapsed < 1.0 and peak < 5 * 2**20, (elapsed, peak)


@pytest.mark.parametrize(
    "body",
    [
        {"game": "food_chain", "seats": ["human"] * 10_000},
        {"game": "food_chain", "seats": "human"},
        {"game": "food_chain", "options": {str(i): i for i in range(1000)}},
        {"game": ["food_chain"] * 1000},
        {"game": "food_chain", "settings": [1] * 1000},
    ],
    ids=["seats", "seats-text", "options", "game", "settings"],
)
def test_oversized_parts_of_a_request_are_refused_at_once(
    client: TestClient, body: dict[str, Any]
) -> None:
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 400 and answer.json()["error"] == "bad_request"
    assert len(answer.text) < 1000


def test_a_body_over_the_limit_is_refused_with_413(client: TestClient) -> None:
    big = json.dumps({**BODY, "options": {"cards": "x" * 300_000}}).encode()
    answer = client.post("/api/tables", content=big, headers={"Content-Type": "application/json"})
    assert answer.status_code == 413 and answer.json()["error"] == "too_large"


# ---------------------------------------------------------------- tables


def test_table_creation_is_rate_limited_per_address(tmp_path: Path) -> None:
    settings = {**SCRIPTED, "create_rate": 0.5, "create_burst": 3}
    with TestClient(create_app(tmp_path / "t.db", **settings)) as client:
        answers = [client.post("/api/tables", json=BODY) for _ in range(5)]
        assert [a.status_code for a in answers] == [201, 201, 201, 429, 429]
        assert answers[-1].json()["error"] == "rate_limited"
        assert int(answers[-1].headers["retry-after"]) >= 1
        assert _count(client) == 3


def test_table_creation_is_rate_limited_for_all_addresses_together(tmp_path: Path) -> None:
    """A crowd of addresses cannot make the server build tables faster than its total rate."""
    settings = {**SCRIPTED, "create_rate_total": 0.5, "create_burst_total": 4}
    with TestClient(create_app(tmp_path / "t.db", **settings)) as client:
        statuses = []
        for number in range(6):  # another address each time (no lifespan: the same server)
            other = TestClient(client.app, client=(f"10.0.0.{number}", 1234))
            statuses.append(other.post("/api/tables", json=BODY).status_code)
        assert statuses == [201, 201, 201, 201, 429, 429]


def _join(client: TestClient, created: dict[str, Any]) -> None:
    with client.websocket_connect(
        f"/ws/tables/{created['table']}?token={created['tokens']['0']}"
    ) as socket:
        checked(socket.receive_json())


def test_tables_nobody_joins_never_fill_the_server(tmp_path: Path) -> None:
    settings = {"max_open_tables": 2, "max_open_tables_per_address": 100}
    with TestClient(_app(tmp_path, **settings)) as client:
        assert {client.post("/api/tables", json=BODY).status_code for _ in range(5)} == {201}


def test_live_tables_are_capped_and_abandoned_ones_free_their_place(tmp_path: Path) -> None:
    """A person taking a seat makes a table live until it is abandoned (`abandon_after`
    without a move or a join); the server's cap counts live tables."""
    settings = {"max_open_tables": 2, "abandon_after": 1.0, "unjoined_after": 60.0}
    with TestClient(_app(tmp_path, **settings)) as client:
        played = [client.post("/api/tables", json=BODY).json() for _ in range(2)]
        for created in played:
            _join(client, created)
        full = client.post("/api/tables", json=BODY)
        assert full.status_code == 503 and full.json()["error"] == "too_many_tables"
        assert full.headers["retry-after"] == "1"  # true: the first is abandoned within 1 s
        time.sleep(1.2)  # nobody moved: both tables are abandoned
        listed = client.get("/api/tables?all=1").json()["tables"]
        assert {t["id"]: t["state"] for t in listed} == {t["table"]: "abandoned" for t in played}
        assert client.get("/api/tables").json()["tables"] == []  # the lobby hides them
        assert client.post("/api/tables", json=BODY).status_code == 201


def test_one_address_cannot_fill_the_server_with_tables_nobody_joins(tmp_path: Path) -> None:
    """The lockout found (issue 45): 50 tables made and left filled a server capped at 50 for
    an hour. Now such tables never count for the server; each address has a cap of its own,
    which such tables leave after `unjoined_after`; every refusal says truly when to come
    back; and an address that joins its tables still holds no more than its own cap."""
    settings = {
        "max_open_tables": 4,
        "max_open_tables_per_address": 2,
        "unjoined_after": 1.0,
        "create_burst": 100,
    }
    with TestClient(_app(tmp_path, **settings)) as client:

        def post(address: str) -> Any:
            other = TestClient(client.app, client=(address, 1234))
            other.portal = client.portal
            return other.post("/api/tables", json=BODY)

        statuses = [post("10.0.0.1").status_code for _ in range(3)]
        assert statuses == [201, 201, 429]
        mine = post("10.0.0.1")
        assert mine.json()["error"] == "too_many_tables" and mine.headers["retry-after"] == "1"
        assert "2 open tables" in mine.json()["message"]
        for number in range(2, 6):  # four more addresses: tables made and left fill nothing
            assert [post(f"10.0.0.{number}").status_code for _ in range(2)] == [201, 201]
        time.sleep(1.2)
        assert post("10.0.0.1").status_code == 201  # its old tables no longer count
        joined = [post("10.0.0.9").json() for _ in range(2)]
        for created in joined:  # an address that joins its own tables: live, within its cap
            _join(client, created)
        assert post("10.0.0.9").status_code == 429
        assert post("10.0.0.10").status_code == 201  # the server is not full


def test_idle_tables_leave_memory_and_are_restored_when_asked_for(tmp_path: Path) -> None:
    with TestClient(_app(tmp_path, max_loaded_tables=2)) as client:
        humans = {"game": "food_chain", "seats": ["human"] * 3}
        ids = [client.post("/api/tables", json=humans).json()["table"] for _ in range(6)]
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert len(hub.live) <= 2
        first = client.get(f"/api/tables/{ids[0]}").json()
        assert first["id"] == ids[0] and first["turn"] >= 0
        assert ids[0] in hub.live and len(hub.live) <= 2


def test_a_started_server_replays_nothing_until_asked(tmp_path: Path) -> None:
    with TestClient(_app(tmp_path)) as client:
        ids = [client.post("/api/tables", json=BODY).json()["table"] for _ in range(3)]
    with TestClient(_app(tmp_path)) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert hub.live == {}
        assert client.get(f"/api/tables/{ids[1]}").status_code == 200
        assert list(hub.live) == [ids[1]]


def test_a_table_whose_record_does_not_replay_is_marked_broken_and_the_rest_serve(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    humans = {"game": "food_chain", "seats": ["human"] * 3}
    with TestClient(_app(tmp_path)) as client:
        good, bad, odd, late = (client.post("/api/tables", json=humans).json() for _ in range(4))
    database = sqlite3.connect(tmp_path / "t.db")
    database.execute("INSERT INTO moves VALUES (?, 0, 0, 'play dragon')", (bad["table"],))
    database.execute("UPDATE tables SET config = 'not json' WHERE id = ?", (odd["table"],))
    # A text where a time belongs: the lobby listed it and answered 500 to everybody.
    database.execute("UPDATE tables SET updated = 'yesterday' WHERE id = ?", (late["table"],))
    database.commit()
    database.close()
    with caplog.at_level(logging.ERROR, "tablefeast.server"), TestClient(_app(tmp_path)) as client:
        listed = client.get("/api/tables")
        assert listed.status_code == 200
        assert {t["id"] for t in listed.json()["tables"]} == {good["table"], bad["table"]}
        made = client.post("/api/tables", json=BODY)  # the counting goes on
        assert made.status_code == 201
        for broken in (bad, odd, late):
            answer = client.get(f"/api/tables/{broken['table']}")
            assert answer.status_code == 410 and answer.json()["error"] == "broken"
            with client.websocket_connect(
                f"/ws/tables/{broken['table']}?token={broken['tokens']['0']}"
            ) as socket:
                assert checked(socket.receive_json())["code"] == "broken"
        assert client.get(f"/api/tables/{good['table']}").status_code == 200
        listed = client.get("/api/tables").json()["tables"]
        assert [t["id"] for t in listed] == [made.json()["table"], good["table"]]
    assert any("marked broken" in r.message and bad["table"] in r.message for r in caplog.records)


def test_the_listing_is_paginated(client: TestClient) -> None:
    ids = [client.post("/api/tables", json=BODY).json()["table"] for _ in range(5)]
    seen: list[str] = []
    cursor = None
    pages = 0
    while True:
        query = "/api/tables?limit=2" + (f"&before={cursor}" if cursor else "")
        page = client.get(query).json()
        assert len(page["tables"]) <= 2
        seen += [t["id"] for t in page["tables"]]
        pages += 1
        cursor = page["next"]
        if cursor is None:
            break
    assert seen == ids[::-1] and pages == 3
    assert len(client.get("/api/tables?limit=9999").json()["tables"]) == 5  # capped, not refused
    for junk in ("0", "-1", "x", "9" * 30, ""):
        assert client.get(f"/api/tables?limit={junk}").status_code == 400


# ---------------------------------------------------------------- connections


def _table(client: TestClient, seats: list[str] | None = None) -> dict[str, Any]:
    answer = client.post(
        "/api/tables", json={"game": "food_chain", "seats": seats or ["human"] * 3}
    )
    assert answer.status_code == 201
    return dict(answer.json())


def _refused_busy(client: TestClient, url: str) -> None:
    with client.websocket_connect(url) as socket:
        error = checked(socket.receive_json())
        assert error["code"] == "busy", error
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 1013


def test_connections_are_capped_per_address_in_all_and_per_table(tmp_path: Path) -> None:
    settings = {"max_connections_per_address": 2, "max_spectators_per_table": 1}
    with TestClient(_app(tmp_path, **settings)) as client:
        created = _table(client)
        base = f"/ws/tables/{created['table']}"
        with client.websocket_connect(base) as spectator:
            checked(spectator.receive_json())
            _refused_busy(client, base)  # a second spectator of the table
            with client.websocket_connect(f"{base}?token={created['tokens']['0']}") as seat:
                checked(seat.receive_json())
                _refused_busy(client, f"{base}?token={created['tokens']['1']}")  # a third
    with TestClient(_app(tmp_path, max_connections=1)) as client:
        created = _table(client)
        with client.websocket_connect(
            f"/ws/tables/{created['table']}?token={created['tokens']['0']}"
        ):
            _refused_busy(client, f"/ws/tables/{created['table']}?token={created['tokens']['1']}")


def test_spectators_cannot_crowd_the_seats_out(tmp_path: Path) -> None:
    """The attack found (issue 45): 1,000 idle spectators from 32 addresses filled the
    server's connections and every new player was refused. Spectators now have a share of
    their own, in all and per address; a seat gets in past them."""
    settings = {"max_connections": 5, "max_spectators": 2, "max_spectators_per_address": 1}
    with TestClient(_app(tmp_path, **settings)) as client:
        created = _table(client)
        base = f"/ws/tables/{created['table']}"

        def from_(address: str) -> TestClient:
            return TestClient(client.app, client=(address, 1234))

        watching = [from_(f"10.0.0.{i}").websocket_connect(base) for i in (1, 2)]
        for socket in watching:
            socket.__enter__()
            checked(socket.receive_json())
        _refused_busy(from_("10.0.0.3"), base)  # the spectators' share is taken
        with from_("10.0.0.1").websocket_connect(base) as socket:  # and 10.0.0.1's own
            assert checked(socket.receive_json())["code"] == "busy"
        seats = [
            client.websocket_connect(f"{base}?token={created['tokens'][str(seat)]}")
            for seat in range(3)
        ]
        for socket in seats:  # every seat gets in
            socket.__enter__()
            assert checked(socket.receive_json())["type"] == "welcome"
        for socket in [*seats, *watching]:
            socket.__exit__(None, None, None)


def test_a_seat_opened_again_closes_its_oldest_connection(tmp_path: Path) -> None:
    """A person coming back (a new tab, the phone after the laptop) always gets in: past
    `max_connections_per_seat`, the seat's oldest connection makes way (code 4409)."""
    with TestClient(_app(tmp_path, max_connections_per_seat=2)) as client:
        created = _table(client)
        url = f"/ws/tables/{created['table']}?token={created['tokens']['0']}"
        first, second, third = (client.websocket_connect(url) for _ in range(3))
        for socket in (first, second):
            socket.__enter__()
            checked(socket.receive_json())
            checked(socket.receive_json())
        third.__enter__()
        assert checked(third.receive_json())["type"] == "welcome"
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                checked(first.receive_json())
        assert closed.value.code == 4409
        second.send_json({"type": "ping"})
        while checked(second.receive_json())["type"] != "pong":
            pass
        for socket in (first, second, third):
            socket.__exit__(None, None, None)


def test_a_connection_keeps_to_its_budgets_of_messages_and_bytes() -> None:
    """What a connection sends is read no faster than its rates: messages, bytes, and its
    address's messages together; past the flood limit it is closed."""
    settings = ServerSettings(message_rate=10.0, byte_rate=1000.0, flood_limit=3)

    async def main() -> tuple[list[float], Connection]:
        shared = TokenBucket(40.0, 80.0)
        connection = Connection(None, 0, "a", settings, shared)  # type: ignore[arg-type]
        waits = [connection.pace(2000, now=0.0)]  # within the burst of bytes (4000)
        waits.append(connection.pace(2000, now=0.0))  # the burst is spent: no wait yet
        waits.append(connection.pace(1000, now=0.0))  # 1000 bytes of debt: a second
        waits.append(connection.pace(10, now=1.0))  # back at zero after the wait
        return waits, connection

    waits, connection = asyncio.run(main())
    assert waits == [0.0, 0.0, 1.0, pytest.approx(0.01)]
    assert connection.closing is None

    async def flood() -> Connection:
        connection = Connection(None, 0, "a", settings)  # type: ignore[arg-type]
        for _ in range(30):  # 20 messages' burst, then every one waits
            connection.pace(10, now=0.0)
        return connection

    assert "flooding" in (asyncio.run(flood()).closing or "")


def test_the_spectators_of_a_table_share_one_encoded_update(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    built: list[Any] = []
    real = hub_module.protocol.update_text

    def counted(table: Any, seat: Any, since: int, public: Any = None) -> Any:
        built.append(seat)
        return real(table, seat, since, public)

    monkeypatch.setattr(hub_module.protocol, "update_text", counted)
    with TestClient(_app(tmp_path)) as client:
        created = _table(client)
        base = f"/ws/tables/{created['table']}"
        sockets = [client.websocket_connect(base) for _ in range(6)]
        for socket in sockets:
            socket.__enter__()
            checked(socket.receive_json())
            checked(socket.receive_json())
        built.clear()
        with client.websocket_connect(f"{base}?token={created['tokens']['0']}") as seat:
            checked(seat.receive_json())
            update = checked(seat.receive_json())
            seat.send_json({"type": "move", "move": update["legal"][0]})
            checked(seat.receive_json())
            for socket in sockets:
                assert checked(socket.receive_json())["turn"] == update["turn"] + 1
        for socket in sockets:
            socket.__exit__(None, None, None)
    assert built.count(None) == 1, built  # six spectators, one spectator update built


def test_a_flooding_connection_is_closed(tmp_path: Path) -> None:
    with TestClient(_app(tmp_path, message_rate=5.0, flood_limit=20)) as client:
        created = _table(client)
        url = f"/ws/tables/{created['table']}?token={created['tokens']['0']}"
        with client.websocket_connect(url) as socket:
            checked(socket.receive_json())
            checked(socket.receive_json())
            for _ in range(60):
                socket.send_json({"type": "ping"})
            with pytest.raises(WebSocketDisconnect) as closed:
                while True:
                    checked(socket.receive_json())
            assert closed.value.code == 1008 and "flooding" in closed.value.reason
        # Another connection of the same seat plays on.
        with client.websocket_connect(url) as socket:
            checked(socket.receive_json())
            socket.send_json({"type": "ping"})
            while checked(socket.receive_json())["type"] != "pong":
                pass


def test_a_connection_that_does_not_read_is_dropped_not_buffered() -> None:
    async def main() -> Connection:
        connection = Connection(None, 0, "a", ServerSettings(outbox_limit=4))  # type: ignore[arg-type]
        for _ in range(10):  # nobody writes the outbox out: it fills
            connection.send({"type": "pong"})
        return connection

    connection = asyncio.run(main())
    assert connection.closing is not None and "too slow" in connection.closing
    assert connection.outbox.qsize() == 1  # only the writer's stop sign is left


def test_a_binary_frame_gets_an_error_and_the_connection_stays(client: TestClient) -> None:
    created = _table(client)
    with client.websocket_connect(
        f"/ws/tables/{created['table']}?token={created['tokens']['0']}"
    ) as socket:
        checked(socket.receive_json())
        checked(socket.receive_json())
        socket.send_bytes(b'{"type": "ping"}')
        error = checked(socket.receive_json())
        assert error["code"] == "bad_message" and "text frames" in error["message"]
        socket.send_json({"type": "ping"})
        assert checked(socket.receive_json()) == {"type": "pong"}


# ---------------------------------------------------------------- bots and storage


def test_the_bot_pool_gives_every_table_its_turn() -> None:
    started: list[str] = []

    def job(name: str) -> Any:
        def work() -> str:
            started.append(name)
            time.sleep(0.05)
            return name

        return work

    async def main() -> None:
        pool = BotPool(workers=1)
        greedy = [asyncio.ensure_future(pool.run("a", job(f"a{i}"))) for i in range(6)]
        await asyncio.sleep(0.01)  # a0 is running, a1..a5 wait
        other = asyncio.ensure_future(pool.run("b", job("b0")))
        await asyncio.gather(*greedy, other)
        pool.close()

    asyncio.run(main())
    assert started.index("b0") <= 2, started  # not behind all of a's work


def test_the_bot_pool_gives_every_owner_its_turn_then_every_table() -> None:
    """One client's twenty tables get one turn a round, as another client's single table."""
    started: list[str] = []

    def job(name: str) -> Any:
        def work() -> str:
            started.append(name)
            time.sleep(0.02)
            return name

        return work

    async def main() -> None:
        pool = BotPool(workers=1)
        flood = [
            asyncio.ensure_future(pool.run(f"t{i % 20}", job(f"x{i}"), owner="10.0.0.1"))
            for i in range(40)
        ]
        await asyncio.sleep(0.005)  # x0 is running, the rest wait
        victim = asyncio.ensure_future(pool.run("mine", job("v"), owner="10.0.0.2"))
        await asyncio.gather(*flood, victim)
        pool.close()

    asyncio.run(main())
    assert started.index("v") <= 2, started  # after x0 (and x1, queued first): not all 40
    assert started[:4] != ["x0", "x1", "x2", "x3"]


def test_an_owner_may_keep_only_so_many_bot_moves_waiting() -> None:
    async def main() -> list[Any]:
        pool = BotPool(workers=1)
        slow = asyncio.ensure_future(pool.run("t0", lambda: time.sleep(0.2), "a", limit=2))
        await asyncio.sleep(0.05)  # running: no longer waiting
        waiting = [
            asyncio.ensure_future(pool.run(f"t{i}", lambda: None, "a", limit=2)) for i in (1, 2)
        ]
        await asyncio.sleep(0)
        outcomes: list[Any] = []
        try:
            await pool.run("t3", lambda: None, "a", limit=2)
        except BotPoolFullError as e:
            outcomes.append(e)
        outcomes.append(await pool.run("t4", lambda: "b's", "b", limit=2))  # another owner
        await asyncio.gather(slow, *waiting)
        pool.close()
        return outcomes

    refused, other = asyncio.run(main())
    assert isinstance(refused, BotPoolFullError) and other == "b's"


def test_a_search_that_cannot_start_in_time_plays_its_fallback() -> None:
    """The promise: a bot moves within its table's think of its turn, whatever the load. A
    search behind another client's work past its time plays the game's heuristic instead."""
    from tablefeast.server.workers import BotRequest

    fc = tablefeast.load("food_chain")
    state = fc.initial_state(fc.Config(players=3))
    settings = ServerSettings(
        bot_workers=1, bot_processes=False, agents={"sleepy": "tests.support.server:SleepyAgent"}
    )

    def request(kind: str, think: float) -> BotRequest:
        return BotRequest("food_chain", state, 0, kind, think, "s", (), 5000)

    async def main() -> tuple[str, float]:
        runner = BotRunner(settings)
        hog = asyncio.ensure_future(
            runner.searches.run("hog", lambda: time.sleep(0.6), owner="10.0.0.1")
        )
        await asyncio.sleep(0.05)
        started = time.monotonic()
        move = await runner.move(request("hard", 0.3), "mine", "10.0.0.2", started + 0.3)
        took = time.monotonic() - started
        await hog
        runner.close()
        return move, took

    move, took = asyncio.run(main())
    assert move.startswith("play ")
    assert took < 1.0  # the hog's 0.6 s, then the fallback at once; never a 400-iteration search


def test_searching_bots_of_one_client_do_not_hold_up_another_tables_heuristics(
    tmp_path: Path,
) -> None:
    """The attack found (issue 45): 20 all-bot tables of six ismcts:5000 thinking 5 s each
    queued in the one pool of two workers; a victim table with two heuristic bots then made 1
    move in 10 s. The heuristics now think apart from the searches, and the searches are shared
    by client: the victim's bots answer as on a quiet server."""
    settings = {"max_open_tables_per_address": 100}  # the searches in processes, as served
    with TestClient(_app(tmp_path, **settings)) as client:
        heavy = {"game": "food_chain", "seats": ["ismcts:5000"] * 6, "settings": {"think": 2.0}}
        for number in range(20):
            attacker = TestClient(client.app, client=(f"10.0.1.{number % 4}", 1234))
            attacker.portal = client.portal  # the server's own loop: its bots live on in it
            assert attacker.post("/api/tables", json=heavy).status_code == 201
        victim = _table(client, ["human", "heuristic", "heuristic"])
        url = f"/ws/tables/{victim['table']}?token={victim['tokens']['0']}"
        searches = client.app.state.hub.bots.searches  # type: ignore[attr-defined]
        answers: list[float] = []
        waiting: list[int] = []
        with client.websocket_connect(url) as socket:

            def my_turn(played: int) -> dict[str, Any]:  # once the seat has made `played`
                while True:
                    message = checked(socket.receive_json())
                    assert message["type"] != "error", message
                    update = message["type"] == "update" and message["played"] >= played
                    if update and 0 in message["actors"]:
                        return message

            update = my_turn(0)
            for _ in range(6):  # six rounds of the victim's move and its bots' answers
                socket.send_json({"type": "move", "move": update["legal"][0]})
                sent = time.monotonic()
                update = my_turn(update["played"] + 1)  # the bots answered: it acts again
                answers.append(time.monotonic() - sent)
                waiting.append(searches.waiting)
    assert min(waiting) > 0, waiting  # the searches were crowded all along
    assert max(answers) < 2.0, answers  # two searches of 2 s would take 4: never behind them


def test_a_table_of_busy_bots_does_not_starve_another(tmp_path: Path) -> None:
    """Six searching bots queue six jobs of half a second; the victim's two bots are served in
    turn with them (about a second), not behind all six (three seconds)."""
    with TestClient(_app(tmp_path, bot_workers=1)) as client:
        heavy = {
            "game": "schlacht_am_buffet",
            "seats": ["ismcts:5000"] * 6,
            "settings": {"think": 0.5},
        }
        assert client.post("/api/tables", json=heavy).status_code == 201
        time.sleep(0.1)  # its six bots are queued and one is thinking
        started = time.monotonic()
        victim = _table(client, ["human", "random", "random"])
        while client.get(f"/api/tables/{victim['table']}").json()["actors"] != [0]:
            assert time.monotonic() - started < 2.2, "the victim's bots waited behind the others"
            time.sleep(0.05)


def test_a_locked_database_never_stops_the_event_loop(tmp_path: Path) -> None:
    with TestClient(_app(tmp_path, db_timeout=1.5)) as client:
        created = _table(client)
        base = f"/ws/tables/{created['table']}"
        with (
            client.websocket_connect(f"{base}?token={created['tokens']['0']}") as socket,
            client.websocket_connect(f"{base}?token={created['tokens']['1']}") as other,
        ):
            for ws in (socket, other):
                checked(ws.receive_json())
            update = checked(socket.receive_json())
            checked(other.receive_json())
            holder = sqlite3.connect(tmp_path / "t.db", isolation_level=None)
            holder.execute("BEGIN EXCLUSIVE")  # another process holds the database
            socket.send_json({"type": "move", "move": update["legal"][0]})
            time.sleep(0.1)
            pings = []
            for _ in range(3):  # the loop answers the other seat while the write waits
                sent = time.perf_counter()
                other.send_json({"type": "ping"})
                assert checked(other.receive_json()) == {"type": "pong"}
                pings.append(time.perf_counter() - sent)
            assert max(pings) < 0.5, pings
            error = checked(socket.receive_json())
            assert error["code"] == "unavailable" and "send it again" in error["message"]
            holder.execute("ROLLBACK")
            holder.close()
            shown = client.get(f"/api/tables/{created['table']}").json()
            assert shown["turn"] == update["turn"] and 0 in shown["actors"]  # nothing changed
            socket.send_json({"type": "move", "move": update["legal"][0]})
            assert checked(socket.receive_json())["played"] == 1


def test_a_bots_failed_write_is_tried_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hub_module, "_RETRIES", (0.05, 0.05, 0.05))
    with TestClient(_app(tmp_path)) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        real = hub.store.append_moves
        failures = threading.Semaphore(2)

        def flaky(*args: Any, **kwargs: Any) -> None:
            if failures.acquire(blocking=False):
                raise StoreError("the database refused a write: disk I/O error")
            real(*args, **kwargs)

        created = client.post("/api/tables", json={**BODY, "seats": ["random"] * 3})
        table = created.json()["table"]
        monkeypatch.setattr(hub.store, "append_moves", flaky)
        for _ in range(400):
            if client.get(f"/api/tables/{table}").json()["over"]:
                break
            time.sleep(0.02)
        shown = client.get(f"/api/tables/{table}").json()
        assert shown["over"], "the bots played on after two failed writes"
        record = client.get(f"/api/tables/{table}/record").json()
        assert len(record["moves"]) == shown["turn"]  # the store and the table agree


def test_a_bot_that_overruns_its_time_is_stopped_by_ending_its_process() -> None:
    from tablefeast.server.workers import BotRequest, BotTimeoutError, Workers

    fc = tablefeast.load("food_chain")
    state = fc.initial_state(fc.Config(players=3))
    agents = (("sleepy", "tests.support.server:SleepyAgent"),)
    workers = Workers(processes=True)
    try:
        request = BotRequest("food_chain", state, 0, "sleepy", 0.2, "s", agents, 5000)
        started = time.monotonic()
        with pytest.raises(BotTimeoutError, match="stopped"):
            workers.decide(request, timeout=0.5)
        assert time.monotonic() - started < 3.0
        assert workers._all == []  # the worker was ended, not left sleeping
        good = BotRequest("food_chain", state, 0, "heuristic", 0.2, "s", agents, 5000)
        assert workers.decide(good, timeout=30).move.startswith("play ")  # a new worker
    finally:
        workers.close()


def test_a_table_plays_on_when_its_bot_never_answers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bots_module, "OVERRUN", 0.3)
    agents = {"sleepy": "tests.support.server:SleepyAgent"}
    with TestClient(_app(tmp_path, agents=agents)) as client:
        created = client.post(
            "/api/tables",
            json={
                "game": "food_chain",
                "seats": ["sleepy", "random", "random"],
                "settings": {"think": 0.2},
            },
        )
        table = created.json()["table"]
        started = time.monotonic()
        while not any(  # the public log tells when seat 0 has committed
            e.startswith("seat 0 plays")
            for e in client.get(f"/api/tables/{table}").json()["events"]
        ):
            assert time.monotonic() - started < 10, "the table waited for its stuck bot"
            time.sleep(0.05)
        assert time.monotonic() - started >= 0.4  # after its think limit and the margin
        counts = client.app.state.hub.bots.counts  # type: ignore[attr-defined]
        assert counts["failed"] >= 1  # its process ended, and its fallback played


def test_ten_thousand_stored_tables_cost_nothing_at_start_and_little_to_list(
    tmp_path: Path,
) -> None:
    from tablefeast.server.store import SQLiteStore, TableRow

    store = SQLiteStore(tmp_path / "t.db")
    rows = [
        TableRow(f"t{i:05}", "food_chain", {"players": 3}, ("human",) * 3, "s", 1e9 + i)
        for i in range(10_000)
    ]
    store._write(
        (
            "INSERT INTO tables (id, game, config, seats, seed, created, updated) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                r.id,
                r.game,
                json.dumps(r.config),
                json.dumps(list(r.seats)),
                r.seed,
                r.created,
                r.created,
            ),
        )
        for r in rows
    )
    store.close()
    started = time.perf_counter()
    with TestClient(_app(tmp_path)) as client:
        assert time.perf_counter() - started < 2.0  # nothing is replayed at start
        started = time.perf_counter()
        page = client.get("/api/tables?limit=100&all=1").json()
        assert time.perf_counter() - started < 0.5
        assert page["tables"][0]["id"] == "t09999" and len(page["tables"]) == 100
        assert (
            client.get(f"/api/tables?limit=100&all=1&before={page['next']}").json()["tables"][0][
                "id"
            ]
            == "t09899"
        )


def test_freed_memory_is_handed_back_to_the_system(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A burst of connections or stalled bodies, once closed, does not leave the server larger
    for good: the hub hands freed memory back every few seconds (glibc's malloc_trim)."""
    assert hub_module._malloc_trim() is not None  # Linux with glibc, as served here
    trims: list[int] = []
    monkeypatch.setattr(hub_module, "TRIM_EVERY", 0.05)
    monkeypatch.setattr(hub_module, "_malloc_trim", lambda: trims.append)
    with TestClient(_app(tmp_path)):
        time.sleep(0.5)
    assert len(trims) >= 3 and set(trims) == {0}
