"""The fuzzing suite: every game, on both engines (the pure module, and the native core where it
is built: `tests.support.fuzz.engines`), fed bad input through the shipped checks
(`tablefeast.testing`): `fuzz_game` draws inputs of every kind with a seeded generator (tampered
configs, states, actions and records, move texts, action ids, what is not an action or a seat),
and hypothesis feeds the checks of one input (`check_move_text`, `check_action_id`,
`check_config_options`) inputs of its own, shrunk when one fails.

Whatever the input, the library answers with one of its own errors (a `TablefeastError`) in a
short message and changes nothing, or accepts it and then plays on correctly. Below them, what the
library promises beyond the shipped contract: the wording of a refusal, what is not a state, the
notation reading a seat's view. The example counts are bounded so that the whole file runs in well
under a minute on each engine.
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
from tablefeast.kernel.record import Record
from tablefeast.testing import (
    check_action_id,
    check_config_options,
    check_move_text,
    check_not_actions,
    check_not_seats,
    fuzz_game,
)
from tests.support.fuzz import engines, on_engine, sample_states

GAMES = tablefeast.names()
ENGINES = engines(GAMES)
"""Every game on the pure engine, and on its native core where it is built."""
BUILT_IN_ENGINES = engines(tablefeast.GAMES)
"""The library's games on both engines: for what the library promises beyond the contract."""
FUZZ = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None
)


def _states(name: str) -> list[Any]:
    game = tablefeast.load(name)
    found: list[Any] = []
    for players, seed in ((3, 1), (4, 2), (6, 3)):
        if players not in game.CAPABILITIES.players:  # a plug-in game may seat fewer
            continue
        config = game.Config(players=players)
        found += sample_states(game, config, seed, count=8)
    return found


STATES = {name: _states(name) for name in GAMES}
"""States met along real games, the ones the hypothesis tests start from."""


def _on(name: str, engine: str) -> tuple[Any, list[Any]]:
    """The game on `engine`, and `STATES` of it as that engine's states."""
    game = tablefeast.load(name, engine=engine)
    if (name, engine) not in _ON:
        _ON[name, engine] = [on_engine(game, engine, state) for state in STATES[name]]
    return game, _ON[name, engine]


_ON: dict[tuple[str, str], list[Any]] = {}


@pytest.mark.parametrize(("name", "engine"), ENGINES)
def test_the_shipped_fuzzer_finds_nothing(name: str, engine: str) -> None:
    """`fuzz_game`, as any game's author runs it: 60 inputs of each kind from the smallest and the
    largest table, and a middle one."""
    game = tablefeast.load(name, engine=engine)
    players = game.CAPABILITIES.players
    sizes = sorted({players[0], min(4, players[-1]), players[-1]})
    configs = [game.Config(players=n) for n in sizes]
    assert fuzz_game(game, configs, seed=name, examples=60) > 400


def test_replay_by_name_refuses_a_record_of_no_game_in_a_short_message() -> None:
    """`tablefeast.replay` looks the game up by the record's name (the shipped check replays
    with the game it is given): a name of no game, however long, is a RecordError."""
    for name in ("food_chainx", "", "x" * 100_000):
        record = Record(name, {"players": 3}, ())
        with pytest.raises(tablefeast.RecordError) as refused:
            tablefeast.replay(record)
        assert len(str(refused.value)) < 500


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
"""The words of every game's notation, and junk: hypothesis mixes them across games."""


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
    check_move_text(game, states[which % len(states)], " ".join(words))


@pytest.mark.parametrize(("name", "engine"), ENGINES)
@FUZZ
@given(
    action_id=st.integers()
    | st.sampled_from([10**5000, -(10**5000), 2**64, -1])
    | st.none()
    | st.text(max_size=3)
    | st.booleans()
    | st.floats(),
    which=st.integers(0, 10**6),
)
def test_an_action_id_is_an_action_or_an_invalid_action_error(
    name: str, engine: str, action_id: Any, which: int
) -> None:
    game, states = _on(name, engine)
    state = states[which % len(states)]
    check_action_id(game, state, which % state.config.players, action_id)


@pytest.mark.parametrize(("name", "engine"), BUILT_IN_ENGINES)  # the library's own promise
def test_what_is_not_an_action_or_a_seat_is_refused_in_the_librarys_words(
    name: str, engine: str
) -> None:
    """Beyond the shipped check (`InvalidActionError`, `InvalidSeatError`): the library's
    games word the refusal alike, naming the game and the seats."""
    game, states = _on(name, engine)
    for state in states[:4]:
        if not game.actors(state):
            continue
        for error in check_not_actions(game, state):
            assert re.search(rf"is not an? {game.TITLE} action$", str(error)), error
        for error in check_not_seats(game, state):
            assert re.search(r" is not a seat: seats are 0 to \d, or (CHANCE|None)$", str(error))


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


@pytest.mark.parametrize(("name", "engine"), BUILT_IN_ENGINES)  # the library's own promise
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


@pytest.mark.parametrize(("name", "engine"), BUILT_IN_ENGINES)  # the library's own promise
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
    check_config_options(game, options, random.Random(0))
