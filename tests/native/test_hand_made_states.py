"""Hand-made pure states given to `from_engine` (issue 45, item 7): no input crashes a core.

`from_engine` skips the game's `check_state` (a search converts thousands of sampled states), so
a pure state made by hand (`attrs.evolve` with a stack of 200 cards, a seat or a card out of
range, a huge or negative count, a tuple of the wrong length, a str where an int goes) reached
the cores' C arrays, compiled without bounds checks. Each core now checks what would take it
outside its arrays, now or later in play: such a state is refused with RecordError, or it is one
the core holds safely, and plays on (its moves, chance events and playouts) raising nothing but
the library's own errors. A crash fails the run, so these tests run in-process; CI's sanitizer
build (-fsanitize=address,undefined,bounds) runs them too, with more examples.
"""

from __future__ import annotations

import os
import random
from functools import cache
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tablefeast
from tablefeast import native
from tablefeast.kernel.errors import RecordError, TablefeastError
from tests.support.fuzz import built_cores, sample_states

BUILT = built_cores()  # the module is skipped where none is built (but in CI's native stage)
GAMES = sorted(native.NATIVE_GAMES)
EXAMPLES = int(os.environ.get("TABLEFEAST_HAND_MADE_EXAMPLES", "60"))
"""Examples per game (the sanitizer run sets more)."""

HOSTILE: tuple[Any, ...] = (
    -1,
    -2,
    -100,
    -129,
    7,
    9,
    10,
    36,
    64,
    100,
    127,
    128,
    200,
    255,
    256,
    2**31 - 1,
    2**31,
    -(2**31) - 1,
    2**63,
    10**30,
    -(10**30),
    None,
    True,
    False,
    1.5,
    "x",
    (),
    (0,),
    (0,) * 200,
    (200,) * 7,
    [0, 1],
    object(),
)
"""Values a field may be set to: out of every range, every C type and every shape."""


@cache
def states(name: str, players: int, seed: int) -> tuple[Any, ...]:
    """Real pure states along a seeded random game (and one per seat determinized)."""
    game = tablefeast.load(name)
    found = sample_states(game, game.Config(players=players), seed, 12)
    rng = random.Random(seed)
    more = [game.determinize(s, rng.randrange(players), rng) for s in found[:4]]
    return (*found, *more)


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The paths of every entry of `value`'s tuples (nested), `()` for the value itself."""
    paths: list[tuple[Any, ...]] = [path]
    if type(value) is tuple and len(value) <= 60:
        for i, item in enumerate(value):
            paths.extend(_leaves(item, (*path, i)))
    return paths


