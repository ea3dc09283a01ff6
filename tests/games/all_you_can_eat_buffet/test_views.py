"""All You Can Eat Buffet views: `check_view` accepts every real view, and
`tablefeast.loads(text, View)` refuses a tampered one with RecordError, so that a view it returns
always renders, encodes and round-trips.

A remote bot or client loads its views from JSON; a view that loads must never make `render` or
`observation_tensor` fail (IndexError, OverflowError, ...) nor show a spectator a hand.
"""

from __future__ import annotations

import json
import math
import random
from functools import cache
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablefeast
import tablefeast.games.all_you_can_eat_buffet as ayc
from tablefeast.kernel.errors import RecordError
from tests.support.fuzz import at, check_tampered_view, set_at, tamper_json
from tests.support.walk import random_states


def _custom_cards() -> dict[str, Any]:
    """A smaller Meal list of six sets, Surprise breads, Tomatoes and Cakes among them."""
    data: dict[str, Any] = json.loads(tablefeast.dumps(ayc.DEFAULT_CARDS))
    keep = ("fish", "meat", "surprise_bread", "tomato", "cake", "fruits")
    data["meals"] = [m for m in data["meals"] if m["set"] in keep]
    return data


CONFIGS = (
    ayc.Config(players=3),
    ayc.Config(players=4, first_player=2),
    ayc.Config(players=5, first_player=4, cards=_custom_cards()),
    ayc.Config(players=6, first_player=1),
)


@cache
def _states(config_index: int, seed: int) -> tuple[ayc.State, ...]:
    """Every state of a seeded random game, the last one included."""
    state = ayc.initial_state(CONFIGS[config_index])
    return tuple(random_states(ayc, state, random.Random(seed), any_actor=False))


def _first(stage: str, viewer: int | None = 0) -> dict[str, Any]:
    """The JSON of `viewer`'s view of the first state of `stage` of a 4-player game."""
    state = next(s for s in _states(1, 0) if s.stage == stage)
    data: dict[str, Any] = json.loads(tablefeast.dumps(ayc.view(state, viewer)))
    return data


def _usable(seen: ayc.View) -> None:
    """The view renders and encodes as a tensor of the right size, of finite floats only."""
    assert ayc.render(seen)
    tensor = ayc.observation_tensor(seen)
    assert len(tensor) == ayc.observation_size(seen.config)
    assert all(type(x) is float and math.isfinite(x) for x in tensor)


