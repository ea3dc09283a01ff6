"""Food Chain: states that load are states that play; frozen rule tables; bounded inputs.

Regression tests for every case adversarial testing found, then hypothesis tests that tamper
real states of random games and check that a tampered state is refused (`RecordError`) or is
sound: it passes `check_state`, plays on without getting stuck, and every view, rendering and
observation of it works.
"""

from __future__ import annotations

import json
import operator
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablefeast
import tablefeast.games.food_chain as fc
from tablefeast.games.food_chain import components, rules
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.errors import (
    ConfigError,
    InvalidActionError,
    InvalidSeatError,
    RecordError,
    TablefeastError,
)
from tablefeast.kernel.values import replace
from tests.support.fc import B, C, W, reveal
from tests.support.fuzz import at, set_at

# ---------------------------------------------------------------- real states to tamper with


def _random_states(seed: int, every: int) -> list[fc.State]:
    rng = random.Random(seed)
    n = rng.choice((3, 4, 5, 6))
    stars = [rng.randrange(0, 8) for _ in range(5)]
    state = fc.initial_state(fc.Config(players=n, first_alpha=rng.randrange(n), stars=stars))
    states = [state]
    while not fc.is_terminal(state):
        seat = rng.choice(fc.actors(state))
        state = fc.apply_action(state, seat, rng.choice(fc.legal_actions(state, seat)))
        if rng.randrange(every) == 0:
            states.append(state)
    return [*states, state]


STATES: list[fc.State] = [s for seed in range(6) for s in _random_states(seed, every=12)]
"""Commit, snatch and final states of six random games (3 to 6 players, random stars)."""
SNATCHING = [s for s in STATES if s.taker is not None]
COMMITTING = [s for s in STATES if s.taker is None and not s.game_over]


def _data(state: fc.State) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(tablefeast.dumps(state))
    return data


def _refused(data: Any, match: str) -> None:
    with pytest.raises(RecordError, match=match):
        tablefeast.loads(json.dumps(data), fc.State)


def _plays_on(state: fc.State, seed: int, moves: int = 60) -> None:
    """A sound state: checked, viewed, rendered and encoded for every seat, then played on."""
    rng = random.Random(seed)
    n = state.config.players
    size = fc.observation_size(state.config)
    for seat in (*range(n), None):
        assert fc.check_state(fc.determinize(state, seat, rng)) == []
    for _ in range(moves):
        assert fc.check_state(state) == []
        for seat in (*range(n), None):
            seen = fc.view(state, seat)
            assert fc.render(seen)
            assert len(fc.observation_tensor(seen)) == size
        if fc.is_terminal(state):
            assert fc.winners(state)
            return
        acting = fc.actors(state)
        assert acting, "a game that is not over has actors"
        seat = rng.choice(acting)
        legal = fc.legal_actions(state, seat)
        assert legal, f"seat {seat} must act, yet has no legal action"
        state = fc.apply_action(state, seat, rng.choice(legal))


def _accepted_or_refused(data: Any, seed: int) -> bool:
    """Load tampered JSON: refused with RecordError, or sound and playable. True if accepted."""
    try:
        state: fc.State = tablefeast.loads(json.dumps(data), fc.State)
    except RecordError:
        return False
    assert fc.check_state(state) == []
    _plays_on(state, seed)
    return True


def _snatch_state() -> fc.State:
    return reveal(fc.initial_state(fc.Config(players=3)), {0: B, 1: W, 2: C})


# ---------------------------------------------------------------- the cases found


def test_taker_out_of_range_is_refused_not_an_index_error() -> None:
    data = _data(_snatch_state())
    data["taker"] = 5
    _refused(data, r"taker 5 is not a seat \(0 to 2\)")
    assert fc.check_state(replace(_snatch_state(), taker=5)) != []


def test_taker_minus_one_is_refused_in_every_phase() -> None:
    for state in (_snatch_state(), fc.initial_state(fc.Config(players=3))):
        data = _data(state)
        data["taker"] = -1
        _refused(data, r"taker -1 is not a seat")


