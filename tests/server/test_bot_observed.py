"""The server's bots are shown what the table showed (issue 31): in a game whose views are
public (Food Chain, FC-11) the request of each bot that reads it (a search:
`tablefeast.server.seats.observes`) carries the other seats' revealed moves, the same as
`tablefeast.kernel.play.Observer` gives from the record, and a restarted server has them; a
simple bot, which acts on its view and legal moves alone, is not sent them (issue 48, item 6:
gathering them costs a view per move)."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

import tablefeast
import tablefeast.server.bots
import tablefeast.server.hub
from tablefeast.kernel.play import Observer
from tablefeast.kernel.record import Record, iter_traced
from tablefeast.server.seats import observes
from tablefeast.server.table import Table
from tablefeast.server.workers import BotRequest, decide
from tests.support.server import checked, create, play_person


def test_a_bot_is_shown_the_revealed_moves_of_the_table(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    requests: list[BotRequest] = []

    def watching(request: BotRequest) -> str:
        requests.append(request)
        return decide(request)

    monkeypatch.setattr(tablefeast.server.bots, "decide", watching)  # random: on the loop
    # Random bots decide on the loop, where `decide` is watched; made to read what a search
    # reads, their requests show what a search's would carry.
    monkeypatch.setattr(tablefeast.server.hub, "observes", lambda kind, settings: True)
    table, tokens = create(client, "food_chain", ["human", "random", "random"])
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as socket:
        checked(socket.receive_json())
        play_person(socket, 0, random.Random(5))
    live = client.app.state.hub.live[table]  # type: ignore[attr-defined]
    fc = tablefeast.load("food_chain")
    assert requests and any(r.observed for r in requests)
    for request in requests:
        made = int(request.seed.rsplit(":", 1)[1])  # the moves made when the bot was asked
        watch, state = Observer(fc), fc.initial_state(live.table.config)
        prefix = Record("food_chain", live.table.row.config, tuple(live.table.moves[:made]))
        for _, seat, action, after, _ in iter_traced(fc, prefix):
            watch.note(state, seat, action, after)
            state = after
        assert request.observed == watch.shown(request.seat)
        assert all(seat != request.seat for seat, *_ in request.observed)
    again = Table.restore(live.table.store, live.table.row)
    assert again.observer.shown(1) == live.table.observer.shown(1) != ()


def _observed_by_random_bots(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, game: str
) -> list[Any]:
    """What each request of a table's two random bots carried of the others' play, over a game
    a person plays with them (random bots decide on the loop: `decide` is watched there)."""
    requests: list[Any] = []

    def watching(request: BotRequest) -> str:
        requests.append(request.observed)
        return decide(request)

    monkeypatch.setattr(tablefeast.server.bots, "decide", watching)
    table, tokens = create(client, game, ["human", "random", "random"])
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as socket:
        checked(socket.receive_json())
        play_person(socket, 0, random.Random(5))
    return requests


def test_a_table_of_hidden_hands_shows_its_bots_nothing(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    requests = _observed_by_random_bots(client, monkeypatch, "schlacht_am_buffet")
    assert requests and set(requests) == {()}


def test_a_simple_bot_is_not_sent_what_it_never_reads(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    requests = _observed_by_random_bots(client, monkeypatch, "food_chain")
    assert requests and set(requests) == {()}
    settings = client.app.state.hub.settings  # type: ignore[attr-defined]
    assert not observes("random", settings) and not observes("heuristic", settings)
    assert observes("ismcts:50", settings) and observes("hard", settings)