def _refused(data: Any, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        tablefeast.loads(json.dumps(data), ayc.View)


# ---------------------------------------------------------------- (a) every real view passes


@pytest.mark.parametrize("config_index", range(len(CONFIGS)))
def test_every_view_of_random_games_passes_and_round_trips(config_index: int) -> None:
    players = CONFIGS[config_index].players
    for seed in (0, 1):
        states = _states(config_index, seed)
        assert ayc.is_terminal(states[-1])
        for step, state in enumerate(states):
            for viewer in (None, *range(players)):
                seen = ayc.view(state, viewer)
                assert ayc.check_view(seen) == [], (seed, step, viewer)
                if step % 11 == 0 or step == len(states) - 1:  # the JSON round trip, sampled
                    assert tablefeast.loads(tablefeast.dumps(seen), ayc.View) == seen
                    _usable(seen)


def test_views_of_determinized_states_pass() -> None:
    rng = random.Random(3)
    for config_index, config in enumerate(CONFIGS):
        for state in _states(config_index, 2)[::13]:
            viewer = rng.choice((None, *range(config.players)))
            sampled = ayc.determinize(state, viewer, rng)
            assert ayc.check_view(ayc.view(sampled, viewer)) == []


# ---------------------------------------------------------------- (b) hypothesis: tamper


_NUMBERS = (-1, 0, 9, 10**6, 10**400, 2**53, -2, 1, 6)
_WRONG_TYPES: tuple[Any, ...] = (None, "x", [], {}, 1.5, True, False, [0], [0, 0, False])


def _tamper(data: Any, draw: Any, *, first: bool) -> str:
    """One change to the view's JSON; returns what was done (for the failure report).

    The changes that need the view's own shapes ("mine", "moved") are made first only.
    """
    kinds = ["int", "int", "type", "list"] + ["mine", "moved"] * first
    kind = draw(st.sampled_from(kinds))
    if kind in ("int", "type", "list"):
        return tamper_json(data, draw, kind, _NUMBERS, _WRONG_TYPES)
    if kind == "mine":  # show a spectator the viewer's fields, or hide them from a seat
        field = draw(st.sampled_from(["my_hand", "my_deck", "my_commitment", "my_tomatoes"]))
        shown = {"my_hand": [1] * 6, "my_deck": [0] * 6, "my_commitment": [0], "my_tomatoes": 0}
        data[field] = shown[field] if data[field] is None else None
        return f"{field} = {data[field]}"
    # one card moves between places the view shows: each place stays well formed
    places = [("unseen_meals",), ("discard",)]
    places += [("collections", s) for s in range(len(data["collections"]))]
    source, target = draw(st.sampled_from(places)), draw(st.sampled_from(places))
    meal = draw(st.integers(0, len(data["discard"]) - 1))
    at(data, source)[meal] -= 1
    at(data, target)[meal] += 1
    return f"Meal {meal} from {source} to {target}"


@settings(max_examples=1500, deadline=None)
@given(st.data())
def test_tampered_views_are_refused_or_usable(data: st.DataObject) -> None:
    check_tampered_view(
        ayc, data, states=_states, configs=len(CONFIGS), tamper=_tamper, usable=_usable
    )


def test_check_view_never_raises_whatever_the_fields_hold() -> None:
    seen = ayc.view(next(s for s in _states(1, 0) if s.stage == "resolve"), 1)
    weird: list[Any] = [None, -1, 10**400, "x", (), (None,), ((),) * 4, (10**400,) * 4, 1.5, True]
    weird += [((0,) * 6,) * 40_000, ((0, 0),) * 4, ((0, 0, 0),), ((99, 9, True),), [0, 0, 0, 0]]
    weird += [(None, None, None, None), (True,) * 4, (-1,) * 6, ("x",) * 4, CONFIGS[0]]
    for field in attrs.fields(ayc.View):
        for value in weird:
            problems = ayc.check_view(attrs.evolve(seen, **{field.name: value}))
            assert all(isinstance(p, str) for p in problems), (field.name, value)
    assert ayc.check_view(seen) == []
    assert ayc.check_view(ayc.initial_state(CONFIGS[0])) == ["not a View of this game"]  # type: ignore[arg-type]


# ---------------------------------------------------------------- (c) the cases found


def test_indices_past_the_card_lists_are_refused() -> None:
    # Before views were checked, each of these loaded and then made `render` or
    # `observation_tensor` raise IndexError (or, for -1 and a seat 7, encode quietly wrong).
    for stage, path, value, message in (
        ("resolve", ("revealed", 0), 9, "revealed must hold None or ints from 0 to 5"),
        ("resolve", ("seat",), 7, "viewer 7 is neither a seat of 4 nor None"),
        ("resolve", ("seat",), -1, "viewer -1 is neither a seat of 4 nor None"),
        ("resolve", ("first",), 7, "first 7 is impossible: an int from 0 to 3"),
        ("resolve", ("cake",), 4, "the Birthday Cake tile is at 4, not a seat"),
        ("play", ("line", 0, 0), 26, r"a line entry must be \(a Meal from 0 to 25"),
        ("play", ("committed", 1), 3, "committed must hold None or ints from 0 to 2"),
        ("play", ("actors",), [0, 1, 4], "actors names a seat that does not exist"),
        ("deal", ("mood_draws",), [9], "mood_draws names a seat that does not exist"),
        ("resolve", ("queue",), [0] * 40_000, "queue must list at most 4 seats"),
        ("play", ("my_commitment",), [6], "my_commitment must be None or at most 2 Moods"),
    ):
        data = _first(stage)
        set_at(data, path, value)
        _refused(data, message)


def test_negative_huge_and_excess_counts_are_refused() -> None:
    data = _first("play")
    data["my_hand"][0] = -1
    _refused(data, "my_hand must be None or 6 Mood counts")
    data = _first("play")
    data["round"] = 10**400
    _refused(data, "an integer of 401 digits")
    data = _first("play")
    data["round"] = 2**53
    _refused(data, "round 9007199254740992 is impossible: an int from 1 to 10")
    data = _first("play")
    data["unseen_meals"][0] += 1  # a Meal card too many
    _refused(data, "Meal cards are not conserved")
    data = _first("play")
    data["hand_sizes"][1] += 1
    _refused(data, "seat 1's Mood cards are not conserved")
    data = _first("play")
    data["drinks"][2] = 37
    _refused(data, "drinks must be 4 ints from 0 to 36")
    data = _first("play")
    data["scores"][0] = 10**9
    _refused(data, "scores must be 4 ints")
    data = _first("play")
    data["line"][0] = [data["line"][0][0], 0]  # a line entry of the wrong length
    _refused(data, r"line\[0\]")
    seen = tablefeast.loads(json.dumps(_first("play")), ayc.View)
    short = attrs.evolve(seen, line=((seen.line[0][0], 0), *seen.line[1:]))
    assert ayc.check_view(short) == [
        "a line entry must be (a Meal from 0 to 25, 0 or 1 Spice, a flag)"
    ]


def test_a_spectator_sees_no_hand_and_a_seat_sees_its_own() -> None:
    data = _first("play", None)
    data["my_hand"] = [1, 1, 1, 0, 0, 0]
    _refused(data, "a spectator sees no hand, deck, commitment or Tomato decision")
    data = _first("play", 2)
    data["my_hand"] = None
    _refused(data, "seat 2 sees its own hand and deck")
    data = _first("play", 2)
    data["my_hand"] = data["my_hand"][::-1]  # the right size, but cards it cannot hold
    _refused(data, "seat 2's Mood cards are not conserved")


def test_derived_fields_must_be_what_the_rules_say() -> None:
    data = _first("play")
    data["actors"] = [1, 2, 3]
    _refused(data, r"actors \(1, 2, 3\) are not who acts now: \(0, 1, 2, 3\)")
    data = _first("resolve")
    data["scores"][0] += 1
    _refused(data, "the running scores are not those of the table")
    data = _first("resolve", None)
    data["committed"][0] = 1
    _refused(data, "Mood cards are committed in stage resolve")