@pytest.mark.parametrize("field", ["commitments", "played", "stacks", "snatching"])
def test_animal_kind_9_is_refused_wherever_a_kind_is(field: str) -> None:
    state = _snatch_state()
    data = _data(state if field != "commitments" else fc.initial_state(fc.Config(players=3)))
    if field == "snatching":
        data["snatching"] = 9
        match = "snatching 9 is not a predator kind"
    elif field == "stacks":
        data["stacks"][0] = [9]
        match = r"stacks\[0\] holds something that is not an animal kind"
    else:
        data[field][1] = 9
        match = rf"{field}\[1\] = 9 is not an animal kind"
    _refused(data, match)


def _last_pass_state() -> fc.State:
    """Pass 9 while committing, where seat 0's last card is a Worm and seat 1's is not."""
    rng = random.Random(3)
    while True:
        state = fc.initial_state(fc.Config(players=3))
        while state.pass_number < 9 or state.taker is not None:
            seat = rng.choice(fc.actors(state))
            state = fc.apply_action(state, seat, rng.choice(fc.legal_actions(state, seat)))
        if state.hands[0][0] == 1 and state.hands[1][0] == 0:
            return state


def test_fc_2_a_worm_moved_between_hands_is_refused() -> None:
    state = _last_pass_state()
    data = _data(state)
    data["hands"][0][0] -= 1
    data["hands"][1][0] += 1  # conserved overall, yet seat 0 would hold nothing to play
    _refused(data, r"seat 0 holds 0 animals; at pass 9 while committing it holds 1 \(FC-2\)")


def test_fc_2_more_of_a_kind_than_the_starting_hand_is_refused() -> None:
    data = _data(fc.initial_state(fc.Config(players=3)))
    data["hands"][0] = [4, 1, 2, 1, 1]
    data["hands"][1] = [2, 3, 2, 1, 1]
    _refused(data, r"hands\[0\] is not five counts from 0 to \(3, 2, 2, 1, 1\)")


@pytest.mark.parametrize("stars", [5, None, "3,2,1,3,0", 10**400, {"worm": 3}])
def test_config_stars_of_a_wrong_type_raise_config_error(stars: Any) -> None:
    with pytest.raises(ConfigError, match=r"Config\.stars must be"):
        fc.Config(players=3, stars=stars)


def test_fc_12_star_values_are_whole_numbers_from_0_to_1000() -> None:
    assert fc.Config(players=3, stars=[0, 1000, 0, 1000, 1]).stars == (0, 1000, 0, 1000, 1)
    for stars in ([10**400] * 5, [1001, 0, 0, 0, 0], [-1, 0, 0, 0, 0], [1.0] * 5, [True] * 5):
        with pytest.raises(ConfigError, match="from 0 to 1000"):
            fc.Config(players=3, stars=stars)
    data = _data(fc.initial_state(fc.Config(players=3)))
    data["config"]["stars"] = [10**400] * 5
    with pytest.raises(RecordError):
        tablefeast.loads(json.dumps(data), fc.State)
    data["config"]["stars"] = [1001] * 5
    _refused(data, "from 0 to 1000")
    # The largest stars give exact, finite observations.
    config = fc.Config(players=6, stars=[1000] * 5)
    end = tablefeast.play_game(fc, config, [tablefeast.RandomAgent()] * 6, seed=2).state
    tensor = fc.observation_tensor(fc.view(end, 0))
    assert max(tensor) == max(fc.scores(end)) and all(x == int(x) for x in tensor)


