"""The fuzzing suite: tampered states, records, move text, action ids and configs, every game, on
both engines (the pure module, and the native core where it is built: `tests.support.fuzz.engines`).

Whatever the input, the library answers with one of its own errors (a `TablefeastError`) and
changes nothing, or accepts it and then plays on correctly: a state `loads` accepts is a state
`check_state` accepts, and it plays to the end with every check passing (tests/support/fuzz.py). The
example counts are bounded so that the whole file runs in well under a minute on each engine.
"""

from __future__ import annotations

import inspect
import json
import random
import re
import string
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tablefeast
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.errors import TablefeastError
from tablefeast.kernel.record import Record, record_of, replay
from tests.support.fuzz import engines, mutate, on_engine, play_on, sample_states
from tests.support.walk import random_moves

GAMES = tablefeast.names()
ENGINES = engines(GAMES)
"""Every game on the pure engine, and on its native core where it is built."""
FUZZ = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None
)


def _states(name: str) -> list[Any]:
    game = tablefeast.load(name)
    found: list[Any] = []
    for players, seed in ((3, 1), (4, 2), (6, 3)):
        config = game.Config(players=players)
        found += sample_states(game, config, seed, count=8)
    return found


STATES = {name: _states(name) for name in GAMES}
"""States met along real games, the ones the tampering starts from."""


def _on(name: str, engine: str) -> tuple[Any, list[Any]]:
    """The game on `engine`, and `STATES` of it as that engine's states."""
    game = tablefeast.load(name, engine=engine)
    if (name, engine) not in _ON:
        _ON[name, engine] = [on_engine(game, engine, state) for state in STATES[name]]
    return game, _ON[name, engine]


_ON: dict[tuple[str, str], list[Any]] = {}


def _accepted_or_refused(game: Any, text: str, cls: type, rng: random.Random) -> bool:
    """`loads` refuses `text` with RecordError, or the state plays on; returns whether loaded."""
    try:
        state = tablefeast.loads(text, cls)
    except tablefeast.RecordError:
        return False
    play_on(game, state, rng, moves=40)
    return True


@pytest.mark.parametrize(("name", "engine"), ENGINES)
@FUZZ
@given(seed=st.integers(0, 2**32 - 1))
def test_a_tampered_state_is_refused_or_plays_on(name: str, engine: str, seed: int) -> None:
    game, states = _on(name, engine)
    rng = random.Random(seed)
    state = rng.choice(states)
    data = json.loads(tablefeast.dumps(state))
    for _ in range(rng.choice((1, 1, 2, 3))):
        data = mutate(data, rng)
    _accepted_or_refused(game, json.dumps(data), game.State, rng)


@pytest.mark.parametrize(("name", "engine"), ENGINES)
def test_every_real_state_is_accepted_and_plays_on(name: str, engine: str) -> None:
    game, states = _on(name, engine)
    rng = random.Random(0)
    for state in states:
        assert _accepted_or_refused(game, tablefeast.dumps(state), game.State, rng)


def _record(name: str, seed: int) -> Record:
    game = tablefeast.load(name)
    config = game.Config(players=3 + seed % 2)
    rng = random.Random(seed)
    walk = random_moves(game, game.initial_state(config), rng, any_actor=False)
    return record_of(game, config, [(seat, action) for _, seat, action, _ in walk])


RECORDS = {name: [_record(name, seed) for seed in range(2)] for name in GAMES}


@pytest.mark.parametrize(("name", "engine"), ENGINES)
@FUZZ
@given(seed=st.integers(0, 2**32 - 1))
def test_a_tampered_record_is_refused_or_replays(name: str, engine: str, seed: int) -> None:
    game = tablefeast.load(name, engine=engine)
    rng = random.Random(seed)
    data = json.loads(rng.choice(RECORDS[name]).to_json())
    for _ in range(rng.choice((1, 2))):
        data = mutate(data, rng)
    text = json.dumps(data)
    # The pure engine replays the game the record names; the native one, its own game only.
    again = tablefeast.replay if engine == "pure" else lambda record: replay(game, record)
    try:
        record = Record.from_json(text)
        state = again(record)
    except tablefeast.RecordError:
        return
    if record.game == name:
        assert game.check_state(state) == []  # type: ignore[attr-defined]
    assert again(Record.from_json(text)) == state, "replay is deterministic"


MOVE_WORDS = st.sampled_from(
    [
        "play",
        "take",
        "exchange",
        "pass",
        "flip",
        "swap",
        "steal",
        "tomato",
        "card",
        "plate",
        "mouse",
        "clothing",
        "cheese",
        "fastest",
        "mood",
        "meal",
        "reveal",
        "secret",
        "centre",
        "worm",
        "salami",
        "hungry",
        "tie/blue",
        "M07",
        "Steak",
        "-1",
        "0",
        "3",
        "9",
        "99",
        "9" * 30,
        "9" * 5000,
        "",
        " ",
        "\t",
        "\x00",
        "é",
        "1/0",
        "NaN",
    ]
)


