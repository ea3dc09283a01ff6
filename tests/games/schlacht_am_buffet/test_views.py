"""Views read from JSON are checked: `loads(text, View)` runs `check_view`, so a remote bot or
client never gets a view that `render` or `observation_tensor` cannot handle.

Every view of every seat and the spectator along seeded random games passes the check and
round-trips; hypothesis then tampers with one leaf or one list of real views' JSON and checks
that `loads` refuses it or the view renders and encodes; the cases found have named regressions.
"""

from __future__ import annotations

import json
import math
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tablefeast
import tablefeast.games.schlacht_am_buffet as sab
from tablefeast.games.schlacht_am_buffet.components import MAX_POSITION, Kind
from tests.support.fuzz import at, list_and_leaf_paths
from tests.support.sab import random_game

SETTINGS = settings(
    max_examples=150, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)


GAMES = [random_game(n, seed) for n, seed in ((3, 1), (3, 2), (4, 3), (5, 4), (6, 5), (6, 6))]
SAMPLE_VIEWS = [
    sab.view(state, seat)
    for game in GAMES
    for state in [*game[:: max(1, len(game) // 10)], game[-1]]
    for seat in (*range(state.config.players), None)
]
"""Views of every seat and the spectator, a dozen states of each game."""


def usable(seen: sab.View) -> None:
    """What a view `loads` accepts must support: rendering, encoding, a JSON round trip."""
    assert sab.check_view(seen) == []
    assert isinstance(sab.render(seen), str)
    tensor = sab.observation_tensor(seen)
    assert len(tensor) == sab.observation_size(seen.config)
    assert all(math.isfinite(x) for x in tensor)
    assert tablefeast.loads(tablefeast.dumps(seen), sab.View) == seen


def view_data(seat: int | None = 0) -> dict[str, Any]:
    """The JSON data of a 3-player view in the middle of a race, with plates won."""
    state = next(s for s in GAMES[0] if s.racing and any(s.plates_won) and s.buffet)
    return dict(json.loads(tablefeast.dumps(sab.view(state, seat))))


def refused(data: Any, match: str | None = None) -> None:
    with pytest.raises(tablefeast.RecordError, match=match):
        tablefeast.loads(json.dumps(data), sab.View)


# ---------------------------------------------------------------- real views pass


def test_every_view_along_random_games_passes_and_round_trips() -> None:
    for game in GAMES:
        for i, state in enumerate(game):
            for seat in (*range(state.config.players), None):
                seen = sab.view(state, seat)
                assert sab.check_view(seen) == [], (i, seat, sab.check_view(seen))
                if i % 4 == 0 or i == len(game) - 1:
                    assert tablefeast.loads(tablefeast.dumps(seen), sab.View) == seen


def test_sample_views_are_usable() -> None:
    for seen in SAMPLE_VIEWS:
        usable(seen)


# ---------------------------------------------------------------- the cases found


def test_a_card_out_of_range_in_the_hand_is_refused() -> None:
    # Once accepted, it made observation_tensor raise IndexError.
    for card in (10, -2, 10**6):
        data = view_data()
        data["hand"][0] = card
        refused(data, "the viewer's hand")


def test_a_spectator_view_shows_no_hand_and_no_commitment() -> None:
    data = view_data(None)
    assert data["hand"] is None
    data["hand"] = []
    refused(data, "spectator")
    data = view_data(None)
    data["my_commitment"] = 5
    refused(data, "spectator")
    data = view_data(0)
    data["hand"] = None  # a seat's view always shows its hand
    refused(data, "the viewer's hand")


@pytest.mark.parametrize("seat", [3, 7, -1, 10**6])
def test_a_viewer_that_is_not_a_seat_is_refused(seat: int) -> None:
    data = view_data()
    data["seat"] = seat
    refused(data, "is not a seat of 3")


@pytest.mark.parametrize(
    ("field", "value", "match"),
    [
        ("hand_sizes", [9, 9, -1], "hand sizes"),
        ("hand_sizes", [9, 9, 10], "hand sizes"),
        ("draw_pile_size", -1, "draw pile"),
        ("draw_pile_size", 111, "draw pile"),
        ("discard", [0] * 10, "discard"),
        ("discard", [11] + [0] * 10, "discard"),
        ("supply", [2] * 36, "plate supply"),
        ("racing", [0, 5], "racing seats"),
        ("racing", [1, 0], "racing seats"),
        ("start_player", 3, "start player"),
        ("exchanger", -1, "exchanger"),
        ("pending_draws", [9], "pending draws"),
        ("round", 0, "round 0"),
        ("part", 3, "part 3"),
        ("to_reveal", -1, "plates to reveal"),
        ("actors", [7], "actors"),
        ("actors", [], "actors"),
        ("scores", [99, 0, 0], "scores"),
    ],
)
def test_a_field_out_of_range_is_refused(field: str, value: Any, match: str) -> None:
    data = view_data()
    data[field] = value
    refused(data, match)


@pytest.mark.parametrize("field", ["hand_sizes", "committed", "plates_won", "positions", "scores"])
def test_a_per_seat_field_of_the_wrong_length_is_refused(field: str) -> None:
    data = view_data()
    for value in (data[field][:-1], [*data[field], data[field][0]]):
        data[field] = value
        refused(data, f"{field} has {len(value)} entries for 3 players")


def test_a_position_beyond_the_track_bound_is_refused() -> None:
    data = view_data()
    for position in (MAX_POSITION + 1, -MAX_POSITION - 1, 2**53):
        data["positions"][0] = position
        refused(data, "SAB-25")
    data["positions"][0] = 10**400  # refused by the JSON reader already
    refused(data, "digits")


def test_plates_that_do_not_exist_or_are_not_conserved_are_refused() -> None:
    data = view_data()
    data["buffet"][0] = {"value": 9, "kind": "cheese"}
    refused(data, "no plate of value 9")
    data = view_data()
    data["buffet"][0]["kind"] = "tofu"
    refused(data)
    data = view_data()
    data["plates_won"][0].append(data["buffet"][0])  # in two places
    refused(data, "plates are not conserved")


def test_cards_not_conserved_as_far_as_the_view_shows_are_refused() -> None:
    data = view_data()
    data["draw_pile_size"] += 1
    refused(data, "not conserved")
    data = view_data()
    data["discard"][10] = 10  # eleven 9s once the viewer's own are counted
    data["hand"] = sorted([*data["hand"][1:], 9])
    data["draw_pile_size"] -= 10 - view_data()["discard"][10]
    refused(data, "not conserved")


def test_commitment_and_committed_flags_must_agree() -> None:
    state = next(s for s in GAMES[0] if s.commitments[0] is not None and s.commitments[1] is None)
    data = json.loads(tablefeast.dumps(sab.view(state, 0)))
    data["my_commitment"] = None
    refused(data, "commitment")
    data = json.loads(tablefeast.dumps(sab.view(state, 1)))
    data["my_commitment"] = -1
    refused(data)


def test_check_view_never_raises_on_values_loads_would_not_build() -> None:
    seen = SAMPLE_VIEWS[len(SAMPLE_VIEWS) // 2]
    changes: list[dict[str, Any]] = [
        {"round": 10**5000},
        {"positions": (10**5000,) * seen.config.players},
        {"seat": 10**5000},
        {"seat": True},
        {"hand": "123"},
        {"hand": (1.5,)},
        {"config": None},
        {"config": "schlacht_am_buffet"},
        {"committed": [True] * seen.config.players},
        {"buffet": (None,)},
        {"plates_won": ((sab.PLATES[0],),) * 10**4},
        {"scores": (1.0,) * seen.config.players},
        {"actors": None},
        {"game_over": 1},
    ]
    for change in changes:
        problems = sab.check_view(attrs.evolve(seen, **change))
        assert problems, change
        assert all(isinstance(p, str) for p in problems)
    assert sab.check_view(object()) == ["not a Schlacht am Buffet View"]  # type: ignore[arg-type]


# ---------------------------------------------------------------- tampered JSON


WRONG_TYPES: list[Any] = ["x", None, 1.5, [], {}, True, [1], {"value": 5, "kind": "cheese"}]
NUMBERS = [-1, 0, 9, 10**6, 10**400]


@st.composite
def tampered(draw: st.DrawFn) -> dict[str, Any]:
    """A real view's JSON data with one leaf or one list changed."""
    seen = draw(st.sampled_from(SAMPLE_VIEWS))
    data: dict[str, Any] = json.loads(tablefeast.dumps(seen))
    path = draw(st.sampled_from(list_and_leaf_paths(data)))
    parent, key = at(data, path[:-1]), path[-1]
    value = parent[key]
    how = draw(st.sampled_from(["value", "wrong type", "list"]))
    if how == "wrong type":
        parent[key] = draw(st.sampled_from(WRONG_TYPES))
    elif isinstance(value, list) and value and how == "list":
        i = draw(st.integers(0, len(value) - 1))
        j = draw(st.integers(0, len(value) - 1))
        edit = draw(st.sampled_from(["swap", "drop", "duplicate"]))
        if edit == "swap":
            value[i], value[j] = value[j], value[i]
        elif edit == "drop":
            del value[i]
        else:
            value.insert(j, value[i])
    elif isinstance(value, bool):
        parent[key] = not value
    elif isinstance(value, int):
        parent[key] = draw(st.sampled_from([value + 1, value - 1, *NUMBERS]))
    elif isinstance(value, str):
        parent[key] = draw(st.sampled_from([*(k.value for k in Kind), "en", "fr", "x"]))
    else:  # None, or an empty list
        parent[key] = draw(st.sampled_from([*NUMBERS, [0], None]))
    return data


@SETTINGS
@given(data=tampered())
def test_a_tampered_view_is_refused_or_usable(data: dict[str, Any]) -> None:
    try:
        seen: sab.View = tablefeast.loads(json.dumps(data), sab.View)
    except tablefeast.RecordError as e:
        assert str(e)
        return
    usable(seen)


FIELD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.sampled_from([-1, 0, 1, 2, 9, 10, 110]),
    st.text(max_size=3),
    st.lists(st.integers(-2, 11) | st.none() | st.booleans(), max_size=12).map(tuple),
    st.lists(st.sampled_from(sab.PLATES), max_size=4).map(tuple),
)


@SETTINGS
@given(
    seen=st.sampled_from(SAMPLE_VIEWS),
    fields=st.lists(st.sampled_from([f.name for f in attrs.fields(sab.View)]), min_size=1),
    data=st.data(),
)
def test_check_view_never_raises_whatever_the_fields_hold(
    seen: sab.View, fields: list[str], data: st.DataObject
) -> None:
    changed = attrs.evolve(seen, **{f: data.draw(FIELD_VALUES, label=f) for f in fields})
    problems = sab.check_view(changed)
    assert isinstance(problems, list)
    if not problems:
        usable(changed)
