"""The game server: whole games over the protocol, hidden information, bad input, persistence.

Protocol tests run the ASGI app in-process with Starlette's test client; the crash test starts
a real `tablefeast serve` on 127.0.0.1 and kills it.
"""

from __future__ import annotations

import json
import random
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import attrs
import pytest

pytest.importorskip("starlette")
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

import tablefeast
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.record import Record
from tablefeast.server import (
    create_app,
    protocol,
)
from tablefeast.server.store import SQLiteStore
from tablefeast.server.table import Table
from tests.support.fuzz import sample_states
from tests.support.server import SCRIPTED, checked, create, play_person

GAMES = tablefeast.names()


def next_of(socket: Any, kind: str = "error") -> dict[str, Any]:
    """The next message of type `kind`, past any updates (a bot may move meanwhile)."""
    while (message := checked(socket.receive_json()))["type"] != kind:
        assert message["type"] == "update", message
    return message


def connect(client: TestClient, table: str, token: str | None = None) -> Any:
    query = f"?token={token}" if token is not None else ""
    return client.websocket_connect(f"/ws/tables/{table}{query}")


def test_the_games_offered_are_the_games_as_they_declare_themselves(client: TestClient) -> None:
    offered = client.get("/api/games").json()["games"]
    assert [g["name"] for g in offered] == list(tablefeast.names())
    for game in offered:
        capabilities = tablefeast.load(game["name"]).CAPABILITIES
        assert game["title"] == capabilities.title
        assert game["players"] == [capabilities.players[0], capabilities.players[-1]]
        assert game["custom_cards"] == capabilities.custom_cards
        # Every choice the lobby offers makes a table the server accepts, and reads as chosen.
        for option in game["options"]:
            for value, _ in option["choices"]:
                low = game["players"][0]
                options = {option["key"]: value}
                table, _ = create(client, game["name"], ["random"] * low, options=options)
                config = client.app.state.hub.live[table].table.config  # type: ignore[attr-defined]
                assert str(getattr(config, option["key"])) == value


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_with_a_person_and_bots(client: TestClient, game: str) -> None:
    table, tokens = create(client, game, ["human", "random", "heuristic"])
    with connect(client, table, tokens[0]) as socket:
        welcome = checked(socket.receive_json())
        assert welcome["seat"] == 0 and welcome["protocol"] == protocol.PROTOCOL_VERSION
        final, messages = play_person(socket, 0, random.Random(game))
        assert final["over"] and final["winners"] and len(final["scores"]) == 3
        # A move after the end is refused, and the connection stays open.
        socket.send_json({"type": "move", "move": "pass"})
        refused = checked(socket.receive_json())
        while refused.get("code") == "stale":  # the answer to a move sent as the game ended
            refused = checked(socket.receive_json())
        assert refused["code"] == "game_over", refused
        socket.send_json({"type": "ping"})
        assert checked(socket.receive_json()) == {"type": "pong"}
    events = [e["text"] for m in messages if m["type"] == "update" for e in m["events"]]
    assert events, "the public event log is sent"
    numbers = [e["n"] for m in messages if m["type"] == "update" for e in m["events"]]
    assert numbers == list(range(len(numbers))), "each event is sent once, in order"
    # The record is published once the game is over, and replays to the same result.
    record = client.get(f"/api/tables/{table}/record")
    assert record.status_code == 200
    state = tablefeast.replay(Record.from_json(record.text))
    ruleset = tablefeast.load(game)
    assert sorted(ruleset.winners(state)) == final["winners"]
    assert list(ruleset.scores(state)) == final["scores"]
    shown = client.get(f"/api/tables/{table}").json()
    assert shown["over"] and shown["winners"] == final["winners"]


