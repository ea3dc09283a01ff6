"""Bad input, one input at a time: whatever it is given, a game answers with one of the
library's errors and changes nothing, or accepts it and then plays on correctly.

A game meets input from outside wherever a caller or a file reaches it: a `Config` built from a
form, a state or a record read from a file, a move typed by a person, an action id from a
learner, something that is not an action or a seat at all. Whatever the input, the game must
either

- refuse it with the `TablefeastError` the contract names for it: `ConfigError` for a config's
  values, `RecordError` for JSON (a config, a state, an action) and records, `InvalidActionError`
  for move text, action ids and what is not an action, `InvalidSeatError` for what is not a
  seat; with a message that says something and stays short however long the input (at most
  `SHORT_MESSAGE` characters about one value, `LONG_MESSAGE` about a JSON document: quote the
  input with `tablefeast.kernel.limits.shown`, since ``repr`` of an int of 5,000 digits raises
  and a message must never echo a megabyte back); and leave the state it was given as it was;
- or accept it, and then everything it builds is sound: an accepted config or state plays on
  with every check passing (`play_on`), an accepted move text or id round-trips.

Each check here takes one input, so that a property-based test can feed it inputs of its own;
`tablefeast.testing.fuzz_game` feeds them all inputs drawn with a seeded `random.Random`.

Examples:
    >>> import tablefeast
    >>> fc = tablefeast.load("food_chain")
    >>> state = fc.initial_state(fc.Config(players=3))
    >>> check_action_id(fc, state, 0, 10**5000)  # refused: None
    >>> [fc.action_to_str(a) for a in check_move_text(fc, state, "play cat")]  # chance, 0, 1, 2
    ['play cat', 'play cat', 'play cat', 'play cat']
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

import tablefeast
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.errors import (
    ConfigError,
    IllegalActionError,
    InvalidActionError,
    InvalidSeatError,
    RecordError,
    TablefeastError,
)
from tablefeast.kernel.limits import shown
from tablefeast.kernel.record import Record, replay
from tablefeast.kernel.ruleset import A, C, ConfiguredState, Ruleset, S, V
from tablefeast.kernel.serialize import structure
from tablefeast.testing.contract import ConformanceError, check_state, expect, random_move

__all__ = [
    "LONG_MESSAGE",
    "NOT_ACTIONS",
    "SHORT_MESSAGE",
    "check_action_id",
    "check_action_json",
    "check_config_json",
    "check_config_options",
    "check_move_text",
    "check_not_actions",
    "check_not_seats",
    "check_record_json",
    "check_state_json",
    "play_on",
]

T = TypeVar("T")

SHORT_MESSAGE = 500
"""The most characters of an error about one value: a move text, an action id, a seat, a
config's field, something that is not an action."""
LONG_MESSAGE = 2000
"""The most characters of an error about a JSON document (a config, a state, an action, a
record), which may list several problems. The fuzzer's long inputs are longer than both
limits: a message that quoted one whole would be caught."""


class _Unprintable:
    """A value whose ``repr`` and ``str`` raise: a message must quote it with `shown`."""

    def __repr__(self) -> str:
        raise ValueError("no repr")

    __str__ = __repr__


NOT_ACTIONS: tuple[Any, ...] = (
    None,
    0,
    -1,
    True,
    1.5,
    math.nan,
    "",
    "play 5",
    "9" * 5000,
    10**5000,
    (),
    [],
    {},
    b"\xff",
    object(),
    _Unprintable(),
)
"""Values that are no game's action: `check_not_actions` tries them all."""

# ---------------------------------------------------------------- answering one input


def _said(error: BaseException) -> str:
    """An exception named with its message, quoted safely whatever it holds."""
    try:
        text = str(error)
    except Exception:  # a message that cannot even be printed is the finding
        text = "(its message cannot be printed)"
    return f"{type(error).__name__}: {shown(text, 200)}"


def _answer(
    what: str,
    refusal: type[TablefeastError],
    function: Callable[..., T],
    *args: object,
    limit: int = SHORT_MESSAGE,
) -> tuple[T | None, TablefeastError | None]:
    """``(function(*args), None)``, or ``(None, error)`` when it refuses with `refusal`, saying
    something in at most `limit` characters; anything else it raises is a `ConformanceError`
    that names `what` was called."""
    try:
        return function(*args), None
    except refusal as e:
        text = str(e)
        expect(text, f"{what} raised {type(e).__name__} with no message")
        expect(
            len(text) <= limit,
            f"{what} raised {type(e).__name__} with a message of {len(text)} characters "
            f"(at most {limit}): {shown(text, 120)}",
        )
        return None, e
    except Exception as e:  # whatever a game raises is the finding
        raise ConformanceError(
            f"{what} raised {_said(e)}, where a {refusal.__name__} was due"
        ) from e


