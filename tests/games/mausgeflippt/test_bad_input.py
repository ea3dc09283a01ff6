"""Mausgeflippt: bad input gets the named error and changes nothing."""

from __future__ import annotations

import json

import pytest

import tablefeast
import tablefeast.games.mausgeflippt as mg
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.play import RandomAgent, play_game
from tablefeast.kernel.record import Record, replay
from tests.support.mg import play, race, table


def test_wrong_seat_wrong_phase_and_game_over_are_refused_without_change() -> None:
    state = mg.apply_action(table(hands={0: ["hat/red"]}), 1, mg.Pass())
    snapshot = tablefeast.dumps(state)
    with pytest.raises(tablefeast.NotYourTurnError, match="seat 1 may not act now"):
        mg.apply_action(state, 1, mg.Flip())  # already committed
    with pytest.raises(tablefeast.NotYourTurnError):
        mg.apply_action(state, CHANCE, mg.RevealMouse("M02"))
    with pytest.raises(tablefeast.IllegalActionError, match="seat 0 holds no tie/blue"):
        mg.apply_action(state, 0, play("tie/blue"))
    with pytest.raises(tablefeast.IllegalActionError, match="not a clothing item of this card set"):
        mg.apply_action(state, 0, play("hat/purple"))
    with pytest.raises(tablefeast.IllegalActionError, match="commits Pass, Play or Flip"):
        mg.apply_action(state, 0, mg.Fastest((0,)))
    for seat in (3, -2, True, "0", None, 1.0):
        with pytest.raises(tablefeast.InvalidSeatError):
            mg.apply_action(state, seat, mg.Pass())  # type: ignore[arg-type]
    for viewer in (3, CHANCE, True, "0", 1.0):
        with pytest.raises(tablefeast.InvalidSeatError):
            mg.view(state, viewer)  # type: ignore[arg-type]
    for bad in ("pass", mg.Pass, 3, None):
        with pytest.raises(tablefeast.InvalidActionError):
            mg.apply_action(state, 0, bad)  # type: ignore[arg-type]
    assert tablefeast.dumps(state) == snapshot
    final = play_game(mg, mg.Config(players=3), [RandomAgent()] * 3, seed=1).state
    with pytest.raises(tablefeast.GameOverError):
        mg.apply_action(final, 0, mg.Pass())
    with pytest.raises(tablefeast.GameOverError):
        mg.apply_action(final, CHANCE, mg.RevealMouse("M01"))


def test_wrong_chance_outcomes_are_refused() -> None:
    state = mg.initial_state(mg.Config(players=2))
    with pytest.raises(tablefeast.IllegalActionError, match="a clothing card is drawn"):
        mg.apply_action(state, CHANCE, mg.RevealCheese("gouda"))
    with pytest.raises(tablefeast.IllegalActionError, match="no hat/purple is in the clothing"):
        mg.apply_action(state, CHANCE, mg.DrawClothing("hat", "purple"))
    raced = race(table(hands={0: ["hat/red"]}), {0: play("hat/red")})  # a draw is owed
    under = race(table(bottom=("M02",)), {})  # the next mouse: M02 is under, not unseen
    assert mg.actors(under) == (CHANCE,)
    with pytest.raises(tablefeast.IllegalActionError, match="mouse M02 is not in the unseen part"):
        mg.apply_action(under, CHANCE, mg.RevealMouse("M02"))
    with pytest.raises(tablefeast.IllegalActionError, match="chance acts now"):
        mg.apply_action(raced, CHANCE, mg.Fastest((0,)))
    with pytest.raises(tablefeast.NotYourTurnError, match="waiting for chance"):
        mg.apply_action(raced, 0, mg.Pass())


def test_malformed_actions_and_notation() -> None:
    with pytest.raises(tablefeast.InvalidActionError, match="not a card name"):
        mg.Play("top hat", "red")
    with pytest.raises(tablefeast.InvalidActionError, match="not a card name"):
        mg.RevealMouse(7)  # type: ignore[arg-type]
    with pytest.raises(tablefeast.InvalidActionError, match="ascending"):
        mg.Fastest(())
    state = table()
    for text, message in [
        ("play tie", "KIND/COLOUR"),
        ("play tie/purple", "not a clothing item of this card set"),
        ("mouse M99", "there is no mouse M99"),
        ("cheese brie", "there is no cheese brie"),
        ("fastest", "is not a move"),
        ("fastest 1 x", "seat numbers"),
        ("fastest 3 1", "ascending"),
        ("flip now", "is not a move"),
        ("pass ", "single spaces"),
        ("", "single spaces"),
    ]:
        with pytest.raises(tablefeast.InvalidActionError, match=message):
            mg.action_from_str(state, 0, text)
    for bad_id in (-1, 130, True, "3"):  # 130 ids with 4 players and the default set
        with pytest.raises(tablefeast.InvalidActionError):
            mg.action_from_id(mg.initial_state(mg.Config(players=4)), 0, bad_id)  # type: ignore[arg-type]
    assert mg.action_from_id(None, 0, mg.action_to_id(mg.Fastest((1, 5)))) == mg.Fastest((1, 5))
    with pytest.raises(tablefeast.InvalidActionError, match="not in range"):
        mg.action_from_id(None, 0, 2 + 26 + 26 + 32 + 26 + 3 + 63)
    with pytest.raises(tablefeast.InvalidActionError, match="beyond 2 players"):
        mg.action_to_id(mg.Fastest((0, 4)), mg.Config(players=2))
    with pytest.raises(tablefeast.InvalidActionError, match="does not have"):
        mg.action_to_id(play("hat/purple"))