def test_two_people_play_food_chain_and_neither_sees_the_others_commitment(
    client: TestClient,
) -> None:
    table, tokens = create(client, "food_chain", ["human", "human", "random"])
    results: dict[int, Any] = {}

    def person(seat: int) -> None:
        with connect(client, table, tokens[seat]) as socket:
            checked(socket.receive_json())
            results[seat] = play_person(socket, seat, random.Random(seat))

    threads = [threading.Thread(target=person, args=(seat,)) for seat in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert set(results) == {0, 1}
    for seat, (final, messages) in results.items():
        assert final["over"]
        for message in messages:
            if message["type"] == "update" and not message["over"]:
                view = message["view"]
                assert view["seat"] == seat
                assert "commitments" not in view  # only its own commitment, never the others'


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None
)
@given(name=st.sampled_from(GAMES), seed=st.integers(0, 2**32 - 1))
def test_every_message_is_the_same_whatever_the_hidden_cards_of_others(
    name: str, seed: int
) -> None:
    """A seat's update depends on nothing it cannot see: redrawing every other seat's hidden
    cards (determinize) leaves the message unchanged, byte for byte."""
    rng = random.Random(seed)
    game = tablefeast.load(name)
    store = SQLiteStore(":memory:")
    table, _ = Table.create(store, name, 4, {}, ("human",) * 4)
    for state in sample_states(game, game.Config(players=4), seed % 1000, count=6):
        table.state = state
        table.moves = [(CHANCE, "")] * rng.randrange(50)  # the turn number, as it may be
        for seat in (*range(4), None):
            message = json.dumps(protocol.update(table, seat, 0))
            table.state = game.determinize(state, seat, rng)  # type: ignore[arg-type]
            assert json.dumps(protocol.update(table, seat, 0)) == message, (name, seat)
            table.state = state


def test_a_spectator_gets_the_public_view_and_cannot_move(client: TestClient) -> None:
    table, _ = create(client, "schlacht_am_buffet", ["human", "random", "random"])
    with connect(client, table) as socket:
        assert checked(socket.receive_json())["seat"] is None
        update = checked(socket.receive_json())
        assert update["legal"] == [] and update["view"]["seat"] is None
        assert update["view"]["hand"] is None
        socket.send_json({"type": "move", "move": "play 5"})
        assert next_of(socket)["code"] == "spectator"  # after any update of the bots' moves


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ("hello", "bad_message"),
        ("[1, 2]", "bad_message"),
        ('{"type": "dance"}', "unknown_type"),
        ('{"type": "move"}', "bad_message"),
        ('{"type": "move", "move": "play 5", "extra": 1}', "bad_message"),
        ('{"type": "move", "move": 5}', "bad_message"),
        ('{"type": "move", "move": "dance"}', "invalid"),
        ('{"type": "move", "move": "play 99"}', "invalid"),
        ('{"type": "move", "move": "play 5", "turn": -1}', "stale"),
        ('{"type": "move", "move": "' + "9" * 5000 + '"}', "too_large"),
        ("[" * 100 + "]" * 100, "bad_message"),
        ('{"type": "ping", "n": ' + "9" * 300 + "}", "bad_message"),
        # Two "type" keys (read as the last one, this was a move): refused, never guessed.
        ('{"type": "ping", "type": "move", "move": "play 5"}', "bad_message"),
        ('{"type": "move", "move": "play 6", "move": "play 5"}', "bad_message"),
    ],
    ids=lambda value: value[:30] if isinstance(value, str) else str(value),
)
def test_bad_messages_get_an_error_and_change_nothing(
    client: TestClient, frame: str, code: str
) -> None:
    table, tokens = create(client, "schlacht_am_buffet", ["human", "human", "human"])
    before = client.get(f"/api/tables/{table}").json()
    with connect(client, table, tokens[0]) as socket, connect(client, table, tokens[1]) as other:
        for ws in (socket, other):
            checked(ws.receive_json())
            checked(ws.receive_json())
        socket.send_text(frame)
        error = checked(socket.receive_json())
        assert error["code"] == code, error
        assert client.get(f"/api/tables/{table}").json() == before
        # The connection stays open, and the other seat plays on unaffected.
        socket.send_json({"type": "ping"})
        assert checked(socket.receive_json()) == {"type": "pong"}
        legal = client.get(f"/api/tables/{table}").json()["actors"]
        assert 1 in legal
        other.send_json({"type": "sync"})
        update = checked(other.receive_json())
        other.send_json({"type": "move", "move": update["legal"][0]})
        assert checked(other.receive_json())["turn"] == before["turn"] + 1


def test_a_move_out_of_turn_is_refused_naming_who_acts(client: TestClient) -> None:
    table, tokens = create(client, "schlacht_am_buffet", ["human", "human", "human"])
    with connect(client, table, tokens[0]) as socket:
        checked(socket.receive_json())
        update = checked(socket.receive_json())
        socket.send_json({"type": "move", "move": update["legal"][0]})
        checked(socket.receive_json())  # the update after its commitment
        socket.send_json({"type": "move", "move": update["legal"][0]})
        error = checked(socket.receive_json())
        assert error["code"] == "not_your_turn" and "seats 1 and 2" in error["message"]


