"""Scripted people at a server table: they read updates and answer with moves, checking every
message against the protocol's schemas."""

from __future__ import annotations

import random
import time
from typing import Any, Protocol

import jsonschema

from tablefeast.server.protocol import SCHEMAS


class Socket(Protocol):
    def receive_json(self) -> Any: ...

    def send_json(self, data: Any) -> None: ...


def checked(message: Any) -> dict[str, Any]:
    """`message`, after checking it against its type's JSON Schema."""
    assert isinstance(message, dict) and message.get("type") in SCHEMAS, message
    jsonschema.validate(message, SCHEMAS[message["type"]])
    return message


def play_person(
    socket: Socket, seat: int, rng: random.Random, stop_after: int | None = None
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play `seat` by choosing uniformly among the legal moves the updates offer, until the
    game is over (or `stop_after` moves of its own); returns the last update and every message.

    A move is sent with the turn it answers; a ``stale`` refusal (the position moved on while
    it chose) is answered by the next update, as a person would; a ``rate_limited`` one by
    sending the move again a little later.
    """
    messages: list[dict[str, Any]] = []
    answered = -1
    own = 0
    last: dict[str, Any] = {}
    while True:
        message = checked(socket.receive_json())
        messages.append(message)
        if message["type"] == "error":
            if message["code"] == "rate_limited":  # too fast for the server: wait, send again
                time.sleep(0.2)
                socket.send_json(last)
                continue
            assert message["code"] == "stale", message
            continue
        if message["type"] != "update":
            continue
        assert message["seat"] == seat
        if message["over"]:
            return message, messages
        if seat in message["actors"] and message["turn"] != answered:
            assert message["legal"], "an acting seat is offered its legal moves"
            move = rng.choice(message["legal"])
            last = {"type": "move", "move": move, "turn": message["turn"]}
            socket.send_json(last)
            answered = message["turn"]
            own += 1
            if stop_after is not None and own >= stop_after:
                return message, messages


FAST = {"reaction": 0, "think": 5}
"""Table settings for tests: bots answer at once (MG-21's reaction delay is tested apart)."""


def create(client: Any, game: str, seats: list[str], **body: Any) -> tuple[str, dict[int, str]]:
    """Create a table through `client` (Starlette's test client); returns its id and each human
    seat's token. The table's settings are `FAST` unless `body` gives others."""
    body.setdefault("settings", FAST)
    answer = client.post("/api/tables", json={"game": game, "seats": seats, **body})
    assert answer.status_code == 201, answer.text
    data = answer.json()
    return data["table"], {int(seat): token for seat, token in data["tokens"].items()}


SCRIPTED = {
    "allowed_hosts": ["testserver"],  # the name Starlette's test client sends
    "message_rate": 10_000.0,
    "request_rate": 10_000.0,
    "request_burst": 10_000,
    "create_rate": 10_000.0,
    "create_burst": 10_000,
    "create_rate_total": 10_000.0,
    "create_burst_total": 10_000,
}
"""Server settings for scripted people, who answer far faster than people: no rate limits (the
tests of the limits set their own)."""


class SleepyAgent:
    """An operator's agent that never answers (for the tests of stopping a bot)."""

    def act(self, game: Any, view: Any, legal: Any, rng: Any) -> Any:
        time.sleep(3600)


class FirstAgent:
    """An operator's agent that plays the first legal move, and says where it ran."""

    def act(self, game: Any, view: Any, legal: Any, rng: Any) -> Any:
        return legal[0]
