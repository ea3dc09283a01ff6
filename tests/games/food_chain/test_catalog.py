"""Food Chain's catalog: the static facts a browser draws a view with."""

from __future__ import annotations

import json
import random

import pytest

import tablefeast
import tablefeast.games.food_chain as fc
from tablefeast.games.food_chain.components import HAND, PREY


def _views_of_a_game(config: fc.Config, seed: int) -> list[fc.View]:
    """Every seat's and a spectator's view after every move of a seeded random game."""
    rng = random.Random(seed)
    state = fc.initial_state(config)
    seats: list[int | None] = [None, *range(config.players)]
    views = [fc.view(state, seat) for seat in seats]
    while not fc.is_terminal(state):
        seat = rng.choice(fc.actors(state))
        state = fc.apply_action(state, seat, rng.choice(fc.legal_actions(state, seat)))
        views.extend(fc.view(state, viewer) for viewer in seats)
    return views


def test_the_game_exports_its_title_and_catalog() -> None:
    game = tablefeast.load("food_chain")
    assert game.TITLE == "Food Chain"
    assert game.catalog(fc.Config(players=3)) == fc.catalog(fc.Config(players=3))


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_catalog_is_json(players: int) -> None:
    facts = fc.catalog(fc.Config(players=players))
    assert json.loads(json.dumps(facts)) == facts
    assert facts["rounds"] == players


def test_the_catalog_names_every_kind_in_the_order_views_index_them() -> None:
    animals = fc.catalog(fc.Config(players=3))["animals"]
    assert [a["index"] for a in animals] == list(range(len(fc.ANIMALS)))
    assert [a["key"] for a in animals] == [a.value for a in fc.ANIMALS]
    assert [a["per_hand"] for a in animals] == list(HAND)
    for hunter, prey in PREY.items():
        entry = animals[fc.ANIMALS.index(hunter)]
        assert fc.ANIMALS[entry["prey"]] is prey
        assert animals[entry["prey"]]["predator"] == entry["index"]
    # the notation's words: every play move names a catalog key
    assert {f"play {a['key']}" for a in animals} == {
        fc.action_to_str(fc.Play(a)) for a in fc.ANIMALS
    }
    # a colour is never alone: every kind has its own symbol and its own colour
    assert len({a["symbol"] for a in animals}) == len({a["colour"] for a in animals}) == 5


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_catalog_covers_every_index_a_real_game_uses(players: int) -> None:
    config = fc.Config(players=players, first_alpha=players - 1)
    facts = fc.catalog(config)
    kinds = {a["index"] for a in facts["animals"]}
    used: set[int] = set()
    for v in _views_of_a_game(config, seed=players):
        counts = [*v.hands, v.centre, *v.piles]
        assert all(len(c) == len(kinds) for c in counts)
        used.update(k for k in v.played if k is not None)
        used.update(k for stack in v.stacks for k in stack)
        used.update(k for k in (v.snatching, v.my_commitment) if k is not None)
        assert 1 <= v.round <= facts["rounds"]
        assert 1 <= v.pass_number <= facts["passes"]
        assert all(sum(hand) <= facts["hand_size"] for hand in v.hands)
        if v.snatching is not None:
            assert v.snatching in facts["predator_order"]
    assert used <= kinds
    assert used == kinds  # a whole random game shows every kind somewhere


def test_the_catalog_follows_the_configs_stars() -> None:
    stars = [7, 0, 1000, 2, 5]
    facts = fc.catalog(fc.Config(players=4, stars=stars))
    assert [a["stars"] for a in facts["animals"]] == stars
    default = fc.catalog(fc.Config(players=4))
    assert [a["stars"] for a in default["animals"]] == list(fc.DEFAULT_STARS)


def test_the_server_sends_the_catalog_in_its_welcome() -> None:
    pytest.importorskip("starlette")
    from tablefeast.server.protocol import Table, welcome
    from tablefeast.server.store import SQLiteStore

    options = {"stars": [1, 2, 3, 4, 5]}
    table, _ = Table.create(SQLiteStore(":memory:"), "food_chain", 3, options, ("human",) * 3)
    message = welcome(table, 0)
    assert message["title"] == "Food Chain"
    assert [a["stars"] for a in message["catalog"]["animals"]] == [1, 2, 3, 4, 5]