def test_bad_configs_name_the_field() -> None:
    for options, message in [
        ({"players": 7}, "players must be an int from 2 to 6"),
        ({"players": 3, "first_turner": 3}, "first_turner must be a seat"),
        ({"players": 3, "young_seats": (0, 3)}, "young_seats must be seats"),
        ({"players": 3, "speed_weights": (1, 0, 1)}, "speed_weights must be one positive int"),
        ({"players": 3, "tie_probability": 0.1}, "floats are not exact"),
        ({"players": 3, "tie_probability": "3/2"}, "tie_probability must be an exact"),
        ({"players": 3, "tie_probability": "often"}, "tie_probability must be an exact"),
        ({"players": 3, "tie_probability": "1/0"}, "tie_probability must be an exact"),
        ({"players": 3, "young_seats": ["a", 1]}, "young_seats must be seats"),
        ({"players": 3, "young_seats": [None, 1]}, "young_seats must be seats"),
        ({"players": 3, "language": "fr"}, "language must be one of"),
        ({"players": 3, "language": []}, "language must be one of"),
        ({"players": 3, "speed_weights": (1, 1001, 1)}, "each at most 1000"),
        ({"players": 3, "cards": {"clothing": []}}, "card set: the card set has no cheeses"),
    ]:
        with pytest.raises(tablefeast.ConfigError, match=message):
            mg.Config(**options)  # type: ignore[arg-type]


def test_tampered_state_and_bad_records() -> None:
    state = race(table(hands={0: ["hat/red"], 1: ["tie/blue"]}), {0: mg.Flip(), 1: mg.Flip()})
    data = json.loads(tablefeast.dumps(state))
    assert tablefeast.loads(json.dumps(data), mg.State) == state
    hands = [list(h) for h in data["hands"]]
    hands[0][0] += 1
    for field, value, message in [
        ("hands", hands, "clothing cards are not conserved"),
        ("open_mouse", None, "mice are not conserved"),
        ("open_cheese", 2, "cheese cards are not conserved"),
        ("turner", 5, "turner 5 is not a seat"),
        ("commitments", [-1, -2, -1], "a finished race with fewer than two claimants"),
        ("commitments", [3, -2, -1], "committed a card it does not hold"),
        ("idle", 99, "idle count 99 is impossible"),
        ("face_down", [[0] * 25 + [4], *data["face_down"][1:]], "not conserved"),
        ("mice", {"unseen": [2] * 32, "bottom": []}, "malformed mouse stack"),
        ("config", {"players": 3, "tie_probability": 0.5}, "not a valid State"),
    ]:
        broken = dict(data, **{field: value})
        with pytest.raises(tablefeast.RecordError, match=message):
            tablefeast.loads(json.dumps(broken), mg.State)
    config_data = json.loads(tablefeast.dumps(mg.Config(players=3, tie_probability="1/3")))
    assert config_data["tie_probability"] == "1/3" and config_data["cards"] is None
    assert mg.Config(**config_data) == mg.Config(players=3, tie_probability="1/3")
    bad_cards = dict(config_data, cards={"clothing": [], "cheeses": [], "mice": []})
    with pytest.raises(tablefeast.RecordError, match="card set"):
        tablefeast.loads(json.dumps(bad_cards), mg.Config)
    good = play_game(mg, mg.Config(players=3), [RandomAgent()] * 3, seed=6).record
    moves = list(good.moves)
    bad = Record(
        good.game, good.config, (*moves[:5], (moves[5][0], "clothing sock/red"), *moves[6:])
    )
    with pytest.raises(tablefeast.RecordError, match=r"move 6 .*'clothing sock/red'"):
        replay(mg, bad)
    assert (
        replay(mg, Record.from_json(good.to_json()))
        == play_game(mg, mg.Config(players=3), [RandomAgent()] * 3, seed=6).state
    )
