"""Bad arguments to every entry point of the native rulesets (issue 45, item 7): each is refused
with the library's own error before the core reads a C array, never a crash of the process nor an
answer made up from memory that holds no state.

A state that is not a native state of the game (None, an object, another game's state, the pure
engine's state, an empty `State` made without the game) is refused with RecordError; a seat, a
viewer or a move goes to the same checks as on the pure engine, so that both engines answer with
the same error, word for word; a config of another class is refused with ConfigError; a playout's
bad seat with InvalidSeatError, its bad horizon, move limit or generators with ValueError. Native
states are saved and loaded through the pure state's JSON (`tablefeast.dumps`, `tablefeast.loads`
with the ruleset's `State`), refused exactly as the pure engine refuses a tampered one. The pure
engine refuses what is not its own state at every function of a state as the native core does:
RecordError, in the same words but "native".

Every call here would have crashed the process or answered for a state it was not given before
the checks (a typed Cython argument lets None through, and the empty State holds no arrays); a
crash fails the run, so the tests run on the fixed cores in-process.
"""

from __future__ import annotations

import inspect
import json
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import tablefeast
from tablefeast import native
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.errors import ConfigError, InvalidSeatError, RecordError
from tablefeast.kernel.ruleset import not_a_state
from tests.support.fuzz import built_cores, mutate

BUILT = built_cores()  # the module is skipped where none is built (but in CI's native stage)
GAMES = sorted(native.NATIVE_GAMES)


def _decision(name: str, players: int = 3) -> tuple[Any, int, Any]:
    """A pure state of `name` where a player's seat acts (chance dealt first), the seat, and
    its first legal move."""
    game = tablefeast.load(name)
    state = game.initial_state(game.Config(players=players))
    rng = random.Random(0)
    while game.actors(state)[0] == CHANCE:
        state = game.apply_action(state, CHANCE, game.chance_distribution(state).sample(rng))
    seat = game.actors(state)[0]
    return state, seat, game.legal_actions(state, seat)[0]


Call = Callable[[Any, Any, int, Any], Any]
"""``call(game, state, seat, action)``: one entry point called with `state` (a seat and a move
for those that take them)."""

ENTRY_POINTS: dict[str, Call] = {
    "actors": lambda g, s, seat, a: g.actors(s),
    "legal_actions": lambda g, s, seat, a: g.legal_actions(s, seat),
    "chance_outcomes": lambda g, s, seat, a: g.chance_outcomes(s),
    "chance_distribution": lambda g, s, seat, a: g.chance_distribution(s),
    "apply_action": lambda g, s, seat, a: g.apply_action(s, seat, a),
    "apply_traced": lambda g, s, seat, a: g.apply_traced(s, seat, a),
    "why_not": lambda g, s, seat, a: g.why_not(s, seat, a),
    "view": lambda g, s, seat, a: g.view(s, seat),
    "determinize": lambda g, s, seat, a: g.determinize(s, seat, random.Random(0)),
    "action_from_str": lambda g, s, seat, a: g.action_from_str(s, seat, g.action_to_str(a)),
    "action_from_id": lambda g, s, seat, a: g.action_from_id(s, seat, g.action_to_id(a)),
    "scores": lambda g, s, seat, a: g.scores(s),
    "winners": lambda g, s, seat, a: g.winners(s),
    "is_terminal": lambda g, s, seat, a: g.is_terminal(s),
    "observation_tensor_of": lambda g, s, seat, a: g.observation_tensor_of(s, seat),
    "holdings": lambda g, s, seat, a: g.holdings(s),
    "penalty_points": lambda g, s, seat, a: g.penalty_points(s, seat),
    "observed_fastest": lambda g, s, seat, a: g.observed_fastest(s, {seat: 0.5}, 0.2),
    "to_pure": lambda g, s, seat, a: g.to_pure(s),
    "random_playout": lambda g, s, seat, a: g.random_playout(s, seat, None, random.Random(0)),
    "heuristic_playout": lambda g, s, seat, a: g.heuristic_playout(s, seat, 1, random.Random(0)),
    "random_game": lambda g, s, seat, a: g.random_game(
        s, random.Random(0), [random.Random(k) for k in range(3)], 5
    ),
    "play_games": lambda g, s, seat, a: g.play_games(
        s, ["0", "1"], [f"/seat/{k}" for k in range(3)], [("random", "heuristic", "random")] * 2
    ),
    "CAPABILITIES.apply_traced": lambda g, s, seat, a: g.CAPABILITIES.apply_traced(s, seat, a),
    "CAPABILITIES.holdings": lambda g, s, seat, a: g.CAPABILITIES.holdings(s),
    "CAPABILITIES.withdraw": lambda g, s, seat, a: g.CAPABILITIES.withdraw(s, seat),
    "CAPABILITIES.observed_chance": lambda g, s, seat, a: g.CAPABILITIES.observed_chance(
        s, {seat: 0.5}, 0.2
    ),
    "CAPABILITIES.score_sheet": lambda g, s, seat, a: g.CAPABILITIES.score_sheet(s),
    "CAPABILITIES.opening": lambda g, s, seat, a: g.CAPABILITIES.opening(s),
    "CAPABILITIES.multiset_choice.chooser": lambda g, s, seat, a: (
        g.CAPABILITIES.multiset_choice.chooser(s)
    ),
    "CAPABILITIES.multiset_choice.held": lambda g, s, seat, a: g.CAPABILITIES.multiset_choice.held(
        s, seat
    ),
    "CAPABILITIES.whole_number_tensors": lambda g, s, seat, a: g.CAPABILITIES.whole_number_tensors(
        s
    ),
}
"""Every function of a state a native ruleset has, the core's and those it forwards to the pure
engine (`test_every_function_of_a_state_is_here` keeps the list whole); `check_state`,
`from_pure` and `from_engine` have tests of their own."""