def _replaced(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    items = list(value)
    items[path[0]] = _replaced(items[path[0]], path[1:], new)
    return tuple(items)


def _reshaped(value: Any, how: int) -> Any:
    """A tuple made longer, shorter or repeated (a non-tuple is left as it is)."""
    if type(value) is not tuple:
        return value
    if how == 0:
        return value[:-1]
    if how == 1:
        return value + value[-1:] if value else (0,)
    if how == 2:
        return value * 9
    return ()


@st.composite
def hostile_states(draw: st.DrawFn, name: str) -> tuple[Any, list[str]]:
    """A real state of `name` with one to three fields (or entries of them) changed."""
    players = draw(st.integers(3, 6), label="players")
    real = states(name, players, draw(st.integers(0, 1), label="seed"))
    state = real[draw(st.integers(0, len(real) - 1), label="step")]
    fields = [f.name for f in attrs.fields(type(state)) if f.name != "config"]
    changes = []
    for _ in range(draw(st.integers(1, 3), label="changes")):
        field = draw(st.sampled_from(fields), label="field")
        value = getattr(state, field)
        path = draw(st.sampled_from(_leaves(value)), label="where")
        old: Any = value
        for step in path:
            old = old[step]
        if draw(st.booleans(), label="reshape") and type(old) is tuple:
            new = _reshaped(old, draw(st.integers(0, 3), label="how"))
        elif type(old) is int and draw(st.integers(0, 3), label="nudge"):
            new = old + draw(st.sampled_from((-1, 1, 1, 2, -9, 9, 60)), label="by")
        else:
            new = draw(st.sampled_from(HOSTILE), label="new")
        try:
            state = attrs.evolve(state, **{field: _replaced(value, path, new)})
        except (TypeError, ValueError):  # a field whose own class refuses it (a Pile)
            continue
        changes.append(f"{field}{list(path)} = {new!r}"[:120])
    return state, changes


def play_on(name: str, fast: Any, state: Any, seed: int) -> None:
    """Play a native state on: moves and chance events through the contract, then playouts
    and a whole game in the core; only the library's errors may come out."""
    rng = random.Random(seed)
    try:
        fast.to_pure(state)
        fast.scores(state)
        fast.winners(state)
        for _ in range(40):
            acting = fast.actors(state)
            if not acting:
                break
            seat = acting[rng.randrange(len(acting))]
            legal = fast.legal_actions(state, seat)
            if not legal:
                break
            state = fast.apply_action(state, seat, legal[rng.randrange(len(legal))])
            fast.scores(state)
    except TablefeastError:
        pass
    players = fast.to_pure(state).config.players
    for policy in ("random_playout", "heuristic_playout"):
        playout = getattr(fast, policy)
        if playout is None:
            continue
        try:
            reached, _ = playout(state, rng.randrange(players), 200, random.Random(seed))
            fast.to_pure(reached)
            fast.scores(reached)
        except TablefeastError:
            pass
    try:
        seats = [random.Random(seed + 1 + i) for i in range(players)]
        reached, _ = fast.random_game(state, random.Random(seed), seats, 3000)
        fast.to_pure(reached)
        fast.winners(reached)
    except TablefeastError:
        pass


def _refused_or_plays(name: str, state: Any, seed: int) -> None:
    fast = native.load(name)
    try:
        converted = fast.from_engine(state)
    except RecordError as e:
        assert str(e).startswith("not a ")
        return
    play_on(name, fast, converted, seed)


@pytest.mark.parametrize("name", GAMES)
def test_hostile_states_are_refused_or_play_safely(name: str) -> None:
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(hostile_states(name), st.integers(0, 2**16))
    def check(drawn: tuple[Any, list[str]], seed: int) -> None:
        state, _ = drawn
        _refused_or_plays(name, state, seed)

    check()


@pytest.mark.parametrize("name", GAMES)
def test_real_states_are_taken(name: str) -> None:
    """Every real state (and determinization) converts and plays on: the checks refuse no
    state the rules reach."""
    fast = native.load(name)
    for players in (3, 6):
        for state in states(name, players, 0):
            converted = fast.from_engine(state)
            assert fast.to_pure(converted) == state
            play_on(name, fast, converted, 0)


def _mid_game(name: str, players: int = 4) -> Any:
    return states(name, players, 0)[len(states(name, players, 0)) // 2]


def _refused(name: str, state: Any, words: str) -> None:
    with pytest.raises(RecordError, match=words):
        native.load(name).from_engine(state)


def _per_seat(value: tuple[Any, ...], seat: int, new: Any) -> tuple[Any, ...]:
    return (*value[:seat], new, *value[seat + 1 :])


@pytest.mark.parametrize("name", GAMES)
def test_named_cases_common_to_every_game(name: str) -> None:
    state = _mid_game(name)
    hands = state.hands
    _refused(name, attrs.evolve(state, hands=hands[:-1]), r"hands holds 3 entries \(4 expected\)")
    _refused(name, attrs.evolve(state, hands=(*hands, hands[0])), "hands holds 5 entries")
    _refused(name, attrs.evolve(state, hands=list(hands)), "hands is not a tuple")
    row = hands[1]
    _refused(name, attrs.evolve(state, hands=_per_seat(hands, 1, (2**70,) * len(row))), "too large")
    _refused(name, attrs.evolve(state, hands=_per_seat(hands, 1, (-1,) * len(row))), "hands")
    _refused(name, attrs.evolve(state, hands=_per_seat(hands, 1, ("x",) * len(row))), "not an int")
    _refused(name, attrs.evolve(state, hands=_per_seat(hands, 1, row[:-1])), r"hands\[1\] holds")
    _refused(name, attrs.evolve(state, commitments=(99,) * 4), "commitments")
    if name != "all_you_can_eat_buffet":  # its stage says when the game is over
        _refused(name, attrs.evolve(state, game_over=1), "game_over is not a bool")


def test_food_chain_named_cases() -> None:
    name = "food_chain"
    state = _mid_game(name)
    _refused(name, attrs.evolve(state, stacks=((0,) * 200, (), (), ())), "holds 200 entries")
    _refused(name, attrs.evolve(state, stacks=((0,) * 60, (), (), ())), "cards on stacks")
    _refused(name, attrs.evolve(state, stacks=((9,), (), (), ())), r"stacks\[0\]\[0\] is 9")
    _refused(name, attrs.evolve(state, taker=4), "taker is 4, not from 0 to 3")
    _refused(name, attrs.evolve(state, taker=-1), "taker is -1")
    _refused(name, attrs.evolve(state, snatching=0), "snatching is 0")
    _refused(name, attrs.evolve(state, alpha=2**40), "alpha")
    _refused(name, attrs.evolve(state, pass_number=12), "pass_number is 12")
    _refused(name, attrs.evolve(state, round=0), "round is 0")
    _refused(name, attrs.evolve(state, centre=(99, 0, 0, 0, 0)), r"centre\[0\] is 99")
    _refused(name, attrs.evolve(state, played=(7, None, None, None)), r"played\[0\] is 7")
    _refused(name, attrs.evolve(state, totals=(2**40, 0, 0, 0)), "totals")
    _refused(name, attrs.evolve(state, rounds=None), "rounds is not a tuple")
    start = tablefeast.load(name).initial_state(tablefeast.load(name).Config(players=3))
    _refused(name, attrs.evolve(start, commitments=(0, 0, 0)), "every seat committed")
    _refused(name, attrs.evolve(start, hands=((0,) * 5,) * 3), "hand 0 holds 0 cards")
    _refused(name, attrs.evolve(start, taker=1, snatching=1), "did not play the kind")


def test_schlacht_am_buffet_named_cases() -> None:
    name = "schlacht_am_buffet"
    state = _mid_game(name)
    plates = state.supply
    _refused(name, attrs.evolve(state, pending_draws=(0,) * 65), "holds 65 entries")
    _refused(name, attrs.evolve(state, pending_draws=(0,) * 20), "owed")
    _refused(name, attrs.evolve(state, pending_draws=(7,)), r"pending_draws\[0\] is 7")
    _refused(name, attrs.evolve(state, racing=(0, 9)), "racing is 9")
    _refused(name, attrs.evolve(state, racing=(0,)), "1 mice racing")
    _refused(name, attrs.evolve(state, exchanger=-3), "exchanger is -3")
    _refused(name, attrs.evolve(state, supply=(2,) * len(plates)), r"supply\[0\] is 2")
    _refused(name, attrs.evolve(state, buffet=("plate",)), "is not a Plate")
    _refused(name, attrs.evolve(state, positions=(2**62,) * 4), "positions")
    _refused(name, attrs.evolve(state, commitments=(10, None, None, None)), "commitments")
    _refused(name, attrs.evolve(state, to_reveal=40), "to_reveal is 40")
    won = tablefeast.load(name).PLATES[0]
    twice = attrs.evolve(state, plates_won=((won, won), (), (), ()), supply=(0,) * len(plates))
    _refused(name, twice, "held twice")


def test_mausgeflippt_named_cases() -> None:
    name = "mausgeflippt"
    state = _mid_game(name)
    _refused(name, attrs.evolve(state, pending_draws=(0,) * 49), "holds 49 entries")
    _refused(name, attrs.evolve(state, placers=(0,) * 7), "holds 7 entries")
    _refused(name, attrs.evolve(state, placers=(0, 0)), "wrong flipper")
    _refused(name, attrs.evolve(state, open_mouse=10**6), "open_mouse")
    _refused(name, attrs.evolve(state, turner=-1), "turner is -1")
    _refused(name, attrs.evolve(state, mouse_awards=(9,)), r"mouse_awards\[0\] is 9")
    _refused(name, attrs.evolve(state, caught=((0,) * 999, (), (), ())), "holds 999 entries")
    _refused(name, attrs.evolve(state, mice=None), "mice is not a Pile")
    _refused(name, attrs.evolve(state, racing=True, open_mouse=None), "no open mouse")
    _refused(name, attrs.evolve(state, commitments=(-5, None, None, None)), "commitments")


def test_all_you_can_eat_buffet_named_cases() -> None:
    name = "all_you_can_eat_buffet"
    state = _mid_game(name)
    _refused(name, attrs.evolve(state, stage="lunch"), "stage is 'lunch'")
    _refused(name, attrs.evolve(state, line=((0, 0, False),) * 8), "holds 8 entries")
    _refused(name, attrs.evolve(state, line=((999, 0, False),)), r"line\[0\]\[0\] is 999")
    _refused(name, attrs.evolve(state, mood_draws=(0,) * 19), "holds 19 entries")
    _refused(name, attrs.evolve(state, queue=(0,) * 7), "holds 7 entries")
    _refused(name, attrs.evolve(state, reveals=(8,)), r"reveals\[0\] is 8")
    _refused(name, attrs.evolve(state, revealed=(6, None, None, None)), r"revealed\[0\] is 6")
    _refused(name, attrs.evolve(state, commitments=((0, 1, 2), None, None, None)), "holds 3")
    _refused(name, attrs.evolve(state, meal_deck=(300,) * len(state.meal_deck)), "meal_deck")
    _refused(name, attrs.evolve(state, cake=6), "cake is 6")
    _refused(name, attrs.evolve(state, stage="secrets", secrets=(0,) * 4), "no secret card")
    _refused(name, attrs.evolve(state, stage="deal", mood_draws=(), to_deal=0), "nothing to deal")