def test_chance_with_none_and_huge_ids_raise_invalid_action_error() -> None:
    state = fc.initial_state(fc.Config(players=3))
    for seat in (CHANCE, 0, 1):
        with pytest.raises(InvalidActionError, match="None is not a Food Chain action"):
            fc.apply_action(state, seat, None)  # type: ignore[arg-type]
    with pytest.raises(InvalidSeatError):
        fc.apply_action(state, 7, None)  # type: ignore[arg-type]  # the seat is checked first
    for huge in (10**5000, -(10**5000), 2**64):
        with pytest.raises(InvalidActionError) as info:
            fc.action_from_id(state, 0, huge)
        assert len(str(info.value)) < 100
        with pytest.raises(InvalidActionError) as info:
            fc.Take(huge)
        assert len(str(info.value)) < 100
    for text in ("play " + "9" * 5000, "take " + "9" * 5000, "9" * 5000, 10**5000):
        with pytest.raises(InvalidActionError) as info:
            fc.action_from_str(state, 0, text)  # type: ignore[arg-type]
        assert len(str(info.value)) < 200


def test_why_not_uses_the_same_first_checks() -> None:
    state = fc.initial_state(fc.Config(players=3))
    with pytest.raises(InvalidActionError, match="not a Food Chain action"):
        fc.why_not(state, 0, "play worm")
    with pytest.raises(InvalidSeatError):
        fc.why_not(state, 10**5000, fc.Play(W))


# ---------------------------------------------------------------- frozen rule tables


def test_rule_tables_reachable_from_a_view_cannot_be_changed() -> None:
    config = fc.Config(players=4)
    before = tablefeast.play_game(fc, config, [tablefeast.RandomAgent()] * 4, seed=9).state
    seen = fc.view(fc.initial_state(config), 0)
    tables: list[tuple[Any, Any, Any]] = [  # (table, key, a new value)
        (seen.config.stars, 0, 99),
        (seen.hands[0], 0, 0),
        (components.PREY, fc.Animal.BIRD, fc.Animal.CAT),
        (components.INDEX, fc.Animal.WORM, 4),
        (components.HAND, 0, 9),
        (components.DEFAULT_STARS, 0, 9),
        (fc.ANIMALS, 0, fc.Animal.FLEA),
        (rules._PREY, 1, 3),
        (rules._SEATS, 3, (0,)),
        (rules._PLAYS_BY_PRESENCE, (True,) * 5, ()),
        (rules.PLAYS, 0, fc.Play(W)),
    ]
    frozen = (TypeError, AttributeError, attrs.exceptions.FrozenInstanceError)
    for table, key, value in tables:
        with pytest.raises(frozen):
            operator.setitem(table, key, value)
        with pytest.raises(frozen):
            operator.delitem(table, key)
    for obj, name, value in [
        (seen.config, "stars", (9, 9, 9, 9, 9)),
        (seen.config, "players", 6),
        (seen, "config", fc.Config(players=3)),
        (rules.PLAYS[0], "animal", fc.Animal.DOG),
    ]:
        with pytest.raises(frozen):
            setattr(obj, name, value)
    assert fc.Config(players=4).stars == (3, 2, 1, 3, 0)
    again = tablefeast.play_game(fc, config, [tablefeast.RandomAgent()] * 4, seed=9).state
    assert again == before and fc.initial_state(config).hands[0] == (3, 2, 2, 1, 1)


def test_configs_states_and_views_still_round_trip() -> None:
    config = fc.Config(players=5, first_alpha=2, stars=[1, 2, 3, 4, 5])
    assert tablefeast.loads(tablefeast.dumps(config), fc.Config) == config
    for state in STATES[:40]:
        assert tablefeast.loads(tablefeast.dumps(state), fc.State) == state
        seen = fc.view(state, 1)
        assert tablefeast.loads(tablefeast.dumps(seen), fc.View) == seen


# ---------------------------------------------------------------- config bounds and errors


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"players": None}, "players"),
        ({"players": "3"}, "players"),
        ({"players": True}, "players"),
        ({"players": 7}, "players"),
        ({"players": 10**5000}, "players"),
        ({"players": 3, "first_alpha": 3}, "first_alpha"),
        ({"players": 3, "first_alpha": None}, "first_alpha"),
        ({"players": 3, "first_alpha": 1.0}, "first_alpha"),
        ({"players": 3, "first_alpha": -(10**5000)}, "first_alpha"),
        ({"players": 3, "stars": [1, 2, 3, 4]}, "stars"),
        ({"players": 3, "stars": [1] * 6}, "stars"),
        ({"players": 3, "stars": (x for x in range(5))}, "stars"),
        ({"players": 3, "stars": [None] * 5}, "stars"),
    ],
)
def test_every_bad_config_field_raises_config_error_naming_it(
    options: dict[str, Any], field: str
) -> None:
    with pytest.raises(ConfigError, match=rf"Config\.{field} ") as info:
        fc.Config(**options)
    assert len(str(info.value)) < 200