WITHOUT_STATE = ("action_from_str", "action_from_id")
"""The notation's functions, which take None for "no state" on the pure engine (the default
card lists): the native ruleset does the same."""


def _has(game: Any, entry: str) -> bool:
    """Whether the ruleset has the entry point (a game-specific function, a capability)."""
    target = game
    for part in entry.split("."):
        target = getattr(target, part, None)
        if target is None:
            return False
    return callable(target)


def _cases(entries: Any) -> list[tuple[str, str]]:
    """``(name, entry)`` for every game and each of `entries` its ruleset has (all of them for
    a core that is not built, where one is required: those fail)."""
    cases = []
    for name in GAMES:
        game = native.load(name) if name in BUILT else None
        cases += [(name, entry) for entry in entries if game is None or _has(game, entry)]
    return cases


def _functions_of_a_state(game: Any) -> set[str]:
    """The names of the ruleset's functions (a native ruleset's, or a game module's) whose
    first parameter is a state, its capabilities' included."""
    found = set()
    holders = [("", game, set(dir(game)) | set(getattr(game, "pure", game).__all__))]
    caps = game.CAPABILITIES
    holders.append(("CAPABILITIES.", caps, {f.name for f in attrs.fields(type(caps))}))
    if caps.multiset_choice is not None:
        holders.append(("CAPABILITIES.multiset_choice.", caps.multiset_choice, {"chooser", "held"}))
    for prefix, holder, names in holders:
        for name in names:
            value = getattr(holder, name, None)
            if name.startswith("_") or not callable(value) or isinstance(value, type):
                continue
            if list(inspect.signature(value).parameters)[:1] == ["state"]:
                found.add(prefix + name)
    return found


@pytest.mark.parametrize("name", GAMES)
def test_every_function_of_a_state_is_here(name: str) -> None:
    game = native.load(name)
    tested = set(ENTRY_POINTS) | {"check_state", "from_pure", "from_engine"}
    assert _functions_of_a_state(game) - tested == set()


def _other(name: str) -> str:
    return GAMES[(GAMES.index(name) + 1) % len(GAMES)]


BAD_STATES: dict[str, Callable[[str], Any]] = {
    "None": lambda name: None,
    "an object": lambda name: object(),
    "a number": lambda name: 3,
    "another game's native state": lambda name: native.load(_other(name)).from_pure(
        _decision(_other(name))[0]
    ),
    "the pure engine's state": lambda name: _decision(name)[0],
    "an empty State": lambda name: native.load(name).State.__new__(native.load(name).State),
}
"""What is not a native state of the game `name`, by kind."""


def _outcome(game: Any, call: Callable[[], Any]) -> tuple[Any, Any]:
    """What a call gives: ("ok", its value, native states converted) or (its error's class, its
    message)."""
    try:
        value = call()
    except Exception as e:
        return type(e), str(e)
    if isinstance(value, tuple):
        value = tuple(_plain(game, v) for v in value)
    return "ok", _plain(game, value)


def _plain(game: Any, value: Any) -> Any:
    """A native state as the pure engine's, to compare the engines' answers."""
    native_state = getattr(game, "engine", None) == "native" and type(value) is game.State
    return game.to_pure(value) if native_state else value


