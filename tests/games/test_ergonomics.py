"""Counts in views and states read by kind: the kinds index the counts tuples directly."""

from __future__ import annotations

import random

import tablefeast.games.all_you_can_eat_buffet as ayc
import tablefeast.games.food_chain as fc
from tests.support.walk import random_states


def test_food_chain_counts_read_by_animal() -> None:
    state = fc.initial_state(fc.Config(players=3))
    view = fc.view(state, 0)
    assert [view.hands[0][animal] for animal in fc.Animal] == list(view.hands[0])
    assert view.hands[0][fc.Animal.WORM] == 3 and view.centre[fc.Animal.FLEA] == 0
    for later in random_states(fc, state, random.Random(1)):
        assert [later.centre[a] for a in fc.Animal] == list(later.centre)


def test_all_you_can_eat_buffet_hands_read_by_mood() -> None:
    state = ayc.initial_state(ayc.Config(players=3))
    for later in random_states(ayc, state, random.Random(2)):
        hand = ayc.view(later, 0).my_hand
        assert hand is None or [hand[mood] for mood in ayc.Mood] == list(hand)


def test_the_kinds_still_serialize_by_name() -> None:
    assert fc.action_to_str(fc.Play(fc.Animal.DOG)) == "play dog"
    assert ayc.action_to_str(ayc.Play((ayc.Mood.BOOR,))) == "play boor"