def test_bad_config_json_is_a_record_error() -> None:
    for text in ('{"players": 3, "stars": 5}', '{"players": 3, "stars": null}', '{"players": 9}'):
        with pytest.raises(RecordError):
            tablefeast.loads(text, fc.Config)


# ---------------------------------------------------------------- check_state itself


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.sampled_from([10**5000, -1, 0, 1, 4, 5, 9, 54, 2**53]),
    st.text(max_size=3),
    st.tuples(),
    st.tuples(st.integers(-2, 12)),
    st.tuples(*[st.integers(-2, 12)] * 5),
    st.lists(st.integers(-2, 12), max_size=6).map(tuple),
    st.tuples(st.tuples(*[st.integers(-1, 4)] * 5), st.none(), st.booleans()),
)
FIELDS = [f.name for f in attrs.fields(fc.State)]


@settings(max_examples=300)
@given(st.integers(0, len(STATES) - 1), st.sampled_from(FIELDS), JUNK)
def test_check_state_never_raises_whatever_a_field_holds(index: int, field: str, junk: Any) -> None:
    state = replace(STATES[index], **{field: junk})
    problems = fc.check_state(state)
    assert isinstance(problems, list) and all(isinstance(p, str) for p in problems)


def test_check_state_refuses_huge_sizes_at_once() -> None:
    state = _snatch_state()
    for change in (
        {"stacks": ((0,) * 10**6, (), ())},
        {"hands": ((3, 2, 2, 1, 1),) * 10**6},
        {"totals": (10**5000, 0, 0)},
        {"pass_number": 10**5000},
    ):
        assert fc.check_state(replace(state, **change))


def test_check_state_refuses_totals_no_finished_rounds_could_give() -> None:
    state = fc.initial_state(fc.Config(players=3))
    assert fc.check_state(replace(state, totals=(1, 0, 0))) == [
        "totals add up to 1: 0 rounds give at most 0 (FC-9)"
    ]


def test_check_state_refuses_stacks_the_rules_cannot_build() -> None:
    state = fc.apply_action(_snatch_state(), 0, fc.Take(1))  # the Bird holds the Worm
    assert fc.check_state(state) == []
    four = reveal(fc.initial_state(fc.Config(players=4)), {0: B, 1: W, 2: C, 3: B})
    four = fc.apply_action(fc.apply_action(four, 0, fc.Take(1)), 2, fc.Take(0))
    assert four.stacks == ((), (), (1, 0), ()) and four.taker == 2  # another Bird is left
    assert fc.check_state(four) == []
    for built, stacks, match in [
        (state, ((), (0,), ()), "taken worm kept its stack"),  # it lies under the Bird (FC-5)
        (four, ((), (), (0, 1), ()), "not what its cat took"),  # a Cat never holds a bare Worm
        (four, ((1, 0), (), (), ()), "taken bird kept its stack"),  # FC-7: it went with the Bird
    ]:
        problems = fc.check_state(replace(built, stacks=stacks))
        assert any(match in p for p in problems), problems


# ---------------------------------------------------------------- tampering real states