@pytest.mark.parametrize("kind", list(BAD_STATES))
@pytest.mark.parametrize(("name", "entry"), _cases(ENTRY_POINTS))
def test_what_is_not_a_native_state_of_the_game_is_refused(
    name: str, entry: str, kind: str
) -> None:
    game = native.load(name)
    _, seat, action = _decision(name)
    bad = BAD_STATES[kind](name)
    call = ENTRY_POINTS[entry]
    if entry in WITHOUT_STATE and bad is None:  # no state: as the pure engine, word for word
        pure = game.pure
        mine = _outcome(game, lambda: call(game, None, seat, action))
        assert mine == _outcome(pure, lambda: call(pure, None, seat, action))
        assert mine[0] == "ok"
        return
    said = {
        "the pure engine's state": "a pure .* state where the native core's is needed",
        "an empty State": "an empty native .* state, not made by the game",
    }.get(kind, f"not a native {game.TITLE} state: ")
    with pytest.raises(RecordError, match=said):
        call(game, bad, seat, action)


@pytest.mark.parametrize("name", GAMES)
def test_check_state_finds_one_problem_in_what_is_not_a_native_state(name: str) -> None:
    game = native.load(name)
    state, _, _ = _decision(name)
    assert game.check_state(game.from_pure(state)) == []
    for kind, make in BAD_STATES.items():
        problems = game.check_state(make(name))
        assert len(problems) == 1 and "state" in problems[0], kind


NATIVE_ONLY = ("to_pure", "random_playout", "heuristic_playout", "random_game", "play_games")
PURE_ENTRY_POINTS = [entry for entry in ENTRY_POINTS if entry not in NATIVE_ONLY]
"""The entry points a game module has too (all but the native ruleset's own)."""

PURE_BAD_STATES: dict[str, Callable[[str], Any]] = {
    "None": lambda name: None,
    "an object": lambda name: object(),
    "a number": lambda name: 3,
    "another game's pure state": lambda name: _decision(_other(name))[0],
    "another game's native state": lambda name: native.load(_other(name)).from_pure(
        _decision(_other(name))[0]
    ),
    "the native core's state": lambda name: native.load(name).from_pure(_decision(name)[0]),
}
"""What is not a state of the pure engine of the game `name`, by kind."""


@pytest.mark.parametrize("name", GAMES)
def test_the_pure_engine_has_every_function_of_a_state_here(name: str) -> None:
    game = tablefeast.load(name)
    tested = set(ENTRY_POINTS) | {"check_state"}
    assert _functions_of_a_state(game) - tested == set()


@pytest.mark.parametrize("kind", list(PURE_BAD_STATES))
@pytest.mark.parametrize(("name", "entry"), _cases(PURE_ENTRY_POINTS))
def test_the_pure_engine_refuses_what_is_not_a_state_as_the_native_does(
    name: str, entry: str, kind: str
) -> None:
    pure, fast = tablefeast.load(name), native.load(name)
    _, seat, action = _decision(name)
    bad = PURE_BAD_STATES[kind](name)
    call = ENTRY_POINTS[entry]
    if entry in WITHOUT_STATE and bad is None:  # no state: tested above, on both engines
        return
    with pytest.raises(RecordError) as refused:
        call(pure, bad, seat, action)
    assert str(refused.value) == str(not_a_state(bad, pure.TITLE))
    if kind != "the native core's state":  # the same refusal, but the native core's words
        with pytest.raises(RecordError) as theirs:
            call(fast, bad, seat, action)
        quoted = str(refused.value).split(" state: ", 1)[1]
        assert str(theirs.value) == f"not a native {pure.TITLE} state: {quoted}"


@pytest.mark.parametrize("name", GAMES)
def test_the_pure_check_state_finds_one_problem_in_what_is_not_a_state(name: str) -> None:
    game = tablefeast.load(name)
    for kind, make in PURE_BAD_STATES.items():
        bad = make(name)
        assert game.check_state(bad) == [str(not_a_state(bad, game.TITLE))], kind


BAD_SEATS = (3, -2, True, False, None, "0", 1.0, 10**30, CHANCE)
"""Seats of a three-player table that are not one (or not for every entry point)."""

WITH_A_SEAT = (
    "legal_actions",
    "apply_action",
    "apply_traced",
    "why_not",
    "view",
    "determinize",
    "observation_tensor_of",
    "action_from_str",
    "action_from_id",
    "penalty_points",
    "CAPABILITIES.withdraw",
    "CAPABILITIES.multiset_choice.held",
)


