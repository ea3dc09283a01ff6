"""Food Chain views: `check_view`, and `tablefeast.loads(text, fc.View)` refusing tampered views.

A remote bot or client reads views from JSON. Every view of a real game passes `check_view` and
round-trips; a tampered one is refused with `RecordError`, or else it is sound: it renders,
builds its observation tensor (of the right size, only finite floats) and round-trips.
"""

from __future__ import annotations

import copy
import json
import math
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablefeast
import tablefeast.games.food_chain as fc
from tablefeast.kernel.errors import RecordError
from tests.support.fc import B, C, D, W, random_start, reveal
from tests.support.fuzz import at
from tests.support.walk import random_states

# ---------------------------------------------------------------- views of real games


def _game_states(seed: int) -> list[fc.State]:
    """Every state of one seeded random game (3 to 6 players, random stars and first Alpha)."""
    state, rng = random_start(seed)
    return random_states(fc, state, rng)  # Food Chain has no chance: every actor is a seat


def _viewers(state: fc.State) -> tuple[int | None, ...]:
    return (*range(state.config.players), None)


GAMES = [_game_states(seed) for seed in range(4)]
VIEWS = [
    fc.view(state, seat)
    for states in GAMES
    for state in states[::15] + states[-1:]
    for seat in _viewers(state)
]
"""Views of every seat and the spectator, of commit, snatch and final states of four games."""


def _data(seen: fc.View) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(tablefeast.dumps(seen))
    return data


def _sound(seen: fc.View) -> None:
    """What a client does with a view it accepted: all of it works."""
    assert fc.check_view(seen) == []
    assert fc.render(seen)
    tensor = fc.observation_tensor(seen)
    assert len(tensor) == fc.observation_size(seen.config)
    assert all(type(x) is float and math.isfinite(x) for x in tensor)
    assert tablefeast.loads(tablefeast.dumps(seen), fc.View) == seen


def _load(data: Any) -> fc.View | None:
    """Tampered JSON: refused with RecordError (None), or a sound view."""
    try:
        seen: fc.View = tablefeast.loads(json.dumps(data), fc.View)
    except RecordError:
        return None
    _sound(seen)
    return seen


def _refused(data: Any, match: str | None = None) -> None:
    with pytest.raises(RecordError, match=match):
        tablefeast.loads(json.dumps(data), fc.View)


def test_every_view_of_every_seat_along_random_games_passes_and_round_trips() -> None:
    for states in GAMES:
        for state in states:
            for seat in _viewers(state):
                seen = fc.view(state, seat)
                assert fc.check_view(seen) == [], (seat, state)
                assert tablefeast.loads(tablefeast.dumps(seen), fc.View) == seen


def test_views_of_determinized_states_pass() -> None:
    rng = random.Random(5)
    for state in GAMES[1][::7]:
        for seat in _viewers(state):
            assert fc.check_view(fc.view(fc.determinize(state, seat, rng), seat)) == []


# ---------------------------------------------------------------- named regressions


def _snatch_view(seat: int | None) -> fc.View:
    return fc.view(reveal(fc.initial_state(fc.Config(players=3)), {0: B, 1: W, 2: C}), seat)


def _commit_view(seat: int | None) -> fc.View:
    """Seat 1 has committed a Dog, the others not yet."""
    return fc.view(fc.apply_action(fc.initial_state(fc.Config(players=3)), 1, fc.Play(D)), seat)


@pytest.mark.parametrize("field", ["played", "stacks", "snatching", "my_commitment"])
def test_animal_kind_9_is_refused_wherever_a_kind_is(field: str) -> None:
    data = _data(_snatch_view(0) if field != "my_commitment" else _commit_view(1))
    if field == "played":
        data["played"][1] = 9
    elif field == "stacks":
        data["stacks"][0] = [9]
    else:
        data[field] = 9
    _refused(data, "not an animal kind|not a predator kind")


def test_counts_of_minus_one_are_refused() -> None:
    for field in ("hands", "piles"):
        data = _data(_snatch_view(0))
        data[field][2][0] = -1
        _refused(data, rf"{field}\[2\] is not five counts")
    data = _data(_snatch_view(0))
    data["centre"][4] = -1
    _refused(data, "centre is not five counts")
    data = _data(_snatch_view(0))
    data["fleas_out"] = -1
    _refused(data, "fleas_out -1 is not from 0 to 3")  # FC-8: three players' Fleas at most


