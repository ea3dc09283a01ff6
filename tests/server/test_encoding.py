"""Each seat's update is encoded once (`protocol.update_text`), by orjson where it is installed
and by the standard library otherwise: the same text either way, and the same message as the
view's own JSON (`tablefeast.dumps`) put in a message."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("starlette")

import tablefeast
from tablefeast.server import protocol
from tablefeast.server.store import SQLiteStore
from tablefeast.server.table import Table
from tests.support.fuzz import sample_states


@pytest.mark.parametrize("name", tablefeast.names())
def test_an_update_is_the_view_s_own_json_in_a_message_with_or_without_orjson(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = tablefeast.load(name)
    table, _ = Table.create(SQLiteStore(":memory:"), name, 3, {}, ("human",) * 3)
    for state in sample_states(game, game.Config(players=3), 7, count=8):
        table.state = state
        for seat in (*range(3), None):
            text = protocol.update_text(table, seat, 0)
            message = json.loads(text)
            assert message["view"] == json.loads(tablefeast.dumps(game.view(state, seat)))
            assert protocol.update(table, seat, 0) == message
            with monkeypatch.context() as patch:
                patch.setattr(protocol, "_orjson", None)  # the standard library's text
                assert protocol.update_text(table, seat, 0) == text


def test_every_message_encodes_alike_with_or_without_orjson(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    messages = [
        protocol.error("illegal", 'déjà vu \u2028 \n \x1f " \\ / (SAB-6)'),
        {"type": "pong"},
        {"type": "why", "move": "play 5", "reason": None},
        {"n": (1, 2), "big": 2**70, "neg": -(2**63), "keys": {1: "one"}, "ok": True},
    ]
    fast = [protocol.encode(m) for m in messages]
    monkeypatch.setattr(protocol, "_orjson", None)
    assert [protocol.encode(m) for m in messages] == fast
    assert [json.loads(t) for t in fast] == [json.loads(json.dumps(m)) for m in messages]