def test_an_illegal_move_names_its_ruling(client: TestClient) -> None:
    table, tokens = create(client, "food_chain", ["human", "human", "human"])
    with connect(client, table, tokens[0]) as socket:
        checked(socket.receive_json())
        checked(socket.receive_json())
        socket.send_json({"type": "move", "move": "take 1"})
        error = checked(socket.receive_json())
        assert error["code"] == "illegal" and "(FC-" in error["message"]


def test_a_flood_is_read_at_the_rate_and_the_connection_survives(tmp_path: Path) -> None:
    """Messages past the rate wait (the connection is read no faster than its rate, so a flood
    waits in the flooder's own buffers); each is answered in turn and the connection stays."""
    app = create_app(tmp_path / "flood.db", allowed_hosts=["testserver"], message_rate=100.0)
    with TestClient(app) as client:
        table, tokens = create(client, "food_chain", ["human", "human", "human"])  # no bot moves
        with connect(client, table, tokens[0]) as socket:
            checked(socket.receive_json())
            checked(socket.receive_json())
            started = time.monotonic()
            for _ in range(300):  # a burst of 200, then 100 more at 100 a second
                socket.send_json({"type": "ping"})
            answers = [checked(socket.receive_json()) for _ in range(300)]
            took = time.monotonic() - started
            socket.send_json({"type": "sync"})
            assert checked(socket.receive_json())["type"] == "update"
        assert answers == [{"type": "pong"}] * 300
        assert took >= 0.9  # the rate held: the last 100 took a second at least


@pytest.mark.parametrize("token", ["wrong", "", "x" * 500], ids=["wrong", "empty", "long"])
def test_a_wrong_token_opens_no_seat(client: TestClient, token: str) -> None:
    table, _ = create(client, "food_chain", ["human", "random", "random"])
    with connect(client, table, token) as socket:
        assert checked(socket.receive_json())["code"] == "forbidden"


def test_a_token_of_another_table_opens_no_seat(client: TestClient) -> None:
    table, _ = create(client, "food_chain", ["human", "random", "random"])
    _, foreign = create(client, "food_chain", ["human", "random", "random"])
    with connect(client, table, foreign[0]) as socket:
        assert checked(socket.receive_json())["code"] == "forbidden"


def test_tokens_are_stored_hashed_and_never_listed(client: TestClient, tmp_path: Path) -> None:
    table, tokens = create(client, "food_chain", ["human", "human", "random"])
    rows = sqlite3.connect(tmp_path / "tables.db").execute("SELECT hash FROM tokens").fetchall()
    stored = {r[0] for r in rows}
    assert not stored & set(tokens.values()) and len(stored) == 2
    for url in ("/api/tables", f"/api/tables/{table}"):
        text = client.get(url).text
        assert not any(token in text for token in tokens.values())


def test_public_information_holds_no_hand(client: TestClient) -> None:
    table, _ = create(client, "schlacht_am_buffet", ["human", "random", "random"])
    shown = client.get(f"/api/tables/{table}").json()
    assert shown["view"]["hand"] is None and shown["scores"] is None
    assert "seed" not in json.dumps(shown)
    assert client.get(f"/api/tables/{table}/record").status_code == 409


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"game": "chess", "seats": ["human"] * 3}, "unknown game"),
        ({"game": "food_chain", "seats": ["human", "robot", "random"]}, "unknown seat kind"),
        ({"game": "food_chain", "seats": ["human"] * 2, "players": 3}, "seats must list"),
        ({"game": "food_chain", "players": 9}, "players must be an int from 1 to 8"),
        ({"game": "food_chain", "players": 7}, "Config.players"),
        ({"game": "food_chain", "players": 3, "options": {"edtion": "fr"}}, "unknown option"),
        ({"game": "food_chain", "players": 3, "options": {"stars": "[" * 50}}, "stars"),
        ({"game": "food_chain", "players": 3, "colour": 1}, "unknown fields"),
        ({"game": "food_chain", "players": 3, "settings": {"think": 0}}, "think"),
        ({"game": "food_chain", "players": 3, "settings": {"sleep": 1}}, "unknown table"),
        ({"game": "food_chain", "players": 3, "settings": {"takeover": "x"}}, "unknown seat kind"),
    ],
)
def test_a_bad_table_is_refused_with_a_reason(
    client: TestClient, body: dict[str, Any], message: str
) -> None:
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 400 and message in answer.json()["message"], answer.text


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        (b"not json", 400, "bad_request"),
        (b"[1]", 400, "bad_request"),
        (b"{" * 100, 400, "bad_request"),
        (b" " * 300_000, 413, "too_large"),
    ],
    ids=["text", "list", "deep", "huge"],
)
def test_a_malformed_request_is_refused(
    client: TestClient, body: bytes, status: int, code: str
) -> None:
    headers = {"Content-Type": "application/json"}
    answer = client.post("/api/tables", content=body, headers=headers)
    assert answer.status_code == status and answer.json()["error"] == code


