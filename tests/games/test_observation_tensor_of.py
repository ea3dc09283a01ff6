"""Every game's `observation_tensor_of(state, seat)`, the tensor written straight from the state
(the adapters' path, issue 32), is exactly `observation_tensor(view(state, seat))`: the same
floats, element for element, on many random states of every table size, for every seat and the
spectator, with the games' options that change what a seat sees (Mausgeflippt's young players,
Sus au buffet's edition, Food Chain's stars).

The equality is the proof that the direct path reads nothing the view hides; a second check makes
it sharper: a state whose hidden parts were dealt again for a seat (`determinize`) gives that seat
the same direct tensor, so a function that peeked at another seat's cards would fail it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablefeast
from tablefeast.kernel.errors import InvalidSeatError
from tests.support.declared import BUILT_IN
from tests.support.walk import random_states

NAMES = BUILT_IN  # the built-in games' own speed paths


def _configs(name: str) -> list[Any]:
    """Every table size the game allows, and the options that change what a seat sees."""
    game = tablefeast.load(name)
    players = game.CAPABILITIES.players
    configs = [game.Config(players=n) for n in players]
    if name == "mausgeflippt":  # young players' hands lie face up (MG-15)
        configs += [
            game.Config(players=3, young_seats=(1,)),
            game.Config(players=5, young_seats=(0, 3)),
        ]
    elif name == "schlacht_am_buffet":
        configs.append(game.Config(players=4, edition="fr"))
    elif name == "food_chain":
        configs.append(game.Config(players=4, stars=(1, 1, 1, 1, 1)))
    return configs


def _check(game: Any, state: Any) -> int:
    """Both paths for every viewer of `state`; returns the number of tensors compared."""
    players = state.config.players
    for viewer in (None, *range(players)):
        direct = game.observation_tensor_of(state, viewer)
        assert direct == game.observation_tensor(game.view(state, viewer)), viewer
        assert type(direct) is tuple and all(type(x) is float for x in direct)
    return players + 1


@pytest.mark.parametrize("name", NAMES)
def test_the_direct_tensor_is_the_views_on_many_states(name: str) -> None:
    game = tablefeast.load(name)
    compared = 0
    for k, config in enumerate(_configs(name)):
        for seed in range(6):
            states = random_states(game, game.initial_state(config), random.Random(100 * k + seed))
            for state in states[:: max(1, len(states) // 150)]:  # about 150 a game
                compared += _check(game, state)
            compared += _check(game, states[-1])  # the end, every time
    assert compared > 15_000


@pytest.mark.parametrize("name", NAMES)
def test_the_direct_tensor_hides_what_the_view_hides(name: str) -> None:
    game = tablefeast.load(name)
    rng = random.Random(7)
    differed = 0
    for config in _configs(name)[:3]:
        states = random_states(game, game.initial_state(config), random.Random(config.players))
        for state in states[::5]:
            for seat in range(config.players):
                other = game.determinize(state, seat, rng)  # the hidden parts dealt again
                differed += other != state
                assert game.observation_tensor_of(other, seat) == game.observation_tensor_of(
                    state, seat
                )
    assert differed  # the check had hidden parts to miss


@pytest.mark.parametrize("name", NAMES)
@given(seed=st.integers(0, 2**32 - 1), depth=st.floats(0.0, 1.0), table=st.integers(0, 9))
def test_the_direct_tensor_is_the_views_anywhere_in_a_game(
    name: str, seed: int, depth: float, table: int
) -> None:
    game = tablefeast.load(name)
    configs = _configs(name)
    config = configs[table % len(configs)]
    states = random_states(game, game.initial_state(config), random.Random(seed))
    _check(game, states[int(depth * (len(states) - 1))])


@pytest.mark.parametrize("name", NAMES)
def test_the_direct_tensor_refuses_what_is_not_a_viewer(name: str) -> None:
    game = tablefeast.load(name)
    state = game.initial_state(game.Config(players=3))
    for bad in (-1, 3, True, "0"):
        with pytest.raises(InvalidSeatError):
            game.observation_tensor_of(state, bad)
