"""The native cores on the rulings' rare positions, which random play from the deal seldom or never
reaches (issue 32): each position is played on to the end on both engines, which must agree at
every step, and a random playout from it must draw what the Python loop draws."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablefeast
from tablefeast import native
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.values import replace

if not native.available("schlacht_am_buffet"):
    pytest.skip("the native cores are not built here", allow_module_level=True)

from tests.support.sab import commit_all, duel, table

PURE = tablefeast.load("schlacht_am_buffet")


def _native() -> Any:
    return tablefeast.load("schlacht_am_buffet", engine="native")


def play_on_both(state: Any, seed: int) -> None:
    """Play `state` to the end with random moves on both engines, comparing every step."""
    fast = _native()
    pure_state, native_state = state, fast._core.from_engine(state)  # crafted: maybe unchecked
    rng = random.Random(seed)
    while True:
        assert fast.to_pure(native_state) == pure_state
        acting = PURE.actors(pure_state)
        assert fast.actors(native_state) == acting
        assert fast.scores(native_state) == PURE.scores(pure_state)
        assert fast.winners(native_state) == PURE.winners(pure_state)
        if not acting:
            return
        seat = acting[0]
        legal = PURE.legal_actions(pure_state, seat)
        assert fast.legal_actions(native_state, seat) == legal
        if not legal:  # only in a position no game reaches (SAB-11's both piles empty)
            return
        if seat == CHANCE:
            assert fast.chance_distribution(native_state) == PURE.chance_distribution(pure_state)
        move = legal[rng.randrange(len(legal))]
        pure_state = PURE.apply_action(pure_state, seat, move)
        native_state = fast.apply_action(native_state, seat, move)


def test_sab_25_the_bound_of_the_track_on_both_engines() -> None:
    from tablefeast.games.schlacht_am_buffet.components import MAX_POSITION

    edge = MAX_POSITION - 3
    state = table(
        4,
        hands={1: [9, 5], 3: [9, 5]},
        racing=(1, 3),
        positions=(0, edge, -MAX_POSITION, edge),
        buffet=["cheese 5"],
        plates_won={0: ["salad -1"], 2: ["salami 3"]},
        exchange_open=False,
        start_player=1,
    )
    fast = _native()
    tied = commit_all(state, {1: 9, 3: 9})
    native_tied = fast.from_pure(state)
    for seat in (1, 3):
        native_tied = fast.apply_action(native_tied, seat, PURE.Play(9))
    assert fast.to_pure(native_tied) == tied  # both stop on the bound (SAB-25)
    below = replace(state, positions=(0, -edge, -MAX_POSITION, -edge))
    for seed in range(3):
        play_on_both(state, seed)
        play_on_both(below, seed)


def test_sab_11_reshuffle_and_lapse_on_both_engines() -> None:
    everything = [v for v in range(-1, 10) for _ in range(10)]
    hands = {0: [0, 7], 1: [1, 5], 2: [2, 5], 3: [3, 5]}
    held = Counter(v for h in hands.values() for v in h)
    rest = list((Counter(everything) - held).elements())
    reshuffle = table(4, hands=hands, buffet=["cheese 5", "salami 3", "salad -1"], draw_pile=[])
    assert sum(reshuffle.discard) == len(rest)
    for seed in range(4):
        play_on_both(reshuffle, seed)  # SAB-11: the discard pile becomes the draw pile
    # The other cards are nowhere (no hand holds more than nine, which `from_engine` checks:
    # issue 45, item 7), so that nothing is left to draw or shuffle.
    lapse = replace(duel({1: [4], 3: [4, 5]}, draw_pile=[]), discard=(0,) * 11)
    for seed in range(2):
        play_on_both(lapse, seed)  # SAB-11: nothing to shuffle, the owed draws lapse


@pytest.mark.parametrize("edition", ["en", "fr"])
def test_sab_17_sab_18_three_players_share_and_race_again_on_both_engines(edition: str) -> None:
    state = table(
        3,
        hands={0: [0, 3, 5], 1: [4, 2, 5], 2: [6, 1, 5]},
        edition=edition,
        buffet=["cheese 5", "salami 4", "pizza 2", "salad 2", "chicken 1"],
    )
    for seed in range(4):
        play_on_both(state, seed)


def test_sab_7_every_exchange_of_a_first_mouse_out_on_both_engines() -> None:
    """Each exchange a full hand allows, applied on both engines, then the game played on."""
    fast = _native()
    state = table(
        4,
        hands={0: [-1, 0, 3, 3, 9], 1: [5, 6], 2: [1, 2], 3: [4, 8]},
        buffet=["cheese 5", "salami 3", "salad -1"],
    )
    state = commit_all(state, {0: -1, 1: 5, 2: 1, 3: 4})  # seat 0 drops out first (SAB-6)
    assert PURE.actors(state) == (0,)
    native_state = fast.from_pure(state)
    exchanges = PURE.legal_actions(state, 0)
    assert fast.legal_actions(native_state, 0) == exchanges and len(exchanges) == 2 * 3 * 2
    for exchange in exchanges:
        after = PURE.apply_action(state, 0, exchange)
        assert fast.to_pure(fast.apply_action(native_state, 0, exchange)) == after
    for seed in range(3):
        play_on_both(state, seed)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(-1, 9), max_size=9))
def test_sab_7_the_exchanges_of_any_hand_are_the_pure_engines_in_its_order(hand: list[int]) -> None:
    """The core hands out each discard as one shared Exchange (built once, when first asked
    for): the same actions as the pure engine's, in the same order, for any hand."""
    fast = _native()
    state = table(
        4,
        hands={0: hand},
        buffet=["cheese 5", "salami 3"],  # plates for the racers: `from_engine` checks them
        racing=(1, 2, 3),
        exchanger=0,
        check=False,
    )
    native_state = fast._core.from_engine(state)
    exchanges = fast.legal_actions(native_state, 0)
    assert exchanges == PURE.legal_actions(state, 0)
    assert fast.legal_actions(native_state, 0) == exchanges  # asked again: the same objects
    assert all(a is b for a, b in zip(fast.legal_actions(native_state, 0), exchanges, strict=True))
