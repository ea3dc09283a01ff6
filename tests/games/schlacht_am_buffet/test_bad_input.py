"""Bad input gets the named error, a message that says why, and changes nothing."""

from __future__ import annotations

import json
import random

import pytest

import tablefeast
import tablefeast.games.schlacht_am_buffet as sab
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.play import RandomAgent, play_game
from tablefeast.kernel.record import Record, replay
from tests.support.sab import run_chance, table


@pytest.fixture
def racing() -> sab.State:
    return table(
        4, hands={s: [s, 5] for s in range(4)}, buffet=["cheese 5", "salami 3", "salad -1"]
    )


def unchanged(state: sab.State, snapshot: str) -> None:
    assert tablefeast.dumps(state) == snapshot


def test_wrong_seat_is_not_your_turn(racing: sab.State) -> None:
    snapshot = tablefeast.dumps(racing)
    committed = sab.apply_action(racing, 1, sab.Play(1))
    with pytest.raises(tablefeast.NotYourTurnError, match="seat 1 may not act now"):
        sab.apply_action(committed, 1, sab.Play(5))  # already committed this step
    with pytest.raises(tablefeast.NotYourTurnError, match="chance may not act"):
        sab.apply_action(racing, CHANCE, sab.DrawCard(5))
    unchanged(racing, snapshot)


@pytest.mark.parametrize("seat", [7, -2, 1.0, True, "1", None])
def test_something_that_is_not_a_seat_is_malformed(racing: sab.State, seat: object) -> None:
    snapshot = tablefeast.dumps(racing)
    with pytest.raises(tablefeast.InvalidSeatError, match="is not a seat"):
        sab.apply_action(racing, seat, sab.Play(1))  # type: ignore[arg-type]
    with pytest.raises(tablefeast.InvalidSeatError):
        sab.legal_actions(racing, seat)  # type: ignore[arg-type]
    with pytest.raises(tablefeast.InvalidSeatError):
        sab.why_not(racing, seat, sab.Play(1))  # type: ignore[arg-type]
    unchanged(racing, snapshot)


@pytest.mark.parametrize("seat", [CHANCE, -2, 4, True, 1.0, "0"])
def test_a_view_is_only_for_a_seat_or_a_spectator(racing: sab.State, seat: object) -> None:
    # A chance pseudo-seat of -1 must not index the hands tuple from the end (seat 3's hand).
    with pytest.raises(tablefeast.InvalidSeatError):
        sab.view(racing, seat)  # type: ignore[arg-type]
    with pytest.raises(tablefeast.InvalidSeatError):
        sab.determinize(racing, seat, random.Random(0))  # type: ignore[arg-type]


def test_card_not_in_hand_is_illegal_with_the_reason(racing: sab.State) -> None:
    snapshot = tablefeast.dumps(racing)
    with pytest.raises(tablefeast.IllegalActionError, match="card 9 is not in this hand"):
        sab.apply_action(racing, 0, sab.Play(9))
    assert sab.why_not(racing, 0, sab.Play(9)) == "card 9 is not in this hand (SAB-5)"
    unchanged(racing, snapshot)


def test_wrong_kind_of_action_is_illegal_not_malformed(racing: sab.State) -> None:
    with pytest.raises(tablefeast.IllegalActionError, match="SAB-5"):
        sab.apply_action(racing, 0, sab.Exchange(()))
    dealing = sab.initial_state(sab.Config(players=4))
    with pytest.raises(tablefeast.IllegalActionError, match="plate"):
        sab.apply_action(dealing, CHANCE, sab.RevealPlate(sab.PLATES[0]))
    # Round 2's refill, one card still owed to seat 0 and a single 2 left in the draw pile.
    refill = {0: [1] * 8, 1: [0] * 9, 2: [3] * 9, 3: [4] * 9}
    empty_pile = table(
        4,
        hands=refill,
        draw_pile=[2],
        plates_won={0: ["salad -1"], 1: ["pizza 2"], 2: ["cheese 1"]},
        pending_draws=(0,),
        to_reveal=3,
        round=2,
        exchange_open=True,
    )
    with pytest.raises(tablefeast.IllegalActionError, match="card 3 is not in the draw pile"):
        sab.apply_action(empty_pile, CHANCE, sab.DrawCard(3))


def test_game_over_refuses_every_move() -> None:
    final = play_game(sab, sab.Config(players=3), [RandomAgent()] * 3, seed=9).state
    snapshot = tablefeast.dumps(final)
    for seat in (0, 1, 2, CHANCE):
        with pytest.raises(tablefeast.GameOverError, match="the game is over"):
            sab.apply_action(final, seat, sab.Play(0))
    assert sab.legal_actions(final, 0) == ()
    unchanged(final, snapshot)


