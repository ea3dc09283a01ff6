"""All You Can Eat Buffet: bad input gets the named error and changes nothing."""

from __future__ import annotations

import json

import pytest

import tablefeast
import tablefeast.games.all_you_can_eat_buffet as ayc
from tablefeast.kernel.play import RandomAgent, play_game
from tablefeast.kernel.record import Record, replay
from tests.support.ayc import CHANCE, act, play, table

M = ayc.Mood


def test_wrong_seat_wrong_stage_and_game_over_are_refused_without_change() -> None:
    state = table(hands={0: ["boor", "hungry", "hungry"]}, line=["Fish", "Steak"])
    state = ayc.apply_action(state, 1, ayc.Play((M.HUNGRY,)))
    snapshot = tablefeast.dumps(state)
    with pytest.raises(tablefeast.NotYourTurnError, match="seat 1 may not act now"):
        ayc.apply_action(state, 1, ayc.Play((M.HUNGRY,)))
    with pytest.raises(tablefeast.IllegalActionError, match="seat 0 holds no slow card"):
        ayc.apply_action(state, 0, ayc.Play((M.SLOW,)))
    with pytest.raises(tablefeast.IllegalActionError, match="commits Mood cards now"):
        ayc.apply_action(state, 0, ayc.Take((1,)))
    with pytest.raises(tablefeast.NotYourTurnError):
        ayc.apply_action(state, CHANCE, ayc.DrawMeal("Fish"))
    for seat in (4, -2, True, "0", None, 1.0):
        with pytest.raises(tablefeast.InvalidSeatError):
            ayc.apply_action(state, seat, ayc.Play((M.HUNGRY,)))  # type: ignore[arg-type]
    for viewer in (4, CHANCE, True, "0"):
        with pytest.raises(tablefeast.InvalidSeatError):
            ayc.view(state, viewer)  # type: ignore[arg-type]
    for bad in ("play hungry", ayc.Play, 3, None):
        with pytest.raises(tablefeast.InvalidActionError):
            ayc.apply_action(state, 0, bad)  # type: ignore[arg-type]
    assert tablefeast.dumps(state) == snapshot
    final = play_game(ayc, ayc.Config(players=3), [RandomAgent()] * 3, seed=1).state
    with pytest.raises(tablefeast.GameOverError):
        ayc.apply_action(final, 0, ayc.Play((M.HUNGRY,)))


def test_wrong_mood_choices_say_why() -> None:
    state = play(
        table(hands={0: ["boor", "hungry", "hungry"]}, line=["Fish", "Steak"]), {0: "boor"}
    )
    assert ayc.actors(state) == (0,)
    with pytest.raises(tablefeast.IllegalActionError, match="there is no position 3"):
        ayc.apply_action(state, 0, ayc.Take((3,)))
    with pytest.raises(tablefeast.IllegalActionError, match="carries out Boor now"):
        ayc.apply_action(state, 0, ayc.Swap(1, 2))
    with pytest.raises(
        tablefeast.IllegalActionError,
        match=r"carries out Boor now \(AYC-8\): take one Meal, not steal 1 Fish",
    ):
        ayc.apply_action(state, 0, ayc.Steal(1, "Fish"))
    jealous = play(
        table(hands={1: ["jealous", "hungry", "hungry"]}, collections={2: ["Fish"]}),
        {1: "jealous"},
    )
    for steal, message in [
        (ayc.Steal(1, "Fish"), "not from itself"),
        (ayc.Steal(5, "Fish"), "there is no seat 5"),
        (ayc.Steal(2, "Caviar"), "not a Meal of this game's list"),
        (ayc.Steal(3, "Fish"), "seat 3 has collected no Fish"),
    ]:
        with pytest.raises(tablefeast.IllegalActionError, match=message):
            ayc.apply_action(jealous, 1, steal)


def test_wrong_chance_outcomes_are_refused() -> None:
    state = ayc.initial_state(ayc.Config(players=3))
    with pytest.raises(tablefeast.IllegalActionError, match="seat 0 draws a Mood card"):
        ayc.apply_action(state, CHANCE, ayc.DrawMood(1, M.HUNGRY))
    with pytest.raises(tablefeast.IllegalActionError, match="seat 0 draws a Mood card"):
        ayc.apply_action(state, CHANCE, ayc.DrawMeal("Fish"))
    drawn = state
    for _ in range(9):
        drawn = act(drawn, CHANCE, "mood " + str(drawn.mood_draws[0]) + " boor")
        if drawn.mood_draws and drawn.decks[drawn.mood_draws[0]][2] == 0:
            break
    with pytest.raises(tablefeast.IllegalActionError, match="deck holds no boor card"):
        ayc.apply_action(drawn, CHANCE, ayc.DrawMood(drawn.mood_draws[0], M.BOOR))
    from tablefeast.kernel.values import replace

    dealing = replace(table(), stage="deal", to_deal=1)
    with pytest.raises(tablefeast.IllegalActionError, match="a Meal is drawn for the line"):
        ayc.apply_action(dealing, CHANCE, ayc.DrawMood(0, M.HUNGRY))
    with pytest.raises(tablefeast.IllegalActionError, match="no Caviar is among the unseen"):
        ayc.apply_action(dealing, CHANCE, ayc.DrawMeal("Caviar"))


