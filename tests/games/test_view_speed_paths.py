"""The views' fast paths (issue 19) against the exact definitions they replace.

- Every game's `view`, rewritten for speed (memos of the public inputs the scores depend on,
  loops in C), gives exactly the View the original gives (`view_reference`), field for field and
  type for type, on thousands of states from seeded random games at 3 to 6 players, for every
  seat and the spectator.
- All You Can Eat Buffet's `score_table` (a scoring plan per Meal list) gives exactly the
  original `Score`s, on random tables of the default lists and of custom lists built to meet
  every special case (a Rum Banana, a Fruit called Tomato, Meals of 0 and negative points, two
  lowest Meats, no Meat at all); its memoized `scores` gives the original totals on every state,
  and asked again of the same inputs, or of other ones in between.
- The memos hold only public facts: a view's scores never change when only hidden things do.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import tablefeast
import tablefeast.games.all_you_can_eat_buffet as ayc
from tablefeast.games.all_you_can_eat_buffet import scoring
from tests.support.declared import BUILT_IN
from tests.support.view_reference import VIEWS, old_score_table, old_scores, old_total
from tests.support.walk import sampled_states

NAMES = BUILT_IN  # the built-in games' own speed paths


def _custom_lists() -> ayc.CardLists:
    meal = ayc.Meal
    return ayc.CardLists(
        (
            meal("meat", "Sausage", 6, 1, False, False),
            meal("meat", "Blood sausage", 4, 1, True, False),  # two lowest Meats
            meal("meat", "Steak", 4, 3, False, True),
            meal("fruits", "Banana", 4, 0, False, False),
            meal("fruits", "Rum Banana", 3, 2, True, False),  # a Banana, worth 2 as printed
            meal("fruits", "Tomato", 3, 0, False, False),  # overruled by the Tomatoes (AYC-20)
            meal("fruits", "Apple", 4, 0, False, False),
            meal("tomato", "Tomato plant", 5, 1, False, False),
            meal("fish", "Fish", 8, 3, False, False),
            meal("vegetables", "Leek", 5, 0, False, False),
            meal("vegetables", "Carrot", 5, 2, False, False),
            meal("garlic", "Garlic", 4, -1, False, False),
            meal("parsley", "Parsley", 2, 0, False, False),
            meal("cake", "Tart", 4, 2, True, True),
            meal("milk", "Milk", 2, 0, True, False),
            meal("lemon", "Lemon", 2, 0, False, False),
            meal("ketchup", "Ketchup", 2, 0, False, False),
            meal("spoiled_food", "Spoiled food", 3, -5, False, False),
            meal("coffee", "Coffee", 2, 1, True, False),
        ),
        (ayc.MoodCards("Hungry", 6), ayc.MoodCards("Slow", 3), ayc.MoodCards("Jealous", 3)),
    )


def _configs(game: Any) -> list[Any]:
    configs = []
    for players in (3, 4, 5, 6):
        try:
            configs.append(game.Config(players=players))
        except ValueError:
            continue
    if game.NAME == "mausgeflippt":
        configs.append(game.Config(players=4, young_seats=[1, 3]))  # MG-15: hands face up
    if game.NAME == "all_you_can_eat_buffet":
        configs.append(game.Config(players=4, cards=_custom_lists()))
    return configs


def _same(new: Any, old: Any) -> None:
    assert type(new) is type(old)
    for field in attrs.fields(type(old)):
        a, b = getattr(new, field.name), getattr(old, field.name)
        assert a == b, field.name
        assert type(a) is type(b), field.name


@pytest.mark.parametrize("name", NAMES)
def test_fast_views_give_the_original_views(name: str) -> None:
    game = tablefeast.load(name)
    original = VIEWS[name]
    compared = 0
    for config in _configs(game):
        states = sampled_states(game, config, 700, seed=config.players)
        # views of states out of order as well, so a memo meets states it saw long ago
        shuffled = states[:]
        random.Random(1).shuffle(shuffled)
        for state in states + shuffled[:200]:
            for viewer in (*range(config.players), None):
                _same(game.view(state, viewer), original(state, viewer))
                compared += 1
    assert compared > 10_000


def _random_table(
    lists: ayc.CardLists, players: int, rng: random.Random
) -> tuple[list[tuple[int, ...]], dict[str, Any]]:
    size = len(lists.tables.names)
    collections = [
        tuple(rng.choice((0, 0, 0, 1, 1, 2, 3)) for _ in range(size)) for _ in range(players)
    ]
    tomatoes = [sum(c[i] for i in lists.tables.of_set["tomato"]) for c in collections]
    options = {
        "drinks": [rng.randrange(8) for _ in range(players)],
        "spices": [rng.randrange(10) for _ in range(players)],
        "cake": rng.choice((None, *range(players))),
        "tomatoes_as_vegetables": [rng.choice((None, rng.randint(0, held))) for held in tomatoes],
    }
    return collections, options


@pytest.mark.parametrize("custom", [False, True])
def test_score_table_gives_the_original_scores(custom: bool) -> None:
    lists = _custom_lists() if custom else ayc.Config(players=3).card_lists
    rng = random.Random(7)
    for _ in range(2000):
        players = rng.randint(1, 6)
        collections, options = _random_table(lists, players, rng)
        new = scoring.score_table(lists, collections, **options)
        old = old_score_table(lists, collections, **options)
        assert new == old
        assert [s.total for s in new] == [old_total(s) for s in old]


def test_memoized_scores_give_the_original_scores() -> None:
    for config in _configs(ayc):
        states = sampled_states(ayc, config, 1500, seed=20 + config.players)
        for state in states:
            assert ayc.scores(state) == old_scores(state)
        random.Random(3).shuffle(states)
        for state in states[:300]:  # again, in another order: the memo answers
            assert ayc.scores(state) == old_scores(state)
    # the Tomato stage, where decisions differ between otherwise equal tables
    config = ayc.Config(players=4)
    found = 0
    for state in sampled_states(ayc, config, 6000, seed=5):
        if state.stage in ("tomatoes", "over"):
            found += 1
            assert ayc.scores(state) == old_scores(state)
            for seat in range(config.players):
                assert ayc.view(state, seat).scores == VIEWS[ayc.NAME](state, seat).scores
    assert found


def test_the_scores_memo_holds_no_tomato_decision() -> None:
    """Only tables with no Tomato decided are remembered: nothing hidden is kept."""
    config = ayc.Config(players=4)
    for state in sampled_states(ayc, config, 6000, seed=5):
        ayc.scores(state)
        for seat in (None, *range(config.players)):
            ayc.view(state, seat)
    assert scoring._TOTALS
    for key in scoring._TOTALS:
        assert len(key) == 5  # the lists, collections, Drinks, Spices and the cake: all public
