"""Food Chain positions for ruling tests."""

from __future__ import annotations

import random
from collections.abc import Mapping

import tablefeast.games.food_chain as fc
from tablefeast.games.food_chain.components import INDEX

W, B, C, D, F = (fc.Animal.WORM, fc.Animal.BIRD, fc.Animal.CAT, fc.Animal.DOG, fc.Animal.FLEA)


def random_start(seed: int) -> tuple[fc.State, random.Random]:
    """The first state of a seeded random game (3 to 6 players, random stars and first Alpha),
    and the generator, already used for the config, to play the game on with."""
    rng = random.Random(seed)
    n = 3 + seed % 4
    stars = [rng.randrange(0, 8) for _ in range(5)]
    return fc.initial_state(fc.Config(players=n, first_alpha=rng.randrange(n), stars=stars)), rng


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


def with_centre(state: fc.State, animal: fc.Animal) -> fc.State:
    """Play one real pass that leaves `animal` in the centre: the last seat plays it and every
    other seat a Flea, so nothing snatches; the Fleas leave the round (FC-8)."""
    assert animal in (W, B, C), "Fleas would take a Dog; a Flea never goes to the centre"
    last = state.config.players - 1
    built = reveal(state, {seat: F for seat in range(last)} | {last: animal})
    assert built.centre == counts(animal) and fc.check_state(built) == []
    return built