def test_not_an_action_of_this_game_is_malformed(racing: sab.State) -> None:
    for bad in ("play 5", 5, None, object()):
        with pytest.raises(tablefeast.InvalidActionError, match="not a Schlacht am Buffet action"):
            sab.apply_action(racing, 0, bad)  # type: ignore[arg-type]
    with pytest.raises(tablefeast.InvalidActionError, match="no mouse card 12"):
        sab.Play(12)
    with pytest.raises(tablefeast.InvalidActionError, match="needs a list of card values"):
        sab.Exchange((1, "x"))  # type: ignore[arg-type]
    with pytest.raises(tablefeast.InvalidActionError, match="no mouse card 12"):
        sab.Exchange((1, 12))
    with pytest.raises(tablefeast.InvalidActionError, match="never holds more than 9"):
        sab.Exchange(range(10**9))  # only ten cards are ever read
    with pytest.raises(tablefeast.InvalidActionError, match="needs a Plate"):
        sab.RevealPlate("x")  # type: ignore[arg-type]
    with pytest.raises(tablefeast.InvalidActionError, match="no mouse card"):
        sab.Play(True)
    with pytest.raises(ValueError, match="no plate of value True"):
        sab.Plate(True, sab.Kind.CHEESE)  # type: ignore[arg-type]
    with pytest.raises(tablefeast.InvalidActionError):
        sab.action_from_id(racing, 0, -1)
    with pytest.raises(tablefeast.InvalidActionError):
        sab.action_from_id(racing, 0, sab.num_distinct_actions(racing.config))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty move text"),
        ("play", "is not a move"),
        ("play five", "'five' is not a number"),
        ("play 10", "no mouse card 10"),
        ("dance 3", "is not a move"),
        ("plate tofu 4", "unknown kind 'tofu'"),
        ("plate cheese 0", "no plate of value 0"),
        ("exchange 1 2 3 4 5 6 7 8 9 9", "never holds more than 9"),
        ("card 1 2", "is not a move"),
        ("play +5", "not a number as the notation writes it"),
        ("play 05", "not a number as the notation writes it"),
        ("play \u0665", "not a number as the notation writes it"),
        ("play  5", "single spaces"),
        (" play 5", "single spaces"),
        ("play 5\n", "single spaces"),
    ],
)
def test_malformed_move_text(racing: sab.State, text: str, message: str) -> None:
    with pytest.raises(tablefeast.InvalidActionError, match=message):
        sab.action_from_str(racing, 0, text)


def test_malformed_errors_are_value_errors_and_tablefeast_errors() -> None:
    with pytest.raises(ValueError):
        sab.action_from_str(None, 0, "nonsense")
    with pytest.raises(tablefeast.TablefeastError):
        sab.action_from_str(None, 0, "nonsense")


ALL = [json.loads(tablefeast.dumps(p)) for p in sab.PLATES]


def test_tampered_state_json_is_refused() -> None:
    state = run_chance(sab.initial_state(sab.Config(players=4)), random.Random(2))
    data = json.loads(tablefeast.dumps(state))
    assert tablefeast.loads(json.dumps(data), sab.State) == state
    tampered = json.loads(json.dumps(data))
    tampered["hands"][0][10] += 1  # a tenth... eleventh 9 appears from nowhere
    with pytest.raises(tablefeast.RecordError, match="mouse cards are not conserved"):
        tablefeast.loads(json.dumps(tampered), sab.State)
    stolen = json.loads(json.dumps(data))
    stolen["plates_won"][1] = [{"value": 5, "kind": "cheese"}]
    with pytest.raises(tablefeast.RecordError, match="plates are not conserved"):
        tablefeast.loads(json.dumps(stolen), sab.State)
    seats = json.loads(json.dumps(data))
    seats["racing"] = [0, 1, 9]
    with pytest.raises(tablefeast.RecordError, match="racing seats"):
        tablefeast.loads(json.dumps(seats), sab.State)
    extra = dict(data, cheat=True)
    with pytest.raises(tablefeast.RecordError, match="not a valid State"):
        tablefeast.loads(json.dumps(extra), sab.State)
    wrong_type = dict(data, round="three")
    with pytest.raises(tablefeast.RecordError, match="not a valid State"):
        tablefeast.loads(json.dumps(wrong_type), sab.State)
    with pytest.raises(tablefeast.RecordError, match="not valid JSON"):
        tablefeast.loads("{nope", sab.State)
    for field, value, message in [
        ("racing", [0], "at least two"),
        ("racing", [], "at least two"),
        ("buffet", [], "plates on the buffet"),
        ("exchanger", 1, "is not the first mouse out"),
        ("draw_pile", [0] * 11, "draw pile is empty"),
    ]:
        broken = dict(data, **{field: value})
        if field == "buffet":  # keep the plates conserved: put them back face down
            supply = zip(ALL, data["supply"], strict=True)
            broken["supply"] = [1 if p in data["buffet"] else c for p, c in supply]
        if field == "draw_pile":  # keep the cards conserved: move the pile to the discard
            broken["discard"] = data["draw_pile"]
            broken["pending_draws"] = [0]
            broken["to_reveal"] = 3
            broken["buffet"] = []
            broken["supply"] = [1] * 36
        with pytest.raises(tablefeast.RecordError, match=message):
            tablefeast.loads(json.dumps(broken), sab.State)
    bad_config = dict(data, config={"players": 9, "edition": "en", "start_player": 0})
    with pytest.raises(tablefeast.RecordError, match="players must be an int from 3 to 6"):
        tablefeast.loads(json.dumps(bad_config), sab.State)