def test_unknown_tables_are_not_found(client: TestClient) -> None:
    assert client.get("/api/tables/nope").status_code == 404
    assert client.get("/api/tables/" + "x" * 100).status_code == 404
    with connect(client, "nope") as socket:
        assert checked(socket.receive_json())["code"] == "forbidden"


def test_tables_are_listed_with_public_facts(client: TestClient) -> None:
    table, _ = create(client, "mausgeflippt", ["human", "random"])
    listed = client.get("/api/tables").json()
    assert [t["id"] for t in listed["tables"]] == [table] and listed["next"] is None
    first = listed["tables"][0]
    assert first["seats"] == ["human", "random"] and first["over"] is False
    assert first["state"] == "playing"


def test_an_idle_seat_is_taken_over_by_the_named_bot(client: TestClient) -> None:
    table, tokens = create(
        client,
        "food_chain",
        ["human", "random", "random"],
        settings={"timeout": 1, "takeover": "random", "reaction": 0},
    )
    with connect(client, table, tokens[0]) as socket:
        checked(socket.receive_json())
        first = checked(socket.receive_json())
        assert 0 in first["actors"]
        while True:  # wait, without moving, until the bot has played for seat 0
            update = checked(socket.receive_json())
            texts = [e["text"] for e in update["events"]]
            if any("seat 0 took too long: random played for it" in t for t in texts):
                break