def test_seat_7_and_other_seats_out_of_range_are_refused() -> None:
    for field, value, match in [
        ("seat", 7, r"seat 7 is not a seat \(0 to 2\) nor None"),
        ("seat", -1, "seat -1 is not a seat"),
        ("seat", True, r"expected int \| None @ \$\.seat"),
        ("taker", 7, "taker 7 is not a seat"),
        ("alpha", 3, "alpha 3 is not from 0 to 2"),
    ]:
        data = _data(_snatch_view(0))
        data[field] = value
        _refused(data, match)


def test_a_position_of_10_to_the_400_is_refused() -> None:
    for field in ("round", "pass_number", "seat", "taker"):
        data = _data(_snatch_view(0))
        data[field] = 10**400
        _refused(data)
    data = _data(_snatch_view(0))
    data["scores"][0] = 10**400
    _refused(data)
    huge = attrs.evolve(_snatch_view(0), pass_number=10**400, totals=(10**400, 0, 0))
    assert fc.check_view(huge)  # built by hand: refused, not an OverflowError


@pytest.mark.parametrize(
    "field", ["committed", "hands", "played", "stacks", "taken", "piles", "totals", "scores"]
)
def test_per_seat_tuples_of_the_wrong_length_are_refused(field: str) -> None:
    for change in ("drop", "add"):
        data = _data(_snatch_view(0))
        if change == "drop":
            del data[field][-1]
        else:
            data[field].append(data[field][0])
        _refused(data)


def test_counts_tuples_of_the_wrong_length_are_refused() -> None:
    data = _data(_snatch_view(0))
    data["centre"] = [0, 0, 0, 0]
    _refused(data, "centre is not five counts")
    data = _data(_snatch_view(0))
    data["hands"][0] = [*data["hands"][0], 0]
    _refused(data, r"hands\[0\] is not five counts")


def test_a_spectator_sees_no_commitment() -> None:
    data = _data(_commit_view(None))
    assert data["committed"] == [False, True, False] and data["my_commitment"] is None
    data["my_commitment"] = 3
    _refused(data, "a spectator sees no commitment")


def test_my_commitment_agrees_with_committed() -> None:
    data = _data(_commit_view(1))
    assert data["my_commitment"] == 3
    data["my_commitment"] = None
    _refused(data, r"disagrees with committed\[1\]")
    data = _data(_commit_view(0))
    data["my_commitment"] = 2  # seat 0 has not committed
    _refused(data, r"disagrees with committed\[0\]")
    data = _data(_commit_view(1))
    data["hands"][1][3] = 0  # the Dog it committed is gone from its hand (and from the game)
    _refused(data)


def test_actors_and_scores_are_those_of_the_state_shown() -> None:
    data = _data(_commit_view(0))
    data["actors"] = [0, 1, 2]  # seat 1 has committed: it does not act
    _refused(data, r"actors \(0, 1, 2\) are not the seats that act now, \(0, 2\)")
    data = _data(_commit_view(0))
    data["actors"] = [0, 2, 2]
    _refused(data, "are not the seats that act now")
    data = _data(_commit_view(0))
    data["scores"][1] = 5
    _refused(data, r"are not the running scores \(0, 0, 0\)")


def test_conservation_of_the_animals_shown_holds() -> None:
    data = _data(_snatch_view(0))
    data["hands"][0][0] -= 1  # a Worm vanishes
    _refused(data, "worms in play")
    data = _data(_snatch_view(0))
    data["hands"][0][0] -= 1
    data["centre"][0] += 1  # a Worm moved to the centre outside a pass's end
    _refused(data)


def test_commitments_after_the_reveal_are_refused() -> None:
    data = _data(_snatch_view(None))
    data["committed"][2] = True
    _refused(data, "a commitment is left after the reveal")


def test_views_built_by_hand_with_junk_are_refused_not_raising() -> None:
    seen = _snatch_view(0)
    junks: list[tuple[str, Any]] = [
        ("config", None),
        ("committed", None),
        ("committed", (1, 0, 0)),  # ints, not bools
        ("hands", ((3, 2, 2, 1, 1),) * 10**5),
        ("stacks", ((0,) * 10**5, (), ())),
        ("actors", [0]),  # a list, not a tuple
        ("scores", (0.0, 0, 0)),  # a float: it would not round-trip
        ("snatching", "bird"),
        ("seat", 0.0),
    ]
    for field, junk in junks:
        problems = fc.check_view(attrs.evolve(seen, **{field: junk}))
        assert problems and all(isinstance(p, str) for p in problems), (field, problems)


