"""Schlacht am Buffet's catalog: the static facts the browser draws a view with.

It must be JSON-able, name every index a real game's views use, and follow the config: this game
has no custom card list, so what a config changes is the edition's names (SAB-19) and the number
of plates per round and rounds (SAB-2, SAB-15).
"""

from __future__ import annotations

import json
import random

import pytest

import tablefeast
import tablefeast.games.schlacht_am_buffet as sab
from tablefeast.games.schlacht_am_buffet.components import DISPLAY_NAMES, Kind
from tablefeast.kernel.play import RandomAgent, play_game


def test_the_game_exports_its_title_and_catalog() -> None:
    assert sab.TITLE == "Schlacht am Buffet"
    assert tablefeast.load("schlacht_am_buffet").catalog is sab.catalog


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("edition", ["en", "fr"])
def test_the_catalog_is_json_and_follows_the_config(players: int, edition: str) -> None:
    config = sab.Config(players=players, edition=edition)
    facts = sab.catalog(config)
    assert json.loads(json.dumps(facts)) == facts
    assert [k["key"] for k in facts["kinds"]] == [k.value for k in Kind]
    assert [k["name"] for k in facts["kinds"]] == [DISPLAY_NAMES[edition][k] for k in Kind]
    assert [k["rank"] for k in facts["kinds"]] == list(range(6))
    assert facts["plates"] == [
        {"rank": p.rank, "key": p.kind.value, "value": p.value, "name": p.display(edition)}
        for p in sab.PLATES
    ]
    assert facts["plates_per_round"] == config.plates_per_round
    assert facts["rounds"] * config.plates_per_round <= len(sab.PLATES)
    # Every kind can be told apart without its colour: a distinct symbol and icon.
    assert len({k["symbol"] for k in facts["kinds"]}) == 6
    assert len({k["icon"] for k in facts["kinds"]}) == 6


def test_the_french_edition_names_the_second_kind_a_potato() -> None:
    facts = sab.catalog(sab.Config(players=4, edition="fr"))
    salami = facts["kinds"][1]
    assert (salami["key"], salami["name"], salami["icon"]) == ("salami", "pomme de terre", "potato")
    assert facts["title"] == "Sus au buffet"
    assert facts["plates"][1]["name"] == "pomme de terre 5"


@pytest.mark.parametrize("players", [3, 4, 6])
def test_the_catalog_covers_every_index_of_a_real_games_views(players: int) -> None:
    config = sab.Config(players=players, edition=("en", "fr")[players % 2])
    facts = sab.catalog(config)
    plates = {(p["key"], p["value"]) for p in facts["plates"]}
    values = [c["value"] for c in facts["cards"]]
    rounds_seen: set[int] = set()

    def check(state: sab.State) -> None:
        for seat in [None, *range(players)]:
            seen = json.loads(tablefeast.dumps(sab.view(state, seat)))
            assert len(seen["supply"]) == len(facts["plates"])
            assert len(seen["discard"]) == len(facts["cards"])
            assert sum(seen["discard"]) <= sum(c["copies"] for c in facts["cards"])
            for plate in seen["buffet"] + [p for won in seen["plates_won"] for p in won]:
                assert (plate["kind"], plate["value"]) in plates
            for card in seen["hand"] or []:
                assert card in values
            if seen["my_commitment"] is not None:
                assert seen["my_commitment"] in values
            assert 1 <= seen["round"] <= facts["rounds"]
            rounds_seen.add(seen["round"])

    # A random walk through a whole game, its views checked along the way and at the end.
    state = sab.initial_state(config)
    rng = random.Random(players)
    while not sab.is_terminal(state):
        (seat,) = sab.actors(state)[:1]
        if seat == tablefeast.CHANCE:
            outcomes = sab.chance_outcomes(state)
            action = rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            action = rng.choice(sab.legal_actions(state, seat))
        state = sab.apply_action(state, seat, action)
        if rng.random() < 0.05:
            check(state)
    check(state)
    result = play_game(sab, config, [RandomAgent()] * players, seed=players)
    assert result.state.round == facts["rounds"] == max(rounds_seen)