def _must(what: str, function: Callable[..., T], *args: object) -> T:
    """``function(*args)``, which must not raise: any error is a `ConformanceError`."""
    try:
        return function(*args)
    except Exception as e:  # whatever a game raises is the finding
        raise ConformanceError(f"{what} raised {_said(e)}") from e


def _unchanged(state: object, before: str, what: str) -> None:
    expect(tablefeast.dumps(state) == before, f"{what} changed the state it was given")


def _own_check(game: Ruleset[ConfiguredState, A, C, V], state: ConfiguredState, what: str) -> None:
    """The contract at `state`, and the game's own ``check_state`` where it has one."""
    check_state(game, state)
    own = getattr(game, "check_state", None)
    if own is not None:
        problems = own(state)
        expect(problems == [], f"{what} gave a state its check_state refuses: {problems}")


# ---------------------------------------------------------------- configs, states, records


def check_config_options(
    game: Ruleset[ConfiguredState, A, C, V],
    options: Mapping[str, object],
    rng: random.Random,
    *,
    moves: int = 30,
) -> C | None:
    """`game.Config(**options)`, whose keys are `Config`'s fields: refused with `ConfigError`
    (and then the JSON reader refuses the same mapping with `RecordError`: a record carries
    exactly what `Config` takes), or a config that survives JSON and whose game plays `moves`
    random moves with every check passing (`play_on`).

    Args:
        game: the game.
        options: the keyword arguments, from the fields of `Config`.
        rng: draws the moves played.
        moves: how many moves to play from an accepted config's initial state.

    Returns:
        The config, or None when refused.

    Raises:
        ConformanceError: another error, or an accepted config that does not play.

    Examples:
        >>> import random, tablefeast
        >>> fc = tablefeast.load("food_chain")
        >>> check_config_options(fc, {"players": 9}, random.Random(0)) is None
        True
        >>> check_config_options(fc, {"players": 4}, random.Random(0)).players
        4
    """
    what = f"Config(**{shown(options, 120)})"
    make: Callable[..., C] = game.Config  # every Config takes its fields by keyword
    config, error = _answer(what, ConfigError, lambda: make(**options))
    if error is not None:
        read, _ = _answer(
            f"loads of {shown(options, 120)} as a Config",
            RecordError,
            structure,
            dict(options),
            game.Config,
            limit=LONG_MESSAGE,
        )
        expect(read is None, f"the JSON reader accepts {shown(options, 120)}, which {what} refuses")
        return None
    if config is not None:  # (a Config is never None: `_answer` said None for a refusal)
        _plays(game, config, rng, moves, what)
    return config


def check_config_json(
    game: Ruleset[ConfiguredState, A, C, V],
    text: str | bytes,
    rng: random.Random,
    *,
    moves: int = 30,
) -> C | None:
    """``tablefeast.loads(text, game.Config)``: refused with `RecordError`, or a config whose
    game plays `moves` random moves with every check passing.

    Args:
        game: the game.
        text: the JSON text.
        rng: draws the moves played.
        moves: how many moves to play from an accepted config's initial state.

    Returns:
        The config, or None when refused.

    Raises:
        ConformanceError: another error, or an accepted config that does not play.

    Examples:
        >>> import random, tablefeast
        >>> fc = tablefeast.load("food_chain")
        >>> check_config_json(fc, '{"players": 3, "stars": [1]}', random.Random(0)) is None
        True
    """
    what = f"loads({shown(text, 120)}, Config)"
    config, _ = _answer(
        what, RecordError, lambda: tablefeast.loads(text, game.Config), limit=LONG_MESSAGE
    )
    if config is not None:
        _plays(game, config, rng, moves, what)
    return config


def _plays(
    game: Ruleset[ConfiguredState, A, C, V], config: C, rng: random.Random, moves: int, what: str
) -> None:
    text = _must(f"dumps of {what}", tablefeast.dumps, config)
    again: C = _must(f"loads of the JSON of {what}", lambda: tablefeast.loads(text, game.Config))
    expect(again == config, f"{what} gives a config that does not survive JSON")
    play_on(game, _must(f"initial_state of {what}", game.initial_state, config), rng, moves)


