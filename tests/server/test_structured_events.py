"""The wire's structure beside its words (issue 48, item 4): every event, result line, score-sheet
detail, tie-break and reason names its seats by id (``parts``), carrying nothing its words do
not; every legal move comes with its action's fields (``actions``), as `tablefeast.dumps` writes
them, so that a browser picks moves and names seats without reading English or writing notation.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

import tablefeast
from tablefeast.server import protocol
from tablefeast.server import table as table_module
from tablefeast.server.protocol import parts_text, seat_parts
from tablefeast.server.store import SQLiteStore
from tablefeast.server.table import Table
from tests.support.server import checked, create, play_person

BUILT_IN = tuple(tablefeast.GAMES)


def _refs(parts: list[Any]) -> list[dict[str, Any]]:
    return [p for p in parts if isinstance(p, dict)]


def _check_parts(parts: list[Any], text: str, players: int) -> None:
    """The parts are the words (joined back), and name only seats of the table."""
    assert parts_text(parts) == text
    for ref in _refs(parts):
        assert set(ref) <= {"seat", "own", "cap", "many"}
        assert 0 <= ref["seat"] < players


@pytest.mark.parametrize("game", BUILT_IN)
def test_every_line_names_its_seats_and_nothing_more(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A whole game: each viewer's events, result and sheet carry parts equal to their words;
    every viewer (each seat and a spectator) gets the same events with the same parts, so no
    seat learns anything through them that the public words do not say; each legal move's
    action is the action's own JSON."""
    players = 3
    # The table's chance seed fixed, so that the game (and which seats its words name) is the
    # same every run: with a secret one, a game now and then never named a seat.
    monkeypatch.setattr(table_module.secrets, "token_hex", lambda size: "5" * (2 * size))
    table, _ = Table.create(SQLiteStore(":memory:"), game, players, {}, ("human",) * players)
    rng = random.Random(game)
    seen_seats: set[int] = set()
    while not table.finished:
        updates = {s: protocol.update(table, s, 0) for s in (None, *range(players))}
        for seat, update in updates.items():
            checked(update)
            assert [e["parts"] for e in update["events"]] == [
                e["parts"] for e in updates[None]["events"]
            ]
            assert update["result_parts"] == updates[None]["result_parts"]
            assert len(update["actions"]) == len(update["legal"])
            if seat is None:
                assert update["actions"] == []
                continue
            legal = table.game.legal_actions(table.state, seat)
            assert update["actions"] == [json.loads(tablefeast.dumps(a)) for a in legal]
        actor = table.game.actors(table.state)[0]
        table.play(actor, rng.choice(updates[actor]["legal"]), now=0.0)
        last = protocol.update(table, None, len(table.events) - 1)["events"]
        for event in last:
            _check_parts(event["parts"], event["text"], players)
            seen_seats |= {r["seat"] for r in _refs(event["parts"])}
    final = checked(protocol.update(table, None, 0))
    for event in final["events"]:
        _check_parts(event["parts"], event["text"], players)
    for line, parts in zip(final["result"], final["result_parts"], strict=True):
        _check_parts(parts, line, players)
    if final["sheet"] is not None:
        for seat_parts_ in final["sheet"]["parts"]:
            for part in seat_parts_:
                _check_parts(part["detail_parts"], part["detail"], players)
        if final["sheet"]["tie_break"] is not None:
            _check_parts(final["sheet"]["tie_break_parts"], final["sheet"]["tie_break"], players)
    assert seen_seats == set(range(players))  # every seat was named by id somewhere


def test_seat_words_become_ids() -> None:
    assert seat_parts("seat 0's bird takes seat 1's worm", 3) == [
        {"seat": 0, "own": True},
        " bird takes ",
        {"seat": 1, "own": True},
        " worm",
    ]
    assert seat_parts("seats 0 and 2 share the win", 3) == [
        {"seat": 0, "many": 2},
        " and ",
        {"seat": 2},
        " share the win",
    ]
    assert seat_parts("final scores: seat 0 4, seat 1 0", 2)[1:3] == [{"seat": 0}, " 4, "]
    # A number that is no seat of the table, or no seat at all, stays words.
    assert seat_parts("seat 5 and seats 1 and 7; 12 seats", 3) == [
        "seat 5 and seats 1 and 7; 12 seats"
    ]
    assert seat_parts("", 3) == []


def test_the_socket_names_seats_by_id_for_each_viewer(client: TestClient) -> None:
    """Through the server: a seat and a spectator get the same parts for the same events, and a
    reason names the seats it speaks of by id."""
    table, tokens = create(client, "food_chain", ["human", "random", "random"])
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as socket:
        checked(socket.receive_json())
        final, _ = play_person(socket, 0, random.Random(3), stop_after=6)
        mine = final
        socket.send_json({"type": "why", "move": "take 1"})
        while (why := checked(socket.receive_json()))["type"] != "why":
            pass
        if why["reason"] is not None:
            _check_parts(why["parts"], why["reason"], 3)
    with client.websocket_connect(f"/ws/tables/{table}") as watcher:
        checked(watcher.receive_json())
        public = checked(watcher.receive_json())
    assert public["actions"] == []
    by_n = {e["n"]: e for e in public["events"]}
    common = [e for e in mine["events"] if e["n"] in by_n]
    assert common and all(e == by_n[e["n"]] for e in common)
    named = {r["seat"] for e in public["events"] for r in _refs(e["parts"])}
    assert 0 in named