@pytest.mark.parametrize(("name", "engine"), ENGINES)
@FUZZ
@given(
    words=st.lists(MOVE_WORDS | st.text(string.printable, max_size=6), max_size=6),
    which=st.integers(0, 10**6),
)
def test_move_text_is_an_action_or_an_invalid_action_error(
    name: str, engine: str, words: list[str], which: int
) -> None:
    game, states = _on(name, engine)
    state = states[which % len(states)]
    text = " ".join(words)
    for seat in (CHANCE, *range(state.config.players)):
        try:
            action = game.action_from_str(state, seat, text)
        except tablefeast.InvalidActionError as e:
            assert len(str(e)) < 500, "the message quotes the input briefly"
            continue
        assert game.action_from_str(state, seat, game.action_to_str(action)) == action
        try:
            after = game.apply_action(state, seat, action)
        except tablefeast.IllegalActionError:
            continue
        assert game.check_state(after) == []  # type: ignore[attr-defined]


@pytest.mark.parametrize(("name", "engine"), ENGINES)
@FUZZ
@given(
    action_id=st.integers()
    | st.sampled_from([10**5000, -(10**5000), 2**64, -1])
    | st.none()
    | st.text(max_size=3)
    | st.booleans()
    | st.floats(),
)
def test_an_action_id_is_an_action_or_an_invalid_action_error(
    name: str, engine: str, action_id: Any
) -> None:
    game, states = _on(name, engine)
    state = states[1]
    total = game.num_distinct_actions(state.config)
    try:
        action = game.action_from_id(state, 0, action_id)
    except tablefeast.InvalidActionError as e:
        assert len(str(e)) < 200
        assert not (type(action_id) is int and 0 <= action_id < total)
        return
    assert type(action_id) is int and 0 <= action_id < total
    assert game.action_to_id(action, state.config) == action_id


NOT_ACTIONS = (None, 0, "play 5", 10**5000, object(), (), [], 1.5)


@pytest.mark.parametrize(("name", "engine"), ENGINES)
def test_what_is_not_an_action_is_an_invalid_action_error_whoever_acts(
    name: str, engine: str
) -> None:
    game, states = _on(name, engine)
    for state in states[:4]:
        for seat in (CHANCE, *range(state.config.players)):
            for thing in NOT_ACTIONS:
                with pytest.raises(tablefeast.InvalidActionError, match=r"is not an? "):
                    game.apply_action(state, seat, thing)


@pytest.mark.parametrize(("name", "engine"), ENGINES)
@pytest.mark.parametrize(
    "seat",
    [10**5000, -2, 6, 1.0, "0", None, True],
    ids=["huge", "-2", "6", "1.0", "'0'", "None", "True"],
)
def test_what_is_not_a_seat_is_an_invalid_seat_error(name: str, engine: str, seat: Any) -> None:
    game, states = _on(name, engine)
    state = states[1]
    action = game.legal_actions(state, game.actors(state)[0])[0]
    with pytest.raises(tablefeast.InvalidSeatError):
        game.apply_action(state, seat, action)


def _functions_of_a_state(game: Any) -> dict[str, Any]:
    """Every function of a state the ruleset has (the game module's, a native ruleset's), its
    capabilities' included, by name."""
    holders = {"": game, "CAPABILITIES.": game.CAPABILITIES}
    if game.CAPABILITIES.multiset_choice is not None:
        holders["CAPABILITIES.multiset_choice."] = game.CAPABILITIES.multiset_choice
    found = {}
    for prefix, holder in holders.items():
        for name in dir(holder):
            value = getattr(holder, name, None)
            if name.startswith("_") or not callable(value) or isinstance(value, type):
                continue
            if list(inspect.signature(value).parameters)[:1] == ["state"]:
                found[prefix + name] = value
    return found


def _required(function: Any) -> int:
    """How many arguments `function` needs after its state."""
    parameters = inspect.signature(function).parameters.values()
    return sum(p.default is p.empty and p.kind is p.POSITIONAL_OR_KEYWORD for p in parameters) - 1


@pytest.mark.parametrize(("name", "engine"), ENGINES)
def test_what_is_not_a_state_is_refused_by_every_function_of_a_state(
    name: str, engine: str
) -> None:
    """None, an object, another game's state: RecordError from every function of a state,
    whatever its other arguments (issue 45, item 7); `check_state` finds it one problem, and the
    notation takes None for no state."""
    game = tablefeast.load(name, engine=engine)
    other = tablefeast.load(GAMES[(GAMES.index(name) + 1) % len(GAMES)])
    functions = _functions_of_a_state(game)
    assert {"actors", "legal_actions", "apply_action", "view", "check_state"} <= set(functions)
    said = rf"not an? (native )?{game.TITLE} state: "
    for bad in (None, object(), other.initial_state(other.Config(players=3))):
        for label, function in functions.items():
            rest = (0,) * _required(function)
            if label == "check_state":
                (problem,) = function(bad)
                assert re.match(said, problem), problem
            elif bad is None and label in ("action_from_str", "action_from_id"):
                continue
            else:
                with pytest.raises(tablefeast.RecordError, match=said):
                    function(bad, *rest)


