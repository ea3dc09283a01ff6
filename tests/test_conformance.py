"""The shared conformance suite, run against every game with several configs."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablefeast
import tablefeast.games.food_chain as fc
import tablefeast.games.schlacht_am_buffet as sab
from tests.conformance import GameSpec, check_random_game


def sab_invariants(state: sab.State) -> None:
    """110 mouse cards and 36 plates conserved; running scores are the sums of top plates."""
    assert sab.check_state(state) == []
    cards = sum(map(sum, state.hands)) + sum(state.draw_pile) + sum(state.discard)
    cards += sum(c is not None for c in state.commitments)
    assert cards == 110
    plates = sum(state.supply) + len(state.buffet) + sum(len(w) for w in state.plates_won)
    assert plates == 36
    for seat, won in enumerate(state.plates_won):
        top = {p.kind: p.value for p in won}
        assert sab.scores(state)[seat] == sum(top.values())


def fc_invariants(state: fc.State) -> None:
    """Every player's nine animals accounted for; running scores are totals plus piles."""
    assert fc.check_state(state) == []
    stars = state.config.stars
    for seat in range(state.config.players):
        pile = sum(s * c for s, c in zip(stars, state.piles[seat], strict=True))
        assert fc.scores(state)[seat] == state.totals[seat] + pile


SPECS = {
    "schlacht_am_buffet": GameSpec(
        "schlacht_am_buffet",
        tuple(
            sab.Config(players=n, edition=e, start_player=s)
            for n in (3, 4, 5, 6)
            for e in ("en", "fr")
            for s in (0, n - 1)
        ),
        sab_invariants,
    ),
    "food_chain": GameSpec(
        "food_chain",
        tuple(
            fc.Config(players=n, first_alpha=a, stars=stars)
            for n in (3, 4, 5, 6)
            for a in (0, n - 1)
            for stars in ((3, 2, 1, 3, 0), (1, 2, 3, 4, 5))
        ),
        fc_invariants,
    ),
}


def test_every_registered_game_has_a_spec() -> None:
    assert set(SPECS) == set(tablefeast.names())


@pytest.mark.parametrize("name", sorted(SPECS))
@given(data=st.data())
def test_random_games_keep_every_invariant(name: str, data: st.DataObject) -> None:
    spec = SPECS[name]
    config = data.draw(st.sampled_from(spec.configs), label="config")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    check_random_game(spec, config, seed)


@pytest.mark.parametrize("name", sorted(SPECS))
def test_every_config_plays_to_the_end(name: str) -> None:
    spec = SPECS[name]
    for i, config in enumerate(spec.configs):
        final = check_random_game(spec, config, seed=1000 + i, deep_every=50)
        assert spec.game.is_terminal(final)