def test_malformed_actions_and_notation() -> None:
    with pytest.raises(tablefeast.InvalidActionError, match="in the order"):
        ayc.Play((M.SLOW, M.HUNGRY))
    with pytest.raises(tablefeast.InvalidActionError, match="two adjacent ones"):
        ayc.Take((1, 3))
    with pytest.raises(tablefeast.InvalidActionError, match="ascending"):
        ayc.Swap(3, 1)
    with pytest.raises(tablefeast.InvalidActionError, match="at least one Tomato"):
        ayc.Tomato(0, 0)
    state = table()
    for text, message in [
        ("play hungry hungry hungry", "is not a move"),
        ("play grumpy", "'grumpy' is not a Mood"),
        ("take 0", "numbers from 1"),
        ("take 1 x", "numbers from 1"),
        ("swap 1", "is not a move"),
        ("steal 7 Fish", "not a seat"),
        ("steal 1 Caviar", "not a Meal of this game's list"),
        ("steal 1", "is not a move"),
        ("tomato vegetable fruit", "fruits first"),
        ("tomato apple", "fruits first"),
        ("mood 1 sleepy", "not a Mood"),
        ("meal", "a Meal name is missing"),
        ("secret Black  Forest cake", "single spaces"),
        ("", "single spaces"),
    ]:
        with pytest.raises(tablefeast.InvalidActionError, match=message):
            ayc.action_from_str(state, 0, text)
    total = ayc.num_distinct_actions(state.config)
    for bad_id in (-1, total, True, "3"):
        with pytest.raises(tablefeast.InvalidActionError):
            ayc.action_from_id(state, 0, bad_id)  # type: ignore[arg-type]
    with pytest.raises(tablefeast.InvalidActionError, match="no id"):
        ayc.action_to_id(ayc.Take((9,)))


def test_bad_configs_name_the_field() -> None:
    for options, message in [
        ({"players": 2}, "players must be an int from 3 to 6"),
        ({"players": 4, "first_player": 4}, "first_player must be a seat"),
        ({"players": 4, "cards": {"meals": []}}, "has no moods_per_colour"),
    ]:
        with pytest.raises(ValueError, match=message):
            ayc.Config(**options)  # type: ignore[arg-type]


def test_tampered_state_and_bad_records() -> None:
    state = play(
        table(hands={0: ["boor", "hungry", "hungry"]}, line=["Fish", "Steak"]), {0: "boor"}
    )
    data = json.loads(tablefeast.dumps(state))
    assert tablefeast.loads(json.dumps(data), ayc.State) == state
    for field, value, message in [
        ("drinks", [9, 9, 9, 9], "Drink tokens are not conserved"),
        ("spices", [1, 0, 0, 0], "Spice tokens are not conserved"),
        ("line", [], "Meal cards are not conserved"),
        ("hands", [[3, 0, 0, 0, 0, 0]] * 4, "Mood cards are not conserved"),
        ("stage", "dessert", "unknown stage"),
        ("cake", 7, "not a seat"),
        ("secrets", [1, 0, 0, 0], "more secret cards than Surprise breads"),
        ("round", 11, "round 11 is impossible"),
    ]:
        broken = dict(data, **{field: value})
        with pytest.raises(tablefeast.RecordError, match=message):
            tablefeast.loads(json.dumps(broken), ayc.State)
    good = play_game(ayc, ayc.Config(players=3), [RandomAgent()] * 3, seed=6).record
    moves = list(good.moves)
    bad = Record(good.game, good.config, (*moves[:5], (moves[5][0], "meal Caviar"), *moves[6:]))
    with pytest.raises(tablefeast.RecordError, match=r"move 6 .*'meal Caviar'"):
        replay(ayc, bad)
    assert (
        replay(ayc, Record.from_json(good.to_json()))
        == play_game(ayc, ayc.Config(players=3), [RandomAgent()] * 3, seed=6).state
    )