def test_a_view_whose_viewer_changed_is_accepted_when_it_is_that_seats_view() -> None:
    """Nothing but the viewer is private while no seat has committed: any seat's view fits."""
    data = _data(_snatch_view(0))
    data["seat"] = 2
    assert _load(data) == _snatch_view(2)
    data["seat"] = None
    assert _load(data) == _snatch_view(None)


# ---------------------------------------------------------------- check_view never raises


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.sampled_from([10**400, -1, 0, 1, 4, 5, 9, 2**53, 1.5, math.inf]),
    st.text(max_size=3),
    st.tuples(),
    st.tuples(st.integers(-2, 12)),
    st.tuples(*[st.integers(-2, 12)] * 5),
    st.lists(st.integers(-2, 12), max_size=7).map(tuple),
    st.lists(st.booleans(), max_size=7).map(tuple),
    st.tuples(st.tuples(*[st.integers(-1, 4)] * 5), st.none(), st.booleans()),
)
FIELDS = [f.name for f in attrs.fields(fc.View)]


@settings(max_examples=300, deadline=None)
@given(st.integers(0, len(VIEWS) - 1), st.sampled_from(FIELDS), JUNK)
def test_check_view_never_raises_whatever_a_field_holds(index: int, field: str, junk: Any) -> None:
    seen = attrs.evolve(VIEWS[index], **{field: junk})
    problems = fc.check_view(seen)
    assert isinstance(problems, list) and all(isinstance(p, str) for p in problems)
    if not problems:
        assert fc.render(seen) and len(fc.observation_tensor(seen)) == fc.observation_size(
            seen.config
        )


# ---------------------------------------------------------------- tampering view JSON


NUMBERS = (-1, 0, 9, 10**6, 10**400)
WRONG_TYPES: tuple[Any, ...] = (None, True, "x", 1.5, [], {}, [None], {"a": 1})


def _places(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in the JSON tree but the root."""
    found = [path] if path else []
    if isinstance(data, dict):
        for key in sorted(data):
            found += _places(data[key], (*path, key))
    elif isinstance(data, list):
        for i, item in enumerate(data):
            found += _places(item, (*path, i))
    return found


def _tamper(data: Any, rng: random.Random) -> Any:
    """A copy of view JSON with one change: a leaf nudged by one or set to an interesting number
    or a wrong type, or two entries of a list swapped, one dropped or one repeated."""
    data = copy.deepcopy(data)
    path = rng.choice(_places(data))
    parent, key = at(data, path[:-1]), path[-1]
    value = parent[key]
    if isinstance(value, list) and value and rng.random() < 0.6:
        i, j = rng.randrange(len(value)), rng.randrange(len(value))
        how = rng.choice(("swap", "drop", "duplicate"))
        if how == "swap":
            value[i], value[j] = value[j], value[i]
        elif how == "drop":
            del value[i]
        else:
            value.insert(i, copy.deepcopy(value[j]))
    elif type(value) is int and rng.random() < 0.8:
        parent[key] = value + rng.choice((-1, 1)) if rng.random() < 0.5 else rng.choice(NUMBERS)
    elif value is None and rng.random() < 0.6:
        parent[key] = rng.choice(NUMBERS)
    else:
        parent[key] = rng.choice((*WRONG_TYPES, *NUMBERS))
    return data


@settings(max_examples=400, deadline=None)
@given(st.integers(0, len(VIEWS) - 1), st.randoms(use_true_random=False))
def test_tampered_view_json_is_refused_or_sound(index: int, rng: random.Random) -> None:
    _load(_tamper(_data(VIEWS[index]), rng))


def test_every_int_of_some_views_changed_by_one_is_refused_or_sound() -> None:
    """Exhaustive for a few views of each phase: every int leaf, plus or minus one."""
    committing = [v for v in VIEWS if v.taker is None and not v.game_over and any(v.committed)]
    snatching = [v for v in VIEWS if v.taker is not None and v.round > 1]
    picks = [committing[0], committing[-1], snatching[0], snatching[-1], VIEWS[-1]]
    accepted = set()
    for seen in picks:
        base = _data(seen)
        for path in _places(base):
            if type(at(base, path)) is not int:
                continue
            for step in (-1, 1):
                data = copy.deepcopy(base)
                at(data, path[:-1])[path[-1]] += step
                if _load(data) is not None:
                    accepted.add(path[:2] if path[0] == "config" else path[:1])
    # Besides the stars, the totals of finished rounds, the viewer and the viewer's commitment
    # (another kind it holds: the view of another real state), every number changed is refused.
    allowed = {("config", "stars"), ("totals",), ("seat",), ("my_commitment",)}
    assert ("config", "stars") in accepted and accepted <= allowed, accepted