def check_state_json(
    game: Ruleset[ConfiguredState, A, C, V],
    text: str | bytes,
    cls: type[ConfiguredState],
    rng: random.Random,
    *,
    moves: int = 40,
) -> ConfiguredState | None:
    """``tablefeast.loads(text, cls)``, `cls` the game's state class: refused with
    `RecordError`, or a state that plays `moves` random moves with every check passing
    (`play_on`).

    Args:
        game: the game.
        text: the JSON text (a real state's, changed by `mutate`, say).
        cls: the game's state class (``type(state)`` of one of its states).
        rng: draws the moves played.
        moves: how many moves to play from an accepted state.

    Returns:
        The state, or None when refused.

    Raises:
        ConformanceError: another error, or an accepted state that does not play.

    Examples:
        >>> import random, tablefeast
        >>> fc = tablefeast.load("food_chain")
        >>> state = fc.initial_state(fc.Config(players=3))
        >>> text = tablefeast.dumps(state)
        >>> check_state_json(fc, text, type(state), random.Random(0)) == state
        True
        >>> tampered = text.replace("[3, 2, 2,", "[4, 2, 2,")  # a fourth worm in a hand
        >>> check_state_json(fc, tampered, type(state), random.Random(0))  # refused: None
    """
    what = f"loads({shown(text, 80)}, {cls.__name__})"
    state, _ = _answer(what, RecordError, lambda: tablefeast.loads(text, cls), limit=LONG_MESSAGE)
    if state is not None:
        play_on(game, state, rng, moves)
    return state


def check_action_json(game: Ruleset[S, A, C, V], text: str | bytes) -> A | None:
    """``tablefeast.loads(text, game.Action)``: refused with `RecordError`, or an action that
    survives JSON and has a move text.

    Args:
        game: the game.
        text: the JSON text.

    Returns:
        The action, or None when refused.

    Raises:
        ConformanceError: another error, or an accepted action that does not round-trip.

    Examples:
        >>> import tablefeast
        >>> fc = tablefeast.load("food_chain")
        >>> check_action_json(fc, '{"type": "Play", "animal": 9}') is None
        True
    """
    what = f"loads({shown(text, 80)}, Action)"
    action: A | None
    action, _ = _answer(
        what, RecordError, lambda: tablefeast.loads(text, game.Action), limit=LONG_MESSAGE
    )
    if action is not None:
        again = _must(
            f"loads of the JSON of {what}",
            tablefeast.loads,
            _must(f"dumps of {what}", tablefeast.dumps, action),
            game.Action,
        )
        expect(again == action, f"{what} gives an action that does not survive JSON")
        written = _must(f"action_to_str of {what}", game.action_to_str, action)
        expect(isinstance(written, str), f"{what} gives an action with no move text")
    return action


def check_record_json(
    game: Ruleset[ConfiguredState, A, C, V], text: str | bytes
) -> ConfiguredState | None:
    """`Record.from_json` then the kernel's `replay`: refused with `RecordError`, or the same
    final state every time, a sound one.

    Args:
        game: the game the record claims to be of.
        text: the record file's text.

    Returns:
        The final state, or None when refused.

    Raises:
        ConformanceError: another error, or a replay that is not sound or not deterministic.

    Examples:
        >>> import tablefeast
        >>> fc = tablefeast.load("food_chain")
        >>> text = '{"game": "food_chain", "config": {"players": 3}, "moves": [[0, "play ox"]]}'
        >>> check_record_json(fc, text) is None
        True
    """
    what = f"Record.from_json({shown(text, 80)})"
    record, _ = _answer(what, RecordError, Record.from_json, text, limit=LONG_MESSAGE)
    if record is None:
        return None
    what = f"replay of {shown(text, 80)}"
    state, _ = _answer(what, RecordError, lambda: replay(game, record), limit=LONG_MESSAGE)
    if state is not None:
        _own_check(game, state, what)
        expect(replay(game, record) == state, f"{what} is not deterministic")
    return state


# ---------------------------------------------------------------- moves, ids, seats


