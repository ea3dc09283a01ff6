"""MG-21: online, who was fastest is the order in which the claims reached the server."""

from __future__ import annotations

import pytest

import tablefeast.games.mausgeflippt as mg
from tablefeast.games.mausgeflippt.race import observed_fastest
from tests.support.mg import play, race, table

ITEMS = ("hat/red", "ring/yellow", "scarf/brown", "cap/green", "dress/red", "tie/blue")


def _race(players: int = 4, **options: object) -> mg.State:
    hands = {s: [ITEMS[s]] for s in range(players)}
    state = table(players, hands=hands, **options)
    return race(state, {s: play(ITEMS[s]) for s in range(players - 1)})  # the last seat passes


def test_mg_21_the_first_claim_to_arrive_is_fastest() -> None:
    state = _race(tie_probability="1/10")
    arrivals = {0: 2.0, 1: 1.5, 2: 1.7, 3: 0.1}  # seat 3 passed: its speed does not count
    assert observed_fastest(state, arrivals, window=0.1) == mg.Fastest((1,))
    after = mg.apply_action(state, -1, observed_fastest(state, arrivals, window=0.1))
    assert mg.check_state(after) == []


def test_mg_21_claims_within_the_window_make_an_unclear_tie() -> None:
    state = _race(tie_probability="1/10")
    arrivals = {0: 1.58, 1: 1.5, 2: 1.7}
    assert observed_fastest(state, arrivals, window=0.1) == mg.Fastest((0, 1))
    assert observed_fastest(state, arrivals, window=0.25) == mg.Fastest((0, 1, 2))
    assert observed_fastest(state, arrivals, window=0.0) == mg.Fastest((1,))


def test_mg_21_no_tie_when_the_config_allows_none() -> None:
    state = _race(tie_probability=0)
    assert observed_fastest(state, {0: 1.0, 1: 1.0, 2: 1.0}, window=0.5) == mg.Fastest((0,))


def test_mg_21_every_race_unclear_ties_the_first_two() -> None:
    state = _race(tie_probability=1)
    assert observed_fastest(state, {0: 3.0, 1: 1.0, 2: 2.0}, window=0.1) == mg.Fastest((1, 2))


def test_mg_21_a_claim_with_no_arrival_time_is_last_and_the_outcome_is_always_possible() -> None:
    for tie in (0, "1/10", 1):
        state = _race(tie_probability=tie)
        outcome = observed_fastest(state, {2: 0.5}, window=0.1)
        assert outcome is not None and 2 in outcome.seats
        assert outcome in mg.legal_actions(state, -1)


def test_mg_21_nothing_to_observe_outside_a_race() -> None:
    state = table(3, hands={0: ["hat/red"]})
    assert observed_fastest(state, {}, window=0.1) is None  # seats still committing
    single = race(state, {0: play("hat/red")})  # one claimant: no chance event at all
    assert observed_fastest(single, {0: 1.0}, window=0.1) is None


@pytest.mark.parametrize("players", [2, 3, 6])
def test_mg_21_the_observed_outcome_is_a_legal_chance_outcome(players: int) -> None:
    state = _race(players, tie_probability="1/3")
    for window in (0.0, 0.05, 1.0):
        arrivals = {s: 1.0 + 0.03 * ((s * 7) % players) for s in range(players)}
        outcome = observed_fastest(state, arrivals, window)
        if players - 1 < 2:
            assert outcome is None
        else:
            assert outcome in mg.legal_actions(state, -1)