def test_mg_21_with_a_person_the_server_observes_who_was_fastest(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a person at the table, every race with two claimants or more is decided by the
    order in which the claims arrived (MG-21), never drawn from the speed model."""
    import tablefeast.games.mausgeflippt as mg

    observed: list[str] = []
    real = mg.observed_fastest

    def spy(state: Any, arrivals: Any, window: float) -> Any:
        outcome = real(state, arrivals, window)
        if outcome is not None:
            assert set(arrivals) >= set(outcome.seats), "the fastest had arrived"
            observed.append(mg.action_to_str(outcome))
        return outcome

    monkeypatch.setattr(mg, "CAPABILITIES", attrs.evolve(mg.CAPABILITIES, observed_chance=spy))
    table, tokens = create(client, "mausgeflippt", ["human", "random", "random"])
    with connect(client, table, tokens[0]) as socket:
        checked(socket.receive_json())
        final, _ = play_person(socket, 0, random.Random(3))
    assert final["over"]
    record = Record.from_json(client.get(f"/api/tables/{table}/record").text)
    fastest = [text for seat, text in record.moves if text.startswith("fastest")]
    assert fastest and fastest == observed
    tablefeast.replay(record)


def test_a_table_is_rebuilt_from_its_record_after_a_restart(tmp_path: Path) -> None:
    database = tmp_path / "tables.db"
    with TestClient(create_app(database, **SCRIPTED)) as first:
        table, tokens = create(first, "all_you_can_eat_buffet", ["human", "random", "random"])
        with connect(first, table, tokens[0]) as socket:
            checked(socket.receive_json())
            play_person(socket, 0, random.Random(1), stop_after=3)
        moves_before = first.get(f"/api/tables/{table}").json()["turn"]
    with TestClient(create_app(database, **SCRIPTED)) as second:
        with connect(second, table, tokens[0]) as socket:
            checked(socket.receive_json())
            final, messages = play_person(socket, 0, random.Random(2))
            assert messages[0]["turn"] >= moves_before, "no accepted move is lost"
        record = Record.from_json(second.get(f"/api/tables/{table}/record").text)
    state = tablefeast.replay(record)
    assert sorted(tablefeast.load("all_you_can_eat_buffet").winners(state)) == final["winners"]


@pytest.mark.parametrize("game", ["schlacht_am_buffet", "food_chain"])  # chance first, or none
def test_another_seats_commitment_does_not_make_a_move_stale(client: TestClient, game: str) -> None:
    table, tokens = create(client, game, ["human", "human", "human"])
    with connect(client, table, tokens[0]) as first, connect(client, table, tokens[1]) as second:
        for ws in (first, second):
            checked(ws.receive_json())
        seen = checked(second.receive_json())
        mine = checked(first.receive_json())
        first.send_json({"type": "move", "move": mine["legal"][0]})
        checked(first.receive_json())
        checked(second.receive_json())  # seat 0 committed: a new turn, the same choices for 1
        second.send_json({"type": "move", "move": seen["legal"][0], "turn": seen["turn"]})
        answer = checked(second.receive_json())
        assert answer["type"] == "update" and answer["turn"] == seen["turn"] + 2


@settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None
)
@given(name=st.sampled_from(GAMES), seed=st.integers(0, 2**32 - 1))
def test_why_a_move_is_refused_depends_only_on_what_the_seat_sees(name: str, seed: int) -> None:
    rng = random.Random(seed)
    game = tablefeast.load(name)
    table, _ = Table.create(SQLiteStore(":memory:"), name, 4, {}, ("human",) * 4)
    for state in sample_states(game, game.Config(players=4), seed % 1000, count=5):
        actions = {
            game.action_to_str(a): json.loads(tablefeast.dumps(a))
            for s in range(4)
            for a in game.legal_actions(state, s)[:20]
        }
        candidates = sorted(actions)
        for seat in range(4):
            table.state = state
            answers = [protocol.why(table, seat, move) for move in candidates]
            # Asked by the action's fields (a browser that has no notation for it): the same
            # reasons, the fields echoed.
            by_action = [protocol.why(table, seat, None, actions[move]) for move in candidates]
            assert [a["reason"] for a in by_action] == [a["reason"] for a in answers]
            assert [a["action"] for a in by_action] == [actions[m] for m in candidates]
            table.state = game.determinize(state, seat, rng)
            assert [protocol.why(table, seat, m) for m in candidates] == answers
            assert [protocol.why(table, seat, None, actions[m]) for m in candidates] == by_action
            for answer in (*answers, *by_action):
                checked(answer)


def test_a_seat_can_ask_why_a_move_is_refused(client: TestClient) -> None:
    table, tokens = create(client, "food_chain", ["human", "human", "random"])
    with connect(client, table, tokens[0]) as socket:
        checked(socket.receive_json())
        update = checked(socket.receive_json())
        socket.send_json({"type": "why", "move": "take 1"})
        answer = next_of(socket, "why")
        assert answer["move"] == "take 1" and "(FC-3)" in answer["reason"]
        socket.send_json({"type": "why", "move": update["legal"][0]})
        assert next_of(socket, "why")["reason"] is None
        socket.send_json({"type": "why", "move": "dance"})
        assert "not a move" in next_of(socket, "why")["reason"]
        # By the action's fields, as a renderer that has no notation for a move asks.
        take = {"type": "Take", "seat": 1}
        socket.send_json({"type": "why", "action": take})
        answer = next_of(socket, "why")
        assert answer["action"] == take and "(FC-3)" in answer["reason"] and "move" not in answer
        socket.send_json({"type": "why", "action": update["actions"][0]})
        assert next_of(socket, "why")["reason"] is None
        for odd in ({"type": "Dance"}, {"type": "Take", "seat": "x" * 500}, {"seat": [[[1]]]}):
            socket.send_json({"type": "why", "action": odd})
            answer = next_of(socket, "why")  # the library's reason; the connection stays open
            assert answer["action"] == odd and answer["reason"] and len(answer["reason"]) < 400
        for bad in ({"action": "take 1"}, {"move": "x", "action": {}}):
            socket.send_json({"type": "why", **bad})
            assert next_of(socket, "error")["code"] == "bad_message"


def test_the_browser_client_is_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "<title>tablefeast" in page.text
    assert client.get("/table.html").status_code == 200
    renderer = client.get("/games/food_chain/renderer.js").text  # from the game's package
    assert "export function render" in renderer or "export { render }" in renderer
    assert "export function render" in client.get("/js/games/generic.js").text
    assert client.get("/css/app.css").status_code == 200
    assert "http://" not in page.text and "https://" not in page.text  # nothing from outside


def test_bot_levels_take_seats_by_name(client: TestClient) -> None:
    """The lobby's levels are agent names the server accepts (and plays) like any other."""
    table, tokens = create(client, "food_chain", ["easy", "medium", "hard"])
    assert tokens == {}
    shown = client.get(f"/api/tables/{table}").json()
    assert shown["seats"] == ["easy", "medium", "hard"]
    answer = client.post(
        "/api/tables", json={"game": "food_chain", "seats": ["human", "hard", "harder"]}
    )
    assert answer.status_code == 400 and "harder" in answer.text
