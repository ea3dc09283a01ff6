"""Mausgeflippt's catalog: the static facts the browser names a view's indices with."""

from __future__ import annotations

import json
from typing import Any

import pytest

import tablefeast
import tablefeast.games.mausgeflippt as mg
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.play import RandomAgent, play_game
from tests.support.mg import SMALL

CONFIGS = (
    mg.Config(players=3),
    mg.Config(players=4, young_seats=[1], language="en", tie_probability="1/5"),
    mg.Config(players=2, cards=SMALL, language="nl"),
    mg.Config(players=5, cards=SMALL),
)


def indices_used(view: dict[str, Any]) -> tuple[set[int], set[int], set[int]]:
    """The item, cheese and mouse indices a view (as JSON) refers to."""
    items: set[int] = set()
    cheeses: set[int] = set()
    mice: set[int] = set()
    per_item = [view["discard"], *view["face_up"], *(c for c in view["face_down"] if c)]
    per_item += [hand for hand in view["hands"] if hand]
    for counts in per_item:
        items.update(i for i, n in enumerate(counts) if n)
    for counts in [view["cheese_pile"], *view["cheeses"]]:
        cheeses.update(i for i, n in enumerate(counts) if n)
    mice.update(i for i, n in enumerate(view["mice_unseen"]) if n)
    mice.update(view["mice_bottom"])
    for caught in view["caught"]:
        mice.update(caught)
    if view["open_mouse"] is not None:
        mice.add(view["open_mouse"])
    if view["open_cheese"] is not None:
        cheeses.add(view["open_cheese"])
    codes = [view["my_commitment"], *(view["revealed"] or [])]
    items.update(code for code in codes if code is not None and code >= 0)
    return items, cheeses, mice


def test_the_module_exports_a_title_and_the_catalog() -> None:
    assert tablefeast.load("mausgeflippt").TITLE == "Mausgeflippt"
    assert tablefeast.load("mausgeflippt").catalog is mg.catalog


@pytest.mark.parametrize("config", CONFIGS)
def test_the_catalog_is_json_and_follows_the_card_set(config: mg.Config) -> None:
    facts = mg.catalog(config)
    assert json.loads(json.dumps(facts)) == facts
    cards = config.card_set
    assert [item["name"] for item in facts["items"]] == [
        f"{c.kind}/{c.colour}" for c in cards.clothing
    ]
    assert [item["count"] for item in facts["items"]] == [c.count for c in cards.clothing]
    assert [c["name"] for c in facts["cheeses"]] == [c.cheese for c in cards.cheeses]
    assert [m["id"] for m in facts["mice"]] == [m.id for m in cards.mice]
    for mouse, card in zip(facts["mice"], cards.mice, strict=True):
        assert [facts["items"][i]["name"] for i in mouse["wears"]] == [str(w) for w in card.wears]
        assert facts["cheeses"][mouse["cheese"]]["name"] == card.cheese
    assert facts["call"] == config.call
    assert facts["young_seats"] == list(config.young_seats)
    assert facts["commitments"] == {"pass": mg.PASS, "flip": mg.FLIP, "played": mg.PLAYED}


def test_a_custom_card_list_replaces_the_default_names() -> None:
    facts = mg.catalog(mg.Config(players=2, cards=SMALL))
    assert [item["name"] for item in facts["items"]] == ["hat/red", "hat/blue", "scarf/red"]
    assert [c["name"] for c in facts["cheeses"]] == ["brie", "feta"]
    assert facts["mice"][2] == {"id": "C", "wears": [1, 2], "cheese": 0}
    assert len(mg.catalog(mg.Config(players=2))["items"]) == len(mg.DEFAULT_CARDS.clothing)


@pytest.mark.parametrize("config", CONFIGS)
def test_every_index_a_real_game_shows_is_in_the_catalog(config: mg.Config) -> None:
    facts = mg.catalog(config)
    agents = [RandomAgent()] * config.players
    seen: tuple[set[int], set[int], set[int]] = (set(), set(), set())
    for moves in (10, 40, 90, 200, 2000):
        state = play_game(mg, config, agents, seed=moves, max_moves=moves).state
        for seat in (*range(config.players), None):
            view = json.loads(tablefeast.dumps(mg.view(state, seat)))
            assert len(view["discard"]) == len(facts["items"])
            assert len(view["cheese_pile"]) == len(facts["cheeses"])
            assert len(view["mice_unseen"]) == len(facts["mice"])
            for used, names in zip(indices_used(view), seen, strict=True):
                names.update(used)
    items, cheeses, mice = seen
    assert items and cheeses and mice
    assert max(items) < len(facts["items"])
    assert max(cheeses) < len(facts["cheeses"])
    assert max(mice) < len(facts["mice"])


@pytest.mark.parametrize("config", CONFIGS[::2], ids=["default", "small"])
def test_plays_and_draws_find_their_item_by_kind_and_colour(config: mg.Config) -> None:
    # The rules look an item up by kind, then colour (no action hashed): the same index as the
    # action tables', for exactly the items of the card set.
    tables = config.card_set.tables
    found = {
        (kind, colour): index
        for kind, colours in tables.by_kind.items()
        for colour, index in colours.items()
    }
    assert found == {(item.kind, item.colour): i for i, item in enumerate(tables.items)}
    for (kind, colour), index in found.items():
        assert tables.play_index[mg.Play(kind, colour)] == index
        assert tables.draw_index[mg.DrawClothing(kind, colour)] == index
    state = mg.initial_state(config)
    while mg.actors(state) == (CHANCE,):
        state = mg.apply_action(state, CHANCE, mg.chance_distribution(state).outcomes[0])
    held = [tables.plays[i] for i, n in enumerate(state.hands[0]) if n]
    assert set(mg.legal_actions(state, 0)) == {mg.Pass(), *held, mg.Flip()}
    for play in held:
        assert mg.apply_action(state, 0, play).commitments[0] == found[play.kind, play.colour]
    for kind, colour in (("cape", "red"), (held[0].kind, "purple"), (held[0].colour, "red")):
        with pytest.raises(tablefeast.IllegalActionError, match="not a clothing item"):
            mg.apply_action(state, 0, mg.Play(kind, colour))