def check_move_text(
    game: Ruleset[ConfiguredState, A, C, V], state: ConfiguredState, text: object
) -> tuple[A, ...]:
    """``action_from_str(state, seat, text)`` for chance and every seat: refused with
    `InvalidActionError`, or an action whose text reads back as itself, which `apply_action`
    either refuses with `IllegalActionError` or applies, giving a sound state. The state is
    left as it was.

    Args:
        game: the game.
        state: a state of the game.
        text: the move text (anything: a caller may pass anything).

    Returns:
        The actions read, one per seat that read one.

    Raises:
        ConformanceError: another error, or an accepted text that is not sound.

    Examples:
        >>> import tablefeast
        >>> fc = tablefeast.load("food_chain")
        >>> check_move_text(fc, fc.initial_state(fc.Config(players=3)), "play " + "9" * 5000)
        ()
    """
    before = tablefeast.dumps(state)
    read = []
    for seat in (CHANCE, *range(state.config.players)):
        what = f"action_from_str(state, {seat}, {shown(text)})"
        action, _ = _answer(what, InvalidActionError, game.action_from_str, state, seat, text)
        if action is None:
            continue
        read.append(action)
        written = _must(f"action_to_str of what {what} read", game.action_to_str, action)
        again = _must(f"reading {written!r} back", game.action_from_str, state, seat, written)
        expect(again == action, f"{what} reads {action!r}, whose text {written!r} reads back")
        applied = f"apply_action(state, {seat}, {shown(written)})"
        after, _ = _answer(applied, IllegalActionError, game.apply_action, state, seat, action)
        if after is not None:
            _own_check(game, after, applied)
    _unchanged(state, before, f"reading {shown(text)}")
    return tuple(read)


def check_action_id(
    game: Ruleset[ConfiguredState, A, C, V], state: ConfiguredState, seat: int, action_id: object
) -> A | None:
    """``action_from_id(state, seat, action_id)``: an int from 0 to ``num_distinct_actions``
    (excluded) is the action with that id; anything else is refused with `InvalidActionError`.

    Args:
        game: the game.
        state: a state of the game.
        seat: the seat the id is read for.
        action_id: the id (anything: a learner may send anything).

    Returns:
        The action, or None when refused.

    Raises:
        ConformanceError: another error, a refused id in range, an accepted one out of range.

    Examples:
        >>> import tablefeast
        >>> fc = tablefeast.load("food_chain")
        >>> state = fc.initial_state(fc.Config(players=3))
        >>> fc.action_to_str(check_action_id(fc, state, 0, 3)), check_action_id(fc, state, 0, "3")
        ('play dog', None)
    """
    total = game.num_distinct_actions(state.config)
    what = f"action_from_id(state, {seat}, {shown(action_id)})"
    action, _ = _answer(what, InvalidActionError, game.action_from_id, state, seat, action_id)
    valid = type(action_id) is int and 0 <= action_id < total
    expect((action is not None) == valid, f"{what}: ids are the ints from 0 to {total - 1}")
    if action is not None:
        number = _must(f"action_to_id of what {what} read", game.action_to_id, action, state.config)
        expect(number == action_id, f"{what} reads {action!r}, whose id is {number}")
    return action


def check_not_actions(
    game: Ruleset[ConfiguredState, A, C, V],
    state: ConfiguredState,
    things: Sequence[object] = NOT_ACTIONS,
) -> list[TablefeastError]:
    """`apply_action` and `why_not` refuse each of `things`, which are not actions of the game,
    with `InvalidActionError`, whoever acts; the state is left as it was.

    Args:
        game: the game.
        state: a state of the game.
        things: values that are not actions of the game.

    Returns:
        The errors raised, for a test to read their words.

    Raises:
        ConformanceError: another error, or one of `things` accepted.

    Examples:
        >>> import tablefeast
        >>> fc = tablefeast.load("food_chain")
        >>> errors = check_not_actions(fc, fc.initial_state(fc.Config(players=3)), [None])
        >>> str(errors[0])
        'None is not a Food Chain action'
    """
    before = tablefeast.dumps(state)
    errors = []
    for seat in (CHANCE, *range(state.config.players)):
        for thing in things:
            for name, call in (("apply_action", game.apply_action), ("why_not", game.why_not)):
                what = f"{name}(state, {seat}, {shown(thing)})"
                done, error = _answer(what, InvalidActionError, call, state, seat, thing)
                expect(error is not None, f"{what} accepted what is not an action: {shown(done)}")
                errors.append(error)
    _unchanged(state, before, "an action that is not one")
    return [e for e in errors if e is not None]


