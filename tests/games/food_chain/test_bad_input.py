"""Food Chain: bad input gets the named error and changes nothing."""

from __future__ import annotations

import json

import pytest

import tablefeast
import tablefeast.games.food_chain as fc
from tablefeast.kernel.play import RandomAgent, play_game
from tablefeast.kernel.record import Record, replay
from tests.support.fc import B, W, reveal


def test_wrong_seat_wrong_phase_and_game_over_are_refused_without_change() -> None:
    state = reveal(fc.initial_state(fc.Config(players=3)), {0: B, 1: W, 2: W})
    snapshot = tablefeast.dumps(state)
    with pytest.raises(tablefeast.NotYourTurnError, match="seat 1 may not act now"):
        fc.apply_action(state, 1, fc.Take(2))
    with pytest.raises(tablefeast.IllegalActionError, match="must take a prey"):
        fc.apply_action(state, 0, fc.Play(W))
    with pytest.raises(tablefeast.IllegalActionError, match="seat 0 has no worm"):
        fc.apply_action(state, 0, fc.Take(0))
    with pytest.raises(tablefeast.IllegalActionError, match="no worm lies in the centre"):
        fc.apply_action(state, 0, fc.TakeFromCentre())
    with pytest.raises(tablefeast.IllegalActionError, match="seat 5 has no worm to take"):
        fc.apply_action(state, 0, fc.Take(5))  # a seat beyond the table holds no prey either
    assert fc.why_not(state, 0, fc.Take(5)) == "seat 5 has no worm to take this pass (FC-4)"
    for seat in (3, -2, True, "0", None, 1.0):
        with pytest.raises(tablefeast.InvalidSeatError):
            fc.apply_action(state, seat, fc.Take(1))  # type: ignore[arg-type]
    for viewer in (3, tablefeast.CHANCE, True, "0", 1.0):
        with pytest.raises(tablefeast.InvalidSeatError):
            fc.view(state, viewer)  # type: ignore[arg-type]
    for bad in ("take 1", fc.Take, 3):
        with pytest.raises(tablefeast.InvalidActionError):
            fc.apply_action(state, 0, bad)  # type: ignore[arg-type]
    assert tablefeast.dumps(state) == snapshot
    final = play_game(fc, fc.Config(players=3), [RandomAgent()] * 3, seed=1).state
    with pytest.raises(tablefeast.GameOverError):
        fc.apply_action(final, 0, fc.Play(W))


def test_malformed_actions() -> None:
    with pytest.raises(tablefeast.InvalidActionError, match="not an animal"):
        fc.Play("worm")  # type: ignore[arg-type]
    with pytest.raises(tablefeast.InvalidActionError, match="not a seat"):
        fc.Take(6)
    with pytest.raises(tablefeast.InvalidActionError):
        fc.action_from_id(None, 0, 12)


def test_tampered_state_and_bad_records() -> None:
    state = reveal(fc.initial_state(fc.Config(players=3)), {0: B, 1: W, 2: W})
    data = json.loads(tablefeast.dumps(state))
    assert tablefeast.loads(json.dumps(data), fc.State) == state
    for field, value, message in [
        ("hands", [[3, 2, 2, 1, 1]] * 3, "11 worms in play, not 9"),
        ("taker", 1, "seat 1 takes, but did not play a bird"),
        ("alpha", 7, "alpha 7 is not from 0 to 2"),
        ("stars", None, "not a valid State"),
    ]:
        broken = dict(data, **{field: value})
        with pytest.raises(tablefeast.RecordError, match=message):
            tablefeast.loads(json.dumps(broken), fc.State)
    good = play_game(fc, fc.Config(players=3), [RandomAgent()] * 3, seed=6).record
    moves = list(good.moves)
    bad = Record(good.game, good.config, (*moves[:5], (moves[5][0], "play tiger"), *moves[6:]))
    with pytest.raises(tablefeast.RecordError, match=r"move 6 .*'play tiger'"):
        replay(fc, bad)
    assert (
        replay(fc, Record.from_json(good.to_json()))
        == play_game(fc, fc.Config(players=3), [RandomAgent()] * 3, seed=6).state
    )