@pytest.mark.parametrize("seat", BAD_SEATS, ids=repr)
@pytest.mark.parametrize(("name", "entry"), _cases(WITH_A_SEAT))
def test_a_bad_seat_gets_the_same_answer_from_both_engines(
    name: str, entry: str, seat: Any
) -> None:
    fast, pure = native.load(name), tablefeast.load(name)
    state, _, action = _decision(name)
    call = ENTRY_POINTS[entry]
    mine = _outcome(fast, lambda: call(fast, fast.from_pure(state), seat, action))
    theirs = _outcome(pure, lambda: call(pure, state, seat, action))
    assert mine == theirs
    acting = entry in ("legal_actions", "apply_action") and seat != CHANCE
    viewing = entry in ("view", "determinize") and seat is not None
    if acting or viewing:
        assert mine[0] is InvalidSeatError


PLAYOUTS = ("random_playout", "heuristic_playout")


@pytest.mark.parametrize("seat", BAD_SEATS, ids=repr)
@pytest.mark.parametrize(("name", "playout"), _cases(PLAYOUTS))
def test_a_playout_refuses_what_is_not_a_players_seat(name: str, playout: str, seat: Any) -> None:
    fast = native.load(name)
    state = fast.from_pure(_decision(name)[0])
    rng = random.Random(1)
    with pytest.raises(InvalidSeatError, match="is not a seat: seats are 0 to 2"):
        getattr(fast, playout)(state, seat, None, rng)
    assert rng.getstate() == random.Random(1).getstate()  # nothing drawn


@pytest.mark.parametrize(
    ("horizon", "rng", "said"),
    [
        (-1, random.Random(1), "horizon must be None or from 0 to 10,000"),
        (10_001, random.Random(1), "horizon must be None or from 0 to 10,000"),
        (True, random.Random(1), "horizon must be None or from 0 to 10,000"),
        ("3", random.Random(1), "horizon must be None or from 0 to 10,000"),
        (1.5, random.Random(1), "horizon must be None or from 0 to 10,000"),
        (10**30, random.Random(1), "horizon must be None or from 0 to 10,000"),
        (None, None, "rng must be a random.Random"),
        (None, 3, "rng must be a random.Random"),
        (None, random, "rng must be a random.Random"),
        (None, object(), "rng must be a random.Random"),
    ],
    ids=["-1", "10001", "True", "'3'", "1.5", "huge", "None", "3", "module", "object"],
)
@pytest.mark.parametrize(("name", "playout"), _cases(PLAYOUTS))
def test_a_playout_refuses_a_bad_horizon_or_generator(
    name: str, playout: str, horizon: Any, rng: Any, said: str
) -> None:
    fast = native.load(name)
    state = fast.from_pure(_decision(name)[0])
    with pytest.raises(ValueError, match=said):
        getattr(fast, playout)(state, 0, horizon, rng)


def _seats(count: int) -> list[random.Random]:
    return [random.Random(f"seat {k}") for k in range(count)]


@pytest.mark.parametrize(
    ("chance", "seats", "max_moves", "said"),
    [
        (None, _seats(3), None, "chance_rng must be a random.Random"),
        ("x", _seats(3), None, "chance_rng must be a random.Random"),
        (random.Random(9), None, None, "seat_rngs must be a list of generators"),
        (random.Random(9), random.Random(8), None, "seat_rngs must be a list of generators"),
        (random.Random(9), "abc", None, "seat_rngs must be a list of generators"),
        (random.Random(9), set(_seats(3)), None, "seat_rngs must be a list of generators"),
        (random.Random(9), [], None, "one generator per seat: 3 seats, got 0"),
        (random.Random(9), _seats(2), None, "one generator per seat: 3 seats, got 2"),
        (random.Random(9), _seats(4), None, "one generator per seat: 3 seats, got 4"),
        (random.Random(9), _seats(7), None, "at most 6 seats' generators, got 7"),
        (random.Random(9), [*_seats(2), None], None, r"seat_rngs\[2\] must be a random.Random"),
        (random.Random(9), [*_seats(2), 5], None, r"seat_rngs\[2\] must be a random.Random"),
        (random.Random(9), _seats(3), -1, "max_moves must be None or at least 0"),
        (random.Random(9), _seats(3), True, "max_moves must be None or at least 0"),
        (random.Random(9), _seats(3), "5", "max_moves must be None or at least 0"),
        (random.Random(9), _seats(3), 1.5, "max_moves must be None or at least 0"),
    ],
)
@pytest.mark.parametrize("name", GAMES)
def test_a_random_game_refuses_bad_generators_and_move_limits(
    name: str, chance: Any, seats: Any, max_moves: Any, said: str
) -> None:
    fast = native.load(name)
    state = fast.from_pure(_decision(name)[0])
    with pytest.raises(ValueError, match=said):
        fast.random_game(state, chance, seats, max_moves)