def check_not_seats(
    game: Ruleset[ConfiguredState, A, C, V], state: ConfiguredState
) -> list[TablefeastError]:
    """What is not a seat (a huge int, -2, one past the last seat, a float, text, a bool; None
    where a seat must act, CHANCE where a seat must look) is refused with `InvalidSeatError` by
    `apply_action`, `legal_actions`, `why_not`, `view` and `determinize`; the state is left as
    it was.

    Args:
        game: the game.
        state: a state of the game, not over.

    Returns:
        The errors raised, for a test to read their words.

    Raises:
        ConformanceError: another error, or a value that is not a seat accepted.

    Examples:
        >>> import tablefeast
        >>> fc = tablefeast.load("food_chain")
        >>> str(check_not_seats(fc, fc.initial_state(fc.Config(players=3)))[0])
        'an int of about 5001 digits is not a seat: seats are 0 to 2, or CHANCE'
    """
    before = tablefeast.dumps(state)
    players = state.config.players
    actor = game.actors(state)[0]
    action = game.legal_actions(state, actor)[0]
    odd = (10**5000, -(10**5000), -2, players, players + 1, 1.0, "0", True, False, _Unprintable())
    rng = random.Random(0)
    calls: list[tuple[str, Callable[[Any], object]]] = [  # Any: each is given what is no seat
        ("apply_action(state, {}, action)", lambda seat: game.apply_action(state, seat, action)),
        ("legal_actions(state, {})", lambda seat: game.legal_actions(state, seat)),
        ("why_not(state, {}, action)", lambda seat: game.why_not(state, seat, action)),
        ("view(state, {})", lambda seat: game.view(state, seat)),
        ("determinize(state, {}, rng)", lambda seat: game.determinize(state, seat, rng)),
    ]
    errors = []
    for index, (pattern, call) in enumerate(calls):
        for seat in (*odd, None if index < 3 else CHANCE):
            what = pattern.format(shown(seat))
            done, error = _answer(what, InvalidSeatError, call, seat)
            expect(error is not None, f"{what} accepted what is not a seat: {shown(done)}")
            errors.append(error)
    _unchanged(state, before, "a seat that is not one")
    return [e for e in errors if e is not None]


# ---------------------------------------------------------------- playing on


def play_on(
    game: Ruleset[ConfiguredState, A, C, V],
    state: ConfiguredState,
    rng: random.Random | None,
    moves: int = 40,
) -> ConfiguredState:
    """Play up to `moves` random moves from `state`, one the library accepted from outside,
    checking every state met: the contract (`check_state`) and the game's own ``check_state``;
    every seat's view and a spectator's, with the observation tensor (of the declared size) and
    the text render where declared; a determinization for every seat. The last state must
    survive JSON. Nothing but `ConformanceError` comes out: any other error is one.

    Args:
        game: the game.
        state: the accepted state.
        rng: draws the moves (None: ``random.Random(0)``).
        moves: how many moves at most (fewer if the game ends).

    Returns:
        The last state.

    Raises:
        ConformanceError: a check failed, or the game raised where it must not.

    Examples:
        >>> import random, tablefeast
        >>> fc = tablefeast.load("food_chain")
        >>> state = play_on(fc, fc.initial_state(fc.Config(players=3)), random.Random(1), 5)
        >>> fc.actors(state)
        (0, 1, 2)
    """
    rng = rng or random.Random(0)
    capabilities = game.CAPABILITIES
    observe, size, render = (
        capabilities.observation_tensor,
        capabilities.observation_size,
        capabilities.render,
    )
    played = 0
    try:
        for played in range(moves + 1):  # the count says where it broke
            _own_check(game, state, "a state accepted from outside")
            for seat in (*range(state.config.players), None):
                view = game.view(state, seat)
                if observe is not None:
                    tensor = observe(view)
                    expect(size is None or len(tensor) == size(state.config), "tensor size")
                if render is not None:
                    expect(isinstance(render(view), str), "render gives text")
                expect(game.view(game.determinize(state, seat, rng), seat) == view, "a leak")
            acting = game.actors(state)
            if not acting or played == moves:
                break
            state = game.apply_action(state, *random_move(game, state, rng))
        again: ConfiguredState = tablefeast.loads(tablefeast.dumps(state), type(state))
        expect(type(again) is type(state) and again == state, "the state's JSON round trip")
    except ConformanceError as e:
        raise ConformanceError(f"{e} ({played} moves after a state accepted from outside)") from e
    except Exception as e:  # whatever a game raises on a state it accepted is the finding
        raise ConformanceError(
            f"{_said(e)} ({played} moves after a state accepted from outside)"
        ) from e
    return state
