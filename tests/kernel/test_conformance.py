"""The shipped conformance suite (`tablefeast.testing`), run against every game with several
configs and the game's own invariants (conservation of its components, running scores)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablefeast
import tablefeast.games.all_you_can_eat_buffet as ayc
import tablefeast.games.food_chain as fc
import tablefeast.games.mausgeflippt as mg
import tablefeast.games.schlacht_am_buffet as sab
from tablefeast.kernel.ruleset import AnyRuleset
from tablefeast.testing import check_capabilities, check_game, check_random_game
from tests.support.mg import SMALL


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


SMALL_CARDS = mg.CardSet.from_data(SMALL)
"""A tiny custom card set: too few clothing cards for five hands, so MG-11 comes up at once."""


def mg_invariants(state: mg.State) -> None:
    """Clothing, mice and cheeses conserved; running scores follow MG-14."""
    assert mg.check_state(state) == []
    cards = state.config.card_set
    clothing = sum(map(sum, (*state.hands, *state.face_up, *state.face_down, *state.placing)))
    assert clothing + sum(state.clothing_pile) + sum(state.discard) == cards.total_clothing
    mice = state.mice.size + sum(map(len, state.caught)) + (state.open_mouse is not None)
    assert mice == len(cards.mice)
    cheeses = sum(state.cheese_pile) + sum(map(sum, state.cheeses))
    assert cheeses + (state.open_cheese is not None) == cards.total_cheeses
    for seat in range(state.config.players):
        penalty = sum(state.face_up[seat]) + sum(state.face_down[seat]) + sum(state.placing[seat])
        expected = len(state.caught[seat]) - penalty - 2 * sum(state.cheeses[seat])
        assert mg.scores(state)[seat] == expected


def _short_meal_list() -> ayc.CardLists:
    data = json.loads(tablefeast.dumps(ayc.DEFAULT_CARDS))
    for meal in data["meals"]:
        meal["count"] = 2 if meal["name"] == "Surprise bread" else 1
    return ayc.CardLists.from_data(data)


SHORT_MEALS = _short_meal_list()
"""One card of each Meal (two Surprise breads): 27 cards, so the line runs short (AYC-13) and a
bread can be drawn with no card left to put under it (AYC-4)."""


def ayc_invariants(state: ayc.State) -> None:
    """Meals, Mood cards, Drink and Spice tokens conserved; running scores are AYC-11's."""
    assert ayc.check_state(state) == []
    lists = state.config.card_lists
    meals = sum(state.meal_deck) + sum(state.discard) + sum(map(sum, state.collections))
    assert meals + len(state.line) == lists.total_meals
    for seat in range(state.config.players):
        moods = sum(state.decks[seat]) + sum(state.hands[seat]) + sum(state.used[seat])
        assert moods == sum(state.config.mood_deck)
    assert state.drink_supply + sum(state.drinks) == 36
    assert state.spice_supply + sum(state.spices) + sum(s for _, s, _ in state.line) == 24
    table = ayc.score_table(
        lists,
        state.collections,
        drinks=state.drinks,
        spices=state.spices,
        cake=state.cake,
        tomatoes_as_vegetables=state.tomatoes,
    )
    assert ayc.scores(state) == tuple(s.total for s in table)


@attrs.frozen
class GameSpec:
    """A game under test: its name, configs to play, and its own invariants."""

    name: str
    configs: tuple[Any, ...]
    invariants: Callable[[Any], None]

    @property
    def game(self) -> AnyRuleset:
        return tablefeast.load(self.name)


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
    "mausgeflippt": GameSpec(
        "mausgeflippt",
        (
            *(mg.Config(players=n, first_turner=n - 1) for n in (2, 3, 4, 5, 6)),
            mg.Config(players=3, young_seats=(1,), tie_probability="1/5"),
            mg.Config(players=4, speed_weights=(3, 1, 1, 2), tie_probability="1/3", language="nl"),
            mg.Config(players=6, young_seats=(0, 5), tie_probability=1, language="en"),
            mg.Config(players=2, young_seats=(0, 1)),
            mg.Config(players=5, cards=SMALL_CARDS, tie_probability="1/2"),
        ),
        mg_invariants,
    ),
    "all_you_can_eat_buffet": GameSpec(
        "all_you_can_eat_buffet",
        (
            *(ayc.Config(players=n, first_player=f) for n in (3, 4, 5, 6) for f in (0, n - 1)),
            ayc.Config(players=3, cards=SHORT_MEALS),
            ayc.Config(players=6, first_player=2, cards=SHORT_MEALS),
        ),
        ayc_invariants,
    ),
}


def test_every_game_of_the_library_has_a_spec() -> None:
    assert set(SPECS) == set(tablefeast.GAMES)


def test_every_plugin_game_installed_passes_the_shipped_suite() -> None:
    """A game that another package registers (the tutorial's Goofspiel in CI's run with a
    plug-in installed, TABLEFEAST_TEST_PLUGIN=1) passes the suite it would run itself."""
    for name in tablefeast.names():
        if name not in tablefeast.GAMES:
            report = check_game(tablefeast.load(name), games=1, seed=5)
            assert report.games >= 1 and report.compared > 0


@pytest.mark.parametrize("name", sorted(SPECS))
@given(data=st.data())
def test_random_games_keep_every_invariant(name: str, data: st.DataObject) -> None:
    spec = SPECS[name]
    config = data.draw(st.sampled_from(spec.configs), label="config")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    _, report = check_random_game(spec.game, config, seed, invariants=spec.invariants)
    assert report.resampled, "every game hides something: determinize resamples it"
    assert report.compared, "and it is checked on states that really differ"


@pytest.mark.parametrize("name", sorted(SPECS))
def test_every_config_plays_to_the_end(name: str) -> None:
    spec = SPECS[name]
    check_capabilities(spec.game, spec.configs)
    for i, config in enumerate(spec.configs):
        final, _ = check_random_game(
            spec.game, config, seed=1000 + i, invariants=spec.invariants, deep_every=50
        )
        assert spec.game.is_terminal(final)