@pytest.mark.parametrize(("name", "engine"), ENGINES)
def test_the_notation_reads_a_seats_view_as_its_state(name: str, engine: str) -> None:
    """A client parses the moves it is offered with the view it was sent (examples/remote_bot.py):
    the notation takes a seat's view where a state goes, as it takes None, on both engines; the
    other functions of a state refuse a view."""
    game, states = _on(name, engine)
    for state in states[:6]:
        for seat in game.actors(state):
            if seat == CHANCE:
                continue
            view = game.view(state, seat)
            for action in game.legal_actions(state, seat):
                text, number = game.action_to_str(action), game.action_to_id(action, state.config)
                assert game.action_from_str(view, seat, text) == action
                assert game.action_from_id(view, seat, number) == action
            with pytest.raises(tablefeast.RecordError):
                game.legal_actions(view, seat)


CONFIG_VALUES = (
    st.integers(-3, 12)
    | st.sampled_from([10**400, -(10**400), 2**53 + 1])
    | st.none()
    | st.booleans()
    | st.text(max_size=8)
    | st.sampled_from(["1/10", "1e-100000000", "1e-4300", "0.5", "1/0", "nl", "fr", "@x"])
    | st.lists(st.integers(-2, 12) | st.sampled_from([10**400]), max_size=7)
    | st.floats()
    | st.dictionaries(st.text(max_size=3), st.integers(), max_size=2)
)


@pytest.mark.parametrize(("name", "engine"), ENGINES)
@FUZZ
@given(data=st.data())
def test_a_config_is_refused_with_config_error_or_plays(
    name: str, engine: str, data: st.DataObject
) -> None:
    game = tablefeast.load(name, engine=engine)
    fields = list(json.loads(tablefeast.dumps(game.Config(players=4))))
    options = data.draw(st.dictionaries(st.sampled_from(fields), CONFIG_VALUES, max_size=3))
    options.setdefault("players", data.draw(st.integers(2, 6)))
    try:
        config = game.Config(**options)
    except tablefeast.ConfigError:
        try:
            tablefeast.kernel.serialize.structure(options, game.Config)
        except tablefeast.RecordError:
            return
        raise AssertionError("structure accepted what Config refused") from None
    text = tablefeast.dumps(config)
    assert tablefeast.loads(text, game.Config) == config
    play_on(game, game.initial_state(config), random.Random(0), moves=30)


@pytest.mark.parametrize(("name", "engine"), ENGINES)
@FUZZ
@given(seed=st.integers(0, 2**32 - 1))
def test_a_tampered_config_json_is_refused_or_plays(name: str, engine: str, seed: int) -> None:
    game = tablefeast.load(name, engine=engine)
    rng = random.Random(seed)
    data = json.loads(tablefeast.dumps(game.Config(players=rng.choice((3, 4, 5)))))
    data = mutate({"config": data}, rng)["config"]
    try:
        config = tablefeast.loads(json.dumps(data), game.Config)
    except tablefeast.RecordError:
        return
    play_on(game, game.initial_state(config), rng, moves=30)


@pytest.mark.parametrize(("name", "engine"), ENGINES)
def test_every_error_is_a_library_error(name: str, engine: str) -> None:
    """One pass over odd inputs to every entry point: only TablefeastError may come out."""
    game = tablefeast.load(name, engine=engine)
    odd: list[Any] = [None, "", "{}", "[]", "[" * 50, "9" * 5000, '{"players": 1e999}', b"\xff"]
    for text in odd:
        for call in (
            lambda t: tablefeast.loads(t, game.State),
            lambda t: tablefeast.loads(t, game.Config),
            lambda t: tablefeast.loads(t, game.Action),  # type: ignore[attr-defined]
            Record.from_json,
        ):
            with pytest.raises(TablefeastError):
                call(text)


@pytest.mark.parametrize(("name", "engine"), ENGINES)
def test_an_error_message_stays_short_whatever_the_input(name: str, engine: str) -> None:
    game, states = _on(name, engine)
    data = json.loads(tablefeast.dumps(states[0]))
    key = next(k for k, v in data.items() if isinstance(v, list))
    data[key] = ["x"] * 10_000  # ten thousand wrong entries in one field
    with pytest.raises(tablefeast.RecordError) as refused:
        tablefeast.loads(json.dumps(data), game.State)
    assert len(str(refused.value)) < 2000