@pytest.mark.parametrize("name", GAMES)
def test_a_random_game_takes_any_move_limit_an_int_can_say(name: str) -> None:
    fast = native.load(name)
    state = fast.from_pure(_decision(name)[0])
    ended, moves = fast.random_game(state, random.Random(9), _seats(3), 10**30)
    assert fast.is_terminal(ended)
    assert (ended, moves) == fast.random_game(state, random.Random(9), _seats(3))


BAD_CONFIGS: dict[str, Callable[[str], Any]] = {
    "None": lambda name: None,
    "an object": lambda name: object(),
    "a mapping": lambda name: {"players": 3},
    "another game's Config": lambda name: tablefeast.load(_other(name)).Config(players=3),
}


@pytest.mark.parametrize("kind", list(BAD_CONFIGS))
@pytest.mark.parametrize("name", GAMES)
def test_initial_state_refuses_what_is_not_a_config_of_the_game(name: str, kind: str) -> None:
    fast = native.load(name)
    with pytest.raises(ConfigError, match=f"not a {fast.TITLE} Config"):
        fast.initial_state(BAD_CONFIGS[kind](name))


@pytest.mark.parametrize("function", ["from_pure", "from_engine"])
@pytest.mark.parametrize("name", GAMES)
def test_the_way_in_refuses_what_is_not_a_pure_state_of_the_game(name: str, function: str) -> None:
    fast, pure = native.load(name), tablefeast.load(name)
    state, _, _ = _decision(name)
    other = tablefeast.load(_other(name))
    foreign = pure.State(
        **{**{f: getattr(state, f) for f in attrs.fields_dict(pure.State)}, "config": object()}
    )
    convert = getattr(fast, function)
    for bad in (
        None,
        object(),
        fast.from_pure(state),  # a native state, where a pure one is needed
        _decision(_other(name))[0],
        native.load(_other(name)).from_pure(_decision(_other(name))[0]),
        other.Config(players=3),
    ):
        with pytest.raises(RecordError, match=f"not a {pure.TITLE} state"):
            convert(bad)
    with pytest.raises(RecordError):  # a pure state whose config is not the game's
        convert(foreign)
    assert convert(state) == fast.from_pure(state)


@pytest.mark.parametrize("name", GAMES)
def test_an_empty_state_is_no_state_but_shows_itself(name: str) -> None:
    fast = native.load(name)
    empty = fast.State.__new__(fast.State)
    assert repr(empty) == f"<an empty native {fast.TITLE} State>"
    with pytest.raises(TypeError):  # no subclass of a core's State: entry points take it exactly
        type("Sub", (fast.State,), {})


# ---------------------------------------------------------------- saving and loading


@pytest.mark.parametrize("name", GAMES)
def test_a_native_state_saves_and_loads_back_through_its_ruleset(name: str) -> None:
    fast, pure = native.load(name), tablefeast.load(name)
    assert fast.State is not pure.State
    start = fast.initial_state(fast.Config(players=4))
    for moves in (0, 7, 40, None):
        state, _ = fast.random_game(start, random.Random(moves), _seats(4), moves)
        text = tablefeast.dumps(state)
        assert text == tablefeast.dumps(fast.to_pure(state))  # the pure state's JSON
        back = tablefeast.loads(text, fast.State)
        assert type(back) is fast.State and back == state
        assert fast.actors(back) == fast.actors(state) and fast.scores(back) == fast.scores(state)
        assert tablefeast.loads(text, pure.State) == fast.to_pure(state)


@pytest.mark.parametrize("name", GAMES)
def test_a_tampered_native_state_is_refused_as_the_pure_engine_refuses_it(name: str) -> None:
    fast, pure = native.load(name), tablefeast.load(name)
    rng = random.Random(name)
    start = fast.initial_state(fast.Config(players=4))
    refused = 0
    for game in range(60):
        state, _ = fast.random_game(start, random.Random(game), _seats(4), game * 3)
        text = json.dumps(mutate(json.loads(tablefeast.dumps(state)), rng))
        mine = _outcome(fast, lambda text=text: tablefeast.loads(text, fast.State))
        theirs = _outcome(pure, lambda text=text: tablefeast.loads(text, pure.State))
        assert mine == theirs  # refused word for word, or accepted alike
        refused += mine[0] is RecordError
    assert refused > 10
    other = tablefeast.dumps(_decision(_other(name))[0])
    mine = _outcome(fast, lambda: tablefeast.loads(other, fast.State))
    assert mine == _outcome(pure, lambda: tablefeast.loads(other, pure.State))
    assert mine[0] is RecordError