@pytest.mark.parametrize(
    ("text", "cls"),
    [
        ('{"type": "Play", "card": true}', sab.Action),
        ('{"type": "Play", "card": 5.7}', sab.Action),
        ('{"type": "Exchange", "discard": "99"}', sab.Action),
        ('{"type": "Play", "card": 5}', sab.Exchange),
        ('{"players": 3.9}', sab.Config),
        ('{"players": "4"}', sab.Config),
        ('{"players": 4, "start_player": true}', sab.Config),
        ('{"players": 4, "edition": 1}', sab.Config),
        ("[" * 100_000, sab.Config),
    ],
)
def test_loads_refuses_values_of_the_wrong_json_type(text: str, cls: object) -> None:
    with pytest.raises(tablefeast.RecordError):
        tablefeast.loads(text, cls)


def test_a_single_action_class_loads_its_own_json() -> None:
    assert tablefeast.loads(tablefeast.dumps(sab.Play(5)), sab.Play) == sab.Play(5)


def test_bad_record_files() -> None:
    good = play_game(sab, sab.Config(players=3), [RandomAgent()] * 3, seed=4).record
    moves = list(good.moves)
    illegal = Record(good.game, good.config, (*moves[:30], (moves[30][0], "play 12"), *moves[31:]))
    with pytest.raises(tablefeast.RecordError, match=r"move 31 .*'play 12'"):
        replay(sab, illegal)
    seat, text = moves[40]
    wrong_seat = Record(good.game, good.config, (*moves[:40], (seat + 5, text), *moves[41:]))
    with pytest.raises(tablefeast.RecordError, match="move 41"):
        replay(sab, wrong_seat)
    for text, message in [
        ("[]", "must be a JSON object"),
        ('{"game": "schlacht_am_buffet", "config": {}}', "lacks moves"),
        ('{"game": "x", "config": {}, "moves": [], "extra": 1}', "unknown keys extra"),
        ('{"game": "schlacht_am_buffet", "config": {}, "moves": [[0]]}', r"move 1 must be"),
        ('{"game": 3, "config": {}, "moves": []}', "game must be a name"),
        ("not json", "not valid JSON"),
        ("[" * 100_000, r"not valid JSON|nested deeper"),
    ]:
        with pytest.raises(tablefeast.RecordError, match=message):
            Record.from_json(text)
    unknown = Record("chess", {}, ())
    with pytest.raises(tablefeast.RecordError, match=r"not valid JSON|expected JSON text"):
        Record.from_json(None)  # type: ignore[arg-type]
    coerced = Record(good.game, {"players": "4", "start_player": True}, ())
    with pytest.raises(tablefeast.RecordError, match="config"):
        tablefeast.replay(coerced)
    with pytest.raises(tablefeast.RecordError, match="unknown game 'chess'"):
        tablefeast.replay(unknown)
    bad_config = Record(good.game, {"players": 2}, ())
    with pytest.raises(tablefeast.RecordError, match="config"):
        tablefeast.replay(bad_config)


def test_config_names_the_bad_field() -> None:
    with pytest.raises(ValueError, match=r"Config\.players"):
        sab.Config(players=2)
    with pytest.raises(ValueError, match=r"Config\.edition"):
        sab.Config(players=4, edition="de")
    with pytest.raises(ValueError, match=r"Config\.start_player"):
        sab.Config(players=4, start_player=4)
    with pytest.raises(ValueError, match=r"Config\.players"):
        sab.Config(players=True)
