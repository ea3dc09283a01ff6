"""What a table tells a person (issue 30): the seats' names, how to play, how the latest step
came out (kept until the next one, and after a restart), the score sheet at the end, "play
again" with the same seats, and a lobby that lists what is worth watching."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

import tablefeast
from tablefeast.server import create_app
from tests.support.declared import declaring
from tests.support.server import SCRIPTED, checked, create, play_person


def test_names_are_checked_stored_and_sent_with_how_to_play(client: TestClient) -> None:
    table, tokens = create(
        client, "food_chain", ["human", "medium", "human"], names=["  Ada   L ", None, ""]
    )
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as socket:
        welcome = checked(socket.receive_json())
    assert welcome["names"] == ["Ada L", "Bot 1 (medium)", "Seat 2"]
    capabilities = tablefeast.load("food_chain").CAPABILITIES
    assert welcome["summary"] == list(capabilities.summary) and welcome["summary"]
    assert {h["notation"] for h in welcome["help"]} == {
        h.notation for h in capabilities.move_help.values()
    }
    assert all("{e}" not in h["meaning"] for h in welcome["help"])  # an example filled in
    listed = client.get("/api/tables").json()["tables"][0]
    assert listed["names"] == welcome["names"] and listed["title"] == "Food Chain"


@pytest.mark.parametrize(
    ("names", "why"),
    [
        (["x" * 25, None, None], "at most 24"),
        (["a\x00b", None, None], "printable"),
        (["\u202eevil", None, None], "printable"),
        (["Ada"], "one name"),
        ("Ada", "one name"),
        ([7, None, None], "text"),
    ],
)
def test_a_bad_name_is_refused_with_a_reason(client: TestClient, names: Any, why: str) -> None:
    answer = client.post(
        "/api/tables", json={"game": "food_chain", "seats": ["human"] * 3, "names": names}
    )
    assert answer.status_code == 400 and why in answer.json()["message"]
    assert client.get("/api/tables?all=1").json()["tables"] == []  # nothing was created


@pytest.mark.parametrize("game", declaring("outcomes", "score_sheet"))
def test_the_last_result_and_the_score_sheet_reach_the_person(
    client: TestClient, game: str
) -> None:
    table, tokens = create(client, game, ["human", "random", "heuristic"])
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as socket:
        checked(socket.receive_json())
        final, messages = play_person(socket, 0, random.Random(game))
    updates = [m for m in messages if m["type"] == "update"]
    assert any(u["result"] for u in updates), "a step's result is sent"
    # While the person decides, the previous step's result is on the board.
    deciding = [u for u in updates if 0 in u["actors"] and u["result"]]
    assert deciding
    sheet = final["sheet"]
    assert sheet is not None and all(u["sheet"] is None for u in updates if not u["over"])
    totals = [sum(part["points"] for part in seat) for seat in sheet["parts"]]
    assert totals == final["scores"]
    # A server that restarts works the same result out again from the record.
    live = client.app.state.hub.live[table]  # type: ignore[attr-defined]
    from tablefeast.server.table import Table

    again = Table.restore(live.table.store, live.table.row)
    assert again.result == live.table.result and list(again.result.lines) == final["result"]


def test_play_again_gives_a_new_table_with_the_same_seats_to_a_seat_only(
    client: TestClient,
) -> None:
    table, tokens = create(
        client,
        "schlacht_am_buffet",
        ["human", "random", "random"],
        names=["Ada", None, None],
        options={"edition": "fr"},
    )
    refused = client.post(f"/api/tables/{table}/again", json={"token": tokens[0]})
    assert refused.status_code == 409  # not before the end
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as socket:
        checked(socket.receive_json())
        play_person(socket, 0, random.Random(1))
    assert client.post(f"/api/tables/{table}/again", json={}).status_code == 403
    assert client.post(f"/api/tables/{table}/again", json={"token": "x" * 32}).status_code == 403
    answer = client.post(f"/api/tables/{table}/again", json={"token": tokens[0]})
    assert answer.status_code == 201, answer.text
    new = answer.json()
    assert set(new["tokens"]) == {"0"} and new["table"] != table
    hub = client.app.state.hub  # type: ignore[attr-defined]
    old, fresh = hub.live[table].table, hub.live[new["table"]].table
    assert fresh.config == old.config and fresh.config.edition == "fr"
    assert fresh.row.seats == old.row.seats and fresh.row.options == old.row.options
    assert fresh.row.seed != old.row.seed and fresh.moves != old.moves
    assert client.post("/api/tables/nope/again", json={"token": tokens[0]}).status_code == 404


def test_the_lobby_hides_finished_tables_after_a_while_and_abandoned_ones(tmp_path: Path) -> None:
    app = create_app(tmp_path / "t.db", **SCRIPTED, list_hide_after=1.0, abandon_after=30.0)
    with TestClient(app) as client:
        done, _ = create(client, "food_chain", ["random"] * 3)
        playing, _ = create(client, "food_chain", ["human"] * 3)
        deadline = time.monotonic() + 30
        while not client.get(f"/api/tables/{done}").json()["over"]:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        states = {t["id"]: t["state"] for t in client.get("/api/tables").json()["tables"]}
        assert states == {done: "over", playing: "playing"}
        time.sleep(1.2)
        listed = [t["id"] for t in client.get("/api/tables").json()["tables"]]
        assert listed == [playing]  # finished over a second ago: hidden
        every = [t["id"] for t in client.get("/api/tables?all=1").json()["tables"]]
        assert set(every) == {done, playing}
