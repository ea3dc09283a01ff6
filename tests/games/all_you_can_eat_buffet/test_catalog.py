"""The catalog of All You Can Eat Buffet: the static facts the browser client names a view's
indices with. It is JSON, it names every index a real game's views use, and it follows a custom
card list."""

from __future__ import annotations

import json
from typing import Any

import pytest

import tablefeast
import tablefeast.games.all_you_can_eat_buffet as ayc
from tablefeast.kernel.play import RandomAgent, play_game


def _custom() -> ayc.CardLists:
    return ayc.CardLists(
        (
            ayc.Meal("fish", "Herring", 30, 3, False, True),
            ayc.Meal("tomato", "Cherry tomato", 10, 0, False, False),
            ayc.Meal("surprise_bread", "Brioche", 10, 0, False, False),
            ayc.Meal("cake", "Sachertorte", 20, 2, True, False),
        ),
        (ayc.MoodCards("Hungry", 8), ayc.MoodCards("Jealous", 6)),
    )


def _views(config: ayc.Config, seed: int) -> list[Any]:
    """Every seat's and a spectator's view after every move of a random game."""
    game = play_game(ayc, config, [RandomAgent()] * config.players, seed=seed)
    state = ayc.initial_state(config)
    views = []
    for seat, action in game.moves:
        state = ayc.apply_action(state, seat, action)
        for viewer in (*range(config.players), None):
            views.append(json.loads(tablefeast.dumps(ayc.view(state, viewer))))
    assert ayc.is_terminal(state)
    return views


def _meal_indices(view: dict[str, Any]) -> set[int]:
    used = {meal for meal, _, _ in view["line"]}
    for counts in (*view["collections"], view["discard"], view["unseen_meals"]):
        used |= {i for i, n in enumerate(counts) if n}
    return used


def _mood_indices(view: dict[str, Any]) -> set[int]:
    used = {m for m in view["revealed"] if m is not None}
    used |= set(view["my_commitment"] or ())
    for counts in (*view["used"], view["my_hand"] or (), view["my_deck"] or ()):
        used |= {i for i, n in enumerate(counts) if n}
    return used


def test_the_module_exports_a_title_and_a_catalog() -> None:
    game = tablefeast.load("all_you_can_eat_buffet")
    assert game.TITLE == "All You Can Eat Buffet"
    assert game.catalog is ayc.catalog
    assert {"TITLE", "catalog"} <= set(ayc.__all__)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_catalog_is_json_and_matches_the_config(players: int) -> None:
    config = ayc.Config(players=players)
    facts = ayc.catalog(config)
    assert json.loads(json.dumps(facts)) == facts
    assert facts["title"] == ayc.TITLE
    assert (facts["rounds"], facts["line_size"]) == (config.rounds, config.line_size)
    assert (facts["play_two"], facts["play_none"]) == (config.play_two, config.play_none)
    assert [m["id"] for m in facts["moods"]] == [m.value for m in ayc.Mood]
    assert [m["count"] for m in facts["moods"]] == list(config.mood_deck)
    assert [m["name"] for m in facts["meals"]] == list(config.card_lists.tables.names)
    assert [s["id"] for s in facts["sets"]] == list(ayc.MEAL_SETS)
    assert {m["set"] for m in facts["meals"]} <= {s["id"] for s in facts["sets"]}
    assert all(m["text"] for m in facts["moods"]) and all(s["scoring"] for s in facts["sets"])


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (6, 3)])
def test_the_catalog_names_every_index_of_a_real_games_views(players: int, seed: int) -> None:
    config = ayc.Config(players=players)
    facts = ayc.catalog(config)
    meals: set[int] = set()
    moods: set[int] = set()
    for view in _views(config, seed):
        meals |= _meal_indices(view)
        moods |= _mood_indices(view)
        assert len(view["collections"][0]) == len(facts["meals"])
        assert len(view["used"][0]) == len(facts["moods"])
    assert meals and max(meals) < len(facts["meals"])
    assert moods and max(moods) < len(facts["moods"])


def test_the_catalog_follows_a_custom_card_list() -> None:
    config = ayc.Config(players=3, cards=_custom())
    facts = ayc.catalog(config)
    assert [m["name"] for m in facts["meals"]] == [
        "Herring",
        "Cherry tomato",
        "Brioche",
        "Sachertorte",
    ]
    assert facts["meals"][0] == {
        "name": "Herring",
        "set": "fish",
        "points": 3,
        "drink": False,
        "jealous_icon": True,
        "count": 30,
    }
    assert [m["count"] for m in facts["moods"]] == [8, 0, 0, 0, 0, 6]
    # The same list given as JSON data (a record's config) gives the same catalog.
    data = json.loads(tablefeast.dumps(config))
    assert ayc.catalog(ayc.Config(**data)) == facts
    meals: set[int] = set()
    moods: set[int] = set()
    for view in _views(config, 4):
        meals |= _meal_indices(view)
        moods |= _mood_indices(view)
    assert meals == {0, 1, 2, 3}
    assert moods == {0, 5}