def _paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths to every leaf (int, bool, null) of JSON data."""
    if isinstance(data, dict):
        return [p for key in sorted(data) for p in _paths(data[key], (*path, key))]
    if isinstance(data, list):
        return [p for i, item in enumerate(data) for p in _paths(item, (*path, i))]
    return [path]


LEAF_VALUES = st.one_of(
    st.integers(-2, 12),
    st.sampled_from([None, True, False, 54, 1000, 2**53, -(2**53)]),
)


@settings(max_examples=250)
@given(st.integers(0, len(STATES) - 1), st.randoms(use_true_random=False), LEAF_VALUES)
def test_one_leaf_changed_is_refused_or_plays_on(
    index: int, rng: random.Random, value: Any
) -> None:
    data = _data(STATES[index])
    path = rng.choice(_paths(data))
    set_at(data, path, value)
    _accepted_or_refused(data, rng.randrange(1000))


@settings(max_examples=120)
@given(st.integers(0, len(STATES) - 1), st.randoms(use_true_random=False), st.integers(-1, 1))
def test_one_leaf_nudged_is_refused_or_plays_on(index: int, rng: random.Random, step: int) -> None:
    data = _data(STATES[index])
    path = rng.choice([p for p in _paths(data) if type(at(data, p)) is int])
    set_at(data, path, at(data, path) + (step or 1))
    _accepted_or_refused(data, rng.randrange(1000))


PER_SEAT = ["hands", "commitments", "played", "stacks", "taken", "piles", "totals"]


@settings(max_examples=120)
@given(st.integers(0, len(STATES) - 1), st.randoms(use_true_random=False))
def test_entries_swapped_or_moved_are_refused_or_play_on(index: int, rng: random.Random) -> None:
    state = STATES[index]
    data = _data(state)
    n = state.config.players
    a, b = rng.sample(range(n), 2)
    how = rng.choice(("swap", "card", "pile", "centre", "stack", "drop"))
    if how == "swap":  # two seats' entries of one per-seat field change places
        field = rng.choice(PER_SEAT)
        data[field][a], data[field][b] = data[field][b], data[field][a]
    elif how in ("card", "pile"):  # one animal moves from a seat to another
        field = "hands" if how == "card" else "piles"
        kind = rng.randrange(5)
        data[field][a][kind] -= 1
        data[field][b][kind] += 1
    elif how == "centre":  # one animal moves between a hand and the centre
        kind = rng.randrange(5)
        data["hands"][a][kind] -= 1
        data["centre"][kind] += 1
    elif how == "stack":  # an animal is added to, or moved between, stacks
        if data["stacks"][a]:
            data["stacks"][b].append(data["stacks"][a].pop())
        else:
            data["stacks"][a].append(rng.randrange(5))
    else:  # a per-seat entry is dropped or doubled
        field = rng.choice(PER_SEAT)
        if rng.random() < 0.5:
            del data[field][a]
        else:
            data[field].append(data[field][a])
    _accepted_or_refused(data, rng.randrange(1000))


def test_every_small_change_of_some_states_is_refused_or_plays_on() -> None:
    """Exhaustive for a few states of each phase: every int leaf, plus or minus one."""
    picks = [COMMITTING[3], SNATCHING[2], SNATCHING[-1], STATES[-1]]
    accepted = set()
    for state in picks:
        base = _data(state)
        for path in _paths(base):
            if type(at(base, path)) is not int:
                continue
            for step in (-1, 1):
                data = json.loads(json.dumps(base))
                set_at(data, path, at(data, path) + step)
                if _accepted_or_refused(data, len(path)):
                    accepted.add(path[:2] if path[0] == "config" else path[:1])
    # Only the stars may change soundly (within bounds): every other count, kind, seat or
    # number changed by one breaks an invariant; a total or a finished round's stars changed
    # alone no longer agree with each other (FC-9).
    assert accepted == {("config", "stars")}


def test_tampering_never_raises_outside_the_library() -> None:
    """Tampered JSON of every kind only ever raises RecordError from `loads`."""
    data = _data(SNATCHING[0])
    junks: list[Any] = [None, [], {}, "x", 1.5, [None] * 3, [[None] * 5] * 3, 10**30]
    for field in data:
        for junk in junks:
            broken = dict(data, **{field: junk})
            try:
                tablefeast.loads(json.dumps(broken), fc.State)
            except TablefeastError as e:
                assert isinstance(e, RecordError)
