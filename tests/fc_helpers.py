"""Food Chain positions for ruling tests."""

from __future__ import annotations

from collections.abc import Mapping

import tablefeast.games.food_chain as fc
from tablefeast.games.food_chain.components import INDEX
from tablefeast.kernel.values import replace

W, B, C, D, F = (fc.Animal.WORM, fc.Animal.BIRD, fc.Animal.CAT, fc.Animal.DOG, fc.Animal.FLEA)


def counts(*animals: fc.Animal) -> tuple[int, ...]:
    out = [0] * 5
    for a in animals:
        out[INDEX[a]] += 1
    return tuple(out)


def reveal(state: fc.State, plays: Mapping[int, fc.Animal]) -> fc.State:
    """Every seat commits its animal, in seat order."""
    for seat in sorted(plays):
        state = fc.apply_action(state, seat, fc.Play(plays[seat]))
    return state


def with_centre(state: fc.State, *animals: fc.Animal) -> fc.State:
    """Move animals from seat hands (the last seat first) to the centre, keeping the count."""
    hands = [list(h) for h in state.hands]
    for animal in animals:
        for hand in reversed(hands):
            if hand[INDEX[animal]]:
                hand[INDEX[animal]] -= 1
                break
    built = replace(state, hands=tuple(map(tuple, hands)), centre=counts(*animals))
    assert fc.check_state(built) == []
    return built
